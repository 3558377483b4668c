"""Issue 16: a Guandan world records, pickles and replays as itself, at ply 0 and in every
phase of a tribute after it."""

from __future__ import annotations

import pickle
import random

import pytest

import ganzdy
from ganzdy import GuandanDeal
from sampled_worlds import assert_world_is_a_deal

SETUPS: list[tuple[ganzdy.Rules, dict[str, object]]] = [
    (ganzdy.Rules("guandan"), {}),
    (ganzdy.Rules("guandan", first_lead_first_hand="turned_card"), {}),
    (ganzdy.Rules("guandan", first_lead_first_hand="seat0"), {}),
    (ganzdy.Rules("guandan"), {"first_leader": 2}),
    (ganzdy.Rules("guandan"), {"previous_finish": [1, 3]}),
    (ganzdy.Rules("guandan"), {"previous_finish": [0, 1, 3, 2]}),
]


@pytest.mark.parametrize(("rules", "setup"), SETUPS, ids=lambda x: str(x))
def test_a_world_at_ply_0_records_pickles_and_replays_as_itself(
    rules: ganzdy.Rules, setup: dict[str, object]
) -> None:
    # On main the world kept the canonical deck order: its record dealt other hands
    # (another hash), or was refused for want of a first leader.
    rng = random.Random(12)
    for _ in range(4):
        deal = GuandanDeal(rules, rng.randrange(2**63), **setup)  # type: ignore[arg-type]
        world = deal.sample_world(rng.randrange(4), seed=rng.randrange(2**32))
        replayed = ganzdy.from_record(world.to_record())
        assert isinstance(replayed, GuandanDeal)
        unpickled = pickle.loads(pickle.dumps(world))
        for again in (replayed, unpickled):
            assert again.hash() == world.hash()
            assert [again.hand(s) for s in range(4)] == [world.hand(s) for s in range(4)]
            assert again.current_player == world.current_player
            assert [again.shown(s) for s in range(4)] == [world.shown(s) for s in range(4)]
        moves = []
        while not world.is_terminal:
            move = rng.choice(list(world.legal_moves))
            world.push(move)
            moves.append(move)
        for move in moves:
            replayed.push(move)
        assert replayed.hash() == world.hash()


TRIBUTES: list[tuple[ganzdy.Rules, dict[str, object], set[str]]] = [
    (ganzdy.Rules("guandan"), {"previous_finish": [1, 0, 3]}, {"tribute", "return", "play"}),
    (
        ganzdy.Rules("guandan", level="9"),
        {"previous_finish": [0, 2]},
        {"tribute", "return", "play"},
    ),
    (
        ganzdy.Rules("guandan", double_tribute_assignment="first_picks"),
        {"previous_finish": [3, 1]},
        {"tribute", "pick", "return", "play"},
    ),
]


@pytest.mark.parametrize(
    ("rules", "setup", "phases"), TRIBUTES, ids=[f"{r}{s}" for r, s, _ in TRIBUTES]
)
def test_a_world_in_every_phase_of_a_tribute_is_a_deal(
    rules: ganzdy.Rules, setup: dict[str, object], phases: set[str]
) -> None:
    # Before issue 16's fix a world after ply 0 could not record; then, until the sampler
    # knew that a payer held nothing above its tribute card and that a receiver keeps
    # its tribute card unless it may have given it back, some worlds had no past at all.
    rng = random.Random(str(setup))
    seen: set[str] = set()
    for _ in range(6):
        deal = GuandanDeal(rules, rng.randrange(2**63), **setup)  # type: ignore[arg-type]
        while not deal.is_terminal and deal.ply < 14:
            for seat in range(4):
                world = deal.sample_world(seat, seed=rng.randrange(2**32))
                assert_world_is_a_deal(world)
                # The seat's own tribute choices are the real ones.
                for (who, mine), (_, real) in zip(world.history, deal.history, strict=True):
                    assert mine == real or who != seat
            seen.add(deal.phase)
            deal.push(rng.choice(list(deal.legal_moves)))
    assert seen >= phases


# Under prune_redundant_wild a play spends a wild only where its player has no natural
# card left for the slot, so such a play tells every seat that its player holds no other
# natural card of that rank (of that face, in a straight flush). The position that showed
# it (tests/guandan/test_guandan_deal_conformance.py, level 3, return_max_rank 6): seat 3
# played 3h 3h Kd Kd as bomb K, so it held no other natural K; a world that gave it the Ks
# had no past (the bomb was illegal in it), and stayed at root_ply 10 unrecorded.
PRUNED = ganzdy.Rules("guandan", level="3", return_max_rank="6", prune_redundant_wild=True)
PRUNED_PAST = [
    "RJ as tribute",
    "BJ as tribute",
    "4d as return",
    "2d as return",
    "3d 4s 5d 6c 7c as straight 3-7",
    "Ts Js Qh Ks As as straight T-A",
    "3h 3h Kd Kd as bomb K",
    "6d 7d 8d 9d Td as straight_flush 6-T",
    "pass",
    "pass",
]


def naturals(cards: ganzdy.Cards, rank: str, wild: str) -> list[str]:
    return [c for c in str(cards).split() if c[0] == rank and c != wild]


def test_a_world_holds_no_natural_card_a_pruned_wild_play_says_is_gone() -> None:
    deal = GuandanDeal(PRUNED, 17088619546150932682, previous_finish=[0, 2], team_levels=("2", "4"))
    for text in PRUNED_PAST:
        deal.push(deal.parse_move(text))
    assert naturals(deal.hand(3), "K", "3h") == []
    # Seed 3367115987 gave seat 3 the Ks before the fix.
    for seed in [3367115987, *range(40)]:
        world = deal.sample_world(1, seed)
        assert naturals(world.hand(3), "K", "3h") == [], seed
        assert world.root_ply == 0 and len(world.history) == deal.ply, seed
    assert_world_is_a_deal(deal.sample_world(1, 3367115987))
    # A world sampled from a world (an information set's, ISMCTS's) keeps the bound,
    # though the plies that gave it are no longer in its history to be read.
    info = ganzdy.GuandanInformationSet(deal, 1)
    for seed in range(40):
        assert naturals(info.sample_world(seed).hand(3), "K", "3h") == [], seed


@pytest.mark.parametrize("level", ["2", "3", "9", "A"])
def test_pruned_wild_plays_bound_the_worlds_of_random_deals(level: str) -> None:
    # Every world of random deals with wilds spent under prune_redundant_wild has a past
    # (each pruned play legal in its hands then), from the deal and from a world of it.
    rules = ganzdy.Rules("guandan", level=level, prune_redundant_wild=True)
    wild = f"{level}h"
    rng = random.Random(f"pruned {level}")
    wild_plays = 0
    for _ in range(8):
        deal = GuandanDeal(rules, rng.randrange(2**63), previous_finish=[0, 1, 2, 3])
        while not deal.is_terminal:
            moves = list(deal.legal_moves)
            with_wild = [m for m in moves if wild in str(m.cards).split()]
            move = rng.choice(with_wild) if with_wild and rng.random() < 0.8 else rng.choice(moves)
            deal.push(move)
            wild_plays += wild in str(move.cards).split()
            if deal.ply % 6 == 0 and not deal.is_terminal:
                seat = rng.randrange(4)
                world = deal.sample_world(seat, rng.randrange(2**32))
                assert world.root_ply == 0 and len(world.history) == deal.ply, deal.to_record()
                again = world.sample_world(rng.randrange(4), rng.randrange(2**32))
                assert again.root_ply == 0 and len(again.history) == deal.ply, deal.to_record()
    assert wild_plays >= 12
