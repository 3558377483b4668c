"""Every env reaches every game through the registry (``ganzdy.games``): the Gymnasium
ids, the PettingZoo envs, the OpenSpiel games and the vector env are made from
``game_of(name)`` in loops over ``ganzdy.GAMES``, with no table of games of their own."""

from __future__ import annotations

import gymnasium
import numpy as np
import pyspiel
import pytest

import ganzdy
from ganzdy.env import VectorEnv
from ganzdy.env import gymnasium as genv
from ganzdy.env import openspiel as gos
from ganzdy.env import pettingzoo as penv
from ganzdy.env.card_games import CardGameAECEnv
from ganzdy.env.card_gymnasium import CardGameEnv
from ganzdy.games import game_of


def test_every_game_is_registered_under_its_registry_names() -> None:
    assert set(genv.ENV_IDS) == set(gos.GAME_NAMES) == set(ganzdy.GAMES)
    ids = {game_of(name).env_id for name in ganzdy.GAMES}
    assert ids == {"ganzdy/GanDengYan-v0", "ganzdy/Guandan-v0", "ganzdy/Gouji-v0"}
    names = {game_of(name).openspiel_name for name in ganzdy.GAMES}
    assert names == {"python_gan_deng_yan", "python_guandan", "python_gouji"}
    assert names <= set(pyspiel.registered_names())


@pytest.mark.parametrize("name", ganzdy.GAMES)
def test_each_env_plays_the_game_the_registry_names(name: str) -> None:
    game = game_of(name)
    rules = ganzdy.Rules(name)
    size = game.observation_size(rules)

    single = gymnasium.make(game.env_id)
    assert single.unwrapped.rules == rules
    assert isinstance(single.unwrapped, genv.MoveIdEnv if game.move_ids else CardGameEnv)
    observation, _ = single.reset(seed=1)
    assert observation["observation"].shape == (size,)
    assert type(genv.make(name).unwrapped) is type(single.unwrapped)

    aec = penv.env(rules)
    assert isinstance(aec.unwrapped, penv.MoveIdAECEnv if game.move_ids else CardGameAECEnv)
    assert aec.unwrapped.metadata["name"] == f"{name}_v0"
    aec.reset(seed=2)
    assert aec.observe(aec.agent_selection)["observation"].shape == (size,)

    vector = VectorEnv(rules, 2, seed=3)
    step = vector.reset()
    assert step.observations.shape == (2, size) and vector.move_ids == game.move_ids
    step = vector.step(step.sample_actions(np.random.default_rng(4)))
    assert isinstance(vector.deal(0), game.deal)

    spiel = gos.load_game(name)
    assert spiel.get_type().short_name == game.openspiel_name and spiel.rules == rules
    assert spiel.observation_tensor_shape() == [size]
    assert (spiel.min_utility(), spiel.max_utility()) == game.point_bounds(rules)
    assert spiel.num_distinct_actions() == (rules.num_moves if game.move_ids else gos.MAX_MOVES)


def test_a_game_refuses_another_games_rules_in_one_format() -> None:
    guandan = ganzdy.Rules("guandan")
    for name in ("gan_deng_yan", "gouji"):
        game = game_of(name)
        with pytest.raises(ganzdy.GanzdyError) as caught:
            game.require(guandan, "match")
        assert str(caught.value) == (
            f"a {game.title} match needs {game.title} rules, not {guandan} "
            "(a Guandan match is ganzdy.GuandanMatch)"
        )
        with pytest.raises(ganzdy.GanzdyError, match=f"a {game.title} match needs"):
            game.match(guandan, ["random"] * guandan.players)
    with pytest.raises(
        ganzdy.GanzdyError, match=r"needs Gouji rules, not guandan .*\(those are Guandan's\)"
    ):
        game_of("gouji").require(guandan, "observation")
    with pytest.raises(ganzdy.GanzdyError, match="needs Gouji rules, not str 'gouji'"):
        game_of("gouji").require("gouji", "match")
    assert game_of("guandan").require(guandan, "match") is guandan
