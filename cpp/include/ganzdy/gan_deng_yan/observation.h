// What one seat of a Gan Deng Yan deal may know, as a flat float vector for learners.
//
// The layout is versioned (kObservationVersion) and depends only on the number of
// players. Seats are relative to the observer, in turn order: position 0 is the
// observer, 1 the seat that acts after it, and so on (whatever the rules'
// direction), so a policy sees the same layout from every seat. Card counts are
// per rank slot: the 13 ranks 3..2, then BJ and RJ (kRankSlots). Counts are raw
// numbers of cards, not normalized, so the encoding stays exact.
//
// The imperfect encoding holds only what the observer has seen: its own hand,
// public plays, hand and stock sizes, the trick. The perfect encoding appends every
// seat's hand and the stock's contents, for oracle or teacher training; it is never
// what a seat may act on.
#pragma once

#include <string>
#include <vector>

#include "ganzdy/gan_deng_yan/deal.h"

namespace ganzdy::gdy {

// Bumped whenever the layout or meaning of any slice changes.
inline constexpr int kObservationVersion = 1;
inline constexpr int kRankSlots = kNumRanks + 2;

// One named part of the observation vector: floats [start, start + size).
struct ObservationSlice {
  std::string name;
  int start = 0;
  int size = 0;
  std::string description;
};

// The layout for `players` seats (2..kMaxPlayers), perfect or not; slices are
// contiguous, in order, and cover the vector exactly.
const std::vector<ObservationSlice>& observation_layout(int players, bool perfect);
int observation_size(int players, bool perfect);

// Writes `seat`'s observation of `deal` into out[0, observation_size): every float
// is written, so `out` need not be cleared. `seat` must be a seat of the deal.
// Never reads history, so it works on copies without history and sampled worlds.
void encode_observation(const Deal& deal, int seat, bool perfect, float* out);

// The rank slot of a face: its rank, or 13 (BJ) / 14 (RJ).
constexpr int rank_slot(int face) { return is_joker(face) ? kNumRanks + (face - kBlackJoker) : face_rank(face); }

}  // namespace ganzdy::gdy
