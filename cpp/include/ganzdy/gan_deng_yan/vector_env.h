// The Gan Deng Yan vector env: the game-generic VectorEnv (rl/vector_env.h, where
// the contract is) over Gan Deng Yan deals, whose moves have ids
// (gdy::move_index(rules)); instantiated in gan_deng_yan/instantiate.cpp.
#pragma once

#include "ganzdy/gan_deng_yan/traits.h"
#include "ganzdy/rl/vector_env.h"

namespace ganzdy::gdy {

using VectorEnv = ganzdy::VectorEnv<Deal>;

}  // namespace ganzdy::gdy
