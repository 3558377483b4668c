"""Cards drawn as SVG for Jupyter (ganzdy.display.svg, ganzdy.display.notebook): well-formed
XML, one card element a card with its suit symbol, the same drawing as the web page, and a
seat view's HTML holding only what that seat may see."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import ganzdy
from ganzdy.display import svg
from ganzdy.display.text import SUIT_SYMBOLS

SVG_NS = "{http://www.w3.org/2000/svg}"
APP_JS = Path(ganzdy.__file__).parent / "web" / "static" / "app.js"
STYLE_CSS = Path(ganzdy.__file__).parent / "web" / "static" / "style.css"


def card_elements(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter(f"{SVG_NS}svg") if "card" in e.get("class", "").split()]


def symbol_of(card: str) -> str:
    return "★" if card in ("BJ", "RJ") else SUIT_SYMBOLS[card[1]]


@pytest.mark.parametrize("text", ["5s 5h BJ RJ", "Th Jd Qc Ks As 2s", "3s 3s 3s 3s", ""])
def test_cards_draw_one_card_element_a_card(text: str) -> None:
    cards = ganzdy.Cards(text)
    root = ET.fromstring(cards._repr_svg_())  # type: ignore[attr-defined]
    assert root.tag == f"{SVG_NS}svg"
    drawn = card_elements(root)
    assert [e.get("data-card") for e in drawn] == list(cards)
    for element, card in zip(drawn, cards, strict=True):
        texts = [t.text for t in element.iter(f"{SVG_NS}text")]
        assert symbol_of(card) in texts
        if card not in ("BJ", "RJ"):
            assert ("10" if card[0] == "T" else card[0]) in texts
        colour = {t.get("fill") for t in element.iter(f"{SVG_NS}text")}
        assert colour == {svg.RED if card == "RJ" or card[1] in "hd" else svg.BLACK}


def test_a_move_draws_its_cards_and_its_declaration() -> None:
    move = ganzdy.Move.parse("4s 5s BJ as straight 3-5")
    root = ET.fromstring(move._repr_svg_())  # type: ignore[attr-defined]
    assert [e.get("data-card") for e in card_elements(root)] == ["4s", "5s", "BJ"]
    assert str(move) in "".join(root.itertext())
    passed = ET.fromstring(ganzdy.Move("pass")._repr_svg_())  # type: ignore[attr-defined]
    assert card_elements(passed) == [] and "pass" in "".join(passed.itertext())


def test_wild_cards_are_drawn_as_the_page_draws_them() -> None:
    root = ET.fromstring(svg.row_svg(["2h", "5s"], wild=["2h"]))
    wild, plain = card_elements(root)
    assert wild.get("class") == "card wild" and plain.get("class") == "card"
    rect = wild.find(f"{SVG_NS}rect")
    assert rect is not None and rect.get("stroke") == svg.WILD_STROKE
    # The page gives .card.wild the same stroke in its style sheet.
    css = STYLE_CSS.read_text(encoding="utf-8")
    assert re.search(rf"\.card\.wild rect \{{ stroke: {svg.WILD_STROKE}; stroke-width: 3; \}}", css)


def test_the_drawing_agrees_with_the_web_pages_card_svg() -> None:
    """The page's cardSvg (app.js) and ganzdy.display.svg draw the same card: frame,
    corner rank and suit, the large suit, the joker's word and star, the colours."""
    js = APP_JS.read_text(encoding="utf-8")
    start = js.index("function cardSvg(")
    body = js[start : js.index("\nfunction ", start + 1)]
    assert 'setAttribute("viewBox", "0 0 60 88")' in body
    assert '{ x: 1, y: 1, width: 58, height: 86, rx: 6, fill: "#fff", stroke: "#333" }' in body
    assert f'red ? "{svg.RED}" : "{svg.BLACK}"' in body
    page_texts = re.findall(r"text\((\d+), (\d+), (\d+), ", body)
    drawn = ET.fromstring(svg.card_svg("Th") + "")
    ours = [
        (t.get("x"), t.get("y"), t.get("font-size"))
        for t in ET.fromstring(
            f'<svg xmlns="http://www.w3.org/2000/svg">{svg.card_body("Th")}</svg>'
        ).iter(f"{SVG_NS}text")
    ]
    joker = [
        (t.get("x"), t.get("y"), t.get("font-size"))
        for t in ET.fromstring(
            f'<svg xmlns="http://www.w3.org/2000/svg">{svg.card_body("RJ")}</svg>'
        ).iter(f"{SVG_NS}text")
    ]
    assert sorted(page_texts) == sorted(ours + joker)
    assert drawn.get("viewBox") == "0 0 60 88"
    assert '"JOKER"' in body and '"★"' in body
    assert 'const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };' in js


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_a_deal_shows_every_hand_and_a_seat_view_only_its_own(game: str) -> None:
    deal = ganzdy.Rules(game).new_deal(seed=4)
    for _ in range(12):  # a few moves in, so the table holds a play now and then
        if deal.is_terminal:
            break
        deal.push(deal.legal_moves[deal.greedy_index()])
    html = deal._repr_html_()  # type: ignore[attr-defined]
    root = ET.fromstring(html)
    for seat in range(deal.players):
        row = root.find(f".//tr[@data-seat='{seat}']")
        assert row is not None
        assert [e.get("data-card") for e in card_elements(row)] == list(deal.hand(seat))
    seat = deal.current_player if deal.current_player is not None else 0
    view = ganzdy.view_for(deal)
    root = ET.fromstring(view._repr_html_())  # type: ignore[attr-defined]
    shown = [e.get("data-card") for e in card_elements(root)]
    table = [] if deal.table.is_pass else list(deal.table.cards)
    # Only the seat's own hand and the public table: no other seat's card.
    assert sorted(shown) == sorted(list(deal.hand(seat)) + table)
    for other in range(deal.players):
        row = root.find(f".//tr[@data-seat='{other}']")
        assert row is not None
        cells = row.findall("td")
        assert cells[0].text == str(deal.hand_sizes[other])
        if other != seat:
            assert card_elements(row) == []


def test_reprs_escape_what_they_quote() -> None:
    body = svg.card_svg("5s")
    assert ET.fromstring(body).get("data-card") == "5s"
