"""A Guandan (掼蛋) match: hands in a row between two teams, with levels, tribute and a banker.

A hand is the engine's (``GuandanDeal``); what happens between hands is here
(guandan.md §7-§8):

* both teams start at level 2; the first hand is played at 2, with no tribute and a
  first leader per ``first_lead_first_hand`` (drawn from the hand's seed by default);
* the team of the first player out wins the hand and goes up by the upgrade table
  (+3/+2/+1 for a 1-2, 1-3 or 1-4 finish, or +4/+2/+1), never past A: a team below A
  stops at A (no skipping A), the losers stay where they are;
* the winners become the banker: the next hand is played at their level, its deal
  built from this hand's finishing order, so the losers pay tribute from the second
  hand on (the deal handles tribute, return and resistance);
* a team at A wins the match by winning a hand played at its own A (any hand, under
  ``a_win_requires_own_level=False``) with a finish in ``a_pass_results`` (1-2 or
  1-3 by default); a hand played at a team's own A that it does not pass that way
  counts as one A failure, and after ``a_fail_limit`` of them (3; None: no limit)
  the team drops back to ``a_fail_reset_to`` (2) with its count cleared. When a
  team's own failed A hand is also a hand it won (a 1-4 finish), it first goes up
  (staying at A) and then, on its last failure, drops back.

``next_state`` is that state machine alone, a pure function of the state and a
finishing order; ``GuandanMatch`` plays the hands with agents and logs them. Hand
k of a match (from 0) is shuffled from ``deal_seed(seed, k)``, so a match replays
from its seed and its agents.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ganzdy import _check
from ganzdy._core import GanzdyError, GuandanDeal, Rules, deal_seed
from ganzdy.agents import agent_name
from ganzdy.games import game_of
from ganzdy.guandan.view import Tribute
from ganzdy.match import AgentLike, Match, MoveObserver, derive_seed, drive
from ganzdy.records import to_record

_GAME = game_of("guandan")

# The levels a team climbs, in order.
LEVELS = "23456789TJQKA"
TEAMS = (0, 1)


def team_of(seat: int) -> int:
    """0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % 2


@dataclass(frozen=True)
class MatchOptions:
    """The options of the rules that decide levels and the end of a match (guandan.md §10)."""

    upgrades: tuple[tuple[str, int], ...] = (("1-2", 3), ("1-3", 2), ("1-4", 1))
    a_pass_results: frozenset[str] = frozenset({"1-2", "1-3"})
    a_fail_limit: int | None = 3
    a_fail_reset_to: str = "2"
    a_win_requires_own_level: bool = True

    @staticmethod
    def of(rules: Rules) -> MatchOptions:
        _GAME.require(rules, "match")
        table = str(rules.option("upgrade_table"))
        double = int(table.split("-")[0])
        limit = rules.option("a_fail_limit")
        return MatchOptions(
            upgrades=(("1-2", double), ("1-3", 2), ("1-4", 1)),
            a_pass_results=frozenset(str(rules.option("a_pass_results")).split(",")),
            a_fail_limit=None if limit is None else int(limit),
            a_fail_reset_to=str(rules.option("a_fail_reset_to")),
            a_win_requires_own_level=bool(rules.option("a_win_requires_own_level")),
        )

    def upgrade(self, result: str) -> int:
        return dict(self.upgrades)[result]


