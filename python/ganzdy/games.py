"""The games ganzdy plays, and what each adds to the one engine contract.

This is the one place the Python library knows the games: generic code (records,
matches, the arena, agents' views, the command line) looks a game up here by its
name (``game_of(rules)``) instead of branching on ``rules.game`` or on the deal's
class. Adding a game means adding its entry to ``_GAMES`` and its subpackage
(``ganzdy.<name>``, whose ``match`` module holds what happens between its deals).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ganzdy import _core
from ganzdy._check import excerpt
from ganzdy._core import (
    GAN_DENG_YAN_OBSERVATION_VERSION,
    GOUJI_OBSERVATION_VERSION,
    GUANDAN_OBSERVATION_VERSION,
    GanDengYanDeal,
    GanDengYanInformationSet,
    GanDengYanOutcome,
    GanzdyError,
    GoujiDeal,
    GoujiInformationSet,
    GoujiOutcome,
    GuandanDeal,
    GuandanInformationSet,
    GuandanOutcome,
    Rules,
)

if TYPE_CHECKING:
    from ganzdy.deal import Deal

# A record field a game adds: the JSON types it may hold, and how an error names them.
FieldKind = tuple[tuple[type, ...], str]


@dataclass(frozen=True)
class Game:
    """One game as the library sees it.

    ``deal``, ``outcome``, ``information_set`` and ``vector_env`` are its engine classes
    (``vector_env`` steps many deals in one C++ call: ``ganzdy.env.VectorEnv``);
    ``move_ids`` says whether its moves have ids in a fixed space (``rules.move_id``,
    ``deal.legal_ids``), which is what its Gymnasium and PettingZoo environments and its
    OpenSpiel actions are made of, or are card level (an action is then the index of a
    legal move, described by its features); ``player_counts`` is the least and the most
    players it is played by; ``derived_options`` are the options whose default depends
    on other values (the player count, another option); ``teams`` is
    how many seats a team holds (0: everyone for themselves), so an arena entrant plays
    every ``players // teams``-th seat; ``record_fields`` are the record fields that say
    how its deal was set up beyond the seed or deck (each passed to the deal's
    constructor by its name; ``required`` ones may not be null); ``outcome_fields`` are
    the outcome's members a record keeps. ``subpackage`` is ``ganzdy.<name>``, whose
    ``match`` module provides the game's match class (``MATCH``) and how an arena deals
    and scores one of its hands (``arena_deal``, ``arena_score``).
    """

    name: str
    title: str
    deal: type[Any]
    outcome: type[Any]
    information_set: type[Any]
    vector_env: type[Any]
    move_ids: bool
    player_counts: tuple[int, int]
    observation_version: int
    teams: int
    record_fields: Mapping[str, FieldKind]
    outcome_fields: tuple[str, ...]
    required: frozenset[str] = frozenset()
    derived_options: frozenset[str] = frozenset()

    @property
    def match_module(self) -> ModuleType:
        """``ganzdy.<name>.match``, imported on first use (it imports the agents)."""
        return importlib.import_module(f"ganzdy.{self.name}.match")

    @property
    def match(self) -> type[Any]:
        """The game's match class: ``GanDengYanMatch``, ``GuandanMatch`` or ``GoujiMatch``."""
        cls: type[Any] = self.match_module.MATCH
        return cls

    @property
    def env_id(self) -> str:
        """Its Gymnasium id, ``ganzdy/<Title>-v0`` (``ganzdy.env.gymnasium`` registers it)."""
        return f"ganzdy/{self.title.replace(' ', '')}-v0"

    @property
    def openspiel_name(self) -> str:
        """Its pyspiel game name, ``python_<name>`` (``ganzdy.env.openspiel`` registers it)."""
        return f"python_{self.name}"

    @property
    def point_bounds(self) -> Callable[[Rules], tuple[float, float]]:
        """``point_bounds(rules)``: the least and the most points one seat can get in one
        deal of ``rules`` (``ganzdy.<name>.bounds``; OpenSpiel's utility bounds)."""
        bounds: Callable[[Rules], tuple[float, float]] = importlib.import_module(
            f"ganzdy.{self.name}.bounds"
        ).point_bounds
        return bounds

    def observation_size(self, rules: Rules) -> int:
        """The length of a seat's observation vector in a deal of ``rules``."""
        return self.require(rules, "observation").observation_shape[0]

    def require(self, rules: object, what: str) -> Rules:
        """``rules`` if they are this game's ``Rules``; otherwise the one error every
        per-game entry point raises, e.g. ``a Gouji match needs Gouji rules, not guandan
        v1, 4 players (a Guandan match is ganzdy.GuandanMatch)``: ``what`` names the
        thing being made, and when it is a class of the registry (``deal``, ``match``)
        the message names the other game's."""
        if not isinstance(rules, Rules):
            raise GanzdyError(
                f"a {self.title} {what} needs {self.title} rules, not "
                f"{type(rules).__name__} {rules!r}"
            )
        if rules.game != self.name:
            other = game_of(rules)
            theirs = getattr(other, what, None)
            hint = (
                f"a {other.title} {what} is ganzdy.{theirs.__name__}"
                if isinstance(theirs, type)
                else f"those are {other.title}'s"
            )
            raise GanzdyError(
                f"a {self.title} {what} needs {self.title} rules, not {rules} ({hint})"
            )
        return rules

    def new_deal(
        self,
        rules: Rules,
        seed: int | None = None,
        dealer: int = 0,
        *,
        deck: Sequence[str] | None = None,
        **setup: Any,
    ) -> Deal:
        """``rules.new_deal``: a deal of this game from ``seed`` or ``deck``, dealt by
        ``dealer``, with the setup fields of ``record_fields`` (None: not given)."""
        self.require(rules, "deal")
        given = {name: value for name, value in setup.items() if value is not None}
        if deck is not None:
            given["deck"] = deck
        deal: Deal = rules.new_deal(seed, dealer, **given)
        return deal

    def team_of(self, seat: int) -> int:
        """The team of ``seat`` in a team game (teams alternate around the table)."""
        if not self.teams:
            raise GanzdyError(f"{self.title} is not played in teams")
        return seat % 2


