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


class WeightAverage:
    """A running mean of a network's weights (stochastic weight averaging, Izmailov et
    al. 2018): Deep Monte Carlo's targets are single deals' results, so the weights
    after any one round carry that round's noise, which the mean of many rounds'
    weights along the same run averages out. Sums are kept in float64, so the mean
    does not drift over thousands of rounds."""

    def __init__(self) -> None:
        self.count = 0
        self._sums: list[tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]] = []

    def add(self, weights: QWeights) -> None:
        if not self._sums:
            self._sums = [(np.zeros(w.shape), np.zeros(b.shape)) for w, b in weights.layers]
        for (w_sum, b_sum), (w, b) in zip(self._sums, weights.layers, strict=True):
            w_sum += w
            b_sum += b
        self.count += 1

    def mean(self) -> QWeights:
        if self.count == 0:
            raise ValueError("the mean of no weights: add() some first")
        return QWeights(
            [
                ((w / self.count).astype(np.float32), (b / self.count).astype(np.float32))
                for w, b in self._sums
            ]
        )

    def state(self) -> dict[str, object]:
        """What a checkpoint keeps; ``from_state`` reads it back."""
        return {"count": self.count, "sums": [(w.copy(), b.copy()) for w, b in self._sums]}

    @classmethod
    def from_state(cls, state: dict[str, object] | None) -> WeightAverage:
        """The average a checkpoint kept (None, from a run checkpointed before
        averaging existed: an empty one)."""
        average = cls()
        if state is not None:
            count = state["count"]
            sums = state["sums"]
            assert isinstance(count, int) and isinstance(sums, list)
            average.count = count
            average._sums = [
                (np.asarray(w, np.float64), np.asarray(b, np.float64)) for w, b in sums
            ]
        return average
