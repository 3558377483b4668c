"""The training target: a seat's final reward on the search's ``"points"`` scale, in [0, 1].

It is the reward ``ganzdy.ismcts`` backs up with ``reward="points"``
(``cpp/include/ganzdy/search/ismcts.h``), so a network trained on it scores moves in
the units the search's prior and value use:

- Gan Deng Yan: ``0.5 + 0.5 * tanh(points / (32 * base))``, the seat's own points
  (``base`` is the rules' stake per card, at least 1);
- Guandan: ``0.5 + 0.5 * tanh(points / 2)``, its team's levels won or lost;
- Gouji: ``0.5 + 0.5 * tanh(points / 4)``, its team's points.

Guandan's ``outcome.points`` already gives every seat its team's levels; Gouji's gives
each seat its own share, so its team's comes from ``outcome.team_points``, as the C++
``team_rewards`` of ``game.h`` reads it for the search.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import numpy.typing as npt

from ganzdy._core import GanzdyError, Rules

# The divisor of the points before the tanh, per game (Gan Deng Yan's is times its base).
POINTS_SCALE = {"gan_deng_yan": 32.0, "guandan": 2.0, "gouji": 4.0}


def points_scale(rules: Rules) -> float:
    """What a seat's points are divided by before the squashing, for ``rules``."""
    try:
        scale = POINTS_SCALE[rules.game]
    except KeyError:
        raise GanzdyError(f"no training reward for the game {rules.game!r}") from None
    if rules.game == "gan_deng_yan":
        base = rules.option("base")
        assert isinstance(base, int)
        scale *= max(base, 1)
    return scale


def points_reward(points: float, scale: float) -> float:
    """One seat's reward in [0, 1] for ``points`` at ``scale`` (``points_scale``)."""
    return 0.5 + 0.5 * math.tanh(points / scale)


def seat_rewards(rules: Rules, outcome: Any) -> npt.NDArray[np.float32]:
    """Every seat's reward for a finished deal's ``outcome``."""
    scale = points_scale(rules)
    points = list(outcome.points)
    if rules.game == "gouji":
        team_points = outcome.team_points
        points = [team_points[seat % 2] for seat in range(len(points))]
    return np.array([points_reward(p, scale) for p in points], dtype=np.float32)
