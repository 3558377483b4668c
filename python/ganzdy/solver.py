"""Endgame positions as text, for the solver and the ``ganzdy solve`` command.

A position is one line: the hands of seats 0, 1, ... separated by ``|`` (``-`` for
an empty hand), then optional ``; key=value`` settings::

    5s 6s BJ | 7h 7d                            seat 0 leads
    5s 6s BJ | 7h 7d ; to_act=1 ; table=4h       seat 1 answers seat 0's single 4
    5s 6s | 7h 7d | 9c ; to_act=2 ; table=4h ; owner=0    seat 1 passed

Settings: ``to_act`` (the seat to act, default 0), ``table`` (move text for the
combination to beat, e.g. ``4h`` or ``5s BJ as pair 5``; leave it out when the seat
leads), ``owner`` (who played the table, default the seat before ``to_act``, so
nobody has passed; the seats between the owner and ``to_act`` have passed) and
``dealer`` (default 0). The number of hands is the number of players. Every card
not in a hand counts as played, and the stock is empty. docs/solver.md has more.
"""

from __future__ import annotations

from collections.abc import Mapping

from ganzdy import _check
from ganzdy._core import GanDengYanDeal, ParseError, Rules

_KEYS = ("to_act", "table", "owner", "dealer")
_ALIASES = {"table_owner": "owner"}


def _seat(key: str, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ParseError(f"position: {key}={_check.excerpt(text)} is not a seat number") from None


def parse_position(
    text: str,
    *,
    game: str = "gan_deng_yan",
    options: Mapping[str, bool | int | str | None] | None = None,
) -> GanDengYanDeal:
    """The deal at the position `text` describes (see the module docstring).

    `game` and `options` give the rules; the player count is the number of hands.
    Raises ParseError for text that is not a position, and the errors of
    Rules.position for a position the rules do not allow.
    """
    _check.instance("text", text, str, "position text, e.g. '5s 6s | 7h 7d ; to_act=0'")
    _check.instance("game", game, str, "a game name, e.g. 'gan_deng_yan'")
    if options is not None:
        _check.instance("options", options, Mapping, "a dict of rules options or None")
    head, *settings = text.split(";")
    hands = [part.strip() for part in head.split("|")]
    if len(hands) < 2:
        raise ParseError(
            f"position {_check.excerpt(text)} has {len(hands)} hand: separate the hands of "
            "the seats with '|', e.g. '5s 6s BJ | 7h 7d'"
        )
    hands = ["" if hand == "-" else hand for hand in hands]
    values: dict[str, str] = {}
    for setting in settings:
        if not setting.strip():
            continue
        key, sep, value = setting.partition("=")
        key = _ALIASES.get(key.strip(), key.strip())
        if not sep or key not in _KEYS:
            raise ParseError(
                f"position setting {setting.strip()!r} is not one of "
                f"{', '.join(k + '=...' for k in _KEYS)}"
            )
        if key in values:
            raise ParseError(f"position sets {key} twice")
        values[key] = value.strip()
    rules = Rules(game, players=len(hands), **dict(options or {}))
    return rules.position(
        hands,
        to_act=_seat("to_act", values["to_act"]) if "to_act" in values else 0,
        table=values.get("table"),
        table_owner=_seat("owner", values["owner"]) if "owner" in values else None,
        dealer=_seat("dealer", values["dealer"]) if "dealer" in values else 0,
    )


def format_position(deal: GanDengYanDeal) -> str:
    """The position of `deal` as text that parse_position reads back (hands, seat to
    act, table and its owner; the rules are not part of the text)."""
    _check.instance("deal", deal, GanDengYanDeal, "a GanDengYanDeal")
    hands = " | ".join(str(deal.hand(seat)) or "-" for seat in range(deal.players))
    if deal.is_terminal:
        return hands
    text = f"{hands} ; to_act={deal.current_player}"
    if not deal.table.is_pass:
        text += f" ; table={deal.table} ; owner={deal.table_owner}"
    if deal.dealer != 0:
        text += f" ; dealer={deal.dealer}"
    return text
