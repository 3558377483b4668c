// What batch self-play shares across games: the built-in policies' names, the
// seed of each deal of a batch, the uniform choice, the batch's results and the
// loop that spreads a batch over threads.
//
// Determinism: deal i of a batch is made from deal_seed(seed, i) alone, so a
// batch's results never depend on the thread count or the scheduling.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include <string>

#include "ganzdy/core/errors.h"
#include "ganzdy/core/move.h"
#include "ganzdy/core/random.h"

namespace ganzdy {

// The most seats of any game (Gan Deng Yan and Gouji seat six).
inline constexpr int kMaxSeats = 6;

enum class Policy : std::uint8_t { random, greedy };

// "random" or "greedy"; throws RulesError naming the known policies otherwise.
Policy parse_policy(std::string_view name);

// The seed of deal `index` of a batch seeded `seed` (SplitMix64 of the pair).
std::uint64_t deal_seed(std::uint64_t seed, std::uint64_t index);

// Salt of the generator a playout's random policies draw from: Random(seed ^ kPolicySalt)
// for a deal shuffled from `seed`, so the policies never replay the shuffle's stream.
inline constexpr std::uint64_t kPolicySalt = 0xA0761D6478BD642FULL;

// Every loop that picks from the legal moves of a deal not over calls this first.
// A deal's own play never leaves the seat to act without a move (a stuck leader
// is passed over), but a position built by hand or a world sampled wrongly can,
// and indexing an empty list is undefined behaviour, not an error: throws
// GanzdyError naming the seat and ply instead.
template <class Deal>
inline void require_moves(const Deal& deal, const MoveList& legal) {
  if (legal.empty()) [[unlikely]]
    throw GanzdyError("seat " + std::to_string(deal.current_player()) + " has no legal move at ply " +
                      std::to_string(deal.ply()) + " of a deal that is not over (" + deal.rules().describe() +
                      "): no real deal reaches this position");
}

// Uniform over `legal` (non-empty).
inline int random_choice(Random& rng, const MoveList& legal) {
  assert(!legal.empty());
  return static_cast<int>(rng.below(legal.size()));
}

// Plays `deal` (of any game) to its end: the seat to act follows policies[seat %
// policies.size()], greedy(deal, legal) choosing for the greedy policy and `rng` for
// the random one, and moved(move) hears each move before it is applied. Returns the
// plies played. `Seats` bounds the seats of the game.
template <std::size_t Seats, class Deal, class Greedy, class Moved>
int play_to_end(Deal& deal, const std::vector<Policy>& policies, Random& rng, Greedy&& greedy, Moved&& moved) {
  thread_local MoveList legal;          // grown once per thread, not once per deal
  std::array<Policy, Seats> policy_of{};  // each seat's policy, looked up once
  for (std::size_t s = 0; s < Seats; ++s) policy_of[s] = policies[s % policies.size()];
  int plies = 0;
  while (!deal.is_terminal()) {
    deal.legal_moves(legal);
    require_moves(deal, legal);
    const Policy policy = policy_of[static_cast<std::size_t>(deal.current_player())];
    const int choice = policy == Policy::greedy ? greedy(deal, legal) : random_choice(rng, legal);
    const Move& move = legal[static_cast<std::size_t>(choice)];
    moved(move);
    deal.apply(move);
    ++plies;
  }
  return plies;
}

// The results of a batch, one row per deal.
struct PlayoutBatch {
  int players = 0;
  std::vector<std::int64_t> points;  // deals x players, row-major
  std::vector<std::int8_t> winner;   // the first seat out; -1 for a drawn deal
  std::vector<std::int32_t> plies;   // decisions, passes (and Guandan's tribute choices) included
  std::vector<std::int32_t> bombs;   // bombs played
};

// A batch of `deals` deals of `players` seats with every column sized and zeroed.
PlayoutBatch empty_batch(std::int64_t deals, int players);

// Calls play(i) for every deal i of [0, count) on `threads` threads (<= 0: every
// hardware thread), handing out deals in small chunks. play must be safe to run
// concurrently for different i.
void for_each_deal(std::size_t count, int threads, const std::function<void(std::size_t)>& play);

// A batch of a game whose deals end with a finishing order (Guandan, Gouji): deal i
// is make(deal_seed(seed, i)), played without history by play(deal, rng, bombs)
// (returning its plies) with rng = Random(deal seed ^ kPolicySalt); its row holds
// the outcome's points, the first seat out (-1 when nobody went out) and the bombs.
template <int Players, class Make, class Play>
PlayoutBatch finishing_batch(std::int64_t deals, std::uint64_t seed, int threads, Make&& make, Play&& play) {
  PlayoutBatch batch = empty_batch(deals, Players);
  for_each_deal(batch.winner.size(), threads, [&](std::size_t i) {
    const std::uint64_t s = deal_seed(seed, i);
    auto deal = make(s);
    deal.set_keep_history(false);
    Random rng(s ^ kPolicySalt);
    int bombs = 0;
    batch.plies[i] = play(deal, rng, bombs);
    const auto o = deal.outcome();
    batch.winner[i] = static_cast<std::int8_t>(o.finish_order.empty() ? -1 : o.finish_order.front());
    batch.bombs[i] = bombs;
    std::copy(o.points.begin(), o.points.end(), batch.points.begin() + static_cast<std::ptrdiff_t>(i * Players));
  });
  return batch;
}

}  // namespace ganzdy
