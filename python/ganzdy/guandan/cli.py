"""The command line's Guandan (掼蛋) parts: a match at the terminal and the replay of a record.

You are seat 0, with your partner at seat 2 against seats 1 and 3.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from ganzdy._core import GanzdyError, GuandanDeal, Move
from ganzdy.cli.common import points_text, replay_plies, rules_from, show_hands
from ganzdy.cli.play import Hooks, play_at_table
from ganzdy.deal import Deal
from ganzdy.guandan.match import GuandanMatch
from ganzdy.web.table import Table


class _GuandanTable:
    """Prints a Guandan hand as seat ``you`` may see it: plays and passes, tribute cards
    once shown, return cards only those given by or to ``you``, who leads each trick."""

    def __init__(self, you: int = 0) -> None:
        self.you = you
        self.last_player = -1  # the seat of the last play (not a pass)

    def _seat(self, seat: int) -> str:
        return f"seat {seat} (you)" if seat == self.you else f"seat {seat}"

    def on_move(self, deal: Deal, seat: int, move: Move) -> None:
        assert isinstance(deal, GuandanDeal)
        if move.kind == "tribute":
            mine = f" ({move.cards})" if seat == self.you else ""
            print(f"  {self._seat(seat)} chose a tribute card{mine}")
            if deal.phase != "tribute":  # every payer has chosen: the cards are shown
                for p in deal.tribute:
                    to = "the pick" if p.receiver is None else self._seat(p.receiver)
                    print(f"  tribute: {self._seat(p.payer)} pays {p.card} to {to}")
            return
        if move.kind == "pick":
            print(f"  {self._seat(seat)} picks {move.cards}")
            return
        if move.kind == "return":
            (paid,) = [p for p in deal.tribute if p.receiver == seat]
            card = str(move.cards) if self.you in (seat, paid.payer) else "a card"
            print(f"  {self._seat(seat)} gives {card} back to {self._seat(paid.payer)}")
            if deal.phase == "play":
                print(f"  -- play: {self._seat(deal.current_player or 0)} leads")
            return
        print(f"  {self._seat(seat)}: {move}")
        if not move.is_pass:
            self.last_player = seat
            if deal.hand_sizes[seat] == 0:
                place = deal.finish_order.index(seat) + 1
                print(f"  -- {self._seat(seat)} went out, number {place}")
        if deal.is_terminal or not deal.table.is_pass:
            return
        leader = deal.current_player
        assert leader is not None
        last = self.last_player
        why = " (接风: its partner went out with the last play)" if leader != last else ""
        print(f"  -- new trick: {self._seat(leader)} leads{why}")


def _show_hand_start(match: GuandanMatch, you: int = 0) -> None:
    state = match.state
    number = len(match.results) + 1
    whose = "both teams'" if state.banker is None else f"team {state.banker}'s"
    print(
        f"\n== hand {number}: level {state.level} ({whose}); team 0 (seats 0, 2) at "
        f"{state.levels[0]}, team 1 (seats 1, 3) at {state.levels[1]}"
    )
    if state.previous_finish is None:
        print("   first hand: no tribute")
    else:
        order = ", ".join(str(s) for s in state.previous_finish)
        print(f"   tribute from the last finishing order: {order}")


def _show_hand_end(match: GuandanMatch, you: int = 0) -> None:
    deal = match.last_deal
    hand = match.results[-1]
    assert deal is not None
    if hand.resisted:
        print("  (the tribute was resisted: the payers held both big jokers)")
    order = ", ".join(f"seat {s}" for s in hand.finish_order)
    team = hand.winning_team
    mine = " (your team)" if team == you % 2 else ""
    print(f"hand {hand.number} over: out in order {order}")
    if hand.match_won:
        print(f"team {team}{mine} passes A with a {hand.result} finish and wins the match")
    else:
        print(
            f"team {team}{mine} wins {hand.result}, up {hand.upgrade}: team 0 at "
            f"{hand.team_levels[0]}, team 1 at {hand.team_levels[1]}; next hand at "
            f"{hand.team_levels[team]}"
        )
    for t in hand.a_failed:
        note = f", back to {hand.team_levels[t]}" if t in hand.reset else ""
        print(f"team {t} failed at its own A ({hand.a_failures[t]} failures so far{note})")
    for seat in range(4):
        if deal.hand_sizes[seat]:
            print(f"  seat {seat}: {deal.hand_sizes[seat]:>2} cards left  {deal.hand(seat)}")


def play(args: argparse.Namespace, bots: list[str] | None) -> int:
    """``ganzdy play --game guandan``: a match with you at seat 0, your partner at seat 2."""
    rules = rules_from(args)
    if bots is None:
        bots = ["greedy"] * 3
    if len(bots) != 3:
        raise GanzdyError(f"--agents names {len(bots)} bots: Guandan has 3 seats beside yours")
    chosen = bots
    printer = _GuandanTable()

    def hooks(table: Table, seed: int) -> Hooks:
        match = table.match
        assert isinstance(match, GuandanMatch)

        def levels_text() -> str:
            levels = match.state.levels
            return f"team 0 at {levels[0]}, team 1 at {levels[1]}"

        def finished(table: Table) -> None:
            if match.winner is None:
                print(f"stopped after {len(match.results)} hands: {levels_text()}")

        def resync(table: Table) -> None:
            plays = [seat for seat, move in table.history if not move.is_pass and move.cards]
            printer.last_player = plays[-1] if plays else -1

        return Hooks(
            intro=f"{rules}; you are seat 0, your partner seat 2 ({chosen[1]}), against seats "
            f"1 and 3 ({chosen[0]}, {chosen[2]}); seed {seed}",
            on_move=printer.on_move,
            start=lambda table: _show_hand_start(match),
            end=lambda table: _show_hand_end(match),
            left=lambda table: (
                f"left the game after {len(match.results)} finished hands; {levels_text()}"
            ),
            finished=finished,
            resync=resync,
        )

    return play_at_table(args, rules, bots, args.deals, hooks)


def replay(deal: Deal, replay: Deal, agents: Sequence[str] | None) -> int:
    """``ganzdy replay`` of a Guandan record: ``replay`` is the deal as dealt."""
    assert isinstance(deal, GuandanDeal) and isinstance(replay, GuandanDeal)
    origin = f"seed {deal.seed}" if deal.seed is not None else "an explicit deck"
    levels = deal.team_levels
    print(f"{deal.rules!r}; {origin}; team 0 at {levels[0]}, team 1 at {levels[1]}")
    if deal.previous_finish is not None:
        print(f"after the finishing order {deal.previous_finish}")
    show_hands(replay, agents)
    if deal.resisted:
        print("tribute resisted (the payers hold both big jokers)")
    replay_plies(replay, deal)
    outcome = replay.outcome
    if not outcome.over:
        print(f"unfinished: seat {replay.current_player} to act")
    else:
        print(
            f"team {outcome.winning_team} wins {outcome.result}, up {outcome.upgrade}; finish "
            f"order {outcome.finish_order}"
        )
    print(f"points: {points_text(outcome.points)}")
    return 0
