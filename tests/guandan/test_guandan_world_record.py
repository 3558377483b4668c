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
