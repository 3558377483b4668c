#include "ganzdy/gdy_playout.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <thread>

#include "ganzdy/errors.h"
#include "ganzdy/gdy_agents.h"

namespace ganzdy::gdy {

Policy parse_policy(std::string_view name) {
  if (name == "random") return Policy::random;
  if (name == "greedy") return Policy::greedy;
  throw RulesError("unknown built-in policy '" + std::string(name) + "': expected 'random' or 'greedy'");
}

std::uint64_t deal_seed(std::uint64_t seed, std::uint64_t index) {
  Random mix(seed ^ (index * 0xD1B54A32D192ED03ULL));
  mix.next();
  return mix.next();
}

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
  PlayoutBatch batch;
  const int n = rules->players();
  batch.players = n;
  const auto count = static_cast<std::size_t>(std::max<std::int64_t>(deals, 0));
  batch.points.assign(count * static_cast<std::size_t>(n), 0);
  batch.winner.assign(count, -1);
  batch.plies.assign(count, 0);
  batch.bombs.assign(count, 0);
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  threads = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(threads), std::max<std::size_t>(count, 1)));

  std::atomic<std::size_t> next{0};
  constexpr std::size_t kChunk = 16;
  auto work = [&]() {
    while (true) {
      const std::size_t begin = next.fetch_add(kChunk);
      if (begin >= count) return;
      const std::size_t end = std::min(count, begin + kChunk);
      for (std::size_t i = begin; i < end; ++i) {
        const std::uint64_t s = deal_seed(seed, i);
        Deal deal(rules, s, static_cast<int>(i % static_cast<std::size_t>(n)));
        deal.set_keep_history(false);
        Random rng(s ^ 0xA0761D6478BD642FULL);
        batch.plies[i] = playout(deal, policies, rng);
        const Outcome o = deal.outcome();
        batch.winner[i] = static_cast<std::int8_t>(o.winner);
        batch.bombs[i] = deal.bombs_played();
        std::copy(o.points.begin(), o.points.end(), batch.points.begin() + static_cast<std::ptrdiff_t>(i * n));
      }
    }
  };
  if (threads == 1) {
    work();
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(work);
    for (auto& th : pool) th.join();
  }
  return batch;
}

}  // namespace ganzdy::gdy
