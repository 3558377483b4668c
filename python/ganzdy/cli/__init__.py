"""The ``ganzdy`` command line: one module a command (``moves``, ``play``, ``arena``,
``replay``, ``solve``, ``serve``, ``train``); what a game adds to ``play`` and ``replay`` is
in its own ``ganzdy.<game>.cli``."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence

from ganzdy._core import GanzdyError
from ganzdy.agents import Quit
from ganzdy.cli import arena as arena_command
from ganzdy.cli import moves as moves_command
from ganzdy.cli import play as play_command
from ganzdy.cli import replay as replay_command
from ganzdy.cli import serve as serve_command
from ganzdy.cli import solve as solve_command
from ganzdy.cli import train as train_command
from ganzdy.cli.common import add_rules_arguments, known
from ganzdy.games import DEFAULT_GAME


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ganzdy", description="Engine for Chinese climbing card games."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    moves = sub.add_parser("moves", help="list every legal move from a hand")
    moves.add_argument("hand", help="card text, e.g. '5s 6h BJ RJ'")
    moves.add_argument("--table", help="the move to beat, e.g. '5d' or '4s 5s BJ as straight 4-6'")
    add_rules_arguments(moves)
    moves.set_defaults(run=moves_command.run)

    agents_help = f"comma-separated agent specs such as random:seed=3 (known: {known()})"
    play = sub.add_parser(
        "play",
        help="play against bots at the terminal (you are seat 0); --game guandan plays a "
        "match with your partner at seat 2, --game gouji a match with your teammates at "
        "seats 2 and 4 (your 对家 is seat 3)",
    )
    play.add_argument(
        "--agents", help=f"the bots at seats 1, 2, ... (default: greedy); {agents_help}"
    )
    play.add_argument(
        "--deals",
        type=int,
        help="deals to play (default: 1); Guandan: hands at most (default: the whole match); "
        "Gouji: hands (default: the rules' hands_per_match)",
    )
    play.add_argument("--seed", type=int, help="match seed, for a game you can play again")
    play.add_argument(
        "--record",
        metavar="FILE",
        help="save each deal as a record ganzdy replay and the web app load (FILE, then "
        "FILE-2, FILE-3... before its suffix)",
    )
    play.add_argument(
        "--hint",
        metavar="SPEC",
        help="the agent 'hint' asks, e.g. ismcts:iterations=2000 (default: greedy)",
    )
    add_rules_arguments(play, "number of players (default: one more than --agents, else 4)")
    play.set_defaults(run=play_command.run)

    arena_ = sub.add_parser(
        "arena",
        help="a round robin of agents over duplicate deals, with ratings (Guandan, Gouji: "
        "each agent is a team)",
    )
    arena_.add_argument(
        "--agents",
        default="greedy,random,random,random",
        help=f"{agents_help}; default: %(default)s",
    )
    arena_.add_argument("--deals", type=int, default=100, help="deals to play (default: 100)")
    arena_.add_argument("--seed", type=int, help="arena seed (default: random, printed)")
    arena_.add_argument("--record", metavar="DIR", help="write every deal's record as JSON")
    arena_.add_argument(
        "--no-rotate",
        dest="rotate",
        action="store_false",
        help="keep agent i at seat i instead of rotating seats over each deck",
    )
    arena_.add_argument(
        "--no-tribute",
        dest="tribute",
        action="store_false",
        help="Guandan, Gouji: play first hands of a match (no tribute) instead of hands "
        "after a random previous hand",
    )
    arena_.add_argument("--quiet", action="store_true", help="no progress bar or notes")
    arena_.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="processes to play in (default: one per local core; 1 plays in this process); "
        "with --ray and no address, the CPUs of the local Ray instance",
    )
    arena_.add_argument(
        "--ray",
        nargs="?",
        const="",
        metavar="ADDRESS",
        help="distribute the deals over Ray: the cluster at ADDRESS (e.g. auto, "
        "host:6379, ray://host:10001), or a local instance started for the run",
    )
    arena_.add_argument("--out", metavar="FILE", help="write the results as JSON")
    arena_.add_argument(
        "--plot", metavar="FILE", help="draw the ratings with 95%% CIs as a PNG (matplotlib)"
    )
    arena_.add_argument(
        "--head-to-head",
        action="store_true",
        help="also print each pair's share of its games against the other, with its "
        "bootstrap 95%% CI and as Elo (the JSON always holds them)",
    )
    arena_.add_argument(
        "--bootstrap",
        type=int,
        default=1000,
        metavar="N",
        help="bootstrap samples for the ratings' confidence intervals (default: 1000)",
    )
    add_rules_arguments(
        arena_,
        "seats at a table (default: the number of agents; fewer seats than agents plays "
        "a round robin of every table of that many)",
    )
    arena_.set_defaults(run=arena_command.run)

    replay = sub.add_parser(
        "replay",
        help="step through a recorded deal, every hand shown (n/p/q); --all prints it whole",
    )
    replay.add_argument(
        "file", help="a record written by 'play --record', 'arena --record' or ganzdy.records.save"
    )
    shown = replay.add_mutually_exclusive_group()
    shown.add_argument(
        "--all",
        dest="step",
        action="store_false",
        default=None,
        help="print every move at once as a table (the default when stdin is no terminal)",
    )
    shown.add_argument(
        "--step",
        dest="step",
        action="store_true",
        help="step through the deal reading n/p/q from stdin even when it is no terminal "
        "(stepping is the default at a terminal)",
    )
    replay.set_defaults(run=replay_command.run)

    solve_ = sub.add_parser(
        "solve", help="solve an endgame exactly: can a seat force going out first?"
    )
    solve_.add_argument(
        "position",
        help="a record file (solved where its stock ran out, or at --ply) or a position "
        "such as '5s 6s BJ | 7h 7d ; to_act=0' (see docs/solver.md)",
    )
    solve_.add_argument(
        "--seat", type=int, help="whose win to solve for (default: the seat to act)"
    )
    solve_.add_argument("--ply", type=int, help="with a record: the position after this many moves")
    solve_.add_argument("--max-nodes", type=int, help="stop after this many nodes")
    solve_.add_argument("--time-limit", type=float, metavar="SECONDS", help="stop after this long")
    solve_.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    solve_.add_argument(
        "--game", default=None, help=f"rules preset of a position (default: {DEFAULT_GAME})"
    )
    solve_.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule variant of a position, e.g. --option triple_mode=bomb (repeatable)",
    )
    solve_.set_defaults(run=solve_command.run)
    serve_command.add_parser(sub)
    train_command.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except GanzdyError as error:
        print(f"ganzdy: error: {type(error).__name__}: {error}", file=sys.stderr)
        return 2
    except Quit:
        print("ganzdy: you quit", file=sys.stderr)
        return 0
    except KeyboardInterrupt:
        print("\nganzdy: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader stopped early (`ganzdy moves ... | head`): nothing went wrong here.
        # Point stdout at /dev/null so the flush at exit does not fail again.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as error:
        print(f"ganzdy: error: {error}", file=sys.stderr)
        return 2
    return code


__all__ = ["build_parser", "main"]
