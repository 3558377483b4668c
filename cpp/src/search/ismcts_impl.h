// Single-observer information-set MCTS (see ismcts.h): the template definitions,
// included by each game's instantiate.cpp (after its traits.h) to instantiate
// InformationSet<Deal>, ismcts<Deal> and pimc<Deal> for its deal. Generic: it
// includes no game's header and reads everything game-specific from
// GameTraits<Deal> and SearchGame<Deal>.
#pragma once

#include "ganzdy/search/ismcts.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <limits>
#include <memory>
#include <optional>
#include <span>
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

// What the search needs of a game beyond GameTraits, specialised in each game's
// instantiate.cpp (before the explicit instantiations):
//   kTeams, team(seat)        whether seats play in teams, and a seat's team:
//                             how an evaluator's value to one seat spreads
//   endgame(world, seat,      the index in `legal` of the move an exact solver
//           legal, seconds)   proves winning when `world` is fully known to
//                             `seat` (IsmctsOptions::solver), or -1
template <class Deal>
struct SearchGame;

namespace ismcts_detail {

using Clock = std::chrono::steady_clock;

// Any fixed value: the determinization an InformationSet keeps depends on it and on
// what the seat may know, never on the hidden cards of the real deal.
constexpr std::uint64_t kScrambleSeed = 0x6A09E667F3BCC908ULL;
// Progressive widening in the card-level games (GameTraits::kWiden): a node tries a
// new move only while it has tried fewer than 1 + kWidenScale * sqrt(visits of the moves
// tried) of its legal moves.
constexpr double kWidenScale = 2.0;
// A tree stops growing at this many nodes (80 MiB a thread); iterations go on, with
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
  // With an evaluator: the node's prior block in Search::priors_ (-1: not
  // evaluated yet), `prior_count` entries from there.
  std::int32_t priors = -1;
  std::int32_t prior_count = 0;
};
static_assert(sizeof(Node) == 40);

// One move's prior at a node: the key of its edge and the evaluator's probability.
struct PriorEntry {
  std::int32_t key;
  float prior;
};

inline double uniform01(Random& rng) { return static_cast<double>(rng.next() >> 11) * 0x1.0p-53; }

// The worlds a search plays: uniform determinizations, or (weighted) one of
// `candidates` of them kept with probability proportional to the likelihood of
// the others' passes (importance resampling).
template <GameDeal Deal>
class WorldSampler {
 public:
  WorldSampler(const InformationSet<Deal>& info, bool weighted, int candidates, double epsilon)
      : info_(info), weighted_(weighted && candidates > 1 && info.passes() > 0), candidates_(candidates),
        epsilon_(epsilon) {}

  Deal draw(Random& rng) {
    if (!weighted_) return info_.sample_world(rng.next());
    pool_.clear();
    weights_.clear();
    double total = 0;
    for (int i = 0; i < candidates_; ++i) {
      pool_.push_back(info_.sample_world(rng.next()));
      const double w = info_.pass_likelihood(pool_.back(), epsilon_);
      weights_.push_back(w);
      total += w;
    }
    std::size_t pick = 0;
    if (total > 0) {
      double u = uniform01(rng) * total;
      while (pick + 1 < weights_.size() && u >= weights_[pick]) u -= weights_[pick++];
    } else {
      pick = static_cast<std::size_t>(rng.below(pool_.size()));  // epsilon 0 and every candidate refuted
    }
    return std::move(pool_[pick]);
  }

 private:
  const InformationSet<Deal>& info_;
  bool weighted_;
  int candidates_;
  double epsilon_;
  std::vector<Deal> pool_;
  std::vector<double> weights_;
};

// Each seat's reward when the evaluator values the position `value` to `actor`:
// a team game gives it to the actor's team and 1 - value to the other; a game
// without teams gives each other seat 1/2 - (value - 1/2) / (players - 1). The
// value is on the "points" reward's scale, where no points is worth 1/2 and the
// seats' points sum to zero, so the others share what the actor stands to win
// above 1/2. (Splitting 1 - value among them, as this once did, put a neutral
// opponent at 1/6 in a four-seat deal: an edge's mean then depended on whose turn
// its leaves fell on more than on the move, docs/search.md.)
template <GameDeal Deal>
void evaluator_rewards(int players, int actor, double value, std::array<double, kMaxSeats>& out) {
  using G = SearchGame<Deal>;
  for (int s = 0; s < players; ++s) {
    double r;
    if constexpr (G::kTeams)
      r = G::team(s) == G::team(actor) ? value : 1.0 - value;
    else
      r = s == actor ? value : std::clamp(0.5 - (value - 0.5) / (players - 1), 0.0, 1.0);
    out[static_cast<std::size_t>(s)] = r;
  }
}

// Calls the evaluator and checks its answer: priors finite and >= 0 with a
// positive sum (renormalised to 1 here) and a finite value, clamped into [0, 1].
template <GameDeal Deal>
double evaluate_checked(const Evaluator<Deal>& evaluator, const Deal& world, const MoveList& legal,
                        std::vector<float>& priors) {
  priors.assign(legal.size(), 0.0f);
  const double value = evaluator.evaluate(world, legal, std::span<float>(priors.data(), priors.size()));
  double sum = 0;
  for (const float p : priors) {
    if (!(p >= 0) || !std::isfinite(p))
      throw GanzdyError("ismcts: the evaluator gave a prior of " + std::to_string(p) +
                        ": priors must be finite and non-negative");
    sum += p;
  }
  if (!(sum > 0)) throw GanzdyError("ismcts: the evaluator's priors sum to 0: at least one must be positive");
  for (float& p : priors) p = static_cast<float>(p / sum);
  if (!std::isfinite(value))
    throw GanzdyError("ismcts: the evaluator gave a value of " + std::to_string(value) +
                      ": a value must be a finite number in [0, 1]");
  return std::clamp(value, 0.0, 1.0);
}

// The index of the highest prior, the first on a tie.
inline std::size_t highest_prior(const std::vector<float>& priors) {
  return static_cast<std::size_t>(std::max_element(priors.begin(), priors.end()) - priors.begin());
}

