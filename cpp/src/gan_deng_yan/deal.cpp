#include "ganzdy/gan_deng_yan/deal.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <numeric>

#include "ganzdy/core/errors.h"
#include "ganzdy/core/random.h"

namespace ganzdy::gdy {

// A Gan Deng Yan deal on other rules would read their (unset) Gan Deng Yan config.
const std::shared_ptr<const Rules>& require_gan_deng_yan(const std::shared_ptr<const Rules>& rules) {
  if (rules->game() != Game::gan_deng_yan)
    throw RulesError("a Gan Deng Yan deal needs Gan Deng Yan rules, not " + rules->describe() +
                     (rules->game() == Game::guandan ? std::string(" (a Guandan deal is ganzdy.GuandanDeal)")
                                                     : std::string(" (a Gouji deal is ganzdy.GoujiDeal)")));
  return rules;
}

namespace {

// Payments are kept exact as doubles too (Python floats, NumPy): 2^53.
constexpr std::int64_t kMaxPayment = std::int64_t{1} << 53;

std::int64_t saturating_mul(std::int64_t a, std::int64_t b) {
  if (a == 0 || b == 0) return 0;
  if (a > kMaxPayment / b) return kMaxPayment;
  return std::min(a * b, kMaxPayment);
}

}  // namespace

Deal::Deal(std::shared_ptr<const Rules> rules, std::uint64_t seed, int dealer)
    : DealBase(require_gan_deng_yan(rules), &gdy::config) {
  shuffle_deck(seed);
  deal_cards(dealer);
}

Deal::Deal(std::shared_ptr<const Rules> rules, std::vector<Face> deck, int dealer)
    : DealBase(require_gan_deng_yan(rules), &gdy::config) {
  keep_deck(std::move(deck));
  deal_cards(dealer);
}

int Deal::next_seat(int seat) const {
  const int n = cfg_->players;
  if (cfg_->direction == Direction::counter_clockwise) return seat + 1 == n ? 0 : seat + 1;
  return seat == 0 ? n - 1 : seat - 1;
}

int Deal::next_active(int seat) const {
  // The seats still in as bits, searched in the direction of play from the seat
  // after `seat` round to `seat` itself (a few instructions where stepping seat
  // by seat took a loop; every decision asks).
  const unsigned in = ~static_cast<unsigned>(info_.out_mask) & ((1u << cfg_->players) - 1);
  if (in == 0) return seat;
  if (cfg_->direction == Direction::counter_clockwise) {
    const unsigned after = in & ~((2u << seat) - 1);
    return std::countr_zero(after != 0 ? after : in);
  }
  const unsigned before = in & ((1u << seat) - 1);
  return std::bit_width(before != 0 ? before : in) - 1;
}

void Deal::deal_cards(int dealer) {
  if (dealer < 0 || dealer >= cfg_->players)
    throw RulesError("dealer=" + std::to_string(dealer) + " is not a seat: expected 0 to " +
                     std::to_string(cfg_->players - 1));
  dealer_ = dealer;
  const auto& deck = *deck_;
  assert(cfg_->players >= 2 && cfg_->players <= kMaxPlayers);
  // The rules leave a stock: the hands dealt fit in the deck.
  assert(static_cast<std::size_t>(cfg_->players * cfg_->initial_hand_size + cfg_->dealer_extra_cards) <= deck.size());
  std::size_t pos = 0;
  for (int round = 0; round < cfg_->initial_hand_size; ++round) {
    int seat = dealer;
    for (int k = 0; k < cfg_->players; ++k, seat = next_seat(seat)) hands_[static_cast<std::size_t>(seat)].add(deck[pos++]);
  }
  for (int e = 0; e < cfg_->dealer_extra_cards; ++e) hands_[static_cast<std::size_t>(dealer)].add(deck[pos++]);
  for (int s = 0; s < cfg_->players; ++s) hand_sizes_[static_cast<std::size_t>(s)] = hands_[static_cast<std::size_t>(s)].size();
  info_.stock_pos = static_cast<std::uint16_t>(pos);
  int leader = dealer;
  if (cfg_->first_leader == FirstLeader::lowest_card) {
    // The lowest card in game order; with two packs the first holder in turn order.
    for (int f = 0; f < kNumFaces && lowest_face_ < 0; ++f) {
      int seat = dealer;
      for (int k = 0; k < cfg_->players; ++k, seat = next_seat(seat)) {
        if (hand(seat).count(f) > 0 && !is_joker(f)) {
          lowest_face_ = f;
          leader = seat;
          break;
        }
      }
    }
  }
  start_trick(leader);
  opening_seat_ = info_.current;
  check_invariants();
}

std::string Deal::invariant_violation() const {
  const int n = cfg_->players;
  const auto seat = [](int s) { return "seat " + std::to_string(s); };
  // Every card of the deck is in exactly one place: a hand, the played pile or the
  // stock; each hand's card count is its size.
  if (info_.stock_pos > deck_->size()) return "the stock position is past the deck's end";
  int held = 0;
  Cards all = played_;
  for (int s = 0; s < kMaxPlayers; ++s) {
    const auto i = static_cast<std::size_t>(s);
    if (hands_[i].size() != hand_sizes_[i])
      return seat(s) + " holds " + std::to_string(hands_[i].size()) + " cards but counts " +
             std::to_string(hand_sizes_[i]);
    if (s >= n && hand_sizes_[i] != 0) return seat(s) + " is not at the table but holds cards";
    if (is_out(s) && hand_sizes_[i] != 0) return seat(s) + " is out but holds cards";
    held += hand_sizes_[i];
    if (all.overflows_with(hands_[i])) return "a face has more copies in the hands and the played pile than the deck";
    all += hands_[i];
  }
  // With the counts below, the stock is then the rest of the deck. (Checked on every
  // ply in debug builds, so it stays a few word operations.)
  if (!rules_->deck().contains(all)) return "the hands and the played pile hold a card the deck does not";
  if (held + played_.size() + stock_size() != static_cast<int>(deck_->size()))
    return "the hands, the played pile and the stock are not the deck's " + std::to_string(deck_->size()) + " cards";
  // Seats out: as many as went out, each once, all real seats.
  if (std::popcount(info_.out_mask) != info_.finished || info_.finished > n || (info_.out_mask >> n) != 0)
    return "the seats out do not match the count of seats that went out";
  for (int i = 0; i < info_.finished; ++i)
    if (!is_out(info_.finish_order[static_cast<std::size_t>(i)])) return "the finish order names a seat still in";
  // Payments are zero-sum (all zero until someone goes out).
  if (std::accumulate(points_.begin(), points_.end(), std::int64_t{0}) != 0) return "the points do not sum to zero";
  if (info_.finished == 0 && std::any_of(points_.begin(), points_.end(), [](std::int64_t p) { return p != 0; }))
    return "points were paid before anyone went out";
  if (is_terminal()) {
    if (info_.drawn != 0 && info_.finished != 0) return "a drawn deal has a seat out";
    return "";
  }
  // A deal goes on only while two players are in, and the seat to act is one of them.
  if (active_count() < 2) return "the deal goes on with fewer than two players in";
  if (info_.current < 0 || info_.current >= n || is_out(info_.current))
    return seat(info_.current) + " is due to act but is not in the deal";
  if (info_.table.is_pass()) {
    if (info_.table_owner != -1 || info_.passes != 0) return "a lead has a table owner or passes";
  } else if (info_.table_owner < 0 || info_.table_owner >= n) {
    return "the table move has no owner at the table";
  } else if (info_.passes >= active_count() - (is_out(info_.table_owner) ? 0 : 1)) {
    // The trick ends when every other player still in has passed in a row.
    return "the trick goes on after every other player passed";
  }
  return "";
}

Deal::Deal(const Deal& other, WithoutHistory tag)
    : DealBase(other, tag),
      dealer_(other.dealer_),
      lowest_face_(other.lowest_face_),
      opening_seat_(other.opening_seat_),
      points_(other.points_) {}

bool Deal::can_lead(int seat) const {
  const Cards& h = hand(seat);
  const int size = hand_size(seat);
  if (size == 0) return false;
  const int naturals = size - h.jokers();
  // Any natural card other than a lone final 2 is a legal single.
  if (naturals > 0 && !(cfg_->forbid_final_single_two && size == 1 && h.rank_count(kRank2) == 1)) return true;
  if (naturals == 0 && cfg_->stuck_leader == StuckLeader::allow_joker_only_final) return true;
  thread_local MoveList scratch;
  generate_leads(*cfg_, h, scratch);
  return std::any_of(scratch.begin(), scratch.end(), [&](const Move& m) { return filter_allows(seat, m); });
}

void Deal::start_trick(int leader) {
  assert(leader >= 0 && leader < cfg_->players && active_count() >= 1);
  info_.table = Move::pass_move();
  info_.table_owner = -1;
  info_.passes = 0;
  if (is_out(leader)) leader = next_active(leader);
  const int due = leader;
  for (int i = 0, n = active_count(); i < n; ++i, leader = next_active(leader)) {
    if (can_lead(leader)) {
      info_.current = static_cast<std::int8_t>(leader);
      return;
    }
  }
  leader = due;
  // Nobody can lead: the deal is drawn (§3.6), unless someone already went out
  // (end_condition='ranking'), whose win and payments stand.
  info_.over = 1;
  info_.drawn = info_.finished == 0 ? 1 : 0;
  info_.current = static_cast<std::int8_t>(leader);
}

void Deal::draw_card(int seat) {
  assert(info_.stock_pos < deck_->size() && !is_out(seat));
  const Face f = (*deck_)[info_.stock_pos++];
  hands_[static_cast<std::size_t>(seat)].add(f);
  ++hand_sizes_[static_cast<std::size_t>(seat)];
}

int Deal::draw_order(const Config& cfg, int winner, std::uint8_t out_mask, int (&order)[kMaxPlayers]) {
  int n = 0;
  if (cfg.draw_policy == DrawPolicy::none) return 0;
  // The options as locals: the stores into `order` might otherwise change them
  // for all the compiler knows, and it would reload them every seat.
  const int players = cfg.players;
  const bool winner_only = cfg.draw_policy == DrawPolicy::winner_only;
  const bool forward = cfg.direction == Direction::counter_clockwise;
  int seat = winner;
  for (int i = 0; i < players; ++i, seat = forward ? (seat + 1 == players ? 0 : seat + 1)
                                                   : (seat == 0 ? players - 1 : seat - 1)) {
    if (out_mask >> seat & 1) continue;  // players already out never draw
    if (winner_only && seat != winner) break;
    order[n++] = seat;
  }
  return n;
}

void Deal::end_trick(int winner) {
  assert(winner >= 0 && winner < cfg_->players);
  int order[kMaxPlayers];
  const int n = draw_order(*cfg_, winner, info_.out_mask, order);
  for (int i = 0; i < n && stock_size() > 0; ++i) draw_card(order[i]);
  start_trick(winner);
}

void Deal::finish_seat(int seat) {
  assert(!is_out(seat) && hand_size(seat) == 0 && info_.finished < cfg_->players);
  info_.out_mask = static_cast<std::uint8_t>(info_.out_mask | (1u << seat));
  info_.finish_order[static_cast<std::size_t>(info_.finished)] = static_cast<std::int8_t>(seat);
  ++info_.finished;
  if (info_.finished == 1) settle();
  if (cfg_->end_condition == EndCondition::first_out || active_count() <= 1) info_.over = 1;
}

void Deal::settle() {
  const int winner = info_.finish_order[0];
  std::int64_t total = 0;
  for (int s = 0; s < cfg_->players; ++s) {
    if (s == winner) continue;
    const Cards& h = hand(s);
    const int cards = hand_size(s);
    std::int64_t pay = 0;
    if (!(cfg_->alarm_exempt && cards == 1)) {
      // Shut out (关): never played, or played only the deal's opening lead.
      const int plays = info_.plays[static_cast<std::size_t>(s)];
      const bool shutout = plays == 0 || (plays == 1 && s == opening_seat_);
      int doublings = 0;
      const int jokers = h.jokers();
      doublings += cfg_->joker_factor_once ? (jokers > 0 ? 1 : 0) : jokers;
      if (!cfg_->additive_bombs) doublings += cfg_->bomb_weight ? info_.bomb_doublings : info_.bombs;
      if (cfg_->bomb_held_factor) {
        for (int r = 0; r < kNumRanks; ++r)
          if (h.rank_count(r) >= cfg_->bomb_min_size) ++doublings;
        if ((cfg_->king_bomb == KingBomb::small_plus_big && h.count(kBlackJoker) > 0 && h.count(kRedJoker) > 0) ||
            (cfg_->king_bomb == KingBomb::any_two_jokers && jokers >= 2))
          ++doublings;
      }
      if (cfg_->two_held_factor) doublings += h.rank_count(kRank2);
      if (cfg_->shutout_factor && shutout) ++doublings;
      std::int64_t multiplier = doublings >= 53 ? kMaxPayment : (std::int64_t{1} << doublings);
      if (cfg_->additive_bombs) multiplier = saturating_mul(multiplier, 1 + info_.bombs);
      if (cfg_->multiplier_cap > 0) multiplier = std::min(multiplier, cfg_->multiplier_cap);
      const int counted = (shutout && cfg_->shutout_flat > 0) ? cfg_->shutout_flat : cards;
      pay = saturating_mul(saturating_mul(cfg_->base, counted), multiplier);
      if (cfg_->score_cap > 0) pay = std::min(pay, cfg_->score_cap);
    }
    points_[static_cast<std::size_t>(s)] = -pay;
    total += pay;  // at most five payments of 2^53: exact in int64, and zero-sum
  }
  points_[static_cast<std::size_t>(winner)] = total;
}

bool Deal::filter_allows(int seat, const Move& move) const {
  if (move.is_pass()) return true;
  const int size = hand_size(seat);
  if (lowest_face_ >= 0 && ply() == 0 && move.cards.count(lowest_face_) == 0) return false;
  if (cfg_->forbid_final_single_two && move.kind == Kind::single && move.rank == kRank2 && size == 1) return false;
  if (cfg_->must_play_two_first && size == 2 && hand(seat).rank_count(kRank2) >= 1 &&
      move.cards.rank_count(kRank2) == 0)
    return false;
  return true;
}

void Deal::legal_moves(MoveList& out) const {
  out.clear();
  if (is_terminal()) return;
  const int seat = info_.current;
  const Cards& h = hand(seat);
  if (info_.table.is_pass()) {
    generate_leads(*cfg_, h, out);
    if (cfg_->stuck_leader == StuckLeader::allow_joker_only_final && h.jokers() == hand_size(seat) &&
        hand_size(seat) > 0)
      out.push_back(Move{h, Kind::jokers, kNoRank, static_cast<std::uint8_t>(hand_size(seat))});
  } else {
    // The pass, written field by field into its slot (a Move copied whole goes
    // through the stack, on four decisions in five).
    Move& pass = out.next();
    pass.cards = Cards();
    pass.kind = Kind::pass;
    pass.rank = kNoRank;
    pass.length = 0;
    append_follows(*cfg_, h, info_.table, out);
  }
  if (lowest_face_ >= 0 || cfg_->forbid_final_single_two || cfg_->must_play_two_first) filter_legal(out);
}

void Deal::filter_legal(MoveList& out) const {
  const int seat = info_.current;
  out.erase_if([&](const Move& m) { return !filter_allows(seat, m); });
}

void Deal::legal_ids(std::vector<std::int32_t>& out) const {
  thread_local MoveList moves;
  legal_moves(moves);
  out.resize(moves.size());
  const MoveIndex& index = gdy::move_index(*rules_);
  for (std::size_t i = 0; i < moves.size(); ++i) out[i] = index.id(moves[i]);
}

std::optional<Move> Deal::move_of_id(std::int32_t id) const {
  if (is_terminal()) return std::nullopt;
  return gdy::move_index(*rules_).move_from(id, hand(info_.current));
}

std::string Deal::why_illegal(const Move& move) const {
  if (is_terminal()) return "the deal is over";
  const int seat = info_.current;
  const Cards& h = hand(seat);
  if (move.kind == Kind::jokers) {
    if (cfg_->stuck_leader != StuckLeader::allow_joker_only_final)
      return "jokers alone are no combination (stuck_leader='allow_joker_only_final' would allow them as a final play)";
    if (!info_.table.is_pass()) return "jokers alone may only be led";
    if (move.cards != h || h.jokers() != hand_size(seat) || move.length != hand_size(seat))
      return "jokers alone may only be played as the whole hand, when it holds nothing else";
    return "";
  }
  std::string why = gdy::why_illegal(*cfg_, h, info_.table, move);
  if (!why.empty()) return why;
  if (lowest_face_ >= 0 && ply() == 0 && move.cards.count(lowest_face_) == 0)
    return "the first lead must include the lowest card, " + face_name(lowest_face_);
  if (cfg_->forbid_final_single_two && move.kind == Kind::single && move.rank == kRank2 && hand_size(seat) == 1)
    return "a single 2 may not be the last card (forbid_final_single_two)";
  if (!filter_allows(seat, move)) return "holding two cards with a 2, a 2 must be played (must_play_two_first)";
  return "";
}

void Deal::advance(const Move& move) {
  // What the checked edges (push, the binding's apply) guarantee.
  assert(move.is_pass() ? !info_.table.is_pass() : move.length > 0 && hand(info_.current).contains(move.cards));
  const int seat = info_.current;
  if (move.is_pass()) {
    ++info_.passes;
    const int owner = info_.table_owner;
    const int others = active_count() - (is_out(owner) ? 0 : 1);
    if (info_.passes >= others) {
      end_trick(owner);
      return;
    }
    info_.current = static_cast<std::int8_t>(next_active(seat));
    return;
  }
  const auto s = static_cast<std::size_t>(seat);
  lay_down(seat, move);
  ++info_.plays[s];
  if (move.is_bomb()) {
    ++info_.bombs;
    // bomb_weight: a 3-card bomb doubles; a bigger bomb or a king bomb quadruples.
    const bool small = move.kind == Kind::bomb && move.length <= 3;
    info_.bomb_doublings = static_cast<std::uint16_t>(info_.bomb_doublings + (small ? 1 : 2));
  }
  info_.table = move;
  info_.table_owner = static_cast<std::int8_t>(seat);
  info_.passes = 0;
  if (hand_sizes_[s] == 0) finish_seat(seat);
  if (!is_terminal()) info_.current = static_cast<std::int8_t>(next_active(seat));
}

void Deal::undo(const Ply& ply) {
  // The cards this ply drew, when it ended a trick, are the last ones taken
  // from the stock: undo them in the order they were made.
  const int drawn = info_.stock_pos - ply.before.stock_pos;
  if (drawn > 0) {
    int order[kMaxPlayers];
    draw_order(*cfg_, ply.before.table_owner, ply.before.out_mask, order);
    for (int i = 0; i < drawn; ++i) {
      const auto s = static_cast<std::size_t>(order[i]);
      hands_[s].remove((*deck_)[static_cast<std::size_t>(ply.before.stock_pos + i)]);
      --hand_sizes_[s];
    }
  }
  if (!ply.move.is_pass()) take_back(ply.seat, ply.move);
  if (ply.before.finished == 0 && info_.finished > 0) points_.fill(0);
}

Move Deal::parse_move(std::string_view text) const {
  const std::string_view body = trim_move_text(text);
  const MoveText parsed = parse_move_text(body);
  if (parsed.declared) {
    if (parsed.declared->is_pass()) return *parsed.declared;
    const std::string why = why_illegal(*parsed.declared);
    if (!why.empty()) throw IllegalMoveError(illegal_move_message(*parsed.declared, why));
    return *parsed.declared;
  }
  const Cards& cards = parsed.cards;
  MoveList readings_of;
  readings(*cfg_, cards, readings_of);
  if (cfg_->stuck_leader == StuckLeader::allow_joker_only_final && cards.jokers() == cards.size() && !cards.empty())
    readings_of.push_back(Move{cards, Kind::jokers, kNoRank, static_cast<std::uint8_t>(cards.size())});
  return one_legal_reading(body, cards, readings_of, cards.str() + " is no combination");
}

Outcome Deal::outcome() const {
  Outcome out;
  out.over = is_terminal();
  out.drawn = info_.drawn != 0;
  for (int i = 0; i < info_.finished; ++i) out.finish_order.push_back(info_.finish_order[static_cast<std::size_t>(i)]);
  // Under 'ranking' the players left rank last, in turn order from the seat due to
  // act (the one player left, or the stuck leaders when nobody could lead).
  if (out.over && cfg_->end_condition == EndCondition::ranking && !out.drawn) {
    int s = info_.current;
    for (int i = 0; i < cfg_->players; ++i, s = next_seat(s))
      if (!is_out(s)) out.finish_order.push_back(s);
  }
  out.winner = info_.finished > 0 ? info_.finish_order[0] : -1;
  out.points.assign(points_.begin(), points_.begin() + cfg_->players);
  return out;
}

void Deal::hash_rest(std::uint64_t& h) const {
  auto mix = [&h](std::uint64_t v) { mix_hash(h, v); };
  mix(static_cast<std::uint64_t>(info_.table_owner + 1) | static_cast<std::uint64_t>(info_.current) << 8 |
      static_cast<std::uint64_t>(info_.passes) << 16 | static_cast<std::uint64_t>(info_.out_mask) << 24 |
      static_cast<std::uint64_t>(info_.over) << 32 | static_cast<std::uint64_t>(info_.drawn) << 33 |
      static_cast<std::uint64_t>(info_.stock_pos) << 40);
  mix(static_cast<std::uint64_t>(info_.bombs) | static_cast<std::uint64_t>(info_.bomb_doublings) << 16);
  // The stock's order decides future draws; sampled worlds of one position differ in it.
  for (std::size_t i = info_.stock_pos; i < deck_->size(); ++i) mix((*deck_)[i]);
  for (int s = 0; s < cfg_->players; ++s)
    mix(static_cast<std::uint64_t>(info_.plays[static_cast<std::size_t>(s)]) |
        static_cast<std::uint64_t>(s < info_.finished ? info_.finish_order[static_cast<std::size_t>(s)] + 1 : 0) << 8);
}

std::string Deal::str_header() const {
  return rules().describe() + "; dealer " + std::to_string(dealer_) + ", stock " + std::to_string(stock_size()) +
         ", bombs played " + std::to_string(bombs_played()) + "\n";
}

std::string Deal::str_seat(int seat) const {
  std::string out = "seat " + std::to_string(seat) + (seat == dealer_ ? " (dealer)" : "         ") + " " +
                    std::to_string(hand_size(seat)) + " cards: " + hand(seat).str();
  if (is_out(seat)) out += "  [out]";
  return out;
}

std::string Deal::str_result() const {
  const auto o = outcome();
  return (o.drawn ? std::string("drawn deal") : "won by seat " + std::to_string(o.winner)) + "\n";
}

}  // namespace ganzdy::gdy
