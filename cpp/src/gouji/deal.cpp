// The Gouji deal: construction, the tribute a previous hand calls for, undo,
// the outcome and the invariants. The pre-play phases are in gouji/phases.cpp,
// play in gouji/play.cpp, determinization in gouji/world.cpp.
#include "ganzdy/gouji/deal.h"

#include <algorithm>
#include <bit>
#include <cassert>

#include "ganzdy/core/errors.h"

namespace ganzdy::gj {

std::string_view phase_name(Phase phase) {
  switch (phase) {
    case Phase::buy: return "buy";
    case Phase::give_back: return "return";
    case Phase::revolt: return "revolt";
    case Phase::yaotou: return "yaotou";
    case Phase::xuandian: return "xuandian";
    case Phase::play: return "play";
    case Phase::over: return "over";
  }
  return "";
}

std::string_view tribute_kind_name(TributeKind kind) {
  switch (kind) {
    case TributeKind::dian: return "dian";
    case TributeKind::shao: return "shao";
    case TributeKind::men: return "men";
    case TributeKind::luo: return "luo";
  }
  return "";
}

const std::shared_ptr<const Rules>& require_gouji(const std::shared_ptr<const Rules>& rules) {
  if (rules->game() != Game::gouji)
    throw RulesError("a Gouji deal needs Gouji rules, not " + rules->describe() +
                     (rules->game() == Game::gan_deng_yan ? std::string(" (a Gan Deng Yan deal is ganzdy.GanDengYanDeal)")
                                                          : std::string(" (a Guandan deal is ganzdy.GuandanDeal)")));
  return rules;
}

namespace {

std::string seat_text(int seat) { return std::to_string(seat); }

bool is_sweep(const std::array<std::int8_t, kPlayers>& places) {
  return team_of(places[0]) == team_of(places[1]) && team_of(places[1]) == team_of(places[2]);
}

// 点贡 between 对家 p and q under 宣点 (§9.1), read literally, the garbled cells as
// "I receive": {what p gives q, what q gives p}.
std::array<int, 2> xuandian_amounts(bool p_declared, bool q_declared, bool p_opened, bool q_opened) {
  if (!p_declared && q_declared) {
    const auto mirrored = xuandian_amounts(q_declared, p_declared, q_opened, p_opened);
    return {mirrored[1], mirrored[0]};
  }
  if (p_declared && q_declared) {
    if (p_opened && !q_opened) return {0, 4};
    if (!p_opened && q_opened) return {4, 0};
    return {2, 2};  // neither opened; both opened ("互…2…")
  }
  if (!p_declared) {  // neither declared
    if (p_opened && !q_opened) return {0, 1};
    if (!p_opened && q_opened) return {1, 0};
    if (!p_opened && !q_opened) return {1, 1};
    return {0, 0};
  }
  // Only p declared.
  if (p_opened && !q_opened) return {0, 3};
  if (!p_opened && q_opened) return {3, 0};
  if (!p_opened && !q_opened) return {2, 1};  // "自己…1…，对家2": p receives 1, q receives 2
  return {0, 2};                              // "自己…2": p receives 2
}

}  // namespace

std::string why_not_hand_result(const HandResult& r) {
  int seen = 0;
  for (int s : r.places) {
    if (s < 0 || s >= kPlayers || (seen >> s & 1))
      return "places must name each seat 0 to 5 once, from 头科 to 大落";
    seen |= 1 << s;
  }
  if ((r.pointed | r.declared) & ~0x3F) return "pointed and declared name seats 0 to 5";
  for (int s = 0; s < kPlayers; ++s) {
    const int b = r.burned[static_cast<std::size_t>(s)], m = r.menned_by[static_cast<std::size_t>(s)];
    if (b < -1 || b >= kPlayers || b == s)
      return "seat " + seat_text(s) + " burned " + std::to_string(b) + ": expected another seat, or -1";
    if (m < -1 || m >= kPlayers || m == s)
      return "seat " + seat_text(s) + " was 闷-ed by " + std::to_string(m) + ": expected another seat, or -1";
  }
  return "";
}

std::vector<Payment> tribute_of(const Config& cfg, const HandResult& prev) {
  std::vector<Payment> out;
  if (is_sweep(prev.places)) return out;  // no tribute after 串三户 (§8)
  auto add = [&](TributeKind kind, int payer, int receiver, int count) {
    if (count <= 0) return;
    Payment p;
    p.kind = kind;
    p.payer = static_cast<std::int8_t>(payer);
    p.receiver = static_cast<std::int8_t>(receiver);
    p.count = static_cast<std::int8_t>(count);
    out.push_back(p);
  };
  if (cfg.xuandian) {
    std::array<int, kPlayers> gives{};
    for (int p = 0; p < kPlayers / 2; ++p) {
      const int q = opposite(p);
      const auto a = xuandian_amounts(prev.declared >> p & 1, prev.declared >> q & 1, !(prev.pointed >> p & 1),
                                      !(prev.pointed >> q & 1));
      gives[static_cast<std::size_t>(p)] = a[0];
      gives[static_cast<std::size_t>(q)] = a[1];
    }
    for (int s = 0; s < kPlayers; ++s) add(TributeKind::dian, s, opposite(s), gives[static_cast<std::size_t>(s)]);
  } else {
    for (int s = 0; s < kPlayers; ++s)
      if (prev.pointed >> s & 1) add(TributeKind::dian, s, opposite(s), 1);
  }
  for (int b = 0; b < kPlayers; ++b) {
    const int x = prev.burned[static_cast<std::size_t>(b)];
    if (x >= 0 && team_of(x) != team_of(b)) add(TributeKind::shao, x, b, 1);  // opponents only [JUDG]
  }
  for (int p = 0; p < kPlayers; ++p) {
    const int q = prev.menned_by[static_cast<std::size_t>(p)];
    if (q >= 0) add(TributeKind::men, p, q, 1);
  }
  const bool skip = cfg.laogong_same_team == LaogongSameTeam::skip;
  const int first = prev.places[0], second = prev.places[1], fifth = prev.places[4], last = prev.places[5];
  if (!(skip && team_of(last) == team_of(first))) add(TributeKind::luo, last, first, 2);
  if (!(skip && team_of(fifth) == team_of(second))) add(TributeKind::luo, fifth, second, 1);
  return out;
}

std::array<std::int64_t, kPlayers> points_of(const Config& cfg, const std::array<std::int8_t, kPlayers>& places,
                                             bool sweep) {
  static constexpr std::array<std::int64_t, kPlayers> kByPlace{2, 1, 0, 0, -1, -2};
  const std::int64_t factor = (cfg.scoring == Scoring::doubled ? 2 : 1) * (sweep ? 2 : 1);
  std::array<std::int64_t, kPlayers> out{};
  for (int place = 0; place < kPlayers; ++place)
    out[static_cast<std::size_t>(places[static_cast<std::size_t>(place)])] = kByPlace[static_cast<std::size_t>(place)] * factor;
  return out;
}

Deal::Deal(std::shared_ptr<const Rules> rules, std::uint64_t seed, const DealSetup& setup)
    : DealBase(require_gouji(rules), &gj::config), setup_(setup) {
  Random rng = shuffle_deck(seed);
  start(rng);
}

Deal::Deal(std::shared_ptr<const Rules> rules, std::vector<Face> deck, const DealSetup& setup)
    : DealBase(require_gouji(rules), &gj::config), setup_(setup) {
  // Ties of 上班 still need a random order: one drawn from the deck order, so
  // the same deck always gives the same deal.
  std::uint64_t h = 0x243F6A8885A308D3ULL;
  for (Face f : deck) h = (h ^ f) * 0x100000001B3ULL;
  keep_deck(std::move(deck));
  Random rng(h);
  start(rng);
}

Deal::Deal(const Deal& other, WithoutHistory tag)
    : DealBase(other, tag),
      setup_(other.setup_),
      tie_order_(other.tie_order_),
      payment_total_(other.payment_total_),
      played_by_(other.played_by_),
      purchases_(other.purchases_),
      payments_(other.payments_) {}

void Deal::start(Random& rng) {
  if (setup_.first_leader != -1 && (setup_.first_leader < 0 || setup_.first_leader >= kPlayers))
    throw RulesError("first_leader=" + std::to_string(setup_.first_leader) + " is not a seat: expected 0 to 5");
  if (setup_.dealer < 0 || setup_.dealer >= kPlayers)
    throw RulesError("dealer=" + std::to_string(setup_.dealer) + " is not a seat: expected 0 to 5");
  if (setup_.previous) {
    const std::string why = why_not_hand_result(*setup_.previous);
    if (!why.empty()) throw RulesError("previous hand: " + why);
    const auto tribute = tribute_of(*cfg_, *setup_.previous);
    assert(tribute.size() <= static_cast<std::size_t>(kMaxPayments));
    payment_total_ = static_cast<int>(tribute.size());
    std::copy(tribute.begin(), tribute.end(), payments_.begin());
  }
  for (int s = 0; s < kPlayers; ++s) tie_order_[static_cast<std::size_t>(s)] = static_cast<std::int8_t>(s);
  if (setup_.tie_order) {
    auto sorted = *setup_.tie_order;
    std::sort(sorted.begin(), sorted.end());
    if (sorted != tie_order_) {
      std::string text;
      for (int s : *setup_.tie_order) text += (text.empty() ? "" : ", ") + std::to_string(s);
      throw RulesError("tie_order=[" + text + "] is not an order of the seats: expected each of 0 to 5 once");
    }
    tie_order_ = *setup_.tie_order;
  } else {
    rng.shuffle(tie_order_.data(), tie_order_.size());
  }
  const auto dealer = static_cast<std::size_t>(setup_.dealer);
  const auto& deck = *deck_;
  assert(deck.size() == static_cast<std::size_t>(kDeckSize));
  for (std::size_t i = 0; i < deck.size(); ++i) hands_[(dealer + i) % kPlayers].add(deck[i]);
  hand_sizes_.fill(kHandSize);
  info_.phase = Phase::buy;
  info_.step = 0;
  run_buys();
  check_invariants();
}

int Deal::active_count() const { return std::popcount(static_cast<unsigned>(active_mask())); }

void Deal::legal_moves(MoveList& out) const {
  out.clear();
  if (info_.phase == Phase::over) return;
  if (info_.phase == Phase::play)
    play_moves(out);
  else
    phase_moves(out);
}

std::string Deal::why_illegal(const Move& move) const {
  if (is_terminal()) return "the deal is over";
  if (info_.phase == Phase::play) return why_play_illegal(move);
  return why_phase_illegal(move);
}

void Deal::advance(const Move& move) {
  if (info_.phase == Phase::play)
    play_move(move);
  else
    advance_phase(move);
}

void Deal::undo(const Ply& ply) {
  // info_ still holds the state after the ply: undo what moved since, latest first.
  if (ply.before.phase == Phase::play) {
    if (ply.move.kind == Kind::group) {
      take_back(ply.seat, ply.move);
      played_by_[static_cast<std::size_t>(ply.seat)] -= ply.move.cards;
    }
  } else {
    undo_phase(ply);
  }
}

Move Deal::parse_move(std::string_view text) const {
  const std::string_view body = trim_move_text(text);
  const MoveText parsed = parse_move_text(body);
  if (is_terminal()) throw IllegalMoveError("'" + std::string(body) + "': the deal is over");
  if (parsed.declared) {
    const std::string why = why_illegal(*parsed.declared);
    if (!why.empty()) throw IllegalMoveError(illegal_move_message(*parsed.declared, why));
    return *parsed.declared;
  }
  const Cards& cards = parsed.cards;
  Move candidate;
  if (info_.phase == Phase::play) {
    MoveList readings_of;
    readings(*cfg_, cards, readings_of);
    if (readings_of.empty()) {
      if (!hand(info_.current).contains(cards))
        throw IllegalMoveError("'" + std::string(body) + "': the hand " + hand(info_.current).str() +
                               " does not hold " + cards.str() + where());
      throw IllegalMoveError("'" + std::string(body) + "': " + why_not_play(*cfg_, cards) + where());
    }
    candidate = readings_of.front();
  } else if (info_.phase == Phase::buy || info_.phase == Phase::give_back) {
    candidate = Move{cards, info_.phase == Phase::buy ? Kind::buy : Kind::tribute_return, kNoRank,
                     static_cast<std::uint8_t>(std::min(cards.size(), 255))};
  } else {
    throw IllegalMoveError("'" + std::string(body) + "': the deal is in its " + std::string(phase_name(info_.phase)) +
                           " phase, where moves are words: " + why_phase_illegal(Move{cards, Kind::group, kNoRank, 0}) +
                           where());
  }
  const std::string why = why_illegal(candidate);
  if (!why.empty()) throw IllegalMoveError("'" + std::string(body) + "' (" + candidate.str() + "): " + why + where());
  return candidate;
}

Outcome Deal::outcome() const {
  Outcome out;
  out.over = is_terminal();
  out.points.assign(kPlayers, 0);
  for (int s = 0; s < kPlayers; ++s)
    if (is_revolted(s)) out.revolutionary = s;
  std::array<int, kPlayers> by_place{-1, -1, -1, -1, -1, -1};
  for (int s = 0; s < kPlayers; ++s)
    if (place_of(s) >= 0) by_place[static_cast<std::size_t>(place_of(s))] = s;
  for (int p = 0; p < kPlayers; ++p) {
    const int s = by_place[static_cast<std::size_t>(p)];
    if (s >= 0 && is_out(s)) out.finish_order.push_back(s);
  }
  HandResult& r = out.result;
  r.pointed = info_.pointed;
  r.declared = info_.declared;
  r.burned = info_.burned_by_success;
  r.menned_by = info_.menned_by;
  if (!out.over) return out;
  if (std::popcount(static_cast<unsigned>(info_.revolted)) >= 2) {
    out.void_hand = true;
    out.revolutionary = -1;
    return out;
  }
  for (int p = 0; p < kPlayers; ++p) {
    r.places[static_cast<std::size_t>(p)] = static_cast<std::int8_t>(by_place[static_cast<std::size_t>(p)]);
    out.places.push_back(by_place[static_cast<std::size_t>(p)]);
  }
  const bool sweep = is_sweep(r.places);
  if (sweep) out.sweep_team = team_of(r.places[0]);
  const auto pts = points_of(*cfg_, r.places, sweep);
  for (int s = 0; s < kPlayers; ++s) {
    out.points[static_cast<std::size_t>(s)] = pts[static_cast<std::size_t>(s)];
    out.team_points[static_cast<std::size_t>(team_of(s))] += pts[static_cast<std::size_t>(s)];
  }
  if (out.team_points[0] != out.team_points[1]) out.winning_team = out.team_points[0] > out.team_points[1] ? 0 : 1;
  return out;
}

void Deal::hash_rest(std::uint64_t& h) const {
  auto mix = [&h](std::uint64_t v) { mix_hash(h, v); };
  auto pack = [](std::initializer_list<int> values) {
    std::uint64_t v = 0;
    for (int x : values) v = v << 8 | static_cast<std::uint8_t>(x);
    return v;
  };
  const DealInfo& i = info_;
  mix(pack({i.table_owner, i.current, static_cast<int>(i.phase), i.step, i.purchases, i.payments, i.yielder, i.burner}));
  mix(pack({i.burned, i.leader, i.finished, i.last_out, i.out, i.revolted, i.eliminated, i.auto_revolt}));
  mix(pack({i.passed, i.yields, i.opened, i.pointed, i.declared, i.restricted, i.yield_returned, i.point_checked}));
  mix(pack({i.yaotou, i.auto_at_four, i.unmet & 0xFF, i.unmet >> 8, i.shangban, i.shown_face, i.shown_count}));
  for (int s = 0; s < kPlayers; ++s) {
    const auto k = static_cast<std::size_t>(s);
    mix(pack({i.place_of[k], i.grace[k], i.burned_by_success[k], i.menned_by[k], tie_order_[k]}));
  }
  for (int n = 0; n < i.purchases; ++n) {
    const Purchase& p = purchases_[static_cast<std::size_t>(n)];
    mix(pack({p.buyer, p.seller, p.rank, p.paid, p.received}));
  }
  for (int n = 0; n < payment_total_; ++n) {
    const Payment& p = payments_[static_cast<std::size_t>(n)];
    mix(pack({static_cast<int>(p.kind), p.payer, p.receiver, p.count, p.returned_count}));
    for (int k = 0; k < kMaxPaymentCards; ++k)
      mix(pack({p.cards[static_cast<std::size_t>(k)], p.returned[static_cast<std::size_t>(k)]}));
  }
}

std::string Deal::invariant_violation() const {
  // Every card is in a hand or the played pile, and each hand is what was dealt
  // to it plus what it was given less what it gave or played.
  std::array<Cards, kPlayers> expected{};
  const auto& deck = *deck_;
  if (deck.size() != static_cast<std::size_t>(kDeckSize)) return "the deck does not hold 216 cards";
  for (std::size_t i = 0; i < deck.size(); ++i) expected[(static_cast<std::size_t>(setup_.dealer) + i) % kPlayers].add(deck[i]);
  auto move_card = [&](int from, int to, int face) -> bool {
    auto& a = expected[static_cast<std::size_t>(from)];
    if (face < 0 || face >= kNumFaces || a.count(face) == 0) return false;
    a.remove(face);
    expected[static_cast<std::size_t>(to)].add(face);
    return true;
  };
  for (int n = 0; n < info_.purchases; ++n) {
    const Purchase& p = purchases_[static_cast<std::size_t>(n)];
    if (p.buyer < 0 || p.seller < 0 || p.buyer == p.seller) return "purchase " + std::to_string(n) + " names no buyer";
    if (face_rank(p.received) != p.rank) return "purchase " + std::to_string(n) + " bought the wrong rank";
    if (!move_card(p.seller, p.buyer, p.received)) return "purchase " + std::to_string(n) + ": the seller lacked the card";
    if (p.paid >= 0) {
      if (!is_joker(p.paid) && face_rank(p.paid) != kRank2) return "purchase " + std::to_string(n) + " paid no 2 or joker";
      if (!move_card(p.buyer, p.seller, p.paid)) return "purchase " + std::to_string(n) + ": the buyer lacked its payment";
    }
  }
  for (int n = 0; n < payment_total_; ++n) {
    const Payment& p = payments_[static_cast<std::size_t>(n)];
    const bool paid = n < info_.payments;
    for (int k = 0; k < p.count; ++k) {
      const int face = p.cards[static_cast<std::size_t>(k)];
      if (!paid) {
        if (face != -1) return "payment " + std::to_string(n) + " holds a card before it is paid";
        continue;
      }
      if (!move_card(p.payer, p.receiver, face)) return "payment " + std::to_string(n) + ": the payer lacked its card";
    }
    if (p.returned_count > p.count || (!paid && p.returned_count > 0)) return "payment " + std::to_string(n) + " returned too much";
  }
  // The returns come after every payment.
  for (int n = 0; n < payment_total_; ++n) {
    const Payment& p = payments_[static_cast<std::size_t>(n)];
    for (int k = 0; k < p.returned_count; ++k)
      if (!move_card(p.receiver, p.payer, p.returned[static_cast<std::size_t>(k)]))
        return "payment " + std::to_string(n) + ": the receiver lacked a card it gave back";
  }
  Cards all = played_;
  Cards by_seat;
  for (int s = 0; s < kPlayers; ++s) {
    const auto k = static_cast<std::size_t>(s);
    if (hand(s).size() != hand_size(s))
      return "seat " + std::to_string(s) + " holds " + std::to_string(hand(s).size()) + " cards but counts " +
             std::to_string(hand_size(s));
    if (!expected[k].contains(played_by(s)) || expected[k] - played_by(s) != hand(s))
      return "seat " + std::to_string(s) + "'s hand is not its dealt cards plus what it got less what it gave and played";
    if (all.overflows_with(hand(s))) return "a face has more than 4 copies across the hands and the played pile";
    all += hand(s);
    by_seat += played_by(s);
  }
  if (all != rules_->deck()) return "the hands and the played pile are not the 216 cards of the deck";
  if (by_seat != played_) return "the cards played by each seat do not add up to the played pile";
  // Places: every seat out or eliminated has one, all different.
  int taken = 0;
  for (int s = 0; s < kPlayers; ++s) {
    const int p = place_of(s);
    if ((is_out(s) || is_eliminated(s)) && p < 0) return "seat " + std::to_string(s) + " left without a place";
    if (p >= 0) {
      if (p >= kPlayers || (taken >> p & 1)) return "two seats share place " + std::to_string(p);
      taken |= 1 << p;
    }
    if (is_out(s) && hand_size(s) != 0) return "seat " + std::to_string(s) + " is out holding cards";
    if (is_active(s) && info_.phase == Phase::play && hand_size(s) == 0) return "seat " + std::to_string(s) + " is active with no cards";
  }
  if (info_.out & info_.eliminated) return "a seat is both out and eliminated";
  const int revolutions = std::popcount(static_cast<unsigned>(info_.revolted));
  if (info_.phase == Phase::over) {
    if (revolutions >= 2) return "";
    for (int s = 0; s < kPlayers; ++s)
      if (place_of(s) < 0) return "the deal is over but seat " + std::to_string(s) + " has no place";
    return "";
  }
  if (revolutions >= 2) return "two revolutions but the hand goes on";
  if (info_.current < 0 || info_.current >= kPlayers) return "no seat is due to act";
  if (info_.phase == Phase::play) {
    if (!is_active(info_.current)) return "seat " + std::to_string(info_.current) + " is due to act but not active";
    if (info_.finished == 0 && played_.empty() && info_.table.is_pass() && info_.current != info_.leader)
      return "the first lead is not the first leader's";
    if (!info_.table.is_pass() && info_.current == info_.table_owner) return "the table's owner is due to answer itself";
  } else if (!played_.empty() || info_.finished != 0) {
    return "cards were played before play began";
  }
  return "";
}

namespace {

// "[2, 1, 0, 0, -1, -2]": the points as Python prints a list.
std::string points_text(const std::vector<std::int64_t>& points) {
  std::string out = "[";
  for (std::size_t i = 0; i < points.size(); ++i) out += (i ? ", " : "") + std::to_string(points[i]);
  return out + "]";
}

}  // namespace

std::string Deal::str_header() const {
  std::string out = rules().describe() + "; phase " + std::string(phase_name(phase()));
  if (phase() == Phase::play) {
    if (is_chaos()) out += ", 四户乱缠";
    if (burner() >= 0) out += ", seat " + std::to_string(burner()) + " burning seat " + std::to_string(burned());
  }
  out += "\n";
  for (int i = 0; i < purchase_count(); ++i) {
    const Purchase& p = purchase(i);
    out += "bought: seat " + std::to_string(p.buyer) + " got " + face_name(p.received) + " from seat " +
           std::to_string(p.seller) + (p.paid >= 0 ? " for " + face_name(p.paid) : std::string(" free")) + "\n";
  }
  for (int i = 0; i < payment_count(); ++i) {
    const Payment& p = payment(i);
    out += std::string(tribute_kind_name(p.kind)) + " tribute: seat " + std::to_string(p.payer) + " pays seat " +
           std::to_string(p.receiver);
    for (int k = 0; k < p.count; ++k) out += " " + (p.cards[static_cast<std::size_t>(k)] < 0 ? std::string("?") : face_name(p.cards[static_cast<std::size_t>(k)]));
    out += ", gets back";
    for (int k = 0; k < p.count; ++k)
      out += " " + (k < p.returned_count ? face_name(p.returned[static_cast<std::size_t>(k)]) : std::string("?"));
    out += "\n";
  }
  return out;
}

std::string Deal::str_seat(int seat) const {
  std::string out = "seat " + std::to_string(seat) + " (team " + std::to_string(team_of(seat)) + ") " +
                    std::to_string(hand_size(seat)) + " cards: " + hand(seat).str();
  if (is_out(seat)) out += "  [out]";
  if (is_revolted(seat)) out += "  [revolted]";
  if (is_eliminated(seat)) out += "  [eliminated]";
  if (has_opened(seat)) out += "  [opened]";
  if (place_of(seat) >= 0) out += "  place " + std::to_string(place_of(seat) + 1);
  return out;
}

std::string Deal::str_result() const {
  const auto o = outcome();
  if (o.void_hand) return "void hand (two revolutions)\n";
  return "points " + points_text(o.points) + ", team 0 " + std::to_string(o.team_points[0]) + ", team 1 " +
         std::to_string(o.team_points[1]) + "\n";
}

}  // namespace ganzdy::gj
