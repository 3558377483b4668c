"""Jupyter renders ganzdy's objects with the web page's card drawings: ``Cards`` and
``Move`` as SVG (``_repr_svg_``), a deal and a ``SeatView`` as HTML (``_repr_html_``).

A deal shows every hand, as the deal object itself holds them all; a seat view shows its
own hand and only the counts of the others, so a notebook cell shows what an agent at
that seat may see, nothing more. ``install()`` attaches the methods (``import ganzdy``
calls it); the compiled classes take new attributes like any Python class.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

from ganzdy._core import Cards, GanDengYanDeal, GoujiDeal, GuandanDeal, Move
from ganzdy.display.groups import wild_cards
from ganzdy.display.svg import HEIGHT, row_svg

_CAPTION = 18  # the height of a move's caption line under its cards


def cards_svg(cards: Cards) -> str:
    return row_svg(list(cards), label=str(cards))


def move_svg(move: Move) -> str:
    """The move's cards with its declaration written under them (a pass is the word)."""
    cards = list(move.cards)
    row = row_svg(cards, label=str(move)) if cards else ""
    width = max(120, len(cards) * 64)
    caption = (
        f'<text x="2" y="{HEIGHT + 14 if cards else 14}" font-size="13" '
        f'font-family="sans-serif" fill="#111">{escape(str(move))}</text>'
    )
    height = (HEIGHT if cards else 0) + _CAPTION
    nested = row.replace('<svg xmlns="http://www.w3.org/2000/svg" ', "<svg ", 1)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}"><title>{escape(str(move))}</title>{nested}{caption}</svg>'
    )


def _cards_html(cards: Iterable[str], wild: Iterable[str] = ()) -> str:
    cards = list(cards)
    if not cards:
        return "<i>none</i>"
    return row_svg(cards, wild)


def _table_html(deal: Any) -> str:
    table = deal.table
    if table.is_pass:
        return "<i>empty</i>"
    owner = f" (seat {deal.table_owner})" if deal.table_owner is not None else ""
    return f"{escape(str(table))}{owner}<br/>{_cards_html(list(table.cards))}"


def _status(deal: Any, phase: str) -> str:
    if deal.is_terminal:
        return "over"
    words = f"seat {deal.current_player} to act"
    return f"{words} ({escape(phase)})" if phase != "play" else words


def deal_html(deal: Any) -> str:
    """Every hand of the deal (the deal holds them all), the table and whose turn."""
    rules = deal.rules
    phase = str(getattr(deal, "phase", "play"))
    rows = []
    for seat in range(deal.players):
        hand = [str(c) for c in deal.hand(seat)]
        turn = " ◀" if deal.current_player == seat else ""
        rows.append(
            f'<tr data-seat="{seat}"><th>seat {seat}{turn}</th><td>{len(hand)}</td>'
            f"<td>{_cards_html(hand, wild_cards(rules, hand))}</td></tr>"
        )
    return (
        f'<div class="ganzdy-deal"><p><b>{escape(str(rules))}</b>: ply {deal.ply}, '
        f"{_status(deal, phase)}</p><p>table: {_table_html(deal)}</p>"
        f"<table><tr><th>seat</th><th>cards</th><th>hand</th></tr>{''.join(rows)}</table></div>"
    )


def seat_view_html(view: Any) -> str:
    """What the view's seat may see: its own hand, the others' card counts, the table."""
    hand = [str(c) for c in view.hand]
    rows = []
    for seat, size in enumerate(view.hand_sizes):
        shown = _cards_html(hand, wild_cards(view.rules, hand)) if seat == view.seat else ""
        who = " (this seat)" if seat == view.seat else ""
        rows.append(
            f'<tr data-seat="{seat}"><th>seat {seat}{who}</th><td>{size}</td><td>{shown}</td></tr>'
        )
    table = view.table
    owner = f" (seat {view.table_owner})" if view.table_owner is not None else ""
    table_html = (
        "<i>empty</i>"
        if table is None
        else f"{escape(str(table))}{owner}<br/>{_cards_html(list(table.cards))}"
    )
    phase = f", {escape(view.phase)}" if view.phase != "play" else ""
    return (
        f'<div class="ganzdy-seat-view"><p><b>{escape(str(view.rules))}</b>: seat {view.seat}'
        f"'s view at ply {view.ply}{phase}</p><p>table: {table_html}</p>"
        f"<table><tr><th>seat</th><th>cards</th><th>hand</th></tr>{''.join(rows)}</table></div>"
    )


def install() -> None:
    """Give the engine's classes and ``SeatView`` their notebook reprs."""
    from ganzdy.agents import SeatView

    setattr(Cards, "_repr_svg_", cards_svg)  # noqa: B010 (a compiled class)
    setattr(Move, "_repr_svg_", move_svg)  # noqa: B010
    for deal_class in (GanDengYanDeal, GuandanDeal, GoujiDeal):
        setattr(deal_class, "_repr_html_", deal_html)  # noqa: B010
    setattr(SeatView, "_repr_html_", seat_view_html)  # noqa: B010


__all__ = ["cards_svg", "deal_html", "install", "move_svg", "seat_view_html"]
