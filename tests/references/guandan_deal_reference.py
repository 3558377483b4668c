"""Slow, obviously-correct reference of a Guandan deal's procedure: tribute, play order, outcome.

Written only from the rules contract (shared/rules/guandan.md §2, §6, §8, §10) and the ganzdy API;
it shares nothing with the C++ engine. Cards are strings in ganzdy notation ("5s", "Th"; "BJ" is the
small joker, "RJ" the big one: the contract's SJ and BJ).

  * ``Tribute(options, hands, previous_finish)`` says, for the dealt hands, who pays whom, whether
    the payers resist (§8.5), which cards each payer may pay (§8.3), which each receiver may give
    back (§8.4) and who leads (§8.6), straight from the text of each rule.
  * ``PlayModel`` follows the turn through tricks (§6.1-§6.3): who acts next, when a trick ends,
    who leads it (接风), when the deal ends and what it came to.
  * ``build_deck`` makes a deck order that deals chosen cards to chosen seats.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

NATURAL = "23456789TJQKA"  # natural order, 2 lowest
SUITS = "shdc"
ENGINE_RANKS = "3456789TJQKA2"  # the engine's face order: rank-major, suits s h d c, then BJ RJ


def all_faces() -> list[str]:
    return [r + s for r in ENGINE_RANKS for s in SUITS] + ["BJ", "RJ"]


def full_deck() -> Counter[str]:
    return Counter({face: 2 for face in all_faces()})


def value(card: str, level: str) -> int:
    """§3.1: 2 < 3 < ... < A < L < small joker < big joker (2..17)."""
    if card == "RJ":
        return 17
    if card == "BJ":
        return 16
    rank = card[0]
    return 15 if rank == level else NATURAL.index(rank) + 2


def is_wild(card: str, options: Mapping[str, object]) -> bool:
    return bool(options.get("wild_enabled", True)) and card == str(options.get("level", "2")) + "h"


def partner(seat: int) -> int:
    return (seat + 2) % 4


def build_deck(
    hands: Mapping[int, str], level: str = "2", fill: Sequence[int] = (0, 1, 2, 3)
) -> list[str]:
    """A deck order dealing each seat the cards given for it (space separated), topped up to 27
    with the lowest cards left (by value at `level`), the seats in `fill` order taking them in turn
    until full: the first seats in `fill` get the lowest cards."""
    left = full_deck()
    dealt: dict[int, list[str]] = {seat: [] for seat in range(4)}
    for seat, text in hands.items():
        for card in text.split():
            assert left[card] > 0, f"no {card} left for seat {seat}"
            left[card] -= 1
            dealt[seat].append(card)
    order = all_faces()
    rest = sorted(
        (card for card in order for _ in range(left[card])),
        key=lambda c: (value(c, level), order.index(c)),
    )
    for seat in fill:
        while len(dealt[seat]) < 27:
            dealt[seat].append(rest.pop(0))
    assert not rest and all(len(h) == 27 for h in dealt.values())
    return [dealt[i % 4][i // 4] for i in range(108)]


def complete_order(previous_finish: Sequence[int]) -> list[int]:
    return list(previous_finish) + [s for s in range(4) if s not in previous_finish]


@dataclass
class Tribute:
    """§8 on the dealt hands, from the previous finishing order."""

    options: Mapping[str, object]
    hands: Sequence[Counter[str]]
    previous_finish: Sequence[int]
    payers: list[int] = field(default_factory=list)
    resisted: bool = False

    def __post_init__(self) -> None:
        order = complete_order(self.previous_finish)
        first = order[0]
        self.first = first
        if order[1] == partner(first):  # 双上: both losers pay
            self.payers = [(first + 1) % 4, (first + 3) % 4]
        elif order[2] == partner(first):  # 1-3: the last pays
            self.payers = [order[3]]
        else:  # 1-4
            who = self.options.get("tribute_1_4_payer", "last")
            self.payers = [order[3]] if who == "last" else [order[2]] if who == "third" else []
        held = [self.hands[p] for p in self.payers]
        big = sum(h["RJ"] for h in held)
        if self.options.get("resist_rule", "both_big_jokers") == "both_big_jokers":
            self.resisted = bool(self.payers) and big >= 2
        else:
            jokers = sum(h["RJ"] + h["BJ"] for h in held)
            self.resisted = bool(self.payers) and (any(h["RJ"] >= 2 for h in held) or jokers >= 4)

    @property
    def level(self) -> str:
        return str(self.options.get("level", "2"))

    @property
    def paid(self) -> bool:
        return bool(self.payers) and not self.resisted

    def top_value(self, hand: Counter[str]) -> int:
        return max(value(c, self.level) for c in hand if hand[c] and not is_wild(c, self.options))

    def tribute_choices(self, hand: Counter[str]) -> list[str]:
        """§8.3: the highest cards by value, the wild excluded; any of equal value."""
        top = self.top_value(hand)
        return sorted(
            (
                c
                for c in hand
                if hand[c] and not is_wild(c, self.options) and value(c, self.level) == top
            ),
            key=all_faces().index,
        )

    def return_choices(self, hand: Counter[str]) -> list[str]:
        """§8.4: a non-joker of natural rank 2..return_max_rank, not the level rank (default);
        any card but a joker or a wild when the hand holds none such."""
        limit = str(self.options.get("return_max_rank", "T"))
        excludes = bool(self.options.get("return_excludes_level_rank", True))

        def normal(c: str) -> bool:
            if c in ("BJ", "RJ"):
                return False
            if excludes and c[0] == self.level:
                return False
            return limit == "any" or NATURAL.index(c[0]) <= NATURAL.index(limit)

        held = [c for c in hand if hand[c]]
        choices = [c for c in held if normal(c)]
        if not choices:
            choices = [c for c in held if c not in ("BJ", "RJ") and not is_wild(c, self.options)]
        return sorted(choices, key=all_faces().index)

    def receivers(self, cards: Sequence[str], picked: str | None = None) -> list[int]:
        """§8.1-§8.2: who receives each payer's card."""
        first = self.first
        if len(self.payers) == 1:
            return [first]
        if self.options.get("double_tribute_assignment", "bigger_to_first") == "first_picks":
            assert picked is not None
            taken = 0 if cards[0] == picked else 1
            out = [partner(first), partner(first)]
            out[taken] = first
            return out
        va, vb = (value(c, self.level) for c in cards)
        if va == vb:  # each pays the winner seated just before it (上家)
            return [(p + 3) % 4 for p in self.payers]
        return [first, partner(first)] if va > vb else [partner(first), first]

    def leader(self, cards: Sequence[str]) -> int:
        """§8.6."""
        first = self.first
        if not self.paid or self.options.get("first_lead_after_tribute", "tribute") == "first_out":
            return first
        if len(self.payers) == 1:
            return self.payers[0]
        va, vb = (value(c, self.level) for c in cards)
        if va == vb:
            return (first + 1) % 4
        return self.payers[0] if va > vb else self.payers[1]


