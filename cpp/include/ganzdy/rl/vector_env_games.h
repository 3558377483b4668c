// The games the vector env (vector_env.h) plays: how each deals an episode,
// observes, scores and names its moves. Explicitly instantiated in
// vector_env_games.cpp, so users of the env need not compile it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "ganzdy/guandan/deal.h"
#include "ganzdy/gan_deng_yan/deal.h"
#include "ganzdy/gouji/deal.h"
#include "ganzdy/rl/vector_env.h"

namespace ganzdy {

// Gan Deng Yan: moves have ids (gdy::move_index(rules)). Episode e of env i is
// Deal(rules, episode_seed, dealer = (i + e) % players): the dealer rotates, so a
// fixed learner seat still meets every position relative to the dealer.
struct GanDengYanGame {
  using Deal = gdy::Deal;
  static constexpr bool kMoveIds = true;
  static constexpr const char* kName = "Gan Deng Yan";
  static std::shared_ptr<const Rules> require(std::shared_ptr<const Rules> rules);
  static int players(const Rules& rules);
  static int observation_size(const Rules& rules);
  static std::int32_t num_moves(const Rules& rules);
  static Deal deal(const std::shared_ptr<const Rules>& rules, std::uint64_t seed, std::size_t env, std::int64_t episode);
  static int seat_after(const Rules& rules, int seat, int k);
  static int greedy(const Deal& deal, const MoveList& legal);
  static void observe(const Deal& deal, int seat, float* out);
  static std::int64_t points(const Deal& deal, int seat);
  static std::int32_t id(const Rules& rules, const Move& move);
  // " (<move>) is not legal ...: <why>" for an id that is not a legal id.
  static std::string why_not(const Deal& deal, const Rules& rules, std::int64_t id);
};

// Guandan: card-level moves, ids are legal-list indices with features. Every
// episode is a deal after a previous hand: its finishing order is a uniformly
// random order of the four seats drawn from the episode seed (Random(seed ^
// kSetupSalt)), so the tribute phase (tribute, pick, return choices) is part of
// the episodes; the deal plays at the rules' level.
struct GuandanGame {
  using Deal = gd::Deal;
  static constexpr bool kMoveIds = false;
  static constexpr const char* kName = "Guandan";
  static constexpr std::uint64_t kSetupSalt = 0x7B1B07E5E7D0A11FULL;
  static std::shared_ptr<const Rules> require(std::shared_ptr<const Rules> rules);
  static int players(const Rules&) { return gd::kPlayers; }
  static int observation_size(const Rules& rules);
  static std::int32_t num_moves(const Rules&) { return 0; }
  static Deal deal(const std::shared_ptr<const Rules>& rules, std::uint64_t seed, std::size_t env, std::int64_t episode);
  static int seat_after(const Rules&, int seat, int k) { return (seat + k) % gd::kPlayers; }
  static int greedy(const Deal& deal, const MoveList& legal);
  static void observe(const Deal& deal, int seat, float* out);
  static std::int64_t points(const Deal& deal, int seat);
  static int wild_face(const Deal& deal);
};

// Gouji: card-level moves, ids are legal-list indices with features. Every
// episode is the first hand of a match (Deal(rules, episode_seed)): no tribute
// nor 上班 from a previous hand.
struct GoujiGame {
  using Deal = gj::Deal;
  static constexpr bool kMoveIds = false;
  static constexpr const char* kName = "Gouji";
  static std::shared_ptr<const Rules> require(std::shared_ptr<const Rules> rules);
  static int players(const Rules&) { return gj::kPlayers; }
  static int observation_size(const Rules& rules);
  static std::int32_t num_moves(const Rules&) { return 0; }
  static Deal deal(const std::shared_ptr<const Rules>& rules, std::uint64_t seed, std::size_t env, std::int64_t episode);
  static int seat_after(const Rules&, int seat, int k) { return (seat + k) % gj::kPlayers; }
  static int greedy(const Deal& deal, const MoveList& legal);
  static void observe(const Deal& deal, int seat, float* out);
  static std::int64_t points(const Deal& deal, int seat);
  static int wild_face(const Deal&) { return kNoWild; }
};

extern template class VectorEnv<GanDengYanGame>;
extern template class VectorEnv<GuandanGame>;
extern template class VectorEnv<GoujiGame>;

}  // namespace ganzdy
