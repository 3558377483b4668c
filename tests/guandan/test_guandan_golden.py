"""Golden test: Guandan's rule vectors G1-G36 (guandan.md §11.1-11.2) at card level.

tests/data/guandan/combinations.json transcribes each vector's complete set of legal non-pass
moves. The engine must reproduce each set exactly, every move once, and so must the brute-force
reference of tests/references/guandan_reference.py (which keeps the transcription honest).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import ganzdy
import guandan_reference as ref
from ganzdy import Cards, Move, Rules

DATA = Path(__file__).parent.parent / "data" / "guandan" / "combinations.json"

Key = tuple[str, str, int, str]


def _load() -> list[dict[str, Any]]:
    doc = json.loads(DATA.read_text(encoding="utf-8"))
    assert doc["format"] == 1
    vectors: list[dict[str, Any]] = doc["vectors"]
    return vectors


VECTORS = _load()


def key(move: Move) -> Key:
    return (move.kind, move.rank, move.length, str(move.cards))


def expected(vec: dict[str, Any]) -> set[Key]:
    return {(k, r, len(Cards(c)), str(Cards(c))) for k, r, c in vec["expected"]}


def table_of(vec: dict[str, Any]) -> Move | None:
    t = vec["table"]
    return None if t is None else Move(t["kind"], t["rank"], t["cards"])


def _fmt(keys: set[Key]) -> str:
    return "\n".join(f"    {k}" for k in sorted(keys)) or "    (none)"


def test_every_vector_is_here() -> None:
    assert [v["id"] for v in VECTORS] == [f"G{i}" for i in range(1, 37)]


@pytest.mark.parametrize("vec", VECTORS, ids=[v["id"] for v in VECTORS])
def test_engine_reproduces_the_vector(vec: dict[str, Any]) -> None:
    rules = Rules("guandan", level=vec["level"])
    hand = Cards(vec["hand"])
    table = table_of(vec)
    where = f"{vec['id']} (level {vec['level']}): hand {vec['hand']!r}, table {vec['table']}"
    if table is not None:
        assert rules.readings(table.cards), f"{where}: the table is no combination"
    moves = rules.legal_moves(hand, table)
    keys = [key(m) for m in moves]
    dup = [k for k, n in Counter(keys).items() if n > 1]
    assert not dup, f"{where}: moves listed twice {dup}"
    for m in moves:
        assert m.cards in hand, f"{where}: {m!r} is not in the hand"
        assert m.length == len(m.cards)
        if table is not None:
            assert rules.beats(m, table), f"{where}: {m!r} is listed but does not beat the table"
    got = set(keys)
    want = expected(vec)
    assert got == want, (
        f"{where}\n  engine only:\n{_fmt(got - want)}\n  expected only:\n{_fmt(want - got)}"
    )


@pytest.mark.parametrize("vec", VECTORS, ids=[v["id"] for v in VECTORS])
def test_reference_reproduces_the_vector(vec: dict[str, Any]) -> None:
    o = ref.opts({"level": vec["level"]})
    hand = str(Cards(vec["hand"])).split()
    t = vec["table"]
    if t is None:
        plays = ref.leads(hand, o)
    else:
        cards = ref.sort_cards(str(Cards(t["cards"])).split())
        table = (t["kind"], t["rank"], len(cards), cards)
        assert table in ref.readings(cards, o), f"{vec['id']}: the table is no combination"
        plays = ref.follows(hand, table, o)
    got = {(k, r, n, " ".join(c)) for k, r, n, c in plays}
    want = expected(vec)
    assert got == want, (
        f"{vec['id']}\n  reference only:\n{_fmt(got - want)}\n  expected only:\n{_fmt(want - got)}"
    )


@pytest.mark.parametrize("vec", [v for v in VECTORS if v["table"] is None], ids=lambda v: v["id"])
def test_readings_of_a_whole_lead(vec: dict[str, Any]) -> None:
    """A lead that plays the whole hand is exactly a reading of those cards."""
    rules = Rules("guandan", level=vec["level"])
    hand = Cards(vec["hand"])
    whole = {key(m) for m in rules.legal_moves(hand) if m.cards == hand}
    assert {key(m) for m in rules.readings(hand)} == whole


def test_a_pass_is_never_listed_and_a_lead_never_empty() -> None:
    rules = Rules("guandan")
    assert rules.legal_moves("") == []
    assert all(not m.is_pass for m in rules.legal_moves("5s 5h 6d BJ RJ"))
    with pytest.raises(ganzdy.IllegalMoveError, match="not a pass"):
        rules.legal_moves("5s", Move("pass"))
