// The deal at the engine's edge: apply() guarded for moves from outside
// (gan_deng_yan/deal.h).
#include <string>

#include "ganzdy/core/errors.h"
#include "ganzdy/gan_deng_yan/deal.h"
#include "ganzdy/gan_deng_yan/moves.h"

namespace ganzdy::gdy {

void apply_guarded(Deal& deal, const Move& move) {
  if (deal.is_terminal()) throw IllegalMoveError(move.str() + ": the deal is over");
  if (move.is_pass() && deal.table().is_pass()) throw IllegalMoveError("pass: the leader may not pass");
  const Cards& hand = deal.hand(deal.current_player());
  if (!hand.contains(move.cards) || move.length != move.cards.size() || (!move.is_pass() && move.cards.empty()))
    throw IllegalMoveError(move.str() + ": the hand " + hand.str() + " does not hold these cards; seat " +
                           std::to_string(deal.current_player()));
  // Legality may be skipped here, but not what a record needs to replay: a
  // declaration the game has, realised by its cards.
  if (!move.is_pass() && !is_combination(deal.config(), move))
    throw IllegalMoveError(move.str() + ": not a " + deal.rules().describe() + " combination; seat " +
                           std::to_string(deal.current_player()));
  deal.apply(move);
}

}  // namespace ganzdy::gdy
