"""Ratings from pairwise outcomes: Bradley-Terry by maximum likelihood, on the Elo scale.

Every deal of an arena is read as a set of pairwise games between the agents at its
table: one agent *finished ahead of* another when it went out earlier (its place in
``outcome.finish_order``), or, neither having gone out, when it scored more points
(it paid less: fewer cards left). Two agents neither of whom went out and who scored
the same tie, and a drawn deal is a tie between everyone; a tie counts as half a win
for each. A four-player deal therefore holds six pairwise games.

The model is Bradley-Terry: agent i finishes ahead of agent j with probability
``1 / (1 + exp(theta_j - theta_i))``, the logistic curve that Elo ratings assume too,
so the strengths are shown on the Elo scale (``400 / ln 10`` rating points per unit of
``theta``: 400 points are 10:1 odds of finishing ahead). They are fitted by maximum
likelihood with Newton's method; unlike Elo's update rule the fit does not depend on
the order of the deals, which is what lets every backend of the arena agree exactly.
A weak prior, one virtual drawn game of each agent against a fixed opponent of average
strength, keeps the estimate finite when an agent wins or loses every game it plays
(or never meets some other agent); against thousands of games it moves nothing.

Ratings are anchored so that their mean is 1500 (or, with ``anchor``, one agent is at
1500). The 95% confidence intervals are percentile bootstrap intervals: the duplicate
groups of the arena (every deal played with one shuffled deck) are resampled with
replacement and the model refitted each time. Resampling whole groups keeps the
correlation between the pairwise games of one deal and between the seat rotations of
one deck, which a Fisher-information interval, treating every pairwise game as
independent, would ignore and so come out too narrow.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

ELO_PER_THETA = 400.0 / math.log(10.0)  # Elo points per unit of log-strength
CENTER = 1500.0  # the mean rating, or the anchor agent's rating
PRIOR_GAMES = 1.0  # virtual drawn games of each agent against an average opponent
BOOTSTRAP_SAMPLES = 1000
_BATCH = 64  # bootstrap samples fitted at once (bounds the memory of resampling)

FloatArray = npt.NDArray[np.float64]


def finish_ahead(points: Sequence[int], finish_order: Sequence[int]) -> FloatArray:
    """Pairwise scores of one deal by seat: ``s[i, j]`` is 1 when seat i finished ahead of
    seat j, 0.5 for a tie, 0 when it finished behind (and 0 on the diagonal).

    Seats that went out come first, in the order they went out; the others follow by
    points, most first. Equal points among those is a tie.
    """
    players = len(points)
    place = {seat: i for i, seat in enumerate(finish_order)}
    # A smaller key is further ahead: (0, order of going out) or (1, minus the points).
    keys = [(0, place[s]) if s in place else (1, -points[s]) for s in range(players)]
    scores = np.zeros((players, players))
    for i in range(players):
        for j in range(players):
            if i != j:
                scores[i, j] = 1.0 if keys[i] < keys[j] else 0.5 if keys[i] == keys[j] else 0.0
    return scores


def team_ahead(players: int, winner: int | None) -> npt.NDArray[np.float64]:
    """Pairwise scores of a team hand by seat (teams by seat parity): each winner ahead of
    each loser, or every opponent tied when there is no winner (``None``), partners tied,
    scaled so that the hand counts as one game between the two teams."""
    game = 1.0 / (players // 2) ** 2  # one pair of opponents' share of the game
    scores = np.zeros((players, players))
    for i in range(players):
        for j in range(players):
            if i % 2 != j % 2:
                won = 0.5 if winner is None else float(i % 2 == winner % 2)
                scores[i, j] = game * won
            elif i != j:
                scores[i, j] = game / 2
    return scores


def _sigmoid(x: FloatArray) -> FloatArray:
    # tanh does not overflow where exp would, for however lopsided the record.
    return np.asarray(0.5 * (1.0 + np.tanh(0.5 * x)), dtype=np.float64)


def fit_bradley_terry(
    wins: npt.ArrayLike, prior: float = PRIOR_GAMES, tol: float = 1e-10, max_iter: int = 200
) -> FloatArray:
    """Maximum-likelihood log-strengths ``theta`` from a matrix of wins.

    ``wins[..., i, j]`` is how often i finished ahead of j (ties counted half to each);
    leading axes fit several matrices at once. The prior adds ``prior`` virtual games
    of each agent against a fixed opponent at ``theta = 0``, half won and half lost,
    which makes the log-likelihood strictly concave so Newton's method converges from
    zero. The scale is that of the prior's opponent; see ``elo`` for anchoring.
    """
    w = np.asarray(wins, dtype=np.float64)
    if w.ndim < 2 or w.shape[-1] != w.shape[-2]:
        raise ValueError(f"wins must be square matrices, got shape {w.shape}")
    if prior <= 0:
        raise ValueError(f"prior must be positive, got {prior}")
    n = w.shape[-1]
    games = w + np.swapaxes(w, -1, -2)
    won = w.sum(axis=-1)
    eye = np.eye(n)
    theta = np.zeros(w.shape[:-1])
    for _ in range(max_iter):
        p = _sigmoid(theta[..., :, None] - theta[..., None, :])  # P(i ahead of j)
        s = _sigmoid(theta)  # P(i ahead of the prior's opponent)
        gradient = won - (games * p).sum(axis=-1) + prior * (0.5 - s)
        v = games * p * (1.0 - p)
        # The negative Hessian: positive definite thanks to the prior term.
        curvature = (v.sum(axis=-1) + prior * s * (1.0 - s))[..., None] * eye - v
        step = np.linalg.solve(curvature, gradient[..., None])[..., 0]
        # Damped: no coordinate moves more than 2 (a factor e^2 in odds) at once.
        largest = np.abs(step).max(axis=-1, keepdims=True)
        step = step * np.minimum(1.0, 2.0 / np.maximum(largest, 1e-300))
        theta = theta + step
        if float(np.abs(step).max()) < tol:
            break
    return np.asarray(theta, dtype=np.float64)


def elo(theta: npt.ArrayLike, anchor: int | None = None) -> FloatArray:
    """Log-strengths on the Elo scale: mean 1500, or agent ``anchor`` at 1500."""
    t = np.asarray(theta, dtype=np.float64) * ELO_PER_THETA
    base = t.mean(axis=-1, keepdims=True) if anchor is None else t[..., anchor : anchor + 1]
    return np.asarray(t - base + CENTER, dtype=np.float64)


def share_elo(share: float) -> float:
    """A share of pairwise games won on the Elo scale: ``400 log10(p / (1 - p))``
    (+inf at 1, -inf at 0)."""
    if share <= 0.0:
        return -math.inf
    if share >= 1.0:
        return math.inf
    return 400.0 * math.log10(share / (1.0 - share))


@dataclass(frozen=True)
class HeadToHead:
    """Two agents' pairwise games with each other alone: how often ``first`` finished
    ahead of ``second`` (ties half), with a 95% percentile bootstrap interval over the
    same resampled groups as the ratings. Unlike a rating difference, which the fit
    draws from every pair at the table, it reads only this pair's games."""

    first: str
    second: str
    games: float  # their pairwise games (ties count whole)
    share: float  # of those, the share first won
    low: float  # 2.5th percentile of the bootstrap shares
    high: float  # 97.5th percentile

    @property
    def elo(self) -> float:
        return share_elo(self.share)

    @property
    def elo_low(self) -> float:
        return share_elo(self.low)

    @property
    def elo_high(self) -> float:
        return share_elo(self.high)

    def to_json(self) -> dict[str, Any]:
        def finite(x: float) -> float | None:
            return x if math.isfinite(x) else None

        return {
            "agents": [self.first, self.second],
            "games": self.games,
            "share": self.share,
            "share_low": self.low,
            "share_high": self.high,
            "elo": finite(self.elo),
            "elo_low": finite(self.elo_low),
            "elo_high": finite(self.elo_high),
        }

    def __str__(self) -> str:
        def signed(x: float) -> str:
            return f"{x:+.0f}" if math.isfinite(x) else ("+inf" if x > 0 else "-inf")

        return (
            f"{self.first} over {self.second}: {self.share:.3f} [{self.low:.3f}, "
            f"{self.high:.3f}] of {self.games:g}, {signed(self.elo)} "
            f"[{signed(self.elo_low)}, {signed(self.elo_high)}]"
        )


