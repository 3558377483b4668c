"""Evaluation against the greedy bot on fixed duplicate deals.

Every evaluation deals the same decks (from the evaluation seed), each once per
position of the learner: in Gan Deng Yan the learner (playing its best-scored move,
no exploration) at each seat in turn against greedy bots everywhere else; in the team
games its team on each side. The decks are the arena's (``arena_deal``, so Guandan
and Gouji hands follow a random previous hand and tribute is paid), and each deck is
one group of the ratings' bootstrap, as in ``ganzdy arena``.

Two figures come out: the learner's win rate (its seat, or its team, won the deal; a
drawn deal counts as an equal share) and its rating against greedy on the Elo scale
with a 95% interval (``ganzdy.ratings.rate`` with greedy anchored at 1500, so the
figure is the difference), from the pairwise games ``ganzdy arena`` counts: who
finished ahead of whom in Gan Deng Yan, a hand as one game between the teams in
Guandan and Gouji (``ganzdy.ratings.team_ahead``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ganzdy._core import Rules, deal_seed
from ganzdy.games import game_of
from ganzdy.ratings import finish_ahead, rate, team_ahead
from ganzdy.train.actors import ActorJob, ActorPool, DealSpec
from ganzdy.train.league import GREEDY, LEARNER, learner_seats
from ganzdy.train.weights import QWeights


@dataclass(frozen=True)
class Evaluation:
    """One evaluation: where in training it was, and how the learner did against greedy."""

    steps: int  # learner decisions trained on so far
    deals_trained: int
    seconds: float  # training wall time so far
    deals: int  # evaluation deals played
    win_rate: float
    fair_share: float  # the win rate of a player as good as greedy
    elo: float  # learner minus greedy
    elo_low: float  # 95% interval
    elo_high: float
    imitated: int = 0  # warm-start decisions trained on so far

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def describe(self) -> str:
        return (
            f"win rate {self.win_rate:.3f} (fair {self.fair_share:.3f}), "
            f"Elo vs greedy {self.elo:+.0f} [{self.elo_low:+.0f}, {self.elo_high:+.0f}] "
            f"over {self.deals} deals"
        )


def positions(rules: Rules) -> list[tuple[int, ...]]:
    """The tables of one duplicate deck: the learner at each seat (Gan Deng Yan) or its
    team on each side, greedy everywhere else."""
    teams = bool(game_of(rules).teams)
    players = rules.players
    firsts = range(2) if teams else range(players)
    tables = []
    for first in firsts:
        mine = set(learner_seats(players, teams, first))
        tables.append(tuple(LEARNER if s in mine else GREEDY for s in range(players)))
    return tables


def evaluation_jobs(
    rules: Rules, decks: int, seed: int, weights: QWeights, width: int
) -> Iterator[ActorJob]:
    """The evaluation's deals, in ``width`` jobs or so, deck after deck."""
    specs = []
    for deck in range(decks):
        deck_seed = deal_seed(seed, deck)
        # One dealer a deck: the positions differ only in where the learner sits.
        for table in positions(rules):
            specs.append(DealSpec(deck_seed, deck % rules.players, deck, table))
    size = max(1, -(-len(specs) // width))
    for start in range(0, len(specs), size):
        yield ActorJob(
            rules=rules,
            arena_seed=seed,
            deals=tuple(specs[start : start + size]),
            learner=weights,
            snapshots={},
            epsilon=0.0,
            seed=deal_seed(seed, 1_000_000 + start),
            collect=False,
        )


@dataclass(frozen=True)
class DeckScores:
    """What the learner scored on each evaluation deck against greedy."""

    # [deck, 2, 2]: [0, 1] the pairwise games the learner's seats won against greedy's,
    # [1, 0] greedy's against the learner's (a tie half to each), the deck's group for
    # the ratings' bootstrap.
    groups: npt.NDArray[np.float64]
    wins: float  # deals the learner's seat or team won (a drawn deal as a fair share)
    deals: int

    @property
    def shares(self) -> npt.NDArray[np.float64]:
        """The learner's share of each deck's pairwise games against greedy."""
        won = self.groups[:, 0, 1]
        lost = self.groups[:, 1, 0]
        share: npt.NDArray[np.float64] = won / (won + lost)
        return share


def deck_scores(
    rules: Rules, weights: QWeights, pool: ActorPool, decks: int, seed: int
) -> DeckScores:
    """Play ``decks`` duplicate decks of the evaluation from ``seed`` against greedy."""
    teams = bool(game_of(rules).teams)
    groups = np.zeros((decks, 2, 2))
    wins = 0.0
    played = 0
    jobs = list(evaluation_jobs(rules, decks, seed, weights, pool.width))
    for job, rollout in zip(jobs, pool.run(jobs), strict=True):
        for spec, points, order, winner in zip(
            job.deals, rollout.points, rollout.finish_orders, rollout.winners, strict=True
        ):
            if teams:
                ahead = team_ahead(rules.players, winner)
            else:
                ahead = finish_ahead([int(p) for p in points], order)
            mine = [s for s, who in enumerate(spec.table) if who == LEARNER]
            theirs = [s for s, who in enumerate(spec.table) if who != LEARNER]
            group = groups[spec.deck if spec.deck is not None else 0]
            group[0, 1] += ahead[np.ix_(mine, theirs)].sum()
            group[1, 0] += ahead[np.ix_(theirs, mine)].sum()
            if winner is None:
                wins += 0.5 if teams else 1.0 / rules.players
            elif winner in mine:
                wins += 1.0
            played += 1
    assert played == decks * len(positions(rules))
    return DeckScores(groups, wins, played)


def evaluate(
    rules: Rules,
    weights: QWeights,
    pool: ActorPool,
    decks: int,
    seed: int,
    *,
    steps: int = 0,
    deals_trained: int = 0,
    seconds: float = 0.0,
    bootstrap: int = 1000,
    imitated: int = 0,
) -> Evaluation:
    """Play ``decks`` duplicate decks against greedy and measure the learner."""
    scores = deck_scores(rules, weights, pool, decks, seed)
    ratings = rate(["learned", "greedy"], scores.groups, samples=bootstrap, seed=seed, anchor=1)
    teams = bool(game_of(rules).teams)
    return Evaluation(
        steps=steps,
        deals_trained=deals_trained,
        seconds=seconds,
        deals=scores.deals,
        win_rate=scores.wins / scores.deals,
        fair_share=0.5 if teams else 1.0 / rules.players,
        elo=ratings.rating[0] - ratings.rating[1],
        elo_low=ratings.low[0] - ratings.rating[1],
        elo_high=ratings.high[0] - ratings.rating[1],
        imitated=imitated,
    )
