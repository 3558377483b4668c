"""The Q-network being trained, as torch sees it.

Its shape is ``ganzdy.network``'s: a ReLU MLP over (observation, move vector) with one
output, so export copies the layers as they are; ``weights()`` is its NumPy twin
(``ganzdy.train.weights``), which the actors play with.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import torch
from torch import nn

from ganzdy import network
from ganzdy.train.weights import QWeights


class QNetwork(nn.Module):
    """Scores (observation, move vector) rows: the expected reward of playing the move."""

    def __init__(self, observation_size: int, hidden: Sequence[int]) -> None:
        super().__init__()
        self.observation_size = observation_size
        self.hidden = tuple(hidden)
        widths = [observation_size + network.move_size(), *self.hidden, 1]
        layers: list[nn.Module] = []
        for i, (fan_in, fan_out) in enumerate(zip(widths, widths[1:], strict=False)):
            layers.append(nn.Linear(fan_in, fan_out))
            if i + 2 < len(widths):
                layers.append(nn.ReLU())
        self.layers = nn.Sequential(*layers)

    @property
    def widths(self) -> tuple[int, ...]:
        return (self.observation_size + network.move_size(), *self.hidden, 1)

    def forward(self, rows: torch.Tensor) -> torch.Tensor:
        """``rows`` ``[n, observation + move]``: one score each, ``[n]``."""
        out: torch.Tensor = self.layers(rows).squeeze(1)
        return out

    def weights(self) -> QWeights:
        """A NumPy copy of the layers, for actors and export."""
        linear = [m for m in self.layers if isinstance(m, nn.Linear)]
        return QWeights(
            [
                (
                    m.weight.detach().cpu().numpy().astype(np.float32, copy=True),
                    m.bias.detach().cpu().numpy().astype(np.float32, copy=True),
                )
                for m in linear
            ]
        )
