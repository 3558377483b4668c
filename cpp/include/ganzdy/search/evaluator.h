// What a search may ask a learned model about one position: a prior over the legal
// moves of the seat to act and the value of the position to that seat.
//
// The ISMCTS (search/ismcts.h) takes an optional Evaluator: with one, it selects by
// PUCT (the prior weighs the exploration term) and may stop a descent at a new node
// and back up the evaluator's value instead of playing the world out. The learned
// agents' network (rl/network.h) is one Evaluator; a researcher's own model is
// another (Python callables are wrapped as one in the bindings).
//
// Contract:
//   - evaluate() reads only what the seat to act may know: its observation
//     (GameTraits<Deal>::observation of world for that seat) and its legal moves.
//     It is called on determinizations, whose hidden cards are guesses; a value or
//     prior that read another seat's hand would make the search cheat.
//   - `legal` is exactly the seat's legal moves in the order Deal::legal_moves
//     gives them; priors.size() == legal.size(). It writes priors[i] >= 0 with
//     sum 1 (the probability of playing legal[i]) and returns the value to the seat
//     to act, on the search's reward scale: the "points" reward of ismcts.h, in
//     [0, 1] (team games: its team's).
//   - It may be called from several search threads at once: an implementation is
//     safe for concurrent const calls (it keeps per-call scratch on the stack or
//     per thread).
#pragma once

#include <span>

#include "ganzdy/core/move.h"
#include "ganzdy/game.h"

namespace ganzdy {

template <GameDeal Deal>
class Evaluator {
 public:
  virtual ~Evaluator() = default;

  // `world` is not terminal and `legal` is not empty.
  virtual float evaluate(const Deal& world, const MoveList& legal, std::span<float> priors) const = 0;
};

}  // namespace ganzdy
