#include "ganzdy/gan_deng_yan/moves.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstring>
#include <type_traits>

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

// group_kind() for the loops of this file: a shared library built from it (-fPIC)
// may have the exported function replaced, so the compiler would call it rather
// than inline it.
inline Kind kind_of_group(const Config& cfg, int rank, int n) {
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

// A move's declaration (kind, rank, length) as the 8 bytes that follow its cards
// in a Move, padding included, so that a generator writes it with one store.
// Each field has its own byte: declarations of disjoint fields OR together (a
// rank's with a size's), and adding declaration(Kind::pass, 0, n) adds n to the
// length (which stays below 256).
static_assert(std::is_standard_layout_v<Move> && offsetof(Move, kind) == sizeof(Cards) &&
              offsetof(Move, rank) == sizeof(Cards) + 1 && offsetof(Move, length) == sizeof(Cards) + 2 &&
              sizeof(Move) == sizeof(Cards) + 8);
constexpr std::uint64_t declaration(Kind kind, int rank, int length) {
  const auto k = static_cast<std::uint64_t>(kind);
  const auto r = static_cast<std::uint64_t>(static_cast<std::uint8_t>(rank));
  const auto n = static_cast<std::uint64_t>(static_cast<std::uint8_t>(length));
  if constexpr (std::endian::native == std::endian::little)
    return k | r << 8 | n << 16;
  else
    return k << 56 | r << 48 | n << 40;
}

// Where one generation call writes: a cursor into the list's storage, committed
// once at the end. A Move's declaration is three bytes, and the compiler must
// assume that a byte store may change any object in memory; so the hot loops
// write a move as its cards and one 8-byte declaration (see declaration()), and
// keep the cursor (and what they read) in locals, in registers instead of
// reloaded after every move: the locals of a Generator inlined into its caller,
// or of a function of its own that copies what it reads (see runs_few_jokers).
// The capacity check of a move is its own cost in the tightest loops, so each
// check (put(), make_room()) leaves room for kSlack more moves, which a loop that
// writes no more (one a rank) puts unchecked.
class Sink {
 public:
  // Room a checked put() leaves for unchecked ones (put_unchecked): the most moves
  // a loop writes after one checked put, one per rank that may trade a natural.
  static constexpr std::ptrdiff_t kSlack = kNumRanks;

  explicit Sink(MoveList& list) : list_(&list), next_(list.end()), limit_(limit_of(list)) {}

  // Appends a move and returns its cards, for the caller to patch in place.
  [[gnu::always_inline]] Cards& put(const Cards& cards, std::uint64_t declared) {
    Move& m = next();
    m.cards = cards;
    std::memcpy(reinterpret_cast<unsigned char*>(&m) + sizeof(Cards), &declared, sizeof declared);
    return m.cards;
  }
  // The same, declaring the move field by field: cheaper where kind, rank and
  // length are not already in registers as one declaration.
  [[gnu::always_inline]] Cards& put(const Cards& cards, Kind kind, int rank, int length) {
    Move& m = next();
    m.cards = cards;
    m.kind = kind;
    m.rank = static_cast<std::int8_t>(rank);
    m.length = static_cast<std::uint8_t>(length);
    return m.cards;
  }
  // Grows the storage, when it must, so that kSlack moves may follow unchecked.
  [[gnu::always_inline]] void make_room() {
    if (next_ >= limit_) [[unlikely]] {
      next_ = grow(*list_, next_);
      limit_ = limit_of(*list_);
    }
  }
  // put() without the capacity check: at most kSlack of them after a put().
  [[gnu::always_inline]] Cards& put_unchecked(const Cards& cards, std::uint64_t declared) {
    assert(next_ < list_->begin() + list_->capacity());
    Move& m = *next_++;
    m.cards = cards;
    std::memcpy(reinterpret_cast<unsigned char*>(&m) + sizeof(Cards), &declared, sizeof declared);
    return m.cards;
  }
  void commit() const { list_->set_size(static_cast<std::size_t>(next_ - list_->begin())); }

 private:
  // The storage's end less kSlack moves; its start while it has no more.
  static Move* limit_of(MoveList& list) {
    const auto capacity = static_cast<std::ptrdiff_t>(list.capacity());
    return list.begin() + (capacity > kSlack ? capacity - kSlack : 0);
  }

  [[gnu::always_inline]] Move& next() {
    make_room();
    return *next_++;
  }

  // Grows the storage past kSlack moves beyond those written so far, keeping
  // them; returns the new cursor.
  [[gnu::noinline]] static Move* grow(MoveList& list, Move* next) {
    const auto written = static_cast<std::size_t>(next - list.begin());
    list.set_size(written);
    do list.grow();
    while (list.capacity() <= written + kSlack);
    return list.begin() + written;
  }

  MoveList* list_;
  Move* next_;
  Move* limit_;
};

// One card of the lowest suit held in `cards` (suit counters, one nibble each, in
// place in a Cards word), which must not be empty: the unit of its lowest
// non-zero nibble.
inline std::uint64_t lowest_suit_card(std::uint64_t cards) {
#if defined(__GNUC__)
  if (cards == 0) __builtin_unreachable();  // lets countr_zero skip its zero check
#endif
  return std::uint64_t{1} << (std::countr_zero(cards) & ~3);
}

// In each 16-bit lane of `word` (a Cards word: four ranks, each with its four
// suit counters), the unit of the lowest non-zero counter: one card of each rank
// held, of its lowest suit, for the four ranks at once.
inline std::uint64_t lowest_suit_cards(std::uint64_t word) {
  // A counter is at most 4, so bits 0..2 of a nibble say whether it is non-zero.
  const std::uint64_t held = (word | word >> 1 | word >> 2) & 0x1111111111111111ULL;
  // The lowest flag of each lane: held & -held, lane by lane. A lane's flags
  // leave its top bit clear, so its negation (~held + 1, the top bit cleared
  // first) carries into the next lane never.
  return held & ((~held & 0x7FFF7FFF7FFF7FFFULL) + 0x0001000100010001ULL);
}

// kLanesBelow[r]: the words of a Cards with every counter of the ranks below r
// set, so that the cards of ranks [s, r] are a few word operations away.
constexpr auto kLanesBelow = [] {
  std::array<std::array<std::uint64_t, Cards::kWords>, kNumRanks + 1> below{};
  for (int r = 0; r <= kNumRanks; ++r)
    for (int w = 0; w < Cards::kWords; ++w) {
      const int lanes = std::clamp(r - 4 * w, 0, 4);
      below[static_cast<std::size_t>(r)][static_cast<std::size_t>(w)] =
          lanes == 4 ? ~std::uint64_t{0} : (std::uint64_t{1} << (16 * lanes)) - 1;
    }
  return below;
}();

// Stores the 16 lanes of `words` (four 16-bit lanes a word, lowest first) into `out`.
inline void store_lanes(const std::uint64_t (&words)[Cards::kWords], std::uint16_t* out) {
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(out, words, sizeof words);
  } else {
    for (std::size_t i = 0; i < 4 * Cards::kWords; ++i)
      out[i] = static_cast<std::uint16_t>(words[i / 4] >> (16 * (i % 4)));
  }
}

