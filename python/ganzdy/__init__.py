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
    Network,
    NetworkFileError,
    ObservationSlice,
    Option,
    ParseError,
    Rules,
    RulesError,
    SolveResult,
    TributePayment,
    ismcts,
    pimc,
    search_rewards,
    solve,
)
from ganzdy.agents import (
    ISMCTS,
    PIMC,
    Agent,
    AgentError,
    GreedyAgent,
    HumanAgent,
    LearnedAgent,
    Quit,
    RandomAgent,
    SeatView,
    make_agent,
    register_agent,
    view_for,
)
from ganzdy.deal import Deal
from ganzdy.display.notebook import install as _install_notebook_reprs
from ganzdy.games import GAMES
from ganzdy.gan_deng_yan.match import DealResult, GanDengYanMatch
from ganzdy.gouji.match import GoujiMatch
from ganzdy.guandan.match import GuandanMatch, HandResult, MatchState
from ganzdy.match import (
    ArenaInterrupted,
    ArenaResult,
    Match,
    Standing,
    arena,
    new_deal,
    play_deal,
)
from ganzdy.playouts import Playouts, playouts
from ganzdy.records import RecordError, from_record, to_record
from ganzdy.solver import format_position, parse_position


def _to_record(self: Deal, agents: Sequence[str] | None = None) -> dict[str, Any]:
    """The deal as a JSON-compatible game record (see ganzdy.records.to_record)."""
    return to_record(self, agents)


def _reduce(self: Deal) -> tuple[Any, tuple[dict[str, Any]]]:
    # A deal pickles as its record, so a pickle is as readable and as checked as a
    # record: unpickling replays every move through the checked push.
    if self.root_ply:
        raise IllegalMoveError(
            f"a deal copied without history (at ply {self.root_ply}) cannot be pickled: its "
            "moves before that ply are gone, so it cannot be replayed from its deck; pickle "
            "the deal it was copied from"
        )
    return from_record, (to_record(self),)


# Records read naturally as methods of the deal: deal.to_record(). pybind11 classes take
# new attributes like any Python class.
for _cls in (GanDengYanDeal, GuandanDeal, GoujiDeal):
    setattr(_cls, "to_record", _to_record)  # noqa: B010 (the stub declares it)
    setattr(_cls, "__reduce__", _reduce)  # noqa: B010
del _cls

# Cards, moves, deals and seat views draw themselves in Jupyter (ganzdy.display.notebook).
_install_notebook_reprs()

__version__ = "0.1.0"

__all__ = [
    "GAMES",
    "GAN_DENG_YAN_OBSERVATION_VERSION",
    "GOUJI_OBSERVATION_VERSION",
    "GUANDAN_OBSERVATION_VERSION",
    "ISMCTS",
    "MOVE_KINDS",
    "PIMC",
    "Agent",
    "AgentError",
    "AmbiguousMoveError",
    "ArenaInterrupted",
    "ArenaResult",
    "Cards",
    "Deal",
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
    "LearnedAgent",
    "Match",
    "MatchState",
    "Move",
    "Network",
    "NetworkFileError",
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
    "from_record",
    "ismcts",
    "make_agent",
    "new_deal",
    "parse_position",
    "pimc",
    "play_deal",
    "playouts",
    "register_agent",
    "search_rewards",
    "solve",
    "to_record",
    "view_for",
]
