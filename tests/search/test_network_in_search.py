"""The learned network as the search's evaluator: ismcts(..., evaluator=ganzdy.Network)
and the ISMCTS agent's evaluator='learned'."""

from __future__ import annotations

import random
import re
from typing import Any

import numpy as np
import pytest

import ganzdy
from ganzdy import AgentError, Network, NetworkFileError, make_agent, play_deal
from ganzdy.agents import LearnedAgent

GAMES = ("gan_deng_yan", "guandan", "gouji")


# The search's default prior temperature by game (cpp/include/ganzdy/rl/network.h).
PRIOR_TEMPERATURE = {"gan_deng_yan": 0.1, "guandan": 0.1, "gouji": 0.02}

# The search's settings with an evaluator by game, where the caller leaves them unset
# (GameTraits::kEvaluatorSearch, cpp/include/ganzdy/<game>/traits.h).
GAME_SETTINGS: dict[str, dict[str, Any]] = {
    "gan_deng_yan": {
        "value_weight": 1.0,
        "root": "gumbel",
        "own_greedy": 0.0,
        "others_greedy": 0.0,
    },
    "guandan": {"value_weight": 0.0, "root": "puct", "own_greedy": 0.5, "others_greedy": 0.5},
    "gouji": {"value_weight": 0.0, "root": "gumbel", "own_greedy": 0.0, "others_greedy": 0.0},
}
# What an evaluator's search did in every game before the settings were the game's.
GENERIC_SETTINGS = {"value_weight": 1.0, "root": "gumbel", "own_greedy": 0.0, "others_greedy": 0.0}


def shipped(game: str) -> Network:
    return Network.load(str(LearnedAgent.model_path(game)))


def midgame(game: str, seed: int, plies: int) -> Any:
    """A deal of ``game`` played ``plies`` random moves in, not over, with a choice to make."""
    rules = ganzdy.Rules(game)
    for attempt in range(50):
        deal = rules.new_deal(seed=seed + attempt)
        rng = random.Random(seed + attempt)
        for _ in range(plies):
            if deal.is_terminal:
                break
            deal.push(rng.choice(list(deal.legal_moves)))
        if not deal.is_terminal and len(deal.legal_moves) > 1:
            return deal
    raise AssertionError(f"no {game} position with a choice from seed {seed}")


def as_callable(network: Network, temperature: float = 0.1) -> Any:
    """The NetworkEvaluator's contract written in Python: softmax(scores / T) and the
    best score clamped to [0, 1], from the same C++ scores."""

    def evaluate(observation: np.ndarray, vectors: np.ndarray) -> tuple[np.ndarray, float]:
        scores = network.score_vectors(observation, vectors).astype(np.float32)
        best = np.float32(scores.max())
        weights = np.exp((scores - best) / np.float32(temperature)).astype(np.float32)
        return weights / weights.sum(dtype=np.float32), float(min(max(best, 0.0), 1.0))

    return evaluate


@pytest.mark.parametrize("game", GAMES)
def test_the_network_steers_the_search_as_its_contract_says(game: str) -> None:
    # The C++ evaluator and the same contract as a Python callable give the same
    # search, visit for visit: the network reaches the search as a prior and a value.
    network = shipped(game)
    for seed in (1, 2):
        deal = midgame(game, seed, 8)
        info = ganzdy.games.game_of(deal.rules).information_set(deal)
        native = ganzdy.ismcts(info, evaluator=network, iterations=120, seed=3)
        python = ganzdy.ismcts(
            info, evaluator=as_callable(network, PRIOR_TEMPERATURE[game]), iterations=120, seed=3
        )
        assert [c.visits for c in native.children] == [c.visits for c in python.children]
        assert native.index == python.index
        assert deal.legal_moves[native.index] == native.move


