// A record read into a deal, as from_record does it in the engine's terms: the
// first line names a preset (its first byte) and the deck order as card tokens,
// top card first; every later line is one move's text, parsed against the deal
// and pushed. A deck that is not exactly the rules' deck is refused with
// DeckError; a move that does not read or is not legal is refused with a
// GanzdyError and leaves the deal as it was; a deal replayed to its end has
// points that sum to zero in the zero-sum games.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "fuzz_common.h"
#include "ganzdy/core/errors.h"
#include "ganzdy/core/move.h"
#include "ganzdy/games.h"

namespace {

using namespace ganzdy;

std::vector<std::string_view> split(std::string_view text, char by) {
  std::vector<std::string_view> out;
  for (std::size_t start = 0;;) {
    const std::size_t end = text.find(by, start);
    out.push_back(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) return out;
    start = end + 1;
  }
}

// The deck tokens as faces, or nothing when a token is not exactly one card.
bool read_deck(std::string_view line, std::vector<Face>& deck) {
  for (std::string_view token : split(line, ' ')) {
    if (token.empty()) continue;
    try {
      const Cards card = Cards::parse(token);
      if (card.size() != 1) return false;
      for (int f = 0; f < kNumFaces; ++f)
        if (card.count(f) != 0) deck.push_back(static_cast<Face>(f));
    } catch (const ParseError&) {
      return false;
    }
  }
  return true;
}

template <class D>
void replay(D deal, const std::vector<std::string_view>& lines) {
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::uint64_t hash = deal.hash();
    const int ply = deal.ply();
    try {
      deal.push(deal.parse_move(lines[i]));
    } catch (const GanzdyError&) {
      GANZDY_FUZZ_CHECK(deal.hash() == hash && deal.ply() == ply, "a refused move changed the deal: " + quoted(lines[i]));
    }
    if constexpr (requires { deal.invariant_violation(); }) {
      const std::string broken = deal.invariant_violation();
      GANZDY_FUZZ_CHECK(broken.empty(), broken);
    }
  }
  (void)deal.str();
  if constexpr (std::is_same_v<D, gdy::Deal>) {
    if (deal.is_terminal()) {
      std::int64_t sum = 0;
      for (std::int64_t p : deal.outcome().points) sum += p;
      GANZDY_FUZZ_CHECK(sum == 0, deal.str());
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1 || size > 8192) return 0;
  const auto& presets = fuzz::presets();
  const auto& rules = presets[data[0] % presets.size()];
  const std::vector<std::string_view> lines =
      split(std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1), '\n');
  std::vector<Face> deck;
  if (!read_deck(lines[0], deck)) return 0;
  with_game(rules->game(), [&](auto game) {
    using D = typename decltype(game)::type;
    try {
      if constexpr (std::is_same_v<D, gdy::Deal>) {
        replay(D(rules, std::move(deck), 0), lines);
      } else if constexpr (std::is_same_v<D, gd::Deal>) {
        gd::DealSetup setup;
        setup.first_leader = 0;
        replay(D(rules, std::move(deck), setup), lines);
      } else {
        replay(D(rules, std::move(deck), gj::DealSetup{}), lines);
      }
    } catch (const DeckError&) {
      // Not exactly the rules' deck: refused, as a record's bad deck is.
    }
  });
  return 0;
}
