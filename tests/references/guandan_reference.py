"""Slow, obviously-correct reference model of Guandan combinations at card level.

Written only from the rules contract (shared/rules/guandan.md §3-§5, §10) and the ganzdy API; it
shares nothing with the C++ engine so the two can be compared.

Cards are strings in ganzdy notation ("5s", "Th", "BJ" = the small joker, "RJ" = the big one).
A wild is a heart of the level rank L (when wilds are enabled). A *play* is (kind, rank, length,
cards), where cards is the sorted tuple of the physical cards played and rank is the key rank as
the engine writes it: a group's rank, a run's lowest rank ("A" for the low ace), "" for a joker
single or pair and the joker bomb.

Everything is brute force, straight from the definitions:
  * every sub-multiset of the hand is tried;
  * every way to give each wild in it a rank is tried (§4.2: "the wilds can be assigned to concrete
    non-joker cards so that T's definition holds");
  * the result must then be exactly one of the declarations of that size, listed from §4.1;
  * W6/W7: a group made of wilds alone is the level rank's own group;
  * a wild's suit matters only for straights and straight flushes, where it adopts the suit of the
    run (W5), so a run is a straight flush exactly when its natural cards share one suit, and a
    plain straight only when they do not (§4.1 notes);
  * prune_redundant_wild (§10, DanZero style): a play is left out when the hand holds a natural card
    outside the play that could take the place of one of its wilds.
Readings depend only on the natural ranks, the wild count, the jokers and whether the naturals
share one suit, so they are cached on that signature (which keeps a run over thousands of
positions fast enough).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

# Natural order (sequence order without the high ace) and the order of the engine's text.
NATURAL = "23456789TJQKA"
SEQUENCE = "A23456789TJQKA"  # places 0..13: the ace low or high
SUITS = "shdc"
JOKERS = ("BJ", "RJ")  # small, big
TEXT_ORDER = "3456789TJQKA2"

Play = tuple[str, str, int, tuple[str, ...]]

DEFAULTS: dict[str, object] = {
    "level": "2",
    "wild_enabled": True,
    "max_bomb_size": 10,
    "straight_len": 5,
    "tube_pairs": 3,
    "plate_triples": 2,
    "fullhouse_joker_pair": True,
    "three_with_one": False,
    "prune_redundant_wild": False,
}


@dataclass(frozen=True)
class Opts:
    level: str
    wild_enabled: bool
    max_bomb_size: int
    straight_len: int
    tube_pairs: int
    plate_triples: int
    fullhouse_joker_pair: bool
    three_with_one: bool
    prune_redundant_wild: bool


def opts(overrides: Mapping[str, object] | None = None) -> Opts:
    """The combination options with the rules' defaults, overridden by ``overrides``."""
    values = dict(DEFAULTS)
    for name, value in (overrides or {}).items():
        if name in values:
            values[name] = value
    return Opts(**values)  # type: ignore[arg-type]


def card_sort_key(card: str) -> tuple[int, int]:
    if card in JOKERS:
        return (13, JOKERS.index(card))
    return (TEXT_ORDER.index(card[0]), SUITS.index(card[1]))


def sort_cards(cards: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=card_sort_key))


def is_wild(card: str, o: Opts) -> bool:
    return o.wild_enabled and card == o.level + "h"


def value(rank: str, o: Opts) -> int:
    """§3.1: 2 < 3 < ... < A, then L (15); L leaves its natural place."""
    return 15 if rank == o.level else NATURAL.index(rank) + 2


def joker_value(card: str) -> int:
    return 16 if card == "BJ" else 17


# --------------------------------------------------------------------------------------------
# Declarations (§4.1)


@dataclass(frozen=True)
class Decl:
    kind: str
    rank: str
    length: int
    slots: tuple[int, ...]  # how many non-joker cards of each rank of NATURAL it needs
    jokers: tuple[str, ...]  # the jokers it needs, sorted
    groups: tuple[str, ...]  # the ranks of its single-rank groups, for W7 (not sequence slots)
    run: str  # "", "straight" or "flush": the suit rule of a straight's run


