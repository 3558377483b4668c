// A vector of independent deals stepped together, for reinforcement learning: one
// learner seat in each deal, every other seat played inside C++ by a built-in
// policy (random, or greedy where the game has one), so one step() call advances
// n games without crossing into Python. One template over the deal contract
// (game.h) serves every game: GameTraits<Deal> says how to deal an episode,
// observe, play greedily and name moves. Each game instantiates it in its folder
// (cpp/src/<game>/instantiate.cpp).
//
// The contract:
//
//  - A step is one learner decision. step(actions) takes one move id per env.
//    Every action is checked first; an id that is not among the env's legal ids
//    throws IllegalMoveError naming the env, the id and why, and then no env has
//    changed. Otherwise each env applies its action, and the opponents play until
//    it is the learner's turn again or the deal ends.
//  - Move ids. Games whose moves have ids (GameTraits::kMoveIds, Gan Deng Yan):
//    the ids of GameTraits::move_index(rules) (gdy::move_index(rules)), as
//    Deal::legal_ids gives them. Card-level games (Guandan, Gouji), whose moves
//    have no fixed id space: a move's id is its index in the deal's legal moves
//    (0 .. count - 1, legal_moves order), and each legal move comes with its
//    features (move_features.h): the cards it plays as 54 face counts, its kind,
//    its key and the wilds it uses, flat over all envs like the ids.
//  - Outputs live in buffers the env owns, overwritten by each reset() and step():
//    observations [n, observation_size] (the learner's imperfect observation, the
//    game's encode_observation), the learner's legal ids as a ragged pair (ids, and
//    offsets [n + 1]: env i's ids are ids[offsets[i], offsets[i + 1]), in
//    legal_moves order), rewards [n], terminations [n], and the final info of the
//    episodes that ended: episode_points [n], episode_lengths [n],
//    final_observations [n, observation_size] (rows meaningful only where
//    terminations[i] is 1). Fixed-size buffers never move after construction; the
//    ids and feature buffers grow when a step needs more room.
//  - Rewards: the learner's points (Outcome::points of its seat; zero for a drawn
//    or void deal) in the step its deal ended, else 0. An episode's rewards sum to
//    its points.
//  - Same-step auto-reset (Gymnasium's SAME_STEP mode): when an env's deal ends in a
//    step, that step reports its reward, terminations[i] = 1 and the final info, and
//    the observation and legal ids it returns are already those of the env's next
//    deal, at the learner's first decision. Deals always end, so nothing is truncated.
//  - Dense masks [n, num_moves] (bool as bytes), Gan Deng Yan only, on request:
//    masks() brings an env-owned buffer up to date with the current legal ids,
//    clearing only the ids it set before, so a call costs the number of legal ids.
//  - Episodes: reset(seed) starts episode 0 of every env; reset() starts the next
//    episode of every env (abandoning the current ones), or episode 0 on first use.
//    Episode e of env i is the deal GameTraits::episode(rules, deal_seed(deal_seed(seed, i),
//    e), i, e), so an env's deals depend on (seed, i) only, never on n. The
//    learner's seat is fixed (seat 0..players-1) or, with kRandomSeat, drawn per
//    episode as Random(episode_seed ^ kSeatSalt).below(players). The opponents'
//    random choices come from Random(episode_seed ^ kPolicySalt), one generator per
//    episode, so every episode is reproducible on its own: a seed decides everything.
//  - Opponents are given per relative position: opponents[k - 1] plays the seat k
//    places after the learner in turn order (the observation's relative order), or
//    one policy plays them all.
//  - An episode in which the learner never acts (an opponent goes out, or the deal
//    is drawn, before the learner's first turn) is skipped: it counts as an episode
//    and in skipped_episodes(), but yields no step and no reward.
//
// Cost: a step allocates nothing once the buffers have grown to their working size,
// except when a deal ends (the next deal's deck, the outcome). Deals keep no undo
// history.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ganzdy/core/card.h"
#include "ganzdy/core/errors.h"
#include "ganzdy/core/random.h"
#include "ganzdy/core/rules.h"
#include "ganzdy/game.h"
#include "ganzdy/rl/move_features.h"
#include "ganzdy/search/playout.h"

