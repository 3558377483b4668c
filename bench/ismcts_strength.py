"""ISMCTS against three greedy players over duplicate deals, in several processes.

Every deck (group g) is played four times, with the ISMCTS agent at seat 0, 1, 2
and 3 in turn and GreedyAgents at the other seats: deck g is shuffled from
``deal_seed(seed, g)`` and dealt by seat g mod 4, as ``ganzdy.arena`` deals its
rotations. One JSON line per deal is appended to ``--out`` as soon as its deck is
done, so a run that stops keeps what it played, and a run given the same file
resumes where it stopped. ``--report`` prints the figures of a results file:
win rate and points per deal with 95% confidence intervals (by decks, since the four
deals of a deck are not independent), against the fair share of 1/4 and 0 points.

    python bench/ismcts_strength.py --decks 500 --workers 2 --out ismcts_vs_greedy.jsonl
    python bench/ismcts_strength.py --report ismcts_vs_greedy.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import ganzdy
from ganzdy.match import derive_seed

PLAYERS = 4


class Counting:
    """Wraps an ISMCTS agent to add up its searches, their seconds and iterations."""

    name = "ismcts"

    def __init__(self, agent: ganzdy.ISMCTS) -> None:
        self.agent = agent
        self.searches = 0
        self.seconds = 0.0
        self.iterations = 0

    def act(self, view: ganzdy.SeatView) -> ganzdy.Move:
        move = self.agent.act(view)
        result = self.agent.last_result
        if result is not None:
            self.searches += 1
            self.seconds += result.seconds
            self.iterations += result.iterations
        return move


def play_deck(job: tuple[int, int, dict[str, Any]]) -> list[dict[str, Any]]:
    """The four deals of deck `group`, ISMCTS at each seat in turn."""
    group, seed, params = job
    rules = ganzdy.Rules("gan_deng_yan", players=PLAYERS)
    shuffle, dealer = ganzdy._core.deal_seed(seed, group), group % PLAYERS
    rows = []
    for seat in range(PLAYERS):
        searcher = Counting(ganzdy.ISMCTS(seed=derive_seed(seed, group, seat), **params))
        agents: list[ganzdy.Agent] = [ganzdy.GreedyAgent() for _ in range(PLAYERS)]
        agents[seat] = searcher
        deal = ganzdy.play_deal(rules, agents, shuffle, dealer)
        outcome = deal.outcome
        rows.append(
            {
                "deck": group,
                "seat": seat,
                "dealer": dealer,
                "drawn": outcome.drawn,
                "winner": outcome.winner,
                "points": outcome.points,
                "plies": deal.ply,
                "searches": searcher.searches,
                "search_seconds": round(searcher.seconds, 6),
                "iterations": searcher.iterations,
            }
        )
    return rows


def _mean_ci(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def report(path: Path) -> dict[str, Any]:
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    decks: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        decks.setdefault(row["deck"], []).append(row)
    complete = {g: r for g, r in decks.items() if len(r) == PLAYERS}
    deals = [row for g in sorted(complete) for row in complete[g]]
    wins = [float(row["winner"] == row["seat"]) for row in deals]
    points = [float(row["points"][row["seat"]]) for row in deals]
    # Per deck: the mean of its four deals, the unit of the confidence intervals.
    deck_wins = [statistics.fmean(wins[i : i + PLAYERS]) for i in range(0, len(deals), PLAYERS)]
    deck_points = [statistics.fmean(points[i : i + PLAYERS]) for i in range(0, len(deals), PLAYERS)]
    win_rate, win_ci = _mean_ci(deck_wins)
    points_mean, points_ci = _mean_ci(deck_points)
    naive_win_ci = 1.96 * math.sqrt(win_rate * (1 - win_rate) / max(len(deals), 1))
    searches = sum(row["searches"] for row in deals)
    seconds = sum(row["search_seconds"] for row in deals)
    iterations = sum(row["iterations"] for row in deals)
    figures = {
        "decks": len(complete),
        "deals": len(deals),
        "drawn": sum(row["drawn"] for row in deals),
        "win_rate": win_rate,
        "win_rate_ci": win_ci,
        "win_rate_ci_independent": naive_win_ci,
        "points_per_deal": points_mean,
        "points_ci": points_ci,
        "searches": searches,
        "ms_per_search": 1000 * seconds / searches if searches else 0.0,
        "iterations_per_second": iterations / seconds if seconds else 0.0,
    }
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=500, help="decks, 4 deals each (default 500)")
    parser.add_argument("--seed", type=int, default=2024, help="run seed (default 2024)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--out", type=Path, help="JSON lines file to append to (and resume)")
    parser.add_argument(
        "--agent",
        default="",
        help="ISMCTS parameters as key=value:key=value (default: the agent's defaults)",
    )
    parser.add_argument("--report", type=Path, help="print the figures of a results file")
    args = parser.parse_args(argv)
    if args.report:
        print(json.dumps(report(args.report), indent=2))
        return 0
    if args.out is None:
        parser.error("--out is required to run")
    spec = "ismcts" + (":" + args.agent if args.agent else "")
    probe = ganzdy.make_agent(spec)
    assert isinstance(probe, ganzdy.ISMCTS)
    params: dict[str, Any] = {
        "iterations": probe.iterations,
        "time_limit": probe.time_limit,
        "threads": probe.threads,
        "c": probe.c,
        "rollout": probe.rollout,
        "reward": probe.reward,
    }
    done = set()
    if args.out.exists():
        for line in args.out.read_text().splitlines():
            if line.strip():
                done.add(json.loads(line)["deck"])
    jobs = [(g, args.seed, params) for g in range(args.decks) if g not in done]
    print(f"{spec}: {len(jobs)} decks to play ({len(done)} done), {params}", file=sys.stderr)
    start = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool, args.out.open("a") as out:
        for n, rows in enumerate(pool.imap_unordered(play_deck, jobs), 1):
            for row in rows:
                out.write(json.dumps(row) + "\n")
            out.flush()
            if n % 10 == 0 or n == len(jobs):
                rate = n / (time.perf_counter() - start)
                print(f"{n}/{len(jobs)} decks, {rate * 60:.1f} decks/min", file=sys.stderr)
    print(json.dumps(report(args.out), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
