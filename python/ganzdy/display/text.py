"""Cards as a terminal shows them: suit symbols and colour where the terminal takes them,
plain card text otherwise (a pipe, a file, ``NO_COLOR``, an encoding without ♠).

Plain text is the notation the engine reads back (``5s BJ``), so a transcript or a test
sees the same cards a person types.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TextIO

SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
_RED = "\033[31m"
_WILD = "\033[1;33m"  # bold yellow: a wild card stands out from both suit colours
_DIM = "\033[2m"
_BOLD = "\033[1m"
_RESET = "\033[0m"


def _encodes(stream: TextIO, text: str) -> bool:
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


@dataclass(frozen=True)
class Style:
    """How cards are written: ``symbols`` swaps suit letters for ♠♥♦♣, ``colour`` adds
    ANSI colour (red suits, wild cards highlighted). ``Style()`` is plain text."""

    symbols: bool = False
    colour: bool = False

    @classmethod
    def for_stream(cls, stream: TextIO) -> Style:
        """Symbols on a terminal whose encoding has them; colour on such a terminal
        unless ``NO_COLOR`` is set (https://no-color.org) or ``TERM`` is ``dumb``."""
        isatty = getattr(stream, "isatty", None)
        if not (callable(isatty) and isatty()):
            return cls()
        symbols = _encodes(stream, "".join(SUIT_SYMBOLS.values()))
        colour = not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"
        return cls(symbols=symbols, colour=colour)

    def card(self, card: str, wild: bool = False) -> str:
        """One card; a wild one is marked with ``*`` whatever the style, so it shows
        without colour too."""
        text = card
        if self.symbols and card not in ("BJ", "RJ"):
            rank = "10" if card[0] == "T" else card[0]
            text = rank + SUIT_SYMBOLS[card[1]]
        if wild:
            text += "*"
        if not self.colour:
            return text
        if wild:
            return f"{_WILD}{text}{_RESET}"
        if card == "RJ" or card[-1] in ("h", "d"):
            return f"{_RED}{text}{_RESET}"
        return text

    def cards(self, cards: Iterable[str], wild: Iterable[str] = ()) -> str:
        wilds = set(wild)
        return " ".join(self.card(c, c in wilds) for c in cards)

    def dim(self, text: str) -> str:
        return f"{_DIM}{text}{_RESET}" if self.colour else text

    def bold(self, text: str) -> str:
        return f"{_BOLD}{text}{_RESET}" if self.colour else text


__all__ = ["SUIT_SYMBOLS", "Style"]
