"""The single-agent Gymnasium environment of Guandan and Gouji: check_env, and more."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import ganzdy
from ganzdy.env.card_gymnasium import CardGameEnv
from ganzdy.games import game_of
from test_vector_env_card_games import python_features

GUANDAN = ganzdy.Rules("guandan")
GOUJI = ganzdy.Rules("gouji")


@pytest.mark.parametrize("env_id", [game_of("guandan").env_id, game_of("gouji").env_id])
@pytest.mark.parametrize("kwargs", [{}, {"seat": "random"}, {"render_mode": "ansi"}])
def test_check_env_passes_without_warnings(env_id: str, kwargs: dict[str, Any]) -> None:
    assert env_id in ("ganzdy/Guandan-v0", "ganzdy/Gouji-v0")  # registered on import
    env = gymnasium.make(env_id, **kwargs)
    assert isinstance(env.unwrapped, CardGameEnv)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)


@pytest.mark.parametrize(
    ("rules", "opponents"),
    [(GUANDAN, "greedy"), (GUANDAN, "random"), (GOUJI, "random"), (GOUJI, "greedy")],
)
def test_episodes_observe_the_learners_seat_and_end_with_its_points(
    rules: ganzdy.Rules, opponents: str
) -> None:
    env = CardGameEnv(rules, seat=1, opponents=opponents)
    rng = np.random.default_rng(0)
    for episode in range(3):
        observation, info = env.reset(seed=episode)
        steps, terminated = 0, False
        while not terminated:
            deal = env.deal
            assert deal.current_player == 1 == env.seat
            assert np.array_equal(observation["observation"], deal.observation(1))
            want = python_features(deal)
            assert np.array_equal(observation["move_cards"], want["cards"])
            assert np.array_equal(observation["move_kinds"], want["kind"])
            assert np.array_equal(info["legal_ids"], np.arange(len(deal.legal_moves)))
            assert observation in env.observation_space
            action = int(rng.integers(len(info["legal_ids"])))
            observation, reward, terminated, truncated, info = env.step(action)
            steps += 1
            assert not truncated
        assert reward == info["points"] and steps > 3
        assert observation["move_cards"].shape == (0, 54)
        with pytest.raises(ganzdy.GanzdyError, match="reset"):
            env.step(0)


def test_seeded_resets_replay_and_illegal_actions() -> None:
    def run(env: CardGameEnv, seed: int) -> list[float]:
        observation, _ = env.reset(seed=seed)
        out = [float(observation["observation"].sum())]
        for _ in range(20):
            observation, _, terminated, _, _ = env.step(0)
            out.append(float(observation["observation"].sum()))
            if terminated:
                break
        return out

    env = CardGameEnv(GUANDAN)
    assert run(env, 5) == run(CardGameEnv(GUANDAN), 5) != run(env, 6)
    _, info = env.reset(seed=1)
    count = len(info["legal_ids"])
    raising = CardGameEnv(GUANDAN, illegal_action="raise")
    raising.reset(seed=1)
    with pytest.raises(ganzdy.IllegalMoveError, match=f"{count} legal moves"):
        raising.step(count)
    _, reward, terminated, _, info = env.step(count)
    assert terminated and reward == -1.0 and info["illegal_action"] is True
    gouji = CardGameEnv(GOUJI)
    gouji.reset(seed=0)
    with pytest.raises(ganzdy.IllegalMoveError, match="outside the action space"):
        gouji.step(-1)
