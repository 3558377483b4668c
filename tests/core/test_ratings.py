"""Ratings: the pairwise reading of a deal, the Bradley-Terry fit, its bootstrap intervals
and the plot, on synthetic outcomes whose true strengths are known."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from ganzdy.ratings import (
    BOOTSTRAP_SAMPLES,
    CENTER,
    ELO_PER_THETA,
    HeadToHead,
    Ratings,
    elo,
    finish_ahead,
    fit_bradley_terry,
    plot_ratings,
    rate,
    share_elo,
)


def simulate(true: list[float], groups: int, seed: int, games: int = 1) -> np.ndarray:
    """Groups of round-robin games between agents of known Elo ratings: in each group
    every pair plays ``games`` games, won by i with the Bradley-Terry probability."""
    rng = np.random.default_rng(seed)
    n = len(true)
    r = np.asarray(true, dtype=float)
    p = 1.0 / (1.0 + 10.0 ** ((r[None, :] - r[:, None]) / 400.0))  # p[i, j]: i beats j
    wins = np.zeros((groups, n, n))
    upper = np.triu_indices(n, 1)
    for g in range(groups):
        won = rng.binomial(games, p[upper])
        wins[g][upper] = won
        wins[g][(upper[1], upper[0])] = games - won
    return wins


def centered(true: list[float]) -> np.ndarray:
    r = np.asarray(true, dtype=float)
    return r - r.mean() + CENTER


# -- one deal as pairwise games --------------------------------------------------------


def test_the_winner_is_ahead_of_everyone_and_the_others_go_by_points() -> None:
    # first_out: seat 1 went out; seats 2 and 3 paid the same, seat 0 paid less.
    s = finish_ahead([-6, 24, -9, -9], [1])
    assert s.tolist() == [
        [0.0, 0.0, 1.0, 1.0],
        [1.0, 0.0, 1.0, 1.0],
        [0.0, 0.0, 0.0, 0.5],
        [0.0, 0.0, 0.5, 0.0],
    ]
    assert np.all(s + s.T == 1.0 - np.eye(4))  # every pair shares exactly one game


def test_a_ranking_orders_by_going_out_whatever_the_points() -> None:
    # end_condition='ranking': the order of going out decides, not the points settled earlier.
    s = finish_ahead([4, -2, -2], [0, 2, 1])
    assert s.tolist() == [[0.0, 1.0, 1.0], [0.0, 0.0, 0.0], [0.0, 1.0, 0.0]]


def test_a_drawn_deal_is_a_tie_between_everyone() -> None:
    s = finish_ahead([0, 0, 0], [])
    assert s.tolist() == [[0.0, 0.5, 0.5], [0.5, 0.0, 0.5], [0.5, 0.5, 0.0]]


# -- the fit -------------------------------------------------------------------------------


def test_two_agents_fit_the_log_odds_of_their_record() -> None:
    theta = fit_bradley_terry([[0, 30], [10, 0]], prior=1e-9)
    assert theta[0] - theta[1] == pytest.approx(math.log(3.0), abs=1e-6)
    rated = elo(theta)
    assert rated[0] - rated[1] == pytest.approx(400 * math.log10(3.0), abs=1e-4)
    assert rated.mean() == pytest.approx(CENTER)


def test_the_fit_is_the_maximum_of_the_likelihood() -> None:
    wins = simulate([1700, 1550, 1500, 1250], groups=50, seed=4).sum(axis=0)
    prior = 1.0
    theta = fit_bradley_terry(wins, prior)

    def loglik(t: np.ndarray) -> float:
        d = t[:, None] - t[None, :]
        pairs = float((wins * -np.logaddexp(0.0, -d)).sum())
        virtual = float((-0.5 * prior * (np.logaddexp(0.0, -t) + np.logaddexp(0.0, t))).sum())
        return pairs + virtual

    best = loglik(theta)
    rng = np.random.default_rng(0)
    for _ in range(200):
        assert loglik(theta + rng.normal(0.0, 0.05, size=4)) < best


def test_the_fit_stays_finite_when_an_agent_wins_everything() -> None:
    theta = fit_bradley_terry([[0, 50, 50], [0, 0, 25], [0, 25, 0]])
    assert np.all(np.isfinite(theta)) and theta[0] > theta[1] + 3
    assert theta[1] == pytest.approx(theta[2])
    # Never met: the prior alone decides, and nothing breaks.
    assert np.all(np.isfinite(fit_bradley_terry(np.zeros((3, 3)))))


def test_several_matrices_fit_at_once_as_one_by_one() -> None:
    stack = simulate([1600, 1500, 1400], groups=6, seed=2, games=10)
    together = fit_bradley_terry(stack)
    for g in range(6):
        assert together[g] == pytest.approx(fit_bradley_terry(stack[g]), abs=1e-8)


def test_ratings_recover_known_strengths() -> None:
    true = [1800.0, 1650.0, 1500.0, 1450.0, 1200.0]
    ratings = rate(list("abcde"), simulate(true, groups=400, seed=7), seed=1)
    got = np.array(ratings.rating)
    assert list(np.argsort(-got)) == [0, 1, 2, 3, 4]
    assert np.abs(got - centered(true)).max() < 40  # about two standard errors
    assert np.mean(got) == pytest.approx(CENTER)
    for i in range(5):
        assert ratings.low[i] < ratings.rating[i] < ratings.high[i]
    # The fitted odds of a over e against the record's: 0.97 of their games.
    assert ratings.expected(0, 4) == pytest.approx(1 / (1 + 10 ** ((1200 - 1800) / 400)), abs=0.01)


def test_the_intervals_cover_the_true_ratings_about_95_percent_of_the_time() -> None:
    true = [1650.0, 1550.0, 1450.0, 1350.0]
    truth = centered(true)
    covered = total = 0
    for trial in range(80):
        ratings = rate(
            list("abcd"), simulate(true, groups=60, seed=1000 + trial), samples=400, seed=trial
        )
        for i in range(4):
            covered += ratings.low[i] <= truth[i] <= ratings.high[i]
            total += 1
    # 320 intervals: a true 95% covers 290 to 314 of them with probability ~0.99.
    assert 0.88 <= covered / total <= 0.995, covered / total


def test_the_intervals_narrow_with_more_games() -> None:
    true = [1600.0, 1500.0, 1400.0]
    few = rate(list("abc"), simulate(true, 40, seed=3), seed=0)
    many = rate(list("abc"), simulate(true, 640, seed=3), seed=0)
    for i in range(3):
        assert (many.high[i] - many.low[i]) < 0.5 * (few.high[i] - few.low[i])


def test_an_anchor_agent_sits_at_1500_exactly() -> None:
    ratings = rate(list("abc"), simulate([1700, 1500, 1300], 100, seed=5), anchor=1, seed=0)
    assert ratings.rating[1] == pytest.approx(CENTER)
    assert ratings.low[1] == pytest.approx(CENTER) and ratings.high[1] == pytest.approx(CENTER)
    assert ratings.rating[0] > CENTER > ratings.rating[2]
    assert ratings.anchor == "b" and ratings.to_json()["anchor"] == "b"


def test_the_bootstrap_is_reproducible_from_its_seed() -> None:
    groups = simulate([1600, 1500, 1400], 50, seed=9)
    a, b = rate(list("abc"), groups, seed=11), rate(list("abc"), groups, seed=11)
    assert a == b
    c = rate(list("abc"), groups, seed=12)
    assert c.rating == a.rating and c.low != a.low


def test_no_games_give_unbounded_intervals() -> None:
    ratings = rate(["a", "b"], np.zeros((0, 2, 2)))
    assert ratings.rating == (CENTER, CENTER) and ratings.low == (-math.inf, -math.inf)
    assert ratings.samples == 0 and ratings.groups == 0


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match=r"groups must have shape \(groups, 2, 2\)"):
        rate(["a", "b"], np.zeros((3, 3, 3)))
    with pytest.raises(ValueError, match="anchor 2 is not one of the 2 agents"):
        rate(["a", "b"], np.zeros((1, 2, 2)), anchor=2)
    with pytest.raises(ValueError, match="wins must be square"):
        fit_bradley_terry(np.zeros((2, 3)))
    with pytest.raises(ValueError, match="prior must be positive"):
        fit_bradley_terry(np.zeros((2, 2)), prior=0)


def test_the_scale_is_elo() -> None:
    assert math.isclose(ELO_PER_THETA, 400 / math.log(10))
    # 400 points apart: 10 to 1.
    r = Ratings(("a", "b"), (1700.0, 1300.0), (0.0, 0.0), (0.0, 0.0), ((0.0, 0.0),) * 2, 0, 0, None)
    assert r.expected(0, 1) == pytest.approx(10 / 11)


def test_the_plot_is_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="matplotlib is not installed (ganzdy[plot])")
    ratings = rate(list("abcd"), simulate([1700, 1600, 1500, 1300], 50, seed=1), seed=0)
    path = tmp_path / "ratings.png"
    plot_ratings(ratings, path, title="test")
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000


def reference_head_to_head(
    agents: list[str], groups: np.ndarray, samples: int, seed: int
) -> dict[tuple[str, str], tuple[float, float, float, float]]:
    """Each ordered pair's games, share and percentile interval, resampling the groups
    with the draws rate() makes, one resample and one pair at a time."""
    rng = np.random.default_rng(seed)
    count, n = groups.shape[0], len(agents)
    draws = []
    for first in range(0, samples, 64):
        size = min(64, samples - first)
        draws.extend(rng.multinomial(count, np.full(count, 1.0 / count), size=size))
    out = {}
    total = groups.sum(axis=0)
    for i in range(n):
        for j in range(n):
            games = total[i, j] + total[j, i]
            if i == j or games == 0:
                continue
            shares = []
            for drawn in draws:
                won = sum(k * groups[g, i, j] for g, k in enumerate(drawn))
                lost = sum(k * groups[g, j, i] for g, k in enumerate(drawn))
                if won + lost > 0:
                    shares.append(won / (won + lost))
            low, high = np.percentile(shares, [2.5, 97.5])
            out[(agents[i], agents[j])] = (games, total[i, j] / games, low, high)
    return out


def test_head_to_head_is_each_pairs_own_record_with_its_bootstrap_interval() -> None:
    agents = ["a", "b", "c", "d"]
    groups = simulate([1700.0, 1550.0, 1500.0, 1250.0], groups=40, seed=9, games=3)
    groups[:, 0, 3] = groups[:, 3, 0] = 0  # a and d never meet
    ratings = rate(agents, groups, samples=300, seed=4)
    expected = reference_head_to_head(agents, groups, 300, 4)
    assert len(ratings.pairs) == 5
    order = sorted(agents, key=lambda a: -ratings.rating[agents.index(a)])
    for pair in ratings.pairs:
        assert order.index(pair.first) < order.index(pair.second)
        games, share, low, high = expected[(pair.first, pair.second)]
        assert pair.games == games and pair.share == pytest.approx(share, abs=1e-12)
        assert (pair.low, pair.high) == pytest.approx((low, high), abs=1e-12)
        assert pair.low <= pair.share <= pair.high
        assert pair.elo == pytest.approx(400 * math.log10(share / (1 - share)))
        assert pair.elo_low <= pair.elo <= pair.elo_high
    assert ("a", "d") not in {(p.first, p.second) for p in ratings.pairs}
    data = ratings.to_json()["head_to_head"]
    assert [tuple(d["agents"]) for d in data] == [(p.first, p.second) for p in ratings.pairs]
    assert data[0]["share"] == ratings.pairs[0].share and data[0]["elo"] == ratings.pairs[0].elo


def test_a_lopsided_pair_is_infinite_in_elo_and_null_in_json() -> None:
    groups = np.zeros((5, 2, 2))
    groups[:, 0, 1] = 2.0
    ratings = rate(["strong", "weak"], groups, samples=BOOTSTRAP_SAMPLES, seed=1)
    (pair,) = ratings.pairs
    assert (pair.first, pair.second, pair.share, pair.low, pair.high) == (
        "strong",
        "weak",
        1.0,
        1.0,
        1.0,
    )
    assert pair.elo == math.inf and share_elo(0.0) == -math.inf and share_elo(0.5) == 0.0
    assert pair.to_json()["elo"] is None and "+inf" in str(pair)
    # Without bootstrap samples a share's interval is all it could be.
    (unsampled,) = rate(["strong", "weak"], groups, samples=0).pairs
    assert (unsampled.low, unsampled.high) == (0.0, 1.0)
    assert isinstance(unsampled, HeadToHead)
