"""Worlds weighted by the others' passes: the likelihood against a slow Python
reference, what weighting does to the worlds searched, and no cheating."""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

import pytest

import ganzdy
from ganzdy._core import (
    GanDengYanInformationSet,
    GoujiInformationSet,
    GuandanInformationSet,
    ismcts,
    pimc,
)

sys.path.insert(0, str(Path(__file__).parent))
from test_ismcts import dealt, random_position, twin_with_other_hidden_cards

RULES = ganzdy.Rules("gan_deng_yan", players=4)
InfoSet = GanDengYanInformationSet | GuandanInformationSet | GoujiInformationSet
INFO_SETS = {
    "gan_deng_yan": GanDengYanInformationSet,
    "guandan": GuandanInformationSet,
    "gouji": GoujiInformationSet,
}


def reference_passes(
    deal: ganzdy.Deal, seat: int
) -> list[tuple[int, ganzdy.Move, ganzdy.Cards, int]]:
    """The passes the likelihood reads, the obvious way: undo the deal ply by ply and keep
    each pass by another seat on a table, with the cards it played since and how many
    cards it drew since (its hand sizes say), unless cards left its hand otherwise."""
    past = deal.copy()
    later = [ganzdy.Cards("") for _ in range(deal.players)]
    passes = []
    while past.history:
        who, move = past.history[-1]
        past.pop()
        if move.kind != "pass":
            later[who] = later[who] + move.cards
            continue
        if who == seat or past.table.kind == "pass":
            continue
        drawn = deal.hand_sizes[who] + len(later[who]) - past.hand_sizes[who]
        if drawn >= 0:
            passes.append((who, past.table, later[who], drawn))
    return passes


def could_beat(rules: ganzdy.Rules, hand: ganzdy.Cards, table: ganzdy.Move) -> bool:
    return any(m.kind != "pass" for m in rules.legal_moves(hand, table))


def likelihood_bounds(
    rules: ganzdy.Rules,
    passes: list[tuple[int, ganzdy.Move, ganzdy.Cards, int]],
    world: ganzdy.Deal,
) -> tuple[int, int]:
    """How many passes a world explains only by a seat passing while holding a beat: at
    least the passes without draws since whose exact hand could beat, at most those plus
    the passes with draws whose hand-and-draws could beat (which cards were drawn is a
    guess)."""
    low = high = 0
    for who, table, later, drawn in passes:
        if could_beat(rules, world.hand(who) + later, table):
            high += 1
            low += drawn == 0
    return low, high


def played_position(rules: ganzdy.Rules, seed: int, plies: int) -> ganzdy.Deal:
    """A deal played by the greedy policy with some random moves, `plies` plies in."""
    rng = random.Random(seed)
    deal = rules.new_deal(seed=seed)
    while not deal.is_terminal and (deal.ply < plies or len(deal.legal_moves) < 2):
        legal = list(deal.legal_moves)
        deal.push(legal[deal.greedy_index()] if rng.random() < 0.6 else rng.choice(legal))
    return deal


@pytest.mark.parametrize("game", ["gan_deng_yan", "guandan", "gouji"])
def test_likelihood_matches_the_reference(game: str) -> None:
    rules = RULES if game == "gan_deng_yan" else ganzdy.Rules(game)
    checked = refuted = 0
    for seed in range(8):
        deal = played_position(rules, seed, plies=25 + 5 * seed)
        if deal.is_terminal:
            continue
        seat = deal.current_player
        assert seat is not None
        info = INFO_SETS[game](deal, seat)  # type: ignore[arg-type]
        passes = reference_passes(deal, seat)
        assert info.passes == len(passes)
        for k in range(10):
            world = info.sample_world(k)
            # With epsilon 1/2 the likelihood is 2 to minus the passes it counts.
            likelihood = info.pass_likelihood(world, 0.5)  # type: ignore[arg-type]
            counted = round(-math.log2(likelihood))
            assert likelihood == 0.5**counted
            low, high = likelihood_bounds(rules, passes, world)
            assert low <= counted <= high
            assert info.pass_likelihood(world, 1.0) == 1.0  # type: ignore[arg-type]
            assert info.pass_likelihood(world, 0.5) == likelihood  # type: ignore[arg-type]
            checked += 1
            refuted += counted > 0
    assert checked >= 40
    assert refuted > 0  # the evidence has something to say


def test_a_pass_on_a_beatable_table_weighs_the_world_down() -> None:
    # Seat 0 leads a single 5 and seat 1 passes: a world giving seat 1 anything above
    # 5 in singles (or a bomb) explains the pass only with probability epsilon.
    deal = dealt(RULES, ["5s 3c 4c 7c 9c Jc", "3d 4d 6d 7d 9d", "3h 4h 5h 7h 9h", "3s 4s 6s 8s Ts"])
    deal.push(ganzdy.Move("single", "5", "5s"))
    deal.push(ganzdy.Move("pass"))
    seat = deal.current_player
    assert seat == 2
    info = GanDengYanInformationSet(deal)
    assert info.passes == 1
    weights = [info.pass_likelihood(info.sample_world(k), 0.25) for k in range(200)]
    assert set(weights) <= {0.25, 1.0}
    assert 0.25 in weights
    # The real deal: seat 1 held a 6 and passed anyway, which the likelihood sees.
    assert info.pass_likelihood(deal, 0.25) == 0.25
    # The seat's own passes say nothing: seat 1's information set reads none.
    assert GanDengYanInformationSet(deal, 1).passes == 0


def test_weighted_search_differs_and_uniform_is_the_default() -> None:
    """Weighting changes which worlds are searched, and so the statistics, once passes
    are on record; with one candidate it is uniform sampling, exactly."""
    differs = 0
    for seed in range(6):
        deal = played_position(RULES, 40 + seed, plies=30)
        if deal.is_terminal:
            continue
        info = GanDengYanInformationSet(deal)
        if info.passes == 0:
            continue
        uniform = ismcts(info, iterations=200, seed=seed)
        same = ismcts(info, iterations=200, seed=seed, sampling="weighted", candidates=1)
        assert [c.visits for c in same.children] == [c.visits for c in uniform.children]
        weighted = ismcts(info, iterations=200, seed=seed, sampling="weighted", epsilon=0.0)
        differs += [c.visits for c in weighted.children] != [c.visits for c in uniform.children]
    assert differs > 0


def test_no_cheating_with_weighted_worlds() -> None:
    for seed in range(4):
        deal = random_position(RULES, 700 + seed, plies=12 + 3 * seed)
        seat = deal.current_player
        assert seat is not None
        twin = twin_with_other_hidden_cards(deal, seat)
        mine, theirs = GanDengYanInformationSet(deal), GanDengYanInformationSet(twin)
        assert mine.passes == theirs.passes
        for k in range(5):
            world = mine.sample_world(k)
            assert mine.pass_likelihood(world) == theirs.pass_likelihood(world)
        a = ismcts(mine, iterations=150, seed=seed, sampling="weighted", epsilon=0.05)
        b = ismcts(theirs, iterations=150, seed=seed, sampling="weighted", epsilon=0.05)
        assert [c.visits for c in a.children] == [c.visits for c in b.children]
        assert [c.reward for c in a.children] == [c.reward for c in b.children]
        p = pimc(mine, worlds=5, sampling="weighted", seed=seed)
        q = pimc(theirs, worlds=5, sampling="weighted", seed=seed)
        assert [c.reward for c in p.children] == [c.reward for c in q.children]
