"""ISMCTS speed: one search per call, results asserted; a throughput table as a script.

Run: ``pytest bench/test_bench_ismcts.py --benchmark-only``, or
``python bench/test_bench_ismcts.py`` for iterations per CPU second (median of several
searches from each of three positions, with random and greedy rollouts) beside the cost
of sampling a world and playing it out, measured alternately.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from typing import Any

import ganzdy
from ganzdy import GanDengYanInformationSet, Rules
from ganzdy._core import ismcts

RULES = Rules("gan_deng_yan", players=4)


def position(plies: int, seed: int = 5) -> ganzdy.GanDengYanDeal:
    """A deal played at random for `plies` moves, then on to a choice of moves."""
    rng = random.Random(seed)
    deal = RULES.new_deal(seed=seed, dealer=0)
    while deal.ply < plies or len(deal.legal_moves) < 2:
        deal.push(rng.choice(list(deal.legal_moves)))
    assert not deal.is_terminal
    return deal


def spread(deal: ganzdy.GanDengYanDeal) -> bool:
    """At least 30 legal moves, none of them the whole hand."""
    size = len(deal.hand(deal.current_player or 0))
    moves = deal.legal_moves
    return len(moves) >= 30 and all(len(m.cards) < size for m in moves)


def check(deal: ganzdy.GanDengYanDeal, result: ganzdy.IsmctsResult, iterations: int) -> None:
    assert result.move in deal.legal_moves
    assert result.iterations == iterations
    assert sum(c.visits for c in result.children) == iterations


def test_search_random_rollouts(benchmark) -> None:  # type: ignore[no-untyped-def]
    deal = position(40)
    info = GanDengYanInformationSet(deal)
    result = benchmark(ismcts, info, iterations=500, seed=1, rollout="random")
    check(deal, result, 500)


def test_search_greedy_rollouts(benchmark) -> None:  # type: ignore[no-untyped-def]
    deal = position(40)
    info = GanDengYanInformationSet(deal)
    result = benchmark(ismcts, info, iterations=500, seed=1, rollout="greedy")
    check(deal, result, 500)


def test_search_two_threads(benchmark) -> None:  # type: ignore[no-untyped-def]
    deal = position(0)
    info = GanDengYanInformationSet(deal)
    result = benchmark(ismcts, info, iterations=1000, seed=1, threads=2)
    check(deal, result, 1000)


def test_search_puct_greedy_evaluator(benchmark) -> None:  # type: ignore[no-untyped-def]
    """PUCT with the built-in C++ evaluator (greedy prior, greedy-playout value): the
    search's own cost of a prior and value, without Python in the loop."""
    deal = position(40)
    info = GanDengYanInformationSet(deal)
    result = benchmark(ismcts, info, iterations=500, seed=1, evaluator="greedy")
    check(deal, result, 500)


def test_search_puct_python_evaluator(benchmark) -> None:  # type: ignore[no-untyped-def]
    """PUCT with a Python callable (uniform prior, constant value): what crossing into
    Python for every new node costs."""
    import numpy as np

    def uniform(observation: Any, moves: Any) -> tuple[Any, float]:
        return np.ones(len(moves), dtype=np.float32), 0.5

    deal = position(40)
    info = GanDengYanInformationSet(deal)
    result = benchmark(ismcts, info, iterations=500, seed=1, evaluator=uniform)
    check(deal, result, 500)


def test_search_weighted_worlds(benchmark) -> None:  # type: ignore[no-untyped-def]
    deal = position(40)
    info = GanDengYanInformationSet(deal)
    result = benchmark(ismcts, info, iterations=500, seed=1, sampling="weighted")
    check(deal, result, 500)


def test_agent_decision(benchmark) -> None:  # type: ignore[no-untyped-def]
    """A whole decision of the default agent from a view (the default budget)."""
    deal = position(0)
    view = ganzdy.view_for(deal)
    agent = ganzdy.ISMCTS(seed=1)
    move = benchmark(agent.act, view)
    assert move in deal.legal_moves
    assert agent.last_result is not None
    assert agent.last_result.iterations == ganzdy._core.ISMCTS_DEFAULT_ITERATIONS


def throughput(repeats: int, iterations: int) -> list[dict[str, Any]]:
    """Iterations per CPU second, and the cost of what an iteration does besides the tree.

    Times are CPU times of this process (the search runs on one thread here), so the
    figures are per core even when other processes share the machine. The baseline is
    sampling a world and playing it out with the same policy, measured alternately
    with the searches: the tree's own cost is the difference.
    """
    rows = []
    # The dealer's first lead, a middle game, a late one, and a lead with many choices
    # that cannot go out at once.
    deals = (RULES.new_deal(seed=s, dealer=0) for s in range(1000))
    wide = next(d for d in deals if spread(d))
    for deal in (position(0), position(40), position(100), wide):
        info = GanDengYanInformationSet(deal)
        for rollout in ("random", "greedy"):
            rates, walls, baseline_us = [], [], []
            for r in range(repeats):
                start = time.process_time()
                result = ismcts(info, iterations=iterations, seed=r, rollout=rollout)
                rates.append(result.iterations / (time.process_time() - start))
                walls.append(result.iterations / result.seconds)
                check(deal, result, iterations)
                start = time.process_time()
                for k in range(500):
                    info.sample_world(1000 * r + k).playout(rollout, seed=k)
                baseline_us.append((time.process_time() - start) / 500 * 1e6)
            rate = statistics.median(rates)
            baseline = statistics.median(baseline_us)
            rows.append(
                {
                    "ply": deal.ply,
                    "legal": len(deal.legal_moves),
                    "rollout": rollout,
                    "iterations_per_cpu_s": rate,
                    "iterations_per_wall_s": statistics.median(walls),
                    "us_per_iteration": 1e6 / rate,
                    "us_per_sample_and_playout": baseline,
                    "iteration_over_baseline": 1e6 / rate / baseline,
                }
            )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="ISMCTS iterations per second per core")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--iterations", type=int, default=2000)
    args = parser.parse_args(argv)
    print(
        "| position | legal moves | rollout | iterations per CPU second | us per iteration "
        "| us per sample + playout | ratio | iterations per wall second |"
    )
    print("|---|---:|---|---:|---:|---:|---:|---:|")
    for row in throughput(args.repeats, args.iterations):
        print(
            f"| ply {row['ply']} | {row['legal']} | {row['rollout']} | "
            f"{row['iterations_per_cpu_s']:,.0f} | {row['us_per_iteration']:.1f} | "
            f"{row['us_per_sample_and_playout']:.1f} | {row['iteration_over_baseline']:.2f} | "
            f"{row['iterations_per_wall_s']:,.0f} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