// The evaluator's highest-prior move among `legal` (more than one), the first on a
// tie: what a learned rollout plays. `priors` is scratch.
template <GameDeal Deal>
std::size_t learned_choice(const Evaluator<Deal>& evaluator, const Deal& world, const MoveList& legal,
                           std::vector<float>& priors) {
  evaluate_checked(evaluator, world, legal, priors);
  return highest_prior(priors);
}

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
  std::vector<double> prior;     // the root's prior (0 without an evaluator)
  // Gumbel root (`gumbel`): each move's logit, log prior plus its Gumbel noise,
  // and whether it remains after sequential halving.
  bool gumbel = false;
  std::vector<double> logit;
  std::vector<std::uint8_t> remaining;
  std::int64_t iterations = 0;
  std::int64_t nodes = 0;
};

inline std::uint64_t thread_seed(std::uint64_t seed, int thread) {
  Random mix(seed ^ (static_cast<std::uint64_t>(thread) * 0xD6E8FEB86659FD93ULL));
  mix.next();
  return mix.next();
}

template <GameDeal Deal>
using KeysOf = std::conditional_t<GameTraits<Deal>::kMoveIds, IdKeys<GameTraits<Deal>>, MoveKeys>;

// One search tree: its nodes, their prior blocks and the numbering of its move
// keys. A search grows one a thread; an IsmctsSearcher keeps one between searches.
template <GameDeal Deal>
struct Tree {
  explicit Tree(const std::shared_ptr<const Rules>& r) : rules(r), keys(*r) {}

  // Makes the node reached from the root by the public moves `since` the root,
  // keeping its subtree (compacted) and dropping the rest. False, with the tree
  // emptied, when a move of `since` is not in the tree.
  bool descend(std::span<const std::pair<int, Move>> since) {
    if (nodes.empty()) return false;
    std::int32_t at = 0;
    for (const auto& [seat, move] : since) {
      const std::int32_t key = keys.key(move);
      std::int32_t found = -1;
      for (std::int32_t c = nodes[static_cast<std::size_t>(at)].first_child; c >= 0;
           c = nodes[static_cast<std::size_t>(c)].next_sibling) {
        const Node& e = nodes[static_cast<std::size_t>(c)];
        if (e.actor == seat && e.key == key) {
          found = c;
          break;
        }
      }
      if (found < 0) {
        clear();
        return false;
      }
      at = found;
    }
    if (at == 0) return true;
    std::vector<Node> kept;
    std::vector<PriorEntry> kept_priors;
    kept.push_back(nodes[static_cast<std::size_t>(at)]);
    kept[0].key = 0;
    kept[0].actor = -1;
    kept[0].next_sibling = -1;
    std::vector<std::pair<std::int32_t, std::int32_t>> stack{{at, 0}};  // (old node, its copy)
    while (!stack.empty()) {
      const auto [from, to] = stack.back();
      stack.pop_back();
      const Node& old = nodes[static_cast<std::size_t>(from)];
      if (old.priors >= 0) {
        kept[static_cast<std::size_t>(to)].priors = static_cast<std::int32_t>(kept_priors.size());
        kept_priors.insert(kept_priors.end(), priors.begin() + old.priors, priors.begin() + old.priors + old.prior_count);
      }
      kept[static_cast<std::size_t>(to)].first_child = -1;
      std::int32_t previous = -1;
      for (std::int32_t c = old.first_child; c >= 0; c = nodes[static_cast<std::size_t>(c)].next_sibling) {
        const auto copy = static_cast<std::int32_t>(kept.size());
        kept.push_back(nodes[static_cast<std::size_t>(c)]);
        kept.back().next_sibling = -1;
        if (previous < 0)
          kept[static_cast<std::size_t>(to)].first_child = copy;
        else
          kept[static_cast<std::size_t>(previous)].next_sibling = copy;
        previous = copy;
        stack.emplace_back(c, copy);
      }
    }
    nodes.swap(kept);
    priors.swap(kept_priors);
    return true;
  }

  void clear() {
    nodes.clear();
    priors.clear();
  }

  std::shared_ptr<const Rules> rules;
  KeysOf<Deal> keys;
  std::vector<Node> nodes;
  std::vector<PriorEntry> priors;  // the nodes' prior blocks
};

template <GameDeal Deal>
class Search {
 public:
  using Game = GameTraits<Deal>;
  using Keys = KeysOf<Deal>;

  // `root_moves`: the searching seat's legal moves, whose keys this search's own
  // numbering gives them first.
  // `tree`: empty, or kept from an earlier search whose root is this one's.
  Search(const InformationSet<Deal>& info, const IsmctsOptions& options, const MoveList& root_moves,
         std::uint64_t seed, const Evaluator<Deal>* evaluator, Tree<Deal>& tree)
      : info_(info), options_(options), evaluator_(evaluator), keys_(tree.keys), nodes_(tree.nodes),
        priors_(tree.priors), rng_(seed), sampler_(info, options.weighted, options.candidates, options.epsilon) {
    for (const Move& m : root_moves) root_keys_.push_back(keys_.key(m));
    tag_.assign(keys_.size(), 0);
    slot_.assign(keys_.size(), 0);
    root_child_.assign(root_keys_.size(), -1);
    gumbel_ = options.root == IsmctsOptions::Root::gumbel && evaluator != nullptr;
  }

