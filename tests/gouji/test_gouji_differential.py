"""Differential test: the compiled Gouji rules against the brute-force reference.

For each option set below (together they vary every option that changes plays: each beat_mode,
the joker downgrade, 憋三, the 4-rules, the gouji thresholds and the point rule), a fixed-seed
generator draws hands of 1-11 cards from four packs, built from one to three ranks (3s and 4s
often among them), 2s and both jokers, and a table play taken from another hand of the same deck
(plays with jokers favoured, so every beat mode's joker rules are met). It then compares, exactly:
  * rules.legal_moves(hand) with the reference's leads (a lead position),
  * rules.legal_moves(hand, table) with the reference's follows (a follow position), and the same
    for the rest of the hand following one of the hand's own plays (a second follow position),
  * rules.readings and rules.classify (rank, vector, gouji card, point opener) with the reference
    on sub-multisets of the hand, valid or not,
  * rules.beats(new, old) with the reference on pairs of real plays of any sizes,
and checks that each list has no repeat, holds the canonical cards (each rank's lowest faces of
the hand) and keeps the documented order.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest

import gouji_reference as ref
from ganzdy import Cards, Move, Rules

SEED = int(os.environ.get("GJ_DIFF_SEED", "20250601"))
HANDS_PER_SET = int(os.environ.get("GJ_DIFF_HANDS", "80"))  # x 12 sets x ~2.9 positions: ~2,800

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"beat_mode": "cover"},
    {"beat_mode": "wild"},
    {"beat_mode": "two_kill_one"},
    {"mixed_joker_downgrade": False},
    {"mixed_joker_downgrade": False, "beat_mode": "two_kill_one"},
    {"mixed_joker_downgrade": False, "beat_mode": "cover"},
    {"biesan": False, "beat_mode": "wild", "mixed_joker_downgrade": False},
    {"biesan": False, "gouji_thresholds": "63 T2 K1", "open_point_excludes_twos": False},
    {"four_rules": "all_at_once"},
    {"four_rules": "after_open_point", "beat_mode": "two_kill_one"},
    {"biesan": False, "four_rules": "all_at_once", "beat_mode": "cover"},
]

NATURALS = "3456789TJQKA"


def _set_id(overrides: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in overrides.items()) or "default"


def _deck() -> list[str]:
    return [r + s for r in ref.RANKS for s in ref.SUITS] * 4 + ["BJ", "RJ"] * 4


def _take(rng: random.Random, deck: list[str], want: list[str]) -> list[str]:
    """Cards of the wanted faces or ranks from the deck (which it depletes), as many as are left."""
    out = []
    for w in want:
        pool = [c for c in deck if c == w or (len(w) == 1 and c[0] == w and c not in ("BJ", "RJ"))]
        if pool:
            card = rng.choice(pool)
            deck.remove(card)
            out.append(card)
    return out


def _draw_hand(rng: random.Random, deck: list[str]) -> list[str]:
    ranks = rng.sample(NATURALS, rng.choice((1, 1, 2, 2, 3)))
    if rng.random() < 0.25:
        ranks[0] = rng.choice("34")
    want = [r for r in ranks for _ in range(rng.randint(1, 4))]
    want += ["2"] * rng.choice((0, 0, 1, 2, 3))
    want += ["BJ"] * rng.choice((0, 0, 1, 1, 2, 3)) + ["RJ"] * rng.choice((0, 0, 1, 2, 2, 3))
    rng.shuffle(want)
    return _take(rng, deck, want[:11]) or _take(rng, deck, ["RJ"]) or _take(rng, deck, ["5"])


def _choose(rng: random.Random, plays: list[ref.Play]) -> ref.Play:
    """A play, those with jokers or 2s (big jokers most) favoured."""
    weights = [1 + 3 * ("BJ" in p) + 2 * ("SJ" in p) + ("2" in p) for p in plays]
    return rng.choices(plays, weights)[0]


def _rank(play: ref.Play, o: ref.Opts) -> str:
    p = ref.parts(play, o)
    assert p is not None
    return p.rank or ("2" if p.twos else "")


def _order(move: Move) -> tuple[int, ...]:
    """The documented order: rank 3..A, 2s alone, jokers alone; then naturals, 2s, small, big."""
    labels = ref.to_labels(str(move.cards))
    rank = ref.RANKS.index(move.rank) if move.rank else 13
    naturals = labels.count(move.rank) if move.rank and move.rank != "2" else 0
    return (rank, naturals, labels.count("2"), labels.count("SJ"), labels.count("BJ"))


def _canonical(hand: list[str], labels: ref.Play) -> Cards:
    """The cards the engine plays for `labels` from `hand`: each rank's lowest faces."""
    faces = str(Cards(" ".join(hand))).split()  # text order: rank, then suit s h d c
    need = Counter(labels)
    out = []
    for card in faces:
        label = ref.to_labels(card)[0]
        if need[label] > 0:
            need[label] -= 1
            out.append(card)
    return Cards(" ".join(out))


