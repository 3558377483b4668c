#include "ganzdy/gdy_moves.h"

#include <algorithm>
#include <bit>

namespace ganzdy::gdy {

namespace {

// Joker counters sit in word 3: BJ (face 52) at bits 16..19, RJ (face 53) at 20..23.
constexpr int kBlackJokerShift = 16;
constexpr int kRedJokerShift = 20;

inline void put_lane(Cards& cards, int rank, std::uint64_t lane) {
  cards.words()[static_cast<std::size_t>(rank >> 2)] |= lane << ((rank & 3) * 16);
}

inline void put_jokers(Cards& cards, int black, int red) {
  cards.words()[3] |= static_cast<std::uint64_t>(black) << kBlackJokerShift |
                      static_cast<std::uint64_t>(red) << kRedJokerShift;
}

// Bomb comparison key; `new beats old` iff key(new) > key(old) lexicographically.
struct BombKey {
  int a, b, c;
  friend bool operator>(const BombKey& x, const BombKey& y) {
    if (x.a != y.a) return x.a > y.a;
    if (x.b != y.b) return x.b > y.b;
    return x.c > y.c;
  }
};

BombKey bomb_key(const Config& cfg, int size, int rank, bool pure) {
  const int p = pure ? 1 : 0;
  if (cfg.bomb_order == BombOrder::size_then_rank) {
    switch (cfg.pure_beats_soft) {
      case PureBeatsSoft::none: return {size, rank, 0};
      case PureBeatsSoft::same_rank: return {size, rank, p};
      case PureBeatsSoft::same_size: return {size, p, rank};
    }
  }
  switch (cfg.pure_beats_soft) {
    case PureBeatsSoft::none: return {rank, 0, 0};
    case PureBeatsSoft::same_rank: return {rank, p, 0};
    case PureBeatsSoft::same_size: return {p, rank, 0};
  }
  return {0, 0, 0};
}

// Whether a bomb of `size` cards of `rank` (pure: no jokers) beats `table`.
bool bomb_beats(const Config& cfg, int size, int rank, bool pure, const Move& table) {
  if (!table.is_bomb()) return true;
  if (table.kind == Kind::king_bomb) return cfg.king_bomb_rank == KingBombRank::above_4_below_5 && size >= 5;
  return bomb_key(cfg, size, rank, pure) > bomb_key(cfg, table.length, table.rank, table.cards.jokers() == 0);
}

// One generation call: the hand's rank counts and the output buffer.
class Generator {
 public:
  Generator(const Config& cfg, const Cards& hand, MoveList& out, bool append = false) : cfg_(cfg), out_(out) {
    if (!append) out_.clear();
    // Rank counts four ranks at a time: add the suit nibbles of each 16-bit lane.
    const auto& words = hand.words();
    auto lanes = [](std::uint64_t w) {
      std::uint64_t t = (w & 0x0F0F0F0F0F0F0F0FULL) + ((w >> 4) & 0x0F0F0F0F0F0F0F0FULL);
      return (t & 0x00FF00FF00FF00FFULL) + ((t >> 8) & 0x00FF00FF00FF00FFULL);
    };
    for (int w = 0; w < 4; ++w) counts_[w] = lanes(words[static_cast<std::size_t>(w)]);
    counts_[3] &= 0xFFFF;  // rank 2 only: the joker nibbles are not a rank
    for (int w = 0; w < 3; ++w) {
      const std::uint64_t c = counts_[w];
      count_[4 * w] = static_cast<int>(c & 0xFF);
      count_[4 * w + 1] = static_cast<int>((c >> 16) & 0xFF);
      count_[4 * w + 2] = static_cast<int>((c >> 32) & 0xFF);
      count_[4 * w + 3] = static_cast<int>((c >> 48) & 0xFF);
    }
    count_[kRank2] = static_cast<int>(counts_[3] & 0xFF);
    hand_ = &hand;
    black_ = hand.count(kBlackJoker);
    red_ = hand.count(kRedJoker);
    const int jokers = black_ + red_;
    wild_ = cfg.joker_wild ? std::min(jokers, cfg.max_jokers_per_combo) : 0;
    distinct_ = cfg.jokers_distinct();
  }

  void leads() {
    for (int r = 0; r < kNumRanks; ++r)
      for (int n = 1, top = count(r) + wild_at(r); n <= top; ++n) group(r, n, nullptr);
    runs(Kind::straight, 1, cfg_.straight_min_len, cfg_.straight_max_len);
    runs(Kind::pairs, 2, cfg_.pairs_min, cfg_.pairs_max);
    king_bomb(nullptr);
  }

