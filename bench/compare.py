"""Side-by-side speed of ganzdy and its peers, measured in one run on one machine.

    pip install ".[bench]" && python bench/compare.py [--quick]

Peers: OpenSpiel's C++ Dou Dizhu behind pybind11 (``open_spiel``) and RLCard's
pure-Python Dou Dizhu (``rlcard``). The games differ (Gan Deng Yan here, Dou Dizhu
there), so every figure is per decision or per call, the unit the peers share.
Each figure is the median of several timed rounds; the ratio column is ganzdy over
the peer (higher is better for ganzdy). A peer that is not installed is reported as
missing rather than silently skipped.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

import ganzdy

RULES = ganzdy.Rules("gan_deng_yan", players=4)


@dataclass
class Row:
    what: str
    unit: str
    ganzdy: float
    peer_name: str
    peer: float | None
    higher_is_better: bool = True
    paired_ratio: float | None = None  # median of per-round ratios, when measured in pairs

    @property
    def ratio(self) -> float | None:
        if self.paired_ratio is not None:
            return self.paired_ratio
        if self.peer is None or self.peer == 0:
            return None
        return self.ganzdy / self.peer if self.higher_is_better else self.peer / self.ganzdy


def paired_rates(
    ours: Callable[[], int], theirs: Callable[[], int], rounds: int
) -> tuple[float, float, float]:
    """Alternate ganzdy and a peer round by round, so both see the same machine load.

    Returns the median rate of each and the median of the per-round ratios.
    """
    mine, peer, ratios = [], [], []
    for _ in range(rounds):
        a = median_rate(ours, 1)
        b = median_rate(theirs, 1)
        mine.append(a)
        peer.append(b)
        ratios.append(a / b)
    return statistics.median(mine), statistics.median(peer), statistics.median(ratios)


def median_rate(run: Callable[[], int], rounds: int) -> float:
    """Median of `rounds` measurements of units per second; `run` returns the units it did."""
    rates = []
    for _ in range(rounds):
        start = time.perf_counter()
        units = run()
        rates.append(units / (time.perf_counter() - start))
    return statistics.median(rates)


def median_time(run: Callable[[], None], calls: int, rounds: int) -> float:
    """Median ns per call over `rounds` rounds of `calls` calls."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(calls):
            run()
        times.append((time.perf_counter() - start) / calls * 1e9)
    return statistics.median(times)


# --- ganzdy -------------------------------------------------------------------


def ganzdy_python_random(deals: int, seed: int) -> int:
    rng = random.Random(seed)
    decisions = 0
    for i in range(deals):
        deal = RULES.new_deal(seed=seed * 100_003 + i, dealer=i % 4)
        while not deal.is_terminal:
            ids = deal.legal_ids()
            deal.apply_id(int(ids[rng.randrange(len(ids))]))
            decisions += 1
    return decisions


def ganzdy_cpp_random(deals: int, seed: int, threads: int) -> int:
    result = ganzdy.playouts(RULES, deals, agents="random", seed=seed, threads=threads)
    return int(result["plies"].sum())


def ganzdy_sample_states(count: int, seed: int) -> tuple[list[ganzdy.GanDengYanDeal], list[ganzdy.GanDengYanDeal]]:
    """Leads and follows met in random play."""
    rng = random.Random(seed)
    leads: list[ganzdy.GanDengYanDeal] = []
    follows: list[ganzdy.GanDengYanDeal] = []
    i = 0
    while len(leads) < count or len(follows) < count:
        deal = RULES.new_deal(seed=seed + i, dealer=i % 4)
        i += 1
        while not deal.is_terminal:
            target = leads if deal.table.is_pass else follows
            if len(target) < count and rng.random() < 0.2:
                target.append(deal.copy())
            ids = deal.legal_ids()
            deal.apply_id(int(ids[rng.randrange(len(ids))]))
    return leads, follows


# --- OpenSpiel ------------------------------------------------------------------


def openspiel_available() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def openspiel_python_random(games: int, seed: int) -> int:
    import pyspiel

    game = pyspiel.load_game("dou_dizhu")
    rng = random.Random(seed)
    decisions = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            decisions += 1
    return decisions


def openspiel_cpp_random(games: int, seed: int, decisions_per_game: float) -> int:
    import pyspiel

    game = pyspiel.load_game("dou_dizhu")
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(game.num_players())]
    for _ in range(games):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
    return round(games * decisions_per_game)


