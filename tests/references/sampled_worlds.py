"""What a sampled world must be (issue 16): a deal like any other, at any ply.

Shared by the sample-world tests of every game (tests/<game>/, tests/core/): the world
records, loads back, pickles and deep-copies as itself, and undoes through its own past
to ply 0, where it is the deal its deck and setup deal, and redoes its history back to
itself. Everything is compared through the public API only.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from typing import Any

import numpy as np

import ganzdy
import later_hands

# The option sets and setups the world tests play, each game's that change how cards
# move before or during play: draws and who draws (Gan Deng Yan), forced reveals
# (a stuck leader, must_play_two_first, lowest_card), tribute and its returns
# (Guandan), purchases, tribute, revolutions and 闷 (Gouji).
PRESETS: list[tuple[ganzdy.Rules, dict[str, Any]]] = [
    (ganzdy.Rules("gan_deng_yan", players=4), {}),
    (ganzdy.Rules("gan_deng_yan", players=2), {}),
    (ganzdy.Rules("gan_deng_yan", players=5, draw_policy="winner_only"), {}),
    (
        ganzdy.Rules("gan_deng_yan", players=3, end_condition="ranking", direction="clockwise"),
        {},
    ),
    (ganzdy.Rules("gan_deng_yan", players=6, first_leader="lowest_card"), {}),
    (
        ganzdy.Rules(
            "gan_deng_yan", players=4, forbid_final_single_two=True, must_play_two_first=True
        ),
        {},
    ),
    (ganzdy.Rules("guandan"), {}),
    (ganzdy.Rules("guandan", first_lead_first_hand="turned_card"), {}),
    (ganzdy.Rules("guandan", level="7"), later_hands.GUANDAN[0]),
    (ganzdy.Rules("guandan"), later_hands.GUANDAN[1]),
    (ganzdy.Rules("guandan", level="A"), later_hands.GUANDAN[2]),
    (
        ganzdy.Rules("guandan", double_tribute_assignment="first_picks"),
        {"previous_finish": [2, 0]},
    ),
    (ganzdy.Rules("gouji"), {}),
    (ganzdy.Rules("gouji", men_immediate_bottom=True, buy_four=True), {}),
    (ganzdy.Rules("gouji"), later_hands.GOUJI[0]),
    (ganzdy.Rules("gouji", burn_illegal_mode="penalize"), later_hands.GOUJI[1]),
]


def preset_id(preset: tuple[ganzdy.Rules, dict[str, Any]]) -> str:
    rules, setup = preset
    return f"{rules}{setup or ''}"


def choose(deal: Any, rng: random.Random) -> ganzdy.Move:
    """A random legal move; following, the pass one time in two, so tricks end."""
    moves = list(deal.legal_moves)
    if not deal.table.is_pass and moves[0].is_pass and rng.random() < 0.5:
        return moves[0]
    return moves[rng.randrange(len(moves))]


def assert_same_deal(world: Any, other: Any) -> None:
    """`other` is `world`: state, past, deck and what every seat is shown."""
    players = world.players
    assert other.hash() == world.hash()
    assert (other.ply, other.root_ply) == (world.ply, 0) and world.root_ply == 0
    assert other.history == world.history
    assert other.deck == world.deck
    assert [other.hand(s) for s in range(players)] == [world.hand(s) for s in range(players)]
    assert other.current_player == world.current_player
    assert other.is_terminal == world.is_terminal
    assert list(other.legal_moves) == list(world.legal_moves)
    assert list(other.outcome.points) == list(world.outcome.points)
    for seat in range(players):
        assert np.array_equal(other.observation(seat), world.observation(seat)), seat
    assert str(other) == str(world)


def assert_world_is_a_deal(world: Any) -> None:
    """The world records, pickles, deep-copies, undoes and redoes as itself."""
    record = world.to_record()
    assert record["seed"] is None and record["moves"] == [str(m) for _, m in world.history]
    assert_same_deal(world, ganzdy.from_record(json.dumps(record)))
    assert_same_deal(world, pickle.loads(pickle.dumps(world)))
    assert_same_deal(world, copy.deepcopy(world))
    # Undo through its own past, down to the deal its deck and setup deal...
    past = world.copy()
    undone = []
    while past.ply > 0:
        undone.append(past.pop())
    assert past.root_ply == 0 and past.history == []
    dealt = {k: v for k, v in record.items() if k != "outcome"}
    assert_same_deal(past, ganzdy.from_record({**dealt, "moves": []}))
    # ...and redo it back to the world.
    for move in reversed(undone):
        past.push(move)
    assert_same_deal(world, past)