  void follows(const Move& table) {
    switch (table.kind) {
      case Kind::single:
      case Kind::pair:
      case Kind::triple: {
        const int n = table.length;
        if (table.kind == Kind::triple && cfg_.triple_mode == TripleMode::any_higher) {
          for (int r = table.rank + 1; r < kNumRanks; ++r) group(r, n, nullptr);
        } else if (table.rank != kRank2) {
          // Exactly one rank higher, or 2s; after an A the two coincide.
          if (table.rank + 1 < kRank2) group(table.rank + 1, n, nullptr);
          group(kRank2, n, nullptr);
        }
        break;
      }
      case Kind::straight: run(Kind::straight, 1, table.rank + 1, table.length); break;
      case Kind::pairs: run(Kind::pairs, 2, table.rank + 1, table.length / 2); break;
      default: break;
    }
    bombs(table);
    king_bomb(&table);
  }

 private:
  // The canonical k cards of `rank` (suits in order s, h, d, c) as a 16-bit lane.
  std::uint16_t pick(int rank, int k) const {
    const std::uint16_t lane = hand_->rank_lane(rank);
    if (k == count(rank)) return lane;  // all of them
    if (k == 1) return static_cast<std::uint16_t>(1u << (std::countr_zero(lane) & ~3));  // the lowest suit held
    std::uint16_t out = 0;
    for (int suit = 0; suit < kNumSuits && k > 0; ++suit) {
      const int have = (lane >> (4 * suit)) & 0xF;
      const int take = have < k ? have : k;
      out = static_cast<std::uint16_t>(out | take << (4 * suit));
      k -= take;
    }
    return out;
  }

  int count(int rank) const { return count_[rank]; }

  // Bit r set when rank r holds at least `n` naturals: a lane-wise compare, four
  // ranks per word, with each lane's top bit gathered into the mask.
  std::uint32_t ranks_with_at_least(int n) const {
    if (n <= 0) return (1u << kNumRanks) - 1;
    const std::uint64_t add = 0x0001000100010001ULL * static_cast<std::uint64_t>(0x8000 - n);
    std::uint32_t mask = 0;
    for (int w = 0; w < 4; ++w) {
      const std::uint64_t hit = (counts_[w] + add) & 0x8000800080008000ULL;
      mask |= static_cast<std::uint32_t>(((hit >> 15) & 1) | ((hit >> 30) & 2) | ((hit >> 45) & 4) | ((hit >> 60) & 8))
              << (4 * w);
    }
    return mask & ((1u << kNumRanks) - 1);
  }

  int wild_at(int rank) const { return (rank == kRank2 && !cfg_.joker_can_be_two) ? 0 : wild_; }

  [[gnu::always_inline]] void push(Kind kind, int rank, int length, const Cards& cards) {
    Move& m = out_.next();
    m.cards = cards;
    m.kind = kind;
    m.rank = static_cast<std::int8_t>(rank);
    m.length = static_cast<std::uint8_t>(length);
  }

  // Emits `cards` plus `j` wild jokers: one move when jokers are interchangeable,
  // one per colour split when their colours matter.
  [[gnu::always_inline]] void emit(Kind kind, int rank, int length, const Cards& cards, int j) {
    if (j == 0) {
      push(kind, rank, length, cards);
      return;
    }
    if (!distinct_) {
      const int black = std::min(j, black_);
      Cards c = cards;
      put_jokers(c, black, j - black);
      push(kind, rank, length, c);
      return;
    }
    for (int black = std::min(j, black_); black >= std::max(0, j - red_); --black) {
      Cards c = cards;
      put_jokers(c, black, j - black);
      push(kind, rank, length, c);
    }
  }

  Kind group_kind(int rank, int n) const { return gdy::group_kind(cfg_, rank, n); }

  // Every way to play `n` cards as a group of `rank`; bombs only if they beat
  // `table` (when given).
  void group(int rank, int n, const Move* table) {
    const Kind kind = group_kind(rank, n);
    if (kind == Kind::pass) return;
    const int kmin = std::max(1, n - wild_at(rank));
    for (int k = std::min(count(rank), n); k >= kmin; --k) {
      const int j = n - k;
      if (j > 0 && k < cfg_.min_naturals_per_combo) continue;
      if (table && !bomb_beats(cfg_, n, rank, j == 0, *table)) continue;
      Cards cards;
      put_lane(cards, rank, pick(rank, k));
      emit(kind, rank, n, cards, j);
    }
  }

