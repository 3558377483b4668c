"""The learned network's decision time (ganzdy.Network.choose), a position per game, with
hidden widths 256 256 128 (the shape of the Guandan and Gouji models); every timed
choice is checked against the numpy reference of ganzdy.network.

Run: ``pytest bench/test_bench_network.py --benchmark-only``; with ``-s``,
``test_decision_medians`` prints the median time of a decision over many positions of
random deals, per game, and how many legal moves and distinct move vectors they had;
``test_shipped_model_medians`` the same for the networks shipped in the wheel, at their
own widths (Gan Deng Yan's is 512 512 256).
"""

from __future__ import annotations

import itertools
import random
import statistics
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ganzdy
from ganzdy.agents import MODELS
from ganzdy.games import game_of
from ganzdy.network import Network as ReferenceNetwork
from ganzdy.network import move_size, move_vectors, write_network

HIDDEN = (256, 256, 128)


def _network(rules: ganzdy.Rules, directory: Path) -> tuple[ganzdy.Network, ReferenceNetwork]:
    size = len(rules.new_deal(seed=0).observation(0))
    widths = (size + move_size(), *HIDDEN, 1)
    header = {
        "game": rules.game,
        "players": str(rules.players),
        "observation_version": str(game_of(rules).observation_version),
        "observation_size": str(size),
        "move_features": "1",
        "move_kinds": str(len(ganzdy.MOVE_KINDS)),
        "layers": " ".join(map(str, widths)),
        "activation": "relu",
    }
    rng = np.random.default_rng(0)
    layers = [
        (
            rng.normal(0, np.sqrt(2 / i), (o, i)).astype(np.float32),
            rng.normal(0, 0.1, o).astype(np.float32),
        )
        for i, o in itertools.pairwise(widths)
    ]
    ref = ReferenceNetwork(header, layers)
    path = directory / f"{rules.game}.gznn"
    write_network(path, ref)
    return ganzdy.Network.load(path), ref


def _positions(rules: ganzdy.Rules, count: int, seed: int, leads: bool) -> list[Any]:
    """Positions of random deals (copies): leads only when `leads`, else every kind."""
    rng = random.Random(seed)
    out: list[Any] = []
    d = 0
    while len(out) < count:
        deal = rules.new_deal(seed=seed + d)
        d += 1
        while not deal.is_terminal and len(out) < count:
            moves = deal.legal_moves
            if len(moves) > 1 and (not leads or (deal.table.is_pass and len(moves) >= 100)):
                out.append(deal.copy())
            deal.push(moves[rng.randrange(len(moves))])
    return out


CASES = [
    ("gan_deng_yan_4", ganzdy.Rules("gan_deng_yan", players=4), False),
    ("guandan_lead", ganzdy.Rules("guandan"), True),
    ("gouji_lead", ganzdy.Rules("gouji"), True),
]


@pytest.mark.parametrize(("name", "rules", "leads"), CASES, ids=[c[0] for c in CASES])
def test_decision(
    benchmark: Any, name: str, rules: ganzdy.Rules, leads: bool, tmp_path: Path
) -> None:
    net, ref = _network(rules, tmp_path)
    deal = _positions(rules, 1, seed=3, leads=leads)[0]
    choice = benchmark(net.choose, deal)
    want = ref.q_values(
        deal.observation(deal.current_player), move_vectors(deal.legal_move_features())
    )
    assert want[choice] >= want.max() - 1e-4 * max(1.0, float(np.abs(want).max()))
    if leads:
        assert len(deal.legal_moves) >= 100


def test_decision_medians(tmp_path: Path) -> None:
    for name, rules, leads in CASES:
        net, _ = _network(rules, tmp_path)
        _print_medians(name, net, _positions(rules, 60, seed=11, leads=leads))


def test_shipped_model_medians() -> None:
    for name, rules, leads in CASES:
        net = ganzdy.Network.load(MODELS / f"{rules.game}.gznn")
        net.check_fits(rules)
        widths = " ".join(map(str, net.widths[1:-1]))
        _print_medians(f"{name} (shipped, {widths})", net, _positions(rules, 60, 11, leads))


def _print_medians(name: str, net: ganzdy.Network, deals: list[Any]) -> None:
    """Times a decision of every position; checks it is the best-scored move."""
    times, moves, distinct = [], [], []
    for deal in deals:
        start = time.perf_counter()
        choice = net.choose(deal)
        times.append(time.perf_counter() - start)
        vectors = move_vectors(deal.legal_move_features())
        moves.append(len(vectors))
        distinct.append(len(np.unique(vectors, axis=0)))
        got = net.scores(deal)
        assert choice == int(np.argmax(got))
    print(
        f"\n{name}: median {statistics.median(times) * 1e3:.3f} ms a decision "
        f"(max {max(times) * 1e3:.3f}) over {len(deals)} positions; legal moves median "
        f"{statistics.median(moves)}, max {max(moves)}; distinct vectors median "
        f"{statistics.median(distinct)}, max {max(distinct)}"
    )
