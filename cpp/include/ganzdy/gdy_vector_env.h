// A vector of independent Gan Deng Yan deals stepped together, for reinforcement
// learning: one learner seat in each deal, every other seat played inside C++ by a
// built-in policy (random or greedy), so one step() call advances n games without
// crossing into Python.
//
// The contract:
//
//  - A step is one learner decision. step(actions) takes one move id per env (ids
//    of Rules::gdy_index(), as Deal::legal_ids gives them). Every action is checked
//    first; an id that is not among the env's legal ids throws IllegalMoveError
//    naming the env, the id and why, and then no env has changed. Otherwise each
//    env applies its action, and the opponents play until it is the learner's turn
//    again or the deal ends.
//  - Outputs live in buffers the env owns, overwritten by each reset() and step():
//    observations [n, observation_size] (the learner's imperfect observation, see
//    gdy_observation.h), the learner's legal ids as a ragged pair (ids, and offsets
//    [n + 1]: env i's ids are ids[offsets[i], offsets[i + 1]), in legal_moves order),
//    rewards [n], terminations [n], and the final info of the episodes that ended:
//    episode_points [n], episode_lengths [n], final_observations [n, observation_size]
//    (rows meaningful only where terminations[i] is 1). Fixed-size buffers never move
//    after construction; the ids buffer grows when a step needs more room.
//  - Rewards: the learner's points (Outcome::points of its seat; zero for a drawn
//    deal) in the step its deal ended, else 0. An episode's rewards sum to its points.
//  - Same-step auto-reset (Gymnasium's SAME_STEP mode): when an env's deal ends in a
//    step, that step reports its reward, terminations[i] = 1 and the final info, and
//    the observation and legal ids it returns are already those of the env's next
//    deal, at the learner's first decision. Deals always end, so nothing is truncated.
//  - Dense masks [n, num_moves] (bool as bytes) only on request: masks() brings an
//    env-owned buffer up to date with the current legal ids, clearing only the ids
//    it set before, so a call costs the number of legal ids, not n x num_moves.
//  - Episodes: reset(seed) starts episode 0 of every env; reset() starts the next
//    episode of every env (abandoning the current ones), or episode 0 on first use.
//    Episode e of env i is the deal
//        Deal(rules, deal_seed(deal_seed(seed, i), e), dealer = (i + e) % players)
//    so an env's deals depend on (seed, i) only, never on n. The learner's seat is
//    fixed (seat 0..players-1) or, with kRandomSeat, drawn per episode as
//    Random(episode_seed ^ kSeatSalt).below(players). The opponents' random choices
//    come from Random(episode_seed ^ kPolicySalt), one generator per episode, so every
//    episode is reproducible on its own: a seed decides everything.
//  - Opponents are given per relative position: opponents[k - 1] plays the seat k
//    places after the learner in turn order (the observation's relative order), or
//    one policy plays them all. The dealer rotates, so with a fixed seat the learner
//    still meets every position relative to the dealer.
//  - An episode in which the learner never acts (an opponent goes out, or the deal
//    is drawn, before the learner's first turn) is skipped: it counts as an episode
//    and in skipped_episodes(), but yields no step and no reward.
//
// Cost: a step allocates nothing once the buffers have grown to their working size,
// except when a deal ends: starting the next deal allocates its deck (two small
// allocations) and reading the outcome two more. Deals keep no undo history.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ganzdy/gdy_deal.h"
#include "ganzdy/gdy_playout.h"
#include "ganzdy/random.h"

namespace ganzdy::gdy {

class VectorEnv {
 public:
  // The learner's seat is drawn anew for each episode.
  static constexpr int kRandomSeat = -1;
  static constexpr std::uint64_t kSeatSalt = 0x5EA7C0FFEE5EA7ULL;
  static constexpr std::uint64_t kPolicySalt = ganzdy::kPolicySalt;  // as in playouts()

  // `num_envs` >= 1 deals of `rules` (Gan Deng Yan). `opponents`: one policy for
  // every other seat, or players - 1 policies by relative position. `seat`: the
  // learner's seat, or kRandomSeat. Throws RulesError naming a bad argument. No
  // deal is dealt until reset().
  VectorEnv(std::shared_ptr<const Rules> rules, int num_envs, std::vector<Policy> opponents, int seat,
            std::uint64_t seed);

  int num_envs() const { return num_envs_; }
  int players() const { return players_; }
  int observation_size() const { return obs_size_; }
  std::int32_t num_moves() const { return num_moves_; }
  const Rules& rules() const { return *rules_; }
  // The seed of the episodes now being played (the constructor's until reset(seed)).
  std::uint64_t seed() const { return seed_; }
  // The fixed learner seat, or kRandomSeat.
  int seat() const { return seat_; }
  const std::vector<Policy>& opponents() const { return opponents_; }
  bool started() const { return started_; }

  // Reseeds and starts episode 0 of every env.
  void reset(std::uint64_t seed);
  // Starts the next episode of every env (episode 0 if it has none yet).
  void reset();
  // `actions` holds num_envs() move ids. Throws RulesError before reset() or for a
  // wrong count, IllegalMoveError for an illegal id; in both cases nothing changes.
  void step(std::span<const std::int64_t> actions);

  // The outputs of the last reset() or step(); see the contract above.
  std::span<const float> observations() const { return observations_; }
  std::span<const std::int32_t> legal_ids() const {
    return {ids_.data(), static_cast<std::size_t>(offsets_.back())};
  }
  std::span<const std::int64_t> legal_offsets() const { return offsets_; }
  std::span<const float> rewards() const { return rewards_; }
  std::span<const std::uint8_t> terminations() const { return terminations_; }
  std::span<const std::int64_t> episode_points() const { return episode_points_; }
  std::span<const std::int32_t> episode_lengths() const { return episode_lengths_; }
  std::span<const float> final_observations() const { return final_observations_; }

  // Dense masks of the current legal ids: [num_envs, num_moves] bytes, 1 at the
  // legal ids. The buffer is allocated on first use and never moves afterwards.
  std::span<const std::uint8_t> masks();

  // Per env: the learner's seat and the index of the episode now being played.
  std::span<const std::int8_t> seats() const { return seats_; }
  std::span<const std::int64_t> episodes() const { return episodes_; }
  // Episodes that ended with a learner decision in them, and episodes skipped
  // because the learner never got to act, since construction.
  std::int64_t completed_episodes() const { return completed_; }
  std::int64_t skipped_episodes() const { return skipped_; }
  // Env i's deal as it is now (before reset(): throws RulesError).
  const Deal& deal(int i) const;

 private:
  struct Slot {
    std::optional<Deal> deal;
    Random rng{0};
    MoveList legal;  // the learner's legal moves now, in legal-id order
    std::array<Policy, kMaxPlayers> policy{};
    std::uint64_t env_seed = 0;
    std::int64_t next_episode = 0;
    std::int32_t steps = 0;  // learner decisions in the current episode
    std::int8_t seat = 0;
  };

  void start_episode(std::size_t i);
  void play_opponents(Slot& slot);
  void finish(std::size_t i);
  void emit(std::size_t i, std::size_t& pos);
  std::string illegal_reason(std::size_t i, std::int64_t id) const;

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
  MoveList scratch_;                  // the opponents' legal moves
  std::vector<std::uint32_t> choice_; // step(): the validated index into each slot's legal list

  std::vector<float> observations_;
  std::vector<std::int32_t> ids_;     // capacity in use: offsets_.back()
  std::vector<std::int64_t> offsets_;
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

}  // namespace ganzdy::gdy