  void bombs(const Move& table) {
    // Only ranks that can reach a bomb with every wild joker added; usually none.
    const int need = cfg_.bomb_min_size - wild_;
    if (need > 0) {
      const std::uint64_t add = 0x0001000100010001ULL * static_cast<std::uint64_t>(0x8000 - need);
      if ((((counts_[0] + add) | (counts_[1] + add) | (counts_[2] + add) | (counts_[3] + add)) &
           0x8000800080008000ULL) == 0)
        return;
    }
    for (std::uint32_t ranks = ranks_with_at_least(cfg_.bomb_min_size - wild_); ranks; ranks &= ranks - 1) {
      const int r = std::countr_zero(ranks);
      const int top = count(r) + wild_at(r);
      for (int n = cfg_.bomb_min_size; n <= top; ++n)
        if (group_kind(r, n) == Kind::bomb) group(r, n, &table);
    }
  }

  void king_bomb(const Move* table) {
    if (cfg_.king_bomb == KingBomb::none) return;
    int black = 0;
    if (cfg_.king_bomb == KingBomb::small_plus_big) {
      if (black_ < 1 || red_ < 1) return;
      black = 1;
    } else {
      if (black_ + red_ < 2) return;
      black = std::min(2, black_);
    }
    if (table && table->kind == Kind::king_bomb) return;
    if (table && table->kind == Kind::bomb && cfg_.king_bomb_rank == KingBombRank::above_4_below_5 &&
        table->length > 4)
      return;
    Cards cards;
    put_jokers(cards, black, 2 - black);
    push(Kind::king_bomb, kNoRank, 2, cards);
  }

  // A window of a run being built: the cards when every rank gives as many
  // naturals as it can, and the ranks that could give fewer (a joker instead).
  struct Window {
    Cards full;
    int jokers = 0;    // cards the hand lacks in the window, all jokers
    int naturals = 0;  // natural cards in `full`
    int reducible = 0;
    std::int8_t rank[kNumRanks];  // ranks that may trade naturals for jokers
    std::int8_t most[kNumRanks];  // how many naturals each may trade (at most 2)
    // The cards given up when trading d naturals (d = 1, 2), positioned in their word.
    std::uint64_t fewer[kNumRanks][2];
  };

  // Extends `w` by rank `r`; false when no joker may stand for a missing card there.
  bool extend(Window& w, int width, int r) const {
    const int have = std::min(width, count(r));
    if (have < width && wild_at(r) == 0) return false;
    if (have > 0) {
      put_lane(w.full, r, pick(r, have));
      if (wild_at(r) > 0) {
        const int i = w.reducible++;
        const std::uint16_t all = pick(r, have);
        w.rank[i] = static_cast<std::int8_t>(r);
        w.most[i] = static_cast<std::int8_t>(have);
        for (int d = 1; d <= have; ++d)
          w.fewer[i][d - 1] = static_cast<std::uint64_t>(all - pick(r, have - d)) << ((r & 3) * 16);
      }
    }
    w.jokers += width - have;
    w.naturals += have;
    return true;
  }

  // All runs of `width` cards per rank with lengths [min_len, max_len] in ranks,
  // growing each window one rank at a time from its start.
  void runs(Kind kind, int width, int min_len, int max_len) {
    if (wild_ == 0) {
      // Without wild jokers a run needs `width` naturals at every rank of its
      // window, so each run is one move: try only the starts of long-enough stretches.
      const std::uint32_t full = ranks_with_at_least(width) & ((2u << cfg_.run_top) - 1);
      std::uint32_t starts = full;
      for (int i = 1; i < min_len && starts; ++i) starts &= full >> i;
      while (starts) {
        const int s = std::countr_zero(starts);
        starts &= starts - 1;
        const int stretch = std::min(max_len, std::countr_one(full >> s));
        Cards cards;
        for (int len = 1; len <= stretch; ++len) {
          put_lane(cards, s + len - 1, pick(s + len - 1, width));
          if (len >= min_len) push(kind, s, len * width, cards);
        }
      }
      return;
    }
    for (int s = 0; s + min_len - 1 <= cfg_.run_top; ++s) {
      Window w;
      for (int len = 1; len <= max_len && s + len - 1 <= cfg_.run_top; ++len) {
        if (!extend(w, width, s + len - 1) || w.jokers > wild_) break;  // longer windows lack as much
        if (len >= min_len) trade(kind, width, s, len, w, 0, w.full, w.jokers, w.naturals);
      }
    }
  }

