"""Agents: who chooses the moves, seeing only what their seat may know.

An agent is anything with ``act(view) -> Move``. The view is a ``SeatView``: the
seat's own hand and the public state (table, card counts, stock size, the moves
played), never the other hands, the stock order or the deal's seed, so an agent
cannot cheat by accident. The same agents play Gan Deng Yan deals (``GanDengYanDeal``),
Guandan hands (``GuandanDeal``) and Gouji hands (``GoujiDeal``): a Guandan view adds
the phase (tribute, pick, return, play), the levels and the tribute as the seat has
seen it; a Gouji view the phase, the seat's role, who still plays, who opened a
point, whether the seat has a head, and the purchases and tribute. A search agent
samples the worlds it searches from the view's ``information`` (the game's information
set: ``GanDengYanInformationSet``, ``GuandanInformationSet`` or ``GoujiInformationSet``),
which holds no hidden card either. Views are lazy: each field is read from the deal when
the agent first reads it, so a random agent pays for neither the information set nor
anything else it does not read.
``make_agent("random:seed=3")`` builds agents from text for the command line and
the arena; ``register_agent`` adds new kinds.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import math
import random
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Protocol, TextIO, cast, overload, runtime_checkable

import numpy as np
import numpy.typing as npt

from ganzdy import _check
from ganzdy._core import (
    AmbiguousMoveError,
    Cards,
    GanDengYanInformationSet,
    GanDengYanIsmctsSearcher,
    GanzdyError,
    GoujiInformationSet,
    GoujiIsmctsSearcher,
    GoujiPayment,
    GoujiPurchase,
    GuandanInformationSet,
    GuandanIsmctsSearcher,
    IllegalMoveError,
    IsmctsResult,
    Move,
    Network,
    ParseError,
    Rules,
    ismcts,
    parse_move_text,
    pimc,
)
from ganzdy.deal import Deal
from ganzdy.display.groups import MoveGroup, group_moves, ranks_of, wild_cards
from ganzdy.display.text import Style
from ganzdy.games import GAMES, game_of
from ganzdy.guandan.view import Tribute
from ganzdy.options import parse_option_value


class AgentError(GanzdyError):
    """An agent spec that names no known agent or gives it bad parameters."""


class Quit(Exception):
    """The person at the terminal asked to stop (end of input or Ctrl-C)."""


InformationSet = GanDengYanInformationSet | GuandanInformationSet | GoujiInformationSet
# How a lazy view reads one field: from the deal, the seat and the moves so far.
FieldReader = Callable[[Any, int, Sequence[tuple[int, Move]]], Any]


def _legal_moves(deal: Deal, seat: int, moves: Sequence[tuple[int, Move]]) -> tuple[Move, ...]:
    return tuple(deal.legal_moves)


def _table(deal: Deal, seat: int, moves: Sequence[tuple[int, Move]]) -> Move | None:
    table = deal.table
    return None if table.is_pass else table


def _information(deal: Deal, seat: int, moves: Sequence[tuple[int, Move]]) -> InformationSet:
    info: InformationSet = game_of(deal).information_set(deal, seat)
    return info


def _greedy_move(deal: Deal, seat: int, moves: Sequence[tuple[int, Move]]) -> Move:
    # One move built in Python, not the whole list: the engine generates the legal
    # moves and chooses among them for the seat to act, from what that seat may know.
    move: Move = deal.legal_moves[deal.greedy_index()]
    return move


def _observation(deal: Deal, seat: int, moves: Sequence[tuple[int, Move]]) -> Any:
    observation = deal.observation(seat)
    observation.flags.writeable = False  # a view is immutable, and shares it with its readers
    return observation


def _legal_move_features(deal: Any, seat: int, moves: Sequence[tuple[int, Move]]) -> Any:
    features = deal.legal_move_features()
    for array in features.values():
        array.flags.writeable = False
    return features


def _move_vectors(deal: Any, seat: int, moves: Sequence[tuple[int, Move]]) -> Any:
    from ganzdy.network import move_vectors

    vectors = move_vectors(deal.legal_move_features())
    vectors.flags.writeable = False
    return vectors


def _legal_ids(deal: Any, seat: int, moves: Sequence[tuple[int, Move]]) -> Any:
    if not game_of(deal).move_ids:
        return None
    ids = deal.legal_ids()
    ids.flags.writeable = False
    return ids


# How a lazy view reads each field every game shares from its deal; a game's
# ``ganzdy.<game>.view.FIELDS`` adds or overrides the rest.
_SHARED: dict[str, Callable[[Any, int, Sequence[tuple[int, Move]]], Any]] = {
    "players": lambda deal, seat, moves: deal.players,
    "rules": lambda deal, seat, moves: deal.rules,
    "hand": lambda deal, seat, moves: deal.hand(seat),
    "hand_sizes": lambda deal, seat, moves: tuple(deal.hand_sizes),
    "table": _table,
    "table_owner": lambda deal, seat, moves: deal.table_owner,
    "played": lambda deal, seat, moves: deal.played,
    "legal_moves": _legal_moves,
    "information": _information,
    "greedy_move": _greedy_move,
    "observation": _observation,
    "legal_move_features": _legal_move_features,
    "move_vectors": _move_vectors,
    "legal_ids": _legal_ids,
    "history": lambda deal, seat, moves: tuple(moves),
    "phase": lambda deal, seat, moves: "play",
    "level": lambda deal, seat, moves: None,
    "team_levels": lambda deal, seat, moves: None,
    "tribute": lambda deal, seat, moves: (),
    "resisted": lambda deal, seat, moves: False,
    "role": lambda deal, seat, moves: None,
    "active_seats": lambda deal, seat, moves: (),
    "opened": lambda deal, seat, moves: (),
    "has_head": lambda deal, seat, moves: True,
    "purchases": lambda deal, seat, moves: (),
    "payments": lambda deal, seat, moves: (),
}

# What a view built by hand holds for a field it was not given.
_DEFAULTS: dict[str, Any] = {
    "information": None,
    "greedy_move": None,
    "observation": None,
    "legal_move_features": None,
    "move_vectors": None,
    "legal_ids": None,
    "phase": "play",
    "level": None,
    "team_levels": None,
    "tribute": (),
    "resisted": False,
    "role": None,
    "active_seats": (),
    "opened": (),
    "has_head": True,
    "purchases": (),
    "payments": (),
}


@functools.cache
def _fields_of(
    deal_class: type,
) -> dict[str, Callable[[Any, int, Sequence[tuple[int, Move]]], Any]]:
    """The view fields of the game whose deal class is ``deal_class`` (looked up once a
    class: a view is built on every decision)."""
    for name in GAMES:
        if game_of(name).deal is deal_class:
            return _view_fields(name)
    raise GanzdyError(f"{deal_class.__name__} is no deal of {', '.join(GAMES)}")


def _view_module(game: str) -> Any:
    return importlib.import_module(f"ganzdy.{game}.view")


@functools.cache
def _view_fields(game: str) -> dict[str, Callable[[Any, int, Sequence[tuple[int, Move]]], Any]]:
    fields: dict[str, Callable[[Any, int, Sequence[tuple[int, Move]]], Any]] = _view_module(
        game
    ).FIELDS
    return fields


class SeatView:
    """What the seat to act may know: its own hand and the public state of the deal.

    ``view_for`` builds a view lazily: each attribute is read from the deal the first
    time an agent asks for it, so an agent pays only for what it reads (a random agent
    reads the legal moves alone; the information set a search samples from is built
    only when ``information`` is read). A view read after the deal has moved on raises
    GanzdyError rather than describe another position. A view may also be built by hand
    from every field (``SeatView(seat=..., ...)``); it is immutable either way.
    """

    # Every field, in the order the constructor takes them.
    FIELDS: ClassVar[tuple[str, ...]] = (
        "seat",
        "players",
        "dealer",
        "rules",
        "hand",
        "hand_sizes",
        "stock_size",
        "table",
        "table_owner",
        "passes",
        "bombs_played",
        "played",
        "history",
        "out_seats",
        "legal_moves",
        "information",
        "phase",
        "level",
        "team_levels",
        "tribute",
        "resisted",
        "role",
        "active_seats",
        "opened",
        "has_head",
        "purchases",
        "payments",
    )
    # What a learner reads (NumPy arrays, read-only): left out of FIELDS, so of the
    # view's equality, repr and JSON, and built only when read.
    LEARNING_FIELDS: ClassVar[tuple[str, ...]] = (
        "observation",
        "legal_move_features",
        "move_vectors",
        "legal_ids",
    )
    __slots__ = ("_deal", "_game_fields", "_moves", "_ply", "_values")
    _deal: Deal | None
    _game_fields: dict[str, Callable[[Any, int, Sequence[tuple[int, Move]]], Any]]
    _moves: Sequence[tuple[int, Move]]
    _ply: int
    _values: dict[str, Any]

    def __init__(
        self,
        seat: int,
        players: int,
        dealer: int,
        rules: Rules,
        hand: Cards,
        hand_sizes: tuple[int, ...],
        stock_size: int,
        table: Move | None,
        table_owner: int | None,
        passes: int,
        bombs_played: int,
        played: Cards,
        history: tuple[tuple[int, Move], ...],
        out_seats: tuple[int, ...],
        legal_moves: tuple[Move, ...],
        information: InformationSet | None = None,
        phase: str = "play",
        level: str | None = None,
        team_levels: tuple[str, str] | None = None,
        tribute: tuple[Tribute, ...] = (),
        resisted: bool = False,
        role: str | None = None,
        active_seats: tuple[int, ...] = (),
        opened: tuple[int, ...] = (),
        has_head: bool = True,
        purchases: tuple[GoujiPurchase, ...] = (),
        payments: tuple[GoujiPayment, ...] = (),
    ) -> None:
        values = {
            "seat": seat,
            "players": players,
            "dealer": dealer,
            "rules": rules,
            "hand": hand,
            "hand_sizes": hand_sizes,
            "stock_size": stock_size,
            "table": table,
            "table_owner": table_owner,
            "passes": passes,
            "bombs_played": bombs_played,
            "played": played,
            "history": history,
            "out_seats": out_seats,
            "legal_moves": legal_moves,
            "information": information,
            "phase": phase,
            "level": level,
            "team_levels": team_levels,
            "tribute": tribute,
            "resisted": resisted,
            "role": role,
            "active_seats": active_seats,
            "opened": opened,
            "has_head": has_head,
            "purchases": purchases,
            "payments": payments,
        }
        self._deal = None
        self._game_fields = {}
        self._moves = ()
        self._ply = 0
        self._values = values

    @classmethod
    def of(cls, deal: Deal, seat: int, moves: Sequence[tuple[int, Move]]) -> SeatView:
        """The lazy view of ``seat``, to act in ``deal`` after ``moves`` (its history)."""
        view = cls.__new__(cls)
        view._deal = deal
        view._game_fields = _fields_of(type(deal))
        view._moves = moves
        view._ply = deal.ply
        view._values = {"seat": seat}
        return view

    def settle(self) -> None:
        """Read every field now (the information set and the greedy move included), so
        the view still describes its position after the deal moves on. ``drive`` settles
        the views that agents keep; a driver of its own calls this before pushing a move
        when views outlive their turn."""
        for name in self.FIELDS + self.LEARNING_FIELDS:
            self._get(name)
        self._get("greedy_move")
        self._deal = None

    def _get(self, name: str) -> Any:
        values: dict[str, Any] = self._values
        if name in values:
            return values[name]
        deal = self._deal
        if deal is None:
            return _DEFAULTS[name]
        if deal.ply != self._ply:
            raise GanzdyError(
                f"this view of seat {values['seat']} at ply {self._ply} was read after the deal "
                f"moved on to ply {deal.ply}: keep what you need while the seat is to act"
            )
        compute = self._game_fields.get(name) or _SHARED[name]
        value = compute(deal, values["seat"], self._moves)
        values[name] = value
        return value

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SeatView):
            return NotImplemented
        # The information set is a means to search, not part of what the seat knows.
        return all(
            self._get(name) == other._get(name) for name in self.FIELDS if name != "information"
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{name}={self._get(name)!r}" for name in self.FIELDS if name != "information"
        )
        return f"SeatView({shown})"

    @property
    def seat(self) -> int:
        """The seat to act."""
        return cast(int, self._get("seat"))

    @property
    def players(self) -> int:
        """How many seats there are."""
        return cast(int, self._get("players"))

    @property
    def dealer(self) -> int:
        """The dealer (Guandan: the first trick's leader; Gouji: the first leader, or -1
        before play)."""
        return cast(int, self._get("dealer"))

    @property
    def rules(self) -> Rules:
        """The deal's rules."""
        return cast(Rules, self._get("rules"))

    @property
    def hand(self) -> Cards:
        """This seat's cards."""
        return cast(Cards, self._get("hand"))

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Every seat's card count, by seat."""
        return cast("tuple[int, ...]", self._get("hand_sizes"))

    @property
    def stock_size(self) -> int:
        """Cards left in the stock (0 where there is none)."""
        return cast(int, self._get("stock_size"))

    @property
    def table(self) -> Move | None:
        """The move to beat; None when this seat leads."""
        return cast("Move | None", self._get("table"))

    @property
    def table_owner(self) -> int | None:
        """Who played the table move."""
        return cast("int | None", self._get("table_owner"))

    @property
    def passes(self) -> int:
        """Consecutive passes since the table move (Gouji: the seats that passed)."""
        return cast(int, self._get("passes"))

    @property
    def bombs_played(self) -> int:
        """Bombs played so far."""
        return cast(int, self._get("bombs_played"))

    @property
    def played(self) -> Cards:
        """Every card played so far, by anyone."""
        return cast(Cards, self._get("played"))

    @property
    def history(self) -> tuple[tuple[int, Move], ...]:
        """(seat, move) in order, passes included, as far as this seat has seen them."""
        return cast("tuple[tuple[int, Move], ...]", self._get("history"))

    @property
    def out_seats(self) -> tuple[int, ...]:
        """Seats that went out (Guandan, Gouji: in the order they went out)."""
        return cast("tuple[int, ...]", self._get("out_seats"))

    @property
    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves, the pass first when following."""
        return cast("tuple[Move, ...]", self._get("legal_moves"))

    @property
    def information(self) -> InformationSet | None:
        """For search: samples whole deals consistent with this view, keeping no hidden
        card (built when first read); None when the view was built by hand."""
        return cast("InformationSet | None", self._get("information"))

    @property
    def phase(self) -> str:
        """Guandan, Gouji: the phase ('tribute', 'pick', 'return', 'buy', 'revolt',
        'yaotou', 'xuandian' or 'play'); 'play' elsewhere."""
        return cast(str, self._get("phase"))

    @property
    def level(self) -> str | None:
        """Guandan: the hand's level."""
        return cast("str | None", self._get("level"))

    @property
    def team_levels(self) -> tuple[str, str] | None:
        """Guandan: both teams' levels (team 0: seats 0 and 2)."""
        return cast("tuple[str, str] | None", self._get("team_levels"))

    @property
    def tribute(self) -> tuple[Tribute, ...]:
        """Guandan: the tribute as this seat has seen it."""
        return cast("tuple[Tribute, ...]", self._get("tribute"))

    @property
    def resisted(self) -> bool:
        """Guandan: the payers' big jokers cancelled the tribute."""
        return cast(bool, self._get("resisted"))

    @property
    def role(self) -> str | None:
        """Gouji: the seat's role in play ('lead', 'answer' or 'burn'; None outside play)."""
        return cast("str | None", self._get("role"))

    @property
    def active_seats(self) -> tuple[int, ...]:
        """Gouji: the seats still playing."""
        return cast("tuple[int, ...]", self._get("active_seats"))

    @property
    def opened(self) -> tuple[int, ...]:
        """Gouji: the seats that opened a point (or revolted)."""
        return cast("tuple[int, ...]", self._get("opened"))

    @property
    def has_head(self) -> bool:
        """Gouji: whether the seat has a head (有头)."""
        return cast(bool, self._get("has_head"))

    @property
    def purchases(self) -> tuple[GoujiPurchase, ...]:
        """Gouji: the 3s (or 4s) bought before play."""
        return cast("tuple[GoujiPurchase, ...]", self._get("purchases"))

    @property
    def payments(self) -> tuple[GoujiPayment, ...]:
        """Gouji: the tribute payments."""
        return cast("tuple[GoujiPayment, ...]", self._get("payments"))

    @property
    def greedy_move(self) -> Move | None:
        """The engine's greedy policy's move for this seat (``deal.greedy_index()``), read
        from the deal when first asked; None for a view built by hand."""
        return cast("Move | None", self._get("greedy_move"))

    @property
    def move_groups(self) -> tuple[MoveGroup, ...]:
        """The legal moves grouped as a person chooses among them
        (``ganzdy.display.groups``: the suit variants of one play are one choice),
        grouped when first read: the terminal's menu, its hint and every answer typed
        at one prompt read the same groups, and a Gouji lead has hundreds of moves."""
        groups = self._values.get("move_groups")
        if groups is None:
            groups = self._values["move_groups"] = tuple(group_moves(self.legal_moves, self.rules))
        return cast("tuple[MoveGroup, ...]", groups)

    @property
    def observation(self) -> npt.NDArray[np.float32] | None:
        """This seat's observation vector, ``deal.observation(seat)`` (float32, laid out
        as the game's ``observation_spec``; read-only), built when first read; None for a
        view built by hand. It holds only what this seat may know."""
        return cast("npt.NDArray[np.float32] | None", self._get("observation"))

    @property
    def legal_move_features(self) -> dict[str, npt.NDArray[Any]] | None:
        """The legal moves' features, ``deal.legal_move_features()`` (row k describes
        ``legal_moves[k]``; read-only arrays); None for a view built by hand."""
        return cast("dict[str, npt.NDArray[Any]] | None", self._get("legal_move_features"))

    @property
    def move_vectors(self) -> npt.NDArray[np.float32] | None:
        """The legal moves' move vectors, ``ganzdy.network.move_vectors`` of the features
        (``[len(legal_moves), move_size()]``, read-only): with ``observation``, the input
        of a learned network (docs/learned.md); None for a view built by hand."""
        return cast("npt.NDArray[np.float32] | None", self._get("move_vectors"))

    @property
    def legal_ids(self) -> npt.NDArray[np.int32] | None:
        """Gan Deng Yan: the legal moves' ids (``deal.legal_ids()``, in legal order);
        None in games whose moves have no ids, or for a view built by hand."""
        return cast("npt.NDArray[np.int32] | None", self._get("legal_ids"))

    @property
    def game(self) -> str:
        """The game's name, as ``rules.game`` says it."""
        deal = self._deal
        return game_of(deal).name if deal is not None else self.rules.game

    @property
    def ply(self) -> int:
        return len(self.history)

    @property
    def leading(self) -> bool:
        return self.table is None