def _check_list(
    moves: list[Move], hand: list[str], where: str, problems: list[str]
) -> Counter[tuple[ref.Play, str]]:
    keys = Counter((ref.to_labels(str(m.cards)), m.rank) for m in moves)
    dup = [k for k, n in keys.items() if n > 1]
    if dup:
        problems.append(f"{where}: listed twice {dup[:3]}")
    if [_order(m) for m in moves] != sorted(_order(m) for m in moves):
        problems.append(f"{where}: not in the documented order")
    for m in moves:
        if m.cards != _canonical(hand, ref.to_labels(str(m.cards))) or m.length != len(m.cards):
            problems.append(f"{where}: {m!r} does not play the hand's lowest faces")
            break
    return keys


def _compare(got: Any, want: Any, where: str, problems: list[str]) -> None:
    if got != want:
        problems.append(
            f"{where}\n    engine only: {sorted(got - want)[:6]}\n"
            f"    reference only: {sorted(want - got)[:6]}"
        )


def _move(play: ref.Play, o: ref.Opts) -> Move:
    return Move("group", _rank(play, o), ref.to_engine(play))


@pytest.mark.parametrize("overrides", OPTION_SETS, ids=_set_id)
def test_engine_matches_reference(overrides: dict[str, Any]) -> None:
    rules = Rules("gouji", **overrides)
    o = ref.opts(overrides)
    rng = random.Random(f"{SEED}:{_set_id(overrides)}")
    problems: list[str] = []
    positions = 0
    for i in range(HANDS_PER_SET):
        deck = _deck()
        hand = _draw_hand(rng, deck)
        other = _draw_hand(rng, deck)
        opened = i % 2 == 1
        labels = ref.to_labels(" ".join(hand))
        where = f"[{_set_id(overrides)} seed {SEED} hand {i}] hand {' '.join(labels)!r}"

        # Leads.
        want_leads = ref.leads(labels, o, opened)
        got = _check_list(
            rules.legal_moves(" ".join(hand), opened_point=opened),
            hand,
            where,
            problems,
        )
        _compare(set(got), {(p, _rank(p, o)) for p in want_leads}, where + " lead", problems)
        positions += 1

        # Follows: a play of another hand, and one of the hand's own plays against the rest.
        tables = []
        # Any combination of the other hand may lie on the table (3s too: someone's final play).
        other_leads = [
            p for p in ref.sub_multisets(ref.to_labels(" ".join(other))) if ref.parts(p, o)
        ]
        if other_leads:
            # Half the time a table the hand can answer, if one of a sample is.
            table = _choose(rng, other_leads)
            if rng.random() < 0.5:
                answerable = [
                    t
                    for t in rng.sample(other_leads, min(30, len(other_leads)))
                    if any(ref.beats(p, t, o) for p in want_leads)
                ]
                table = _choose(rng, answerable) if answerable else table
            tables.append((labels, hand, table))
        if want_leads:
            own = _choose(rng, sorted(want_leads))
            rest = list((Counter(hand) - Counter(_canonical(hand, own))).elements())
            if rest:
                tables.append((ref.to_labels(" ".join(rest)), rest, own))
        for hand_labels, cards, table in tables:
            at = f"{where} follow {' '.join(hand_labels)!r} on {' '.join(table)!r}"
            moves = rules.legal_moves(" ".join(cards), _move(table, o), opened_point=opened)
            got = _check_list(moves, cards, at, problems)
            want = {(p, _rank(p, o)) for p in ref.follows(hand_labels, table, o, opened)}
            _compare(set(got), want, at, problems)
            positions += 1

        # Readings and classification of sub-multisets, valid or not.
        subs = ref.sub_multisets(labels)
        for sub in rng.sample(subs, min(5, len(subs))):
            text = str(_canonical(hand, sub))
            readings = rules.readings(text)
            p = ref.parts(sub, o)
            if p is None:
                if readings:
                    problems.append(
                        f"{where}: {sub} read as {readings}, the reference finds no play"
                    )
                continue
            play = rules.classify(text)
            want_vec = [
                ref.RANKS[v] if v < 13 else ("BJ" if v == 13 else "RJ") for v in ref.vector(sub, o)
            ]
            got_cls = (
                [str(m) for m in readings],
                play.rank,
                play.vector,
                play.is_gouji,
                play.opens_point,
                (play.naturals, play.twos, play.small_jokers, play.big_jokers),
            )
            want_cls = (
                [f"{Cards(text)} as group {_rank(sub, o)}".rstrip()],
                _rank(sub, o),
                want_vec,
                ref.is_gouji(sub, o),
                ref.opens_point(sub, o),
                (p.naturals, p.twos, p.small, p.big),
            )
            if got_cls != want_cls:
                problems.append(f"{where}: classify {sub}: {got_cls} != reference {want_cls}")

        # The beat relation on pairs of real plays of any sizes.
        plays = sorted(want_leads | set(other_leads))
        for _ in range(8 if len(plays) >= 2 else 0):
            a, b = _choose(rng, plays), _choose(rng, plays)
            if rules.beats(_move(a, o), _move(b, o)) != ref.beats(a, b, o):
                problems.append(
                    f"{where}: beats({a}, {b}) is {ref.beats(a, b, o)} by the reference"
                )
        if len(problems) > 20:
            break
    assert not problems, f"{len(problems)} mismatches:\n" + "\n".join(problems[:20])
    assert positions >= HANDS_PER_SET * 2.5  # a lead and (nearly always) two follows per hand


