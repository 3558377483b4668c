// Determinization of a Gouji deal for one seat (Deal::sample_world).
//
// Every card movement before play is public (purchases, tribute, returns) and so
// is every play, so another seat's hand at any moment is its hand now less what
// it got since plus what it gave or played since. What the seat knows about
// another hand now is therefore: its size; lower bounds per face (it never held
// fewer than nothing, so it holds what it got and has not visibly given away);
// exact counts of some faces, where a rule forced an emptiness (a buyer held no
// 3, a payer nothing above its tribute, a revolutionary no 2 and no joker, the
// 上班 leader exactly the copies it showed); and conditions on counts checked on
// each sample (who sold and who could not, a return that kept a last 3, 上班
// ties, a burner's feasibility).
//
// Sampling: the faces whose counts are fixed are placed first; a seat bound by a
// burn's feasibility draws its other cards from a count of the ways to hold a
// feasible hand (rank by rank), so each feasible hand is equally likely; a seat
// barred from some faces draws uniformly among the others; the remaining seats
// share the rest uniformly. A sample breaking a checked condition is drawn
// again. The result is exactly uniform when at most one seat is bounded, and
// otherwise each bounded hand is uniform given those drawn before it. After
// kAttempts failures the real hands are used, which
// are always consistent (a known defect: rare late positions after a revolution
// and tribute reach it; docs/gouji.md).
#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <vector>

#include "ganzdy/gj_deal.h"

namespace ganzdy::gj {

namespace {

constexpr int kAttempts = 4000;
constexpr int kPlayTime = 1 << 20;  // plays come after every pre-play event
constexpr int kMaxCheckpoints = 2;  // burn checkpoints a seat's draw honours exactly

double choose(int n, int k) {
  static const auto table = [] {
    std::array<std::array<double, kDeckSize + 1>, kDeckSize + 1> t{};
    for (int i = 0; i <= kDeckSize; ++i) {
      t[static_cast<std::size_t>(i)][0] = 1.0;
      for (int j = 1; j <= i; ++j)
        t[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] =
            t[static_cast<std::size_t>(i - 1)][static_cast<std::size_t>(j - 1)] +
            (j <= i - 1 ? t[static_cast<std::size_t>(i - 1)][static_cast<std::size_t>(j)] : 0.0);
    }
    return t;
  }();
  if (k < 0 || k > n) return 0.0;
  return table[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)];
}

double uniform01(Random& rng) { return static_cast<double>(rng.next() >> 11) * 0x1.0p-53; }

int value_of(int face) {
  return face == kRedJoker ? kBigJokerValue : face == kBlackJoker ? kSmallJokerValue : face_rank(face);
}

// Every copy of the faces of `cards` allowed by `allowed` (bit f), one entry each.
std::vector<Face> copies(const Cards& cards, std::uint64_t allowed) {
  std::vector<Face> out;
  for (int f = 0; f < kNumFaces; ++f)
    if (allowed >> f & 1)
      for (int n = cards.count(f); n > 0; --n) out.push_back(static_cast<Face>(f));
  return out;
}

// The public card movements of each seat, timed: purchase i at i + 1, payment j
// at P + 1 + j, the r-th card given back at P + Q + 1 + r, plays at kPlayTime.
struct Timeline {
  struct Event {
    int time;
    int face;
    int delta;
  };
  std::array<std::vector<Event>, kPlayers> events;
  int purchases = 0, payments = 0, returns = 0;

