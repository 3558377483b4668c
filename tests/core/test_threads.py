"""Deals shared between Python threads: calls that let the GIL go (sample_world, playout)
while another thread pushes and pops the same deal must neither crash nor read a deal
changing under them (issue 16, item 2).

Each hammering runs in a subprocess, so a crash (SIGSEGV, std::terminate) fails the test
instead of taking pytest down with it.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

HAMMER = textwrap.dedent(
    """
    import random, sys, threading
    import ganzdy

    game = sys.argv[1]
    rules = ganzdy.Rules(game)
    deal = rules.new_deal(seed=3)
    errors = []
    stop = threading.Event()

    def mutate(seed):
        rng = random.Random(seed)
        while not stop.is_set():
            try:
                if deal.is_terminal or (deal.ply > 0 and rng.random() < 0.45):
                    deal.pop()
                else:
                    moves = list(deal.legal_moves)
                    if moves:
                        deal.push(rng.choice(moves))
            except ganzdy.IllegalMoveError:
                # Another thread moved between this thread's read and its push or
                # pop: a checked refusal, not corruption.
                pass
            except BaseException as error:
                errors.append(repr(error))
                return

    def read(seed):
        rng = random.Random(seed)
        while not stop.is_set():
            try:
                seat = rng.randrange(rules.players)
                world = deal.sample_world(seat, seed=rng.randrange(1 << 30))
                if game != "gan_deng_yan":
                    world.check_invariants()
                copy = deal.copy()
                len(copy.legal_moves)
                deal.observation(seat)
                if rng.random() < 0.05:
                    deal.playout(seed=rng.randrange(1 << 30))
            except ganzdy.RulesError:
                pass  # the deal was over when asked: no seat to act
            except BaseException as error:
                errors.append(repr(error))
                return

    threads = [threading.Thread(target=mutate, args=(s,)) for s in range(2)]
    threads += [threading.Thread(target=read, args=(s,)) for s in range(2, 5)]
    for t in threads:
        t.start()
    threading.Event().wait(float(sys.argv[2]))
    stop.set()
    for t in threads:
        t.join()
    if game != "gan_deng_yan":
        deal.check_invariants()
    while deal.ply:
        deal.pop()
    fresh = rules.new_deal(seed=3)
    assert deal.hash() == fresh.hash(), "the deal undone to its start differs from a fresh one"
    assert not errors, errors
    print("ok")
    """
)


@pytest.mark.parametrize("game", ["gan_deng_yan", "guandan", "gouji"])
def test_threads_hammering_one_deal_end_normally(game: str) -> None:
    run = subprocess.run(
        [sys.executable, "-c", HAMMER, game, "3"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, f"exit {run.returncode}: {run.stderr[-2000:]}"
    assert run.stdout.strip() == "ok"
