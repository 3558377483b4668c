"""The move vectors the training reads, against the legal moves' own cards, kinds and keys
written out slot by slot (Gan Deng Yan, whose moves have no wild count)."""

from __future__ import annotations

import numpy as np
import pytest

import ganzdy
from ganzdy import network
from ganzdy.train.features import legal_move_vectors

RANKS = "3456789TJQKA2"


def by_hand(move: ganzdy.Move) -> np.ndarray:
    """The move vector of one move, slot by slot from the format's description."""
    row = np.zeros(network.move_size(), np.float32)
    for card in move.cards:
        row[13 if card == "BJ" else 14 if card == "RJ" else RANKS.index(card[0])] += 1
    row[network.RANK_SLOTS + ganzdy.MOVE_KINDS.index(move.kind)] = 1
    key = RANKS.index(move.rank) if move.rank else -1
    row[network.RANK_SLOTS + len(ganzdy.MOVE_KINDS) + key + 1] = 1
    return row  # and no wild count: Gan Deng Yan moves have ids, no wild face


@pytest.mark.parametrize(
    "options",
    [{"players": 4}, {"players": 2}, {"players": 5, "max_jokers_per_combo": 1}],
)
def test_gan_deng_yan_vectors_are_the_legal_moves(options: dict[str, int]) -> None:
    rules = ganzdy.Rules("gan_deng_yan", **options)
    rng = np.random.default_rng(3)
    checked = jokers = 0
    for seed in range(25):
        deal = rules.new_deal(seed=seed)
        while not deal.is_terminal:
            vectors = legal_move_vectors(deal)
            moves = list(deal.legal_moves)
            assert vectors.shape == (len(moves), network.move_size())
            for move, row in zip(moves, vectors, strict=True):
                np.testing.assert_array_equal(row, by_hand(move), err_msg=str(move))
                jokers += move.cards.jokers > 0
            checked += len(moves)
            deal.apply(moves[int(rng.integers(len(moves)))])
    assert checked > 1000 and jokers > 100
