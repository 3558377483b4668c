// The deal at the engine's edge: apply() guarded for moves from outside
// (guandan/deal.h).
#include <string>

#include "ganzdy/core/errors.h"
#include "ganzdy/guandan/deal.h"
#include "ganzdy/guandan/moves.h"

namespace ganzdy::gd {

void apply_guarded(Deal& d, const Move& move) {
  if (d.phase() != Phase::play || move.is_tribute()) {
    // Tribute choices are few and cheap to check: always checked.
    d.apply_checked_guarded(move);
    return;
  }
  d.apply_play_guarded(move, [&d](const Move& m) {
    return is_combination(d.config(), m) ? std::string() : m.cards.str() + " is not that combination";
  });
}

}  // namespace ganzdy::gd
