// The deal at the engine's edge: apply() guarded for moves from outside
// (guandan/deal.h).
#include <string>

#include "ganzdy/core/errors.h"
#include "ganzdy/guandan/deal.h"
#include "ganzdy/guandan/moves.h"

namespace ganzdy::gd {

void apply_guarded(Deal& d, const Move& move) {
  const std::string where = "; seat " + std::to_string(d.current_player());
  if (d.is_terminal()) throw IllegalMoveError(move.str() + ": the deal is over");
  if (d.phase() != Phase::play || move.is_tribute()) {
    // Tribute choices are few and cheap to check: always checked.
    const std::string why = d.why_illegal(move);
    if (!why.empty()) throw IllegalMoveError(move.str() + ": " + why + where);
  } else if (move.is_pass()) {
    if (d.table().is_pass()) throw IllegalMoveError("pass: the leader may not pass" + where);
  } else {
    if (!d.hand(d.current_player()).contains(move.cards) || move.length != move.cards.size() || move.cards.empty())
      throw IllegalMoveError(move.str() + ": the hand " + d.hand(d.current_player()).str() +
                             " does not hold these cards" + where);
    if (!is_combination(d.config(), move))
      throw IllegalMoveError(move.str() + ": " + move.cards.str() + " is not that combination" + where);
  }
  d.apply(move);
}

}  // namespace ganzdy::gd
