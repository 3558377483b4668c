"""``ganzdy play``: a match against bots at the terminal, in any game (each game's
``ganzdy.<game>.cli.play`` runs its own)."""

from __future__ import annotations

import argparse

from ganzdy.cli.common import agent_specs, game_cli


def run(args: argparse.Namespace) -> int:
    bots = agent_specs(args.agents) if args.agents else None
    code: int = game_cli(args.game).play(args, bots)
    return code
