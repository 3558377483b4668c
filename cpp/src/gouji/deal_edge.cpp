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
    if (is_combination(d.config(), m)) return std::string();
    // Cards that do form some play, declared as another ("Ks as group 5"), have no
    // why_not_play: the reason must still be said, since empty means accepted.
    std::string why = why_not_play(d.config(), m.cards);
    return why.empty() ? m.cards.str() + " is not that combination" : why;
  });
}

}  // namespace ganzdy::gj
