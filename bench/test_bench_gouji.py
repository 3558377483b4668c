"""Gouji move generation speed, with the result of every timed call asserted.

Run: ``pytest bench/test_bench_gouji.py --benchmark-only``; with ``-s``,
``test_cpp_lead_generation_on_fresh_hands`` prints the cost of a lead on fresh 36-card hands and
``test_cpp_follow_generation_on_fresh_hands`` that of answering a play of another hand, both
measured inside C++ (median and worst over 600 hands, moves per hand).
"""

from __future__ import annotations

import random
import statistics

import pytest
from shuffled_hands import shuffled_hands

import ganzdy
from ganzdy import Move, Rules

RULES = Rules("gouji")
FRESH = (
    "Qh 9d Ah 9d Jh BJ 2s 5h Kd 2c 8d Ks 8c Th Js Jd 2s 8h Jc 3d 8s 9h Ac 7h Ac Qs 7s 6d 4h 9h "
    "Th 7d 3h As 9c 8d"
)
RICH = (
    "7h BJ 3c 2s Jc Jd 7s Js 7s 5c BJ 6d Ah 7h 5d 6h RJ Td 9c 9h Jh Jh 2h 9s 5c Js 8d Ks Kh 6h "
    "7h 2d Qh BJ 2s RJ"
)

# (name, hand, table, number of legal moves)
CASES = [
    ("lead_fresh_36_cards", FRESH, None, 247),
    ("lead_36_cards_5_jokers_4_twos", RICH, None, 1619),
    ("follow_pair_fresh_36_cards", FRESH, Move("group", "9", "9s 9h"), 17),
    ("follow_joker_triple_rich", RICH, Move("group", "9", "9s 9h BJ"), 14),
    ("follow_J11", "8s 8h 2s BJ RJ 9s 9h 9d 9c 9s", Move("group", "7", "7s 7h 7d 7c"), 12),
]


DECK = [r + s for r in "3456789TJQKA2" for s in "shdc"] * 4 + ["BJ", "RJ"] * 4


def _hands(deals: int, seed: int) -> list[str]:
    """The six 36-card hands of each of `deals` shuffles of the four packs."""
    return shuffled_hands(DECK, 6, deals, seed)


@pytest.mark.parametrize(
    ("name", "hand", "table", "count"), CASES, ids=lambda x: x if isinstance(x, str) else ""
)
def test_legal_moves(benchmark, name: str, hand: str, table: Move | None, count: int) -> None:  # type: ignore[no-untyped-def]
    moves = benchmark(RULES.legal_moves, hand, table)
    assert len(moves) == count and len(set(moves)) == count


FOLLOWS_TOTAL = 6450


def _report(what: str, times: list[float], counts: list[int]) -> str:
    n = len(times)
    per_move = [t * 1000 / c for t, c in zip(times, counts, strict=True) if c]
    return (
        f"\nGouji {what}, fresh 36-card hands ({n}): median {statistics.median(times):.2f} us, "
        f"p90 {sorted(times)[n * 9 // 10]:.2f} us, worst {max(times):.2f} us; moves a hand: mean "
        f"{statistics.mean(counts):.0f}, median {statistics.median(counts):.0f}, min {min(counts)}, "
        f"max {max(counts)}; {statistics.median(per_move):.1f} ns a move"
    )


def test_cpp_lead_generation_on_fresh_hands() -> None:
    """Leads of the 600 hands of 100 random deals, timed inside C++ (median of 5 runs a hand)."""
    times, counts = [], []
    for hand in _hands(100, seed=9):
        ns, moves = ganzdy._core.time_generation(RULES, hand, None, iterations=20, repeats=5)
        times.append(ns / 1000)
        counts.append(moves)
    assert len(counts) == 600
    assert sum(counts) == 177335  # the move lists themselves are checked by the differential tests
    print(_report("leads", times, counts))


def test_cpp_follow_generation_on_fresh_hands() -> None:
    """Each of the 600 hands answering a lead of the next hand, timed inside C++."""
    rng = random.Random(10)
    hands = _hands(100, seed=9)
    times, counts = [], []
    for i, hand in enumerate(hands):
        table = rng.choice(RULES.legal_moves(hands[i + 1 if i % 6 < 5 else i - 5]))
        ns, moves = ganzdy._core.time_generation(RULES, hand, table, iterations=50, repeats=5)
        times.append(ns / 1000)
        counts.append(moves)
    assert sum(counts) == FOLLOWS_TOTAL
    print(_report("follows", times, counts))


# -- playouts: whole hands in C++ ----------------------------------------------------

# (agents, tribute, plies over the 300 hands of seed 11): a fast wrong batch fails.
PLAYOUTS = [
    ("random", True, 112446),
    ("random", False, 114112),
    ("greedy", True, 69679),
    ("greedy", False, 70449),
]


@pytest.mark.parametrize(("agents", "tribute", "plies"), PLAYOUTS, ids=lambda x: str(x).lower())
def test_playouts(benchmark, agents: str, tribute: bool, plies: int) -> None:  # type: ignore[no-untyped-def]
    """300 hands on one thread; with -s prints hands and decisions per second."""
    batch = benchmark(
        ganzdy.playouts, RULES, 300, agents=agents, seed=11, threads=1, tribute=tribute
    )
    assert int(batch.plies.sum()) == plies and (batch.points.sum(axis=1) == 0).all()
    if benchmark.stats is None:  # --benchmark-disable: the results are checked, nothing timed
        return
    seconds = benchmark.stats.stats.median
    print(
        f"\nGouji {agents} playouts{'' if tribute else ' (first hands)'}: "
        f"{300 / seconds:,.0f} hands/s, {plies / seconds / 1e6:.2f} M decisions/s"
    )


def test_greedy_team_against_random_team() -> None:
    """Greedy teammates against random ones over 300 seeds, each played from both sides."""
    as_team0 = ganzdy.playouts(RULES, 300, agents=["greedy", "random"] * 3, seed=11, threads=1)
    as_team1 = ganzdy.playouts(RULES, 300, agents=["random", "greedy"] * 3, seed=11, threads=1)
    greedy = [*as_team0.points[:, 0::2].sum(axis=1), *as_team1.points[:, 1::2].sum(axis=1)]
    assert int(as_team0.plies.sum()) == 83108
    assert sum(p > 0 for p in greedy) == 576 and sum(p < 0 for p in greedy) == 7
