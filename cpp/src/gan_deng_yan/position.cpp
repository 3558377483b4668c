// Positions built directly, with an empty stock (Deal::position): the endgames the
// solver studies, without replaying a deal to reach them.
//
// A position knows only what decides the rest of the deal: the hands, who acts,
// and the table. Its history is unknown, so it counts no bomb as played and every
// seat as having played once (nobody is shut out); the points of its outcome are
// settled on that basis. Its deck() is the rules' deck in canonical order, every
// card of it out of the stock.
#include <string>
#include <vector>

#include "ganzdy/core/errors.h"
#include "ganzdy/gan_deng_yan/deal.h"

namespace ganzdy::gdy {

namespace {

std::string seat_list(const std::vector<int>& seats) {
  std::string out;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    if (i > 0) out += i + 1 == seats.size() ? " and " : ", ";
    out += std::to_string(seats[i]);
  }
  return out;
}

void check_seat(int seat, int players, const char* what) {
  if (seat < 0 || seat >= players)
    throw RulesError("position: " + std::string(what) + "=" + std::to_string(seat) + " is not a seat: expected 0 to " +
                     std::to_string(players - 1));
}

}  // namespace

Deal Deal::position(std::shared_ptr<const Rules> rules, const std::vector<Cards>& hands, int to_act,
                    const Move& table, int table_owner, int dealer) {
  require_gan_deng_yan(rules);
  const int players = rules->players();
  const Config& cfg = gdy::config(*rules);
  if (static_cast<int>(hands.size()) != players)
    throw RulesError("position: " + std::to_string(hands.size()) + " hands given but " + rules->describe() + " has " +
                     std::to_string(players) + " seats");
  check_seat(dealer, players, "dealer");
  check_seat(to_act, players, "to_act");

  // The hands, then the table, must fit in the deck together.
  Cards held;
  for (int s = 0; s < players; ++s) {
    const Cards& h = hands[static_cast<std::size_t>(s)];
    const std::string what = "position: the hand of seat " + std::to_string(s);
    rules->check_in_deck(h, what);
    const Cards both = held + h;
    for (int f = 0; f < kNumFaces; ++f) {
      if (both.count(f) > rules->packs())
        throw DeckError(what + " '" + h.str() + "' holds " + face_name(f) + ", but the hands before it hold " +
                        std::to_string(held.count(f)) + " of the " + std::to_string(rules->packs()) + " in " +
                        rules->describe());
    }
    held = both;
  }
  const bool following = !table.is_pass();
  if (following) {
    if (!is_combination(cfg, table))
      throw IllegalMoveError("position: the table " + table.str() + " is no combination under " + rules->describe());
    for (int f = 0; f < kNumFaces; ++f) {
      if (held.count(f) + table.cards.count(f) > rules->packs())
        throw DeckError("position: the table " + table.str() + " plays " + face_name(f) + ", but the hands hold " +
                        std::to_string(held.count(f)) + " of the " + std::to_string(rules->packs()) + " in " +
                        rules->describe());
    }
    check_seat(table_owner, players, "table_owner");
    if (table_owner == to_act)
      throw IllegalMoveError("position: table_owner=" + std::to_string(table_owner) +
                             " is the seat to act: a trick ends before its last player would act on their own play");
  } else if (table_owner != -1) {
    throw IllegalMoveError("position: table_owner=" + std::to_string(table_owner) +
                           " is given without a table; leave it out when seat " + std::to_string(to_act) + " leads");
  }

  // Built from the deck in canonical order, then reset to the position.
  Deal d(rules, ordered_deck(*rules), dealer);
  d.has_seed_ = false;
  d.seed_ = 0;
  d.lowest_face_ = -1;
  d.opening_seat_ = -1;  // no seat made the opening lead: nobody is shut out for it
  d.root_ply_ = 1;
  d.history_.clear();
  d.points_.fill(0);
  d.info_ = DealInfo{};
  d.info_.stock_pos = static_cast<std::uint16_t>(d.deck_->size());
  for (int s = 0; s < players; ++s) {
    const auto i = static_cast<std::size_t>(s);
    d.hands_[i] = hands[i];
    d.hand_sizes_[i] = hands[i].size();
    d.info_.plays[i] = 1;
  }
  d.played_ = rules->deck() - held;

  // Seats with no cards went out, in seat order.
  std::vector<int> empty;
  for (int s = 0; s < players; ++s)
    if (d.hand_sizes_[static_cast<std::size_t>(s)] == 0) empty.push_back(s);
  if (cfg.end_condition == EndCondition::first_out && empty.size() > 1)
    throw RulesError("position: seats " + seat_list(empty) +
                     " have no cards, but under end_condition='first_out' the deal ends when the first goes out");
  if (static_cast<int>(empty.size()) == players) throw RulesError("position: every hand is empty");
  for (int s : empty) d.finish_seat(s);

  d.info_.current = static_cast<std::int8_t>(to_act);
  if (d.is_terminal()) {
    if (following) {
      d.info_.table = table;
      d.info_.table_owner = static_cast<std::int8_t>(table_owner);
    }
    return d;
  }
  if (d.is_out(to_act))
    throw RulesError("position: to_act=" + std::to_string(to_act) + " has no cards: that seat is out");
  if (!following) {
    // A leader with no legal lead hands the lead on, as in a deal (§3.6).
    d.start_trick(to_act);
    return d;
  }
  d.info_.table = table;
  d.info_.table_owner = static_cast<std::int8_t>(table_owner);
  // Every seat still in between the owner and the seat to act has passed.
  int passes = 0;
  for (int s = d.next_active(table_owner); s != to_act; s = d.next_active(s)) ++passes;
  d.info_.passes = static_cast<std::int8_t>(passes);
  return d;
}

}  // namespace ganzdy::gdy
