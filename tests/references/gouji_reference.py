"""Slow, obviously-correct reference model of Gouji plays, written from the rules text.

Written only from the rules contract (shared/rules/gouji.md §3-§5, §4.5, §6.6, §11) and the
ganzdy API; it shares nothing with the C++ engine so the two can be compared.

Suits never matter in Gouji, so a card here is a *label* in the rules file's notation: a rank
"3".."9", "T", "J", "Q", "K", "A", "2", or "SJ" (the small joker) / "BJ" (the big joker). Mind the
shift of names: ganzdy writes the small joker BJ and the big one RJ (to_labels / to_engine convert).
A play is a sorted tuple of labels (sort_labels).

Everything is brute force, straight from the definitions:
  * a play is valid when its cards other than 2s and jokers share one rank (§4.1); under 憋三 a 3
    never goes with a 2 or a joker; under four_rules='all_at_once' a 4 neither;
  * its vector is built exactly as §4.2 lists the steps, as a list of values;
  * the beat modes are written as §4.3/§4.5 state them (each its own function below);
  * gouji cards and point openers as §5 and §6.6 state them;
  * leads are all valid sub-multisets of the hand that the hand may play (憋三: 3s only as the
    whole hand; the 4-rules), and follows those leads that beat the table.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

RANKS = "3456789TJQKA2"
VALUE = {r: i for i, r in enumerate(RANKS)} | {"SJ": 13, "BJ": 14}
JOKERS = ("SJ", "BJ")
SUITS = "shdc"

Play = tuple[str, ...]

DEFAULTS: dict[str, object] = {
    "biesan": True,
    "four_rules": "off",
    "gouji_thresholds": "T5 J4 Q3 K2 A2",
    "beat_mode": "strict",
    "mixed_joker_downgrade": True,
    "open_point_excludes_twos": True,
}


@dataclass(frozen=True)
class Opts:
    biesan: bool
    four_rules: str
    gouji_thresholds: str
    beat_mode: str
    mixed_joker_downgrade: bool
    open_point_excludes_twos: bool

    def threshold(self, rank: str) -> int | None:
        for item in self.gouji_thresholds.split():
            if item[0] == rank:
                return int(item[1:])
        return None


def opts(overrides: Mapping[str, object] | None = None) -> Opts:
    """The combination options with the rules' defaults, overridden by ``overrides``."""
    values = dict(DEFAULTS)
    for name, value in (overrides or {}).items():
        if name in values:
            values[name] = value
    return Opts(**values)  # type: ignore[arg-type]


def sort_labels(labels: Iterable[str]) -> Play:
    return tuple(sorted(labels, key=lambda c: VALUE[c]))


def to_labels(engine_cards: str) -> Play:
    """ganzdy card text ("8s 8h BJ RJ") to labels (8 8 SJ BJ)."""
    out = []
    for card in engine_cards.split():
        out.append({"BJ": "SJ", "RJ": "BJ"}.get(card, card[0]))
    return sort_labels(out)


def to_engine(labels: Iterable[str]) -> str:
    """Labels to ganzdy card text, each rank's cards dealt over the suits in turn."""
    seen: Counter[str] = Counter()
    out = []
    for label in labels:
        if label in JOKERS:
            out.append("BJ" if label == "SJ" else "RJ")
        else:
            out.append(label + SUITS[seen[label] % 4])
            seen[label] += 1
    return " ".join(out)


# --------------------------------------------------------------------------------------------
# §4.1 and §4.2


@dataclass(frozen=True)
class Parts:
    rank: str | None  # the natural rank r, or None when there are no naturals
    naturals: int  # m
    twos: int  # t
    small: int  # s
    big: int  # b


@cache
def parts(play: Play, o: Opts) -> Parts | None:
    """The decomposition of §4.1, or None when the cards are no valid combination."""
    if not play:
        return None
    naturals = [c for c in play if c != "2" and c not in JOKERS]
    if len(set(naturals)) > 1:
        return None
    rank = naturals[0] if naturals else None
    extras = len(play) - len(naturals)
    if o.biesan and rank == "3" and extras:
        return None  # "A 3 can never combine with 2s or jokers"
    if o.four_rules == "all_at_once" and rank == "4" and extras:
        return None  # "with no 2s or jokers"
    return Parts(rank, len(naturals), play.count("2"), play.count("SJ"), play.count("BJ"))


@cache
def vector(play: Play, o: Opts) -> tuple[int, ...]:
    """§4.2 step by step, as values high to low."""
    p = parts(play, o)
    assert p is not None
    s, b = p.small, p.big
    if s > 0 and b > 0 and o.mixed_joker_downgrade:  # step 1
        s, b = s + b, 0
    if p.rank is not None:  # step 2 (a rank exactly when there are naturals)
        rank_part = [p.rank] * (p.naturals + p.twos)
    elif p.twos > 0:
        rank_part = ["2"] * p.twos
    else:
        rank_part = []
    labels = ["BJ"] * b + ["SJ"] * s + rank_part  # step 3
    values = tuple(VALUE[c] for c in labels)
    assert list(values) == sorted(values, reverse=True)  # "already sorted high to low"
    return values


