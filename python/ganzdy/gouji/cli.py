"""The command line's Gouji (够级) parts: a match at the terminal and the replay of a record.

You are seat 0, with your teammates at seats 2 and 4 against seats 1, 3 and 5; seat 3,
straight across, is your 对家 (the opponent who answers your gouji cards).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from ganzdy._core import GanzdyError, GoujiDeal, GoujiPayment, Move
from ganzdy.cli.common import points_text, replay_plies, rules_from, show_hands
from ganzdy.cli.play import Hooks, play_at_table
from ganzdy.deal import Deal
from ganzdy.gouji.match import PLACE_NAMES, GoujiMatch, HandResult, opposite
from ganzdy.web.table import Table

_KIND_NAMES = {"dian": "点贡", "shao": "烧贡", "men": "闷贡", "luo": "落贡"}


def teams_text(you: int = 0) -> str:
    mates = ", ".join(str(s) for s in range(6) if s % 2 == you % 2 and s != you)
    return (
        f"you are seat {you}, with seats {mates} (team {you % 2}) against seats "
        f"{', '.join(str(s) for s in range(6) if s % 2 != you % 2)}; your 对家 is seat "
        f"{opposite(you)}"
    )


def payment_text(p: GoujiPayment) -> str:
    back = f", given back {' '.join(p.returned)}" if p.returned else ""
    return (
        f"{_KIND_NAMES.get(p.kind, p.kind)}: seat {p.payer} pays seat {p.receiver} "
        f"{' '.join(p.cards) or str(p.count) + ' cards'}{back}"
    )


def _places_text(places: Sequence[int]) -> str:
    return ", ".join(f"{PLACE_NAMES[i]} seat {s}" for i, s in enumerate(places))


class GoujiTable:
    """Prints a Gouji hand as it is played: every move is public (purchases, tribute
    and returns included), who goes out and in which place, who leads each trick."""

    def __init__(self, you: int = 0) -> None:
        self.you = you
        self.phase = "buy"  # the phase before the next move (set at each hand's start)

    def _seat(self, seat: int) -> str:
        return f"seat {seat} (you)" if seat == self.you else f"seat {seat}"

    def on_move(self, deal: Deal, seat: int, move: Move) -> None:
        assert isinstance(deal, GoujiDeal)
        before, self.phase = self.phase, deal.phase
        if move.kind == "buy":
            bought = [p for p in deal.purchases if p.buyer == seat][-1]
            print(
                f"  {self._seat(seat)} buys {bought.card} from seat {bought.seller} "
                f"with {move.cards}"
            )
        elif move.kind == "return":
            print(f"  {self._seat(seat)} gives back {move.cards}")
        elif move.kind in ("revolt", "yaotou", "wutou", "xuandian"):
            print(f"  {self._seat(seat)}: {move}")
        elif before == "play" or not move.is_pass:  # a pass before play declines to revolt
            burn = " (burns)" if deal.burner == seat and not move.is_pass else ""
            print(f"  {self._seat(seat)}: {move}{burn}")
            place = deal.places[seat]
            if place is not None and not move.is_pass and deal.hand_sizes[seat] == 0:
                print(f"  -- {self._seat(seat)} goes out: {PLACE_NAMES[place]}")
        if deal.phase == "play" and deal.table.is_pass and deal.current_player is not None:
            print(f"  -- new trick: {self._seat(deal.current_player)} leads")


def _show_hand_start(match: GoujiMatch, deal: GoujiDeal, table: GoujiTable) -> None:
    table.phase = deal.phase
    number = len(match.results) + 1
    print(f"\n== hand {number} of {match.hands}")
    if deal.previous is None:
        print("   first hand: no tribute")
    elif not deal.tribute:
        print("   no tribute (the last hand was 串三户)")
    for p in deal.tribute:
        print(
            f"   tribute due: {_KIND_NAMES[p.kind]} seat {p.payer} -> seat {p.receiver}, "
            f"{p.count} card{'s' if p.count > 1 else ''}"
        )


def _show_hand_end(hand: HandResult, deal: GoujiDeal, you: int = 0) -> None:
    if hand.voided:
        print(f"  ({hand.voided} hand(s) voided by two revolutions were dealt again)")
    if hand.revolutionary is not None:
        print(f"  seat {hand.revolutionary} revolted (革命)")
    print(f"hand {hand.number} over: {_places_text(hand.places)}")
    if hand.sweep_team is not None:
        mine = " (your team)" if hand.sweep_team == you % 2 else ""
        print(f"串三户 by team {hand.sweep_team}{mine}: points doubled, no tribute next hand")
    print(
        f"points this hand: {points_text(hand.points)}  (teams {hand.team_points[0]:+d} / "
        f"{hand.team_points[1]:+d})"
    )
    print(
        f"points so far:    {points_text(hand.totals)}  (teams {hand.team_totals[0]:+d} / "
        f"{hand.team_totals[1]:+d})"
    )
    for seat in range(6):
        if deal.hand_sizes[seat]:
            print(f"  seat {seat}: {deal.hand_sizes[seat]:>2} cards left  {deal.hand(seat)}")


def play(args: argparse.Namespace, bots: list[str] | None) -> int:
    """``ganzdy play --game gouji``: a match with you at seat 0."""
    rules = rules_from(args)
    if bots is None:
        bots = ["greedy"] * 5
    if len(bots) != 5:
        raise GanzdyError(f"--agents names {len(bots)} bots: Gouji has 5 seats beside yours")
    chosen = bots
    printer = GoujiTable()

    def hooks(table: Table, seed: int) -> Hooks:
        match = table.match
        assert isinstance(match, GoujiMatch)

        def start(table: Table) -> None:
            assert isinstance(table.deal, GoujiDeal)
            _show_hand_start(match, table.deal, printer)

        def end(table: Table) -> None:
            assert match.last_deal is not None
            _show_hand_end(match.results[-1], match.last_deal)

        def left(table: Table) -> str:
            a, b = match.team_totals
            return f"left the game after {len(match.results)} finished hands; teams {a:+d} / {b:+d}"

        def finished(table: Table) -> None:
            a, b = match.team_totals
            verdict = "a tie" if match.winner is None else f"team {match.winner} wins"
            print(f"match over after {len(match.results)} hands: teams {a:+d} / {b:+d}, {verdict}")

        def resync(table: Table) -> None:
            assert isinstance(table.deal, GoujiDeal)
            printer.phase = table.deal.phase

        return Hooks(
            intro=f"{rules}; {teams_text()}; bots {', '.join(chosen)}; seed {seed}",
            on_move=printer.on_move,
            start=start,
            end=end,
            left=left,
            finished=finished,
            resync=resync,
        )

    return play_at_table(args, rules, bots, args.deals, hooks)


def replay(deal: Deal, replay: Deal, agents: Sequence[str] | None) -> int:
    """``ganzdy replay`` of a Gouji record: ``replay`` is the deal as dealt."""
    assert isinstance(deal, GoujiDeal) and isinstance(replay, GoujiDeal)
    origin = f"seed {deal.seed}" if deal.seed is not None else "an explicit deck"
    print(f"{deal.rules!r}; {origin}; teams 0 (seats 0, 2, 4) and 1 (seats 1, 3, 5)")
    if deal.previous is not None:
        print(f"after the hand {_places_text(deal.previous['places'])}")
    for p in replay.tribute:
        print(f"tribute due: {_KIND_NAMES[p.kind]} seat {p.payer} -> seat {p.receiver}, {p.count}")
    show_hands(replay, agents)
    replay_plies(replay, deal)
    for p in replay.tribute:
        print(payment_text(p))
    outcome = replay.outcome
    if not outcome.over:
        print(f"unfinished: seat {replay.current_player} to act ({replay.phase})")
    elif outcome.void_hand:
        print("void hand (流局): two revolutions")
    else:
        print(_places_text(outcome.places))
        sweep = "" if outcome.sweep_team is None else f"; 串三户 by team {outcome.sweep_team}"
        print(f"teams {outcome.team_points[0]:+d} / {outcome.team_points[1]:+d}{sweep}")
    print(f"points: {points_text(outcome.points)}")
    return 0
