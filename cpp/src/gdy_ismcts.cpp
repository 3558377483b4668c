// Single-observer information-set MCTS for Gan Deng Yan (see gdy_ismcts.h).
#include "ganzdy/gdy_ismcts.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <exception>
#include <limits>
#include <string>
#include <thread>

#include "ganzdy/errors.h"
#include "ganzdy/gdy_agents.h"
#include "ganzdy/gdy_ids.h"
#include "ganzdy/random.h"

namespace ganzdy::gdy {

namespace {

using Clock = std::chrono::steady_clock;

// Any fixed value: the determinization an InformationSet keeps depends on it and on
// what the seat may know, never on the hidden cards of the real deal.
constexpr std::uint64_t kScrambleSeed = 0x6A09E667F3BCC908ULL;
// The points reward: 0.5 + 0.5 * tanh(points / (kPointsScale * base)), `base` the stake.
constexpr double kPointsScale = 32.0;
// A tree stops growing at this many nodes (64 MiB a thread); iterations go on, with
// rollouts from the deepest node reached.
constexpr std::size_t kMaxNodes = std::size_t{1} << 21;

// One edge of the tree and the node it leads to: `actor` played move `id` at the
// parent. The root is node 0 and has no move.
struct Node {
  std::int32_t first_child = -1;
  std::int32_t next_sibling = -1;
  std::int32_t id = 0;
  std::int32_t actor = -1;
  std::uint32_t visits = 0;
  std::uint32_t available = 0;
  double reward = 0;  // total reward of `actor` over the visits
};
static_assert(sizeof(Node) == 32);

// Root statistics of one thread's tree, per legal move of the root.
struct RootStats {
  std::vector<std::int64_t> visits;
  std::vector<std::int64_t> available;
  std::vector<double> reward;
  std::int64_t iterations = 0;
  std::int64_t nodes = 0;
};

std::uint64_t thread_seed(std::uint64_t seed, int thread) {
  Random mix(seed ^ (static_cast<std::uint64_t>(thread) * 0xD6E8FEB86659FD93ULL));
  mix.next();
  return mix.next();
}

class Search {
 public:
  Search(const InformationSet& info, const IsmctsOptions& options, const std::vector<std::int32_t>& root_ids,
         std::uint64_t seed)
      : info_(info),
        options_(options),
        index_(info.rules().gdy_index()),
        root_ids_(root_ids),
        rng_(seed),
        tag_(static_cast<std::size_t>(index_.size()), 0),
        slot_(static_cast<std::size_t>(index_.size()), 0),
        players_(info.players()),
        points_scale_(kPointsScale * std::max(info.rules().gdy().base, 1)) {}

  // Runs until `budget` iterations (0: no limit) or the deadline (when `timed`).
  RootStats run(std::int64_t budget, bool timed, Clock::time_point deadline) {
    nodes_.clear();
    // About 1.4 nodes an iteration (forced moves add nodes without ending a descent).
    nodes_.reserve(budget > 0 ? static_cast<std::size_t>(std::min<std::int64_t>(2 * budget + 64, kMaxNodes)) : 4096);
    nodes_.emplace_back();
    std::int64_t done = 0;
    do {
      iterate();
      ++done;
    } while ((budget <= 0 || done < budget) && !(timed && Clock::now() >= deadline));

    RootStats stats;
    const std::size_t n = root_ids_.size();
    stats.visits.assign(n, 0);
    stats.available.assign(n, 0);
    stats.reward.assign(n, 0);
    stats.iterations = done;
    stats.nodes = static_cast<std::int64_t>(nodes_.size());
    for (std::int32_t c = nodes_[0].first_child; c >= 0; c = nodes_[static_cast<std::size_t>(c)].next_sibling) {
      const Node& e = nodes_[static_cast<std::size_t>(c)];
      const auto it = std::find(root_ids_.begin(), root_ids_.end(), e.id);
      if (it == root_ids_.end()) continue;  // cannot happen: the root's moves are the seat's own
      const auto i = static_cast<std::size_t>(it - root_ids_.begin());
      stats.visits[i] += e.visits;
      stats.available[i] += e.available;
      stats.reward[i] += e.reward;
    }
    return stats;
  }

 private:
  Node& node(std::int32_t i) { return nodes_[static_cast<std::size_t>(i)]; }

  std::int32_t add_child(std::int32_t parent, std::int32_t id, int actor) {
    const auto i = static_cast<std::int32_t>(nodes_.size());
    Node& child = nodes_.emplace_back();
    child.id = id;
    child.actor = actor;
    child.next_sibling = node(parent).first_child;
    node(parent).first_child = i;
    return i;
  }