@dataclass(frozen=True)
class Ratings:
    """Bradley-Terry ratings on the Elo scale with 95% bootstrap confidence intervals."""

    agents: tuple[str, ...]
    rating: tuple[float, ...]
    low: tuple[float, ...]  # 2.5th percentile of the bootstrap ratings
    high: tuple[float, ...]  # 97.5th percentile
    wins: tuple[tuple[float, ...], ...]  # wins[i][j]: i finished ahead of j (ties half)
    groups: int  # resampled units (duplicate groups)
    samples: int  # bootstrap samples
    anchor: str | None  # the agent held at 1500, or None for the mean at 1500
    # Every pair that met, the higher rated first (see HeadToHead).
    pairs: tuple[HeadToHead, ...] = ()

    def expected(self, i: int, j: int) -> float:
        """The fitted probability that agent i finishes ahead of agent j."""
        return float(1.0 / (1.0 + 10.0 ** ((self.rating[j] - self.rating[i]) / 400.0)))

    def to_json(self) -> dict[str, Any]:
        return {
            "model": "bradley-terry",
            "scale": "elo",
            "center": CENTER,
            "anchor": self.anchor if self.anchor is not None else "mean",
            "prior_games": PRIOR_GAMES,
            "ci": "95% percentile bootstrap, resampling groups (the arena's duplicate decks)",
            "bootstrap_samples": self.samples,
            "groups": self.groups,
            "agents": list(self.agents),
            "rating": list(self.rating),
            "low": list(self.low),
            "high": list(self.high),
            "wins": [list(row) for row in self.wins],
            "head_to_head": [pair.to_json() for pair in self.pairs],
        }


