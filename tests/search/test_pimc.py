"""Perfect-information Monte Carlo: what it computes, against a slow Python reference,
and the agent in every game."""

from __future__ import annotations

import math
import pickle
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ganzdy
from ganzdy._core import GanDengYanInformationSet, pimc
from ganzdy.solver import parse_position

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "rl"))
from test_ismcts import dealt, random_position

RULES = ganzdy.Rules("gan_deng_yan", players=4)


def greedy_reward(deal: ganzdy.GanDengYanDeal, seat: int) -> float:
    """The points reward (docs/search.md) of `seat` after greedy play to the end."""
    while not deal.is_terminal:
        deal.push(deal.legal_moves[deal.greedy_index()])
    points = deal.outcome.points[seat]
    base = deal.rules.option("base")
    assert isinstance(base, int)
    return 0.5 + 0.5 * math.tanh(points / (32 * max(base, 1)))


@pytest.mark.parametrize(
    "position",
    [
        "3s 4s 5s 9h 9d Kc | 6h 7h 8h Jd Qd ; to_act=0",
        "3s 3h 7c 8c 9c Tc 2s | 4d 4h Jd Jh Ks ; to_act=0",
        "5s 6s 7s BJ Qh Qd | 8d 8h 9s 9d As 2c ; to_act=1",
    ],
)
def test_greedy_pimc_of_a_known_position_is_the_greedy_result(position: str) -> None:
    """In a two-seat endgame (empty stock) every world is the deal itself, so with greedy
    playouts each move's value is exactly the greedy result after it in the real deal."""
    deal = parse_position(position)
    seat = deal.current_player
    assert seat is not None
    result = pimc(GanDengYanInformationSet(deal), worlds=3, seed=5, solver=False)
    want = []
    for move in deal.legal_moves:
        after = deal.copy()
        after.push(move)
        want.append(greedy_reward(after, seat))
    assert [c.reward for c in result.children] == pytest.approx(want)
    assert result.children[result.index].reward == max(want)
    assert want.index(max(want)) == result.index


def test_goes_out_when_it_can() -> None:
    deal = dealt(RULES, ["5s 6h 7d 8c 9s Ts", "3d 4d Jd Qd Kd", "3h 4h Jh Qh Kh", "3s 4s Js Qs Ks"])
    going_out = ganzdy.Move("straight", "5", "5s 6h 7d 8c 9s Ts")
    for rollout in ("greedy", "random"):
        result = pimc(GanDengYanInformationSet(deal), worlds=10, rollout=rollout, seed=1)
        assert result.move == going_out
        assert result.iterations == 10 * len(deal.legal_moves)


def test_same_seed_same_result_and_playouts_count() -> None:
    info = GanDengYanInformationSet(random_position(RULES, 23, plies=4))
    a = pimc(info, worlds=6, playouts=2, rollout="random", seed=9)
    b = pimc(info, worlds=6, playouts=2, rollout="random", seed=9)
    assert [c.reward for c in a.children] == [c.reward for c in b.children]
    assert all(c.visits == 12 for c in a.children)
    assert a.iterations == 12 * len(a.children)


