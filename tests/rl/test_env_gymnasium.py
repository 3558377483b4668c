"""The single-agent Gymnasium environment: Gymnasium's checker, and what it promises on top."""

from __future__ import annotations

import subprocess
import sys
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import ganzdy
from ganzdy.env.gymnasium import ENV_IDS, MoveIdEnv

ENV_ID = ENV_IDS["gan_deng_yan"]

RULES = ganzdy.Rules("gan_deng_yan", players=4)


def random_episode(env: MoveIdEnv, seed: int | None, pick: int) -> list[Any]:
    """Plays one episode with legal actions chosen by a seeded generator; what was seen."""
    rng = np.random.default_rng(pick)
    observation, info = env.reset(seed=seed)
    seen: list[Any] = [observation["observation"].tolist(), info["legal_ids"].tolist()]
    while True:
        action = int(rng.choice(info["legal_ids"]))
        observation, reward, terminated, _, info = env.step(action)
        seen.append((action, observation["observation"].tolist(), reward))
        if terminated:
            return seen


@pytest.mark.parametrize(
    "kwargs",
    [{}, {"opponents": "random"}, {"players": 2, "seat": 1}, {"render_mode": "ansi"}],
)
def test_check_env_passes_without_warnings(kwargs: dict[str, Any]) -> None:
    env = gymnasium.make(ENV_ID, **kwargs)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)


def test_make_through_the_registry() -> None:
    assert ENV_ID == "ganzdy/GanDengYan-v0"
    assert gymnasium.spec(ENV_ID).entry_point == "ganzdy.env.gymnasium:MoveIdEnv"
    env = gymnasium.make(ENV_ID, players=3, opponents="random", seat=2)
    assert isinstance(env.unwrapped, MoveIdEnv)
    assert env.unwrapped.rules == ganzdy.Rules("gan_deng_yan", players=3)
    observation, _ = env.reset(seed=1)
    assert observation in env.observation_space
    env.close()


