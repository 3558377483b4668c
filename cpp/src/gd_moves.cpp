#include "ganzdy/gd_moves.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>

namespace ganzdy::gd {

namespace {

// ---------------------------------------------------------------------------
// The cards of one rank as a 16-bit lane: suit s's count in nibble s (s h d c).
// Guandan's two packs hold at most two copies of a face, so a lane has one of
// 3^4 = 81 shapes, and its sub-multisets are listed once for all in kSub.

constexpr int kShapes = 81;

constexpr int lane_count(std::uint32_t lane) {
  return static_cast<int>((lane & 0xF) + ((lane >> 4) & 0xF) + ((lane >> 8) & 0xF) + ((lane >> 12) & 0xF));
}

constexpr int lane_shape(std::uint32_t lane) {
  return static_cast<int>((lane & 0xF) + 3 * ((lane >> 4) & 0xF) + 9 * ((lane >> 8) & 0xF) + 27 * ((lane >> 12) & 0xF));
}

// Bit s set for each suit s present in `lane`.
constexpr unsigned lane_suits(std::uint32_t lane) {
  return ((lane & 0xF) ? 1u : 0u) | ((lane & 0xF0) ? 2u : 0u) | ((lane & 0xF00) ? 4u : 0u) |
         ((lane & 0xF000) ? 8u : 0u);
}

// The sub-multisets of every shape by size: those of shape i with k cards are
// lane[start[i][k]] .. lane[start[i][k + 1] - 1], in canonical order (more spades,
// then more hearts, diamonds, clubs first). There are (1+2+3)^4 = 1296 in all.
struct SubLanes {
  std::array<std::array<std::uint16_t, 10>, kShapes> start;
  std::array<std::uint16_t, 1296> lane;
};

const SubLanes kSub = [] {
  SubLanes t{};
  std::uint16_t at = 0;
  for (int shape = 0; shape < kShapes; ++shape) {
    const int c0 = shape % 3, c1 = shape / 3 % 3, c2 = shape / 9 % 3, c3 = shape / 27;
    for (int k = 0; k <= 8; ++k) {
      t.start[static_cast<std::size_t>(shape)][static_cast<std::size_t>(k)] = at;
      for (int a0 = c0; a0 >= 0; --a0)
        for (int a1 = c1; a1 >= 0; --a1)
          for (int a2 = c2; a2 >= 0; --a2)
            for (int a3 = c3; a3 >= 0; --a3)
              if (a0 + a1 + a2 + a3 == k) t.lane[at++] = static_cast<std::uint16_t>(a0 | a1 << 4 | a2 << 8 | a3 << 12);
    }
    t.start[static_cast<std::size_t>(shape)][9] = at;
  }
  return t;
}();

// ---------------------------------------------------------------------------
// Where one generation call writes: a cursor into the list's storage, committed
// once at the end, so the hot loops keep it in a register.
class Sink {
 public:
  explicit Sink(MoveList& list) : list_(&list), next_(list.end()), limit_(list.begin() + list.capacity()) {}

  void put(const Cards& cards, Kind kind, int rank, int length) {
    if (next_ == limit_) [[unlikely]] {
      const auto written = static_cast<std::size_t>(next_ - list_->begin());
      list_->set_size(written);
      list_->grow();
      next_ = list_->begin() + written;
      limit_ = list_->begin() + list_->capacity();
    }
    Move& m = *next_++;
    m.cards = cards;
    m.kind = kind;
    m.rank = static_cast<std::int8_t>(rank);
    m.length = static_cast<std::uint8_t>(length);
  }
  void commit() const { list_->set_size(static_cast<std::size_t>(next_ - list_->begin())); }

