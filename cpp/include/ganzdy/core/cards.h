// Cards: a multiset of physical cards, up to four copies of each face (four packs).
//
// Stored as 54 four-bit counters packed into four 64-bit words (face f at bits
// 4f..4f+3), so union, difference, containment and equality are a handful of word
// operations and a Cards is a cheap value (32 bytes) that moves can carry.
// Faces are laid out rank-major, so the four suits of one rank share a 16-bit lane.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <string>
#include <string_view>

#include "ganzdy/core/card.h"

namespace ganzdy {

class Cards {
 public:
  static constexpr int kMaxCopies = 4;  // four packs (Gouji)
  static constexpr int kWords = 4;

  constexpr Cards() = default;

  // Parses card notation: tokens like "5s", "Th", "10h", "BJ", "RJ", separated by
  // whitespace or commas or nothing at all, in any case. Throws ParseError naming
  // the bad token and its position, or when a face would exceed kMaxCopies.
  static Cards parse(std::string_view text);

  // Canonical text: faces in game order (rank 3..2, suits s h d c, then BJ RJ),
  // space separated; parse(str()) == *this.
  std::string str() const;

  int count(int face) const {
    return static_cast<int>((words_[face >> 4] >> ((face & 15) * 4)) & 0xF);
  }
  // Unchecked: the caller keeps every count within kMaxCopies (asserted only).
  void add(int face, int n = 1) {
    assert(face >= 0 && face < kNumFaces && n >= 0 && count(face) + n <= kMaxCopies);
    words_[face >> 4] += static_cast<std::uint64_t>(n) << ((face & 15) * 4);
  }
  void remove(int face, int n = 1) {
    assert(face >= 0 && face < kNumFaces && n >= 0 && count(face) >= n);
    words_[face >> 4] -= static_cast<std::uint64_t>(n) << ((face & 15) * 4);
  }

  // Number of cards of a rank, any suit.
  int rank_count(int rank) const {
    std::uint64_t lane = (words_[rank >> 2] >> ((rank & 3) * 16)) & 0xFFFF;
    return static_cast<int>((lane & 0xF) + ((lane >> 4) & 0xF) + ((lane >> 8) & 0xF) + (lane >> 12));
  }
  // The four suit counters of a rank as one 16-bit lane (suit s in the low nibble).
  std::uint16_t rank_lane(int rank) const {
    return static_cast<std::uint16_t>(words_[rank >> 2] >> ((rank & 3) * 16));
  }
  int jokers() const { return count(kBlackJoker) + count(kRedJoker); }
  int size() const;
  bool empty() const { return (words_[0] | words_[1] | words_[2] | words_[3]) == 0; }

  // Multiset containment: every face count of `other` is at most ours.
  bool contains(const Cards& other) const {
    // Each counter is at most 4, so setting bit 3 of every nibble and subtracting
    // never borrows across nibbles; a cleared bit 3 means other > this there.
    constexpr std::uint64_t kHigh = 0x8888888888888888ULL;
    for (int i = 0; i < kWords; ++i) {
      if ((((words_[i] | kHigh) - other.words_[i]) & kHigh) != kHigh) return false;
    }
    return true;
  }
  // True when some face would exceed kMaxCopies in *this + other.
  bool overflows_with(const Cards& other) const;

  // Unchecked multiset sum and difference (the caller guarantees containment /
  // capacity); the checked forms live at the Python edge.
  Cards& operator+=(const Cards& o) {
    assert(!overflows_with(o));
    for (int i = 0; i < kWords; ++i) words_[i] += o.words_[i];
    return *this;
  }
  Cards& operator-=(const Cards& o) {
    assert(contains(o));
    for (int i = 0; i < kWords; ++i) words_[i] -= o.words_[i];
    return *this;
  }
  friend Cards operator+(Cards a, const Cards& b) { return a += b; }
  friend Cards operator-(Cards a, const Cards& b) { return a -= b; }
  friend bool operator==(const Cards&, const Cards&) = default;
  // Orders by the canonical text order of the highest differing face; used only to
  // make Move ordering total and stable.
  friend bool operator<(const Cards& a, const Cards& b) {
    for (int i = kWords - 1; i >= 0; --i)
      if (a.words_[i] != b.words_[i]) return a.words_[i] < b.words_[i];
    return false;
  }

  std::uint64_t hash() const;
  const std::array<std::uint64_t, kWords>& words() const { return words_; }
  std::array<std::uint64_t, kWords>& words() { return words_; }

 private:
  std::array<std::uint64_t, kWords> words_{};
};

}  // namespace ganzdy