namespace ganzdy {

template <GameDeal D>
class VectorEnv {
  using Game = GameTraits<D>;

 public:
  using Deal = D;
  // The learner's seat is drawn anew for each episode.
  static constexpr int kRandomSeat = -1;
  static constexpr std::uint64_t kSeatSalt = 0x5EA7C0FFEE5EA7ULL;
  static constexpr std::uint64_t kPolicySalt = ganzdy::kPolicySalt;  // as in playouts()
  // Whether legal ids are ids of a fixed move space (else list indices with features).
  static constexpr bool kMoveIds = Game::kMoveIds;

  // `num_envs` >= 1 deals of `rules` (the Game's). `opponents`: one policy for
  // every other seat, or players - 1 policies by relative position. `seat`: the
  // learner's seat, or kRandomSeat. Throws RulesError naming a bad argument. No
  // deal is dealt until reset().
  VectorEnv(std::shared_ptr<const Rules> rules, int num_envs, std::vector<Policy> opponents, int seat,
            std::uint64_t seed)
      : rules_(require(std::move(rules))),
        num_envs_(num_envs),
        players_(Game::players(*rules_)),
        obs_size_(Game::observation_size(*rules_)),
        num_moves_(num_moves_of(*rules_)),
        opponents_(std::move(opponents)),
        seat_(seat),
        seed_(seed) {
    if (num_envs < 1) throw RulesError("num_envs=" + std::to_string(num_envs) + " is not allowed: expected 1 or more");
    if (seat != kRandomSeat && (seat < 0 || seat >= players_))
      throw RulesError("seat=" + std::to_string(seat) + " is not a seat: expected 0 to " + std::to_string(players_ - 1) +
                       ", or random");
    if (opponents_.size() == 1) opponents_.assign(static_cast<std::size_t>(players_ - 1), opponents_.front());
    if (static_cast<int>(opponents_.size()) != players_ - 1)
      throw RulesError("opponents: give one policy for every opponent or " + std::to_string(players_ - 1) +
                       " policies (one per seat after the learner, in turn order), got " +
                       std::to_string(opponents_.size()));
    const auto n = static_cast<std::size_t>(num_envs);
    slots_.resize(n);
    choice_.assign(n, 0);
    observations_.assign(n * obs_width(), 0.0f);
    final_observations_.assign(n * obs_width(), 0.0f);
    offsets_.assign(n + 1, 0);
    rewards_.assign(n, 0.0f);
    terminations_.assign(n, 0);
    episode_points_.assign(n, 0);
    episode_lengths_.assign(n, 0);
    seats_.assign(n, 0);
    episodes_.assign(n, -1);
    reserve_moves(64 * n);
  }

  // `rules`, or RulesError unless they are given and are this env's game's.
  static std::shared_ptr<const Rules> require(std::shared_ptr<const Rules> rules) {
    if (!rules) throw RulesError("VectorEnv: no rules given");
    if (rules->game() != Game::kGame)
      throw RulesError("this VectorEnv plays " + std::string(Game::kName) + " only, not " + rules->describe());
    return rules;
  }

  int num_envs() const { return num_envs_; }
  int players() const { return players_; }
  int observation_size() const { return obs_size_; }
  // The size of the move-id space (Gan Deng Yan), or 0 for card-level games.
  std::int32_t num_moves() const { return num_moves_; }
  const Rules& rules() const { return *rules_; }
  // The seed of the episodes now being played (the constructor's until reset(seed)).
  std::uint64_t seed() const { return seed_; }
  // The fixed learner seat, or kRandomSeat.
  int seat() const { return seat_; }
  const std::vector<Policy>& opponents() const { return opponents_; }
  bool started() const { return started_; }

  // Reseeds and starts episode 0 of every env.
  void reset(std::uint64_t seed) {
    seed_ = seed;
    for (auto& slot : slots_) slot.next_episode = 0;
    started_ = false;
    reset();
  }

  // Starts the next episode of every env (episode 0 if it has none yet).
  void reset() {
    if (!started_)
      for (std::size_t i = 0; i < slots_.size(); ++i) slots_[i].env_seed = deal_seed(seed_, i);
    std::size_t pos = 0;
    for (std::size_t i = 0; i < slots_.size(); ++i) {
      clear_final(i);
      start_episode(i);
      emit(i, pos);
    }
    started_ = true;
    masks_current_ = false;
  }

