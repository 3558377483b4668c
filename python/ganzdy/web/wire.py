"""Engine values as JSON: moves, cards, a seat's view, legal plays grouped by what they do.

Everything a seat's state holds is read from its ``SeatView``; the whole deal is read
only for a table of bots or a finished record's replay, where every hand is public.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from ganzdy._core import Cards, Move, Rules
from ganzdy.agents import SeatView
from ganzdy.deal import Deal
from ganzdy.display.groups import group_moves as display_groups

JSON = dict[str, Any]


def cards_json(cards: Cards) -> list[str]:
    """Cards as a list of card text in the game's order (``Cards`` prints canonically)."""
    text = str(cards)
    return text.split() if text else []


def move_json(move: Move) -> JSON:
    return {
        "text": str(move),
        "kind": move.kind,
        "rank": move.rank,
        "length": move.length,
        "cards": cards_json(move.cards),
        "pass": move.is_pass,
        "bomb": move.is_bomb,
    }


def plain(value: Any) -> Any:
    """Any value a view, an outcome or a match result holds, as JSON: engine objects by
    their read-only properties, dataclasses by their fields."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Move):
        return move_json(value)
    if isinstance(value, Cards):
        return cards_json(value)
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    properties = [
        name
        for cls in type(value).__mro__
        for name, member in vars(cls).items()
        if isinstance(member, property) and not name.startswith("_")
    ]
    if properties:
        return {name: plain(getattr(value, name)) for name in properties}
    return str(value)


def group_moves(moves: Iterable[Move], rules: Rules) -> list[JSON]:
    """Legal plays grouped by what they do (``ganzdy.display.groups``: kind, key rank,
    length, wild cards used), so the suit variants of one play are one entry; ``example``
    is the engine's first move of the group, the one a click on the group plays."""
    return [
        {
            "kind": group.kind,
            "rank": group.rank,
            "length": group.length,
            "wilds": group.wilds,
            "example": move_json(group.move),
            "count": len(group.moves),
        }
        for group in display_groups(moves, rules)
    ]


# The view fields a seat's state carries as they are: every field of a seat view but
# those written below in the page's own form (its hand, the table, the history...).
_OWN_FORM = ("seat", "rules", "hand", "table", "played", "history", "legal_moves", "information")
_PUBLIC_FIELDS = tuple(name for name in SeatView.FIELDS if name not in _OWN_FORM)


def seat_state(deal: Deal, seat: int, history: Sequence[tuple[int, Move]]) -> JSON:
    """What ``seat`` may see of ``deal`` now, built from its seat view only. The legal
    plays are read only when the seat is to act (the view's moves are the mover's)."""
    view = SeatView.of(deal, seat, history)
    hand = cards_json(view.hand)
    table = view.table
    state: JSON = {name: plain(getattr(view, name)) for name in _PUBLIC_FIELDS}
    state.update(
        seat=seat,
        hand=hand,
        # The engine says which cards of the hand are wild under the rules, once each.
        wild=list(dict.fromkeys(view.rules.wild_cards(view.hand))),
        table=None if table is None else move_json(table),
        played=cards_json(view.played),
        history=[{"seat": who, "move": move_json(move)} for who, move in view.history],
    )
    if deal.current_player == seat:
        legal = view.legal_moves
        state["legal"] = group_moves((m for m in legal if not m.is_pass), view.rules)
        state["can_pass"] = any(m.is_pass for m in legal)
    else:
        state["legal"] = []
        state["can_pass"] = False
    return state


def open_state(deal: Deal, history: Sequence[tuple[int, Move]]) -> JSON:
    """A deal with every hand shown: for a table of bots or a finished record's replay."""
    return {
        "players": deal.players,
        "hand_sizes": list(deal.hand_sizes),
        "hands": [cards_json(deal.hand(s)) for s in range(deal.players)],
        "table": None if deal.table.is_pass else move_json(deal.table),
        "table_owner": deal.table_owner,
        "played": cards_json(deal.played),
        "history": [{"seat": who, "move": move_json(move)} for who, move in history],
        "phase": str(getattr(deal, "phase", "play")),
    }


def outcome_json(deal: Deal) -> JSON | None:
    """The deal's outcome once it is over (the record's outcome fields), else None."""
    if not deal.is_terminal:
        return None
    from ganzdy.games import game_of

    outcome = deal.outcome
    return {name: plain(getattr(outcome, name)) for name in game_of(deal).outcome_fields}
