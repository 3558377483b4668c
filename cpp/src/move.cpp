#include "ganzdy/move.h"

#include <array>

namespace ganzdy {

namespace {
constexpr std::array<std::string_view, kNumKinds> kKindNames = {
    "pass", "single", "pair", "triple", "straight", "pairs", "bomb", "king_bomb", "jokers"};
}

std::string_view kind_name(Kind kind) { return kKindNames[static_cast<std::size_t>(kind)]; }

std::optional<Kind> parse_kind(std::string_view name) {
  for (std::size_t i = 0; i < kKindNames.size(); ++i)
    if (kKindNames[i] == name) return static_cast<Kind>(i);
  return std::nullopt;
}

std::string Move::str() const {
  if (is_pass()) return "pass";
  std::string out = cards.str();
  out += " as ";
  out += kind_name(kind);
  if (rank != kNoRank) {
    out += ' ';
    out += rank_name(rank);
    if (kind == Kind::straight || kind == Kind::pairs) {
      out += '-';
      out += rank_name(rank + run_ranks() - 1);
    }
  }
  return out;
}

std::uint64_t Move::hash() const {
  std::uint64_t h = cards.hash();
  h ^= (static_cast<std::uint64_t>(kind) << 16 | static_cast<std::uint64_t>(static_cast<std::uint8_t>(rank)) << 8 |
        length) * 0x9E3779B97F4A7C15ULL;
  return h;
}

}  // namespace ganzdy
