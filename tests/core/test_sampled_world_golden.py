"""Golden sampled worlds (tests/data/worlds/sampled_worlds.json), one a game: a world
sampled in the middle of a deal records as the file says, loads back as itself, and its
past is the seat's own where the seat saw it and the world's own where it did not."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

import ganzdy
from sampled_worlds import assert_world_is_a_deal

WORLDS = Path(__file__).parents[1] / "data" / "worlds"
CASES = json.loads((WORLDS / "sampled_worlds.json").read_text("utf-8"))


def _maker() -> Any:
    """tests/data/worlds/make_worlds.py, the script that wrote the file: its ``sampled``
    is how every case's deal and world are made, here and there alike."""
    spec = importlib.util.spec_from_file_location("make_worlds", WORLDS / "make_worlds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


sampled = _maker().sampled


@pytest.mark.parametrize("case", CASES, ids=[c["game"] for c in CASES])
def test_a_world_records_as_the_golden_file_says(case: dict[str, Any]) -> None:
    deal, world = sampled(case)
    assert world.to_record() == case["record"]
    assert ganzdy.from_record(case["record"]).hash() == world.hash() != deal.hash()
    assert_world_is_a_deal(world)


@pytest.mark.parametrize("case", CASES, ids=[c["game"] for c in CASES])
def test_the_seat_s_past_in_the_world_is_its_real_one(case: dict[str, Any]) -> None:
    deal, world = sampled(case)
    seat = case["seat"]
    differs = False
    # Back, ply by ply, in both: the seat held what it really held (it saw its own
    # draws and exchanges); the others held the world's own cards.
    while deal.ply:
        assert world.hand(seat) == deal.hand(seat), deal.ply
        assert world.current_player == deal.current_player, deal.ply
        differs |= any(world.hand(s) != deal.hand(s) for s in range(deal.players))
        mine, real = world.pop(), deal.pop()
        assert mine == real or real.kind in ("tribute", "return"), deal.ply
    assert world.hand(seat) == deal.hand(seat) and world.root_ply == 0
    assert differs


def test_the_guandan_world_s_hidden_return_is_its_own() -> None:
    (case,) = (c for c in CASES if c["game"] == "guandan")
    deal, world = sampled(case)
    (paid,) = deal.tribute
    (own,) = world.tribute
    assert case["seat"] not in (paid.payer, paid.receiver)
    assert (own.payer, own.receiver, own.card) == (paid.payer, paid.receiver, paid.card)
    # The return went between two other seats: the golden world's is another card.
    assert own.returned != paid.returned
    assert case["record"]["moves"][1] == f"{own.returned} as return"
