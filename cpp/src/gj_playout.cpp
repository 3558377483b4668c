#include "ganzdy/gj_playout.h"

#include <algorithm>
#include <numeric>

#include "ganzdy/gj_agents.h"

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
                      const std::vector<Policy>& policies, std::uint64_t seed, int threads, bool tribute) {
  require_gouji(rules);
  PlayoutBatch batch = empty_batch(deals, kPlayers);
  for_each_deal(batch.winner.size(), threads, [&](std::size_t i) {
    const std::uint64_t s = deal_seed(seed, i);
    DealSetup setup;
    if (tribute) {
      Random previous_rng(s ^ kPreviousSalt);
      setup.previous = random_previous(previous_rng);
    }
    Deal deal(rules, s, setup);
    deal.set_keep_history(false);
    Random rng(s ^ kPolicySalt);
    batch.plies[i] = playout(deal, policies, rng);
    const Outcome o = deal.outcome();
    batch.winner[i] = static_cast<std::int8_t>(o.finish_order.empty() ? -1 : o.finish_order.front());
    std::copy(o.points.begin(), o.points.end(), batch.points.begin() + static_cast<std::ptrdiff_t>(i * kPlayers));
  });
  return batch;
}

}  // namespace ganzdy::gj
