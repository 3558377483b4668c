"""What the command line's games share: points on one line, and a recorded team-game deal
replayed move by move."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from ganzdy._core import GanzdyError, GoujiDeal, GuandanDeal

TeamDeal = TypeVar("TeamDeal", GuandanDeal, GoujiDeal)


def points_text(points: Sequence[int]) -> str:
    return " ".join(f"{p:+d}" for p in points)


def load_record(path: str, load: Callable[[str], TeamDeal]) -> tuple[TeamDeal, TeamDeal]:
    """The recorded deal at ``path`` (checked whole first, so a bad one prints nothing)
    and the same deal dealt afresh, to be replayed."""
    try:
        deal = load(Path(path).read_text(encoding="utf-8"))
    except GanzdyError as error:
        raise type(error)(f"{path}: {error}") from error
    kind = type(deal)
    if deal.seed is None:
        return deal, kind(deal.rules, deck=deal.deck, **deal.setup)
    return deal, kind(deal.rules, deal.seed, **deal.setup)


def show_hands(replay: TeamDeal, agents: Sequence[str] | None) -> None:
    for seat in range(replay.players):
        who = f" ({agents[seat]})" if agents else ""
        print(f"  seat {seat}{who}: {replay.hand(seat)}")


def replay_plies(replay: TeamDeal, deal: TeamDeal) -> None:
    """Push the recorded deal's moves on ``replay``, printing each with the hand sizes."""
    print(f"{'ply':>4}  {'seat':>4}  {'move':<40}  hand sizes")
    for ply, (seat, move) in enumerate(deal.history, 1):
        replay.push(move)
        sizes = " ".join(str(n) for n in replay.hand_sizes)
        print(f"{ply:>4}  {seat:>4}  {move!s:<40}  {sizes}")
