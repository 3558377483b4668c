#include "ganzdy/gd_playout.h"

#include <algorithm>
#include <numeric>

#include "ganzdy/gd_agents.h"

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
                      const std::vector<Policy>& policies, std::uint64_t seed, int threads, bool tribute) {
  require_guandan(rules);
  PlayoutBatch batch = empty_batch(deals, kPlayers);
  for_each_deal(batch.winner.size(), threads, [&](std::size_t i) {
    const std::uint64_t s = deal_seed(seed, i);
    DealSetup setup;
    if (tribute) {
      Random finish_rng(s ^ kFinishSalt);
      const auto order = random_finish(finish_rng);
      setup.previous_finish.assign(order.begin(), order.end());
    }
    Deal deal(rules, s, setup);
    deal.set_keep_history(false);
    Random rng(s ^ kPolicySalt);
    int bombs = 0;
    batch.plies[i] = playout(deal, policies, rng, &bombs);
    const Outcome o = deal.outcome();
    batch.winner[i] = static_cast<std::int8_t>(o.finish_order.front());
    batch.bombs[i] = bombs;
    std::copy(o.points.begin(), o.points.end(), batch.points.begin() + static_cast<std::ptrdiff_t>(i * kPlayers));
  });
  return batch;
}

}  // namespace ganzdy::gd
