// Gouji (够级) combinations: classification, the canonical vector, the beat
// relation in each beat_mode, gouji cards and legal move generation
// (gouji.md §3-§5, §10).
//
// Rules in plain words (defaults; every variant is a gj::Config field):
//  - a play is one or more cards whose cards other than 2s and jokers share one
//    rank r in 3..A: m naturals of r, t twos joining as r, s small and b big
//    jokers hung on it keeping their own value. 2s alone are a play of rank 2,
//    jokers alone a play of jokers. Under 憋三 a 3 never goes with 2s or jokers;
//  - its canonical vector, high to low: b big jokers, s small jokers, then the
//    rank part (m + t cards of r, or t 2s when m = 0); when big and small jokers
//    are mixed, all count as small (mixed_joker_downgrade);
//  - strict (default): A beats B when they have the same size and each card of
//    A's vector is higher than B's card in the same place (values 3 = 0 ... A =
//    11, 2 = 12, small joker 13, big joker 14). A vector led by a big joker is
//    unbeatable. cover: B's joker places need only an equal card, B's rank
//    places a higher one (a joker-only B: strict). wild: compare the lowest card
//    of the vectors. two_kill_one: strict, and also a play with k >= 1 big jokers
//    falls to one k cards longer that spends 2k big jokers on them and beats
//    the rest strictly;
//  - gouji cards: a play with a joker, 2s alone, or a rank part of at least the
//    rank's threshold (T5 J4 Q3 K2 A2 by default);
//  - 憋三 (biesan): 3s are played alone, all of the hand's 3s at once, as its
//    final play; four_rules restricts 4s likewise (after a point, or all at once).
//
// Moves are Kind::group with the play's rank as key (kRank2 for 2s alone,
// kNoRank for jokers alone). Suits never matter, so a move is the action
// (r, m, t, s, b) of §10.1, listed once with the engine's canonical cards: the
// lowest faces of each rank in text order (spades, hearts, diamonds, clubs).
// Any cards realising the action are accepted as that move.
//
// Canonical order of a generated list: by rank 3 ... A, then 2s alone, then
// jokers alone; within a rank by naturals, then 2s, then small jokers, then big
// jokers, fewest first.
//
// Generation walks (r, m, t, s, b) over the hand's rank counts; a follow asks
// of a table play its Demand (the size an answer must have, the joker parts
// that will do, the lowest rank value), so only answers are built. It appends
// into the caller's buffer and keeps its working space per thread: after the
// buffer's first growth a call allocates nothing and never throws.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ganzdy/gouji/config.h"
#include "ganzdy/core/move.h"

namespace ganzdy::gj {

using ganzdy::MoveList;

// A play decomposed as gouji.md §4.1.
struct Play {
  int rank = kNoRank;  // r (3..A) when naturals > 0; kRank2 for 2s alone; kNoRank for jokers alone
  int naturals = 0;    // m, cards of rank r
  int twos = 0;        // t
  int small = 0;       // s, small jokers (BJ)
  int big = 0;         // b, big jokers (RJ)

  int size() const { return naturals + twos + small + big; }
  int jokers() const { return small + big; }
  // Cards in the rank part: naturals and 2s, or the 2s alone.
  int rank_part() const { return naturals + twos; }
};

// The canonical vector of a play (§4.2), high to low, by runs: `big` big jokers,
// `small` small jokers, then `count` cards of value `value` (-1 when count = 0).
struct Vector {
  int big = 0;
  int small = 0;
  int count = 0;
  int value = -1;

  int size() const { return big + small + count; }
  // The value at place i (0 <= i < size()): 14, 13 or `value`.
  int at(int i) const { return i < big ? kBigJokerValue : i < big + small ? kSmallJokerValue : value; }
};

// What the legality of a play depends on beyond the hand and the table: the
// player's standing in the deal. Only four_rules='after_open_point' reads it.
struct Context {
  bool opened_point = false;
};

// What `cards` are as a play, or nullopt when they are none (why_not_play says why).
std::optional<Play> classify(const Config& cfg, const Cards& cards);
// Why `cards` are no play under these rules, or "" when they are one.
std::string why_not_play(const Config& cfg, const Cards& cards);
// The play of a move that is a combination (is_combination), read off its cards.
Play play_of(const Move& move);

Vector vector_of(const Config& cfg, const Play& play);
// A value in card notation: "3" ... "A", "2", "BJ" (the small joker), "RJ" (the big one).
std::string_view value_name(int value);
// "RJ BJ 8 8 8": a vector in card notation.
std::string vector_text(const Vector& vec);

// Whether the play is a gouji card (§5).
bool is_gouji(const Config& cfg, const Play& play);
// Whether the play, left unanswered as a restricted gouji card, opens a point
// (§6.6): a gouji card without jokers and, under open_point_excludes_twos,
// without 2s.
bool opens_point(const Config& cfg, const Play& play);

// What an answer to a play must be, under the beat mode: its size (0: nothing
// answers), the joker parts it may have with a rank part (`with_rank`) and
// without one (`alone`), as bit 5s + b for s small and b big jokers held (before
// the downgrade), and the lowest value its rank part may have.
struct Demand {
  int size = 0;
  int min_value = 0;
  std::uint32_t with_rank = 0;
  std::uint32_t alone = 0;
};
Demand demand_of(const Config& cfg, const Play& table);

// Whether `next` beats `table` (both plays; sizes may differ only under two_kill_one).
bool beats(const Config& cfg, const Play& next, const Play& table);
// The same for moves; both must be combinations (is_combination).
bool beats(const Config& cfg, const Move& next, const Move& table);

// Every legal lead from `hand` (never the pass). Clears `out` first.
void generate_leads(const Config& cfg, const Cards& hand, MoveList& out, const Context& ctx = {});

// Every legal move from `hand` that beats `table` (a combination), by the beat
// relation alone: who may answer whom (§6.3) is the deal's. Clears `out` first;
// the pass is not included.
void generate_follows(const Config& cfg, const Cards& hand, const Move& table, MoveList& out,
                      const Context& ctx = {});

// As generate_follows, but appends to `out` (a deal puts the pass first).
void append_follows(const Config& cfg, const Cards& hand, const Move& table, MoveList& out, const Context& ctx = {});

// Leads when `table` is a pass, follows otherwise.
inline void generate(const Config& cfg, const Cards& hand, const Move& table, MoveList& out,
                     const Context& ctx = {}) {
  if (table.is_pass())
    generate_leads(cfg, hand, out, ctx);
  else
    generate_follows(cfg, hand, table, out, ctx);
}

// The declaration the exact `cards` are (one move), or none. Clears `out` first.
void readings(const Config& cfg, const Cards& cards, MoveList& out);

// Whether `move` is a combination under these rules: a group whose cards are a
// play of its rank, its length their number. The pass is not a combination.
bool is_combination(const Config& cfg, const Move& move);

// Why playing `play` from `hand` breaks 憋三 or four_rules, or "" when it does not.
std::string why_restricted(const Config& cfg, const Cards& hand, const Play& play, const Context& ctx = {});

// Why `move` cannot be played from `hand` onto `table` (a pass table means a
// lead), or "" when it can. The one validator behind is_legal and push.
std::string why_illegal(const Config& cfg, const Cards& hand, const Move& table, const Move& move,
                        const Context& ctx = {});

}  // namespace ganzdy::gj
