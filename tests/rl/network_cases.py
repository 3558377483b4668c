"""Random networks and positions for the learned network's tests and benchmark."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

import ganzdy
from ganzdy.games import game_of
from ganzdy.network import Network as ReferenceNetwork
from ganzdy.network import move_size, write_network

# (rules, label) of every game the network tests run.
RULES = [
    (ganzdy.Rules("gan_deng_yan", players=4), "gdy4"),
    (ganzdy.Rules("gan_deng_yan", players=2), "gdy2"),
    (ganzdy.Rules("guandan"), "guandan"),
    (ganzdy.Rules("gouji"), "gouji"),
]


def observation_size(rules: ganzdy.Rules) -> int:
    return len(rules.new_deal(seed=0).observation(0))


def header_for(rules: ganzdy.Rules, hidden: tuple[int, ...]) -> dict[str, str]:
    size = observation_size(rules)
    widths = (size + move_size(), *hidden, 1)
    return {
        "game": rules.game,
        "players": str(rules.players),
        "observation_version": str(game_of(rules).observation_version),
        "observation_size": str(size),
        "move_features": "1",
        "move_kinds": str(len(ganzdy.MOVE_KINDS)),
        "layers": " ".join(str(w) for w in widths),
        "activation": "relu",
        "trained_by": "a test: random weights",
    }


def random_network(
    rules: ganzdy.Rules, hidden: tuple[int, ...] = (64, 32), seed: int = 0
) -> ReferenceNetwork:
    """A network of random weights (He-scaled, so every layer's output is of order 1
    and the scores differ from move to move)."""
    rng = np.random.default_rng(seed)
    header = header_for(rules, hidden)
    widths = [int(w) for w in header["layers"].split()]
    layers = []
    for fan_in, fan_out in itertools.pairwise(widths):
        weights = rng.normal(0.0, np.sqrt(2.0 / fan_in), (fan_out, fan_in)).astype(np.float32)
        biases = rng.normal(0.0, 0.1, fan_out).astype(np.float32)
        layers.append((weights, biases))
    return ReferenceNetwork(header, layers)


def saved(network: ReferenceNetwork, directory: Path, name: str = "net.gznn") -> Path:
    path = directory / name
    write_network(path, network)
    return path


def positions(rules: ganzdy.Rules, deals: int, seed: int) -> Iterator[Any]:
    """Positions of random deals: every decision of a deal played by random moves, the
    leads among them (hundreds of legal moves in Guandan and Gouji)."""
    rng = random.Random(seed)
    for d in range(deals):
        deal = rules.new_deal(seed=seed * 1000 + d, dealer=d % rules.players)
        while not deal.is_terminal:
            moves = deal.legal_moves
            yield deal
            deal.push(moves[rng.randrange(len(moves))])
