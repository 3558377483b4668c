"""Play between deals: driving a deal with agents, matches, and the arena.

A deal is the engine's (``Rules.new_deal``); what happens between deals is here:
who deals next (the previous winner, or rotation, per the ``next_dealer`` option),
re-dealing a drawn deal, cumulative points, and seeds. Every seed of a match or an
arena is derived from its one seed, so a run is reproducible from that number.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ganzdy._core import Deal, GanzdyError, IllegalMoveError, Move, Rules, deal_seed
from ganzdy.agents import Agent, SeatView, agent_name, make_agent, view_for
from ganzdy.records import to_record

_MASK = (1 << 64) - 1

# Called after each move a driver pushes: the deal (already moved on), the seat
# that moved, and its move.
MoveObserver = Callable[[Deal, int, Move], None]


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


def play_deal(
    rules: Rules,
    agents: Sequence[Agent],
    seed: int | None = None,
    dealer: int = 0,
    *,
    on_move: MoveObserver | None = None,
) -> Deal:
    """Play one deal to its end, agent i at seat i; returns the finished deal.

    An agent's move goes through the checked ``push``, so an illegal move raises
    IllegalMoveError naming the agent and its seat.
    """
    if len(agents) != rules.players:
        raise GanzdyError(f"{len(agents)} agents for {rules.players} seats ({rules})")
    deal = rules.new_deal(seed=seed, dealer=dealer)
    # Kept here rather than read from deal.history, which rebuilds every move each time.
    history: list[tuple[int, Move]] = []
    while True:
        seat = deal.current_player
        if seat is None:
            return deal
        agent = agents[seat]
        view: SeatView = view_for(deal, history)
        move = agent.act(view)
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


@dataclass(frozen=True)
class DealResult:
    """One deal of a match, as it counted."""

    number: int  # 1 for the match's first deal
    seed: int
    dealer: int
    winner: int | None
    drawn: bool  # the draw stood: every allowed re-deal was drawn too
    points: tuple[int, ...]
    plies: int
    bombs: int
    redeals: int  # drawn deals before this one, re-dealt by the same dealer
    record: dict[str, Any] | None = None


class Match:
    """Deals in a row between the same agents, with the dealer passed on and points summed.

    The next dealer is the previous deal's winner, or the next seat in the direction
    of play when the rules say ``next_dealer='rotate'``. A drawn deal is dealt again
    by the same dealer with a fresh seed (it does not count as a deal), at most
    ``max_redeals`` times in a row; after that the draw stands with no payments.
    ``first_dealer=None`` picks the first dealer from the seed.
    """

    def __init__(
        self,
        rules: Rules,
        agents: Sequence[Agent],
        deals: int = 1,
        seed: int | None = None,
        first_dealer: int | None = None,
        *,
        max_redeals: int = 20,
        keep_records: bool = False,
        on_move: MoveObserver | None = None,
    ) -> None:
        if len(agents) != rules.players:
            raise GanzdyError(f"{len(agents)} agents for {rules.players} seats ({rules})")
        if deals < 0 or max_redeals < 0:
            raise GanzdyError("deals and max_redeals must not be negative")
        self.rules = rules
        self.agents = tuple(agents)
        self.deals = deals
        self.seed = _fresh_seed() if seed is None else seed & _MASK
        if first_dealer is None:
            first_dealer = derive_seed(self.seed, 1) % rules.players
        elif not 0 <= first_dealer < rules.players:
            raise GanzdyError(f"first_dealer={first_dealer} is not a seat of {rules}")
        self.dealer = first_dealer  # who deals the next deal
        self.max_redeals = max_redeals
        self.keep_records = keep_records
        self.on_move = on_move
        self.points = [0] * rules.players
        self.results: list[DealResult] = []
        self.redeals = 0  # drawn deals re-dealt, over the whole match
        self.dealt = 0  # deals dealt, re-deals included: the index of the next deal seed
        self.last_deal: Deal | None = None

    @property
    def finished(self) -> bool:
        return len(self.results) >= self.deals

    def _next_dealer(self, winner: int) -> int:
        if self.rules.option("next_dealer") == "rotate":
            step = 1 if self.rules.option("direction") == "counter_clockwise" else -1
            return (self.dealer + step) % self.rules.players
        return winner

    def play_next(self) -> DealResult:
        """Play the next deal (with its re-deals) and return how it counted."""
        if self.finished:
            raise GanzdyError(f"the match is over: {self.deals} deals played")
        redeals = 0
        while True:
            seed = deal_seed(self.seed, self.dealt)
            self.dealt += 1
            deal = play_deal(self.rules, self.agents, seed, self.dealer, on_move=self.on_move)
            self.last_deal = deal
            outcome = deal.outcome
            if not outcome.drawn or redeals >= self.max_redeals:
                break
            redeals += 1
            self.redeals += 1
        names = [agent_name(a) for a in self.agents]
        result = DealResult(
            number=len(self.results) + 1,
            seed=seed,
            dealer=self.dealer,
            winner=outcome.winner,
            drawn=outcome.drawn,
            points=tuple(outcome.points),
            plies=deal.ply,
            bombs=deal.bombs_played,
            redeals=redeals,
            record=to_record(deal, names) if self.keep_records else None,
        )
        self.results.append(result)
        for seat, points in enumerate(outcome.points):
            self.points[seat] += points
        if outcome.winner is not None:
            self.dealer = self._next_dealer(outcome.winner)
        return result

    def __iter__(self) -> Iterator[DealResult]:
        """Play the remaining deals, yielding each result as it is known."""
        while not self.finished:
            yield self.play_next()

    def run(self) -> list[DealResult]:
        """Play the remaining deals; returns every deal's result."""
        for _ in self:
            pass
        return self.results


