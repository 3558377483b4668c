"""Issue 16: a sampled world is a deal like any other, at any ply, in every game.

For random deals of every game and the presets that move cards before or during play
(tests/references/sampled_worlds.py), at many plies and for every seat, the world that
``deal.sample_world`` and ``InformationSet.sample_world`` give records, loads back,
pickles and deep-copies as itself, undoes to ply 0 (the deal its deck deals) and redoes
its history back to itself; so does a world that has played on since it was sampled.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import ganzdy
from sampled_worlds import PRESETS, assert_world_is_a_deal, choose, preset_id

INFORMATION_SETS = {
    "gan_deng_yan": ganzdy.GanDengYanInformationSet,
    "guandan": ganzdy.GuandanInformationSet,
    "gouji": ganzdy.GoujiInformationSet,
}


def deals_at_plies(
    rules: ganzdy.Rules, setup: dict[str, Any], rng: random.Random, deals: int, stops: int
) -> list[Any]:
    """Copies of `deals` random deals, each at `stops` random plies (ply 0 among them)."""
    out = []
    for _ in range(deals):
        deal = rules.new_deal(
            seed=rng.getrandbits(64), dealer=rng.randrange(rules.players), **setup
        )
        moves = []
        while not deal.is_terminal:
            move = choose(deal, rng)
            deal.push(move)
            moves.append(move)
        plies = sorted({0, len(moves), *(rng.randrange(len(moves) + 1) for _ in range(stops - 2))})
        for ply in plies:
            at = deal.copy()
            while at.ply > ply:
                at.pop()
            out.append(at)
    return out


@pytest.mark.parametrize("preset", PRESETS, ids=preset_id)
def test_every_seat_s_world_is_a_deal_at_every_ply(
    preset: tuple[ganzdy.Rules, dict[str, Any]],
) -> None:
    rules, setup = preset
    rng = random.Random(preset_id(preset))
    checked = 0
    for deal in deals_at_plies(rules, setup, rng, deals=2, stops=5):
        for seat in range(rules.players):
            world = deal.sample_world(seat, seed=rng.getrandbits(64))
            assert world.ply == deal.ply and world.hand(seat) == deal.hand(seat)
            assert_world_is_a_deal(world)
            checked += 1
    assert checked >= 8 * rules.players


@pytest.mark.parametrize("preset", PRESETS, ids=preset_id)
def test_a_world_of_an_information_set_and_a_world_that_played_on_are_deals(
    preset: tuple[ganzdy.Rules, dict[str, Any]],
) -> None:
    rules, setup = preset
    rng = random.Random("on " + preset_id(preset))
    for deal in deals_at_plies(rules, setup, rng, deals=2, stops=4):
        if deal.is_terminal:
            continue
        seat = rng.randrange(rules.players)
        info = INFORMATION_SETS[rules.game](deal, seat)
        world = info.sample_world(rng.getrandbits(64))
        # A world sampled from a world keeps the past too (as a search samples).
        again = world.sample_world(seat, seed=rng.getrandbits(64))
        for sampled in (world, again):
            for _ in range(rng.randrange(12)):
                if sampled.is_terminal:
                    break
                sampled.push(choose(sampled, rng))
            assert_world_is_a_deal(sampled)


def test_a_copy_without_history_still_cannot_be_recorded() -> None:
    # It has no past to give its worlds either: they stay without one.
    deal = ganzdy.Rules("gan_deng_yan").new_deal(seed=4)
    rng = random.Random(4)
    for _ in range(10):
        deal.push(choose(deal, rng))
    bare = deal.copy(history=False)
    for subject in (bare, bare.sample_world(0, seed=1)):
        assert subject.root_ply == 10
        with pytest.raises(ganzdy.RecordError, match="history=False"):
            subject.to_record()
