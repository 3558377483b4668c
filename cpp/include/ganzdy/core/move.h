// Moves: cards plus a declaration.
//
// The same cards can mean several combinations when a wildcard is among them, and
// the declaration decides what must beat them, so a move is (kind, key rank,
// length, cards). A move is a plain 40-byte value; generation writes them into a
// caller's reusable buffer without allocating.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <vector>
#include <optional>
#include <string>
#include <string_view>

#include "ganzdy/core/cards.h"

namespace ganzdy {

// Every combination kind of every game; a game uses a subset.
enum class Kind : std::uint8_t {
  pass = 0,
  single,
  pair,
  triple,
  straight,
  pairs,      // connected pairs (连对)
  bomb,
  king_bomb,  // two jokers, where the rules allow it
  jokers,     // a final play of jokers alone, where the rules allow it (Gan Deng Yan stuck leader)
  // Guandan (掼蛋).
  full_house,      // a triple plus a pair of another rank (三带二); key: the triple's rank
  three_with_one,  // a triple plus one card of another rank (三带一), where the rules allow it
  tube,            // connected pairs of a fixed count (三连对)
  plate,           // connected triples of a fixed count (钢板)
  straight_flush,  // a straight of one suit (同花顺), a bomb
  joker_bomb,      // all four jokers (天王炸)
  // Gouji (够级).
  group,  // cards of one rank with 2s joining as that rank and jokers hung on it (一手牌); key: that rank
  // Guandan's tribute phase (guandan/deal.h): one card each, rankless, never on the table
  // (Move::is_tribute: tribute to tribute_return).
  tribute,         // a loser pays a card (进贡)
  tribute_pick,    // the first player out picks a tribute card from the pool ("pick")
  tribute_return,  // a receiver gives a card back (还贡, "return"; Gouji's returns too)
  // Gouji's decisions (gouji/deal.h). Only buy carries a card; the others are words.
  buy,       // the 2 or joker a player pays for a 3 (买三)
  yield,     // let the next players act first (让牌)
  revolt,    // sit the hand out (革命)
  yaotou,    // a revolutionary stays its 对家's head for a few gouji plays (要头)
  wutou,     // a revolutionary leaves its 对家 headless (无头)
  xuandian,  // declare points (宣点)
};
inline constexpr int kNumKinds = 25;
// Gan Deng Yan uses the first nine kinds; its observation one-hot has this many.
inline constexpr int kNumGdyKinds = 9;
// Whether a move of `kind` is a word with no cards: the pass and Gouji's yield and declarations.
constexpr bool is_word_kind(Kind kind) { return kind == Kind::pass || kind >= Kind::yield; }

std::string_view kind_name(Kind kind);
std::optional<Kind> parse_kind(std::string_view name);
// Whether a declaration of `kind` on `cards` has no key rank: the pass, the bombs
// of jokers, Gan Deng Yan's jokers-only final play, a single or pair of jokers
// (Guandan ranks them by their colour), a Gouji group of jokers alone, the
// tribute moves and Gouji's purchases (the card says it all), and the words.
bool is_rankless(Kind kind, const Cards& cards);

struct Move {
  Cards cards;
  Kind kind = Kind::pass;
  std::int8_t rank = kNoRank;  // the group's rank, or the lowest rank of a run
  std::uint8_t length = 0;     // number of cards played

  static Move pass_move() { return Move{}; }
  // A move of no cards: a word of the deal's procedure (Gouji's yield, revolt, ...).
  static Move word_move(Kind kind) { return Move{Cards{}, kind, kNoRank, 0}; }
  // A one-card move of the deal's procedure (a Guandan tribute, pick or return, a
  // Gouji purchase or return): `face` changing hands.
  static Move card_move(Kind kind, int face);
  bool is_pass() const { return kind == Kind::pass; }
  // The one face of a one-card move, or -1 for any other move.
  int single_face() const;
  // A Guandan tribute, pick or return: a card changing hands before play.
  bool is_tribute() const { return kind >= Kind::tribute && kind <= Kind::tribute_return; }
  // The pass, or one of Gouji's words (yield, revolt, ...): no cards.
  bool is_word() const { return is_word_kind(kind); }
  bool is_bomb() const {
    return kind == Kind::bomb || kind == Kind::king_bomb || kind == Kind::straight_flush || kind == Kind::joker_bomb;
  }
  // Whether the kind is a run of consecutive ranks, whose text names its first and last rank.
  bool is_run() const {
    return kind == Kind::straight || kind == Kind::pairs || kind == Kind::tube || kind == Kind::plate ||
           kind == Kind::straight_flush;
  }

