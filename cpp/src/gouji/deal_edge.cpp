// The deal at the engine's edge: apply() guarded for moves from outside
// (gouji/deal.h).
#include <string>
#include <cstdint>
#include <vector>

#include "ganzdy/core/errors.h"
#include "ganzdy/gouji/deal.h"
#include "ganzdy/gouji/moves.h"

namespace ganzdy::gj {

void apply_guarded(Deal& d, const Move& move) {
  if (d.phase() != Phase::play || move.kind == Kind::yield || (move.is_word() && !move.is_pass()) ||
      (move.kind != Kind::group && !move.is_word())) {
    // Decisions outside play, yields and wrong kinds are few and cheap to check: always checked.
    d.apply_checked_guarded(move);
    return;
  }
  d.apply_play_guarded(move, [&d](const Move& m) {
    return is_combination(d.config(), m) ? std::string() : why_not_play(d.config(), m.cards);
  });
}

}  // namespace ganzdy::gj
