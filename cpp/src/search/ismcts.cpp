// What the search does not template over a deal; the rest is ismcts_impl.h,
// instantiated per game in cpp/src/<game>/instantiate.cpp.
#include <string>

#include "ganzdy/core/errors.h"
#include "ganzdy/core/move.h"
#include "ganzdy/search/ismcts.h"

namespace ganzdy {

Reward parse_reward(std::string_view name) {
  if (name == "win") return Reward::win;
  if (name == "points") return Reward::points;
  if (name == "mixed") return Reward::mixed;
  if (name == "rank") return Reward::rank;
  throw RulesError("unknown reward '" + quoted(name) + "': expected 'win', 'points', 'mixed' or 'rank'");
}

}  // namespace ganzdy
