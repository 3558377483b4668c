"""ISMCTS for Guandan and Gouji: legal, reproducible, blind to hidden cards, and strong.

The search is the Gan Deng Yan one (tests/search/test_ismcts.py) over card-level deals: its
tree's edges are keyed by the moves themselves, so the result's ``id`` is the index of
the chosen move in the seat's legal moves.
"""

from __future__ import annotations

import random

import pytest

import ganzdy
from ganzdy import (
    GoujiDeal,
    GoujiInformationSet,
    GuandanDeal,
    GuandanInformationSet,
    IsmctsResult,
    RulesError,
    ismcts,
)

GUANDAN = ganzdy.Rules("guandan")
GOUJI = ganzdy.Rules("gouji")

AnyCardDeal = GuandanDeal | GoujiDeal


def random_position(game: str, seed: int, plies: int | None = None) -> AnyCardDeal:
    """A deal played at random for about `plies` moves, then on to a choice to make.

    Guandan deals follow a previous hand, so tribute and return choices come up."""
    rng = random.Random(seed)
    while True:
        if game == "guandan":
            order = rng.sample(range(4), 4)
            deal: AnyCardDeal = GuandanDeal(GUANDAN, seed, previous_finish=order)
        else:
            deal = GoujiDeal(GOUJI, seed)
        target = rng.randrange(0, 80) if plies is None else plies
        while not deal.is_terminal and (deal.ply < target or len(deal.legal_moves) < 2):
            deal.push(rng.choice(list(deal.legal_moves)))
        if not deal.is_terminal:
            return deal
        seed += 1000


def info_of(
    deal: AnyCardDeal, seat: int | None = None
) -> GuandanInformationSet | GoujiInformationSet:
    if isinstance(deal, GuandanDeal):
        return GuandanInformationSet(deal, seat)
    return GoujiInformationSet(deal, seat)


def stats(result: IsmctsResult) -> list[tuple[int, int, int, float]]:
    return [(c.id, c.visits, c.available, c.reward) for c in result.children]


@pytest.mark.parametrize("game", ["guandan", "gouji"])
def test_chosen_move_is_legal_in_random_positions(game: str) -> None:
    phases: set[str] = set()
    for seed in range(24):
        deal = random_position(game, seed)
        phases.add(deal.phase)
        reward = ("win", "points", "mixed")[seed % 3]
        rollout = "random" if seed % 2 else "greedy"
        result = ismcts(info_of(deal), iterations=40, seed=seed, rollout=rollout, reward=reward)
        legal = list(deal.legal_moves)
        assert legal[result.index] == result.move and result.id == result.index
        assert [c.move for c in result.children] == legal
        assert [c.id for c in result.children] == list(range(len(legal)))
        assert sum(c.visits for c in result.children) == result.iterations == 40
        assert all(0.0 <= c.reward <= 1.0 for c in result.children)
        deal.push(result.move)
    if game == "guandan":
        # (A payer seldom has a choice: its highest card is mostly a joker.)
        assert {"return", "play"} <= phases


@pytest.mark.parametrize("game", ["guandan", "gouji"])
def test_same_seed_same_search(game: str) -> None:
    deal = random_position(game, 3, plies=10)
    info = info_of(deal)
    a = ismcts(info, iterations=300, seed=11, rollout="greedy")
    b = ismcts(info, iterations=300, seed=11, rollout="greedy")
    assert a.move == b.move and stats(a) == stats(b)
    c = ismcts(info, iterations=301, threads=2, seed=4, rollout="greedy")
    d = ismcts(info, iterations=301, threads=2, seed=4, rollout="greedy")
    assert stats(c) == stats(d) and c.iterations == 301


