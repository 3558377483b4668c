"""A Gouji (够级) match: a fixed number of hands between two teams of three, with points
and the tribute each hand leaves to the next.

A hand is the engine's (``GoujiDeal``): it places the six seats (头科 ... 大落), scores
them and knows who was 点-ed, who burned whom and who 闷-ed whom. What happens between
hands is here (gouji.md §8-§9):

* the hands of a match are ``hands_per_match`` (8 by default); a hand voided by two
  revolutions (流局) is dealt again with the same setup and does not count;
* each seat scores by its place, +2 +1 0 0 -1 -2 (``scoring``; the zhoujxMT scale
  doubles it), doubled when one team takes 头科, 二科 and 三科 (串三户, the
  revolutionary's 三科 counting); a team's score is the sum of its seats';
* the hand after a hand is dealt with that hand's result, from which the deal takes its
  tribute: 点贡, 烧贡, 闷贡 and 落贡 (大落 to 头科 two cards, 二落 to 二科 one, skipped
  between teammates under ``laogong_same_team='skip'``), none after 串三户
  (``no_tribute_after_sweep``) and none in the first hand;
* the team with more points after the last hand wins the match; equal totals are a tie.

Deal i of a match (void hands included) is shuffled from ``deal_seed(seed, i)``, so a
match replays from its seed and its agents. The deal scores each hand and takes the
tribute its previous hand calls for; the match adds the points up and hands each hand's
result to the next.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ganzdy import _check
from ganzdy._core import GanzdyError, GoujiDeal, Rules, deal_seed
from ganzdy.agents import agent_name
from ganzdy.games import game_of
from ganzdy.match import AgentLike, Match, MoveObserver, derive_seed, drive
from ganzdy.records import to_record

_GAME = game_of("gouji")

PLAYERS = 6
TEAMS = (0, 1)
# The places from first to last (gouji.md §0).
PLACE_NAMES = ("头科", "二科", "三科", "四科", "二落", "大落")


def team_of(seat: int) -> int:
    """0 for seats 0, 2 and 4; 1 for seats 1, 3 and 5."""
    return seat % 2


def opposite(seat: int) -> int:
    """The 对家: the opponent sitting straight across."""
    return (seat + 3) % PLAYERS


@dataclass(frozen=True)
class MatchOptions:
    """The options of the rules that concern the match (gouji.md §8-§9, §11), by their
    names in ``Rules("gouji")`` and with their defaults."""

    hands_per_match: int = 8
    scoring: tuple[int, ...] = (2, 1, 0, 0, -1, -2)
    no_tribute_after_sweep: bool = True
    laogong_same_team: str = "skip"
    xuandian: bool = False
    first_leader: str = "shangban"
    void_on_two_revolutions: bool = True

    @staticmethod
    def of(rules: Rules) -> MatchOptions:
        _GAME.require(rules, "match")
        return MatchOptions(
            hands_per_match=int(str(rules.option("hands_per_match"))),
            scoring=tuple(int(p) for p in str(rules.option("scoring")).split(",")),
            no_tribute_after_sweep=bool(rules.option("no_tribute_after_sweep")),
            laogong_same_team=str(rules.option("laogong_same_team")),
            xuandian=bool(rules.option("xuandian")),
            first_leader=str(rules.option("first_leader")),
            void_on_two_revolutions=bool(rules.option("void_on_two_revolutions")),
        )


@dataclass(frozen=True)
class Payment:
    """A tribute payment as it was made: kind, payer, receiver, the cards paid (highest
    first) and the cards given back."""

    kind: str
    payer: int
    receiver: int
    cards: tuple[str, ...]
    returned: tuple[str, ...]


@dataclass(frozen=True)
class HandResult:
    """One hand of a match, as it counted."""

    number: int  # 1 for the match's first hand
    seed: int  # the seed of the deal that counted
    voided: int  # deals voided by two revolutions before it (dealt again)
    previous: dict[str, Any] | None  # the result the deal's tribute came from
    tribute: tuple[Payment, ...]
    first_leader: int
    revolutionary: int | None
    finish_order: tuple[int, ...]
    places: tuple[int, ...]  # 头科 ... 大落
    points: tuple[int, ...]  # by seat
    team_points: tuple[int, int]
    sweep_team: int | None
    totals: tuple[int, ...]  # each seat's points after the hand
    team_totals: tuple[int, int]
    result: dict[str, Any]  # what the next hand's tribute comes from
    plies: int
    record: dict[str, Any] | None = field(default=None, repr=False)


class GoujiMatch(Match[HandResult]):
    """``hands`` hands of Gouji (default: the rules' ``hands_per_match``) between teams
    0 (seats 0, 2, 4) and 1 (seats 1, 3, 5); ``agents[s]`` plays seat s.

    ``previous`` starts the match as if after a hand with that result (a
    ``GoujiOutcome.result``), so its first hand pays tribute; None: a new match.
    ``seed`` None draws a fresh one (kept in ``seed``). ``max_voids`` bounds the void
    hands dealt again in a row before the match gives up with an error.
    """

    last_deal: GoujiDeal | None

    def __init__(
        self,
        rules: Rules,
        agents: Sequence[AgentLike],
        hands: int | None = None,
        seed: int | None = None,
        *,
        previous: Mapping[str, Any] | None = None,
        keep_records: bool = False,
        on_move: MoveObserver | None = None,
        max_voids: int = 100,
    ) -> None:
        _check.rules("rules", rules)
        self.options = MatchOptions.of(rules)
        agents = _check.agents("agents", agents)
        if hands is not None:
            hands = _check.count("hands", hands)
        if len(agents) != PLAYERS:
            raise GanzdyError(f"{len(agents)} agents for the 6 seats of Gouji")
        if hands is None:
            hands = self.options.hands_per_match
        if isinstance(hands, bool) or not isinstance(hands, int) or hands < 0:
            raise GanzdyError(f"hands={hands!r}: expected a whole number of hands")
        self._start(rules, agents, seed, on_move)
        self.hands = hands
        self.keep_records = _check.flag("keep_records", keep_records)
        self.max_voids = _check.count("max_voids", max_voids)
        self.deals_dealt = 0
        if previous is not None:
            _check.instance("previous", previous, Mapping, "a hand result (a dict) or None")
        self.previous: dict[str, Any] | None = None if previous is None else dict(previous)
        self.totals = [0] * PLAYERS
        if self.previous is not None:
            self.next_deal()  # a bad result fails here, not in the first hand

    @property
    def finished(self) -> bool:
        return len(self.results) >= self.hands

    @property
    def team_totals(self) -> tuple[int, int]:
        return (sum(self.totals[0::2]), sum(self.totals[1::2]))

    @property
    def winner(self) -> int | None:
        """The team ahead on points once the match is over; None before, or on a tie."""
        if not self.finished:
            return None
        a, b = self.team_totals
        return None if a == b else (0 if a > b else 1)

    def next_deal(self) -> GoujiDeal:
        """The next deal, dealt but not played, its tribute from the last hand's result."""
        return GoujiDeal(self.rules, deal_seed(self.seed, self.deals_dealt), previous=self.previous)

    def play_next(self) -> HandResult:
        """Play the next hand (dealing again after void hands) and return how it counted."""
        if self.finished:
            raise GanzdyError(f"the match is over after {len(self.results)} hands")
        voided = 0
        while True:
            seed = deal_seed(self.seed, self.deals_dealt)
            deal = drive(self.next_deal(), self.agents, on_move=self.on_move)
            self.deals_dealt += 1
            self.last_deal = deal
            if not deal.outcome.void_hand:
                break
            voided += 1
            if voided > self.max_voids:
                raise GanzdyError(f"{voided} void hands in a row (two revolutions each)")
        result = self._count(deal, seed, voided)
        self.results.append(result)
        self.previous = result.result
        return result

    def _count(self, deal: GoujiDeal, seed: int, voided: int) -> HandResult:
        # The deal scores the hand and takes its tribute (gouji.md §8-§9); the match only
        # adds the points up.
        outcome = deal.outcome
        places = list(outcome.places)
        points = list(outcome.points)
        self.totals = [t + p for t, p in zip(self.totals, points, strict=True)]
        first_leader = deal.first_leader
        return HandResult(
            number=len(self.results) + 1,
            seed=seed,
            voided=voided,
            previous=self.previous,
            tribute=tuple(
                Payment(p.kind, p.payer, p.receiver, tuple(p.cards), tuple(p.returned))
                for p in deal.tribute
            ),
            first_leader=-1 if first_leader is None else first_leader,
            revolutionary=outcome.revolutionary,
            finish_order=tuple(outcome.finish_order),
            places=tuple(places),
            points=tuple(points),
            team_points=outcome.team_points,
            sweep_team=outcome.sweep_team,
            totals=tuple(self.totals),
            team_totals=self.team_totals,
            result=outcome.result,
            plies=deal.ply,
            record=to_record(deal, [agent_name(a) for a in self.agents])
            if self.keep_records
            else None,
        )


MATCH = GoujiMatch


def previous_hand(seed: int, deck: int) -> dict[str, Any]:
    """The result of the hand before a Gouji arena deck (for its tribute): a random order
    of the six seats as places, and each seat but the 头科 点-ed with probability 1/3,
    drawn from the arena seed and the deck."""
    seed, deck = _check.integral("seed", seed), _check.integral("deck", deck)
    rng = random.Random(derive_seed(seed, 4, deck))
    places = list(range(6))
    rng.shuffle(places)
    return {"places": places, "pointed": sorted(s for s in places[1:] if rng.random() < 1 / 3)}


def arena_deal(
    rules: Rules, seed: int, dealer: int, arena_seed: int, deck: int | None
) -> GoujiDeal:
    """An arena hand shuffled from ``seed``: after a random previous hand
    (``previous_hand``) of arena deck ``deck``, so tribute is paid; a first hand when
    ``deck`` is None. Gouji has no dealer: ``dealer`` is not used."""
    _check.rules("rules", rules)
    seed = _check.integral("seed", seed)
    _check.integral("dealer", dealer)
    arena_seed = _check.integral("arena_seed", arena_seed)
    deck = _check.optional_integral("deck", deck)
    previous = None if deck is None else previous_hand(arena_seed, deck)
    return GoujiDeal(rules, seed, previous=previous)


def arena_score(deal: GoujiDeal) -> tuple[int | None, bool, tuple[int, ...]]:
    """The best-placed seat of the winning team (None, drawn, on equal team points or a
    hand voided by two revolutions), and each seat's points: its team's."""
    _check.instance("deal", deal, GoujiDeal, "a GoujiDeal")
    outcome = deal.outcome
    team = outcome.winning_team
    winner = None if team is None else next(s for s in outcome.places if s % 2 == team)
    team_points = outcome.team_points
    return winner, winner is None, tuple(team_points[s % 2] for s in range(deal.players))


__all__ = [
    "MATCH",
    "PLACE_NAMES",
    "GoujiMatch",
    "HandResult",
    "MatchOptions",
    "Payment",
    "arena_deal",
    "arena_score",
    "previous_hand",
]
