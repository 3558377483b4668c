"""The terminal transcripts in docs/transcripts/ are golden: played again from their
script (docs/transcripts/make_transcripts.py), they come out the same."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

FOLDER = Path(__file__).parents[2] / "docs" / "transcripts"


def _maker() -> object:
    spec = importlib.util.spec_from_file_location(
        "make_transcripts", FOLDER / "make_transcripts.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", ["guandan", "gouji"])
def test_a_transcript_plays_again_the_same(name: str) -> None:
    maker = _maker()
    played = maker.transcript(name)  # type: ignore[attr-defined]
    assert played == (FOLDER / f"{name}.txt").read_text(encoding="utf-8")
    # A whole hand: it ends with the hand's result, and seat 0 was asked with menus.
    assert "hand 1 over:" in played and "your move (number, cards" in played
    assert "   1  pass" in played


def test_the_guandan_transcript_shows_the_commands() -> None:
    text = (FOLDER / "guandan.txt").read_text(encoding="utf-8")
    assert "  hint (greedy): pass  (choice 1)" in text
    assert "q): 5 6 7 8 9\n  playing 5s 6h 7s 8c 9s as straight 5-9" in text
    assert "  undone: back to your move at ply 7" in text


def test_the_gouji_transcript_shows_yield() -> None:
    text = (FOLDER / "gouji.txt").read_text(encoding="utf-8")
    assert "  you may not yield now: the leader may not yield; try again" in text
    assert "q): yield\n  seat 0 (you): yield" in text
    assert "  (you have nothing but pass: passed without asking)" in text