  void add(int time, int seat, int face, int delta) {
    events[static_cast<std::size_t>(seat)].push_back({time, face, delta});
  }
  // What `seat` got less what it gave after `time`, of one face. Each sample asks
  // the same few times many times over, so a time's table is built once.
  int after(int seat, int time, int face) const {
    for (const auto& [t, table] : cache)
      if (t == time) return table[static_cast<std::size_t>(seat)][static_cast<std::size_t>(face)];
    auto& [t, table] = cache.emplace_back();
    t = time;
    for (int s = 0; s < kPlayers; ++s)
      for (const Event& e : events[static_cast<std::size_t>(s)])
        if (e.time > time)
          table[static_cast<std::size_t>(s)][static_cast<std::size_t>(e.face)] =
              static_cast<std::int8_t>(table[static_cast<std::size_t>(s)][static_cast<std::size_t>(e.face)] + e.delta);
    return table[static_cast<std::size_t>(seat)][static_cast<std::size_t>(face)];
  }
  mutable std::vector<std::pair<int, std::array<std::array<std::int8_t, kNumFaces>, kPlayers>>> cache;
  // Copies of `face` held at `time` by a seat holding `now` now.
  int count_at(int seat, int time, const Cards& now, int face) const { return now.count(face) - after(seat, time, face); }
  int rank_at(int seat, int time, const Cards& now, int rank) const {
    int n = 0;
    for (int suit = 0; suit < kNumSuits; ++suit) n += count_at(seat, time, now, make_face(rank, suit));
    return n;
  }
  bool can_pay_at(int seat, int time, const Cards& now) const {
    if (rank_at(seat, time, now, kRank2) > 0) return true;
    return count_at(seat, time, now, kBlackJoker) + count_at(seat, time, now, kRedJoker) > 0;
  }
  int play_start() const { return purchases + payments + returns; }
};

// A condition on a seat's faces at a time: that they held exactly none of them.
struct Emptiness {
  int seat;
  int time;
  std::uint64_t faces;
};

std::uint64_t rank_faces(int rank) {
  std::uint64_t out = 0;
  for (int suit = 0; suit < kNumSuits; ++suit) out |= std::uint64_t{1} << make_face(rank, suit);
  return out;
}

std::uint64_t payment_faces() { return rank_faces(kRank2) | std::uint64_t{1} << kBlackJoker | std::uint64_t{1} << kRedJoker; }

// Draws `need` cards for a hand holding `fixed`, from the copies of `pool` in
// `allowed`, uniformly among the draws after which burn_feasible(hand + extra)
// holds for each `extra` (cards played since a burn checkpoint). Empty optional
// when no draw qualifies.
std::optional<Cards> draw_feasible(const Config& cfg, const Cards& pool, std::uint64_t allowed, const Cards& fixed,
                                   int need, const std::vector<Cards>& extras, Random& rng) {
  const int m = static_cast<int>(extras.size());
  assert(m >= 1 && m <= kMaxCheckpoints);
  // Group ranks: the naturals that form groups (3s apart under biesan).
  std::vector<int> ranks;
  for (int r = 0; r < kRank2; ++r)
    if (!(cfg.biesan && r == kRank3)) ranks.push_back(r);
  auto avail = [&](int rank) {
    int n = 0;
    for (int suit = 0; suit < kNumSuits; ++suit)
      if (allowed >> make_face(rank, suit) & 1) n += pool.count(make_face(rank, suit));
    return n;
  };
  auto present = [&](int rank, int c) {
    return fixed.rank_count(rank) > 0 || extras[static_cast<std::size_t>(c)].rank_count(rank) > 0;
  };
  const int g_max = static_cast<int>(ranks.size()) + 1;
  // ways[i][k][g0][g1]: choices of k cards among the first i group ranks with
  // g_c group ranks present at checkpoint c.
  const std::size_t dim = static_cast<std::size_t>((need + 1) * g_max * g_max);
  auto at = [&](int k, int g0, int g1) { return static_cast<std::size_t>((k * g_max + g0) * g_max + g1); };
  std::vector<std::vector<double>> ways(ranks.size() + 1, std::vector<double>(dim, 0.0));
  ways[0][at(0, 0, 0)] = 1.0;
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    const int r = ranks[i], a = avail(r);
    for (int k = 0; k <= need; ++k)
      for (int g0 = 0; g0 < g_max; ++g0)
        for (int g1 = 0; g1 < g_max; ++g1) {
          const double w = ways[i][at(k, g0, g1)];
          if (w == 0.0) continue;
          for (int t = 0; t <= std::min(a, need - k); ++t) {
            const int n0 = g0 + ((t > 0 || present(r, 0)) ? 1 : 0);
            const int n1 = m > 1 ? g1 + ((t > 0 || present(r, 1)) ? 1 : 0) : 0;
            if (n0 >= g_max || n1 >= g_max) continue;
            ways[i + 1][at(k + t, n0, n1)] += w * choose(a, t);
          }
        }
  }
  const int a3 = cfg.biesan ? avail(kRank3) : 0, a2 = avail(kRank2);
  const int a_small = (allowed >> kBlackJoker & 1) ? pool.count(kBlackJoker) : 0;
  const int a_big = (allowed >> kRedJoker & 1) ? pool.count(kRedJoker) : 0;
  const int aj = a_small + a_big;
  struct Pick {
    int k3, k2, kj, kg, g0, g1;
    double w;
  };
  std::vector<Pick> picks;
  double total = 0.0;
  const std::vector<double>& last = ways.back();
  for (int k3 = 0; k3 <= std::min(a3, need); ++k3)
    for (int k2 = 0; k2 <= std::min(a2, need - k3); ++k2)
      for (int kj = 0; kj <= std::min(aj, need - k3 - k2); ++kj) {
        const int kg = need - k3 - k2 - kj;
        const double base = choose(a3, k3) * choose(a2, k2) * choose(aj, kj);
        for (int g0 = 0; g0 < g_max; ++g0)
          for (int g1 = 0; g1 < g_max; ++g1) {
            const double w = last[at(kg, g0, g1)];
            if (w == 0.0) continue;
            bool ok = true;
            for (int c = 0; c < m && ok; ++c) {
              const Cards& e = extras[static_cast<std::size_t>(c)];
              const int groups = c == 0 ? g0 : g1;
              const int jokers = fixed.jokers() + e.jokers() + kj;
              const bool threes = fixed.rank_count(kRank3) + e.rank_count(kRank3) + k3 > 0;
              const bool twos = fixed.rank_count(kRank2) + e.rank_count(kRank2) + k2 > 0;
              const bool empty = fixed.size() + e.size() + need == 0;
              ok = empty || burn_feasible(cfg, groups, jokers, threes, twos);
            }
            if (!ok) continue;
            picks.push_back({k3, k2, kj, kg, g0, g1, base * w});
            total += base * w;
          }
      }
  if (total <= 0.0) return std::nullopt;
  double x = uniform01(rng) * total;
  Pick pick = picks.back();
  for (const Pick& p : picks) {
    if (x < p.w) {
      pick = p;
      break;
    }
    x -= p.w;
  }
  Cards out;
  auto take = [&](std::uint64_t faces, int k) {
    std::vector<Face> list = copies(pool, faces & allowed);
    rng.shuffle(list.data(), list.size());
    for (int i = 0; i < k; ++i) out.add(list[static_cast<std::size_t>(i)]);
  };
  // Back through the group ranks, each count drawn in proportion to its completions.
  int k = pick.kg, g0 = pick.g0, g1 = pick.g1;
  for (std::size_t i = ranks.size(); i-- > 0;) {
    const int r = ranks[i], a = avail(r);
    std::vector<std::pair<int, double>> options;
    double sum = 0.0;
    for (int t = 0; t <= std::min(a, k); ++t) {
      const int p0 = g0 - ((t > 0 || present(r, 0)) ? 1 : 0);
      const int p1 = m > 1 ? g1 - ((t > 0 || present(r, 1)) ? 1 : 0) : 0;
      if (p0 < 0 || p1 < 0) continue;
      const double w = choose(a, t) * ways[i][at(k - t, p0, p1)];
      if (w > 0.0) {
        options.emplace_back(t, w);
        sum += w;
      }
    }
    assert(!options.empty());
    double y = uniform01(rng) * sum;
    int t = options.back().first;
    for (const auto& [ct, w] : options) {
      if (y < w) {
        t = ct;
        break;
      }
      y -= w;
    }
    take(rank_faces(r), t);
    k -= t;
    g0 -= (t > 0 || present(r, 0)) ? 1 : 0;
    if (m > 1) g1 -= (t > 0 || present(r, 1)) ? 1 : 0;
  }
  if (cfg.biesan) take(rank_faces(kRank3), pick.k3);
  take(rank_faces(kRank2), pick.k2);
  take(std::uint64_t{1} << kBlackJoker | std::uint64_t{1} << kRedJoker, pick.kj);
  return out;
}

}  // namespace

