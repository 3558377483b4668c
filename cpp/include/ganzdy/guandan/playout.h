// Whole Guandan (掼蛋) hands played inside C++ with the built-in policies: the
// batch self-play that benchmarks, arenas and search rollouts run on.
//
// Deal i of a batch is shuffled from deal_seed(seed, i) (playout.h) and played
// at the rules' level. With `tribute`, it is dealt as a hand in the middle of a
// match: its previous finishing order is a uniformly random order of the four
// seats drawn from the same seed (random_finish), so a tribute is paid unless
// resisted; without, it is the first hand of a match, whose first leader follows
// first_lead_first_hand. Its policies draw from Random(deal seed ^ kPolicySalt).
// A batch therefore replays exactly whatever the thread count.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "ganzdy/guandan/deal.h"
#include "ganzdy/search/playout.h"

namespace ganzdy::gd {

// Salt of the generator a batch draws a deal's previous finishing order from.
inline constexpr std::uint64_t kFinishSalt = 0x3C6EF372FE94F82BULL;

// A uniformly random order of the four seats, as a previous finishing order.
std::array<int, kPlayers> random_finish(Random& rng);

// Plays `deals` hands; seat s uses policies[s % policies.size()]. `threads` <= 0
// means every hardware thread. winner is the first seat out; points are the
// outcome's (+upgrade for the winners, -upgrade for the losers).
PlayoutBatch playouts(const std::shared_ptr<const Rules>& rules, std::int64_t deals,
                      const std::vector<Policy>& policies, std::uint64_t seed, int threads, bool tribute,
                      const KeepGoing& keep_going = {});

// Plays `deal` to its end (tribute phases included) with the given policies,
// drawing from `rng`. Returns the number of plies played; adds the bombs played
// to `bombs` when given.
int playout(Deal& deal, const std::vector<Policy>& policies, Random& rng, int* bombs = nullptr);

}  // namespace ganzdy::gd