  // Runs until `budget` iterations (0: no limit), the deadline (when `timed`) or
  // `stop`. `keep_going` (only the calling thread's tree has one) is asked before
  // each iteration, and its false raises `stop` for the other trees too. A relaxed
  // load a iteration is all the others pay: an iteration is tens of microseconds.
  RootStats run(std::int64_t budget, bool timed, Clock::time_point deadline, std::atomic<bool>& stop,
                const KeepGoing* keep_going) {
    // About 1.4 nodes an iteration (forced moves add nodes without ending a descent).
    nodes_.reserve(std::min(nodes_.size() + (budget > 0 ? static_cast<std::size_t>(2 * budget + 64) : 4096), kMaxNodes));
    if (nodes_.empty()) nodes_.emplace_back();
    // Sequential halving divides a known budget; a search bounded by time alone has none.
    budget_ = budget;
    if (budget <= 0) gumbel_ = false;
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
    stats.prior.assign(n, 0);
    stats.iterations = done;
    if (nodes_[0].priors >= 0) {
      std::vector<std::int32_t> index_of(keys_.size(), -1);
      for (std::size_t i = 0; i < n; ++i) index_of[static_cast<std::size_t>(root_keys_[i])] = static_cast<std::int32_t>(i);
      for (std::int32_t j = 0; j < nodes_[0].prior_count; ++j) {
        const PriorEntry& e = priors_[static_cast<std::size_t>(nodes_[0].priors + j)];
        const auto key = static_cast<std::size_t>(e.key);
        if (key < index_of.size() && index_of[key] >= 0) stats.prior[static_cast<std::size_t>(index_of[key])] = e.prior;
      }
    }
    if (halving_ready_) {
      stats.gumbel = true;
      stats.logit = logit_;
      stats.remaining.assign(n, 0);
      for (const std::size_t i : remaining_) stats.remaining[i] = 1;
    }
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

  // Stores the evaluator's priors (eval_priors_) of the moves moves_/keys_of_ as
  // node `at`'s block.
  void store_priors(std::int32_t at) {
    node(at).priors = static_cast<std::int32_t>(priors_.size());
    node(at).prior_count = static_cast<std::int32_t>(moves_.size());
    for (std::size_t i = 0; i < moves_.size(); ++i) priors_.push_back({keys_of_[i], eval_priors_[i]});
  }

  // PUCT selection (IsmctsOptions::c_puct) at `parent`, returning as select() does.
  std::int32_t select_puct(const Deal& world, std::int32_t parent, int actor, std::size_t& chosen, bool& expanded) {
    const std::size_t n = moves_.size();
    mark_legal(n);
    if (node(parent).priors < 0) {
      evaluate_checked(*evaluator_, world, moves_, eval_priors_);
      store_priors(parent);
    }
    // The node's priors of the moves legal here; renormalised over them below.
    prior_of_.assign(n, -1.0f);
    {
      const Node& p = node(parent);
      for (std::int32_t j = 0; j < p.prior_count; ++j) {
        const PriorEntry& e = priors_[static_cast<std::size_t>(p.priors + j)];
        const auto key = static_cast<std::size_t>(e.key);
        if (key < tag_.size() && tag_[key] == epoch_) prior_of_[slot_[key]] = e.prior;
      }
    }
    double sum = 0;
    for (float& pr : prior_of_) {
      if (pr < 0) pr = 1.0f / static_cast<float>(n);
      sum += pr;
    }
    const double scale = sum > 0 ? 1.0 / sum : 0.0;
    tried_.assign(n, 0);
    double visits_here = 0, reward_here = 0;  // of the tried moves legal here
    std::int32_t best = -1;
    double best_score = -std::numeric_limits<double>::infinity();
    const double c = options_.c_puct;
    for (std::int32_t ci = node(parent).first_child; ci >= 0; ci = node(ci).next_sibling) {
      Node& e = node(ci);
      if (e.actor != actor) continue;
      const auto key = static_cast<std::size_t>(e.key);
      if (key >= tag_.size() || tag_[key] != epoch_) continue;  // not legal in this determinization
      ++e.available;
      const std::size_t slot = slot_[key];
      tried_[slot] = 1;
      const double visits = e.visits;
      visits_here += visits;
      reward_here += e.reward;
      const double q = visits > 0 ? e.reward / visits : 0.5;
      const double score =
          q + c * prior_of_[slot] * scale * std::sqrt(static_cast<double>(e.available)) / (1 + visits);
      if (score > best_score) {
        best_score = score;
        best = ci;
      }
    }
    // Of the moves not tried here, only the highest prior can score best.
    std::size_t untried = n;
    for (std::size_t i = 0; i < n; ++i)
      if (!tried_[i] && (untried == n || prior_of_[i] > prior_of_[untried])) untried = i;
    if (untried < n && nodes_.size() < kMaxNodes) {
      const double fpu = visits_here > 0 ? reward_here / visits_here : 0.5;
      const double score = fpu + c * prior_of_[untried] * scale * std::sqrt(visits_here + 1);
      if (score > best_score || best < 0) {
        chosen = untried;
        expanded = true;
        const std::int32_t child = add_child(parent, keys_of_[untried], actor);
        node(child).available = 1;
        return child;
      }
    }
    expanded = false;
    if (best < 0) return -1;
    chosen = slot_[static_cast<std::size_t>(node(best).key)];
    return best;
  }

  // The root edge of root move i, or -1 when it has none yet.
  std::int32_t root_edge(std::size_t i) {
    if (root_child_[i] >= 0) return root_child_[i];
    for (std::int32_t c = node(0).first_child; c >= 0; c = node(c).next_sibling)
      if (node(c).key == root_keys_[i] && node(c).actor == info_.seat()) return root_child_[i] = c;
    return -1;
  }

  // sigma(Q) of Gumbel root selection for a root move of mean reward q, when the
  // most visited root move has `max_visits`.
  double sigma(double q, double max_visits) const { return (options_.c_visit + max_visits) * options_.c_scale * q; }

  // The root's moves in the order sequential halving would keep them: logit +
  // sigma(Q), the visited first (an unvisited move has no Q to be judged by).
  void rank_remaining() {
    double max_visits = 0;
    for (std::size_t i = 0; i < root_keys_.size(); ++i) {
      const std::int32_t e = root_edge(i);
      if (e >= 0) max_visits = std::max(max_visits, static_cast<double>(node(e).visits));
    }
    auto score = [&](std::size_t i) {
      const std::int32_t e = root_edge(i);
      if (e < 0 || node(e).visits == 0) return -std::numeric_limits<double>::infinity();
      return logit_[i] + sigma(node(e).reward / node(e).visits, max_visits);
    };
    std::stable_sort(remaining_.begin(), remaining_.end(), [&](std::size_t a, std::size_t b) { return score(a) > score(b); });
  }

  // Gumbel root selection (IsmctsOptions::root): the move the sequential-halving
  // schedule gives this iteration, returning as select() does.
  std::int32_t select_gumbel(const Deal& world, std::size_t& chosen, bool& expanded) {
    const std::size_t n = moves_.size();
    mark_legal(n);
    if (node(0).priors < 0) {
      evaluate_checked(*evaluator_, world, moves_, eval_priors_);
      store_priors(0);
    }
    if (!halving_ready_) start_halving();
    const std::size_t m = remaining_.size();
    if (step_ >= per_move_ * static_cast<std::int64_t>(m) && m > 2) {
      rank_remaining();
      remaining_.resize((m + 1) / 2);
      per_move_ = phase_visits(remaining_.size());
      step_ = 0;
    }
    const std::size_t i = remaining_[static_cast<std::size_t>(step_ % static_cast<std::int64_t>(remaining_.size()))];
    ++step_;
    for (std::int32_t c = node(0).first_child; c >= 0; c = node(c).next_sibling) {
      Node& e = node(c);
      const auto key = static_cast<std::size_t>(e.key);
      if (e.actor == info_.seat() && key < tag_.size() && tag_[key] == epoch_) ++e.available;
    }
    const auto key = static_cast<std::size_t>(root_keys_[i]);
    if (key >= tag_.size() || tag_[key] != epoch_) {
      // Cannot happen (the root's moves are the seat's own, the same in every
      // world); PUCT decides rather than trusting a stale slot.
      return select_puct(world, 0, info_.seat(), chosen, expanded);
    }
    chosen = slot_[key];
    std::int32_t e = root_edge(i);
    expanded = false;
    if (e < 0) {
      if (nodes_.size() >= kMaxNodes) return -1;
      e = root_child_[i] = add_child(0, root_keys_[i], info_.seat());
      node(e).available = 1;
      expanded = true;
    }
    return e;
  }

  // Each remaining move's iterations in one phase: the budget split evenly
  // between the phases and the moves of each (at least one).
  std::int64_t phase_visits(std::size_t remaining) const {
    return std::max<std::int64_t>(1, budget_ / (static_cast<std::int64_t>(phases_) * static_cast<std::int64_t>(remaining)));
  }

  // The considered moves: the `considered` highest logits, log prior plus (with
  // gumbel_noise) Gumbel(0, 1) noise, which samples them without replacement in
  // proportion to the prior.
  void start_halving() {
    const std::size_t n = root_keys_.size();
    logit_.assign(n, 0);
    {
      const Node& r = node(0);
      std::vector<double> prior(n, -1);
      for (std::int32_t j = 0; j < r.prior_count; ++j) {
        const PriorEntry& e = priors_[static_cast<std::size_t>(r.priors + j)];
        const auto key = static_cast<std::size_t>(e.key);
        if (key < tag_.size() && tag_[key] == epoch_) prior[slot_[key]] = e.prior;
      }
      for (std::size_t i = 0; i < n; ++i) {
        const auto key = static_cast<std::size_t>(root_keys_[i]);
        double p = (key < tag_.size() && tag_[key] == epoch_) ? prior[slot_[key]] : -1;
        if (p < 0) p = 1.0 / static_cast<double>(n);
        // A zero prior is a logit of -inf: such a move is considered only after every other.
        logit_[i] = std::log(std::max(p, 1e-300));
        if (options_.gumbel_noise) {
          double u = uniform01(rng_);
          if (u <= 0) u = 0x1.0p-53;
          logit_[i] -= std::log(-std::log(u));
        }
      }
    }
    remaining_.resize(n);
    for (std::size_t i = 0; i < n; ++i) remaining_[i] = i;
    std::stable_sort(remaining_.begin(), remaining_.end(), [&](std::size_t a, std::size_t b) { return logit_[a] > logit_[b]; });
    remaining_.resize(std::min(n, static_cast<std::size_t>(options_.considered)));
    phases_ = 1;
    while ((std::size_t{1} << phases_) < remaining_.size()) ++phases_;
    per_move_ = phase_visits(remaining_.size());
    step_ = 0;
    halving_ready_ = true;
  }

  void key_moves() {
    keys_of_.resize(moves_.size());
    for (std::size_t i = 0; i < moves_.size(); ++i) keys_of_[i] = keys_.key(moves_[i]);
  }

  void iterate() {
    Deal world = sampler_.draw(rng_);
    world.set_keep_history(false);
    path_.clear();
    std::int32_t at = 0;
    while (!world.is_terminal()) {
      world.legal_moves(moves_);
      require_moves(world, moves_);
      const int actor = world.current_player();
      const std::size_t n = moves_.size();
      key_moves();
      std::size_t chosen = 0;
      bool expanded = false;
      std::int32_t child;
      if (gumbel_ && at == 0 && n > 1)
        child = select_gumbel(world, chosen, expanded);
      else if (evaluator_ != nullptr && n > 1)
        child = select_puct(world, at, actor, chosen, expanded);
      else
        child = select(world, at, actor, chosen, expanded);
      if (child < 0) break;
      world.apply(moves_[chosen]);
      path_.push_back(child);
      at = child;
      // A forced move costs no decision: keep descending past it.
      if (expanded && n > 1) break;
    }
    const double w = evaluator_ != nullptr ? *options_.value_weight : 0.0;  // set by search_in
    if (w > 0 && !world.is_terminal()) {
      // The leaf's value from the evaluator, whose priors then serve the leaf's first visit.
      world.legal_moves(moves_);
      require_moves(world, moves_);
      key_moves();
      double value = evaluate_checked(*evaluator_, world, moves_, eval_priors_);
      if (moves_.size() > 1 && node(at).priors < 0) store_priors(at);
      if (options_.own_leaf) value = own_side_value(world, value);
      if (world.is_terminal()) {
        rewards(world);
        valued_ = reward_;
      } else {
        evaluator_rewards<Deal>(world.players(), world.current_player(), value, valued_);
      }
      if (w < 1) {
        rollout(world);
        rewards(world);
        for (std::size_t s = 0; s < kMaxSeats; ++s) reward_[s] = w * valued_[s] + (1 - w) * reward_[s];
      } else {
        reward_ = valued_;
      }
    } else {
      rollout(world);
      rewards(world);
    }
    for (std::int32_t i : path_) {
      Node& e = node(i);
      ++e.visits;
      e.reward += reward_[static_cast<std::size_t>(e.actor)];
    }
  }

  // A leaf is valued where the searching seat (in a team game, its team) acts
  // (IsmctsOptions::own_leaf): when another seat is to act at the leaf, the
  // evaluator's best move is played for it (and for the next seats, until the
  // searching side acts) and the position after is valued instead. A network's values
  // carry a bias that its exploration and its opponents put there (the shipped
  // Guandan network's best scores average 0.31 in positions of greedy play, where a
  // neutral one is worth 1/2); taken at an opponent's turn as 1 - v, the same bias
  // flips sign, and a move's mean came to depend on whose turn its leaves fell on
  // (docs/search.md). Valued always from the searching side, every leaf shares the
  // bias and the moves compare fairly; in Gan Deng Yan it also replaces a spread
  // guess (1/2 - (v - 1/2) / (players - 1)) by the searcher's own estimate.
  // `value` is the evaluator's value at the leaf, whose priors are eval_priors_ over
  // moves_; returns the value of the position `world` is left in (unchanged when
  // the searching side acts at the leaf, or when the world is over).
  double own_side_value(Deal& world, double value) {
    using G = SearchGame<Deal>;
    const int seat = info_.seat();
    const auto ours = [&](int s) {
      if constexpr (G::kTeams)
        return G::team(s) == G::team(seat);
      else
        return s == seat;
    };
    while (!world.is_terminal() && !ours(world.current_player())) {
      world.apply(moves_[highest_prior(eval_priors_)]);
      if (world.is_terminal()) break;
      world.legal_moves(moves_);
      require_moves(world, moves_);
      value = evaluate_checked(*evaluator_, world, moves_, eval_priors_);
    }
    return value;
  }

  void rollout(Deal& world) {
    while (!world.is_terminal()) {
      world.legal_moves(moves_);
      require_moves(world, moves_);
      int choice = 0;
      if (options_.learned_rollout) {
        if (moves_.size() > 1) choice = static_cast<int>(learned_choice(*evaluator_, world, moves_, eval_priors_));
      } else {
        choice = options_.rollout == Policy::greedy ? Game::greedy(world, moves_) : random_choice(rng_, moves_);
      }
      world.apply(moves_[static_cast<std::size_t>(choice)]);
    }
  }

  void rewards(const Deal& world) { Game::rewards(world, options_.reward, reward_); }

  const InformationSet<Deal>& info_;
  const IsmctsOptions& options_;
  const Evaluator<Deal>* evaluator_;
  Keys& keys_;
  std::vector<Node>& nodes_;
  std::vector<PriorEntry>& priors_;
  std::vector<std::int32_t> root_keys_;
  Random rng_;
  WorldSampler<Deal> sampler_;
  // tag_[key] == epoch_: key is legal at the node being visited, as moves_[slot_[key]].
  std::vector<std::uint32_t> tag_;
  std::vector<std::uint32_t> slot_;
  MoveList moves_;
  std::vector<std::int32_t> keys_of_;  // the keys of moves_
  std::vector<std::uint8_t> tried_;
  std::vector<std::int32_t> path_;
  std::vector<float> eval_priors_;  // the evaluator's answer, per move of moves_
  std::vector<float> prior_of_;     // a node's prior of each legal move of one visit
  std::uint32_t epoch_ = 0;
  // Gumbel sequential halving at the root (IsmctsOptions::root): the budget it
  // divides, the root moves still in play (indices into root_keys_) and their
  // logits, each one's iterations this phase, and how many the phase has given.
  bool gumbel_ = false;
  bool halving_ready_ = false;
  std::int64_t budget_ = 0;
  int phases_ = 1;
  std::vector<std::size_t> remaining_;
  std::vector<double> logit_;
  std::int64_t per_move_ = 1;
  std::int64_t step_ = 0;
  std::vector<std::int32_t> root_child_;  // per root move: its edge at the root, or -1 before it has one
  std::array<double, kMaxSeats> reward_{};
  std::array<double, kMaxSeats> valued_{};
};

// The ids the caller sees: Gan Deng Yan's move ids, else the legal-move indices.
template <GameDeal Deal>
IsmctsResult root_result(const InformationSet<Deal>& info, const MoveList& root_moves) {
  IsmctsResult result;
  result.children.resize(root_moves.size());
  for (std::size_t i = 0; i < root_moves.size(); ++i) {
    std::int32_t id = static_cast<std::int32_t>(i);
    if constexpr (GameTraits<Deal>::kMoveIds) id = GameTraits<Deal>::move_index(info.rules()).id(root_moves[i]);
    result.children[i].id = id;
    result.children[i].move = root_moves[i];
  }
  return result;
}

inline void finish_result(IsmctsResult& result, std::size_t chosen, Clock::time_point start) {
  result.index = static_cast<int>(chosen);
  result.move = result.children[chosen].move;
  result.id = result.children[chosen].id;
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
}

template <GameDeal Deal>
void require_to_act(const InformationSet<Deal>& info, const char* what) {
  if (info.is_terminal()) throw RulesError(std::string(what) + ": the deal is over, there is no move to search");
  if (info.current_player() != info.seat())
    throw RulesError(std::string(what) + ": seat " + std::to_string(info.current_player()) + " is to act, not seat " +
                     std::to_string(info.seat()) + " whose information set this is");
}

// With the solver on, the move the game's exact endgame solver proves winning for
// the seat (SearchGame::endgame) is put into `result` as solved: true; false when
// there is none (a proved loss, no proof in time, or a game without a solver).
template <GameDeal Deal>
bool solved_by_endgame(const InformationSet<Deal>& info, const MoveList& root_moves, bool solver, double solver_time,
                       IsmctsResult& result, Clock::time_point start) {
  if (!solver || solver_time <= 0) return false;
  const int solved = SearchGame<Deal>::endgame(info.sample_world(0), info.seat(), root_moves, solver_time);
  if (solved < 0) return false;
  result.solved = true;
  finish_result(result, static_cast<std::size_t>(solved), start);
  return true;
}

inline void check_sampling(const char* what, int candidates, double epsilon) {
  if (candidates < 1) throw RulesError(std::string(what) + ": candidates must be at least 1");
  if (!(epsilon >= 0 && epsilon <= 1)) throw RulesError(std::string(what) + ": epsilon must lie in [0, 1]");
}

}  // namespace ismcts_detail

