"""Golden tests of the Gouji deal: every flow vector of gouji.md §12.4 (F1-F25) and
the deal's pre-play phases and options, on hand-built decks (tests/references/gouji_decks.py).

Card names are the engine's: BJ is the small joker (the rules' SJ), RJ the big one
(the rules' BJ).
"""

from __future__ import annotations

import pytest

from ganzdy import Cards, GoujiDeal, IllegalMoveError, Move, Rules
from gouji_decks import act, make_deal, passes, pick, play, to_play

# 4*8 plus the groups: seat 1 sheds the unbeatable big-joker groups, hands the
# lead over with a 4 and keeps F10's hand (K K K 5 5 9 SJ BJ 3).
F10_SEAT1 = "RJ 6*16 RJ 7*8 4 K*3 5*2 9 BJ RJ 3"


def finish(deal: GoujiDeal) -> GoujiDeal:
    """Plays the first legal move until the hand is over."""
    while not deal.is_terminal:
        deal.push(deal.legal_moves[0])
    return deal


def kinds(deal: GoujiDeal) -> set[str]:
    return {m.kind for m in deal.legal_moves}


def plays(deal: GoujiDeal) -> set[str]:
    """The legal plays as sorted rank text ('5 5 BJ'), suits dropped."""
    out = set()
    for m in deal.legal_moves:
        if m.kind == "group":
            out.add(" ".join(c if c in ("BJ", "RJ") else c[0] for c in m.cards))
    return out


# F1-F4: a gouji lead and who may answer it.


def test_f1_gouji_lead_is_restricted() -> None:
    d = to_play(make_deal({0: "Q*3"}))
    play(d, 0, "Q*3")
    assert d.restricted
    # burn_priority='teammates_first': the owner's teammate (2) before seat 1.
    assert (d.current_player, d.role) == (2, "burn")
    passes(d, 2)
    assert (d.current_player, d.role) == (1, "burn")
    # With full hands no burn can be played out: a burner may only pass.
    assert [m.kind for m in d.legal_moves] == ["pass"]
    passes(d, 1)
    assert (d.current_player, d.role) == (3, "answer")
    assert {"pass", "yield"} <= kinds(d)
    passes(d, 3)
    assert (d.current_player, d.role) == (4, "burn")
    passes(d, 4)
    assert (d.current_player, d.role) == (5, "burn")


def test_f1_turn_order_priority_asks_seat_1_first() -> None:
    d = to_play(make_deal({0: "Q*3"}, rules=Rules("gouji", burn_priority="turn_order")))
    play(d, 0, "Q*3")
    assert (d.current_player, d.role) == (1, "burn")


def test_f1_teammates_may_not_burn_when_switched_off() -> None:
    d = to_play(make_deal({0: "Q*3"}, rules=Rules("gouji", burn_by_teammates=False)))
    play(d, 0, "Q*3")
    assert (d.current_player, d.role) == (1, "burn")  # seat 2 (teammate) is skipped
    passes(d, 1)
    assert d.current_player == 3
    passes(d, 3)
    assert d.current_player == 5  # seat 4 (teammate) is skipped


def test_f2_plain_lead_is_answered_in_turn_order() -> None:
    d = to_play(make_deal({0: "9*2", 2: "T*2"}))
    play(d, 0, "9*2")
    assert not d.restricted
    for seat in (1, 2):
        assert (d.current_player, d.role) == (seat, "answer")
        if seat == 1:
            passes(d, 1)
    # Teammates may beat each other's plays.
    play(d, 2, "T*2")
    assert d.table_owner == 2


def test_f3_unanswered_gouji_card_opens_a_point() -> None:
    d = to_play(make_deal({0: "Q*3"}))
    play(d, 0, "Q*3")
    passes(d, 2, 1, 3, 4, 5)
    assert d.current_player == 0 and d.table.is_pass
    assert d.points_opened == [0]


def test_f4_a_two_opens_no_point() -> None:
    d = to_play(make_deal({0: "2 Q*2"}))
    play(d, 0, "2 Q*2")
    assert d.restricted  # 2 Q Q is three Qs: a gouji card
    passes(d, 2, 1, 3, 4, 5)
    assert d.current_player == 0 and d.table.is_pass
    assert d.points_opened == []


