"""Vector env speed (issue 5 §5): env steps per second at n = 1024 on one core.

A step is one learner decision in one env: the learner's move, every opponent move up
to the learner's next turn, the next observation and legal ids, and the auto-reset
when the deal ended. The learner plays uniformly random legal ids here.

Run: ``pytest bench/test_bench_vector_env.py --benchmark-only`` for the Python-driven
figures, and ``pytest bench/test_bench_vector_env.py -s --benchmark-disable`` to print
the figures measured inside C++ (``test_cpp_figures``) and per n. Results are asserted:
the number of steps and episodes, and rewards summing as the game allows.
"""

from __future__ import annotations

import statistics
import time

import numpy as np
import pytest

import ganzdy
from ganzdy import Rules
from ganzdy.env import VectorEnv, VectorStep

RULES = Rules("gan_deng_yan", players=4)
N = 1024
STEPS = 20  # steps of all N envs per timed call


class Driver:
    """Steps an env with random learner moves, keeping the totals a benchmark asserts."""

    def __init__(self, opponents: str, copy: bool = True, masks: bool = False) -> None:
        self.env = VectorEnv(RULES, N, opponents=opponents, seed=1, copy=copy)
        self.step: VectorStep = self.env.reset()
        self.rng = np.random.default_rng(0)
        self.masks = masks
        self.steps = 0
        self.episodes = 0
        self.reward_sum = 0.0
        self.mask_ids = 0
        self.cpu_seconds: list[float] = []  # process CPU time of each run()

    def run(self) -> int:
        start = time.process_time()
        for _ in range(STEPS):
            self.step = self.env.step(self.step.sample_actions(self.rng))
            if self.masks:
                self.mask_ids += int(self.env.action_masks()[:, 0].sum())  # the pass column
            self.steps += N
            self.episodes += int(self.step.terminations.sum())
            self.reward_sum += float(self.step.rewards.sum())
        self.cpu_seconds.append(time.process_time() - start)
        return self.steps

    def check(self, opponents: str) -> None:
        # Enough steps that episode statistics settle (deals start in step at reset),
        # also when the benchmark ran the function once (--benchmark-disable).
        while self.steps < 200 * N:
            self.run()
        assert (self.step.legal_counts > 0).all()
        # A random learner decides about 45 times a deal against random opponents, 30
        # against greedy ones. Points are heavy-tailed (multipliers): random against random
        # averages 0 give or take a few, greedy opponents take about 17 a deal from it.
        per_episode = self.steps / self.episodes
        assert (35 < per_episode < 60) if opponents == "random" else (22 < per_episode < 40)
        mean = self.reward_sum / self.episodes
        assert (-8 < mean < 8) if opponents == "random" else (-30 < mean < -8)
        assert self.env.skipped_episodes < self.env.completed_episodes / 50


def report(benchmark, driver: Driver, label: str) -> None:  # type: ignore[no-untyped-def]
    """Wall-clock rate (pytest-benchmark's rounds) and CPU-time rate (the same rounds).

    On a shared machine the wall clock also counts time other processes held the
    core; process CPU time does not.
    """
    stats = benchmark.stats.stats
    rates = [STEPS * N / t for t in stats.data]
    cpu = [STEPS * N / t for t in driver.cpu_seconds[-len(rates) :]]
    benchmark.extra_info["env_steps_per_s_median"] = STEPS * N / stats.median
    benchmark.extra_info["env_steps_per_cpu_s_median"] = statistics.median(cpu)
    print(
        f"\n{label}: median {STEPS * N / stats.median:,.0f} env steps/s "
        f"(range {min(rates):,.0f}-{max(rates):,.0f} over {len(rates)} rounds); "
        f"CPU time: median {statistics.median(cpu):,.0f}/s (range {min(cpu):,.0f}-{max(cpu):,.0f})"
    )


