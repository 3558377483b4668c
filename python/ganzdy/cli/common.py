"""What the commands and the games' command-line parts share: the rules arguments, agent
specs, points on one line, and a recorded deal replayed move by move."""

from __future__ import annotations

import argparse
import importlib
import json
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from ganzdy import records
from ganzdy._core import GanzdyError, Move, Rules, parse_move_text
from ganzdy.agents import known_agents
from ganzdy.deal import Deal
from ganzdy.games import DEFAULT_GAME, game_of
from ganzdy.options import parse_options


def game_cli(game: str) -> ModuleType:
    """``ganzdy.<game>.cli``: the game's part of ``play`` and ``replay``."""
    return importlib.import_module(f"ganzdy.{game_of(game).name}.cli")


def add_rules_arguments(
    parser: argparse.ArgumentParser,
    players_help: str = "number of players (default: 4, or 6 for gouji)",
) -> None:
    parser.add_argument(
        "--game", default=DEFAULT_GAME, help=f"rules preset (default: {DEFAULT_GAME})"
    )
    parser.add_argument("--players", type=int, default=None, help=players_help)
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule variant, e.g. --option triple_mode=bomb (repeatable)",
    )


def rules_from(args: argparse.Namespace, players: int | None = None) -> Rules:
    players = args.players if args.players is not None else players
    return Rules(args.game, players=players, **parse_options(args.option))


def parse_table(rules: Rules, text: str) -> Move:
    """A table move as '<cards> as <kind> <rank>' or plain cards with exactly one reading."""
    cards, move = parse_move_text(text)
    if move is not None:
        return move
    readings = rules.readings(cards)
    if len(readings) == 1:
        return readings[0]
    if not readings:
        raise GanzdyError(f"table {text!r} is no combination under {rules}")
    listed = "; ".join(str(m) for m in readings)
    raise GanzdyError(f"table {text!r} has several readings, name one with 'as': {listed}")


def agent_specs(text: str) -> list[str]:
    specs = [spec.strip() for spec in text.split(",") if spec.strip()]
    if not specs:
        raise GanzdyError(f"--agents {text!r} names no agent; known agents: {known()}")
    return specs


def known() -> str:
    return ", ".join(known_agents())


def points_text(points: Sequence[int]) -> str:
    return " ".join(f"{p:+d}" for p in points)


def load_record(path: str) -> tuple[Deal, Deal, Any]:
    """The recorded deal at ``path`` (checked whole first, so a bad one prints nothing),
    the same deal dealt afresh with its setup, to be replayed, and the agents it names."""
    deal = records.load(path)
    # The record loaded, so it is a JSON object with the fields a deal is dealt from.
    fields = json.loads(Path(path).read_text(encoding="utf-8"))
    dealt = {name: value for name, value in fields.items() if name != "outcome"}
    fresh = records.from_record({**dealt, "moves": []})
    return deal, fresh, fields.get("agents")


def show_hands(replay: Deal, agents: Sequence[str] | None) -> None:
    for seat in range(replay.players):
        who = f" ({agents[seat]})" if agents else ""
        print(f"  seat {seat}{who}: {replay.hand(seat)}")


def replay_plies(replay: Deal, deal: Deal) -> None:
    """Push the recorded deal's moves on ``replay``, printing each with the hand sizes."""
    print(f"{'ply':>4}  {'seat':>4}  {'move':<40}  hand sizes")
    for ply, (seat, move) in enumerate(deal.history, 1):
        replay.push(move)
        sizes = " ".join(str(n) for n in replay.hand_sizes)
        print(f"{ply:>4}  {seat:>4}  {move!s:<40}  {sizes}")
