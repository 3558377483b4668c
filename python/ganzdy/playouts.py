"""Batch self-play in C++: whole deals (Gan Deng Yan) or hands (Guandan, Gouji) with
built-in policies, results as NumPy arrays."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ganzdy import _core


@dataclass(frozen=True)
class Playouts:
    """The results of a batch: one row per deal.

    ``points[i, s]`` is what seat ``s`` won in deal ``i`` (rows sum to zero; in
    Guandan +upgrade for the winning team, -upgrade for the losers; in Gouji the points
    of the seat's place); ``winner[i]`` the first seat out, or -1 for a drawn deal (a
    Gouji hand voided by two revolutions); ``plies[i]`` the decisions made, passes (and
    the choices before play) included; ``bombs[i]`` the bombs played (0 in Gouji). Deal ``i``
    was shuffled from a seed derived from (``seed``, ``i``) (and in Gan Deng Yan dealt
    by seat ``i % players``), so a batch replays exactly whatever the thread count.
    """

    points: npt.NDArray[np.int64]
    winner: npt.NDArray[np.int8]
    plies: npt.NDArray[np.int32]
    bombs: npt.NDArray[np.int32]
    seed: int

    def __getitem__(self, key: str) -> npt.NDArray[np.generic]:
        value: npt.NDArray[np.generic] = getattr(self, key)
        return value


def playouts(
    rules: _core.Rules,
    deals: int,
    agents: str | Sequence[str] = "random",
    seed: int | None = None,
    threads: int | None = None,
    tribute: bool | None = None,
) -> Playouts:
    """Play ``deals`` whole deals inside C++ with the GIL released.

    ``agents`` names a built-in policy ("random", "greedy") for every seat, or one
    per seat. ``threads`` defaults to every core. ``seed`` None draws a fresh seed,
    returned in the result.

    Guandan: each hand is played at the rules' level; with ``tribute`` (the default)
    it follows a random finishing order of a previous hand, drawn from its seed, so
    the losers pay tribute (unless resisted) as in every hand of a match but the
    first; ``tribute=False`` plays first hands of a match. Gouji: likewise, after a
    random previous hand (random places, each seat but the 头科 点-ed with probability
    1/3). Gan Deng Yan has no tribute.
    """
    result = _core.playouts(rules, deals, agents, seed, threads or (os.cpu_count() or 1), tribute)
    return Playouts(
        points=result["points"],
        winner=result["winner"],
        plies=result["plies"],
        bombs=result["bombs"],
        seed=int(result["seed"]),
    )