def _decl(
    kind: str,
    rank: str,
    slots: Counter[str],
    jokers: tuple[str, ...] = (),
    groups: tuple[str, ...] = (),
    run: str = "",
) -> Decl:
    length = sum(slots.values()) + len(jokers)
    counts = tuple(slots[r] for r in NATURAL)
    return Decl(kind, rank, length, counts, tuple(sorted(jokers)), groups, run)


@cache
def declarations(o: Opts) -> tuple[Decl, ...]:
    """Every declaration of the rules, each a kind, a key and the cards it is made of."""
    out: list[Decl] = []
    for r in NATURAL:
        out.append(_decl("single", r, Counter({r: 1}), groups=(r,)))
        out.append(_decl("pair", r, Counter({r: 2}), groups=(r,)))
        out.append(_decl("triple", r, Counter({r: 3}), groups=(r,)))
    for j in JOKERS:
        out.append(_decl("single", "", Counter(), (j,)))
        out.append(_decl("pair", "", Counter(), (j, j)))
    for a in NATURAL:
        for b in NATURAL:
            if a != b:
                out.append(_decl("full_house", a, Counter({a: 3, b: 2}), groups=(a, b)))
                if o.three_with_one:
                    out.append(_decl("three_with_one", a, Counter({a: 3, b: 1}), groups=(a, b)))
        for j in JOKERS:
            if o.fullhouse_joker_pair:
                out.append(_decl("full_house", a, Counter({a: 3}), (j, j), groups=(a,)))
            if o.three_with_one:
                out.append(_decl("three_with_one", a, Counter({a: 3}), (j,), groups=(a,)))
    for kind, width, ranks in (
        ("straight", 1, o.straight_len),
        ("tube", 2, o.tube_pairs),
        ("plate", 3, o.plate_triples),
    ):
        for start in range(len(SEQUENCE) - ranks + 1):
            window = SEQUENCE[start : start + ranks]
            slots = Counter({r: width for r in window})
            if kind == "straight":
                out.append(_decl("straight", window[0], slots, run="straight"))
                out.append(_decl("straight_flush", window[0], slots, run="flush"))
            else:
                out.append(_decl(kind, window[0], slots))
    for r in NATURAL:
        for n in range(4, o.max_bomb_size + 1):
            out.append(_decl("bomb", r, Counter({r: n}), groups=(r,)))
    out.append(_decl("joker_bomb", "", Counter(), ("BJ", "BJ", "RJ", "RJ")))
    return tuple(out)


@cache
def _by_content(o: Opts) -> dict[tuple[tuple[int, ...], tuple[str, ...]], list[Decl]]:
    index: dict[tuple[tuple[int, ...], tuple[str, ...]], list[Decl]] = {}
    for d in declarations(o):
        index.setdefault((d.slots, d.jokers), []).append(d)
    return index


# --------------------------------------------------------------------------------------------
# Readings


@cache
def _readings_of_signature(
    naturals: tuple[int, ...], wilds: int, jokers: tuple[str, ...], one_suit: bool, o: Opts
) -> frozenset[tuple[str, str, tuple[str, ...]]]:
    """(kind, rank, wild ranks) of every declaration cards of this signature realise.

    ``naturals`` counts the natural cards of each rank of NATURAL.
    """
    found: set[tuple[str, str, tuple[str, ...]]] = set()
    index = _by_content(o)
    # Every assignment of ranks to the wilds (their order does not matter).
    for assigned in itertools.combinations_with_replacement(range(len(NATURAL)), wilds):
        content = list(naturals)
        for i in assigned:
            content[i] += 1
        for d in index.get((tuple(content), jokers), []):
            # W6/W7: a group of wilds alone is the level rank's group.
            if any(naturals[NATURAL.index(r)] == 0 and r != o.level for r in d.groups):
                continue
            # A run's naturals all of one suit make a straight flush, never a straight.
            if d.run == "straight" and one_suit:
                continue
            if d.run == "flush" and not one_suit:
                continue
            found.add((d.kind, d.rank, tuple(NATURAL[i] for i in assigned)))
    return frozenset(found)


