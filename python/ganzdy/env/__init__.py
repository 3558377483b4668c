"""Research interfaces: observations and environment adapters.

``ganzdy.env.encoding`` (always available) documents the observation vector, and
``ganzdy.env.VectorEnv`` steps many deals of any game in one C++ call
(``ganzdy.env.vector``). The adapters for PettingZoo, Gymnasium and OpenSpiel live in
submodules that import those libraries, so they need the ``env`` or ``openspiel``
extras: ``ganzdy.env.pettingzoo``, ``ganzdy.env.gymnasium``, ``ganzdy.env.openspiel``,
and for games with card-level moves ``ganzdy.env.card_games`` (PettingZoo) and
``ganzdy.env.card_gymnasium`` (Gymnasium). Each reads the games from the registry
(``ganzdy.games``): importing them registers every game.
"""

from ganzdy.env.encoding import ObservationSlice, describe, split
from ganzdy.env.vector import VectorEnv, VectorStep

__all__ = [
    "ObservationSlice",
    "VectorEnv",
    "VectorStep",
    "describe",
    "split",
]