// The card counters of `lane` (a rank's four suit nibbles) placed at rank `rank` of a Cards.
inline Cards lane_cards(int rank, std::uint64_t lane) {
  Cards cards;
  put_lane(cards, rank, lane);
  return cards;
}

// Natural cards per rank of `words` (a Cards' words), four ranks per word in
// 16-bit lanes (rank r: word r/4); the joker nibbles are left out.
inline void rank_counts(const std::array<std::uint64_t, Cards::kWords>& words, std::uint64_t (&counts)[4]) {
  // Add the suit nibbles of each 16-bit lane.
  auto lanes = [](std::uint64_t w) {
    std::uint64_t t = (w & 0x0F0F0F0F0F0F0F0FULL) + ((w >> 4) & 0x0F0F0F0F0F0F0F0FULL);
    return (t & 0x00FF00FF00FF00FFULL) + ((t >> 8) & 0x00FF00FF00FF00FFULL);
  };
  for (int w = 0; w < 4; ++w) counts[w] = lanes(words[static_cast<std::size_t>(w)]);
  counts[3] &= 0xFFFF;  // rank 2 only: the joker nibbles are not a rank
}

// Whether some rank of `counts` (see rank_counts) holds at least `n` >= 1 cards.
inline bool some_rank_with_at_least(const std::uint64_t (&counts)[4], int n) {
  const std::uint64_t add = 0x0001000100010001ULL * static_cast<std::uint64_t>(0x8000 - n);
  return (((counts[0] + add) | (counts[1] + add) | (counts[2] + add) | (counts[3] + add)) &
          0x8000800080008000ULL) != 0;
}

// The canonical k cards (1 <= k <= have) of a rank holding `have` naturals, from
// its 16-bit `lane` of suit counters: suits in order s, h, d, c.
inline std::uint64_t pick_from_lane(std::uint64_t lane, int have, int k) {
  if (k == have) return lane;  // all of them
  if (k == 1) return lowest_suit_card(lane);
  std::uint64_t out = 0;
  for (int suit = 0; suit < kNumSuits && k > 0; ++suit) {
    const int have_suit = static_cast<int>((lane >> (4 * suit)) & 0xF);
    const int take = have_suit < k ? have_suit : k;
    out |= static_cast<std::uint64_t>(take) << (4 * suit);
    k -= take;
  }
  return out;
}

// The follows of the most frequent position in play: a hand without jokers that
// holds no bomb, answering a single, pair, triple (not under triple_mode
// 'any_higher'), straight or connected pairs. Only naturals of the exact shape
// can answer, so there is at most one move per answering rank: what
// Generator::follows emits there, in the same order, at a fraction of its fixed
// cost. Returns false, writing nothing, for any other position.
bool follows_without_jokers(const Config& cfg, const Cards& hand, const Move& table, MoveList& out) {
  const auto& words = hand.words();
  if ((words[3] >> kBlackJokerShift & 0xFF) != 0) return false;  // jokers: wild, or a king bomb
  if (table.kind < Kind::single || table.kind > Kind::pairs) return false;
  if (table.kind == Kind::triple && cfg.triple_mode == TripleMode::any_higher) return false;
  std::uint64_t counts[4];
  rank_counts(words, counts);
  if (cfg.bomb_min_size < 1 || some_rank_with_at_least(counts, cfg.bomb_min_size)) return false;
  auto count = [&](int rank) { return static_cast<int>((counts[rank >> 2] >> ((rank & 3) * 16)) & 0xFF); };
  auto lane = [&](int rank) { return (words[static_cast<std::size_t>(rank >> 2)] >> ((rank & 3) * 16)) & 0xFFFF; };
  auto put = [&](Kind kind, int rank, int length) -> Cards& {
    Move& m = out.next();
    m.cards = Cards();
    m.kind = kind;
    m.rank = static_cast<std::int8_t>(rank);
    m.length = static_cast<std::uint8_t>(length);
    return m.cards;
  };
  if (table.kind == Kind::straight || table.kind == Kind::pairs) {
    // The one window a rank higher, with `width` naturals at each of its ranks.
    const int width = table.kind == Kind::pairs ? 2 : 1;
    const int start = table.rank + 1;
    const int len = table.length / width;
    if (start < 0 || start + len - 1 > cfg.run_top) return true;
    if (width == 1 && (len < cfg.straight_min_len || len > cfg.straight_max_len)) return true;
    if (width == 2 && (len < cfg.pairs_min || len > cfg.pairs_max)) return true;
    for (int r = start; r < start + len; ++r)
      if (count(r) < width) return true;
    Cards& cards = put(table.kind, start, table.length);
    for (int r = start; r < start + len; ++r)
      put_lane(cards, r, pick_from_lane(lane(r), count(r), width));
    return true;
  }
  // Exactly one rank higher, or 2s; after an A the two coincide; nothing beats a 2.
  if (table.rank == kRank2) return true;
  const int n = table.length;
  for (int r = table.rank + 1 < kRank2 ? table.rank + 1 : kRank2;; r = kRank2) {
    const Kind kind = kind_of_group(cfg, r, n);
    const int have = count(r);
    if (kind != Kind::pass && have >= n) put_lane(put(kind, r, n), r, pick_from_lane(lane(r), have, n));
    if (r == kRank2) return true;
  }
}

// One generation call: the hand's rank counts and the output buffer. Its member
// functions are inlined into the generate_* entry points, but for the loops of
// leads from hands with jokers, which are functions of their own (see Sink).
class Generator {
 public:
  [[gnu::always_inline]] Generator(const Config& cfg, const Cards& hand, MoveList& out)
      : cfg_(cfg), sink_(out), hand_(hand.words()) {
    rank_counts(hand_, counts_);
    black_ = hand.count(kBlackJoker);
    red_ = hand.count(kRedJoker);
    const int jokers = black_ + red_;
    wild_ = cfg.joker_wild ? std::min(jokers, cfg.max_jokers_per_combo) : 0;
    wild_two_ = cfg.joker_can_be_two ? wild_ : 0;
    distinct_ = cfg.jokers_distinct();
    min_naturals_ = cfg.min_naturals_per_combo;
  }

