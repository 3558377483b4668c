"""What a Guandan seat's view adds to the shared one (see ``ganzdy.agents.SeatView``): the
phase, the levels and the tribute as the seat has seen it. A tribute card is shown to all
once every payer has chosen; a return card only to the two seats concerned."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ganzdy._core import GuandanDeal, Move, Rules

Moves = Sequence[tuple[int, Move]]


@dataclass(frozen=True)
class Tribute:
    """One Guandan tribute payment as far as it is known: in a seat's view a tribute
    card is shown to all once every payer has chosen, a return card only to the two
    seats concerned; in a match's hand log everything is known."""

    payer: int
    receiver: int | None  # None until known (a pick is due)
    card: str | None  # None until shown (or chosen by this seat)
    returned: str | None  # None until given, or when this seat may not see it


def _tribute(deal: GuandanDeal, seat: int, moves: Moves) -> tuple[Tribute, ...]:
    return tuple(
        Tribute(payer=p.payer, receiver=p.receiver, card=p.card, returned=p.returned)
        for p in deal.tribute_seen(seat)
    )


def _first_leader(deal: GuandanDeal, seat: int, moves: Moves) -> int:
    leader = deal.first_leader_seen(seat)
    return -1 if leader is None else leader


FIELDS: dict[str, Callable[[Any, int, Moves], Any]] = {
    "passes": lambda deal, seat, moves: deal.passes,
    # Who sees what of the tribute is the engine's (GuandanDeal.tribute_seen and its
    # siblings), the same facts its information set samples worlds from.
    "dealer": _first_leader,
    "stock_size": lambda deal, seat, moves: 0,
    "bombs_played": lambda deal, seat, moves: sum(move.is_bomb for _, move in moves),
    "history": lambda deal, seat, moves: tuple(deal.seen_history(seat)),
    "out_seats": lambda deal, seat, moves: tuple(deal.finish_order),
    "phase": lambda deal, seat, moves: deal.phase,
    "level": lambda deal, seat, moves: deal.level,
    "team_levels": lambda deal, seat, moves: deal.team_levels,
    "tribute": _tribute,
    "resisted": lambda deal, seat, moves: deal.resisted,
}


def header(view: Any) -> list[str]:
    """The lines a person at the terminal sees about the deal before their hand."""
    lines: list[str] = []
    partner = (view.seat + 2) % 4
    team = view.seat % 2
    levels = view.team_levels or ("?", "?")
    lines.append(
        f"-- seat {view.seat} to act (you, team {team} with seat {partner}); level "
        f"{view.level}: team 0 (seats 0, 2) at {levels[0]}, team 1 (seats 1, 3) at {levels[1]}"
    )
    if view.resisted:
        lines.append("tribute: resisted (the payers hold both big jokers)")
    for p in view.tribute:
        to = (
            f"seat {p.receiver}"
            if p.receiver is not None
            else "the pick"
            if view.phase == "pick"
            else "a seat not known yet"
        )
        if p.card is None:
            lines.append(f"tribute: seat {p.payer} pays {to} (the card is not shown yet)")
            continue
        back = f", got back {p.returned}" if p.returned else ""
        lines.append(f"tribute: seat {p.payer} paid {p.card} to {to}{back}")
    if view.out_seats:
        lines.append(f"out so far: {', '.join(f'seat {s}' for s in view.out_seats)}")
    return lines


def counts_note(view: Any) -> str:
    """What follows the seats' card counts on the terminal."""
    return f"  |  bombs {view.bombs_played}"


def jokers_alike(rules: Rules) -> bool | None:
    """Suits matter in Guandan (straight flushes, the wild heart): typed cards select only
    the listed cards themselves."""
    return None
