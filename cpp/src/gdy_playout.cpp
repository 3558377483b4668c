#include "ganzdy/gdy_playout.h"

#include <algorithm>
#include <array>

#include "ganzdy/gdy_agents.h"

namespace ganzdy::gdy {

int playout(Deal& deal, const std::vector<Policy>& policies, Random& rng) {
  thread_local MoveList legal;  // grown once per thread, not once per deal
  std::array<Policy, kMaxPlayers> policy_of{};  // each seat's policy, looked up once
  for (std::size_t s = 0; s < policy_of.size(); ++s) policy_of[s] = policies[s % policies.size()];
  int plies = 0;
  while (!deal.is_terminal()) {
    deal.legal_moves(legal);
    const Policy policy = policy_of[static_cast<std::size_t>(deal.current_player())];
    const int choice = policy == Policy::greedy ? greedy_choice(deal.config(), view_of(deal), legal)
                                                : random_choice(rng, legal);
    deal.apply(legal[static_cast<std::size_t>(choice)]);
    ++plies;
  }
  return plies;
}

PlayoutBatch playouts(const std::shared_ptr<const Rules>& rules, std::int64_t deals,
                      const std::vector<Policy>& policies, std::uint64_t seed, int threads) {
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
  });
  return batch;
}

}  // namespace ganzdy::gdy