@pytest.mark.parametrize("own_greedy, others_greedy", [(0.0, 0.0), (0.0, 0.5), (0.5, 0.5)])
@pytest.mark.parametrize("game", GAMES)
def test_the_search_with_the_network_sees_no_hidden_card(
    game: str, own_greedy: float, others_greedy: float
) -> None:
    # Twin deals: the real one and a world the seat cannot tell from it. The greedy
    # move others_greedy favours is the greedy policy's in each sampled world.
    network = shipped(game)
    deal = midgame(game, 5, 6)
    seat = deal.current_player
    twin = deal.sample_world(seat, seed=11)
    info_of = ganzdy.games.game_of(deal.rules).information_set
    results = [
        ganzdy.ismcts(
            info_of(d, seat),
            evaluator=network,
            iterations=100,
            seed=4,
            others_greedy=others_greedy,
            own_greedy=own_greedy,
        )
        for d in (deal, twin)
    ]
    assert [c.visits for c in results[0].children] == [c.visits for c in results[1].children]


def test_a_network_of_another_game_is_refused() -> None:
    deal = midgame("guandan", 1, 4)
    info = ganzdy.games.game_of(deal.rules).information_set(deal)
    with pytest.raises(NetworkFileError, match="gan_deng_yan"):
        ganzdy.ismcts(info, evaluator=shipped("gan_deng_yan"), iterations=10, seed=1)


@pytest.mark.parametrize("game", GAMES)
def test_the_ismcts_agent_plays_whole_deals_with_the_shipped_network(game: str) -> None:
    rules = ganzdy.Rules(game)
    players = len(rules.new_deal(seed=0).hand_sizes)
    searcher = make_agent("ismcts:evaluator=learned:iterations=30:seed=1")
    agents = [searcher] + [make_agent("greedy") for _ in range(players - 1)]
    searched = []
    deal = play_deal(
        rules, agents, seed=7, on_move=lambda *_: searched.append(searcher.last_result)
    )
    assert deal.is_terminal
    assert any(result is not None and result.iterations == 30 for result in searched)


def test_the_agents_network_file_is_read_only_with_evaluator_learned(tmp_path: Any) -> None:
    with pytest.raises(AgentError, match="evaluator=learned"):
        make_agent(f"ismcts:network={tmp_path / 'x.gznn'}")
    with pytest.raises(AgentError, match="evaluator"):
        make_agent("ismcts:evaluator=nonsense")
    agent = make_agent(f"ismcts:evaluator=learned:network={LearnedAgent.model_path('gouji')}")
    deal = midgame("guandan", 3, 2)
    with pytest.raises(NetworkFileError):
        play_deal(deal.rules, [agent] + [make_agent("greedy")] * 3, seed=1)


@pytest.mark.parametrize("game", ["guandan", "gouji"])
def test_team_game_leaves_are_valued_from_the_searching_teams_side(game: str) -> None:
    """An evaluator biased low (every position worth 0.2 to the seat to act) must leave
    every root move's mean at 0.2: its leaves are valued where the searching team acts.
    Read at an opponent's turn as 1 - 0.2, a leaf would be worth 0.8, and a move's mean
    would follow whose turn its leaves fell on."""

    def biased(observation: np.ndarray, vectors: np.ndarray) -> tuple[np.ndarray, float]:
        return np.full(len(vectors), 1.0 / len(vectors), dtype=np.float32), 0.2

    for seed in (1, 2, 3):
        deal = midgame(game, seed * 100, 6)
        info = ganzdy.games.game_of(deal.rules).information_set(deal)
        # Every leaf valued by the evaluator and its prior unmixed, whatever the game's settings.
        result = ganzdy.ismcts(
            info,
            evaluator=biased,
            iterations=150,
            seed=seed,
            root="puct",
            value_weight=1.0,
            own_greedy=0.0,
            others_greedy=0.0,
        )
        visited = [c for c in result.children if c.visits > 0]
        assert len(visited) > 1
        for child in visited:
            assert child.reward == pytest.approx(0.2, abs=1e-6), (seed, str(child.move))


