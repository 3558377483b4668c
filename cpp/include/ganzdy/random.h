// The engine's only source of chance: SplitMix64 with a specified bounded-integer
// method, so a seed gives the same shuffle and the same random choices on every
// platform and standard library (std::shuffle and std::uniform_int_distribution
// are implementation-defined and are never used).
#pragma once

#include <cstdint>
#include <utility>

namespace ganzdy {

class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}

  // SplitMix64 (Steele, Lea, Flood 2014): state += golden gamma, then mix.
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

  // Uniform in [0, n) for n >= 1, by rejection: draw x until x < 2^64 - (2^64 mod n),
  // then return x mod n. Exact, and the same on every platform.
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % n + 1) % n;
    std::uint64_t x;
    do x = next();
    while (x > limit);
    return x % n;
  }

  // Fisher-Yates from the last element down: swap a[i] with a[below(i + 1)].
  template <typename T>
  void shuffle(T* items, std::size_t count) {
    for (std::size_t i = count; i > 1; --i) std::swap(items[i - 1], items[below(i)]);
  }

  std::uint64_t state() const { return state_; }

 private:
  std::uint64_t state_;
};

}  // namespace ganzdy
