// Gan Deng Yan's GameTraits (game.h): what generic code -- the search, the
// playouts, the vector env -- needs of the game besides its deal.
//
// Moves have ids (gan_deng_yan/ids.h), so the search keys its tree and the vector
// env names its actions by id. Rewards (ismcts.h): win is 1 for the first player
// out (1/players each for a drawn deal); points is 0.5 + 0.5 * tanh(points / (32
// * base)). Batch deal i is dealt by seat i mod players; episode e of env i by
// seat (i + e) mod players, so a fixed learner seat meets every position
// relative to the dealer.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "ganzdy/gan_deng_yan/agents.h"
#include "ganzdy/gan_deng_yan/deal.h"
#include "ganzdy/gan_deng_yan/moves.h"
#include "ganzdy/gan_deng_yan/ids.h"
#include "ganzdy/gan_deng_yan/observation.h"
#include "ganzdy/game.h"

namespace ganzdy {

namespace detail {
struct Preset;
const Preset& gan_deng_yan_preset();  // the option table and defaults (cpp/src/gan_deng_yan/rules.cpp)
}  // namespace detail

template <>
struct GameTraits<gdy::Deal> {
  using Deal = gdy::Deal;
  static constexpr Game kGame = Game::gan_deng_yan;
  static constexpr std::string_view kName = "Gan Deng Yan";
  static constexpr bool kMoveIds = true;
  static constexpr bool kWiden = false;
  static constexpr bool kCountsBombs = false;  // the deal counts them
  static constexpr bool kTribute = false;  // a deal stands alone: no tribute between deals
  // The points reward's scale, times the stake per card (ismcts.h).
  static constexpr double kPointsScale = 32.0;
  // The search's default temperature of a network's prior (rl/network.h): broad; the
  // sharper 0.02 did not play better (docs/search.md).
  static constexpr double kPriorTemperature = 0.1;
  // The search's settings with an evaluator (game.h): the network's values at the
  // leaves, the Gumbel root, the network's prior unmixed. Greedy's prior is the
  // weaker one here: mixing it in at 0.3 lost 23 Elo to this search.
  static constexpr EvaluatorSearch kEvaluatorSearch{
      .value_weight = 1, .puct_root = false,
      .own_greedy = 0, .others_greedy = 0};

  // The game's rules preset, for the registry (core/games.cpp).
  static const detail::Preset& preset() { return detail::gan_deng_yan_preset(); }
  static const std::shared_ptr<const Rules>& require(const std::shared_ptr<const Rules>& rules) {
    return gdy::require_gan_deng_yan(rules);
  }
  static int players(const Rules& rules) { return rules.players(); }
  static int seat_after(const Rules& rules, int seat, int k) {
    const int n = rules.players();
    return gdy::config(rules).direction == gdy::Direction::counter_clockwise ? (seat + k) % n : (seat - k + n) % n;
  }
  // The move-level rules, for callers that hold only a Rules of this game (the
  // Python Rules' readings, beats and legal_moves). `opened_point` is a Gouji
  // player's state; the other games have none and ignore it.
  static void readings(const Rules& rules, const Cards& cards, MoveList& out) {
    gdy::readings(gdy::config(rules), cards, out);
  }
  // Whether a card of `face` may stand for another rank: the jokers, unless
  // joker_wild is off (rules §5, W1).
  static bool is_wild(const Rules& rules, Face face) { return is_joker(face) && gdy::config(rules).joker_wild; }
  static bool is_combination(const Rules& rules, const Move& move) {
    return gdy::is_combination(gdy::config(rules), move);
  }
  static bool beats(const Rules& rules, const Move& next, const Move& table) {
    return gdy::beats(gdy::config(rules), next, table);
  }
  static void generate(const Rules& rules, const Cards& hand, const Move& table, MoveList& out, bool) {
    gdy::generate(gdy::config(rules), hand, table, out);
  }
  static std::string why_illegal(const Rules& rules, const Cards& hand, const Move& table, const Move& move,
                                 bool) {
    return gdy::why_illegal(gdy::config(rules), hand, table, move);
  }
  static int greedy(const Deal& deal, const MoveList& legal) {
    return gdy::greedy_choice(deal.config(), gdy::view_of(deal), legal);
  }
  // The observation's layout version (a learned network is trained for one).
  static constexpr int kObservationVersion = gdy::kObservationVersion;
  static int observation_size(const Rules& rules) { return gdy::observation_size(rules.players(), false); }
  static const std::vector<gdy::ObservationSlice>& observation_layout(const Rules& rules, bool perfect) {
    return gdy::observation_layout(rules.players(), perfect);
  }
  static void observe(const Deal& deal, int seat, float* out) { gdy::encode_observation(deal, seat, false, out); }
  static void rewards(const Deal& world, Reward kind, std::array<double, kMaxSeats>& out) {
    const gdy::Outcome o = world.outcome();
    const int n = world.players();
    const double scale = kPointsScale * std::max(world.config().base, 1);
    if (kind == Reward::rank) {
      rank_rewards(o, n, out);
      return;
    }
    for (int s = 0; s < n; ++s) {
      const double win = o.drawn ? 1.0 / n : (o.winner == s ? 1.0 : 0.0);
      const double points = 0.5 + 0.5 * std::tanh(static_cast<double>(o.points[static_cast<std::size_t>(s)]) / scale);
      out[static_cast<std::size_t>(s)] = mix_reward(kind, win, points);
    }
  }