  [[gnu::always_inline]] void leads() {
    held_ = ranks_with_at_least(1);
    if (wild_ == 0) {
      groups_without_jokers();
      runs_without_jokers(Kind::straight, 1, cfg_.straight_min_len, cfg_.straight_max_len);
      runs_without_jokers(Kind::pairs, 2, cfg_.pairs_min, cfg_.pairs_max);
    } else if (wild_ <= 2 && !distinct_) {
      leads_few_jokers();
    } else {
      groups_any_jokers();
      runs(Kind::straight, 1, cfg_.straight_min_len, cfg_.straight_max_len);
      runs(Kind::pairs, 2, cfg_.pairs_min, cfg_.pairs_max);
    }
    king_bomb(nullptr);
    sink_.commit();
  }

  // The first card (one) and the first two cards (two) of each rank in suit order,
  // all it has when fewer, in place in the words of a Cards.
  struct FirstCards {
    std::uint64_t one[Cards::kWords];
    std::uint64_t two[Cards::kWords];
  };

  // The groups and runs of leads() from the usual hand with jokers (one or two,
  // colours interchangeable): loops of their own, each in a function of its own
  // so that the compiler keeps its state in registers, reading the first cards
  // of every rank, found for all ranks at once.
  [[gnu::noinline]] void leads_few_jokers() {
    FirstCards first;
    // Word 3: the 2s, not the jokers. (One loop over the four words, which the
    // compiler runs two words at a time.)
    const std::uint64_t naturals[Cards::kWords] = {hand_[0], hand_[1], hand_[2], hand_[3] & 0xFFFF};
    for (std::size_t w = 0; w < Cards::kWords; ++w) {
      first.one[w] = lowest_suit_cards(naturals[w]);
      first.two[w] = first.one[w] + lowest_suit_cards(naturals[w] - first.one[w]);
    }
    groups_with_jokers(first);
    // A move with jokers keeping one natural, the default, is a run's every window.
    const bool keep_one = min_naturals_ <= 1;
    if (wild_ == 1)
      keep_one ? runs_few_jokers<1, true>(first) : runs_few_jokers<1, false>(first);
    else
      keep_one ? runs_few_jokers<2, true>(first) : runs_few_jokers<2, false>(first);
  }

  // Whether leads() takes one of its usual paths (no wild joker, or one or two
  // of interchangeable colours) rather than the general loops.
  bool usual_leads() const { return wild_ == 0 || (wild_ <= 2 && !distinct_); }

  [[gnu::always_inline]] void follows(const Move& table) {
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
    sink_.commit();
  }

 private:
  // Natural cards of `rank`.
  int count(int rank) const { return static_cast<int>((counts_[rank >> 2] >> ((rank & 3) * 16)) & 0xFF); }

  // The canonical k cards of `rank` (suits in order s, h, d, c) as a 16-bit lane.
  std::uint64_t pick(int rank, int k) const {
    const std::uint64_t lane = (hand_[static_cast<std::size_t>(rank >> 2)] >> ((rank & 3) * 16)) & 0xFFFF;
    return pick_from_lane(lane, count(rank), k);
  }

  // Bit r set when rank r holds at least `n` naturals: a lane-wise compare, four
  // ranks per word, with each lane's top bit gathered into the mask.
  std::uint32_t ranks_with_at_least(int n) const {
    if (n <= 0) return (1u << kNumRanks) - 1;
    const std::uint64_t add = 0x0001000100010001ULL * static_cast<std::uint64_t>(0x8000 - n);
    constexpr std::uint64_t kFlags = 0x8000800080008000ULL;
    // Rank r = 4w + l has its flag at bit 15 + 16l of word w; shifted by 15 - 4w it
    // sits at bit 4w + 16l, so the four words merge without overlap. Shifting lane
    // l down by 15l then puts rank r at bit 4w + l = r; no other shift lands a
    // flag in bits 0..15 (it would need 4w + l + 15(l - l') in [0, 16) for l' != l).
    const std::uint64_t merged = ((counts_[0] + add) & kFlags) >> 15 | ((counts_[1] + add) & kFlags) >> 11 |
                                 ((counts_[2] + add) & kFlags) >> 7 | ((counts_[3] + add) & kFlags) >> 3;
    const std::uint64_t mask = merged | merged >> 15 | merged >> 30 | merged >> 45;
    return static_cast<std::uint32_t>(mask) & ((1u << kNumRanks) - 1);
  }

  int wild_at(int rank) const { return rank == kRank2 ? wild_two_ : wild_; }

  // The joker counters of `j` wild jokers, black before red.
  std::uint64_t joker_bits(int j) const {
    const int black = std::min(j, black_);
    return static_cast<std::uint64_t>(black) << kBlackJokerShift |
           static_cast<std::uint64_t>(j - black) << kRedJokerShift;
  }

  // Emits `cards` plus `j` wild jokers: one move when jokers are interchangeable,
  // one per colour split when their colours matter.
  [[gnu::always_inline]] void emit(Kind kind, int rank, int length, const Cards& cards, int j) {
    if (j == 0) {
      sink_.put(cards, kind, rank, length);
      return;
    }
    if (!distinct_) {
      Cards c = cards;
      c.words()[3] |= joker_bits(j);
      sink_.put(c, kind, rank, length);
      return;
    }
    for (int black = std::min(j, black_); black >= std::max(0, j - red_); --black) {
      Cards c = cards;
      put_jokers(c, black, j - black);
      sink_.put(c, kind, rank, length);
    }
  }

  // Every way to play `n` cards as a group of `rank`; bombs only if they beat
  // `table` (when given).
  [[gnu::always_inline]] void group(int rank, int n, const Move* table) {
    const Kind kind = kind_of_group(cfg_, rank, n);
    if (kind == Kind::pass) return;
    const int have = count(rank);
    const int kmin = std::max(1, n - wild_at(rank));
    for (int k = std::min(have, n); k >= kmin; --k) {
      const int j = n - k;
      if (j > 0 && k < min_naturals_) continue;
      if (table && !bomb_beats(cfg_, n, rank, j == 0, *table)) continue;
      emit(kind, rank, n, lane_cards(rank, pick(rank, k)), j);
    }
  }