  // Marks the ids of the legal moves (ids_[0..n)) for the lookups of one node visit.
  void mark_legal(std::size_t n) {
    if (++epoch_ == 0) {
      std::fill(tag_.begin(), tag_.end(), 0);
      epoch_ = 1;
    }
    for (std::size_t i = 0; i < n; ++i) {
      const auto id = static_cast<std::size_t>(ids_[i]);
      tag_[id] = epoch_;
      slot_[id] = static_cast<std::uint32_t>(i);
    }
  }

  // One descent at `parent` for `actor` with the legal moves moves_/ids_. Returns the
  // child to follow and its index in the moves, or -1 when the tree is full and the
  // move to make has no node; sets `expanded` when it made the child.
  std::int32_t select(std::int32_t parent, int actor, std::size_t& chosen, bool& expanded) {
    const std::size_t n = moves_.size();
    mark_legal(n);
    tried_.assign(n, 0);
    std::size_t tried = 0;
    std::int32_t best = -1;
    double best_score = -std::numeric_limits<double>::infinity();
    const double c = options_.c;
    for (std::int32_t ci = node(parent).first_child; ci >= 0; ci = node(ci).next_sibling) {
      Node& e = node(ci);
      if (e.actor != actor) continue;
      const auto id = static_cast<std::size_t>(e.id);
      if (tag_[id] != epoch_) continue;  // not legal in this determinization
      ++e.available;
      tried_[slot_[id]] = 1;
      ++tried;
      const double visits = e.visits;
      const double score = e.reward / visits + c * std::sqrt(std::log(static_cast<double>(e.available)) / visits);
      if (score > best_score) {
        best_score = score;
        best = ci;
      }
    }
    if (tried < n && nodes_.size() < kMaxNodes) {
      // Expand a move not tried here yet, uniformly among them.
      std::size_t k = static_cast<std::size_t>(rng_.below(n - tried));
      std::size_t i = 0;
      for (;; ++i)
        if (!tried_[i] && k-- == 0) break;
      chosen = i;
      expanded = true;
      const std::int32_t child = add_child(parent, ids_[i], actor);
      node(child).available = 1;
      return child;
    }
    expanded = false;
    if (best < 0) return -1;
    chosen = slot_[static_cast<std::size_t>(node(best).id)];
    return best;
  }

  void iterate() {
    Deal world = info_.sample_world(rng_.next());
    world.set_keep_history(false);
    path_.clear();
    std::int32_t at = 0;
    while (!world.is_terminal()) {
      world.legal_moves(moves_);
      const int actor = world.current_player();
      const std::size_t n = moves_.size();
      ids_.resize(n);
      for (std::size_t i = 0; i < n; ++i) ids_[i] = index_.id(moves_[i]);
      std::size_t chosen = 0;
      bool expanded = false;
      const std::int32_t child = select(at, actor, chosen, expanded);
      if (child < 0) break;
      world.apply(moves_[chosen]);
      path_.push_back(child);
      at = child;
      // A forced move costs no decision: keep descending past it.
      if (expanded && n > 1) break;
    }
    rollout(world);
    rewards(world);
    for (std::int32_t i : path_) {
      Node& e = node(i);
      ++e.visits;
      e.reward += reward_[static_cast<std::size_t>(e.actor)];
    }
  }

  void rollout(Deal& world) {
    while (!world.is_terminal()) {
      world.legal_moves(moves_);
      const int choice = options_.rollout == Policy::greedy
                             ? greedy_choice(world.config(), view_of(world), moves_)
                             : random_choice(rng_, moves_);
      world.apply(moves_[static_cast<std::size_t>(choice)]);
    }
  }

  void rewards(const Deal& world) {
    const Outcome o = world.outcome();
    for (int s = 0; s < players_; ++s) {
      const double win = o.drawn ? 1.0 / players_ : (o.winner == s ? 1.0 : 0.0);
      const double points = 0.5 + 0.5 * std::tanh(static_cast<double>(o.points[static_cast<std::size_t>(s)]) /
                                                    points_scale_);
      double r = win;
      if (options_.reward == Reward::points) r = points;
      if (options_.reward == Reward::mixed) r = 0.5 * (win + points);
      reward_[static_cast<std::size_t>(s)] = r;
    }
  }

