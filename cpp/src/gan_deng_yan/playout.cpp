#include "ganzdy/gan_deng_yan/playout.h"

#include <algorithm>

#include "ganzdy/gan_deng_yan/agents.h"

namespace ganzdy::gdy {

int playout(Deal& deal, const std::vector<Policy>& policies, Random& rng) {
  const auto greedy = [](const Deal& d, const MoveList& legal) { return greedy_choice(d.config(), view_of(d), legal); };
  return play_to_end<kMaxPlayers>(deal, policies, rng, greedy, [](const Move&) {});
}

PlayoutBatch playouts(const std::shared_ptr<const Rules>& rules, std::int64_t deals,
                      const std::vector<Policy>& policies, std::uint64_t seed, int threads,
                      const KeepGoing& keep_going) {
  const int n = rules->players();
  PlayoutBatch batch = empty_batch(deals, n);
  for_each_deal(batch.winner.size(), threads, [&](std::size_t i) {
    const std::uint64_t s = deal_seed(seed, i);
    Deal deal(rules, s, static_cast<int>(i % static_cast<std::size_t>(n)));
    deal.set_keep_history(false);
    Random rng(s ^ kPolicySalt);
    batch.plies[i] = playout(deal, policies, rng);
    const Outcome o = deal.outcome();
    batch.winner[i] = static_cast<std::int8_t>(o.winner);
    batch.bombs[i] = deal.bombs_played();
    std::copy(o.points.begin(), o.points.end(), batch.points.begin() + static_cast<std::ptrdiff_t>(i * n));
  }, keep_going);
  return batch;
}

}  // namespace ganzdy::gdy
