"""Playing `ganzdy play` from a test: scripted answers on stdin, the printed output back."""

from __future__ import annotations

import io
import sys

import pytest

import ganzdy
from ganzdy.cli import main


def play_game(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    game: str,
    answers: str,
    *argv: str,
) -> tuple[int, str]:
    """`ganzdy play --game GAME ARGV...` answering from `answers`: the exit code and the
    output (nothing may go to stderr)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    code = main(["play", "--game", game, *argv])
    out, err = capsys.readouterr()
    assert err == ""
    return code, out


class FirstMove:
    """Answers as a person typing 1 at every prompt: the first legal move."""

    def act(self, view: ganzdy.SeatView) -> ganzdy.Move:
        return view.legal_moves[0]
