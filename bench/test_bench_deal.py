"""Deal speed: copy, undo, one Python-driven decision, batch playouts; results asserted.

Run: ``pytest bench --benchmark-only``. ``test_cpp_costs`` prints the costs measured
inside C++ (no Python boundary).
"""

from __future__ import annotations

import random

import numpy as np

import ganzdy
from ganzdy import Rules

RULES = Rules("gan_deng_yan", players=4)


def midgame(plies: int = 60, seed: int = 5) -> ganzdy.GanDengYanDeal:
    rng = random.Random(seed)
    deal = RULES.new_deal(seed=seed)
    while deal.ply < plies and not deal.is_terminal:
        ids = deal.legal_ids()
        deal.apply_id(int(ids[rng.randrange(len(ids))]))
    assert not deal.is_terminal
    return deal


def test_copy(benchmark) -> None:  # type: ignore[no-untyped-def]
    deal = midgame()
    copy = benchmark(deal.copy)
    assert copy.hash() == deal.hash() and copy.ply == deal.ply


def test_copy_without_history(benchmark) -> None:  # type: ignore[no-untyped-def]
    deal = midgame()
    copy = benchmark(deal.copy, history=False)
    assert copy.hash() == deal.hash() and copy.root_ply == deal.ply


def test_push_pop(benchmark) -> None:  # type: ignore[no-untyped-def]
    deal = midgame()
    move = deal.legal_moves[-1]
    before = deal.hash()

    def push_pop() -> ganzdy.Move:
        deal.push(move)
        return deal.pop()

    assert benchmark(push_pop) == move
    assert deal.hash() == before


def test_python_driven_decision(benchmark) -> None:  # type: ignore[no-untyped-def]
    """One decision as an RL loop makes it: legal ids, pick one, apply it, undo it."""
    deal = midgame()
    before = deal.hash()

    def decide() -> int:
        ids = deal.legal_ids()
        deal.apply_id(int(ids[len(ids) // 2]))
        deal.pop()
        return len(ids)

    assert benchmark(decide) == len(deal.legal_moves)
    assert deal.hash() == before


def test_playouts_1000_deals(benchmark) -> None:  # type: ignore[no-untyped-def]
    result = benchmark(ganzdy.playouts, RULES, 1000, agents="random", seed=1, threads=1)
    assert result.points.shape == (1000, 4)
    assert (result.points.sum(axis=1) == 0).all()
    assert 150 < float(np.mean(result.plies)) < 220  # about 180 plies a four-player deal


def test_cpp_costs() -> None:
    deal = midgame()
    copy_ns = ganzdy._core.time_copy(deal, True, 5000, 5)
    bare_ns = ganzdy._core.time_copy(deal, False, 5000, 5)
    undo_ns = ganzdy._core.time_apply_undo(deal, 5000, 5)
    assert copy_ns > 0 and bare_ns > 0 and undo_ns > 0
    print(
        f"\ncopy at ply {deal.ply}: {copy_ns:.0f} ns, without history {bare_ns:.0f} ns; apply+pop {undo_ns:.0f} ns"
    )
