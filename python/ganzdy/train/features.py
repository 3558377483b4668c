"""A deal's legal moves as ``ganzdy.network`` move vectors, the network's move input.

Guandan and Gouji deals give ``legal_move_features()``; Gan Deng Yan's deal does not
yet (the C++ for it is being written alongside), so its vectors come from a table over
its fixed move-id space, built once per rules from ``rules.move_from_id``, with what the
C++ features will say of a Gan Deng Yan move: its cards (the rank counts), its kind, its
key rank, and no wild count (a game with move ids has none). An id stands for either
joker where they are interchangeable; the legal move takes black jokers first, as many
as the hand holds, then red ones, which is how the table's rows are completed from the
hand (``tests/train/test_features.py`` holds it to the legal moves' own cards). Delete
``_gan_deng_yan_table`` once the deal has ``legal_move_features()``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ganzdy import network
from ganzdy._core import MOVE_KINDS, Rules

RANKS = "3456789TJQKA2"
SUITS = "shdc"


def _face(card: str) -> int:
    """A card's index among the 54 faces: rank-major, four suits a rank, then BJ, RJ."""
    if card == "BJ":
        return 52
    if card == "RJ":
        return 53
    return 4 * RANKS.index(card[0]) + SUITS.index(card[1])


@cache
def _gan_deng_yan_table(rules: Rules) -> npt.NDArray[np.float32]:
    """The move vector of every Gan Deng Yan move id of ``rules``."""
    n = rules.num_moves
    cards = np.zeros((n, 54), dtype=np.uint8)
    kinds = np.zeros(n, dtype=np.int64)
    keys = np.full(n, -1, dtype=np.int64)
    for i in range(n):
        move = rules.move_from_id(i)
        for card in str(move.cards).split():
            cards[i, _face(card)] += 1
        kinds[i] = MOVE_KINDS.index(move.kind)
        if move.rank:
            keys[i] = RANKS.index(move.rank)
    wilds = np.zeros(n, dtype=np.uint8)
    return network.move_vectors({"cards": cards, "kind": kinds, "key": keys, "wilds": wilds})


def legal_move_vectors(deal: Any) -> npt.NDArray[np.float32]:
    """The move vectors ``[len(deal.legal_moves), network.move_size()]`` of ``deal``'s
    legal moves, in legal-move order."""
    if deal.rules.game == "gan_deng_yan":
        table = _gan_deng_yan_table(deal.rules)
        vectors: npt.NDArray[np.float32] = table[deal.legal_ids()]
        jokers = vectors[:, 13] + vectors[:, 14]
        black = np.minimum(jokers, deal.hand(deal.current_player).count("BJ"))
        vectors[:, 13] = black
        vectors[:, 14] = jokers - black
        return vectors
    return network.move_vectors(deal.legal_move_features())