 private:
  MoveList* list_;
  Move* next_;
  Move* limit_;
};

// Bomb classes on one ladder: a bomb of n cards is 2n, a straight flush sits
// between 5 and 6 cards, the joker bomb on top; 0 for a non-bomb.
constexpr int kStraightFlushClass = 11;
constexpr int kJokerBombClass = 100;

int bomb_class(const Move& m) {
  switch (m.kind) {
    case Kind::bomb: return 2 * m.length;
    case Kind::straight_flush: return kStraightFlushClass;
    case Kind::joker_bomb: return kJokerBombClass;
    default: return 0;
  }
}

Cards jokers(int small, int big) {
  Cards c;
  c.add(kBlackJoker, small);
  c.add(kRedJoker, big);
  return c;
}

// One group of a combination being built: `width` cards of `rank`, taken from
// `lane` (the hand's cards this group may use) and the wilds.
struct Part {
  std::uint16_t lane;
  std::uint8_t shape;
  std::int8_t rank;
  std::int8_t width;
  std::int8_t have;    // cards in lane
  bool wild_only_ok;   // may be made of wilds alone (the level rank's own groups, sequence slots)
};

// One generation call over a hand. Patterns are declared as lists of parts and
// filled by search(), which takes each part's cards in canonical order with the
// wilds as a budget shared by the whole combination.
class Generator {
 public:
  Generator(const Config& cfg, const Cards& hand, MoveList& out, int only_length = 0)
      : cfg_(cfg), sink_(out), only_length_(only_length), prune_(cfg.prune_redundant_wild) {
    const Face wild = cfg.wild_face();
    wild_ = cfg.wild_enabled ? hand.count(wild) : 0;
    wild_word_ = wild >> 4;
    wild_shift_ = (wild & 15) * 4;
    for (int r = 0; r < kNumRanks; ++r) {
      std::uint32_t lane = hand.rank_lane(r);
      if (r == cfg.level && cfg.wild_enabled) lane &= ~0x00F0u;  // the hearts of L are the wilds
      lane_[r] = static_cast<std::uint16_t>(lane);
      have_[r] = static_cast<std::int8_t>(lane_count(lane));
      assert((lane & 0xCCCC) == 0 && "Guandan hands hold at most two copies of a card");
    }
    small_ = hand.count(kBlackJoker);
    big_ = hand.count(kRedJoker);
  }

  void leads() {
    groups(Kind::single, 1, 0);
    groups(Kind::pair, 2, 0);
    groups(Kind::triple, 3, 0);
    full_houses(Kind::full_house, 2, 0);
    if (cfg_.three_with_one) full_houses(Kind::three_with_one, 1, 0);
    runs(Kind::straight, 1, cfg_.straight_len, 0);
    runs(Kind::tube, 2, cfg_.tube_pairs, 0);
    runs(Kind::plate, 3, cfg_.plate_triples, 0);
    bombs(0, 0);
    straight_flushes(0);
    joker_bomb();
    sink_.commit();
  }

  void follows(const Move& table) {
    const int cls = bomb_class(table);
    if (cls == 0) {
      const int key = table.kind == Kind::straight || table.kind == Kind::tube || table.kind == Kind::plate
                          ? seq_start(table.rank) + 1
                          : value_key(cfg_, table);
      switch (table.kind) {
        case Kind::single:
        case Kind::pair:
        case Kind::triple: groups(table.kind, table.length, key); break;
        case Kind::full_house: full_houses(Kind::full_house, 2, key); break;
        case Kind::three_with_one:
          if (cfg_.three_with_one) full_houses(Kind::three_with_one, 1, key);
          break;
        case Kind::straight: runs(Kind::straight, 1, cfg_.straight_len, key); break;
        case Kind::tube: runs(Kind::tube, 2, cfg_.tube_pairs, key); break;
        case Kind::plate: runs(Kind::plate, 3, cfg_.plate_triples, key); break;
        default: break;
      }
      bombs(0, 0);
      straight_flushes(0);
    } else if (table.kind == Kind::bomb) {
      bombs(table.length, value_key(cfg_, table));
      if (cls < kStraightFlushClass) straight_flushes(0);
    } else if (table.kind == Kind::straight_flush) {
      bombs(5, kBigJokerValue);  // bombs of 6 cards and more
      straight_flushes(seq_start(table.rank) + 1);
    }
    if (cls != kJokerBombClass) joker_bomb();
    sink_.commit();
  }

 private:
  bool wants(int length) const { return only_length_ == 0 || only_length_ == length; }

  Part part(int rank, int width, std::uint16_t lane, bool wild_only_ok) const {
    return Part{lane, static_cast<std::uint8_t>(lane_shape(lane)), static_cast<std::int8_t>(rank),
                static_cast<std::int8_t>(width), static_cast<std::int8_t>(lane_count(lane)), wild_only_ok};
  }
  Part group_part(int rank, int width) const { return part(rank, width, lane_[rank], rank == cfg_.level); }

  // Declares the pattern parts_[0, n) as (kind, rank, length) and emits every
  // way to fill it on top of `base` (jokers a full house's pair may bring).
  void fill(int n, Kind kind, int rank, int length, bool mixed_suits = false, const Cards& base = Cards()) {
    int need = 0;
    for (int i = n - 1; i >= 0; --i) {
      const Part& p = parts_[i];
      if (p.have == 0 && !p.wild_only_ok) return;
      need_after_[i] = need;
      need += std::max(0, p.width - p.have);
    }
    if (need > wild_) return;
    nparts_ = n;
    kind_ = kind;
    rank_ = rank;
    length_ = length;
    mixed_ = mixed_suits;
    search(0, base, 0, 0);
  }

