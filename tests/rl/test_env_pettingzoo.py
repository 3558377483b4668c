"""The PettingZoo AEC environment: PettingZoo's own checkers, and what it promises on top."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import ganzdy
from ganzdy.env import pettingzoo as gdy_pz

RULES = ganzdy.Rules("gan_deng_yan", players=4)

# api_test warns about any observation that is not a bare array or Box, naming a fixed
# list of PettingZoo's own environments as exceptions; a dict with an action mask is what
# PettingZoo's classic games use too, so these two warnings are expected.
DICT_OBSERVATION_WARNINGS = [
    "ignore:Observation space for each agent probably should be gymnasium.spaces.box",
    "ignore:Observation is not a NumPy array",
]


def play_random(env: gdy_pz.MoveIdAECEnv, rng: random.Random) -> list[tuple[str, int]]:
    """Plays the episode to its end with random legal actions; the (agent, action) pairs."""
    moves: list[tuple[str, int]] = []
    for agent in env.agent_iter():
        _, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        action = int(rng.choice(info["legal_ids"].tolist()))
        moves.append((agent, action))
        env.step(action)
    return moves


@pytest.mark.filterwarnings(*DICT_OBSERVATION_WARNINGS)
@pytest.mark.parametrize(
    "options", [{}, {"players": 2}, {"players": 5, "end_condition": "ranking"}]
)
def test_pettingzoo_api_test(
    options: dict[str, object], capsys: pytest.CaptureFixture[str]
) -> None:
    api_test(gdy_pz.env(**options), num_cycles=1000)
    assert "Passed API test" in capsys.readouterr().out


def test_pettingzoo_seed_test() -> None:
    seed_test(gdy_pz.env, num_cycles=300)


def test_spaces_and_metadata() -> None:
    env = gdy_pz.raw_env(RULES)
    assert env.possible_agents == ["player_0", "player_1", "player_2", "player_3"]
    assert env.metadata == {
        "name": "gan_deng_yan_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }
    space = env.observation_space("player_2")
    assert space["observation"].shape == RULES.observation_shape
    assert space["observation"].dtype == np.float32
    assert space["action_mask"].shape == (RULES.num_moves,)
    assert space["action_mask"].dtype == np.int8
    assert env.action_space("player_2").n == RULES.num_moves
    # The bounds of the vector: one-hot parts at most 1, cards per rank at most 8 (two packs).
    high = space["observation"].high
    spec = {part.name: part for part in RULES.observation_spec()}
    assert set(high[spec["to_act"].start : spec["to_act"].stop]) == {1.0}
    assert high[spec["hand"].start : spec["hand"].stop].tolist() == [8.0] * 13 + [2.0, 2.0]
    assert high[spec["stock_size"].start] == 108.0
    assert (space["observation"].low == 0).all()


def test_rule_options_and_rules_are_alternatives() -> None:
    assert gdy_pz.raw_env(players=3).rules == ganzdy.Rules("gan_deng_yan", players=3)
    assert gdy_pz.raw_env(RULES).rules == RULES
    with pytest.raises(ganzdy.GanzdyError, match="give either rules or rule options"):
        gdy_pz.raw_env(RULES, players=3)
    with pytest.raises(ganzdy.RulesError):
        gdy_pz.raw_env(triple_mode="sometimes")
    with pytest.raises(ganzdy.GanzdyError, match="render_mode='human'"):
        gdy_pz.raw_env(render_mode="human")
    with pytest.raises(ganzdy.GanzdyError, match="illegal_action='ignore'"):
        gdy_pz.raw_env(illegal_action="ignore")


@pytest.mark.parametrize("seed", range(6))
def test_random_episodes_end_with_the_deals_points(seed: int) -> None:
    rng = random.Random(seed)
    env = gdy_pz.raw_env(RULES)
    env.reset(seed=seed)
    deal = env.deal
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        assert truncated is False
        if terminated:
            env.step(None)
            continue
        seat = env.possible_agents.index(agent)
        assert deal.current_player == seat and not deal.is_terminal
        assert reward == 0
        # The mask is legal_mask() and agrees with the compact legal ids.
        mask = observation["action_mask"]
        assert mask.dtype == np.int8
        assert np.array_equal(mask.astype(bool), deal.legal_mask())
        assert np.array_equal(np.flatnonzero(mask), np.sort(info["legal_ids"]))
        assert np.array_equal(info["legal_ids"], deal.legal_ids())
        assert np.array_equal(observation["observation"], deal.observation(seat))
        assert observation in env.observation_space(agent)
        # Every other agent sees its own seat, with no legal action.
        for other in env.agents:
            if other != agent:
                theirs = env.observe(other)
                assert not theirs["action_mask"].any()
                assert len(env.infos[other]["legal_ids"]) == 0
                other_seat = env.possible_agents.index(other)
                assert np.array_equal(theirs["observation"], deal.observation(other_seat))
        env.step(int(rng.choice(info["legal_ids"].tolist())))
    assert deal.is_terminal and env.agents == []
    points = deal.outcome.points
    assert [totals[agent] for agent in env.possible_agents] == [float(p) for p in points]
    assert sum(points) == 0


def test_all_agents_terminate_together_with_their_points() -> None:
    env = gdy_pz.env(players=3)
    env.reset(seed=11)
    rng = random.Random(0)
    while not any(env.terminations.values()):
        env.step(int(rng.choice(env.infos[env.agent_selection]["legal_ids"].tolist())))
    assert all(env.terminations.values()) and not any(env.truncations.values())
    points = env.unwrapped.deal.outcome.points
    assert env.rewards == {f"player_{s}": float(p) for s, p in enumerate(points)}
    for _ in range(3):
        assert env.agent_selection in env.agents
        _, reward, terminated, _, info = env.last()
        assert terminated and len(info["legal_ids"]) == 0
        assert reward == points[env.possible_agents.index(env.agent_selection)]
        env.step(None)
    assert env.agents == []


def test_a_seeded_reset_replays_the_same_episode() -> None:
    def episode(env: gdy_pz.MoveIdAECEnv, seed: int | None) -> tuple[object, ...]:
        env.reset(seed=seed)
        deck = tuple(env.deal.deck)
        dealer = env.deal.dealer
        moves = play_random(env, random.Random(5))
        return deck, dealer, tuple(moves), tuple(env.deal.outcome.points)

    one, two = gdy_pz.raw_env(RULES), gdy_pz.raw_env(RULES)
    first = episode(one, 42)
    assert episode(two, 42) == first
    following = episode(one, None)  # the next deal of seed 42's stream
    assert following != first
    assert episode(two, None) == following
    assert episode(one, 42) == first
    assert episode(one, 43) != first


def test_reset_options_deck_dealer_and_deal() -> None:
    env = gdy_pz.raw_env(RULES)
    deck = RULES.new_deal(seed=7).deck
    env.reset(options={"deck": deck, "dealer": 2})
    assert env.deal.deck == deck and env.deal.dealer == 2
    assert env.agent_selection == "player_2"
    start = RULES.new_deal(seed=7, dealer=1)
    start.push(start.legal_moves[0])
    env.reset(options={"deal": start, "ignored": 1})
    assert env.deal.hash() == start.hash() and env.deal is not start
    assert env.agent_selection == f"player_{start.current_player}"
    with pytest.raises(ganzdy.GanzdyError, match="is a deal of gan_deng_yan v1, 3 players"):
        env.reset(options={"deal": ganzdy.Rules("gan_deng_yan", players=3).new_deal(seed=1)})


def test_an_observation_does_not_change_with_the_other_seats_hidden_cards() -> None:
    # Two decks that differ only in cards seat 0 has not seen: swap two positions.
    base = RULES.new_deal(seed=21, dealer=0)
    deck = base.deck
    other = None
    for i in range(len(deck)):
        for j in range(i + 1, len(deck)):
            if deck[i][0] == deck[j][0]:
                continue
            swapped = list(deck)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            candidate = RULES.new_deal(deck=swapped, dealer=0)
            if candidate.hand(0) == base.hand(0) and candidate.hand(1) != base.hand(1):
                other = swapped
                break
        if other is not None:
            break
    assert other is not None
    env_a, env_b = gdy_pz.raw_env(RULES), gdy_pz.raw_env(RULES)
    env_a.reset(options={"deck": deck, "dealer": 0})
    env_b.reset(options={"deck": other, "dealer": 0})
    a, b = env_a.observe("player_0"), env_b.observe("player_0")
    assert np.array_equal(a["observation"], b["observation"])
    assert np.array_equal(a["action_mask"], b["action_mask"])
    # The test can tell: seat 1's own view differs.
    assert not np.array_equal(
        env_a.observe("player_1")["observation"], env_b.observe("player_1")["observation"]
    )

    # Mid-deal: worlds sampled for one seat share its whole public history.
    deal = RULES.new_deal(seed=8, dealer=3)
    rng = random.Random(3)
    for _ in range(23):
        deal.push(rng.choice(list(deal.legal_moves)))
    for seat in range(RULES.players):
        agent = f"player_{seat}"
        env_a.reset(options={"deal": deal})
        mine = env_a.observe(agent)
        differs = False
        for world_seed in range(4):
            world = deal.sample_world(seat, world_seed)
            env_b.reset(options={"deal": world})
            theirs = env_b.observe(agent)
            assert np.array_equal(mine["observation"], theirs["observation"])
            assert np.array_equal(mine["action_mask"], theirs["action_mask"])
            differs |= any(world.hand(s) != deal.hand(s) for s in range(RULES.players))
        assert differs


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    env = gdy_pz.env(RULES)
    env.reset(seed=7)
    deal = env.unwrapped.deal
    agent = env.agent_selection
    legal = env.infos[agent]["legal_ids"]
    assert 0 not in legal  # the dealer leads: no pass
    ply, before = deal.ply, deal.hash()
    with pytest.raises(ganzdy.IllegalMoveError) as caught:
        env.step(0)
    assert isinstance(caught.value, ValueError)
    message = str(caught.value)
    assert message.startswith(f"{agent} played action 0, which is not legal here: ")
    assert "the leader may not pass" in message
    assert "legal ids: " in message
    with pytest.raises(ganzdy.IllegalMoveError, match="outside the action space Discrete"):
        env.step(RULES.num_moves)
    with pytest.raises(ganzdy.IllegalMoveError, match="is not a move id"):
        env.step(1.5)  # type: ignore[arg-type]
    assert deal.ply == ply and deal.hash() == before and env.agent_selection == agent
    assert env.rewards[agent] == 0 and not any(env.terminations.values())
    env.step(int(legal[0]))  # and the episode goes on
    assert deal.ply == ply + 1


def test_illegal_action_terminate_follows_the_pettingzoo_convention() -> None:
    env = gdy_pz.env(RULES, illegal_action="terminate", illegal_reward=-50)
    env.reset(seed=7)
    offender = env.agent_selection
    env.step(0)
    assert all(env.terminations.values())
    assert env.rewards == {a: (-50.0 if a == offender else 0.0) for a in env.possible_agents}
    assert env.infos[offender]["illegal_action"] is True
    seen = {}
    while env.agents:
        seen[env.agent_selection] = env.last()[1]
        env.step(None)
    assert seen == {a: (-50.0 if a == offender else 0.0) for a in env.possible_agents}
    env.reset(seed=7)
    with pytest.raises(ganzdy.IllegalMoveError, match="outside the action space"):
        env.step(-1)  # outside the space: raised whatever the mode


def test_render_shows_the_hand_of_the_agent_to_act_and_every_hand_at_the_end() -> None:
    env = gdy_pz.env(RULES, render_mode="ansi")
    env.reset(options={"deal": RULES.new_deal(seed=7, dealer=0)})  # as in docs/gan_deng_yan.md
    deal = env.unwrapped.deal
    text = env.render()
    assert isinstance(text, str)
    lines = text.splitlines()
    assert lines[0] == (
        "gan_deng_yan v1, 4 players; dealer player_0, stock 87, bombs played 0, ply 0"
    )
    assert lines[1] == "table: (lead)"
    assert lines[2] == f"> player_0 (dealer)  6 cards: {deal.hand(0)}"
    assert lines[3:6] == [f"  player_{s}           5 cards: (hidden)" for s in (1, 2, 3)]
    env.step(int(env.infos["player_0"]["legal_ids"][0]))
    text = env.render()
    assert f"> player_1           5 cards: {deal.hand(1)}" in text
    assert "player_0 (dealer)  5 cards: (hidden)" in text
    assert "last moves: player_0: 6s as single 6" in text
    assert "table: 6s as single 6 by player_0" in text
    rng = random.Random(1)
    while not deal.is_terminal:
        env.step(int(rng.choice(env.infos[env.agent_selection]["legal_ids"].tolist())))
    text = env.render()
    assert "(hidden)" not in text and ">" not in text
    for seat in range(4):
        if len(deal.hand(seat)):
            assert str(deal.hand(seat)) in text
    points = ", ".join(f"player_{s} {p:+d}" for s, p in enumerate(deal.outcome.points))
    assert text.splitlines()[-1].endswith(f"points: {points}")
    quiet = gdy_pz.raw_env(RULES)
    quiet.reset(seed=1)
    assert quiet.render() is None