# --------------------------------------------------------------------------------------------
# The beat relation: §4.3 and each variant of §4.5


def strict(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """§4.3: same size, every place strictly higher."""
    return len(a) == len(b) and all(x > y for x, y in zip(a, b, strict=True))


def _is_joker_value(v: int) -> bool:
    return v >= VALUE["SJ"]


def cover(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """§4.5 cover: A's jokers cover B's jokers with >=, A may have more jokers, A's core rank is
    strictly higher, totals equal. A play of jokers alone has no rank place to be higher in, so
    against one the comparison is strict (ties never beat)."""
    if len(a) != len(b):
        return False
    jokers_b = [v for v in b if _is_joker_value(v)]
    core_b = [v for v in b if not _is_joker_value(v)]
    if not core_b:
        return strict(a, b)
    jokers_a = [v for v in a if _is_joker_value(v)]
    core_a = [v for v in a if not _is_joker_value(v)]
    if len(jokers_a) < len(jokers_b):
        return False
    if any(x < y for x, y in zip(jokers_a, jokers_b, strict=False)):
        return False
    # A's extra jokers stand against B's core cards, and jokers top every rank.
    return not core_a or core_a[0] > core_b[0]


def wild(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """§4.5 wild: jokers are wilds; same size, compare by the main rank (the lowest card)."""
    return len(a) == len(b) and min(a) > min(b)


def two_kill_one(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """§4.5 大王二杀一: strict, or B holds k >= 1 big jokers and A at least 2k; A's first 2k big
    jokers take B's k, and the rests (A k cards longer) compare strictly, two empty rests tying
    into a win."""
    if strict(a, b):
        return True
    k = b.count(VALUE["BJ"])
    if k == 0 or a.count(VALUE["BJ"]) < 2 * k or len(a) != len(b) + k:
        return False
    rest_a, rest_b = a[2 * k :], b[k:]
    return (not rest_a and not rest_b) or strict(rest_a, rest_b)


MODES = {"strict": strict, "cover": cover, "wild": wild, "two_kill_one": two_kill_one}


def beats(new: Play, old: Play, o: Opts) -> bool:
    return MODES[o.beat_mode](vector(new, o), vector(old, o))


# --------------------------------------------------------------------------------------------
# §5 and §6.6


def is_gouji(play: Play, o: Opts) -> bool:
    p = parts(play, o)
    assert p is not None
    if p.small + p.big > 0:  # any play with a joker
        return True
    if p.naturals == 0:  # pure 2s
        return True
    threshold = o.threshold(p.rank) if p.rank else None
    return threshold is not None and p.naturals + p.twos >= threshold  # 2s counted as the rank


def opens_point(play: Play, o: Opts) -> bool:
    """Point-eligible: a gouji card with no joker and, with open_point_excludes_twos, no 2."""
    return (
        is_gouji(play, o)
        and "SJ" not in play
        and "BJ" not in play
        and not (o.open_point_excludes_twos and "2" in play)
    )


# --------------------------------------------------------------------------------------------
# Plays from a hand


def sub_multisets(hand: Iterable[str]) -> list[Play]:
    counts = Counter(hand)
    labels = sorted(counts, key=lambda c: VALUE[c])
    out = []
    for taken in itertools.product(*(range(counts[c] + 1) for c in labels)):
        play = sort_labels(c for c, n in zip(labels, taken, strict=True) for _ in range(n))
        if play:
            out.append(play)
    return out


def may_play(play: Play, hand: Play, o: Opts, opened_point: bool = False) -> bool:
    """Whether the hand may play this valid combination (憋三, the 4-rules)."""
    p = parts(play, o)
    assert p is not None
    if o.biesan and p.rank == "3" and Counter(play) != Counter(hand):
        return False  # 3s only as the final play, all together
    if o.four_rules == "after_open_point" and p.rank == "4" and not opened_point:
        return False
    return not (o.four_rules == "all_at_once" and p.rank == "4" and p.naturals != hand.count("4"))


def leads(hand: Iterable[str], o: Opts, opened_point: bool = False) -> set[Play]:
    h = sort_labels(hand)
    return {
        p for p in sub_multisets(h) if parts(p, o) is not None and may_play(p, h, o, opened_point)
    }


def follows(hand: Iterable[str], table: Play, o: Opts, opened_point: bool = False) -> set[Play]:
    return {p for p in leads(hand, o, opened_point) if beats(p, table, o)}
