"""Guandan agents and C++ playouts: what a seat sees, the greedy policy's rules, batch self-play."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence

import numpy as np
import pytest

import ganzdy
from ganzdy import GuandanDeal, Move, Rules
from ganzdy._core import deal_seed
from ganzdy.match import drive

RULES = Rules("guandan")


def first_paying(seed_from: int = 123456) -> GuandanDeal:
    """A deal after a 1-2 finish of seats 0 and 2 whose tribute is not resisted."""
    for seed in range(seed_from, seed_from + 50):
        deal = GuandanDeal(RULES, seed, previous_finish=[0, 2])
        if not deal.resisted:
            return deal
    raise AssertionError("no unresisted deal")


# -- what a seat sees --------------------------------------------------------------


def test_guandan_view_holds_only_what_the_seat_may_know() -> None:
    deal = first_paying()
    # Seat 1 pays first; seat 3 must not see its card before both have paid.
    assert deal.current_player == 1 and deal.phase == "tribute"
    deal.push(deal.legal_moves[0])
    view = ganzdy.view_for(deal)
    assert view.seat == 3 and view.phase == "tribute" and view.history == ()
    assert [t.card for t in view.tribute] == [None, None]
    assert view.level == "2" and view.team_levels == ("2", "2")
    # For search: an information set of the seat's own, which keeps no hidden card.
    assert isinstance(view.information, ganzdy.GuandanInformationSet)
    assert view.information.seat == 3 and view.information.hand == deal.hand(3)
    deal.push(deal.legal_moves[0])
    # Both cards moved, face up: the receivers see them and choose a card to give back.
    first = ganzdy.view_for(deal)
    assert first.phase == "return" and len(first.history) == 2
    assert all(t.card is not None for t in first.tribute)
    deal.push(first.legal_moves[-1])
    second = ganzdy.view_for(deal)
    assert second.seat != first.seat and second.phase == "return"
    # The first return card is given face down: the second receiver does not see it.
    assert len(second.history) == 2 and all(t.returned is None for t in second.tribute)
    deal.push(second.legal_moves[0])
    # In play each payer sees the card it got back, and only that one.
    for payer in (1, 3):
        seen = deal.seen_history(payer)
        returns = [(s, m) for s, m in seen if m.kind == "return"]
        (mine,) = [p for p in deal.tribute if p.payer == payer]
        assert returns == [(mine.receiver, Move("return", "", mine.returned))]
    view = ganzdy.view_for(deal)
    assert view.phase == "play" and view.table is None and view.dealer == deal.first_leader
    others = [deal.hand(s) for s in range(4) if s != view.seat]
    values = [getattr(view, name) for name in ganzdy.SeatView.FIELDS]
    assert not any(isinstance(v, GuandanDeal) for v in values)
    assert not any(v == h for v in values for h in others)
    assert deal.seed not in values


def test_guandan_views_count_bombs_and_list_seats_out_in_order() -> None:
    deal = GuandanDeal(RULES, 3)
    agents = [ganzdy.RandomAgent(s) for s in range(4)]
    views: list[ganzdy.SeatView] = []

    class Watch:
        def __init__(self, agent: ganzdy.Agent) -> None:
            self.agent = agent

        def act(self, view: ganzdy.SeatView) -> Move:
            views.append(view)
            return self.agent.act(view)

    drive(deal, [Watch(a) for a in agents])
    last = views[-1]
    assert last.bombs_played == sum(m.is_bomb for _, m in deal.history[: last.ply])
    assert list(last.out_seats) == deal.finish_order[: len(last.out_seats)]


# -- the greedy policy -------------------------------------------------------------
#
# Each position below is reached through a real deal: a deck order chosen so that the
# seats hold the cards a case needs, then moves pushed until the case's seat acts.
# The cards a seat does not need ("filler") come from the rest of the deck and are shed
# as led singles while the others pass, so the hand the policy reads is the case's.

SUITS = "shdc"
# Single cards from low to high at level 2 (the 2s are the level, above the ace).
ORDER = "3456789TJQKA2"


def full_deck() -> list[str]:
    return [r + s for r in "23456789TJQKA" for s in SUITS] * 2 + ["BJ", "RJ"] * 2


def worth(card: str) -> int:
    return {"BJ": 13, "RJ": 14}.get(card, ORDER.index(card[0]) if card[0] in ORDER else -1)


def deck_for(
    held: Mapping[int, str], fits: Mapping[int, Callable[[str], bool]] | None = None
) -> list[str]:
    """A deck order dealt from seat 0 that gives seat s the cards held[s], filled up to
    27 from the rest of the deck with cards that fits[s] accepts (seats with a filter
    are filled first)."""
    rest = full_deck()
    random.Random(len(held)).shuffle(rest)
    hands: list[list[str]] = [[] for _ in range(4)]
    for seat, cards in held.items():
        for card in cards.split():
            rest.remove(card)
            hands[seat].append(card)
    fits = fits or {}
    for seat in sorted(range(4), key=lambda s: s not in fits):
        accept = fits.get(seat, lambda _card: True)
        for card in [c for c in rest if accept(c)][: 27 - len(hands[seat])]:
            rest.remove(card)
            hands[seat].append(card)
        assert len(hands[seat]) == 27, f"no deck fills seat {seat} under its filter"
    return [hands[i % 4][i // 4] for i in range(108)]


def leading(deal: GuandanDeal) -> bool:
    return Move("pass") not in deal.legal_moves


def filler_singles(deal: GuandanDeal, seat: int, keep: Sequence[str]) -> list[Move]:
    """The legal singles of the seat to act that spend none of the cards it keeps."""
    spare = list(deal.hand(seat))
    for card in keep:
        spare.remove(card)
    singles = [m for m in deal.legal_moves if m.kind == "single" and str(m.cards) in spare]
    return sorted(singles, key=lambda m: worth(str(m.cards)))


def shed(deal: GuandanDeal, seat: int, keep: Sequence[str], down_to: int) -> None:
    """The leader `seat` leads filler singles, highest first (its low ones are kept to
    hand the lead over), everyone else passing, down to `down_to` cards."""
    while len(deal.hand(seat)) > down_to:
        assert deal.current_player == seat and leading(deal)
        deal.push(filler_singles(deal, seat, keep)[-1])
        for _ in range(3):
            deal.push(Move("pass"))


def hand_over_lead(
    deal: GuandanDeal, giver: int, taker: int, keep: Mapping[int, Sequence[str]]
) -> None:
    """The leader `giver` leads its lowest filler single, `taker` beats it with its
    highest and everyone else passes until `taker` leads."""
    assert deal.current_player == giver and leading(deal)
    deal.push(filler_singles(deal, giver, keep.get(giver, ()))[0])
    while not (deal.current_player == taker and leading(deal)):
        seat = deal.current_player
        assert seat is not None
        beats = filler_singles(deal, seat, keep.get(seat, ())) if seat == taker else []
        deal.push(beats[-1] if beats and not leading(deal) else Move("pass"))


def play_position(
    hand: str,
    table: Move | None = None,
    owner: int | None = None,
    sizes: Mapping[int, int] | None = None,
) -> GuandanDeal:
    """A first deal in play where seat 0 acts holding `hand`: leading, or following
    `table` played by `owner`; sizes[s] is how many cards seat s then holds (the seats
    not named keep 25 or more)."""
    sizes = dict(sizes or {})
    held = {0: hand}
    if table is not None:
        assert owner is not None
        held[owner] = str(table.cards)
    keep: dict[int, Sequence[str]] = {s: cards.split() for s, cards in held.items()}
    shedders = [s for s in sizes if s not in (0, owner)]
    deal = GuandanDeal(RULES, deck=deck_for(held), first_leader=(shedders or [0])[0])
    for i, seat in enumerate(shedders):
        shed(deal, seat, keep.get(seat, ()), sizes[seat] + 1)
        hand_over_lead(deal, seat, ([*shedders, 0])[i + 1], keep)
    if table is None:
        shed(deal, 0, keep[0], len(hand.split()))
    else:
        assert owner is not None
        shed(deal, 0, keep[0], len(hand.split()) + 1)
        hand_over_lead(deal, 0, owner, keep)
        if owner in sizes:
            shed(deal, owner, keep[owner], sizes[owner] + len(table.cards))
        deal.push(table)
        while deal.current_player != 0:
            deal.push(Move("pass"))
    assert deal.current_player == 0 and deal.phase == "play"
    assert deal.hand(0) == ganzdy.Cards(hand)
    for seat, size in sizes.items():
        assert deal.hand_sizes[seat] == size
    assert all(n > 6 for s, n in enumerate(deal.hand_sizes) if s != 0 and s not in sizes)
    return deal


def choose(
    hand: str,
    table: Move | None = None,
    owner: int | None = None,
    sizes: Mapping[int, int] | None = None,
) -> Move:
    deal = play_position(hand, table, owner, sizes)
    return deal.legal_moves[deal.greedy_index()]


def test_play_positions_are_the_cases() -> None:
    deal = play_position("5s 5h 5d 5c 3s 8h 9h", Move("single", "A", "Ad"), 1, {1: 5})
    assert deal.hand_sizes == [7, 5, 27, 27]
    assert deal.history[-3:] == [
        (1, Move("single", "A", "Ad")),
        (2, Move("pass")),
        (3, Move("pass")),
    ]
    assert play_position("3s 4h 4d Kc").hand_sizes == [4, 27, 27, 27]


def test_greedy_plays_out_when_it_can() -> None:
    assert choose("7s 7h 7d 9c 9c") == Move("full_house", "7", "7s 7h 7d 9c 9c")
    assert choose("5s 6d 7c 8c 9h", Move("straight", "3", "3s 4s 5d 6h 7d"), 1) == Move(
        "straight", "5", "5s 6d 7c 8c 9h"
    )


def test_greedy_leads_its_smallest_combination_shedding_more() -> None:
    assert choose("3s 3h 4d 8c 8d 8s Kc") == Move("pair", "3", "3s 3h")
    # 3 is a single, 4 a pair: the lowest key first.
    assert choose("3s 4h 4d Kc") == Move("single", "3", "3s")
    # A bomb is led only when nothing else is left; a bomb is not broken to lead.
    assert choose("5s 5h 5d 5c 6s 7d").kind == "single"
    assert choose("5s 5h 5d 5c 6s 7d").cards.count("5s") == 0


def test_greedy_lets_its_partner_win() -> None:
    assert choose("Ts Ks As", Move("single", "9", "9d"), owner=2).is_pass
    assert choose("Ts Ks As", Move("single", "9", "9d"), owner=1) == Move("single", "T", "Ts")


def test_greedy_keeps_bombs_back_unless_an_opponent_is_about_to_go_out() -> None:
    table = Move("single", "A", "Ad")
    assert choose("5s 5h 5d 5c 3s 8h 9h", table, owner=1).is_pass
    danger = choose("5s 5h 5d 5c 3s 8h 9h", table, owner=1, sizes={1: 5})
    assert danger == Move("bomb", "5", "5s 5h 5d 5c")
    # A partner close to going out is no danger.
    assert choose("5s 5h 5d 5c 3s 8h 9h", table, owner=1, sizes={2: 3}).is_pass


def test_greedy_bombs_when_the_rest_then_plays_out() -> None:
    table = Move("single", "A", "Ad")
    assert choose("5s 5h 5d 5c 3s 3h", table, owner=1) == Move("bomb", "5", "5s 5h 5d 5c")
    assert choose("5s 5h 5d 5c 3s 4h", table, owner=1).is_pass


def test_greedy_spends_no_wild_on_a_cheap_beat() -> None:
    # Level 2: 2h is wild. 9s beats 8 without it.
    assert choose("2h 9s Kd Kc", Move("single", "8", "8d"), owner=3) == Move("single", "9", "9s")


def low_plain(card: str) -> bool:
    """A filler card that is no tribute or return candidate's rival: 3 to 9, no wild."""
    return card[0] in "3456789"


