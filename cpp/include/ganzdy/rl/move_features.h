// Per-move features of a list of card-level moves, for learners that score each
// legal move on its own (DanZero style) where a fixed id space over every
// card-level move is impractical (Guandan, Gouji).
//
// One row per move, in list order (a deal's legal_moves order, so row k is the
// move whose id is k):
//   cards  54 bytes: how many of each face the move plays, faces in the engine's
//          order (3s 3h 3d 3c 4s ... 2c, BJ, RJ); all zero for a pass or a word;
//   kind   the move's Kind as its enum value (move.h; ganzdy.MOVE_KINDS names them);
//   key    the declaration's key rank, Move::rank: a rank index (3 = 0 ... A = 11,
//          2 = 12), the lowest rank of a run (A for Guandan's ace-low straight), or
//          -1 for a rankless move (pass, joker groups, joker bombs, tribute cards);
//   wilds  how many wild cards the move plays (Guandan: the hearts of the level
//          rank; 0 in games without wilds). Kind and key say what they stand for:
//          a move is (kind, key, cards), and which slot a wild fills follows.
#pragma once

#include <cstdint>

#include "ganzdy/core/card.h"
#include "ganzdy/core/move.h"

namespace ganzdy {

inline constexpr int kNoWild = -1;

// Writes the rows of `moves` to cards[n * 54], kinds[n], keys[n], wilds[n].
// `wild_face`: the wild card's face, or kNoWild.
void write_move_features(const MoveList& moves, int wild_face, std::uint8_t* cards, std::uint8_t* kinds,
                         std::int8_t* keys, std::uint8_t* wilds);

}  // namespace ganzdy
