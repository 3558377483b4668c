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
  const std::string where = "; seat " + std::to_string(d.current_player());
  if (d.is_terminal()) throw IllegalMoveError(move.str() + ": the deal is over");
  const bool play_phase = d.phase() == Phase::play;
  if (!play_phase || move.kind == Kind::yield || (move.is_word() && !move.is_pass()) ||
      (move.kind != Kind::group && !move.is_word())) {
    // Decisions outside play, yields and wrong kinds are few and cheap to check: always checked.
    const std::string why = d.why_illegal(move);
    if (!why.empty()) throw IllegalMoveError(move.str() + ": " + why + where);
  } else if (move.is_pass()) {
    if (d.table().is_pass()) throw IllegalMoveError("pass: the leader may not pass" + where);
  } else {
    if (!d.hand(d.current_player()).contains(move.cards) || move.length != move.cards.size() || move.cards.empty())
      throw IllegalMoveError(move.str() + ": the hand " + d.hand(d.current_player()).str() +
                             " does not hold these cards" + where);
    if (!is_combination(d.config(), move))
      throw IllegalMoveError(move.str() + ": " + why_not_play(d.config(), move.cards) + where);
  }
  d.apply(move);
}

}  // namespace ganzdy::gj