  // The groups of leads() from a hand without wild jokers: group(r, n) for each
  // rank held (lowest first) and each size n from 1 up, one move a size: the
  // first n cards of the rank in suit order.
  [[gnu::always_inline]] void groups_without_jokers() {
    const Kind triple = kind_of_group(cfg_, 0, 3);
    const int bomb_min = cfg_.bomb_min_size;
    const bool twos_single_pair = cfg_.twos_only_single_pair;
    std::uint32_t pairs = 0;
    for (std::uint32_t held = held_; held; held &= held - 1) {
      const int r = std::countr_zero(held);
      const auto word = static_cast<std::size_t>(r >> 2);
      std::uint64_t left = hand_[word] & (std::uint64_t{0xFFFF} << ((r & 3) * 16));
      std::uint64_t cards = lowest_suit_card(left);
      left -= cards;
      sink_.put(Cards(), Kind::single, r, 1).words()[word] = cards;
      if (left == 0) continue;  // a single card
      pairs |= 1u << r;
      std::uint64_t card = lowest_suit_card(left);
      cards += card;
      left -= card;
      sink_.put(Cards(), Kind::pair, r, 2).words()[word] = cards;
      if (r == kRank2 && twos_single_pair) continue;
      // Then the bigger groups the rules allow, one card more at a time.
      for (int n = 3; left != 0; ++n) {
        card = lowest_suit_card(left);
        cards += card;
        left -= card;
        const Kind kind = n == 3 ? triple : n >= bomb_min ? Kind::bomb : Kind::pass;
        if (kind != Kind::pass) sink_.put(Cards(), kind, r, n).words()[word] = cards;
      }
    }
    held_pairs_ = pairs;
  }

  // The runs of runs(kind, width, ...) from a hand without wild jokers: a run needs
  // `width` naturals at every rank of its window, so each run is one move (the
  // first `width` cards of each rank in suit order), and only the starts of
  // long-enough stretches need trying. After groups_without_jokers(), which notes
  // the ranks with a pair.
  [[gnu::always_inline]] void runs_without_jokers(Kind kind, int width, int min_len, int max_len) {
    const int top = cfg_.run_top;
    const std::uint32_t full = (width == 1 ? held_ : held_pairs_) & ((2u << top) - 1);
    std::uint32_t starts = full;
    for (int i = 1; i < min_len && starts; ++i) starts &= full >> i;
    while (starts) {
      const int s = std::countr_zero(starts);
      starts &= starts - 1;
      const int stretch = std::min(max_len, std::countr_one(full >> s));
      Cards cards;
      for (int len = 1; len <= stretch; ++len) {
        put_lane(cards, s + len - 1, pick(s + len - 1, width));
        if (len >= min_len) sink_.put(cards, kind, s, len * width);
      }
    }
  }

  // The groups of leads() from any hand with wild jokers: group(r, n) for each
  // rank held (lowest first) and each size n from 1 up, k naturals (the first k
  // of the rank in suit order) and n - k jokers, most naturals first.
  [[gnu::always_inline]] void groups_any_jokers() {
    const Kind triple = kind_of_group(cfg_, 0, 3);
    const int bomb_min = cfg_.bomb_min_size;
    const bool twos_single_pair = cfg_.twos_only_single_pair;
    for (std::uint32_t held = held_; held; held &= held - 1) {
      const int r = std::countr_zero(held);
      const int have = count(r);
      const int wild = wild_at(r);
      const auto word = static_cast<std::size_t>(r >> 2);
      std::uint64_t first[4 * Cards::kMaxCopies + 1];  // first[k]: the first k cards of the rank
      first[0] = 0;
      std::uint64_t left = hand_[word] & (std::uint64_t{0xFFFF} << ((r & 3) * 16));
      for (int k = 1; k <= have; ++k) {
        const std::uint64_t card = lowest_suit_card(left);
        first[k] = first[k - 1] + card;
        left -= card;
      }
      for (int n = 1; n <= have + wild; ++n) {
        const Kind kind = n == 1 ? Kind::single
                          : n == 2 ? Kind::pair
                          : (r == kRank2 && twos_single_pair) ? Kind::pass
                          : n == 3 ? triple
                          : n >= bomb_min ? Kind::bomb
                                          : Kind::pass;
        if (kind == Kind::pass) continue;
        for (int k = std::min(have, n), kmin = std::max(1, n - wild); k >= kmin; --k) {
          if (k < n && k < min_naturals_) continue;
          Cards cards;
          cards.words()[word] = first[k];
          emit(kind, r, n, cards, n - k);
        }
      }
    }
  }

  // One group of groups_with_jokers(), as planned for a rank: its declaration
  // but the rank (OR-ed in, see declaration()), its jokers' counters and how many
  // naturals it takes (the first of the rank in suit order).
  struct PlannedGroup {
    std::uint64_t declared;
    std::uint64_t jokers;
    std::size_t naturals;
  };

  // Plans the groups of group(r, n) for each n up to `most`, for a rank with
  // `have` naturals and `wild` wild jokers (at most 2, interchangeable), into
  // `out`: k naturals and n - k jokers, most naturals first. Returns their number.
  [[gnu::noinline]] int plan_groups(int have, int wild, int most, PlannedGroup* out) const {
    const Kind triple = kind_of_group(cfg_, 0, 3);
    const int keep = std::max(1, min_naturals_);  // naturals a group with jokers must keep
    // What the loop reads, as locals: its stores into `out` might otherwise change
    // them for all the compiler knows.
    const int bomb_min = cfg_.bomb_min_size;
    const std::uint64_t jokers[3] = {0, joker_bits(1), joker_bits(2)};
    PlannedGroup* next = out;
    for (int n = 1; n <= most; ++n) {
      const Kind kind = n == 1 ? Kind::single
                        : n == 2 ? Kind::pair
                        : n == 3 ? triple
                        : n >= bomb_min ? Kind::bomb
                                        : Kind::pass;
      if (kind == Kind::pass) continue;
      // The naturals alone, then 1, 2 jokers while wild jokers last and the group
      // keeps `keep` naturals.
      const std::uint64_t declared = declaration(kind, 0, n);
      if (n <= have) *next++ = {declared, 0, static_cast<std::size_t>(n)};
      for (int j = std::max(1, n - have); j <= std::min(wild, n - keep); ++j)
        *next++ = {declared, jokers[j], static_cast<std::size_t>(n - j)};
    }
    return static_cast<int>(next - out);
  }

  // plan_groups(1, wild_, 1 + wild_, out) in closed form, for the most common plan
  // (most ranks of a hand hold one card), without a call: the single, then, when a
  // group with jokers may keep one natural, the pair and (two wild jokers) the
  // triple of that natural and jokers.
  [[gnu::always_inline]] int plan_one_natural(PlannedGroup* out) const {
    PlannedGroup* next = out;
    *next++ = {declaration(Kind::single, 0, 1), 0, 1};
    if (min_naturals_ <= 1) {
      if (wild_ >= 1) *next++ = {declaration(Kind::pair, 0, 2), joker_bits(1), 1};
      const Kind triple = kind_of_group(cfg_, 0, 3);
      if (wild_ >= 2 && triple != Kind::pass) *next++ = {declaration(triple, 0, 3), joker_bits(2), 1};
    }
    return static_cast<int>(next - out);
  }

