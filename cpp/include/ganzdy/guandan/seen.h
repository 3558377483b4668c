// Who sees what of a Guandan deal: the tribute, the first leader and the moves as
// one seat has seen them (guandan.md §8). The seat views of the agents and the
// information set's determinization (Deal::sample_world) follow the same facts:
// a tribute card is chosen face down and moves face up once every payer has
// chosen; a return card moves face down, seen only by its giver and its receiver;
// after 双上, who pays whom follows from the payers' highest cards, which stay
// hidden until the tribute cards are shown.
#pragma once

#include <vector>

#include "ganzdy/core/move.h"
#include "ganzdy/guandan/deal.h"

namespace ganzdy::gd {

// Whether who pays whom is still hidden: a double tribute whose cards are not
// shown yet.
bool double_tribute_unshown(const Deal& deal);

// The tribute payments as `seat` has seen them, in paying order: a field it has
// not seen (or that is not decided yet) is -1.
std::vector<Payment> tribute_seen(const Deal& deal, int seat);

// The seat that leads the first trick as `seat` knows it, or -1 while it hangs on
// tribute cards not shown yet.
int first_leader_seen(const Deal& deal, int seat);

// Whether `seat` has seen move `move` that seat `who` made in this deal as it is
// now: another seat's tribute card only once the tribute cards have moved, a
// return card only by the seat that gave it and its payer once the returns moved.
bool sees_move(const Deal& deal, int seat, int who, const Move& move);

}  // namespace ganzdy::gd
