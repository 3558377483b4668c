"""Golden test: Gouji's rule vectors (gouji.md §4.2, §12.1-§12.3 and the play vectors of §12.4).

tests/data/gouji/vectors.json transcribes them in the rules file's notation (SJ the small joker, BJ
the big one; ganzdy writes these BJ and RJ). The engine must reproduce each verdict and each
complete response set exactly, every play once, and so must the brute-force reference of
tests/references/gouji_reference.py (which keeps the transcription honest).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import ganzdy
import gouji_reference as ref
from ganzdy import Move, Rules

DATA = Path(__file__).parent.parent / "data" / "gouji" / "vectors.json"
DOC: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
assert DOC["format"] == 1


def labels(text: str) -> ref.Play:
    return ref.sort_labels(text.split())


def move(rules: Rules, text: str) -> Move:
    """The move of rules-notation cards, by the engine's own reading of them."""
    readings = rules.readings(ref.to_engine(text.split()))
    assert len(readings) == 1, f"{text!r} has readings {readings}"
    return readings[0]


def _ids(section: str, key: str = "id") -> list[str]:
    return [str(v[key]) for v in DOC[section]]


def test_every_vector_is_here() -> None:
    numbers = {re.match(r"J\d+", i).group() for i in _ids("comparisons") if i.startswith("J")}  # type: ignore[union-attr]
    assert numbers == {f"J{n}" for n in range(1, 11)}
    assert [v["id"] for v in DOC["responses"]][:3] == ["J11", "J12", "J13"]
    assert len(DOC["classification"]) == 15 and len(DOC["point_eligible"]) == 6


@pytest.mark.parametrize("vec", DOC["comparisons"], ids=_ids("comparisons"))
def test_comparisons(vec: dict[str, Any]) -> None:
    options = vec.get("options", {})
    rules = Rules("gouji", **options)
    if "not_in_deck" in vec:
        with pytest.raises(ganzdy.ParseError, match="more than 4 copies"):
            move(rules, vec["new"])
    else:
        new, table = move(rules, vec["new"]), move(rules, vec["table"])
        assert rules.beats(new, table) is vec["beats"], (
            f"{vec['id']}: {vec['new']} vs {vec['table']}"
        )
    assert ref.beats(labels(vec["new"]), labels(vec["table"]), ref.opts(options)) is vec["beats"]


@pytest.mark.parametrize("vec", DOC["vectors"], ids=_ids("vectors", "play"))
def test_canonical_vectors(vec: dict[str, Any]) -> None:
    rules = Rules("gouji")
    got = rules.classify(ref.to_engine(vec["play"].split())).vector
    want = [{"SJ": "BJ", "BJ": "RJ"}.get(c, c) for c in vec["vector"].split()]
    assert got == want
    values = tuple(ref.VALUE[c] for c in vec["vector"].split())
    assert ref.vector(labels(vec["play"]), ref.opts()) == values


@pytest.mark.parametrize("vec", DOC["classification"], ids=_ids("classification", "play"))
def test_gouji_cards(vec: dict[str, Any]) -> None:
    rules = Rules("gouji")
    play = rules.classify(ref.to_engine(vec["play"].split()))
    assert play.is_gouji is vec["gouji"]
    assert rules.is_gouji(play.move) is vec["gouji"]
    assert ref.is_gouji(labels(vec["play"]), ref.opts()) is vec["gouji"]


@pytest.mark.parametrize("vec", DOC["point_eligible"], ids=_ids("point_eligible", "play"))
def test_point_eligible(vec: dict[str, Any]) -> None:
    play = Rules("gouji").classify(ref.to_engine(vec["play"].split()))
    assert play.opens_point is vec["opens_point"]
    assert ref.opens_point(labels(vec["play"]), ref.opts()) is vec["opens_point"]


def _engine_set(moves: list[Move]) -> Counter[ref.Play]:
    return Counter(ref.to_labels(str(m.cards)) for m in moves)


@pytest.mark.parametrize("vec", DOC["responses"], ids=_ids("responses"))
def test_complete_response_sets(vec: dict[str, Any]) -> None:
    rules = Rules("gouji")
    hand = ref.to_engine(vec["hand"].split())
    table = move(rules, vec["table"])
    moves = rules.legal_moves(hand, table)
    got = _engine_set(moves)
    want = {labels(p) for p in vec["expected"]}
    assert all(n == 1 for n in got.values()), f"{vec['id']}: listed twice {got}"
    assert set(got) == want, (
        f"{vec['id']}: engine only {set(got) - want}, expected only {want - set(got)}"
    )
    assert len(moves) == len(vec["expected"])
    not_gouji = {labels(p) for p in vec.get("not_gouji", [])}
    for m in moves:
        assert rules.beats(m, table)
        if "not_gouji" in vec:
            assert rules.is_gouji(m) is (ref.to_labels(str(m.cards)) not in not_gouji), m
    reference = ref.follows(labels(vec["hand"]), labels(vec["table"]), ref.opts())
    assert reference == want


@pytest.mark.parametrize("vec", DOC["leads"], ids=_ids("leads"))
def test_biesan_leads(vec: dict[str, Any]) -> None:
    rules = Rules("gouji")
    got = _engine_set(rules.legal_moves(ref.to_engine(vec["hand"].split())))
    want = {labels(p) for p in vec["expected"]}
    assert set(got) == want and all(n == 1 for n in got.values())
    assert ref.leads(labels(vec["hand"]), ref.opts()) == want
