// The deal at the engine's edge: apply() guarded for moves from outside, and the
// deal as text (gouji/deal.h).
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

namespace {

std::string list_text(const std::vector<std::int64_t>& values) {
  std::string out = "[";
  for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + std::to_string(values[i]);
  return out + "]";
}

}  // namespace

std::string to_string(const Deal& d) {
  std::string out = d.rules().describe() + "; phase " + std::string(phase_name(d.phase()));
  if (d.phase() == Phase::play) {
    if (d.is_chaos()) out += ", 四户乱缠";
    if (d.burner() >= 0) out += ", seat " + std::to_string(d.burner()) + " burning seat " + std::to_string(d.burned());
  }
  out += "\n";
  for (int i = 0; i < d.purchase_count(); ++i) {
    const Purchase& p = d.purchase(i);
    out += "bought: seat " + std::to_string(p.buyer) + " got " + face_name(p.received) + " from seat " +
           std::to_string(p.seller) + (p.paid >= 0 ? " for " + face_name(p.paid) : std::string(" free")) + "\n";
  }
  for (int i = 0; i < d.payment_count(); ++i) {
    const Payment& p = d.payment(i);
    out += std::string(tribute_kind_name(p.kind)) + " tribute: seat " + std::to_string(p.payer) + " pays seat " +
           std::to_string(p.receiver);
    for (int k = 0; k < p.count; ++k) {
      const int card = p.cards[static_cast<std::size_t>(k)];
      out += " " + (card < 0 ? std::string("?") : face_name(card));
    }
    out += ", gets back";
    for (int k = 0; k < p.count; ++k)
      out += " " + (k < p.returned_count ? face_name(p.returned[static_cast<std::size_t>(k)]) : std::string("?"));
    out += "\n";
  }
  out += "table: ";
  out += d.table().is_pass() ? std::string("(lead)") : d.table().str() + " by seat " + std::to_string(d.table_owner());
  if (d.info().restricted) out += " (restricted)";
  out += "\n";
  for (int s = 0; s < kPlayers; ++s) {
    out += (s == d.current_player() && !d.is_terminal()) ? "> " : "  ";
    out += "seat " + std::to_string(s) + " (team " + std::to_string(team_of(s)) + ") " +
           std::to_string(d.hand_size(s)) + " cards: " + d.hand(s).str();
    if (d.is_out(s)) out += "  [out]";
    if (d.is_revolted(s)) out += "  [revolted]";
    if (d.is_eliminated(s)) out += "  [eliminated]";
    if (d.has_opened(s)) out += "  [opened]";
    if (d.place_of(s) >= 0) out += "  place " + std::to_string(d.place_of(s) + 1);
    out += "\n";
  }
  if (d.is_terminal()) {
    const auto o = d.outcome();
    if (o.void_hand) {
      out += "void hand (two revolutions)\n";
    } else {
      out += "points " + list_text(o.points) + ", team 0 " +
             std::to_string(o.team_points[0]) + ", team 1 " + std::to_string(o.team_points[1]) + "\n";
    }
  }
  return out;
}

}  // namespace ganzdy::gj