# F5-F6: passing, and coming back against one's 对家.


def test_f5_passed_players_stay_out_unless_the_play_is_their_opposites() -> None:
    d = to_play(make_deal({0: "9*2", 3: "T*2"}))
    play(d, 0, "9*2")
    passes(d, 1, 2)
    play(d, 3, "T*2")
    assert (d.current_player, d.role) == (4, "answer")
    passes(d, 4)
    assert d.current_player == 5
    passes(d, 5)
    assert (d.current_player, d.role) == (0, "answer")  # never passed; 3 is its 对家
    passes(d, 0)
    # Seats 1 and 2 passed and 3 is not their 对家: the trick is seat 3's.
    assert d.current_player == 3 and d.table.is_pass


def test_f6_a_passed_player_reenters_against_its_opposite() -> None:
    d = to_play(make_deal({0: "9*2", 3: "T*2", 4: "J*2"}))
    play(d, 0, "9*2")
    passes(d, 1, 2)
    play(d, 3, "T*2")
    play(d, 4, "J*2")
    passes(d, 5, 0)
    assert (d.current_player, d.role) == (1, "answer")  # 4 is seat 1's 对家
    passes(d, 1)
    assert d.current_player == 3  # seat 2 (对家 5) may not come back
    passes(d, 3)
    assert d.current_player == 4 and d.table.is_pass


# F7-F9: heads and chaos.


def test_f7_a_headless_player_answers_gouji_cards_normally() -> None:
    d = to_play(make_deal({4: "A*16 K*16 3*4", 0: "Q*3 6", 5: "5"}, first_leader=4))
    play(d, 4, "A*16")
    passes(d, 0, 5, 1, 2, 3)
    play(d, 4, "K*16")
    passes(d, 0, 5, 1, 2, 3)
    play(d, 4, "3*4")  # out on 3s: no 底牌 grace
    assert d.finish_order == [4]
    passes(d, 5, 0, 1, 2, 3)  # nobody answers its last play: the next seat leads
    play(d, 5, "5")
    play(d, 0, "6")
    passes(d, 1, 2, 3, 5)
    play(d, 0, "Q*3")
    assert d.restricted and not d.has_head(1)
    assert (d.current_player, d.role) == (2, "burn")
    passes(d, 2)
    assert (d.current_player, d.role) == (1, "answer")


def test_f8_a_headless_players_gouji_card_is_unrestricted() -> None:
    d = to_play(make_deal({3: "A*16 K*16 3*4", 0: "Q*3 6", 4: "5"}, first_leader=3))
    play(d, 3, "A*16")
    passes(d, 5, 4, 0, 1, 2)
    play(d, 3, "K*16")
    passes(d, 5, 4, 0, 1, 2)
    play(d, 3, "3*4")
    passes(d, 4, 5, 0, 1, 2)
    play(d, 4, "5")
    passes(d, 5)
    play(d, 0, "6")
    passes(d, 1, 2, 4)  # seat 5 passed this trick and 0 is not its 对家
    play(d, 0, "Q*3")
    assert not d.restricted
    for seat in (1, 2, 4, 5):
        assert (d.current_player, d.role) == (seat, "answer")
        passes(d, seat)
    assert d.current_player == 0 and d.table.is_pass
    assert 0 not in d.points_opened


def test_f9_chaos_four_active_players() -> None:
    d = to_play(
        make_deal({4: "K*16 Q*16 3*4", 5: "J*16 T*16 3*4", 0: "A*2", 3: "2*2"}, first_leader=4)
    )
    for spec in ("K*16", "Q*16"):
        play(d, 4, spec)
        passes(d, 0, 5, 1, 2, 3)
    play(d, 4, "3*4")
    passes(d, 5, 0, 1, 2, 3)
    for spec in ("J*16", "T*16"):
        play(d, 5, spec)
        passes(d, 1, 0, 2, 3)
    play(d, 5, "3*4")
    passes(d, 0, 1, 2, 3)
    assert d.chaos and d.current_player == 0
    play(d, 0, "A*2")
    assert not d.restricted
    passes(d, 1, 2)
    play(d, 3, "2*2")
    # In chaos a pass never excludes: seat 1 answers again.
    passes(d, 0)
    assert (d.current_player, d.role) == (1, "answer")


