"""``ganzdy replay``: a recorded deal of any game, move by move (each game's
``ganzdy.<game>.cli.replay`` prints its own)."""

from __future__ import annotations

import argparse

from ganzdy.cli.common import game_cli, load_record


def run(args: argparse.Namespace) -> int:
    # Loading replays and checks the whole record first, so a bad one prints nothing.
    deal, fresh, agents = load_record(args.file)
    code: int = game_cli(deal.rules.game).replay(deal, fresh, agents)
    return code
