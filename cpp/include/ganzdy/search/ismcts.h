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
// The move played is, by default (IsmctsOptions::root, gumbel), the survivor of
// Gumbel sequential halving at the root with the best logit + sigma(Q); with
// root = puct, the root edge with the most visits (ties: the higher mean
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
//   mixed   the mean of the two: winning first, then losing little;
//   rank    the seat's share of the pairwise games the arena's ratings count: the
//           winner is ahead of everyone, the others rank by points (a tie: half),
//           so it is (seats finished ahead of) / (players - 1); what a network
//           trained with `ganzdy train --reward rank` predicts.
// The default is points, the game's own objective (and the best of the three in
// the measurements of docs/performance.md, though not by a significant margin).
// In the team games a seat's reward is its team's:
//   Guandan  win: 1 when its team won the deal; points: 0.5 + 0.5 * tanh(points / 2)
//            (a deal moves 1 to 3 levels, 4 under '4-2-1');
//   Gouji    win: 1 when its team has more points, 1/2 on a tie or a void hand;
//            points: 0.5 + 0.5 * tanh(team points / 4), the team's total, as
//            the game scores a hand and the learned networks are trained.
// In both, rank is win: the arena counts a team hand as one game between the teams.
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
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <string_view>
#include <vector>

#include "ganzdy/game.h"
#include "ganzdy/search/evaluator.h"
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

  // What the others' passes say about a world (sampling = weighted): the
  // likelihood of the public history given `world`'s hands, a product over the
  // passes the seat remembers of `epsilon` for each pass made holding a legal
  // beat of the table and 1 otherwise. Reads only public history (the moves, the
  // tables and hand sizes) and the world's own hands, so it cannot cheat.
  double pass_likelihood(const Deal& world, double epsilon) const;
  // How many passes the likelihood reads (see `Pass` below).
  std::size_t passes() const { return passes_.size(); }

 private:
  // One pass by another seat on a table it might have beaten. Its hand then was
  // its hand now plus `later` (the cards it played since) less `drawn` cards it
  // drew since (Gan Deng Yan's draws after each trick; hand sizes are public, so
  // `drawn` is known, but not which cards): a world's guess of its hand now, plus
  // `later`, less `drawn` of those cards chosen at random (from a generator
  // seeded by the world's hash, so a world always gets the same weight), is its
  // guess of the hand at the pass. A pass after which cards left the hand other
  // than by play (Guandan's tribute) is not kept.
  struct Pass {
    int seat;
    Move table;
    Cards later;
    int drawn;
  };
  Deal world_;
  int seat_;
  std::vector<Pass> passes_;
};

// Reward (win, points, mixed, rank) is declared in game.h.

