"""The learning curve: win rate and rating against greedy, over steps and over time."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from ganzdy.train.evaluation import Evaluation


def plot_curve(curve: Sequence[Evaluation], path: str | Path, title: str) -> None:
    """Two panels (win rate; Elo against greedy with its 95% interval) against the
    decisions trained on (the warm start's imitated ones, then the learner's), with
    the wall time on a second axis and the warm start's end marked. Needs matplotlib."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [e.imitated + e.steps for e in curve]
    warm = max((e.imitated for e in curve), default=0)
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(7, 6), sharex=True)
    top.plot(steps, [e.win_rate for e in curve], marker="o", label="learned (no exploration)")
    if curve:
        top.axhline(curve[0].fair_share, color="gray", linestyle="--", label="as good as greedy")
    top.set_ylabel("win rate vs greedy")
    top.set_ylim(0, 1)
    bottom.plot(steps, [e.elo for e in curve], marker="o", color="C1")
    bottom.fill_between(
        steps,
        [e.elo_low for e in curve],
        [e.elo_high for e in curve],
        color="C1",
        alpha=0.25,
        label="95% interval",
    )
    bottom.axhline(0.0, color="gray", linestyle="--")
    bottom.set_ylabel("Elo vs greedy")
    bottom.set_xlabel("decisions trained on (warm start, then Deep Monte Carlo)")
    if warm:
        for panel in (top, bottom):
            panel.axvline(warm, color="C2", linestyle=":", label="end of warm start")
    top.legend(loc="lower right")
    bottom.legend(loc="lower right")
    if len(curve) >= 2 and steps[-1] > 0:
        # The warm start and Deep Monte Carlo go at different rates: the minutes axis
        # follows the evaluations' (decisions, seconds) pairs, linear between them.
        marks = np.array(steps, dtype=float)
        minutes = np.array([e.seconds / 60.0 for e in curve])
        keep = np.concatenate([[True], np.diff(marks) > 0])
        marks, minutes = marks[keep], np.maximum.accumulate(minutes[keep])
        twin = top.secondary_xaxis(
            "top",
            functions=(
                lambda s: np.interp(s, marks, minutes),
                lambda m: np.interp(m, minutes, marks),
            ),
        )
        # Ticks only within the run: past its ends the mapping is clamped.
        ticks = matplotlib.ticker.MaxNLocator(6).tick_values(0.0, minutes[-1])
        twin.set_xticks([t for t in ticks if minutes[0] <= t <= minutes[-1]])
        twin.set_xlabel("minutes of training (wall time)")
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
