"""``ganzdy arena``: a round robin of agents over duplicate deals, with ratings."""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from ganzdy import records
from ganzdy._core import GanzdyError
from ganzdy.agents import Quit
from ganzdy.cli.common import agent_specs, rules_from
from ganzdy.deal import Deal
from ganzdy.games import game_of
from ganzdy.match import ArenaInterrupted, ArenaResult, arena
from ganzdy.ratings import plot_ratings


class _Progress:
    """A one-line progress bar on a terminal stream, redrawn at most ten times a second."""

    def __init__(self, total: int, stream: TextIO, width: int = 30) -> None:
        self.total = total
        self.stream = stream
        self.width = width
        self.start = time.perf_counter()
        self.drawn_at = 0.0

    def update(self, done: int) -> None:
        now = time.perf_counter()
        if done < self.total and now - self.drawn_at < 0.1:
            return
        self.drawn_at = now
        filled = self.width * done // max(self.total, 1)
        rate = done / (now - self.start) if now > self.start else 0.0
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\rarena [{bar}] {done}/{self.total} deals, {rate:.0f}/s")
        if done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


# Below this many duplicate decks a percentile bootstrap covers noticeably less than 95%.
_FEW_DECKS = 30


def _arena_backend(args: argparse.Namespace) -> bool | str:
    """What --ray asks for: False (processes), True (a local instance) or an address."""
    if args.ray is None:
        return False
    return args.ray or True


def _check_output(path: str | None, flag: str) -> Path | None:
    # Checked before the run, so a long run is not lost to a typo in a folder name.
    if path is None:
        return None
    out = Path(path)
    if not out.parent.is_dir():
        raise GanzdyError(f"{flag} {path}: the folder {out.parent} does not exist")
    return out


def run(args: argparse.Namespace) -> int:
    specs = agent_specs(args.agents)
    teams = game_of(args.game).teams > 0
    rules = rules_from(args, len(specs) if len(specs) > 1 and not teams else None)
    if not args.tribute and not teams:
        raise GanzdyError("--no-tribute is for Guandan and Gouji: other games have no tribute")
    out = _check_output(args.out, "--out")
    plot = _check_output(args.plot, "--plot")
    if plot is not None and importlib.util.find_spec("matplotlib") is None:
        raise GanzdyError("--plot needs matplotlib: pip install 'ganzdy[plot]'")
    record_dir = Path(args.record) if args.record else None
    if record_dir is not None:
        record_dir.mkdir(parents=True, exist_ok=True)
    progress = None if args.quiet else _Progress(args.deals, sys.stderr)
    width = len(str(args.deals))

    def on_deal(number: int, deal: Deal, seated: Sequence[str]) -> None:
        assert record_dir is not None
        records.save(deal, record_dir / f"deal-{number:0{width}d}.json", seated)

    def on_progress(done: int, total: int) -> None:
        if progress is not None:
            progress.update(done)

    if args.ray is not None and not args.quiet:
        where = f"the Ray cluster at {args.ray}" if args.ray else "a local Ray instance"
        print(f"arena: connecting to {where}", file=sys.stderr)
    try:
        result = arena(
            rules,
            specs,
            args.deals,
            seed=args.seed,
            rotate=args.rotate,
            on_deal=None if record_dir is None else on_deal,
            on_progress=on_progress,
            workers=args.workers,
            ray=_arena_backend(args),
            bootstrap=args.bootstrap,
            tribute=args.tribute,
        )
    except ArenaInterrupted as stop:
        # Ctrl-C or a person quitting: what finished is kept, shown and written, marked partial.
        quit_ = isinstance(stop.__cause__, Quit)
        why = "you quit" if quit_ else "interrupted"
        print(f"\narena: {why} after {stop.result.played} of {args.deals} deals", file=sys.stderr)
        print(stop.result.table(head_to_head=args.head_to_head))
        if out is not None:
            _write(out, stop.result)
        # Quitting at the table is a person's choice, not a failure; Ctrl-C is SIGINT's 130.
        return 0 if quit_ else 130
    if progress is not None and args.deals == 0:
        progress.update(0)
    print(result.table(head_to_head=args.head_to_head))
    schedule = result.schedule
    if not args.quiet and schedule is not None and not schedule.balanced(args.deals):
        print(
            f"note: {args.deals} deals are not a whole number of rounds of {schedule.round} "
            "(every table in every rotation of one deck), so seats and meetings are not "
            "exactly even",
            file=sys.stderr,
        )
    if not args.quiet and result.ratings is not None and 0 < result.ratings.groups < _FEW_DECKS:
        print(
            f"note: the ratings' intervals rest on {result.ratings.groups} duplicate decks "
            f"only, and are rough below {_FEW_DECKS}",
            file=sys.stderr,
        )
    if record_dir is not None:
        print(f"records of the {args.deals} deals in {record_dir}/")
    if out is not None:
        _write(out, result)
    if plot is not None:
        assert result.ratings is not None
        title = f"{len(specs)} agents, {args.deals} deals of {rules}, seed {result.seed}"
        plot_ratings(result.ratings, plot, title)
        print(f"ratings plot in {plot}")
    return 0


def _write(out: Path, result: ArenaResult) -> None:
    out.write_text(json.dumps(result.to_json(), indent=2) + "\n", encoding="utf-8")
    kept = f" (partial: {result.played} of {result.deals} deals)" if result.partial else ""
    print(f"results in {out}{kept}")
