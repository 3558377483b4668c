// Built-in Gouji (够级) policies, in C++ so playouts never call Python.
//
// Each policy sees only what its seat may know (SeatView: its own hand, the
// table and who owns it, its role, every seat's card count, who is still
// playing and who has opened a point), never another hand. The uniform policy
// is ganzdy::random_choice (playout.h): uniform over the legal moves of any
// phase, purchases, returns and declarations included.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ganzdy/gouji/deal.h"
#include "ganzdy/search/playout.h"

namespace ganzdy::gj {

using ganzdy::random_choice;

struct SeatView {
  int seat = 0;
  Phase phase = Phase::play;
  Cards hand;
  Move table;  // a pass when leading or outside play
  int table_owner = -1;
  Deal::Role role = Deal::Role::none;
  std::uint8_t active = 0;  // bit s: seat s still plays
  std::uint8_t opened = 0;  // bit s: seat s opened a point (or revolted)
  bool head = true;         // the seat has a head (有头)
  bool anyone_out = false;  // somebody has gone out (走科): 点 is decided by then
  std::array<int, kPlayers> hand_sizes{};
};

// What the player to act in `deal` may know.
SeatView view_of(const Deal& deal);

// An opponent still playing with this many cards or fewer is about to go out:
// the greedy policy then spends 2s and jokers to take the trick from it.
inline constexpr int kGreedyDangerCards = 8;
// The greedy policy burns only when the burn leaves it this many cards or fewer
// (a burn spends jokers, and a long burn is easily relieved).
inline constexpr int kGreedyBurnCards = 8;

// The greedy rule-based policy. Returns an index into `legal` (the deal's legal
// moves for the seat, non-empty). A play's cost, lowest first: no gouji card,
// fewer jokers, fewer 2s, not splitting the naturals of its rank, a lower rank,
// and more cards shed on a tie.
//  - Play: goes out when one legal play holds its whole hand. Leading, it leads
//    the cheapest play; but while nobody has gone out and it has a head and has
//    not opened a point, it leads the cheapest play that would open one (a
//    natural gouji card, e.g. Q Q Q or A A) if it holds one. Following a
//    teammate it passes. Following an opponent it plays the cheapest beat that
//    uses no joker and no 2 and is no gouji card; a gouji card with neither
//    when the table play is one (only a gouji card beats it); failing that,
//    the cheapest beat when the table play is a gouji card it must answer as
//    the 对家 (so the owner does not open a point), when an opponent still
//    playing holds kGreedyDangerCards or fewer, or when the rest of its hand is
//    then a single play. A burn (the burn role) only when it leaves
//    kGreedyBurnCards or fewer. It never yields.
//  - Buy: the cheapest payment (the first legal move: 2 before jokers).
//  - Return: its least useful card: the lowest value, of the rank it holds
//    fewest of on a tie.
//  - Revolt: revolts whenever it may (a hand with no 2 and no joker can answer
//    few gouji cards; 四科 is safe). Yaotou: 要头 (the opposite's first gouji
//    plays stay restricted, so it may not answer freely). Xuandian: passes.
int greedy_choice(const Config& cfg, const SeatView& view, const MoveList& legal);

// greedy_choice on a SeatView built by hand, checked first: a deal's own view
// (view_of) is always a position of the game, a hand-built one must be shown to
// be, so that it cannot lead the policy outside what it reads. Throws RulesError
// for a seat out of range or a follow without the table's owner, and
// IllegalMoveError for no move, a table that is no Gouji play, or a move that is
// not one of the phase from the hand. For the policy's tests, which pose
// positions no short deal reaches.
int checked_greedy_choice(const Config& cfg, const SeatView& view, const MoveList& legal);

// The phase named `name` (phase_name's spelling), or nullopt.
std::optional<Phase> phase_named(std::string_view name);

}  // namespace ganzdy::gj