  void search(int i, Cards acc, int used, unsigned suits) {
    if (i == nparts_) {
      if (mixed_ && std::popcount(suits) < 2) return;  // naturals of one suit: a straight flush instead
      if (used) acc.words()[static_cast<std::size_t>(wild_word_)] += static_cast<std::uint64_t>(used) << wild_shift_;
      sink_.put(acc, kind_, rank_, length_);
      return;
    }
    const Part& p = parts_[i];
    const int spare = wild_ - used - need_after_[i];  // wilds this part may take
    const int hi = std::min<int>(p.width, p.have);
    int lo = std::max(p.wild_only_ok ? 0 : 1, p.width - spare);
    if (prune_) {
      if (hi < lo) return;
      lo = hi;  // a wild only where the hand has no natural card left for the slot
    }
    const auto& start = kSub.start[p.shape];
    const auto word = static_cast<std::size_t>(p.rank >> 2);
    const int shift = (p.rank & 3) * 16;
    for (int a = hi; a >= lo; --a) {
      for (int k = start[static_cast<std::size_t>(a)]; k < start[static_cast<std::size_t>(a) + 1]; ++k) {
        const std::uint16_t sub = kSub.lane[static_cast<std::size_t>(k)];
        Cards next = acc;
        next.words()[word] |= static_cast<std::uint64_t>(sub) << shift;
        search(i + 1, next, used + p.width - a, suits | lane_suits(sub));
      }
    }
  }

  // Singles, pairs or triples of value above `above`, the jokers' last.
  void groups(Kind kind, int width, int above) {
    if (!wants(width)) return;
    for (int r : cfg_.by_value) {
      if (cfg_.value[r] <= above) continue;
      parts_[0] = group_part(r, width);
      fill(1, kind, r, width);
    }
    if (width <= 2) {
      if (small_ >= width && kSmallJokerValue > above) sink_.put(jokers(width, 0), kind, kNoRank, width);
      if (big_ >= width && kBigJokerValue > above) sink_.put(jokers(0, width), kind, kNoRank, width);
    }
  }

  // Full houses (a pair of width 2) or three-with-one (width 1) whose triple's
  // value is above `above`.
  void full_houses(Kind kind, int width, int above) {
    const int length = 3 + width;
    if (!wants(length)) return;
    for (int a : cfg_.by_value) {
      if (cfg_.value[a] <= above || have_[a] + wild_ < 3) continue;
      parts_[0] = group_part(a, 3);
      for (int b : cfg_.by_value) {
        if (b == a) continue;
        parts_[0] = group_part(a, 3);
        parts_[1] = group_part(b, width);
        fill(2, kind, a, length);
      }
      if (width == 2 && !cfg_.fullhouse_joker_pair) continue;
      if (small_ >= width) {
        parts_[0] = group_part(a, 3);
        fill(1, kind, a, length, false, jokers(width, 0));
      }
      if (big_ >= width) {
        parts_[0] = group_part(a, 3);
        fill(1, kind, a, length, false, jokers(0, width));
      }
    }
  }

  // Sequences of `len` ranks, `width` cards each, starting at place `from` or later.
  void runs(Kind kind, int width, int len, int from) {
    if (!wants(width * len)) return;
    for (int p = from; p + len <= kSeqPositions; ++p) {
      for (int i = 0; i < len; ++i) {
        const int r = cfg_.seq_rank[static_cast<std::size_t>(p + i)];
        parts_[i] = part(r, width, lane_[r], true);
      }
      fill(len, kind, cfg_.seq_rank[static_cast<std::size_t>(p)], width * len, kind == Kind::straight);
    }
  }

  // Straight flushes starting at place `from` or later, each place by suit.
  void straight_flushes(int from) {
    const int len = cfg_.straight_len;
    if (!wants(len)) return;
    for (int p = from; p + len <= kSeqPositions; ++p) {
      for (int s = 0; s < kNumSuits; ++s) {
        for (int i = 0; i < len; ++i) {
          const int r = cfg_.seq_rank[static_cast<std::size_t>(p + i)];
          const std::uint16_t one = static_cast<std::uint16_t>(1u << (4 * s));
          parts_[i] = part(r, 1, (lane_[r] >> (4 * s)) & 0xF ? one : std::uint16_t{0}, true);
        }
        fill(len, Kind::straight_flush, cfg_.seq_rank[static_cast<std::size_t>(p)], len);
      }
    }
  }

