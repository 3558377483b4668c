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
// ties, a burner's feasibility, an owner beaten and not 闷-ed holding more than
// 3s).
//
// Sampling: the faces whose counts are fixed are placed first; a seat bound by a
// burn's feasibility draws its other cards from a count of the ways to hold a
// feasible hand (rank by rank), so each feasible hand is equally likely. The
// other seats with a rule on their cards (faces barred, or ranks they must still
// hold: a seller's spare, a dealt 3 kept, a 3 given back from two) draw
// together, card by card, each card uniform among those that leave every seat
// still servable (Hall's condition); the remaining seats share the rest
// uniformly. A sample breaking a checked condition is drawn again. The result
// is exactly uniform when at most one seat is bounded; otherwise it is close to
// uniform.
//
// Some positions keep almost every draw from the conditions (a seller's suit
// rule, 上班 ties, early in a hand after tribute). After kDraws complete draws
// the last one is repaired instead: random swaps of one drawn card between two
// unseen seats, keeping a swap that leaves the conditions no further from
// holding and, now and then, one that leaves them further (a rule on a rank's
// copies is as far from holding as the copies it is off by, so a seat drawn
// with ten 3s where it may hold one is seen to come closer with each 3 it
// gives away; a broken burner's feasibility weighs as kBurnWeight cards), so as not to stall,
// until none is broken; a repair that stalls starts
// over from a new draw. Then more swaps, each kept only if it breaks nothing,
// walk away from where the repair ended. A swap picks each copy with equal
// chance, so this walk's limit is the same distribution as the draws': uniform
// over the consistent worlds. The real hands are never used: when no world is
// found, sample_world throws.
#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "ganzdy/gouji/deal.h"

namespace ganzdy::gj {

namespace {

constexpr int kDraws = 40;        // complete draws before the last one is repaired by swaps
constexpr int kAttempts = 4000;   // draws in all, most of which may fail to deal every card
constexpr int kRepairSteps = 20000;  // swaps a repair may take
constexpr int kRepairRounds = 40;    // repairs, each from a new draw: a stalled one rarely recovers, a new one often succeeds
constexpr int kMixingSwapsPerCard = 10;
constexpr int kBurnWeight = 32;  // a broken burn condition, counted as this many cards off
constexpr std::uint64_t kAllFaces = (std::uint64_t{1} << kNumFaces) - 1;
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

std::string no_world_message(int seat) {
  return "GoujiDeal.sample_world: found no deal consistent with what seat " + std::to_string(seat) +
         " has seen; please report the deal's record";
}

double uniform01(Random& rng) { return static_cast<double>(rng.next() >> 11) * 0x1.0p-53; }

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

// A condition on one seat's copies of one rank at a time. A draw of the seat's
// copies of that rank can honour it directly, rather than leave it to rejection.
struct RankRule {
  enum class Kind { at_least, at_most, face_between, gave_fewest };
  Kind kind;
  int seat, rank, time;
  int low = 0, high = 0;  // copies of the rank (at_least, at_most) or of `face` (face_between)
  int face = -1;          // face_between: the face counted; gave_fewest: the face given
  // Per suit of the rank, the copies the seat got less those it gave or played
  // after `time`: what it held then is what it holds now less these. Set from
  // the timeline once, so that checking a rule, done for every swap, is cheap.
  std::array<int, kNumSuits> since{};

