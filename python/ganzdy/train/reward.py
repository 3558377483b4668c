"""The training target: a seat's final reward, in [0, 1], of one of two kinds.

Each is the reward ``ganzdy.ismcts`` backs up under the same name
(``cpp/include/ganzdy/search/ismcts.h``), so a network trained on it scores moves in
the units the search's prior and value use.

``"rank"`` is the seat's share of the pairwise games the arena's ratings count
(``ganzdy.ratings``): in Gan Deng Yan the share of the other seats it finished ahead
of (went out first, or paid less; a tie is half), in Guandan and Gouji 1 when its team
won the hand, 0 when it lost, 1/2 when no team won. A network trained on it plays for
the arena's rating, not for the size of a win.

``"points"`` is the game's own score, squashed:

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
from ganzdy.ratings import finish_ahead

# The training targets, by name (``ganzdy train --reward``).
REWARDS = ("rank", "points")

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


def check_reward(kind: str) -> str:
    """``kind``, or ``GanzdyError`` unless it is one of ``REWARDS``."""
    if kind not in REWARDS:
        known = ", ".join(repr(k) for k in REWARDS)
        raise GanzdyError(f"no training reward {kind!r}; expected one of {known}")
    return kind


def seat_rewards(rules: Rules, outcome: Any, kind: str = "points") -> npt.NDArray[np.float32]:
    """Every seat's reward of ``kind`` for a finished deal's ``outcome``."""
    if check_reward(kind) == "rank":
        return rank_rewards(rules, outcome)
    scale = points_scale(rules)
    points = list(outcome.points)
    if rules.game == "gouji":
        team_points = outcome.team_points
        points = [team_points[seat % 2] for seat in range(len(points))]
    return np.array([points_reward(p, scale) for p in points], dtype=np.float32)


def rank_rewards(rules: Rules, outcome: Any) -> npt.NDArray[np.float32]:
    """Every seat's ``"rank"`` reward: its share of the arena's pairwise games."""
    players = rules.players
    if rules.game == "gan_deng_yan":
        ahead = finish_ahead(list(outcome.points), list(outcome.finish_order))
        shares: npt.NDArray[np.float32] = (ahead.sum(axis=1) / (players - 1)).astype(np.float32)
        return shares
    team = outcome.winning_team
    if team is None:
        return np.full(players, 0.5, dtype=np.float32)
    return np.array([1.0 if seat % 2 == team else 0.0 for seat in range(players)], np.float32)
