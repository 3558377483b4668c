"""The command line's Gan Deng Yan (干瞪眼) parts: a match at the terminal and the replay of a
record."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from ganzdy._core import GanDengYanDeal, Move
from ganzdy.cli.common import points_text, rules_from
from ganzdy.cli.play import Hooks, play_at_table
from ganzdy.deal import Deal
from ganzdy.gan_deng_yan.match import GanDengYanMatch
from ganzdy.web.table import Table


def _show_move(deal: Deal, seat: int, move: Move) -> None:
    assert isinstance(deal, GanDengYanDeal)
    print(f"  seat {seat}: {move}")
    if deal.is_terminal:
        if deal.outcome.drawn:
            # The match deals again at once; say so before the new deal's moves.
            print(f"  -- drawn: nobody can lead; seat {deal.dealer} deals again")
        return
    if deal.table.is_pass:
        # The trick just ended: the cards were drawn and a new leader is due.
        print(f"  -- new trick: seat {deal.current_player} leads (stock {deal.stock_size})")


def _show_deal_end(deal: GanDengYanDeal, match: GanDengYanMatch) -> None:
    outcome = deal.outcome
    if outcome.drawn:
        print("deal drawn: nobody can lead; the same dealer deals again")
    else:
        you = " (you)" if outcome.winner == 0 else ""
        print(f"seat {outcome.winner}{you} wins the deal in {deal.ply} moves")
    for seat in range(deal.players):
        print(f"  seat {seat}: {deal.hand_sizes[seat]:>2} cards left  {deal.hand(seat)}")
    print(f"points this deal: {points_text(outcome.points)}")
    print(f"points so far:    {points_text(match.points)}")


def play(args: argparse.Namespace, bots: list[str] | None) -> int:
    """``ganzdy play``: a match with you at seat 0."""
    rules = rules_from(args, None if bots is None else len(bots) + 1)
    if bots is None:
        bots = ["greedy"] * (rules.players - 1)
    deals = 1 if args.deals is None else args.deals
    chosen = bots

    def hooks(table: Table, seed: int) -> Hooks:
        match = table.match
        assert isinstance(match, GanDengYanMatch)

        def start(table: Table) -> None:
            number = len(match.results) + 1
            print(f"\n== deal {number} of {match.deals}: seat {table.deal.dealer} deals")

        def end(table: Table) -> None:
            assert match.last_deal is not None
            _show_deal_end(match.last_deal, match)

        def left(table: Table) -> str:
            played = len(match.results)
            return (
                f"left the game after {played} finished deals; points {points_text(match.points)}"
            )

        def finished(table: Table) -> None:
            if match.redeals:
                print(f"{match.redeals} drawn deals were dealt again")

        return Hooks(
            intro=f"{rules}; you are seat 0 against {', '.join(chosen)}; seed {seed}",
            on_move=_show_move,
            start=start,
            end=end,
            left=left,
            finished=finished,
        )

    return play_at_table(args, rules, bots, deals, hooks)


def replay(deal: Deal, replay: Deal, agents: Sequence[str] | None) -> int:
    """``ganzdy replay`` of a Gan Deng Yan record: ``replay`` is the deal as dealt."""
    assert isinstance(deal, GanDengYanDeal) and isinstance(replay, GanDengYanDeal)
    rules = deal.rules
    seed = deal.seed
    origin = f"seed {seed}" if seed is not None else "an explicit deck"
    print(f"{rules!r}; {origin}; seat {deal.dealer} deals")
    for seat in range(rules.players):
        who = f" ({agents[seat]})" if agents else ""
        print(f"  seat {seat}{who}: {replay.hand(seat)}")
    print(f"{'ply':>4}  {'seat':>4}  {'move':<34}  {'hand sizes':<14}  stock")
    for ply, (seat, move) in enumerate(deal.history, 1):
        replay.push(move)
        sizes = " ".join(str(n) for n in replay.hand_sizes)
        print(f"{ply:>4}  {seat:>4}  {move!s:<34}  {sizes:<14}  {replay.stock_size}")
    outcome = replay.outcome
    if not outcome.over:
        print(f"unfinished: seat {replay.current_player} to act")
    elif outcome.drawn:
        print("drawn: nobody could lead")
    else:
        print(f"seat {outcome.winner} wins; finish order {outcome.finish_order}")
    print(f"points: {points_text(outcome.points)}")
    return 0
