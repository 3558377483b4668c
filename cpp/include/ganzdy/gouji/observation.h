// What one seat of a Gouji deal may know, as a flat float vector for learners.
//
// The layout is versioned (kObservationVersion) and fixed (six players). Seats
// are relative to the observer in turn order: position 0 is the observer, 1 the
// next player, 2 and 4 its teammates, 3 its 对家, 5 the previous player. Suits
// matter only for 上班, so cards are counted per value, 15 slots: 3 ... A, 2,
// the small joker (BJ), the big joker (RJ), each 0 to 16; the observer's own hand
// is also given per face (54: 3s 3h 3d 3c ... 2c, BJ, RJ), for its returns of
// 上班 cards. One-hots are 1 at one place, 0 elsewhere; counts are raw numbers.
//
// The imperfect encoding holds only what the observer has seen: its own hand,
// every card played and by whom, hand sizes, every purchase, tribute card and
// return (public in this engine), who revolts for want of a 3 (known when its
// purchase fails), revolutions and declarations, places, points
// opened and 点-ed players, heads and graces, the burn, 闷 once the observer
// knows it (men_public, its own, a small-handed teammate's), the trick, the 上班
// cards shown, the previous hand's places, and, under team_sees_small_hands, the
// hands of its teammates holding 10 cards or fewer. The perfect encoding appends
// every hand, for oracle or teacher training.
#pragma once

#include <string>
#include <vector>

#include "ganzdy/gan_deng_yan/observation.h"
#include "ganzdy/gouji/deal.h"

namespace ganzdy::gj {

// Bumped whenever the layout or meaning of any slice changes.
inline constexpr int kObservationVersion = 2;  // 2: menned_by withheld until known
// Value slots: 3 ... A, 2, small joker, big joker.
inline constexpr int kNumValues = 15;

using ObservationSlice = gdy::ObservationSlice;

// The layout, perfect or not; slices are contiguous, in order, and cover the vector exactly.
const std::vector<ObservationSlice>& observation_layout(bool perfect);
int observation_size(bool perfect);

// Writes `seat`'s observation of `deal` into out[0, observation_size): every
// float is written. Never reads history, so it works on copies without history
// and sampled worlds.
void encode_observation(const Deal& deal, int seat, bool perfect, float* out);

}  // namespace ganzdy::gj
