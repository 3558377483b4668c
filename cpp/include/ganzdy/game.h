// The engine contract: what every game's deal offers (the GameDeal concept),
// what generic code asks of a game besides its deal (GameTraits<Deal>, one
// specialisation a game, in <game>/traits.h), and the machinery the deals share
// (DealBase, written once).
//
// Generic code -- the search (ISMCTS, playouts), the vector env, the bindings'
// templates -- includes this header and the core headers only, and names a game
// only through its Deal type: a template over `GameDeal D` reads the game's
// policies, rewards, observation and factories from GameTraits<D>. The
// explicit instantiations for a game live in its own folder
// (cpp/src/<game>/instantiate.cpp), so adding a game is adding its folder, its
// line in the registry (ganzdy/games.h, core/games.cpp) and its Game value.
//
// The deal contract (every deal, checked by static_assert(GameDeal<Deal>) in
// each traits.h and wherever generic code takes a deal):
//   rules(), rules_ptr(), players()     the Rules it plays and its seat count
//   current_player(), is_terminal()     whose turn; whether the deal is over
//   hand(seat), table()                 a seat's cards; the combination to beat
//                                       (a pass when leading or outside play)
//   legal_moves(out)                    every legal move into the caller's
//                                       MoveList, cleared first; never throws
//   why_illegal(m), is_legal(m)         one validator: "" when legal
//   push(m)                             checked: IllegalMoveError "<move>:
//                                       <reason>; seat <s>, <rules>", deal unchanged
//   apply(m), pop()                     unchecked make/unmake; never throw
//   copy(), copy_without_history()      a copy sharing the history in O(1); a
//                                       copy that cannot pop past this ply
//   set_keep_history(keep)              apply() keeps undo records (default) or not
//   sample_world(seat, seed)            a determinization for `seat`
//   outcome(), hash()                   the result so far; a hash of the future
//   parse_move(text)                    move text to a legal Move, or
//                                       ParseError / IllegalMoveError /
//                                       AmbiguousMoveError
//   history(), ply(), root_ply()        undo records (history.h); plies played
//                                       since the deal began; plies before the
//                                       first record
//   str()                               the deal for people: a header line,
//                                       the table, one line a seat, the result
#pragma once

#include <array>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ganzdy/core/cards.h"
#include "ganzdy/core/errors.h"
#include "ganzdy/core/history.h"
#include "ganzdy/core/move.h"
#include "ganzdy/core/rules.h"