  // `actions` holds num_envs() move ids. Throws RulesError before reset() or for a
  // wrong count, IllegalMoveError for an illegal id; in both cases nothing changes.
  void step(std::span<const std::int64_t> actions) {
    if (!started_) throw RulesError("step() before reset(): call reset() first");
    if (actions.size() != slots_.size())
      throw RulesError("step: expected " + std::to_string(slots_.size()) + " actions (one per env), got " +
                       std::to_string(actions.size()));
    // Check every action before touching any env.
    for (std::size_t i = 0; i < slots_.size(); ++i) {
      const std::int64_t id = actions[i];
      const auto begin = static_cast<std::size_t>(offsets_[i]);
      const auto end = static_cast<std::size_t>(offsets_[i + 1]);
      if constexpr (kMoveIds) {
        std::size_t k = begin;
        while (k < end && ids_[k] != id) ++k;
        if (k == end) throw IllegalMoveError(illegal_reason(i, id));
        choice_[i] = static_cast<std::uint32_t>(k - begin);
      } else {
        if (id < 0 || static_cast<std::uint64_t>(id) >= end - begin) throw IllegalMoveError(illegal_reason(i, id));
        choice_[i] = static_cast<std::uint32_t>(id);
      }
    }
    std::size_t pos = 0;
    for (std::size_t i = 0; i < slots_.size(); ++i) {
      Slot& slot = slots_[i];
      slot.deal->apply(slot.legal[choice_[i]]);
      ++slot.steps;
      play_opponents(slot);
      if (slot.deal->is_terminal()) {
        finish(i);
        start_episode(i);
      } else {
        clear_final(i);
      }
      emit(i, pos);
    }
    masks_current_ = false;
  }

  // The outputs of the last reset() or step(); see the contract above.
  std::span<const float> observations() const { return observations_; }
  std::span<const std::int32_t> legal_ids() const { return {ids_.data(), used()}; }
  std::span<const std::int64_t> legal_offsets() const { return offsets_; }
  std::span<const float> rewards() const { return rewards_; }
  std::span<const std::uint8_t> terminations() const { return terminations_; }
  std::span<const std::int64_t> episode_points() const { return episode_points_; }
  std::span<const std::int32_t> episode_lengths() const { return episode_lengths_; }
  std::span<const float> final_observations() const { return final_observations_; }
  // Card-level games: the legal moves' features (move_features.h), one row per
  // legal id, flat like legal_ids(): cards [total, 54], kinds, keys, wilds [total].
  std::span<const std::uint8_t> move_cards() const { return {move_cards_.data(), used() * kNumFaces}; }
  std::span<const std::uint8_t> move_kinds() const { return {move_kinds_.data(), used()}; }
  std::span<const std::int8_t> move_keys() const { return {move_keys_.data(), used()}; }
  std::span<const std::uint8_t> move_wilds() const { return {move_wilds_.data(), used()}; }

  // Dense masks of the current legal ids (Gan Deng Yan): [num_envs, num_moves]
  // bytes, 1 at the legal ids. The buffer is allocated on first use and never
  // moves afterwards. Throws RulesError for a card-level game.
  std::span<const std::uint8_t> masks() {
    if (!started_) throw RulesError("masks() before reset(): call reset() first");
    if (!kMoveIds)
      throw RulesError("masks(): " + std::string(Game::kName) +
                       " moves have no fixed id space; use the legal moves' features");
    if (masks_current_) return masks_;
    const auto width = static_cast<std::size_t>(num_moves_);
    if (masks_.empty()) {
      masks_.assign(slots_.size() * width, 0);
      mask_offsets_.assign(slots_.size() + 1, 0);
    }
    // Clear exactly the ids set last time, then set the current ones.
    for (std::size_t i = 0; i < slots_.size(); ++i) {
      std::uint8_t* row = masks_.data() + i * width;
      for (auto k = mask_offsets_[i]; k < mask_offsets_[i + 1]; ++k) row[mask_ids_[static_cast<std::size_t>(k)]] = 0;
      for (auto k = offsets_[i]; k < offsets_[i + 1]; ++k) row[ids_[static_cast<std::size_t>(k)]] = 1;
    }
    const auto ids = legal_ids();
    mask_ids_.assign(ids.begin(), ids.end());
    mask_offsets_.assign(offsets_.begin(), offsets_.end());
    masks_current_ = true;
    return masks_;
  }

