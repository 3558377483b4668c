// Ranks, suits and card faces shared by every game.
//
// A face is one of the 54 distinct cards of a pack: 13 ranks x 4 suits, then the
// black (small) and red (big) joker. Several packs hold several copies of a face;
// copies are indistinguishable, so the engine never numbers them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ganzdy {

// Rank indices in the climbing order 3 < 4 < ... < A < 2 that all three games share
// for naturals. Game rules that reorder ranks (Guandan's level card) do so on top.
inline constexpr int kNumRanks = 13;
inline constexpr int kRankA = 11;
inline constexpr int kRank2 = 12;
inline constexpr int kNoRank = -1;

inline constexpr int kNumSuits = 4;  // s h d c
inline constexpr int kNumFaces = 54;
inline constexpr int kBlackJoker = 52;  // BJ, the small joker
inline constexpr int kRedJoker = 53;    // RJ, the big joker

// A face index: rank * 4 + suit for naturals, kBlackJoker or kRedJoker.
using Face = std::uint8_t;

constexpr Face make_face(int rank, int suit) { return static_cast<Face>(rank * kNumSuits + suit); }
constexpr bool is_joker(int face) { return face >= kBlackJoker; }
constexpr int face_rank(int face) { return is_joker(face) ? kNoRank : face / kNumSuits; }
constexpr int face_suit(int face) { return is_joker(face) ? -1 : face % kNumSuits; }

// "3".."9", "T", "J", "Q", "K", "A", "2"; "" for kNoRank.
std::string_view rank_name(int rank);
// Accepts a rank character (either case) or "10"; nullopt otherwise.
std::optional<int> parse_rank(std::string_view text);
// "5s", "Th", "BJ", "RJ".
std::string face_name(int face);

}  // namespace ganzdy
