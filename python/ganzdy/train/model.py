"""The Q-network being trained, as torch sees it.

Its shape is ``ganzdy.network``'s: a ReLU MLP over (observation, move vector) with one
output, so export copies the layers as they are; ``weights()`` is its NumPy twin
(``ganzdy.train.weights``), which the actors play with.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import torch
from torch import nn

from ganzdy import network
from ganzdy.games import game_of
from ganzdy.train.features import legal_move_vectors
from ganzdy.train.weights import QWeights


class QNetwork(nn.Module):
    """Scores (observation, move vector) rows: the expected reward of playing the move."""

    input_scale: torch.Tensor

    def __init__(
        self,
        observation_size: int,
        hidden: Sequence[int],
        input_scale: npt.NDArray[np.float32] | None = None,
    ) -> None:
        super().__init__()
        self.observation_size = observation_size
        self.hidden = tuple(hidden)
        widths = [observation_size + network.move_size(), *self.hidden, 1]
        layers: list[nn.Module] = []
        for i, (fan_in, fan_out) in enumerate(itertools.pairwise(widths)):
            layers.append(nn.Linear(fan_in, fan_out))
            if i + 2 < len(widths):
                layers.append(nn.ReLU())
        self.layers = nn.Sequential(*layers)
        # Inputs run from 0/1 flags to counts near 90 (Gan Deng Yan's stock): each is
        # multiplied by a fixed scale, which export folds into the first layer's columns,
        # so the file is the plain MLP the format describes.
        scale = np.ones(widths[0], np.float32) if input_scale is None else input_scale
        if scale.shape != (widths[0],):
            raise ValueError(f"input scale of shape {scale.shape}; expected ({widths[0]},)")
        self.register_buffer("input_scale", torch.from_numpy(np.asarray(scale, np.float32)))

    @property
    def widths(self) -> tuple[int, ...]:
        return (self.observation_size + network.move_size(), *self.hidden, 1)

    def forward(self, rows: torch.Tensor) -> torch.Tensor:
        """``rows`` ``[n, observation + move]``: one score each, ``[n]``."""
        out: torch.Tensor = self.layers(rows * self.input_scale).squeeze(1)
        return out

    def score_moves(
        self, observations: torch.Tensor, moves: torch.Tensor, counts: torch.Tensor
    ) -> torch.Tensor:
        """The scores of every decision's moves, ``[len(moves)]``: decision ``i`` has
        the observation ``observations[i]`` and the next ``counts[i]`` rows of ``moves``.

        The same function as ``forward`` on the concatenated rows, with the first layer
        split at the observation's end so an observation goes through it once, not once
        a move (the warm start scores up to 64 moves a decision)."""
        first = self.layers[0]
        assert isinstance(first, nn.Linear)
        size = self.observation_size
        scale = self.input_scale
        seen = torch.nn.functional.linear(observations * scale[:size], first.weight[:, :size])
        x = torch.nn.functional.linear(moves * scale[size:], first.weight[:, size:], first.bias)
        x = x + seen.repeat_interleave(counts, dim=0)
        out: torch.Tensor = self.layers[1:](x).squeeze(1)
        return out

    def weights(self) -> QWeights:
        """A NumPy copy of the layers with the input scale folded into the first, for
        actors and export: the same function of the unscaled input."""
        linear = [m for m in self.layers if isinstance(m, nn.Linear)]
        layers = [
            (
                m.weight.detach().cpu().numpy().astype(np.float32, copy=True),
                m.bias.detach().cpu().numpy().astype(np.float32, copy=True),
            )
            for m in linear
        ]
        scale = self.input_scale.detach().cpu().numpy()
        first, bias = layers[0]
        layers[0] = ((first * scale[None, :]).astype(np.float32), bias)
        return QWeights(layers)


def input_scale(rules: Any, deals: int = 16, seed: int = 1) -> npt.NDArray[np.float32]:
    """One scale an input: 1 / its largest magnitude (at least 1) over the observations
    and move vectors of ``deals`` deals of random play from ``seed``, a fixed sample so a
    run's scale depends only on its rules."""
    rng = np.random.default_rng(seed)
    largest = np.ones(rules_width(rules), np.float32)
    for k in range(deals):
        deal = rules.new_deal(seed=seed * 1000 + k, dealer=k % rules.players)
        while not deal.is_terminal:
            observation = np.abs(deal.observation(deal.current_player))
            moves = np.abs(legal_move_vectors(deal)).max(axis=0)
            np.maximum(largest, np.concatenate([observation, moves]), out=largest)
            deal.apply(deal.legal_moves[int(rng.integers(len(deal.legal_moves)))])
    scale: npt.NDArray[np.float32] = (1.0 / largest).astype(np.float32)
    return scale


def rules_width(rules: Any) -> int:
    """The network's input width for ``rules``: observation and move vector."""
    return int(game_of(rules).observation_size(rules)) + network.move_size()
