// The deal at the engine's edge: apply() guarded for moves from outside, and the
// deal as text (gan_deng_yan/deal.h).
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

std::string to_string(const Deal& d) {
  std::string out = d.rules().describe() + "; dealer " + std::to_string(d.dealer()) + ", stock " +
                    std::to_string(d.stock_size()) + ", bombs played " + std::to_string(d.bombs_played()) + "\n";
  out += "table: ";
  out += d.table().is_pass() ? std::string("(lead)") : d.table().str() + " by seat " + std::to_string(d.table_owner());
  out += "\n";
  for (int s = 0; s < d.players(); ++s) {
    out += (s == d.current_player() && !d.is_terminal()) ? "> " : "  ";
    out += "seat " + std::to_string(s) + (s == d.dealer() ? " (dealer)" : "         ") + " " +
           std::to_string(d.hand_size(s)) + " cards: " + d.hand(s).str();
    if (d.is_out(s)) out += "  [out]";
    out += "\n";
  }
  if (d.is_terminal()) {
    const auto o = d.outcome();
    out += o.drawn ? "drawn deal" : "won by seat " + std::to_string(o.winner);
    out += "\n";
  }
  return out;
}

}  // namespace ganzdy::gdy
