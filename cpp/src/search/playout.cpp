#include "ganzdy/search/playout.h"

#include <algorithm>
#include <atomic>
#include <string>
#include <thread>

#include "ganzdy/core/errors.h"

namespace ganzdy {

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

PlayoutBatch empty_batch(std::int64_t deals, int players) {
  PlayoutBatch batch;
  batch.players = players;
  const auto count = static_cast<std::size_t>(std::max<std::int64_t>(deals, 0));
  batch.points.assign(count * static_cast<std::size_t>(players), 0);
  batch.winner.assign(count, -1);
  batch.plies.assign(count, 0);
  batch.bombs.assign(count, 0);
  return batch;
}

void for_each_deal(std::size_t count, int threads, const std::function<void(std::size_t)>& play) {
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  threads = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(threads), std::max<std::size_t>(count, 1)));
  std::atomic<std::size_t> next{0};
  constexpr std::size_t kChunk = 16;
  auto work = [&]() {
    while (true) {
      const std::size_t begin = next.fetch_add(kChunk);
      if (begin >= count) return;
      const std::size_t end = std::min(count, begin + kChunk);
      for (std::size_t i = begin; i < end; ++i) play(i);
    }
  };
  if (threads == 1) {
    work();
    return;
  }
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(work);
  for (auto& th : pool) th.join();
}

}  // namespace ganzdy
