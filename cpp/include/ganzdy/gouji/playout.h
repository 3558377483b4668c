// Whole Gouji (够级) hands played inside C++ with the built-in policies: the
// batch self-play that benchmarks, arenas and search rollouts run on.
//
// Deal i of a batch is shuffled from deal_seed(seed, i) (playout.h). With
// `tribute`, it is dealt as a hand in the middle of a match: its previous hand
// (random_previous) is drawn from Random(deal seed ^ kPreviousSalt), so tribute
// is paid unless that hand was a 串三户; without, it is the first hand of a
// match. Its policies draw from Random(deal seed ^ kPolicySalt). A batch
// therefore replays exactly whatever the thread count.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "ganzdy/gouji/deal.h"
#include "ganzdy/search/playout.h"

namespace ganzdy::gj {

// Salt of the generator a batch draws a deal's previous hand from.
inline constexpr std::uint64_t kPreviousSalt = 0x9E3779B97F4A7C15ULL;

// A previous hand for a batch's deals: places a uniformly random order of the
// six seats, and each seat but the 头科 点-ed with probability 1/3 (no burns,
// no 闷), so every kind of tribute but 烧贡 and 闷贡 comes up.
HandResult random_previous(Random& rng);

// Plays `deals` hands; seat s uses policies[s % policies.size()]. `threads` <= 0
// means every hardware thread. winner is the first seat out (-1 for a void
// hand); points are the outcome's; bombs stay 0 (Gouji has none).
PlayoutBatch playouts(const std::shared_ptr<const Rules>& rules, std::int64_t deals,
                      const std::vector<Policy>& policies, std::uint64_t seed, int threads, bool tribute,
                      const KeepGoing& keep_going = {});

// Plays `deal` to its end (the pre-play phases included) with the given
// policies, drawing from `rng`. Returns the number of plies played.
int playout(Deal& deal, const std::vector<Policy>& policies, Random& rng);

}  // namespace ganzdy::gj
