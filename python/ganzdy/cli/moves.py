"""``ganzdy moves``: every legal move from a hand."""

from __future__ import annotations

import argparse

from ganzdy.cli.common import parse_table, rules_from


def run(args: argparse.Namespace) -> int:
    rules = rules_from(args)
    table = parse_table(rules, args.table) if args.table else None
    moves = rules.legal_moves(args.hand, table)
    what = f"answers to {table}" if table else "leads"
    print(f"{len(moves)} legal {what} from {args.hand} ({rules}):")
    for i, move in enumerate(moves, 1):
        print(f"{i:>5}  {move}")
    return 0