# F10-F13: burning.


def f10_position(rules: Rules | None = None) -> GoujiDeal:
    d = to_play(make_deal({1: F10_SEAT1, 0: "Q*3 5", 4: "5*2 RJ 7*2"}, first_leader=1, rules=rules))
    play(d, 1, "RJ 6*16")  # a big joker leads: nothing answers, the trick ends at once
    assert d.current_player == 1 and d.table.is_pass
    play(d, 1, "RJ 7*8")
    play(d, 1, "4")
    passes(d, 2, 3, 4, 5)
    play(d, 0, "5")
    passes(d, 1, 3)  # of those who passed seat 1's 4, only seat 0's 对家 comes back
    assert sorted(c if c in ("BJ", "RJ") else c[0] for c in d.hand(1)) == sorted(
        ["3", "5", "5", "9", "K", "K", "K", "BJ", "RJ"]
    )
    play(d, 0, "Q*3")
    passes(d, 2)
    return d


def test_f10_only_feasible_burns() -> None:
    d = f10_position()
    assert (d.current_player, d.role) == (1, "burn")
    assert plays(d) == {"K K K"}
    assert [m.kind for m in d.legal_moves] == ["pass", "group"]
    # K K + a joker beats Q Q Q but leaves K 5 5 9 and one joker: no burn.
    move = Move.parse(pick(d, 1, "K*2 BJ") + " as group K")
    assert d.why_illegal(move) is not None and "burn" in (d.why_illegal(move) or "")


def test_f11_burn_leads_carry_a_joker_and_keep_the_rest_feasible() -> None:
    d = f10_position()
    kkk = d.parse_move(pick(d, 1, "K*3"))
    assert d.is_burn(kkk)
    d.push(kkk)
    assert (d.burner, d.burned) == (1, 0)
    assert d.restricted
    assert (d.current_player, d.role) == (3, "burn")  # seat 1's teammate; seat 2 passed this trick
    passes(d, 3)
    assert (d.current_player, d.role) == (4, "answer")
    passes(d, 4, 5, 0)
    assert d.current_player == 1 and d.table.is_pass
    assert 1 in d.points_opened  # K K K nobody beat
    assert plays(d) == {"5 5 BJ", "5 5 RJ", "9 BJ", "9 RJ"}


def test_f12_last_joker_then_the_threes() -> None:
    d = f10_position()
    play(d, 1, "K*3")
    passes(d, 3, 4, 5, 0)
    play(d, 1, "5*2 BJ")
    passes(d, 3, 2, 4, 5, 0)
    assert plays(d) == {"9 RJ"}
    play(d, 1, "9 RJ")  # unbeatable
    assert plays(d) == {"3"}
    play(d, 1, "3")
    assert d.is_out(1) and d.burner is None
    finish(d)
    assert d.outcome.result["burns"] == [(0, 1)]  # seat 0 was burned by seat 1
    after = GoujiDeal(Rules("gouji"), 5, previous=d.outcome.result)
    shao = [p for p in after.tribute if p.kind == "shao"]
    assert [(p.payer, p.receiver, p.count) for p in shao] == [(0, 1, 1)]


def test_f13_an_answer_must_beat_every_place_and_relieves_the_burn() -> None:
    d = f10_position()
    play(d, 1, "K*3")
    passes(d, 3, 4, 5, 0)
    play(d, 1, "5*2 BJ")
    passes(d, 3, 2)
    assert (d.current_player, d.role) == (4, "answer")
    bad = Move.parse(pick(d, 4, "5*2 RJ") + " as group 5")
    assert "does not beat" in (d.why_illegal(bad) or "")
    with pytest.raises(IllegalMoveError, match="does not beat"):
        d.push(bad)
    play(d, 4, "7*2 RJ")
    assert d.burner is None and d.burned is None  # 解烧


def test_penalize_a_burn_that_cannot_go_on_eliminates_the_burner() -> None:
    d = f10_position(Rules("gouji", burn_illegal_mode="penalize"))
    # Under 'penalize' every beat is a legal burn.
    assert {"K K K", "K K BJ", "K K RJ"} <= plays(d)
    play(d, 1, "K*2 BJ")  # leaves K 5 5 9 RJ 3: cannot be played out
    assert d.is_eliminated(1) and d.places[1] == 5  # 大落
    assert d.current_player == 0 and d.table.is_pass  # the burned player leads