  // Each seat's share of the deal's pairwise games as the arena's ratings count them
  // (python/ganzdy/ratings.py, finish_ahead): the winner finished ahead of everyone,
  // the others rank by points, more first, and equal points (a drawn deal's) tie.
  static void rank_rewards(const gdy::Outcome& o, int n, std::array<double, kMaxSeats>& out) {
    const auto ahead = [&](int s, int t) -> double {
      if (!o.drawn && o.winner == s) return 1.0;
      if (!o.drawn && o.winner == t) return 0.0;
      const auto ps = o.points[static_cast<std::size_t>(s)];
      const auto pt = o.points[static_cast<std::size_t>(t)];
      return ps > pt ? 1.0 : ps == pt ? 0.5 : 0.0;
    };
    for (int s = 0; s < n; ++s) {
      double share = 0;
      for (int t = 0; t < n; ++t) {
        if (t != s) share += ahead(s, t);
      }
      out[static_cast<std::size_t>(s)] = share / (n - 1);
    }
  }

  static const gdy::MoveIndex& move_index(const Rules& rules) { return gdy::move_index(rules); }
  // " (<move>) is not legal ...: <why>" for an id that is not a legal id of the seat to act.
  static std::string why_not_id(const Deal& deal, std::int64_t id) {
    const gdy::MoveIndex& index = gdy::move_index(deal.rules());
    const std::int32_t num = index.size();
    if (id < 0 || id >= num) return " is out of range: expected 0 to " + std::to_string(num - 1);
    const int seat = deal.current_player();
    const auto id32 = static_cast<std::int32_t>(id);
    std::string out =
        " (" + index.move(id32)->str() + ") is not legal for the learner (seat " + std::to_string(seat) + "): ";
    const auto move = index.move_from(id32, deal.hand(seat));
    const std::string why = move ? deal.why_illegal(*move) : "the hand " + deal.hand(seat).str() + " lacks these cards";
    return out + (why.empty() ? "it is not among the env's legal ids" : why);
  }

  static Deal make(const std::shared_ptr<const Rules>& rules, std::uint64_t seed, int dealer) {
    return Deal(rules, seed, dealer);
  }
  static Deal episode(const std::shared_ptr<const Rules>& rules, std::uint64_t seed, std::size_t env,
                      std::int64_t episode) {
    const auto n = static_cast<std::uint64_t>(rules->players());
    return Deal(rules, seed, static_cast<int>((env + static_cast<std::uint64_t>(episode)) % n));
  }
  static Deal batch_deal(const std::shared_ptr<const Rules>& rules, std::uint64_t seed, std::size_t index, bool) {
    return Deal(rules, seed, static_cast<int>(index % static_cast<std::size_t>(rules->players())));
  }
  static int bombs(const Deal& deal, int) { return deal.bombs_played(); }
};

static_assert(GameDeal<gdy::Deal>);
static_assert(GameTraitsOf<GameTraits<gdy::Deal>>);

}  // namespace ganzdy
