"""A Gouji hand voided by two revolutions is dealt again (rules gouji.md §7.1: "≥2
revolutionaries in one hand → the hand is void and redealt (流局)"; vector F17).

Random play never voids a hand (two seats must be dealt no 2 and no joker, about one
first deal in 2,000, and both must choose to revolt), so these tests build the case: a
match seed whose first deck deals two such seats, found by searching ``deal_seed(seed,
0)`` (seed 2270, the second of the first 11,000), and a deck laid out by hand."""

from __future__ import annotations

import json
import pickle

import ganzdy
from ganzdy import GoujiDeal, GoujiMatch, Rules
from ganzdy._core import deal_seed

RULES = Rules("gouji")
# Deal 0 of a match seeded 2270 deals seats 0 and 3 no 2 and no joker.
VOID_MATCH_SEED = 2270


def wildless_seats(deal: GoujiDeal) -> list[int]:
    """The seats holding no 2 and no joker: those who may revolt (§7.1)."""
    return [
        seat
        for seat in range(deal.players)
        if not any(card[0] == "2" or card in ("BJ", "RJ") for card in deal.hand(seat))
    ]


class Revolter:
    """Revolts whenever it may; otherwise the greedy policy."""

    name = "revolter"

    def act(self, view: ganzdy.SeatView) -> ganzdy.Move:
        revolts = [m for m in view.legal_moves if m.kind == "revolt"]
        return revolts[0] if revolts else ganzdy.GreedyAgent().act(view)


def revolt_to_the_end(deal: GoujiDeal) -> GoujiDeal:
    agent = Revolter()
    while not deal.is_terminal:
        deal.push(agent.act(ganzdy.view_for(deal)))
    return deal


def two_revolts_deck() -> list[str]:
    """A deck dealing every 2 and joker to seats 0, 2, 3 and 5, so that seats 1 and 4
    may revolt (dealt from dealer 0, card i goes to seat i mod 6)."""
    deck = list(GoujiDeal(RULES, 1).deck)
    special = [c for c in deck if c[0] == "2" or c in ("BJ", "RJ")]
    plain = [c for c in deck if c not in special]
    return [special.pop() if i % 6 not in (1, 4) and special else plain.pop() for i in range(216)]


def test_the_match_seed_deals_two_seats_that_may_revolt() -> None:
    first = GoujiDeal(RULES, deal_seed(VOID_MATCH_SEED, 0))
    assert wildless_seats(first) == [0, 3]
    void = revolt_to_the_end(first)
    assert void.outcome.void_hand
    revolts = [(seat, move.kind) for seat, move in void.history if move.kind == "revolt"]
    assert revolts == [(0, "revolt"), (3, "revolt")]
    # A void hand scores nothing and places nobody.
    assert all(points == 0 for points in void.outcome.points)


def test_a_match_whose_first_deal_is_void_deals_again_from_the_next_seed() -> None:
    agents = [Revolter() for _ in range(6)]
    match = GoujiMatch(RULES, agents, hands=1, seed=VOID_MATCH_SEED, keep_records=True)
    hand = match.play_next()
    assert hand.voided == 1 and match.deals_dealt == 2 and match.finished
    # Deal i of the match, void ones included, is shuffled from deal_seed(seed, i).
    assert hand.seed == deal_seed(VOID_MATCH_SEED, 1)
    assert match.last_deal is not None and match.last_deal.seed == hand.seed
    assert not match.last_deal.outcome.void_hand
    # The hand that counted is the one recorded, and its record replays as it.
    assert hand.record is not None
    replayed = ganzdy.from_record(json.loads(json.dumps(hand.record)))
    assert replayed.hash() == match.last_deal.hash()
    assert replayed.outcome.places == match.last_deal.outcome.places
    assert tuple(hand.points) == tuple(match.last_deal.outcome.points)
    # Points of the void deal are not counted: the totals are the counted hand's.
    assert tuple(hand.totals) == tuple(hand.points)


def test_a_void_hand_from_a_laid_out_deck_records_and_replays_as_void() -> None:
    deal = GoujiDeal(RULES, deck=two_revolts_deck())
    assert wildless_seats(deal) == [1, 4]
    void = revolt_to_the_end(deal)
    assert void.outcome.void_hand and void.is_terminal
    record = ganzdy.to_record(void, ["revolter"] * 6)
    again = ganzdy.from_record(json.loads(json.dumps(record)))
    assert isinstance(again, GoujiDeal)
    assert again.outcome.void_hand and again.is_terminal
    assert again.hash() == void.hash() and again.history == void.history
    assert again.deck == void.deck
    unpickled = pickle.loads(pickle.dumps(void))
    assert unpickled.outcome.void_hand and unpickled.hash() == void.hash()
    # Undone to before the second revolution, the hand is live again.
    again.pop()
    assert not again.is_terminal and again.current_player == 4
    assert [m.kind for m in again.legal_moves].count("revolt") == 1