template <GameDeal Deal>
InformationSet<Deal>::InformationSet(const Deal& deal, int seat)
    : world_((seat >= 0 && seat < players_of(deal))
                 ? deal.sample_world(seat, ismcts_detail::kScrambleSeed)
                 : throw RulesError("seat " + std::to_string(seat) + " is not a seat: expected 0 to " +
                                    std::to_string(players_of(deal) - 1))),
      seat_(seat) {
  // The others' passes, from the public record alone: walking back through the
  // deal's undo history reads each ply's move, seat, table and the hand sizes.
  const int n = players_of(deal);
  std::array<Cards, kMaxSeats> later{};  // the cards each seat played after the ply walked back to
  Deal past(deal);  // the copy constructor: copy() would modify `deal`
  // A sampled world builds its own past only when asked (DealBase::restore_past):
  // undoing its draws before that would take them from the canonical deck order.
  past.restore_past();
  while (past.history().size() > 0) {
    const Move move = past.history().back().move;
    const int s = past.history().back().seat;
    past.pop();
    if (s < 0 || s >= n) continue;
    const auto at = static_cast<std::size_t>(s);
    if (!move.is_pass()) {
      later[at] += move.cards;
      continue;
    }
    if (s == seat || past.table().is_pass()) continue;
    const int drawn = deal.hand(s).size() + later[at].size() - past.hand(s).size();
    if (drawn >= 0) passes_.push_back({s, past.table(), later[at], drawn});
  }
}