  // plan_groups(2, wild_, 2 + wild_, out) in closed form where a group with jokers
  // may keep one natural (min_naturals_ <= 1): the single, the pair, the pair of one
  // natural and a joker, the triple of both naturals and a joker, then (two wild
  // jokers) of one natural and two, and the four-card bomb of both and two jokers.
  [[gnu::always_inline]] int plan_two_naturals(PlannedGroup* out) const {
    PlannedGroup* next = out;
    *next++ = {declaration(Kind::single, 0, 1), 0, 1};
    *next++ = {declaration(Kind::pair, 0, 2), 0, 2};
    if (wild_ >= 1) {
      *next++ = {declaration(Kind::pair, 0, 2), joker_bits(1), 1};
      const Kind triple = kind_of_group(cfg_, 0, 3);
      if (triple != Kind::pass) {
        *next++ = {declaration(triple, 0, 3), joker_bits(1), 2};
        if (wild_ >= 2) *next++ = {declaration(triple, 0, 3), joker_bits(2), 1};
      }
      if (wild_ >= 2 && cfg_.bomb_min_size <= 4) *next++ = {declaration(Kind::bomb, 0, 4), joker_bits(2), 2};
    }
    return static_cast<int>(next - out);
  }

  // The groups of leads() from the usual hand with wild jokers (see leads()):
  // group(r, n) for each rank held (lowest first) and each size n from 1 up.
  // Which groups a rank makes depends only on how many naturals it has (and, for
  // the 2s, on their own rules), so the groups of each count are planned once,
  // when the first rank with that count needs them; those with one natural (the
  // usual rank) are planned up front and written without a loop.
  [[gnu::noinline]] void groups_with_jokers(const FirstCards& firsts) {
    Sink sink = sink_;
    constexpr int kPlanned = 4;  // plans kept for 1..kPlanned naturals
    constexpr int kMostGroups = 3 * (4 * Cards::kMaxCopies + 2);  // sizes up to have + 2, 0..2 jokers each
    PlannedGroup planned[kPlanned + 1][3 * (kPlanned + 2)];
    const PlannedGroup* planned_end[kPlanned + 1] = {};  // null: not planned yet
    PlannedGroup scratch[kMostGroups];
    // What the loop reads, in place: a rank reads it before it writes its moves,
    // and copies into locals cost more than the reloads they saved.
    const FirstCards& first_cards = firsts;
    const std::array<std::uint64_t, Cards::kWords>& hand = hand_;
    const std::uint64_t(&counts)[4] = counts_;
    // The groups of a rank with one natural (but the 2s), the usual rank, planned
    // up front and emitted one after the other: the rank's card (in words 0 to 2)
    // and the group's jokers (in word 3).
    PlannedGroup one_natural[3];
    const int one_natural_groups = plan_one_natural(one_natural);
    const std::uint32_t single_ranks = held_ & ~ranks_with_at_least(2) & ~(1u << kRank2);
    for (std::uint32_t held = held_; held; held &= held - 1) {
      const int r = std::countr_zero(held);
      const auto word = static_cast<std::size_t>(r >> 2);
      const std::uint64_t lane = std::uint64_t{0xFFFF} << ((r & 3) * 16);
      const std::uint64_t card = first_cards.one[word] & lane;
      if (single_ranks >> r & 1) {
        const std::uint64_t rank = declaration(Kind::pass, r, 0);
        sink.put(Cards(), one_natural[0].declared | rank).words()[word] = card;
        if (one_natural_groups > 1) {  // in the room the first put() leaves (see Sink::kSlack)
          auto& pair = sink.put_unchecked(Cards(), one_natural[1].declared | rank).words();
          pair[word] = card;
          pair[3] = one_natural[1].jokers;
          if (one_natural_groups > 2) {
            auto& triple = sink.put_unchecked(Cards(), one_natural[2].declared | rank).words();
            triple[word] = card;
            triple[3] = one_natural[2].jokers;
          }
        }
        continue;
      }
      const int have = static_cast<int>((counts[r >> 2] >> ((r & 3) * 16)) & 0xFF);
      std::uint64_t first[4 * Cards::kMaxCopies + 1];  // first[k]: the first k cards of the rank
      first[0] = 0;
      first[1] = card;
      first[2] = first_cards.two[word] & lane;
      for (std::uint64_t k = 3, left = (hand[word] & lane) - first[2]; left != 0; ++k) {
        const std::uint64_t next = lowest_suit_card(left);
        first[k] = first[k - 1] + next;
        left -= next;
      }
      const PlannedGroup* groups = scratch;
      const PlannedGroup* groups_end = nullptr;
      if (r != kRank2 && have <= kPlanned) {
        groups = planned[have];
        if (planned_end[have] == nullptr) {
          // The plan of two naturals, the usual one after one, in closed form.
          int planned_groups = 0;
          if (have == 2 && min_naturals_ <= 1)
            planned_groups = plan_two_naturals(planned[2]);
          else
            planned_groups = plan_groups(have, wild_, have + wild_, planned[have]);
          planned_end[have] = groups + planned_groups;
        }
        groups_end = planned_end[have];
      } else {
        const int wild = wild_at(r);
        const int most = r == kRank2 && cfg_.twos_only_single_pair ? std::min(2, have + wild) : have + wild;
        groups_end = scratch + plan_groups(have, wild, most, scratch);
      }
      const std::uint64_t rank = declaration(Kind::pass, r, 0);
      for (const PlannedGroup* g = groups; g != groups_end; ++g) {
        Cards& cards = sink.put(Cards(), g->declared | rank);
        cards.words()[word] = first[g->naturals];
        cards.words()[3] |= g->jokers;
      }
    }
    sink_ = sink;
  }

  [[gnu::always_inline]] void bombs(const Move& table) {
    // Only ranks that can reach a bomb with every wild joker added; usually none.
    const int need = cfg_.bomb_min_size - wild_;
    if (need > 0) {
      const std::uint64_t add = 0x0001000100010001ULL * static_cast<std::uint64_t>(0x8000 - need);
      if ((((counts_[0] + add) | (counts_[1] + add) | (counts_[2] + add) | (counts_[3] + add)) &
           0x8000800080008000ULL) == 0)
        return;
    }
    for (std::uint32_t left = ranks_with_at_least(need); left; left &= left - 1) {
      const int r = std::countr_zero(left);
      const int top = count(r) + wild_at(r);
      for (int n = cfg_.bomb_min_size; n <= top; ++n)
        if (kind_of_group(cfg_, r, n) == Kind::bomb) group(r, n, &table);
    }
  }

  [[gnu::always_inline]] void king_bomb(const Move* table) {
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
    sink_.put(cards, Kind::king_bomb, kNoRank, 2);
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

    // `cards` less the naturals traded at reducible rank i (d of them).
    Cards less(Cards cards, int i, int d) const {
      cards.words()[static_cast<std::size_t>(rank[i] >> 2)] -= fewer[i][d - 1];
      return cards;
    }
  };