def openspiel_sample_states(count: int, seed: int) -> list[object]:
    import pyspiel

    game = pyspiel.load_game("dou_dizhu")
    rng = random.Random(seed)
    states: list[object] = []
    while len(states) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(states) < count:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if rng.random() < 0.2:
                states.append(state.clone())
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
    return states


# --- RLCard ---------------------------------------------------------------------


def rlcard_available() -> bool:
    try:
        import rlcard  # noqa: F401
    except ImportError:
        return False
    return True


def rlcard_python_random(games: int, seed: int) -> int:
    import rlcard

    env = rlcard.make("doudizhu", config={"seed": seed})
    rng = random.Random(seed)
    decisions = 0
    for _ in range(games):
        state, _player = env.reset()
        while not env.is_over():
            actions = list(state["legal_actions"].keys())
            state, _player = env.step(actions[rng.randrange(len(actions))])
            decisions += 1
    return decisions


# --- the table ------------------------------------------------------------------


def measure(quick: bool) -> list[Row]:
    rounds = 3 if quick else 7
    scale = 1 if quick else 4
    rows: list[Row] = []
    has_os = openspiel_available()
    has_rl = rlcard_available()

    def py_ours() -> int:
        return ganzdy_python_random(10 * scale, 1)

    g_py = median_rate(py_ours, rounds)
    if has_os:
        g, o, ratio = paired_rates(py_ours, lambda: openspiel_python_random(20 * scale, 1), rounds)
        rows.append(
            Row(
                "random play driven from Python",
                "decisions/s",
                g,
                "OpenSpiel dou_dizhu",
                o,
                True,
                ratio,
            )
        )
    else:
        rows.append(
            Row("random play driven from Python", "decisions/s", g_py, "OpenSpiel dou_dizhu", None)
        )
    if has_rl:
        g, o, ratio = paired_rates(py_ours, lambda: rlcard_python_random(5 * scale, 1), rounds)
        rows.append(
            Row(
                "random play driven from Python",
                "decisions/s",
                g,
                "RLCard doudizhu",
                o,
                True,
                ratio,
            )
        )
    else:
        rows.append(
            Row("random play driven from Python", "decisions/s", g_py, "RLCard doudizhu", None)
        )

    def cpp_ours() -> int:
        return ganzdy_cpp_random(1000 * scale, 1, 1)

    if has_os:
        per_game = openspiel_python_random(50, 7) / 50
        g, o, ratio = paired_rates(
            cpp_ours, lambda: openspiel_cpp_random(150 * scale, 1, per_game), rounds
        )
        rows.append(
            Row(
                "random play inside C++, 1 thread",
                "decisions/s",
                g,
                "OpenSpiel evaluate_bots",
                o,
                True,
                ratio,
            )
        )
    else:
        rows.append(
            Row(
                "random play inside C++, 1 thread",
                "decisions/s",
                median_rate(cpp_ours, rounds),
                "OpenSpiel",
                None,
            )
        )

    leads, follows = ganzdy_sample_states(200, 11)
    calls = len(leads)
    lead_ns = median_time(lambda: [d.legal_ids() for d in leads], 1, rounds) / calls
    follow_ns = median_time(lambda: [d.legal_ids() for d in follows], 1, rounds) / calls
    os_states = openspiel_sample_states(200, 11) if has_os else []
    os_legal = (
        median_time(lambda: [s.legal_actions() for s in os_states], 1, rounds) / len(os_states)  # type: ignore[attr-defined]
        if has_os
        else None
    )
    rows.append(
        Row(
            "legal-move query from Python, lead",
            "ns/call",
            lead_ns,
            "OpenSpiel legal_actions",
            os_legal,
            False,
        )
    )
    rows.append(
        Row(
            "legal-move query from Python, follow",
            "ns/call",
            follow_ns,
            "OpenSpiel legal_actions",
            os_legal,
            False,
        )
    )
    cpp_lead = statistics.median(
        ganzdy._core.time_generation(RULES, d.hand(d.current_player), None, 200, 1)[0]
        for d in leads[:50]
    )
    cpp_follow = statistics.median(
        ganzdy._core.time_generation(RULES, d.hand(d.current_player), d.table, 200, 1)[0]
        for d in follows[:50]
    )
    rows.append(
        Row("legal-move generation inside C++, lead", "ns/call", cpp_lead, "-", None, False)
    )
    rows.append(
        Row("legal-move generation inside C++, follow", "ns/call", cpp_follow, "-", None, False)
    )

    g_copy = median_time(lambda: [d.copy() for d in follows], 1, rounds) / calls
    os_clone = (
        median_time(lambda: [s.clone() for s in os_states], 1, rounds) / len(os_states)  # type: ignore[attr-defined]
        if has_os
        else None
    )
    rows.append(
        Row("state copy from Python", "ns/call", g_copy, "OpenSpiel clone", os_clone, False)
    )
    g_copy_bare = median_time(lambda: [d.copy(history=False) for d in follows], 1, rounds) / calls
    rows.append(
        Row(
            "state copy from Python, history=False",
            "ns/call",
            g_copy_bare,
            "OpenSpiel clone",
            os_clone,
            False,
        )
    )
    mid = [d for d in follows if d.ply >= 60][:20] or follows[:20]
    cpp_copy = statistics.median(ganzdy._core.time_copy(d, True, 2000, 3) for d in mid)
    cpp_copy_bare = statistics.median(ganzdy._core.time_copy(d, False, 2000, 3) for d in mid)
    cpp_undo = statistics.median(ganzdy._core.time_apply_undo(d, 2000, 3) for d in mid)
    rows.append(Row("state copy inside C++ (ply >= 60)", "ns/call", cpp_copy, "-", None, False))
    rows.append(
        Row("state copy inside C++, history=False", "ns/call", cpp_copy_bare, "-", None, False)
    )
    rows.append(Row("apply + undo inside C++", "ns/call", cpp_undo, "-", None, False))

    # Thread counts alternate round by round, so a slow phase of the machine
    # lands on all of them; the ratio is the median of each round's own ratio.
    cores = os.cpu_count() or 1
    counts = sorted({1, 2, cores})
    deals = 500 * scale * (4 if not quick else 1)
    per_round: dict[int, list[float]] = {t: [] for t in counts}
    for _ in range(rounds):
        for t in counts:
            per_round[t].append(
                median_rate(lambda t=t: ganzdy_cpp_random(deals, 3, t) and deals, 1)
            )
    scaling = {t: statistics.median(per_round[t]) for t in counts}
    ratios = [many / one for many, one in zip(per_round[cores], per_round[1], strict=True)]
    rows.append(
        Row(
            f"playouts scaling, {cores} threads vs 1",
            "deals/s",
            scaling[cores],
            "ganzdy 1 thread",
            scaling[1],
            True,
            statistics.median(ratios),
        )
    )
    SCALING.update(scaling)
    return rows


