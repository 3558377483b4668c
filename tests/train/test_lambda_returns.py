"""The training targets' lambda-returns: the definition, and what a job's rows get."""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="the [train] extra is not installed")

import ganzdy  # noqa: E402
from ganzdy.games import game_of  # noqa: E402
from ganzdy.train.actors import ActorJob, DealSpec, _Scorer, lambda_returns, play  # noqa: E402
from ganzdy.train.league import GREEDY, LEARNER  # noqa: E402
from ganzdy.train.model import QNetwork  # noqa: E402

pytestmark = pytest.mark.train


def reference(values: list[float], reward: float, td_lambda: float) -> list[float]:
    """The lambda-return as the weighted sum of n-step returns (Sutton and Barto 12.1):
    from decision t, the k-step return is values[t + k] (the reward past the end), and
    it weighs (1 - lambda) lambda^(k - 1), the last one all the weight left."""
    n = len(values)
    out = []
    for t in range(n):
        total, left = 0.0, 1.0
        for k in range(1, n - t):
            total += (1 - td_lambda) * td_lambda ** (k - 1) * values[t + k]
            left -= (1 - td_lambda) * td_lambda ** (k - 1)
        out.append(total + left * reward)
    return out


@pytest.mark.parametrize("td_lambda", [0.0, 0.3, 0.8, 1.0])
def test_lambda_returns_are_the_weighted_n_step_returns(td_lambda: float) -> None:
    rng = np.random.default_rng(4)
    for n in range(1, 12):
        values = rng.random(n).astype(np.float32)
        reward = float(rng.random())
        got = lambda_returns(values, reward, td_lambda)
        np.testing.assert_allclose(got, reference(list(values), reward, td_lambda), atol=1e-6)
        assert got[-1] == np.float32(reward)  # the last decision sees the deal's end
    np.testing.assert_array_equal(
        lambda_returns(np.array([0.2, 0.7], np.float32), 1.0, 0.0), np.array([0.7, 1.0], np.float32)
    )
    assert lambda_returns(np.zeros(0, np.float32), 0.5, 0.5).shape == (0,)


def one_deal_job(td_lambda: float, seed: int) -> tuple[ganzdy.Rules, ActorJob]:
    rules = ganzdy.Rules("gan_deng_yan")
    torch.manual_seed(seed)
    weights = QNetwork(game_of(rules).observation_size(rules), (32, 16)).weights()
    table = (LEARNER, GREEDY, GREEDY, GREEDY)
    spec = DealSpec(seed, 0, None, table)
    return rules, ActorJob(rules, 5, (spec,), weights, {}, 0.0, seed, True, td_lambda=td_lambda)


def test_a_jobs_targets_bootstrap_from_the_networks_next_best_score() -> None:
    for seed in range(6):
        rules, job = one_deal_job(0.0, seed)
        rollout = play(job)
        monte_carlo = play(one_deal_job(1.0, seed)[1])
        # The same deal either way: the targets do not change the play.
        np.testing.assert_array_equal(rollout.rows, monte_carlo.rows)
        reward = rollout.rewards[0, 0]
        np.testing.assert_array_equal(
            monte_carlo.targets, np.full(len(rollout.rows), reward, np.float32)
        )
        # Lambda 0: each row's target is the network's score of the seat's next row,
        # which, without exploration, is the best score of that decision, clamped to
        # the reward's [0, 1]; the last row's is the reward.
        size = game_of(rules).observation_size(rules)
        scorer = _Scorer(job.learner)
        rows = rollout.rows
        scores = scorer(rows[:, :size], rows[:, size:], np.ones(len(rows), dtype=np.int64))
        expected = np.append(np.clip(scores[1:], 0.0, 1.0), np.float32(reward))
        np.testing.assert_allclose(rollout.targets, expected, atol=1e-6)
