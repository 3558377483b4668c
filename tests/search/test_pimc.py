"""Perfect-information Monte Carlo: what it computes, against a slow Python reference,
and the agent in every game."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

import ganzdy
from ganzdy._core import GanDengYanInformationSet, pimc
from ganzdy.solver import parse_position

sys.path.insert(0, str(Path(__file__).parent))
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
    result = pimc(GanDengYanInformationSet(deal), worlds=3, seed=5)
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
def test_agent_plays_whole_deals(game: str) -> None:
    rules = RULES if game == "gan_deng_yan" else ganzdy.Rules(game)
    agent = ganzdy.make_agent("pimc:worlds=3:seed=1")
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
    for spec in ("pimc:worlds=0", "pimc:rollout=learned", "pimc:epsilon=3"):
        with pytest.raises(ganzdy.AgentError):
            ganzdy.make_agent(spec)
