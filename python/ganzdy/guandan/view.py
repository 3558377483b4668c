"""What a Guandan seat's view adds to the shared one (see ``ganzdy.agents.SeatView``): the
phase, the levels and the tribute as the seat has seen it. A tribute card is shown to all
once every payer has chosen; a return card only to the two seats concerned."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ganzdy._core import GuandanDeal, Move, Rules, greedy_index

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


def double_tribute_unshown(deal: GuandanDeal) -> bool:
    """Whether who pays whom is still hidden: after 双上 it follows from the two payers'
    highest cards, which nobody else sees until the tribute cards are shown (§8.4)."""
    return deal.phase == "tribute" and len(deal.tribute) == 2


def first_leader_seen(deal: GuandanDeal, seat: int, moves: Moves) -> int:
    """The seat that leads the first trick, or -1 while it hangs on hidden tribute cards."""
    leader_rule = deal.rules.option("first_lead_after_tribute")
    if double_tribute_unshown(deal) and leader_rule != "first_out":
        return -1
    return deal.first_leader


def tribute_seen(deal: GuandanDeal, seat: int) -> tuple[Tribute, ...]:
    """The tribute payments as ``seat`` has seen them."""
    # The tribute cards move, face up, once every payer has chosen; the return cards
    # move, face down, once every receiver has chosen.
    shown = deal.phase != "tribute"
    returned = deal.phase in ("play", "over")
    unshown = double_tribute_unshown(deal)
    return tuple(
        Tribute(
            payer=p.payer,
            receiver=None if unshown else p.receiver,
            card=p.card if shown or seat == p.payer else None,
            returned=p.returned if seat == p.receiver or (returned and seat == p.payer) else None,
        )
        for p in deal.tribute
    )


def seen_moves(deal: GuandanDeal, seat: int, moves: Moves) -> tuple[tuple[int, Move], ...]:
    """The moves `seat` has seen: another payer's tribute card once the tribute cards
    move, a return card only by the seat that gave it and the one it was given to."""
    payer_of = {p.receiver: p.payer for p in deal.tribute}
    returned = deal.phase in ("play", "over")
    seen = []
    for who, move in moves:
        if who != seat and move.kind == "tribute" and deal.phase == "tribute":
            continue
        if who != seat and move.kind == "return" and not (returned and payer_of.get(who) == seat):
            continue
        seen.append((who, move))
    return tuple(seen)


FIELDS: dict[str, Callable[[Any, int, Moves], Any]] = {
    "passes": lambda deal, seat, moves: deal.passes,
    "dealer": first_leader_seen,
    "stock_size": lambda deal, seat, moves: 0,
    "bombs_played": lambda deal, seat, moves: sum(move.is_bomb for _, move in moves),
    "history": seen_moves,
    "out_seats": lambda deal, seat, moves: tuple(deal.finish_order),
    "phase": lambda deal, seat, moves: deal.phase,
    "level": lambda deal, seat, moves: deal.level,
    "team_levels": lambda deal, seat, moves: deal.team_levels,
    "tribute": lambda deal, seat, moves: tribute_seen(deal, seat),
    "resisted": lambda deal, seat, moves: deal.resisted,
}


def greedy(view: Any) -> int:
    """The index of the built-in greedy policy's move among ``view.legal_moves``."""
    return greedy_index(
        view.rules,
        view.seat,
        view.hand,
        view.table,
        view.table_owner,
        view.hand_sizes,
        view.out_seats,
        view.legal_moves,
    )


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
