"""Issue 16: a Guandan world sampled at ply 0 records, pickles and replays as itself."""

from __future__ import annotations

import pickle
import random

import pytest

import ganzdy
from ganzdy import GuandanDeal

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
