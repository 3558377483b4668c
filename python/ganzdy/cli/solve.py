"""``ganzdy solve``: an endgame solved exactly (Gan Deng Yan)."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from typing import TextIO

from ganzdy import records
from ganzdy._core import GanDengYanDeal, GanzdyError, solve
from ganzdy.games import DEFAULT_GAME
from ganzdy.options import parse_options
from ganzdy.solver import format_position, parse_position


def _record_position(deal: GanDengYanDeal, ply: int | None) -> GanDengYanDeal:
    """The position of a recorded deal to solve: after `ply` moves, else the deal's end
    when it is unfinished with the stock empty, else where the stock ran out."""
    moves = [move for _, move in deal.history]
    if ply is not None and not 0 <= ply <= len(moves):
        raise GanzdyError(f"--ply {ply} is not in the record: it has {len(moves)} moves")
    if ply is None and not deal.is_terminal and deal.stock_size == 0:
        return deal
    while deal.history:
        deal.pop()
    for move in moves:
        if (ply is None and deal.stock_size == 0) or deal.ply == ply:
            break
        deal.push(move)
    if deal.stock_size > 0:
        raise GanzdyError(
            f"the stock still holds {deal.stock_size} cards at ply {deal.ply} of the record; "
            "the solver needs an empty stock (pick a later position with --ply)"
        )
    return deal


class _SolveProgress:
    """Nodes and nodes per second on one stderr line, rewritten about once a second
    (unless quiet); Ctrl-C stops the search at the next call, keeping its answer."""

    def __init__(self, stream: TextIO, quiet: bool) -> None:
        self.stream = stream
        self.quiet = quiet
        self.shown = False
        self.interrupted = False

    def interrupt(self, signum: int, frame: object) -> None:
        self.interrupted = True

    def __call__(self, nodes: int, seconds: float) -> bool:
        if not self.quiet:
            rate = nodes / seconds if seconds > 0 else 0.0
            line = f"\rsolving: {nodes:,} nodes, {seconds:.0f} s, {rate:,.0f} nodes/s "
            self.stream.write(line)
            self.stream.flush()
            self.shown = True
        return not self.interrupted

    def close(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()


def run(args: argparse.Namespace) -> int:
    options = parse_options(args.option)
    if os.path.isfile(args.position):
        if args.option or args.game is not None:
            raise GanzdyError("a record names its own rules: leave out --game and --option")
        recorded = records.load(args.position)
        if not isinstance(recorded, GanDengYanDeal):
            raise GanzdyError(
                f"{args.position}: the solver solves Gan Deng Yan deals, not {recorded.rules}"
            )
        deal = _record_position(recorded, args.ply)
        where = f"{args.position}, ply {deal.ply}"
    elif "|" in args.position:
        if args.ply is not None:
            raise GanzdyError("--ply picks a position of a record, not of a position text")
        deal = parse_position(args.position, game=args.game or DEFAULT_GAME, options=options)
        where = "position"
    else:
        raise GanzdyError(
            f"{args.position!r} is neither a record file nor a position "
            "(hands separated by '|', e.g. '5s 6s BJ | 7h 7d ; to_act=0')"
        )
    print(f"{where}: {format_position(deal)}")
    print(f"rules: {deal.rules}")
    progress = _SolveProgress(sys.stderr, args.quiet)
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, progress.interrupt) if main_thread else None
    try:
        result = solve(
            deal,
            seat=args.seat,
            max_nodes=args.max_nodes,
            time_limit=args.time_limit,
            progress=progress,
        )
    finally:
        if main_thread:
            signal.signal(signal.SIGINT, previous)
        progress.close()
    interrupted = progress.interrupted and not result.complete
    if interrupted:
        print("interrupted: the answer so far")
    seat = result.seat
    together = "the other seat" if deal.players == 2 else "the other seats together"
    if not result.complete:
        print(f"value: unknown: the search stopped before it settled whether seat {seat} wins")
        label = "most promising move"
    elif result.win:
        print(f"value: seat {seat} can force going out first, whatever {together} play")
        label = "best move"
    else:
        print(f"value: seat {seat} cannot force going out first: {together} can stop it")
        label = "best move"
    if deal.players > 2:
        print("(the other seats are assumed to play together against it: the paranoid value)")
    if result.best_move is None:
        print("best move: none, the deal is decided")
    else:
        print(f"{label}: seat {deal.current_player} plays {result.best_move}")
        print("line:" if result.complete else "most promising line:")
        line = deal.copy(history=False)
        for number, move in enumerate(result.pv, 1):
            print(f"  {number:>3}. seat {line.current_player}: {move}")
            line.push(move)
        if result.complete:
            outcome = line.outcome
            if outcome.finish_order:
                print(f"  seat {outcome.finish_order[0]} is out first")
            elif outcome.over:
                print("  nobody can lead: the deal is drawn")
    rate = result.nodes / result.seconds if result.seconds > 0 else 0.0
    print(f"search: {result.nodes:,} nodes in {result.seconds:.3f} s ({rate:,.0f} nodes/s)")
    return 130 if interrupted else 0  # the shell's code for Ctrl-C
