// Information-set Monte Carlo tree search: the engine's search bot, for every
// game (one template over the deal contract, game.h; each game instantiates it in
// its folder, cpp/src/<game>/instantiate.cpp, from cpp/src/search/ismcts_impl.h).
// What differs between games -- move keys, widening, the greedy policy, rewards --
// comes from GameTraits<Deal>.
//
// The algorithm is single-observer ISMCTS (SO-ISMCTS: Cowling, Powley & Whitehouse,
// "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012). Each iteration
//   1. samples a determinization: a full deal consistent with what the searching
//      seat has seen (Deal::sample_world), hidden cards dealt uniformly;
//   2. descends one tree shared by all determinizations, whose nodes are the
//      sequences of public moves since the root, edges keyed by (seat, move key):
//      something that names the same move in every world, since the worlds differ
//      only in hidden cards. Gan Deng Yan keys a move by its id, which names the
//      card classes played (gan_deng_yan/ids.h); Guandan and Gouji, whose moves are card
//      level with no id space, by the move itself (its kind, key, length and card
//      multiset), each distinct move the search meets numbered as it first meets
//      it -- never by its index in a legal-move list, which differs between
//      worlds. At each node only the
//      edges legal in this determinization compete, by UCB1 with availability
//      counts: mean + c * sqrt(ln(available) / visits), where `available` counts the
//      iterations in which the edge was legal when its node was visited;
//   3. expands one untried legal move (chosen uniformly), following forced moves
//      (a single legal move) without stopping. In Guandan and Gouji, where a node
//      can have more legal moves than the search has iterations, a node widens
//      progressively: it expands only while it has tried fewer than
//      1 + 2 * sqrt(visits of the tried moves) of its legal moves, and Guandan
//      expands the greedy policy's choice first;
//   4. plays the determinization to its end with the rollout policy (random or the
//      built-in greedy policy, for every seat);
//   5. backs up each seat's reward into the edges that seat chose, so every seat is
//      modelled as maximizing its own result (no paranoid coalition).
// The move played is the root edge with the most visits (ties: the higher mean
// reward, then the earlier legal move).
//
// Rewards lie in [0, 1] and are computed per seat from the deal's outcome. In
// Gan Deng Yan:
//   win     1 for the first player out, else 0 (a drawn deal: 1/players each);
//   points  0.5 + 0.5 * tanh(points / (32 * base)): the seat's points squashed
//           smoothly, so losing 6 rather than 48 counts and one huge deal cannot
//           swamp the mean (32 stakes is of the order of what a deal moves:
//           between greedy players a seat's points average 24 in absolute value;
//           `base` is the rules' stake per card);
//   mixed   the mean of the two: winning first, then losing little.
// The default is points, the game's own objective (and the best of the three in
// the measurements of docs/performance.md, though not by a significant margin).
// In the team games a seat's reward is its team's:
//   Guandan  win: 1 when its team won the deal; points: 0.5 + 0.5 * tanh(points / 2)
//            (a deal moves 1 to 3 levels, 4 under '4-2-1');
//   Gouji    win: 1 when its team has more points, 1/2 on a tie or a void hand;
//            points: 0.5 + 0.5 * tanh(points / 4).
//
// No cheating, by construction: the search sees an InformationSet, which holds no
// hidden card of the real deal. It keeps one determinization made when it is built
// (its hidden cards shuffled from a fixed seed, hence a function of what the seat
// may know), and samples its worlds from that one. In Gan Deng Yan and Guandan
// sample_world() of that world equals sample_world() of the real deal for every
// seed, because a determinization depends only on what the seat has seen. Gouji's
// sample_world also reads evidence from the history (who could not beat what),
// which a determinization has none of, so a Gouji search samples from the looser
// set of worlds consistent with the public state; it still sees no hidden card.
//
// Parallelism: `threads` independent trees (root parallelization), each with its own
// generator seeded from (seed, thread) and its share of the iterations; their root
// statistics are summed. With an iteration budget and no time limit the result
// depends only on the seed and the thread count; threads = 1 reproduces exactly.
//
// Memory: each thread keeps a pool of tree nodes (32 bytes each, reserved up front
// for an iteration budget) and reusable move buffers, so descending and expanding
// allocate nothing. What does allocate per iteration is outside the search: the
// deck that sample_world builds for the determinization and the outcome's vectors.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "ganzdy/game.h"
#include "ganzdy/search/playout.h"

