// The engine's only source of chance: SplitMix64 with a specified bounded-integer
// method, so a seed gives the same shuffle and the same random choices on every
// platform and standard library (std::shuffle and std::uniform_int_distribution
// are implementation-defined and are never used).
#pragma once

#include <cassert>
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

  // Uniform in [0, n) for n >= 1, by Lemire's multiply-shift with rejection
  // ("Fast Random Integer Generation in an Interval", 2019): take the high 64
  // bits of next() * n, redrawing while the low 64 bits fall below 2^64 mod n.
  // Exact, division-free on the common path, and the same on every platform.
  std::uint64_t below(std::uint64_t n) {
    assert(n >= 1);
    std::uint64_t high;
    std::uint64_t low = multiply(next(), n, high);
    if (low < n) {
      const std::uint64_t threshold = (0 - n) % n;
      while (low < threshold) low = multiply(next(), n, high);
    }
    return high;
  }

  // The full 128-bit product a * b: returns the low half, stores the high half.
  static std::uint64_t multiply(std::uint64_t a, std::uint64_t b, std::uint64_t& high) {
#if defined(__SIZEOF_INT128__)
    __extension__ using u128 = unsigned __int128;
    const u128 m = static_cast<u128>(a) * b;
    high = static_cast<std::uint64_t>(m >> 64);
    return static_cast<std::uint64_t>(m);
#else
    const std::uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32, b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
    const std::uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    const std::uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    high = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    return (mid << 32) | (p00 & 0xFFFFFFFFu);
#endif
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
