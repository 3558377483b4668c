"""How much of a learner's Monte Carlo target does a greedy playout explain?

``ganzdy train --baseline greedy`` takes from each decision's target ``G`` (the seat's
final reward) what a greedy playout from the decision's true position, ``B``, explains
(``ganzdy.train.baseline``). This measures that on the evaluation's tables: a network's
side against greedy's on ``--decks`` duplicate decks, each side of each deck, every one
of the network's decisions. Per phase of the deal (plies so far), the correlation of
``G`` and ``B`` and the variance of ``G`` before and after the best control variate
(``G - c B``, ``c`` the least-squares slope, a fraction ``1 - rho**2`` of it left); and,
for comparison, one greedy replay of the whole deal from its start (one ``B`` a deal).

    python bench/baseline_correlation.py python/ganzdy/models/guandan.gznn --decks 150 --seed 777
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import numpy.typing as npt

import ganzdy
from ganzdy._core import deal_seed
from ganzdy.agents import make_agent, view_for
from ganzdy.games import game_of
from ganzdy.network import read_network
from ganzdy.train.baseline import greedy_baseline
from ganzdy.train.evaluation import positions
from ganzdy.train.league import LEARNER
from ganzdy.train.reward import seat_rewards

# Plies a row of the table (coarser than training's phases: a few hundred decks).
BANDS = ((0, 10), (10, 20), (20, 40), (40, 60), (60, 10_000))


def describe(label: str, g: npt.NDArray[np.float64], b: npt.NDArray[np.float64]) -> str:
    rho = float(np.corrcoef(g, b)[0, 1]) if g.std() > 0 and b.std() > 0 else 0.0
    return (
        f"{label:>14}: {len(g):6d} decisions  rho {rho:+.3f}  var G {g.var():.4f}  "
        f"left by the control variate {g.var() * (1 - rho * rho):.4f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("network", help="a .gznn network file")
    parser.add_argument("--decks", type=int, default=150)
    parser.add_argument("--seed", type=int, default=777)
    parser.add_argument("--reward", default=None, help="rank or points (default: the file's)")
    args = parser.parse_args(argv)
    header = read_network(args.network).header
    rules = ganzdy.Rules(header["game"], players=int(header["players"]))
    reward = args.reward or header.get("reward", "points")
    match = game_of(rules).match_module
    learned = make_agent(f"learned:path={args.network}")
    greedy = make_agent("greedy")
    start = time.perf_counter()
    rows: list[tuple[int, float, float]] = []  # (ply, B, G) of each decision
    deals: list[tuple[float, float]] = []  # (B from the deal's start, G) of each side
    for deck in range(args.decks):
        for table in positions(rules):
            deal = match.arena_deal(rules, deal_seed(args.seed, deck), deck % rules.players,
                                    args.seed, deck)  # fmt: skip
            mine = [s for s, who in enumerate(table) if who == LEARNER]
            from_start = greedy_baseline(rules, deal, mine[0], reward)
            decisions: list[tuple[int, float]] = []
            while not deal.is_terminal:
                seat = deal.current_player
                if table[seat] == LEARNER:
                    decisions.append((deal.ply, greedy_baseline(rules, deal, seat, reward)))
                    deal.push(learned.act(view_for(deal)))
                else:
                    deal.push(greedy.act(view_for(deal)))
            g = float(seat_rewards(rules, deal.outcome, reward)[mine[0]])
            rows.extend((ply, b, g) for ply, b in decisions)
            deals.append((from_start, g))
    data = np.array(rows, np.float64)
    print(f"{rules.game}, {args.network} against greedy, {args.decks} decks, reward {reward!r}, "
          f"{time.perf_counter() - start:.0f} s")  # fmt: skip
    for low, high in BANDS:
        band = (data[:, 0] >= low) & (data[:, 0] < high)
        if band.sum() > 2:
            print(describe(f"plies {low}-{high}" if high < 10_000 else f"plies {low}+",
                           data[band, 2], data[band, 1]))  # fmt: skip
    print(describe("all", data[:, 2], data[:, 1]))
    whole = np.array(deals, np.float64)
    print(describe("deal's start", whole[:, 1], whole[:, 0]).replace("decisions", "sides    "))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