  // Per env: the learner's seat and the index of the episode now being played.
  std::span<const std::int8_t> seats() const { return seats_; }
  std::span<const std::int64_t> episodes() const { return episodes_; }
  // Episodes that ended with a learner decision in them, and episodes skipped
  // because the learner never got to act, since construction.
  std::int64_t completed_episodes() const { return completed_; }
  std::int64_t skipped_episodes() const { return skipped_; }
  // Env i's deal as it is now (before reset(): throws RulesError).
  const Deal& deal(int i) const {
    if (!started_) throw RulesError("deal(): no deal before reset()");
    if (i < 0 || i >= num_envs_)
      throw RulesError("env " + std::to_string(i) + " does not exist: expected 0 to " + std::to_string(num_envs_ - 1));
    return *slots_[static_cast<std::size_t>(i)].deal;
  }

 private:
  // Consecutive skipped episodes after which an env gives up: the rules never let
  // the learner act (with any sensible rules a skip is rare).
  static constexpr int kMaxSkips = 10000;

  struct Slot {
    std::optional<Deal> deal;
    Random rng{0};
    MoveList legal;  // the learner's legal moves now, in legal-id order
    std::array<Policy, kMaxSeats> policy{};
    std::uint64_t env_seed = 0;
    std::int64_t next_episode = 0;
    std::int32_t steps = 0;  // learner decisions in the current episode
    std::int8_t seat = 0;
  };

  static std::int32_t num_moves_of(const Rules& rules) {
    if constexpr (kMoveIds)
      return Game::move_index(rules).size();
    else
      return 0;
  }

  std::size_t obs_width() const { return static_cast<std::size_t>(obs_size_); }
  std::size_t used() const { return static_cast<std::size_t>(offsets_.back()); }

  void reserve_moves(std::size_t count) {
    ids_.resize(count);
    if constexpr (!kMoveIds) {
      move_cards_.resize(count * kNumFaces);
      move_kinds_.resize(count);
      move_keys_.resize(count);
      move_wilds_.resize(count);
    }
  }

  void clear_final(std::size_t i) {
    rewards_[i] = 0.0f;
    terminations_[i] = 0;
    episode_points_[i] = 0;
    episode_lengths_[i] = 0;
  }

  void start_episode(std::size_t i) {
    Slot& slot = slots_[i];
    for (int skips = 0;; ++skips) {
      if (skips == kMaxSkips)
        throw RulesError("VectorEnv: env " + std::to_string(i) + " skipped " + std::to_string(kMaxSkips) +
                         " deals in a row because the learner never got to act; " + rules_->describe());
      const std::int64_t episode = slot.next_episode++;
      const std::uint64_t es = deal_seed(slot.env_seed, static_cast<std::uint64_t>(episode));
      int seat = seat_;
      if (seat == kRandomSeat) {
        Random pick(es ^ kSeatSalt);
        seat = static_cast<int>(pick.below(static_cast<std::uint64_t>(players_)));
      }
      slot.deal.emplace(Game::episode(rules_, es, i, episode));
      slot.deal->set_keep_history(false);
      slot.rng = Random(es ^ kPolicySalt);
      slot.seat = static_cast<std::int8_t>(seat);
      slot.steps = 0;
      // opponents_[k - 1] plays the seat k places after the learner in turn order.
      for (int k = 1; k < players_; ++k)
        slot.policy[static_cast<std::size_t>(Game::seat_after(*rules_, seat, k))] =
            opponents_[static_cast<std::size_t>(k - 1)];
      seats_[i] = slot.seat;
      episodes_[i] = episode;
      play_opponents(slot);
      if (!slot.deal->is_terminal()) return;
      ++skipped_;
    }
  }

  void play_opponents(Slot& slot) {
    Deal& deal = *slot.deal;
    while (!deal.is_terminal() && deal.current_player() != slot.seat) {
      deal.legal_moves(scratch_);
      require_moves(deal, scratch_);
      const Policy policy = slot.policy[static_cast<std::size_t>(deal.current_player())];
      const int k = policy == Policy::greedy ? Game::greedy(deal, scratch_) : random_choice(slot.rng, scratch_);
      deal.apply(scratch_[static_cast<std::size_t>(k)]);
    }
  }