_GAMES = (
    Game(
        name="gan_deng_yan",
        title="Gan Deng Yan",
        deal=GanDengYanDeal,
        outcome=GanDengYanOutcome,
        information_set=GanDengYanInformationSet,
        vector_env=_core.GanDengYanVectorEnv,
        move_ids=True,
        player_counts=(2, 6),
        observation_version=GAN_DENG_YAN_OBSERVATION_VERSION,
        teams=0,
        record_fields={"dealer": ((int,), "a seat number")},
        required=frozenset({"dealer"}),
        derived_options=frozenset({"packs", "bomb_min_size"}),
        outcome_fields=("over", "drawn", "winner", "finish_order", "points"),
    ),
    Game(
        name="guandan",
        title="Guandan",
        deal=GuandanDeal,
        outcome=GuandanOutcome,
        information_set=GuandanInformationSet,
        vector_env=_core.GuandanVectorEnv,
        move_ids=False,
        player_counts=(4, 4),
        observation_version=GUANDAN_OBSERVATION_VERSION,
        teams=2,
        record_fields={
            "dealer": ((int,), "a seat number or null"),
            "previous_finish": ((list,), "a list of seats or null"),
            "first_leader": ((int,), "a seat or null"),
            "turned_position": ((int,), "a deck index or null"),
            "team_levels": ((list,), "two level ranks or null"),
        },
        outcome_fields=("over", "finish_order", "winning_team", "result", "upgrade", "points"),
    ),
    Game(
        name="gouji",
        title="Gouji",
        deal=GoujiDeal,
        outcome=GoujiOutcome,
        information_set=GoujiInformationSet,
        vector_env=_core.GoujiVectorEnv,
        move_ids=False,
        player_counts=(6, 6),
        observation_version=GOUJI_OBSERVATION_VERSION,
        teams=2,
        record_fields={
            "dealer": ((int,), "a seat number or null"),
            "previous": ((dict,), "a previous hand's result or null"),
            "first_leader": ((int,), "a seat or null"),
            # A sampled world's: its deck alone would break 上班 ties another way.
            "tie_order": ((list,), "a list of the six seats or null"),
        },
        outcome_fields=(
            "over",
            "void_hand",
            "finish_order",
            "places",
            "points",
            "team_points",
            "winning_team",
            "sweep_team",
            "result",
        ),
    ),
)

#: The games' names, in the order the documentation lists them.
GAMES: tuple[str, ...] = tuple(g.name for g in _GAMES)

#: The game meant when none is named: the command line's ``--game`` and the move-id
#: environments built from rule options alone.
DEFAULT_GAME: str = GAMES[0]

_BY_NAME = {g.name: g for g in _GAMES}
_BY_DEAL: dict[type[Any], Game] = {g.deal: g for g in _GAMES}


def game_of(what: str | Rules | Deal) -> Game:
    """The game named by ``what``: a game name, a ``Rules`` or a deal."""
    by_class = _BY_DEAL.get(type(what))
    if by_class is not None:
        # Cheaper than reading deal.rules, which builds a Rules object on each read.
        return by_class
    name = what if isinstance(what, str) else what.game if isinstance(what, Rules) else None
    if name is None:
        rules = getattr(what, "rules", None)
        if not isinstance(rules, Rules):
            raise TypeError(
                f"what must be a game name, Rules or deal, not {type(what).__name__} "
                f"{excerpt(what)}"
            )
        name = rules.game
    game = _BY_NAME.get(name)
    if game is None and not name.isascii():
        # The engine reads the games' Chinese names (掼蛋); it says which game is meant.
        try:
            game = _BY_NAME.get(Rules(name).game)
        except GanzdyError:
            game = None
    if game is None:
        raise GanzdyError(f"unknown game {excerpt(name)}: the games are {', '.join(GAMES)}")
    return game


__all__ = ["DEFAULT_GAME", "GAMES", "Game", "game_of"]