namespace ganzdy {

// What one seat may know of a deal, and nothing more: a searcher's only access to it.
template <GameDeal Deal>
class InformationSet {
 public:
  // The view of `seat` (any seat, to act or not) of `deal` now. Copies no hidden
  // card: the worlds it samples are built from a determinization of `deal`.
  // Throws RulesError for a seat that is not one.
  InformationSet(const Deal& deal, int seat);

  int seat() const { return seat_; }
  int players() const { return players_of(world_); }
  const Rules& rules() const { return world_.rules(); }
  const std::shared_ptr<const Rules>& rules_ptr() const { return world_.rules_ptr(); }
  // The seat to act, or -1 once the deal is over.
  int current_player() const { return world_.is_terminal() ? -1 : world_.current_player(); }
  bool is_terminal() const { return world_.is_terminal(); }
  int ply() const { return world_.ply(); }
  // The seat's own hand.
  const Cards& hand() const { return world_.hand(seat_); }
  // The legal moves of the seat, into `out`; empty unless the seat is to act.
  void legal_moves(MoveList& out) const;

  // A world consistent with what the seat knows, its hidden cards dealt from
  // Random(seed): exactly Deal::sample_world(seat, seed) of the real deal (Gouji:
  // see the no-cheating note above).
  Deal sample_world(std::uint64_t seed) const { return world_.sample_world(seat_, seed); }

  static int players_of(const Deal& deal) { return deal.players(); }

 private:
  Deal world_;
  int seat_;
};

// Reward (win, points, mixed) is declared in game.h.

// "win", "points" or "mixed"; throws RulesError naming the known rewards otherwise.
Reward parse_reward(std::string_view name);

// The iteration budget when none is given (see docs/performance.md for why).
inline constexpr std::int64_t kDefaultIterations = 1000;

struct IsmctsOptions {
  std::int64_t iterations = kDefaultIterations;  // over all threads; 0: none (time_limit decides)
  double time_limit = 0;           // seconds of wall time; 0: none
  double c = 0.7;                  // the exploration constant of UCB1, for rewards in [0, 1]
  Policy rollout = Policy::greedy;  // the default: see docs/performance.md
  Reward reward = Reward::points;
  int threads = 1;                 // >= 1
  std::uint64_t seed = 0;
  // Asked on the calling thread before every iteration of its tree (the bindings
  // poll Ctrl-C here, so it must be cheap: a clock read between real checks);
  // false stops every thread's tree at its next iteration, and the result then
  // covers the iterations done. Empty: only the budget stops the search.
  KeepGoing keep_going;
};

// One root move's statistics, summed over threads.
struct IsmctsChild {
  std::int32_t id = 0;  // Gan Deng Yan: the move id; Guandan, Gouji: the index in the legal moves
  Move move;
  std::int64_t visits = 0;
  std::int64_t available = 0;
  double reward = 0;  // mean reward of the searching seat after this move (0 if unvisited)
};

struct IsmctsResult {
  Move move;              // the chosen move, with the physical cards of the seat's hand
  std::int32_t id = 0;    // its move id (Guandan, Gouji: its index, as `index`)
  int index = 0;          // its index in the seat's legal moves (Deal::legal_moves order)
  std::int64_t iterations = 0;  // over all threads; 0 when only one move was legal
  std::int64_t nodes = 0;       // tree nodes made, over all threads
  double seconds = 0;
  std::vector<IsmctsChild> children;  // per legal move, in legal-move order
};

// Searches from `info` for the seat to act, which must be info.seat(). Throws
// RulesError when the deal is over, another seat is to act, or the options are bad
// (no budget at all, threads < 1, negative values, a greedy rollout in Gouji).
// With a single legal move it returns at once without searching. The calling
// thread grows the first tree itself (and asks options.keep_going); threads - 1
// more are started for the others.
template <GameDeal Deal>
IsmctsResult ismcts(const InformationSet<Deal>& info, const IsmctsOptions& options);

}  // namespace ganzdy