  // Extends `w` by rank `r`; false when no joker may stand for a missing card there.
  [[gnu::always_inline]] bool extend(Window& w, int width, int r) const {
    const int have = std::min(width, count(r));
    if (have < width && wild_at(r) == 0) return false;
    if (have > 0) {
      const std::uint64_t all = pick(r, have);
      put_lane(w.full, r, all);
      if (wild_at(r) > 0) {
        const int i = w.reducible++;
        w.rank[i] = static_cast<std::int8_t>(r);
        w.most[i] = static_cast<std::int8_t>(have);
        for (int d = 1; d <= have; ++d) w.fewer[i][d - 1] = (all - pick(r, have - d)) << ((r & 3) * 16);
      }
    }
    w.jokers += width - have;
    w.naturals += have;
    return true;
  }

  // All runs of `width` cards per rank with lengths [min_len, max_len] in ranks,
  // growing each window one rank at a time from its start.
  [[gnu::always_inline]] void runs(Kind kind, int width, int min_len, int max_len) {
    const int top = cfg_.run_top;
    for (int s = 0; s + min_len - 1 <= top; ++s) {
      Window w;
      for (int len = 1; len <= max_len && s + len - 1 <= top; ++len) {
        if (!extend(w, width, s + len - 1) || w.jokers > wild_) break;  // longer windows lack as much
        if (len >= min_len) trade(kind, width, s, len, w);
      }
    }
  }

