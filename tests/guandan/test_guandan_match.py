"""Guandan matches: levels, upgrades, the A rules, the banker and tribute between hands.

Golden: the level and match vectors of guandan.md §11.3 (tests/data/guandan/match.json),
through the pure state machine and through the deal a match builds next. Differential:
the state machine against the obvious keeper of tests/references/guandan_match_reference.py on random
finishing orders under every match option. Random matches played to the end with their
invariants.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ganzdy
import guandan_match_reference as ref
from ganzdy import GuandanDeal, GuandanMatch, MatchState, Rules
from ganzdy.guandan.match import LEVELS, MatchOptions, finish_result, next_state

DATA = Path(__file__).parent.parent / "data" / "guandan" / "match.json"
VECTORS: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))["vectors"]
RULES = Rules("guandan")


def greedy_team() -> list[ganzdy.Agent]:
    return [ganzdy.GreedyAgent() for _ in range(4)]


def state_of(d: dict[str, Any], finish: list[int] | None = None) -> MatchState:
    return MatchState(
        levels=(d["levels"][0], d["levels"][1]),
        banker=d["banker"],
        a_failures=(d["a_failures"][0], d["a_failures"][1]),
        previous_finish=None if finish is None else tuple(finish),
        winner=d.get("winner"),
    )


@pytest.mark.parametrize("vec", VECTORS, ids=[v["id"] for v in VECTORS])
def test_vector_levels(vec: dict[str, Any]) -> None:
    rules = Rules("guandan", **vec["options"])
    before = state_of(vec["before"])
    change = next_state(before, vec["finish"], MatchOptions.of(rules))
    assert change.after == state_of(vec["after"], vec["finish"])
    assert change.result == vec["result"]
    assert change.winning_team == vec["finish"][0] % 2
    assert change.match_won == (vec["after"]["winner"] is not None)
    if "next_level" in vec:
        assert change.after.level == vec["next_level"]


@pytest.mark.parametrize(
    "vec", [v for v in VECTORS if "payers" in v], ids=[v["id"] for v in VECTORS if "payers" in v]
)
def test_vector_next_hand(vec: dict[str, Any]) -> None:
    """The match deals the next hand at the banker's level with the tribute of the finish."""
    rules = Rules("guandan", **vec["options"])
    after = state_of(vec["after"], vec["finish"])
    checked = 0
    for seed in range(40):
        match = GuandanMatch(rules, greedy_team(), seed=seed, start=after)
        deal = match.next_deal()
        assert deal.level == vec["next_level"] and deal.rules == match.rules_at(vec["next_level"])
        assert deal.team_levels == after.levels
        assert deal.previous_finish == vec["finish"]
        if deal.resisted:
            assert deal.tribute == [] and deal.phase == "play"
            continue
        payers = [[p.payer, p.receiver] for p in deal.tribute]
        want = vec["payers"]
        if any(r is None for _, r in want):  # 双上: who gets which card depends on the cards
            assert sorted(p for p, _ in payers) == sorted(p for p, _ in want)
            assert sorted(r for _, r in payers) == sorted({0, 2} if want[0][0] % 2 else {1, 3})
        else:
            assert payers == want
        if "leader" in vec:
            assert deal.first_leader == vec["leader"]
        assert (deal.phase == "tribute") == bool(want)
        checked += 1
    assert checked >= 20  # resistance is rare: most seeds pay tribute


def test_first_hand_has_no_tribute_and_a_drawn_first_leader() -> None:
    leaders = set()
    for seed in range(30):
        deal = GuandanMatch(RULES, greedy_team(), seed=seed).next_deal()
        assert deal.level == "2" and deal.previous_finish is None and deal.phase == "play"
        assert deal.tribute == [] and not deal.resisted
        leaders.add(deal.first_leader)
    assert leaders == {0, 1, 2, 3}
    first = GuandanMatch(Rules("guandan", first_lead_first_hand="seat0"), greedy_team(), seed=3)
    assert first.next_deal().first_leader == 0


