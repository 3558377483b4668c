"""Gouji matches: points by place, 串三户, the tribute each hand leaves to the next.

Golden: the scoring and tribute vectors of gouji.md §12.4 (F18-F23) through the match's
derivation. Differential: the match's derivation and the deal's (the tribute a deal
takes from a previous result) against the obvious reading of
tests/references/gouji_match_reference.py on random results under the match options. Random
matches played to the end with their invariants.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ganzdy
import gouji_match_reference as ref
from ganzdy import Cards, GoujiDeal, GoujiMatch, Rules
from ganzdy.gouji.match import MatchOptions
from gouji_match_derivation import expected_tribute, hand_points, sweep_team

RULES = Rules("gouji")
OPTIONS = MatchOptions.of(RULES)
FULL_DECK = Cards(" ".join(GoujiDeal(RULES, 1).deck))


def dues(
    previous: dict[str, Any], options: MatchOptions = OPTIONS
) -> list[tuple[str, int, int, int]]:
    return [(d.kind, d.payer, d.receiver, d.count) for d in expected_tribute(previous, options)]


def test_options_are_the_rules_file_defaults() -> None:
    assert MatchOptions.of(RULES) == MatchOptions()
    assert OPTIONS.hands_per_match == 8
    assert OPTIONS.scoring == (2, 1, 0, 0, -1, -2)
    assert OPTIONS.laogong_same_team == "skip" and OPTIONS.no_tribute_after_sweep
    doubled = MatchOptions.of(Rules("gouji", scoring="4,2,0,0,-2,-4", hands_per_match=3))
    assert doubled.scoring == (4, 2, 0, 0, -2, -4) and doubled.hands_per_match == 3
    with pytest.raises(ganzdy.GanzdyError, match="Gouji rules"):
        MatchOptions.of(Rules("guandan"))


# §8 and F18-F20: points by place, 串三户 doubles.


def test_plain_hand_scores_by_place() -> None:  # F20
    assert hand_points([0, 1, 2, 3, 4, 5], OPTIONS) == [2, 1, 0, 0, -1, -2]
    assert sweep_team([0, 1, 2, 3, 4, 5]) is None


def test_f18_revolutionary_third_makes_a_sweep() -> None:
    # Seat 3 revolted; its teammates 1 and 5 took 头科 and 二科, so it is 三科.
    places = [1, 5, 3, 0, 2, 4]
    assert sweep_team(places) == 1
    assert hand_points(places, OPTIONS) == [0, 4, -2, 0, -4, 2]


def test_f19_a_team_taking_the_first_three_places_doubles() -> None:
    places = [0, 2, 4, 3, 1, 5]
    assert sweep_team(places) == 0
    assert hand_points(places, OPTIONS) == [4, -2, 2, 0, 0, -4]


def test_zhoujx_scale_doubles_everything() -> None:
    doubled = MatchOptions(scoring=(4, 2, 0, 0, -2, -4))
    assert hand_points([0, 1, 2, 3, 4, 5], doubled) == [4, 2, 0, 0, -2, -4]
    assert hand_points([0, 2, 4, 3, 1, 5], doubled) == [8, -4, 4, 0, 0, -8]


# §9 and F21-F23: the tribute of the next hand.


def test_f21_luogong_between_opponents() -> None:
    assert dues({"places": [0, 3, 4, 5, 2, 1]}) == [("luo", 1, 0, 2), ("luo", 2, 3, 1)]


def test_f22_luogong_between_teammates_is_skipped() -> None:
    previous = {"places": [0, 3, 1, 5, 4, 2]}
    assert dues(previous) == [("luo", 4, 3, 1)]
    pay = MatchOptions(laogong_same_team="pay")
    assert dues(previous, pay) == [("luo", 2, 0, 2), ("luo", 4, 3, 1)]


def test_f23_mutual_dian() -> None:
    previous = {"places": [5, 0, 1, 2, 3, 4], "pointed": [1, 4]}
    assert dues(previous)[:2] == [("dian", 1, 4, 1), ("dian", 4, 1, 1)]


def test_kinds_are_paid_dian_shao_men_luo() -> None:
    previous = {
        "places": [0, 1, 2, 3, 4, 5],
        "pointed": [3],
        "burns": [[5, 2], [1, 3]],  # 2 burned 5 (opponents); 3 burned 1 (teammates: no 烧贡)
        "men": [[4, 1]],
    }
    assert dues(previous) == [
        ("dian", 3, 0, 1),
        ("shao", 5, 2, 1),
        ("men", 4, 1, 1),
        ("luo", 5, 0, 2),
        ("luo", 4, 1, 1),
    ]


def test_no_tribute_after_a_sweep() -> None:
    assert dues({"places": [0, 2, 4, 3, 1, 5], "pointed": [1]}) == []


def test_xuandian_amounts_are_left_to_the_deal() -> None:
    with pytest.raises(ganzdy.GanzdyError, match="xuandian"):
        expected_tribute({"places": [0, 1, 2, 3, 4, 5]}, MatchOptions(xuandian=True))


# Differential: the derivation, the deal and the reference on random results.

seats = st.permutations(range(6)).map(list)


@st.composite
def results(draw: st.DrawFn) -> dict[str, Any]:
    places = draw(seats)
    pointed = sorted(draw(st.sets(st.integers(0, 5))))
    burners = draw(st.lists(st.integers(0, 5), unique=True, max_size=3))
    burns = [[draw(st.integers(0, 5).filter(lambda x, b=b: x != b)), b] for b in burners]
    menned = draw(st.lists(st.integers(0, 5), unique=True, max_size=3))
    men = [[p, draw(st.integers(0, 5).filter(lambda q, p=p: q != p))] for p in menned]
    return {"places": places, "pointed": pointed, "burns": burns, "men": men}


@settings(max_examples=300, deadline=None)
@given(
    result=results(),
    laogong=st.sampled_from(["skip", "pay"]),
    scoring=st.sampled_from(["2,1,0,0,-1,-2", "4,2,0,0,-2,-4"]),
    seed=st.integers(0, 2**64 - 1),
)
def test_derivation_matches_the_reference_and_the_deal(
    result: dict[str, Any], laogong: str, scoring: str, seed: int
) -> None:
    rules = Rules("gouji", laogong_same_team=laogong, scoring=scoring)
    options = MatchOptions.of(rules)
    expected = ref.tribute(result, laogong)
    assert dues(result, options) == expected
    deal = GoujiDeal(rules, seed, previous=result)
    assert [(p.kind, p.payer, p.receiver, p.count) for p in deal.tribute] == expected
    assert hand_points(result["places"], options) == ref.points(result["places"], scoring)


# Random matches to the end.


def check_hand(match: GoujiMatch, hand: ganzdy.gouji.match.HandResult, previous: Any) -> None:
    deal = match.last_deal
    assert deal is not None and deal.is_terminal and not deal.outcome.void_hand
    deal.check_invariants()
    # Every card is accounted for: in a hand (revolutionaries' and the eliminated
    # included) or played.
    held = Cards()
    for h in deal.hands:
        held = held + h
    assert held + deal.played == FULL_DECK
    # Points sum to zero, by the rules' table, and add up.
    assert sum(hand.points) == 0 and list(hand.points) == ref.points(list(hand.places))
    assert hand.team_points == (sum(hand.points[0::2]), sum(hand.points[1::2]))
    assert sorted(hand.places) == list(range(6))
    assert [s for s in hand.places if s in hand.finish_order] == list(hand.finish_order)
    # The tribute of this hand came from the last one.
    assert hand.previous == previous
    paid = [(p.kind, p.payer, p.receiver, len(p.cards)) for p in hand.tribute]
    assert paid == ([] if previous is None else ref.tribute(previous))
    assert all(len(p.returned) == len(p.cards) for p in hand.tribute)
    assert hand.result["places"] == list(hand.places)


@pytest.mark.parametrize("chunk", range(5))
def test_random_matches_keep_their_invariants(chunk: int) -> None:
    rng = random.Random(chunk)
    for _ in range(10):
        agents: list[ganzdy.Agent] = [
            ganzdy.GreedyAgent() if rng.random() < 0.6 else ganzdy.RandomAgent(rng.getrandbits(32))
            for _ in range(6)
        ]
        match = GoujiMatch(RULES, agents, hands=2, seed=rng.getrandbits(64))
        previous = None
        totals = [0] * 6
        for hand in match:
            check_hand(match, hand, previous)
            totals = [t + p for t, p in zip(totals, hand.points, strict=True)]
            assert list(hand.totals) == totals
            previous = hand.result
        assert match.finished and len(match.results) == 2
        assert match.deals_dealt == 2 + sum(h.voided for h in match.results)
        a, b = match.team_totals
        assert a + b == 0 and (a, b) == (sum(totals[0::2]), sum(totals[1::2]))
        assert match.winner == (None if a == b else 0 if a > b else 1)


def test_a_match_plays_hands_per_match_and_replays_from_its_seed() -> None:
    rules = Rules("gouji", hands_per_match=3)

    def play() -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        match = GoujiMatch(rules, [ganzdy.GreedyAgent() for _ in range(6)], seed=7)
        assert match.hands == 3
        return [(h.places, h.points) for h in match.run()]

    first = play()
    assert len(first) == 3 and play() == first


def test_a_match_keeps_records_that_replay() -> None:
    match = GoujiMatch(
        RULES, [ganzdy.GreedyAgent() for _ in range(6)], hands=2, seed=5, keep_records=True
    )
    for hand in match.run():
        assert hand.record is not None and hand.record["agents"] == ["greedy"] * 6
        deal = ganzdy.from_record(hand.record)
        assert list(deal.outcome.points) == list(hand.points)
        assert deal.previous == hand.previous


def test_xuandian_matches_leave_the_amounts_to_the_deal() -> None:
    rules = Rules("gouji", xuandian=True)
    match = GoujiMatch(rules, [ganzdy.GreedyAgent() for _ in range(6)], hands=2, seed=2)
    first, second = match.run()
    assert second.previous == first.result and sum(second.points) == 0


def test_a_match_can_start_after_a_given_hand() -> None:
    previous = {"places": [0, 3, 4, 5, 2, 1], "pointed": [2]}
    match = GoujiMatch(
        RULES, [ganzdy.GreedyAgent() for _ in range(6)], hands=1, seed=3, previous=previous
    )
    hand = match.play_next()
    assert [(p.kind, p.payer, p.receiver) for p in hand.tribute] == [
        ("dian", 2, 5),
        ("luo", 1, 0),
        ("luo", 2, 3),
    ]
    with pytest.raises(ganzdy.GanzdyError, match="over"):
        match.play_next()


def two_revolts_deck() -> list[str]:
    """A deck dealing seats 1 and 3 no 2 and no joker: both may revolt, voiding the hand."""
    deck = list(GoujiDeal(RULES, 1).deck)
    special = [c for c in deck if c[0] == "2" or c in ("BJ", "RJ")]
    plain = [c for c in deck if c not in special]
    return [special.pop() if i % 6 in (0, 2) and special else plain.pop() for i in range(216)]


class Revolter:
    """Revolts whenever it may; otherwise the greedy policy."""

    def act(self, view: ganzdy.SeatView) -> ganzdy.Move:
        revolts = [m for m in view.legal_moves if m.kind == "revolt"]
        return revolts[0] if revolts else ganzdy.GreedyAgent().act(view)


class RiggedFirstDeal(GoujiMatch):
    def next_deal(self) -> GoujiDeal:
        if self.deals_dealt == 0:
            return GoujiDeal(self.rules, deck=two_revolts_deck(), previous=self.previous)
        return super().next_deal()


def test_void_hands_are_dealt_again() -> None:
    match = RiggedFirstDeal(RULES, [Revolter() for _ in range(6)], hands=1, seed=11)
    hand = match.play_next()
    assert hand.voided == 1 and match.deals_dealt == 2
    assert hand.seed == ganzdy._core.deal_seed(11, 1) and match.last_deal is not None
    assert match.last_deal.seed == hand.seed and sum(hand.points) == 0


def test_bad_matches_are_refused() -> None:
    greedy = [ganzdy.GreedyAgent() for _ in range(6)]
    with pytest.raises(ganzdy.GanzdyError, match="6 seats"):
        GoujiMatch(RULES, greedy[:4])
    with pytest.raises(ganzdy.GanzdyError, match="hands=-1"):
        GoujiMatch(RULES, greedy, hands=-1)
    with pytest.raises(ganzdy.GanzdyError, match="Gouji rules"):
        GoujiMatch(Rules("guandan"), greedy)
    with pytest.raises(ganzdy.RulesError, match="places"):
        GoujiMatch(RULES, greedy, previous={"places": [0, 0, 1, 2, 3, 4]})
    with pytest.raises(ganzdy.GanzdyError, match="places"):
        hand_points([0, 1, 2], OPTIONS)