  void finish(std::size_t i) {
    Slot& slot = slots_[i];
    const Deal& deal = *slot.deal;
    const auto outcome = deal.outcome();
    const std::int64_t points =
        outcome.points.empty() ? 0 : outcome.points[static_cast<std::size_t>(slot.seat)];  // none: a void deal
    rewards_[i] = static_cast<float>(points);
    terminations_[i] = 1;
    episode_points_[i] = points;
    episode_lengths_[i] = slot.steps;
    Game::observe(deal, slot.seat, final_observations_.data() + i * obs_width());
    ++completed_;
  }

  void emit(std::size_t i, std::size_t& pos) {
    Slot& slot = slots_[i];
    const Deal& deal = *slot.deal;
    Game::observe(deal, slot.seat, observations_.data() + i * obs_width());
    deal.legal_moves(slot.legal);
    if (!deal.is_terminal()) require_moves(deal, slot.legal);
    const std::size_t count = slot.legal.size();
    if (pos + count > ids_.size()) reserve_moves(std::max(2 * ids_.size(), pos + count));
    std::int32_t* out = ids_.data() + pos;
    if constexpr (kMoveIds) {
      const auto& index = Game::move_index(*rules_);
      for (std::size_t k = 0; k < count; ++k) out[k] = index.id(slot.legal[k]);
    } else {
      for (std::size_t k = 0; k < count; ++k) out[k] = static_cast<std::int32_t>(k);
      write_move_features(slot.legal, Game::wild_face(deal), move_cards_.data() + pos * kNumFaces,
                          move_kinds_.data() + pos, move_keys_.data() + pos, move_wilds_.data() + pos);
    }
    pos += count;
    offsets_[i + 1] = static_cast<std::int64_t>(pos);
  }

  std::string illegal_reason(std::size_t i, std::int64_t id) const {
    const Deal& deal = *slots_[i].deal;
    const auto count = offsets_[i + 1] - offsets_[i];
    std::string out = "step: env " + std::to_string(i) + ": move id " + std::to_string(id);
    if constexpr (kMoveIds) {
      out += Game::why_not_id(deal, id);
    } else {
      out += " is not a legal move: expected an index into the learner's (seat " +
             std::to_string(deal.current_player()) + ") legal moves, 0 to " + std::to_string(count - 1);
    }
    out += "; it has " + std::to_string(count) + " legal id" + (count == 1 ? "" : "s") + "; no env was changed";
    return out;
  }

  std::shared_ptr<const Rules> rules_;
  int num_envs_;
  int players_;
  int obs_size_;
  std::int32_t num_moves_;
  std::vector<Policy> opponents_;
  int seat_;
  std::uint64_t seed_;
  bool started_ = false;
  std::int64_t completed_ = 0;
  std::int64_t skipped_ = 0;

  std::vector<Slot> slots_;
  MoveList scratch_;                   // the opponents' legal moves
  std::vector<std::uint32_t> choice_;  // step(): the validated index into each slot's legal list

  std::vector<float> observations_;
  std::vector<std::int32_t> ids_;  // capacity in use: offsets_.back()
  std::vector<std::int64_t> offsets_;
  std::vector<std::uint8_t> move_cards_;  // card-level games: features, as ids_
  std::vector<std::uint8_t> move_kinds_;
  std::vector<std::int8_t> move_keys_;
  std::vector<std::uint8_t> move_wilds_;
  std::vector<float> rewards_;
  std::vector<std::uint8_t> terminations_;
  std::vector<std::int64_t> episode_points_;
  std::vector<std::int32_t> episode_lengths_;
  std::vector<float> final_observations_;
  std::vector<std::int8_t> seats_;
  std::vector<std::int64_t> episodes_;

  // Dense masks, kept in step with mask_ids_/mask_offsets_ (the ids they hold).
  std::vector<std::uint8_t> masks_;
  std::vector<std::int32_t> mask_ids_;
  std::vector<std::int64_t> mask_offsets_;
  bool masks_current_ = false;
};

}  // namespace ganzdy