@dataclass
class PlayModel:
    """§6: the turn, trick ends, 接风, the end of the deal."""

    leader: int
    jiefeng_to_partner: bool = True
    current: int = 0
    table_owner: int | None = None
    passes: int = 0
    out: list[int] = field(default_factory=list)
    over: bool = False

    def __post_init__(self) -> None:
        self.current = self.leader

    def active(self) -> list[int]:
        return [s for s in range(4) if s not in self.out]

    def next_active(self, seat: int) -> int:
        for step in range(1, 5):
            s = (seat + step) % 4
            if s not in self.out:
                return s
        raise AssertionError("nobody left")

    def play(self, seat: int, emptied: bool) -> None:
        assert seat == self.current
        self.table_owner = seat
        self.passes = 0
        if emptied:
            self.out.append(seat)
            if partner(seat) in self.out:
                self.over = True
                return
        self.current = self.next_active(seat)

    def pass_(self, seat: int) -> None:
        assert seat == self.current and self.table_owner is not None
        self.passes += 1
        owner = self.table_owner
        others = len(self.active()) - (0 if owner in self.out else 1)
        if self.passes == others:
            if owner in self.out:
                self.current = (
                    partner(owner) if self.jiefeng_to_partner else self.next_active(owner)
                )
            else:
                self.current = owner
            self.table_owner = None
            self.passes = 0
        else:
            self.current = self.next_active(seat)

    def outcome(self, upgrades: tuple[int, int, int] = (3, 2, 1)) -> tuple[str, int, list[int]]:
        """(result, upgrade, points) of a finished deal (§6.3)."""
        first = self.out[0]
        place = self.out.index(partner(first)) if partner(first) in self.out else 3
        result = ("1-2", "1-3", "1-4")[place - 1]
        up = upgrades[place - 1]
        return result, up, [up if s % 2 == first % 2 else -up for s in range(4)]
