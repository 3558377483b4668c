"""A deal's legal moves as ``ganzdy.network`` move vectors, the network's move input."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ganzdy import network


def legal_move_vectors(deal: Any) -> npt.NDArray[np.float32]:
    """The move vectors ``[len(deal.legal_moves), network.move_size()]`` of ``deal``'s
    legal moves, in legal-move order: ``network.move_vectors`` of the deal's
    ``legal_move_features()``, the same features the C++ inference reads."""
    return network.move_vectors(deal.legal_move_features())