def test_penalize_a_jokerless_burn_lead_eliminates_the_burner() -> None:
    d = f10_position(Rules("gouji", burn_illegal_mode="penalize"))
    play(d, 1, "K*3")
    passes(d, 3, 4, 5, 0)
    play(d, 1, "5*2")
    assert d.is_eliminated(1) and d.places[1] == 5
    assert d.current_player == 0 and d.table.is_pass


# F14-F16: 憋三 and 闷.


def test_f14_f15_threes_only_as_the_final_play() -> None:
    d = to_play(make_deal({0: "RJ 6*16 RJ 7*15 3*2 9"}))
    play(d, 0, "RJ 6*16")
    play(d, 0, "RJ 7*15")
    assert plays(d) == {"9"}
    play(d, 0, "9")
    passes(d, 1, 2, 3, 4, 5)
    assert plays(d) == {"3 3"}
    play(d, 0, "3*2")
    assert d.finish_order == [0]


def test_f16_men() -> None:
    d = to_play(make_deal({2: "RJ 6*16 RJ 7*15 9*2 3", 3: "T*2"}, first_leader=2))
    play(d, 2, "RJ 6*16")
    play(d, 2, "RJ 7*15")
    play(d, 2, "9*2")  # leaves only a 3
    play(d, 3, "T*2")
    assert d.menned_by[2] == 3
    passes(d, 4, 5, 0, 1)
    assert d.current_player == 2 and [m.kind for m in d.legal_moves] == ["pass"]
    finish(d)
    assert d.outcome.result["men"] == [(2, 3)]
    after = GoujiDeal(Rules("gouji"), 9, previous=d.outcome.result)
    assert [(p.payer, p.receiver) for p in after.tribute if p.kind == "men"] == [(2, 3)]


def test_men_immediate_bottom() -> None:
    rules = Rules("gouji", men_immediate_bottom=True)
    d = to_play(make_deal({2: "RJ 6*16 RJ 7*15 9*2 3", 3: "T*2"}, first_leader=2, rules=rules))
    play(d, 2, "RJ 6*16")
    play(d, 2, "RJ 7*15")
    play(d, 2, "9*2")
    play(d, 3, "T*2")
    assert d.is_eliminated(2) and d.places[2] == 5


# F17-F20: revolution and places.


NO_TWOS = "2 BJ RJ"


def test_f17_revolution_and_the_void_hand() -> None:
    d = make_deal({}, exclude={3: NO_TWOS, 5: NO_TWOS})
    assert d.phase == "revolt"
    for seat in (0, 1, 2):
        assert d.current_player == seat and [m.kind for m in d.legal_moves] == ["pass"]
        act(d, seat, "pass")
    assert d.current_player == 3 and kinds(d) == {"pass", "revolt"}
    act(d, 3, "revolt")
    act(d, 4, "pass")
    act(d, 5, "revolt")
    assert d.is_terminal and d.outcome.void_hand
    assert d.outcome.places == [] and d.outcome.points == [0] * 6


def revolt_seat_3(d: GoujiDeal, declaration: str = "wutou") -> GoujiDeal:
    while d.phase == "revolt":
        act(d, d.current_player, "revolt" if d.current_player == 3 else "pass")
    assert d.phase == "yaotou" and d.current_player == 3
    act(d, 3, declaration)
    return to_play(d)


def test_f18_teammates_of_the_revolutionary_take_first_and_second() -> None:
    d = make_deal(
        {1: "RJ 6*16 RJ 7*14 3*4", 5: "RJ 8*15 RJ 9*14 3*4 8", 2: "4"},
        exclude={3: NO_TWOS},
        first_leader=1,
    )
    revolt_seat_3(d)
    play(d, 1, "RJ 6*16")
    play(d, 1, "RJ 7*14")
    play(d, 1, "3*4")
    assert d.chaos  # 0, 2, 4, 5 left
    passes(d, 2, 4, 5, 0)
    play(d, 2, "4")
    passes(d, 4)
    play(d, 5, "8")
    passes(d, 0, 2, 4)
    play(d, 5, "RJ 8*15")
    play(d, 5, "RJ 9*14")
    play(d, 5, "3*4")
    o = d.outcome
    assert o.over and o.places == [1, 5, 3, 2, 0, 4]  # seat 3 三科; 2 has fewest cards
    assert o.sweep_team == 1
    assert o.points == [-2, 4, 0, 0, -4, 2]
    assert o.team_points == (-6, 6) and o.winning_team == 1


