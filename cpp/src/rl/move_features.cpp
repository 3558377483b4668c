#include "ganzdy/rl/move_features.h"

#include <cstring>

namespace ganzdy {

void write_move_features(const MoveList& moves, int wild_face, std::uint8_t* cards, std::uint8_t* kinds,
                         std::int8_t* keys, std::uint8_t* wilds) {
  for (std::size_t k = 0; k < moves.size(); ++k) {
    const Move& m = moves[k];
    std::uint8_t* row = cards + k * kNumFaces;
    // Four-bit counters, sixteen faces a word (cards.h): unpack word by word.
    const auto& words = m.cards.words();
    for (int f = 0; f < kNumFaces; ++f)
      row[f] = static_cast<std::uint8_t>((words[static_cast<std::size_t>(f >> 4)] >> ((f & 15) * 4)) & 0xF);
    kinds[k] = static_cast<std::uint8_t>(m.kind);
    keys[k] = m.rank;
    wilds[k] = static_cast<std::uint8_t>(wild_face == kNoWild ? 0 : row[wild_face]);
  }
}

}  // namespace ganzdy
