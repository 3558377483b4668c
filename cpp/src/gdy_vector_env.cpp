#include "ganzdy/gdy_vector_env.h"

#include <algorithm>
#include <cstring>

#include "ganzdy/errors.h"
#include "ganzdy/gdy_agents.h"
#include "ganzdy/gdy_observation.h"

namespace ganzdy::gdy {

namespace {

// Consecutive skipped episodes after which an env gives up: the rules never let
// the learner act (with any sensible rules a skip is rare, see the header).
constexpr int kMaxSkips = 10000;

std::size_t at(std::size_t i, int width) { return i * static_cast<std::size_t>(width); }

// Checked before any member reads Gan Deng Yan tables (other games have none).
std::shared_ptr<const Rules> gan_deng_yan_only(std::shared_ptr<const Rules> rules) {
  if (!rules) throw RulesError("VectorEnv: no rules given");
  if (rules->game() != Game::gan_deng_yan)
    throw RulesError("VectorEnv plays Gan Deng Yan only, not " + rules->describe());
  return rules;
}

}  // namespace

VectorEnv::VectorEnv(std::shared_ptr<const Rules> rules, int num_envs, std::vector<Policy> opponents, int seat,
                     std::uint64_t seed)
    : rules_(gan_deng_yan_only(std::move(rules))),
      num_envs_(num_envs),
      players_(rules_->players()),
      obs_size_(gdy::observation_size(rules_->players(), false)),
      num_moves_(rules_->gdy_index().size()),
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
  observations_.assign(at(n, obs_size_), 0.0f);
  final_observations_.assign(at(n, obs_size_), 0.0f);
  offsets_.assign(n + 1, 0);
  rewards_.assign(n, 0.0f);
  terminations_.assign(n, 0);
  episode_points_.assign(n, 0);
  episode_lengths_.assign(n, 0);
  seats_.assign(n, 0);
  episodes_.assign(n, -1);
  ids_.resize(64 * n);
}

void VectorEnv::reset(std::uint64_t seed) {
  seed_ = seed;
  for (auto& slot : slots_) slot.next_episode = 0;
  started_ = false;
  reset();
}

void VectorEnv::reset() {
  if (!started_)
    for (std::size_t i = 0; i < slots_.size(); ++i) slots_[i].env_seed = deal_seed(seed_, i);
  std::size_t pos = 0;
  for (std::size_t i = 0; i < slots_.size(); ++i) {
    rewards_[i] = 0.0f;
    terminations_[i] = 0;
    episode_points_[i] = 0;
    episode_lengths_[i] = 0;
    start_episode(i);
    emit(i, pos);
  }
  started_ = true;
  masks_current_ = false;
}

void VectorEnv::start_episode(std::size_t i) {
  Slot& slot = slots_[i];
  const Config& cfg = rules_->gdy();
  for (int skips = 0;; ++skips) {
    if (skips == kMaxSkips)
      throw RulesError("VectorEnv: env " + std::to_string(i) + " skipped " + std::to_string(kMaxSkips) +
                       " deals in a row because the learner never got to act; " + rules_->describe());
    const std::int64_t episode = slot.next_episode++;
    const std::uint64_t es = deal_seed(slot.env_seed, static_cast<std::uint64_t>(episode));
    const int dealer = static_cast<int>((i + static_cast<std::uint64_t>(episode)) % static_cast<std::uint64_t>(players_));
    int seat = seat_;
    if (seat == kRandomSeat) {
      Random pick(es ^ kSeatSalt);
      seat = static_cast<int>(pick.below(static_cast<std::uint64_t>(players_)));
    }
    slot.deal.emplace(rules_, es, dealer);
    slot.deal->set_keep_history(false);
    slot.rng = Random(es ^ kPolicySalt);
    slot.seat = static_cast<std::int8_t>(seat);
    slot.steps = 0;
    // opponents_[k - 1] plays the seat k places after the learner in turn order.
    for (int k = 1; k < players_; ++k) {
      const int s = cfg.direction == Direction::counter_clockwise ? (seat + k) % players_
                                                                   : (seat - k + players_) % players_;
      slot.policy[static_cast<std::size_t>(s)] = opponents_[static_cast<std::size_t>(k - 1)];
    }
    seats_[i] = slot.seat;
    episodes_[i] = episode;
    play_opponents(slot);
    if (!slot.deal->is_terminal()) return;
    ++skipped_;
  }
}

