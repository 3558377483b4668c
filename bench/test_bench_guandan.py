"""Guandan move generation speed, with the result of every timed call asserted.

Run: ``pytest bench/test_bench_guandan.py --benchmark-only``; with ``-s``,
``test_cpp_lead_generation_on_fresh_hands`` prints the cost of a lead on fresh 27-card hands
measured inside C++ (median and worst over 800 hands, moves per hand).
"""

from __future__ import annotations

import statistics

import pytest
from shuffled_hands import shuffled_hands

import ganzdy
from ganzdy import Move, Rules

RULES = Rules("guandan", level="2")
FRESH = "Kd 8c 6c 3h 7h Kh 2h 9h Jd 7d 8d 8c Qc 7c 2d Ks Kh BJ 3s Ah 9c 7s Ac Qs 6c 4s 8h"
RUNS = "3s 4s 5s 6s 7s 7d 8s 8d 9s 9d Ts Td Jd Qh Qd Kc Kc Ac As 2h 2h 2s 2d BJ RJ 6h 6c"

# (name, hand, table, number of legal moves at card level)
CASES = [
    ("lead_fresh_27_cards_1_wild", FRESH, None, 1135),
    ("lead_27_cards_runs_2_wilds", RUNS, None, 1931),
    ("follow_single_fresh_27_cards", FRESH, Move("single", "5", "5s"), 39),
    ("lead_G34", "3s 4s 5s 9h 9h", None, 14),
]


DECK = [r + s for r in "3456789TJQKA2" for s in "shdc"] * 2 + ["BJ", "RJ"] * 2


@pytest.mark.parametrize(
    ("name", "hand", "table", "count"), CASES, ids=lambda x: x if isinstance(x, str) else ""
)
def test_legal_moves(benchmark, name: str, hand: str, table: Move | None, count: int) -> None:  # type: ignore[no-untyped-def]
    rules = Rules("guandan", level="9") if name == "lead_G34" else RULES
    moves = benchmark(rules.legal_moves, hand, table)
    assert len(moves) == count and len(set(moves)) == count


def test_cpp_lead_generation_on_fresh_hands() -> None:
    """Leads of the 800 hands of 200 random deals, timed inside C++ (median of 5 runs a hand)."""
    hands = shuffled_hands(DECK, 4, deals=200, seed=8)
    times, counts = [], []
    for hand in hands:
        ns, moves = ganzdy._core.time_generation(RULES, hand, None, iterations=20, repeats=5)
        times.append(ns / 1000)
        counts.append(moves)
    assert sum(counts) == 623402  # the move lists themselves are checked by the differential tests
    print(
        f"\nGuandan leads, fresh 27-card hands (800): median {statistics.median(times):.2f} us, "
        f"p90 {sorted(times)[720]:.2f} us, worst {max(times):.2f} us; moves a hand: mean "
        f"{statistics.mean(counts):.0f}, median {statistics.median(counts):.0f}, max {max(counts)}; "
        f"{statistics.median(t * 1000 / c for t, c in zip(times, counts, strict=True)):.1f} ns a move"
    )


# -- playouts: whole hands in C++ ----------------------------------------------------

# (agents, tribute, plies and bombs over the 500 hands of seed 11): a fast wrong batch fails.
PLAYOUTS = [
    ("random", True, 67550, 1820),
    ("random", False, 66624, 1834),
    ("greedy", True, 49703, 2331),
    ("greedy", False, 48660, 2218),
]


@pytest.mark.parametrize(
    ("agents", "tribute", "plies", "bombs"), PLAYOUTS, ids=lambda x: str(x).lower()
)
def test_playouts(benchmark, agents: str, tribute: bool, plies: int, bombs: int) -> None:  # type: ignore[no-untyped-def]
    """500 hands on one thread; with -s prints hands and decisions per second."""
    batch = benchmark(
        ganzdy.playouts, RULES, 500, agents=agents, seed=11, threads=1, tribute=tribute
    )
    assert int(batch.plies.sum()) == plies and int(batch.bombs.sum()) == bombs
    assert (batch.points.sum(axis=1) == 0).all()
    if benchmark.stats is None:  # --benchmark-disable: the results are checked, nothing timed
        return
    seconds = benchmark.stats.stats.median
    print(
        f"\nGuandan {agents} playouts{'' if tribute else ' (first hands)'}: "
        f"{500 / seconds:,.0f} hands/s, {plies / seconds / 1e6:.2f} M decisions/s"
    )


def test_greedy_team_against_random_team() -> None:
    """Greedy partners against random partners over 500 seeds, each played from both sides."""
    as_team0 = ganzdy.playouts(RULES, 500, agents=["greedy", "random"] * 2, seed=11, threads=1)
    as_team1 = ganzdy.playouts(RULES, 500, agents=["random", "greedy"] * 2, seed=11, threads=1)
    wins = int((as_team0.winner % 2 == 0).sum() + (as_team1.winner % 2 == 1).sum())
    assert int(as_team0.plies.sum()) == 52670 and wins > 950
