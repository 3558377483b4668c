"""Thread stress: the calls that let the GIL go (sample_world, playouts, the vector env's
step, ISMCTS with threads of its own) made from several Python threads at once, on
shared and on separate objects, in every game.

In the ordinary suite these check results (a shared deal undone to its start equals a
fresh deal; playouts and searches give the same answer under contention as alone). In
.ci/run they run again on a ThreadSanitizer build of the extension (GANZDY_SANITIZE_THREAD),
where a data race in the engine or the bindings aborts the run: see tests/sanitizers/
tsan.supp for what is suppressed there and why. GANZDY_STRESS_SECONDS sets how long
each hammering lasts (0.3 s by default; CI's TSan run gives more).
"""

from __future__ import annotations

import os
import random
import threading
from collections.abc import Callable

import numpy as np
import pytest

import ganzdy
from ganzdy.env import VectorEnv

SECONDS = float(os.environ.get("GANZDY_STRESS_SECONDS", "0.3"))
GAMES = {
    "gan_deng_yan": ganzdy.Rules("gan_deng_yan", players=4),
    "guandan": ganzdy.Rules("guandan"),
    "gouji": ganzdy.Rules("gouji"),
}
INFO_SETS = {
    "gan_deng_yan": ganzdy.GanDengYanInformationSet,
    "guandan": ganzdy.GuandanInformationSet,
    "gouji": ganzdy.GoujiInformationSet,
}


def hammer(workers: list[Callable[[random.Random, threading.Event], None]]) -> None:
    """Run each worker in its own thread until SECONDS pass; re-raise the first error."""
    stop = threading.Event()
    errors: list[BaseException] = []

    def run(worker: Callable[[random.Random, threading.Event], None], seed: int) -> None:
        try:
            worker(random.Random(seed), stop)
        except BaseException as error:  # the test fails below with what the thread raised
            errors.append(error)
            stop.set()

    threads = [threading.Thread(target=run, args=(w, i)) for i, w in enumerate(workers)]
    for thread in threads:
        thread.start()
    stop.wait(SECONDS)
    stop.set()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]


@pytest.mark.parametrize("game", GAMES)
def test_shared_deal(game: str) -> None:
    """Two threads push and pop one deal while three sample worlds, copy, observe and
    play it out: nothing crashes, every read sees a whole deal, and the deal undone to
    its start is a fresh deal again."""
    rules = GAMES[game]
    deal = rules.new_deal(seed=5)
    deck = sum(deal.hand_sizes) + len(deal.played) + getattr(deal, "stock_size", 0)

    def mutate(rng: random.Random, stop: threading.Event) -> None:
        while not stop.is_set():
            try:
                if deal.is_terminal or (deal.ply and rng.random() < 0.45):
                    deal.pop()
                else:
                    moves = list(deal.legal_moves)
                    deal.push(rng.choice(moves))
            except (ganzdy.IllegalMoveError, IndexError):
                pass  # another thread moved between this thread's read and its change

    def read(rng: random.Random, stop: threading.Event) -> None:
        while not stop.is_set():
            seat = rng.randrange(rules.players)
            copy = deal.copy(history=rng.random() < 0.5)
            assert sum(copy.hand_sizes) + len(copy.played) + getattr(copy, "stock_size", 0) == deck
            try:
                world = deal.sample_world(seat, seed=rng.randrange(1 << 30))
            except ganzdy.RulesError:
                continue  # over when asked
            assert len(world.hand(seat)) == world.hand_sizes[seat]
            deal.observation(seat)
            if rng.random() < 0.1 and not copy.is_terminal:
                copy.playout(seed=rng.randrange(1 << 30))

    hammer([mutate, mutate, read, read, read])
    while deal.ply:
        deal.pop()
    assert deal.hash() == rules.new_deal(seed=5).hash()


@pytest.mark.parametrize("game", GAMES)
def test_playouts_from_threads(game: str) -> None:
    """Batches with threads of their own, started from several Python threads at once,
    give exactly what the same batch gives alone."""
    rules = GAMES[game]
    alone = ganzdy.playouts(rules, 6, seed=11, threads=1)

    def batch(rng: random.Random, stop: threading.Event) -> None:
        while not stop.is_set():
            result = ganzdy.playouts(rules, 6, seed=11, threads=rng.choice((1, 2, 3)))
            assert np.array_equal(result.points, alone.points)
            assert np.array_equal(result.plies, alone.plies)

    hammer([batch, batch, batch])