template <GameDeal Deal>
double InformationSet<Deal>::pass_likelihood(const Deal& world, double epsilon) const {
  thread_local MoveList moves;
  double likelihood = 1;
  Random drawn_cards(world.hash() ^ 0x9E3779B97F4A7C15ULL);
  for (const Pass& p : passes_) {
    Cards then = world.hand(p.seat);
    then += p.later;
    for (int k = 0; k < p.drawn && !then.empty(); ++k) {
      auto r = static_cast<int>(drawn_cards.below(static_cast<std::uint64_t>(then.size())));
      for (int face = 0; face < kNumFaces; ++face) {
        const int c = then.count(face);
        if (r < c) {
          then.remove(face);
          break;
        }
        r -= c;
      }
    }
    GameTraits<Deal>::generate(world.rules(), then, p.table, moves, false);
    const bool could_beat = std::any_of(moves.begin(), moves.end(), [](const Move& m) { return !m.is_pass(); });
    if (could_beat) likelihood *= epsilon;
  }
  return likelihood;
}

template <GameDeal Deal>
void InformationSet<Deal>::legal_moves(MoveList& out) const {
  if (world_.is_terminal() || world_.current_player() != seat_) {
    out.clear();
    return;
  }
  world_.legal_moves(out);
}

template <GameDeal Deal>
float GreedyEvaluator<Deal>::evaluate(const Deal& world, const MoveList& legal, std::span<float> priors) const {
  using Traits = GameTraits<Deal>;
  const auto n = legal.size();
  const auto greedy = static_cast<std::size_t>(Traits::greedy(world, legal));
  for (std::size_t i = 0; i < n; ++i)
    priors[i] = static_cast<float>((1 - share_) / static_cast<double>(n) + (i == greedy ? share_ : 0.0));
  if (!playout_) return 0.5f;
  const int actor = world.current_player();
  Deal rest = world.copy_without_history();
  rest.set_keep_history(false);
  MoveList moves;
  while (!rest.is_terminal()) {
    rest.legal_moves(moves);
    require_moves(rest, moves);
    rest.apply(moves[static_cast<std::size_t>(Traits::greedy(rest, moves))]);
  }
  std::array<double, kMaxSeats> out{};
  Traits::rewards(rest, reward_, out);
  return static_cast<float>(out[static_cast<std::size_t>(actor)]);
}