def test_the_module_prefix_form_needs_no_import() -> None:
    code = (
        "import gymnasium\n"
        f"env = gymnasium.make('ganzdy.env.gymnasium:{ENV_ID}')\n"
        "print(type(env.unwrapped).__name__)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "MoveIdEnv"


def test_spaces() -> None:
    env = MoveIdEnv(RULES, seat=1)
    assert env.action_space == gymnasium.spaces.Discrete(RULES.num_moves)
    space = env.observation_space
    assert isinstance(space, gymnasium.spaces.Dict)
    assert space["observation"].shape == RULES.observation_shape
    assert space["observation"].dtype == np.float32
    assert space["action_mask"].shape == (RULES.num_moves,)
    assert space["action_mask"].dtype == np.int8


@pytest.mark.parametrize(
    ("seat", "opponents", "seed"),
    [(0, "greedy", 1), (1, "random", 2), (3, ["random", "greedy", "random"], 3), (2, "greedy", 4)],
)
def test_random_episodes_end_with_the_seats_points(
    seat: int, opponents: str | list[str], seed: int
) -> None:
    env = MoveIdEnv(RULES, seat=seat, opponents=opponents)
    rng = np.random.default_rng(seed)
    for _ in range(3):
        observation, info = env.reset(seed=int(rng.integers(1000)))
        deal = env.deal
        assert info["redeals"] == 0
        while True:
            # Every step leaves the learner to act, with the mask and ids of its moves.
            assert deal.current_player == seat
            mask = observation["action_mask"]
            assert np.array_equal(mask.astype(bool), deal.legal_mask())
            assert np.array_equal(np.flatnonzero(mask), np.sort(info["legal_ids"]))
            assert np.array_equal(info["legal_ids"], deal.legal_ids())
            assert np.array_equal(observation["observation"], deal.observation(seat))
            action = int(rng.choice(info["legal_ids"]))
            observation, reward, terminated, truncated, info = env.step(action)
            assert truncated is False and isinstance(reward, float)
            if terminated:
                break
            assert reward == 0.0
        points = deal.outcome.points
        assert deal.is_terminal and sum(points) == 0
        assert reward == float(points[seat])
        assert info["points"] == points and len(info["legal_ids"]) == 0
        assert not observation["action_mask"].any()
        assert observation in env.observation_space
        with pytest.raises(ganzdy.GanzdyError, match="the episode is over: call reset"):
            env.step(action)


def test_a_seeded_reset_replays_the_same_episode() -> None:
    for opponents in ("random", "greedy", "random:seed=4"):
        one, two = MoveIdEnv(opponents=opponents), MoveIdEnv(opponents=opponents)
        first = random_episode(one, 42, pick=1)
        assert random_episode(two, 42, pick=1) == first
        following = random_episode(one, None, pick=1)
        assert following != first
        assert random_episode(two, None, pick=1) == following
        assert random_episode(one, 42, pick=1) == first


class Wrapped:
    """An Agent that is not a GreedyAgent, so the env drives it through view_for."""

    def __init__(self, agent: ganzdy.Agent) -> None:
        self.agent = agent

    def act(self, view: ganzdy.SeatView) -> ganzdy.Move:
        return self.agent.act(view)


def test_the_fast_greedy_path_plays_as_greedy_agent() -> None:
    fast = MoveIdEnv(RULES, opponents="greedy")
    slow = MoveIdEnv(RULES, opponents=[Wrapped(ganzdy.GreedyAgent()) for _ in range(3)])
    for seed in range(4):
        assert random_episode(fast, seed, pick=seed) == random_episode(slow, seed, pick=seed)


def test_agent_opponents_see_the_whole_history() -> None:
    plies: list[int] = []

    class Checking(Wrapped):
        def act(self, view: ganzdy.SeatView) -> ganzdy.Move:
            assert list(view.history) == env.deal.history
            plies.append(view.ply)
            return super().act(view)

    env = MoveIdEnv(RULES, opponents=[None, Checking(ganzdy.GreedyAgent()), "greedy", "random"])
    for seed in range(3):
        random_episode(env, seed, pick=seed)
    assert len(plies) > 10


def test_opponent_specs() -> None:
    env = MoveIdEnv(RULES, seat=2, opponents=[ganzdy.RandomAgent(seed=1), "greedy", "random"])
    env.reset(seed=5)
    assert env.deal.current_player == 2
    with pytest.raises(ganzdy.GanzdyError, match="give one per other seat \\(3\\) or one per seat"):
        MoveIdEnv(RULES, opponents=["greedy", "greedy"])
    with pytest.raises(ganzdy.GanzdyError, match="the learner's \\(seat 1\\) must be None"):
        MoveIdEnv(RULES, seat=1, opponents=["greedy"] * 4)
    with pytest.raises(ganzdy.AgentError, match="unknown agent 'mcts'"):
        MoveIdEnv(RULES, opponents="mcts")
    with pytest.raises(ganzdy.GanzdyError, match="neither an agent spec nor an Agent"):
        MoveIdEnv(RULES, opponents=[1, 2, 3])  # type: ignore[list-item]
    with pytest.raises(ganzdy.GanzdyError, match="seat=4 is not a seat"):
        MoveIdEnv(RULES, seat=4)
    with pytest.raises(ganzdy.GanzdyError, match="render_mode='human'"):
        MoveIdEnv(RULES, render_mode="human")
    with pytest.raises(ganzdy.GanzdyError, match="give either rules or rule options"):
        MoveIdEnv(RULES, players=3)
    with pytest.raises(ganzdy.GanzdyError, match="step\\(\\) before reset"):
        MoveIdEnv(RULES).step(0)


def test_an_observation_does_not_change_with_the_other_seats_hidden_cards() -> None:
    deal = RULES.new_deal(seed=8, dealer=3)
    rng = np.random.default_rng(3)
    while deal.ply < 20 or deal.current_player != 1:
        deal.push(deal.legal_moves[int(rng.integers(len(deal.legal_moves)))])
    env = MoveIdEnv(RULES, seat=1)
    mine, _ = env.reset(options={"deal": deal})
    assert env.deal.ply == deal.ply  # the learner was to act: no opponent moved
    differs = False
    for world_seed in range(5):
        world = deal.sample_world(1, world_seed)
        theirs, _ = env.reset(options={"deal": world})
        assert np.array_equal(mine["observation"], theirs["observation"])
        assert np.array_equal(mine["action_mask"], theirs["action_mask"])
        differs |= any(world.hand(s) != deal.hand(s) for s in (0, 2, 3))
    assert differs
    with pytest.raises(ganzdy.GanzdyError, match="already over"):
        finished = deal.copy()
        while not finished.is_terminal:
            finished.push(finished.legal_moves[-1])
        env.reset(options={"deal": finished})


def test_illegal_actions_end_the_episode_by_default() -> None:
    env = MoveIdEnv(RULES, illegal_reward=-100)
    _, info = env.reset(seed=2)
    illegal = next(i for i in range(RULES.num_moves) if i not in info["legal_ids"])
    observation, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-100.0, True, False)
    assert info["illegal_action"] is True and len(info["legal_ids"]) == 0
    assert not observation["action_mask"].any()
    assert not env.deal.is_terminal  # abandoned, not played out
    with pytest.raises(ganzdy.GanzdyError, match="the episode is over"):
        env.step(int(env.deal.legal_ids()[0]))
    with pytest.raises(ganzdy.IllegalMoveError, match="outside the action space"):
        env.reset(seed=2)
        env.step(RULES.num_moves)  # outside the space: raised whatever the mode


