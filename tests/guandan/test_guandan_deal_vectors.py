"""Golden vectors of a Guandan deal: guandan.md §11.3 P1-P3 and P9-P17, and the §8/§10 variants.

Each vector builds its deck by hand (guandan_deal_reference.build_deck: chosen cards to chosen
seats, the rest of each hand topped up with the lowest cards left) and checks the deal's verdict
through the public API. P4-P8 (levels, the A rules) are about the match, not the deal.
"""

from __future__ import annotations

from typing import Any

import pytest

from ganzdy import GuandanDeal, IllegalMoveError, Move, Rules
from guandan_deal_reference import build_deck


def deal(
    hands: dict[int, str],
    *,
    level: str = "2",
    fill: tuple[int, ...] = (0, 1, 2, 3),
    options: dict[str, Any] | None = None,
    **setup: Any,
) -> GuandanDeal:
    rules = Rules("guandan", level=level, **(options or {}))
    return GuandanDeal(rules, deck=build_deck(hands, level, fill), **setup)


def tribute(card: str) -> Move:
    return Move("tribute", "", card)


def give_back(card: str) -> Move:
    return Move("return", "", card)


def pass_all(d: GuandanDeal, n: int) -> None:
    for _ in range(n):
        d.push(Move("pass"))


def payments(d: GuandanDeal) -> list[tuple[int, int | None, str | None, str | None]]:
    return [(p.payer, p.receiver, p.card, p.returned) for p in d.tribute]


# P1: 双上, 0 then 2 out: both 1 and 3 pay.
def test_p1_double_win_both_losers_pay() -> None:
    d = deal({0: "RJ", 2: "RJ"}, previous_finish=[0, 2])
    assert d.phase == "tribute" and not d.resisted
    assert [p.payer for p in d.tribute] == [1, 3]
    assert d.current_player == 1


# P2: finish 0,1,2,3 (1-3): the last, 3, pays 0.
@pytest.mark.parametrize("finish", [[0, 1, 2, 3], [0, 1, 2]])
def test_p2_last_pays_the_first(finish: list[int]) -> None:
    d = deal({0: "RJ RJ"}, previous_finish=finish)
    assert payments(d) == [(3, 0, None, None)]
    assert d.current_player == 3 and d.first_leader == 3


# P3: finish 0,1,3,2 (1-4): by default 2, 0's own partner, pays 0 and leads; 'third': 3 pays.
@pytest.mark.parametrize(
    ("payer", "options"),
    [(2, {}), (2, {"tribute_1_4_payer": "last"}), (3, {"tribute_1_4_payer": "third"})],
)
def test_p3_one_four_payer(payer: int, options: dict[str, Any]) -> None:
    d = deal({0: "RJ RJ"}, previous_finish=[0, 1, 3, 2], options=options)
    assert payments(d) == [(payer, 0, None, None)]
    assert d.first_leader == payer


def test_p3_one_four_without_tribute() -> None:
    d = deal({0: "RJ RJ"}, previous_finish=[0, 1, 3], options={"tribute_1_4_payer": "none"})
    assert d.tribute == [] and not d.resisted and d.phase == "play" and d.current_player == 0


def _emptying_leads(d: GuandanDeal, seat: int, plays: list[Move], others: int = 3) -> None:
    """`seat` leads each play in turn and the `others` still in pass, but after the last one."""
    for i, move in enumerate(plays):
        assert d.current_player == seat and d.table.is_pass
        d.push(move)
        if i + 1 < len(plays):
            pass_all(d, others)


SEAT1 = "3s 3h 3d 4s 4h 4d 5s 5h 5d 6s 6h 6d 8s 8h 8d 9h 9d 9c Ts Ts Js Js Qs Qs Kd 7s 7s"
SEAT1_PLAYS = [
    Move("plate", "3", "3s 3h 3d 4s 4h 4d"),
    Move("plate", "5", "5s 5h 5d 6s 6h 6d"),
    Move("plate", "8", "8s 8h 8d 9h 9d 9c"),
    Move("tube", "T", "Ts Ts Js Js Qs Qs"),
    Move("single", "K", "Kd"),
    Move("pair", "7", "7s 7s"),
]


# P9: player 1 goes out with 7s 7s and nobody beats it: its partner, 3, leads (接风).
def test_p9_jiefeng_partner_leads() -> None:
    d = deal({1: SEAT1}, first_leader=1)
    _emptying_leads(d, 1, SEAT1_PLAYS)
    assert d.is_out(1) and d.finish_order == [1] and d.current_player == 2
    pass_all(d, 3)  # 2, 3, 0
    assert d.current_player == 3 and d.table.is_pass and d.table_owner is None


