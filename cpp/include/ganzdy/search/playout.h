// Batch self-play, once for every game: the built-in policies' names, the seed
// of each deal of a batch, the uniform choice, the loop that plays a deal to its
// end, the batch's results and the loop that spreads a batch over threads.
// Generic over the deal contract (game.h): a game's batch deals, greedy policy
// and bomb count come from its GameTraits, and each game instantiates
// playouts<Deal> in its folder (cpp/src/<game>/instantiate.cpp).
//
// Determinism: deal i of a batch is made from deal_seed(seed, i) alone, so a
// batch's results never depend on the thread count or the scheduling.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include <string>

#include "ganzdy/core/errors.h"
#include "ganzdy/core/move.h"
#include "ganzdy/core/random.h"
#include "ganzdy/game.h"

namespace ganzdy {

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
// the random one, and moved(move) hears each move before it is applied. `legal` is
// the caller's move buffer (reused: a buffer per thread, not per deal). Returns
// the plies played. `Seats` bounds the seats of the game.
template <std::size_t Seats, class Deal, class Greedy, class Moved>
[[gnu::noinline]] int play_to_end(Deal& deal, const std::vector<Policy>& policies, Random& rng, Greedy&& greedy, Moved&& moved,
                MoveList& legal) {
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

// Asked between chunks of deals on the thread that started a batch; false stops
// the batch early (for Ctrl-C: the bindings poll Python's signal handlers here).
// Empty: the batch runs to its end.
using KeepGoing = std::function<bool()>;

// Calls play(i) for every deal i of [0, count) on `threads` threads (<= 0: every
// hardware thread), the calling thread one of them, handing out deals in small
// chunks. play must be safe to run concurrently for different i. Once keep_going
// answers false no new chunk starts, so some deals are left unplayed; every worker
// is joined before it returns.
void for_each_deal(std::size_t count, int threads, const std::function<void(std::size_t)>& play,
                   const KeepGoing& keep_going = {});

// Plays `deal` to its end with the built-in policies (seat s follows
// policies[s % policies.size()]), drawing from `rng`; adds the bombs played to
// `bombs` when given. Returns the plies played.
template <GameDeal D>
int playout(D& deal, const std::vector<Policy>& policies, Random& rng, int* bombs = nullptr) {
  // A thread-local of a shared library is found by a call (__tls_get_addr) that
  // GCC repeats after every call in a loop rather than keep the address: find it
  // once here and hand it to the loop, kept out of line, as a plain reference.
  thread_local MoveList per_thread;  // grown once per thread, not once per deal
  MoveList& legal = per_thread;
  const auto greedy = [](const D& d, const MoveList& moves) { return GameTraits<D>::greedy(d, moves); };
  if (bombs == nullptr) return play_to_end<kMaxSeats>(deal, policies, rng, greedy, [](const Move&) {}, legal);
  return play_to_end<kMaxSeats>(
      deal, policies, rng, greedy,
      [bombs](const Move& move) {
        if (move.is_bomb()) ++*bombs;
      },
      legal);
}

// Plays `deals` deals of `rules` (D's game): deal i is GameTraits<D>::batch_deal(
// rules, deal_seed(seed, i), i, tribute), played without history, its random
// policies drawing from Random(deal seed ^ kPolicySalt); its row holds the
// outcome's points, the first seat out (-1 when nobody went out: a drawn or
// void deal) and the bombs played. `threads` <= 0: every hardware thread.
// keep_going as for for_each_deal. Throws RulesError for another game's rules.
template <GameDeal D>
PlayoutBatch playouts(const std::shared_ptr<const Rules>& rules, std::int64_t deals,
                      const std::vector<Policy>& policies, std::uint64_t seed, int threads, bool tribute,
                      const KeepGoing& keep_going = {}) {
  using Traits = GameTraits<D>;
  Traits::require(rules);
  const int players = Traits::players(*rules);
  PlayoutBatch batch = empty_batch(deals, players);
  for_each_deal(batch.winner.size(), threads, [&](std::size_t i) {
    const std::uint64_t s = deal_seed(seed, i);
    D deal = Traits::batch_deal(rules, s, i, tribute);
    deal.set_keep_history(false);
    Random rng(s ^ kPolicySalt);
    int counted = 0;
    batch.plies[i] = playout(deal, policies, rng, Traits::kCountsBombs ? &counted : nullptr);
    const auto o = deal.outcome();
    batch.winner[i] = static_cast<std::int8_t>(o.finish_order.empty() ? -1 : o.finish_order.front());
    batch.bombs[i] = Traits::bombs(deal, counted);
    std::copy(o.points.begin(), o.points.end(), batch.points.begin() + static_cast<std::ptrdiff_t>(i * players));
  }, keep_going);
  return batch;
}

}  // namespace ganzdy