  const InformationSet& info_;
  const IsmctsOptions& options_;
  const MoveIndex& index_;
  const std::vector<std::int32_t>& root_ids_;
  Random rng_;
  // tag_[id] == epoch_: id is legal at the node being visited, as moves_[slot_[id]].
  std::vector<std::uint32_t> tag_;
  std::vector<std::uint32_t> slot_;
  int players_ = 0;
  double points_scale_ = kPointsScale;
  std::vector<Node> nodes_;
  MoveList moves_;
  std::vector<std::int32_t> ids_;
  std::vector<std::uint8_t> tried_;
  std::vector<std::int32_t> path_;
  std::uint32_t epoch_ = 0;
  std::array<double, kMaxPlayers> reward_{};
};

}  // namespace

InformationSet::InformationSet(const Deal& deal, int seat)
    : world_((seat >= 0 && seat < deal.players())
                 ? deal.sample_world(seat, kScrambleSeed)
                 : throw RulesError("seat " + std::to_string(seat) + " is not a seat: expected 0 to " +
                                    std::to_string(deal.players() - 1))),
      seat_(seat) {}

void InformationSet::legal_moves(MoveList& out) const {
  if (world_.is_terminal() || world_.current_player() != seat_) {
    out.clear();
    return;
  }
  world_.legal_moves(out);
}

Reward parse_reward(std::string_view name) {
  if (name == "win") return Reward::win;
  if (name == "points") return Reward::points;
  if (name == "mixed") return Reward::mixed;
  throw RulesError("unknown reward '" + std::string(name) + "': expected 'win', 'points' or 'mixed'");
}

IsmctsResult ismcts(const InformationSet& info, const IsmctsOptions& options) {
  const auto start = Clock::now();
  if (info.is_terminal()) throw RulesError("ismcts: the deal is over, there is no move to search");
  if (info.current_player() != info.seat())
    throw RulesError("ismcts: seat " + std::to_string(info.current_player()) + " is to act, not seat " +
                     std::to_string(info.seat()) + " whose information set this is");
  if (options.iterations < 0) throw RulesError("ismcts: iterations must not be negative");
  if (!(options.time_limit >= 0) || !std::isfinite(options.time_limit))
    throw RulesError("ismcts: time_limit must be a non-negative number of seconds");
  if (options.iterations == 0 && options.time_limit == 0)
    throw RulesError("ismcts: give iterations or a time_limit (or both)");
  if (options.threads < 1) throw RulesError("ismcts: threads must be at least 1");
  if (!(options.c >= 0) || !std::isfinite(options.c))
    throw RulesError("ismcts: the exploration constant must be a non-negative number");

  MoveList root_moves;
  info.legal_moves(root_moves);
  const MoveIndex& index = info.rules().gdy_index();
  std::vector<std::int32_t> root_ids(root_moves.size());
  IsmctsResult result;
  result.children.resize(root_moves.size());
  for (std::size_t i = 0; i < root_moves.size(); ++i) {
    root_ids[i] = index.id(root_moves[i]);
    result.children[i].id = root_ids[i];
    result.children[i].move = root_moves[i];
  }
  auto finish = [&](std::size_t chosen) {
    result.index = static_cast<int>(chosen);
    result.move = root_moves[chosen];
    result.id = root_ids[chosen];
    result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return result;
  };
  if (root_moves.size() == 1) return finish(0);

  int threads = options.threads;
  if (options.iterations > 0) threads = static_cast<int>(std::min<std::int64_t>(threads, options.iterations));
  const bool timed = options.time_limit > 0;
  const auto deadline = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.time_limit));
  std::vector<RootStats> stats(static_cast<std::size_t>(threads));
  std::vector<std::exception_ptr> errors(static_cast<std::size_t>(threads));
  auto work = [&](int t) {
    try {
      std::int64_t budget = 0;
      if (options.iterations > 0)
        budget = options.iterations / threads + (t < options.iterations % threads ? 1 : 0);
      Search search(info, options, root_ids, thread_seed(options.seed, t));
      stats[static_cast<std::size_t>(t)] = search.run(budget, timed, deadline);
    } catch (...) {
      errors[static_cast<std::size_t>(t)] = std::current_exception();
    }
  };
  if (threads == 1) {
    work(0);
  } else {
    std::vector<std::thread> pool;
    pool.reserve(static_cast<std::size_t>(threads));
    for (int t = 0; t < threads; ++t) pool.emplace_back(work, t);
    for (auto& th : pool) th.join();
  }
  for (const auto& e : errors)
    if (e) std::rethrow_exception(e);

  std::vector<double> total(root_moves.size(), 0);
  for (const RootStats& s : stats) {
    result.iterations += s.iterations;
    result.nodes += s.nodes;
    for (std::size_t i = 0; i < root_moves.size(); ++i) {
      result.children[i].visits += s.visits[i];
      result.children[i].available += s.available[i];
      total[i] += s.reward[i];
    }
  }
  std::size_t best = 0;
  for (std::size_t i = 0; i < root_moves.size(); ++i) {
    IsmctsChild& c = result.children[i];
    c.reward = c.visits > 0 ? total[i] / static_cast<double>(c.visits) : 0.0;
    const IsmctsChild& b = result.children[best];
    if (c.visits > b.visits || (c.visits == b.visits && c.reward > b.reward)) best = i;
  }
  return finish(best);
}

}  // namespace ganzdy::gdy
