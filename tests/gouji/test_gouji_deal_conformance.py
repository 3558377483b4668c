"""Conformance of the Gouji deal over random deals: random legal play through every
phase, first hands and hands after a previous one, under several option sets.

At every ply: every card is accounted for (check_invariants rebuilds each hand
from the deal, the purchases, the tribute and the plays), and in play the deal
agrees with the reference of tests/references/gouji_deal_reference.py (who acts, in which
role, the legal moves, burns, points, graces, places). After each deal: undo
restores every earlier position exactly, the seed reproduces it, its record
replays to it, and it ended. The paths that random play rarely takes (burns,
revolutions, void hands, 闷, yields, purchases, tribute) are counted and must
have occurred.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import ganzdy
from ganzdy import (
    DeckError,
    GanDengYanDeal,
    GanzdyError,
    GoujiDeal,
    IllegalMoveError,
    Move,
    ParseError,
    Rules,
    RulesError,
)
from gouji_deal_reference import PlayReference, check_against
from gouji_decks import ORDER, deck_of
from scale import scaled

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"burn_illegal_mode": "penalize"},
    {"biesan": False, "dipai_grace": True},
    {"xuandian": True, "point_check_time": "end_of_hand", "laogong_same_team": "pay"},
    {
        "burn_priority": "turn_order",
        "burn_by_teammates": False,
        "lead_after_finished_winner": "teammate",
    },
    {"men_immediate_bottom": True, "buy_four": True, "remaining_place_order": "seat"},
    {"first_leader": "previous_daluo", "yaotou_grace_plays": 1, "scoring": "4,2,0,0,-2,-4"},
    {"revolution": False, "yield_enabled": False, "headless_free_response": False},
    {"beat_mode": "cover", "burn_requires_open_point": True},
]

DEALS = 1080  # 120 for each option set
MAX_PLIES = 4000


def burner_deck(rng: random.Random) -> list[str]:
    """A shuffled deck in which one seat holds every joker and few ranks, so that
    burns can be played out, and one seat may hold no 2 and no joker."""
    seat = rng.randrange(6)
    ranks = rng.sample("456789TJQKA", 4)
    pool = Counter({face: 4 for face in ORDER})
    mine = ["BJ"] * 4 + ["RJ"] * 4 + [f"3{rng.choice('shdc')}" for _ in range(2)]
    for face in mine:
        pool[face] -= 1
    while len(mine) < 36:
        face = rng.choice([f for f in pool if pool[f] and f[0] in ranks])
        pool[face] -= 1
        mine.append(face)
    rest = [face for face in ORDER for _ in range(pool[face])]
    rng.shuffle(rest)
    # Twos to the front, so the seat dealt last of the rest may lack them.
    if rng.random() < 0.5:
        rest.sort(key=lambda f: f[0] != "2")
    hands = [[] for _ in range(6)]
    hands[seat] = mine
    others = [s for s in range(6) if s != seat]
    for i, face in enumerate(rest):
        hands[others[i % 5]].append(face)
    for h in hands:
        rng.shuffle(h)
    return deck_of(hands)


def choose(deal: GoujiDeal, rng: random.Random, counts: Counter[str]) -> Move:
    moves = list(deal.legal_moves)
    assert moves
    burns = [m for m in moves if deal.is_burn(m)]
    if burns and rng.random() < 0.8:
        return rng.choice(burns)
    revolt = [m for m in moves if m.kind == "revolt"]
    if revolt and rng.random() < 0.6:
        return revolt[0]
    if deal.phase == "play" and not deal.table.is_pass and rng.random() < 0.5:
        return moves[0]  # pass more often than not, so tricks end
    return rng.choice(moves)


def play_deal(
    rules: Rules,
    rng: random.Random,
    counts: Counter[str],
    previous: dict[str, Any] | None,
    with_reference: bool,
) -> GoujiDeal:
    if rng.random() < 0.35:
        deal = GoujiDeal(rules, deck=burner_deck(rng), previous=previous)
    else:
        deal = GoujiDeal(rules, rng.getrandbits(64), previous=previous)
    hashes = [deal.hash()]
    ref: PlayReference | None = None
    while not deal.is_terminal:
        if deal.phase == "play" and ref is None and with_reference:
            ref = PlayReference(deal)
        if ref is not None:
            check_against(ref, deal)
        move = choose(deal, rng, counts)
        burn = deal.is_burn(move)
        counts["burn"] += burn
        counts[move.kind] += 1
        deal.push(move)
        deal.check_invariants()
        if ref is not None:
            ref.step(move)
        hashes.append(deal.hash())
        assert deal.ply < MAX_PLIES, "the deal does not end"
        if burn and deal.burner is None and not deal.is_out(deal.history[-1][0]):
            counts["burn_ended_at_once"] += 1
    if ref is not None:
        check_against(ref, deal)
    o = deal.outcome
    counts["purchases"] += len(deal.purchases)
    counts["free_purchases"] += sum(p.paid is None for p in deal.purchases)
    counts["void"] += o.void_hand
    counts["burn_success"] += len(o.result["burns"])
    counts["men"] += len(o.result["men"])
    counts["eliminated"] += sum(deal.is_eliminated(s) for s in range(6))
    counts["revolution"] += o.revolutionary is not None
    counts["sweep"] += o.sweep_team is not None
    counts["tribute"] += len(deal.tribute)
    counts["chaos"] += deal.chaos
    if not o.void_hand:
        assert sorted(o.places) == list(range(6)) and sum(o.points) == 0
    # Undo restores every earlier position exactly.
    copy = deal.copy()
    for expected in reversed(hashes[:-1]):
        copy.pop()
        copy.check_invariants()
        assert copy.hash() == expected
    assert copy.ply == 0 and deal.is_terminal  # the copy shares the history; the deal is untouched
    # The seed, or the deck, and the record reproduce it.
    again = ganzdy.from_record(deal.to_record())
    assert again.hash() == deal.hash() and again.outcome == o
    if deal.seed is not None:
        replay = GoujiDeal(rules, deal.seed, previous=previous)
        for _, move in deal.history:
            replay.push(move)
        assert replay.hash() == deal.hash()
    return deal


def test_random_deals_conform() -> None:
    counts: Counter[str] = Counter()
    rng = random.Random(20261130)
    deals = 0
    for i in range(DEALS // 2):
        options = OPTION_SETS[i % len(OPTION_SETS)]
        rules = Rules("gouji", **options)
        first = play_deal(rules, rng, counts, None, with_reference=i % 4 == 0)
        deals += 1
        previous = None if first.outcome.void_hand else first.outcome.result
        play_deal(rules, rng, counts, previous, with_reference=i % 4 == 1)
        deals += 1
    assert deals >= 1000
    for path in (
        "burn",
        "burn_success",
        "eliminated",
        "revolution",
        "void",
        "men",
        "yield",
        "buy",
        "purchases",
        "tribute",
        "return",
        "sweep",
        "xuandian",
        "yaotou",
        "wutou",
        "chaos",
    ):
        assert counts[path] > 0, (path, counts)


def test_copies_are_independent() -> None:
    rules = Rules("gouji")
    deal = GoujiDeal(rules, 11)
    rng = random.Random(3)
    for _ in range(80):
        deal.push(rng.choice(list(deal.legal_moves)))
    snapshot = deal.hash()
    copy = deal.copy()
    light = deal.copy(history=False)
    for d in (copy, light):
        for _ in range(40):
            if d.is_terminal:
                break
            d.push(rng.choice(list(d.legal_moves)))
    assert deal.hash() == snapshot
    for _ in range(80):
        deal.pop()
    assert deal.ply == 0
    for _ in range(40):
        if copy.ply == 80:
            break
        copy.pop()
    assert copy.hash() == snapshot
    with pytest.raises(IllegalMoveError, match="no move to undo"):
        light.copy(history=False).pop()


def test_seeds_reproduce() -> None:
    rules = Rules("gouji")
    a, b = GoujiDeal(rules, 99), GoujiDeal(rules, 99)
    assert a.deck == b.deck and a.tie_order == b.tie_order and a.hash() == b.hash()
    assert GoujiDeal(rules, 100).deck != a.deck
    rng = random.Random(1)
    while not a.is_terminal:
        move = rng.choice(list(a.legal_moves))
        a.push(move)
        b.push(move)
        assert a.hash() == b.hash()


# Hostile input: ValueError subclasses that quote what was given.


@pytest.mark.parametrize(
    ("kwargs", "error", "quoted"),
    [
        ({"seed": "x"}, RulesError, "'x'"),
        ({"seed": 1.5}, RulesError, "1.5"),
        ({"deck": "3s 4s"}, DeckError, "2 cards"),
        ({"deck": 7}, DeckError, "7"),
        ({"deck": "Zz"}, ParseError, "Zz"),
        ({"first_leader": 6}, RulesError, "first_leader=6"),
        ({"first_leader": True}, RulesError, "first_leader=True"),
        ({"previous": [0, 1, 2, 3, 4, 5]}, RulesError, "[0, 1, 2, 3, 4, 5]"),
        ({"previous": {"places": [0, 1, 2]}}, RulesError, "'places'"),
        ({"previous": {"places": [0, 0, 1, 2, 3, 4]}}, RulesError, "each seat 0 to 5 once"),
        ({"previous": {"places": [0, 1, 2, 3, 4, 5], "burns": [[1, 1]]}}, RulesError, "[[1, 1]]"),
        ({"previous": {"places": [0, 1, 2, 3, 4, 5], "men": [[0, 9]]}}, RulesError, "[[0, 9]]"),
        ({"previous": {"places": [0, 1, 2, 3, 4, 5], "pointed": "12"}}, RulesError, "'pointed'"),
        ({"previous": {"places": [0, 1, 2, 3, 4, 5], "extra": 1}}, RulesError, "'extra'"),
    ],
)
def test_bad_construction(kwargs: dict[str, Any], error: type[Exception], quoted: str) -> None:
    rules = Rules("gouji")
    seed = kwargs.pop("seed", None)
    with pytest.raises(error) as raised:
        GoujiDeal(rules, seed, **kwargs)
    assert issubclass(error, ValueError) and quoted in str(raised.value)


def test_bad_rules_and_moves() -> None:
    with pytest.raises(RulesError, match="GuandanDeal"):
        GoujiDeal(Rules("guandan"), 1)
    with pytest.raises(RulesError, match="GoujiDeal"):
        GanDengYanDeal(Rules("gouji"), 1)
    deal = GoujiDeal(Rules("gouji"), 5)
    with pytest.raises(IllegalMoveError, match="no move to undo"):
        deal.pop()
    with pytest.raises(ParseError, match="Qx"):
        deal.parse_move("Qx Qs")
    for text in ("yield", "revolt", "Qs as group Q", "pass as group"):
        with pytest.raises(GanzdyError):
            deal.push(deal.parse_move(text))
    while deal.phase != "play":
        deal.push(deal.legal_moves[0])
    seat = deal.current_player
    hand = list(deal.hand(seat))
    bad = [
        Move("buy", "", hand[-1]),
        Move("return", "", hand[0]),
        Move("revolt"),
        Move("yield"),
        Move("pass"),
        Move("group", "5", "Ks"),
        Move("group", "K", "Ks Kh Kd Kc Ks"),
    ]
    before = deal.hash()
    for move in bad:
        for method in (deal.push, deal.apply):
            with pytest.raises(IllegalMoveError) as raised:
                method(move)
            assert str(move).split(" as ")[0] in str(raised.value) or move.kind in str(raised.value)
        assert deal.hash() == before
    with pytest.raises(GanzdyError):
        deal.observation(9)
    with pytest.raises((GanzdyError, TypeError)):
        deal.sample_world("a")
    deal.check_invariants()


# Determinization.


def max_copies_of_a_face(cards: list[str], rank: str) -> int:
    counts = Counter(c for c in cards if c[0] == rank and c not in ("BJ", "RJ"))
    return max(counts.values(), default=0)


def check_world(deal: GoujiDeal, seat: int, world: GoujiDeal) -> None:
    world.check_invariants()
    assert world.seed is None and world.root_ply == 0  # a deal with its own past (issue 16)
    # Everything the seat has seen is the same.
    assert (world.observation(seat) == deal.observation(seat)).all()
    assert world.hand(seat) == deal.hand(seat) and world.hand_sizes == deal.hand_sizes
    assert [world.played_by(s) for s in range(6)] == [deal.played_by(s) for s in range(6)]
    # Its deck, replayed with the real moves, reaches it: every hidden choice the
    # rules forced (sellers, tribute cards, legal burns) comes out the same.
    leader = deal.first_leader if deal.first_leader is not None else deal.setup["first_leader"]
    replay = GoujiDeal(deal.rules, deck=world.deck, previous=deal.previous, first_leader=leader)
    for _, move in deal.history:
        replay.push(move)
    assert replay.hands == world.hands
    assert repr(replay.purchases) == repr(world.purchases) and repr(replay.tribute) == repr(
        world.tribute
    )
    assert replay.places == world.places and replay.current_player == world.current_player
    # 上班 as the world's hands would have decided it.
    rules_chose = (
        deal.first_leader is not None
        and deal.setup["first_leader"] is None
        and not (deal.rules.options["first_leader"].value == "previous_daluo" and deal.previous)
    )
    if rules_chose:
        rank = "4" if deal.rules.options["biesan"].value else "3"
        at_start = [list(world.hand(s)) + list(world.played_by(s)) for s in range(6)]
        best = [max_copies_of_a_face(h, rank) for h in at_start]
        if deal.shangban is None:
            assert max(best) <= 1
        else:
            k = len(deal.shown)
            assert best[deal.shangban] == k
            seen = False
            for s in deal.tie_order:
                if s == deal.shangban:
                    seen = True
                elif seen:
                    assert best[s] <= k
                else:
                    assert best[s] < k


def test_sample_world_is_consistent() -> None:
    rng = random.Random(77)
    counts: Counter[str] = Counter()
    for i in range(scaled(90)):
        rules = Rules("gouji", **OPTION_SETS[i % len(OPTION_SETS)])
        previous = None
        if i % 2:
            first = GoujiDeal(rules, rng.getrandbits(64))
            while not first.is_terminal:
                first.push(rng.choice(list(first.legal_moves)))
            previous = None if first.outcome.void_hand else first.outcome.result
        if i % 3 == 0:
            deal = GoujiDeal(rules, deck=burner_deck(rng), previous=previous)
        else:
            deal = GoujiDeal(rules, rng.getrandbits(64), previous=previous)
        stops = sorted(rng.sample(range(1, 400), 4))
        while not deal.is_terminal:
            # Every burn is sampled too: the burner's feasibility is the hardest rule.
            if deal.ply in stops or deal.phase != "play" or deal.burner is not None:
                for seat in {deal.current_player, rng.randrange(6)}:
                    world = deal.sample_world(seat, rng.getrandbits(64))
                    check_world(deal, seat, world)
                    counts["worlds"] += 1
                    counts["same"] += all(world.hand(s) == deal.hand(s) for s in range(6))
                    if deal.burner is not None:
                        counts["burning"] += 1
                    if deal.phase != "play":
                        counts[deal.phase] += 1
                    if world.is_terminal:
                        continue
                    for _ in range(60):
                        if world.is_terminal:
                            break
                        world.push(rng.choice(list(world.legal_moves)))
                        world.check_invariants()
            deal.push(choose(deal, rng, counts))
    assert counts["worlds"] > scaled(300) and counts["burning"] > 0 and counts["return"] > 0
    # A sample is not the real deal (the fallback) but for rare tiny hands.
    assert counts["same"] < counts["worlds"] // 20, counts
    deal = GoujiDeal(Rules("gouji"), 4)
    assert deal.sample_world(2, 9).hash() == deal.sample_world(2, 9).hash()
    assert deal.sample_world(2, 9).hash() != deal.sample_world(2, 10).hash()


def test_sample_world_in_positions_that_defeat_rejection() -> None:
    # Positions found by random play where nearly every draw breaks a rule the
    # seat can infer (a seller's suit rule, 上班 ties, ranks a seat must still
    # hold after a revolution and tribute): 4,000 draws once found no world in
    # the first. Each sample must still be consistent, vary with the seed, and
    # never be the real deal.
    path = Path(__file__).parent.parent / "data" / "gouji" / "hard_worlds.json"
    for case in json.loads(path.read_text(encoding="utf-8")):
        deal = ganzdy.from_record(case["record"])
        seat = case["seat"]
        worlds = [deal.sample_world(seat, k) for k in range(12)]
        for world in worlds:
            check_world(deal, seat, world)
        hidden = [s for s in range(6) if s != seat]
        assert len({world.hash() for world in worlds}) == len(worlds), case["what"]
        assert not any(all(w.hand(s) == deal.hand(s) for s in hidden) for w in worlds)
        assert deal.sample_world(seat, 5).hash() == worlds[5].hash()
