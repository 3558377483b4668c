"""Check the pure-Python reference alone against the hand-written rule vectors.

The vectors (tests/data/gan_deng_yan/combinations.json) are transcribed from the rules contract
(§8.1, §8.2, §5.2) plus a few hand-derived option cases; the reference is written from the rules
text. Agreement here is what lets the differential test trust the reference as an oracle.
Needs no compiled module.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from gdy_reference import (
    CLASS_ORDER,
    Key,
    check_deck,
    classes_of,
    parse_cards,
    reference_beats,
    reference_legal,
    reference_readings,
    resolve_options,
)

DATA = Path(__file__).parent.parent / "data" / "gan_deng_yan" / "combinations.json"


def _load() -> list[dict[str, Any]]:
    doc = json.loads(DATA.read_text(encoding="utf-8"))
    assert doc["format"] == 1
    vectors: list[dict[str, Any]] = doc["vectors"]
    return vectors


VECTORS = _load()


def _key(entry: list[Any]) -> Key:
    kind, rank, length, classes = entry
    return (str(kind), str(rank), int(length), tuple(str(c) for c in classes))


def _fmt(keys: set[Key]) -> str:
    return "\n".join(f"    {k}" for k in sorted(keys)) or "    (none)"


def test_vector_ids_unique() -> None:
    ids = [v["id"] for v in VECTORS]
    assert len(ids) == len(set(ids))


def test_every_rules_vector_present() -> None:
    # Every T and V vector of §8 must be there (sub-cases may carry a letter suffix).
    bases = {v["id"].rstrip("abc") for v in VECTORS}
    for n in range(1, 47):
        assert f"T{n:02d}" in bases
    for n in range(1, 16):
        assert f"V{n:02d}" in bases


@pytest.mark.parametrize("vec", VECTORS, ids=[v["id"] for v in VECTORS])
def test_vector_well_formed(vec: dict[str, Any]) -> None:
    options = resolve_options(vec["players"], vec["options"])
    expected = [_key(e) for e in vec["expected"]]
    # Canonical moves are unique, so an expected list must not repeat itself.
    assert len(expected) == len(set(expected)), Counter(expected).most_common(3)
    for kind, _rank, length, classes in expected:
        assert length == len(classes)
        assert list(classes) == sorted(classes, key=CLASS_ORDER.__getitem__)
        if options["king_bomb"] == "small_plus_big":
            assert "W" not in classes
        else:
            assert "BJ" not in classes and "RJ" not in classes
        assert kind in {"single", "pair", "triple", "straight", "pairs", "bomb", "king_bomb"}
    if vec["type"] == "legal":
        physical = parse_cards(vec["hand"])
        table = vec["table"]
        if table is not None:
            # Hand and table come from one deck, so together they must fit it.
            physical += parse_cards(table["cards"])
            tkey = _table_key(vec, options)
            assert tkey in reference_readings(tkey[3], options), "table cards do not realise it"
        packs = options["packs"]
        assert isinstance(packs, int)
        check_deck(physical, packs)
        hand_classes = classes_of(vec["hand"], options)
        for k in expected:
            assert not Counter(k[3]) - Counter(hand_classes), f"{k} not in hand"
    else:
        assert vec["type"] == "readings"
        cls = classes_of(vec["cards"], options)
        for k in expected:
            assert k[3] == cls


def _table_key(vec: dict[str, Any], options: dict[str, object]) -> Key:
    table = vec["table"]
    classes = classes_of(table["cards"], options)
    return (table["kind"], table["rank"], len(classes), classes)


@pytest.mark.parametrize("vec", VECTORS, ids=[v["id"] for v in VECTORS])
def test_reference_matches_vector(vec: dict[str, Any]) -> None:
    options = resolve_options(vec["players"], vec["options"])
    expected = {_key(e) for e in vec["expected"]}
    if vec["type"] == "legal":
        table = None if vec["table"] is None else _table_key(vec, options)
        got = reference_legal(classes_of(vec["hand"], options), table, options)
        where = f"hand {vec['hand']!r}, table {vec['table']}, options {vec['options']}"
    else:
        got = reference_readings(classes_of(vec["cards"], options), options)
        where = f"cards {vec['cards']!r}, options {vec['options']}"
    assert got == expected, (
        f"{vec['id']}: {where}\n  reference only:\n{_fmt(got - expected)}"
        f"\n  vector only:\n{_fmt(expected - got)}"
    )


# A few direct beat-relation facts from §4.3/§4.4 and the spec's bomb-key table, so the
# relation is pinned even where no vector exercises it.
def test_beats_facts() -> None:
    d = resolve_options(4, {})
    bomb99 = ("bomb", "9", 4, ("9", "9", "9", "9"))
    soft99 = ("bomb", "9", 4, ("9", "9", "9", "W"))
    bomb33x5 = ("bomb", "3", 5, ("3",) * 5)
    bomb22 = ("bomb", "2", 4, ("2",) * 4)
    assert reference_beats(bomb33x5, bomb22, d)
    assert not reference_beats(bomb22, bomb33x5, d)
    assert not reference_beats(bomb99, soft99, d) and not reference_beats(soft99, bomb99, d)
    ro = resolve_options(4, {"bomb_order": "rank_only"})
    assert reference_beats(bomb22, bomb33x5, ro)
    ss = resolve_options(4, {"pure_beats_soft": "same_size"})
    soft_a = ("bomb", "A", 4, ("A", "A", "W", "W"))
    assert reference_beats(bomb99, soft_a, ss) and not reference_beats(soft_a, bomb99, ss)
    assert not reference_beats(bomb99, ("bomb", "3", 5, ("3", "3", "3", "3", "W")), ss)
    ro_ss = resolve_options(4, {"bomb_order": "rank_only", "pure_beats_soft": "same_size"})
    soft_k6 = ("bomb", "K", 6, ("K",) * 5 + ("W",))
    assert reference_beats(("bomb", "3", 4, ("3",) * 4), soft_k6, ro_ss)
    assert not reference_beats(("bomb", "3", 4, ("3",) * 4), ("bomb", "K", 4, ("K",) * 4), ro_ss)
    ro_sr = resolve_options(4, {"bomb_order": "rank_only", "pure_beats_soft": "same_rank"})
    assert reference_beats(
        ("bomb", "9", 4, ("9",) * 4), ("bomb", "9", 6, ("9",) * 5 + ("W",)), ro_sr
    )
    kb = ("king_bomb", "", 2, ("BJ", "RJ"))
    hi = resolve_options(4, {"king_bomb": "small_plus_big"})
    low = resolve_options(4, {"king_bomb": "small_plus_big", "king_bomb_rank": "above_4_below_5"})
    assert reference_beats(kb, ("bomb", "2", 8, ("2",) * 8), hi)
    assert not reference_beats(kb, kb, hi) and not reference_beats(kb, kb, low)
    assert reference_beats(kb, ("pair", "2", 2, ("2", "2")), low)
    assert not reference_beats(("bomb", "2", 4, ("2",) * 4), kb, low)
    assert reference_beats(("bomb", "3", 5, ("3",) * 5), kb, low)
    ah = resolve_options(4, {"triple_mode": "any_higher"})
    t5, t9, t2 = (("triple", r, 3, (r,) * 3) for r in "592")
    assert reference_beats(t9, t5, ah) and not reference_beats(t9, t5, d)
    assert reference_beats(t2, t5, d) and not reference_beats(t2, t2, d)
    tir = resolve_options(4, {"twos_in_runs": True})
    assert reference_beats(
        ("straight", "K", 3, ("K", "A", "2")), ("straight", "Q", 3, ("Q", "K", "A")), tir
    )


# Lead counts quoted by the rules (§5.4) from their own brute-force enumerator.
LEAD_COUNTS = [
    (hand, count)
    for hand, count in json.loads(
        (Path(__file__).parent.parent / "data" / "gan_deng_yan" / "lead_counts.json").read_text()
    )["leads"]
]


@pytest.mark.parametrize(("hand", "count"), LEAD_COUNTS)
def test_reference_lead_counts(hand: str, count: int) -> None:
    options = resolve_options(4, {})
    assert len(reference_legal(classes_of(hand, options), None, options)) == count