# -- the arena ---------------------------------------------------------------------


@dataclass(frozen=True)
class Standing:
    """One agent's figures over an arena run."""

    agent: str
    deals: int
    wins: int
    points: int  # total over the run
    points_mean: float  # per deal
    points_ci: float  # half-width of the 95% confidence interval of points_mean
    moves: int  # decisions made
    thinking: float  # seconds spent in act()

    @property
    def win_rate(self) -> float:
        return self.wins / self.deals if self.deals else 0.0

    @property
    def win_rate_ci(self) -> float:
        """Half-width of the 95% interval of the win rate (normal approximation)."""
        if not self.deals:
            return math.inf
        p = self.win_rate
        return 1.96 * math.sqrt(p * (1 - p) / self.deals)

    @property
    def ms_per_move(self) -> float:
        return 1000 * self.thinking / self.moves if self.moves else 0.0


@dataclass(frozen=True)
class ArenaResult:
    rules: Rules
    seed: int
    deals: int
    drawn: int
    seconds: float
    standings: tuple[Standing, ...]

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds if self.seconds > 0 else math.inf

    def table(self) -> str:
        """The standings as a text table, best mean points first."""
        rows = sorted(self.standings, key=lambda s: -s.points_mean)
        width = max([len("agent")] + [len(s.agent) for s in rows])
        lines = [
            f"{'agent':<{width}}  {'deals':>6}  {'wins':>6}  {'win rate':>14}  "
            f"{'points/deal (95% CI)':>22}  {'ms/move':>8}"
        ]
        for s in rows:
            rate = f"{s.win_rate:.3f} ±{s.win_rate_ci:.3f}"
            points = f"{s.points_mean:+.2f} ±{s.points_ci:.2f}"
            lines.append(
                f"{s.agent:<{width}}  {s.deals:>6}  {s.wins:>6}  {rate:>14}  {points:>22}  "
                f"{s.ms_per_move:>8.3f}"
            )
        lines.append(
            f"{self.deals} deals ({self.drawn} drawn) of {self.rules}, seed {self.seed}: "
            f"{self.seconds:.2f} s, {self.deals_per_second:.1f} deals/s"
        )
        return "\n".join(lines)


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


# Called after each arena deal: its number (from 1), the finished deal, and the
# label of the agent at each seat.
DealObserver = Callable[[int, Deal, Sequence[str]], None]


def _ci(values: Sequence[int]) -> float:
    if len(values) < 2:
        return math.inf
    return 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def arena(
    rules: Rules,
    agents: Sequence[str | Agent],
    deals: int,
    seed: int | None = None,
    rotate: bool = True,
    *,
    on_deal: DealObserver | None = None,
) -> ArenaResult:
    """Independent deals between agents (specs such as 'greedy' or Agent objects).

    With ``rotate``, deals come in groups of one deck per group, played once with the
    agents in each rotation: deal k uses the agent order rotated by k mod players,
    so every agent plays every seat, dealer included, with the same cards as the
    others (duplicate play, which cancels most of the luck of the deal). Without it,
    agent i always sits at seat i and deal k is deal k of ``playouts`` with this seed
    (its shuffle, and seat k mod players deals). A drawn deal counts as a
    deal without a winner or points. One agent spec fills every seat.
    """
    players = rules.players
    if len(agents) == 1:
        agents = list(agents) * players
    if len(agents) != players:
        raise GanzdyError(
            f"{len(agents)} agents for {players} seats ({rules}): give one agent per seat, "
            "or one agent for every seat"
        )
    if deals < 0:
        raise GanzdyError("deals must not be negative")
    seed = _fresh_seed() if seed is None else seed & _MASK
    built = [
        make_agent(spec, seed=derive_seed(seed, 2, i)) if isinstance(spec, str) else spec
        for i, spec in enumerate(agents)
    ]
    timed = [_Timed(agent) for agent in built]
    labels = _labels([spec if isinstance(spec, str) else agent_name(spec) for spec in agents])
    wins = [0] * players
    points: list[list[int]] = [[] for _ in range(players)]
    drawn = 0
    start = time.perf_counter()
    for k in range(deals):
        if rotate:
            group, turn = divmod(k, players)
            shuffle, dealer = deal_seed(seed, group), group % players
        else:
            # As deal k of a C++ playouts batch with this seed: same cards, same dealer.
            turn, shuffle, dealer = 0, deal_seed(seed, k), k % players
        # Agent a sits at seat (a - turn) mod players, so seat s holds agent s + turn.
        seated = [(s + turn) % players for s in range(players)]
        deal = play_deal(rules, [timed[a] for a in seated], shuffle, dealer)
        outcome = deal.outcome
        drawn += outcome.drawn
        for seat, a in enumerate(seated):
            points[a].append(outcome.points[seat])
            wins[a] += outcome.winner == seat
        if on_deal is not None:
            on_deal(k + 1, deal, [labels[a] for a in seated])
    seconds = time.perf_counter() - start
    standings = tuple(
        Standing(
            agent=labels[a],
            deals=deals,
            wins=wins[a],
            points=sum(points[a]),
            points_mean=statistics.fmean(points[a]) if deals else 0.0,
            points_ci=_ci(points[a]),
            moves=timed[a].moves,
            thinking=timed[a].thinking,
        )
        for a in range(players)
    )
    return ArenaResult(rules, seed, deals, drawn, seconds, standings)
