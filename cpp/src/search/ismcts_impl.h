// Single-observer information-set MCTS (see ismcts.h): the template definitions,
// included by each game's instantiate.cpp (after its traits.h) to instantiate
// InformationSet<Deal> and ismcts<Deal> for its deal. Generic: it includes no
// game's header and reads everything game-specific from GameTraits<Deal>.
#pragma once

#include "ganzdy/search/ismcts.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <limits>
#include <string>
#include <thread>
#include <type_traits>
#include <unordered_map>
#if defined(__GLIBCXX__)
#include <cxxabi.h>
#endif

#include "ganzdy/core/errors.h"
#include "ganzdy/core/random.h"
#include "ganzdy/game.h"
#include "ganzdy/search/playout.h"

namespace ganzdy {

namespace ismcts_detail {

using Clock = std::chrono::steady_clock;

// Any fixed value: the determinization an InformationSet keeps depends on it and on
// what the seat may know, never on the hidden cards of the real deal.
constexpr std::uint64_t kScrambleSeed = 0x6A09E667F3BCC908ULL;
// Progressive widening in the card-level games (GameTraits::kWiden): a node tries a
// new move only while it has tried fewer than 1 + kWidenScale * sqrt(visits of the moves
// tried) of its legal moves.
constexpr double kWidenScale = 2.0;
// A tree stops growing at this many nodes (64 MiB a thread); iterations go on, with
// rollouts from the deepest node reached.
constexpr std::size_t kMaxNodes = std::size_t{1} << 21;

// One edge of the tree and the node it leads to: `actor` played the move of key
// `key` at the parent. The root is node 0 and has no move.
struct Node {
  std::int32_t first_child = -1;
  std::int32_t next_sibling = -1;
  std::int32_t key = 0;
  std::int32_t actor = -1;
  std::uint32_t visits = 0;
  std::uint32_t available = 0;
  double reward = 0;  // total reward of `actor` over the visits
};
static_assert(sizeof(Node) == 32);

// A move's key in the tree where moves have ids (GameTraits::kMoveIds): its id.
template <class Traits>
class IdKeys {
 public:
  explicit IdKeys(const Rules& rules) : index_(Traits::move_index(rules)) {}
  std::int32_t key(const Move& move) { return index_.id(move); }
  std::size_t size() const { return static_cast<std::size_t>(index_.size()); }

 private:
  const std::remove_cvref_t<decltype(Traits::move_index(std::declval<const Rules&>()))>& index_;
};

// A move's key in the tree. Card-level games: the move itself, numbered in the
// order the search first meets it (the same move in every world, whatever the
// list it sits in).
class MoveKeys {
 public:
  explicit MoveKeys(const Rules&) {}
  std::int32_t key(const Move& move) {
    return map_.try_emplace(move, static_cast<std::int32_t>(map_.size())).first->second;
  }
  std::size_t size() const { return map_.size(); }

 private:
  struct Hash {
    std::size_t operator()(const Move& m) const { return static_cast<std::size_t>(m.hash()); }
  };
  std::unordered_map<Move, std::int32_t, Hash> map_;
};

// Root statistics of one thread's tree, per legal move of the root.
struct RootStats {
  std::vector<std::int64_t> visits;
  std::vector<std::int64_t> available;
  std::vector<double> reward;
  std::int64_t iterations = 0;
  std::int64_t nodes = 0;
};

inline std::uint64_t thread_seed(std::uint64_t seed, int thread) {
  Random mix(seed ^ (static_cast<std::uint64_t>(thread) * 0xD6E8FEB86659FD93ULL));
  mix.next();
  return mix.next();
}

template <GameDeal Deal>
class Search {
 public:
  using Game = GameTraits<Deal>;
  using Keys = std::conditional_t<Game::kMoveIds, IdKeys<Game>, MoveKeys>;

  // `root_moves`: the searching seat's legal moves, whose keys this search's own
  // numbering gives them first.
  Search(const InformationSet<Deal>& info, const IsmctsOptions& options, const MoveList& root_moves,
         std::uint64_t seed)
      : info_(info), options_(options), keys_(info.rules()), rng_(seed) {
    for (const Move& m : root_moves) root_keys_.push_back(keys_.key(m));
    tag_.assign(keys_.size(), 0);
    slot_.assign(keys_.size(), 0);
  }