namespace ismcts_detail {

// IsmctsOptions::own_greedy and others_greedy: `inner`'s prior, with a share of it
// moved onto the greedy policy's move -- `own` where `seat` acts, `others` wherever
// another seat does; its value unchanged.
template <GameDeal Deal>
class GreedyShareEvaluator final : public Evaluator<Deal> {
 public:
  GreedyShareEvaluator(const Evaluator<Deal>& inner, int seat, double own, double others)
      : inner_(inner), seat_(seat), own_(own), others_(others) {}

  float evaluate(const Deal& world, const MoveList& legal, std::span<float> priors) const override {
    const float value = inner_.evaluate(world, legal, priors);
    const double share = world.current_player() == seat_ ? own_ : others_;
    if (share == 0) return value;
    double sum = 0;
    for (const float p : priors) sum += p;
    // An invalid prior is left as it is for evaluate_checked to report.
    if (!(sum > 0) || !std::isfinite(sum)) return value;
    const auto greedy = static_cast<std::size_t>(GameTraits<Deal>::greedy(world, legal));
    for (float& p : priors) p = static_cast<float>((1 - share) * p / sum);
    priors[greedy] += static_cast<float>(share);
    return value;
  }

 private:
  const Evaluator<Deal>& inner_;
  int seat_;
  double own_;
  double others_;
};

// ismcts(), growing thread 0's tree in `kept` when given (one thread only).
template <GameDeal Deal>
IsmctsResult search_in(const InformationSet<Deal>& info, const IsmctsOptions& given, const Evaluator<Deal>* evaluator,
                       Tree<Deal>* kept) {
  // The greedy prior of the widening games (IsmctsOptions::greedy_prior).
  IsmctsOptions options = given;
  std::optional<GreedyEvaluator<Deal>> greedy_prior;
  const bool given_evaluator = evaluator != nullptr;
  if (GameTraits<Deal>::kWiden && evaluator == nullptr && options.greedy_prior && !options.learned_rollout) {
    evaluator = &greedy_prior.emplace(0.5, options.reward, false);
    options.value_weight = 0;
  }
  // What the caller left unset is the game's (kEvaluatorSearch); the greedy shares
  // only act on a given evaluator.
  constexpr EvaluatorSearch game = GameTraits<Deal>::kEvaluatorSearch;
  const double value_weight = options.value_weight.value_or(game.value_weight);
  const double own_greedy = options.own_greedy.value_or(given_evaluator ? game.own_greedy : 0.0);
  const double others_greedy = options.others_greedy.value_or(given_evaluator ? game.others_greedy : 0.0);
  if (!(others_greedy >= 0 && others_greedy <= 1)) throw RulesError("ismcts: others_greedy must lie in [0, 1]");
  if (!(own_greedy >= 0 && own_greedy <= 1)) throw RulesError("ismcts: own_greedy must lie in [0, 1]");
  if (!(value_weight >= 0 && value_weight <= 1)) throw RulesError("ismcts: value_weight must lie in [0, 1]");
  options.value_weight = value_weight;
  options.own_greedy = own_greedy;
  options.others_greedy = others_greedy;
  std::optional<GreedyShareEvaluator<Deal>> greedy_share;
  if (given_evaluator && (others_greedy > 0 || own_greedy > 0))
    evaluator = &greedy_share.emplace(*evaluator, info.seat(), own_greedy, others_greedy);
  if (options.root == IsmctsOptions::Root::automatic) {
    const bool puct = !given_evaluator || game.puct_root;
    options.root = puct ? IsmctsOptions::Root::puct : IsmctsOptions::Root::gumbel;
  }
  const auto start = Clock::now();
  require_to_act(info, "ismcts");
  if (options.iterations < 0) throw RulesError("ismcts: iterations must not be negative");
  if (!(options.time_limit >= 0) || !std::isfinite(options.time_limit))
    throw RulesError("ismcts: time_limit must be a non-negative number of seconds");
  if (options.iterations == 0 && options.time_limit == 0)
    throw RulesError("ismcts: give iterations or a time_limit (or both)");
  if (options.threads < 1) throw RulesError("ismcts: threads must be at least 1");
  if (!(options.c >= 0) || !std::isfinite(options.c))
    throw RulesError("ismcts: the exploration constant must be a non-negative number");
  if (!(options.c_puct >= 0) || !std::isfinite(options.c_puct))
    throw RulesError("ismcts: c_puct must be a non-negative number");
  if (options.learned_rollout && evaluator == nullptr)
    throw RulesError("ismcts: a learned rollout needs an evaluator");
  if (options.considered < 2) throw RulesError("ismcts: considered must be at least 2");
  if (!(options.c_scale >= 0) || !std::isfinite(options.c_scale))
    throw RulesError("ismcts: c_scale must be a non-negative number");
  if (!(options.c_visit >= 0) || !std::isfinite(options.c_visit))
    throw RulesError("ismcts: c_visit must be a non-negative number");
  if (!(options.solver_time >= 0) || !std::isfinite(options.solver_time))
    throw RulesError("ismcts: solver_time must be a non-negative number of seconds");
  check_sampling("ismcts", options.candidates, options.epsilon);

  MoveList root_moves;
  info.legal_moves(root_moves);
  require_moves(info, root_moves);
  IsmctsResult result = root_result(info, root_moves);
  if (root_moves.size() == 1) {
    finish_result(result, 0, start);
    return result;
  }
  if (solved_by_endgame(info, root_moves, options.solver, options.solver_time, result, start)) return result;

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
      std::optional<Tree<Deal>> own;
      Tree<Deal>& tree = (t == 0 && kept != nullptr) ? *kept : own.emplace(info.rules_ptr());
      Search<Deal> search(info, options, root_moves, thread_seed(options.seed, t), evaluator, tree);
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
  for (auto& e : errors)
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
    c.prior = stats[0].prior[i];
    const IsmctsChild& b = result.children[best];
    if (c.visits > b.visits || (c.visits == b.visits && c.reward > b.reward)) best = i;
  }
  // Gumbel: the remaining move (of any tree) with the best logit + sigma(Q), on the
  // summed statistics; the logits (and their noise) of the first tree that halved.
  const auto halved = std::find_if(stats.begin(), stats.end(), [](const RootStats& s) { return s.gumbel; });
  if (halved != stats.end()) {
    result.gumbel = true;
    double max_visits = 0;
    for (const IsmctsChild& c : result.children) max_visits = std::max(max_visits, static_cast<double>(c.visits));
    double best_score = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < root_moves.size(); ++i) {
      const IsmctsChild& c = result.children[i];
      const bool remains = std::any_of(stats.begin(), stats.end(), [i](const RootStats& s) { return s.gumbel && s.remaining[i]; });
      if (!remains || c.visits == 0) continue;
      const double score = halved->logit[i] + (options.c_visit + max_visits) * options.c_scale * c.reward;
      if (score > best_score) {
        best_score = score;
        best = i;
      }
    }
  }
  finish_result(result, best, start);
  return result;
}

}  // namespace ismcts_detail

