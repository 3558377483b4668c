// Internal: what a game preset provides to Rules. One preset per game file.
#pragma once

#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

#include "ganzdy/core/rules.h"

namespace ganzdy::detail {

inline constexpr std::int64_t kUnset = std::numeric_limits<std::int64_t>::min();
inline constexpr std::int64_t kNone = -1;  // integer_or_none: None

struct Preset {
  std::string_view name;
  int version;
  int min_players;
  int max_players;
  int default_players;
  const std::vector<OptionSpec>* specs;
  // Fills every kUnset value with its default (which may depend on the player
  // count and on other options) and throws RulesError for inconsistent values.
  void (*complete)(int players, std::vector<std::int64_t>& values, std::vector<std::int64_t>& defaults);
  int (*packs)(const std::vector<std::int64_t>& values);
  // The game's typed config (and whatever else it derives) from the completed values.
  GameData (*derive)(int players, const std::vector<std::int64_t>& values);
};

// The registry (core/games.cpp): the preset of every game, by Game.
const Preset& preset_of(Game game);

const Preset& gan_deng_yan_preset();
const Preset& guandan_preset();
const Preset& gouji_preset();

// Index of an option in a preset's table; the table is small and this runs only
// when Rules are built.
int option_index(const Preset& preset, std::string_view name);

}  // namespace ganzdy::detail
