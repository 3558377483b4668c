"""OpenSpiel's MCTSBot and ISMCTSBot against uniform random bots on Gan Deng Yan.

    pip install ".[openspiel]" && python bench/openspiel_strength.py [--deals 40]

Each searching bot plays ``--deals`` deals against uniform random bots
(``pyspiel.make_uniform_random_bot``), seated at every seat in turn, and the script
prints its mean points per deal with a 95% interval and its win rate, next to what a
uniform random bot scores in its place (zero points and 1 / players wins on average).
MCTSBot searches the real state, every hand and the stock order included (a
perfect-information search: it cheats); ISMCTSBot searches worlds resampled from what
its seat knows. Both evaluate leaves with ``PlayoutEvaluator`` (random playouts in
ganzdy's C++); ``--rollouts`` switches to OpenSpiel's ``RandomRolloutEvaluator``.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ganzdy.env import openspiel as gos


def play(game: Any, make_bot: Any, deals: int, seed: int) -> tuple[list[float], int, float]:
    players = game.num_players()
    points: list[float] = []
    wins = 0
    start = time.perf_counter()
    for d in range(deals):
        seat = d % players
        bot = make_bot(d)
        bots = [
            bot if p == seat else pyspiel.make_uniform_random_bot(p, seed * 1000 + d * 10 + p)
            for p in range(players)
        ]
        state = game.new_initial_state()
        returns = pyspiel.evaluate_bots(state, bots, seed * 1000 + d)
        points.append(returns[seat])
        wins += state.deal.outcome.winner == seat
    return points, wins, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--uct", type=float, default=20.0)
    parser.add_argument("--world-samples", type=int, default=20)
    parser.add_argument("--rollouts", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    for players in args.players:
        game = gos.load_game("gan_deng_yan", players=players)

        def evaluator(rng: np.random.RandomState) -> Any:
            if args.rollouts:
                return mcts.RandomRolloutEvaluator(1, rng)
            return gos.PlayoutEvaluator(1, random_state=rng)

        def make_mcts(d: int, game: Any = game) -> Any:
            rng = np.random.RandomState(args.seed * 7919 + d)
            return mcts.MCTSBot(
                game, args.uct, args.simulations, evaluator(rng), random_state=rng, solve=False
            )

        def make_ismcts(d: int, game: Any = game) -> Any:
            rng = np.random.RandomState(args.seed * 7919 + d)
            bot = ismcts.ISMCTSBot(
                game,
                evaluator(rng),
                args.uct,
                args.simulations,
                max_world_samples=args.world_samples,
                random_state=rng,
            )
            bot.set_resampler(gos.make_resampler(args.seed * 104729 + d))
            return bot

        for name, make in [("MCTSBot", make_mcts), ("ISMCTSBot", make_ismcts)]:
            points, wins, seconds = play(game, make, args.deals, args.seed)
            mean = statistics.fmean(points)
            half = 1.96 * statistics.stdev(points) / math.sqrt(len(points))
            print(
                f"{players} players, {name} ({args.simulations} simulations, uct_c {args.uct}) "
                f"vs random: {mean:+.1f} ± {half:.1f} points a deal, "
                f"wins {wins}/{len(points)} ({wins / len(points):.0%}; random: "
                f"{1 / players:.0%}), {seconds / len(points):.1f} s a deal",
                flush=True,
            )


if __name__ == "__main__":
    main()
