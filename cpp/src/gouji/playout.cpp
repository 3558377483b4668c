#include "ganzdy/gouji/playout.h"

#include <numeric>

#include "ganzdy/gouji/agents.h"

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
  const auto greedy = [](const Deal& d, const MoveList& legal) { return greedy_choice(d.config(), view_of(d), legal); };
  return play_to_end<kPlayers>(deal, policies, rng, greedy, [](const Move&) {});
}

PlayoutBatch playouts(const std::shared_ptr<const Rules>& rules, std::int64_t deals,
                      const std::vector<Policy>& policies, std::uint64_t seed, int threads, bool tribute,
                      const KeepGoing& keep_going) {
  require_gouji(rules);
  const auto make = [&](std::uint64_t s) {
    DealSetup setup;
    if (tribute) {
      Random previous_rng(s ^ kPreviousSalt);
      setup.previous = random_previous(previous_rng);
    }
    return Deal(rules, s, setup);
  };
  return finishing_batch<kPlayers>(deals, seed, threads, make,
                                   [&](Deal& deal, Random& rng, int&) { return playout(deal, policies, rng); },
                                   keep_going);
}

}  // namespace ganzdy::gj