  // The straights, then the connected pairs, of runs(Kind::straight, 1, ...) and
  // runs(Kind::pairs, 2, ...) in the same order, for the usual hand with `wild`
  // wild jokers (1 or 2), colours interchangeable. Each rank held gives a run of
  // width 1 or 2 its first cards in suit order (all it has, when fewer). A
  // window's variants are the window itself, then for each rank held that a
  // joker may stand for (lowest first): one natural of it traded for a joker,
  // that trade with one natural of each later such rank traded too, then (pairs)
  // both its naturals traded: the order of trade()'s depth-first walk.
  //
  // keep_one: a move with jokers need keep only one natural (min_naturals_per_combo
  // 0 or 1). Then every window keeps enough naturals for its moves and variants:
  // a straight has 3 ranks or more and a connected pairs 2 (gan_deng_yan/rules.cpp), and a
  // window lacks at most `wild` <= 2 cards, so it keeps 1 natural (2 when it has a
  // joker to spare, 3 when two), and the loops need not count them.
  template <int wild, bool keep_one>
  [[gnu::noinline]] void runs_few_jokers(const FirstCards& firsts) {
    // What the loops read, as locals: a store into a move may change any object
    // the compiler cannot see is private, such as the Generator's members.
    Sink sink = sink_;
    const int top = cfg_.run_top;
    const int keep = std::max(1, min_naturals_);  // naturals a move with jokers must keep
    assert(cfg_.straight_min_len >= 3 && cfg_.pairs_min >= 2);
    // jokers[j]: the counters of j wild jokers; indices up to 2 past a window's
    // missing cards (at most 2) are read before it is known whether they are used.
    const std::uint64_t jokers[5] = {joker_bits(0), joker_bits(1), joker_bits(2), 0, 0};
    Cards jokers_cards;  // the wild jokers, all of them
    jokers_cards.words()[3] = jokers[wild];
    // Per width (index 0: straights, 1: pairs) and rank: the naturals the rank
    // gives a run, as a whole Cards, and the jokers it lacks (more than there are
    // when none may stand for it). A window grows by adding a rank's Cards, which
    // the compiler does 16 bytes at a time: grown by its one 8-byte word, the
    // window's cards were then copied into the next move by 16-byte loads that
    // had to wait for that store to reach the cache (a store-to-load forward that
    // fails), most of the bench hand's time (see docs/performance.md).
    Cards all[2][kNumRanks];
    std::uint16_t lacks[2][4 * Cards::kWords];
    // Per width, the jokers lacked by the ranks below r (a window [s, r] lacks
    // lacks_below[r + 1] - lacks_below[s]).
    std::uint16_t lacks_below[2][4 * Cards::kWords + 1];
    lacks_below[0][0] = lacks_below[1][0] = 0;
    {
      // Both for all ranks at once, four a word in 16-bit lanes as counts_ has
      // them: a rank lacks one card of a straight when it has none, two less the
      // naturals it has of a connected pairs, and a running sum of the lanes is a
      // product by kLanes (the lanes are small: no carry reaches the next).
      constexpr std::uint64_t kLanes = 0x0001000100010001ULL;
      std::uint64_t lack_words[2][Cards::kWords], below_words[2][Cards::kWords];
      std::uint64_t carried[2] = {0, 0};  // the sum of the lanes before, added to the first
      for (std::size_t w = 0; w < Cards::kWords; ++w) {
        const std::uint64_t one = (counts_[w] + kLanes * 0x7FFF) >> 15 & kLanes;  // 1 where it holds one
        const std::uint64_t two = (counts_[w] + kLanes * 0x7FFE) >> 15 & kLanes;  // 1 where it holds two
        lack_words[0][w] = kLanes - one;
        lack_words[1][w] = 2 * kLanes - one - two;
      }
      // No joker may stand for a missing 2 when none may be a 2 (the 2 is in runs
      // only under twos_in_runs): the 2 then lacks more than there are.
      if (top == kRank2 && wild_two_ == 0) {
        for (auto& words : lack_words)
          if ((words[3] & 0xFFFF) != 0) words[3] = (words[3] & ~std::uint64_t{0xFFFF}) | (wild + 1);
      }
      for (std::size_t w = 0; w < Cards::kWords; ++w) {
        for (std::size_t k = 0; k < 2; ++k) {
          below_words[k][w] = (lack_words[k][w] + carried[k]) * kLanes;
          carried[k] = below_words[k][w] >> 48;
        }
      }
      for (std::size_t k = 0; k < 2; ++k) {
        store_lanes(lack_words[k], lacks[k]);
        store_lanes(below_words[k], lacks_below[k] + 1);
      }
    }
    // Per width, the trades in rank order: each rank with a natural a joker may
    // replace, as its word and the cards a trade of one natural (the last of the
    // rank's) and of two (pairs; 0 when it gives one) give up. A window [s, r]
    // trades first_trade[s] up to first_trade[r + 1].
    // (32 bytes, so that the compiler finds a window's trades by a shift.)
    struct alignas(32) Trade {
      std::size_t word;
      std::uint64_t one, both;
    };
    Trade trades[2][kNumRanks];
    const Trade* first_trade[2][kNumRanks + 1];
    Trade* listed[2] = {trades[0], trades[1]};
    auto add_rank = [&](int r, std::size_t word, std::uint64_t one, std::uint64_t two, bool wildable) {
      all[0][r] = Cards();
      all[0][r].words()[word] = one;
      all[1][r] = Cards();
      all[1][r].words()[word] = two;
      first_trade[0][r] = listed[0];
      first_trade[1][r] = listed[1];
      if (one != 0 && wildable) {
        const std::uint64_t second = two - one;  // 0 unless the rank gives two naturals
        listed[0]->word = word;  // a straight's trade gives up one natural: `both` is not read
        listed[0]->one = one;
        ++listed[0];
        *listed[1]++ = {word, second != 0 ? second : one, second != 0 ? two : 0};
      }
    };
    // Runs reach the A, or the 2 under twos_in_runs (gan_deng_yan/rules.cpp). The ranks 3
    // to A fill words 0 to 2, four lanes each, and a joker may stand for any of
    // them: a loop with constant lanes and no test of the rank.
    assert(top == kRankA || top == kRank2);
    for (std::size_t word = 0; word < 3; ++word) {
      for (int lane = 0; lane < 4; ++lane) {
        const std::uint64_t mask = std::uint64_t{0xFFFF} << (16 * lane);
        add_rank(static_cast<int>(4 * word) + lane, word, firsts.one[word] & mask, firsts.two[word] & mask, true);
      }
    }
    if (top == kRank2) add_rank(kRank2, 3, firsts.one[3] & 0xFFFF, firsts.two[3] & 0xFFFF, wild_two_ > 0);
    first_trade[0][top + 1] = listed[0];
    first_trade[1][top + 1] = listed[1];
    // The runs of one width (a std::integral_constant), from its tables.
    auto runs_of = [&](auto width_constant, Kind kind, int min_len, int max_len) {
      constexpr int width = decltype(width_constant)::value;
      const Cards(&given)[kNumRanks] = all[width - 1];
      const std::uint16_t(&lacking)[4 * Cards::kWords] = lacks[width - 1];
      const std::uint16_t(&lacking_below)[4 * Cards::kWords + 1] = lacks_below[width - 1];
      // The naturals each rank gives, in place in the words of a Cards.
      const std::uint64_t(&given_words)[Cards::kWords] = width == 1 ? firsts.one : firsts.two;
      const Trade* const(&trades_from)[kNumRanks + 1] = first_trade[width - 1];
      // Emits the moves of the window [s, r] while it has a joker to spare
      // (missing < wild): its naturals `full` with `missing` jokers, then its variants.
      auto window = [&](Sink& out, auto missing_constant, const Cards& full, std::uint64_t declared, int naturals,
                        const Trade* first, const Trade* last) {
        constexpr int missing = decltype(missing_constant)::value;
        if (keep_one || naturals >= (missing == 0 ? 1 : keep))
          out.put(full, declared).words()[3] |= jokers[missing];
        if (!keep_one && naturals <= keep) return;  // no natural to give up
        // The variants: the window's cards, each patched in place to hold one (two)
        // more jokers and give up the traded naturals.
        const std::uint64_t one_more = jokers[missing + 1], two_more = jokers[missing + 2];
        // Each checked put() leaves room for the moves of one loop over the trades
        // (at most one a rank) unchecked: the window's, once it is sure to be
        // written (always under keep_one), and each trade's with a second.
        if (missing + 1 == wild || (!keep_one && naturals - 2 < keep)) {
          for (const Trade* t = first; t != last; ++t) {
            auto& words = (keep_one ? out.put_unchecked(full, declared) : out.put(full, declared)).words();
            words[3] |= one_more;
            words[t->word] -= t->one;
          }
          return;
        }
        for (const Trade* t = first; t != last; ++t) {
          auto& words = out.put(full, declared).words();
          words[3] |= one_more;
          words[t->word] -= t->one;
          for (const Trade* u = t + 1; u != last; ++u) {
            auto& more = out.put_unchecked(full, declared).words();
            more[3] |= two_more;
            more[t->word] -= t->one;
            more[u->word] -= u->one;
          }
          if (width == 2 && t->both != 0) {
            auto& more = out.put_unchecked(full, declared).words();
            more[3] |= two_more;
            more[t->word] -= t->both;
          }
        }
      };
      constexpr std::uint64_t kLonger = declaration(Kind::pass, 0, width);  // a window one rank longer
      // Ranks and lengths are unsigned here: they index arrays.
      const unsigned first_len = static_cast<unsigned>(min_len), last_len = static_cast<unsigned>(max_len);
      // The windows starting at s, from the shortest [s, s + first_len - 1], one
      // rank longer at a time. The jokers a window lacks only grow with it: first
      // the windows with a joker to spare, then (the usual case) those without,
      // one move each, in a loop of their own.
      auto windows_from = [&](Sink& out, unsigned s, const Cards& shortest, std::uint64_t shortest_declared) {
        unsigned r = s + first_len - 1;
        int missing = lacking_below[r + 1] - lacking_below[s];
        if (missing > wild) return;
        Cards full = shortest;  // the naturals of ranks s to r
        if constexpr (width == 2) {  // a range of lanes (see below)
          for (std::size_t w = 0; w < Cards::kWords; ++w)
            full.words()[w] = given_words[w] & kLanesBelow[r + 1][w] & ~kLanesBelow[s][w];
        }
        std::uint64_t declared = shortest_declared;
        int naturals = width * static_cast<int>(first_len) - missing;
        const unsigned end = std::min(static_cast<unsigned>(top), s + last_len - 1);
        // The windows lacking `m` (a constant below wild) cards; false when no
        // longer window is left (the next lacks too many, or is too long).
        auto with_spare = [&](auto m) {
          while (missing == decltype(m)::value) {
            window(out, m, full, declared, naturals, trades_from[s], trades_from[r + 1]);
            if (++r > end) return false;
            const int lack = lacking[r];
            missing += lack;
            naturals += width - lack;
            full += given[r];
            declared += kLonger;
          }
          return missing <= wild;  // longer windows lack as much
        };
        if constexpr (wild == 2) {
          if (!with_spare(std::integral_constant<int, 0>{})) return;
        }
        if (!with_spare(std::integral_constant<int, wild - 1>{})) return;
        // No joker to spare: the window alone (once it keeps enough naturals),
        // lengthened while the next ranks lack nothing.
        if constexpr (!keep_one) {
          for (; naturals < keep; naturals += width) {
            if (++r > end || lacking[r] != 0) return;
            full += given[r];
            declared += kLonger;
          }
        }
        full += jokers_cards;  // each of these windows lacks all the wild jokers (added whole, see all)
        out.make_room();  // for one window a rank at most (see Sink::kSlack)
        for (;;) {
          out.put_unchecked(full, declared);
          if (++r > end || lacking[r] != 0) return;
          full += given[r];
          declared += kLonger;
        }
      };
      // The shortest window of each start: for straights, slid a rank up from the
      // last start's (by whole Cards, see all); for connected pairs, most of whose
      // starts lack too much, taken from a range of lanes when a start has windows.
      if (first_len - 1 > static_cast<unsigned>(top)) return;  // no run is that long
      Cards shortest;
      for (std::size_t w = 0; w < Cards::kWords; ++w)
        shortest.words()[w] = given_words[w] & kLanesBelow[first_len][w];
      std::uint64_t shortest_declared = declaration(kind, 0, width * static_cast<int>(first_len));
      constexpr std::uint64_t kHigher = declaration(Kind::pass, 1, 0);  // a window one rank higher
      for (unsigned s = 0;; ++s) {
        windows_from(sink, s, shortest, shortest_declared);
        if (s + first_len > static_cast<unsigned>(top)) break;  // the last start
        if constexpr (width == 1) {
          shortest -= given[s];
          shortest += given[s + first_len];
        }
        shortest_declared += kHigher;
      }
    };
    runs_of(std::integral_constant<int, 1>{}, Kind::straight, cfg_.straight_min_len, cfg_.straight_max_len);
    runs_of(std::integral_constant<int, 2>{}, Kind::pairs, cfg_.pairs_min, cfg_.pairs_max);
    sink_ = sink;
  }