  // Runs until `budget` iterations (0: no limit), the deadline (when `timed`) or
  // `stop`. `keep_going` (only the calling thread's tree has one) is asked before
  // each iteration, and its false raises `stop` for the other trees too. A relaxed
  // load a iteration is all the others pay: an iteration is tens of microseconds.
  RootStats run(std::int64_t budget, bool timed, Clock::time_point deadline, std::atomic<bool>& stop,
                const KeepGoing* keep_going) {
    nodes_.clear();
    // About 1.4 nodes an iteration (forced moves add nodes without ending a descent).
    nodes_.reserve(budget > 0 ? static_cast<std::size_t>(std::min<std::int64_t>(2 * budget + 64, kMaxNodes)) : 4096);
    nodes_.emplace_back();
    std::int64_t done = 0;
    do {
      if (keep_going != nullptr && !(*keep_going)()) stop.store(true, std::memory_order_relaxed);
      if (stop.load(std::memory_order_relaxed)) break;
      iterate();
      ++done;
    } while ((budget <= 0 || done < budget) && !(timed && Clock::now() >= deadline));

    RootStats stats;
    const std::size_t n = root_keys_.size();
    stats.visits.assign(n, 0);
    stats.available.assign(n, 0);
    stats.reward.assign(n, 0);
    stats.iterations = done;
    stats.nodes = static_cast<std::int64_t>(nodes_.size());
    for (std::int32_t c = nodes_[0].first_child; c >= 0; c = nodes_[static_cast<std::size_t>(c)].next_sibling) {
      const Node& e = nodes_[static_cast<std::size_t>(c)];
      const auto it = std::find(root_keys_.begin(), root_keys_.end(), e.key);
      if (it == root_keys_.end()) continue;  // cannot happen: the root's moves are the seat's own
      const auto i = static_cast<std::size_t>(it - root_keys_.begin());
      stats.visits[i] += e.visits;
      stats.available[i] += e.available;
      stats.reward[i] += e.reward;
    }
    return stats;
  }

 private:
  Node& node(std::int32_t i) { return nodes_[static_cast<std::size_t>(i)]; }

  std::int32_t add_child(std::int32_t parent, std::int32_t key, int actor) {
    const auto i = static_cast<std::int32_t>(nodes_.size());
    Node& child = nodes_.emplace_back();
    child.key = key;
    child.actor = actor;
    child.next_sibling = node(parent).first_child;
    node(parent).first_child = i;
    return i;
  }

  // Marks the keys of the legal moves (keys_of_[0..n)) for the lookups of one node visit.
  void mark_legal(std::size_t n) {
    if (tag_.size() < keys_.size()) {  // the card-level games number new moves as they meet them
      tag_.resize(std::max(keys_.size(), 2 * tag_.size()), 0);
      slot_.resize(tag_.size(), 0);
    }
    if (++epoch_ == 0) {
      std::fill(tag_.begin(), tag_.end(), 0);
      epoch_ = 1;
    }
    for (std::size_t i = 0; i < n; ++i) {
      const auto key = static_cast<std::size_t>(keys_of_[i]);
      tag_[key] = epoch_;
      slot_[key] = static_cast<std::uint32_t>(i);
    }
  }

  // One descent at `parent` for `actor` with the legal moves moves_/keys_of_. Returns the
  // child to follow and its index in the moves, or -1 when the tree is full and the
  // move to make has no node; sets `expanded` when it made the child.
  std::int32_t select(const Deal& world, std::int32_t parent, int actor, std::size_t& chosen, bool& expanded) {
    const std::size_t n = moves_.size();
    mark_legal(n);
    tried_.assign(n, 0);
    std::size_t tried = 0;
    double visits_here = 0;  // of the tried moves legal here
    std::int32_t best = -1;
    double best_score = -std::numeric_limits<double>::infinity();
    const double c = options_.c;
    for (std::int32_t ci = node(parent).first_child; ci >= 0; ci = node(ci).next_sibling) {
      Node& e = node(ci);
      if (e.actor != actor) continue;
      const auto key = static_cast<std::size_t>(e.key);
      if (key >= tag_.size() || tag_[key] != epoch_) continue;  // not legal in this determinization
      ++e.available;
      tried_[slot_[key]] = 1;
      ++tried;
      const double visits = e.visits;
      visits_here += visits;
      const double score = e.reward / visits + c * std::sqrt(std::log(static_cast<double>(e.available)) / visits);
      if (score > best_score) {
        best_score = score;
        best = ci;
      }
    }
    bool expand = tried < n;
    if constexpr (Game::kWiden) expand = expand && static_cast<double>(tried) < 1 + kWidenScale * std::sqrt(visits_here);
    if (expand && nodes_.size() < kMaxNodes) {
      std::size_t i = n;
      if constexpr (Game::kWiden) {
        // The greedy policy's choice first: the move a plain player would make.
        const auto g = static_cast<std::size_t>(Game::greedy(world, moves_));
        if (!tried_[g]) i = g;
      }
      if (i == n) {
        // Expand a move not tried here yet, uniformly among them.
        std::size_t k = static_cast<std::size_t>(rng_.below(n - tried));
        for (i = 0;; ++i)
          if (!tried_[i] && k-- == 0) break;
      }
      chosen = i;
      expanded = true;
      const std::int32_t child = add_child(parent, keys_of_[i], actor);
      node(child).available = 1;
      return child;
    }
    expanded = false;
    if (best < 0) return -1;
    chosen = slot_[static_cast<std::size_t>(node(best).key)];
    return best;
  }