@dataclass(frozen=True)
class MatchState:
    """Where a match stands between hands.

    ``levels``: team 0's and team 1's (seats 0 and 2, 1 and 3). ``banker``: the team
    whose level the next hand is played at, the winners of the last hand; None before
    the first hand, which is played at the level both teams share. ``a_failures``:
    each team's failed hands at its own A since it last dropped back.
    ``previous_finish``: the last hand's finishing order, from which the next hand's
    tribute follows; None before the first hand. ``winner``: the team that passed A,
    once the match is won.
    """

    levels: tuple[str, str] = ("2", "2")
    banker: int | None = None
    a_failures: tuple[int, int] = (0, 0)
    previous_finish: tuple[int, ...] | None = None
    winner: int | None = None

    def __post_init__(self) -> None:
        if len(self.levels) != 2 or any(level not in LEVELS for level in self.levels):
            raise GanzdyError(
                f"levels={self.levels!r}: expected two levels, team 0's then team 1's, "
                f"each one of {' '.join(LEVELS)}"
            )
        for name, team in (("banker", self.banker), ("winner", self.winner)):
            if team is not None and team not in TEAMS:
                raise GanzdyError(f"{name}={team!r}: expected team 0 or 1, or None")
        if self.banker is None and self.levels[0] != self.levels[1]:
            raise GanzdyError(
                f"levels={self.levels!r} with no banker: a hand without a banker is played at "
                "the level both teams share; name the banker"
            )
        if len(self.a_failures) != 2 or any(n < 0 for n in self.a_failures):
            raise GanzdyError(f"a_failures={self.a_failures!r}: expected two counts, 0 or more")
        if self.previous_finish is not None:
            finish_result(self.previous_finish)

    @property
    def level(self) -> str:
        """The level the next hand is played at: the banker's (L2)."""
        return self.levels[0 if self.banker is None else self.banker]


def finish_result(finish_order: Sequence[int]) -> tuple[int, str]:
    """The winning team and the result ('1-2', '1-3' or '1-4') of a finishing order.

    ``finish_order`` lists the seats in the order they went out, as a hand's outcome
    gives it (2 seats after 1-2, 3 otherwise) or all four.
    """
    if isinstance(finish_order, str) or not isinstance(finish_order, Sequence):
        raise TypeError(f"finish_order must be a list of seats, not {_check.excerpt(finish_order)}")
    order = list(finish_order)
    seats_ok = len(set(order)) == len(order) and all(s in (0, 1, 2, 3) for s in order)
    if not (2 <= len(order) <= 4 and seats_ok):
        raise GanzdyError(f"finish order {order} is no finishing order of seats 0 to 3")
    first = order[0]
    partner = (first + 2) % 4
    if order[1] == partner:
        return team_of(first), "1-2"
    if len(order) == 2:
        raise GanzdyError(f"finish order {order}: two opponents out, the hand is not over")
    return team_of(first), "1-3" if order[2] == partner else "1-4"


@dataclass(frozen=True)
class LevelChange:
    """What one hand did to a match."""

    before: MatchState
    after: MatchState
    winning_team: int
    result: str  # '1-2', '1-3' or '1-4'
    upgrade: int  # what the upgrade table gives the result (capped at A in after.levels)
    a_failed: tuple[int, ...]  # teams that failed a hand at their own A
    reset: tuple[int, ...]  # teams sent back to a_fail_reset_to

    @property
    def match_won(self) -> bool:
        return self.after.winner is not None


def next_state(
    state: MatchState, finish_order: Sequence[int], options: MatchOptions
) -> LevelChange:
    """The match after a hand played at ``state.level`` finished in ``finish_order``."""
    _check.instance("state", state, MatchState, "a MatchState")
    _check.instance("options", options, MatchOptions, "a MatchOptions")
    if state.winner is not None:
        raise GanzdyError(f"the match is over: team {state.winner} passed A")
    team, result = finish_result(finish_order)
    upgrade = options.upgrade(result)
    levels = list(state.levels)
    failures = list(state.a_failures)
    # The hand was played at the banker's level: its own level for the banker, and
    # for both teams before the first hand (they share one level then).
    own = [state.banker is None or state.banker == t for t in TEAMS]
    passed = (
        levels[team] == "A"
        and result in options.a_pass_results
        and (own[team] or not options.a_win_requires_own_level)
    )
    if not passed:
        top = LEVELS.index("A")
        levels[team] = LEVELS[min(top, LEVELS.index(levels[team]) + upgrade)]
    a_failed: list[int] = []
    reset: list[int] = []
    for t in TEAMS:
        if own[t] and state.levels[t] == "A" and not (passed and t == team):
            a_failed.append(t)
            failures[t] += 1
            if options.a_fail_limit is not None and failures[t] >= options.a_fail_limit:
                reset.append(t)
                levels[t] = options.a_fail_reset_to
                failures[t] = 0
    after = MatchState(
        levels=(levels[0], levels[1]),
        banker=team,
        a_failures=(failures[0], failures[1]),
        previous_finish=tuple(finish_order),
        winner=team if passed else None,
    )
    return LevelChange(state, after, team, result, upgrade, tuple(a_failed), tuple(reset))


