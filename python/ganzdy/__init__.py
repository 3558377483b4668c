"""ganzdy: a fast engine for Chinese climbing card games (Gan Deng Yan, Guandan, Gouji)."""

from collections.abc import Sequence
from typing import Any

from ganzdy._core import (
    GAN_DENG_YAN_OBSERVATION_VERSION,
    GOUJI_OBSERVATION_VERSION,
    GUANDAN_OBSERVATION_VERSION,
    MOVE_KINDS,
    AmbiguousMoveError,
    Cards,
    DeckError,
    GanDengYanDeal,
    GanDengYanInformationSet,
    GanDengYanLegalMoves,
    GanDengYanOutcome,
    GanzdyError,
    GoujiDeal,
    GoujiInformationSet,
    GoujiLegalMoves,
    GoujiOutcome,
    GoujiPayment,
    GoujiPlay,
    GoujiPurchase,
    GuandanDeal,
    GuandanInformationSet,
    GuandanLegalMoves,
    GuandanOutcome,
    IllegalMoveError,
    IsmctsResult,
    Move,
    ObservationSlice,
    Option,
    ParseError,
    Rules,
    RulesError,
    SolveResult,
    TributePayment,
    ismcts,
    solve,
)
from ganzdy.agents import (
    ISMCTS,
    Agent,
    AgentError,
    GreedyAgent,
    HumanAgent,
    Quit,
    RandomAgent,
    SeatView,
    make_agent,
    register_agent,
    view_for,
)
from ganzdy.gouji_match import GoujiMatch
from ganzdy.guandan_match import GuandanMatch, HandResult, MatchState
from ganzdy.match import ArenaResult, DealResult, GanDengYanMatch, Standing, arena, play_deal
from ganzdy.playouts import Playouts, playouts
from ganzdy.records import (
    RecordError,
    from_gouji_record,
    from_guandan_record,
    from_record,
    to_record,
)
from ganzdy.solver import format_position, parse_position


def _deal_to_record(self: GanDengYanDeal, agents: Sequence[str] | None = None) -> dict[str, Any]:
    """The deal as a JSON-compatible game record (see ganzdy.records.to_record)."""
    return to_record(self, agents)


# Records read naturally as methods of the deal: deal.to_record(), GanDengYanDeal.from_record(r).
# pybind11 classes take new attributes like any Python class.
def _guandan_deal_to_record(
    self: GuandanDeal, agents: Sequence[str] | None = None
) -> dict[str, Any]:
    """The deal as a JSON-compatible game record (see ganzdy.records.to_record)."""
    return to_record(self, agents)


GanDengYanDeal.to_record = _deal_to_record  # type: ignore[method-assign]
GanDengYanDeal.from_record = staticmethod(from_record)  # type: ignore[method-assign]


def _gouji_deal_to_record(self: GoujiDeal, agents: Sequence[str] | None = None) -> dict[str, Any]:
    """The deal as a JSON-compatible game record (see ganzdy.records.to_record)."""
    return to_record(self, agents)


GuandanDeal.to_record = _guandan_deal_to_record  # type: ignore[method-assign]
GuandanDeal.from_record = staticmethod(from_guandan_record)  # type: ignore[method-assign]
GoujiDeal.to_record = _gouji_deal_to_record  # type: ignore[method-assign]
GoujiDeal.from_record = staticmethod(from_gouji_record)  # type: ignore[method-assign]

__version__ = "0.1.0"

__all__ = [
    "GAN_DENG_YAN_OBSERVATION_VERSION",
    "GOUJI_OBSERVATION_VERSION",
    "GUANDAN_OBSERVATION_VERSION",
    "ISMCTS",
    "MOVE_KINDS",
    "Agent",
    "AgentError",
    "AmbiguousMoveError",
    "ArenaResult",
    "Cards",
    "DealResult",
    "DeckError",
    "GanDengYanDeal",
    "GanDengYanInformationSet",
    "GanDengYanLegalMoves",
    "GanDengYanMatch",
    "GanDengYanOutcome",
    "GanzdyError",
    "GoujiDeal",
    "GoujiInformationSet",
    "GoujiLegalMoves",
    "GoujiMatch",
    "GoujiOutcome",
    "GoujiPayment",
    "GoujiPlay",
    "GoujiPurchase",
    "GreedyAgent",
    "GuandanDeal",
    "GuandanInformationSet",
    "GuandanLegalMoves",
    "GuandanMatch",
    "GuandanOutcome",
    "HandResult",
    "HumanAgent",
    "IllegalMoveError",
    "IsmctsResult",
    "MatchState",
    "Move",
    "ObservationSlice",
    "Option",
    "ParseError",
    "Playouts",
    "Quit",
    "RandomAgent",
    "RecordError",
    "Rules",
    "RulesError",
    "SeatView",
    "SolveResult",
    "Standing",
    "TributePayment",
    "__version__",
    "arena",
    "format_position",
    "from_gouji_record",
    "from_guandan_record",
    "from_record",
    "ismcts",
    "make_agent",
    "parse_position",
    "play_deal",
    "playouts",
    "register_agent",
    "solve",
    "to_record",
    "view_for",
]
