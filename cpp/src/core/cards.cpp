#include "ganzdy/core/cards.h"

#include <bit>
#include <cctype>
#include <utility>

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

bool continues_character(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// The token to quote in an error: from `pos` up to the next separator, at most 4
// characters. A UTF-8 character is taken whole, so a Chinese name is never cut mid-way.
std::string bad_token(std::string_view text, std::size_t pos) {
  std::size_t end = pos;
  for (int chars = 0; end < text.size() && !is_separator(text[end]) && chars < 4; ++chars) {
    ++end;
    while (end < text.size() && continues_character(text[end])) ++end;
  }
  return std::string(text.substr(pos, end - pos));
}

// Characters before byte `pos`: what a person counts, whatever the script.
std::size_t character_index(std::string_view text, std::size_t pos) {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < pos && i < text.size(); ++i) chars += continues_character(text[i]) ? 0 : 1;
  return chars;
}

[[noreturn]] void fail(std::string_view text, std::size_t pos, int index, std::string_view why) {
  throw ParseError("bad card '" + quoted(bad_token(text, pos)) + "' (card " + std::to_string(index) +
                   ", at character " + std::to_string(character_index(text, pos)) + ") in '" + quoted(text) +
                   "': " + std::string(why));
}

constexpr std::string_view kExpected =
    "expected a rank (3-9, T or 10, J, Q, K, A, 2) followed by a suit (s, h, d, c), or BJ / RJ, "
    "or a Chinese name (红桃A, 黑桃10, 方块3, 梅花K, 小王, 大王)";

// Chinese card names: the suit's word before the rank (红桃A, 黑桃10; 方片 and 草花 are
// common spellings of 方块 and 梅花), and the jokers by their own words.
constexpr std::pair<std::string_view, int> kChineseSuits[] = {
    {"黑桃", 0}, {"红桃", 1}, {"方块", 2}, {"方片", 2}, {"梅花", 3}, {"草花", 3},
};
constexpr std::pair<std::string_view, int> kChineseJokers[] = {
    {"小王", kBlackJoker},
    {"大王", kRedJoker},
};

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
    const std::string_view rest = text.substr(pos);
    int chinese_suit = -1;
    for (const auto& [word, joker] : kChineseJokers) {
      if (rest.starts_with(word)) {
        face = joker;
        pos += word.size();
      }
    }
    for (const auto& [word, suit] : kChineseSuits) {
      if (face < 0 && rest.starts_with(word)) {
        chinese_suit = suit;
        pos += word.size();
      }
    }
    const char c0 = pos < text.size() ? upper(text[pos]) : '\0';
    if (face >= 0) {
      // A joker named in Chinese: nothing follows it.
    } else if (chinese_suit >= 0) {
      const std::size_t rank_len = (text.substr(pos, 2) == "10") ? 2 : 1;
      const auto rank = pos < text.size() ? parse_rank(text.substr(pos, rank_len)) : std::nullopt;
      if (!rank) fail(text, start, index, "expected a rank (3-9, 10, J, Q, K, A, 2) after the suit");
      face = make_face(*rank, chinese_suit);
      pos += rank_len;
    } else if ((c0 == 'B' || c0 == 'R') && pos + 1 < text.size() && upper(text[pos + 1]) == 'J') {
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