def test_p9_without_jiefeng_the_next_player_leads() -> None:
    d = deal({1: SEAT1}, first_leader=1, options={"jiefeng_to_partner": False})
    _emptying_leads(d, 1, SEAT1_PLAYS)
    pass_all(d, 3)
    assert d.current_player == 2 and d.table.is_pass


# P10: player 1 goes out with 7s 7s, player 2 beats it with 9s 9s, 3 and 0 pass: 2 leads.
def test_p10_a_beaten_last_play_ends_the_trick_normally() -> None:
    d = deal({1: SEAT1, 2: "9s 9s"}, first_leader=1)
    _emptying_leads(d, 1, SEAT1_PLAYS)
    d.push(Move("pair", "9", "9s 9s"))
    assert d.current_player == 3
    pass_all(d, 2)  # 3, 0: the trick ends without player 1
    assert d.current_player == 2 and d.table.is_pass


# P11: 0 leads 5s, 1 passes, 2 plays 8s, 3 passes: 0 acts, then 1 may play again; the trick ends
# only after three passes in a row.
def test_p11_a_pass_is_not_final() -> None:
    d = deal({0: "5s", 1: "9s", 2: "8s"}, first_leader=0)
    d.push(Move("single", "5", "5s"))
    d.push(Move("pass"))
    d.push(Move("single", "8", "8s"))
    d.push(Move("pass"))
    assert d.current_player == 0 and d.table == Move("single", "8", "8s") and d.passes == 1
    d.push(Move("pass"))
    assert d.current_player == 1 and Move("single", "9", "9s") in d.legal_moves
    d.push(Move("pass"))  # the third pass in a row since 8s
    assert d.current_player == 2 and d.table.is_pass


# P12: 双上 at level 5; loser 1's best card is a big joker, loser 3 holds 5h 5h 5s Ad and no
# joker: 1 pays RJ, 3 pays 5s (the wilds excluded), RJ to the first, 5s to the second; 1 leads.
def test_p12_double_tribute_highest_cards_wilds_excluded() -> None:
    d = deal({1: "RJ", 3: "5h 5h 5s Ad"}, level="5", fill=(3, 1, 0, 2), previous_finish=[0, 2])
    assert list(d.legal_moves) == [tribute("RJ")]
    d.push(tribute("RJ"))
    assert d.current_player == 3 and list(d.legal_moves) == [tribute("5s")]
    with pytest.raises(IllegalMoveError, match=r"a wild \(5h\) is never paid as tribute"):
        d.push(tribute("5h"))
    d.push(tribute("5s"))
    assert d.phase == "return"
    assert payments(d) == [(1, 0, "RJ", None), (3, 2, "5s", None)]
    assert d.first_leader == 1


# P13: a single tribute whose payer holds both big jokers is resisted: the first player leads.
def test_p13_single_tribute_resisted() -> None:
    d = deal({3: "RJ RJ"}, previous_finish=[0, 1, 2])
    assert d.resisted and d.tribute == [] and d.phase == "play" and d.current_player == 0
    assert str(d.shown(3)) == "RJ RJ"


# P14: 双上 with one big joker each in the losers' hands: resisted jointly.
def test_p14_double_tribute_resisted_jointly() -> None:
    d = deal({1: "RJ", 3: "RJ"}, previous_finish=[0, 2])
    assert d.resisted and d.tribute == [] and d.phase == "play" and d.current_player == 0


def test_p14_jokers_total_needs_both_big_jokers_in_one_hand_or_all_four() -> None:
    options = {"resist_rule": "jokers_total"}
    split = deal({1: "RJ", 3: "RJ"}, fill=(1, 3, 0, 2), previous_finish=[0, 2], options=options)
    assert not split.resisted and split.phase == "tribute"
    all_four = deal({1: "RJ BJ BJ", 3: "RJ"}, previous_finish=[0, 2], options=options)
    assert all_four.resisted and str(all_four.shown(1)) == "BJ BJ RJ"
    one_hand = deal({3: "RJ RJ"}, previous_finish=[0, 2], options=options)
    assert one_hand.resisted and str(one_hand.shown(3)) == "RJ RJ"


