// The registry: the one place in the engine that knows every game. Adding a
// game adds one line here (its preset) and one in ganzdy/games.h.
#include "core/preset.h"

namespace ganzdy::detail {

const Preset& preset_of(Game game) {
  switch (game) {
    case Game::gan_deng_yan: break;
    case Game::guandan: return guandan_preset();
    case Game::gouji: return gouji_preset();
  }
  return gan_deng_yan_preset();
}

}  // namespace ganzdy::detail
