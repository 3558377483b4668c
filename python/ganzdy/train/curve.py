"""The learning curve: win rate and rating against greedy, over steps and over time."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

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
    top.legend(loc="upper left")
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
            panel.axvline(warm, color="C2", linestyle=":", label=None)
        top.text(warm, 0.95, " end of warm start", color="C2", va="top", fontsize=8)
    bottom.legend(loc="lower right")
    if len(curve) >= 2 and steps[-1] > 0:
        # Time runs near-linearly with steps; label the top of the figure with minutes.
        seconds_per_step = curve[-1].seconds / steps[-1]
        twin = top.secondary_xaxis(
            "top",
            functions=(
                lambda s: s * seconds_per_step / 60.0,
                lambda m: m * 60.0 / seconds_per_step,
            ),
        )
        twin.set_xlabel("minutes of training (wall time)")
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