def rate(
    agents: Sequence[str],
    groups: npt.ArrayLike,
    *,
    samples: int = BOOTSTRAP_SAMPLES,
    seed: int = 0,
    anchor: int | None = None,
    prior: float = PRIOR_GAMES,
) -> Ratings:
    """Fit ratings to the pairwise wins of independent groups of games.

    ``groups[g, i, j]`` is how often agent i finished ahead of agent j in group g: the
    unit the bootstrap resamples (the arena passes one group per duplicate deck). The
    bootstrap's random stream comes from ``seed`` alone, so the same groups and seed
    give the same intervals.
    """
    g = np.asarray(groups, dtype=np.float64)
    n = len(agents)
    if g.ndim != 3 or g.shape[1:] != (n, n):
        raise ValueError(f"groups must have shape (groups, {n}, {n}), got {g.shape}")
    if samples < 0:
        raise ValueError(f"samples must not be negative, got {samples}")
    if anchor is not None and not 0 <= anchor < n:
        raise ValueError(f"anchor {anchor} is not one of the {n} agents")
    count = g.shape[0]
    total = g.sum(axis=0)
    rating = elo(fit_bradley_terry(total, prior), anchor)
    # Each pair's share in each resample, NaN where the resample holds none of its
    # games (the percentiles skip those); a pair with no resample keeps [0, 1].
    share_low = np.zeros((n, n))
    share_high = np.ones((n, n))
    if count and samples:
        rng = np.random.default_rng(seed)
        flat = g.reshape(count, n * n)
        fitted = []
        shares = []
        for first in range(0, samples, _BATCH):
            size = min(_BATCH, samples - first)
            # How often each group is drawn in each resample of `count` groups.
            drawn = rng.multinomial(count, np.full(count, 1.0 / count), size=size)
            resampled = (drawn.astype(np.float64) @ flat).reshape(size, n, n)
            fitted.append(elo(fit_bradley_terry(resampled, prior), anchor))
            met = resampled + np.swapaxes(resampled, -1, -2)
            with np.errstate(invalid="ignore", divide="ignore"):
                shares.append(np.where(met > 0, resampled / met, np.nan))
        boot = np.concatenate(fitted)
        low, high = np.percentile(boot, [2.5, 97.5], axis=0)
        boot_shares = np.concatenate(shares)
        counted = ~np.isnan(boot_shares).all(axis=0)
        if counted.any():
            picked = boot_shares[:, counted]
            share_low[counted] = np.nanpercentile(picked, 2.5, axis=0)
            share_high[counted] = np.nanpercentile(picked, 97.5, axis=0)
    else:
        low = np.full(n, -math.inf)
        high = np.full(n, math.inf)
    order = sorted(range(n), key=lambda i: -rating[i])
    pairs = []
    for a, i in enumerate(order):
        for j in order[a + 1 :]:
            games = float(total[i, j] + total[j, i])
            if games > 0:
                pairs.append(
                    HeadToHead(
                        first=agents[i],
                        second=agents[j],
                        games=games,
                        share=float(total[i, j] / games),
                        low=float(share_low[i, j]),
                        high=float(share_high[i, j]),
                    )
                )
    return Ratings(
        agents=tuple(agents),
        rating=tuple(float(x) for x in rating),
        low=tuple(float(x) for x in low),
        high=tuple(float(x) for x in high),
        wins=tuple(tuple(float(x) for x in row) for row in total),
        groups=count,
        samples=samples if count else 0,
        anchor=None if anchor is None else agents[anchor],
        pairs=tuple(pairs),
    )


def plot_ratings(ratings: Ratings, path: str | Path, title: str | None = None) -> None:
    """Draw the ratings with their 95% intervals as error bars and save the figure (PNG).

    Needs matplotlib (``pip install 'ganzdy[plot]'``); it is imported only here, and
    drawn without pyplot, so no global backend is set.
    """
    try:
        from matplotlib.figure import Figure
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise ImportError(
            "plotting ratings needs matplotlib: pip install 'ganzdy[plot]'"
        ) from error
    order = sorted(range(len(ratings.agents)), key=lambda i: ratings.rating[i])
    values = np.array([ratings.rating[i] for i in order])
    low = np.array([ratings.low[i] for i in order])
    high = np.array([ratings.high[i] for i in order])
    finite = np.isfinite(low) & np.isfinite(high)
    errors = np.where(finite, np.vstack([values - low, high - values]), 0.0)
    figure = Figure(figsize=(7.0, 1.2 + 0.45 * len(order)), layout="constrained")
    axes = figure.add_subplot()
    axes.errorbar(values, range(len(order)), xerr=errors, fmt="o", capsize=4, color="C0")
    axes.axvline(CENTER, color="0.6", linewidth=0.8, linestyle="--")
    axes.set_yticks(range(len(order)), [ratings.agents[i] for i in order])
    axes.set_ylim(-0.6, len(order) - 0.4)
    anchor = "mean" if ratings.anchor is None else ratings.anchor
    axes.set_xlabel(f"rating (Elo scale, {anchor} = {CENTER:.0f}); bars: 95% bootstrap CI")
    axes.set_title(title or "Bradley-Terry ratings")
    axes.grid(axis="x", alpha=0.3)
    figure.savefig(str(path), dpi=120)