// "win", "points", "mixed" or "rank"; throws RulesError naming the known rewards otherwise.
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

  // With an evaluator (ismcts()'s third argument) the search selects by PUCT:
  //   Q + c_puct * P(a) * sqrt(N) / (1 + n(a))
  // Q the edge's mean reward (an edge not tried yet: the mean of the node's
  // tried edges legal here, 1/2 before any), n(a) its visits, N its availability
  // count (an edge not tried yet: the visits of the node's tried legal edges, plus
  // one), P(a) the evaluator's prior for the move at the node's first visit,
  // renormalised over the edges legal in this world (a move that was not legal at
  // that first visit gets 1/legal-moves before renormalising). Every legal move
  // competes at once (no widening); `c` is then unused.
  double c_puct = 1.0;
  // With an evaluator, how much of a new leaf's value comes from the evaluator
  // (the rest from a rollout): 1 plays no rollout, 0 uses the evaluator for the
  // prior alone. The evaluator's value is the acting seat's; the other seats'
  // follow from it (see evaluator_rewards in ismcts_impl.h): a teammate shares it,
  // an opponent of a team game gets 1 - v, and in a game without teams each other
  // seat gets 1/2 - (v - 1/2) / (players - 1): the "points" reward is 1/2 for
  // no points and points sum to zero, so what one seat stands to gain above 1/2
  // the others stand to lose, shared. Unset: the game's
  // (GameTraits<Deal>::kEvaluatorSearch, game.h): 1 in Gan Deng Yan, 0 in Guandan
  // and Gouji, whose networks' values misled the search.
  std::optional<double> value_weight;
  // Where a leaf is valued. True: where the searching seat (in a team game, its
  // team) acts -- when another seat is to act at the leaf, the evaluator's best move
  // is played for it, and for the seats after it until the searching side acts or
  // the deal ends, and that position is valued from the searching seat's side, so
  // every leaf's value is the searcher's own estimate and shares its bias (see
  // own_side_value in ismcts_impl.h). False: the acting seat's value, spread to the
  // others as above; one evaluation a leaf.
  bool own_leaf = true;
  // Rollouts by the evaluator: every step plays its highest-prior move (needs an
  // evaluator; `rollout` is then unused). One evaluation a ply: slow.
  bool learned_rollout = false;

  // How the root spends its iterations and picks the move played, with an
  // evaluator (or the greedy prior) and an iteration budget:
  //   puct    the root selects by PUCT like every node, and the most visited move
  //           is played;
  //   gumbel  Gumbel root selection (Danihelka, Guez, Schrittwieser & Silver,
  //           "Policy improvement by planning with Gumbel", ICLR 2022): the
  //           `considered` moves of highest logit = log prior (+ Gumbel noise when
  //           `gumbel_noise`) are searched by sequential halving -- each of
  //           ceil(log2 considered) phases gives every remaining move an equal
  //           share of the phase's iterations, then keeps the better half by
  //           logit + sigma(Q), sigma(Q) = (c_visit + max visits) * c_scale * Q --
  //           and the move played is the remaining one of highest logit +
  //           sigma(Q). Below the root, PUCT as usual.
  // Why gumbel is the default: a few hundred iterations give each move's mean a
  // noise of a few hundredths, as large as the differences between a good prior's
  // top moves, so visit counts overturned the prior by noise; the Gumbel rule only
  // leaves the prior's choice for a move whose Q is better by enough to outweigh
  // its lower logit (docs/search.md has the measurements). With no iteration
  // budget (time_limit alone) the schedule cannot be made and the root uses PUCT.
  // automatic (the default): with an evaluator given, the game's
  // (kEvaluatorSearch.puct_root: puct in Guandan, whose prior then has half its
  // mass on greedy's move, gumbel in the others); puct for the greedy prior of
  // Guandan and Gouji (whose prior is not a learned policy: half its mass on one
  // move, a logit gap of log(moves) no Q could close, and its PUCT search with
  // rollout values is the one measured to beat the greedy policy).
  enum class Root : std::uint8_t { automatic, puct, gumbel };
  Root root = Root::automatic;
  int considered = 16;     // >= 2: the moves sequential halving starts from
  double c_scale = 0.1;    // sigma's scale: Q in [0, 1] against the prior's logits
  double c_visit = 50;     // sigma's visit offset, as in the paper
  bool gumbel_noise = false;  // sample the considered moves (true) or take the prior's top ones

  // How a world is sampled: uniformly (Deal::sample_world), or weighted by the
  // others' passes: `candidates` uniform worlds are drawn and one is kept with
  // probability proportional to InformationSet::pass_likelihood(world, epsilon)
  // (importance resampling). 1 candidate is uniform sampling.
  bool weighted = false;
  int candidates = 4;    // >= 1
  double epsilon = 0.1;  // in [0, 1]: the likelihood of passing while holding a beat

  // When the game has an exact endgame solver (Gan Deng Yan) and the position is
  // fully known to the seat (an empty stock, and at most one other seat holds
  // cards), play the move it proves winning instead of searching, when it proves
  // one within `solver_time` seconds. A proved loss, or no proof in time, leaves
  // the choice to the search (the solver weighs going out first, not points).
  bool solver = true;
  double solver_time = 0.05;

  // In the games whose nodes widen progressively (GameTraits::kWiden: Guandan and
  // Gouji), a search given no evaluator takes the greedy policy as its prior: PUCT
  // with GreedyEvaluator's prior (1/2 on the greedy move) and values from the
  // rollouts (value_weight 0). UCB with widening spread a few hundred iterations
  // over dozens of moves whose rewards differ by a few hundredths, so the move
  // played was close to a random reasonable one, and it lost to the greedy policy
  // (docs/search.md has the figures). False: that UCB search.
  bool greedy_prior = true;

  // With an evaluator, the search's model of the other seats: wherever the search
  // asks the evaluator about a seat other than the searching one (its nodes, the
  // moves own_leaf plays before a leaf, learned rollouts), `others_greedy` of the
  // prior is moved onto the greedy policy's move in that world: (1 - others_greedy)
  // * P + others_greedy * [greedy's move]. The searching seat's own prior is
  // own_greedy's (below). A learned prior is the network's model of how the others play;
  // the question this answers is whether a model of another player (the greedy
  // bot) makes the search stronger against it. Measured in Guandan, it does not
  // (docs/search.md). In [0, 1]; 0: the evaluator's prior at the other seats.
  // Unset: the game's (kEvaluatorSearch: 1/2 in Guandan, 0 in the others).
  std::optional<double> others_greedy;
  // With an evaluator, the same at the searching seat's own nodes: `own_greedy` of
  // its prior is moved onto the greedy policy's move. At 1/2 with root=puct the
  // root's prior is greedy_prior's (half its mass on the greedy move) with the other
  // half spread by the evaluator instead of evenly: the search that beats the greedy
  // policy in Guandan, told by the network which other moves deserve a look. In
  // [0, 1]; 0: the evaluator's prior. Unset: the game's (kEvaluatorSearch: 1/2 in
  // Guandan, 0 in the others).
  std::optional<double> own_greedy;

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
  double prior = 0;   // the evaluator's prior at the root (0 with none)
};

