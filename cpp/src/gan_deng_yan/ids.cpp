#include "ganzdy/gan_deng_yan/ids.h"

#include <algorithm>

#include "ganzdy/gan_deng_yan/moves.h"

namespace ganzdy::gdy {

namespace {
constexpr int kMaxBudget = 8;  // four jokers per pack, two packs at most
constexpr int kLenDim = kNumRanks + 1;
constexpr int kPosDim = kNumRanks + 1;
constexpr int kBudgetDim = kMaxBudget + 1;

std::size_t ways_slot(int width, int len, bool two, int i, int t) {
  return ((((static_cast<std::size_t>(width - 1) * kLenDim + static_cast<std::size_t>(len)) * 2 + (two ? 1 : 0)) *
               kPosDim +
           static_cast<std::size_t>(i)) *
              kBudgetDim +
          static_cast<std::size_t>(t));
}
}  // namespace

int MoveIndex::splits(int jokers) const {
  if (!cfg_.jokers_distinct()) return 1;
  const int hi = std::min(jokers, copies_);
  const int lo = std::max(0, jokers - copies_);
  return hi >= lo ? hi - lo + 1 : 0;
}

int MoveIndex::split_index(int black, int red) const {
  if (!cfg_.jokers_distinct()) return 0;
  return std::min(black + red, copies_) - black;
}

void MoveIndex::split_of(int jokers, int index, int& black, int& red) const {
  black = std::min(jokers, copies_) - (cfg_.jokers_distinct() ? index : 0);
  red = jokers - black;
}

int MoveIndex::wild_at(int rank) const { return (rank == kRank2 && !cfg_.joker_can_be_two) ? 0 : wild_; }

int MoveIndex::run_budget(int width, int len) const {
  return std::max(0, std::min(wild_, width * len - cfg_.min_naturals_per_combo));
}

bool MoveIndex::run_has_two(int start, int len) const { return start + len - 1 == kRank2; }

int MoveIndex::run_cap(int width, int start, int len, int i) const {
  return (run_has_two(start, len) && i == len - 1 && wild_at(kRank2) == 0) ? 0 : width;
}

std::int64_t MoveIndex::ways(int width, int start, int len, int i, int t) const {
  return ways_[ways_slot(width, len, run_has_two(start, len), i, t)];
}

void MoveIndex::add_family(Kind kind, int rank, int size, int width, std::int64_t count) {
  families_.push_back(Family{size_, kind, static_cast<std::int8_t>(rank), static_cast<std::int8_t>(size),
                             static_cast<std::int8_t>(width)});
  size_ += static_cast<std::int32_t>(count);
}

MoveIndex::MoveIndex(const Config& cfg) : cfg_(cfg), copies_(cfg.packs) {
  wild_ = cfg.joker_wild ? std::min(2 * copies_, cfg.max_jokers_per_combo) : 0;
  for (auto& row : group_family_) std::fill(std::begin(row), std::end(row), -1);
  for (auto& a : run_family_)
    for (auto& b : a) std::fill(std::begin(b), std::end(b), -1);
  std::fill(std::begin(jokers_family_), std::end(jokers_family_), -1);

  // Counting tables for run patterns.
  ways_.assign(ways_slot(2, kNumRanks, true, kNumRanks, kMaxBudget) + 1, 0);
  for (int width = 1; width <= 2; ++width) {
    for (int len = 1; len <= kNumRanks; ++len) {
      for (int two = 0; two <= 1; ++two) {
        const int budget = run_budget(width, len);
        for (int t = 0; t <= budget; ++t) ways_[ways_slot(width, len, two, len, t)] = splits(t);
        for (int i = len - 1; i >= 0; --i) {
          const int cap = (two && i == len - 1 && wild_at(kRank2) == 0) ? 0 : width;
          for (int t = 0; t <= budget; ++t) {
            std::int64_t sum = 0;
            for (int d = 0; d <= cap && t + d <= budget; ++d) sum += ways_[ways_slot(width, len, two, i + 1, t + d)];
            ways_[ways_slot(width, len, two, i, t)] = sum;
          }
        }
      }
    }
  }

  // Groups: rank, then size.
  for (int r = 0; r < kNumRanks; ++r) {
    const int top = 4 * copies_ + wild_at(r);
    for (int n = 1; n <= top; ++n) {
      if (group_kind(cfg_, r, n) == Kind::pass) continue;
      std::int64_t count = 0;
      for (int k = std::min(4 * copies_, n); k >= std::max(1, n - wild_at(r)); --k)
        if (n - k == 0 || k >= cfg_.min_naturals_per_combo) count += splits(n - k);
      if (count == 0) continue;
      group_family_[r][n] = static_cast<int>(families_.size());
      add_family(group_kind(cfg_, r, n), r, n, 0, count);
    }
  }
  // Runs: straights, then connected pairs; length, then start.
  for (int width = 1; width <= 2; ++width) {
    const int lo = width == 1 ? cfg_.straight_min_len : cfg_.pairs_min;
    const int hi = width == 1 ? cfg_.straight_max_len : cfg_.pairs_max;
    for (int len = lo; len <= hi; ++len) {
      for (int s = 0; s + len - 1 <= cfg_.run_top; ++s) {
        const std::int64_t count = ways(width, s, len, 0, 0);
        if (count == 0) continue;
        run_family_[width - 1][len][s] = static_cast<int>(families_.size());
        add_family(width == 1 ? Kind::straight : Kind::pairs, s, len, width, count);
      }
    }
  }
  if (cfg_.king_bomb != KingBomb::none) {
    king_family_ = static_cast<int>(families_.size());
    add_family(Kind::king_bomb, kNoRank, 2, 0, 1);
  }
  if (cfg_.stuck_leader == StuckLeader::allow_joker_only_final) {
    for (int n = 1; n <= 2 * copies_; ++n) {
      jokers_family_[n] = static_cast<int>(families_.size());
      add_family(Kind::jokers, kNoRank, n, 0, splits(n));
    }
  }
}

std::int32_t MoveIndex::id(const Move& move) const {
  if (move.is_pass()) return 0;
  const Cards& c = move.cards;
  const int black = c.count(kBlackJoker);
  const int red = c.count(kRedJoker);
  const int jokers = black + red;
  const int size = c.size();  // out of line: counted once
  if (move.length != size) return -1;
  const int naturals = size - jokers;
  if (!cfg_.jokers_distinct() && jokers > 0) {
    // Interchangeable jokers: the class is just their number.
    if (jokers > 2 * copies_) return -1;
  } else if (black > copies_ || red > copies_) {
    return -1;
  }
  const int sidx = split_index(black, red);
  switch (move.kind) {
    case Kind::single:
    case Kind::pair:
    case Kind::triple:
    case Kind::bomb: {
      const int r = move.rank;
      const int n = move.length;
      if (r < 0 || r >= kNumRanks || n >= kNumRanks * 4 + 9) return -1;
      const int fam = group_family_[r][n];
      if (fam < 0 || families_[static_cast<std::size_t>(fam)].kind != move.kind) return -1;
      const int k = c.rank_count(r);
      if (k != naturals || k < 1 || jokers > wild_at(r) || (jokers > 0 && k < cfg_.min_naturals_per_combo))
        return -1;
      std::int32_t id = families_[static_cast<std::size_t>(fam)].start;
      for (int kk = std::min(4 * copies_, n); kk > k; --kk)
        if (n - kk == 0 || kk >= cfg_.min_naturals_per_combo) id += splits(n - kk);
      return id + sidx;
    }
    case Kind::straight:
    case Kind::pairs: {
      const int width = move.kind == Kind::pairs ? 2 : 1;
      const int len = move.length / width;
      const int s = move.rank;
      if (move.length % width != 0 || s < 0 || len < 1 || len > kNumRanks || s >= kNumRanks) return -1;
      const int fam = run_family_[width - 1][len][s];
      if (fam < 0) return -1;
      std::int64_t id = families_[static_cast<std::size_t>(fam)].start;
      const int budget = run_budget(width, len);
      int t = 0;
      int in_window = 0;
      for (int i = 0; i < len; ++i) {
        const int m = c.rank_count(s + i);
        const int d = width - m;
        if (d < 0 || d > run_cap(width, s, len, i) || t + d > budget) return -1;
        for (int dd = 0; dd < d; ++dd) id += ways(width, s, len, i + 1, t + dd);
        t += d;
        in_window += m;
      }
      if (in_window != naturals || t != jokers || naturals < 1) return -1;
      return static_cast<std::int32_t>(id + sidx);
    }
    case Kind::king_bomb:
      if (king_family_ < 0 || move.length != 2 || jokers != 2) return -1;
      if (cfg_.king_bomb == KingBomb::small_plus_big && (black != 1 || red != 1)) return -1;
      return families_[static_cast<std::size_t>(king_family_)].start;
    case Kind::jokers:
      if (jokers != move.length || jokers < 1 || jokers > 8 || jokers_family_[jokers] < 0) return -1;
      return families_[static_cast<std::size_t>(jokers_family_[jokers])].start + sidx;
    default: return -1;
  }
}

std::optional<MoveIndex::Class> MoveIndex::decode(std::int32_t id) const {
  if (id < 0 || id >= size_) return std::nullopt;
  Class c;
  if (id == 0) return c;
  auto it = std::upper_bound(families_.begin(), families_.end(), id,
                             [](std::int32_t v, const Family& f) { return v < f.start; });
  const Family& f = *(it - 1);
  std::int64_t rem = id - f.start;
  c.kind = f.kind;
  c.rank = f.rank;
  int jokers = 0;
  switch (f.kind) {
    case Kind::single:
    case Kind::pair:
    case Kind::triple:
    case Kind::bomb: {
      const int n = f.size;
      c.length = n;
      for (int k = std::min(4 * copies_, n); k >= 1; --k) {
        if (!(n - k == 0 || k >= cfg_.min_naturals_per_combo)) continue;
        const int cnt = splits(n - k);
        if (rem < cnt) {
          c.naturals[f.rank] = k;
          jokers = n - k;
          break;
        }
        rem -= cnt;
      }
      break;
    }
    case Kind::straight:
    case Kind::pairs: {
      const int width = f.width;
      const int len = f.size;
      const int budget = run_budget(width, len);
      c.length = width * len;
      int t = 0;
      for (int i = 0; i < len; ++i) {
        for (int d = 0; d <= run_cap(width, f.rank, len, i) && t + d <= budget; ++d) {
          const std::int64_t w = ways(width, f.rank, len, i + 1, t + d);
          if (rem < w) {
            c.naturals[f.rank + i] = width - d;
            t += d;
            break;
          }
          rem -= w;
        }
      }
      jokers = t;
      break;
    }
    case Kind::king_bomb:
      c.length = 2;
      c.black = cfg_.king_bomb == KingBomb::small_plus_big ? 1 : std::min(2, copies_);
      c.red = 2 - c.black;
      return c;
    case Kind::jokers:
      c.length = f.size;
      jokers = f.size;
      break;
    default: return std::nullopt;
  }
  split_of(jokers, static_cast<int>(rem), c.black, c.red);
  return c;
}

std::optional<Move> MoveIndex::materialize(const Class& c, const Cards& source) const {
  Move m;
  m.kind = c.kind;
  m.rank = static_cast<std::int8_t>(c.rank);
  m.length = static_cast<std::uint8_t>(c.length);
  for (int r = 0; r < kNumRanks; ++r) {
    int k = c.naturals[r];
    if (k == 0) continue;
    for (int suit = 0; suit < kNumSuits && k > 0; ++suit) {
      const int face = make_face(r, suit);
      const int take = std::min(k, source.count(face));
      m.cards.add(face, take);
      k -= take;
    }
    if (k > 0) return std::nullopt;
  }
  int black = c.black;
  int red = c.red;
  if (!cfg_.jokers_distinct()) {
    // Interchangeable jokers: take black ones first from what the source holds.
    const int j = black + red;
    black = std::min(j, source.count(kBlackJoker));
    red = j - black;
  }
  if (black > source.count(kBlackJoker) || red > source.count(kRedJoker)) return std::nullopt;
  m.cards.add(kBlackJoker, black);
  m.cards.add(kRedJoker, red);
  return m;
}

std::optional<Move> MoveIndex::move(std::int32_t id) const {
  auto c = decode(id);
  if (!c) return std::nullopt;
  Cards deck;
  for (int f = 0; f < kNumFaces; ++f) deck.add(f, copies_);
  return materialize(*c, deck);
}

std::optional<Move> MoveIndex::move_from(std::int32_t id, const Cards& hand) const {
  auto c = decode(id);
  if (!c) return std::nullopt;
  return materialize(*c, hand);
}

}  // namespace ganzdy::gdy
