#include "ganzdy/guandan/moves.h"

#include <algorithm>
#include <array>
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

// Bit 4s set for each suit s present in `lane` (its counters are at most 2).
constexpr std::uint32_t lane_held(std::uint32_t lane) { return (lane | lane >> 1) & 0x1111; }

// Bit s set for each suit s present in `lane`.
constexpr unsigned lane_suits(std::uint32_t lane) {
  const std::uint32_t held = lane_held(lane);
  return (held | held >> 3 | held >> 6 | held >> 9) & 0xF;
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

// One way to fill a group of `width` cards of one rank: some of the hand's cards
// of that rank and `wilds` wilds, all in `cards`. The groups of one combination
// have different ranks, so their cards add up without carries; whole-Cards adds
// keep the hot loops in full-width registers (building a Cards word by word in
// memory and reading it back whole stalls store forwarding).
struct Variant {
  Cards cards;
  std::uint8_t wilds;
  std::uint8_t suits;  // the suits of its natural cards, bit s for suit s
};

// The variants of one (rank, width), in canonical order: more natural cards first
// (the wilds-only variant, if any, last), then the sub-multiset order of kSub.
struct VariantList {
  const Variant* begin;
  int size;     // every variant
  int natural;  // those with at least one natural card (all but a last wilds-only one)
};

constexpr int kMaxRun = kNumRanks;  // a run covers at most 13 ranks
constexpr int kVariantWidths = 3;   // groups of 1-3 cards have cached variants
constexpr int kMaxVariants = 31;    // of one (rank, width <= 3): 16 + 10 + 4 + 1 for eight cards of a rank
constexpr int kMaxBombVariants = 64;  // of one (rank, size >= 4): at most 19 + 16 + 16

// Per-thread scratch of a generation call, so that a call initialises none of
// it (a Cards zeroes itself when made): the variants of (width, rank) for widths
// 1-3, built on first use (only built lists are read), and working space. A
// generation call never starts another on its thread before it ends.
struct Scratch {
  std::array<std::uint8_t, kVariantWidths * kNumRanks> cached;
  std::array<std::uint8_t, kVariantWidths * kNumRanks> count;
  std::array<Variant, kVariantWidths * kNumRanks * kMaxVariants> pool;
  std::array<Variant, kMaxBombVariants> bomb;             // one bomb's variants
  std::array<std::array<Variant, 2>, kMaxRun> flush;      // a straight flush's slots
  std::array<Cards, kMaxRun> run;                         // a run's cards so far, by slot
};

// One generation call over a hand. Combinations are built from groups of one
// rank (a single, a full house's triple and pair, a sequence's slots) whose
// variants are listed once per call and combined with the wilds as a budget
// shared by the whole combination.
class Generator {
 public:
  Generator(const Config& cfg, const Cards& hand, MoveList& out, int only_length = 0)
      : cfg_(cfg), sink_(out), only_length_(only_length), prune_(cfg.prune_redundant_wild), scratch_(scratch()) {
    const Face wild = cfg.wild_face();
    wild_ = cfg.wild_enabled ? hand.count(wild) : 0;
    wilds_[1].add(wild);
    wilds_[2].add(wild, 2);
    for (int r = 0; r < kNumRanks; ++r) {
      std::uint32_t lane = hand.rank_lane(r);
      if (r == cfg.level && cfg.wild_enabled) lane &= ~0x00F0u;  // the hearts of L are the wilds
      assert((lane & 0xCCCC) == 0 && "Guandan hands hold at most two copies of a card");
      lane_[r] = static_cast<std::uint16_t>(lane);
      have_[r] = static_cast<std::int8_t>(lane_count(lane));
    }
    scratch_.cached.fill(0);
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

  // Appends the variants of `width` cards from `lane` (at `rank`) to `out`;
  // returns how many. A wild takes a slot only where the budget allows and,
  // under prune_redundant_wild, only where the lane has no natural card left.
  int build(int rank, int width, std::uint32_t lane, int have, Variant* out) const {
    const int hi = std::min(width, have);
    int lo = std::max(0, width - wild_);
    if (prune_) {
      if (hi < lo) return 0;
      lo = hi;
    }
    const auto& start = kSub.start[static_cast<std::size_t>(lane_shape(lane))];
    const auto word = static_cast<std::size_t>(rank >> 2);
    const int shift = (rank & 3) * 16;
    int n = 0;
    for (int a = hi; a >= lo; --a) {
      for (int k = start[static_cast<std::size_t>(a)]; k < start[static_cast<std::size_t>(a) + 1]; ++k) {
        const std::uint16_t sub = kSub.lane[static_cast<std::size_t>(k)];
        Variant& v = out[n++];
        v.cards = wilds_[width - a];
        v.cards.words()[word] |= static_cast<std::uint64_t>(sub) << shift;
        v.wilds = static_cast<std::uint8_t>(width - a);
        v.suits = static_cast<std::uint8_t>(lane_suits(sub));
      }
    }
    return n;
  }

  // The variants of `width` (1..3) cards of `rank`, built on first use.
  VariantList variants(int rank, int width) {
    const auto slot = static_cast<std::size_t>((width - 1) * kNumRanks + rank);
    Variant* list = &scratch_.pool[slot * kMaxVariants];
    if (!scratch_.cached[slot]) {
      const int n = build(rank, width, lane_[rank], have_[rank], list);
      scratch_.count[slot] = static_cast<std::uint8_t>(n);
      scratch_.cached[slot] = 1;
    }
    const int n = scratch_.count[slot];
    const bool wilds_only_last = n > 0 && list[n - 1].wilds == width;
    return VariantList{list, n, wilds_only_last ? n - 1 : n};
  }

  // Whether a group of `width` cards of `rank` can be made at all.
  bool can_group(int rank, int width) const {
    return (have_[rank] > 0 || rank == cfg_.level) && have_[rank] + wild_ >= width;
  }

  // The variants a group of `rank` may use: a group of wilds alone only for the
  // level rank (W6/W7).
  VariantList group_variants(int rank, int width) {
    VariantList v = variants(rank, width);
    if (rank != cfg_.level) v.size = v.natural;
    return v;
  }

  static Scratch& scratch() {
    thread_local Scratch s;
    return s;
  }

  // Singles, pairs or triples of value above `above`, the jokers' last.
  void groups(Kind kind, int width, int above) {
    if (!wants(width)) return;
    for (int r : cfg_.by_value) {
      if (cfg_.value[r] <= above || !can_group(r, width)) continue;
      const VariantList v = group_variants(r, width);
      for (int i = 0; i < v.size; ++i) sink_.put(v.begin[i].cards, kind, r, width);
    }
    if (width <= 2) {
      if (small_ >= width && kSmallJokerValue > above) sink_.put(jokers(width, 0), kind, kNoRank, width);
      if (big_ >= width && kBigJokerValue > above) sink_.put(jokers(0, width), kind, kNoRank, width);
    }
  }

  // Full houses (a pair of width 2) or three-with-one (width 1) whose triple's
  // value is above `above`: each triple with each pair of another rank whose
  // wilds, with the triple's, the hand has; then with the joker pairs.
  void full_houses(Kind kind, int width, int above) {
    const int length = 3 + width;
    if (!wants(length)) return;
    for (int a : cfg_.by_value) {
      if (cfg_.value[a] <= above || have_[a] + wild_ < 3) continue;
      const VariantList t = group_variants(a, 3);
      for (int b : cfg_.by_value) {
        if (b == a || !can_group(b, width)) continue;
        const VariantList p = group_variants(b, width);
        if (p.size == 0) continue;
        for (int i = 0; i < t.size; ++i) {
          const Cards tc = t.begin[i].cards;
          const int spare = wild_ - t.begin[i].wilds;
          for (int k = 0; k < p.size && p.begin[k].wilds <= spare; ++k)  // fewer wilds first
            sink_.put(tc + p.begin[k].cards, kind, a, length);
        }
      }
      if (width == 2 && !cfg_.fullhouse_joker_pair) continue;
      for (int j = 0; j < 2; ++j) {
        if ((j == 0 ? small_ : big_) < width) continue;
        const Cards pair = j == 0 ? jokers(width, 0) : jokers(0, width);
        for (int i = 0; i < t.size; ++i) sink_.put(pair + t.begin[i].cards, kind, a, length);
      }
    }
  }

  // Every way to fill the run whose slot p (0 <= p < n, n >= 2) takes one of
  // lists[p], the wilds shared; a straight (`mixed`) needs naturals of two suits
  // or more. Depth first, the lowest slot deciding first; the last slot is a
  // plain loop.
  void fill_run(const VariantList* lists, int n, Kind kind, int rank, int length, bool mixed) {
    // The first variant of a slot has the fewest wilds.
    int need_after[kMaxRun];  // wilds the slots after p need at least
    need_after[n - 1] = 0;
    for (int p = n - 1; p > 0; --p) {
      if (lists[p].size == 0) return;
      need_after[p - 1] = need_after[p] + lists[p].begin[0].wilds;
    }
    if (lists[0].size == 0 || need_after[0] + lists[0].begin[0].wilds > wild_) return;
    const VariantList& tail = lists[n - 1];
    int at[kMaxRun];
    Cards* acc = scratch_.run.data();
    int used[kMaxRun];
    unsigned suits[kMaxRun];
    acc[0] = Cards();
    used[0] = 0;
    suits[0] = 0;
    at[0] = 0;
    int p = 0;
    while (true) {
      const VariantList& l = lists[p];
      // Past the last variant, or past the wilds left (the later variants use more still).
      if (at[p] == l.size || used[p] + l.begin[at[p]].wilds + need_after[p] > wild_) {
        if (p == 0) return;
        ++at[--p];
        continue;
      }
      const Variant& v = l.begin[at[p]];
      const Cards cards = acc[p] + v.cards;
      const int u = used[p] + v.wilds;
      const unsigned s = suits[p] | v.suits;
      if (p + 2 < n) {
        acc[p + 1] = cards;
        used[p + 1] = u;
        suits[p + 1] = s;
        at[++p] = 0;
        continue;
      }
      const int spare = wild_ - u;
      for (int k = 0; k < tail.size && tail.begin[k].wilds <= spare; ++k) {
        const unsigned all = s | tail.begin[k].suits;
        if (!mixed || (all & (all - 1)) != 0) sink_.put(cards + tail.begin[k].cards, kind, rank, length);
      }
      ++at[p];
    }
  }

  // Sequences of `len` ranks, `width` cards each, starting at place `from` or later.
  void runs(Kind kind, int width, int len, int from) {
    if (!wants(width * len)) return;
    VariantList lists[kMaxRun];
    for (int p = from; p + len <= kSeqPositions; ++p) {
      int missing = 0;
      for (int i = 0; i < len; ++i) {
        const int r = cfg_.seq_rank[static_cast<std::size_t>(p + i)];
        missing += std::max(0, width - have_[r]);
      }
      if (missing > wild_) continue;
      for (int i = 0; i < len; ++i) lists[i] = variants(cfg_.seq_rank[static_cast<std::size_t>(p + i)], width);
      fill_run(lists, len, kind, cfg_.seq_rank[static_cast<std::size_t>(p)], width * len, kind == Kind::straight);
    }
  }

  // Straight flushes starting at place `from` or later, each place by suit.
  void straight_flushes(int from) {
    const int len = cfg_.straight_len;
    if (!wants(len)) return;
    // Bit 16s + p of `held`: the hand holds the card of suit s at place p (the ace
    // at 0 and 13): one 16-bit lane per suit, so all four suits are tested at once.
    constexpr std::uint64_t kLanes = 0x0001000100010001ULL;
    std::uint64_t held = 0;
    for (int r = 0; r < kNumRanks; ++r) {
      // The multiply moves suit s's flag from bit 4s to bit 16s (other products are masked off).
      const std::uint64_t suits = (static_cast<std::uint64_t>(lane_held(lane_[r])) * 0x1001001001ULL) & kLanes;
      held |= suits << seq_start(r);
      if (r == kRankA) held |= suits << 13;
    }
    // Bit 16s + p of `ok`: the window of `len` places from p misses at most as many
    // cards of suit s as there are wilds (the misses counted bit-sliced, every window
    // at once; bits shifted in from the next lane land past the last start).
    const std::uint64_t starts = (((1ULL << (kSeqPositions - len + 1)) - 1) & ~((1ULL << from) - 1)) * kLanes;
    std::uint64_t one = 0, two = 0, three = 0;  // at least 1, 2, 3 places missing
    for (int i = 0; i < len; ++i) {
      const std::uint64_t miss = ~held >> i;
      three |= two & miss;
      two |= one & miss;
      one |= miss;
    }
    const std::uint64_t ok = starts & ~(wild_ == 0 ? one : wild_ == 1 ? two : three);
    if (!ok) return;
    auto& slots = scratch_.flush;
    VariantList lists[kMaxRun];
    for (int p = from; p + len <= kSeqPositions; ++p) {
      for (int s = 0; s < kNumSuits; ++s) {
        if (!(ok >> (16 * s + p) & 1)) continue;
        for (int i = 0; i < len; ++i) {
          const int r = cfg_.seq_rank[static_cast<std::size_t>(p + i)];
          const int has = static_cast<int>(held >> (16 * s + p + i) & 1);
          lists[i] = VariantList{slots[i].data(), build(r, 1, has ? 1u << (4 * s) : 0u, has, slots[i].data()), 0};
        }
        fill_run(lists, len, Kind::straight_flush, cfg_.seq_rank[static_cast<std::size_t>(p)], len, false);
      }
    }
  }

  // Bombs that beat a bomb of `size` cards and value `value` (size 0: every bomb).
  void bombs(int size, int value) {
    const int most = std::min(cfg_.max_bomb_size, *std::max_element(have_.begin(), have_.end()) + wild_);
    Variant* list = scratch_.bomb.data();
    for (int n = std::max(4, size); n <= most; ++n) {
      if (!wants(n)) continue;
      for (int r : cfg_.by_value) {
        if (n == size && cfg_.value[r] <= value) continue;
        if (have_[r] + wild_ < n) continue;
        const int count = build(r, n, lane_[r], have_[r], list);
        for (int i = 0; i < count; ++i) sink_.put(list[i].cards, Kind::bomb, r, n);
      }
    }
  }

  void joker_bomb() {
    if (wants(4) && small_ == 2 && big_ == 2) sink_.put(jokers(2, 2), Kind::joker_bomb, kNoRank, 4);
  }

  const Config& cfg_;
  MoveSink sink_;
  int only_length_;
  bool prune_;
  Scratch& scratch_;
  int wild_ = 0;                 // wilds held
  std::array<Cards, 3> wilds_;   // 0, 1 and 2 wild cards
  int small_ = 0;
  int big_ = 0;
  std::array<std::uint16_t, kNumRanks> lane_{};  // each rank's cards but the wilds
  std::array<std::int8_t, kNumRanks> have_{};
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

namespace {

// Whether no card of `cards` comes more than twice: the most a Guandan deck (two
// packs) holds, and what the generator is built for. Every 4-bit counter is at
// most 2: bits 2 and 3 clear, and not bits 0 and 1 together.
bool at_most_two_copies(const Cards& cards) {
  for (std::uint64_t w : cards.words())
    if ((w & 0xCCCCCCCCCCCCCCCCULL) != 0 || (w & (w >> 1) & 0x1111111111111111ULL) != 0) return false;
  return true;
}

}  // namespace

void readings(const Config& cfg, const Cards& cards, MoveList& out) {
  out.clear();
  const int n = cards.size();
  // Cards no Guandan deck holds (move text may name anything) read as nothing.
  if (n == 0 || n > 255 || !at_most_two_copies(cards)) return;
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