struct IsmctsResult {
  Move move;              // the chosen move, with the physical cards of the seat's hand
  std::int32_t id = 0;    // its move id (Guandan, Gouji: its index, as `index`)
  int index = 0;          // its index in the seat's legal moves (Deal::legal_moves order)
  std::int64_t iterations = 0;  // over all threads; 0 when only one move was legal
  std::int64_t nodes = 0;       // tree nodes made, over all threads
  double seconds = 0;
  std::vector<IsmctsChild> children;  // per legal move, in legal-move order
  bool solved = false;    // the exact endgame solver chose the move (no search ran)
  bool gumbel = false;    // the root searched by Gumbel sequential halving (IsmctsOptions::root)
  // IsmctsSearcher: the visits of the seat's legal moves at the root kept from the
  // searcher's last search, which `children` include (edges of moves not legal now,
  // such as plays of a card drawn in another world, are kept but not counted); 0
  // for ismcts().
  std::int64_t reused = 0;
};

// Searches from `info` for the seat to act, which must be info.seat(). Throws
// RulesError when the deal is over, another seat is to act, or the options are bad
// (no budget at all, threads < 1, negative values, a learned rollout without an evaluator).
// With a single legal move it returns at once without searching. The calling
// thread grows the first tree itself (and asks options.keep_going); threads - 1
// more are started for the others.
//
// `evaluator` (may be null) gives the PUCT prior and the leaves' value (see
// IsmctsOptions and evaluator.h); it must outlive the call and be safe for
// concurrent calls when threads > 1.
template <GameDeal Deal>
IsmctsResult ismcts(const InformationSet<Deal>& info, const IsmctsOptions& options,
                    const Evaluator<Deal>* evaluator = nullptr);

namespace ismcts_detail {
template <GameDeal Deal>
struct Tree;
}  // namespace ismcts_detail

// ISMCTS that keeps its tree between a seat's decisions (tree reuse). search()
// first descends the kept tree by the public moves played since its last search
// (`since`: (seat, move) in order, every seat's, its own included); when they are
// all in the tree, that node's subtree, statistics and priors are kept as the new
// root and the search adds `options.iterations` to them; otherwise it starts
// afresh. The kept statistics were gathered over the worlds of an earlier, coarser
// information set of the same seat (a superset of today's), as SO-ISMCTS's own
// nodes below the root are. Only with threads = 1 (more threads search afresh, as
// ismcts() does), one seat and one rules: a change resets the tree.
template <GameDeal Deal>
class IsmctsSearcher {
 public:
  IsmctsSearcher();
  ~IsmctsSearcher();
  IsmctsSearcher(IsmctsSearcher&&) noexcept;
  IsmctsSearcher& operator=(IsmctsSearcher&&) noexcept;

