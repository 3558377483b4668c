"""Slow, obviously-correct reference model of Gan Deng Yan combinations.

Written only from the rules contract (shared/rules/gan_deng_yan.md, sections 4, 5 and 7) and the
ganzdy API spec; it deliberately shares nothing with the C++ engine so the two can be compared.

The model works on *card classes*: a natural card's class is its rank character, and a joker's
class is "W" (or "BJ"/"RJ" when ``king_bomb == "small_plus_big"``, the only time colour matters).
A declaration is a kind plus a "slot" multiset of ranks (pair(5) = {5, 5}, straight(4-6) =
{4, 5, 6}, ...). A class multiset realises a declaration when its naturals fit into the slots and
its jokers fill exactly the slots left over, subject to the joker options. Everything else is brute
force: every sub-multiset of the hand times every declaration of that size.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache

Key = tuple[str, str, int, tuple[str, ...]]

RANKS: tuple[str, ...] = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2")
RANK_INDEX: dict[str, int] = {r: i for i, r in enumerate(RANKS)}
TWO = "2"
JOKER_CLASSES: frozenset[str] = frozenset({"W", "BJ", "RJ"})
# Game order used to sort classes inside a key: ranks low to high, then jokers.
CLASS_ORDER: dict[str, int] = {**RANK_INDEX, "W": 13, "BJ": 14, "RJ": 15}
SUITS = "shdc"

BOMB_KINDS: frozenset[str] = frozenset({"bomb", "king_bomb"})

_OPTION_CHOICES: dict[str, tuple[object, ...]] = {
    "packs": (1, 2),
    "straight_min_len": tuple(range(3, 14)),
    "straight_max_len": tuple(range(3, 14)),
    "pairs_min": tuple(range(2, 14)),
    "pairs_max": tuple(range(2, 14)),
    "twos_in_runs": (False, True),
    "triple_mode": ("step", "any_higher", "bomb", "none"),
    "bomb_min_size": (3, 4),
    "bomb_order": ("size_then_rank", "rank_only"),
    "pure_beats_soft": ("none", "same_rank", "same_size"),
    "twos_only_single_pair": (False, True),
    "joker_wild": (False, True),
    "joker_can_be_two": (False, True),
    "min_naturals_per_combo": tuple(range(1, 13)),
    "max_jokers_per_combo": (None, *range(0, 9)),
    "king_bomb": ("none", "small_plus_big", "any_two_jokers"),
    "king_bomb_rank": ("highest", "above_4_below_5"),
}


def default_options(players: int) -> dict[str, object]:
    """Every option of the spec with its default for ``players`` players."""
    if not 2 <= players <= 6:
        raise ValueError(f"players must be 2..6, got {players}")
    return {
        "packs": 1 if players == 2 else 2,
        "straight_min_len": 3,
        "straight_max_len": 12,
        "pairs_min": 2,
        "pairs_max": 12,
        "twos_in_runs": False,
        "triple_mode": "step",
        "bomb_min_size": 4,
        "bomb_order": "size_then_rank",
        "pure_beats_soft": "none",
        "twos_only_single_pair": False,
        "joker_wild": True,
        "joker_can_be_two": False,
        "min_naturals_per_combo": 1,
        "max_jokers_per_combo": None,
        "king_bomb": "none",
        # The spec gives no default for this one; "highest" is the first listed value and the
        # one the rules' V09 names alongside the plain king-bomb variant.
        "king_bomb_rank": "highest",
    }


def resolve_options(players: int, overrides: Mapping[str, object]) -> dict[str, object]:
    """Defaults for ``players`` with ``overrides`` applied, validated like the engine should."""
    opts = default_options(players)
    unknown = set(overrides) - set(opts)
    if unknown:
        raise ValueError(f"unknown options: {sorted(unknown)}")
    opts.update(overrides)
    if "bomb_min_size" not in overrides:
        # The spec derives the default from triple_mode.
        opts["bomb_min_size"] = 3 if opts["triple_mode"] == "bomb" else 4
    _parse(opts)  # validation only
    return opts


@dataclass(frozen=True)
class _Opts:
    packs: int
    straight_min_len: int
    straight_max_len: int
    pairs_min: int
    pairs_max: int
    twos_in_runs: bool
    triple_mode: str
    bomb_min_size: int
    bomb_order: str
    pure_beats_soft: str
    twos_only_single_pair: bool
    joker_wild: bool
    joker_can_be_two: bool
    min_naturals_per_combo: int
    max_jokers_per_combo: int | None
    king_bomb: str
    king_bomb_rank: str


def _choice(options: Mapping[str, object], name: str) -> object:
    value = options[name]
    allowed = _OPTION_CHOICES[name]
    # bool is an int subclass: compare type as well so True never passes for 1.
    if not any(type(value) is type(a) and value == a for a in allowed):
        raise ValueError(f"bad value for {name}: {value!r}")
    return value


def _int(options: Mapping[str, object], name: str) -> int:
    value = _choice(options, name)
    assert isinstance(value, int)
    return value


def _bool(options: Mapping[str, object], name: str) -> bool:
    value = _choice(options, name)
    assert isinstance(value, bool)
    return value


def _str(options: Mapping[str, object], name: str) -> str:
    value = _choice(options, name)
    assert isinstance(value, str)
    return value


def _parse(options: Mapping[str, object]) -> _Opts:
    missing = set(_OPTION_CHOICES) - set(options)
    if missing:
        raise ValueError(f"options missing {sorted(missing)}; use resolve_options()")
    max_jokers = _choice(options, "max_jokers_per_combo")
    assert max_jokers is None or isinstance(max_jokers, int)
    opts = _Opts(
        packs=_int(options, "packs"),
        straight_min_len=_int(options, "straight_min_len"),
        straight_max_len=_int(options, "straight_max_len"),
        pairs_min=_int(options, "pairs_min"),
        pairs_max=_int(options, "pairs_max"),
        twos_in_runs=_bool(options, "twos_in_runs"),
        triple_mode=_str(options, "triple_mode"),
        bomb_min_size=_int(options, "bomb_min_size"),
        bomb_order=_str(options, "bomb_order"),
        pure_beats_soft=_str(options, "pure_beats_soft"),
        twos_only_single_pair=_bool(options, "twos_only_single_pair"),
        joker_wild=_bool(options, "joker_wild"),
        joker_can_be_two=_bool(options, "joker_can_be_two"),
        min_naturals_per_combo=_int(options, "min_naturals_per_combo"),
        max_jokers_per_combo=max_jokers,
        king_bomb=_str(options, "king_bomb"),
        king_bomb_rank=_str(options, "king_bomb_rank"),
    )
    if opts.straight_min_len > opts.straight_max_len:
        raise ValueError("straight_min_len > straight_max_len")
    if opts.pairs_min > opts.pairs_max:
        raise ValueError("pairs_min > pairs_max")
    if (opts.bomb_min_size == 3) != (opts.triple_mode == "bomb"):
        raise ValueError("bomb_min_size must be 3 exactly when triple_mode == 'bomb'")
    return opts


def _opts(options: Mapping[str, object]) -> _Opts:
    return _parse_cached(tuple(sorted(options.items(), key=lambda kv: kv[0])))


@cache
def _parse_cached(items: tuple[tuple[str, object], ...]) -> _Opts:
    return _parse(dict(items))


# --------------------------------------------------------------------------------------------
# Cards


_CARD_RE = re.compile(r"\s*(BJ|RJ|10|[3-9TJQKA2])([SHDC])?\s*", re.IGNORECASE)


def parse_cards(text: str) -> list[str]:
    """Tiny independent parser: 'Ts 10h BJ' -> ['Ts', 'Th', 'BJ'] (spaces optional)."""
    cards: list[str] = []
    pos = 0
    text = text.strip()
    while pos < len(text):
        m = _CARD_RE.match(text, pos)
        if m is None:
            raise ValueError(f"cannot parse card text at {text[pos:]!r}")
        face, suit = m.group(1).upper(), m.group(2)
        if face in ("BJ", "RJ"):
            if suit is not None:
                raise ValueError(f"a joker has no suit: {m.group(0)!r}")
            cards.append(face)
        else:
            if suit is None:
                raise ValueError(f"card without suit: {m.group(0)!r}")
            cards.append(("T" if face == "10" else face) + suit.lower())
        pos = m.end()
    return cards


def check_deck(cards: list[str], packs: int) -> None:
    """Raise ValueError if the physical cards cannot come from ``packs`` packs."""
    for card, n in Counter(cards).items():
        if n > packs:
            raise ValueError(f"{n} copies of {card} but only {packs} pack(s)")


def class_of(card: str, options: Mapping[str, object]) -> str:
    if card in ("BJ", "RJ"):
        # Colour only matters for the small_plus_big king bomb (spec, last Rules bullet).
        return card if _opts(options).king_bomb == "small_plus_big" else "W"
    return card[0]


def sort_classes(classes: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(classes, key=lambda c: CLASS_ORDER[c]))


def classes_of(cards_text: str, options: Mapping[str, object]) -> tuple[str, ...]:
    """Class multiset (sorted in game order) of a card text; validates it against the deck."""
    cards = parse_cards(cards_text)
    check_deck(cards, _opts(options).packs)
    return sort_classes([class_of(c, options) for c in cards])


# --------------------------------------------------------------------------------------------
# Declarations


@dataclass(frozen=True)
class _Decl:
    kind: str
    rank: str  # key rank: the group's rank or the run's lowest rank; "" for the king bomb
    length: int  # number of cards
    slots: Mapping[str, int]  # rank -> how many cards of that rank the declaration needs


def _run_sequence(o: _Opts) -> tuple[str, ...]:
    # 3..A, with 2 appended after A only under twos_in_runs; twos_only_single_pair forbids any
    # 2 (natural or joker) in a run, so the 2 slot cannot exist then.
    if o.twos_in_runs and not o.twos_only_single_pair:
        return RANKS
    return RANKS[:12]


def _group_kind(n: int, o: _Opts) -> str | None:
    """Kind of n cards declared as one rank, or None when that is no combination."""
    if n == 1:
        return "single"
    if n == 2:
        return "pair"
    if n == 3 and o.triple_mode in ("step", "any_higher"):
        return "triple"
    if n >= o.bomb_min_size:  # bomb_min_size is 3 only in triple_mode "bomb"
        return "bomb"
    return None  # n == 3 under triple_mode "none"


@cache
def _declarations(n: int, o: _Opts) -> tuple[_Decl, ...]:
    """Every declaration with exactly n cards under options o."""
    decls: list[_Decl] = []
    kind = _group_kind(n, o)
    if kind is not None:
        for r in RANKS:
            if r == TWO and o.twos_only_single_pair and kind not in ("single", "pair"):
                continue
            decls.append(_Decl(kind, r, n, {r: n}))
    seq = _run_sequence(o)
    if o.straight_min_len <= n <= o.straight_max_len:
        for i in range(len(seq) - n + 1):
            decls.append(_Decl("straight", seq[i], n, dict.fromkeys(seq[i : i + n], 1)))
    k = n // 2
    if n % 2 == 0 and o.pairs_min <= k <= o.pairs_max:
        for i in range(len(seq) - k + 1):
            decls.append(_Decl("pairs", seq[i], n, dict.fromkeys(seq[i : i + k], 2)))
    if n == 2 and o.king_bomb != "none":
        decls.append(_Decl("king_bomb", "", 2, {}))
    return tuple(decls)


def _realises(naturals: Mapping[str, int], jokers: tuple[str, ...], d: _Decl, o: _Opts) -> bool:
    """Do exactly these cards realise declaration d (rules §4.2 + §5 + spec options)?

    ``naturals`` maps rank -> count of natural cards, ``jokers`` lists the joker classes.
    """
    j = len(jokers)
    n_nat = sum(naturals.values())
    if n_nat + j != d.length:
        return False
    if d.kind == "king_bomb":
        # Exactly two jokers; small_plus_big needs one of each colour. Joker options
        # (wildness, max jokers, min naturals) do not apply: the king bomb is excepted.
        if n_nat != 0 or j != 2:
            return False
        return o.king_bomb == "any_two_jokers" or sorted(jokers) == ["BJ", "RJ"]
    if n_nat < 1:
        return False  # W3: never without a natural card
    for r, cnt in naturals.items():
        if cnt > d.slots.get(r, 0):
            return False  # a natural does not fit the declared ranks
    if j == 0:
        return True
    if not o.joker_wild:
        return False
    if o.max_jokers_per_combo is not None and j > o.max_jokers_per_combo:
        return False
    if n_nat < o.min_naturals_per_combo:
        return False
    # The jokers fill the slots the naturals left (the counts match because the lengths match).
    # Only a 2 slot is restricted (W2): a joker may be a 2 only with joker_can_be_two.
    return not (d.slots.get(TWO, 0) > naturals.get(TWO, 0) and not o.joker_can_be_two)


@lru_cache(maxsize=1 << 18)
def _readings(classes: tuple[str, ...], o: _Opts) -> frozenset[Key]:
    jokers = tuple(c for c in classes if c in JOKER_CLASSES)
    naturals = Counter(c for c in classes if c not in JOKER_CLASSES)
    return frozenset(
        (d.kind, d.rank, d.length, classes)
        for d in _declarations(len(classes), o)
        if _realises(naturals, jokers, d, o)
    )


def reference_readings(classes: tuple[str, ...], options: Mapping[str, object]) -> set[Key]:
    """Every declaration those exact cards can be, as keys."""
    return set(_readings(sort_classes(classes), _opts(options)))


# --------------------------------------------------------------------------------------------
# Beat relation


def _is_soft(key: Key) -> bool:
    return any(c in JOKER_CLASSES for c in key[3])


def _bomb_key(key: Key, o: _Opts) -> tuple[int, ...]:
    size, rank, pure = key[2], RANK_INDEX[key[1]], 0 if _is_soft(key) else 1
    # Straight from the spec's table of lexicographic keys.
    table: dict[tuple[str, str], tuple[int, ...]] = {
        ("size_then_rank", "none"): (size, rank),
        ("size_then_rank", "same_rank"): (size, rank, pure),
        ("size_then_rank", "same_size"): (size, pure, rank),
        ("rank_only", "none"): (rank,),
        ("rank_only", "same_rank"): (rank, pure),
        ("rank_only", "same_size"): (pure, rank),
    }
    return table[(o.bomb_order, o.pure_beats_soft)]


def reference_beats(new: Key, old: Key, options: Mapping[str, object]) -> bool:
    """Does declared move ``new`` beat ``old`` on the table (rules §4.3 + spec options)?"""
    o = _opts(options)
    new_kind, new_rank, new_len = new[0], new[1], new[2]
    old_kind, old_rank, old_len = old[0], old[1], old[2]
    if old_kind == "king_bomb":
        if o.king_bomb_rank == "highest":
            return False  # nothing beats it
        return new_kind == "bomb" and new_len >= 5  # above_4_below_5: bombs of 5+ beat it
    if new_kind == "king_bomb":
        if old_kind != "bomb":
            return True  # it is a bomb: it beats every non-bomb
        return o.king_bomb_rank == "highest" or old_len <= 4
    if old_kind == "bomb":
        return new_kind == "bomb" and _bomb_key(new, o) > _bomb_key(old, o)
    if new_kind == "bomb":
        return True
    if new_kind != old_kind or new_len != old_len:
        return False
    up_one = RANK_INDEX[new_rank] == RANK_INDEX[old_rank] + 1
    if new_kind in ("straight", "pairs"):
        return up_one
    if new_kind == "triple" and o.triple_mode == "any_higher":
        return RANK_INDEX[new_rank] > RANK_INDEX[old_rank]
    # single, pair, and triple in step mode: +1, or the 2s jump over anything but 2s.
    return up_one or (new_rank == TWO and old_rank != TWO)


# --------------------------------------------------------------------------------------------
# Legal moves


def sub_multisets(classes: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every non-empty sub-multiset of a class multiset, each sorted in game order."""
    counts = Counter(classes)
    distinct = sort_classes(list(counts))
    subs: list[tuple[str, ...]] = []
    for picks in itertools.product(*(range(counts[c] + 1) for c in distinct)):
        sub = tuple(c for c, k in zip(distinct, picks, strict=True) for _ in range(k))
        if sub:
            subs.append(sub)
    return subs


def reference_legal(
    hand_classes: tuple[str, ...], table: Key | None, options: Mapping[str, object]
) -> set[Key]:
    """Every canonical legal move of the hand: all readings of all sub-multisets that beat."""
    o = _opts(options)
    result: set[Key] = set()
    for sub in sub_multisets(tuple(hand_classes)):
        for key in _readings(sub, o):
            if table is None or reference_beats(key, table, options):
                result.add(key)
    return result
