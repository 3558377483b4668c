#include "ganzdy/core/card.h"

namespace ganzdy {

namespace {
constexpr std::string_view kRankChars = "3456789TJQKA2";
constexpr std::string_view kSuitChars = "shdc";
}  // namespace

std::string_view rank_name(int rank) {
  if (rank < 0 || rank >= kNumRanks) return "";
  return kRankChars.substr(static_cast<std::size_t>(rank), 1);
}

std::optional<int> parse_rank(std::string_view text) {
  if (text == "10") return 7;  // T
  if (text.size() != 1) return std::nullopt;
  char c = text[0];
  if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  auto pos = kRankChars.find(c);
  if (pos == std::string_view::npos) return std::nullopt;
  return static_cast<int>(pos);
}

std::string face_name(int face) {
  if (face == kBlackJoker) return "BJ";
  if (face == kRedJoker) return "RJ";
  std::string out(rank_name(face_rank(face)));
  out += kSuitChars[static_cast<std::size_t>(face_suit(face))];
  return out;
}

}  // namespace ganzdy
