// Guandan (掼蛋) combinations: readings, the beat relation and legal move
// generation at card level (guandan.md §3-§5).
//
// Rules in plain words (defaults; every variant is a gd::Config field):
//  - combinations: single, pair (two equal jokers too), triple, full house (a
//    triple and a pair of another rank, or two equal jokers), straight (5 ranks),
//    tube (3 consecutive pairs), plate (2 consecutive triples), bomb (4 to 10 of a
//    rank), straight flush (a straight of one suit), joker bomb (all four jokers);
//  - a combination is beaten by the same kind with a higher key, or by a bomb;
//    bombs climb 4 < 5 < straight flush < 6 < ... < 10 < joker bomb, a bomb of the
//    same size (two straight flushes) by its key;
//  - keys: a group's value (2 < ... < A < L < small joker < big joker; a full
//    house by its triple), a sequence's place in A 2 3 ... K A (Move::rank is the
//    run's lowest rank, A for the low ace);
//  - the two hearts of L are wild: each may stand for any card but a joker. A
//    group made of wilds alone is the level rank's own group (one wild is a
//    single L, two are a pair of L), and a wild in a sequence at L's own place is
//    simply that card.
//
// Moves are exact at card level (guandan.md §4.2): every distinct multiset of
// physical cards that realises a declaration is a move of its own (suits decide
// later straight flushes), and a multiset with several readings gives several
// moves. Two copies of a face are the same card. A move is (kind, rank, length,
// cards); which slot a wild fills follows from these.
//
// Canonical order of a generated list:
//  1. by kind: single, pair, triple, full_house, three_with_one, straight, tube,
//     plate, bomb, straight_flush, joker_bomb;
//  2. within a kind by key, lowest first: groups in value order (the two joker
//     singles and pairs after L), full houses by triple then by pair (joker pairs
//     last), sequences by their place, bombs by size then value, straight
//     flushes by place then suit (s, h, d, c);
//  3. within one declaration by the cards: each group of the declaration (the
//     triple before the pair; a sequence's ranks lowest first) chooses in turn,
//     more natural cards (fewer wilds) first, then more spades, hearts,
//     diamonds, clubs — lexicographically, the earlier group deciding.
//
// Generation walks these patterns over the hand's per-rank suit counts, choosing
// each group's cards from a static table of the sub-multisets of a rank (at most
// two copies of each of its four suits: 81 shapes), with the wilds as a budget
// shared by the whole combination; it never enumerates subsets of the hand and
// never builds a move twice. It appends into the caller's buffer and keeps its
// working space per thread: after the buffer's first growth (and the thread's
// first call), a call allocates nothing and never throws.
#pragma once

#include <string>

#include "ganzdy/guandan/config.h"
#include "ganzdy/core/move.h"

namespace ganzdy::gd {

using ganzdy::MoveList;

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

// Every declaration the exact `cards` can be (possibly none), in canonical
// order. Clears `out` first. Independent of prune_redundant_wild.
void readings(const Config& cfg, const Cards& cards, MoveList& out);

// Whether `move` is a combination under these rules: its cards realise its
// declaration and its length matches. The pass is not a combination.
bool is_combination(const Config& cfg, const Move& move);

// The value of a group-keyed move (single, pair, triple, full house, three with
// one, bomb): 2..15 for ranks (L = 15), 16 and 17 for the small and big joker.
int value_key(const Config& cfg, const Move& move);

// Whether `next` beats `table`. Both must be combinations (is_combination).
bool beats(const Config& cfg, const Move& next, const Move& table);

// Why `move` cannot be played from `hand` onto `table` (a pass table means a
// lead), or "" when it can. The one validator behind is_legal and push.
// Under prune_redundant_wild a move the generator leaves out is illegal too.
std::string why_illegal(const Config& cfg, const Cards& hand, const Move& table, const Move& move);

}  // namespace ganzdy::gd