def test_f19_a_sweep_with_the_revolutionary_fourth() -> None:
    d = make_deal(
        {0: "K*16 Q*16 3*4", 2: "J*16 T*15 3*4 T", 4: "9*16 8*16 3*4", 1: "4"},
        exclude={3: NO_TWOS},
        first_leader=0,
    )
    revolt_seat_3(d)
    for spec in ("K*16", "Q*16"):
        play(d, 0, spec)
        passes(d, 1, 2, 4, 5)
    play(d, 0, "3*4")
    passes(d, 1, 2, 4, 5)
    play(d, 1, "4")
    play(d, 2, "T")
    passes(d, 4, 5, 1)
    for spec in ("J*16", "T*15"):
        play(d, 2, spec)
        passes(d, 4, 5, 1)
    play(d, 2, "3*4")
    passes(d, 4, 5, 1)
    for spec in ("9*16", "8*16"):
        play(d, 4, spec)
        passes(d, 5, 1)
    play(d, 4, "3*4")
    o = d.outcome
    assert o.places == [0, 2, 4, 3, 1, 5] and o.sweep_team == 0
    assert o.points == [4, -2, 2, 0, 0, -4]


def test_f20_finishers_skip_the_revolutionarys_place() -> None:
    d = make_deal(
        {
            0: "K*16 Q*16 3*2 5*2",
            1: "J*16 T*16 3*2 5*2",
            2: "9*16 8*16 3*2 5*2",
            4: "7*16 6*16 3*2 5*2",
        },
        exclude={3: NO_TWOS},
        first_leader=0,
    )
    revolt_seat_3(d)
    for seat, groups in (
        (0, "K*16 Q*16 5*2 3*2"),
        (1, "J*16 T*16 5*2 3*2"),
        (2, "9*16 8*16 5*2 3*2"),
        (4, "7*16 6*16 5*2 3*2"),
    ):
        for spec in groups.split():
            play(d, seat, spec)
            while not d.is_terminal and d.current_player != seat and not d.table.is_pass:
                act(d, d.current_player, "pass")
    o = d.outcome
    assert o.places == [0, 1, 2, 3, 4, 5] and o.sweep_team is None
    assert o.points == [2, 1, 0, 0, -1, -2]
    assert o.team_points == (1, -1)


# F21-F23: tribute from the previous hand.


def test_f21_luogong_and_returns() -> None:
    previous = {"places": [0, 3, 4, 5, 2, 1]}
    d = make_deal({}, previous=previous, first_leader=None)
    hands_before = make_deal({}, first_leader=None).hands
    assert [(p.kind, p.payer, p.receiver, p.count) for p in d.tribute] == [
        ("luo", 1, 0, 2),
        ("luo", 2, 3, 1),
    ]
    # The payers gave their highest cards.
    order = "3456789TJQKA2"

    def value(card: str) -> int:
        return 14 if card == "RJ" else 13 if card == "BJ" else order.index(card[0])

    for p in d.tribute:
        top = sorted(hands_before[p.payer], key=value, reverse=True)[: p.count]
        assert sorted(map(value, p.cards)) == sorted(map(value, top))
    assert d.phase == "return" and d.current_player == 0
    assert {m.kind for m in d.legal_moves} == {"return"}
    act(d, 0, str(d.legal_moves[0].cards) + " as return")
    assert d.current_player == 0
    act(d, 0, str(d.legal_moves[0].cards) + " as return")
    assert d.current_player == 3
    act(d, 3, str(d.legal_moves[0].cards) + " as return")
    assert d.phase == "revolt"
    assert [len(p.returned) for p in d.tribute] == [2, 1]
    assert d.hand_sizes == [36] * 6


