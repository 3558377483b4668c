"""A deal's legal moves as ``ganzdy.network`` move vectors, the network's move input.

Guandan and Gouji deals give ``legal_move_features()``; Gan Deng Yan's deal does not
yet (the C++ for it is being written alongside), so its vectors come from a table over
its fixed move-id space, built once per rules from ``rules.move_from_id`` with the same
meaning as those features: the cards' faces, the kind, the key rank and the jokers
standing in for other ranks. Delete ``_GanDengYanTable`` once the deal has
``legal_move_features()``.
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
# Kinds whose jokers are themselves, not wild cards standing in for a rank.
_JOKERS_AS_THEMSELVES = frozenset({"jokers", "king_bomb", "joker_bomb"})


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
    wilds = np.zeros(n, dtype=np.float32)
    for i in range(n):
        move = rules.move_from_id(i)
        faces = [_face(card) for card in str(move.cards).split()]
        for face in faces:
            cards[i, face] += 1
        kinds[i] = MOVE_KINDS.index(move.kind)
        if move.rank in RANKS and move.rank:
            keys[i] = RANKS.index(move.rank)
        if move.kind not in _JOKERS_AS_THEMSELVES:
            wilds[i] = sum(face >= 52 for face in faces)
    return network.move_vectors({"cards": cards, "kind": kinds, "key": keys, "wilds": wilds})


def legal_move_vectors(deal: Any) -> npt.NDArray[np.float32]:
    """The move vectors ``[len(deal.legal_moves), network.move_size()]`` of ``deal``'s
    legal moves, in legal-move order."""
    if deal.rules.game == "gan_deng_yan":
        table = _gan_deng_yan_table(deal.rules)
        vectors: npt.NDArray[np.float32] = table[deal.legal_ids()]
        return vectors
    return network.move_vectors(deal.legal_move_features())