def tribute_choice(hand: str) -> str:
    """Seat 1, last out of the previous deal, pays seat 0 from `hand` and 3s to 9s."""
    deck = deck_for({1: hand}, {1: low_plain})
    deal = GuandanDeal(RULES, deck=deck, previous_finish=[0, 3, 2, 1])
    assert deal.phase == "tribute" and deal.current_player == 1 and not deal.resisted
    return str(deal.legal_moves[deal.greedy_index()].cards)


def test_greedy_pays_the_tribute_card_that_keeps_a_straight_flush() -> None:
    assert tribute_choice("As Ad Ks Qs Js Ts 5c 6d") == "Ad"
    assert tribute_choice("Ad As Kd Qd Jd Td 5c 6d") == "As"
    assert tribute_choice("As Ad Ac 5c 6d") == "As"  # the lowest suit when nothing is at stake


def test_greedy_returns_its_least_useful_card() -> None:
    def give_back(hand: str) -> str:
        # Seat 1 pays its only red joker to seat 0, whose other cards are all above ten
        # (no wild): the cards it may give back are those of `hand`.
        high = {0: lambda c: c[0] in "JQK" or c == "BJ", 1: lambda c: c[0] in "3456789TJQ"}
        deal = GuandanDeal(
            RULES, deck=deck_for({0: hand + " Ks", 1: "RJ"}, high), previous_finish=[0, 3, 2, 1]
        )
        deal.push(Move("tribute", "", "RJ"))
        assert deal.phase == "return" and deal.current_player == 0
        assert deal.hand_sizes == [28, 26, 27, 27]
        assert sorted(str(m.cards) for m in deal.legal_moves) == sorted(set(hand.split()))
        return str(deal.legal_moves[deal.greedy_index()].cards)

    assert give_back("3s 3h 5d 9s") == "5d"  # a lone card before a pair, the lowest first
    assert give_back("3s 9s 9h") == "3s"
    # 5d belongs to a diamond straight flush: 9s goes instead.
    assert give_back("3d 4d 5d 6d 7d 9s") == "9s"