@dataclass(frozen=True)
class HandResult:
    """One hand of a match, as it counted."""

    number: int  # 1 for the match's first hand
    seed: int
    level: str  # the level the hand was played at
    banker: int | None  # the team whose level that was; None for a first hand
    team_levels_before: tuple[str, str]
    first_leader: int
    tribute: tuple[Tribute, ...]  # the payments, all cards known
    resisted: bool
    finish_order: tuple[int, ...]
    winning_team: int
    result: str
    upgrade: int
    team_levels: tuple[str, str]  # after the hand
    a_failures: tuple[int, int]  # after the hand
    a_failed: tuple[int, ...]
    reset: tuple[int, ...]
    match_won: bool
    plies: int
    record: dict[str, Any] | None = field(default=None, repr=False)


class GuandanMatch(Match[HandResult]):
    """Hands of Guandan in a row between two teams until one passes A, or ``max_hands``.

    ``agents[s]`` plays seat s: seats 0 and 2 are team 0, seats 1 and 3 team 1. The
    rules give every option but the level, which the match sets for each hand (the
    banker's; a rules value per level is made once and kept); their own level must be
    the default, 2. ``start`` resumes from a state (default: the first hand, both
    teams at 2). ``seed`` None draws a fresh one (kept in ``seed``).
    """

    last_deal: GuandanDeal | None

    def __init__(
        self,
        rules: Rules,
        agents: Sequence[AgentLike],
        max_hands: int | None = None,
        seed: int | None = None,
        *,
        start: MatchState | None = None,
        keep_records: bool = False,
        on_move: MoveObserver | None = None,
    ) -> None:
        _check.rules("rules", rules)
        self.options = MatchOptions.of(rules)
        agents = _check.agents("agents", agents)
        if max_hands is not None:
            max_hands = _check.count("max_hands", max_hands)
        if rules.option("level") != "2":
            raise GanzdyError(
                f"{rules}: the match sets each hand's level (the banker's); give the levels "
                "to start from as start=MatchState(levels=..., banker=...)"
            )
        if len(agents) != 4:
            raise GanzdyError(f"{len(agents)} agents for the 4 seats of Guandan")
        if max_hands is not None and (isinstance(max_hands, bool) or max_hands < 0):
            raise GanzdyError(f"max_hands={max_hands!r}: expected a whole number, or None")
        self._start(rules, agents, seed, on_move)
        self.max_hands = max_hands
        if start is not None:
            _check.instance("start", start, MatchState, "a MatchState or None")
        self.state = MatchState() if start is None else start
        self.keep_records = _check.flag("keep_records", keep_records)
        self._options: dict[str, Any] = {
            name: o.value for name, o in rules.options.items() if name != "level"
        }
        self._rules_at: dict[str, Rules] = {"2": rules}

    def rules_at(self, level: str) -> Rules:
        """The rules of a hand played at ``level``: the match's rules at that level."""
        if level not in self._rules_at:
            self._rules_at[level] = Rules("guandan", level=level, **self._options)
        return self._rules_at[level]

    @property
    def winner(self) -> int | None:
        """The team that passed A, or None while nobody has."""
        return self.state.winner

    @property
    def finished(self) -> bool:
        hands_up = self.max_hands is not None and len(self.results) >= self.max_hands
        return self.state.winner is not None or hands_up

    def next_deal(self) -> GuandanDeal:
        """The next hand, dealt but not played: at the banker's level, its tribute from
        the last finishing order."""
        if self.state.winner is not None:
            raise GanzdyError(f"the match is over: team {self.state.winner} passed A")
        previous = self.state.previous_finish
        return GuandanDeal(
            self.rules_at(self.state.level),
            deal_seed(self.seed, len(self.results)),
            previous_finish=None if previous is None else list(previous),
            team_levels=self.state.levels,
        )

    def play_next(self) -> HandResult:
        """Play the next hand and return how it counted."""
        if self.finished:
            raise GanzdyError(f"the match is over after {len(self.results)} hands")
        deal = drive(self.next_deal(), self.agents, on_move=self.on_move)
        self.last_deal = deal
        outcome = deal.outcome
        change = next_state(self.state, outcome.finish_order, self.options)
        if (change.winning_team, change.result, change.upgrade) != (
            outcome.winning_team,
            outcome.result,
            outcome.upgrade,
        ):
            raise GanzdyError(f"the match read hand {outcome} as {change}: they must agree")
        names = [agent_name(a) for a in self.agents]
        result = HandResult(
            number=len(self.results) + 1,
            seed=deal_seed(self.seed, len(self.results)),
            level=deal.level,
            banker=self.state.banker,
            team_levels_before=self.state.levels,
            first_leader=deal.first_leader,
            tribute=tuple(Tribute(p.payer, p.receiver, p.card, p.returned) for p in deal.tribute),
            resisted=deal.resisted,
            finish_order=tuple(outcome.finish_order),
            winning_team=change.winning_team,
            result=change.result,
            upgrade=change.upgrade,
            team_levels=change.after.levels,
            a_failures=change.after.a_failures,
            a_failed=change.a_failed,
            reset=change.reset,
            match_won=change.match_won,
            plies=deal.ply,
            record=to_record(deal, names) if self.keep_records else None,
        )
        self.results.append(result)
        self.state = change.after
        return result


