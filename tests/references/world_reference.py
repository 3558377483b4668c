"""Slow reference for determinization: does a sampled world have a past?

A world (what ``GanDengYanDeal.sample_world`` returns) is consistent with what a seat saw when some
whole deck order, dealt and played with the same moves, gives the same deal: the same
seats act at every ply (so the same seats are passed over as leader) and the world's
hands and stock at the end. This module finds such a deck order, if the forced-action
evidence allows one, and proves it by replaying it through the engine.

It is written from the rules (gan_deng_yan.md §3) and the public Python API, not from
``gan_deng_yan/world.cpp``: each seat's cards are matched to the deck places it received cards
from by augmenting paths (Kuhn's algorithm), a card fitting a place when it came before
the card was played, and, when the seat was passed over as leader in between, when it is
a card that cannot lead alone (or, under ``must_play_two_first``, when it is no 2 while
the seat played no 2 from two cards).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import ganzdy

JOKERS = ("BJ", "RJ")


def card_order(card: str) -> tuple[int, int]:
    """Game order of a natural card: by rank (3 low, 2 high), then suit (s h d c)."""
    return "3456789TJQKA2".index(card[0]), "shdc".index(card[1])


def next_seat(rules: ganzdy.Rules, seat: int) -> int:
    step = 1 if rules.option("direction") == "counter_clockwise" else -1
    return (seat + step) % rules.players


@dataclass
class Past:
    """What the real deal's moves show, seat by seat."""

    places: dict[int, list[tuple[int, int]]] = field(
        default_factory=dict
    )  # seat: (time, deck position)
    played: dict[int, list[tuple[int, str]]] = field(default_factory=dict)  # seat: (ply, card)
    skips: dict[int, list[tuple[int, int]]] = field(
        default_factory=dict
    )  # seat: (after ply, hand size)
    without_two: dict[int, list[int]] = field(default_factory=dict)  # seat: plies it held no 2
    actors: list[int | None] = field(
        default_factory=list
    )  # who acts before each ply, and at the end
    lowest: str | None = None  # 'lowest_card': the lowest card dealt
    before_holder: set[int] = field(default_factory=set)


def read_past(deal: ganzdy.GanDengYanDeal) -> Past:
    """Replays ``deal`` from its deck and records places, plays and passed-over leaders."""
    rules = deal.rules
    n = rules.players
    seats = range(n)
    past = Past(
        places={s: [] for s in seats},
        played={s: [] for s in seats},
        skips={s: [] for s in seats},
        without_two={s: [] for s in seats},
    )
    pos = 0
    for _ in range(int(rules.option("initial_hand_size"))):
        seat = deal.dealer
        for _ in range(n):
            past.places[seat].append((-1, pos))
            pos, seat = pos + 1, next_seat(rules, seat)
    for _ in range(int(rules.option("dealer_extra_cards"))):
        past.places[deal.dealer].append((-1, pos))
        pos += 1
    replay = rules.new_deal(deck=deal.deck, dealer=deal.dealer)
    sizes = list(replay.hand_sizes)

    def passed_over(t: int, due: int | None) -> None:
        # The lead went from `due` on to the seat to act (or to nobody: a drawn deal).
        if due is None:
            return
        out = [replay.is_out(s) for s in range(n)]
        while out[due]:
            due = next_seat(rules, due)
        seat, stop = due, replay.current_player
        for _ in range(n):
            # When nobody could lead, the deal ended there: every player still in was passed over.
            if not replay.is_terminal and seat == stop:
                break
            if not out[seat]:
                past.skips[seat].append((t, sizes[seat]))
            seat = next_seat(rules, seat)

    if rules.option("first_leader") == "dealer":
        passed_over(-1, deal.dealer)
    elif deal.history:
        lead = deal.history[0][1]
        past.lowest = min((c for c in lead.cards if c not in JOKERS), key=card_order)
        seat = deal.dealer
        while seat != deal.history[0][0]:
            past.before_holder.add(seat)
            seat = next_seat(rules, seat)
    for t, (seat, move) in enumerate(deal.history):
        past.actors.append(replay.current_player)
        owner, stock = replay.table_owner, replay.stock_size
        replay.push(move)
        # must_play_two_first: with two cards and a 2 among them, a 2 must be played.
        no_two_played_from_two = (
            sizes[seat] == 2 and move.cards and all(c[0] != "2" for c in move.cards)
        )
        if rules.option("must_play_two_first") and no_two_played_from_two:
            past.without_two[seat].append(t)
        past.played[seat] += [(t, card) for card in move.cards]
        sizes[seat] -= len(move.cards)
        drew = [s for s in range(n) if replay.hand_sizes[s] > sizes[s]]
        assert owner is not None or not drew
        # The trick winner draws first, then the others in turn order.
        order = [owner] if owner in drew else []
        seat = owner if owner is not None else 0
        for _ in range(n):
            seat = next_seat(rules, seat)
            if seat in drew and seat not in order:
                order.append(seat)
        for k, s in enumerate(order):
            past.places[s].append((t, len(deal.deck) - stock + k))
            sizes[s] += 1
        if move.is_pass and replay.table.is_pass:
            passed_over(t, owner)
    past.actors.append(replay.current_player)
    return past


