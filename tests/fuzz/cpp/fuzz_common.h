// What the libFuzzer targets of this folder share: a reader that turns the
// fuzzer's bytes into choices, the rules presets they play, and a check that
// stops the run with a message (a failed invariant is a finding, like a crash).
//
// Built only with -DGANZDY_FUZZ=ON (CMakeLists.txt); each fuzz_<name>.cpp is
// one executable, run by .ci/run on its corpus tests/fuzz/corpus/cpp_<name>/.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ganzdy/core/cards.h"
#include "ganzdy/core/rules.h"

namespace ganzdy::fuzz {

// Choices drawn from the input, front to back. Past the end every read gives
// 0, so each input is a valid program and the fuzzer's mutations stay meaningful.
class Bytes {
 public:
  Bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  bool empty() const { return pos_ >= size_; }
  std::uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  std::uint64_t u64() {
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v = (v << 8) | byte();
    return v;
  }
  // A choice in [0, n), n > 0.
  std::size_t below(std::size_t n) {
    const std::size_t v = (static_cast<std::size_t>(byte()) << 8) | byte();
    return v % n;
  }
  // Up to `limit` bytes of text, ended early by a 0 byte.
  std::string text(std::size_t limit) {
    std::string out;
    while (out.size() < limit && !empty()) {
      const auto c = static_cast<char>(byte());
      if (c == '\0') break;
      out.push_back(c);
    }
    return out;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

[[noreturn]] inline void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz invariant failed: %s\n%s\n", what, detail.c_str());
  std::abort();
}

#define GANZDY_FUZZ_CHECK(cond, detail) \
  do {                                  \
    if (!(cond)) ::ganzdy::fuzz::fail(#cond, (detail)); \
  } while (0)

using Options = std::vector<std::pair<std::string, OptionValue>>;

// The presets the targets play: every game's defaults and some variants whose
// options change move generation or the deal's flow.
inline const std::vector<std::shared_ptr<const Rules>>& presets() {
  static const std::vector<std::shared_ptr<const Rules>> all = [] {
    std::vector<std::shared_ptr<const Rules>> r;
    r.push_back(std::make_shared<const Rules>("gan_deng_yan", 4));
    r.push_back(std::make_shared<const Rules>("gan_deng_yan", 3,
                                              Options{{"king_bomb", std::string("small_plus_big")},
                                                      {"stuck_leader", std::string("allow_joker_only_final")},
                                                      {"triple_mode", std::string("bomb")}}));
    r.push_back(std::make_shared<const Rules>("gan_deng_yan", 6));
    r.push_back(std::make_shared<const Rules>("guandan", 4));
    r.push_back(std::make_shared<const Rules>("guandan", 4, Options{{"level", std::string("A")}}));
    r.push_back(std::make_shared<const Rules>("gouji", 6));
    r.push_back(std::make_shared<const Rules>(
        "gouji", 6, Options{{"beat_mode", std::string("two_kill_one")}, {"biesan", false}}));
    return r;
  }();
  return all;
}

}  // namespace ganzdy::fuzz
