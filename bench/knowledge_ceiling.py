"""How far above greedy can knowing the hidden cards take a planner in Gan Deng Yan?

One planner seat against greedy bots on duplicate decks (the planner at each seat of a
deck in turn). The planner is perfect-information Monte Carlo with the opponents' true
policy: it tries every legal move in each of `--worlds` worlds, finishes each with
greedy play at every seat (which is what the greedy bots will do), and plays the move
with the best mean share of the pairwise games `ganzdy arena` rates (the seats it
finishes ahead of). The worlds differ only in what the planner may know:

- ``uniform``: worlds sampled from its information set (``ganzdy.pimc``, honest);
- ``weighted``: the same, weighted by the others' passes (``sampling="weighted"``);
- ``likelihood``: honest worlds, ``4 * worlds`` drawn and resampled by the likelihood
  of every move the others made under greedy play (epsilon-soft, ``--epsilon``);
- ``hands``: a cheat that sees every hand; only the stock's order is shuffled;
- ``everything``: a cheat that sees the hands and the stock's order (one world).

The two cheats bound what inference about the hidden cards could buy such a planner.
The result is the planner's rating against greedy on the Elo scale, with a normal 95%
interval over the decks (each deck's four deals averaged first).

    python bench/knowledge_ceiling.py hands --decks 500 --worlds 32 --seed 11
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

import ganzdy
from ganzdy import GanDengYanDeal, GanDengYanInformationSet, GanDengYanOutcome, Move
from ganzdy.ratings import finish_ahead

MODES = ("uniform", "weighted", "likelihood", "hands", "everything")


def share(outcome: GanDengYanOutcome, seat: int) -> float:
    """The seat's share of the pairwise games ``ganzdy arena`` rates (finish_ahead)."""
    ahead = finish_ahead(outcome.points, outcome.finish_order)[seat]
    return float(ahead.sum()) / (len(outcome.points) - 1)


def shuffled_stock(deal: GanDengYanDeal, rng: random.Random) -> GanDengYanDeal:
    """The deal itself with the undrawn stock in a random order: its history replayed
    on the deck with the stock's places shuffled."""
    deck = list(deal.deck)
    drawn = len(deck) - deal.stock_size
    stock = deck[drawn:]
    rng.shuffle(stock)
    world = GanDengYanDeal(deal.rules, dealer=deal.dealer, deck=deck[:drawn] + stock)
    for _, move in deal.history:
        world.push(move)
    return world


def greedy_log_likelihood(
    world: GanDengYanDeal, history: Sequence[tuple[int, Move]], seat: int, epsilon: float
) -> float:
    """The log-likelihood of the others' moves under epsilon-greedy play in `world`."""
    replay = GanDengYanDeal(world.rules, dealer=world.dealer, deck=world.deck)
    total = 0.0
    for who, move in history:
        legal = replay.legal_moves
        if who != seat and len(legal) > 1:
            greedy = legal[replay.greedy_index()] == move
            total += math.log(1 - epsilon) if greedy else math.log(epsilon / (len(legal) - 1))
        replay.push(move)
    return total


@dataclass
class Planner:
    """The one-move planner of one mode (see the module's docstring)."""

    mode: str
    worlds: int
    epsilon: float  # the likelihood mode's chance of a move other than greedy's
    rng: random.Random

    def sampled(self, deal: GanDengYanDeal, seat: int) -> list[GanDengYanDeal]:
        if self.mode == "everything":
            return [deal.copy(history=False)]
        if self.mode == "hands":
            return [shuffled_stock(deal, self.rng) for _ in range(self.worlds)]
        info = GanDengYanInformationSet(deal, seat)
        drawn = [info.sample_world(seed=self.rng.getrandbits(62)) for _ in range(4 * self.worlds)]
        logs = [greedy_log_likelihood(w, deal.history, seat, self.epsilon) for w in drawn]
        top = max(logs)
        return self.rng.choices(drawn, weights=[math.exp(x - top) for x in logs], k=self.worlds)

    def choose(self, deal: GanDengYanDeal, seat: int) -> Move:
        moves = list(deal.legal_moves)
        if len(moves) == 1:
            return moves[0]
        if self.mode in ("uniform", "weighted"):
            info = GanDengYanInformationSet(deal, seat)
            seed = self.rng.getrandbits(62)
            return ganzdy.pimc(
                info, worlds=self.worlds, reward="rank", sampling=self.mode, seed=seed
            ).move
        worlds = self.sampled(deal, seat)
        best, best_value = moves[0], -1.0
        for move in dict.fromkeys(moves):  # suit variants are equal moves: try each once
            value = 0.0
            for world in worlds:
                after = world.copy(history=False)
                after.push(move)
                value += share(
                    after.outcome if after.is_terminal else after.playout("greedy"), seat
                )
            if value > best_value:
                best, best_value = move, value
        return best


def elo(p: float) -> float:
    p = min(max(p, 1e-9), 1 - 1e-9)
    return 400 * math.log10(p / (1 - p))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=MODES)
    parser.add_argument("--decks", type=int, default=100)
    parser.add_argument("--worlds", type=int, default=32)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--epsilon", type=float, default=0.05)
    args = parser.parse_args(argv)
    rules = ganzdy.Rules("gan_deng_yan", players=args.players)
    planner = Planner(args.mode, args.worlds, args.epsilon, random.Random(args.seed))
    start = time.perf_counter()
    decks, wins = [], 0
    for d in range(args.decks):
        seed = ganzdy._core.deal_seed(args.seed, d)
        shares = []
        for seat in range(rules.players):
            deal = GanDengYanDeal(rules, seed=seed)
            while not deal.is_terminal:
                if deal.current_player == seat:
                    deal.push(planner.choose(deal, seat))
                else:
                    deal.push(deal.legal_moves[deal.greedy_index()])
            shares.append(share(deal.outcome, seat))
            wins += deal.outcome.winner == seat
        decks.append(statistics.fmean(shares))
    mean = statistics.fmean(decks)
    half = 1.96 * statistics.stdev(decks) / math.sqrt(len(decks))
    print(
        f"{args.mode}, {args.worlds} worlds, {args.decks} decks x {rules.players} seats: "
        f"share {mean:.4f}, Elo {elo(mean):+.0f} [{elo(mean - half):+.0f}, {elo(mean + half):+.0f}] "
        f"against greedy, deals won {wins / (args.decks * rules.players):.3f}, "
        f"{time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
