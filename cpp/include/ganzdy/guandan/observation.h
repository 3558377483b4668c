// What one seat of a Guandan deal may know, as a flat float vector for learners.
//
// The layout is versioned (kObservationVersion) and fixed (four players). Seats
// are relative to the observer in turn order: position 0 is the observer, 1 the
// next player (an opponent), 2 the partner, 3 the previous player. Cards are
// counted per face (suits matter in Guandan: straight flushes, the wild hearts):
// the 54 faces in the engine's order (3s 3h 3d 3c 4s ... 2c, BJ, RJ), each 0 to 2.
// Ranks are one-hot over the 13 rank indices 3..A, 2. Counts are raw numbers.
//
// The imperfect encoding holds only what the observer has seen: its own hand,
// every card played and by whom, hand sizes and places, the levels, the tribute
// cards once shown face up (a payer's card is hidden from the others until every
// payer has chosen), the return card it gave or received, the trick. The perfect
// encoding appends every hand, for oracle or teacher training.
#pragma once

#include <string>
#include <vector>

#include "ganzdy/guandan/deal.h"
#include "ganzdy/gan_deng_yan/observation.h"

namespace ganzdy::gd {

// Bumped whenever the layout or meaning of any slice changes.
inline constexpr int kObservationVersion = 1;

// One named part of the observation vector, as in Gan Deng Yan.
using ObservationSlice = gdy::ObservationSlice;

// The layout, perfect or not; slices are contiguous, in order, and cover the vector exactly.
const std::vector<ObservationSlice>& observation_layout(bool perfect);
int observation_size(bool perfect);

// Writes `seat`'s observation of `deal` into out[0, observation_size): every
// float is written. Never reads history, so it works on copies without history
// and sampled worlds.
void encode_observation(const Deal& deal, int seat, bool perfect, float* out);

}  // namespace ganzdy::gd
