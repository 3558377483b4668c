// Guandan's GameTraits (game.h): what generic code -- the search, the playouts,
// the vector env -- needs of the game besides its deal.
//
// Moves are card level (no id space): the search keys them by the move itself
// and widens its nodes progressively, expanding the greedy choice first; the
// vector env gives each legal move's features. Rewards (ismcts.h) are a seat's
// team's: win 1 when its team won the deal; points 0.5 + 0.5 * tanh(points / 2).
// Batch deals (playout.h) follow a random previous finishing order when
// `tribute` (gd::random_finish, from Random(seed ^ gd::kFinishSalt)), else are
// first hands; every vector-env episode follows a random previous finishing order
// (from Random(seed ^ kSetupSalt)), so the tribute phase is part of the episodes.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ganzdy/game.h"
#include "ganzdy/guandan/agents.h"
#include "ganzdy/guandan/deal.h"
#include "ganzdy/guandan/moves.h"
#include "ganzdy/guandan/observation.h"
#include "ganzdy/guandan/playout.h"
#include "ganzdy/rl/move_features.h"

namespace ganzdy {

namespace detail {
struct Preset;
const Preset& guandan_preset();  // the option table and defaults (cpp/src/guandan/rules.cpp)
}  // namespace detail

template <>
struct GameTraits<gd::Deal> {
  using Deal = gd::Deal;
  static constexpr Game kGame = Game::guandan;
  static constexpr std::string_view kName = "Guandan";
  static constexpr bool kMoveIds = false;
  static constexpr bool kWiden = true;
  static constexpr bool kCountsBombs = true;
  static constexpr bool kTribute = true;  // a hand after the first pays tribute (batch_deal's `tribute`)
  static constexpr double kPointsScale = 2.0;  // a deal moves 1 to 3 levels (4 under '4-2-1')
  // The search's default temperature of a network's prior (rl/network.h): broad; the
  // sharper 0.02 did not play better (docs/search.md).
  static constexpr double kPriorTemperature = 0.1;
  // The search's settings with an evaluator (game.h): greedy rollouts value the
  // leaves (the network's values put the search below greedy), and greedy's prior
  // -- half on its move, a PUCT root -- has its other half spread by the network:
  // +138 Elo over the network's prior alone, level with the greedy-prior search.
  static constexpr EvaluatorSearch kEvaluatorSearch{
      .value_weight = 0, .puct_root = true,
      .own_greedy = 0.5, .others_greedy = 0.5};
  static constexpr std::uint64_t kSetupSalt = 0x7B1B07E5E7D0A11FULL;

  // The game's rules preset, for the registry (core/games.cpp).
  static const detail::Preset& preset() { return detail::guandan_preset(); }
  static const std::shared_ptr<const Rules>& require(const std::shared_ptr<const Rules>& rules) {
    return gd::require_guandan(rules);
  }
  static int players(const Rules&) { return gd::kPlayers; }
  static int seat_after(const Rules&, int seat, int k) { return (seat + k) % gd::kPlayers; }
  // The move-level rules, for callers that hold only a Rules of this game (the
  // Python Rules' readings, beats and legal_moves). `opened_point` is a Gouji
  // player's state; the other games have none and ignore it.
  static void readings(const Rules& rules, const Cards& cards, MoveList& out) {
    gd::readings(gd::config(rules), cards, out);
  }
  // Whether a card of `face` may stand for another card: the hearts of the level
  // rank (逢人配, rules §5), unless wilds are off.
  static bool is_wild(const Rules& rules, Face face) {
    const gd::Config& config = gd::config(rules);
    return config.wild_enabled && face == config.wild_face();
  }
  static bool is_combination(const Rules& rules, const Move& move) {
    return gd::is_combination(gd::config(rules), move);
  }
  static bool beats(const Rules& rules, const Move& next, const Move& table) {
    return gd::beats(gd::config(rules), next, table);
  }
  static void generate(const Rules& rules, const Cards& hand, const Move& table, MoveList& out, bool) {
    gd::generate(gd::config(rules), hand, table, out);
  }
  static std::string why_illegal(const Rules& rules, const Cards& hand, const Move& table, const Move& move,
                                 bool) {
    return gd::why_illegal(gd::config(rules), hand, table, move);
  }
  static int greedy(const Deal& deal, const MoveList& legal) {
    return gd::greedy_choice(deal.config(), gd::view_of(deal), legal);
  }
  // The observation's layout version (a learned network is trained for one).
  static constexpr int kObservationVersion = gd::kObservationVersion;
  static int observation_size(const Rules&) { return gd::observation_size(false); }
  static const std::vector<gd::ObservationSlice>& observation_layout(const Rules&, bool perfect) {
    return gd::observation_layout(perfect);
  }
  static void observe(const Deal& deal, int seat, float* out) { gd::encode_observation(deal, seat, false, out); }
  static void rewards(const Deal& world, Reward kind, std::array<double, kMaxSeats>& out) {
    const gd::Outcome o = world.outcome();
    team_rewards(gd::kPlayers, o.winning_team, o.points, kPointsScale, kind, out);
  }
  static int wild_face(const Deal& deal) { return deal.config().wild_enabled ? deal.config().wild_face() : kNoWild; }

  // A first hand dealt by `dealer` (DealSetup::dealer: deck card i goes to seat
  // (dealer + i) mod 4).
  static Deal make(const std::shared_ptr<const Rules>& rules, std::uint64_t seed, int dealer) {
    gd::DealSetup setup;
    setup.dealer = dealer;
    return Deal(rules, seed, setup);
  }
  static Deal episode(const std::shared_ptr<const Rules>& rules, std::uint64_t seed, std::size_t, std::int64_t) {
    gd::DealSetup setup;
    Random pick(seed ^ kSetupSalt);
    std::vector<int> order{0, 1, 2, 3};
    for (int k = gd::kPlayers - 1; k > 0; --k)
      std::swap(order[static_cast<std::size_t>(k)], order[pick.below(static_cast<std::uint64_t>(k + 1))]);
    setup.previous_finish = std::move(order);
    return Deal(rules, seed, setup);
  }
  static Deal batch_deal(const std::shared_ptr<const Rules>& rules, std::uint64_t seed, std::size_t, bool tribute) {
    gd::DealSetup setup;
    if (tribute) {
      Random finish_rng(seed ^ gd::kFinishSalt);
      const auto order = gd::random_finish(finish_rng);
      setup.previous_finish.assign(order.begin(), order.end());
    }
    return Deal(rules, seed, setup);
  }
  static int bombs(const Deal&, int counted) { return counted; }
};

static_assert(GameDeal<gd::Deal>);
static_assert(GameTraitsOf<GameTraits<gd::Deal>>);

}  // namespace ganzdy