namespace ganzdy {

// The most seats of any game (Gan Deng Yan and Gouji seat six).
inline constexpr int kMaxSeats = 6;

template <class D>
concept GameDeal = std::copy_constructible<D> &&
    requires(D deal, const D cdeal, const Move& move, MoveList& out, int seat, std::uint64_t seed,
             std::string_view text, bool keep) {
      { cdeal.rules() } -> std::same_as<const Rules&>;
      { cdeal.rules_ptr() } -> std::same_as<const std::shared_ptr<const Rules>&>;
      { cdeal.players() } -> std::same_as<int>;
      { cdeal.current_player() } -> std::same_as<int>;
      { cdeal.is_terminal() } -> std::same_as<bool>;
      { cdeal.hand(seat) } -> std::same_as<const Cards&>;
      { cdeal.table() } -> std::same_as<const Move&>;
      cdeal.legal_moves(out);
      { cdeal.why_illegal(move) } -> std::same_as<std::string>;
      { cdeal.is_legal(move) } -> std::same_as<bool>;
      deal.push(move);
      deal.apply(move);
      deal.pop();
      deal.set_keep_history(keep);
      { deal.copy() } -> std::same_as<D>;
      { cdeal.copy_without_history() } -> std::same_as<D>;
      { cdeal.sample_world(seat, seed) } -> std::same_as<D>;
      cdeal.outcome();
      { cdeal.outcome().points } -> std::convertible_to<std::vector<std::int64_t>>;
      { cdeal.outcome().finish_order } -> std::convertible_to<std::vector<int>>;
      { cdeal.hash() } -> std::same_as<std::uint64_t>;
      { cdeal.parse_move(text) } -> std::same_as<Move>;
      { cdeal.history().size() } -> std::same_as<std::size_t>;
      { cdeal.history().back().move } -> std::convertible_to<Move>;
      { cdeal.ply() } -> std::same_as<int>;
      { cdeal.root_ply() } -> std::same_as<int>;
      { cdeal.str() } -> std::same_as<std::string>;
    };

// What generic code needs of a game beyond its deal. Specialised once per game,
// for its Deal type, in <game>/traits.h; the members (checked by GameTraitsOf):
//   Deal, kGame, kName                  the deal type, its Game, a name for people
//   require(rules)                      `rules`, or RulesError unless they are
//                                       the game's (the deal's own message)
//   players(rules)                      seats
//   seat_after(rules, seat, k)          the seat k places after `seat` in turn order
//   greedy(deal, legal)                 the built-in greedy policy's choice (an index)
//   observation_size(rules),            the imperfect observation of a seat, as
//   observe(deal, seat, out)            the game's encoder writes it
//   rewards(world, kind, out)           each seat's search reward in [0, 1] of a
//                                       finished deal (see ismcts.h)
//   kMoveIds                            moves have a fixed id space: then
//                                       move_index(rules) (id(m), size(), move(id),
//                                       move_from(id, hand)) and why_not_id(deal,
//                                       id); else card-level features, wild_face(deal)
//   kWiden                              the search widens nodes progressively
//   make(rules, seed, dealer)           the deal factory: a deal shuffled from seed
//   episode(rules, seed, env, episode)  the vector env's deal of one episode
//   batch_deal(rules, seed, index,      deal `index` of a playout batch
//              tribute)
//   kCountsBombs, bombs(deal, counted)  the bombs of a played-out deal: counted
//                                       by the playout loop when kCountsBombs
template <class D>
struct GameTraits;

// The search's rewards (ismcts.h): "win", "points" or the mean of the two.
enum class Reward : std::uint8_t { win, points, mixed };

inline double mix_reward(Reward kind, double win, double points) {
  if (kind == Reward::points) return points;
  if (kind == Reward::mixed) return 0.5 * (win + points);
  return win;
}

// The rewards of a team game whose teams alternate seats (team = seat & 1): win
// is 1 for the winning team's seats (1/2 each when no team won: a tie, a void
// hand), points the seat's points squashed by `scale` (no points: 0).
inline void team_rewards(int players, int winning_team, const std::vector<std::int64_t>& points, double scale,
                         Reward kind, std::array<double, kMaxSeats>& out) {
  for (int s = 0; s < players; ++s) {
    const double win = winning_team < 0 ? 0.5 : ((s & 1) == winning_team ? 1.0 : 0.0);
    const double p = points.empty() ? 0.0 : static_cast<double>(points[static_cast<std::size_t>(s)]);
    out[static_cast<std::size_t>(s)] = mix_reward(kind, win, 0.5 + 0.5 * std::tanh(p / scale));
  }
}

template <class T>
concept GameTraitsOf =
    GameDeal<typename T::Deal> &&
    requires(const Rules& rules, const std::shared_ptr<const Rules>& shared, const typename T::Deal& deal,
             const MoveList& legal, int seat, std::uint64_t seed, float* out, std::array<double, kMaxSeats>& rewards) {
      { T::kGame } -> std::convertible_to<Game>;
      { T::kName } -> std::convertible_to<std::string_view>;
      { T::kMoveIds } -> std::convertible_to<bool>;
      { T::kWiden } -> std::convertible_to<bool>;
      { T::kCountsBombs } -> std::convertible_to<bool>;
      { T::require(shared) } -> std::same_as<const std::shared_ptr<const Rules>&>;
      { T::players(rules) } -> std::same_as<int>;
      { T::seat_after(rules, seat, seat) } -> std::same_as<int>;
      { T::greedy(deal, legal) } -> std::same_as<int>;
      { T::observation_size(rules) } -> std::same_as<int>;
      T::observe(deal, seat, out);
      T::rewards(deal, Reward::points, rewards);
      { T::make(shared, seed, seat) } -> std::same_as<typename T::Deal>;
      { T::episode(shared, seed, std::size_t{0}, std::int64_t{0}) } -> std::same_as<typename T::Deal>;
      { T::batch_deal(shared, seed, std::size_t{0}, true) } -> std::same_as<typename T::Deal>;
      { T::bombs(deal, seat) } -> std::same_as<int>;
    } &&
    (T::kMoveIds ? requires(const Rules& rules, const typename T::Deal& deal, const Move& move) {
      { T::move_index(rules).id(move) } -> std::same_as<std::int32_t>;
      { T::move_index(rules).size() } -> std::same_as<std::int32_t>;
      { T::why_not_id(deal, std::int64_t{0}) } -> std::same_as<std::string>;
    } : requires(const typename T::Deal& deal) {
      { T::wild_face(deal) } -> std::same_as<int>;
    });

// What every deal keeps the same way, written once: its Rules, its undo
// history (history.h) with root_ply and keep_history, the plies played, copy()
// (the history shared in constant time), is_legal, and push(), which validates
// through the deal's own why_illegal and throws IllegalMoveError in the one
// message format "<move>: <reason>; seat <s>, <rules>". A deal derives from
// DealBase<Deal, Ply> (CRTP: no virtual call, everything inlines) and provides
// why_illegal, current_player and apply; `Ply` is its undo record, with a
// `move` member.
template <class Derived, class Ply>
class DealBase {
 public:
  const Rules& rules() const { return *rules_; }
  const std::shared_ptr<const Rules>& rules_ptr() const { return rules_; }
  // The plies that can be undone, oldest first; a copy without history starts
  // with none, at ply root_ply().
  const History<Ply>& history() const { return history_; }
  int root_ply() const { return root_ply_; }
  // Plies played since the deal began.
  int ply() const { return root_ply_ + static_cast<int>(history_.size()); }
  // Whether apply() keeps what pop() needs (the default). Playouts that never
  // undo turn it off: plies then count in root_ply() and cannot be popped.
  void set_keep_history(bool keep) { keep_history_ = keep; }

