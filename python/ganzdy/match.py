"""Play between deals: driving a deal with agents, matches, and the arena.

A deal is the engine's (``Rules.new_deal``); what happens between deals is here:
who deals next (the previous winner, or rotation, per the ``next_dealer`` option),
re-dealing a drawn deal, cumulative points, and seeds. Every seed of a match or an
arena is derived from its one seed, so a run is reproducible from that number.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import math
import os
import random
import statistics
import sys
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import numpy as np

from ganzdy import _check
from ganzdy._core import GanzdyError, IllegalMoveError, Move, Rules, deal_seed
from ganzdy.agents import Agent, AgentError, Quit, SeatView, agent_name, make_agent
from ganzdy.deal import Deal
from ganzdy.games import Game, game_of
from ganzdy.parallel import (
    Ran,
    check_workers,
    local_cores,
    run_in_process,
    run_processes,
    run_ray,
)
from ganzdy.ratings import BOOTSTRAP_SAMPLES, Ratings, finish_ahead, rate, team_ahead
from ganzdy.records import from_record, to_record

_MASK = (1 << 64) - 1
# References to a view inside _kept when only drive's variable holds it besides.
_CALLER_REFERENCES = 3
_refcount: Callable[[object], int] | None = getattr(sys, "getrefcount", None)

# Called after each move a driver pushes: the deal (already moved on), the seat
# that moved, and its move.
MoveObserver = Callable[[Deal, int, Move], None]
D = TypeVar("D", bound=Deal)


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def derive_seed(seed: int, *keys: int) -> int:
    """A 64-bit seed for the sub-stream ``keys`` of ``seed`` (SplitMix64 chained).

    Used for what is not a deal's shuffle: agents' seeds and a match's first dealer.
    Deal k of a match or an arena is shuffled from ``ganzdy._core.deal_seed(seed, k)``,
    as deal k of a C++ ``playouts`` batch is, so deal seeds do not depend on the agents
    or on how many moves earlier deals took.
    """
    x = _splitmix64(seed & _MASK)
    for key in keys:
        x = _splitmix64(x ^ (key & _MASK))
    return x


def _fresh_seed() -> int:
    return random.SystemRandom().getrandbits(64)


def _kept(view: SeatView) -> bool:
    """Whether anything but the caller holds ``view`` (an agent kept it). Without
    reference counts (other Pythons than CPython) every view counts as kept."""
    # The caller's variable and this function's argument hold it.
    return _refcount is None or _refcount(view) > _CALLER_REFERENCES


def drive(deal: D, agents: Sequence[Agent], *, on_move: MoveObserver | None = None) -> D:
    """Play a deal of any game to its end, agent i at seat i; returns the deal.

    An agent's move goes through the checked ``push``, so an illegal move raises
    IllegalMoveError naming the agent and its seat.
    """
    if len(agents) != deal.players:
        raise GanzdyError(f"{len(agents)} agents for {deal.players} seats ({deal.rules})")
    # Kept here rather than read from deal.history, which rebuilds every move each time.
    history: list[tuple[int, Move]] = []
    while True:
        seat = deal.current_player
        if seat is None:
            return deal
        agent = agents[seat]
        view = SeatView.of(deal, seat, history)
        move = agent.act(view)
        if _kept(view):
            # The agent kept its view: read what it holds before the deal moves on.
            view.settle()
        if not isinstance(move, Move):
            raise IllegalMoveError(
                f"agent {agent_name(agent)!r} at seat {seat} returned {move!r}, not a Move"
            )
        try:
            deal.push(move)
        except IllegalMoveError as error:
            raise IllegalMoveError(
                f"agent {agent_name(agent)!r} at seat {seat} played an illegal move: {error}"
            ) from error
        history.append((seat, move))
        if on_move is not None:
            on_move(deal, seat, move)


def play_deal(
    rules: Rules,
    agents: Sequence[AgentLike],
    seed: int | None = None,
    dealer: int = 0,
    *,
    on_move: MoveObserver | None = None,
) -> Deal:
    """Play one deal of any game to its end, agent i at seat i; returns the finished deal.

    The deal is ``rules.new_deal(seed=seed, dealer=dealer)`` (in Guandan and Gouji the
    first hand of a match: no tribute). ``agents`` are Agent objects or ``make_agent``
    specs ('greedy', 'random:seed=3'); a spec's agent is seeded from ``seed`` and its
    seat. An agent's move goes through the checked ``push``, so an illegal move raises
    IllegalMoveError naming the agent and its seat.
    """
    _check.rules("rules", rules)
    agents = _check.agents("agents", agents)
    seed = _check.optional_integral("seed", seed)
    dealer = _check.integral("dealer", dealer)
    on_move = _check.callback("on_move", on_move)
    if len(agents) != rules.players:
        raise GanzdyError(f"{len(agents)} agents for {rules.players} seats ({rules})")
    deal = new_deal(rules, seed, dealer)
    return drive(deal, build_agents(agents, deal.seed), on_move=on_move)


def new_deal(rules: Rules, seed: int | None = None, dealer: int = 0) -> Deal:
    """A deal of any game, dealt by ``dealer`` (the seat dealt the deck's first card):
    ``rules.new_deal(seed, dealer)``, typed as a ``ganzdy.Deal``."""
    _check.rules("rules", rules)
    return game_of(rules).new_deal(rules, seed, dealer)


R = TypeVar("R")

# An agent, or a spec make_agent builds one from ('greedy', 'ismcts:iterations=50').
AgentLike = Agent | str


def build_agents(agents: Sequence[AgentLike], seed: int | None = None) -> tuple[Agent, ...]:
    """Agents from objects or specs; a spec's agent is seeded from ``seed`` and its seat
    (when it takes a seed and the spec gives none), so a seeded run is reproducible."""
    built = []
    for seat, agent in enumerate(agents):
        if isinstance(agent, str):
            agent = make_agent(agent, seed=None if seed is None else derive_seed(seed, 5, seat))
        built.append(agent)
    return tuple(built)


class Match(ABC, Generic[R]):
    """Deals in a row between the same agents, in any game: ``Match(rules, agents, ...)``
    is the match of ``rules``' game, a ``GanDengYanMatch``, ``GuandanMatch`` or
    ``GoujiMatch`` (each documents its further arguments and what it does between
    deals: the dealer passed on, Guandan's levels, Gouji's points and tribute).

    ``agents`` are Agent objects or specs for ``make_agent`` (one per seat); a spec's
    agent is seeded from the match seed. Every match has ``rules``, ``agents``,
    ``seed``, ``results`` (one per deal counted, of the game's result type),
    ``last_deal``, says when it is ``finished``, plays the next deal in ``play_next``
    and the rest in ``run``.
    """

    rules: Rules
    agents: tuple[Agent, ...]
    seed: int
    results: list[R]
    last_deal: Deal | None

    def __new__(cls, rules: Rules, *args: Any, **kwargs: Any) -> Match[Any]:
        if cls is Match:
            _check.rules("rules", rules)
            cls = game_of(rules).match
        match: Match[Any] = object.__new__(cls)
        return match

    def _start(
        self, rules: Rules, agents: Sequence[AgentLike], seed: int | None, on_move: Any
    ) -> None:
        """What every match's constructor does first: the seed, then the agents."""
        _check.rules("rules", rules)
        agents = _check.agents("agents", agents)
        seed = _check.optional_integral("seed", seed)
        if len(agents) != rules.players:
            raise GanzdyError(f"{len(agents)} agents for {rules.players} seats ({rules})")
        self.rules = rules
        self.seed = _fresh_seed() if seed is None else seed & _MASK
        self.agents = build_agents(agents, self.seed)
        self.on_move = _check.callback("on_move", on_move)
        self.results = []
        self.last_deal = None

    @property
    @abstractmethod
    def finished(self) -> bool: ...

    @abstractmethod
    def play_next(self) -> R: ...

    def __iter__(self) -> Iterator[R]:
        """Play the remaining deals, yielding each result as it is known."""
        while not self.finished:
            yield self.play_next()

    def run(self) -> list[R]:
        """Play the remaining deals; returns every deal's result."""
        for _ in self:
            pass
        return self.results


# -- the arena ---------------------------------------------------------------------


def _rate(wins: int, games: int) -> tuple[float, float]:
    """A win rate and the half-width of its 95% interval (normal approximation)."""
    if not games:
        return 0.0, math.inf
    p = wins / games
    return p, 1.96 * math.sqrt(p * (1 - p) / games)


def _finite(x: float) -> float | None:
    """JSON has no infinity or NaN: an interval that could not be computed is null."""
    return x if math.isfinite(x) else None


@dataclass(frozen=True)
class Standing:
    """One agent's figures over an arena run."""

    agent: str
    deals: int  # deals this agent played
    wins: int
    points: int  # total over the run
    points_mean: float  # per deal
    points_ci: float  # half-width of the 95% confidence interval of points_mean
    moves: int  # decisions made
    thinking: float  # seconds spent in act()
    rating: float = math.nan  # Bradley-Terry on the Elo scale (see ganzdy.ratings)
    rating_low: float = math.nan  # its 95% confidence interval
    rating_high: float = math.nan
    spec: str | None = None  # the spec it was built from; None for an Agent object

    @property
    def win_rate(self) -> float:
        return self.wins / self.deals if self.deals else 0.0

    @property
    def win_rate_ci(self) -> float:
        """Half-width of the 95% interval of the win rate (normal approximation)."""
        return _rate(self.wins, self.deals)[1]

    @property
    def ms_per_move(self) -> float:
        return 1000 * self.thinking / self.moves if self.moves else 0.0

    def to_json(self) -> dict[str, Any]:
        """Everything but the timing (see ArenaResult.to_json)."""
        return {
            "agent": self.agent,
            "spec": self.spec,
            "deals": self.deals,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_ci": _finite(self.win_rate_ci),
            "points": self.points,
            "points_per_deal": self.points_mean,
            "points_per_deal_ci": _finite(self.points_ci),
            "rating": _finite(self.rating),
            "rating_low": _finite(self.rating_low),
            "rating_high": _finite(self.rating_high),
            "moves": self.moves,
        }


@dataclass(frozen=True)
class Schedule:
    """Who sits where in each deal of an arena: a round robin over duplicate deals.

    The tables are every set of ``players`` agents out of the entrants (one table when
    there are as many entrants as seats), each listed in entrant order. Deck d (shuffled
    from ``deal_seed(seed, d)``, dealt by seat d mod players) is played at every table
    in turn, and at each table in every rotation of its agents when ``rotate``: deal k
    plays deck ``k // round`` at table ``(k // rotations) % tables`` rotated by
    ``k % rotations``, so that seat s holds the table's agent ``(s + turn) % players``.
    After a whole number of rounds every agent has met every other equally often and
    played every seat equally often, each with the same cards as the others.
    """

    players: int
    entrants: int
    tables: tuple[tuple[int, ...], ...]
    rotate: bool = True
    # Distinct rotations of a table: every seat (None), or 2 for Guandan's team tables
    # (a, b, a, b), which come back to themselves after two turns.
    turns: int | None = None

    @property
    def rotations(self) -> int:
        return (self.turns or self.players) if self.rotate else 1

    @property
    def round(self) -> int:
        """Deals per deck: every table in every rotation."""
        return self.rotations * len(self.tables)

    def deck(self, k: int) -> int:
        return k // self.round

    def dealer(self, k: int) -> int:
        return self.deck(k) % self.players

    def seating(self, k: int) -> tuple[int, ...]:
        """The entrant at each seat in deal k."""
        table = self.tables[(k // self.rotations) % len(self.tables)]
        turn = k % self.rotations
        return tuple(table[(s + turn) % self.players] for s in range(self.players))

    def balanced(self, deals: int) -> bool:
        """Whether ``deals`` is a whole number of rounds: every seat and meeting even."""
        return deals % self.round == 0

    def to_json(self, deals: int) -> dict[str, Any]:
        return {
            "players": self.players,
            "tables": [list(t) for t in self.tables],
            "rotate": self.rotate,
            "rotations": self.rotations,
            "deals_per_deck": self.round,
            "decks": -(-deals // self.round),
            "balanced": self.balanced(deals),
        }


def round_robin(entrants: int, players: int, rotate: bool = True) -> Schedule:
    """The arena's schedule for ``entrants`` agents at tables of ``players`` seats."""
    if entrants < players:
        raise GanzdyError(f"{entrants} agents for {players} seats: a table needs {players}")
    tables = tuple(itertools.combinations(range(entrants), players))
    return Schedule(players, entrants, tables, rotate)


def team_round_robin(entrants: int, players: int = 4, rotate: bool = True) -> Schedule:
    """The schedule of a team game (Guandan, 4 seats; Gouji, 6): every entrant is a team
    playing all its seats (every other one), and every pair of teams meets at a table
    (a, b, a, b, ...); rotated, the two teams swap sides, so each entrant plays every
    seat over a round."""
    if entrants < 2:
        raise GanzdyError(f"{entrants} agents: a team game needs two teams (two agents, or one)")
    tables = tuple((a, b) * (players // 2) for a, b in itertools.combinations(range(entrants), 2))
    return Schedule(players, entrants, tables, rotate, turns=2)


@dataclass(frozen=True)
class ArenaResult:
    rules: Rules
    seed: int
    deals: int
    drawn: int
    seconds: float  # playing, without the start-up of processes or Ray
    standings: tuple[Standing, ...]
    schedule: Schedule | None = None
    ratings: Ratings | None = None
    backend: str = "in-process"  # "in-process", "processes" or "ray"
    workers: int = 1  # processes, or the CPUs of the Ray cluster
    address: str | None = None  # the Ray cluster joined, None for a local instance
    digest: str = ""  # SHA-256 of every deal's seating, moves count and outcome
    wall_seconds: float = 0.0  # the whole run, start-up included
    # Guandan, Gouji: hands won by team 0 (seats 0 and 2; Gouji 0, 2 and 4) and by team 1,
    # whoever sat there (a drawn Gouji hand counts for neither).
    team_wins: tuple[int, int] | None = None
    # Interrupted (Ctrl-C, or a person at the table quit): the standings cover only the
    # ``played`` deals that finished of the ``deals`` asked for.
    partial: bool = False
    played: int | None = None  # deals that finished; None: all of ``deals``

    @property
    def deals_per_second(self) -> float:
        played = self.deals if self.played is None else self.played
        return played / self.seconds if self.seconds > 0 else math.inf

    @property
    def agents(self) -> tuple[str, ...]:
        return tuple(s.agent for s in self.standings)

    def _where(self) -> str:
        if self.backend == "ray":
            cluster = f"at {self.address}" if self.address else "local"
            return f"Ray ({cluster}, {self.workers} CPUs)"
        if self.backend == "processes":
            return f"{self.workers} processes"
        return "in-process"

    def table(self, head_to_head: bool = False) -> str:
        """The standings as a text table, best rating first; with ``head_to_head``, then
        every pair's games against each other (``Ratings.pairs``)."""
        rows = sorted(
            self.standings,
            key=lambda s: (-s.rating if math.isfinite(s.rating) else 0.0, -s.points_mean),
        )
        width = max([len("agent")] + [len(s.agent) for s in rows])
        lines = [
            f"{'agent':<{width}}  {'deals':>6}  {'wins':>6}  {'win rate':>14}  "
            f"{'points/deal (95% CI)':>22}  {'rating (95% CI)':>18}  {'ms/move':>8}"
        ]
        for s in rows:
            rate = f"{s.win_rate:.3f} ±{s.win_rate_ci:.3f}"
            points = f"{s.points_mean:+.2f} ±{s.points_ci:.2f}"
            rating = f"{s.rating:.0f} [{s.rating_low:.0f}, {s.rating_high:.0f}]"
            lines.append(
                f"{s.agent:<{width}}  {s.deals:>6}  {s.wins:>6}  {rate:>14}  {points:>22}  "
                f"{rating:>18}  {s.ms_per_move:>8.3f}"
            )
        if self.team_wins is not None:
            for team, won in enumerate(self.team_wins):
                share, ci = _rate(won, self.deals)
                lines.append(
                    f"team {team} (seats {self._team_seats_text(team)}): {won} of {self.deals} "
                    f"hands won, {share:.3f} ±{ci:.3f}"
                )
        counted = f"{self.deals} deals"
        if self.partial:
            counted = f"partial: {self.played} of {self.deals} deals finished"
        lines.append(
            f"{counted} ({self.drawn} drawn) of {self.rules}, seed {self.seed}: "
            f"{self.seconds:.2f} s, {self.deals_per_second:.1f} deals/s, {self._where()}"
        )
        if self.schedule is not None and len(self.schedule.tables) > 1:
            lines.append(
                f"round robin: {len(self.schedule.tables)} tables of {self.schedule.players}, "
                f"each deck played {self.schedule.round} times"
            )
        if self.ratings is not None:
            anchor = self.ratings.anchor or "mean"
            lines.append(
                f"ratings: Bradley-Terry on the Elo scale ({anchor} = 1500), 95% CI by "
                f"bootstrap over {self.ratings.groups} duplicate decks"
            )
            if head_to_head and self.ratings.pairs:
                lines.append(
                    "head to head: the share of each pair's games the first won, its 95% CI "
                    "by the same bootstrap, and as Elo"
                )
                lines.extend(f"  {pair}" for pair in self.ratings.pairs)
        return "\n".join(lines)

    def _team_seats(self, team: int) -> list[int]:
        return list(range(team, self.rules.players, 2))

    def _team_seats_text(self, team: int) -> str:
        seats = [str(s) for s in self._team_seats(team)]
        return ", ".join(seats[:-1]) + " and " + seats[-1]

    def _teams_json(self) -> list[dict[str, Any]]:
        assert self.team_wins is not None
        teams = []
        for team, won in enumerate(self.team_wins):
            rate, ci = _rate(won, self.deals)
            teams.append(
                {
                    "team": team,
                    "seats": self._team_seats(team),
                    "wins": won,
                    "win_rate": rate,
                    "win_rate_ci": _finite(ci),
                }
            )
        return teams

    def to_json(self) -> dict[str, Any]:
        """The run as JSON-compatible data (docs/arena.md has the schema).

        Everything but ``backend``, ``workers``, ``address`` and ``timing`` is the same
        for a seed whatever the backend and the number of workers.
        """
        schedule = self.schedule or round_robin(len(self.standings), self.rules.players)
        return {
            "format": "ganzdy-arena",
            "version": 1,
            "rules": repr(self.rules),
            "seed": self.seed,
            "deals": self.deals,
            "drawn": self.drawn,
            "agents": [s.agent for s in self.standings],
            "schedule": schedule.to_json(self.deals),
            "standings": [s.to_json() for s in self.standings],
            "ratings": None if self.ratings is None else self.ratings.to_json(),
            "teams": None if self.team_wins is None else self._teams_json(),
            "digest": self.digest,
            "backend": self.backend,
            "workers": self.workers,
            "address": self.address,
            **({"partial": True, "played": self.played} if self.partial else {}),
            "timing": {
                "seconds": self.seconds,
                "wall_seconds": self.wall_seconds,
                "deals_per_second": _finite(self.deals_per_second),
                "ms_per_move": {s.agent: s.ms_per_move for s in self.standings},
            },
        }


class _Timed:
    """Wraps an agent to count its decisions and the time it thinks."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent_name(agent)
        self.moves = 0
        self.thinking = 0.0

    def act(self, view: SeatView) -> Move:
        start = time.perf_counter()
        move = self.agent.act(view)
        self.thinking += time.perf_counter() - start
        self.moves += 1
        return move


def _labels(names: Sequence[str]) -> list[str]:
    """Agent names, numbered where several agents share one: random#1, random#2."""
    labels = []
    for i, name in enumerate(names):
        if names.count(name) > 1:
            name = f"{name}#{names[: i + 1].count(name)}"
        labels.append(name)
    return labels


# Called after each arena deal, in deal order: its number (from 1), the finished deal,
# and the label of the agent at each seat.
DealObserver = Callable[[int, Deal, Sequence[str]], None]
# Called as deals finish: how many are done, and how many there are.
ProgressObserver = Callable[[int, int], None]


def _ci(values: Sequence[int]) -> float:
    if len(values) < 2:
        return math.inf
    return 1.96 * statistics.stdev(values) / math.sqrt(len(values))


@dataclass(frozen=True)
class _Plan:
    """What a worker needs to play any deal of an arena: picklable when agents are specs."""

    rules: Rules
    agents: tuple[str | Agent, ...]
    labels: tuple[str, ...]
    seed: int
    schedule: Schedule
    keep: str = ""  # "record": a game record of each deal; "deal": the Deal (in-process)
    caller: int = 0  # the process id of the caller, to tell a worker from it
    tribute: bool = True  # Guandan, Gouji: each hand follows a random previous hand

    @property
    def game(self) -> Game:
        return game_of(self.rules)

    @property
    def teams(self) -> bool:
        """Whether entrants are teams holding several seats (Guandan, Gouji)."""
        return self.game.teams > 0

    def describe(self, start: int, stop: int) -> str:
        """Deals ``start`` to ``stop - 1`` as a person finds them again: numbers and seeds."""
        seeds = ", ".join(
            str(deal_seed(self.seed, self.schedule.deck(k))) for k in range(start, stop)
        )
        return f"deals {start + 1} to {stop} (deck seeds {seeds})"


class ArenaInterrupted(KeyboardInterrupt):
    """The arena was stopped (Ctrl-C, or a person at the table quit); ``result`` holds the
    standings of the deals that finished, marked ``partial``. Nothing the arena started
    is still running when it is raised (see ``arena``)."""

    def __init__(self, result: ArenaResult) -> None:
        super().__init__(f"arena stopped after {result.played} of {result.deals} deals")
        self.result = result


@dataclass(frozen=True)
class _Played:
    """One arena deal as a worker reports it."""

    index: int
    seated: tuple[int, ...]  # the entrant at each seat
    points: tuple[int, ...]  # by seat
    winner: int | None
    drawn: bool
    finish_order: tuple[int, ...]
    plies: int
    moves: tuple[int, ...]  # decisions made, by seat
    thinking: tuple[float, ...]  # seconds, by seat (timing: differs from run to run)
    record: dict[str, Any] | None = None
    deal: Deal | None = None


def _agent_for(plan: _Plan, entrant: int, k: int, seat: int) -> Agent:
    """Entrant's agent for deal k: built afresh from its spec with a seed of the arena
    seed, the entrant and the deal (and, in Guandan, where an entrant holds two seats,
    the seat), so no deal depends on which others a worker played."""
    spec = plan.agents[entrant]
    if not isinstance(spec, str):
        return spec
    keys = (2, entrant, k, seat) if plan.teams else (2, entrant, k)
    try:
        return make_agent(spec, seed=derive_seed(plan.seed, *keys))
    except AgentError as error:
        if os.getpid() == plan.caller:
            raise
        # The caller built this spec before sending it, so the worker lacks a registration.
        raise AgentError(
            f"{error} (in a worker process: an agent registered at run time in the calling "
            "process is not registered in spawned processes or Ray workers; register it at "
            "the import of a module they import, see docs/arena.md)"
        ) from error


def _play_chunk(plan: _Plan, start: int, stop: int) -> list[_Played]:
    """Play arena deals ``start`` to ``stop - 1`` (the task every backend runs)."""
    played = []
    schedule = plan.schedule
    for k in range(start, stop):
        seated = schedule.seating(k)
        timed = [_Timed(_agent_for(plan, a, k, seat)) for seat, a in enumerate(seated)]
        seed = deal_seed(plan.seed, schedule.deck(k))
        game = plan.game.match_module
        previous = schedule.deck(k) if plan.tribute else None
        names = [plan.labels[a] for a in seated]
        deal = game.arena_deal(plan.rules, seed, schedule.dealer(k), plan.seed, previous)
        try:
            drive(deal, timed)
        except Quit:
            raise
        except Exception as error:
            # The error keeps its type (callers catch what the agent raised); a note says
            # which deal it was, and ``arena_record`` holds its moves so far, to replay it.
            error.add_note(
                f"in arena deal {k + 1} (deck seed {seed}, dealer {deal.dealer}, seats "
                f"{', '.join(names)}) at ply {deal.ply}"
            )
            error.arena_record = _record_or_none(deal, names)  # type: ignore[attr-defined]
            raise
        winner, drawn, points = game.arena_score(deal)
        outcome = deal.outcome
        played.append(
            _Played(
                index=k,
                seated=seated,
                points=points,
                winner=winner,
                drawn=drawn,
                finish_order=tuple(outcome.finish_order),
                plies=deal.ply,
                moves=tuple(t.moves for t in timed),
                thinking=tuple(t.thinking for t in timed),
                record=to_record(deal, names) if plan.keep == "record" else None,
                deal=deal if plan.keep == "deal" else None,
            )
        )
    return played


def _record_or_none(deal: Deal, names: Sequence[str]) -> dict[str, Any] | None:
    try:
        return to_record(deal, names)
    except GanzdyError:
        return None


def _digest(played: Sequence[_Played]) -> str:
    data = [
        [p.index, p.seated, p.points, p.winner, p.finish_order, p.plies, p.moves] for p in played
    ]
    return hashlib.sha256(json.dumps(data, separators=(",", ":")).encode()).hexdigest()


def arena(
    rules: Rules,
    agents: Sequence[str | Agent],
    deals: int,
    seed: int | None = None,
    rotate: bool = True,
    *,
    on_deal: DealObserver | None = None,
    on_progress: ProgressObserver | None = None,
    workers: int | None = None,
    ray: bool | str = False,
    bootstrap: int = BOOTSTRAP_SAMPLES,
    start_method: str | None = None,
    tribute: bool = True,
) -> ArenaResult:
    """A round robin between agents (specs such as 'greedy', or Agent objects) over
    duplicate deals, with standings and Bradley-Terry ratings.

    Guandan and Gouji are played by teams: every agent is a team, playing all its seats
    (one agent makes two teams of it), and every pair of teams meets
    (``team_round_robin``); rotated, the teams swap sides. A deal is one hand (Guandan:
    at the rules' level): with ``tribute`` it follows a random previous hand drawn from
    the seed and the deck (Guandan: a finishing order, ``previous_finish``; Gouji: places
    and 点-ed seats, ``previous_hand``), so tribute is paid as in every hand of a match
    but the first; ``tribute=False`` plays first hands. An agent's deal counts as won
    when its team won the hand (Gouji: more points; equal points, or a hand voided by
    two revolutions, is drawn), and its points are its team's; the ratings count each
    hand as one game between the two teams. Matches of hands are ``GuandanMatch`` and
    ``GoujiMatch``.

    With as many agents as seats there is one table; with more, every set of
    ``rules.players`` of them is a table (see ``Schedule``); one agent fills every seat.
    With ``rotate`` each deck is played at every table in every rotation of its
    agents, so every agent plays every seat, dealer included, with the same cards as
    the others (duplicate play, which cancels most of the luck of the deal). Without
    it the agents keep their seats and, with one table, deal k is deal k of a
    ``playouts`` batch with this seed (its shuffle, and seat k mod players deals). A
    drawn deal counts as a deal without a winner or points.

    Every deal's shuffle and agents' seeds come from ``seed`` and the deal's index
    alone (agents given as specs are built afresh for each deal), so the results are
    the same for a seed whatever runs them: ``workers`` processes (default: one per
    local core; 1 plays in this process), or Ray with ``ray=True`` (a local instance,
    started and stopped here) or ``ray='ADDRESS'`` (a cluster, whose nodes need ganzdy
    installed). Only the timing differs. Agent objects cannot be sent to other
    processes: with any, the arena plays in this process, and asking for more workers
    or Ray is an error. Agents registered with ``register_agent`` must be registered
    in the workers too (at the import of a module they import) unless the processes
    are forked.

    ``on_deal`` sees every deal in deal order (from processes or Ray, rebuilt in this
    process from its record); ``on_progress(done, total)`` is told as deals finish.

    Ctrl-C (a ``KeyboardInterrupt`` anywhere in the run, the callbacks included) or a
    person at the table quitting (``Quit``) raises ``ArenaInterrupted``, itself a
    ``KeyboardInterrupt`` with the cause chained: its ``result`` is the ``ArenaResult``
    of the deals that finished, ``partial`` and with ``played`` below ``deals``. Before
    it propagates the worker processes are ended and joined, with the pool's threads
    (Ray: the tasks left are cancelled), so the caller may go on, or let the
    interpreter exit at once, with nothing left running.
    ``bootstrap`` sets the bootstrap samples of the ratings' confidence intervals, and
    ``start_method`` the start method of the processes (default: the platform's).
    """
    _check.rules("rules", rules)
    entrants = _check.agents("agents", agents)
    deals = _check.count("deals", deals)
    seed = _check.optional_integral("seed", seed)
    bootstrap = _check.count("bootstrap", bootstrap)
    rotate = _check.flag("rotate", rotate)
    tribute = _check.flag("tribute", tribute)
    on_deal = _check.callback("on_deal", on_deal)
    on_progress = _check.callback("on_progress", on_progress)
    if not isinstance(ray, str):
        ray = _check.flag("ray", ray)
    if start_method is not None:
        _check.instance("start_method", start_method, str, "a start method name or None")
    players = rules.players
    teams = game_of(rules).teams > 0
    if len(entrants) == 1:
        entrants *= 2 if teams else players
    if len(entrants) < players and not teams:
        raise GanzdyError(
            f"{len(entrants)} agents for {players} seats ({rules}): give one agent per seat "
            "or more (repeat a spec for several copies), or one agent for every seat"
        )
    workers = check_workers(workers)
    objects = [agent_name(a) for a in entrants if not isinstance(a, str)]
    if objects and (ray or (workers or 1) > 1):
        raise GanzdyError(
            f"agent objects ({', '.join(objects)}) cannot be sent to other processes: give "
            "agent specs (see make_agent and register_agent), or play with workers=1"
        )
    for spec in entrants:
        if isinstance(spec, str):
            make_agent(spec)  # an unknown agent or parameter fails here, not in a worker
    seed = _fresh_seed() if seed is None else seed & _MASK
    labels = _labels([a if isinstance(a, str) else agent_name(a) for a in entrants])
    if teams:
        schedule = team_round_robin(len(entrants), players, rotate)
    else:
        schedule = round_robin(len(entrants), players, rotate)
    parallel = bool(ray) or (not objects and (workers or local_cores()) > 1)
    keep = "" if on_deal is None else "record" if parallel else "deal"
    plan = _Plan(rules, tuple(entrants), tuple(labels), seed, schedule, keep, os.getpid(), tribute)

    buffered: dict[int, _Played] = {}
    progress = {"done": 0, "next": 0}

    finished: list[_Played] = []

    def on_chunk(start: int, stop: int, chunk: list[_Played]) -> None:
        finished.extend(chunk)
        progress["done"] += stop - start
        if on_progress is not None:
            on_progress(progress["done"], deals)
        if on_deal is None:
            return
        for p in chunk:
            buffered[p.index] = p
        while progress["next"] in buffered:
            p = buffered.pop(progress["next"])
            progress["next"] += 1
            deal = p.deal if p.deal is not None else from_record(p.record or {})
            on_deal(p.index + 1, deal, [labels[a] for a in p.seated])

    start = time.perf_counter()
    ran: Ran[_Played]
    try:
        if ray:
            address = ray if isinstance(ray, str) else None
            ran = run_ray(_play_chunk, plan, deals, address, workers, on_chunk)
        elif parallel:
            count = workers or local_cores()
            ran = run_processes(
                _play_chunk, plan, deals, count, on_chunk, start_method, plan.describe
            )
        else:
            ran = run_in_process(_play_chunk, plan, deals, on_chunk)
    except (KeyboardInterrupt, Quit) as stop:
        # Keep what finished: the standings of the deals played so far, marked partial.
        wall = time.perf_counter() - start
        backend = ("ray" if ray else "processes") if parallel else "in-process"
        kept = Ran(sorted(finished, key=lambda p: p.index), backend, workers or 1, None, wall)
        result = _summarize(rules, seed, deals, schedule, plan, kept, bootstrap, wall)
        raise ArenaInterrupted(dataclasses.replace(result, partial=True)) from stop
    wall = time.perf_counter() - start
    return _summarize(rules, seed, deals, schedule, plan, ran, bootstrap, wall)


def _summarize(
    rules: Rules,
    seed: int,
    deals: int,
    schedule: Schedule,
    plan: _Plan,
    ran: Ran[_Played],
    bootstrap: int,
    wall: float,
) -> ArenaResult:
    count = schedule.entrants
    played = ran.results
    wins = [0] * count
    points: list[list[int]] = [[] for _ in range(count)]
    moves = [0] * count
    thinking = [0.0] * count
    # From the deals that finished, so an interrupted arena rates only decks it played.
    decks = max((schedule.deck(p.index) for p in played), default=-1) + 1
    groups = np.zeros((decks, count, count))
    team_wins = [0, 0]
    for p in played:
        # An entrant holds one seat, or both seats of a Guandan team, which score alike.
        first_seat: dict[int, int] = {}
        for seat, a in enumerate(p.seated):
            first_seat.setdefault(a, seat)
            moves[a] += p.moves[seat]
            thinking[a] += p.thinking[seat]
        for a, seat in first_seat.items():
            points[a].append(p.points[seat])
            if plan.teams:
                wins[a] += p.winner is not None and p.winner % 2 == seat % 2
            else:
                wins[a] += p.winner == seat
        if plan.teams:
            if p.winner is not None:
                team_wins[p.winner % 2] += 1
            ahead = team_ahead(schedule.players, p.winner)
        else:
            ahead = finish_ahead(p.points, p.finish_order)
        # np.add.at, not +=: a team entrant holds several seats, so indices repeat.
        np.add.at(groups[schedule.deck(p.index)], np.ix_(p.seated, p.seated), ahead)
    for group in groups:
        np.fill_diagonal(group, 0.0)  # partners of one entrant play no game
    ratings = rate(plan.labels, groups, samples=bootstrap, seed=derive_seed(seed, 3))
    standings = tuple(
        Standing(
            agent=plan.labels[a],
            deals=len(points[a]),
            wins=wins[a],
            points=sum(points[a]),
            points_mean=statistics.fmean(points[a]) if points[a] else 0.0,
            points_ci=_ci(points[a]),
            moves=moves[a],
            thinking=thinking[a],
            rating=ratings.rating[a],
            rating_low=ratings.low[a],
            rating_high=ratings.high[a],
            spec=spec if isinstance(spec, str) else None,
        )
        for a, spec in enumerate(plan.agents)
    )
    return ArenaResult(
        rules=rules,
        seed=seed,
        deals=deals,
        drawn=sum(p.drawn for p in played),
        seconds=ran.seconds,
        standings=standings,
        schedule=schedule,
        ratings=ratings,
        backend=ran.backend,
        workers=ran.workers,
        address=ran.address,
        digest=_digest(played),
        wall_seconds=wall,
        team_wins=(team_wins[0], team_wins[1]) if plan.teams else None,
        played=len(played),
    )