def _signature(
    cards: tuple[str, ...], o: Opts
) -> tuple[tuple[int, ...], int, tuple[str, ...], bool]:
    naturals = [c for c in cards if c not in JOKERS and not is_wild(c, o)]
    wilds = sum(1 for c in cards if is_wild(c, o))
    jokers = tuple(sorted(c for c in cards if c in JOKERS))
    one_suit = len({c[1] for c in naturals}) == 1
    counts = [0] * len(NATURAL)
    for c in naturals:
        counts[NATURAL.index(c[0])] += 1
    return tuple(counts), wilds, jokers, one_suit


def _readings_with_wilds(cards: tuple[str, ...], o: Opts) -> list[tuple[str, str, tuple[str, ...]]]:
    return sorted(_readings_of_signature(*_signature(cards, o), o))


def readings(cards: list[str] | tuple[str, ...], o: Opts) -> set[Play]:
    """Every play made of exactly these cards."""
    cs = sort_cards(cards)
    return {(kind, rank, len(cs), cs) for kind, rank, _ in _readings_with_wilds(cs, o)}


def _redundant(
    play_cards: tuple[str, ...], kind: str, wild_ranks: tuple[str, ...], hand: Counter[str], o: Opts
) -> bool:
    """Could a natural card of the hand, outside the play, stand where one of its wilds does?"""
    left = hand - Counter(play_cards)
    naturals = [c for c in play_cards if c not in JOKERS and not is_wild(c, o)]
    for rank in wild_ranks:
        for card, n in left.items():
            if n == 0 or card in JOKERS or is_wild(card, o) or card[0] != rank:
                continue
            if kind == "straight_flush" and card[1] != naturals[0][1]:
                continue  # only a card of the flush's suit would do
            return True
    return False


def sub_multisets(hand: list[str] | tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every non-empty sub-multiset of the hand, each sorted."""
    counts = Counter(hand)
    distinct = sort_cards(list(counts))
    out: list[tuple[str, ...]] = []
    for picks in itertools.product(*(range(counts[c] + 1) for c in distinct)):
        sub = tuple(c for c, k in zip(distinct, picks, strict=True) for _ in range(k))
        if sub:
            out.append(sub)
    return out


def leads(hand: list[str] | tuple[str, ...], o: Opts) -> set[Play]:
    """Every legal lead: every reading of every sub-multiset (less the redundant ones when pruning)."""
    counts = Counter(hand)
    out: set[Play] = set()
    for sub in sub_multisets(hand):
        if len(sub) > 13 and len(sub) not in (2 * o.tube_pairs, 3 * o.plate_triples):
            continue  # nothing longer than a straight of 13 but a long tube or plate
        for kind, rank, wild_ranks in _readings_with_wilds(sub, o):
            if o.prune_redundant_wild and _redundant(sub, kind, wild_ranks, counts, o):
                continue
            out.add((kind, rank, len(sub), sub))
    return out


# --------------------------------------------------------------------------------------------
# The beat relation (§4.3)


def key_value(play: Play, o: Opts) -> int:
    kind, rank, _, cards = play
    if rank == "":
        return joker_value(cards[-1]) if kind in ("single", "pair") else 0
    return value(rank, o)


def sequence_key(play: Play) -> int:
    return SEQUENCE.index(play[1])  # the lowest rank's first place: the low ace for "A"


def bomb_class(play: Play) -> float | None:
    kind, _, length, _ = play
    if kind == "joker_bomb":
        return 100.0
    if kind == "bomb":
        return float(length)
    if kind == "straight_flush":
        return 5.5
    return None


def beats(new: Play, old: Play, o: Opts) -> bool:
    a, b = bomb_class(new), bomb_class(old)
    if a is not None:
        if b is None:
            return True
        if a != b:
            return a > b
        if new[0] == "joker_bomb":
            return False
        if new[0] == "straight_flush":
            return sequence_key(new) > sequence_key(old)
        return key_value(new, o) > key_value(old, o)
    if b is not None:
        return False
    if new[0] != old[0] or new[2] != old[2]:
        return False
    if new[0] in ("straight", "tube", "plate"):
        return sequence_key(new) > sequence_key(old)
    return key_value(new, o) > key_value(old, o)


def follows(hand: list[str] | tuple[str, ...], table: Play, o: Opts) -> set[Play]:
    """Every play from the hand that beats ``table`` (the pass not included)."""
    return {p for p in leads(hand, o) if beats(p, table, o)}
