"""Research interfaces: observations and environment adapters.

``ganzdy.env.encoding`` (always available) documents the observation vector, and
``ganzdy.env.VectorEnv`` steps many deals of any game in one C++ call
(``ganzdy.env.vector``). The adapters for PettingZoo, Gymnasium and OpenSpiel live in
submodules that import those libraries, so they need the ``env`` or ``openspiel``
extras: ``ganzdy.env.pettingzoo``, ``ganzdy.env.gymnasium``, ``ganzdy.env.openspiel``,
and for Guandan and Gouji ``ganzdy.env.card_games`` (PettingZoo) and
``ganzdy.env.card_gymnasium`` (Gymnasium).
"""

from ganzdy.env.encoding import GAN_DENG_YAN_OBSERVATION_VERSION, ObservationSlice, describe, split
from ganzdy.env.vector import VectorEnv, VectorStep

__all__ = [
    "GAN_DENG_YAN_OBSERVATION_VERSION",
    "ObservationSlice",
    "VectorEnv",
    "VectorStep",
    "describe",
    "split",
]
