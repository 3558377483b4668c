"""Gan Deng Yan's endgame: when the position is fully known, the search plays the exact
solver's proved win, in positions where its own choice loses."""

from __future__ import annotations

import pytest

import ganzdy
from ganzdy._core import GanDengYanInformationSet, ismcts, solve
from ganzdy.solver import parse_position

# Two-seat endgames (empty stock) that seat 0 wins with best play, where a 100-iteration
# search without the solver (seed 1) plays a move after which it cannot win any more.
POSITIONS = [
    "5h 8h Qh 6d Ac 3s | 3d 4d 7h 9d Qd ; to_act=0",
    "5d 2d Qs Jh 2c Ad | Ks 2h 3c ; to_act=0",
    "5h Jc Kh Tc 9h Ts | Th 7c 4h 8c 6h Qd 5s ; to_act=0",
    "Jh Td Ac 3d 7d Ks | 4h 5d Kc ; to_act=0",
    "Th 9s Jc 6h 7h | 8d BJ 7c ; to_act=0",
]


def still_wins(deal: ganzdy.GanDengYanDeal, move: ganzdy.Move, seat: int) -> bool:
    after = deal.copy()
    after.push(move)
    if after.is_terminal:
        return after.outcome.winner == seat
    result = solve(after, seat=seat, time_limit=5)
    assert result.complete
    return result.win


@pytest.mark.parametrize("position", POSITIONS)
def test_the_solver_s_win_is_played_where_the_search_would_lose(position: str) -> None:
    deal = parse_position(position)
    assert solve(deal, time_limit=5).win
    info = GanDengYanInformationSet(deal)
    searched = ismcts(info, iterations=100, seed=1, solver=False)
    assert not searched.solved
    assert not still_wins(deal, searched.move, 0)
    solved = ismcts(info, iterations=100, seed=1)
    assert solved.solved and solved.iterations == 0
    assert solved.move != searched.move
    assert still_wins(deal, solved.move, 0)
    assert solved.move == deal.legal_moves[solved.index]
    # The agent does the same.
    agent = ganzdy.ISMCTS(iterations=100, seed=1)
    move = agent.act(ganzdy.view_for(deal))
    assert agent.last_result is not None and agent.last_result.solved
    assert still_wins(deal, move, 0)


def test_the_solver_is_not_asked_while_cards_are_hidden() -> None:
    rules = ganzdy.Rules("gan_deng_yan", players=4)
    deal = rules.new_deal(seed=3)
    result = ismcts(GanDengYanInformationSet(deal), iterations=50, seed=1)
    assert not result.solved and result.iterations == 50
    # Three-seat endgame with two others holding cards: who holds which is hidden.
    three = parse_position("5h 8h Qh | 3d 4d 7h | 9d Qd Ks ; to_act=0")
    assert not ismcts(GanDengYanInformationSet(three), iterations=50, seed=1).solved


def test_a_proved_loss_leaves_the_move_to_the_search() -> None:
    deal = parse_position("3s 5d | 2s 2h ; to_act=0")
    assert solve(deal, time_limit=5).complete and not solve(deal, time_limit=5).win
    result = ismcts(GanDengYanInformationSet(deal), iterations=50, seed=1)
    assert not result.solved and result.iterations == 50