def test_illegal_actions_raise_when_asked_and_change_nothing() -> None:
    env = MoveIdEnv(RULES, seat=0, illegal_action="raise")
    _, info = env.reset(options={"deal": RULES.new_deal(seed=7, dealer=0)})
    before = env.deal.hash()
    with pytest.raises(ganzdy.IllegalMoveError) as caught:
        env.step(1)
    assert isinstance(caught.value, ValueError)
    assert str(caught.value) == (
        "seat 0 (the learner) played action 1, which is not legal here: move id 1 "
        "(3s as single 3): the hand 6s 9s Jc Qd 2s RJ does not hold these cards; seat 0 "
        "(legal ids: 121, 123, 241, 243, 321, 323, 361, 363, 481, 533, 653, 542, ...)"
    )
    with pytest.raises(ganzdy.IllegalMoveError, match="action 'pass' is not a move id"):
        env.step("pass")  # type: ignore[arg-type]
    assert env.deal.hash() == before
    _, _, terminated, _, _ = env.step(int(info["legal_ids"][0]))
    assert not terminated and env.deal.ply > 0


def test_render_shows_the_learners_hand_only_until_the_end() -> None:
    env = MoveIdEnv(RULES, seat=0, render_mode="ansi")
    _, info = env.reset(options={"deal": RULES.new_deal(seed=7, dealer=0)})
    text = env.render()
    assert text == (
        "gan_deng_yan v1, 4 players; dealer seat 0 (you), stock 87, bombs played 0, ply 0\n"
        "table: (lead)\n"
        "> seat 0 (you) (dealer)  6 cards: 6s 9s Jc Qd 2s RJ\n"
        "  seat 1                 5 cards: (hidden)\n"
        "  seat 2                 5 cards: (hidden)\n"
        "  seat 3                 5 cards: (hidden)\n"
    )
    rng = np.random.default_rng(0)
    terminated = False
    while not terminated:
        _, _, terminated, _, info = env.step(int(rng.choice(info["legal_ids"])))
    text = env.render()
    assert isinstance(text, str) and "(hidden)" not in text
    assert "deal over, " in text and "points: seat 0 (you) " in text
    assert MoveIdEnv(RULES).render() is None


def test_a_deal_over_before_the_learners_first_turn_is_dealt_again() -> None:
    # One card each and the dealer a second: the dealer goes out at once with a pair.
    env = MoveIdEnv(players=2, initial_hand_size=1, seat=1, opponents="greedy")
    redeals = []
    for seed in range(60):
        _, info = env.reset(seed=seed, options={"dealer": 0})
        assert env.deal.current_player == 1 and not env.deal.is_terminal
        redeals.append(info["redeals"])
    assert max(redeals) > 0 and min(redeals) == 0
