"""Hand-built Gouji decks for the deal's tests: six hands in, a deck order out.

A hand is written as tokens: a face (``Ks``, ``BJ``, ``RJ``), or a rank or joker
with a count (``K*16``, ``3*2``, ``RJ*2``), whose suits come from whatever copies
are left. Seats not given, and seats given fewer than 36 cards, are filled from
the cards left: first a 3 for a seat that has none (so nobody buys one), then the
rest dealt round by round in card order, never giving a seat a rank its
``exclude`` names. Deck card i goes to seat i % 6, as GoujiDeal deals.
"""

from __future__ import annotations

from collections import Counter

from ganzdy import Cards, GoujiDeal, Rules

RANKS = "3456789TJQKA2"
SUITS = "shdc"
ORDER = [r + s for r in RANKS for s in SUITS] + ["BJ", "RJ"]


def _rank_of(card: str) -> str:
    return card if card in ("BJ", "RJ") else card[0]


def _take(pool: Counter[str], token: str) -> list[str]:
    name, _, count_text = token.partition("*")
    count = int(count_text) if count_text else 1
    faces = [name] if name in ("BJ", "RJ") or len(name) == 2 else [name + s for s in SUITS]
    out: list[str] = []
    while len(out) < count:
        # The face with the most copies left, so suits spread evenly.
        face = max(faces, key=lambda f: (pool[f], -faces.index(f)))
        if pool[face] == 0:
            raise ValueError(f"the deck has no {name} left for {token!r}")
        pool[face] -= 1
        out.append(face)
    return out


def build_hands(hands: dict[int, str], exclude: dict[int, str] | None = None) -> list[list[str]]:
    """The six hands of 36 cards: the given ones, the rest filled (see the module)."""
    exclude = exclude or {}
    pool: Counter[str] = Counter({face: 4 for face in ORDER})
    seats: list[list[str]] = [[] for _ in range(6)]
    for seat, text in hands.items():
        for token in text.split():
            seats[seat] += _take(pool, token)
        if len(seats[seat]) > 36:
            raise ValueError(f"seat {seat} is given {len(seats[seat])} cards")
    for seat in range(6):
        needs_three = not any(_rank_of(c) == "3" for c in seats[seat])
        if len(seats[seat]) < 36 and needs_three and "3" not in exclude.get(seat, "").split():
            seats[seat] += _take(pool, "3")
    # Cards some seat may not take go first, while every seat still has room.
    banned_anywhere = {rank for text in exclude.values() for rank in text.split()}
    left = sorted(
        (face for face in ORDER for _ in range(pool[face])),
        key=lambda face: _rank_of(face) not in banned_anywhere,
    )
    seat = 0
    for card in left:
        for _ in range(7):
            banned = exclude.get(seat, "").split()
            if len(seats[seat]) < 36 and _rank_of(card) not in banned:
                break
            seat = (seat + 1) % 6
        else:
            raise ValueError(f"no seat can take {card}")
        seats[seat].append(card)
        seat = (seat + 1) % 6
    assert all(len(h) == 36 for h in seats), [len(h) for h in seats]
    return seats


def deck_of(seats: list[list[str]]) -> list[str]:
    return [seats[i % 6][i // 6] for i in range(216)]


def make_deal(
    hands: dict[int, str],
    *,
    rules: Rules | None = None,
    exclude: dict[int, str] | None = None,
    first_leader: int | None = 0,
    previous: dict[str, object] | None = None,
) -> GoujiDeal:
    seats = build_hands(hands, exclude)
    deal = GoujiDeal(
        rules or Rules("gouji"), deck=deck_of(seats), first_leader=first_leader, previous=previous
    )
    for seat, text in hands.items():
        # The seats given whole hold exactly what was asked.
        given = Cards.parse(" ".join(seats[seat]))
        assert deal.hand(seat) == given or deal.phase != "buy", text
    return deal


def to_play(deal: GoujiDeal) -> GoujiDeal:
    """Declines every revolution and declaration until play begins."""
    while deal.phase in ("revolt", "xuandian"):
        deal.push(deal.parse_move("pass"))
    assert deal.phase == "play", deal.phase
    return deal


def act(deal: GoujiDeal, seat: int, text: str) -> None:
    """Seat `seat` makes the move `text` (checked)."""
    assert deal.current_player == seat, f"seat {deal.current_player} is to act, not {seat}:\n{deal}"
    deal.push(deal.parse_move(text))


def passes(deal: GoujiDeal, *seats: int) -> None:
    for seat in seats:
        act(deal, seat, "pass")


def pick(deal: GoujiDeal, seat: int, spec: str) -> str:
    """Cards of `seat`'s hand matching `spec` tokens (``Q*3``, ``RJ``, ``5s``), as text."""
    hand = list(deal.hand(seat))
    out: list[str] = []
    for token in spec.split():
        name, _, count_text = token.partition("*")
        count = int(count_text) if count_text else 1
        for _ in range(count):
            match = next(
                c for c in hand if c == name or (name not in ("BJ", "RJ") and _rank_of(c) == name)
            )
            hand.remove(match)
            out.append(match)
    return " ".join(out)


def play(deal: GoujiDeal, seat: int, spec: str) -> None:
    """Seat `seat` plays cards of its hand matching `spec` (checked)."""
    act(deal, seat, pick(deal, seat, spec))