  // Every way to fill the window [start, start + len) with `width` cards per rank.
  [[gnu::always_inline]] void run(Kind kind, int width, int start, int len) {
    if (start < 0 || start + len - 1 > cfg_.run_top) return;
    if (kind == Kind::straight && (len < cfg_.straight_min_len || len > cfg_.straight_max_len)) return;
    if (kind == Kind::pairs && (len < cfg_.pairs_min || len > cfg_.pairs_max)) return;
    Window w;
    for (int r = start; r < start + len; ++r)
      if (!extend(w, width, r)) return;
    if (w.jokers <= wild_) trade(kind, width, start, len, w);
  }

  // Emits one variant of the window `w`: `cards` with `jokers` jokers, if it keeps
  // enough naturals. (A member always inlined: as a lambda, the compiler sometimes
  // left it a call in the follows.)
  [[gnu::always_inline]] void variant_of(const Window& w, Kind kind, int start, int length, const Cards& cards,
                                         int jokers) {
    const int naturals = w.naturals - (jokers - w.jokers);  // each joker replaced a natural
    if (naturals > 0 && (jokers == 0 || naturals >= min_naturals_)) emit(kind, start, length, cards, jokers);
  }

  // Emits the window's full cards, then every variant trading naturals for jokers
  // at its reducible ranks, each exactly once, depth first: at each reducible rank
  // in turn (lowest first) trade 1..most naturals, then go on to the later ranks,
  // while wild jokers last.
  [[gnu::always_inline]] void trade(Kind kind, int width, int start, int len, const Window& w) {
    const int length = len * width;
    variant_of(w, kind, start, length, w.full, w.jokers);
    const int spare = wild_ - w.jokers;
    if (spare == 0) return;
    if (width == 1 && spare <= 2) {
      // Straights with one or two jokers to spare (the usual case): every rank held
      // gives up its one card, so the variants are the ranks and the rank pairs.
      for (int i = 0; i < w.reducible; ++i) {
        const Cards one = w.less(w.full, i, 1);
        variant_of(w, kind, start, length, one, w.jokers + 1);
        if (spare == 1) continue;
        for (int k = i + 1; k < w.reducible; ++k) variant_of(w, kind, start, length, w.less(one, k, 1), w.jokers + 2);
      }
      return;
    }
    // The general case, with an explicit stack: level l (1..depth) traded
    // traded[l] naturals at reducible rank at[l]; `cards` and `jokers` are the
    // current variant's. (from, d) is the next child to try under level `depth`.
    int at[kNumRanks + 1], traded[kNumRanks + 1];
    int depth = 0;
    Cards cards = w.full;
    int jokers = w.jokers;
    int from = 0, d = 1;
    while (true) {
      if (from < w.reducible) {
        if (d <= w.most[from] && jokers + d <= wild_) {
          ++depth;  // trade d naturals at rank `from`, emit, then try the later ranks
          at[depth] = from;
          traded[depth] = d;
          cards.words()[static_cast<std::size_t>(w.rank[from] >> 2)] -= w.fewer[from][d - 1];
          jokers += d;
          variant_of(w, kind, start, length, cards, jokers);
          ++from;
          d = 1;
        } else {
          ++from;  // no more trades at this rank
          d = 1;
        }
        continue;
      }
      if (depth == 0) return;
      // Back up, then trade one more natural at the rank this level used.
      from = at[depth];
      d = traded[depth];
      cards.words()[static_cast<std::size_t>(w.rank[from] >> 2)] += w.fewer[from][d - 1];
      jokers -= d;
      --depth;
      ++d;
    }
  }

  const Config& cfg_;
  Sink sink_;
  const std::array<std::uint64_t, Cards::kWords>& hand_;
  // Natural cards per rank, four ranks per word in 16-bit lanes (rank r: word r/4).
  std::uint64_t counts_[4];
  std::uint32_t held_ = 0;  // leads(): bit r set when rank r has a natural card
  // leads() without wild jokers: bit r set when rank r has two naturals, noted by
  // groups_without_jokers() as it meets them (cheaper than counting every rank again).
  std::uint32_t held_pairs_ = 0;
  int black_ = 0;
  int red_ = 0;
  int wild_ = 0;      // jokers that may stand in one combination
  int wild_two_ = 0;  // of those, how many may stand for a 2
  int min_naturals_ = 1;
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

Kind group_kind(const Config& cfg, int rank, int n) { return kind_of_group(cfg, rank, n); }

namespace {

// The leads of a hand with more than two wild jokers, or jokers whose colours
// matter: the general loops, compiled apart from the usual hands' so that each
// keeps its own registers.
[[gnu::noinline]] void unusual_leads(const Config& cfg, const Cards& hand, MoveList& out) {
  Generator(cfg, hand, out).leads();
}

}  // namespace

void generate_leads(const Config& cfg, const Cards& hand, MoveList& out) {
  out.clear();
  Generator generator(cfg, hand, out);
  if (generator.usual_leads())
    generator.leads();
  else
    unusual_leads(cfg, hand, out);
}

void generate_follows(const Config& cfg, const Cards& hand, const Move& table, MoveList& out) {
  out.clear();
  append_follows(cfg, hand, table, out);
}

void append_follows(const Config& cfg, const Cards& hand, const Move& table, MoveList& out) {
  if (follows_without_jokers(cfg, hand, table, out)) return;
  Generator(cfg, hand, out).follows(table);
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