# P15: 双上, both tribute cards are aces: 1 pays its 上家 0, 3 pays 2; 0 gives back to 1, 2 to 3;
# player 1 (0's 下家) leads.
def test_p15_equal_tributes_go_to_the_seat_before() -> None:
    d = deal({1: "As", 3: "Ad"}, fill=(1, 3, 0, 2), previous_finish=[0, 2])
    d.push(tribute("As"))
    d.push(tribute("Ad"))
    assert payments(d) == [(1, 0, "As", None), (3, 2, "Ad", None)]
    assert d.hand(0).count("As") == 1 + 0 and d.hand_sizes == [28, 26, 28, 26]
    assert d.current_player == 0
    back0 = next(iter(d.legal_moves))
    d.push(back0)
    assert d.current_player == 2
    back2 = next(iter(d.legal_moves))
    d.push(back2)
    assert d.phase == "play" and d.current_player == 1 and d.hand_sizes == [27, 27, 27, 27]
    assert payments(d) == [(1, 0, "As", str(back0.cards)), (3, 2, "Ad", str(back2.cards))]


def test_p15_a_real_choice_among_equal_cards() -> None:
    d = deal({1: "As Ah Ac", 3: "Kd"}, fill=(1, 3, 0, 2), previous_finish=[0, 2])
    assert [str(m.cards) for m in d.legal_moves] == ["As", "Ah", "Ac"]
    d.push(tribute("Ah"))
    assert list(d.legal_moves) == [tribute("Kd")]
    d.push(tribute("Kd"))
    assert payments(d) == [(1, 0, "Ah", None), (3, 2, "Kd", None)] and d.first_leader == 1


# P16: a return at level 9 from 3s 9h 9s Td Js (and high cards): 3s or Td only.
def test_p16_return_cards() -> None:
    d = deal({0: "3s 9h 9s Td Js"}, level="9", fill=(1, 2, 3, 0), previous_finish=[0, 1, 2])
    d.push(next(iter(d.legal_moves)))
    assert d.phase == "return" and d.current_player == 0
    assert list(d.legal_moves) == [give_back("3s"), give_back("Td")]
    with pytest.raises(IllegalMoveError, match="9s may not be given back"):
        d.push(give_back("9s"))
    with pytest.raises(IllegalMoveError, match="Js may not be given back"):
        d.push(give_back("Js"))


def test_p16_no_legal_return_card_falls_back_to_any_but_jokers_and_wilds() -> None:
    # Seat 0 holds only J, Q, K, A, level cards and jokers: it may give back any of them but a
    # joker or a wild.
    d = deal({}, level="9", fill=(1, 2, 3, 0), previous_finish=[0, 1, 2])
    d.push(next(iter(d.legal_moves)))
    hand = d.hand(0)
    assert hand.count("9h") == 2 and hand.jokers > 0
    moves = list(d.legal_moves)
    assert {str(m.cards) for m in moves} == {c for c in hand if c not in ("BJ", "RJ", "9h")}


def test_return_options() -> None:
    any_rank = deal(
        {0: "3s 9h 9s Td Js"},
        level="9",
        fill=(1, 2, 3, 0),
        previous_finish=[0, 1, 2],
        options={"return_max_rank": "any", "return_excludes_level_rank": False},
    )
    any_rank.push(next(iter(any_rank.legal_moves)))
    returns = {str(m.cards) for m in any_rank.legal_moves}
    assert {"3s", "9h", "9s", "Td", "Js", "As"} <= returns and "RJ" not in returns


# P17: the hand ends when 0 and 2 are both out, whatever 1 and 3 still hold.
def test_p17_a_team_out_ends_the_deal() -> None:
    seat0 = "3s 3h 3d 4s 4h 4d 5s 5h 5d 6s 6h 6d 7s 7h 7d 8s 8h 8d 9s 9s Ts Ts Js Js Qs Qh Qd"
    seat2 = "3s 3h 3d 4s 4h 4d 5s 5h 5d 6s 6h 6d 7s 7h 7d 8s 8h 8d 9h 9h Th Th Jh Jh Ks Kh Kd"
    d = deal({0: seat0, 2: seat2}, first_leader=0)
    _emptying_leads(
        d,
        0,
        [
            Move("plate", "3", "3s 3h 3d 4s 4h 4d"),
            Move("plate", "5", "5s 5h 5d 6s 6h 6d"),
            Move("plate", "7", "7s 7h 7d 8s 8h 8d"),
            Move("tube", "9", "9s 9s Ts Ts Js Js"),
            Move("triple", "Q", "Qs Qh Qd"),
        ],
    )
    pass_all(d, 3)  # 接风: 2 leads
    _emptying_leads(
        d,
        2,
        [
            Move("plate", "3", "3s 3h 3d 4s 4h 4d"),
            Move("plate", "5", "5s 5h 5d 6s 6h 6d"),
            Move("plate", "7", "7s 7h 7d 8s 8h 8d"),
            Move("tube", "9", "9h 9h Th Th Jh Jh"),
            Move("triple", "K", "Ks Kh Kd"),
        ],
        others=2,
    )
    assert d.is_terminal and d.phase == "over" and d.current_player is None
    assert d.hand_sizes[1] == 27 and d.hand_sizes[3] == 27
    o = d.outcome
    assert (o.finish_order, o.winning_team, o.result, o.upgrade) == ([0, 2], 0, "1-2", 3)
    assert o.points == [3, -3, 3, -3] and list(d.legal_moves) == []
    four = deal({0: seat0, 2: seat2}, first_leader=0, options={"upgrade_table": "4-2-1"})
    for _, move in d.history:
        four.push(move)
    assert four.outcome.upgrade == 4 and four.outcome.points == [4, -4, 4, -4]