def test_greedy_picks_the_higher_tribute_card() -> None:
    rules = Rules("guandan", double_tribute_assignment="first_picks")
    no_ace = {1: lambda c: c[0] in "3456789TJQK", 3: lambda c: c[0] in "3456789TJQKA"}
    deal = GuandanDeal(rules, deck=deck_for({1: "As", 3: "BJ"}, no_ace), previous_finish=[0, 2])
    deal.push(Move("tribute", "", "As"))
    deal.push(Move("tribute", "", "BJ"))
    assert deal.phase == "pick" and deal.current_player == 0
    assert sorted(str(m.cards) for m in deal.legal_moves) == ["As", "BJ"]
    assert deal.legal_moves[deal.greedy_index()] == Move("pick", "", "BJ")


# -- playouts ----------------------------------------------------------------------


def test_python_agents_play_the_hands_of_a_batch() -> None:
    """Hand i of a first-hand batch is GuandanDeal(rules, deal_seed(seed, i)): the Python
    greedy agent, through its seat view, plays it exactly as the C++ batch does."""
    batch = ganzdy.playouts(RULES, 12, agents="greedy", seed=4, threads=2, tribute=False)
    for i in range(12):
        deal = drive(GuandanDeal(RULES, deal_seed(4, i)), [ganzdy.GreedyAgent()] * 4)
        assert deal.ply == batch.plies[i]
        assert deal.outcome.points == batch.points[i].tolist()
        assert deal.outcome.finish_order[0] == batch.winner[i]
        assert sum(m.is_bomb for _, m in deal.history) == batch.bombs[i]