def test_f22_luogong_between_teammates_is_skipped() -> None:
    previous = {"places": [0, 3, 1, 5, 4, 2]}
    d = make_deal({}, previous=previous, first_leader=None)
    assert [(p.payer, p.receiver) for p in d.tribute] == [(4, 3)]
    d = make_deal(
        {}, previous=previous, first_leader=None, rules=Rules("gouji", laogong_same_team="pay")
    )
    assert [(p.payer, p.receiver, p.count) for p in d.tribute] == [(2, 0, 2), (4, 3, 1)]


def test_f23_both_opposites_pointed_pay_each_other() -> None:
    d = to_play(make_deal({5: "RJ 6*16 RJ 7*15 3*3"}, first_leader=5))
    play(d, 5, "RJ 6*16")
    play(d, 5, "RJ 7*15")
    play(d, 5, "3*3")
    assert d.finish_order == [5]
    assert d.pointed == [0, 1, 2, 3, 4]  # nobody had opened when seat 5 went out
    finish(d)
    assert {1, 4} <= set(d.outcome.result["pointed"])
    d2 = make_deal(
        {}, previous={"places": [5, 0, 1, 2, 3, 4], "pointed": [1, 4]}, first_leader=None
    )
    assert [(p.kind, p.payer, p.receiver) for p in d2.tribute if p.kind == "dian"] == [
        ("dian", 1, 4),
        ("dian", 4, 1),
    ]


# F24-F25.


def test_f24_an_unbeatable_play_ends_the_trick() -> None:
    d = to_play(make_deal({0: "RJ 8*2"}))
    play(d, 0, "RJ 8*2")
    assert d.current_player == 0 and d.table.is_pass
    # Under beat_mode='cover' a big joker covers a big joker: the trick goes on.
    d = to_play(make_deal({0: "RJ 8*2"}, rules=Rules("gouji", beat_mode="cover")))
    play(d, 0, "RJ 8*2")
    assert d.current_player == 2 and not d.table.is_pass


def test_f25_yield_returns_to_the_yielder() -> None:
    d = to_play(make_deal({0: "Q*3"}))
    play(d, 0, "Q*3")
    passes(d, 2, 1)
    act(d, 3, "yield")
    assert d.yielder == 3
    passes(d, 4, 5)
    assert d.current_player == 3 and "yield" not in kinds(d) and "pass" in kinds(d)
    passes(d, 3)
    assert d.current_player == 0 and d.table.is_pass and d.points_opened == [0]


def test_yield_then_a_play_counts_as_a_pass() -> None:
    d = to_play(make_deal({0: "9*2", 4: "T*2"}))
    play(d, 0, "9*2")
    assert "yield" not in kinds(d)  # seat 1 is not seat 0's 对家
    passes(d, 1, 2)
    act(d, 3, "yield")
    play(d, 4, "T*2")
    passes(d, 5, 0)
    assert d.current_player == 1  # 4 is its 对家
    passes(d, 1)
    # Seat 2 passed (对家 5) and seat 3 yielded then counts as passed (对家 0): both out.
    assert d.current_player == 4 and d.table.is_pass


def test_yield_needs_someone_to_act_first() -> None:
    d = to_play(make_deal({0: "9*2"}))
    play(d, 0, "9*2")
    passes(d, 1, 2)
    assert "yield" in kinds(d)
    d = to_play(make_deal({0: "9*2"}, rules=Rules("gouji", yield_enabled=False)))
    play(d, 0, "9*2")
    passes(d, 1, 2)
    assert "yield" not in kinds(d)
    with pytest.raises(IllegalMoveError, match="yield_enabled=False"):
        act(d, 3, "yield")


# Pre-play phases and options.


def test_buying_a_three_from_the_opposite() -> None:
    d = make_deal({0: "2 BJ RJ", 3: "3*2"}, exclude={0: "3"})
    assert d.phase == "buy" and d.current_player == 0
    # The cheapest payment (a 2) first, then the small and the big joker.
    assert [m.kind for m in d.legal_moves] == ["buy"] * 3
    assert [m.cards.jokers for m in d.legal_moves] == [0, 1, 1]
    act(d, 0, pick(d, 0, "2"))
    [p] = d.purchases
    assert (p.buyer, p.seller, p.card[0], p.paid and p.paid[0]) == (0, 3, "3", "2")
    assert (
        d.hand(0).count("3s")
        + d.hand(0).count("3h")
        + d.hand(0).count("3d")
        + d.hand(0).count("3c")
        == 1
    )