template <GameDeal Deal>
IsmctsResult ismcts(const InformationSet<Deal>& info, const IsmctsOptions& options, const Evaluator<Deal>* evaluator) {
  return ismcts_detail::search_in<Deal>(info, options, evaluator, nullptr);
}

template <GameDeal Deal>
IsmctsSearcher<Deal>::IsmctsSearcher() = default;
template <GameDeal Deal>
IsmctsSearcher<Deal>::~IsmctsSearcher() = default;
template <GameDeal Deal>
IsmctsSearcher<Deal>::IsmctsSearcher(IsmctsSearcher&&) noexcept = default;
template <GameDeal Deal>
IsmctsSearcher<Deal>& IsmctsSearcher<Deal>::operator=(IsmctsSearcher&&) noexcept = default;

template <GameDeal Deal>
void IsmctsSearcher<Deal>::reset() {
  tree_.reset();
  seat_ = -1;
}

template <GameDeal Deal>
IsmctsResult IsmctsSearcher<Deal>::search(const InformationSet<Deal>& info, std::span<const std::pair<int, Move>> since,
                                          const IsmctsOptions& options, const Evaluator<Deal>* evaluator) {
  using namespace ismcts_detail;
  if (options.threads != 1) {
    reset();
    return ismcts(info, options, evaluator);
  }
  // A tree is kept for one seat of one rules' deals: its statistics were gathered
  // from that seat's information. (A node searched without an evaluator has no
  // priors yet, and a search with one asks for them at its next visit.)
  if (!tree_ || seat_ != info.seat() || !(*tree_->rules == info.rules())) reset();
  if (tree_) tree_->descend(since);
  if (!tree_) tree_ = std::make_unique<Tree<Deal>>(info.rules_ptr());
  seat_ = info.seat();
  IsmctsResult result = search_in<Deal>(info, options, evaluator, tree_.get());
  // Every new iteration passed through one root edge; the rest were kept.
  for (const IsmctsChild& c : result.children) result.reused += c.visits;
  result.reused -= result.iterations;
  return result;
}

