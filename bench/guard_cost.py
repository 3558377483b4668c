"""The per-call cost of the bindings' guards, measured side by side on several builds of
ganzdy (issue 16): a deal shared between threads (sample_world and playout work on a
copy taken with the GIL held), the dispatcher wrapper that quotes the arguments of a
rejected call (``quote_rejected_arguments``, on every bound callable) and the exit gate
(every call that lets the GIL go is counted). Each build is a Python with ganzdy
installed; the builds take turns, round after round, so the machine's load falls on
each alike, and the figures are medians over rounds of each round's median. Calls are
timed in the thread's CPU time, so time the process waits for a core (the machine is
shared) is not counted; caches shared with other work still are.

    python bench/guard_cost.py /path/to/before/bin/python /path/to/after/bin/python

Every timed call's result is checked (a fast wrong answer fails), in every build.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import textwrap

# Runs in each build's Python: ns per call, the median of `repeats` timings of `loops`.
CHILD = """
    import json, random, statistics, sys, time
    import ganzdy

    GAMES = ["gan_deng_yan", "guandan", "gouji"]
    loops, repeats = int(sys.argv[1]), int(sys.argv[2])

    def new_deal(game, seed):
        rules = ganzdy.Rules(game)
        if hasattr(rules, "new_deal"):
            return rules.new_deal(seed=seed)
        kind = {"gan_deng_yan": "GanDengYanDeal", "guandan": "GuandanDeal", "gouji": "GoujiDeal"}
        return getattr(ganzdy, kind[game])(rules, seed)

    def midgame(game, plies=40, seed=5):
        rng = random.Random(seed)
        deal = new_deal(game, seed)
        while deal.ply < plies and not deal.is_terminal:
            deal.push(rng.choice(list(deal.legal_moves)))
        assert not deal.is_terminal
        return deal

    def per_call(f, n):
        times = []
        for _ in range(repeats):
            start = time.thread_time_ns()
            for _ in range(n):
                f()
            times.append((time.thread_time_ns() - start) / n)
        return statistics.median(times)

    out = {}
    for game in GAMES:
        deal = midgame(game)
        move = deal.legal_moves[-1]
        before = deal.hash()
        seat = deal.current_player

        def push_pop():
            deal.push(move)
            deal.pop()

        out[f"{game} push+pop"] = per_call(push_pop, loops)
        assert deal.hash() == before
        assert deal.is_legal(move)
        out[f"{game} is_legal"] = per_call(lambda: deal.is_legal(move), loops)
        out[f"{game} ply"] = per_call(lambda: deal.ply, loops)
        world = deal.sample_world(seat, 7)
        assert world.hand(seat) == deal.hand(seat)
        out[f"{game} sample_world"] = per_call(lambda: deal.sample_world(seat, 7), loops // 20)
    print(json.dumps(out))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pythons", nargs="+", help="the Python of each build, in table order")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--loops", type=int, default=20000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    script = textwrap.dedent(CHILD)
    runs: dict[str, list[dict[str, float]]] = {python: [] for python in args.pythons}
    for _ in range(args.rounds):
        for python in args.pythons:
            done = subprocess.run(
                [python, "-c", script, str(args.loops), str(args.repeats)],
                capture_output=True,
                text=True,
                check=True,
            )
            runs[python].append(json.loads(done.stdout))
    names = list(runs[args.pythons[0]][0])
    medians = {
        python: {name: statistics.median(run[name] for run in rounds) for name in names}
        for python, rounds in runs.items()
    }
    first = args.pythons[0]
    header = "| call | " + " | ".join(f"build {i + 1} ns" for i in range(len(args.pythons)))
    header += " | " + " | ".join(f"{i + 1}/1" for i in range(1, len(args.pythons))) + " |"
    print(header)
    print("|" + "---|" * (1 + 2 * len(args.pythons) - 1))
    for name in names:
        cells = [f"{medians[python][name]:.0f}" for python in args.pythons]
        ratios = [
            f"{medians[python][name] / medians[first][name]:.3f}" for python in args.pythons[1:]
        ]
        print(f"| {name} | " + " | ".join(cells + ratios) + " |")
    for i, python in enumerate(args.pythons):
        print(f"build {i + 1}: {python}", file=sys.stderr)
    print(f"{args.rounds} rounds, builds alternating", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
