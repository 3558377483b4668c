"""``ganzdy play``: a match against bots at the terminal, in any game.

The game is played at a ``ganzdy.web.table.Table``, the web app's table of bots, so the
terminal and the browser share how a person's seat, the bots, undo and the match between
deals work; each game's ``ganzdy.<game>.cli`` says what it prints (the moves as its
seat may see them, the start and end of each deal). You are seat 0, and ``HumanAgent``
asks for your moves.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ganzdy import records
from ganzdy._core import GanzdyError, Move, Rules
from ganzdy.agents import Agent, HumanAgent, Quit, SeatView, Undo, make_agent
from ganzdy.cli.common import agent_specs, game_cli
from ganzdy.deal import Deal
from ganzdy.display.text import Style
from ganzdy.web.table import Table, WebError


def run(args: argparse.Namespace) -> int:
    bots = agent_specs(args.agents) if args.agents else None
    # The engine reads the game's name (掼蛋 as well as guandan); the game's module is
    # found by the name it answers with.
    game = Rules(args.game).game
    code: int = game_cli(game).play(args, bots)
    return code


def _terminal_bot(spec: str, seed: int) -> Agent:
    # At your own terminal a bot may search as long as you let it: no server budget.
    if spec.split(":", 1)[0].strip().lower() == "human":
        raise GanzdyError(f"{spec!r} is no bot: you are seat 0, the bots sit at the others")
    return make_agent(spec, seed=seed)


def record_path(base: str, number: int) -> Path:
    """Where deal ``number`` is saved: ``base`` itself for the first, then ``base`` with
    ``-2``, ``-3``... before its suffix (game.json, game-2.json, ...)."""
    path = Path(base)
    return path if number == 1 else path.with_name(f"{path.stem}-{number}{path.suffix}")


@dataclass
class Hooks:
    """What a game prints around the shared loop: ``start`` before each deal (the table's
    deal is dealt), ``on_move`` after every move, ``end`` when a deal is counted (the
    match has its result), ``left`` the line when you leave, ``finished`` the last lines."""

    intro: str
    on_move: Callable[[Deal, int, Move], None]
    start: Callable[[Table], None]
    end: Callable[[Table], None]
    left: Callable[[Table], str]
    finished: Callable[[Table], None] = lambda table: None
    # Printers that keep state across moves are told when undo takes moves back.
    resync: Callable[[Table], None] = lambda table: None
    names: list[str] = field(default_factory=list)


def _forced_pass(table: Table) -> bool:
    deal = table.deal
    if deal.is_terminal or deal.current_player != table.seat:
        return False
    legal = deal.legal_moves
    return len(legal) == 1 and legal[0].is_pass


def play_at_table(
    args: argparse.Namespace,
    rules: Rules,
    bots: Sequence[str],
    deals: int | None,
    hooks: Callable[[Table, int], Hooks],
) -> int:
    """Play a match with you at seat 0 and ``bots`` at the other seats; ``hooks(table,
    seed)`` gives the game's printing. Returns the command's exit code."""
    if len(bots) != rules.players - 1:
        raise GanzdyError(
            f"--agents names {len(bots)} bots but {rules.players} players leave "
            f"{rules.players - 1} seats beside yours"
        )
    # Chosen here rather than by the match so the bots' seeds derive from it too.
    seed = secrets.randbits(64) if args.seed is None else args.seed
    try:
        table = Table(rules, 0, [None, *bots], seed, deals, make_bot=_terminal_bot)
    except WebError as error:
        raise GanzdyError(str(error)) from error
    game = hooks(table, seed)
    names = ["you", *bots]
    style = Style.for_stream(sys.stdout)
    human = HumanAgent(show_moves=False, hint=args.hint or "greedy", undo=True, style=style)
    table.on_move = game.on_move
    print(game.intro)
    print(
        "type a choice's number, the cards ('8h 8d', '红桃A'), the ranks ('5 6 7 8 9'), or "
        "pass; hint, undo, help; q or Ctrl-D leaves"
    )
    saved = 0
    try:
        game.start(table)
        while True:
            table.run_bots()
            deal = table.deal
            if deal.is_terminal:
                if args.record:
                    saved += 1
                    path = record_path(args.record, saved)
                    records.save(deal, path, names)
                game.end(table)
                if args.record:
                    print(f"record of this deal written to {path}")
                if table.match.finished:
                    break
                table.next_deal()
                game.start(table)
                continue
            if _forced_pass(table):
                print("  (you have nothing but pass: passed without asking)")
                table.play_move(deal.legal_moves[0])
                continue
            view = SeatView.of(deal, 0, table.history)
            try:
                move = human.act(view)
            except Undo:
                _undo(table)
                game.resync(table)
                continue
            table.play_move(move)
    except (Quit, KeyboardInterrupt):
        deal = table.deal
        if args.record and deal.ply and not deal.is_terminal:
            saved += 1
            path = record_path(args.record, saved)
            records.save(deal, path, names)
            print(f"\nthe unfinished deal's record written to {path}")
        print(f"\n{game.left(table)}")
        return 0
    game.finished(table)
    return 0


def _undo(table: Table) -> None:
    """Back to your previous decision: forced passes since are undone too, so undo never
    stops where there was nothing to choose."""
    try:
        table.undo()
        while _forced_pass(table) and table.my_plies:
            table.undo()
    except WebError as error:
        print(f"  {error}")
        return
    print(f"  undone: back to your move at ply {table.deal.ply + 1}")
