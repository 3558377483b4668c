"""Cards drawn as SVG: the drawing the web page's ``cardSvg`` (``ganzdy/web/static/app.js``)
makes, so a notebook and the browser show the same cards; ``tests/web`` checks the two agree.

A card is a 60 x 88 rounded rectangle with the rank and suit symbol in the top left
corner and a large suit symbol below; a joker says JOKER over a star, red for the big
one. Wild cards get a gold border, as the page's ``.wild`` style gives them.
"""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

from ganzdy.display.text import SUIT_SYMBOLS

WIDTH, HEIGHT = 60, 88
RED, BLACK = "#c62828", "#111"
WILD_STROKE = "#ffc107"  # the page's .card.wild rect stroke
GAP = 4  # between cards in a row


def _colour(card: str) -> str:
    return RED if card == "RJ" or card[-1] in ("h", "d") else BLACK


def _text(x: int, y: int, size: int, colour: str, content: str) -> str:
    return (
        f'<text x="{x}" y="{y}" font-size="{size}" fill="{colour}" text-anchor="middle" '
        f'font-family="sans-serif">{escape(content)}</text>'
    )


def card_body(card: str, wild: bool = False) -> str:
    """The inside of one card's ``<svg>``: its frame, marks and a ``<title>``."""
    colour = _colour(card)
    stroke = WILD_STROKE if wild else "#333"
    width = 3 if wild else 1
    parts = [
        f'<rect x="1" y="1" width="58" height="86" rx="6" fill="#fff" stroke="{stroke}" '
        f'stroke-width="{width}"/>'
    ]
    if card in ("BJ", "RJ"):
        parts += [_text(30, 30, 13, colour, "JOKER"), _text(30, 60, 26, colour, "★")]
    else:
        rank = "10" if card[0] == "T" else card[0]
        symbol = SUIT_SYMBOLS[card[1]]
        parts += [
            _text(16, 22, 18, colour, rank),
            _text(16, 40, 16, colour, symbol),
            _text(38, 72, 30, colour, symbol),
        ]
    parts.append(f"<title>{escape(card + (' (wild)' if wild else ''))}</title>")
    return "".join(parts)


def card_svg(card: str, wild: bool = False, x: int = 0, y: int = 0) -> str:
    """One card as an ``<svg class="card">`` element (nested at ``x``, ``y`` in a row)."""
    classes = "card wild" if wild else "card"
    return (
        f'<svg class="{classes}" data-card={quoteattr(card)} x="{x}" y="{y}" '
        f'width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}">'
        f"{card_body(card, wild)}</svg>"
    )


def row_svg(cards: Iterable[str], wild: Iterable[str] = (), label: str = "") -> str:
    """A row of cards as one standalone SVG document (``label`` is its title); an empty
    row is a blank card-high strip, so it still has a size."""
    cards = list(cards)
    wilds = set(wild)
    width = max(1, len(cards)) * (WIDTH + GAP)
    inner = "".join(
        card_svg(card, card in wilds, x=i * (WIDTH + GAP)) for i, card in enumerate(cards)
    )
    title = f"<title>{escape(label)}</title>" if label else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{HEIGHT}" '
        f'viewBox="0 0 {width} {HEIGHT}">{title}{inner}</svg>'
    )


__all__ = ["card_body", "card_svg", "row_svg"]
