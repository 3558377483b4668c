"""The PettingZoo AEC environment of Guandan and Gouji: PettingZoo's checkers, and more."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import ganzdy
from ganzdy.env import pettingzoo as gdy_pz
from ganzdy.env.card_games import CardGameAECEnv
from test_vector_env_card_games import python_features

GUANDAN = ganzdy.Rules("guandan")
GOUJI = ganzdy.Rules("gouji")

DICT_OBSERVATION_WARNINGS = [
    "ignore:Observation space for each agent probably should be gymnasium.spaces.box",
    "ignore:Observation is not a NumPy array",
]


@pytest.mark.filterwarnings(*DICT_OBSERVATION_WARNINGS)
@pytest.mark.parametrize("rules", [GUANDAN, GOUJI], ids=["guandan", "gouji"])
def test_pettingzoo_api_test(rules: ganzdy.Rules, capsys: pytest.CaptureFixture[str]) -> None:
    api_test(gdy_pz.env(rules), num_cycles=400)
    assert "Passed API test" in capsys.readouterr().out


@pytest.mark.parametrize("rules", [GUANDAN, GOUJI], ids=["guandan", "gouji"])
def test_pettingzoo_seed_test(rules: ganzdy.Rules) -> None:
    seed_test(lambda: gdy_pz.env(rules), num_cycles=200)


@pytest.mark.parametrize("rules", [GUANDAN, GOUJI], ids=["guandan", "gouji"])
@pytest.mark.parametrize("seed", range(3))
def test_random_episodes_end_with_the_deals_points(rules: ganzdy.Rules, seed: int) -> None:
    rng = random.Random(seed)
    env = CardGameAECEnv(rules)
    env.reset(seed=seed)
    deal = env.deal
    totals = dict.fromkeys(env.possible_agents, 0.0)
    phases: set[str] = set()
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        assert truncated is False
        if terminated:
            env.step(None)
            continue
        seat = env.possible_agents.index(agent)
        assert deal.current_player == seat and reward == 0
        phases.add(deal.phase)
        count = len(deal.legal_moves)
        assert np.array_equal(info["legal_ids"], np.arange(count))
        assert info["action_mask"].sum() == count and info["action_mask"][:count].all()
        assert np.array_equal(observation["observation"], deal.observation(seat))
        want = python_features(deal)
        for name, key in [("cards", "move_cards"), ("kind", "move_kinds"), ("key", "move_keys")]:
            assert np.array_equal(observation[key], want[name])
        assert observation in env.observation_space(agent)
        for other in env.agents:
            if other != agent:
                theirs = env.observe(other)
                assert theirs["move_cards"].shape == (0, 54)
                assert len(env.infos[other]["legal_ids"]) == 0
        env.step(rng.randrange(count))
    assert deal.is_terminal and env.agents == []
    points = deal.outcome.points
    assert [totals[agent] for agent in env.possible_agents] == [float(p) for p in points]
    assert sum(points) == 0
    if rules.game == "guandan":
        assert {"return", "play"} <= phases


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    env = CardGameAECEnv(GUANDAN)
    env.reset(seed=5)
    before = env.deal.hash()
    count = len(env.infos[env.agent_selection]["legal_ids"])
    with pytest.raises(ganzdy.IllegalMoveError, match=f"it has {count} legal moves"):
        env.step(count)
    with pytest.raises(ganzdy.IllegalMoveError, match="outside the action space"):
        env.step(-1)
    with pytest.raises(ganzdy.IllegalMoveError, match="not a move index"):
        env.step(True)
    assert env.deal.hash() == before
    terminating = CardGameAECEnv(GOUJI, illegal_action="terminate", illegal_reward=-5.0)
    terminating.reset(seed=1)
    offender = terminating.agent_selection
    terminating.step(terminating.max_moves - 1)
    assert all(terminating.terminations.values())
    assert terminating.rewards[offender] == -5.0
    assert terminating.infos[offender]["illegal_action"] is True


def test_seeded_resets_replay_and_options() -> None:
    def moves(env: CardGameAECEnv, seed: int) -> list[int]:
        env.reset(seed=seed)
        rng = random.Random(0)
        out = []
        for _ in range(40):
            action = rng.randrange(len(env.infos[env.agent_selection]["legal_ids"]))
            out.append(env.deal.hash())
            env.step(action)
        return out

    env = CardGameAECEnv(GUANDAN)
    assert moves(env, 3) == moves(CardGameAECEnv(GUANDAN), 3) != moves(env, 4)
    env.reset(seed=1, options={"first_hand": True})
    assert env.deal.phase == "play" and env.deal.previous_finish is None
    deal = ganzdy.GuandanDeal(GUANDAN, 9)
    env.reset(options={"deal": deal})
    assert env.deal.hash() == deal.hash() and env.deal is not deal
    with pytest.raises(ganzdy.GanzdyError, match="must be a deal of"):
        env.reset(options={"deal": ganzdy.GoujiDeal(GOUJI, 1)})
    with pytest.raises(ganzdy.GanzdyError, match="max_moves"):
        CardGameAECEnv(GUANDAN, max_moves=1)
    tight = CardGameAECEnv(GUANDAN, max_moves=2)
    with pytest.raises(ganzdy.GanzdyError, match="more than max_moves=2"):
        tight.reset(seed=0, options={"first_hand": True})


def test_render_and_metadata() -> None:
    env = CardGameAECEnv(GOUJI, render_mode="ansi")
    env.reset(seed=2)
    assert env.metadata["name"] == "gouji_v0"
    assert env.possible_agents == [f"player_{s}" for s in range(6)]
    text = env.render()
    assert text is not None and text.count("(hidden)") == 5
    assert CardGameAECEnv(GUANDAN).render() is None
    with pytest.raises(ganzdy.GanzdyError, match="a game with card-level moves"):
        CardGameAECEnv(ganzdy.Rules("gan_deng_yan", players=4))