@pytest.mark.parametrize("opponents", ["random", "greedy"])
def test_steps_with_observations_and_legal_ids(benchmark, opponents: str) -> None:  # type: ignore[no-untyped-def]
    driver = Driver(opponents)
    benchmark.pedantic(driver.run, rounds=9, iterations=1, warmup_rounds=1)
    driver.check(opponents)
    if benchmark.enabled:
        report(
            benchmark, driver, f"n={N}, {opponents} opponents, observations + legal ids (copies)"
        )


@pytest.mark.parametrize("copy", [False, True], ids=["views", "copies"])
def test_steps_with_dense_masks(benchmark, copy: bool) -> None:  # type: ignore[no-untyped-def]
    driver = Driver("random", copy=copy, masks=True)
    benchmark.pedantic(driver.run, rounds=9, iterations=1, warmup_rounds=1)
    driver.check("random")
    # The pass is legal exactly when following: about four decisions in five.
    assert 0.6 * driver.steps < driver.mask_ids < 0.95 * driver.steps
    if benchmark.enabled:
        kind = (
            "read-only views" if copy is False else f"copies of {N * RULES.num_moves / 1e6:.0f} MB"
        )
        report(benchmark, driver, f"n={N}, random opponents, + dense masks ({kind})")


def test_cpp_figures() -> None:
    """The same steps timed inside C++ (no Python, no NumPy): medians and ranges."""
    print()
    for opponents, masks in (("random", False), ("greedy", False), ("random", True)):
        core = ganzdy._core.GanDengYanVectorEnv(RULES, N, opponents, 0, 1)
        core.reset()
        ganzdy._core.time_vector_env(core, steps=10, rounds=1, seed=2)  # warm the buffers
        result = ganzdy._core.time_vector_env(core, steps=40, rounds=7, masks=masks, seed=3)
        ns, cpu = result["ns_per_step"], result["cpu_ns_per_step"]
        assert len(ns) == len(cpu) == 7 and result["steps"] == 40 * 7 * N
        per_episode = result["steps"] / result["episodes"]
        assert (35 < per_episode < 60) if opponents == "random" else (22 < per_episode < 40)
        mean = result["reward_sum"] / result["episodes"]
        assert (-8 < mean < 8) if opponents == "random" else (-30 < mean < -8)
        label = f"C++ n={N}, {opponents} opponents" + (", + dense masks" if masks else "")
        print(
            f"{label}: median {1e9 / statistics.median(ns):,.0f} env steps/s "
            f"({statistics.median(ns):.0f} ns a step; range {1e9 / max(ns):,.0f}-{1e9 / min(ns):,.0f}); "
            f"CPU time: median {1e9 / statistics.median(cpu):,.0f}/s "
            f"(range {1e9 / max(cpu):,.0f}-{1e9 / min(cpu):,.0f})"
        )


def test_steps_per_second_by_n() -> None:
    """How the per-call overhead amortizes: C++ and Python-driven, n = 1 to 4096."""
    print()
    for n in (1, 16, 256, 1024, 4096):
        steps = max(20, 20_000 // n)
        core = ganzdy._core.GanDengYanVectorEnv(RULES, n, "random", 0, 1)
        core.reset()
        timed = ganzdy._core.time_vector_env(core, steps=steps, rounds=5, seed=2)
        ns, cpu_ns = timed["ns_per_step"], timed["cpu_ns_per_step"]
        env = VectorEnv(RULES, n, opponents="random", seed=1)
        step, rng = env.reset(), np.random.default_rng(0)
        rates, cpu_rates = [], []
        for _ in range(5):
            t0, c0 = time.perf_counter(), time.process_time()
            for _ in range(steps):
                step = env.step(step.sample_actions(rng))
            rates.append(n * steps / (time.perf_counter() - t0))
            cpu_rates.append(n * steps / (time.process_time() - c0))
        assert (step.legal_counts > 0).all()
        print(
            f"n={n}: C++ {1e9 / statistics.median(ns):,.0f} env steps/s "
            f"(CPU time {1e9 / statistics.median(cpu_ns):,.0f}/s), from Python "
            f"{statistics.median(rates):,.0f} env steps/s (CPU time {statistics.median(cpu_rates):,.0f}/s); "
            "medians of 5 rounds"
        )
