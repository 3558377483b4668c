"""A Gan Deng Yan (干瞪眼) match: deals in a row with the dealer passed on and points
summed, and how the arena deals and scores one deal.

A deal is the engine's (``GanDengYanDeal``); between deals the next dealer is the
previous winner (or the next seat, under ``next_dealer='rotate'``), and a drawn deal is
dealt again by the same dealer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ganzdy import _check
from ganzdy._core import GanDengYanDeal, GanzdyError, Rules, deal_seed
from ganzdy.agents import agent_name
from ganzdy.games import game_of
from ganzdy.match import AgentLike, Match, MoveObserver, derive_seed, play_deal
from ganzdy.records import to_record

_GAME = game_of("gan_deng_yan")


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


class GanDengYanMatch(Match[DealResult]):
    """Deals in a row between the same agents, with the dealer passed on and points summed.

    The next dealer is the previous deal's winner, or the next seat in the direction
    of play when the rules say ``next_dealer='rotate'``. A drawn deal is dealt again
    by the same dealer with a fresh seed (it does not count as a deal), at most
    ``max_redeals`` times in a row; after that the draw stands with no payments.
    ``first_dealer=None`` picks the first dealer from the seed.
    """

    last_deal: GanDengYanDeal | None

    def __init__(
        self,
        rules: Rules,
        agents: Sequence[AgentLike],
        deals: int = 1,
        seed: int | None = None,
        first_dealer: int | None = None,
        *,
        max_redeals: int = 20,
        keep_records: bool = False,
        on_move: MoveObserver | None = None,
    ) -> None:
        _check.rules("rules", rules)
        agents = _check.agents("agents", agents)
        deals = _check.count("deals", deals)
        max_redeals = _check.count("max_redeals", max_redeals)
        first_dealer = _check.optional_integral("first_dealer", first_dealer)
        _GAME.require(rules, "match")
        if deals < 0 or max_redeals < 0:
            raise GanzdyError("deals and max_redeals must not be negative")
        self._start(rules, agents, seed, on_move)
        self.deals = deals
        if first_dealer is None:
            first_dealer = derive_seed(self.seed, 1) % rules.players
        elif not 0 <= first_dealer < rules.players:
            raise GanzdyError(f"first_dealer={first_dealer} is not a seat of {rules}")
        self.dealer = first_dealer  # who deals the next deal
        self.max_redeals = max_redeals
        self.keep_records = _check.flag("keep_records", keep_records)
        self.points = [0] * rules.players
        self.redeals = 0  # drawn deals re-dealt, over the whole match
        self.dealt = 0  # deals dealt, re-deals included: the index of the next deal seed

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
            assert isinstance(deal, GanDengYanDeal)  # the rules were checked at __init__
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


MATCH = GanDengYanMatch


def arena_deal(
    rules: Rules, seed: int, dealer: int, arena_seed: int, deck: int | None
) -> GanDengYanDeal:
    """An arena deal: shuffled from ``seed``, dealt by ``dealer`` (Gan Deng Yan has no
    tribute, so nothing comes from a previous deal)."""
    _check.rules("rules", rules)
    seed, dealer = _check.integral("seed", seed), _check.integral("dealer", dealer)
    _check.integral("arena_seed", arena_seed)
    _check.optional_integral("deck", deck)
    return GanDengYanDeal(rules, seed, dealer)


def arena_score(deal: GanDengYanDeal) -> tuple[int | None, bool, tuple[int, ...]]:
    """The winner (None when drawn), whether the deal was drawn, and each seat's points."""
    _check.instance("deal", deal, GanDengYanDeal, "a GanDengYanDeal")
    outcome = deal.outcome
    return outcome.winner, outcome.drawn, tuple(outcome.points)


__all__ = ["MATCH", "DealResult", "GanDengYanMatch", "arena_deal", "arena_score"]