  IsmctsResult search(const InformationSet<Deal>& info, std::span<const std::pair<int, Move>> since,
                      const IsmctsOptions& options, const Evaluator<Deal>* evaluator = nullptr);
  // Forgets the tree (a new deal, say).
  void reset();

 private:
  std::unique_ptr<ismcts_detail::Tree<Deal>> tree_;
  int seat_ = -1;
};

// Built-in evaluator, for tests and as a plain player's guess: its prior puts
// `greedy_share` on the greedy policy's move and spreads the rest uniformly over
// the legal moves, and its value is the acting seat's `reward` after a greedy
// playout of the world (with `playout` false it plays none and says 1/2: for a
// search that takes its values from rollouts, value_weight 0).
template <GameDeal Deal>
class GreedyEvaluator final : public Evaluator<Deal> {
 public:
  explicit GreedyEvaluator(double greedy_share = 0.5, Reward reward = Reward::points, bool playout = true)
      : share_(greedy_share), reward_(reward), playout_(playout) {}
  float evaluate(const Deal& world, const MoveList& legal, std::span<float> priors) const override;

 private:
  double share_;
  Reward reward_;
  bool playout_;
};

// Perfect-information Monte Carlo: `worlds` worlds are sampled (uniformly, or
// weighted as the search's are), every legal move is played in each and the world
// played out `playouts` times by the rollout policy; the move with the best mean
// reward over all worlds is chosen. The worlds are the same for every move
// (common random numbers), so moves are compared on equal deals.
//
// With an evaluator (a learned network) it is rollout policy improvement
// (Tesauro & Galperin, "On-line policy improvement using Monte-Carlo search",
// NIPS 1996): only the `top` moves of highest prior are played, each world is
// played out by the evaluator's own choices for every seat (learned_rollout),
// and the prior's first move is kept unless another one's mean reward over the
// same worlds is higher by more than `margin`. Each seat in a rollout chooses
// from its own observation of the world, so a rollout is the network's honest
// play of a deal whose hidden cards the searcher guessed; the comparison is
// paired, so a world's luck, shared by every move, cancels out of it.
struct PimcOptions {
  int worlds = 20;       // >= 1
  int playouts = 1;      // >= 1 a world and move
  Policy rollout = Policy::greedy;
  Reward reward = Reward::points;
  bool weighted = false;
  int candidates = 4;
  double epsilon = 0.1;
  std::uint64_t seed = 0;
  KeepGoing keep_going;  // as IsmctsOptions::keep_going, asked before each world
  // With an evaluator: every rollout step plays its highest-prior move (one
  // evaluation a ply); `rollout` is then unused.
  bool learned_rollout = false;
  // With an evaluator: the moves played, those of highest prior at the root
  // (0: every legal move). The others get no playout (0 visits).
  int top = 0;                    // >= 0
  // With an evaluator: how much higher a move's mean reward must be than the
  // prior's first move's to be played instead (0: the best mean). Rewards lie in
  // [0, 1]; a mean over a few dozen worlds has a paired noise of about a hundredth.
  double margin = 0;              // >= 0
  bool solver = true;             // as IsmctsOptions::solver
  double solver_time = 0.05;
};

// The result reads as an ISMCTS result: `children[i].visits` is the playouts of
// legal move i, `reward` their mean, `prior` the evaluator's prior (0 without
// one); `iterations` the playouts made. Throws RulesError as ismcts() does, and
// for a learned rollout or a `top` without an evaluator. `evaluator` (may be
// null) must outlive the call.
template <GameDeal Deal>
IsmctsResult pimc(const InformationSet<Deal>& info, const PimcOptions& options,
                  const Evaluator<Deal>* evaluator = nullptr);

}  // namespace ganzdy
