"""Differential test: the compiled Guandan generator against the brute-force reference.

For each option set below (together they vary every option that changes combinations), a
fixed-seed generator draws hands of 1-10 cards holding 0, 1 or 2 wilds in turn, some from the whole
deck and some from a few neighbouring ranks (so runs, bombs and full houses are common), and a table
play drawn from another hand of the same two packs. It then compares, exactly at card level:
  * rules.legal_moves(hand) with the reference's leads (a lead position),
  * rules.legal_moves(hand, table) with the reference's follows (a follow position), and the same
    for the rest of the hand following one of the hand's own plays (a second follow position),
  * rules.readings(cards) with the reference's readings on sub-multisets of the hand,
  * rules.beats(new, old) with the reference's beat relation on pairs of real plays,
and checks the generator's list has no repeat and keeps its documented order of kinds and keys.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest

import guandan_reference as ref
from ganzdy import Cards, Move, Rules

SEED = int(os.environ.get("GD_DIFF_SEED", "20250521"))
HANDS_PER_SET = int(os.environ.get("GD_DIFF_HANDS", "100"))  # x 15 sets x 3 positions: ~4,400

OPTION_SETS: list[dict[str, object]] = [
    {},
    {"level": "5"},
    {"level": "A"},
    {"level": "T"},
    {"level": "3"},
    {"level": "K", "fullhouse_joker_pair": False},
    {"level": "7", "wild_enabled": False},
    {"prune_redundant_wild": True},
    {"prune_redundant_wild": True, "level": "9"},
    {"max_bomb_size": 8, "level": "6"},
    {"max_bomb_size": 9, "level": "Q"},
    {"three_with_one": True, "level": "8"},
    {"straight_len": 6, "tube_pairs": 4, "plate_triples": 3, "level": "4"},
    {"straight_len": 7, "tube_pairs": 2 + 2, "level": "J", "three_with_one": True},
    {"level": "2", "prune_redundant_wild": True, "three_with_one": True, "max_bomb_size": 8},
]

KIND_ORDER = [
    "single",
    "pair",
    "triple",
    "full_house",
    "three_with_one",
    "straight",
    "tube",
    "plate",
    "bomb",
    "straight_flush",
    "joker_bomb",
]


def _set_id(overrides: dict[str, object]) -> str:
    return ",".join(f"{k}={v}" for k, v in overrides.items()) or "default"


def _draw_hand(rng: random.Random, deck: list[str], wild: str, wilds: int) -> list[str]:
    """A hand from `deck` (which it depletes) with exactly `wilds` copies of the wild face."""
    size = rng.randint(max(1, wilds), 10)
    pool = [c for c in deck if c != wild]
    extra: list[str] = []
    if rng.random() < 0.06 and all(deck.count(j) == 2 for j in ref.JOKERS):
        extra = ["BJ", "BJ", "RJ", "RJ"]  # a joker bomb
        pool = [c for c in pool if c not in ref.JOKERS]
        size = max(size - 4, wilds)
    if rng.random() < 0.6:
        # A few neighbouring ranks, sometimes of one or two suits, sometimes with jokers:
        # straight flushes, runs, bombs and full houses are likely.
        start = rng.randrange(len(ref.SEQUENCE) - 3)
        ranks = set(ref.SEQUENCE[start : start + rng.randint(2, 6)])
        suits = ref.SUITS if rng.random() < 0.7 else rng.sample(ref.SUITS, rng.randint(1, 2))
        pool = [
            c
            for c in pool
            if (c in ref.JOKERS and rng.random() < 0.3) or (c[0] in ranks and c[1] in suits)
        ]
    hand = rng.sample(pool, min(size - wilds, len(pool))) + [wild] * wilds + extra
    for c in hand:
        deck.remove(c)
    return hand


def _table(rng: random.Random, deck: list[str], o: ref.Opts, wild: str) -> ref.Play | None:
    """A random play of another hand, its kind chosen first, the rarer kinds favoured."""
    other = _draw_hand(rng, deck, wild, rng.choice((0, 0, 1)) if deck.count(wild) else 0)
    plays = sorted(ref.leads(other, o))
    if not plays:
        return None
    kinds = sorted({p[0] for p in plays})
    kind = rng.choices(kinds, [1 if k in ("single", "pair") else 4 for k in kinds])[0]
    return rng.choice([p for p in plays if p[0] == kind])


def _move(play: ref.Play) -> Move:
    return Move(play[0], play[1], " ".join(play[3]))


def _key(move: Move) -> tuple[str, str, int, str]:
    return (move.kind, move.rank, move.length, str(move.cards))


def _pkey(play: ref.Play) -> tuple[str, str, int, str]:
    return (play[0], play[1], play[2], str(Cards(" ".join(play[3]))))


def _order_key(move: Move, o: ref.Opts) -> tuple[int, ...]:
    """The documented order of kinds and keys (card choices within one key are not checked)."""
    play: ref.Play = (move.kind, move.rank, move.length, tuple(str(move.cards).split()))
    kind = KIND_ORDER.index(move.kind)
    if move.kind in ("straight", "tube", "plate"):
        return (kind, ref.sequence_key(play))
    if move.kind == "straight_flush":
        naturals = [c for c in play[3] if not ref.is_wild(c, o)]
        return (kind, ref.sequence_key(play), ref.SUITS.index(naturals[0][1]))
    if move.kind == "bomb":
        return (kind, move.length, ref.key_value(play, o))
    return (kind, ref.key_value(play, o))


def _check_list(moves: list[Move], o: ref.Opts, where: str, problems: list[str]) -> None:
    keys = [_key(m) for m in moves]
    dup = [k for k, n in Counter(keys).items() if n > 1]
    if dup:
        problems.append(f"{where}: listed twice {dup[:3]}")
    order = [_order_key(m, o) for m in moves]
    if order != sorted(order):
        problems.append(f"{where}: not in the documented order of kinds and keys")


def _compare(got: set[Any], want: set[Any], where: str, problems: list[str]) -> None:
    if got != want:
        problems.append(
            f"{where}\n    engine only: {sorted(got - want)[:6]}\n    reference only: {sorted(want - got)[:6]}"
        )


@pytest.mark.parametrize("overrides", OPTION_SETS, ids=_set_id)
def test_engine_matches_reference(overrides: dict[str, object]) -> None:
    rules = Rules("guandan", **overrides)  # type: ignore[arg-type]
    o = ref.opts(overrides)
    wild = o.level + "h"
    rng = random.Random(f"{SEED}:{_set_id(overrides)}")
    problems: list[str] = []
    positions = 0
    for i in range(HANDS_PER_SET):
        deck = [r + s for r in ref.NATURAL for s in ref.SUITS] * 2 + list(ref.JOKERS) * 2
        hand = _draw_hand(rng, deck, wild, i % 3)
        table = _table(rng, deck, o, wild)
        where = (
            f"[{_set_id(overrides)} seed {SEED} hand {i}] hand {' '.join(ref.sort_cards(hand))!r}"
        )
        hand_text = " ".join(hand)

        # Leads.
        lead_moves = rules.legal_moves(hand_text)
        want_leads = ref.leads(hand, o)
        _check_list(lead_moves, o, where + " lead", problems)
        _compare(
            {_key(m) for m in lead_moves}, {_pkey(p) for p in want_leads}, where + " lead", problems
        )
        positions += 1

        # Follows.
        if table is not None:
            follow_moves = rules.legal_moves(hand_text, _move(table))
            want = {_pkey(p) for p in want_leads if ref.beats(p, table, o)}
            _check_list(follow_moves, o, where + f" on {table}", problems)
            _compare({_key(m) for m in follow_moves}, want, where + f" on {table}", problems)
            positions += 1

        # The rest of the hand following one of its own plays: tables of every kind, often
        # of a kind the rest can answer.
        if want_leads:
            kinds = sorted({p[0] for p in want_leads})
            kind = rng.choices(kinds, [1 if k in ("single", "pair") else 4 for k in kinds])[0]
            own = rng.choice(sorted(p for p in want_leads if p[0] == kind))
            rest = list((Counter(hand) - Counter(own[3])).elements())
            if rest:
                got_moves = rules.legal_moves(" ".join(rest), _move(own))
                want = {_pkey(p) for p in ref.follows(rest, own, o)}
                _check_list(got_moves, o, where + f" rest {rest} on {own}", problems)
                _compare(
                    {_key(m) for m in got_moves}, want, where + f" rest {rest} on {own}", problems
                )
                positions += 1

        # Readings of a few sub-multisets, and the beat relation on pairs of real plays.
        subs = ref.sub_multisets(hand)
        for sub in rng.sample(subs, min(4, len(subs))):
            got = {_key(m) for m in rules.readings(" ".join(sub))}
            _compare(
                got, {_pkey(p) for p in ref.readings(sub, o)}, where + f" readings {sub}", problems
            )
        plays = sorted(want_leads) + ([table] if table else [])
        for _ in range(6 if len(plays) >= 2 else 0):
            a, b = rng.sample(plays, 2)
            if rules.beats(_move(a), _move(b)) != ref.beats(a, b, o):
                problems.append(
                    f"{where}: beats({a}, {b}) is {ref.beats(a, b, o)} by the reference"
                )
        if len(problems) > 20:
            break
    assert not problems, f"{len(problems)} mismatches:\n" + "\n".join(problems[:20])
    assert positions >= HANDS_PER_SET * 2.5  # a lead and (nearly always) two follows per hand


def test_structured_long_hands() -> None:
    """Longer hands of neighbouring ranks with both wilds: many runs, tubes, plates and bombs."""
    rng = random.Random(SEED)
    for level in ("2", "8", "A"):
        rules = Rules("guandan", level=level)
        o = ref.opts({"level": level})
        for _ in range(3):
            ranks = ref.SEQUENCE[(s := rng.randrange(9)) : s + 5]
            pool = [r + su for r in ranks for su in ref.SUITS if r + su != level + "h"] * 2
            hand = rng.sample(pool, 10) + [level + "h"] * 2
            got = {_key(m) for m in rules.legal_moves(" ".join(hand))}
            assert got == {_pkey(p) for p in ref.leads(hand, o)}, f"level {level}, hand {hand}"


def _representative(d: ref.Decl, o: ref.Opts) -> ref.Play | None:
    """Real cards for declaration `d`: naturals of each rank in suit order (the flush's suit for a
    straight flush, mixed suits for a straight), wilds where the naturals run out."""
    wild = o.level + "h"
    cards: list[str] = list(d.jokers)
    wilds_left = 2 if o.wild_enabled else 0
    for i, n in enumerate(d.slots):
        rank = ref.NATURAL[i]
        if d.run == "flush":
            faces = [rank + "s"] if rank + "s" != wild else []
        elif d.run == "straight" and not cards:
            faces = [rank + "d"]  # one diamond first, then spades
        elif d.run == "straight":
            faces = [rank + "s"]
        else:
            faces = [rank + s for s in ref.SUITS if rank + s != wild or not o.wild_enabled] * 2
            faces.sort(key=ref.card_sort_key)
        take = faces[:n]
        while len(take) < n and wilds_left:
            take.append(wild)
            wilds_left -= 1
        if len(take) < n:
            return None
        cards += take
    play = (d.kind, d.rank, d.length, ref.sort_cards(cards))
    return play if play in ref.readings(cards, o) else None


@pytest.mark.parametrize(
    "overrides",
    [
        {},
        {"level": "A"},
        {"level": "7", "max_bomb_size": 8},
        {"level": "Q", "three_with_one": True},
    ],
    ids=_set_id,
)
def test_beats_on_every_class_of_play(overrides: dict[str, object]) -> None:
    """rules.beats against the reference on all pairs of a catalogue with one play per kind, key
    and bomb size (full houses with one pair rank each): every rung of the bomb ladder meets every
    other, the level rank meets the ace, the low ace meets the high."""
    rules = Rules("guandan", **overrides)  # type: ignore[arg-type]
    o = ref.opts(overrides)
    catalogue: dict[tuple[str, str, int, tuple[str, ...]], ref.Play] = {}
    for d in ref.declarations(o):
        if (d.kind, d.rank, d.length, d.jokers) in catalogue:
            continue
        play = _representative(d, o)
        if play is not None:
            catalogue[(d.kind, d.rank, d.length, d.jokers)] = play
    plays = list(catalogue.values())
    kinds = Counter(p[0] for p in plays)
    assert kinds["single"] == 15 and kinds["straight_flush"] == 10 and kinds["joker_bomb"] == 1, (
        kinds
    )
    assert kinds["bomb"] == 13 * (o.max_bomb_size - 3) - (o.max_bomb_size - 8), (
        kinds
    )  # L: 8 at most
    moves = [_move(p) for p in plays]
    wrong = [
        (a, b)
        for a, ma in zip(plays, moves, strict=True)
        for b, mb in zip(plays, moves, strict=True)
        if rules.beats(ma, mb) != ref.beats(a, b, o)
    ]
    assert not wrong, f"{len(wrong)} pairs differ, e.g. {wrong[:5]}"
