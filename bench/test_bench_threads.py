"""The cost, uncontended, of keeping a deal safe to share between threads: push+pop
through Python (the guard is the GIL: no lock or flag of its own) and sample_world,
which now samples from a copy taken with the GIL held. Results asserted.

Run: ``pytest bench/test_bench_threads.py --benchmark-only``.
"""

from __future__ import annotations

import random

import pytest

import ganzdy
from ganzdy import Rules

GAMES = ["gan_deng_yan", "guandan", "gouji"]


def midgame(
    game: str, plies: int = 40, seed: int = 5
) -> ganzdy.GanDengYanDeal | ganzdy.GuandanDeal | ganzdy.GoujiDeal:
    rng = random.Random(seed)
    deal = Rules(game).new_deal(seed=seed)
    while deal.ply < plies and not deal.is_terminal:
        deal.push(rng.choice(list(deal.legal_moves)))
    assert not deal.is_terminal
    return deal


@pytest.mark.parametrize("game", GAMES)
def test_push_pop(benchmark, game: str) -> None:  # type: ignore[no-untyped-def]
    deal = midgame(game)
    move = deal.legal_moves[-1]
    before = deal.hash()

    def push_pop() -> ganzdy.Move:
        deal.push(move)
        return deal.pop()

    assert benchmark(push_pop) == move
    assert deal.hash() == before


@pytest.mark.parametrize("game", GAMES)
def test_sample_world(benchmark, game: str) -> None:  # type: ignore[no-untyped-def]
    deal = midgame(game)
    seat = deal.current_player
    assert seat is not None
    world = benchmark(deal.sample_world, seat, 7)
    assert world.hand(seat) == deal.hand(seat) and world.hand_sizes == deal.hand_sizes


@pytest.mark.parametrize("game", GAMES)
def test_copy(benchmark, game: str) -> None:  # type: ignore[no-untyped-def]
    """What sample_world now pays on top: one copy() with the history shared."""
    deal = midgame(game)
    copy = benchmark(deal.copy)
    assert copy.hash() == deal.hash()
