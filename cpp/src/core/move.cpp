#include "ganzdy/core/move.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <vector>

#include "ganzdy/core/errors.h"

namespace ganzdy {

namespace {
constexpr std::array<std::string_view, kNumKinds> kKindNames = {
    "pass",   "single",     "pair",           "triple", "straight", "pairs",          "bomb",      "king_bomb",
    "jokers", "full_house", "three_with_one", "tube",   "plate",    "straight_flush", "joker_bomb", "group",
    "tribute", "pick",       "return", "buy", "yield", "revolt", "yaotou", "wutou", "xuandian"};
}

std::string_view kind_name(Kind kind) { return kKindNames[static_cast<std::size_t>(kind)]; }

std::optional<Kind> parse_kind(std::string_view name) {
  for (std::size_t i = 0; i < kKindNames.size(); ++i)
    if (kKindNames[i] == name) return static_cast<Kind>(i);
  return std::nullopt;
}

bool is_rankless(Kind kind, const Cards& cards) {
  if (kind == Kind::pass || kind == Kind::king_bomb || kind == Kind::jokers || kind == Kind::joker_bomb ||
      kind >= Kind::tribute)
    return true;
  return (kind == Kind::single || kind == Kind::pair || kind == Kind::group) && !cards.empty() &&
         cards.jokers() == cards.size();
}

Move Move::card_move(Kind kind, int face) {
  Cards c;
  c.add(face);
  return Move{c, kind, kNoRank, 1};
}

int Move::single_face() const {
  if (cards.size() != 1) return -1;
  for (int f = 0; f < kNumFaces; ++f)
    if (cards.count(f) > 0) return f;
  return -1;
}

std::string Move::str() const {
  if (is_word()) return std::string(kind_name(kind));
  std::string out = cards.str();
  out += " as ";
  out += kind_name(kind);
  if (rank != kNoRank) {
    out += ' ';
    out += rank_name(rank);
    if (is_run()) {
      // Cyclic, for runs that start at a low ace (Guandan's A-2-3-4-5).
      out += '-';
      out += rank_name((rank + run_ranks() - 1) % kNumRanks);
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

namespace {

std::string lowered(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::string quoted(std::string_view text) {
  // Errors quote what they were given, but a hostile input may be huge or hold
  // control bytes that would garble a terminal or a log.
  constexpr std::size_t kLimit = 100;
  std::string out;
  // The cut falls between whole UTF-8 characters, never inside one.
  std::size_t limit = std::min(text.size(), kLimit);
  while (limit < text.size() && limit > 0 && (static_cast<unsigned char>(text[limit]) & 0xC0) == 0x80) --limit;
  for (std::size_t i = 0; i < limit; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c != 0x7f && c != '\\') {
      out += static_cast<char>(c);
    } else {
      constexpr std::string_view kHex = "0123456789abcdef";
      out += c == '\\' ? std::string("\\\\") : std::string("\\x") + kHex[c >> 4] + kHex[c & 15];
    }
  }
  if (text.size() > kLimit) out += "... (" + std::to_string(text.size()) + " characters)";
  return out;
}

MoveText parse_move_text(std::string_view text) {
  // Words with their offsets, so the card part keeps its original spelling.
  std::vector<std::pair<std::size_t, std::string_view>> words;
  for (std::size_t i = 0; i < text.size();) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    std::size_t j = i;
    while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
    if (j > i) words.emplace_back(i, text.substr(i, j - i));
    i = j;
  }
  MoveText out;
  if (words.size() == 1) {
    const auto word = parse_kind(lowered(words[0].second));
    if (word && is_word_kind(*word)) {
      out.declared = Move{Cards{}, *word, kNoRank, 0};
      return out;
    }
  }
  // The declaration is the last "as" with a kind after it and a card before it.
  std::size_t split = words.size();
  for (std::size_t i = words.size() >= 2 ? words.size() - 2 : 0; i >= 1 && i < words.size(); --i) {
    if (lowered(words[i].second) == "as" && parse_kind(lowered(words[i + 1].second))) {
      split = i;
      break;
    }
  }
  const std::size_t card_end = split < words.size() ? words[split].first : text.size();
  out.cards = Cards::parse(text.substr(0, card_end));
  if (split == words.size()) return out;
  const auto kind = parse_kind(lowered(words[split + 1].second));
  if (is_word_kind(*kind))
    throw ParseError("'" + quoted(text) + "': a " + std::string(kind_name(*kind)) + " plays no cards");
  Move move;
  move.kind = *kind;
  move.cards = out.cards;
  move.length = static_cast<std::uint8_t>(std::min(out.cards.size(), 255));
  if (split + 2 < words.size()) {
    const std::string_view rank_word = words[split + 2].second;
    const std::size_t dash = rank_word.find('-');
    const auto rank = parse_rank(rank_word.substr(0, dash));
    if (!rank || split + 3 < words.size())
      throw ParseError("bad rank '" + quoted(rank_word) + "' in '" + quoted(text) +
                       "': expected a rank (3-9, T, J, Q, K, A, 2) or a run like 3-5 after the kind");
    move.rank = static_cast<std::int8_t>(*rank);
    if (dash != std::string_view::npos) {
      // The last rank is redundant with the cards, so it must agree with them: a
      // record that said 9-K of three cards would not mean what it says.
      const auto last = parse_rank(rank_word.substr(dash + 1));
      if (!move.is_run() || !last || move.run_ranks() < 1 ||
          *last != (*rank + move.run_ranks() - 1) % kNumRanks)
        throw ParseError("bad run '" + quoted(rank_word) + "' in '" + quoted(text) + "': " +
                         (move.is_run() ? "a " + std::string(kind_name(*kind)) + " of " + out.cards.str() +
                                              " starting at " + std::string(rank_name(*rank)) + " is " +
                                              Move{out.cards, *kind, move.rank, move.length}.str()
                                        : "a " + std::string(kind_name(*kind)) + " is no run; name its rank alone"));
    }
  } else if (!is_rankless(*kind, out.cards)) {
    throw ParseError("'" + quoted(text) + "': a " + std::string(kind_name(*kind)) + " needs a rank, e.g. '" +
                     out.cards.str() + " as " + std::string(kind_name(*kind)) + " 5'");
  }
  out.declared = move;
  return out;
}

}  // namespace ganzdy
