#include "ganzdy/guandan/playout.h"

#include <numeric>

#include "ganzdy/guandan/agents.h"

namespace ganzdy::gd {

std::array<int, kPlayers> random_finish(Random& rng) {
  std::array<int, kPlayers> order{};
  std::iota(order.begin(), order.end(), 0);
  rng.shuffle(order.data(), order.size());
  return order;
}

int playout(Deal& deal, const std::vector<Policy>& policies, Random& rng, int* bombs) {
  const auto greedy = [](const Deal& d, const MoveList& legal) { return greedy_choice(d.config(), view_of(d), legal); };
  return play_to_end<kPlayers>(deal, policies, rng, greedy, [bombs](const Move& move) {
    if (bombs != nullptr && move.is_bomb()) ++*bombs;
  });
}

PlayoutBatch playouts(const std::shared_ptr<const Rules>& rules, std::int64_t deals,
                      const std::vector<Policy>& policies, std::uint64_t seed, int threads, bool tribute,
                      const KeepGoing& keep_going) {
  require_guandan(rules);
  const auto make = [&](std::uint64_t s) {
    DealSetup setup;
    if (tribute) {
      Random finish_rng(s ^ kFinishSalt);
      const auto order = random_finish(finish_rng);
      setup.previous_finish.assign(order.begin(), order.end());
    }
    return Deal(rules, s, setup);
  };
  return finishing_batch<kPlayers>(deals, seed, threads, make, [&](Deal& deal, Random& rng, int& bombs) {
    return playout(deal, policies, rng, &bombs);
  }, keep_going);
}

}  // namespace ganzdy::gd
