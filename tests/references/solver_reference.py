"""A brute-force reference for the endgame solver, and random positions to compare on.

`wins` is plain minimax over the public Deal API (legal_moves, push, pop, outcome):
no transposition table, no move ordering, no proof numbers, nothing shared with the
C++ search. The value is Boolean, so a node where `seat` acts is the OR of its
children and any other node their AND; `any`/`all` stop at the first child that
settles it, which is what OR and AND mean, not a heuristic cut.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import ganzdy
from ganzdy import GanDengYanDeal, Rules


def decided(deal: GanDengYanDeal, seat: int) -> bool | None:
    """Whether `seat` went out first (True), someone else did or nobody can lead (False), or None."""
    outcome = deal.outcome
    if outcome.finish_order:
        return outcome.finish_order[0] == seat
    if outcome.over:
        return False  # drawn: nobody can lead
    return None


def wins(deal: GanDengYanDeal, seat: int) -> bool:
    """Can `seat` force going out first against every other seat together?"""
    value = decided(deal, seat)
    if value is not None:
        return value
    mover = deal.current_player

    def child(move: ganzdy.Move) -> bool:
        deal.push(move)
        try:
            return wins(deal, seat)
        finally:
            deal.pop()

    moves = list(deal.legal_moves)
    if mover == seat:
        return any(child(move) for move in moves)
    return all(child(move) for move in moves)


def count_nodes(deal: GanDengYanDeal, seat: int) -> int:
    """Positions `wins` visits (for choosing sizes that keep the tests fast)."""
    count = 1
    if decided(deal, seat) is not None:
        return count
    mover = deal.current_player
    for move in list(deal.legal_moves):
        deal.push(move)
        count += count_nodes(deal, seat)
        value = wins(deal, seat)
        deal.pop()
        if (mover == seat) == value:
            break
    return count


def random_position(
    rng: random.Random,
    rules: Rules,
    sizes: Sequence[int],
    *,
    jokers: int = 0,
    table_chance: float = 0.4,
) -> GanDengYanDeal:
    """A random empty-stock position: hands of `sizes` cards (with at least `jokers`
    jokers among them), a random seat to act, and sometimes a random table move."""
    deck = list(rules.deck)
    joker_cards = [c for c in deck if c in ("BJ", "RJ")]
    natural = [c for c in deck if c not in ("BJ", "RJ")]
    rng.shuffle(joker_cards)
    rng.shuffle(natural)
    forced = joker_cards[:jokers]
    rest = joker_cards[jokers:] + natural
    rng.shuffle(rest)
    pool = forced + rest[: sum(sizes) - len(forced)]
    rng.shuffle(pool)
    unused = rest[sum(sizes) - len(forced) :]
    hands = []
    at = 0
    for n in sizes:
        hands.append(" ".join(pool[at : at + n]))
        at += n
    players = rules.players
    to_act = rng.randrange(players)
    if rng.random() < table_chance:
        spare = " ".join(rng.sample(unused, 6))
        leads = rules.legal_moves(spare)
        if leads:
            table = rng.choice(leads)
            owner = rng.choice([s for s in range(players) if s != to_act])
            return rules.position(hands, to_act=to_act, table=table, table_owner=owner)
    return rules.position(hands, to_act=to_act)