  int held(const Cards& now, int suit) const {
    return now.count(make_face(rank, suit)) - since[static_cast<std::size_t>(suit)];
  }
  // How far `now` is from meeting the rule, in cards: 0 when it holds. The
  // repair below walks downhill on this, so a rule broken by many cards (a
  // passed-over source drawn with ten 3s) must read as further from holding
  // than one broken by one card, or the walk has no slope to follow.
  int distance(const Cards& now) const {
    int total = 0;
    for (int suit = 0; suit < kNumSuits; ++suit) total += held(now, suit);
    switch (kind) {
      case Kind::at_least:
        return std::max(0, low - total);
      case Kind::at_most:
        return std::max(0, total - high);
      case Kind::face_between: {
        const int n = held(now, face - make_face(rank, 0));
        return std::max({0, low - n, n - high});
      }
      case Kind::gave_fewest: {
        // A seller hands over the face it holds fewest of, the lowest suit on a tie.
        const int given = held(now, face - make_face(rank, 0));
        int off = 0;
        for (int suit = 0; suit < kNumSuits; ++suit) {
          const int f = make_face(rank, suit), n = held(now, suit);
          if (f != face && n > 0 && (n < given || (n == given && f < face))) off += given - n + 1;
        }
        return off;
      }
    }
    return 0;
  }
  bool holds(const Cards& now) const { return distance(now) == 0; }
};

std::uint64_t rank_faces(int rank) {
  std::uint64_t out = 0;
  for (int suit = 0; suit < kNumSuits; ++suit) out |= std::uint64_t{1} << make_face(rank, suit);
  return out;
}

std::uint64_t payment_faces() { return rank_faces(kRank2) | std::uint64_t{1} << kBlackJoker | std::uint64_t{1} << kRedJoker; }

// Draws `need` cards for a hand holding `fixed`, from the copies of `pool` in
// `allowed`, uniformly among the draws after which burn_feasible(hand + extra)
// holds for each `extra` (cards played since a burn checkpoint), holding at
// least `least` of each rank in all. Empty optional when no draw qualifies.
std::optional<Cards> draw_feasible(const Config& cfg, const Cards& pool, std::uint64_t allowed, const Cards& fixed,
                                   int need, const std::vector<Cards>& extras, const std::array<int, kNumRanks>& least,
                                   Random& rng) {
  auto least_of = [&](int rank) { return std::max(0, least[static_cast<std::size_t>(rank)] - fixed.rank_count(rank)); };
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
          for (int t = least_of(r); t <= std::min(a, need - k); ++t) {
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
  for (int k3 = cfg.biesan ? least_of(kRank3) : 0; k3 <= std::min(a3, need); ++k3)
    for (int k2 = least_of(kRank2); k2 <= std::min(a2, need - k3); ++k2)
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
    for (int t = least_of(r); t <= std::min(a, k); ++t) {
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

// A part of a hand still to draw: `count` cards of the faces in `allowed`.
struct Quota {
  std::uint64_t allowed;
  int count;
};

// Draws every quota together out of `pool`. One quota's cards can be the ones
// another needs, so each card is drawn uniformly among those after which every
// quota can still be met. That holds while, for every set S of quotas, the
// pool holds at least as many cards some quota of S allows as S asks for
// (Hall's condition). Quotas allowing the same faces are one class to that
// condition, so the sets are sets of classes; a card drawn for class c lowers
// the slack of exactly the sets without c that allow its face. A class allowing
// every face left never makes a set short (the pool holds what all quotas ask
// for), so the sets are of the other classes only. Empty optional when the pool
// cannot meet the quotas at all.
std::optional<std::vector<Cards>> draw_quotas(Cards& pool, std::vector<Quota> quotas, Random& rng) {
  std::uint64_t present = 0;
  for (int f = 0; f < kNumFaces; ++f)
    if (pool.count(f) > 0) present |= std::uint64_t{1} << f;
  std::vector<std::uint64_t> masks;  // of the classes that allow less than the pool
  std::vector<std::uint32_t> class_bit;  // 0 for a quota allowing every face left
  for (const Quota& q : quotas) {
    if ((q.allowed & present) == present) {
      class_bit.push_back(0);
      continue;
    }
    const auto it = std::find(masks.begin(), masks.end(), q.allowed);
    class_bit.push_back(1u << (it - masks.begin()));
    if (it == masks.end()) masks.push_back(q.allowed);
  }
  const int n = static_cast<int>(masks.size());
  assert(n <= 16);
  const std::uint32_t sets = 1u << n;
  std::array<std::uint32_t, kNumFaces> takers{};  // bit c: class c allows the face
  for (int f = 0; f < kNumFaces; ++f)
    for (int c = 0; c < n; ++c)
      if (masks[static_cast<std::size_t>(c)] >> f & 1) takers[static_cast<std::size_t>(f)] |= 1u << c;
  std::vector<std::int16_t> slack(sets, 0);
  for (std::uint32_t set = 1; set < sets; ++set) {
    int spare = 0;
    for (int f = 0; f < kNumFaces; ++f)
      if (takers[static_cast<std::size_t>(f)] & set) spare += pool.count(f);
    for (std::size_t i = 0; i < quotas.size(); ++i)
      if (class_bit[i] & set) spare -= quotas[i].count;
    if (spare < 0) return std::nullopt;
    slack[set] = static_cast<std::int16_t>(spare);
  }
  std::array<int, kNumFaces> left{};  // the pool's copies, as plain counts while drawing
  for (int f = 0; f < kNumFaces; ++f) left[static_cast<std::size_t>(f)] = pool.count(f);
  std::vector<Cards> drawn(quotas.size());
  for (std::size_t i = 0; i < quotas.size(); ++i) {
    const std::uint32_t own = class_bit[i];
    const std::uint64_t allowed = quotas[i].allowed;
    int allowed_left = 0;
    for (int f = 0; f < kNumFaces; ++f)
      if (allowed >> f & 1) allowed_left += left[static_cast<std::size_t>(f)];
    // When no set without this quota has fewer cards to spare than it takes, no
    // card it takes can make one short: it draws them all uniformly at once.
    int least = quotas[i].count;
    for (std::uint32_t set = 1; set < sets; ++set)
      least = std::min(least, (set & own) == 0 ? static_cast<int>(slack[set]) : least);
    if (least >= quotas[i].count) {
      std::vector<Face> list;
      for (int f = 0; f < kNumFaces; ++f)
        if (allowed >> f & 1)
          for (int k = left[static_cast<std::size_t>(f)]; k > 0; --k) list.push_back(static_cast<Face>(f));
      for (int k = 0; k < quotas[i].count; ++k) {
        // A partial Fisher-Yates: place k gets a uniform one of those not placed.
        const auto at = static_cast<std::size_t>(k);
        std::swap(list[at], list[at + rng.below(list.size() - at)]);
        const int face = list[at];
        --left[static_cast<std::size_t>(face)];
        drawn[i].add(face);
        const std::uint32_t hit = takers[static_cast<std::size_t>(face)];
        for (std::uint32_t set = 1; set < sets; ++set)
          slack[set] = static_cast<std::int16_t>(slack[set] - ((set & own) == 0 && (set & hit) != 0 ? 1 : 0));
      }
      pool -= drawn[i];
      continue;
    }
    for (; quotas[i].count > 0; --quotas[i].count) {
      // Written without branches, so that the compiler vectorizes both loops.
      std::uint32_t tight = 0;  // classes of the sets without this one that have no card to spare
      for (std::uint32_t set = 1; set < sets; ++set)
        tight |= (slack[set] == 0 && (set & own) == 0) ? set : 0u;
      // Faces this quota may take now; all it allows while no set is tight.
      std::uint64_t open = allowed;
      int total = allowed_left;
      if (tight != 0) {
        for (int c = 0; c < n; ++c)
          if (tight >> c & 1) open &= ~masks[static_cast<std::size_t>(c)];
        total = 0;
        for (std::uint64_t rest = open; rest != 0; rest &= rest - 1)
          total += left[static_cast<std::size_t>(std::countr_zero(rest))];
      }
      assert(total > 0);  // Hall's condition leaves this quota a card
      auto x = static_cast<int>(rng.below(static_cast<std::uint64_t>(total)));
      int face = std::countr_zero(open);
      for (;; face = std::countr_zero(open)) {
        const int copies_left = left[static_cast<std::size_t>(face)];
        if (x < copies_left) break;
        x -= copies_left;
        open &= open - 1;
      }
      --left[static_cast<std::size_t>(face)];
      --allowed_left;
      drawn[i].add(face);
      const std::uint32_t hit = takers[static_cast<std::size_t>(face)];
      for (std::uint32_t set = 1; set < sets; ++set)
        slack[set] = static_cast<std::int16_t>(slack[set] - ((set & own) == 0 && (set & hit) != 0 ? 1 : 0));
    }
    pool -= drawn[i];
  }
  return drawn;
}

}  // namespace

// What a deal's history showed a seat sampling it, beyond its state now (read in
// sample_world, kept by the worlds sampled, for this ply).
struct Deal::Evidence {
  // Burn checkpoints: a burner that played on (under 'forbid', or without failing
  // under 'penalize') kept a feasible rest, its hand now plus what it played since;
  // a burner eliminated by a burn play with a joker (or a burn start) did not.
  std::array<std::vector<Cards>, kPlayers> checkpoints{};
  std::uint8_t stuck_burners = 0;
  // 闷 under biesan: an active owner beaten while holding only 3s is 闷-ed, so
  // once 闷 is public one beaten and not 闷-ed held something else; if it has
  // played only 3s since, it holds something else now. Each such beat, first to
  // last, with the cards its owner played after it: what decides the world's own 闷.
  std::uint8_t not_only_threes = 0;
  struct Beat {
    int owner, beater;
    Cards since;
  };
  std::vector<Beat> beats;
};

Deal Deal::sample_world(int seat, std::uint64_t seed) const {
  Deal world = world_shell();

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
    const int lowest = face_value(p.cards[static_cast<std::size_t>(p.count - 1)]);
    std::uint64_t above = 0;
    for (int f = 0; f < kNumFaces; ++f)
      if (face_value(f) > lowest) above |= std::uint64_t{1} << f;
    // Of equal cards the payer gives the lowest suit first: it had none of the
    // suits below the last one it gave of each value.
    for (int k = 0; k < p.count; ++k) {
      const int paid = p.cards[static_cast<std::size_t>(k)];
      for (int f = 0; f < paid; ++f)
        if (face_value(f) == face_value(paid)) above |= std::uint64_t{1} << f;
    }
    empty.push_back({p.payer, tl.purchases + 1 + j, above});
  }
  const bool revolts_known = info_.phase != Phase::buy && info_.phase != Phase::give_back;
  // A seat that revolted when asked to buy is bound at that time (above): it may
  // have been paid a 2 or a joker in tribute since.
  for (int s = 0; s < kPlayers && revolts_known; ++s)
    if (is_revolted(s) && !(info_.auto_revolt >> s & 1)) empty.push_back({s, tl.play_start(), payment_faces()});
  // 闷 hangs on a hidden hand (all 3s after a play), so the seat learns it only
  // when it is told (men_public: the hand is over, or the 闷-ed seat is put at
  // the bottom at once) or sees the hand; until then the world may not lean on
  // it, and gets its own 闷 from its own hands below. Once public: a 闷-ed
  // player held only 3s, and has played nothing but them since.
  const bool men_told = men_public(*this);
  for (int s = 0; s < kPlayers && men_told; ++s)
    if (info_.menned_by[static_cast<std::size_t>(s)] >= 0 && !is_out(s))
      empty.push_back({s, kPlayTime, ~rank_faces(kRank3) & kAllFaces});

  // 上班, when the rules chose the leader.
  const bool shangban_rule = info_.leader >= 0 && setup_.first_leader < 0 &&
                             !(cfg_->first_leader == FirstLeader::previous_daluo && setup_.previous);
  const int shangban_rank = cfg_->biesan ? kRank4 : kRank3;
  // The tie order follows from the seed or the deck, so the seat knows it only
  // once 上班 has used it: then the table saw who showed first, and the world
  // keeps the real order; before, or when 上班 never decides, the world draws its
  // own (from a generator of its own, so the hands' draws stay as they were). Its
  // setup names it, as its deck alone would not give it back, so that the
  // world's record deals the world.
  if (!shangban_rule) {
    Random order(seed ^ 0x7469655F6F726465ULL);
    for (int s = 0; s < kPlayers; ++s) world.tie_order_[static_cast<std::size_t>(s)] = static_cast<std::int8_t>(s);
    order.shuffle(world.tie_order_.data(), world.tie_order_.size());
  }
  world.setup_.tie_order = world.tie_order_;

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

  // What the history showed (Evidence): read from it when the deal has it from the
  // start, else what the world sampled at this ply kept (so a search's worlds, sampled
  // from its information set's world, keep it too), else nothing.
  std::shared_ptr<const Evidence> ev;
  if (root_ply_ == 0 && !history_.empty()) {
    auto built = std::make_shared<Evidence>();
    auto& checkpoints = built->checkpoints;
    if (info_.burner >= 0) checkpoints[static_cast<std::size_t>(info_.burner)].push_back(Cards{});
    std::vector<const Ply*> plies;
    history_.for_each([&](const Ply& p) { plies.push_back(&p); });
    // Back through the history, with the cards each seat played after each ply.
    std::array<Cards, kPlayers> later{};
    for (std::size_t i = plies.size(); i-- > 0;) {
      const Ply& p = *plies[i];
      const DealInfo& after = i + 1 < plies.size() ? plies[i + 1]->before : info_;
      if (p.move.kind != Kind::group) continue;
      const auto k = static_cast<std::size_t>(p.seat);
      const int owner = p.before.table_owner;
      if (cfg_->biesan && !p.before.table.is_pass() && owner >= 0 &&
          ((p.before.out | p.before.revolted | p.before.eliminated) >> owner & 1) == 0) {
        const Cards& since = later[static_cast<std::size_t>(owner)];
        built->beats.push_back({owner, p.seat, since});
        if (men_told && p.before.menned_by[static_cast<std::size_t>(owner)] < 0 &&
            after.menned_by[static_cast<std::size_t>(owner)] < 0 && since.rank_count(kRank3) == since.size())
          built->not_only_threes |= seat_bit(owner);
      }
      if (after.burner == p.seat) {
        auto& list = checkpoints[k];
        if (std::find(list.begin(), list.end(), later[k]) == list.end()) list.push_back(later[k]);
      } else if ((after.eliminated >> p.seat & 1) && !(p.before.eliminated >> p.seat & 1) &&
                 !(p.before.table.is_pass() && p.move.cards.jokers() == 0)) {
        built->stuck_burners |= seat_bit(p.seat);  // 烧牌失败 on an infeasible rest
      }
      later[k] += p.move.cards;
    }
    ev = std::move(built);
  } else if (evidence_ && evidence_ply_ == ply()) {
    ev = evidence_;
  } else {
    auto built = std::make_shared<Evidence>();
    if (info_.burner >= 0) built->checkpoints[static_cast<std::size_t>(info_.burner)].push_back(Cards{});
    ev = std::move(built);
  }
  world.evidence_ = ev;
  world.evidence_ply_ = ply();
  const auto& checkpoints = ev->checkpoints;
  const std::uint8_t stuck_burners = ev->stuck_burners;
  const std::uint8_t not_only_threes = ev->not_only_threes;
  const auto& beats = ev->beats;
  // The conditions on one seat's copies of one rank.
  using Rule = RankRule::Kind;
  std::vector<RankRule> rank_rules;
  for (const auto& [s, rank] : holders) rank_rules.push_back({Rule::at_least, s, rank, 0, 1});
  for (int i = 0; i < info_.purchases; ++i) {
    const Purchase& p = purchases_[static_cast<std::size_t>(i)];
    rank_rules.push_back({Rule::at_least, p.seller, p.rank, i, 2});  // a spare to sell
    rank_rules.push_back({Rule::gave_fewest, p.seller, p.rank, i, 0, 0, p.received});
    // The sources asked before the seller had none to spare: those a paying buyer
    // asks first, or those a buyer that could not pay asks.
    const int paid_sources[3] = {opposite(p.buyer), (p.buyer + 1) % kPlayers, (p.buyer + 5) % kPlayers};
    const int free_sources[2] = {(p.buyer + 2) % kPlayers, (p.buyer + 4) % kPlayers};
    if (p.paid >= 0)
      for (int src : paid_sources) {
        if (src == p.seller) break;
        rank_rules.push_back({Rule::at_most, src, p.rank, i, 0, 1});
      }
    else
      for (int src : free_sources) {
        if (src == p.seller) break;
        rank_rules.push_back({Rule::at_most, src, p.rank, i, 0, 1});
      }
  }
  for (const auto& [s, rank, time] : unmet_buyers)
    for (int src : {(s + 2) % kPlayers, (s + 4) % kPlayers}) rank_rules.push_back({Rule::at_most, src, rank, time, 0, 1});
  for (const auto& [s, time] : three_returns) rank_rules.push_back({Rule::at_least, s, kRank3, time, 2});
  if (shangban_rule) {
    // Nobody held more copies of a face than the leader showed, nor as many
    // before it in the tie order.
    const int k = info_.shangban >= 0 ? info_.shown_count : 1;
    bool before = true;
    for (int s : tie_order_) {
      for (int suit = 0; suit < kNumSuits; ++suit) {
        const int f = make_face(shangban_rank, suit);
        const bool earlier = s == info_.shangban ? f < info_.shown_face : before;
        const bool shown = s == info_.shangban && f == info_.shown_face;
        const int low = shown ? k : 0, high = shown ? k : earlier ? std::max(k, 2) - 1 : k;
        rank_rules.push_back({Rule::face_between, s, shangban_rank, tl.play_start(), low, high, f});
      }
      if (s == info_.shangban) before = false;
    }
  }

  for (RankRule& rule : rank_rules)
    for (int suit = 0; suit < kNumSuits; ++suit)
      rule.since[static_cast<std::size_t>(suit)] = tl.after(rule.seat, rule.time, make_face(rule.rank, suit));

  std::array<Cards, kPlayers> hands = hands_;
  // How far `h` is from meeting those conditions (weighted): 0 for a consistent world.
  auto broken_conditions = [&](const std::array<Cards, kPlayers>& h) {
    int broken = 0;
    for (const RankRule& rule : rank_rules) broken += rule.distance(h[static_cast<std::size_t>(rule.seat)]);
    // The conditions that hang on whether a buyer could pay.
    for (int i = 0; i < info_.purchases; ++i) {
      const Purchase& p = purchases_[static_cast<std::size_t>(i)];
      if (p.paid >= 0) continue;
      const bool can_pay = tl.can_pay_at(p.buyer, i, h[static_cast<std::size_t>(p.buyer)]);
      if (cfg_->revolution && !can_pay) ++broken;  // it would have revolted
      if (can_pay)
        for (int src : {opposite(p.buyer), (p.buyer + 1) % kPlayers, (p.buyer + 5) % kPlayers}) {
          if (src == p.seller) break;
          if (tl.rank_at(src, i, h[static_cast<std::size_t>(src)], p.rank) >= 2) ++broken;
        }
    }
    for (const auto& [s, rank, time] : unmet_buyers)
      if (tl.can_pay_at(s, time, h[static_cast<std::size_t>(s)]))
        for (int src : {opposite(s), (s + 1) % kPlayers, (s + 5) % kPlayers})
          if (tl.rank_at(src, time, h[static_cast<std::size_t>(src)], rank) >= 2) ++broken;
    if (asked_buyer >= 0) {
      const int s = asked_buyer, time = info_.purchases;
      if (!tl.can_pay_at(s, time, h[static_cast<std::size_t>(s)])) ++broken;
      bool any = false;
      for (int src : {opposite(s), (s + 1) % kPlayers, (s + 5) % kPlayers})
        any = any || tl.rank_at(src, time, h[static_cast<std::size_t>(src)], asked_rank) >= 2;
      if (!any) ++broken;
    }
    for (int s = 0; s < kPlayers; ++s) {
      // A burner's feasibility weighs as many rules: a random swap seldom
      // restores it, so the repair below must not give it up.
      for (const Cards& since : checkpoints[static_cast<std::size_t>(s)])
        if (s != seat && !burn_feasible(*cfg_, h[static_cast<std::size_t>(s)] + since)) broken += kBurnWeight;
      if ((stuck_burners >> s & 1) && s != seat && burn_feasible(*cfg_, h[static_cast<std::size_t>(s)])) broken += kBurnWeight;
      const Cards& held = h[static_cast<std::size_t>(s)];
      if ((not_only_threes >> s & 1) && held.rank_count(kRank3) == held.size()) ++broken;
    }
    return broken;
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
  // The copies of a rank a seat must still hold now for its rules to hold: drawn
  // as quotas, so that late positions, where few hands meet them by chance, are
  // not left to rejection.
  std::array<std::array<int, kNumRanks>, kPlayers> at_least{};
  for (const RankRule& rule : rank_rules) {
    if (rule.kind != RankRule::Kind::at_least) continue;
    int since = 0;
    for (int suit = 0; suit < kNumSuits; ++suit) since += tl.after(rule.seat, rule.time, make_face(rule.rank, suit));
    int& n = at_least[static_cast<std::size_t>(rule.seat)][static_cast<std::size_t>(rule.rank)];
    n = std::max(n, rule.low + since);
  }
  int broken = -1;  // conditions the drawn hands break; -1 while none were drawn
  // Seats bound by burns draw first, then the other seats with rules on their
  // cards (faces barred, ranks to hold) together, then the rest. The groups and
  // the quotas are the same for every draw: a quota for each rank a bound seat
  // must hold more of, and one for the rest of its hand.
  std::vector<int> burners, bound, free_seats;
  std::vector<Quota> quotas;
  std::vector<int> owners;
  for (int s = 0; s < kPlayers; ++s) {
    const auto k = static_cast<std::size_t>(s);
    if (known >> s & 1) continue;
    if (!checkpoints[k].empty()) {
      burners.push_back(s);
      continue;
    }
    const std::uint64_t allowed = ~exact[k] & kAllFaces;
    int rest = need[k];
    const std::size_t first = quotas.size();
    for (int rank = 0; rank < kNumRanks; ++rank) {
      const int more = std::min(at_least[k][static_cast<std::size_t>(rank)] - fixed[k].rank_count(rank), rest);
      if (more <= 0) continue;
      quotas.push_back({rank_faces(rank) & allowed, more});
      owners.push_back(s);
      rest -= more;
    }
    if (exact[k] == 0 && quotas.size() == first) {
      free_seats.push_back(s);
      continue;
    }
    bound.push_back(s);
    quotas.push_back({allowed, rest});
    owners.push_back(s);
  }
  // One draw of every unseen hand into `hands`; false when it could not deal every card.
  auto draw = [&]() {
    Cards pool = base_pool;
    for (int s : burners) {
      const auto k = static_cast<std::size_t>(s);
      std::vector<Cards> extras(checkpoints[k].begin(),
                                checkpoints[k].begin() + std::min<std::size_t>(checkpoints[k].size(), kMaxCheckpoints));
      auto drawn = draw_feasible(*cfg_, pool, ~exact[k] & kAllFaces, fixed[k], need[k], extras, at_least[k], rng);
      if (!drawn) return false;
      hands[k] = fixed[k] + *drawn;
      pool -= *drawn;
    }
    auto drawn = draw_quotas(pool, quotas, rng);
    if (!drawn) return false;
    for (int s : bound) hands[static_cast<std::size_t>(s)] = fixed[static_cast<std::size_t>(s)];
    for (std::size_t i = 0; i < quotas.size(); ++i) hands[static_cast<std::size_t>(owners[i])] += (*drawn)[i];
    std::vector<Face> list = copies(pool, kAllFaces);
    rng.shuffle(list.data(), list.size());
    std::size_t next = 0;
    for (int s : free_seats) {
      const auto k = static_cast<std::size_t>(s);
      Cards dealt;
      for (int i = 0; i < need[k]; ++i) dealt.add(list[next++]);
      hands[k] = fixed[k] + dealt;
    }
    assert(next == list.size());
    return true;
  };
  int complete = 0;  // draws that dealt every card (the others could not)
  for (int attempt = 0; attempt < kAttempts && complete < kDraws && broken != 0; ++attempt)
    if (draw()) {
      broken = broken_conditions(hands);
      ++complete;
    }
  if (broken != 0) {
    if (broken < 0) throw std::runtime_error(no_world_message(seat));
    // A swap of one drawn card between two unseen seats: a symmetric proposal
    // over the copies, so the swaps that keep every condition leave uniform
    // worlds uniform.
    std::vector<int> open_seats;
    for (int s = 0; s < kPlayers; ++s)
      if (!(known >> s & 1) && need[static_cast<std::size_t>(s)] > 0) open_seats.push_back(s);
    if (open_seats.size() < 2) throw std::runtime_error(no_world_message(seat));
    auto pick = [&](const Cards& cards, int size) {
      auto x = static_cast<int>(rng.below(static_cast<std::uint64_t>(size)));
      int face = 0;
      while (x >= cards.count(face)) x -= cards.count(face++);
      return face;
    };
    auto swap = [&]() {
      const std::size_t i = rng.below(open_seats.size());
      std::size_t j = rng.below(open_seats.size() - 1);
      j += j >= i ? 1 : 0;
      const auto a = static_cast<std::size_t>(open_seats[i]), b = static_cast<std::size_t>(open_seats[j]);
      const int x = pick(hands[a] - fixed[a], need[a]), y = pick(hands[b] - fixed[b], need[b]);
      const bool fits = x != y && !(exact[b] >> x & 1) && !(exact[a] >> y & 1);
      if (fits) {
        hands[a].remove(x), hands[a].add(y);
        hands[b].remove(y), hands[b].add(x);
      }
      return [=, &hands] {
        if (fits) {
          hands[a].remove(y), hands[a].add(x);
          hands[b].remove(x), hands[b].add(y);
        }
      };
    };
    // Repair the last draw by swaps, taking a swap that breaks more conditions
    // only now and then so as not to stall, and starting again from a new draw
    // when a repair stalls all the same; then walk among consistent worlds long
    // enough to forget where the repair ended.
    for (int round = 0; round < kRepairRounds && broken != 0; ++round) {
      if (round > 0) {
        bool dealt = false;
        for (int attempt = 0; attempt < kAttempts && !dealt; ++attempt) dealt = draw();
        if (!dealt) break;
        broken = broken_conditions(hands);
      }
      for (int step = 0; step < kRepairSteps && broken > 0; ++step) {
        auto undo = swap();
        const int now = broken_conditions(hands);
        if (now <= broken || uniform01(rng) < std::exp(2.0 * (broken - now)))
          broken = now;
        else
          undo();
      }
    }
    if (broken != 0) throw std::runtime_error(no_world_message(seat));
    int drawn_cards = 0;
    for (int s : open_seats) drawn_cards += need[static_cast<std::size_t>(s)];
    for (int step = 0; step < kMixingSwapsPerCard * drawn_cards; ++step) {
      auto undo = swap();
      if (broken_conditions(hands) != 0) undo();
    }
  }

  // The deck that deals these hands: each seat's dealt cards in face order.
  std::array<std::vector<Face>, kPlayers> dealt{};
  for (int s = 0; s < kPlayers; ++s)
    for (int f = 0; f < kNumFaces; ++f)
      for (int n = tl.count_at(s, 0, hands[static_cast<std::size_t>(s)], f); n > 0; --n)
        dealt[static_cast<std::size_t>(s)].push_back(static_cast<Face>(f));
  std::vector<Face> deck(kDeckSize);
  for (int i = 0; i < kDeckSize; ++i) {
    const auto s = static_cast<std::size_t>((setup_.dealer + i) % kPlayers);
    deck[static_cast<std::size_t>(i)] = dealt[s][static_cast<std::size_t>(i / kPlayers)];
  }
  world.deck_ = std::make_shared<const std::vector<Face>>(std::move(deck));
  world.hands_ = hands;
  if (ply() > 0) world.past_ = past_for_world([](const Ply& p) { return p.move; });
  if (!men_told) {
    // The world's 闷 from its own hands, as play would have set it: the first
    // beat of a play that left its owner only 3s. Without the history (a copy
    // made without it) nothing says which plays were beaten: none is 闷 then.
    world.info_.menned_by.fill(-1);
    for (std::size_t i = beats.size(); i-- > 0;) {
      const Evidence::Beat& b = beats[i];
      auto& by = world.info_.menned_by[static_cast<std::size_t>(b.owner)];
      const Cards held = hands[static_cast<std::size_t>(b.owner)] + b.since;
      if (by < 0 && !held.empty() && held.rank_count(kRank3) == held.size()) by = static_cast<std::int8_t>(b.beater);
    }
  }
  world.check_invariants();
  return world;
}

std::optional<Deal> Deal::replay_past(const std::vector<Move>& past) const {
  try {
    Deal replayed(rules_, *deck_, setup_);
    for (const Move& move : past) replayed.push(move);
    return replayed;
  } catch (const GanzdyError&) {
    return std::nullopt;
  }
}

bool men_public(const Deal& deal) { return deal.is_terminal() || deal.config().men_immediate_bottom; }

}  // namespace ganzdy::gj
