"""Is network B stronger than network A? Both play the same duplicate decks against greedy.

Each network plays ``ganzdy train``'s evaluation (its best-scored move, no exploration:
at each seat of a deck in turn in Gan Deng Yan, its team on each side in Guandan and
Gouji, greedy bots everywhere else) on the same ``--decks`` decks from ``--seed``. For
each network: its rating against greedy on the Elo scale with the bootstrap interval
``ganzdy train`` reports. For the pair: B minus A on the Elo scale, with a 95% interval
from resampling the decks, each resample keeping both networks' results on a deck
together. Pairing by deck takes out most of the cards' luck, so this interval is much
narrower than the two ratings' intervals side by side would suggest.

    python bench/paired_networks.py first.gznn second.gznn --decks 3000 --seed 31 --actors 2
"""

from __future__ import annotations

import argparse
import math
import sys
import time

import numpy as np
import numpy.typing as npt

import ganzdy
from ganzdy import network
from ganzdy.ratings import rate
from ganzdy.train.actors import ActorPool
from ganzdy.train.evaluation import DeckScores, deck_scores
from ganzdy.train.learner import read_fitting
from ganzdy.train.weights import QWeights

RESAMPLES = 2000


def load(path: str) -> tuple[ganzdy.Rules, QWeights]:
    """The network file at ``path`` and the rules of the game it was trained for."""
    header = network.read_network(path).header
    rules = ganzdy.Rules(header["game"], players=int(header["players"]))
    saved = read_fitting(path, rules, path)
    return rules, QWeights(
        [(np.asarray(w, np.float32), np.asarray(b, np.float32)) for w, b in saved.layers]
    )


def elo(share: npt.ArrayLike) -> npt.NDArray[np.float64]:
    p = np.asarray(share, np.float64)
    return np.asarray(400.0 * np.log10(p / (1.0 - p)))


def describe(name: str, scores: DeckScores, seed: int) -> str:
    ratings = rate([name, "greedy"], scores.groups, seed=seed, anchor=1)
    low, high = ratings.low[0] - 1500.0, ratings.high[0] - 1500.0
    return (
        f"{name}: Elo vs greedy {ratings.rating[0] - 1500.0:+.1f} [{low:+.1f}, {high:+.1f}], "
        f"won {scores.wins / scores.deals:.1%} of {scores.deals} deals"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a", help="network file A (the baseline)")
    parser.add_argument("b", help="network file B")
    parser.add_argument("--decks", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--actors", type=int, default=0, help="local actor processes (0: here)")
    args = parser.parse_args(argv)
    rules_a, weights_a = load(args.a)
    rules_b, weights_b = load(args.b)
    if (rules_a.game, rules_a.players) != (rules_b.game, rules_b.players):
        print(f"{args.a} and {args.b} play different games", file=sys.stderr)
        return 2
    start = time.perf_counter()
    with ActorPool(actors=args.actors) as pool:
        a = deck_scores(rules_a, weights_a, pool, args.decks, args.seed)
        b = deck_scores(rules_b, weights_b, pool, args.decks, args.seed)
    print(describe(f"A {args.a}", a, args.seed))
    print(describe(f"B {args.b}", b, args.seed))
    rng = np.random.default_rng(args.seed)
    picks = rng.integers(0, args.decks, size=(RESAMPLES, args.decks))
    differences = elo(b.shares[picks].mean(axis=1)) - elo(a.shares[picks].mean(axis=1))
    low, high = np.quantile(differences, [0.025, 0.975])
    difference = float(elo(b.shares.mean()) - elo(a.shares.mean()))
    seconds = time.perf_counter() - start
    print(
        f"B - A: {difference:+.1f} [{low:+.1f}, {high:+.1f}] Elo, paired over {args.decks} decks "
        f"({a.deals} deals each), {seconds:.0f} s"
    )
    return 0 if math.isfinite(difference) else 1


if __name__ == "__main__":
    sys.exit(main())
