// A small C++ driver of gdy::VectorEnv, for profiles without Python in them
// (valgrind --tool=callgrind) and for counting heap allocations per step.
//
// Build against the core library of a pip build (-Cbuild-dir=build/dev):
//   g++ -O3 -DNDEBUG -std=c++20 -Icpp/include bench/vector_env_driver.cpp build/dev/libganzdy_core.a
//   -o build/vector_env_driver
// Run: build/vector_env_driver [num_envs=1024] [steps=200] [opponents=random|greedy] [masks=0|1] [warmup=50]
// It steps `warmup` steps, then `steps` timed steps with uniformly random learner
// moves, and prints steps per second (wall clock and CPU time) and the allocations
// made during the timed steps.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "ganzdy/gan_deng_yan/vector_env.h"

namespace {
std::atomic<long> g_allocations{0};
}

void* operator new(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

int main(int argc, char** argv) {
  using namespace ganzdy;
  const int n = argc > 1 ? std::atoi(argv[1]) : 1024;
  const int steps = argc > 2 ? std::atoi(argv[2]) : 200;
  const std::string opponents = argc > 3 ? argv[3] : "random";
  const bool masks = argc > 4 && std::atoi(argv[4]) != 0;
  const int warmup = argc > 5 ? std::atoi(argv[5]) : 50;

  auto rules = std::make_shared<const Rules>("gan_deng_yan", 4);
  gdy::VectorEnv env(rules, n, {parse_policy(opponents)}, 0, 1);
  env.reset();
  Random rng(7);
  std::vector<std::int64_t> actions(static_cast<std::size_t>(n));
  double reward_sum = 0;
  std::int64_t ended = 0;
  auto run = [&](int count) {
    for (int s = 0; s < count; ++s) {
      const auto ids = env.legal_ids();
      const auto offsets = env.legal_offsets();
      for (std::size_t i = 0; i < actions.size(); ++i) {
        const auto k = static_cast<std::uint64_t>(offsets[i + 1] - offsets[i]);
        actions[i] = ids[static_cast<std::size_t>(offsets[i]) + static_cast<std::size_t>(rng.below(k))];
      }
      env.step(actions);
      if (masks) env.masks();
      for (std::size_t i = 0; i < actions.size(); ++i) {
        reward_sum += env.rewards()[i];
        ended += env.terminations()[i];
      }
    }
  };
  run(warmup);
  const long before = g_allocations.load();
  const std::int64_t ended_before = ended;
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  run(steps);
  const std::clock_t cpu_stop = std::clock();
  const auto stop = std::chrono::steady_clock::now();
  const long allocations = g_allocations.load() - before;
  const double seconds = std::chrono::duration<double>(stop - start).count();
  const double total = static_cast<double>(steps) * n;
  const double cpu_seconds = static_cast<double>(cpu_stop - cpu_start) / CLOCKS_PER_SEC;
  std::printf("%d envs, %d steps, opponents %s%s: %.0f env steps/s, %.1f ns/step (CPU time: %.0f/s, %.1f ns)\n", n,
              steps, opponents.c_str(), masks ? ", masks" : "", total / seconds, seconds * 1e9 / total,
              total / cpu_seconds, cpu_seconds * 1e9 / total);
  std::printf("episodes ended %lld, skipped %lld, reward sum %.0f; allocations %ld (%.3f per step, %.2f per episode)\n",
              static_cast<long long>(ended - ended_before), static_cast<long long>(env.skipped_episodes()), reward_sum,
              allocations, static_cast<double>(allocations) / total,
              ended > ended_before ? static_cast<double>(allocations) / static_cast<double>(ended - ended_before) : 0.0);
  return 0;
}