def test_buying_from_the_opposites_teammates_then_asking_ones_own() -> None:
    d = make_deal({0: "2", 3: "3", 1: "3*2"}, exclude={0: "3", 3: "3"})
    act(d, 0, pick(d, 0, "2"))
    assert (d.purchases[0].buyer, d.purchases[0].seller) == (0, 1)
    # Nothing to buy with and revolution off: a teammate gives one (要三).
    rules = Rules("gouji", revolution=False)
    d = make_deal({2: "3*2"}, exclude={0: "3 2 BJ RJ"}, rules=rules)
    assert d.phase != "buy"
    [p] = d.purchases
    assert (p.buyer, p.seller, p.paid) == (0, 2, None)


def test_automatic_revolution() -> None:
    d = make_deal({}, exclude={0: "3 2 BJ RJ"})
    assert d.purchases == [] and d.phase == "revolt"
    assert d.is_revolted(0) and d.current_player == 1  # seat 0 revolted without a move


def test_return_keeps_the_last_three() -> None:
    d = make_deal({0: "3"}, exclude={0: "3"}, previous={"places": [0, 3, 4, 5, 2, 1]})
    assert (
        d.current_player == 0
        and d.hand(0).count("3s")
        + d.hand(0).count("3h")
        + d.hand(0).count("3d")
        + d.hand(0).count("3c")
        == 1
    )
    assert not any(m.cards and str(m.cards)[0] == "3" for m in d.legal_moves)
    three = Move.parse(pick(d, 0, "3") + " as return")
    assert "last 3" in (d.why_illegal(three) or "")


def test_yaotou_keeps_the_opposites_head_for_three_gouji_plays() -> None:
    d = make_deal({0: "Q*3 K*2 A*2 J*4"}, exclude={3: NO_TWOS}, first_leader=0)
    revolt_seat_3(d, "yaotou")
    assert d.grace[0] == 3 and d.has_head(0)
    for spec in ("Q*3", "K*2", "A*2"):
        play(d, 0, spec)
        assert d.restricted
        while not d.table.is_pass:
            act(d, d.current_player, "pass")
    assert d.grace[0] == 0 and not d.has_head(0)
    play(d, 0, "J*4")
    assert not d.restricted


def test_wutou_leaves_the_opposite_headless() -> None:
    d = make_deal({0: "Q*3"}, exclude={3: NO_TWOS}, first_leader=0)
    revolt_seat_3(d, "wutou")
    assert not d.has_head(0)
    play(d, 0, "Q*3")
    assert not d.restricted


def test_dipai_grace_after_going_out_on_a_gouji_card() -> None:
    rules = Rules("gouji", biesan=False)
    d = to_play(
        make_deal({3: "RJ 6*16 RJ 7*16 A*2", 0: "Q*3 K*3 8", 4: "5"}, first_leader=3, rules=rules)
    )
    play(d, 3, "RJ 6*16")
    play(d, 3, "RJ 7*16")
    play(d, 3, "A*2")
    passes(d, 5, 4, 0, 1, 2)
    assert d.is_out(3) and d.grace[0] == 1 and d.has_head(0)
    play(d, 4, "5")
    passes(d, 5)
    play(d, 0, "8")
    passes(d, 1, 2, 4)
    play(d, 0, "Q*3")
    assert d.restricted  # the 底牌 grace: still a head for this one
    while not d.table.is_pass:
        act(d, d.current_player, "pass")
    assert d.grace[0] == 0
    play(d, 0, "K*3")
    assert not d.restricted
    d = to_play(
        make_deal(
            {3: "RJ 6*16 RJ 7*16 A*2"},
            first_leader=3,
            rules=Rules("gouji", biesan=False, dipai_grace=False),
        )
    )
    play(d, 3, "RJ 6*16")
    play(d, 3, "RJ 7*16")
    play(d, 3, "A*2")
    passes(d, 5, 4, 0, 1, 2)
    assert d.grace[0] == 0