@pytest.mark.parametrize("game", GAMES)
def test_prior_temperature_is_the_networks_softmax_temperature(game: str) -> None:
    # prior_temperature=T searches as the contract's callable at T does, and priors at a
    # lower T put more weight on the network's best move.
    network = shipped(game)
    deal = midgame(game, 4, 8)
    info = ganzdy.games.game_of(deal.rules).information_set(deal)
    for temperature in (0.02, 0.5):
        native = ganzdy.ismcts(
            info, evaluator=network, iterations=80, seed=5, prior_temperature=temperature
        )
        python = ganzdy.ismcts(
            info, evaluator=as_callable(network, temperature), iterations=80, seed=5
        )
        assert [c.visits for c in native.children] == [c.visits for c in python.children]
    # own_greedy=0: the root prior is the network's softmax alone (Guandan's own setting
    # would put half of it on greedy's move).
    sharp, broad = (
        ganzdy.ismcts(
            info, evaluator=network, iterations=1, seed=5, prior_temperature=t, own_greedy=0.0
        )
        for t in (0.02, 0.5)
    )
    assert max(c.prior for c in sharp.children) > max(c.prior for c in broad.children)
    agent = make_agent("ismcts:evaluator=learned:iterations=20:prior_temperature=0.02:seed=1")
    assert agent.prior_temperature == 0.02
    # Unset, the game's default: the evaluator's priors are those of Network.evaluate's
    # (own_greedy=0: Guandan's search would otherwise mix greedy's move into them).
    default = ganzdy.ismcts(info, evaluator=network, iterations=1, seed=5, own_greedy=0.0)
    priors, _ = network.evaluate(deal)
    at = ganzdy.ismcts(
        info,
        evaluator=network,
        iterations=1,
        seed=5,
        own_greedy=0.0,
        prior_temperature=PRIOR_TEMPERATURE[game],
    )
    assert [c.prior for c in default.children] == [c.prior for c in at.children]
    assert sorted(c.prior for c in default.children) == pytest.approx(sorted(priors), abs=1e-6)
    play_deal(deal.rules, [agent] * deal.rules.players, seed=2)


def test_a_bad_prior_temperature_is_refused() -> None:
    info = ganzdy.games.game_of(ganzdy.Rules("gouji")).information_set(midgame("gouji", 1, 3))
    for bad in (0.0, -1.0, float("inf"), float("nan"), 10**400):
        with pytest.raises(ganzdy.RulesError, match="prior_temperature"):
            ganzdy.ismcts(info, evaluator=shipped("gouji"), iterations=5, prior_temperature=bad)
    with pytest.raises(AgentError, match="prior_temperature=0"):
        make_agent("ismcts:prior_temperature=0")
    for agent in (ganzdy.agents.ISMCTS, ganzdy.agents.PIMC):
        with pytest.raises(AgentError, match="prior_temperature=1000"):
            agent(prior_temperature=10**400)
        with pytest.raises(AgentError, match="prior_temperature=inf"):
            agent(prior_temperature=float("inf"))
    # Network.evaluate checks its temperature as the search does.
    deal = midgame("gouji", 1, 3)
    for bad in (0.0, -1.0, float("inf"), float("nan")):
        with pytest.raises(ganzdy.RulesError, match=r"Network.evaluate: temperature="):
            shipped("gouji").evaluate(deal, temperature=bad)
    with pytest.raises(TypeError, match="temperature must be a number or None, not 'hot'"):
        shipped("gouji").evaluate(deal, temperature="hot")  # type: ignore[arg-type]


