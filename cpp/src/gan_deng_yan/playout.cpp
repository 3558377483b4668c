#include "ganzdy/gan_deng_yan/playout.h"

#include "ganzdy/gan_deng_yan/traits.h"

namespace ganzdy::gdy {

int playout(Deal& deal, const std::vector<Policy>& policies, Random& rng) {
  return ganzdy::playout(deal, policies, rng);
}

PlayoutBatch playouts(const std::shared_ptr<const Rules>& rules, std::int64_t deals,
                      const std::vector<Policy>& policies, std::uint64_t seed, int threads,
                      const KeepGoing& keep_going) {
  return ganzdy::playouts<Deal>(rules, deals, policies, seed, threads, false, keep_going);
}

}  // namespace ganzdy::gdy
