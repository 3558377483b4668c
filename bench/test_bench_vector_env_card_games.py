"""Vector env speed for Guandan and Gouji: env steps per second at n = 1024, inside C++.

A step is one learner decision in one env, as for Gan Deng Yan
(bench/test_bench_vector_env.py), plus the legal moves' features (54 face counts,
kind, key, wilds per legal move), which card-level games give instead of move ids.
The learner plays uniformly random legal moves.

Run: ``pytest bench/test_bench_vector_env_card_games.py -s`` prints the medians and
ranges. Results are asserted: the steps and episodes played, episode lengths and the
mean reward as each game and opponent allows.
"""

from __future__ import annotations

import statistics

import pytest

import ganzdy

N = 1024


@pytest.mark.parametrize(
    ("game", "opponents"), [("guandan", "random"), ("guandan", "greedy"), ("gouji", "random")]
)
def test_cpp_figures(game: str, opponents: str) -> None:
    cls = ganzdy._core.GuandanVectorEnv if game == "guandan" else ganzdy._core.GoujiVectorEnv
    core = cls(ganzdy.Rules(game), N, opponents, 0, 1)
    core.reset()
    ganzdy._core.time_vector_env(core, steps=10, rounds=1, seed=2)  # warm the buffers
    result = ganzdy._core.time_vector_env(core, steps=40, rounds=7, seed=3)
    ns, cpu = result["ns_per_step"], result["cpu_ns_per_step"]
    assert len(ns) == len(cpu) == 7 and result["steps"] == 40 * 7 * N
    per_episode = result["steps"] / result["episodes"]
    mean = result["reward_sum"] / result["episodes"]
    if game == "guandan":
        # A random learner decides about 35 times a deal (tribute choices included)
        # against random opponents, 29 against greedy ones, who take about 1.6 levels a
        # deal from it; random against random is even.
        assert (30 < per_episode < 40) if opponents == "random" else (24 < per_episode < 34)
        assert (-0.3 < mean < 0.3) if opponents == "random" else (-2.2 < mean < -1.0)
    else:
        # Gouji: six seats, long hands; random against random is even.
        assert 55 < per_episode < 85 and -1.0 < mean < 1.0
    print(
        f"\nC++ {game} n={N}, {opponents} opponents: median "
        f"{1e9 / statistics.median(ns):,.0f} env steps/s ({statistics.median(ns):.0f} ns a step; "
        f"range {1e9 / max(ns):,.0f}-{1e9 / min(ns):,.0f}); CPU time: median "
        f"{1e9 / statistics.median(cpu):,.0f}/s (range {1e9 / max(cpu):,.0f}-{1e9 / min(cpu):,.0f})"
    )
