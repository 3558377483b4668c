"""What a Gan Deng Yan seat's view adds to the shared one (see ``ganzdy.agents.SeatView``):
the dealer, the stock and the bombs; every move is public."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ganzdy._core import GanDengYanDeal, Move, Rules

Moves = Sequence[tuple[int, Move]]


def _out_seats(deal: GanDengYanDeal, seat: int, moves: Moves) -> tuple[int, ...]:
    return tuple(s for s in range(deal.players) if deal.is_out(s))


FIELDS: dict[str, Callable[[Any, int, Moves], Any]] = {
    "dealer": lambda deal, seat, moves: deal.dealer,
    "stock_size": lambda deal, seat, moves: deal.stock_size,
    "bombs_played": lambda deal, seat, moves: deal.bombs_played,
    "passes": lambda deal, seat, moves: deal.passes,
    "history": lambda deal, seat, moves: tuple(moves),
    "out_seats": _out_seats,
}


def header(view: Any) -> list[str]:
    """The lines a person at the terminal sees about the deal before their hand."""
    return [f"-- seat {view.seat} to act (you); dealer is seat {view.dealer}"]


def counts_note(view: Any) -> str:
    """What follows the seats' card counts on the terminal."""
    return f"  |  stock {view.stock_size}, bombs {view.bombs_played}"


def jokers_alike(rules: Rules) -> bool | None:
    """Suits never matter in Gan Deng Yan, so typed cards match by face; the two jokers
    count alike unless their colours matter (a small-plus-big king bomb)."""
    return rules.option("king_bomb") != "small_plus_big"