  // Every way to fill the window [start, start + len) with `width` cards per rank.
  void run(Kind kind, int width, int start, int len) {
    if (start < 0 || start + len - 1 > cfg_.run_top) return;
    if (kind == Kind::straight && (len < cfg_.straight_min_len || len > cfg_.straight_max_len)) return;
    if (kind == Kind::pairs && (len < cfg_.pairs_min || len > cfg_.pairs_max)) return;
    Window w;
    for (int r = start; r < start + len; ++r)
      if (!extend(w, width, r)) return;
    if (w.jokers <= wild_) trade(kind, width, start, len, w, 0, w.full, w.jokers, w.naturals);
  }

  // Emits `cards`, then every variant trading more naturals for jokers at the
  // reducible ranks from index `from` on: each variant is emitted exactly once.
  void trade(Kind kind, int width, int start, int len, const Window& w, int from, const Cards& cards, int jokers,
             int naturals) {
    if (naturals > 0 && (jokers == 0 || naturals >= cfg_.min_naturals_per_combo))
      emit(kind, start, len * width, cards, jokers);
    if (jokers == wild_) return;
    if (width == 1 && from == 0 && wild_ - jokers <= 2) {
      // Straights with one or two jokers to spare (the usual case): every rank held
      // gives up its one card, so the variants are the rank pairs, without recursion.
      const bool two = wild_ - jokers == 2;
      const int n = len;
      for (int i = 0; i < w.reducible; ++i) {
        Cards one = cards;
        one.words()[static_cast<std::size_t>(w.rank[i] >> 2)] -= w.fewer[i][0];
        if (naturals - 1 > 0 && naturals - 1 >= cfg_.min_naturals_per_combo) emit(kind, start, n, one, jokers + 1);
        if (!two) continue;
        for (int k = i + 1; k < w.reducible; ++k) {
          Cards both = one;
          both.words()[static_cast<std::size_t>(w.rank[k] >> 2)] -= w.fewer[k][0];
          if (naturals - 2 > 0 && naturals - 2 >= cfg_.min_naturals_per_combo) emit(kind, start, n, both, jokers + 2);
        }
      }
      return;
    }
    for (int i = from; i < w.reducible; ++i) {
      const int r = w.rank[i];
      const int have = w.most[i];
      for (int d = 1; d <= have && jokers + d <= wild_; ++d) {
        Cards fewer = cards;
        fewer.words()[static_cast<std::size_t>(r >> 2)] -= w.fewer[i][d - 1];
        trade(kind, width, start, len, w, i + 1, fewer, jokers + d, naturals - d);
      }
    }
  }

