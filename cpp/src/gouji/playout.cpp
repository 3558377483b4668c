#include "ganzdy/gouji/playout.h"

#include <numeric>

#include "ganzdy/gouji/traits.h"

namespace ganzdy::gj {

HandResult random_previous(Random& rng) {
  std::array<int, kPlayers> order{};
  std::iota(order.begin(), order.end(), 0);
  rng.shuffle(order.data(), order.size());
  HandResult previous;
  for (int p = 0; p < kPlayers; ++p) {
    const int s = order[static_cast<std::size_t>(p)];
    previous.places[static_cast<std::size_t>(p)] = static_cast<std::int8_t>(s);
    if (p > 0 && rng.below(3) == 0) previous.pointed = static_cast<std::uint8_t>(previous.pointed | seat_bit(s));
  }
  return previous;
}

int playout(Deal& deal, const std::vector<Policy>& policies, Random& rng) {
  return ganzdy::playout(deal, policies, rng);
}

PlayoutBatch playouts(const std::shared_ptr<const Rules>& rules, std::int64_t deals,
                      const std::vector<Policy>& policies, std::uint64_t seed, int threads, bool tribute,
                      const KeepGoing& keep_going) {
  return ganzdy::playouts<Deal>(rules, deals, policies, seed, threads, tribute, keep_going);
}

}  // namespace ganzdy::gj