  // Bombs that beat a bomb of `size` cards and value `value` (size 0: every bomb).
  void bombs(int size, int value) {
    for (int n = std::max(4, size); n <= cfg_.max_bomb_size; ++n) {
      if (!wants(n)) continue;
      for (int r : cfg_.by_value) {
        if (n == size && cfg_.value[r] <= value) continue;
        if (have_[r] + wild_ < n) continue;
        parts_[0] = group_part(r, n);
        fill(1, Kind::bomb, r, n);
      }
    }
  }

  void joker_bomb() {
    if (wants(4) && small_ == 2 && big_ == 2) sink_.put(jokers(2, 2), Kind::joker_bomb, kNoRank, 4);
  }

  const Config& cfg_;
  Sink sink_;
  int only_length_;
  bool prune_;
  int wild_ = 0;  // wilds held
  int wild_word_ = 0;
  int wild_shift_ = 0;
  int small_ = 0;
  int big_ = 0;
  std::array<std::uint16_t, kNumRanks> lane_{};  // each rank's cards but the wilds
  std::array<std::int8_t, kNumRanks> have_{};

  // The pattern being filled.
  std::array<Part, kNumRanks> parts_{};
  std::array<int, kNumRanks> need_after_{};  // wilds the later parts need at least
  int nparts_ = 0;
  Kind kind_ = Kind::pass;
  int rank_ = kNoRank;
  int length_ = 0;
  bool mixed_ = false;
};

std::string declaration_name(const Move& m) {
  std::string out(kind_name(m.kind));
  if (m.rank == kNoRank) {
    if (m.kind == Kind::single || m.kind == Kind::pair) out += " " + m.cards.str();
    return out;
  }
  out += ' ';
  out += rank_name(m.rank);
  if (m.is_run()) {
    out += '-';
    out += rank_name((m.rank + m.run_ranks() - 1) % kNumRanks);
  }
  return out;
}

// What may answer `table`, for error messages.
std::string what_beats(const Move& table) {
  switch (table.kind) {
    case Kind::joker_bomb: return "nothing";
    case Kind::bomb:
    case Kind::straight_flush: return "a higher bomb";
    default: return "a higher " + std::string(kind_name(table.kind)) + " or a bomb";
  }
}

}  // namespace

void generate_leads(const Config& cfg, const Cards& hand, MoveList& out) {
  out.clear();
  Generator(cfg, hand, out).leads();
}

void generate_follows(const Config& cfg, const Cards& hand, const Move& table, MoveList& out) {
  out.clear();
  Generator(cfg, hand, out).follows(table);
}

void append_follows(const Config& cfg, const Cards& hand, const Move& table, MoveList& out) {
  Generator(cfg, hand, out).follows(table);
}

void readings(const Config& cfg, const Cards& cards, MoveList& out) {
  out.clear();
  const int n = cards.size();
  if (n == 0 || n > 255) return;
  // Every lead of `cards` with as many cards as there are is a reading of all of them.
  Generator(cfg, cards, out, n).leads();
}

bool is_combination(const Config& cfg, const Move& move) {
  if (move.is_pass() || move.length != move.cards.size()) return false;
  thread_local MoveList scratch;
  readings(cfg, move.cards, scratch);
  return std::any_of(scratch.begin(), scratch.end(),
                     [&](const Move& m) { return m.kind == move.kind && m.rank == move.rank; });
}

int value_key(const Config& cfg, const Move& move) {
  if (move.rank == kNoRank) return move.cards.count(kRedJoker) > 0 ? kBigJokerValue : kSmallJokerValue;
  return cfg.value[static_cast<std::size_t>(move.rank)];
}

bool beats(const Config& cfg, const Move& next, const Move& table) {
  if (next.is_pass()) return false;
  if (table.is_pass()) return true;
  const int a = bomb_class(next);
  const int b = bomb_class(table);
  if (a != b) return a > b;  // a bomb beats any non-bomb; bombs climb the ladder
  if (next.kind != table.kind || next.length != table.length) return false;
  switch (next.kind) {
    case Kind::joker_bomb: return false;
    case Kind::straight:
    case Kind::tube:
    case Kind::plate:
    case Kind::straight_flush: return seq_start(next.rank) > seq_start(table.rank);
    default: return value_key(cfg, next) > value_key(cfg, table);
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
    return declaration_name(move) + " does not beat " + declaration_name(table) + " (only " + what_beats(table) +
           " does)";
  if (cfg.prune_redundant_wild) {
    thread_local MoveList scratch;
    generate(cfg, hand, table, scratch);
    if (std::find(scratch.begin(), scratch.end(), move) == scratch.end())
      return declaration_name(move) + " spends a wild where a natural card of the hand would do "
             "(prune_redundant_wild=True)";
  }
  return "";
}

}  // namespace ganzdy::gd