def test_the_search_backs_up_the_reward_its_network_was_trained_on(tmp_path: Any) -> None:
    # reward="auto" (the agent's default) reads the network's header: a network trained
    # with --reward rank is searched for rank, one without the key for points, and a
    # reward the search does not know is refused by name.
    from ganzdy import network as files

    saved = files.read_network(LearnedAgent.model_path("gouji"))
    deal = midgame("gouji", 2, 6)
    info = ganzdy.games.game_of(deal.rules).information_set(deal)
    for trained, searched in (("rank", "rank"), (None, "points"), ("elo", None)):
        header = {k: v for k, v in saved.header.items() if k != "reward"}
        if trained is not None:
            header["reward"] = trained
        path = tmp_path / f"{trained}.gznn"
        files.write_network(path, files.Network(header, saved.layers))
        # value_weight=0: every leaf is played out, so the reward kind shows in the means.
        spec = f"ismcts:evaluator=learned:network={path}:iterations=30:value_weight=0:seed=1"
        agent = make_agent(spec)
        if searched is None:
            with pytest.raises(AgentError, match="'elo'"):
                agent.act(ganzdy.view_for(deal))
            continue
        agent.act(ganzdy.view_for(deal))
        assert agent.last_result is not None
        # The agent's first search is seeded by the first draw of Random(1).
        seed = random.Random(1).getrandbits(64)
        net = Network.load(str(path))
        means = [c.reward for c in agent.last_result.children]
        for reward in ("rank", "points"):
            search = ganzdy.ismcts(
                info, evaluator=net, iterations=30, value_weight=0, reward=reward, seed=seed
            )
            assert (means == [c.reward for c in search.children]) == (reward == searched)
    assert make_agent("ismcts:reward=win")._reward(None) == "win"
    assert make_agent("ismcts")._reward(None) == "points"


@pytest.mark.parametrize("game", GAMES)
def test_others_greedy_changes_only_the_model_of_the_other_seats(game: str) -> None:
    """others_greedy moves part of the prior onto the greedy move where another seat
    acts: the searching seat's own prior (the root's) is unchanged, 0 is the network's
    prior at the others' nodes, and a share changes what the search expects of the
    others, so its statistics. Unset, it is the game's setting."""
    network = shipped(game)
    deal = midgame(game, 21, 8)
    info = ganzdy.games.game_of(deal.rules).information_set(deal)

    def search(**kwargs: Any) -> Any:
        return ganzdy.ismcts(info, evaluator=network, iterations=150, seed=6, **kwargs)

    plain, mixed = search(others_greedy=0.0), search(others_greedy=0.7)
    default = search()
    games_own = search(others_greedy=GAME_SETTINGS[game]["others_greedy"])
    assert [c.visits for c in default.children] == [c.visits for c in games_own.children]
    assert [c.prior for c in mixed.children] == [c.prior for c in plain.children]
    assert [(c.visits, c.reward) for c in mixed.children] != [
        (c.visits, c.reward) for c in plain.children
    ]


@pytest.mark.parametrize("game", GAMES)
def test_own_greedy_moves_a_share_of_the_root_prior_onto_the_greedy_move(game: str) -> None:
    """own_greedy mixes the greedy policy's move into the searching seat's prior:
    at the root, (1 - share) * the network's prior + share on greedy's move, which
    is the move the deal's own greedy policy picks. Unset, it is the game's setting."""
    network = shipped(game)
    deal = midgame(game, 23, 8)
    info = ganzdy.games.game_of(deal.rules).information_set(deal)
    greedy_move = deal.legal_moves[deal.greedy_index()]

    def search(**kwargs: Any) -> Any:
        return ganzdy.ismcts(info, evaluator=network, iterations=120, seed=6, root="puct", **kwargs)

    plain, mixed = search(own_greedy=0.0), search(own_greedy=0.6)
    default = search()
    games_own = search(own_greedy=GAME_SETTINGS[game]["own_greedy"])
    assert [c.prior for c in default.children] == [c.prior for c in games_own.children]
    assert [c.visits for c in default.children] == [c.visits for c in games_own.children]
    assert [c.move for c in mixed.children] == [c.move for c in plain.children]
    expected = [0.4 * c.prior + 0.6 * (c.move == greedy_move) for c in plain.children]
    assert [c.prior for c in mixed.children] == pytest.approx(expected, rel=1e-4, abs=1e-6)
    assert sum(c.move == greedy_move for c in mixed.children) == 1
    # At 1 the prior is all greedy's, the network's ranking gone from the root.
    full = search(own_greedy=1.0)
    assert [c.prior for c in full.children] == pytest.approx(
        [float(c.move == greedy_move) for c in full.children], abs=1e-6
    )


