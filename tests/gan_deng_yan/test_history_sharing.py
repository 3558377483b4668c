"""Copies share their history (history.h): each copy pushes and pops on its own.

GanDengYanDeal.copy() freezes the plies so far into a chunk that the copy shares, so copying
is constant-time. These tests drive a pool of copies through random pushes, pops and
copies, and check every copy against a plain list of its moves and against a fresh
deal replayed from the seed with those moves.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import ganzdy

AnyDeal = ganzdy.GanDengYanDeal | ganzdy.GuandanDeal | ganzdy.GoujiDeal


def fresh_deal(game: str, seed: int) -> AnyDeal:
    """The deal `seed` of `game`, the same every call (a Guandan one after a previous
    hand, so the tribute's plies are shared and undone too)."""
    if game == "guandan":
        order = [seed % 4, (seed + 1) % 4, (seed + 2) % 4]
        return ganzdy.GuandanDeal(ganzdy.Rules("guandan"), seed, previous_finish=order)
    if game == "gouji":
        return ganzdy.GoujiDeal(ganzdy.Rules("gouji"), seed)
    rules = ganzdy.Rules("gan_deng_yan", players=random.Random(seed).choice([2, 3, 4, 6]))
    return rules.new_deal(seed=seed, dealer=seed % rules.players)


@pytest.mark.parametrize("game", ["gan_deng_yan", "guandan", "gouji"])
@pytest.mark.parametrize("seed", range(12))
def test_copies_push_and_pop_independently(game: str, seed: int) -> None:
    rng = random.Random(seed)
    root = fresh_deal(game, seed)
    pool: list[tuple[AnyDeal, list[tuple[int, ganzdy.Move]]]] = [(root, [])]
    for _ in range(400):
        i = rng.randrange(len(pool))
        deal, moves = pool[i]
        action = rng.random()
        if action < 0.12 and len(pool) < 24:
            clone = deal.copy() if rng.random() < 0.5 else copy.deepcopy(deal)
            pool.append((clone, list(moves)))
        elif action < 0.45 and moves:
            seat, move = moves.pop()
            assert deal.pop() == move
        elif not deal.is_terminal:
            seat = deal.current_player
            assert seat is not None
            move = rng.choice(list(deal.legal_moves))
            deal.push(move)
            moves.append((seat, move))
        if rng.random() < 0.1 and len(pool) > 2:
            pool.pop(rng.randrange(1, len(pool)))  # drop a copy: its chunks must outlive it
    for deal, moves in pool:
        assert deal.history == moves
        assert deal.ply == len(moves)
        replay = fresh_deal(game, seed)
        for _, move in moves:
            replay.push(move)
        assert deal.hash() == replay.hash()
        assert pickle.loads(pickle.dumps(deal)).hash() == deal.hash()
        # Everything undoes back to the dealt cards, through chunks other copies share.
        while deal.history:
            deal.pop()
        assert deal.hash() == fresh_deal(game, seed).hash()


def test_a_copy_records_and_pickles_its_whole_history() -> None:
    rng = random.Random(3)
    rules = ganzdy.Rules("gan_deng_yan", players=4)
    deal = rules.new_deal(seed=3)
    for _ in range(30):
        deal.push(rng.choice(list(deal.legal_moves)))
    first = deal.copy()
    for _ in range(10):
        first.push(rng.choice(list(first.legal_moves)))
    second = first.copy()
    second.pop()
    second.pop()
    record = second.to_record()
    again = ganzdy.from_record(record)
    assert again.history == second.history and again.hash() == second.hash()
    assert pickle.loads(pickle.dumps(first)).history == first.history
