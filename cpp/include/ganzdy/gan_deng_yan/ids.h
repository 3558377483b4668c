// Move ids for Gan Deng Yan: a stable integer for every canonical move the rules
// allow, computed by ranking (no table of moves is ever built).
//
// A canonical move is a declaration plus a multiset of card classes (a rank for a
// natural card; "joker" for a joker, or black/red joker when their colours
// matter). The id space is laid out in segments, each ranked in a fixed order:
//
//   0                       the pass
//   groups                  rank 3..2, then size 1.., then naturals high to low,
//                           then (when colours matter) black jokers high to low
//   straights               length, then start, then the joker pattern over the
//                           window (lexicographic, fewer jokers first per rank)
//   connected pairs         the same, per number of pairs
//   king bomb               one id, when the rules have one
//   jokers-only final plays by count, then colour split, when the rules allow them
//
// Ids depend only on the Rules value (game, players, options), never on the
// platform or the run. Window patterns are ranked with small counting tables
// (positions x joker budget) built when the index is created.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "ganzdy/core/cards.h"
#include "ganzdy/gan_deng_yan/config.h"
#include "ganzdy/core/move.h"

namespace ganzdy::gdy {

class MoveIndex {
 public:
  explicit MoveIndex(const Config& cfg);

  // Number of ids, the pass included.
  std::int32_t size() const { return size_; }
  // The id of a move's canonical class, or -1 when the move is no canonical move of
  // these rules (the caller checks is_combination first for a clear error).
  std::int32_t id(const Move& move) const;
  // The move of an id with the lowest physical cards of each class from the full
  // deck (suits s, h, d, c; black joker first). nullopt when out of range.
  std::optional<Move> move(std::int32_t id) const;
  // The move of an id, taking its physical cards from `hand` in canonical order;
  // nullopt when the hand lacks the cards.
  std::optional<Move> move_from(std::int32_t id, const Cards& hand) const;

 private:
  // A family: the moves sharing one declaration shape, ranked contiguously.
  struct Family {
    std::int32_t start;
    Kind kind;
    std::int8_t rank;   // group rank or run start
    std::int8_t size;   // group size, run length in ranks, or joker count
    std::int8_t width;  // runs: cards per rank
  };
  // A canonical class: declaration, naturals per rank and jokers by colour.
  struct Class {
    Kind kind = Kind::pass;
    int rank = kNoRank;
    int length = 0;
    int naturals[kNumRanks] = {};
    int black = 0;
    int red = 0;
  };

  std::optional<Class> decode(std::int32_t id) const;
  std::optional<Move> materialize(const Class& c, const Cards& source) const;
  void add_family(Kind kind, int rank, int size, int width, std::int64_t count);

  int splits(int jokers) const;
  int split_index(int black, int red) const;
  void split_of(int jokers, int index, int& black, int& red) const;
  int wild_at(int rank) const;
  int run_budget(int width, int len) const;
  bool run_has_two(int start, int len) const;
  int run_cap(int width, int start, int len, int i) const;  // most jokers window position i may take
  // Completions of a run pattern from window position i with t jokers used so far.
  std::int64_t ways(int width, int start, int len, int i, int t) const;

  Config cfg_;
  int copies_ = 2;
  int wild_ = 0;
  std::int32_t size_ = 1;
  std::vector<Family> families_;
  // Family index per declaration shape; -1 when the rules have none.
  int group_family_[kNumRanks][kNumRanks * 4 + 9];
  int run_family_[2][kNumRanks + 1][kNumRanks];
  int king_family_ = -1;
  int jokers_family_[9];
  // ways_[width-1][len][has_two][i][t], flattened.
  std::vector<std::int64_t> ways_;
};

}  // namespace ganzdy::gdy
