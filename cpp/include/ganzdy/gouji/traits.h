// Gouji's GameTraits (game.h): what generic code -- the search, the playouts,
// the vector env -- needs of the game besides its deal.
//
// Moves are card level (no id space): the search keys them by the move itself
// and widens its nodes progressively; the vector env gives each legal move's
// features (Gouji has no wild cards). Rewards (ismcts.h) are a seat's team's:
// win 1 when its team has more points, 1/2 on a tie or a void hand; points 0.5 +
// 0.5 * tanh(team points / 4), its team's total (Outcome::team_points). Batch deals (playout.h) follow a random previous hand
// when `tribute` (gj::random_previous, from Random(seed ^ gj::kPreviousSalt)),
// else are first hands; every vector-env episode is the first hand of a match.
// Gouji has no bombs.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "ganzdy/game.h"
#include "ganzdy/gouji/agents.h"
#include "ganzdy/gouji/deal.h"
#include "ganzdy/gouji/moves.h"
#include "ganzdy/gouji/observation.h"
#include "ganzdy/gouji/playout.h"
#include "ganzdy/rl/move_features.h"

namespace ganzdy {

namespace detail {
struct Preset;
const Preset& gouji_preset();  // the option table and defaults (cpp/src/gouji/rules.cpp)
}  // namespace detail

template <>
struct GameTraits<gj::Deal> {
  using Deal = gj::Deal;
  static constexpr Game kGame = Game::gouji;
  static constexpr std::string_view kName = "Gouji";
  static constexpr bool kMoveIds = false;
  static constexpr bool kWiden = true;
  static constexpr bool kCountsBombs = false;
  static constexpr bool kTribute = true;  // a hand after the first pays tribute (batch_deal's `tribute`)
  static constexpr double kPointsScale = 4.0;
  // The search's default temperature of a network's prior (rl/network.h). Sharp: at
  // 0.1 the prior over Gouji's dozens of moves was nearly flat and a 100-iteration
  // search played below the network alone; at 0.02 it plays above it (docs/search.md).
  static constexpr double kPriorTemperature = 0.02;
  // The search's settings with an evaluator (game.h): greedy rollouts value the
  // leaves (with the network's values the search played below the network), the
  // network's sharp prior (kPriorTemperature) at a Gumbel root.
  static constexpr EvaluatorSearch kEvaluatorSearch{
      .value_weight = 0, .puct_root = false,
      .own_greedy = 0, .others_greedy = 0};

  // The game's rules preset, for the registry (core/games.cpp).
  static const detail::Preset& preset() { return detail::gouji_preset(); }
  static const std::shared_ptr<const Rules>& require(const std::shared_ptr<const Rules>& rules) {
    return gj::require_gouji(rules);
  }
  static int players(const Rules&) { return gj::kPlayers; }
  static int seat_after(const Rules&, int seat, int k) { return (seat + k) % gj::kPlayers; }
  // The move-level rules, for callers that hold only a Rules of this game (the
  // Python Rules' readings, beats and legal_moves). `opened_point` is a Gouji
  // player's state; the other games have none and ignore it.
  static void readings(const Rules& rules, const Cards& cards, MoveList& out) {
    gj::readings(gj::config(rules), cards, out);
  }
  // Whether a card of `face` may go into a play of another rank: 2s join any rank
  // as that rank, jokers hang on it (rules §4.1; never with 3s under 憋三, but with
  // every other rank). What they then beat is the beat_mode's: only `wild` makes
  // jokers plain wilds (§4.4), yet in every mode they are what a person calls the
  // wild cards of a hand. (wild_face, for move features, is the other sense: a
  // card that takes on the face it stands for; Gouji has none.)
  static bool is_wild(const Rules&, Face face) { return is_joker(face) || face_rank(face) == kRank2; }
  static bool is_combination(const Rules& rules, const Move& move) {
    return gj::is_combination(gj::config(rules), move);
  }
  static bool beats(const Rules& rules, const Move& next, const Move& table) {
    return gj::beats(gj::config(rules), next, table);
  }
  static void generate(const Rules& rules, const Cards& hand, const Move& table, MoveList& out, bool opened_point) {
    gj::generate(gj::config(rules), hand, table, out, gj::Context{opened_point});
  }
  static std::string why_illegal(const Rules& rules, const Cards& hand, const Move& table, const Move& move,
                                 bool opened_point) {
    return gj::why_illegal(gj::config(rules), hand, table, move, gj::Context{opened_point});
  }
  static int greedy(const Deal& deal, const MoveList& legal) {
    return gj::greedy_choice(deal.config(), gj::view_of(deal), legal);
  }
  // The observation's layout version (a learned network is trained for one).
  static constexpr int kObservationVersion = gj::kObservationVersion;
  static int observation_size(const Rules&) { return gj::observation_size(false); }
  static const std::vector<gj::ObservationSlice>& observation_layout(const Rules&, bool perfect) {
    return gj::observation_layout(perfect);
  }
  static void observe(const Deal& deal, int seat, float* out) { gj::encode_observation(deal, seat, false, out); }
  static void rewards(const Deal& world, Reward kind, std::array<double, kMaxSeats>& out) {
    const gj::Outcome o = world.outcome();
    team_rewards(gj::kPlayers, o.winning_team, o.team_points, kPointsScale, kind, out);
  }
  static int wild_face(const Deal&) { return kNoWild; }

  // A first hand dealt by `dealer` (DealSetup::dealer: deck card i goes to seat
  // (dealer + i) mod 6).
  static Deal make(const std::shared_ptr<const Rules>& rules, std::uint64_t seed, int dealer) {
    gj::DealSetup setup;
    setup.dealer = dealer;
    return Deal(rules, seed, setup);
  }
  static Deal episode(const std::shared_ptr<const Rules>& rules, std::uint64_t seed, std::size_t, std::int64_t) {
    return Deal(rules, seed);
  }
  static Deal batch_deal(const std::shared_ptr<const Rules>& rules, std::uint64_t seed, std::size_t, bool tribute) {
    gj::DealSetup setup;
    if (tribute) {
      Random previous_rng(seed ^ gj::kPreviousSalt);
      setup.previous = gj::random_previous(previous_rng);
    }
    return Deal(rules, seed, setup);
  }
  static int bombs(const Deal&, int) { return 0; }
};

static_assert(GameDeal<gj::Deal>);
static_assert(GameTraitsOf<GameTraits<gj::Deal>>);

}  // namespace ganzdy