MATCH = GuandanMatch


def previous_finish(seed: int, deck: int) -> list[int]:
    """The finishing order of the hand before a Guandan arena deck (for its tribute): a
    random order of the four seats drawn from the arena seed and the deck."""
    seed, deck = _check.integral("seed", seed), _check.integral("deck", deck)
    order = [0, 1, 2, 3]
    random.Random(derive_seed(seed, 4, deck)).shuffle(order)
    return order


def arena_deal(
    rules: Rules, seed: int, dealer: int, arena_seed: int, deck: int | None
) -> GuandanDeal:
    """An arena hand at the rules' level, shuffled from ``seed``: after a random previous
    hand (``previous_finish``) of arena deck ``deck``, so tribute is paid; a first hand
    when ``deck`` is None. Guandan has no dealer: ``dealer`` is not used."""
    _check.rules("rules", rules)
    seed = _check.integral("seed", seed)
    _check.integral("dealer", dealer)
    arena_seed = _check.integral("arena_seed", arena_seed)
    deck = _check.optional_integral("deck", deck)
    previous = None if deck is None else previous_finish(arena_seed, deck)
    return GuandanDeal(rules, seed, previous_finish=previous)


def arena_score(deal: GuandanDeal) -> tuple[int | None, bool, tuple[int, ...]]:
    """The first seat out (its team won), never drawn, and each seat's points."""
    _check.instance("deal", deal, GuandanDeal, "a GuandanDeal")
    if not deal.is_terminal:
        raise GanzdyError(f"arena_score: the hand is not over (ply {deal.ply})")
    outcome = deal.outcome
    return outcome.finish_order[0], False, tuple(outcome.points)


__all__ = [
    "LEVELS",
    "MATCH",
    "GuandanMatch",
    "HandResult",
    "LevelChange",
    "MatchOptions",
    "MatchState",
    "arena_deal",
    "arena_score",
    "finish_result",
    "next_state",
    "previous_finish",
]