def view_for(deal: Deal, history: Sequence[tuple[int, Move]] | None = None) -> SeatView:
    """The view of the player to act, built lazily (see ``SeatView``).

    ``history`` lets a driver that already keeps the moves pass them in; reading
    ``deal.history`` rebuilds every move and costs time linear in the ply (it is read
    only if the agent reads ``view.history``).
    """
    _check.deal("deal", deal)
    if history is not None:
        _check.instance("history", history, Sequence, "a list of (seat, move) pairs or None")
    seat = deal.current_player
    if seat is None:
        raise GanzdyError("view_for: the deal is over, nobody is to act")
    return SeatView.of(deal, seat, _History(deal) if history is None else history)


class _History(Sequence[tuple[int, Move]]):
    """The deal's history, read from it only when a view's history is read."""

    def __init__(self, deal: Deal) -> None:
        self._deal = deal
        self._moves: list[tuple[int, Move]] | None = None

    def _read(self) -> list[tuple[int, Move]]:
        if self._moves is None:
            self._moves = self._deal.history
        return self._moves

    @overload
    def __getitem__(self, index: int) -> tuple[int, Move]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[int, Move]]: ...
    def __getitem__(self, index: int | slice) -> tuple[int, Move] | Sequence[tuple[int, Move]]:
        return self._read()[index]

    def __len__(self) -> int:
        return len(self._read())


