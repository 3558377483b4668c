"""Export: the trained Q-network as a ``ganzdy.network`` file the C++ agent loads."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from ganzdy import network
from ganzdy._core import MOVE_KINDS, Rules
from ganzdy.games import game_of
from ganzdy.train.weights import QWeights


def to_network(rules: Rules, weights: QWeights, extra: Mapping[str, str]) -> network.Network:
    """The file's contents: the required header for ``rules``, then ``extra`` keys (how
    the network was trained), then the layers."""
    game = game_of(rules)
    widths = [weights.layers[0][0].shape[1], *(w.shape[0] for w, _ in weights.layers)]
    header = {
        "game": rules.game,
        "players": str(rules.players),
        "observation_version": str(game.observation_version),
        "observation_size": str(game.observation_size(rules)),
        "move_features": str(network.MOVE_FEATURES_VERSION),
        "move_kinds": str(len(MOVE_KINDS)),
        "layers": " ".join(str(w) for w in widths),
        "activation": "relu",
    }
    for key, value in extra.items():
        # One line a key: a value with line breaks (a command typed over lines) is folded.
        header.setdefault(key, " ".join(str(value).split()))
    return network.Network(header, [(w.copy(), b.copy()) for w, b in weights.layers])


def export(path: str | Path, rules: Rules, weights: QWeights, extra: Mapping[str, str]) -> None:
    network.write_network(path, to_network(rules, weights, extra))
