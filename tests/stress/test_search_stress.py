"""Thread stress for the search's knowledge: PUCT with the built-in C++ evaluator and with
a Python callable, weighted worlds, PIMC and a shared searcher, from several Python
threads at once, each search with threads of its own. Results must not depend on the
contention; under .ci/run's ThreadSanitizer build a race aborts the run (see
test_thread_stress.py for the harness and GANZDY_STRESS_SECONDS)."""

from __future__ import annotations

import random
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

import ganzdy

sys.path.insert(0, str(Path(__file__).parent))
from test_thread_stress import GAMES, INFO_SETS, hammer


def uniform(observation: object, moves: np.ndarray) -> tuple[np.ndarray, float]:
    return np.ones(len(moves), dtype=np.float32), 0.5


@pytest.mark.parametrize("game", GAMES)
def test_knowing_searches_from_threads(game: str) -> None:
    rules = GAMES[game]
    deal = rules.new_deal(seed=9)
    while len(deal.legal_moves) < 2:
        deal.push(deal.legal_moves[0])
    info = INFO_SETS[game](deal, deal.current_player)
    calls = [
        {"evaluator": "greedy", "threads": 2},
        {"evaluator": uniform, "threads": 2, "value_weight": 0.5},
        {"sampling": "weighted", "threads": 2},
    ]
    alone = [ganzdy.ismcts(info, iterations=40, seed=4, **kw) for kw in calls]  # type: ignore[arg-type]
    pimc = ganzdy.pimc(info, worlds=3, seed=4)  # type: ignore[arg-type]

    def search(rng: random.Random, stop: threading.Event) -> None:
        while not stop.is_set():
            k = rng.randrange(len(calls))
            result = ganzdy.ismcts(info, iterations=40, seed=4, **calls[k])  # type: ignore[arg-type]
            assert [c.visits for c in result.children] == [c.visits for c in alone[k].children]
            again = ganzdy.pimc(info, worlds=3, seed=4)  # type: ignore[arg-type]
            assert [c.reward for c in again.children] == [c.reward for c in pimc.children]

    hammer([search, search, search])


def test_a_searcher_refuses_a_second_thread() -> None:
    rules = GAMES["gan_deng_yan"]
    deal = rules.new_deal(seed=3)
    info = ganzdy.GanDengYanInformationSet(deal)
    searcher = ganzdy._core.GanDengYanIsmctsSearcher()
    refused: list[str] = []
    done: list[int] = []

    def search(rng: random.Random, stop: threading.Event) -> None:
        while not stop.is_set():
            try:
                searcher.search(info, [], iterations=200, seed=rng.randrange(100))
                done.append(1)
            except ganzdy.GanzdyError as error:
                assert "another thread" in str(error)
                refused.append(str(error))

    hammer([search, search])
    assert done
