"""The league's tables: who plays which seats, and how often each opponent is drawn."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import ganzdy
from ganzdy.train.league import GREEDY, LEARNER, RANDOM, LeagueMix, draw_table, learner_seats


def kind_of(table: tuple[int, ...]) -> str:
    others = {who for who in table if who != LEARNER}
    if not others:
        return "self"
    assert len(others) == 1, table  # one opponent a deal
    (who,) = others
    return {GREEDY: "greedy", RANDOM: "random"}.get(who, "past")


@pytest.mark.parametrize(("players", "teams"), [(4, False), (3, False), (4, True), (6, True)])
def test_tables_follow_the_mix(players: int, teams: bool) -> None:
    mix = LeagueMix(greedy=0.5, random=0.1, past=0.3, self=0.1)
    rng = np.random.default_rng(5)
    draws = 4000
    tables = [draw_table(rng, mix, players, teams, [3, 7]) for _ in range(draws)]
    counts = Counter(kind_of(t) for t in tables)
    for kind, weight in zip(("greedy", "random", "past", "self"), mix.weights(), strict=True):
        expected = draws * weight
        sd = (draws * weight * (1 - weight)) ** 0.5
        assert abs(counts[kind] - expected) < 5 * sd, (kind, counts)
    first_seats = Counter()
    for table in tables:
        mine = [s for s, who in enumerate(table) if who == LEARNER]
        if kind_of(table) == "self":
            assert len(mine) == players
            continue
        if teams:
            assert len(mine) == players // 2 and len({s % 2 for s in mine}) == 1
        else:
            assert len(mine) == 1
        first_seats[mine[0]] += 1
        assert {who for who in table if who >= 0} <= {3, 7}
    # The learner's seats are spread over the table.
    assert len(first_seats) == (2 if teams else players)


def test_past_without_snapshots_is_self_play() -> None:
    rng = np.random.default_rng(1)
    mix = LeagueMix(greedy=0, random=0, past=1, self=0)
    assert all(draw_table(rng, mix, 4, False, []) == (LEARNER,) * 4 for _ in range(20))


def test_learner_seats() -> None:
    assert learner_seats(4, False, 2) == [2]
    assert learner_seats(4, True, 3) == [1, 3]
    assert learner_seats(6, True, 4) == [0, 2, 4]


def test_mix_parsing() -> None:
    assert LeagueMix.parse("greedy=1,self=3") == LeagueMix(greedy=1, random=0, past=0, self=3)
    assert LeagueMix.parse(LeagueMix().spec()) == LeagueMix()
    with pytest.raises(ganzdy.GanzdyError, match="'bots=1'"):
        LeagueMix.parse("bots=1")
    with pytest.raises(ganzdy.GanzdyError, match="'lots'"):
        LeagueMix.parse("greedy=lots")
    with pytest.raises(ganzdy.GanzdyError, match="not all zero"):
        LeagueMix.parse("greedy=0")
    with pytest.raises(ganzdy.GanzdyError, match="not negative"):
        LeagueMix(greedy=-1)