template <GameDeal Deal>
IsmctsResult pimc(const InformationSet<Deal>& info, const PimcOptions& options, const Evaluator<Deal>* evaluator) {
  using namespace ismcts_detail;
  using Traits = GameTraits<Deal>;
  const auto start = Clock::now();
  require_to_act(info, "pimc");
  if (options.worlds < 1) throw RulesError("pimc: worlds must be at least 1");
  if (options.playouts < 1) throw RulesError("pimc: playouts must be at least 1");
  if (options.top < 0) throw RulesError("pimc: top must not be negative");
  if (!(options.margin >= 0) || !std::isfinite(options.margin))
    throw RulesError("pimc: margin must be a non-negative number");
  if (!(options.solver_time >= 0) || !std::isfinite(options.solver_time))
    throw RulesError("pimc: solver_time must be a non-negative number of seconds");
  if (evaluator == nullptr && options.learned_rollout) throw RulesError("pimc: a learned rollout needs an evaluator");
  if (evaluator == nullptr && options.top > 0) throw RulesError("pimc: top needs an evaluator (its prior ranks the moves)");
  check_sampling("pimc", options.candidates, options.epsilon);

  MoveList root_moves;
  info.legal_moves(root_moves);
  require_moves(info, root_moves);
  IsmctsResult result = root_result(info, root_moves);
  if (root_moves.size() == 1) {
    finish_result(result, 0, start);
    return result;
  }
  if (solved_by_endgame(info, root_moves, options.solver, options.solver_time, result, start)) return result;
  Random rng(options.seed);
  WorldSampler<Deal> sampler(info, options.weighted, options.candidates, options.epsilon);
  const int seat = info.seat();
  const std::size_t n = root_moves.size();
  std::vector<float> priors;
  // The moves played, in order of prior (every move without an evaluator). The
  // seat's observation is the same in every world, so any world gives its prior.
  std::vector<std::size_t> tried(n);
  for (std::size_t i = 0; i < n; ++i) tried[i] = i;
  if (evaluator != nullptr) {
    evaluate_checked(*evaluator, info.sample_world(0), root_moves, priors);
    for (std::size_t i = 0; i < n; ++i) result.children[i].prior = priors[i];
    std::stable_sort(tried.begin(), tried.end(), [&](std::size_t a, std::size_t b) { return priors[a] > priors[b]; });
    if (options.top > 0 && static_cast<std::size_t>(options.top) < n) tried.resize(static_cast<std::size_t>(options.top));
  }
  std::vector<double> total(n, 0);
  MoveList moves;
  std::array<double, kMaxSeats> reward{};
  for (int w = 0; w < options.worlds; ++w) {
    if (options.keep_going && !options.keep_going()) break;
    const Deal world = sampler.draw(rng);
    // Each playout's random policy draws from its own stream, the same for every
    // move, so the moves of one world meet the same luck as far as it goes.
    const std::uint64_t world_seed = rng.next();
    for (const std::size_t i : tried) {
      for (int p = 0; p < options.playouts; ++p) {
        Random luck(deal_seed(world_seed, static_cast<std::uint64_t>(p)));
        Deal d = world;
        d.set_keep_history(false);
        d.apply(root_moves[i]);
        while (!d.is_terminal()) {
          d.legal_moves(moves);
          require_moves(d, moves);
          std::size_t choice = 0;
          if (options.learned_rollout) {
            if (moves.size() > 1) choice = learned_choice(*evaluator, d, moves, priors);
          } else {
            choice = static_cast<std::size_t>(options.rollout == Policy::greedy ? Traits::greedy(d, moves)
                                                                                : random_choice(luck, moves));
          }
          d.apply(moves[choice]);
        }
        Traits::rewards(d, options.reward, reward);
        total[i] += reward[static_cast<std::size_t>(seat)];
        ++result.children[i].visits;
        ++result.children[i].available;
        ++result.iterations;
      }
    }
  }
  for (const std::size_t i : tried) {
    IsmctsChild& c = result.children[i];
    c.reward = c.visits > 0 ? total[i] / static_cast<double>(c.visits) : 0.0;
  }
  // The first tried move (the prior's best, or legal move 0) unless another is
  // better by more than the margin; among those, the best mean, the earlier on a tie.
  std::size_t best = tried.front();
  double best_reward = result.children[best].reward + options.margin;
  for (const std::size_t i : tried) {
    if (result.children[i].reward > best_reward) {
      best = i;
      best_reward = result.children[i].reward;
    }
  }
  finish_result(result, best, start);
  return result;
}

}  // namespace ganzdy