def test_shangban_most_copies_of_one_four() -> None:
    no_fours = {2: "4", 4: "4"}
    d = to_play(make_deal({2: "4s*3", 4: "4h*2"}, exclude=no_fours, first_leader=None))
    assert d.first_leader == 2 and d.shangban == 2 and d.current_player == 2
    assert d.shown == Cards.parse("4s 4s 4s")
    d = to_play(make_deal({1: "4s*2", 4: "4h*2"}, exclude={1: "4", 4: "4"}, first_leader=None))
    tied = [s for s in d.tie_order if s in (1, 4)]
    assert d.first_leader == tied[0] == d.shangban
    d = to_play(make_deal({}, first_leader=None))
    assert d.shangban is None and d.first_leader == d.tie_order[0] and d.shown == Cards()


def test_shangban_leader_who_revolts_hands_the_lead_on() -> None:
    d = make_deal({3: "4s*3"}, exclude={3: NO_TWOS + " 4"}, first_leader=None)
    revolt_seat_3(d)
    assert d.shangban == 3 and d.first_leader == 4


def test_previous_daluo_leads() -> None:
    rules = Rules("gouji", first_leader="previous_daluo")
    d = to_play(
        make_deal({}, previous={"places": [0, 2, 4, 1, 3, 5]}, first_leader=None, rules=rules)
    )
    assert d.tribute == [] and d.first_leader == 5  # 串三户: no tribute


def test_xuandian_declarations_and_amounts() -> None:
    rules = Rules("gouji", xuandian=True)
    d = make_deal({}, rules=rules)
    while d.phase == "revolt":
        act(d, d.current_player, "pass")
    assert d.phase == "xuandian" and kinds(d) == {"pass", "xuandian"}
    for seat in range(6):
        act(d, seat, "xuandian" if seat in (0, 3) else "pass")
    assert d.phase == "play" and d.declared == [0, 3]
    # Both 对家 declared, seat 0 opened and seat 3 did not: 3 gives 0 four cards.
    prev = {"places": [0, 1, 2, 3, 4, 5], "pointed": [3], "declared": [0, 3]}
    d = make_deal({}, rules=rules, previous=prev)
    dian = [(p.payer, p.receiver, p.count) for p in d.tribute if p.kind == "dian"]
    # Pairs 1-4 and 2-5 declared nothing and both opened: nothing between them.
    assert dian == [(3, 0, 4)]
    prev = {"places": [0, 1, 2, 3, 4, 5], "pointed": [1, 4], "declared": [1]}
    d = make_deal({}, rules=rules, previous=prev)
    assert [(p.payer, p.receiver, p.count) for p in d.tribute if p.kind == "dian"] == [
        (1, 4, 2),
        (4, 1, 1),
    ]


def test_point_check_at_the_end_of_the_hand() -> None:
    rules = Rules("gouji", point_check_time="end_of_hand")
    d = to_play(make_deal({5: "RJ 6*16 RJ 7*15 3*3"}, first_leader=5, rules=rules))
    play(d, 5, "RJ 6*16")
    play(d, 5, "RJ 7*15")
    play(d, 5, "3*3")
    assert d.pointed == []
    finish(d)
    assert 5 in d.pointed  # it went out without opening


def test_lead_after_a_finished_winner() -> None:
    for option, leader in (("next_active", 5), ("teammate", 0)):
        rules = Rules("gouji", lead_after_finished_winner=option)
        d = to_play(make_deal({4: "A*16 K*16 3*4"}, first_leader=4, rules=rules))
        play(d, 4, "A*16")
        passes(d, 0, 5, 1, 2, 3)
        play(d, 4, "K*16")
        passes(d, 0, 5, 1, 2, 3)
        play(d, 4, "3*4")
        passes(d, 5, 0, 1, 2, 3)
        assert d.current_player == leader and d.table.is_pass


def test_undo_through_every_phase() -> None:
    d = make_deal(
        {0: "2 BJ RJ", 3: "3*2"},
        exclude={0: "3"},
        previous={"places": [1, 3, 4, 5, 2, 0]},
        first_leader=None,
    )
    start = (d.hash(), [str(h) for h in d.hands])
    moves = 0
    while d.phase != "play" or moves < 40:
        d.push(d.legal_moves[-1])
        moves += 1
    for _ in range(moves):
        d.pop()
    assert (d.hash(), [str(h) for h in d.hands]) == start