def test_deal_playout_matches_python_greedy_through_the_tribute() -> None:
    deal = first_paying(10)
    before = deal.hash()
    outcome = deal.playout("greedy", seed=1)
    assert deal.hash() == before and deal.ply == 0
    played = drive(deal.copy(), [ganzdy.GreedyAgent()] * 4)
    assert played.outcome == outcome
    assert deal.playout("random", seed=5) == deal.playout("random", seed=5)
    mixed = deal.playout(["greedy", "random", "greedy", "random"], seed=5)
    assert mixed.over and sum(mixed.points) == 0


def test_guandan_batches_do_not_depend_on_threads() -> None:
    agents = ["greedy", "random", "random", "greedy"]
    one = ganzdy.playouts(RULES, 200, agents=agents, seed=9, threads=1)
    two = ganzdy.playouts(RULES, 200, agents=agents, seed=9, threads=2)
    for name in ("points", "winner", "plies", "bombs"):
        assert np.array_equal(one[name], two[name])
    first = ganzdy.playouts(RULES, 200, agents=agents, seed=9, threads=2, tribute=False)
    assert not np.array_equal(one.plies, first.plies)


@pytest.mark.parametrize(
    "options", [{}, {"level": "A"}, {"double_tribute_assignment": "first_picks", "level": "7"}]
)
def test_guandan_batch_invariants(options: dict[str, object]) -> None:
    rules = Rules("guandan", **options)  # type: ignore[arg-type]
    result = ganzdy.playouts(rules, 300, agents="random", seed=1, threads=2)
    assert result.points.shape == (300, 4) and (result.points.sum(axis=1) == 0).all()
    assert ((result.winner >= 0) & (result.winner < 4)).all()
    winners = result.points[np.arange(300), result.winner]
    assert set(winners.tolist()) <= {1, 2, 3}
    partners = result.points[np.arange(300), (result.winner + 2) % 4]
    assert np.array_equal(winners, partners)
    # Random play: tribute choices, then at least 27 plies to shed a hand.
    assert (result.plies >= 27).all() and (result.bombs >= 0).all()


def test_greedy_team_beats_random_team() -> None:
    """Seats rotated: greedy as team 0, then as team 1, over the same 300 seeds."""
    a = ganzdy.playouts(RULES, 300, agents=["greedy", "random"] * 2, seed=2, threads=2)
    b = ganzdy.playouts(RULES, 300, agents=["random", "greedy"] * 2, seed=2, threads=2)
    wins = np.concatenate([a.winner % 2 == 0, b.winner % 2 == 1])
    rate = wins.mean()
    assert rate - 1.96 * math.sqrt(rate * (1 - rate) / len(wins)) > 0.9


def test_guandan_playout_arguments() -> None:
    with pytest.raises(
        ganzdy.RulesError, match="tribute= is for games whose hands pay tribute; gan_deng_yan"
    ):
        ganzdy.playouts(Rules("gan_deng_yan", players=4), 5, tribute=True)
    with pytest.raises(ganzdy.RulesError, match="4 policies"):
        ganzdy.playouts(RULES, 5, agents=["random"] * 3)
    with pytest.raises(ganzdy.RulesError, match="unknown built-in policy"):
        GuandanDeal(RULES, 1).playout("ismcts")
    assert ganzdy.playouts(RULES, 0, seed=1).points.shape == (0, 4)