# §8.2 variant 'first_picks': the first player out picks either tribute card.
def test_first_picks() -> None:
    d = deal(
        {1: "Ks", 3: "Ad"},
        fill=(1, 3, 0, 2),
        previous_finish=[2, 0],
        options={"double_tribute_assignment": "first_picks"},
    )
    assert [p.payer for p in d.tribute] == [3, 1]
    d.push(tribute("Ad"))
    d.push(tribute("Ks"))
    assert d.phase == "pick" and d.current_player == 2
    assert [str(m) for m in d.legal_moves] == ["Ks as pick", "Ad as pick"]
    assert payments(d) == [(3, None, "Ad", None), (1, None, "Ks", None)]
    d.push(Move("pick", "", "Ks"))
    assert payments(d) == [(3, 0, "Ad", None), (1, 2, "Ks", None)]
    assert d.phase == "return" and d.current_player == 0
    assert d.first_leader == 3  # the payer of the bigger card
    d.pop()
    assert d.phase == "pick" and d.hand_sizes == [27, 27, 27, 27]


# §8.6: who leads after the tribute.
def test_first_lead_after_tribute_first_out() -> None:
    d = deal(
        {1: "As", 3: "Kd"},
        fill=(1, 3, 0, 2),
        previous_finish=[0, 2],
        options={"first_lead_after_tribute": "first_out"},
    )
    assert d.first_leader == 0


def test_unequal_double_tribute_bigger_payer_leads_and_goes_first() -> None:
    d = deal({1: "Kd", 3: "As"}, fill=(1, 3, 0, 2), previous_finish=[0, 2])
    assert [(p.payer, p.receiver) for p in d.tribute] == [(1, 2), (3, 0)]
    assert d.first_leader == 3


# §8.6: the first hand of a match.
def test_first_hand_leaders() -> None:
    rules = Rules("guandan", first_lead_first_hand="seat0")
    assert GuandanDeal(rules, seed=5).current_player == 0
    assert GuandanDeal(rules, seed=5, first_leader=2).current_player == 2
    turned = Rules("guandan", first_lead_first_hand="turned_card")
    d = GuandanDeal(turned, deck=build_deck({}), turned_position=42)
    assert d.current_player == 2 and d.turned_position == 42
    assert str(d.shown(2)) == d.deck[42] and d.hand(2).count(d.deck[42]) >= 1
    seeded = {GuandanDeal(turned, seed=s).current_player for s in range(40)}
    assert seeded == {0, 1, 2, 3}
    leaders = {GuandanDeal(Rules("guandan"), seed=s).current_player for s in range(40)}
    assert leaders == {0, 1, 2, 3}


def test_a_first_hand_has_no_tribute() -> None:
    d = GuandanDeal(Rules("guandan"), seed=3)
    assert d.phase == "play" and d.tribute == [] and d.previous_finish is None
    assert d.previous_first is None and d.hand_sizes == [27] * 4


def test_tribute_moves_undo_exactly() -> None:
    d = deal({1: "As", 3: "Ad"}, fill=(1, 3, 0, 2), previous_finish=[0, 2])
    start = [str(h) for h in d.hands], d.hash()
    for _ in range(4):
        d.push(next(iter(d.legal_moves)))
    assert d.phase == "play"
    for _ in range(4):
        d.pop()
    assert ([str(h) for h in d.hands], d.hash()) == start
    assert payments(d) == [(1, 0, None, None), (3, 2, None, None)]
