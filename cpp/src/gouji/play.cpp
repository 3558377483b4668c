// Play in a Gouji deal (gouji/deal.h "Play"): roles, the visiting order, yield,
// burning, 闷, going out, places and the end of the hand.
#include <algorithm>
#include <bit>
#include <cassert>

#include "ganzdy/gouji/deal.h"

namespace ganzdy::gj {

namespace {

bool has_joker(const Move& move) { return move.cards.jokers() > 0; }

}  // namespace

bool burn_feasible(const Config& cfg, int groups, int jokers, bool threes, bool twos) {
  if (cfg.biesan && threes) {
    // The last play is the 3s, so every other group needs a joker; 2s with no
    // group to join need one too.
    if (groups == 0 && twos) return jokers >= 1;
    return jokers >= groups;
  }
  return groups <= 1 || jokers >= groups - 1;
}

bool burn_feasible(const Config& cfg, const Cards& rest) {
  if (rest.empty()) return true;
  int groups = 0;
  for (int r = 0; r < kRank2; ++r)
    if (rest.rank_count(r) > 0 && !(cfg.biesan && r == kRank3)) ++groups;
  return burn_feasible(cfg, groups, rest.jokers(), rest.rank_count(kRank3) > 0, rest.rank_count(kRank2) > 0);
}

int Deal::next_active(int seat) const {
  int s = seat;
  for (int i = 0; i < kPlayers; ++i) {
    s = s + 1 == kPlayers ? 0 : s + 1;
    if (is_active(s)) return s;
  }
  return seat;
}

int Deal::lead_after(int seat) const {
  if (cfg_->lead_after_finished_winner == LeadAfterFinishedWinner::teammate) {
    for (int d : {2, 4})
      if (is_active((seat + d) % kPlayers)) return (seat + d) % kPlayers;  // 接风
  }
  return next_active(seat);
}

void Deal::visit_order(std::array<std::int8_t, kPlayers - 1>& order) const {
  const int owner = info_.table_owner;
  for (int k = 0; k < kPlayers - 1; ++k) order[static_cast<std::size_t>(k)] = static_cast<std::int8_t>((owner + 1 + k) % kPlayers);
  // A teammate's burn claim comes before an opponent's (burn_priority).
  if (info_.restricted && cfg_->burn_priority == BurnPriority::teammates_first) std::swap(order[0], order[1]);
}

Deal::Role Deal::role_of(int seat) const {
  const int owner = info_.table_owner;
  if (!is_active(seat) || seat == owner) return Role::none;
  const bool passed = (info_.passed >> seat & 1) != 0;
  if (info_.restricted) {
    if (seat == opposite(owner)) return Role::answer;
    if (!has_head(seat)) return cfg_->headless_free_response && !passed ? Role::answer : Role::none;
    if (passed) return Role::none;
    if (team_of(seat) == team_of(owner) && !cfg_->burn_by_teammates) return Role::none;
    if (cfg_->burn_requires_open_point && !has_opened(seat)) return Role::none;
    return Role::burn;
  }
  if (is_chaos()) return Role::answer;  // in 四户乱缠 a pass never excludes
  if (passed && opposite(seat) != owner) return Role::none;
  return Role::answer;
}

Deal::Role Deal::role() const {
  if (info_.phase != Phase::play) return Role::none;
  if (info_.table.is_pass()) return Role::lead;
  if (info_.yield_returned) return Role::answer;
  return role_of(info_.current);
}

bool Deal::yield_allowed() const {
  if (!cfg_->yield_enabled || info_.table.is_pass() || info_.yield_returned) return false;
  const int seat = info_.current;
  if (role_of(seat) != Role::answer) return false;
  if (is_chaos()) {
    if (info_.yields >> seat & 1) return false;  // once a trick
  } else if (opposite(seat) != info_.table_owner) {
    return false;
  }
  std::array<std::int8_t, kPlayers - 1> order;
  visit_order(order);
  for (int k = info_.step + 1; k < kPlayers - 1; ++k)
    if (role_of(order[static_cast<std::size_t>(k)]) != Role::none) return true;
  return false;
}

void Deal::next_turn() {
  std::array<std::int8_t, kPlayers - 1> order;
  visit_order(order);
  for (; info_.step < kPlayers - 1; ++info_.step) {
    const int s = order[static_cast<std::size_t>(info_.step)];
    if (role_of(s) != Role::none) {
      info_.current = static_cast<std::int8_t>(s);
      return;
    }
  }
  if (info_.yielder >= 0 && !info_.yield_returned) {
    info_.yield_returned = true;  // everybody after the yielder passed: it decides now
    info_.current = info_.yielder;
    return;
  }
  end_trick(info_.table_owner);
}

void Deal::start_trick(int leader) {
  assert(is_active(leader));
  info_.table = Move::pass_move();
  info_.table_owner = -1;
  info_.passed = 0;
  info_.yields = 0;
  info_.yielder = -1;
  info_.yield_returned = false;
  info_.restricted = false;
  info_.step = 0;
  info_.current = static_cast<std::int8_t>(leader);
}

void Deal::end_trick(int winner) {
  // 开点: a restricted gouji play that nobody beat (§6.6).
  if (info_.restricted && opens_point(*cfg_, play_of(info_.table))) info_.opened |= seat_bit(winner);
  start_trick(is_active(winner) ? winner : lead_after(winner));
}

int Deal::highest_free_place() const {
  int taken = 0;
  for (int s = 0; s < kPlayers; ++s)
    if (place_of(s) >= 0) taken |= 1 << place_of(s);
  for (int p = 0; p < kPlayers; ++p) {
    if (p == 3 && info_.revolted != 0) continue;  // 四科 is the revolutionary's
    if (!(taken >> p & 1)) return p;
  }
  return -1;
}

int Deal::lowest_free_place() const {
  int taken = 0;
  for (int s = 0; s < kPlayers; ++s)
    if (place_of(s) >= 0) taken |= 1 << place_of(s);
  for (int p = kPlayers - 1; p >= 0; --p) {
    if (p == 3 && info_.revolted != 0) continue;
    if (!(taken >> p & 1)) return p;
  }
  return -1;
}

void Deal::check_points() {
  info_.point_checked = true;
  if (cfg_->point_check_time == PointCheckTime::first_out)
    info_.pointed = static_cast<std::uint8_t>(active_mask() & ~info_.opened);
  else
    info_.pointed = static_cast<std::uint8_t>(~info_.opened & ~info_.revolted & 0x3F);
}

void Deal::finish_seat(int seat, bool gouji_last) {
  assert(hand_size(seat) == 0);
  info_.place_of[static_cast<std::size_t>(seat)] = static_cast<std::int8_t>(highest_free_place());
  info_.out |= seat_bit(seat);
  ++info_.finished;
  info_.last_out = static_cast<std::int8_t>(seat);
  // 底牌: going out on a gouji card keeps the head of the 对家 for one more gouji play (§7.3).
  const int opp = opposite(seat);
  info_.grace[static_cast<std::size_t>(opp)] = cfg_->dipai_grace && gouji_last && is_active(opp) ? 1 : 0;
  if (info_.burner == seat) {
    info_.burned_by_success[static_cast<std::size_t>(seat)] = info_.burned;  // 烧成功
    info_.burner = info_.burned = -1;
  }
  if (!info_.point_checked && cfg_->point_check_time == PointCheckTime::first_out) check_points();
  check_end();
}

void Deal::eliminate(int seat) {
  info_.place_of[static_cast<std::size_t>(seat)] = static_cast<std::int8_t>(lowest_free_place());
  info_.eliminated |= seat_bit(seat);
  info_.last_out = static_cast<std::int8_t>(seat);
  info_.grace[static_cast<std::size_t>(opposite(seat))] = 0;
  if (info_.burner == seat) info_.burner = info_.burned = -1;
  check_end();
}

void Deal::check_end() {
  const std::uint8_t active = active_mask();
  if ((active & 0x15) != 0 && (active & 0x2A) != 0) return;  // both teams still play
  if (!info_.point_checked) check_points();
  assign_remaining_places();
  info_.phase = Phase::over;
}

void Deal::assign_remaining_places() {
  for (int r = 0; r < kPlayers; ++r) {
    if (!is_revolted(r)) continue;
    // 三科 when its teammates are 头科 and 二科 (串三户), else the reserved 四科.
    const int a = place_of((r + 2) % kPlayers), b = place_of((r + 4) % kPlayers);
    const bool sweep = (a == 0 && b == 1) || (a == 1 && b == 0);
    int taken = 0;
    for (int s = 0; s < kPlayers; ++s)
      if (place_of(s) >= 0) taken |= 1 << place_of(s);
    info_.place_of[static_cast<std::size_t>(r)] = static_cast<std::int8_t>(sweep && !(taken >> 2 & 1) ? 2 : 3);
  }
  std::array<int, kPlayers> rest{};
  int n = 0;
  for (int s = 0; s < kPlayers; ++s)
    if (place_of(s) < 0) rest[static_cast<std::size_t>(n++)] = s;
  const int start = info_.last_out < 0 ? 0 : (info_.last_out + 1) % kPlayers;
  const bool by_seat = cfg_->remaining_place_order == RemainingPlaceOrder::seat;
  auto before = [&](int a, int b) {
    if (by_seat) return a < b;
    if (hand_size(a) != hand_size(b)) return hand_size(a) < hand_size(b);
    return (a - start + kPlayers) % kPlayers < (b - start + kPlayers) % kPlayers;
  };
  // Insertion sort: at most six seats.
  for (int i = 1; i < n; ++i)
    for (int j = i; j > 0 && before(rest[static_cast<std::size_t>(j)], rest[static_cast<std::size_t>(j - 1)]); --j)
      std::swap(rest[static_cast<std::size_t>(j)], rest[static_cast<std::size_t>(j - 1)]);
  int taken = 0;
  for (int s = 0; s < kPlayers; ++s)
    if (place_of(s) >= 0) taken |= 1 << place_of(s);
  int p = 0;
  for (int i = 0; i < n; ++i) {
    while (taken >> p & 1) ++p;
    info_.place_of[static_cast<std::size_t>(rest[static_cast<std::size_t>(i)])] = static_cast<std::int8_t>(p);
    taken |= 1 << p;
  }
}

void Deal::play_move(const Move& move) {
  const int seat = info_.current;
  if (move.kind == Kind::yield) {
    info_.yielder = static_cast<std::int8_t>(seat);
    info_.yields |= seat_bit(seat);
    ++info_.step;
    next_turn();
    return;
  }
  if (move.is_pass()) {
    info_.passed |= seat_bit(seat);
    if (info_.yield_returned) {
      end_trick(info_.table_owner);
      return;
    }
    ++info_.step;
    next_turn();
    return;
  }
  const bool leading = info_.table.is_pass();
  const int owner = info_.table_owner;
  const Role r = role();
  // 闷: the owner's play left it only 3s, and this play beats it (§6.7).
  int menned = -1;
  if (!leading && cfg_->biesan && is_active(owner) && info_.menned_by[static_cast<std::size_t>(owner)] < 0) {
    const Cards& h = hand(owner);
    if (!h.empty() && h.rank_count(kRank3) == h.size()) {
      info_.menned_by[static_cast<std::size_t>(owner)] = static_cast<std::int8_t>(seat);
      menned = owner;
    }
  }
  const auto s = static_cast<std::size_t>(seat);
  hands_[s] -= move.cards;
  hand_sizes_[s] -= move.length;
  played_ += move.cards;
  played_by_[s] += move.cards;

  const Play play = play_of(move);
  const bool gouji = is_gouji(*cfg_, play);
  const bool head = has_head(seat);
  if (gouji && !is_active(opposite(seat)) && info_.grace[s] > 0) --info_.grace[s];
  // Burning: any other player's beat relieves a burn (解烧); a burn starts one.
  if (info_.burner >= 0 && info_.burner != seat) info_.burner = info_.burned = -1;
  if (r == Role::burn) {
    info_.burner = static_cast<std::int8_t>(seat);
    info_.burned = static_cast<std::int8_t>(owner);
  }
  bool failed = false;
  if (info_.burner == seat && !hand(seat).empty() &&
      ((leading && !has_joker(move)) || !burn_feasible(*cfg_, hand(seat)))) {
    if (cfg_->burn_illegal_mode == BurnIllegalMode::penalize)
      failed = true;  // 烧牌失败
    else
      info_.burner = info_.burned = -1;  // only when no lead kept the burn going (four_rules): it ends
  }
  info_.table = move;
  info_.table_owner = static_cast<std::int8_t>(seat);
  if (info_.yielder >= 0) {
    info_.passed |= seat_bit(info_.yielder);  // someone played: the yielder counts as passed
    info_.yielder = -1;
    info_.yield_returned = false;
  }
  if (hand_size(seat) == 0) finish_seat(seat, gouji);
  if (menned >= 0 && cfg_->men_immediate_bottom && is_active(menned) && !is_terminal()) eliminate(menned);
  if (is_terminal()) return;
  if (failed) {
    const int burned = info_.burned;
    eliminate(seat);
    if (is_terminal()) return;
    start_trick(is_active(burned) ? burned : next_active(burned));
    return;
  }
  const bool chaos = is_chaos();
  info_.restricted = gouji && head && !chaos;
  if (chaos) info_.passed = 0;
  info_.step = 0;
  if (demand_of(*cfg_, play).size == 0) {
    end_trick(seat);  // nothing can answer it
    return;
  }
  next_turn();
}

void Deal::burner_leads(MoveList& out) const {
  const Cards& h = hand(info_.current);
  const Context ctx{has_opened(info_.current)};
  generate_leads(*cfg_, h, out, ctx);
  if (out.empty()) generate_leads(*cfg_, h, out, Context{true});
  if (cfg_->burn_illegal_mode != BurnIllegalMode::forbid) return;
  const std::size_t all = out.size();
  const int held = h.size();
  out.erase_if([&](const Move& m) {
    return (m.length != held && !has_joker(m)) || !burn_feasible(*cfg_, h - m.cards);
  });
  if (out.empty() && all > 0) {
    generate_leads(*cfg_, h, out, ctx);  // nothing keeps the burn going (four_rules): any lead
    if (out.empty()) generate_leads(*cfg_, h, out, Context{true});
  }
}

void Deal::play_moves(MoveList& out) const {
  const int seat = info_.current;
  const Cards& h = hand(seat);
  const Context ctx{has_opened(seat)};
  if (info_.table.is_pass()) {
    if (info_.burner == seat) {
      burner_leads(out);
      return;
    }
    generate_leads(*cfg_, h, out, ctx);
    // four_rules='after_open_point' may hold back every card but the 3s.
    if (out.empty()) generate_leads(*cfg_, h, out, Context{true});
    return;
  }
  out.push_back(Move::pass_move());
  if (yield_allowed()) out.push_back(Move::word_move(Kind::yield));
  const Role r = role();
  if (r == Role::answer) {
    append_follows(*cfg_, h, info_.table, out, ctx);
  } else if (r == Role::burn) {
    append_follows(*cfg_, h, info_.table, out, ctx);
    if (cfg_->burn_illegal_mode == BurnIllegalMode::forbid)
      out.erase_if([&](const Move& m) { return m.kind == Kind::group && !burn_feasible(*cfg_, h - m.cards); });
  }
}

std::string Deal::why_play_illegal(const Move& move) const {
  const int seat = info_.current;
  const Cards& h = hand(seat);
  const bool leading = info_.table.is_pass();
  if (move.kind == Kind::yield) {
    if (yield_allowed()) return "";
    if (!cfg_->yield_enabled) return "yielding (让牌) is off (yield_enabled=False)";
    if (leading) return "the leader may not yield";
    if (info_.yield_returned) return "seat " + std::to_string(seat) + " yielded already: now it plays or passes";
    if (is_chaos() && (info_.yields >> seat & 1)) return "in 四户乱缠 a player yields once a trick";
    if (!is_chaos() && opposite(seat) != info_.table_owner)
      return "before 四户乱缠 only the 对家 of the table's owner (seat " + std::to_string(opposite(info_.table_owner)) +
             ") may yield";
    return "nobody after seat " + std::to_string(seat) + " would act before the table's owner, so a yield is empty";
  }
  if (move.is_pass()) return leading ? "the leader may not pass" : "";
  if (move.kind != Kind::group)
    return "the deal is in play: seat " + std::to_string(seat) + " plays cards, passes" +
           (leading ? std::string() : std::string(" or yields")) + ", not a " + std::string(kind_name(move.kind));
  Context ctx{has_opened(seat)};
  if (leading) {
    thread_local MoveList leads;
    generate_leads(*cfg_, h, leads, ctx);
    if (leads.empty()) ctx.opened_point = true;
  }
  if (std::string why = gj::why_illegal(*cfg_, h, info_.table, move, ctx); !why.empty()) return why;
  const Cards rest = h - move.cards;
  const bool forbid = cfg_->burn_illegal_mode == BurnIllegalMode::forbid;
  if (!leading && role() == Role::burn && forbid && !burn_feasible(*cfg_, rest))
    return "seat " + std::to_string(seat) + " may answer seat " + std::to_string(info_.table_owner) +
           "'s gouji card only by burning (烧牌), and a burn must leave cards that can still be played out with a "
           "joker in every play but the last: " + rest.str() + " cannot (burn_illegal_mode='forbid')";
  if (leading && info_.burner == seat && forbid) {
    thread_local MoveList kept;
    burner_leads(kept);
    if (std::find(kept.begin(), kept.end(), move) != kept.end()) return "";
    // Any cards realising a listed play are that play: compare by rank parts.
    for (const Move& m : kept)
      if (m.kind == Kind::group && m.rank == move.rank && m.length == move.length &&
          m.cards.rank_count(kRank2) == move.cards.rank_count(kRank2) &&
          m.cards.count(kBlackJoker) == move.cards.count(kBlackJoker) &&
          m.cards.count(kRedJoker) == move.cards.count(kRedJoker))
        return "";
    if (move.length != h.size() && !has_joker(move))
      return "seat " + std::to_string(seat) + " is burning (烧牌): every lead but the last carries a joker";
    return "seat " + std::to_string(seat) + " is burning (烧牌): the cards left, " + rest.str() +
           ", could not be played out with a joker in every play but the last (burn_illegal_mode='forbid')";
  }
  return "";
}

}  // namespace ganzdy::gj