@runtime_checkable
class Agent(Protocol):
    """Chooses a move for the seat to act. An agent may also have a ``name``."""

    def act(self, view: SeatView) -> Move: ...


def agent_name(agent: Agent) -> str:
    """The agent's ``name`` if it has one, else its class name."""
    name = getattr(agent, "name", None)
    return str(name) if name else type(agent).__name__


class RandomAgent:
    """Uniform over the legal moves, from its own random stream."""

    def __init__(self, seed: int | None = None) -> None:
        self.name = "random"
        self._random = random.Random(seed)

    def act(self, view: SeatView) -> Move:
        return self._random.choice(view.legal_moves)


class GreedyAgent:
    """The engine's greedy policy: cheapest beat, small leads, jokers and bombs kept back."""

    name = "greedy"

    def act(self, view: SeatView) -> Move:
        move = view.greedy_move
        if move is None:
            raise AgentError(
                "greedy: the view has no deal to ask for the greedy move (build views with "
                "view_for)"
            )
        return move


def _number(agent: str, label: str, value: object, low: float, high: float = math.inf) -> float:
    # An int too large for a float is refused like a number out of range.
    number = math.nan
    if isinstance(value, int | float) and not isinstance(value, bool):
        number = float(value) if abs(value) <= sys.float_info.max else math.nan
    if not low <= number <= high:
        span = f"in [{low:g}, {high:g}]" if high < math.inf else f"at least {low:g}"
        raise AgentError(f"{agent}: {label}={value!r} must be a number {span}")
    return number


def _share(agent: str, label: str, value: object) -> float | None:
    """A number in [0, 1], or None: the search's setting for the game being played."""
    return None if value is None else _number(agent, label, value, 0.0, 1.0)