  const Config& cfg_;
  MoveList& out_;
  const Cards* hand_;
  // Natural cards per rank, four ranks per word in 16-bit lanes (rank r: word r/4).
  std::uint64_t counts_[4];
  int count_[kNumRanks];
  int black_ = 0;
  int red_ = 0;
  int wild_ = 0;
  bool distinct_ = false;  // joker colours are distinct faces
};

std::string run_name(Kind kind, int start, int ranks) {
  std::string out(kind_name(kind));
  out += ' ';
  out += rank_name(start);
  out += '-';
  out += rank_name(start + ranks - 1);
  return out;
}

// "single 6, single 2 or a bomb": what may answer `table`, for error messages.
std::string what_beats(const Config& cfg, const Move& table) {
  const std::string kind(kind_name(table.kind));
  switch (table.kind) {
    case Kind::single:
    case Kind::pair:
    case Kind::triple:
      if (table.kind == Kind::triple && cfg.triple_mode == TripleMode::any_higher)
        return "a higher triple or a bomb";
      if (table.rank == kRank2) return "a bomb";
      if (table.rank + 1 == kRank2) return kind + " 2 or a bomb";
      return kind + " " + std::string(rank_name(table.rank + 1)) + ", " + kind + " 2 or a bomb";
    case Kind::straight:
    case Kind::pairs:
      if (table.rank + table.run_ranks() > cfg.run_top) return "a bomb";
      return run_name(table.kind, table.rank + 1, table.run_ranks()) + " or a bomb";
    default: return "a higher bomb";
  }
}

std::string declaration_name(const Move& m) {
  if (m.kind == Kind::straight || m.kind == Kind::pairs) return run_name(m.kind, m.rank, m.run_ranks());
  std::string out(kind_name(m.kind));
  if (m.rank != kNoRank) {
    out += ' ';
    out += rank_name(m.rank);
  }
  return out;
}

}  // namespace

Kind group_kind(const Config& cfg, int rank, int n) {
  if (rank == kRank2 && cfg.twos_only_single_pair && n > 2) return Kind::pass;
  switch (n) {
    case 1: return Kind::single;
    case 2: return Kind::pair;
    case 3:
      if (cfg.triple_mode == TripleMode::bomb) return Kind::bomb;
      return cfg.triple_mode == TripleMode::none ? Kind::pass : Kind::triple;
    default: return n >= cfg.bomb_min_size ? Kind::bomb : Kind::pass;
  }
}

void generate_leads(const Config& cfg, const Cards& hand, MoveList& out) { Generator(cfg, hand, out).leads(); }

void generate_follows(const Config& cfg, const Cards& hand, const Move& table, MoveList& out) {
  Generator(cfg, hand, out).follows(table);
}

void append_follows(const Config& cfg, const Cards& hand, const Move& table, MoveList& out) {
  Generator(cfg, hand, out, true).follows(table);
}

void readings(const Config& cfg, const Cards& cards, MoveList& out) {
  generate_leads(cfg, cards, out);
  const int n = cards.size();
  out.erase_if([n](const Move& m) { return m.length != n; });
}

bool is_combination(const Config& cfg, const Move& move) {
  if (move.is_pass() || move.length != move.cards.size()) return false;
  if (move.kind == Kind::jokers)  // a stuck leader's final play, where the rules allow it
    return cfg.stuck_leader == StuckLeader::allow_joker_only_final && move.rank == kNoRank && move.length > 0 &&
           move.cards.jokers() == move.length;
  thread_local MoveList scratch;
  readings(cfg, move.cards, scratch);
  return std::any_of(scratch.begin(), scratch.end(),
                     [&](const Move& m) { return m.kind == move.kind && m.rank == move.rank; });
}

bool beats(const Config& cfg, const Move& next, const Move& table) {
  if (next.is_pass()) return false;
  if (table.is_pass()) return true;
  if (table.is_bomb()) {
    if (!next.is_bomb()) return false;
    if (next.kind == Kind::king_bomb) {
      if (table.kind == Kind::king_bomb) return false;
      return cfg.king_bomb_rank == KingBombRank::highest || table.length <= 4;
    }
    return bomb_beats(cfg, next.length, next.rank, next.cards.jokers() == 0, table);
  }
  if (next.is_bomb()) return true;
  if (next.kind != table.kind || next.length != table.length) return false;
  switch (next.kind) {
    case Kind::single:
    case Kind::pair:
    case Kind::triple:
      if (next.kind == Kind::triple && cfg.triple_mode == TripleMode::any_higher) return next.rank > table.rank;
      return next.rank == table.rank + 1 || (next.rank == kRank2 && table.rank != kRank2);
    case Kind::straight:
    case Kind::pairs: return next.rank == table.rank + 1;
    default: return false;
  }
}

std::string why_illegal(const Config& cfg, const Cards& hand, const Move& table, const Move& move) {
  if (move.is_pass()) return table.is_pass() ? "the leader may not pass" : "";
  if (!hand.contains(move.cards)) return "the hand " + hand.str() + " does not hold " + move.cards.str();
  if (move.length != move.cards.size())
    return "the move says " + std::to_string(move.length) + " cards but plays " + std::to_string(move.cards.size());
  if (!is_combination(cfg, move)) {
    thread_local MoveList scratch;
    readings(cfg, move.cards, scratch);
    std::string out = move.cards.str() + " cannot be " + declaration_name(move) + " (";
    if (scratch.empty()) return out + "it is no combination)";
    out += "it can be ";
    for (std::size_t i = 0; i < scratch.size(); ++i)
      out += (i ? (i + 1 == scratch.size() ? " or " : ", ") : "") + declaration_name(scratch[i]);
    return out + ")";
  }
  if (!table.is_pass() && !beats(cfg, move, table))
    return declaration_name(move) + " does not beat " + declaration_name(table) + " (only " + what_beats(cfg, table) +
           " does)";
  return "";
}

}  // namespace ganzdy::gdy
