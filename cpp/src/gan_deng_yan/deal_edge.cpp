// The deal at the engine's edge: apply() guarded for moves from outside
// (gan_deng_yan/deal.h).
#include <string>

#include "ganzdy/core/errors.h"
#include "ganzdy/gan_deng_yan/deal.h"
#include "ganzdy/gan_deng_yan/moves.h"

namespace ganzdy::gdy {

void apply_guarded(Deal& deal, const Move& move) {
  // Legality may be skipped here, but not what a record needs to replay: a
  // declaration the game has, realised by its cards.
  deal.apply_play_guarded(move, [&deal](const Move& m) {
    return is_combination(deal.config(), m) ? std::string() : "not a " + deal.rules().describe() + " combination";
  });
}

}  // namespace ganzdy::gdy
