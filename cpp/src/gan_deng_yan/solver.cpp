// The exact endgame solver: depth-first proof-number search (see gan_deng_yan/solver.h).
#include "ganzdy/gan_deng_yan/solver.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <string>

#include "ganzdy/core/errors.h"
#include "ganzdy/search/playout.h"

namespace ganzdy::gdy {

namespace {

using Clock = std::chrono::steady_clock;

// Proof and disproof numbers saturate below kInf; kInf itself means proved.
constexpr std::uint32_t kInf = 0x3FFFFFFF;

struct Numbers {
  std::uint32_t pn = 1;
  std::uint32_t dn = 1;
};
constexpr Numbers kWin{0, kInf};
constexpr Numbers kLoss{kInf, 0};

struct Key {
  std::uint64_t index = 0;  // picks the bucket
  std::uint64_t check = 0;  // stored whole, must match
};

constexpr std::uint64_t rotl(std::uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

// The 64-bit finaliser of MurmurHash3: every input bit reaches every output bit.
constexpr std::uint64_t avalanche(std::uint64_t h) {
  h ^= h >> 33;
  h *= 0xFF51AFD7ED558CCDULL;
  h ^= h >> 33;
  h *= 0xC4CEB9FE1A85EC53ULL;
  h ^= h >> 33;
  return h;
}

// Two hashes of the words that decide the question, with unrelated constants.
class KeyBuilder {
 public:
  void add(std::uint64_t w) {
    a_ = rotl(a_ ^ (w * 0x9E3779B97F4A7C15ULL), 27) * 0xC2B2AE3D27D4EB4FULL + 0x165667B19E3779F9ULL;
    b_ = rotl(b_ + (w * 0xD6E8FEB86659FD93ULL), 31) * 0x85EBCA77C2B2AE63ULL ^ 0x27D4EB2F165667C5ULL;
  }
  void add(const Cards& cards) {
    for (std::uint64_t w : cards.words()) add(w);
  }
  Key key() const { return {avalanche(a_), avalanche(b_ ^ 0x5851F42D4C957F2DULL)}; }

 private:
  std::uint64_t a_ = 0x243F6A8885A308D3ULL;
  std::uint64_t b_ = 0x13198A2E03707344ULL;
};

Key position_key(const Deal& d) {
  KeyBuilder k;
  for (int s = 0; s < d.players(); ++s) k.add(d.hand(s));
  const DealInfo& in = d.info();
  k.add(in.table.cards);
  k.add(static_cast<std::uint64_t>(in.table.kind) | static_cast<std::uint64_t>(in.table.rank + 1) << 8 |
        static_cast<std::uint64_t>(in.table.length) << 16 | static_cast<std::uint64_t>(in.table_owner + 1) << 24 |
        static_cast<std::uint64_t>(in.current) << 32 | static_cast<std::uint64_t>(in.passes) << 40 |
        static_cast<std::uint64_t>(in.over) << 48 | static_cast<std::uint64_t>(in.out_mask) << 56);
  return k.key();
}

// The table: buckets of two 32-byte entries, one 64-byte cache line each. It
// starts small (a small solve should not pay for memory it never uses) and
// doubles, rehashing, whenever half its entries are in use, up to 2^max_bits
// entries; from then on a full bucket gives up the entry that cost least to
// compute.
struct Entry {
  std::uint64_t index;  // the key whole, so the table can grow
  std::uint64_t check;
  std::uint32_t pn;
  std::uint32_t dn;
  std::uint32_t work;  // expansions spent under this node (saturating): the replacement priority
  std::uint32_t used;  // 1: the entry holds a position
};
static_assert(sizeof(Entry) == 32);
constexpr int kWays = 2;
constexpr int kFirstBits = 10;

class Table {
 public:
  explicit Table(int max_bits) : max_bits_(std::clamp(max_bits, kFirstBits, 34)) { resize(kFirstBits); }

  void prefetch(const Key& key) const { __builtin_prefetch(bucket(key)); }

  const Entry* probe(const Key& key) const {
    const Entry* b = bucket(key);
    for (int i = 0; i < kWays; ++i)
      if (b[i].check == key.check && b[i].index == key.index && b[i].used != 0) return &b[i];
    return nullptr;
  }

  void store(const Key& key, Numbers n, std::uint64_t work) {
    Entry* b = bucket(key);
    Entry* slot = nullptr;
    for (int i = 0; i < kWays && slot == nullptr; ++i)
      if (b[i].check == key.check && b[i].index == key.index && b[i].used != 0) slot = &b[i];
    if (slot == nullptr) {
      // An empty way, else the one that cost least to compute.
      slot = &b[0];
      for (int i = 0; i < kWays; ++i) {
        if (b[i].used == 0) {
          slot = &b[i];
          break;
        }
        if (b[i].work < slot->work) slot = &b[i];
      }
      if (slot->used == 0) ++used_;
      slot->work = 0;
    }
    slot->index = key.index;
    slot->check = key.check;
    slot->pn = n.pn;
    slot->dn = n.dn;
    slot->work = static_cast<std::uint32_t>(std::min<std::uint64_t>(std::max<std::uint64_t>(work, slot->work), 0xFFFFFFFFu));
    slot->used = 1;
    if (used_ * 2 > size_ && bits_ < max_bits_) grow();
  }

 private:
  struct Free {
    void operator()(Entry* p) const { std::free(p); }
  };
  using Storage = std::unique_ptr<Entry, Free>;

  Entry* bucket(const Key& key) const { return entries_.get() + (key.index >> shift_) * kWays; }

  void resize(int bits) {
    const std::size_t size = std::size_t{1} << bits;
    Storage fresh(static_cast<Entry*>(std::aligned_alloc(64, size * sizeof(Entry))));
    if (!fresh) throw std::bad_alloc();
    std::memset(static_cast<void*>(fresh.get()), 0, size * sizeof(Entry));
    Storage old = std::move(entries_);
    const std::size_t old_size = size_;
    entries_ = std::move(fresh);
    bits_ = bits;
    size_ = size;
    shift_ = 64 - (bits - 1);
    used_ = 0;
    for (std::size_t i = 0; i < old_size; ++i) {
      const Entry& e = old.get()[i];
      if (e.used == 0) continue;
      Entry* b = entries_.get() + (e.index >> shift_) * kWays;
      for (int w = 0; w < kWays; ++w) {
        if (b[w].used == 0) {
          b[w] = e;
          ++used_;
          break;
        }
      }
    }
  }
  void grow() {
    try {
      resize(bits_ + 1);
    } catch (const std::bad_alloc&) {
      max_bits_ = bits_;  // out of memory: keep the table as it is and replace entries
    }
  }

  Storage entries_;
  int max_bits_;
  int bits_ = 0;
  std::size_t size_ = 0;
  std::size_t used_ = 0;
  int shift_ = 0;
};

// A quick estimate of the plays a hand needs to go out: one per rank held, a run
// of three or more single ranks (within 3..A) counted as one.
std::uint32_t plays_needed(const Cards& hand) {
  int groups = 0;
  int saved = 0;
  int run = 0;
  for (int r = 0; r < kNumRanks; ++r) {
    // The four suit counters of the rank summed in the lane's top nibble (at most 8).
    const int c = static_cast<int>((static_cast<std::uint32_t>(hand.rank_lane(r)) * 0x1111u) >> 12 & 0xF);
    if (c > 0) ++groups;
    if (c == 1 && r <= kRankA) {
      ++run;
    } else {
      if (run >= 3) saved += run - 1;
      run = 0;
    }
  }
  if (run >= 3) saved += run - 1;
  return static_cast<std::uint32_t>(std::max(1, groups - saved));
}

std::uint32_t saturating_add(std::uint32_t a, std::uint32_t b) {
  const std::uint64_t s = std::uint64_t{a} + b;
  return s >= kInf ? kInf - 1 : static_cast<std::uint32_t>(s);
}

struct Child {
  Key key;
  Numbers n;
  bool fixed = false;       // decided on reaching it: no key, no search
  std::uint8_t passes = 0;  // forced passes after the move (seats with no answer to it)
};

constexpr int kMaxScore = 63;
constexpr int kControlBudget = 32;  // partition calls per control check
constexpr int kKnownBits = 16;      // entries of the partition cache, once the search is not tiny
constexpr int kFirstKnownBits = 8;

struct Frame {
  MoveList moves;
  std::vector<std::uint16_t> order;
  std::vector<std::uint8_t> scores;
  std::vector<Child> kids;
};

class Search {
 public:
  Search(const Deal& deal, const SolveOptions& options, int seat)
      : deal_(deal.copy_without_history()), options_(options), seat_(seat), table_(options.tt_bits) {
    int cards = 0;
    for (int s = 0; s < deal_.players(); ++s) cards += deal_.hand_size(s);
    // Every play takes a card; at most players - 1 passes come between two plays.
    frames_.resize(static_cast<std::size_t>(cards * deal_.players() + deal_.players() + 4));
    control_moves_.resize(static_cast<std::size_t>(cards + 1));  // a partition has at most a part a card
    known_.resize(std::size_t{1} << kFirstKnownBits);
    // The control check plays combinations straight from the generator, so it is
    // off where the deal filters legal moves further.
    control_ok_ = !deal_.config().forbid_final_single_two && !deal_.config().must_play_two_first;
    last_report_ = start_;
  }

  SolveResult run();

 private:
  // Whether the question is decided at the deal as it is now, and how.
  bool decided(bool& win) const {
    const DealInfo& in = deal_.info();
    if (in.finished > 0) {
      win = in.finish_order[0] == seat_;
      return true;
    }
    if (in.over != 0) {
      win = false;  // drawn: nobody could lead
      return true;
    }
    return false;
  }

  void order_moves(Frame& f) const;
  // Numbers for a child the table has not seen (df-pn+ style): the plays `seat`
  // still needs as the proof number, the fewest any other seat needs as the
  // disproof number, so the search tries first what looks closest to settling.
  // `mine` and `theirs` are those numbers before the move, `rest` the fewest of
  // the other seats but the mover.
  Numbers initial(const Move& move, int mover, std::uint32_t mine, std::uint32_t theirs, std::uint32_t rest) const {
    if (move.is_pass()) return {mine, theirs};
    const std::uint32_t after = plays_needed(deal_.hand(mover) - move.cards);
    if (mover == seat_) return {after, theirs};
    return {mine, std::min(rest, after)};
  }
  bool control_win(int mover, const MoveList& moves);
  bool partition(const Cards& hand, bool spare, std::size_t level, const MoveList* leads_now);
  bool split(const Cards& hand, bool spare, std::size_t level, const MoveList* leads_now);
  bool unbeatable(const Move& move);
  // Whether the seat to act follows and has nothing but the pass.
  bool only_pass() {
    if (deal_.table().is_pass()) return false;
    deal_.legal_moves(scratch_);
    return scratch_.size() == 1;
  }
  // The move of `moves` that plays the same combination as `part` (which a check
  // took from part of the hand): suits never matter, and joker colours only where
  // the rules tell them apart.
  const Move* listed(const MoveList& moves, const Move& part) const {
    const bool colours = deal_.config().jokers_distinct();
    for (const Move& m : moves) {
      if (m.kind != part.kind || m.rank != part.rank || m.length != part.length) continue;
      bool same = colours ? m.cards.count(kBlackJoker) == part.cards.count(kBlackJoker) &&
                                m.cards.count(kRedJoker) == part.cards.count(kRedJoker)
                          : m.cards.jokers() == part.cards.jokers();
      for (int r = 0; r < kNumRanks && same; ++r) same = m.cards.rank_count(r) == part.cards.rank_count(r);
      if (same) return &m;
    }
    return nullptr;
  }
  void check_limits();
  Numbers mid(int depth, const Key& key, std::uint32_t thpn, std::uint32_t thdn);
  // Plays `move` and the passes forced after it (by seats with no answer); the
  // plies played, and whether the question is then settled, and how.
  int advance(const Move& move, bool& settled, bool& win);
  // Numbers of the child reached by `move` (and its forced passes), not searched;
  // `work` gets the search its table entry cost.
  Numbers peek(const Move& move, std::uint64_t* work);
  // Proved numbers of that child, searching it if the table lost them.
  Numbers prove(int depth, const Move& move);
  // In a proved position, a move that keeps the value where one must be found.
  const Move* keeping_move(int depth, const MoveList& moves, const std::vector<std::uint16_t>& order,
                           bool target_win);
  // Where every move keeps the value: the one whose proof cost the most search.
  const Move* stubbornest(const MoveList& moves, const std::vector<std::uint16_t>& order);
  void extract(SolveResult& result);
  void extract_partial(SolveResult& result);

  Clock::time_point start_ = Clock::now();  // first: the setup below counts in the time
  Deal deal_;
  const SolveOptions& options_;
  int seat_;
  Table table_;
  std::vector<Frame> frames_;
  // The control check: the other seats still in, scratch buffers, a call budget.
  bool control_ok_ = true;
  int others_[kMaxPlayers] = {};
  int other_count_ = 0;
  int budget_ = 0;
  std::vector<MoveList> control_moves_;
  // Partition results by hand, the other hands and `spare` (only results the
  // budget did not cut short): the search meets the same hands again and again.
  struct Known {
    std::uint64_t check = 0;
    std::uint8_t value = 0;  // 0: empty, 1: splits, 2: does not
  };
  std::vector<Known> known_;
  std::uint64_t others_key_ = 0;
  int known_bits_ = kFirstKnownBits;
  bool use_known_ = true;
  // The line a successful check found, last part first; `now` is the part to play
  // first (an unbeatable one, or the follow that wins the trick).
  std::vector<Move> line_;
  Move now_;
  MoveList follows_;
  MoveList scratch_;
  std::uint64_t nodes_ = 0;
  bool stop_ = false;
  bool limits_ = true;  // off while extracting a proved line
  Clock::time_point last_report_;
};

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

void Search::order_moves(Frame& f) const {
  // More cards first; at equal size a bomb after other plays; the pass last. A
  // stable counting sort on that score (moves keep generation order within one).
  const std::size_t n = f.moves.size();
  f.order.resize(n);
  std::array<std::uint16_t, kMaxScore + 2> start{};
  f.scores.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Move& m = f.moves[i];
    const int score = m.is_pass() ? 0 : std::min(kMaxScore, 1 + m.length * 2 + (m.is_bomb() ? 0 : 1));
    f.scores[i] = static_cast<std::uint8_t>(kMaxScore - score);  // ascending slot: best first
    ++start[static_cast<std::size_t>(kMaxScore - score) + 1];
  }
  for (std::size_t k = 1; k < start.size(); ++k) start[k] = static_cast<std::uint16_t>(start[k] + start[k - 1]);
  for (std::size_t i = 0; i < n; ++i) f.order[start[f.scores[i]]++] = static_cast<std::uint16_t>(i);
}

void Search::check_limits() {
  if (!limits_) return;
  if (options_.max_nodes > 0 && nodes_ >= options_.max_nodes) stop_ = true;
  if ((nodes_ & 1023) != 0 || stop_) return;
  const auto now = Clock::now();
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  if (options_.time_limit > 0 && elapsed >= options_.time_limit) stop_ = true;
  if (options_.progress && std::chrono::duration<double>(now - last_report_).count() >= options_.progress_interval) {
    last_report_ = now;
    if (!options_.progress(nodes_, elapsed)) stop_ = true;
  }
}

Numbers Search::mid(int depth, const Key& key, std::uint32_t thpn, std::uint32_t thdn) {
  if (const Entry* e = table_.probe(key)) {
    if (e->pn >= thpn || e->dn >= thdn) return {e->pn, e->dn};
  }
  ++nodes_;
  check_limits();
  if (stop_) return {};
  const std::uint64_t nodes_before = nodes_;

  Frame& f = frames_[static_cast<std::size_t>(depth)];
  deal_.legal_moves(f.moves);
  require_moves(deal_, f.moves);
  const int mover = deal_.current_player();
  const bool or_node = mover == seat_;
  const int size = deal_.hand_size(mover);
  for (const Move& m : f.moves) {
    if (m.length == size) {  // the mover goes out at once
      const Numbers n = or_node ? kWin : kLoss;
      table_.store(key, n, 1);
      return n;
    }
  }
  if (control_win(mover, f.moves)) {
    const Numbers n = or_node ? kWin : kLoss;
    table_.store(key, n, 1);
    return n;
  }
  order_moves(f);
  const std::size_t count = f.moves.size();
  f.kids.resize(count);
  // Every child's key first, fetching its bucket, then every child's numbers: the
  // table's cache misses overlap instead of following one another.
  for (std::size_t i = 0; i < count; ++i) {
    Child& c = f.kids[i];
    // A seat that cannot answer the move can only pass: the child is the position
    // after its pass (and the next one's), not a node of its own.
    bool win = false;
    const int plies = advance(f.moves[f.order[i]], c.fixed, win);
    c.passes = static_cast<std::uint8_t>(plies - 1);
    if (c.fixed) {
      c.n = win ? kWin : kLoss;
    } else {
      c.key = position_key(deal_);
      table_.prefetch(c.key);
    }
    for (int p = 0; p <= c.passes; ++p) deal_.pop();
    if ((or_node && c.fixed && win) || (!or_node && c.fixed && !win)) {
      const Numbers n = or_node ? kWin : kLoss;
      table_.store(key, n, 1);
      return n;
    }
  }
  const std::uint32_t mine = plays_needed(deal_.hand(seat_));
  std::uint32_t theirs = kInf - 1;
  std::uint32_t rest = kInf - 1;
  for (int s = 0; s < deal_.players(); ++s) {
    if (s == seat_ || deal_.is_out(s)) continue;
    const std::uint32_t p = plays_needed(deal_.hand(s));
    theirs = std::min(theirs, p);
    if (s != mover) rest = std::min(rest, p);
  }
  for (std::size_t i = 0; i < count; ++i) {
    Child& c = f.kids[i];
    if (c.fixed) continue;
    const Entry* e = table_.probe(c.key);
    c.n = e != nullptr ? Numbers{e->pn, e->dn} : initial(f.moves[f.order[i]], mover, mine, theirs, rest);
    if ((or_node && c.n.pn == 0) || (!or_node && c.n.dn == 0)) {
      const Numbers n = or_node ? kWin : kLoss;
      table_.store(key, n, 1);
      return n;
    }
  }

  Numbers n;
  while (true) {
    // The node's numbers from its children's, and the child to search next: the
    // least proof number at an OR node, the least disproof number at an AND node.
    std::size_t best = 0;
    std::uint32_t first = kInf + 1;
    std::uint32_t second = kInf;
    std::uint32_t sum = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const Numbers c = f.kids[i].n;
      const std::uint32_t least = or_node ? c.pn : c.dn;
      const std::uint32_t added = or_node ? c.dn : c.pn;
      if (least < first) {
        second = first;
        first = least;
        best = i;
      } else if (least < second) {
        second = least;
      }
      sum = (added >= kInf || sum >= kInf) ? kInf : saturating_add(sum, added);
    }
    if (second > kInf) second = kInf;
    if (or_node) {
      n = {first, sum};
    } else {
      n = {sum, first};
    }
    if (n.pn == 0) n.dn = kInf;
    if (n.dn == 0) n.pn = kInf;
    if (n.pn >= thpn || n.dn >= thdn || n.pn == 0 || n.dn == 0) break;

    // Thresholds for the child (df-pn with the 1+epsilon trick, epsilon = 1/4).
    const Child& c = f.kids[best];
    const std::uint64_t next = second >= kInf ? kInf : std::uint64_t{second} + 1 + second / 4;
    const std::uint32_t th_least = static_cast<std::uint32_t>(std::min<std::uint64_t>(or_node ? thpn : thdn, next));
    const std::uint32_t th_sum_parent = or_node ? thdn : thpn;
    const std::uint32_t c_added = or_node ? c.n.dn : c.n.pn;
    const std::uint32_t th_added =
        th_sum_parent >= kInf ? kInf
                              : static_cast<std::uint32_t>(std::min<std::uint64_t>(
                                    kInf, std::uint64_t{th_sum_parent} - (or_node ? n.dn : n.pn) + c_added));
    const std::uint32_t cthpn = or_node ? th_least : th_added;
    const std::uint32_t cthdn = or_node ? th_added : th_least;

    const Key child_key = c.key;
    const int passes = c.passes;
    deal_.apply(f.moves[f.order[best]]);
    for (int p = 0; p < passes; ++p) deal_.apply(Move::pass_move());
    const Numbers r = mid(depth + 1, child_key, cthpn, cthdn);
    for (int p = 0; p <= passes; ++p) deal_.pop();
    if (stop_) return n;
    f.kids[best].n = r;
  }
  table_.store(key, n, nodes_ - nodes_before + 1);
  return n;
}

// Whether the seat to act can go out by plays nobody else can beat, but for the
// last. Leading: a partition of its hand into combinations all but one of which
// no other hand can beat; playing those first keeps the lead (everyone else must
// pass, their hands unchanged), and the last one goes out. Following: a beat
// nobody else can answer wins the trick, and then the same with the rest. The
// search would find the same line; this finds it without expanding it. A call
// budget bounds the cost (false when spent).
bool Search::control_win(int mover, const MoveList& moves) {
  if (!control_ok_) return false;
  other_count_ = 0;
  KeyBuilder others;
  for (int s = 0; s < deal_.players(); ++s) {
    if (s != mover && !deal_.is_out(s)) {
      others_[other_count_++] = s;
      others.add(static_cast<std::uint64_t>(s));
      others.add(deal_.hand(s));
    }
  }
  others_key_ = others.key().check;
  budget_ = kControlBudget;
  line_.clear();
  if (known_bits_ < kKnownBits && nodes_ > 4096) {  // a search worth a bigger cache
    known_.assign(std::size_t{1} << kKnownBits, Known{});
    known_bits_ = kKnownBits;
  }
  const Cards& hand = deal_.hand(mover);
  if (deal_.table().is_pass()) {
    if (!partition(hand, true, 0, &moves)) return false;
    // Only extract() reads the line, and it turns the cache off first. With the cache
    // on, a part whose rest came from a lookup left the rest out, and the line can be
    // empty altogether: the verdict is all the search needs.
    if (use_known_ || line_.empty()) return true;
    now_ = line_.front();  // the part played last: the one that may be beaten
    for (const Move& m : line_)
      if (line_.size() == 1 || unbeatable(m)) now_ = m;
    return true;
  }
  for (const Move& m : moves) {
    if (m.is_pass() || !unbeatable(m)) continue;
    if (partition(hand - m.cards, true, 0, nullptr)) {
      now_ = m;
      return true;
    }
    if (budget_ < 0) return false;
  }
  return false;
}

// Whether `hand` splits into leads of which at most one (when `spare`) can be
// beaten. Some part holds the lowest natural card, so only the leads holding its
// rank are tried at each level: each partition is met once, in one order.
bool Search::partition(const Cards& hand, bool spare, std::size_t level, const MoveList* leads_now) {
  if (hand.empty()) return true;
  KeyBuilder k;
  k.add(others_key_ ^ (spare ? 1 : 0));
  k.add(hand);
  const Key key = k.key();
  Known& known = known_[key.index >> (64 - known_bits_)];
  if (use_known_ && known.check == key.check && known.value != 0) return known.value == 1;
  const bool splits = split(hand, spare, level, leads_now);
  if (splits || budget_ >= 0) known = {key.check, static_cast<std::uint8_t>(splits ? 1 : 2)};
  return splits;
}

bool Search::split(const Cards& hand, bool spare, std::size_t level, const MoveList* leads_now) {
  if (--budget_ < 0) return false;
  int low = -1;
  for (int r = 0; r < kNumRanks && low < 0; ++r)
    if (hand.rank_count(r) > 0) low = r;
  if (low < 0) return false;  // jokers alone are no combination
  if (leads_now == nullptr) {
    generate_leads(deal_.config(), hand, control_moves_[level]);
    leads_now = &control_moves_[level];
  }
  const MoveList& leads = *leads_now;
  for (std::size_t i = 0; i < leads.size(); ++i) {
    const Move& m = leads[i];
    if (m.cards.rank_count(low) == 0) continue;
    const bool safe = unbeatable(m);
    if (!safe && !spare) continue;
    if (partition(hand - m.cards, spare && safe, level + 1, nullptr)) {
      line_.push_back(m);
      return true;
    }
    if (budget_ < 0) return false;
  }
  return false;
}

bool Search::unbeatable(const Move& move) {
  for (int i = 0; i < other_count_; ++i) {
    generate_follows(deal_.config(), deal_.hand(others_[i]), move, follows_);
    if (!follows_.empty()) return false;
  }
  return true;
}

int Search::advance(const Move& move, bool& settled, bool& win) {
  deal_.apply(move);
  int plies = 1;
  settled = decided(win);
  while (!settled && only_pass()) {
    deal_.apply(Move::pass_move());
    ++plies;
    settled = decided(win);
  }
  return plies;
}

Numbers Search::peek(const Move& move, std::uint64_t* work) {
  bool settled = false;
  bool win = false;
  const int plies = advance(move, settled, win);
  Numbers n;
  if (work != nullptr) *work = 0;
  if (settled) {
    n = win ? kWin : kLoss;
  } else if (const Entry* e = table_.probe(position_key(deal_))) {
    n = {e->pn, e->dn};
    if (work != nullptr) *work = e->work;
  }
  for (int p = 0; p < plies; ++p) deal_.pop();
  return n;
}

Numbers Search::prove(int depth, const Move& move) {
  Numbers n = peek(move, nullptr);
  if (n.pn == 0 || n.dn == 0) return n;
  bool settled = false;
  bool win = false;
  const int plies = advance(move, settled, win);
  n = mid(depth, position_key(deal_), kInf, kInf);
  for (int p = 0; p < plies; ++p) deal_.pop();
  return n;
}

const Move* Search::keeping_move(int depth, const MoveList& moves, const std::vector<std::uint16_t>& order,
                                 bool target_win) {
  // Going out at once; else the control line's move; else a move the table already
  // proves; else the first one a search proves.
  const int mover = deal_.current_player();
  for (const Move& m : moves)
    if (m.length == deal_.hand_size(mover)) return &m;
  if (control_win(mover, moves))
    if (const Move* m = listed(moves, now_)) return m;
  auto keeps = [&](Numbers n) { return target_win ? n.pn == 0 : n.dn == 0; };
  for (std::uint16_t i : order)
    if (keeps(peek(moves[i], nullptr))) return &moves[i];
  for (std::uint16_t i : order)
    if (keeps(prove(depth + 1, moves[i]))) return &moves[i];
  return nullptr;
}

const Move* Search::stubbornest(const MoveList& moves, const std::vector<std::uint16_t>& order) {
  const Move* pick = nullptr;
  std::uint64_t most = 0;
  for (std::uint16_t i : order) {
    std::uint64_t work = 0;
    peek(moves[i], &work);
    if (pick == nullptr || work > most) {
      pick = &moves[i];
      most = work;
    }
  }
  return pick;
}

void Search::extract(SolveResult& result) {
  // Walk down the proved line. Where `seat` acts in a won position (or another seat
  // in a lost one) take the first move that keeps the value; elsewhere every move
  // keeps it, and the line takes the one whose proof cost the most search: the
  // most stubborn defence.
  limits_ = false;
  use_known_ = false;  // the control line is rebuilt, not looked up
  const bool target_win = result.win;
  MoveList moves;
  std::vector<std::uint16_t> order;
  for (int depth = 0;; ++depth) {
    bool win = false;
    if (decided(win)) break;
    Frame& f = frames_[static_cast<std::size_t>(depth)];
    deal_.legal_moves(f.moves);
    order_moves(f);
    moves = f.moves;
    order = f.order;
    const bool or_node = deal_.current_player() == seat_;
    const bool choose = or_node == target_win;  // one move keeps the value: find it
    const Move* pick = choose ? keeping_move(depth, moves, order, target_win) : stubbornest(moves, order);
    if (pick == nullptr) break;  // cannot happen for a proved value; stop rather than loop
    result.pv.push_back(*pick);
    deal_.apply(*pick);
  }
  while (!deal_.history().empty()) deal_.pop();
}

void Search::extract_partial(SolveResult& result) {
  // The most promising line: least proof number where `seat` acts, least
  // disproof number elsewhere, as far as the table has seen it.
  MoveList moves;
  for (int depth = 0; depth < 256; ++depth) {
    bool win = false;
    if (decided(win)) break;
    if (depth > 0 && table_.probe(position_key(deal_)) == nullptr) break;
    deal_.legal_moves(moves);
    Frame& f = frames_[0];
    f.moves = moves;
    order_moves(f);
    const bool or_node = deal_.current_player() == seat_;
    const Move* pick = nullptr;
    std::uint32_t least = 0;
    for (std::uint16_t i : f.order) {
      const Numbers n = peek(moves[i], nullptr);
      const std::uint32_t v = or_node ? n.pn : n.dn;
      if (pick == nullptr || v < least) {
        pick = &moves[i];
        least = v;
      }
    }
    if (pick == nullptr) break;
    result.pv.push_back(*pick);
    bool settled = false;
    const int plies = advance(*pick, settled, win);  // the forced passes too: the table has no entry before them
    for (int p = 1; p < plies; ++p) result.pv.push_back(Move::pass_move());
  }
  while (!deal_.history().empty()) deal_.pop();
}

SolveResult Search::run() {
  SolveResult result;
  result.seat = seat_;
  bool win = false;
  if (decided(win)) {
    result.win = win;
    result.complete = true;
    result.proof = win ? 0 : kInf;
    result.disproof = win ? kInf : 0;
    return result;
  }
  const Numbers n = mid(0, position_key(deal_), kInf, kInf);
  result.proof = n.pn;
  result.disproof = n.dn;
  result.complete = !stop_ && (n.pn == 0 || n.dn == 0);
  if (result.complete) {
    result.win = n.pn == 0;
    extract(result);
  } else {
    extract_partial(result);
  }
  if (!result.pv.empty()) result.best_move = result.pv.front();
  result.nodes = nodes_;  // extracting the line may search a little more
  result.seconds = seconds_since(start_);
  return result;
}

}  // namespace

SolveResult solve(const Deal& deal, const SolveOptions& options) {
  if (deal.stock_size() > 0)
    throw GanzdyError("solve: the stock still holds " + std::to_string(deal.stock_size()) +
                      (deal.stock_size() == 1 ? " card" : " cards") +
                      "; the solver needs an empty stock, where every hand is known and nothing is left to chance");
  int seat = options.seat;
  if (seat < 0) seat = deal.current_player();
  if (seat >= deal.players())
    throw RulesError("solve: seat=" + std::to_string(seat) + " is not a seat: expected 0 to " +
                     std::to_string(deal.players() - 1));
  Search search(deal, options, seat);
  return search.run();
}

}  // namespace ganzdy::gdy
