// Built-in Guandan (掼蛋) policies, in C++ so playouts never call Python.
//
// Each policy sees only what its seat may know (SeatView: its own hand, the
// table and who owns it, every seat's card count, who is out), never another
// hand. The uniform policy is ganzdy::random_choice (playout.h): uniform over
// the legal moves of any phase, tribute, pick and return choices included.
#pragma once

#include <array>
#include <cstdint>

#include "ganzdy/guandan/deal.h"
#include "ganzdy/search/playout.h"

namespace ganzdy::gd {

using ganzdy::random_choice;

struct SeatView {
  int seat = 0;
  Phase phase = Phase::play;
  Cards hand;
  Move table;  // a pass when leading or outside play
  int table_owner = -1;
  std::uint8_t out_mask = 0;
  std::array<int, kPlayers> hand_sizes{};
};

// What the player to act in `deal` may know.
SeatView view_of(const Deal& deal);

// An opponent still in with this many cards or fewer is about to go out: the
// greedy policy then spends a bomb (or a wild) to take the trick from it.
inline constexpr int kGreedyDangerCards = 6;

// The greedy rule-based policy. Returns an index into `legal` (the deal's legal
// moves for the seat, non-empty).
//  - Play: goes out when one legal play holds its whole hand. Otherwise, leading,
//    it leads its cheapest combination that is no bomb: without wilds, without
//    breaking a bomb of its hand, of the lowest key, shedding the most cards on
//    a tie (a straight's key is its place, A2345 lowest, on the same scale as a
//    group's value). Following its partner it passes. Following an opponent it
//    plays the cheapest beat that is no bomb, uses no wild and breaks no bomb;
//    failing that, when an opponent still in holds kGreedyDangerCards or fewer,
//    the cheapest beat of any kind, bombs last; and it plays a bomb whenever
//    the rest of its hand is then a single combination (it plays out next).
//    Otherwise it passes.
//  - Tribute: of the cards it must choose from (all of one value) the one
//    whose loss leaves its hand the most straight flushes it could still make,
//    the lowest suit (s, h, d, c) on a tie.
//  - Pick: the higher-valued tribute card.
//  - Return: its least useful legal card: one that takes from no straight flush
//    of its hand, then of the rank it holds fewest of (a lone card before a
//    pair before a triple), then the lowest value.
int greedy_choice(const Config& cfg, const SeatView& view, const MoveList& legal);

}  // namespace ganzdy::gd
