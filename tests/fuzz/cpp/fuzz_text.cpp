// Card and move text parsing, and what every game's move rules make of the
// cards read: Cards::parse and parse_move_text either read the text or throw
// ParseError; what they read prints back to itself; every reading and every
// lead generated from the cards is a combination of those cards that reads
// back from its own text.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_common.h"
#include "ganzdy/core/errors.h"
#include "ganzdy/core/move.h"
#include "ganzdy/games.h"

namespace {

using namespace ganzdy;

// A move printed and read back is the same declaration of the same cards.
void check_round_trip(const Move& move) {
  const MoveText back = parse_move_text(move.str());
  GANZDY_FUZZ_CHECK(back.declared.has_value() && *back.declared == move, move.str());
}

void check_rules(const Rules& rules, const Cards& cards, bool opened_point) {
  try {
    rules.check_in_deck(cards, "hand");
  } catch (const DeckError&) {
    return;  // more copies of a face than this deck holds: refused before generation
  }
  with_game(rules.game(), [&](auto game) {
    using Traits = GameTraits<typename decltype(game)::type>;
    MoveList out;
    Traits::readings(rules, cards, out);
    for (const Move& m : out) {
      GANZDY_FUZZ_CHECK(m.cards == cards && Traits::is_combination(rules, m), rules.describe() + ": " + m.str());
      check_round_trip(m);
    }
    // Leads from a hand of these cards: the validator agrees with the generator.
    out.clear();
    Traits::generate(rules, cards, Move::pass_move(), out, opened_point);
    for (const Move& m : out) {
      GANZDY_FUZZ_CHECK(cards.contains(m.cards), rules.describe() + ": " + m.str());
      GANZDY_FUZZ_CHECK(Traits::why_illegal(rules, cards, Move::pass_move(), m, opened_point).empty(),
                        rules.describe() + ": " + m.str() + " from " + cards.str());
      check_round_trip(m);
    }
  });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 512) return 0;  // longer text says nothing new and slows every run
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const Cards cards = Cards::parse(text);
    GANZDY_FUZZ_CHECK(Cards::parse(cards.str()) == cards, cards.str());
    // Generation is exponential in wild cards by design (22,623 leads from the
    // worst Gan Deng Yan hand); a hand larger than any dealt one adds nothing.
    if (cards.size() <= 36) {
      const bool opened_point = size > 0 && (data[0] & 1) != 0;
      for (const auto& rules : fuzz::presets()) check_rules(*rules, cards, opened_point);
    }
  } catch (const ParseError&) {
  }
  try {
    const MoveText read = parse_move_text(text);
    if (read.declared) check_round_trip(*read.declared);
  } catch (const ParseError&) {
  }
  return 0;
}