@pytest.mark.parametrize("game", GAMES)
def test_vector_env_from_threads(game: str) -> None:
    """Envs stepped from threads: each thread's own env steps as it would alone; one
    env shared by all steps for one thread at a time and refuses the others with a
    RuntimeError, never stepping two at once."""
    rules = GAMES[game]
    shared = VectorEnv(rules, 4, seed=3)
    shared_step = [shared.reset()]
    lock = threading.Lock()

    def own(rng: random.Random, stop: threading.Event) -> None:
        env = VectorEnv(rules, 3, seed=rng.randrange(1000))
        step = env.reset()
        while not stop.is_set():
            step = env.step(step.sample_actions(np.random.default_rng(rng.randrange(1 << 30))))
            assert step.observations.shape[0] == 3

    def share(rng: random.Random, stop: threading.Event) -> None:
        gen = np.random.default_rng(rng.randrange(1 << 30))
        while not stop.is_set():
            with lock:
                actions = shared_step[0].sample_actions(gen)
            try:
                step = shared.step(actions)
            except RuntimeError as error:
                assert "in use by another thread" in str(error)
                continue
            except ganzdy.GanzdyError:
                continue  # another thread stepped first: these ids are stale
            with lock:
                shared_step[0] = step

    hammer([own, own, share, share, share])


@pytest.mark.parametrize("game", GAMES)
def test_ismcts_from_threads(game: str) -> None:
    """Searches with threads of their own, from several Python threads on one
    information set: with an iteration budget the result depends only on the seed
    and the thread count, contention or not."""
    rules = GAMES[game]
    deal = rules.new_deal(seed=9)
    info = INFO_SETS[game](deal, deal.current_player)
    rollout = "random" if game == "gouji" else "greedy"
    alone = ganzdy.ismcts(info, iterations=40, threads=2, rollout=rollout, seed=4)

    def search(rng: random.Random, stop: threading.Event) -> None:
        while not stop.is_set():
            result = ganzdy.ismcts(info, iterations=40, threads=2, rollout=rollout, seed=4)
            assert result.move == alone.move and result.iterations == alone.iterations
            assert [c.visits for c in result.children] == [c.visits for c in alone.children]
            info.sample_world(rng.randrange(1 << 30))

    hammer([search, search, search])


class BlockingActions:
    """Actions whose conversion to an array waits until released: a step that stays
    inside the env's call for as long as a test needs."""

    def __init__(self, ids: np.ndarray) -> None:
        self.ids = ids
        self.entered = threading.Event()
        self.release = threading.Event()

    def __array__(self, dtype: object = None, copy: object = None) -> np.ndarray:
        self.entered.set()
        self.release.wait(10)
        return np.asarray(self.ids, dtype=dtype)  # type: ignore[call-overload]


@pytest.mark.parametrize("game", GAMES)
def test_vector_env_refuses_a_second_thread_for_the_whole_call(game: str) -> None:
    """While one thread is inside step (its result not yet copied out of the env's
    buffers), another thread's step, reset or deal is refused: the TSan run found a
    second step writing the buffers while the first step's result was being copied
    from them (a result mixing two steps)."""
    env = VectorEnv(GAMES[game], 2, seed=1)
    first = env.reset()
    actions = first.sample_actions(np.random.default_rng(0))
    blocking = BlockingActions(actions)
    results: list[object] = []
    stepper = threading.Thread(target=lambda: results.append(env.step(blocking)))
    stepper.start()
    try:
        assert blocking.entered.wait(10)
        with pytest.raises(RuntimeError, match="in use by another thread"):
            env.step(actions)
        with pytest.raises(RuntimeError, match="in use by another thread"):
            env.reset()
        with pytest.raises(RuntimeError, match="in use by another thread"):
            env.deal(0)
    finally:
        blocking.release.set()
        stepper.join()
    assert len(results) == 1
    env.step(results[0].sample_actions(np.random.default_rng(1)))  # type: ignore[attr-defined]