Deal Deal::sample_world(int seat, std::uint64_t seed) const {
  Deal world(*this, 0);
  world.has_seed_ = false;
  world.seed_ = 0;

  // The public timeline.
  Timeline tl;
  tl.purchases = info_.purchases;
  for (int i = 0; i < info_.purchases; ++i) {
    const Purchase& p = purchases_[static_cast<std::size_t>(i)];
    tl.add(i + 1, p.seller, p.received, -1);
    tl.add(i + 1, p.buyer, p.received, +1);
    if (p.paid >= 0) {
      tl.add(i + 1, p.buyer, p.paid, -1);
      tl.add(i + 1, p.seller, p.paid, +1);
    }
  }
  tl.payments = info_.payments;
  for (int j = 0; j < info_.payments; ++j) {
    const Payment& p = payments_[static_cast<std::size_t>(j)];
    for (int k = 0; k < p.count; ++k) {
      tl.add(tl.purchases + 1 + j, p.payer, p.cards[static_cast<std::size_t>(k)], -1);
      tl.add(tl.purchases + 1 + j, p.receiver, p.cards[static_cast<std::size_t>(k)], +1);
    }
  }
  std::vector<std::pair<int, int>> three_returns;  // (seat, time before it) of each 3 given back under biesan
  for (int j = 0; j < info_.payments; ++j) {
    const Payment& p = payments_[static_cast<std::size_t>(j)];
    for (int k = 0; k < p.returned_count; ++k) {
      const int face = p.returned[static_cast<std::size_t>(k)];
      const int time = tl.purchases + tl.payments + 1 + tl.returns++;
      tl.add(time, p.receiver, face, -1);
      tl.add(time, p.payer, face, +1);
      if (cfg_->biesan && face_rank(face) == kRank3) three_returns.emplace_back(p.receiver, time - 1);
    }
  }
  for (int s = 0; s < kPlayers; ++s)
    for (int f = 0; f < kNumFaces; ++f)
      if (played_by(s).count(f) > 0) tl.add(kPlayTime, s, f, -played_by(s).count(f));

  // Who is known: the seat itself, and its small-handed teammates when they show.
  std::uint8_t known = seat_bit(seat);
  if (cfg_->team_sees_small_hands)
    for (int d : {2, 4}) {
      const int mate = (seat + d) % kPlayers;
      if (hand_size(mate) <= 10 && is_active(mate)) known |= seat_bit(mate);
    }

  // Emptiness forced by the rules.
  std::vector<Emptiness> empty;
  const bool buying_over = info_.phase != Phase::buy;
  const int slots_done = buying_over ? 2 * kPlayers : info_.step;
  auto bought = [&](int s, int rank) {
    for (int i = 0; i < info_.purchases; ++i)
      if (purchases_[static_cast<std::size_t>(i)].buyer == s && purchases_[static_cast<std::size_t>(i)].rank == rank)
        return true;
    return false;
  };
  std::vector<std::pair<int, int>> holders;  // (seat, rank) that held the rank when dealt
  std::vector<std::array<int, 3>> unmet_buyers;  // (seat, rank, time) of those nobody could sell to
  int asked_buyer = -1, asked_rank = kRank3;
  int purchases_before = 0;  // purchases made before the slot
  for (int slot = 0; slot < 2 * kPlayers; ++slot) {
    const int s = slot / 2, rank = slot % 2 == 0 ? kRank3 : kRank4;
    if ((rank == kRank3 && !cfg_->buy_three) || (rank == kRank4 && !cfg_->buy_four)) continue;
    const bool auto_here = (info_.auto_revolt >> s & 1) && ((info_.auto_at_four >> s & 1) != 0) == (rank == kRank4);
    const bool auto_before = (info_.auto_revolt >> s & 1) && rank == kRank4 && !(info_.auto_at_four >> s & 1);
    if (slot > slots_done || auto_before) continue;
    const bool unmet = (info_.unmet >> (2 * s + (rank == kRank4 ? 1 : 0)) & 1) != 0;
    purchases_before = 0;
    for (int i = 0; i < info_.purchases; ++i) {
      const Purchase& p = purchases_[static_cast<std::size_t>(i)];
      if (p.buyer < s || (p.buyer == s && p.rank < rank)) purchases_before = i + 1;
    }
    if (slot == slots_done) {
      if (!buying_over) {
        empty.push_back({s, 0, rank_faces(rank)});  // asked to buy now
        asked_buyer = s;
        asked_rank = rank;
      }
      continue;
    }
    if (unmet) unmet_buyers.push_back({s, rank, purchases_before});
    if (bought(s, rank) || unmet || auto_here) {
      empty.push_back({s, 0, rank_faces(rank)});
      if (auto_here) {
        int time = 0;
        for (int i = 0; i < info_.purchases; ++i)
          if (purchases_[static_cast<std::size_t>(i)].buyer <= s) time = i + 1;
        empty.push_back({s, time, payment_faces()});
      }
    } else {
      holders.emplace_back(s, rank);
    }
  }
  for (int j = 0; j < info_.payments; ++j) {
    const Payment& p = payments_[static_cast<std::size_t>(j)];
    const int lowest = value_of(p.cards[static_cast<std::size_t>(p.count - 1)]);
    std::uint64_t above = 0;
    for (int f = 0; f < kNumFaces; ++f)
      if (value_of(f) > lowest) above |= std::uint64_t{1} << f;
    // Of equal cards the payer gives the lowest suit first: it had none of the
    // suits below the last one it gave of each value.
    for (int k = 0; k < p.count; ++k) {
      const int paid = p.cards[static_cast<std::size_t>(k)];
      for (int f = 0; f < paid; ++f)
        if (value_of(f) == value_of(paid)) above |= std::uint64_t{1} << f;
    }
    empty.push_back({p.payer, tl.purchases + 1 + j, above});
  }
  const bool revolts_known = info_.phase != Phase::buy && info_.phase != Phase::give_back;
  for (int s = 0; s < kPlayers && revolts_known; ++s)
    if (is_revolted(s)) empty.push_back({s, tl.play_start(), payment_faces()});
  // A 闷-ed player held only 3s, and has played nothing but them since.
  for (int s = 0; s < kPlayers; ++s)
    if (info_.menned_by[static_cast<std::size_t>(s)] >= 0 && !is_out(s))
      empty.push_back({s, kPlayTime, ~rank_faces(kRank3) & ((std::uint64_t{1} << kNumFaces) - 1)});

  // 上班, when the rules chose the leader.
  const bool shangban_rule = info_.leader >= 0 && setup_.first_leader < 0 &&
                             !(cfg_->first_leader == FirstLeader::previous_daluo && setup_.previous);
  const int shangban_rank = cfg_->biesan ? kRank4 : kRank3;

  // Per seat: faces with a count fixed now, and lower bounds elsewhere.
  std::array<Cards, kPlayers> fixed{};
  std::array<std::uint64_t, kPlayers> exact{};
  for (int s = 0; s < kPlayers; ++s) {
    if (known >> s & 1) continue;
    const auto k = static_cast<std::size_t>(s);
    std::array<int, kNumFaces> set{};
    set.fill(-1);
    for (const Emptiness& e : empty) {
      if (e.seat != s) continue;
      for (int f = 0; f < kNumFaces; ++f)
        if (e.faces >> f & 1) set[static_cast<std::size_t>(f)] = tl.after(s, e.time, f);
    }
    if (shangban_rule && info_.shangban == s && info_.shown_face >= 0)
      set[static_cast<std::size_t>(info_.shown_face)] = info_.shown_count + tl.after(s, tl.play_start(), info_.shown_face);
    for (int f = 0; f < kNumFaces; ++f) {
      const int fixed_count = set[static_cast<std::size_t>(f)];
      if (fixed_count >= 0) {
        exact[k] |= std::uint64_t{1} << f;
        if (fixed_count > 0) fixed[k].add(f, std::min(fixed_count, Cards::kMaxCopies));
        continue;
      }
      // Never fewer than nothing at any moment: the most it got and has not given since.
      int lower = tl.after(s, 0, f);
      for (const auto& e : tl.events[k])
        if (e.face == f) lower = std::max(lower, tl.after(s, e.time, f));
      if (lower > 0) fixed[k].add(f, std::min(lower, Cards::kMaxCopies));
    }
  }

  // Burn checkpoints: a burner that played on (under 'forbid', or without failing
  // under 'penalize') kept a feasible rest, its hand now plus what it played since;
  // a burner eliminated by a burn play with a joker (or a burn start) did not.
  std::array<std::vector<Cards>, kPlayers> checkpoints{};
  std::uint8_t stuck_burners = 0;
  if (info_.burner >= 0) checkpoints[static_cast<std::size_t>(info_.burner)].push_back(Cards{});
  if (root_ply_ == 0 && !history_.empty()) {
    std::vector<const Ply*> plies;
    history_.for_each([&](const Ply& p) { plies.push_back(&p); });
    // Back through the history, with the cards each seat played after each ply.
    std::array<Cards, kPlayers> later{};
    for (std::size_t i = plies.size(); i-- > 0;) {
      const Ply& p = *plies[i];
      const DealInfo& after = i + 1 < plies.size() ? plies[i + 1]->before : info_;
      if (p.move.kind != Kind::group) continue;
      const auto k = static_cast<std::size_t>(p.seat);
      if (after.burner == p.seat) {
        auto& list = checkpoints[k];
        if (std::find(list.begin(), list.end(), later[k]) == list.end()) list.push_back(later[k]);
      } else if ((after.eliminated >> p.seat & 1) && !(p.before.eliminated >> p.seat & 1) &&
                 !(p.before.table.is_pass() && p.move.cards.jokers() == 0)) {
        stuck_burners |= seat_bit(p.seat);  // 烧牌失败 on an infeasible rest
      }
      later[k] += p.move.cards;
    }
  }
  std::array<Cards, kPlayers> hands = hands_;
  auto consistent = [&](const std::array<Cards, kPlayers>& h) {
    for (const auto& [s, rank] : holders)
      if (tl.rank_at(s, 0, h[static_cast<std::size_t>(s)], rank) < 1) return false;
    for (int i = 0; i < info_.purchases; ++i) {
      const Purchase& p = purchases_[static_cast<std::size_t>(i)];
      const int time = i;
      const int paid_sources[3] = {opposite(p.buyer), (p.buyer + 1) % kPlayers, (p.buyer + 5) % kPlayers};
      const int free_sources[2] = {(p.buyer + 2) % kPlayers, (p.buyer + 4) % kPlayers};
      auto spare = [&](int s) { return tl.rank_at(s, time, h[static_cast<std::size_t>(s)], p.rank) >= 2; };
      if (!spare(p.seller)) return false;
      // The seller handed over the face it held fewest of (the lowest suit on a tie).
      const Cards& seller_now = h[static_cast<std::size_t>(p.seller)];
      const int given = tl.count_at(p.seller, time, seller_now, p.received);
      for (int suit = 0; suit < kNumSuits; ++suit) {
        const int f = make_face(p.rank, suit);
        const int n = tl.count_at(p.seller, time, seller_now, f);
        if (f != p.received && n > 0 && (n < given || (n == given && f < p.received))) return false;
      }
      const bool can_pay = tl.can_pay_at(p.buyer, time, h[static_cast<std::size_t>(p.buyer)]);
      if (p.paid < 0 && cfg_->revolution && !can_pay) return false;  // it would have revolted
      if (can_pay)
        for (int s : paid_sources) {
          if (s == p.seller) break;
          if (spare(s)) return false;
        }
      if (p.paid < 0)
        for (int s : free_sources) {
          if (s == p.seller) break;
          if (spare(s)) return false;
        }
    }
    for (const auto& [s, rank, time] : unmet_buyers) {
      const int sources[5] = {opposite(s), (s + 1) % kPlayers, (s + 5) % kPlayers, (s + 2) % kPlayers, (s + 4) % kPlayers};
      const bool can_pay = tl.can_pay_at(s, time, h[static_cast<std::size_t>(s)]);
      for (int i = can_pay ? 0 : 3; i < 5; ++i)
        if (tl.rank_at(sources[i], time, h[static_cast<std::size_t>(sources[i])], rank) >= 2) return false;
    }
    if (asked_buyer >= 0) {
      const int s = asked_buyer, time = info_.purchases;
      if (!tl.can_pay_at(s, time, h[static_cast<std::size_t>(s)])) return false;
      bool any = false;
      for (int src : {opposite(s), (s + 1) % kPlayers, (s + 5) % kPlayers})
        any = any || tl.rank_at(src, time, h[static_cast<std::size_t>(src)], asked_rank) >= 2;
      if (!any) return false;
    }
    for (const auto& [s, time] : three_returns)
      if (tl.rank_at(s, time, h[static_cast<std::size_t>(s)], kRank3) < 2) return false;
    if (shangban_rule) {
      const int k = info_.shangban >= 0 ? info_.shown_count : 1;
      bool before = true;
      for (int s : tie_order_) {
        const Cards& now = h[static_cast<std::size_t>(s)];
        for (int suit = 0; suit < kNumSuits; ++suit) {
          const int f = make_face(shangban_rank, suit);
          const int n = tl.count_at(s, tl.play_start(), now, f);
          const bool earlier = s == info_.shangban ? f < info_.shown_face : before;
          if (s == info_.shangban && f == info_.shown_face) {
            if (n != k) return false;
          } else if (earlier ? n >= std::max(k, 2) : n > k) {
            return false;
          }
        }
        if (s == info_.shangban) before = false;
      }
    }
    for (int s = 0; s < kPlayers; ++s) {
      for (const Cards& since : checkpoints[static_cast<std::size_t>(s)])
        if (s != seat && !burn_feasible(*cfg_, h[static_cast<std::size_t>(s)] + since)) return false;
      if ((stuck_burners >> s & 1) && s != seat && burn_feasible(*cfg_, h[static_cast<std::size_t>(s)])) return false;
    }
    return true;
  };

  Random rng(seed);
  Cards base_pool = rules_->deck() - played_;
  for (int s = 0; s < kPlayers; ++s) {
    const auto k = static_cast<std::size_t>(s);
    base_pool -= (known >> s & 1) ? hand(s) : fixed[k];
  }
  std::array<int, kPlayers> need{};
  for (int s = 0; s < kPlayers; ++s)
    if (!(known >> s & 1)) need[static_cast<std::size_t>(s)] = hand_size(s) - fixed[static_cast<std::size_t>(s)].size();
  bool found = false;
  for (int attempt = 0; attempt < kAttempts && !found; ++attempt) {
    Cards pool = base_pool;
    bool ok = true;
    // Seats bound by burns first, then seats barred from faces, then the rest.
    for (int pass = 0; pass < 3 && ok; ++pass) {
      std::vector<int> free_seats;
      for (int s = 0; s < kPlayers && ok; ++s) {
        const auto k = static_cast<std::size_t>(s);
        if (known >> s & 1) continue;
        const bool burns = !checkpoints[k].empty();
        const int group = burns ? 0 : exact[k] != 0 ? 1 : 2;
        if (group != pass) continue;
        const std::uint64_t allowed = ~exact[k] & ((std::uint64_t{1} << kNumFaces) - 1);
        if (pass == 0) {
          std::vector<Cards> extras(checkpoints[k].begin(),
                                    checkpoints[k].begin() + std::min<std::size_t>(checkpoints[k].size(), kMaxCheckpoints));
          auto drawn = draw_feasible(*cfg_, pool, allowed, fixed[k], need[k], extras, rng);
          if (!drawn) {
            ok = false;
            break;
          }
          hands[k] = fixed[k] + *drawn;
          pool -= *drawn;
        } else if (pass == 1) {
          std::vector<Face> list = copies(pool, allowed);
          if (static_cast<int>(list.size()) < need[k]) {
            ok = false;
            break;
          }
          rng.shuffle(list.data(), list.size());
          Cards drawn;
          for (int i = 0; i < need[k]; ++i) drawn.add(list[static_cast<std::size_t>(i)]);
          hands[k] = fixed[k] + drawn;
          pool -= drawn;
        } else {
          free_seats.push_back(s);
        }
      }
      if (pass == 2 && ok) {
        std::vector<Face> list = copies(pool, (std::uint64_t{1} << kNumFaces) - 1);
        rng.shuffle(list.data(), list.size());
        std::size_t next = 0;
        for (int s : free_seats) {
          const auto k = static_cast<std::size_t>(s);
          Cards drawn;
          for (int i = 0; i < need[k]; ++i) drawn.add(list[next++]);
          hands[k] = fixed[k] + drawn;
        }
        assert(next == list.size());
      }
    }
    found = ok && consistent(hands);
  }
  assert(found);
  if (!found) hands = hands_;

  // The deck that deals these hands: each seat's dealt cards in face order.
  std::array<std::vector<Face>, kPlayers> dealt{};
  for (int s = 0; s < kPlayers; ++s)
    for (int f = 0; f < kNumFaces; ++f)
      for (int n = tl.count_at(s, 0, hands[static_cast<std::size_t>(s)], f); n > 0; --n)
        dealt[static_cast<std::size_t>(s)].push_back(static_cast<Face>(f));
  std::vector<Face> deck(kDeckSize);
  for (int i = 0; i < kDeckSize; ++i) {
    const auto s = static_cast<std::size_t>(i % kPlayers);
    deck[static_cast<std::size_t>(i)] = dealt[s][static_cast<std::size_t>(i / kPlayers)];
  }
  world.deck_ = std::make_shared<const std::vector<Face>>(std::move(deck));
  world.hands_ = hands;
  world.check_invariants();
  return world;
}

}  // namespace ganzdy::gj
