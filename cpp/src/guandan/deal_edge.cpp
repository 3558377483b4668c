// The deal at the engine's edge: apply() guarded for moves from outside, and the
// deal as text (guandan/deal.h).
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

std::string to_string(const Deal& d) {
  std::string out = d.rules().describe() + "; level " + std::string(rank_name(d.level())) + " (team 0 at " +
                    std::string(rank_name(d.team_level(0))) + ", team 1 at " + std::string(rank_name(d.team_level(1))) +
                    "), phase " + std::string(phase_name(d.phase())) + "\n";
  if (d.resisted()) out += "tribute resisted\n";
  for (int i = 0; i < d.payment_count(); ++i) {
    const Payment& p = d.payment(i);
    out += "tribute: seat " + std::to_string(p.payer) + " pays " + (p.card < 0 ? std::string("?") : face_name(p.card)) +
           " to " + (p.receiver < 0 ? std::string("?") : "seat " + std::to_string(p.receiver)) + ", gets back " +
           (p.returned < 0 ? std::string("?") : face_name(p.returned)) + "\n";
  }
  out += "table: ";
  out += d.table().is_pass() ? std::string("(lead)") : d.table().str() + " by seat " + std::to_string(d.table_owner());
  out += "\n";
  for (int s = 0; s < kPlayers; ++s) {
    out += (s == d.current_player() && !d.is_terminal()) ? "> " : "  ";
    out += "seat " + std::to_string(s) + " (team " + std::to_string(team_of(s)) + ") " +
           std::to_string(d.hand_size(s)) + " cards: " + d.hand(s).str();
    if (d.is_out(s)) out += "  [out]";
    out += "\n";
  }
  if (d.is_terminal()) {
    const auto o = d.outcome();
    out += "won by team " + std::to_string(o.winning_team) + " (" + o.result + "), up " + std::to_string(o.upgrade) + "\n";
  }
  return out;
}

}  // namespace ganzdy::gd
