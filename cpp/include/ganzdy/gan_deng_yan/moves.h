// Gan Deng Yan (干瞪眼) combinations: readings, the beat relation and legal move
// generation.
//
// Rules in plain words (defaults; every variant is a gdy::Config field):
//  - combinations: single, pair, triple, straight (3+ consecutive ranks in 3..A),
//    connected pairs (2+ consecutive pairs in 3..A), bomb (4+ cards of one rank);
//  - a combination is beaten by the same kind and size exactly one rank higher, by
//    2s for a single, pair or triple, or by a bomb; bombs compare by size, then rank;
//  - jokers are wild for any rank but 2 and never played without a natural card;
//    a move declares what its jokers stand for.
//
// Moves are canonical: suits never matter and jokers are interchangeable (unless
// a small-plus-big king bomb makes colours matter), so generation emits each
// (declaration, card classes) once, taking the physical cards of a rank in suit
// order s, h, d, c and jokers black before red.
//
// Generation works on rank counts by pattern (groups, windows of runs, bombs),
// never by enumerating subsets of the hand, and appends into the caller's buffer:
// after the buffer's first growth, a call allocates nothing and never throws.
#pragma once

#include <string>
#include <vector>

#include "ganzdy/gan_deng_yan/config.h"
#include "ganzdy/core/move.h"

namespace ganzdy::gdy {

using ganzdy::MoveList;

// The kind of `n` cards played as one group of `rank` (single, pair, triple or
// bomb per the triple and bomb options), or Kind::pass when no combination is.
Kind group_kind(const Config& cfg, int rank, int n);

// Every legal lead from `hand` (never the pass). Clears `out` first.
void generate_leads(const Config& cfg, const Cards& hand, MoveList& out);

// Every move from `hand` that beats `table` (a valid, non-pass combination).
// Clears `out` first. The pass is not included.
void generate_follows(const Config& cfg, const Cards& hand, const Move& table, MoveList& out);

// As generate_follows, but appends to `out` (a deal puts the pass first).
void append_follows(const Config& cfg, const Cards& hand, const Move& table, MoveList& out);

// Leads when `table` is a pass, follows otherwise.
inline void generate(const Config& cfg, const Cards& hand, const Move& table, MoveList& out) {
  if (table.is_pass())
    generate_leads(cfg, hand, out);
  else
    generate_follows(cfg, hand, table, out);
}

// Every declaration the exact `cards` can be (possibly none). Clears `out` first.
void readings(const Config& cfg, const Cards& cards, MoveList& out);

// Whether `move` is a combination under these rules: its cards realise its
// declaration and its length matches. The pass is not a combination; jokers
// alone (Kind::jokers) are one only under stuck_leader='allow_joker_only_final'.
bool is_combination(const Config& cfg, const Move& move);

// Whether `next` beats `table`. Both must be combinations (is_combination).
bool beats(const Config& cfg, const Move& next, const Move& table);

// Why `move` cannot be played from `hand` onto `table` (a pass table means a
// lead), or "" when it can. The one validator behind is_legal and push.
std::string why_illegal(const Config& cfg, const Cards& hand, const Move& table, const Move& move);

}  // namespace ganzdy::gdy
