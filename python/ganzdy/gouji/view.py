"""What a Gouji seat's view adds to the shared one (see ``ganzdy.agents.SeatView``): the
phase, the seat's role, who still plays, who opened a point, whether the seat has a head,
and the purchases and tribute payments. Every Gouji move is public."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ganzdy._core import GoujiDeal, Move, Rules

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


def header(view: Any) -> list[str]:
    """The lines a person at the terminal sees about the deal before their hand."""
    lines: list[str] = []
    you = view.seat
    mates = ", ".join(str(s) for s in range(6) if s % 2 == you % 2 and s != you)
    roles = {"answer": "; you may answer", "burn": "; you may only burn (烧牌) or pass"}
    role = roles.get(view.role or "", "")
    head = "" if view.has_head or view.phase != "play" else "; you are headless (无头)"
    lines.append(
        f"-- seat {you} to act (you, team {you % 2} with seats {mates}; your 对家 is seat "
        f"{(you + 3) % 6}){role}{head}"
    )
    for p in view.payments:
        back = f", given back {' '.join(p.returned)}" if p.returned else ""
        lines.append(
            f"tribute ({p.kind}): seat {p.payer} paid {' '.join(p.cards)} to seat "
            f"{p.receiver}{back}"
        )
    out = [s for s in range(6) if s not in view.active_seats]
    if view.phase == "play" and out:
        lines.append(f"no longer playing: {', '.join(f'seat {s}' for s in out)}")
    if view.opened:
        lines.append(f"opened a point: {', '.join(f'seat {s}' for s in view.opened)}")
    return lines


def counts_note(view: Any) -> str:
    """What follows the seats' card counts on the terminal."""
    return ""


def jokers_alike(rules: Rules) -> bool | None:
    """Gouji lists one card per face, so typed cards match by face; its two jokers differ
    (small and big)."""
    return False