def _fits(past: Past, rules: ganzdy.Rules, seat: int) -> Callable[[int, str, int], bool]:
    jokers_stuck = rules.option("stuck_leader") != "allow_joker_only_final"
    lone_two_stuck = bool(rules.option("forbid_final_single_two"))

    def fits(time: int, card: str, until: int) -> bool:
        """Whether ``card``, played (or last held) at ply ``until``, can have come at ``time``."""
        if time >= until:
            return False
        joker = card in JOKERS
        if time == -1 and past.lowest is not None and not joker:
            below = card_order(card) < card_order(past.lowest)
            if below or (card == past.lowest and seat in past.before_holder):
                return False  # dealt, it would have been the lowest card
        for skipped, size in past.skips[seat]:
            held_then = time <= skipped < until
            stuck = jokers_stuck if joker else lone_two_stuck and size == 1 and card[0] == "2"
            if held_then and not stuck:
                return False
        return not (card[0] == "2" and any(time < ply < until for ply in past.without_two[seat]))

    return fits


def find_deck(deal: ganzdy.GanDengYanDeal, seat: int, world: ganzdy.GanDengYanDeal) -> list[str] | None:
    """A deck order whose deal, played with ``deal``'s moves, ends as ``world``; or None.

    ``seat`` keeps the places it saw; the stock comes from ``world``.
    """
    rules = deal.rules
    past = read_past(deal)
    end = len(deal.history)
    deck: list[str | None] = [None] * len(deal.deck)
    for s in range(rules.players):
        if s == seat:
            for _, p in past.places[s]:
                deck[p] = deal.deck[p]
            continue
        cards = past.played[s] + [(end, c) for c in world.hand(s)]
        places = past.places[s]
        if len(cards) != len(places):
            return None
        match = _match_cards(cards, places, _fits(past, rules, s))
        if match is None:
            return None
        for i, j in enumerate(match):
            deck[places[j][1]] = cards[i][1]
    stock = world.deck[len(world.deck) - world.stock_size :]
    deck[len(deck) - len(stock) :] = stock
    assert all(c is not None for c in deck)
    return [c for c in deck if c is not None]


def _match_cards(
    cards: list[tuple[int, str]],
    places: list[tuple[int, int]],
    fits: Callable[[int, str, int], bool],
) -> list[int] | None:
    return _match(
        len(cards), len(places), lambda i, j: fits(places[j][0], cards[i][1], cards[i][0])
    )


def _match(left: int, right: int, edge: Callable[[int, int], bool]) -> list[int] | None:
    """A perfect matching of ``left`` items to ``right`` places (Kuhn), or None."""
    owner: list[int | None] = [None] * right

    def augment(i: int, seen: set[int]) -> bool:
        for j in range(right):
            if j in seen or not edge(i, j):
                continue
            seen.add(j)
            held = owner[j]
            if held is None or augment(held, seen):
                owner[j] = i
                return True
        return False

    for i in range(left):
        if not augment(i, set()):
            return None
    result = [0] * left
    for j, i in enumerate(owner):
        if i is not None:
            result[i] = j
    return result


def replays_to(deal: ganzdy.GanDengYanDeal, deck: list[str], world: ganzdy.GanDengYanDeal) -> bool:
    """Whether ``deck``, dealt and played with ``deal``'s moves, acts and ends as ``world``."""
    rules = deal.rules
    past = read_past(deal)
    replay = rules.new_deal(deck=deck, dealer=deal.dealer)
    for t, (seat, move) in enumerate(deal.history):
        if replay.current_player != past.actors[t] or replay.current_player != seat:
            return False
        try:
            replay.push(move)
        except ganzdy.IllegalMoveError:
            return False
    return (
        replay.current_player == past.actors[-1]
        and all(replay.hand(s) == world.hand(s) for s in range(rules.players))
        and replay.deck[len(replay.deck) - replay.stock_size :]
        == world.deck[len(world.deck) - world.stock_size :]
    )


def has_past(deal: ganzdy.GanDengYanDeal, seat: int, world: ganzdy.GanDengYanDeal) -> bool:
    deck = find_deck(deal, seat, world)
    return deck is not None and replays_to(deal, deck, world)
