"""``ganzdy replay``: a recorded deal of any game, stepped through forwards and back with
every hand shown (n/p/q at a terminal), or with ``--all`` printed whole as a table (each
game's ``ganzdy.<game>.cli.replay`` prints its own)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ganzdy._core import Move
from ganzdy.agents import PHASE_NAMES
from ganzdy.cli.common import game_cli, load_record, points_text
from ganzdy.deal import Deal
from ganzdy.display.groups import wild_cards
from ganzdy.display.text import Style

_KEYS = "n or Enter: next move, p: back one, a number: go to that move, f/l: first/last, q: quit"


def run(args: argparse.Namespace) -> int:
    # Loading replays and checks the whole record first, so a bad one prints nothing.
    deal, fresh, agents = load_record(args.file)
    step = args.step if args.step is not None else sys.stdin.isatty()
    if not step:
        code: int = game_cli(deal.rules.game).replay(deal, fresh, agents)
        return code
    return step_through(deal, fresh, agents)


def _position(
    replay: Deal, moves: Sequence[tuple[int, Move]], agents: Sequence[str] | None, style: Style
) -> None:
    ply = replay.ply
    if ply:
        seat, move = moves[ply - 1]
        print(f"\n-- move {ply} of {len(moves)}: seat {seat} played {move}")
    else:
        print(f"\n-- the deal as dealt ({len(moves)} moves)")
    phase = str(getattr(replay, "phase", "play"))
    if phase != "play" and not replay.is_terminal:
        print(f"phase: {PHASE_NAMES.get(phase, phase)}")
    table = replay.table
    if not table.is_pass:
        print(f"table: {table} (seat {replay.table_owner})")
    rules = replay.rules
    for seat in range(replay.players):
        hand = [str(c) for c in replay.hand(seat)]
        who = f" ({agents[seat]})" if agents else ""
        turn = "  <- to act" if replay.current_player == seat else ""
        shown = style.cards(hand, wild_cards(rules, hand)) or "(none)"
        print(f"  seat {seat}{who} [{len(hand):>2}]: {shown}{turn}")
    if replay.is_terminal:
        print(f"over: points {points_text(replay.outcome.points)}")


def step_through(deal: Deal, replay: Deal, agents: Sequence[str] | None) -> int:
    """Show the deal as dealt, then move by move as the person asks (from stdin)."""
    moves = list(deal.history)
    style = Style.for_stream(sys.stdout)
    origin = f"seed {deal.seed}" if deal.seed is not None else "an explicit deck"
    print(f"{deal.rules!r}; {origin}; {len(moves)} moves; {_KEYS}")
    _position(replay, moves, agents, style)
    while True:
        try:
            answer = input(f"[{replay.ply}/{len(moves)}] ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            print()
            return 0
        if answer in ("q", "quit"):
            return 0
        target = replay.ply
        if answer in ("", "n", "next"):
            target += 1
        elif answer in ("p", "prev", "back", "b"):
            target -= 1
        elif answer in ("f", "first"):
            target = 0
        elif answer in ("l", "last"):
            target = len(moves)
        elif answer.isdigit():
            target = int(answer)
        else:
            print(f"  {answer!r}? {_KEYS}")
            continue
        if not 0 <= target <= len(moves):
            print(f"  there is no move {target}: the deal has moves 0 to {len(moves)}")
            continue
        while replay.ply > target:
            replay.pop()
        while replay.ply < target:
            replay.push(moves[replay.ply][1])
        _position(replay, moves, agents, style)