  bool is_legal(const Move& move) const { return derived().why_illegal(move).empty(); }

  // Checked: throws IllegalMoveError (quoting the move, the reason, the seat and
  // the rules) and leaves the deal unchanged.
  void push(const Move& move) {
    const std::string why = derived().why_illegal(move);
    if (!why.empty()) throw IllegalMoveError(illegal_move_message(move, why));
    derived().apply(move);
  }

  // A copy with the whole history, in constant time: the plies so far become
  // shared with the copy (history.h), which is why this is not const. The copy
  // constructor gives the same deal but copies the plies pushed since the last
  // copy().
  Derived copy() {
    history_.share();
    return Derived(derived());
  }

 protected:
  explicit DealBase(std::shared_ptr<const Rules> rules) : rules_(std::move(rules)) {}
  // For a copy without history: `other`'s rules, no plies, `root_ply` plies before.
  DealBase(const DealBase& other, int root_ply, bool keep_history)
      : rules_(other.rules_), root_ply_(root_ply), keep_history_(keep_history) {}

  // "<move>: <why>; seat <s>, <rules>": the message of every IllegalMoveError
  // about a move of the seat to act.
  std::string illegal_move_message(const Move& move, const std::string& why) const {
    return move.str() + ": " + why + "; seat " + std::to_string(derived().current_player()) + ", " +
           rules_->describe();
  }

  std::shared_ptr<const Rules> rules_;
  int root_ply_ = 0;  // plies before the first entry of history_
  bool keep_history_ = true;
  History<Ply> history_;

 private:
  const Derived& derived() const { return static_cast<const Derived&>(*this); }
  Derived& derived() { return static_cast<Derived&>(*this); }
};

}  // namespace ganzdy
