"""Portable determinism and thread safety.

Shuffles and random choices come only from SplitMix64 with Lemire's bounded integers
(cpp/include/ganzdy/core/random.h), so a seed means the same deal on every platform and
standard library; golden data pins it. Distinct deals may be used from many threads
at once, and a shared Rules is immutable.
"""

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

import ganzdy

GOLDEN = json.loads(
    (Path(__file__).parent.parent / "data" / "gan_deng_yan" / "golden_deals.json").read_text()
)


def test_seeds_pin_deck_orders() -> None:
    for entry in GOLDEN["deals"]:
        rules = ganzdy.Rules("gan_deng_yan", players=entry["players"])
        deal = rules.new_deal(seed=entry["seed"], dealer=entry["dealer"])
        assert " ".join(deal.deck) == entry["deck"], f"seed {entry['seed']} shuffles differently"


def test_seeds_pin_whole_batches() -> None:
    rules = ganzdy.Rules("gan_deng_yan", players=4)
    for entry in GOLDEN["playouts"]:
        result = ganzdy.playouts(
            rules, len(entry["plies"]), agents=entry["agents"], seed=entry["seed"], threads=2
        )
        assert result.points.tolist() == entry["points"]
        assert result.winner.tolist() == entry["winner"]
        assert result.plies.tolist() == entry["plies"]
        assert result.bombs.tolist() == entry["bombs"]


def _random_game(seed: int) -> tuple[list[int], int]:
    """A Python-driven deal on the shared RULES: legal moves, ids, undo, all from a thread."""
    deal = RULES.new_deal(seed=seed, dealer=seed % 4)
    step = 0
    while not deal.is_terminal:
        ids = deal.legal_ids()
        moves = list(deal.legal_moves)
        assert len(ids) == len(moves)
        pick = (seed + step) % len(moves)
        deal.push(moves[pick])
        deal.pop()
        deal.apply_id(int(ids[pick]))
        step += 1
    return list(deal.outcome.points), deal.hash()


RULES = ganzdy.Rules("gan_deng_yan", players=4)


def test_many_threads_match_one() -> None:
    seeds = list(range(40))
    alone = [_random_game(s) for s in seeds]
    batch_alone = ganzdy.playouts(RULES, 300, agents="greedy", seed=5, threads=1)
    with ThreadPoolExecutor(max_workers=8) as pool:
        games = pool.map(_random_game, seeds)
        batches = [pool.submit(ganzdy.playouts, RULES, 300, "greedy", 5, 2) for _ in range(4)]
        assert list(games) == alone
        for future in batches:
            assert np.array_equal(future.result().points, batch_alone.points)
    assert ganzdy.Rules("gan_deng_yan", players=4) == RULES  # the shared rules are untouched
