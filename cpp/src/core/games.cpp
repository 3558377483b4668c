// The registry's side in core: the preset of every game, by Game, through
// with_game (ganzdy/games.h), so the games are named in one place.
#include "ganzdy/games.h"

#include "core/preset.h"

namespace ganzdy::detail {

const Preset& preset_of(Game game) {
  return with_game(game, [](auto g) -> const Preset& { return GameTraits<typename decltype(g)::type>::preset(); });
}

}  // namespace ganzdy::detail
