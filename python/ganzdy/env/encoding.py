"""The observation encoding: what a seat may know, as a versioned float32 vector.

The vector is computed in C++ by ``deal.observation(seat, perfect=False)``; its layout
is ``rules.observation_spec()`` (named, contiguous slices), in every game.
Seats inside it are relative to the observer in turn order (0 = the observer, 1 = the
next seat to act after it, ...). Card counts are per rank slot: ranks 3..2, then BJ and
RJ. A game's observation version (``rules.observation_version``, e.g.
``ganzdy.GAN_DENG_YAN_OBSERVATION_VERSION``) changes whenever any slice changes, so a
trained model can check what it was trained on.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ganzdy._check import excerpt, flag, instance
from ganzdy._core import GanzdyError, ObservationSlice, Rules
from ganzdy.games import game_of

RANK_SLOTS: tuple[str, ...] = (
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "T",
    "J",
    "Q",
    "K",
    "A",
    "2",
    "BJ",
    "RJ",
)

__all__ = [
    "RANK_SLOTS",
    "ObservationSlice",
    "describe",
    "observation_spec",
    "split",
]


def _spec(rules: Rules, perfect: bool) -> list[ObservationSlice]:
    instance("rules", rules, Rules, "a ganzdy.Rules")
    return rules.observation_spec(perfect=flag("perfect", perfect))


def observation_spec(rules: Rules, *, perfect: bool = False) -> list[ObservationSlice]:
    """The named slices of ``rules``' observation vector, in order."""
    return _spec(rules, perfect)


def describe(rules: Rules, *, perfect: bool = False) -> str:
    """A text table of every slice: name, index range and meaning."""
    spec = _spec(rules, perfect)
    kind = "perfect-information" if perfect else "imperfect-information"
    size = spec[-1].stop
    lines = [
        f"ganzdy observation v{game_of(rules).observation_version}, {kind}, "
        f"{rules.players} players: {size} float32 values",
    ]
    width = max(len(s.name) for s in spec)
    for s in spec:
        lines.append(f"  [{s.start:>3}:{s.stop:<3}] {s.name:<{width}}  {s.description}")
    return "\n".join(lines)


def split(
    rules: Rules, observation: npt.NDArray[np.float32], *, perfect: bool = False
) -> dict[str, npt.NDArray[np.float32]]:
    """Views of ``observation`` by slice name (the last axis is split; no copies)."""
    spec = _spec(rules, perfect)
    if not isinstance(observation, np.ndarray) or observation.ndim == 0:
        raise TypeError(
            f"observation must be a NumPy array of observations, not "
            f"{type(observation).__name__} {excerpt(observation)}"
        )
    if observation.shape[-1] != spec[-1].stop:
        raise GanzdyError(
            f"observation has {observation.shape[-1]} values on its last axis; "
            f"{rules!r} (perfect={perfect}) expects {spec[-1].stop}"
        )
    return {s.name: observation[..., s.start : s.stop] for s in spec}
