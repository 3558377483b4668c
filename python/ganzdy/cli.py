"""The ``ganzdy`` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ganzdy._core import GanzdyError, Move, Rules
from ganzdy.options import parse_options


def _add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game", default="gan_deng_yan", help="rules preset (default: gan_deng_yan)"
    )
    parser.add_argument("--players", type=int, default=4, help="number of players (default: 4)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule variant, e.g. --option triple_mode=bomb (repeatable)",
    )


def _rules_from(args: argparse.Namespace) -> Rules:
    return Rules(args.game, players=args.players, **parse_options(args.option))


def _parse_table(rules: Rules, text: str) -> Move:
    """A table move as '<cards> as <kind> <rank>' or plain cards with exactly one reading."""
    cards, sep, declaration = text.partition(" as ")
    if sep:
        kind, _, rank = declaration.strip().partition(" ")
        return Move(kind, rank.split("-")[0].strip(), cards)
    readings = rules.readings(cards)
    if len(readings) == 1:
        return readings[0]
    if not readings:
        raise GanzdyError(f"table {text!r} is no combination under {rules}")
    listed = "; ".join(str(m) for m in readings)
    raise GanzdyError(f"table {text!r} has several readings, name one with 'as': {listed}")


def _cmd_moves(args: argparse.Namespace) -> int:
    rules = _rules_from(args)
    table = _parse_table(rules, args.table) if args.table else None
    moves = rules.legal_moves(args.hand, table)
    what = f"answers to {table}" if table else "leads"
    print(f"{len(moves)} legal {what} from {args.hand} ({rules}):")
    for i, move in enumerate(moves, 1):
        print(f"{i:>5}  {move}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ganzdy", description="Engine for Chinese climbing card games."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    moves = sub.add_parser("moves", help="list every legal move from a hand")
    moves.add_argument("hand", help="card text, e.g. '5s 6h BJ RJ'")
    moves.add_argument("--table", help="the move to beat, e.g. '5d' or '4s 5s BJ as straight 4-6'")
    _add_rules_arguments(moves)
    moves.set_defaults(run=_cmd_moves)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except GanzdyError as error:
        print(f"ganzdy: error: {type(error).__name__}: {error}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
