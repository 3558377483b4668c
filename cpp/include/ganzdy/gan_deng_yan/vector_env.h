// The Gan Deng Yan vector env: the game-generic VectorEnv (vector_env.h, where the
// contract is) over Gan Deng Yan deals, whose moves have ids (gdy::move_index(rules)).
#pragma once

#include "ganzdy/rl/vector_env_games.h"

namespace ganzdy::gdy {

using VectorEnv = ganzdy::VectorEnv<GanDengYanGame>;

}  // namespace ganzdy::gdy