def _count(agent: str, label: str, value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise AgentError(f"{agent}: {label}={value!r} must be a positive int")
    return value


def _sampling(agent: str, sampling: object) -> str:
    if not isinstance(sampling, str) or sampling not in ("uniform", "weighted"):
        raise AgentError(f"{agent}: sampling={sampling!r} must be 'uniform' or 'weighted'")
    return sampling


def _search_reward(agent: str, reward: str, evaluator: Evaluator | None) -> str:
    """The reward searched for: the one chosen, or with 'auto' the network's own."""
    if reward != "auto":
        return reward
    if isinstance(evaluator, Network):
        trained = evaluator.header.get("reward", "points")
        if trained not in SEARCH_REWARDS:
            raise AgentError(
                f"{agent}: the network was trained on the reward {trained!r}, "
                "which the search does not know; give reward= explicitly"
            )
        return str(trained)
    return "points"


def _prior_temperature(agent: str, value: object) -> float | None:
    """A network prior's temperature, or None: the game's (0.1; Gouji 0.02, docs/search.md)."""
    return None if value is None else _number(agent, "prior_temperature", value, 1e-6)


def _evaluator_arg(agent: str, evaluator: object, network: str | None) -> None:
    """Raises AgentError unless ``evaluator`` is one a search takes (and ``network``
    comes only with 'learned')."""
    if (
        evaluator is not None
        and evaluator not in ("greedy", "learned")
        and not isinstance(evaluator, Network)
        and not callable(evaluator)
    ):
        raise AgentError(
            f"{agent}: evaluator={evaluator!r} must be 'greedy', 'learned', a ganzdy.Network "
            "or a callable f(observation, move_vectors) -> (priors, value)"
        )
    if network is not None and evaluator != "learned":
        raise AgentError(f"{agent}: network={network!r} is read only with evaluator=learned")


# The tree-keeping searcher of each game's information set.
_SEARCHERS: dict[str, Callable[[], Any]] = {
    "GanDengYanInformationSet": GanDengYanIsmctsSearcher,
    "GuandanInformationSet": GuandanIsmctsSearcher,
    "GoujiInformationSet": GoujiIsmctsSearcher,
}

# What ismcts(..., evaluator=) takes: the built-in 'greedy', a ganzdy.Network, or a
# callable f(observation, move_vectors) -> (priors, value) (docs/search.md). The
# ISMCTS agent also takes 'learned': the network shipped for the deal's game, or the
# file its ``network`` names.
Evaluator = str | Network | Callable[[Any, Any], tuple[Any, float]]

# The rewards a search backs up (``ganzdy._core.ismcts``; "rank" is the arena's).
SEARCH_REWARDS = ("win", "points", "mixed", "rank")


class ISMCTS:
    """Information-set Monte Carlo tree search (SO-ISMCTS), run in C++ with the GIL released.

    Each decision searches worlds sampled from ``view.information``, so it sees no
    hidden card. ``iterations`` and ``time_limit`` (seconds) bound each decision,
    whichever ends it first; with neither, ``ISMCTS_DEFAULT_ITERATIONS`` (1,000).
    ``c`` is the UCB1 exploration constant (rewards lie in [0, 1]); ``rollout`` is
    the policy that plays worlds out ('random', 'greedy', or 'learned': the
    evaluator's highest-prior move); ``reward`` is 'win', 'points', 'mixed' or 'rank'
    (see ``ganzdy._core.ismcts``), or 'auto' (the default): the reward the evaluator's
    network was trained on (its header's ``reward``; 'points' when it has none or
    there is no network), so the network's values and the deals' outcomes are in one
    unit; ``threads`` searches that many trees in parallel and
    sums their root statistics. With an ``evaluator`` ('greedy', 'learned' -- the
    learned agent's network, shipped or the file ``network`` names --, a
    ``ganzdy.Network`` or a callable, see docs/search.md) selection is PUCT with
    ``c_puct`` and a new leaf is valued
    ``value_weight`` by the evaluator and the rest by a rollout (None: the game's,
    below); ``leaf_value`` 'own'
    (the default) takes the evaluator's value where the searching seat (its team)
    acts, playing the evaluator's best move for the seats before it, 'actor' the
    acting seat's value, spread to the others. ``sampling`` is
    'uniform' or 'weighted' (one of ``candidates`` worlds, by how likely the
    others' passes are in it, ``epsilon`` for a pass holding a beat); ``solver``
    plays the exact endgame solver's proved win where the position is fully known
    (Gan Deng Yan); ``root`` is how the root spends its iterations and picks the
    move: 'gumbel' searches the
    ``considered`` highest-prior moves by sequential halving and plays the best by
    log prior + sigma(Q) (``c_scale``; ``gumbel_noise`` samples them instead),
    'puct' plays the most visited, 'auto' (the default) is the game's with an
    evaluator and 'puct' without; ``reuse`` keeps the tree between decisions (one thread);
    ``greedy_prior`` (Guandan, Gouji, no evaluator) searches by PUCT with the greedy
    policy as prior, which is what makes it beat the greedy policy there;
    ``others_greedy`` (with an evaluator) moves that share of the prior onto the
    greedy policy's move where another seat acts: the search's model of the others,
    who may not play as the network does; ``own_greedy`` the same where the
    searching seat acts (with ``root='puct'`` and 1/2, greedy_prior's search whose
    other half of the prior the network spreads). With an evaluator, what is left
    unset is the game's, the settings that played strongest with its shipped
    network: Gan Deng Yan ``value_weight=1`` and a Gumbel root; Guandan
    ``value_weight=0``, ``own_greedy=others_greedy=0.5`` and a PUCT root; Gouji
    ``value_weight=0`` and a Gumbel root (``ganzdy._core.ismcts``). With a
    seed and an iteration budget only, its moves are reproducible (for a given
    thread count). ``last_result`` keeps the last search's ``IsmctsResult`` (None
    after a forced move, which is played without searching).
    """

    def __init__(
        self,
        iterations: int | None = None,
        time_limit: float | None = None,
        threads: int = 1,
        c: float = 0.7,
        rollout: str = "greedy",
        reward: str = "auto",
        seed: int | None = None,
        evaluator: Evaluator | None = None,
        c_puct: float = 1.0,
        value_weight: float | None = None,
        sampling: str = "uniform",
        candidates: int = 4,
        epsilon: float = 0.1,
        solver: bool = True,
        reuse: bool = False,
        greedy_prior: bool = True,
        network: str | None = None,
        root: str = "auto",
        considered: int = 16,
        c_scale: float = 0.1,
        gumbel_noise: bool = False,
        prior_temperature: float | None = None,
        leaf_value: str = "own",
        others_greedy: float | None = None,
        own_greedy: float | None = None,
    ) -> None:
        for label, value in (("iterations", iterations), ("threads", threads)):
            if value is not None:
                _count("ismcts", label, value)
        if time_limit is not None and (
            isinstance(time_limit, bool)
            or not isinstance(time_limit, int | float)
            or not 0 < time_limit < math.inf
        ):
            raise AgentError(
                f"ismcts: time_limit={time_limit!r} must be a positive number of seconds"
            )
        if isinstance(c, bool) or not isinstance(c, int | float) or not 0 <= c < math.inf:
            raise AgentError(f"ismcts: c={c!r} must be a non-negative number")
        if rollout not in ("random", "greedy", "learned"):
            raise AgentError(f"ismcts: rollout={rollout!r} must be 'random', 'greedy' or 'learned'")
        if rollout == "learned" and evaluator is None:
            raise AgentError("ismcts: rollout='learned' needs an evaluator")
        if reward not in ("auto", *SEARCH_REWARDS):
            raise AgentError(
                f"ismcts: reward={reward!r} must be 'auto', 'win', 'points', 'mixed' or 'rank'"
            )
        _evaluator_arg("ismcts", evaluator, network)
        # 'learned' loads its network as the learned agent does (shipped for the game
        # being played, or the file `network`), and pickles as a setting.
        self._learned = LearnedAgent(path=network) if evaluator == "learned" else None
        if root not in ("auto", "puct", "gumbel"):
            raise AgentError(f"ismcts: root={root!r} must be 'auto', 'puct' or 'gumbel'")
        if leaf_value not in ("own", "actor"):
            raise AgentError(f"ismcts: leaf_value={leaf_value!r} must be 'own' or 'actor'")
        if isinstance(considered, bool) or not isinstance(considered, int) or considered < 2:
            raise AgentError(f"ismcts: considered={considered!r} must be an int of at least 2")
        for label, flag in (
            ("solver", solver),
            ("reuse", reuse),
            ("greedy_prior", greedy_prior),
            ("gumbel_noise", gumbel_noise),
        ):
            if not isinstance(flag, bool):
                raise AgentError(f"ismcts: {label}={flag!r} must be True or False")
        self.name = "ismcts"
        self.iterations = iterations
        self.time_limit = time_limit
        self.threads = threads
        self.c = float(c)
        self.rollout = rollout
        self.reward = reward
        self.evaluator = evaluator
        self.c_puct = _number("ismcts", "c_puct", c_puct, 0.0)
        self.value_weight = _share("ismcts", "value_weight", value_weight)
        self.leaf_value = leaf_value
        self.sampling = _sampling("ismcts", sampling)
        self.candidates = _count("ismcts", "candidates", candidates)
        self.epsilon = _number("ismcts", "epsilon", epsilon, 0.0, 1.0)
        self.solver = solver
        self.reuse = reuse
        self.greedy_prior = greedy_prior
        self.root = root
        self.considered = considered
        self.c_scale = _number("ismcts", "c_scale", c_scale, 0.0)
        self.gumbel_noise = gumbel_noise
        self.prior_temperature = _prior_temperature("ismcts", prior_temperature)
        self.others_greedy = _share("ismcts", "others_greedy", others_greedy)
        self.own_greedy = _share("ismcts", "own_greedy", own_greedy)
        self._random = random.Random(seed)
        self.last_result: IsmctsResult | None = None
        # Tree reuse: the searcher of the game being played, and the history it last saw.
        self._searcher: Any = None
        self._seen: list[tuple[int, Move]] = []

    def __getstate__(self) -> dict[str, Any]:
        # The agent pickles as its settings and random stream: the last result and
        # a kept tree are C++ objects of this process (a copy starts a fresh tree).
        state = dict(self.__dict__)
        state.update(last_result=None, _searcher=None, _seen=[])
        return state

    def _search(self, view: SeatView) -> Callable[..., IsmctsResult]:
        """ismcts, or with reuse the searcher's search from the public moves since its
        last decision (a new deal, another seat or another game starts afresh)."""
        info = view.information
        assert info is not None  # act() checked
        if not self.reuse:
            return functools.partial(ismcts, info)
        searcher_class = _SEARCHERS[type(info).__name__]
        if type(self._searcher) is not searcher_class:
            self._searcher = searcher_class()
            self._seen = []
        history = list(view.history)
        if history[: len(self._seen)] != self._seen or not self._seen:
            self._searcher.reset()
            since = history
        else:
            since = history[len(self._seen) :]
        self._seen = history
        return functools.partial(self._searcher.search, info, since)

    def _reward(self, evaluator: Evaluator | None) -> str:
        return _search_reward("ismcts", self.reward, evaluator)

    def act(self, view: SeatView) -> Move:
        self.last_result = None
        if len(view.legal_moves) == 1:
            return view.legal_moves[0]
        if view.information is None:
            raise AgentError(
                "ismcts: the view has no information set to search (build views with view_for)"
            )
        evaluator = self.evaluator if self._learned is None else self._learned.network(view.game)
        result = self._search(view)(
            iterations=self.iterations,
            time_limit=self.time_limit,
            c=self.c,
            rollout=self.rollout,
            reward=self._reward(evaluator),
            threads=self.threads,
            seed=self._random.getrandbits(64),
            evaluator=evaluator,
            c_puct=self.c_puct,
            value_weight=self.value_weight,
            leaf_value=self.leaf_value,
            sampling=self.sampling,
            candidates=self.candidates,
            epsilon=self.epsilon,
            solver=self.solver,
            greedy_prior=self.greedy_prior,
            root=self.root,
            considered=self.considered,
            c_scale=self.c_scale,
            gumbel_noise=self.gumbel_noise,
            prior_temperature=self.prior_temperature,
            others_greedy=self.others_greedy,
            own_greedy=self.own_greedy,
        )
        self.last_result = result
        move = view.legal_moves[result.index]
        if move != result.move:
            raise GanzdyError(f"ismcts chose {result.move}, which is not legal move {result.index}")
        return move


class PIMC:
    """Perfect-information Monte Carlo, in C++: ``worlds`` worlds sampled from
    ``view.information`` ('uniform' or 'weighted' ``sampling``), every legal move
    played in each and played out ``playouts`` times by ``rollout`` ('greedy' or
    'random'); it plays the move with the best mean ``reward``. The baseline that
    ISMCTS improves on: it assumes it will know every card after this move.

    With an ``evaluator`` ('learned' -- the learned agent's network, shipped or the
    file ``network`` names --, a ganzdy.Network, 'greedy' or a callable, as ISMCTS
    takes) it is rollout policy improvement of that network: only its ``top`` moves
    of highest prior are played (0: all), ``rollout='learned'`` plays each world
    out by the network's own choice for every seat, and the network's first move is
    kept unless another's mean over the same worlds is higher by more than
    ``margin``. ``reward`` 'auto' (the default) is the network's own (ISMCTS's rule).
    ``solver``: in Gan Deng Yan, play the exact solver's proved win where the
    position is fully known. ``last_result`` keeps the last decision's result (None
    after a forced move).
    """

    def __init__(
        self,
        worlds: int = 20,
        playouts: int = 1,
        rollout: str = "greedy",
        reward: str = "auto",
        sampling: str = "uniform",
        candidates: int = 4,
        epsilon: float = 0.1,
        seed: int | None = None,
        evaluator: Evaluator | None = None,
        network: str | None = None,
        top: int = 0,
        margin: float = 0.0,
        solver: bool = True,
        prior_temperature: float | None = None,
    ) -> None:
        if rollout not in ("random", "greedy", "learned"):
            raise AgentError(f"pimc: rollout={rollout!r} must be 'random', 'greedy' or 'learned'")
        if reward not in ("auto", *SEARCH_REWARDS):
            raise AgentError(
                f"pimc: reward={reward!r} must be 'auto', 'win', 'points', 'mixed' or 'rank'"
            )
        _evaluator_arg("pimc", evaluator, network)
        if rollout == "learned" and evaluator is None:
            raise AgentError("pimc: rollout='learned' needs an evaluator")
        if isinstance(top, bool) or not isinstance(top, int) or top < 0:
            raise AgentError(f"pimc: top={top!r} must be a non-negative int")
        if top and evaluator is None:
            raise AgentError(f"pimc: top={top!r} needs an evaluator (its prior ranks the moves)")
        if not isinstance(solver, bool):
            raise AgentError(f"pimc: solver={solver!r} must be True or False")
        self.name = "pimc"
        self.worlds = _count("pimc", "worlds", worlds)
        self.playouts = _count("pimc", "playouts", playouts)
        self.rollout = rollout
        self.reward = reward
        self.sampling = _sampling("pimc", sampling)
        self.candidates = _count("pimc", "candidates", candidates)
        self.epsilon = _number("pimc", "epsilon", epsilon, 0.0, 1.0)
        self.evaluator = evaluator
        self.top = top
        self.margin = _number("pimc", "margin", margin, 0.0)
        self.solver = solver
        self.prior_temperature = _prior_temperature("pimc", prior_temperature)
        # 'learned' loads its network as the learned agent does, and pickles as a setting.
        self._learned = LearnedAgent(path=network) if evaluator == "learned" else None
        self._random = random.Random(seed)
        self.last_result: IsmctsResult | None = None

    def __getstate__(self) -> dict[str, Any]:
        # The last result is a C++ object of this process: the settings pickle.
        return {**self.__dict__, "last_result": None}

    def act(self, view: SeatView) -> Move:
        self.last_result = None
        if len(view.legal_moves) == 1:
            return view.legal_moves[0]
        if view.information is None:
            raise AgentError(
                "pimc: the view has no information set to search (build views with view_for)"
            )
        evaluator = self.evaluator if self._learned is None else self._learned.network(view.game)
        result = pimc(
            view.information,
            worlds=self.worlds,
            playouts=self.playouts,
            rollout=self.rollout,
            reward=_search_reward("pimc", self.reward, evaluator),
            sampling=self.sampling,
            candidates=self.candidates,
            epsilon=self.epsilon,
            seed=self._random.getrandbits(64),
            evaluator=evaluator,
            top=self.top,
            margin=self.margin,
            solver=self.solver,
            prior_temperature=self.prior_temperature,
        )
        self.last_result = result
        move = view.legal_moves[result.index]
        if move != result.move:
            raise GanzdyError(f"pimc chose {result.move}, which is not legal move {result.index}")
        return move


# The trained networks shipped in the wheel, one a game: models/<game>.gznn.
MODELS = Path(__file__).parent / "models"


class LearnedAgent:
    """Plays by a learned network (``ganzdy.Network``, docs/learned.md): it scores each
    legal move from the seat's observation (``view.observation``, ``view.move_vectors``)
    and plays the best-scored one, the first in legal order on a tie; with a
    ``temperature`` above 0 it samples a move with probability softmax(score /
    temperature) instead, from its own seeded random stream.

    ``path`` is a network file (ganzdy.network's format); without one, the network
    shipped with ganzdy for the deal's game (``MODELS/<game>.gznn``) is loaded when the
    agent first plays that game, or at once when ``game`` names it. A network made for
    another game, seat count or observation raises ``NetworkFileError``. The agent
    pickles as its settings and reloads its network where it is unpickled (another
    process, a Ray worker).
    """

    def __init__(
        self,
        path: str | None = None,
        temperature: float = 0.0,
        seed: int | None = None,
        game: str | None = None,
    ) -> None:
        if path is not None and not isinstance(path, str | Path):
            raise AgentError(f"learned: path={path!r} must be a file name")
        if (
            isinstance(temperature, bool)
            or not isinstance(temperature, int | float)
            or not 0 <= temperature < math.inf
        ):
            raise AgentError(f"learned: temperature={temperature!r} must be a number >= 0")
        if game is not None and game not in GAMES:
            raise AgentError(f"learned: game={game!r} is none of {', '.join(GAMES)}")
        self.name = "learned"
        self.path = None if path is None else str(path)
        self.temperature = float(temperature)
        self.seed = seed
        self._random = random.Random(seed)
        self._networks: dict[str, Network] = {}
        if self.path is not None:
            self._networks[""] = self._load(self.path)
        elif game is not None:
            self._networks[game] = self._load(str(self.model_path(game)))

    @staticmethod
    def model_path(game: str) -> Path:
        """Where the network shipped for ``game`` lives (it may not exist)."""
        return MODELS / f"{game}.gznn"

    @staticmethod
    def _load(path: str) -> Network:
        try:
            return Network.load(path)
        except GanzdyError as error:
            raise AgentError(f"learned: {error}") from error

    def network(self, game: str) -> Network:
        """The network the agent plays ``game`` with (loaded on first use)."""
        if self.path is not None:
            return self._networks[""]
        if game not in self._networks:
            path = self.model_path(game)
            if not path.is_file():
                raise AgentError(
                    f"learned: no model is shipped for {game} in this ganzdy (no {path}); "
                    f"train one with `ganzdy train --game {game}` and play it with "
                    f"learned:path=FILE"
                )
            self._networks[game] = self._load(str(path))
        return self._networks[game]

    def scores(self, view: SeatView) -> npt.NDArray[np.float32]:
        """The network's score of each of ``view.legal_moves``."""
        observation, vectors = view.observation, view.move_vectors
        if observation is None or vectors is None:
            raise AgentError("learned: the view carries no observation (build views with view_for)")
        network = self.network(view.game)
        network.check_fits(view.rules)
        return network.score_vectors(observation, vectors)

    def act(self, view: SeatView) -> Move:
        moves = view.legal_moves
        if len(moves) == 1:
            self.network(view.game)  # a missing model says so at the first move, forced or not
            return moves[0]
        scores = self.scores(view)
        if self.temperature == 0:
            return moves[int(np.argmax(scores))]
        weights = np.exp((scores - scores.max()) / self.temperature)
        return moves[self._random.choices(range(len(moves)), weights=weights.tolist())[0]]

    def __getstate__(self) -> dict[str, Any]:
        # A compiled network does not pickle: the settings do, and reload it.
        state = dict(self.__dict__)
        state["_networks"] = {}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        if self.path is not None:
            self._networks[""] = self._load(self.path)


# -- reading a move a person typed --------------------------------------------------


def _faces(cards: Cards, jokers_alike: bool) -> list[str]:
    # Suits never matter in Gan Deng Yan, so a card counts by its rank; jokers count
    # alike unless their colours matter (a small-plus-big king bomb).
    return sorted(
        ("joker" if jokers_alike else card) if card in ("BJ", "RJ") else card[0] for card in cards
    )


# What each phase before play asks of a Guandan or Gouji seat, in English with the
# games' own word once, the same words the tables print.
PHASE_NAMES = {
    "tribute": "tribute (进贡)",
    "pick": "picking a tribute card",
    "return": "returning a card (还贡)",
    "buy": "buying 3s (买三)",
    "revolt": "revolution (革命)",
    "yaotou": "asking for a head (要头)",
    "xuandian": "declaring points (宣点)",
    "play": "play",
}
_CHOICE = {
    "tribute": "pay a tribute card (your highest, the wild hearts aside)",
    "pick": "pick one of the two tribute cards",
    "return": "give a card back to the player who paid you",
    "buy": "pay a 2 or a joker for a 3",
    "revolt": "revolt (sit the hand out as 四科) or pass",
    "yaotou": "ask for a head (stay your 对家's head) or go headless (无头)",
    "xuandian": "declare points or pass",
}
# Gouji's moves that hold no cards, as a person reads them; the word typed is the kind.
MOVE_WORDS = {
    "yield": "yield (让牌: let the seats after you answer first)",
    "revolt": "revolt (革命)",
    "yaotou": "ask for a head (要头)",
    "wutou": "go headless (无头)",
    "xuandian": "declare points (宣点)",
}
# A word typed alone that is no card: ranks-only input ('5 6 7 8 9', '33', 'K K').
_RANK_WORD = re.compile(r"(?:10|[2-9tjqka])+|bj|rj", re.IGNORECASE)
_RANK_CHAR = re.compile(r"10|[2-9tjqka]", re.IGNORECASE)


def _typed_ranks(answer: str) -> list[str] | None:
    """The ranks of rank-only input ('5 6 7 8 9', '33', 'K K', '5 BJ'), or None when the
    text names suits or anything else."""
    words = answer.split()
    if not words or not all(_RANK_WORD.fullmatch(word) for word in words):
        return None
    ranks: list[str] = []
    for word in words:
        if word.upper() in ("BJ", "RJ"):
            ranks.append(word.upper())
            continue
        ranks += ["T" if r == "10" else r.upper() for r in _RANK_CHAR.findall(word)]
    return sorted(ranks)


def _refusal(view: SeatView, move: Move) -> str | None:
    """The engine's reason ``move`` is not legal for the view's seat, from the deal when
    the view reads one (it knows the phase and the seat's role), else from the rules."""
    deal = view._deal
    if deal is not None and deal.current_player == view.seat:
        reason: str | None = deal.why_illegal(move)
        return reason
    try:
        return view.rules.why_illegal(view.hand, move, view.table)
    except GanzdyError as error:
        return str(error)


def find_move(view: SeatView, text: str) -> Move:
    """The legal move a person means by ``text``: a choice's number in the grouped menu
    (``ganzdy.display.groups``: the suit variants of one play are one choice, the engine
    picks the variant), 'pass', a word such as 'yield', ranks alone where one play has
    them ('5 6 7 8 9', 'K K', '3 3'; digits alone are a choice's number, and two or more
    of them, past the menu's length, are ranks: '33' is a pair of 3s in a shorter menu),
    or card text.

    Card text follows ``Deal.parse_move``: the cards alone when they have one legal
    reading, or '<cards> as <kind> <rank>'. Suits never matter in Gan Deng Yan, so
    '5s' also selects the listed '5h as single 5' when the hand holds both; in Guandan
    they do (straight flushes, the wild heart), and a tribute, pick or return choice
    is its one card ('As'). Raises ParseError, IllegalMoveError or AmbiguousMoveError
    with a message for the person, the engine's reason when a play is refused.
    """
    legal = view.legal_moves
    answer = " ".join(text.split())
    if not answer:
        raise ParseError("type a move number, card text such as '8h 8d', or 'pass'")
    groups = view.move_groups
    if answer.isdigit():
        number = int(answer)
        if 1 <= number <= len(groups):
            return groups[number - 1].move
        # Past the menu, two digits or more may be ranks ('33' for a pair of 3s); with
        # spaces they always are ('3 3'). One digit is always a choice's number.
        ranks = _typed_ranks(answer) if len(answer) > 1 else None
        if ranks is not None and any(
            move.cards and ranks_of(move.cards) == ranks for move in legal
        ):
            return _by_ranks(view, groups, answer, ranks)
        raise ParseError(f"there is no move {number}: choose 1 to {len(groups)}")
    lowered = answer.lower()
    choices = ", ".join(str(m.cards) if m.cards else str(m) for m in legal)
    if lowered in ("pass", "p"):
        passes = [m for m in legal if m.is_pass]
        if passes:
            return passes[0]
        if view.phase != "play":
            raise IllegalMoveError(f"you must {_CHOICE[view.phase]}: one of {choices}")
        raise IllegalMoveError("you lead: the leader may not pass")
    for move in legal:
        if str(move).lower() == lowered or (not move.cards and move.kind == lowered):
            return move
    if lowered in MOVE_WORDS:
        why = _refusal(view, Move(lowered))
        raise IllegalMoveError(f"you may not {lowered} now" + (f": {why}" if why else ""))
    ranks = _typed_ranks(answer)
    if ranks is not None:
        return _by_ranks(view, groups, answer, ranks)
    cards, declared_move = parse_move_text(answer)
    kind, rank = (declared_move.kind, declared_move.rank) if declared_move else (None, "")
    declaration = f"{kind} {rank}".strip()

    def declared(move: Move) -> bool:
        return (kind is None or move.kind == kind) and (not rank or move.rank == rank)

    matches = [m for m in legal if m.cards == cards and declared(m)]
    if not matches and view.phase != "play":
        raise IllegalMoveError(f"{cards}: you must {_CHOICE[view.phase]}: one of {choices}")
    if not matches and cards not in view.hand:
        raise IllegalMoveError(f"your hand {view.hand} does not hold {cards}")
    jokers_alike = _view_module(view.game).jokers_alike(view.rules)
    if not matches and jokers_alike is not None:
        faces = _faces(cards, jokers_alike)
        matches = [m for m in legal if _faces(m.cards, jokers_alike) == faces and declared(m)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        listed = "; ".join(str(m) for m in matches)
        raise AmbiguousMoveError(
            f"{cards} has {len(matches)} legal readings: {listed}; type its number or "
            f"name one with 'as', e.g. '{matches[-1]}'"
        )
    readings = view.rules.readings(cards)
    if not readings:
        raise IllegalMoveError(f"{cards} is no combination")
    if kind is not None and not any(declared(m) for m in readings):
        listed = "; ".join(str(m) for m in readings)
        raise IllegalMoveError(f"{cards} cannot be played as {declaration}: it reads {listed}")
    candidates = [m for m in readings if declared(m)]
    for candidate in candidates:
        why = _refusal(view, candidate)
        if why:
            raise IllegalMoveError(f"{candidate}: {why}")
    if view.table is None:
        raise IllegalMoveError(f"{cards} is no legal lead here")
    listed = " or ".join(str(m) for m in candidates)
    raise IllegalMoveError(f"{listed} does not beat {view.table}")


def _by_ranks(view: SeatView, groups: Sequence[MoveGroup], answer: str, ranks: list[str]) -> Move:
    """The play whose cards have exactly the typed ranks, the engine choosing the suits."""
    found: list[tuple[int, Move]] = []
    for number, group in enumerate(groups, 1):
        for move in group.moves:
            if move.cards and ranks_of(move.cards) == ranks:
                found.append((number, move))
                break
    if len(found) == 1:
        return found[0][1]
    if found:
        listed = "; ".join(f"{number}: {move}" for number, move in found)
        raise AmbiguousMoveError(f"{answer!r} is {len(found)} plays: {listed}; type its number")
    held = ranks_of(view.hand)
    missing = list(ranks)
    for rank in held:
        if rank in missing:
            missing.remove(rank)
    if missing:
        raise IllegalMoveError(
            f"your hand {view.hand} does not hold {' '.join(missing)} for {answer!r}"
        )
    raise IllegalMoveError(
        f"no legal play has the ranks {' '.join(ranks)}"
        + (f" here (the table is {view.table})" if view.table is not None else "")
        + "; type the cards with their suits to hear the engine's reason"
    )


class Undo(Exception):
    """The person asked to take back their last decision (the terminal game goes back)."""


_HELP = """\
  a number         play that choice (suit variants of one play are one choice)
  cards            e.g. '8h 8d', '红桃A 黑桃A', '4s 5s BJ as straight 3-6'
  ranks            e.g. '5 6 7 8 9', 'K K', '3 3' when one play has those ranks
  pass (p)         pass; a word such as yield, revolt, yaotou, wutou when offered
  hint (h)         what {hint} would play here
  undo (u)         back to your previous decision (the bots' moves since are undone)
  all              every choice, not only the first {shown}
  ? / show         show the table and your hand again
  help             this list
  q                leave the game"""


class HumanAgent:
    """A person at a terminal: shows the seat's view with its plays grouped, and asks for
    a move until it is legal.

    ``input`` and ``output`` default to the process's stdin/stdout, looked up at each
    turn so a test may swap them. End of input or Ctrl-C raises ``Quit``; 'undo' raises
    ``Undo`` when ``undo`` is on (the terminal game then goes back to the previous
    decision). ``hint`` is the agent spec asked for a hint ('greedy', 'ismcts:...');
    a forced pass is played without asking when ``auto_pass``. ``style`` writes the
    cards (``ganzdy.display.text.Style``; by default, what ``output`` supports).
    """

    # Past this many choices only the first ones are listed; 'all' lists every one.
    shown_moves = 40

    def __init__(
        self,
        input: TextIO | None = None,
        output: TextIO | None = None,
        show_moves: bool = True,
        hint: str = "greedy",
        undo: bool = False,
        auto_pass: bool = True,
        style: Style | None = None,
    ) -> None:
        self.name = "human"
        # Streams are duck-typed: whatever reads a line, whatever writes and flushes.
        if input is not None and not callable(getattr(input, "readline", None)):
            raise TypeError(f"input must be a text stream or None, not {_check.excerpt(input)}")
        if output is not None and not callable(getattr(output, "write", None)):
            raise TypeError(f"output must be a text stream or None, not {_check.excerpt(output)}")
        if not isinstance(hint, str):
            raise TypeError(
                f"hint must be an agent spec such as 'greedy', not {_check.excerpt(hint)}"
            )
        if style is not None and not isinstance(style, Style):
            raise TypeError(
                f"style must be a ganzdy.display.text.Style or None, not {_check.excerpt(style)}"
            )
        self._input = input
        self._output = output
        self._show_moves = _check.flag("show_moves", show_moves)
        self._undo = _check.flag("undo", undo)
        self._auto_pass = _check.flag("auto_pass", auto_pass)
        self.hint = hint
        self._style = style
        self._seen: dict[int, int] = {}  # seat -> plies already shown
        self._hints = 0

    def _out(self) -> TextIO:
        return self._output or sys.stdout

    def style(self) -> Style:
        return self._style if self._style is not None else Style.for_stream(self._out())

    def _write(self, text: str) -> None:
        out = self._out()
        out.write(text + "\n")
        out.flush()

    def _read(self, prompt: str) -> str:
        stream = self._input or sys.stdin
        try:
            if self._input is None:
                line = input(prompt)
            else:
                out = self._out()
                out.write(prompt)
                out.flush()
                line = self._input.readline()
                if not line:
                    raise EOFError
        except (EOFError, KeyboardInterrupt) as stop:
            raise Quit from stop
        isatty = getattr(stream, "isatty", None)
        if not (callable(isatty) and isatty()):
            # Scripted input is not echoed by a terminal: echo it, so a transcript reads
            # as the game was played.
            self._write(line.rstrip("\n"))
        return line

    def _show(self, view: SeatView, every_move: bool = False) -> None:
        style = self.style()
        seen = self._seen.get(view.seat, 0)
        if self._show_moves and view.ply > seen:
            for ply, (seat, move) in enumerate(view.history[seen:], seen + 1):
                self._write(f"  {ply:>4}. seat {seat}: {move}")
        self._seen[view.seat] = view.ply
        game = _view_module(view.game)
        for line in game.header(view):
            self._write(line)
        hand = list(view.hand)
        wild = wild_cards(view.rules, hand)
        if view.phase != "play":
            self._write(f"{PHASE_NAMES[view.phase]}: you must {_CHOICE[view.phase]}")
        elif view.table is None:
            self._write("table: empty, you lead")
        else:
            # Plain text would only repeat the move's cards; symbols and colour add to them.
            drawn = style.symbols or style.colour
            shown = f" [{style.cards(list(view.table.cards), wild)}]" if drawn else ""
            self._write(f"table: {view.table}{shown} (seat {view.table_owner})")
        counts = "  ".join(
            f"seat {s}{' (you)' if s == view.seat else ''}: {n}"
            + (" out" if s in view.out_seats else "")
            for s, n in enumerate(view.hand_sizes)
        )
        self._write(f"cards: {counts}{game.counts_note(view)}")
        marked = f"  (* wild: {' '.join(wild)})" if wild else ""
        self._write(f"your hand: {style.cards(hand, wild)}{marked}")
        groups = view.move_groups
        shown_groups = len(groups) if every_move else self.shown_moves
        for number, group in enumerate(groups[:shown_groups], 1):
            self._write(f"  {number:>4}  {self._describe(group, style, wild)}")
        if len(groups) > shown_groups:
            more = len(groups) - shown_groups
            self._write(f"   ...  {more} more: type the cards, or 'all' to list every choice")

    @staticmethod
    def _describe(group: MoveGroup, style: Style, wild: Sequence[str]) -> str:
        move = group.move
        if not move.cards:
            return MOVE_WORDS.get(move.kind, str(move))
        declared = f"{move.kind} {move.rank}".strip()
        extra = f"  ({len(group.moves)} ways)" if len(group.moves) > 1 else ""
        return f"{declared:<16} {style.cards(list(move.cards), wild)}{extra}"

    def _hint(self, view: SeatView) -> None:
        self._hints += 1
        agent = make_agent(self.hint, seed=self._hints)
        move = agent.act(view)
        groups = view.move_groups
        number = next(n for n, group in enumerate(groups, 1) if move in group.moves)
        said = MOVE_WORDS.get(move.kind, str(move))
        self._write(f"  hint ({self.hint}): {said}  (choice {number})")
        result = getattr(agent, "last_result", None)
        if isinstance(result, IsmctsResult):
            best = sorted(result.children, key=lambda c: -c.visits)[:5]
            self._write(f"  searched {result.iterations} iterations; most visited:")
            for child in best:
                self._write(f"    {child.visits:>6} visits  {child.move}")

    def act(self, view: SeatView) -> Move:
        legal = view.legal_moves
        if self._auto_pass and len(legal) == 1 and legal[0].is_pass:
            # Nothing to decide: say so rather than ask.
            self._write("  you pass (the only legal move)")
            return legal[0]
        self._show(view)
        prompt = "your move (number, cards, ranks, pass; hint, undo, help, q): "
        while True:
            answer = self._read(prompt)
            word = answer.strip().lower()
            if word in ("q", "quit", "exit"):
                raise Quit
            if word in ("?", "show", "all"):
                self._show(view, every_move=word == "all")
                continue
            if word == "help":
                self._write(_HELP.format(hint=self.hint, shown=self.shown_moves))
                continue
            if word in ("hint", "h"):
                try:
                    self._hint(view)
                except GanzdyError as error:
                    self._write(f"  no hint: {error}")
                continue
            if word in ("undo", "u"):
                if self._undo:
                    raise Undo
                self._write("  undo is not available here")
                continue
            try:
                move = find_move(view, answer)
            except GanzdyError as error:
                self._write(f"  {error}; try again")
                continue
            typed = " ".join(answer.lower().split())
            if not typed.isdigit() and typed not in ("pass", str(move).lower()):
                # The person typed other suits or a shorthand: say which move it became.
                self._write(f"  playing {move}")
            return move


# -- agents by name ------------------------------------------------------------------

AgentFactory = Callable[..., Agent]


@dataclass(frozen=True)
class _Registered:
    factory: AgentFactory
    summary: str


_REGISTRY: dict[str, _Registered] = {}


def register_agent(name: str, factory: AgentFactory, summary: str = "") -> None:
    """Make ``make_agent(name + ':key=value...')`` build agents with ``factory(**params)``."""
    if not name or not name.replace("_", "").isalnum():
        raise AgentError(f"agent name {name!r} must be a word (letters, digits, _)")
    _REGISTRY[name] = _Registered(factory, summary)


def known_agents() -> dict[str, str]:
    """Registered agent names with their one-line summaries."""
    return {name: entry.summary for name, entry in sorted(_REGISTRY.items())}


def _parameters(factory: AgentFactory) -> list[str]:
    return [
        p.name
        for p in inspect.signature(factory).parameters.values()
        if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    ]


def _parse_value(text: str) -> object:
    value = parse_option_value(text)
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return value
    return value


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """Build an agent from text: 'greedy', 'random', 'random:seed=3', 'name:key=value:key=value'.

    ``seed`` seeds an agent that takes a seed when the spec gives none, so a run with
    a seed is reproducible.
    """
    _check.instance("spec", spec, str, "an agent spec string such as 'random:seed=3'")
    name, *items = spec.strip().split(":")
    name = name.strip().lower()
    if name not in _REGISTRY:
        listed = ", ".join(known_agents())
        raise AgentError(f"unknown agent {spec!r}: known agents are {listed}")
    entry = _REGISTRY[name]
    allowed = _parameters(entry.factory)
    params: dict[str, object] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise AgentError(f"agent {spec!r}: parameter {item!r} is not key=value")
        if key not in allowed:
            takes = ", ".join(allowed) if allowed else "no parameters"
            raise AgentError(f"agent {spec!r}: unknown parameter {key!r}; {name} takes {takes}")
        params[key] = _parse_value(value)
    seed = _check.optional_integral("seed", seed)
    if seed is not None and "seed" in allowed and "seed" not in params:
        params["seed"] = seed
    try:
        agent = entry.factory(**params)
    except (TypeError, ValueError) as error:
        raise AgentError(f"agent {spec!r}: {error}") from error
    return agent


register_agent("random", RandomAgent, "uniform over the legal moves (seed=N)")
register_agent("greedy", GreedyAgent, "the built-in greedy policy")
register_agent("human", HumanAgent, "you, at the terminal")
register_agent(
    "learned",
    LearnedAgent,
    "the trained network shipped for the game (path=FILE: your own; temperature=X samples "
    "softmax(score/X); seed=N; game=G loads it at once)",
)
register_agent(
    "ismcts",
    ISMCTS,
    "information-set MCTS in C++ (iterations=N, time_limit=S, c=X, rollout=random|greedy|learned, "
    "reward=auto|win|points|mixed|rank, threads=N, seed=N, evaluator=greedy|learned, "
    "network=FILE, c_puct=X, value_weight=X, leaf_value=own|actor, prior_temperature=X, "
    "sampling=uniform|weighted, candidates=N, epsilon=X, solver=true|false, reuse=true|false, "
    "greedy_prior=true|false, root=auto|puct|gumbel, considered=N, c_scale=X, "
    "gumbel_noise=true|false, others_greedy=X, own_greedy=X)",
)
register_agent(
    "pimc",
    PIMC,
    "perfect-information Monte Carlo in C++ (worlds=N, playouts=N, "
    "rollout=random|greedy|learned, reward=auto|win|points|mixed|rank, "
    "sampling=uniform|weighted, candidates=N, epsilon=X, seed=N, evaluator=learned|greedy, "
    "network=FILE, top=N, margin=X, solver=true|false, prior_temperature=X)",
)
