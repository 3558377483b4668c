"""What a Gouji seat's view adds to the shared one (see ``ganzdy.agents.SeatView``): the
phase, the seat's role, who still plays, who opened a point, whether the seat has a head,
and the purchases and tribute payments. Every Gouji move is public."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ganzdy._core import GoujiDeal, Move, gouji_greedy_index

Moves = Sequence[tuple[int, Move]]


def _active(deal: GoujiDeal, seat: int, moves: Moves) -> tuple[int, ...]:
    return tuple(s for s in range(deal.players) if deal.is_active(s))


def _dealer(deal: GoujiDeal, seat: int, moves: Moves) -> int:
    leader = deal.first_leader
    return -1 if leader is None else leader


FIELDS: dict[str, Callable[[Any, int, Moves], Any]] = {
    "passes": lambda deal, seat, moves: len(deal.passed),
    "dealer": _dealer,
    "stock_size": lambda deal, seat, moves: 0,
    "bombs_played": lambda deal, seat, moves: 0,
    # Every Gouji move is public, purchases and returns included.
    "history": lambda deal, seat, moves: tuple(moves),
    "out_seats": lambda deal, seat, moves: tuple(deal.finish_order),
    "phase": lambda deal, seat, moves: deal.phase,
    "role": lambda deal, seat, moves: deal.role,
    "active_seats": _active,
    "opened": lambda deal, seat, moves: tuple(deal.points_opened),
    "has_head": lambda deal, seat, moves: deal.has_head(seat),
    "purchases": lambda deal, seat, moves: tuple(deal.purchases),
    "payments": lambda deal, seat, moves: tuple(deal.tribute),
}


def greedy(view: Any) -> int:
    """The index of the built-in greedy policy's move among ``view.legal_moves``."""
    return gouji_greedy_index(
        view.rules,
        view.seat,
        view.phase,
        view.hand,
        view.table,
        view.table_owner,
        view.role,
        view.hand_sizes,
        view.active_seats,
        view.opened,
        view.has_head,
        bool(view.out_seats),
        view.legal_moves,
    )
