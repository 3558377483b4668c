// Built-in Gan Deng Yan policies, in C++ so playouts never call Python.
//
// Each policy sees only what its seat may know (SeatView: its own hand, the
// table, every seat's card count), never the other hands or the stock order.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

#include "ganzdy/gan_deng_yan/deal.h"
#include "ganzdy/search/playout.h"

namespace ganzdy::gdy {

struct SeatView {
  int seat = 0;
  int players = 0;
  Cards hand;
  Move table;           // a pass when leading
  int table_owner = -1;
  int stock_size = 0;
  std::uint8_t out_mask = 0;
  std::array<int, kMaxPlayers> hand_sizes{};
};

// What the player to act in `deal` may know.
SeatView view_of(const Deal& deal);

// The greedy rule-based policy: goes out when it can; leads its smallest
// combination (lowest key rank, then the most cards) without jokers or bombs;
// answers with the cheapest natural, non-bomb beat; spends jokers and bombs only
// to go out or to stop an opponent holding two cards or fewer; otherwise passes.
// Returns an index into `legal` (the deal's legal moves, non-empty).
int greedy_choice(const Config& cfg, const SeatView& view, const MoveList& legal);

using ganzdy::random_choice;

}  // namespace ganzdy::gdy
