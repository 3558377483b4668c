#include "ganzdy/core/cards.h"

#include <bit>
#include <cctype>

#include "ganzdy/core/errors.h"
#include "ganzdy/core/move.h"

namespace ganzdy {

namespace {

bool is_separator(char c) { return std::isspace(static_cast<unsigned char>(c)) || c == ','; }

char upper(char c) { return static_cast<char>(std::toupper(static_cast<unsigned char>(c))); }

int suit_index(char c) {
  switch (upper(c)) {
    case 'S': return 0;
    case 'H': return 1;
    case 'D': return 2;
    case 'C': return 3;
    default: return -1;
  }
}

// The token to quote in an error: from `pos` up to the next separator, at most 4 chars.
std::string bad_token(std::string_view text, std::size_t pos) {
  std::size_t end = pos;
  while (end < text.size() && !is_separator(text[end]) && end - pos < 4) ++end;
  return std::string(text.substr(pos, end - pos));
}

[[noreturn]] void fail(std::string_view text, std::size_t pos, int index, std::string_view why) {
  throw ParseError("bad card '" + quoted(bad_token(text, pos)) + "' (card " + std::to_string(index) +
                   ", at character " + std::to_string(pos) + ") in '" + quoted(text) + "': " +
                   std::string(why));
}

constexpr std::string_view kExpected =
    "expected a rank (3-9, T or 10, J, Q, K, A, 2) followed by a suit (s, h, d, c), or BJ / RJ";

}  // namespace

Cards Cards::parse(std::string_view text) {
  Cards out;
  std::size_t pos = 0;
  int index = 0;
  while (true) {
    while (pos < text.size() && is_separator(text[pos])) ++pos;
    if (pos >= text.size()) break;
    ++index;
    const std::size_t start = pos;
    int face = -1;
    const char c0 = upper(text[pos]);
    if ((c0 == 'B' || c0 == 'R') && pos + 1 < text.size() && upper(text[pos + 1]) == 'J') {
      face = c0 == 'B' ? kBlackJoker : kRedJoker;
      pos += 2;
    } else {
      std::size_t rank_len = (text.substr(pos, 2) == "10") ? 2 : 1;
      auto rank = parse_rank(text.substr(pos, rank_len));
      if (!rank) fail(text, start, index, kExpected);
      pos += rank_len;
      if (pos >= text.size() || suit_index(text[pos]) < 0) fail(text, start, index, kExpected);
      face = make_face(*rank, suit_index(text[pos]));
      ++pos;
    }
    if (out.count(face) >= kMaxCopies)
      fail(text, start, index,
           "more than " + std::to_string(kMaxCopies) + " copies of " + face_name(face) +
               " (no game uses more than four packs)");
    out.add(face);
  }
  return out;
}

std::string Cards::str() const {
  std::string out;
  for (int f = 0; f < kNumFaces; ++f) {
    for (int n = count(f); n > 0; --n) {
      if (!out.empty()) out += ' ';
      out += face_name(f);
    }
  }
  return out;
}

int Cards::size() const {
  int total = 0;
  for (std::uint64_t w : words_) {
    // Sum the 16 nibbles of each word with a byte-wise SWAR reduction.
    std::uint64_t t = (w & 0x0F0F0F0F0F0F0F0FULL) + ((w >> 4) & 0x0F0F0F0F0F0F0F0FULL);
    total += static_cast<int>((t * 0x0101010101010101ULL) >> 56);
  }
  return total;
}

bool Cards::overflows_with(const Cards& other) const {
  for (int f = 0; f < kNumFaces; ++f)
    if (count(f) + other.count(f) > kMaxCopies) return true;
  return false;
}

std::uint64_t Cards::hash() const {
  // splitmix64-style mixing of each word; stable across platforms and runs.
  std::uint64_t h = 0x9E3779B97F4A7C15ULL;
  for (std::uint64_t w : words_) {
    std::uint64_t z = w + h;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    h = z ^ (z >> 31);
  }
  return h;
}

}  // namespace ganzdy