SCALING: dict[int, float] = {}


def plot_scaling(path: str) -> None:
    """Deals per second against thread count, as a PNG (needs matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    threads = sorted(SCALING)
    fig, ax = plt.subplots(figsize=(5, 3.5), dpi=120)
    ax.plot(threads, [SCALING[t] for t in threads], marker="o", label="ganzdy.playouts (random)")
    ax.plot(
        threads, [SCALING[1] * t for t in threads], linestyle="--", color="grey", label="linear"
    )
    ax.set_xlabel("threads")
    ax.set_ylabel("deals per second")
    ax.set_xticks(threads)
    ax.set_title("Gan Deng Yan, 4 players, random play")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)


def print_table(rows: list[Row]) -> None:
    print(
        f"{'measure':44s} {'unit':12s} {'ganzdy':>12s}  {'peer':26s} {'peer value':>12s} {'ratio':>8s}"
    )
    for r in rows:
        peer = f"{r.peer:12.1f}" if r.peer is not None else f"{'missing':>12s}"
        ratio = f"{r.ratio:7.1f}x" if r.ratio is not None else f"{'-':>8s}"
        print(f"{r.what:44s} {r.unit:12s} {r.ganzdy:12.1f}  {r.peer_name:26s} {peer} {ratio}")


def print_markdown(rows: list[Row]) -> None:
    print("| measure | unit | ganzdy | peer | peer value | ratio |")
    print("|---|---|---:|---|---:|---:|")
    for r in rows:
        peer = f"{r.peer:,.0f}" if r.peer is not None else ""
        ratio = f"{r.ratio:.1f}x" if r.ratio is not None else ""
        name = r.peer_name if r.peer is not None else ""
        print(f"| {r.what} | {r.unit} | {r.ganzdy:,.0f} | {name} | {peer} | {ratio} |")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="fewer, shorter rounds (CI)")
    parser.add_argument("--plot", metavar="PNG", help="write the thread-scaling plot here")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = parser.parse_args()
    print(
        f"machine: {os.cpu_count()} cores, {platform.processor() or platform.machine()}, Python {platform.python_version()}"
    )
    rows = measure(args.quick)
    (print_markdown if args.markdown else print_table)(rows)
    if args.plot:
        plot_scaling(args.plot)
        print(f"plot: {args.plot}")


if __name__ == "__main__":
    main()