@pytest.mark.parametrize("game", ["guandan", "gouji"])
def test_no_cheating_same_search_whatever_the_hidden_cards(game: str) -> None:
    for seed in range(4):
        deal = random_position(game, 50 + seed, plies=6 * seed + 3)
        seat = deal.current_player
        assert seat is not None
        # Worlds the seat cannot tell apart: the same view, other hidden cards.
        worlds = [deal.sample_world(seat, 1000 + k) for k in range(3)]
        others = [s for s in range(deal.players) if s != seat]
        assert any(w.hand(s) != worlds[0].hand(s) for w in worlds[1:] for s in others)
        results = []
        for world in worlds:
            assert world.hand(seat) == deal.hand(seat)
            info = info_of(world, seat)
            assert [info.sample_world(k).hash() for k in range(3)] == [
                info_of(worlds[0], seat).sample_world(k).hash() for k in range(3)
            ]
            results.append(ismcts(info, iterations=150, seed=seed, rollout="greedy"))
        assert all(stats(r) == stats(results[0]) for r in results)
        if game == "guandan":
            # Guandan's determinizations read no history, so the real deal searches alike.
            real = ismcts(info_of(deal, seat), iterations=150, seed=seed, rollout="greedy")
            assert stats(real) == stats(results[0])


@pytest.mark.parametrize("game", ["guandan", "gouji"])
def test_information_set_keeps_no_hidden_card(game: str) -> None:
    deal = random_position(game, 21, plies=9)
    seat = deal.current_player
    assert seat is not None
    world = info_of(deal, seat).sample_world(0)
    assert world.hand(seat) == deal.hand(seat) and world.played == deal.played
    assert world.hand_sizes == deal.hand_sizes
    assert world.seed is None and world.root_ply == 0  # a deal with its own past (issue 16)
    other = (seat + 1) % deal.players
    assert info_of(deal, other).sample_world(0).hand(other) == deal.hand(other)


def test_bad_arguments_are_refused() -> None:
    deal = random_position("gouji", 1)
    seat = deal.current_player
    assert seat is not None
    with pytest.raises(RulesError, match="is to act"):
        ismcts(info_of(deal, (seat + 1) % 6), iterations=10, rollout="random")
    with pytest.raises(RulesError, match="not a seat"):
        GuandanInformationSet(random_position("guandan", 1), 4)


@pytest.mark.parametrize("game", ["guandan", "gouji"])
def test_the_agent_searches_views(game: str) -> None:
    deal = random_position(game, 7, plies=30)
    view = ganzdy.view_for(deal)
    assert isinstance(
        view.information, GuandanInformationSet if game == "guandan" else GoujiInformationSet
    )
    first = ganzdy.ISMCTS(iterations=80, seed=5).act(view)
    again = ganzdy.ISMCTS(iterations=80, seed=5).act(ganzdy.view_for(deal))
    assert first == again and first in list(deal.legal_moves)


@pytest.mark.strength
def test_guandan_search_beats_random_play() -> None:
    # Team 0 (seats 0 and 2) searches, team 1 plays uniformly at random. Random against
    # random wins half the deals; a sound search wins nearly all.
    deals, wins = 12, 0
    for k in range(deals):
        rng = random.Random(k)
        deal = GuandanDeal(GUANDAN, 500 + k, previous_finish=rng.sample(range(4), 4))
        while not deal.is_terminal:
            seat = deal.current_player
            assert seat is not None
            moves = list(deal.legal_moves)
            if seat % 2 == 0 and len(moves) > 1:
                move = ismcts(info_of(deal), iterations=60, seed=k, rollout="greedy").move
            else:
                move = rng.choice(moves)
            deal.push(move)
        wins += deal.outcome.winning_team == 0
    # Under a fair coin, 10 or more wins of 12 has probability about 2%.
    assert wins >= 10, wins


@pytest.mark.strength
def test_gouji_search_beats_random_play() -> None:
    # Team 0 (seats 0, 2 and 4) searches on its information sets, team 1 plays
    # uniformly at random. Under a fair coin, 9 or more wins of 10 has
    # probability about 1%; greedy rollouts make a sound search win nearly all.
    deals, wins = 10, 0
    for k in range(deals):
        rng = random.Random(k)
        deal = GoujiDeal(GOUJI, 700 + k)
        while not deal.is_terminal:
            seat = deal.current_player
            assert seat is not None
            moves = list(deal.legal_moves)
            if seat % 2 == 0 and len(moves) > 1:
                move = ismcts(info_of(deal, seat), iterations=40, seed=k, rollout="greedy").move
            else:
                move = rng.choice(moves)
            deal.push(move)
        wins += deal.outcome.winning_team == 0
    assert wins >= 9, wins
