"""A Q-network's layers as plain NumPy arrays: what the actors play with and export writes.

The forward pass is the same arithmetic the C++ inference does (``ganzdy.network``'s
reference), in NumPy, so an actor needs no torch and its choices do not depend on
torch's threading.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Matrix = npt.NDArray[np.float32]


@dataclass(frozen=True)
class QWeights:
    """The layers ``(weights [out][in], biases [out])`` of a Q-network, as the file has them."""

    layers: list[tuple[Matrix, Matrix]]

    def scores(self, rows: Matrix) -> Matrix:
        """The forward pass over ``rows`` ``[n, observation + move]``."""
        x = rows
        for i, (weights, biases) in enumerate(self.layers):
            x = x @ weights.T + biases
            if i + 1 < len(self.layers):
                np.maximum(x, 0.0, out=x)
        out: Matrix = x[:, 0]
        return out
