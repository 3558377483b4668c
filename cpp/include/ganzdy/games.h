// The registry: the one place in the engine that names every game. Generic
// code that must pick a game at run time (from a Rules) calls with_game, which
// hands its function the game's Deal type; everything else about the game
// comes from GameTraits<Deal> (game.h): its preset, its deal factory
// (GameTraits<D>::make), its policies and encoders. Core's Rules builds each
// game's typed options through the preset this registry gives it
// (core/games.cpp).
//
// Adding a game: its folder (cpp/include/ganzdy/<game>/, cpp/src/<game>/, with
// its traits.h and instantiate.cpp), its value in enum Game (core/rules.h), and
// its case below.
#pragma once

#include <type_traits>

#include "ganzdy/core/rules.h"
#include "ganzdy/gan_deng_yan/traits.h"
#include "ganzdy/game.h"
#include "ganzdy/gouji/traits.h"
#include "ganzdy/guandan/traits.h"

namespace ganzdy {

// Calls f(std::type_identity<Deal>{}) with the Deal type of `game` and returns
// what it returns (the same type for every game), e.g. a deal factory:
//   with_game(rules->game(), [&](auto game) {
//     using D = typename decltype(game)::type;
//     return GameTraits<D>::make(rules, seed, dealer).str();
//   });
template <class F>
decltype(auto) with_game(Game game, F&& f) {
  switch (game) {
    case Game::gan_deng_yan: break;
    case Game::guandan: return f(std::type_identity<gd::Deal>{});
    case Game::gouji: return f(std::type_identity<gj::Deal>{});
  }
  return f(std::type_identity<gdy::Deal>{});
}

// Calls f(GameTraits<Deal>{}) for the rules' game and returns what it returns:
//   with_traits(rules, [&](auto traits) { return traits.observation_size(rules); });
template <class F>
decltype(auto) with_traits(const Rules& rules, F&& f) {
  return with_game(rules.game(), [&](auto game) { return f(GameTraits<typename decltype(game)::type>{}); });
}

static_assert(kNumGames == 3, "a new game needs its case in with_game");

}  // namespace ganzdy
