"""A control variate for the Monte Carlo targets: what greedy play would have made of
the decision's position.

A Deep Monte Carlo target is the seat's final reward ``G``, and most of its spread is
the cards, not the move: the same move in the same information set wins or loses
with the hidden hands and, in Gan Deng Yan, the stock. With ``--baseline greedy``
the actor also plays the whole deal out with greedy at every seat from the true
position *before* the learner's move (``greedy_baseline``), giving the seat's reward
``B`` of that playout. ``B`` sees the cards that make ``G`` noisy, yet it does not
depend on the move chosen, so the target

    G - c * (B - mean B)

has, for every legal move of an information set, the expected value of ``G`` less
the same amount: the moves' order, which is all the learned agent reads and all the
search's prior reads (a softmax over score differences), is unchanged, while the
target's variance falls by the share of it that ``B`` explains. The position's
*value* (the best score) is moved towards the phase's mean: a search that takes the
network's values (``value_weight`` above 0) reads them shrunk, so the file's header
says ``baseline``.

``c`` is the least-squares coefficient of ``G`` on ``B``, and the mean is ``B``'s,
both per phase of the deal (``phase_of``: late in a hand a greedy playout predicts the
result far better than at the first lead), estimated from earlier rounds only
(``ControlVariate``): a row's coefficient never depends on its own move's result.
Measured on Guandan's sixth link against greedy (150 decks, both sides): the
correlation of ``G`` and ``B`` is 0.14 over the first 10 plies, 0.29 to ply 20, 0.49 to
40, 0.73 to 60 and 0.93 after.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ganzdy._core import GanzdyError, Rules
from ganzdy.train.reward import seat_rewards

# The control variates ``ganzdy train --baseline`` knows.
BASELINES = ("none", "greedy")

# Plies a phase, and the phases: a Guandan hand runs to some 150 plies, a Gouji
# hand further; every ply past the last phase's start shares it.
PHASE_PLIES = 8
PHASES = 32

# Each round the running sums decay by this, so the coefficients follow the learner
# as its play changes (a memory of some hundred rounds).
DECAY = 0.99

# Below this much (decayed) weight a phase's coefficient stays 0: no control variate
# until its estimate is worth having.
MIN_WEIGHT = 50.0


def check_baseline(kind: str) -> str:
    """``kind``, or ``GanzdyError`` unless it is one of ``BASELINES``."""
    if kind not in BASELINES:
        known = ", ".join(repr(k) for k in BASELINES)
        raise GanzdyError(f"no baseline {kind!r}; expected one of {known}")
    return kind


def phase_of(ply: int) -> int:
    """The phase of a decision at ``ply`` (the deal's plies so far: public, and the
    same for every move of the decision)."""
    return min(ply // PHASE_PLIES, PHASES - 1)


def greedy_baseline(rules: Rules, deal: Any, seat: int, reward: str) -> float:
    """``seat``'s ``reward`` (``ganzdy.train.reward``) if every seat played greedy
    from ``deal``'s true position to the end. ``deal`` is left as it was."""
    outcome = deal.copy_without_history().playout("greedy")
    return float(seat_rewards(rules, outcome, reward)[seat])


class ControlVariate:
    """The per-phase coefficients and means of the control variate, as running sums
    over the rounds so far (decayed by ``DECAY`` a round)."""

    def __init__(self, sums: npt.ArrayLike | None = None) -> None:
        # Per phase: weight, sum B, sum G, sum B^2, sum B*G.
        self.sums = (
            np.zeros((PHASES, 5), np.float64) if sums is None else np.array(sums, np.float64)
        )
        if self.sums.shape != (PHASES, 5):
            raise GanzdyError(f"control variate sums of shape {self.sums.shape}, not {(PHASES, 5)}")

    def coefficients(self) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """Per phase: the coefficient ``c`` of ``G`` on ``B`` (0 where the sums are too
        thin or ``B`` never varied), and ``B``'s mean."""
        n, b, g, bb, bg = self.sums.T
        seen = n > 0
        mean_b = np.divide(b, n, out=np.zeros(PHASES), where=seen)
        mean_g = np.divide(g, n, out=np.zeros(PHASES), where=seen)
        var_b = np.divide(bb, n, out=np.zeros(PHASES), where=seen) - mean_b**2
        cov = np.divide(bg, n, out=np.zeros(PHASES), where=seen) - mean_b * mean_g
        usable = (n >= MIN_WEIGHT) & (var_b > 1e-9)
        c = np.divide(cov, var_b, out=np.zeros(PHASES), where=usable)
        return c, mean_b

    def adjust(
        self,
        targets: npt.NDArray[np.float32],
        baselines: npt.NDArray[np.float32],
        phases: npt.NDArray[np.int64],
    ) -> npt.NDArray[np.float32]:
        """This round's targets less the control variate from the rounds before, and
        then this round added to the sums."""
        c, mean_b = self.coefficients()
        adjusted = targets - c[phases] * (baselines - mean_b[phases])
        self.sums *= DECAY
        g = targets.astype(np.float64)
        b = baselines.astype(np.float64)
        for column, values in enumerate((np.ones_like(b), b, g, b * b, b * g)):
            np.add.at(self.sums[:, column], phases, values)
        result: npt.NDArray[np.float32] = adjusted.astype(np.float32)
        return result