  void iterate() {
    Deal world = info_.sample_world(rng_.next());
    world.set_keep_history(false);
    path_.clear();
    std::int32_t at = 0;
    while (!world.is_terminal()) {
      world.legal_moves(moves_);
      require_moves(world, moves_);
      const int actor = world.current_player();
      const std::size_t n = moves_.size();
      keys_of_.resize(n);
      for (std::size_t i = 0; i < n; ++i) keys_of_[i] = keys_.key(moves_[i]);
      std::size_t chosen = 0;
      bool expanded = false;
      const std::int32_t child = select(world, at, actor, chosen, expanded);
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
      require_moves(world, moves_);
      const int choice =
          options_.rollout == Policy::greedy ? Game::greedy(world, moves_) : random_choice(rng_, moves_);
      world.apply(moves_[static_cast<std::size_t>(choice)]);
    }
  }

  void rewards(const Deal& world) { Game::rewards(world, options_.reward, reward_); }

  const InformationSet<Deal>& info_;
  const IsmctsOptions& options_;
  Keys keys_;
  std::vector<std::int32_t> root_keys_;
  Random rng_;
  // tag_[key] == epoch_: key is legal at the node being visited, as moves_[slot_[key]].
  std::vector<std::uint32_t> tag_;
  std::vector<std::uint32_t> slot_;
  std::vector<Node> nodes_;
  MoveList moves_;
  std::vector<std::int32_t> keys_of_;  // the keys of moves_
  std::vector<std::uint8_t> tried_;
  std::vector<std::int32_t> path_;
  std::uint32_t epoch_ = 0;
  std::array<double, kMaxSeats> reward_{};
};

}  // namespace ismcts_detail

template <GameDeal Deal>
InformationSet<Deal>::InformationSet(const Deal& deal, int seat)
    : world_((seat >= 0 && seat < players_of(deal))
                 ? deal.sample_world(seat, ismcts_detail::kScrambleSeed)
                 : throw RulesError("seat " + std::to_string(seat) + " is not a seat: expected 0 to " +
                                    std::to_string(players_of(deal) - 1))),
      seat_(seat) {}

template <GameDeal Deal>
void InformationSet<Deal>::legal_moves(MoveList& out) const {
  if (world_.is_terminal() || world_.current_player() != seat_) {
    out.clear();
    return;
  }
  world_.legal_moves(out);
}


template <GameDeal Deal>
IsmctsResult ismcts(const InformationSet<Deal>& info, const IsmctsOptions& options) {
  using namespace ismcts_detail;
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
  require_moves(info, root_moves);
  // The ids the caller sees: Gan Deng Yan's move ids, else the legal-move indices.
  std::vector<std::int32_t> root_ids(root_moves.size());
  IsmctsResult result;
  result.children.resize(root_moves.size());
  for (std::size_t i = 0; i < root_moves.size(); ++i) {
    if constexpr (GameTraits<Deal>::kMoveIds)
      root_ids[i] = GameTraits<Deal>::move_index(info.rules()).id(root_moves[i]);
    else
      root_ids[i] = static_cast<std::int32_t>(i);
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
  std::atomic<bool> stop{false};
  const KeepGoing* keep_going = options.keep_going ? &options.keep_going : nullptr;
  auto work = [&](int t) {
    try {
      std::int64_t budget = 0;
      if (options.iterations > 0)
        budget = options.iterations / threads + (t < options.iterations % threads ? 1 : 0);
      Search<Deal> search(info, options, root_moves, thread_seed(options.seed, t));
      stats[static_cast<std::size_t>(t)] = search.run(budget, timed, deadline, stop, t == 0 ? keep_going : nullptr);
#if defined(__GLIBCXX__)
    } catch (const abi::__forced_unwind&) {
      // The calling thread is being ended (a daemon thread whose poll asked for
      // the GIL as the interpreter exits: CPython ends it with pthread_exit). The
      // unwind must go on: swallowed here it aborts the process ("exception not
      // rethrown").
      stop.store(true, std::memory_order_relaxed);
      throw;
#endif
    } catch (...) {
      errors[static_cast<std::size_t>(t)] = std::current_exception();
      stop.store(true, std::memory_order_relaxed);  // the search fails anyway: the others need not finish
    }
  };
  {
    // Tree 0 grows on the calling thread, the only one that may ask keep_going
    // (the bindings' poll takes the GIL with this thread's state). The workers
    // are stopped and joined on every way out, that thread's forced unwind
    // included: a std::thread destroyed joinable calls std::terminate.
    struct Joiner {
      std::vector<std::thread> pool;
      std::atomic<bool>& stop;
      ~Joiner() {
        if (pool.empty()) return;  // joined below: the search ran to its end
        stop.store(true, std::memory_order_relaxed);
        for (auto& th : pool) th.join();
      }
    } joiner{{}, stop};
    joiner.pool.reserve(static_cast<std::size_t>(threads - 1));
    for (int t = 1; t < threads; ++t) joiner.pool.emplace_back(work, t);
    work(0);
    for (auto& th : joiner.pool) th.join();  // each finishes its own budget
    joiner.pool.clear();
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

}  // namespace ganzdy
