// Rules: an immutable value naming a game, its player count and every variant
// option of that game's rules file, each with its default.
//
// Options are declared once per game in a table (name, type, allowed values,
// one-line description); the typed, hot-path view of a game's options (e.g.
// gdy::Config) is derived from the table values when the Rules is built, so a
// search reads plain struct fields and never looks an option up by name.
//
// Rules knows no game: it includes no game's header. What a game derives from
// its options (its Config; Gan Deng Yan's move index too) is held here
// type-erased (GameData) and read back only through that game's own accessors,
// declared in its config.h (gdy::config(rules), gdy::move_index(rules),
// gd::config(rules), gj::config(rules)). The one place that knows every game is
// the registry (ganzdy/games.h, cpp/src/core/games.cpp): each game's preset,
// config builder and deal factory.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "ganzdy/core/cards.h"

namespace ganzdy {

// Every game of the registry (ganzdy/games.h), in its order; kNumGames counts them.
enum class Game : std::uint8_t { gan_deng_yan, guandan, gouji };
inline constexpr int kNumGames = 3;

// What a game derives from a Rules' options when it is built, type-erased: the
// game's typed config and, where it has one, another derived object (Gan Deng
// Yan's move index). `owner` keeps both alive and is shared by copies of the
// Rules; only the game's accessors know the types behind the pointers.
struct GameData {
  std::shared_ptr<const void> owner;
  const void* config = nullptr;
  const void* extra = nullptr;
};

// An option value as the user gives it: None, a bool, an int or a string.
using OptionValue = std::variant<std::monostate, bool, std::int64_t, std::string>;

struct OptionSpec {
  // rank_counts: a count from min to max for some of the ranks 3..A, written
  // "T5 J4 Q3 K2 A2" (Gouji's gouji_thresholds); its value is packed by
  // pack_rank_counts.
  enum class Type : std::uint8_t { boolean, integer, integer_or_none, choice, rank_counts };
  std::string_view name;
  Type type;
  std::int64_t min = 0;  // integer types: the allowed range
  std::int64_t max = 0;
  std::vector<std::string_view> choices;  // choice: the allowed strings
  std::string_view description;

  // "an integer from 3 to 13", "one of 'step', 'bomb'", "True or False", ...
  // A boolean or integer with min == max is fixed: it names a rule the game's
  // sources agree on, and only that value is allowed ("only True").
  std::string allowed() const;
};

// One option of a built Rules, for listing.
struct OptionInfo {
  const OptionSpec* spec;
  OptionValue value;
  OptionValue default_value;  // the default for this player count and these other options
};

// A rank_counts value: for each rank 3..A, its count in 5 bits (0: not listed).
using RankCounts = std::array<std::uint8_t, kNumRanks>;  // the 2 (last) is always 0
std::int64_t pack_rank_counts(const RankCounts& counts);
RankCounts unpack_rank_counts(std::int64_t packed);

class Rules {
 public:
  // Throws RulesError naming an unknown game, a bad player count, an unknown
  // option or a bad value, and listing what is allowed.
  Rules(std::string_view game, int players,
        const std::vector<std::pair<std::string, OptionValue>>& options = {});

  // The player count a game is played with when none is given (4 for an unknown
  // game, whose Rules then names the problem).
  static int default_players(std::string_view game);

  Game game() const { return game_; }
  std::string_view game_name() const;
  int players() const { return players_; }
  // Copies of each face in the deck (the number of packs).
  int packs() const;
  // The full deck: `packs` copies of every face.
  Cards deck() const;

  std::vector<OptionInfo> options() const;
  // Throws RulesError for an unknown name.
  OptionValue option(std::string_view name) const;
  // Rules('gan_deng_yan', players=4, triple_mode='bomb'): only non-default options.
  std::string repr() const;
  // "gan_deng_yan v1, 4 players" plus non-default options; used in error messages.
  std::string describe() const;

  // The game's derived data; read it through the game's accessors (config.h).
  const GameData& game_data() const { return data_; }

  std::uint64_t hash() const;
  friend bool operator==(const Rules& a, const Rules& b) {
    return a.game_ == b.game_ && a.players_ == b.players_ && a.values_ == b.values_;
  }

  // Throws DeckError when `cards` cannot all come from this deck; `what` names
  // them in the message ("hand", "table move").
  void check_in_deck(const Cards& cards, std::string_view what) const;

 private:
  Game game_;
  int players_;
  std::vector<std::int64_t> values_;    // one per spec, in table order
  std::vector<std::int64_t> defaults_;  // same shape
  GameData data_;
};

// The option table of a game, in the order options are listed.
const std::vector<OptionSpec>& option_specs(Game game);
// The spec of option `name` of the game named `game`, or nullptr when either is unknown.
const OptionSpec* find_option_spec(std::string_view game, std::string_view name);

}  // namespace ganzdy