@pytest.mark.parametrize("game", ["gan_deng_yan", "guandan", "gouji"])
@pytest.mark.parametrize(
    "spec", ["pimc:worlds=3", "pimc:evaluator=learned:rollout=learned:top=2:worlds=2"]
)
def test_agent_plays_whole_deals(game: str, spec: str) -> None:
    rules = RULES if game == "gan_deng_yan" else ganzdy.Rules(game)
    agent = ganzdy.make_agent(f"{spec}:seed=1")
    assert isinstance(agent, ganzdy.PIMC)
    agents = [agent, ganzdy.GreedyAgent()] * (rules.players // 2)
    deal = ganzdy.play_deal(rules, agents, seed=2)
    assert deal.is_terminal


def test_bad_arguments_are_refused() -> None:
    info = GanDengYanInformationSet(random_position(RULES, 3, plies=2))
    for kwargs, message in (
        ({"worlds": 0}, "worlds"),
        ({"playouts": 0}, "playouts"),
        ({"rollout": "clever"}, "policy"),
        ({"sampling": "x"}, "sampling"),
    ):
        with pytest.raises(ganzdy.GanzdyError, match=message):
            pimc(info, **kwargs)  # type: ignore[arg-type]
    for spec in ("pimc:worlds=0", "pimc:rollout=learned", "pimc:epsilon=3", "pimc:solver=2"):
        with pytest.raises(ganzdy.AgentError):
            ganzdy.make_agent(spec)


# -- with a learned network: rollout policy improvement ------------------------------

POSITIONS = (
    "3s 4s 5s 9h 9d Kc | 6h 7h 8h Jd Qd ; to_act=0",
    "3s 3h 7c 8c 9c Tc 2s | 4d 4h Jd Jh Ks ; to_act=0",
    "5s 6s 7s BJ Qh Qd | 8d 8h 9s 9d As 2c ; to_act=1",
)


def network_for(rules: ganzdy.Rules, tmp_path: Path, seed: int = 0) -> ganzdy.Network:
    from network_cases import random_network, saved

    return ganzdy.Network.load(str(saved(random_network(rules, seed=seed), tmp_path)))


def network_reward(deal: ganzdy.GanDengYanDeal, seat: int, network: ganzdy.Network) -> float:
    """The points reward of `seat` after every seat plays the network's best-scored move
    (the first on a tie) to the end: the slow reference of a learned rollout."""
    while not deal.is_terminal:
        moves = deal.legal_moves
        if len(moves) > 1:
            view = ganzdy.view_for(deal)
            scores = network.score_vectors(view.observation, view.move_vectors)
            deal.push(moves[int(np.argmax(scores))])
        else:
            deal.push(moves[0])
    return greedy_reward(deal, seat)  # the deal is over: this only scores it


@pytest.mark.parametrize("position", POSITIONS)
@pytest.mark.parametrize("top", [0, 2])
def test_learned_pimc_of_a_known_position_against_a_reference(
    position: str, top: int, tmp_path: Path
) -> None:
    """In a two-seat endgame every world is the deal itself, so each tried move's value
    is the network's own play of the real deal after it; the moves tried are the `top`
    of highest prior, softmax(score / 0.1), and the best of them is played."""
    deal = parse_position(position)
    seat = deal.current_player
    assert seat is not None
    network = network_for(deal.rules, tmp_path)
    view = ganzdy.view_for(deal)
    scores = network.score_vectors(view.observation, view.move_vectors).astype(np.float64)
    priors = np.exp((scores - scores.max()) / 0.1)
    priors /= priors.sum()
    result = pimc(
        GanDengYanInformationSet(deal),
        worlds=3,
        seed=5,
        evaluator=network,
        rollout="learned",
        top=top,
        solver=False,
    )
    assert [c.prior for c in result.children] == pytest.approx(list(priors), rel=1e-4, abs=1e-6)
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    tried = order[:top] if top else order
    for i, child in enumerate(result.children):
        if i in tried:
            after = deal.copy()
            after.push(deal.legal_moves[i])
            assert child.visits == 3
            assert child.reward == pytest.approx(network_reward(after, seat, network))
        else:
            assert child.visits == 0
    best = max(result.children[i].reward for i in tried)
    assert result.children[result.index].reward == best
    assert result.index in tried
    assert result.iterations == 3 * len(tried)


def test_the_margin_keeps_the_networks_move_unless_another_is_clearly_better(
    tmp_path: Path,
) -> None:
    rules = ganzdy.Rules("gan_deng_yan", players=4)
    network = network_for(rules, tmp_path, seed=3)
    changed = 0
    for seed in range(12):
        info = GanDengYanInformationSet(random_position(rules, 300 + seed))
        kwargs: dict[str, Any] = dict(worlds=4, seed=seed, evaluator=network, top=3)
        free = pimc(info, **kwargs)
        held = pimc(info, margin=1.0, **kwargs)
        # A margin of 1 can never be met (rewards lie in [0, 1]): the prior's best move.
        first = max(range(len(held.children)), key=lambda i: held.children[i].prior)
        assert held.index == first
        # Without one, the best mean of the tried moves, the prior's first on a tie.
        tried = [c for c in free.children if c.visits]
        assert len(tried) == min(3, len(free.children))
        assert free.children[free.index].reward == max(c.reward for c in tried)
        changed += free.index != held.index
        # The same worlds and playouts: the margin changes only the choice.
        assert [c.reward for c in free.children] == [c.reward for c in held.children]
    assert changed > 0  # the search does overrule the prior somewhere


def test_learned_pimc_sees_no_hidden_card(tmp_path: Path) -> None:
    network = network_for(RULES, tmp_path, seed=1)
    from test_ismcts import twin_with_other_hidden_cards

    for seed in range(3):
        deal = random_position(RULES, 500 + seed, plies=3 * seed + 2)
        seat = deal.current_player
        assert seat is not None
        twin = twin_with_other_hidden_cards(deal, seat)
        results = [
            pimc(
                GanDengYanInformationSet(d),
                worlds=4,
                seed=seed,
                evaluator=network,
                rollout="learned",
                top=3,
            )
            for d in (deal, twin)
        ]
        assert [(c.visits, c.reward, c.prior) for c in results[0].children] == [
            (c.visits, c.reward, c.prior) for c in results[1].children
        ]


def test_the_solver_answers_a_known_won_position() -> None:
    deal = parse_position("3s 4s 5s 6s 7s | 9h ; to_act=0")
    result = pimc(GanDengYanInformationSet(deal), worlds=3, seed=1)
    assert result.solved and result.iterations == 0
    assert result.move == ganzdy.Move("straight", "3", "3s 4s 5s 6s 7s")
    unsolved = pimc(GanDengYanInformationSet(deal), worlds=3, seed=1, solver=False)
    assert not unsolved.solved and unsolved.iterations == 3 * len(deal.legal_moves)


def test_bad_learned_arguments_are_refused(tmp_path: Path) -> None:
    info = GanDengYanInformationSet(random_position(RULES, 3, plies=2))
    network = network_for(RULES, tmp_path)
    for kwargs, message in (
        ({"rollout": "learned"}, "learned rollout needs an evaluator"),
        ({"top": 2}, "top needs an evaluator"),
        ({"evaluator": network, "top": -1}, "top must not be negative"),
        ({"evaluator": network, "margin": -0.1}, "margin"),
        ({"evaluator": network, "margin": math.nan}, "margin"),
    ):
        with pytest.raises(ganzdy.GanzdyError, match=message):
            pimc(info, **kwargs)  # type: ignore[arg-type]
    for spec in (
        "pimc:top=2",
        "pimc:evaluator=learned:top=-1",
        "pimc:evaluator=learned:margin=-1",
        "pimc:network=x.gznn",
        "pimc:evaluator=clever",
    ):
        with pytest.raises(ganzdy.AgentError):
            ganzdy.make_agent(spec)


@pytest.mark.parametrize(
    "spec",
    [
        "pimc:worlds=2",
        "pimc:evaluator=learned:rollout=learned:top=2:worlds=2",
        "ismcts:iterations=30",
        "ismcts:iterations=30:evaluator=learned",
        "ismcts:iterations=30:reuse=true",
    ],
)
def test_a_search_agent_pickles_after_it_has_played(spec: str) -> None:
    # Its last result and kept tree are C++ objects of this process; the copy keeps
    # the settings and the random stream, so it plays on as the original would.
    agent = ganzdy.make_agent(f"{spec}:seed=4")
    greedy = [ganzdy.GreedyAgent() for _ in range(3)]
    ganzdy.play_deal(RULES, [agent, *greedy], seed=1)
    copy = pickle.loads(pickle.dumps(agent))
    assert copy.last_result is None
    if "reuse" in spec:
        # A kept tree changes the next search, so only a fresh copy of each can agree.
        return
    a = ganzdy.play_deal(RULES, [agent, *greedy], seed=2)
    b = ganzdy.play_deal(RULES, [copy, *greedy], seed=2)
    assert a.history == b.history
