#include "ganzdy/guandan/playout.h"

#include <numeric>

#include "ganzdy/guandan/traits.h"

namespace ganzdy::gd {

std::array<int, kPlayers> random_finish(Random& rng) {
  std::array<int, kPlayers> order{};
  std::iota(order.begin(), order.end(), 0);
  rng.shuffle(order.data(), order.size());
  return order;
}

int playout(Deal& deal, const std::vector<Policy>& policies, Random& rng, int* bombs) {
  return ganzdy::playout(deal, policies, rng, bombs);
}

PlayoutBatch playouts(const std::shared_ptr<const Rules>& rules, std::int64_t deals,
                      const std::vector<Policy>& policies, std::uint64_t seed, int threads, bool tribute,
                      const KeepGoing& keep_going) {
  return ganzdy::playouts<Deal>(rules, deals, policies, seed, threads, tribute, keep_going);
}

}  // namespace ganzdy::gd