def test_p17_a_hand_ends_when_a_team_is_out() -> None:
    assert finish_result([0, 2]) == (0, "1-2")
    assert finish_result([3, 1]) == (1, "1-2")
    assert finish_result([0, 1, 2]) == (0, "1-3")
    assert finish_result([0, 1, 3]) == (0, "1-4")
    assert finish_result([0, 1, 3, 2]) == (0, "1-4")
    for bad in ([0, 1], [0], [0, 0, 2], [0, 4, 2], [0, 2, 1, 3, 1]):
        with pytest.raises(ganzdy.GanzdyError, match="finish"):
            finish_result(bad)


# -- the state machine against the obvious keeper ------------------------------------


def outcome_order(permutation: list[int]) -> list[int]:
    """The finishing order a hand's outcome reports for seats going out in this order."""
    return permutation[:2] if permutation[1] == (permutation[0] + 2) % 4 else permutation[:3]


OPTION_SETS = st.fixed_dictionaries(
    {
        "upgrade_table": st.sampled_from(["3-2-1", "4-2-1"]),
        "a_pass_results": st.sampled_from(["1-2,1-3", "1-2"]),
        "a_fail_limit": st.sampled_from([None, 1, 2, 3, 5]),
        "a_fail_reset_to": st.sampled_from(["2", "J", "K"]),
        "a_win_requires_own_level": st.booleans(),
    }
)


@settings(max_examples=300, deadline=None)
@given(
    options=OPTION_SETS,
    orders=st.lists(st.permutations([0, 1, 2, 3]), min_size=1, max_size=120),
    full=st.booleans(),
)
def test_state_machine_matches_the_reference(
    options: dict[str, Any], orders: list[list[int]], full: bool
) -> None:
    rules = Rules("guandan", **options)
    keeper = ref.Keeper(
        ref.Options(
            double_win=int(options["upgrade_table"][0]),
            passing=tuple(options["a_pass_results"].split(",")),
            fail_limit=options["a_fail_limit"],
            reset_to=options["a_fail_reset_to"],
            own_level_only=options["a_win_requires_own_level"],
        )
    )
    match_options = MatchOptions.of(rules)
    state = MatchState()
    for permutation in orders:
        finish = list(permutation) if full else outcome_order(list(permutation))
        change = next_state(state, finish, match_options)
        keeper.hand(finish)
        state = change.after
        got = (state.levels, state.banker, state.a_failures, state.previous_finish, state.winner)
        assert got == keeper.snapshot()
        assert all(level in LEVELS for level in state.levels)
        if state.winner is not None:
            with pytest.raises(ganzdy.GanzdyError, match="the match is over"):
                next_state(state, finish, match_options)
            break


def test_the_keeper_climbs_like_a_long_match() -> None:
    """A team that wins 1-2 every hand passes A on its fifth hand (guandan.md §12: 2-5-8-J-A)."""
    state = MatchState()
    levels = []
    for _ in range(5):
        state = next_state(state, [0, 2], MatchOptions()).after
        levels.append(state.levels[0])
    assert levels == ["5", "8", "J", "A", "A"] and state.winner == 0


# -- whole matches -----------------------------------------------------------------


def conserved(deal: GuandanDeal) -> bool:
    cards = deal.played
    for seat in range(4):
        cards = cards + deal.hand(seat)
    return cards == deal.rules.deck