void VectorEnv::play_opponents(Slot& slot) {
  Deal& deal = *slot.deal;
  while (!deal.is_terminal() && deal.current_player() != slot.seat) {
    deal.legal_moves(scratch_);
    const Policy policy = slot.policy[static_cast<std::size_t>(deal.current_player())];
    const int k = policy == Policy::greedy ? greedy_choice(deal.config(), view_of(deal), scratch_)
                                           : random_choice(slot.rng, scratch_);
    deal.apply(scratch_[static_cast<std::size_t>(k)]);
  }
}

void VectorEnv::finish(std::size_t i) {
  Slot& slot = slots_[i];
  const Deal& deal = *slot.deal;
  const Outcome outcome = deal.outcome();
  const std::int64_t points = outcome.points[static_cast<std::size_t>(slot.seat)];
  rewards_[i] = static_cast<float>(points);
  terminations_[i] = 1;
  episode_points_[i] = points;
  episode_lengths_[i] = slot.steps;
  encode_observation(deal, slot.seat, false, final_observations_.data() + at(i, obs_size_));
  ++completed_;
}

void VectorEnv::emit(std::size_t i, std::size_t& pos) {
  Slot& slot = slots_[i];
  const Deal& deal = *slot.deal;
  encode_observation(deal, slot.seat, false, observations_.data() + at(i, obs_size_));
  deal.legal_moves(slot.legal);
  const std::size_t count = slot.legal.size();
  if (pos + count > ids_.size()) ids_.resize(std::max(2 * ids_.size(), pos + count));
  const MoveIndex& index = rules_->gdy_index();
  std::int32_t* out = ids_.data() + pos;
  for (std::size_t k = 0; k < count; ++k) out[k] = index.id(slot.legal[k]);
  pos += count;
  offsets_[i + 1] = static_cast<std::int64_t>(pos);
}

std::string VectorEnv::illegal_reason(std::size_t i, std::int64_t id) const {
  const Deal& deal = *slots_[i].deal;
  const int seat = deal.current_player();
  std::string out = "step: env " + std::to_string(i) + ": move id " + std::to_string(id);
  if (id < 0 || id >= num_moves_) {
    out += " is out of range: expected 0 to " + std::to_string(num_moves_ - 1);
  } else {
    const MoveIndex& index = rules_->gdy_index();
    const auto id32 = static_cast<std::int32_t>(id);
    out += " (" + index.move(id32)->str() + ") is not legal for the learner (seat " + std::to_string(seat) + "): ";
    const auto move = index.move_from(id32, deal.hand(seat));
    std::string why = move ? deal.why_illegal(*move) : "the hand " + deal.hand(seat).str() + " lacks these cards";
    out += why.empty() ? "it is not among the env's legal ids" : why;
  }
  const auto count = offsets_[i + 1] - offsets_[i];
  out += "; it has " + std::to_string(count) + " legal id" + (count == 1 ? "" : "s") + "; no env was changed";
  return out;
}

void VectorEnv::step(std::span<const std::int64_t> actions) {
  if (!started_) throw RulesError("step() before reset(): call reset() first");
  if (actions.size() != slots_.size())
    throw RulesError("step: expected " + std::to_string(slots_.size()) + " actions (one per env), got " +
                     std::to_string(actions.size()));
  // Check every action before touching any env.
  for (std::size_t i = 0; i < slots_.size(); ++i) {
    const std::int64_t id = actions[i];
    const auto begin = static_cast<std::size_t>(offsets_[i]);
    const auto end = static_cast<std::size_t>(offsets_[i + 1]);
    std::size_t k = begin;
    while (k < end && ids_[k] != id) ++k;
    if (k == end) throw IllegalMoveError(illegal_reason(i, id));
    choice_[i] = static_cast<std::uint32_t>(k - begin);
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
      rewards_[i] = 0.0f;
      terminations_[i] = 0;
      episode_points_[i] = 0;
      episode_lengths_[i] = 0;
    }
    emit(i, pos);
  }
  masks_current_ = false;
}

std::span<const std::uint8_t> VectorEnv::masks() {
  if (!started_) throw RulesError("masks() before reset(): call reset() first");
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
  const auto used = legal_ids();
  mask_ids_.assign(used.begin(), used.end());
  mask_offsets_.assign(offsets_.begin(), offsets_.end());
  masks_current_ = true;
  return masks_;
}

const Deal& VectorEnv::deal(int i) const {
  if (!started_) throw RulesError("deal(): no deal before reset()");
  if (i < 0 || i >= num_envs_)
    throw RulesError("env " + std::to_string(i) + " does not exist: expected 0 to " + std::to_string(num_envs_ - 1));
  return *slots_[static_cast<std::size_t>(i)].deal;
}

}  // namespace ganzdy::gdy
