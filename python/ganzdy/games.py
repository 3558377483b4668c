"""The games ganzdy plays, and what each adds to the one engine contract.

This is the one place the Python library knows the games: generic code (records,
matches, the arena, agents' views, the command line) looks a game up here by its
name (``game_of(rules)``) instead of branching on ``rules.game`` or on the deal's
class. Adding a game means adding its entry to ``_GAMES`` and its subpackage
(``ganzdy.<name>``, whose ``match`` module holds what happens between its deals).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

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

    ``deal``, ``outcome`` and ``information_set`` are its engine classes; ``teams`` is
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
    observation_version: int
    teams: int
    record_fields: Mapping[str, FieldKind]
    outcome_fields: tuple[str, ...]
    required: frozenset[str] = frozenset()

    @property
    def match_module(self) -> ModuleType:
        """``ganzdy.<name>.match``, imported on first use (it imports the agents)."""
        return importlib.import_module(f"ganzdy.{self.name}.match")

    @property
    def match(self) -> type[Any]:
        """The game's match class: ``GanDengYanMatch``, ``GuandanMatch`` or ``GoujiMatch``."""
        cls: type[Any] = self.match_module.MATCH
        return cls

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
        if rules.game != self.name:
            raise GanzdyError(f"{rules} are not {self.title} rules")
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
        observation_version=GAN_DENG_YAN_OBSERVATION_VERSION,
        teams=0,
        record_fields={"dealer": ((int,), "a seat number")},
        required=frozenset({"dealer"}),
        outcome_fields=("over", "drawn", "winner", "finish_order", "points"),
    ),
    Game(
        name="guandan",
        title="Guandan",
        deal=GuandanDeal,
        outcome=GuandanOutcome,
        information_set=GuandanInformationSet,
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
            raise GanzdyError(f"{what!r} is no game name, Rules or deal")
        name = rules.game
    game = _BY_NAME.get(name)
    if game is None:
        raise GanzdyError(f"unknown game {name!r}: the games are {', '.join(GAMES)}")
    return game


__all__ = ["GAMES", "Game", "game_of"]
