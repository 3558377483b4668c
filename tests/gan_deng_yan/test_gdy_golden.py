"""Golden test: the compiled engine against the rule vectors of combinations.json.

The vectors are transcribed from the rules contract (§8.1, §8.2, §5.2) plus a few hand-derived
option cases; tests/gan_deng_yan/test_gdy_reference_selfcheck.py checks them against an independent reference.
Here the engine must reproduce each expected move set exactly, with no duplicate canonical move.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import ganzdy

DATA = Path(__file__).parent.parent / "data" / "gan_deng_yan" / "combinations.json"

Key = tuple[str, str, int, tuple[str, ...]]

# Game order of classes in a key: ranks low to high, then jokers.
_CLASSES = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "W", "BJ", "RJ")
_ORDER = {c: i for i, c in enumerate(_CLASSES)}


def _load() -> list[dict[str, Any]]:
    doc = json.loads(DATA.read_text(encoding="utf-8"))
    assert doc["format"] == 1
    vectors: list[dict[str, Any]] = doc["vectors"]
    return vectors


VECTORS = _load()


def move_key(move: Any, colour_matters: bool) -> Key:
    """The spec's comparison key: independent of which physical cards the engine picked."""
    classes: list[str] = []
    for card in move.cards:
        card = str(card)
        if card in ("BJ", "RJ"):
            classes.append(card if colour_matters else "W")
        else:
            classes.append(card[0])
    classes.sort(key=_ORDER.__getitem__)
    return (str(move.kind), str(move.rank), int(move.length), tuple(classes))


def _expected(vec: dict[str, Any]) -> set[Key]:
    return {(k, r, n, tuple(c)) for k, r, n, c in vec["expected"]}


def _fmt(keys: set[Key]) -> str:
    return "\n".join(f"    {k}" for k in sorted(keys)) or "    (none)"


def _keys_checked(moves: list[Any], colour_matters: bool, where: str) -> set[Key]:
    keys = [move_key(m, colour_matters) for m in moves]
    dup = [k for k, n in Counter(keys).items() if n > 1]
    # Canonical moves are one per (declaration, class multiset): a repeat is a generator bug.
    assert not dup, f"{where}: duplicate canonical moves {dup}"
    for m in moves:
        assert int(m.length) == len(m.cards), f"{where}: {m!r} length is not its card count"
    return set(keys)


@pytest.mark.parametrize("vec", VECTORS, ids=[v["id"] for v in VECTORS])
def test_golden_vector(vec: dict[str, Any]) -> None:
    rules = ganzdy.Rules("gan_deng_yan", players=vec["players"], **vec["options"])
    colour_matters = vec["options"].get("king_bomb") == "small_plus_big"
    expected = _expected(vec)
    if vec["type"] == "legal":
        hand = ganzdy.Cards(vec["hand"])
        t = vec["table"]
        table = None if t is None else ganzdy.Move(t["kind"], t["rank"], ganzdy.Cards(t["cards"]))
        where = (
            f"{vec['id']}: hand {vec['hand']!r}, table {t}, players {vec['players']}, "
            f"options {vec['options']}"
        )
        moves = list(rules.legal_moves(hand, table))
        for m in moves:
            # Every move must be made of cards the hand holds (subtraction raises if not).
            assert len(hand - m.cards) == len(hand) - len(m.cards), f"{where}: {m!r}"
    else:
        cards = ganzdy.Cards(vec["cards"])
        where = f"{vec['id']}: cards {vec['cards']!r}, options {vec['options']}"
        moves = list(rules.readings(cards))
        for m in moves:
            assert m.cards == cards, f"{where}: reading {m!r} uses other cards"
    got = _keys_checked(moves, colour_matters, where)
    assert got == expected, (
        f"{where}\n  engine only:\n{_fmt(got - expected)}\n  expected only:\n{_fmt(expected - got)}"
    )


# Lead counts quoted by the rules (§5.4) from their own brute-force enumerator.
LEAD_COUNTS = [
    (hand, count)
    for hand, count in json.loads(
        (Path(__file__).parent.parent / "data" / "gan_deng_yan" / "lead_counts.json").read_text()
    )["leads"]
]


@pytest.mark.parametrize(("hand", "count"), LEAD_COUNTS)
def test_golden_lead_counts(hand: str, count: int) -> None:
    rules = ganzdy.Rules("gan_deng_yan", players=4)
    moves = list(rules.legal_moves(ganzdy.Cards(hand)))
    keys = _keys_checked(moves, False, f"lead with {hand!r}")
    assert len(keys) == count, f"lead with {hand!r}: {len(keys)} canonical moves, rules say {count}"
