// Whole deals played inside C++ with the built-in policies: the batch self-play
// that benchmarks, ratings and search rollouts run on.
//
// Determinism: deal i of a batch is shuffled from deal_seed(seed, i), dealt by
// seat i mod players, and its policies draw from their own generator seeded from
// the same value, so results never depend on the thread count or scheduling.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "ganzdy/gan_deng_yan/deal.h"
#include "ganzdy/search/playout.h"
#include "ganzdy/core/random.h"

namespace ganzdy::gdy {

using ganzdy::deal_seed;
using ganzdy::parse_policy;
using ganzdy::Policy;
using ganzdy::PlayoutBatch;

// Plays `deals` deals; seat s uses policies[s % policies.size()]. `threads` <= 0
// means every hardware thread.
PlayoutBatch playouts(const std::shared_ptr<const Rules>& rules, std::int64_t deals,
                      const std::vector<Policy>& policies, std::uint64_t seed, int threads,
                      const KeepGoing& keep_going = {});

// Plays `deal` to its end with the given policies, drawing from `rng`. Returns the
// number of plies played.
int playout(Deal& deal, const std::vector<Policy>& policies, Random& rng);

}  // namespace ganzdy::gdy