@pytest.mark.parametrize("chunk", range(4))
def test_random_matches_keep_their_invariants(chunk: int) -> None:
    """100 matches (25 a chunk) of random and greedy teams, to the end or 40 hands."""
    hands = 0
    for m in range(25 * chunk, 25 * chunk + 25):
        rng = random.Random(m)
        kinds = [rng.choice(["greedy", "random"]) for _ in range(2)]
        agents = [ganzdy.make_agent(kinds[s % 2], seed=m * 4 + s) for s in range(4)]
        options = rng.choice([{}, {"a_fail_limit": 1}, {"upgrade_table": "4-2-1"}])
        match = GuandanMatch(Rules("guandan", **options), agents, max_hands=40, seed=m)
        previous = None
        for result in match:
            deal = match.last_deal
            assert deal is not None and deal.is_terminal and conserved(deal)
            deal.check_invariants()
            assert all(level in LEVELS for level in result.team_levels)
            # Each hand at the banker's level; the banker is the last hand's winners.
            if previous is None:
                assert result.banker is None and result.level == "2" and not result.tribute
                assert not result.resisted
            else:
                assert result.banker == previous.winning_team
                assert result.level == previous.team_levels[previous.winning_team]
                assert result.team_levels_before == previous.team_levels
                assert deal.previous_finish == list(previous.finish_order)
                assert result.resisted or len(result.tribute) in (1, 2)
            assert deal.level == result.level and deal.team_levels == result.team_levels_before
            assert result.winning_team == result.finish_order[0] % 2
            assert result.team_levels[1 - result.winning_team] in (
                result.team_levels_before[1 - result.winning_team],
                "2",
            )
            previous = result
        hands += len(match.results)
        assert match.finished
        if match.winner is None:
            assert len(match.results) == 40
        else:
            last = match.results[-1]
            assert last.match_won and last.winning_team == match.winner
            assert last.team_levels_before[match.winner] == "A"
            assert last.level == "A" and last.banker == match.winner
            assert last.result in ("1-2", "1-3")
    assert hands >= 25 * 5  # a match takes five hands at the least


def test_a_match_replays_from_its_seed() -> None:
    def play() -> list[ganzdy.HandResult]:
        agents = [ganzdy.make_agent(s, seed=i) for i, s in enumerate(["greedy", "random"] * 2)]
        return GuandanMatch(RULES, agents, max_hands=8, seed=42, keep_records=True).run()

    first, second = play(), play()
    assert first == second
    assert len(first) == 8 or first[-1].match_won
    for hand in first:
        assert hand.record is not None
        replayed = ganzdy.from_record(hand.record)
        assert replayed.is_terminal and list(replayed.outcome.finish_order) == list(
            hand.finish_order
        )


def test_rules_per_level_are_made_once() -> None:
    match = GuandanMatch(Rules("guandan", jiefeng_to_partner=False), greedy_team(), seed=1)
    nine = match.rules_at("9")
    assert nine is match.rules_at("9") and nine.option("level") == "9"
    assert nine.option("jiefeng_to_partner") is False and match.rules_at("2") is match.rules


def test_bad_matches_are_refused() -> None:
    with pytest.raises(ganzdy.GanzdyError, match="sets each hand's level"):
        GuandanMatch(Rules("guandan", level="5"), greedy_team())
    with pytest.raises(ganzdy.GanzdyError, match="4 seats"):
        GuandanMatch(RULES, greedy_team()[:3])
    with pytest.raises(ganzdy.GanzdyError, match="Guandan rules"):
        GuandanMatch(Rules("gan_deng_yan", players=4), greedy_team())
    with pytest.raises(ganzdy.GanzdyError, match="GuandanMatch"):
        ganzdy.GanDengYanMatch(RULES, greedy_team())
    with pytest.raises(ganzdy.GanzdyError, match="levels"):
        MatchState(levels=("2", "1"))
    with pytest.raises(ganzdy.GanzdyError, match="no banker"):
        MatchState(levels=("2", "5"))
    with pytest.raises(ganzdy.GanzdyError, match="banker"):
        MatchState(levels=("2", "5"), banker=2)
    with pytest.raises(ganzdy.GanzdyError, match="a_failures"):
        MatchState(a_failures=(0, -1))
    won = GuandanMatch(RULES, greedy_team(), start=MatchState(("A", "2"), 0, winner=0))
    assert won.finished and won.winner == 0
    with pytest.raises(ganzdy.GanzdyError, match="over"):
        won.play_next()
    with pytest.raises(ganzdy.GanzdyError, match="over"):
        won.next_deal()
