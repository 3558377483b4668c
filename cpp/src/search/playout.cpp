#include "ganzdy/search/playout.h"

#include <algorithm>
#include <atomic>
#include <string>
#include <thread>

#include "ganzdy/core/errors.h"
#include "ganzdy/core/move.h"

namespace ganzdy {

Policy parse_policy(std::string_view name) {
  if (name == "random") return Policy::random;
  if (name == "greedy") return Policy::greedy;
  throw RulesError("unknown built-in policy '" + quoted(name) + "': expected 'random' or 'greedy'");
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

void for_each_deal(std::size_t count, int threads, const std::function<void(std::size_t)>& play,
                   const KeepGoing& keep_going) {
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  threads = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(threads), std::max<std::size_t>(count, 1)));
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stopped{false};
  constexpr std::size_t kChunk = 16;
  // Only the calling thread asks keep_going (Python runs signal handlers on the
  // main thread alone); the others see its answer through `stopped`.
  auto work = [&](bool asks) {
    while (true) {
      if (asks && keep_going && !keep_going()) stopped.store(true, std::memory_order_relaxed);
      if (stopped.load(std::memory_order_relaxed)) return;
      const std::size_t begin = next.fetch_add(kChunk);
      if (begin >= count) return;
      const std::size_t end = std::min(count, begin + kChunk);
      for (std::size_t i = begin; i < end; ++i) play(i);
    }
  };
  // The workers are stopped and joined on every way out, an exception or a thread
  // being ended (pthread_exit) included: a std::thread destroyed joinable would
  // call std::terminate.
  struct Joiner {
    std::vector<std::thread> pool;
    std::atomic<bool>& stopped;
    ~Joiner() {
      stopped.store(true, std::memory_order_relaxed);
      for (auto& th : pool) th.join();
    }
  } joiner{{}, stopped};
  for (int t = 1; t < threads; ++t) joiner.pool.emplace_back(work, false);
  work(true);
}

}  // namespace ganzdy