@pytest.mark.parametrize("option", ["own_greedy", "others_greedy"])
@pytest.mark.parametrize("game", ["guandan", "gouji"])
def test_a_bad_greedy_share_is_refused(game: str, option: str) -> None:
    deal = midgame(game, 21, 8)
    info = ganzdy.games.game_of(deal.rules).information_set(deal)
    for share in (-0.1, 1.01, float("inf"), float("nan")):
        with pytest.raises(ganzdy.GanzdyError, match=option):
            ganzdy.ismcts(info, evaluator=shipped(game), iterations=10, **{option: share})
        with pytest.raises(AgentError, match=option):
            make_agent(f"ismcts:evaluator=learned:{option}={share}")
    agent = make_agent(f"ismcts:evaluator=learned:iterations=20:{option}=0.5:root=puct:seed=2")
    assert isinstance(agent, ganzdy.agents.ISMCTS) and getattr(agent, option) == 0.5
    others = [make_agent("greedy") for _ in range(len(deal.hand_sizes) - 1)]
    played = play_deal(deal.rules, [agent, *others], seed=3)
    assert played.is_terminal


@pytest.mark.parametrize("game", GAMES)
def test_what_a_search_with_an_evaluator_leaves_unset_is_the_games(game: str) -> None:
    """With an evaluator, value_weight, own_greedy, others_greedy and root='auto' are
    the game's settings, visit for visit, for the native network and for the same
    contract as a callable; Guandan's differ from the settings every game had before.
    Without an evaluator nothing changes: the greedy shares act on a given evaluator."""
    network = shipped(game)
    deal = midgame(game, 31, 8)
    info = ganzdy.games.game_of(deal.rules).information_set(deal)

    def stats(result: Any) -> list[tuple[int, float, float]]:
        return [(c.visits, round(c.reward, 9), round(c.prior, 7)) for c in result.children]

    for evaluator in (network, as_callable(network, PRIOR_TEMPERATURE[game])):
        default = ganzdy.ismcts(info, evaluator=evaluator, iterations=120, seed=8)
        spelled = ganzdy.ismcts(
            info, evaluator=evaluator, iterations=120, seed=8, **GAME_SETTINGS[game]
        )
        generic = ganzdy.ismcts(
            info, evaluator=evaluator, iterations=120, seed=8, **GENERIC_SETTINGS
        )
        assert stats(default) == stats(spelled)
        assert (stats(default) == stats(generic)) == (GAME_SETTINGS[game] == GENERIC_SETTINGS)
    bare = ganzdy.ismcts(info, iterations=120, seed=8)
    shares = ganzdy.ismcts(info, iterations=120, seed=8, own_greedy=0.9, others_greedy=0.9)
    assert stats(bare) == stats(shares)
    # The agent leaves them unset too, and plays the game's search.
    agent = make_agent("ismcts:evaluator=learned:iterations=60:seed=4")
    assert isinstance(agent, ganzdy.agents.ISMCTS)
    assert (agent.value_weight, agent.own_greedy, agent.others_greedy) == (None, None, None)
    spec = ":".join(f"{key}={value}" for key, value in GAME_SETTINGS[game].items())
    spelled_agent = make_agent(f"ismcts:evaluator=learned:iterations=60:seed=4:{spec}")
    view = ganzdy.agents.view_for(deal)
    agent.act(view)
    spelled_agent.act(view)
    assert agent.last_result is not None and spelled_agent.last_result is not None
    assert stats(agent.last_result) == stats(spelled_agent.last_result)


@pytest.mark.parametrize("value", ["0.5", True, -0.5, 1.5, float("nan"), 10**400])
def test_a_bad_value_weight_is_refused_with_the_input_quoted(value: object) -> None:
    deal = midgame("guandan", 21, 8)
    info = ganzdy.games.game_of(deal.rules).information_set(deal)
    # Not a number: a TypeError; a number out of [0, 1]: the input quoted (a long int in part).
    wrong_type = isinstance(value, str | bool)
    error = TypeError if wrong_type else ganzdy.GanzdyError
    match = "value_weight" if wrong_type else re.escape(f"value_weight={value!r}"[:40])
    with pytest.raises(error, match=match):
        ganzdy.ismcts(info, evaluator=shipped("guandan"), iterations=10, value_weight=value)