@pytest.mark.parametrize("mode", ["two_kill_one", "strict", "cover"])
@pytest.mark.parametrize("downgrade", [True, False])
def test_big_joker_hands(mode: str, downgrade: bool) -> None:
    """Hands heavy in big jokers against tables holding one or two of them: the kills of
    two_kill_one (an answer k cards longer), the unbeatable big-joker lead of strict, cover's
    equal jokers, with and without the downgrade."""
    overrides: dict[str, Any] = {"beat_mode": mode, "mixed_joker_downgrade": downgrade}
    rules = Rules("gouji", **overrides)
    o = ref.opts(overrides)
    rng = random.Random(f"{SEED}:big:{mode}:{downgrade}")
    kills = 0
    for _ in range(25):
        big = rng.randint(1, 2)
        table = ref.sort_labels(
            ["BJ"] * big
            + ["SJ"] * rng.randint(0, 1)
            + [rng.choice(NATURALS[1:-1])] * rng.randint(0, 3)
        )
        rank = rng.choice(NATURALS[2:])
        hand = ref.sort_labels(
            ["BJ"] * (4 - big)
            + ["SJ"] * rng.randint(0, 3)
            + ["2"] * rng.randint(0, 2)
            + [rank] * rng.randint(0, 4)
        )
        if not hand:
            continue
        moves = rules.legal_moves(ref.to_engine(hand), _move(table, o))
        got = Counter(ref.to_labels(str(m.cards)) for m in moves)
        want = ref.follows(hand, table, o)
        assert set(got) == want and all(n == 1 for n in got.values()), (hand, table)
        kills += sum(len(p) != len(table) for p in want)
    assert (kills > 0) == (mode == "two_kill_one")