  // "5s BJ RJ as straight 3-5", "pass", "yield"; accepted back by move parsing.
  std::string str() const;
  // Ranks covered by a run declaration: its length in ranks (cards / width).
  int run_ranks() const {
    return (kind == Kind::pairs || kind == Kind::tube) ? length / 2 : kind == Kind::plate ? length / 3 : length;
  }
  std::uint64_t hash() const;

  friend bool operator==(const Move&, const Move&) = default;
  friend bool operator<(const Move& a, const Move& b) {
    if (a.kind != b.kind) return a.kind < b.kind;
    if (a.rank != b.rank) return a.rank < b.rank;
    if (a.length != b.length) return a.length < b.length;
    return a.cards < b.cards;
  }
};

// A reusable buffer of moves. Generation appends to it; clear() keeps the storage,
// so once it has grown to the longest list it has held, filling it allocates
// nothing (Stockfish's MoveList, sized by use rather than by a worst case).
class MoveList {
 public:
  MoveList() = default;
  template <typename It>
  MoveList(It first, It last) {
    for (; first != last; ++first) push_back(*first);
  }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }
  Move* begin() { return buf_.data(); }
  Move* end() { return buf_.data() + size_; }
  const Move* begin() const { return buf_.data(); }
  const Move* end() const { return buf_.data() + size_; }
  // The storage runs past size(); only the live moves may be read.
  Move& operator[](std::size_t i) {
    assert(i < size_);
    return buf_[i];
  }
  const Move& operator[](std::size_t i) const {
    assert(i < size_);
    return buf_[i];
  }
  const Move& front() const {
    assert(size_ > 0);
    return buf_[0];
  }
  const Move& back() const {
    assert(size_ > 0);
    return buf_[size_ - 1];
  }

  void push_back(const Move& move) { next() = move; }
  // The slot of the next move, for a generator to fill in place.
  Move& next() {
    if (size_ == capacity_) grow();
    return buf_[size_++];
  }

  // For a generator that writes moves straight into the storage (through a
  // cursor it keeps in registers): the slots [begin(), begin() + capacity()) are
  // writable; grow() doubles them, keeping the live moves; set_size(n) makes the
  // first n slots live (n <= capacity()).
  std::size_t capacity() const { return capacity_; }
  void grow() {
    capacity_ = capacity_ == 0 ? 64 : 2 * capacity_;
    buf_.resize(capacity_);
  }
  void set_size(std::size_t n) { size_ = n; }
  template <typename Pred>
  void erase_if(Pred pred) {
    size_ = static_cast<std::size_t>(std::remove_if(begin(), end(), pred) - begin());
  }

 private:
  std::vector<Move> buf_;  // capacity_ slots, of which size_ are live
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

// Where one generation call writes: a cursor into a MoveList's storage past its
// live moves, committed once at the end, so a generator's hot loops keep it in
// a register. Appends; grows the list when it is full.
class MoveSink {
 public:
  explicit MoveSink(MoveList& list) : list_(&list), next_(list.end()), limit_(list.begin() + list.capacity()) {}

  void put(const Cards& cards, Kind kind, int rank, int length) {
    Move& m = next();
    m.cards = cards;
    m.kind = kind;
    m.rank = static_cast<std::int8_t>(rank);
    m.length = static_cast<std::uint8_t>(length);
  }
  // The next slot, for a generator that fills a move in place (every field:
  // the slot holds whatever it last held).
  Move& next() {
    if (next_ == limit_) [[unlikely]] {
      const auto written = static_cast<std::size_t>(next_ - list_->begin());
      list_->set_size(written);
      list_->grow();
      next_ = list_->begin() + written;
      limit_ = list_->begin() + list_->capacity();
    }
    return *next_++;
  }
  void commit() const { list_->set_size(static_cast<std::size_t>(next_ - list_->begin())); }

 private:
  MoveList* list_;
  Move* next_;
  Move* limit_;
};

// Move text as people and records write it: "pass", "<cards>", or "<cards> as
// <kind> [<rank>[-<rank>]]" (e.g. "5s BJ RJ as straight 3-5"). A run's last rank
// follows the cyclic order ... K A 2 3 ..., so Guandan's ace-low straight reads
// "as straight A-5". A single or pair of jokers has no rank ("RJ as single"). The declaration
// starts at the last " as " followed by a move kind, so the ace of spades ("As")
// never confuses it.
struct MoveText {
  Cards cards;                  // the cards named (all of them)
  std::optional<Move> declared; // the move, when the text declares one (or is "pass")
};
// Throws ParseError naming the bad card, kind or rank, and quoting the text; a run's
// last rank ("9-J"), when given, must be the one its cards reach from its first.
MoveText parse_move_text(std::string_view text);
// `text` for an error message: its first 100 characters, with control bytes and
// backslashes escaped, and a note of the full length when it was cut.
std::string quoted(std::string_view text);

}  // namespace ganzdy
