"""ganzdy: a fast engine for Chinese climbing card games (Gan Deng Yan, Guandan, Gouji)."""

from ganzdy._core import (
    AmbiguousMoveError,
    Cards,
    DeckError,
    GanzdyError,
    IllegalMoveError,
    Move,
    Option,
    ParseError,
    Rules,
    RulesError,
)

__version__ = "0.1.0"

__all__ = [
    "AmbiguousMoveError",
    "Cards",
    "DeckError",
    "GanzdyError",
    "IllegalMoveError",
    "Move",
    "Option",
    "ParseError",
    "Rules",
    "RulesError",
    "__version__",
]
