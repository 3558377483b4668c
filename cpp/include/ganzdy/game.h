// The engine contract: what every game's deal offers (the GameDeal concept),
// what generic code asks of a game besides its deal (GameTraits<Deal>, one
// specialisation a game, in <game>/traits.h), and the machinery the deals share
// (DealBase, written once: a deal keeps only its game, behind DealBase's hooks).
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
//                                       (keep_history as it was)
//   set_keep_history(keep)              apply() keeps undo records (default) or not
//   sample_world(seat, seed)            a determinization for `seat`
//   outcome(), hash()                   the result so far; a hash of the future
//   parse_move(text)                    move text to a legal Move, or
//                                       ParseError / IllegalMoveError /
//                                       AmbiguousMoveError
//   history(), ply(), root_ply()        undo records (PlyRecord, history.h);
//                                       plies played since the deal began;
//                                       plies before the first record
//   str()                               the deal for people: a header line,
//                                       the table, one line a seat, the result
#pragma once

#include <array>
#include <cassert>
#include <cctype>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ganzdy/core/cards.h"
#include "ganzdy/core/errors.h"
#include "ganzdy/core/history.h"
#include "ganzdy/core/move.h"
#include "ganzdy/core/random.h"
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
//   kObservationVersion,                the imperfect observation of a seat, as
//   observation_size(rules),            the game's encoder writes it: its layout
//   observation_layout(rules, perfect), version, size, named slices (perfect: the
//   observe(deal, seat, out)            oracle's, every hand too)
//   rewards(world, kind, out)           each seat's search reward in [0, 1] of a
//                                       finished deal (see ismcts.h)
//   kMoveIds                            moves have a fixed id space: then
//                                       move_index(rules) (id(m), size(), move(id),
//                                       move_from(id, hand)) and why_not_id(deal,
//                                       id); else card-level features, wild_face(deal)
//   kWiden                              the search widens nodes progressively
//   kPriorTemperature                   the search's default temperature of a
//                                       network's prior (rl/network.h)
//   kEvaluatorSearch                    the search's settings with an evaluator
//                                       that the caller leaves to the game
//   make(rules, seed, dealer)           the deal factory: a deal shuffled from seed
//   episode(rules, seed, env, episode)  the vector env's deal of one episode
//   batch_deal(rules, seed, index,      deal `index` of a playout batch
//              tribute)
//   kCountsBombs, bombs(deal, counted)  the bombs of a played-out deal: counted
//                                       by the playout loop when kCountsBombs
template <class D>
struct GameTraits;

// The search's settings with an evaluator that a caller leaves unset
// (IsmctsOptions' value_weight, own_greedy and others_greedy, and Root::automatic):
// per game, the ones that played strongest with its shipped network. They differ
// because the networks do: Gan Deng Yan's values guide the search, Guandan's and
// Gouji's mislead it, and in Guandan greedy's prior spread by the network beat the
// network's prior alone (docs/search.md has the measurements).
struct EvaluatorSearch {
  double value_weight;   // the evaluator's share of a new leaf's value, the rest a rollout's
  bool puct_root;        // the root selects by PUCT; false: Gumbel sequential halving
  double own_greedy;     // the share of the searching seat's prior moved onto greedy's move
  double others_greedy;  // the same at the other seats' nodes
};

// The search's rewards (ismcts.h): "win", "points", the mean of the two, or "rank".
enum class Reward : std::uint8_t { win, points, mixed, rank };

// A seat's reward of `kind` from its win and squashed points. "rank" is the share of
// the arena's pairwise games the seat won; in the team games that is its team's win
// (the arena counts a hand as one game between the teams), so it is `win` here, and
// Gan Deng Yan, whose rank also orders the losers, computes its own.
inline double mix_reward(Reward kind, double win, double points) {
  if (kind == Reward::points) return points;
  if (kind == Reward::mixed) return 0.5 * (win + points);
  return win;
}

// The rewards of a team game whose teams alternate seats (team = seat & 1): win
// is 1 for the winning team's seats (1/2 each when no team won: a tie, a void
// hand), points its team's points squashed by `scale`, 0.5 + 0.5 * tanh(points /
// scale) (no points: 1/2). `team_points[t]` is team t's total: what the game
// scores and what a learned network is trained on (python/ganzdy/train/reward.py).
// Guandan's per-seat points already are its team's levels; Gouji's per-seat points
// are each seat's share, which can disagree with its team's in sign (a seat that
// went out last on a team that won), so Gouji passes its outcome's team_points.
inline void team_rewards(int players, int winning_team, const std::array<std::int64_t, 2>& team_points,
                         double scale, Reward kind, std::array<double, kMaxSeats>& out) {
  for (int s = 0; s < players; ++s) {
    const double win = winning_team < 0 ? 0.5 : ((s & 1) == winning_team ? 1.0 : 0.0);
    const double p = static_cast<double>(team_points[static_cast<std::size_t>(s & 1)]);
    out[static_cast<std::size_t>(s)] = mix_reward(kind, win, 0.5 + 0.5 * std::tanh(p / scale));
  }
}

// As above for a game whose per-seat `points` are already its team's (Guandan's
// levels): team t's points are those of its first seat (no points: 0 each).
inline void team_rewards(int players, int winning_team, const std::vector<std::int64_t>& points, double scale,
                         Reward kind, std::array<double, kMaxSeats>& out) {
  std::array<std::int64_t, 2> team_points{0, 0};
  if (points.size() >= 2) team_points = {points[0], points[1]};
  team_rewards(players, winning_team, team_points, scale, kind, out);
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
      { T::kPriorTemperature } -> std::convertible_to<double>;
      { T::kEvaluatorSearch } -> std::convertible_to<EvaluatorSearch>;
      { T::require(shared) } -> std::same_as<const std::shared_ptr<const Rules>&>;
      { T::players(rules) } -> std::same_as<int>;
      { T::seat_after(rules, seat, seat) } -> std::same_as<int>;
      { T::greedy(deal, legal) } -> std::same_as<int>;
      { T::kObservationVersion } -> std::convertible_to<int>;
      { T::observation_size(rules) } -> std::same_as<int>;
      { T::observation_layout(rules, true).size() } -> std::convertible_to<std::size_t>;
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

// The deck in its unshuffled order: each face rules.packs() times, face by face.
inline std::vector<Face> ordered_deck(const Rules& rules) {
  const int packs = rules.packs();
  std::vector<Face> deck(static_cast<std::size_t>(kNumFaces * packs));
  // One loop with a copy counter: every deal starts here, and a division per card
  // (or a memset per face, which GCC makes of a nested loop) costs more.
  int face = 0, copies = 0;
  for (Face& card : deck) {
    card = static_cast<Face>(face);
    if (++copies == packs) {
      copies = 0;
      ++face;
    }
  }
  return deck;
}

// Throws DeckError unless `deck` is exactly the rules' deck in some order.
inline void check_deck_order(const Rules& rules, const std::vector<Face>& deck) {
  Cards given;
  const Cards full = rules.deck();
  for (Face f : deck) {
    if (f >= kNumFaces) throw DeckError("deck order holds an unknown face index " + std::to_string(f));
    if (given.count(f) >= full.count(f))
      throw DeckError("deck order has more than " + std::to_string(full.count(f)) + " x " + face_name(f) + " for " +
                      rules.describe());
    given.add(f);
  }
  if (given != full) {
    const Cards missing = full - given;
    throw DeckError("deck order has " + std::to_string(deck.size()) + " cards but " + rules.describe() + " uses " +
                    std::to_string(full.size()) + "; missing: " + missing.str());
  }
}

// Folds `v` into the hash `h` (boost's hash_combine, widened to 64 bits).
inline void mix_hash(std::uint64_t& h, std::uint64_t v) { h ^= v + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2); }

// Move text without the blanks around it.
inline std::string_view trim_move_text(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// One ply of a deal's undo history: the move, the seat that made it, and the
// deal's scalar state (its Info) just before it. pop() restores `before` whole;
// the game undoes the rest (cards that moved) from the move and `before`.
template <class Info>
struct PlyRecord {
  Move move;
  std::int8_t seat;
  Info before;
};

// What every deal keeps and does the same way, written once. A deal derives
// from DealBase<Deal, Config, Info, Seats> (CRTP: no virtual call, everything
// inlines) and so holds:
//   - its Rules and its game's typed Config (cached: hot paths read cfg_);
//   - the deck order (shared by copies), its seed if it was shuffled from one;
//   - the seats' hands and hand sizes (Seats of them, the game's most), the
//     cards played, and Info: the scalar state, saved whole before each ply,
//     which has at least `current` (the seat to act), `table` (the combination
//     to beat) and `table_owner`;
//   - the undo history (history.h) of PlyRecord<Info>, root_ply and
//     keep_history.
// It writes the contract's machinery over them: the accessors, push() (checked
// through the deal's own why_illegal, throwing IllegalMoveError in the one
// message format "<move>: <reason>; seat <s>, <rules>"), apply()/pop() (the
// undo record kept or not, root_ply, the invariant checks), copy() and
// copy_without_history(), hash() over the common state, and str()'s frame.
//
// The deal provides the game, as members DealBase may call (it befriends it):
//   is_terminal(), players(), why_illegal(move)   as in the contract
//   advance(move)         plays a legal move for the seat to act, no history
//   undo(ply)             puts back what `ply` moved (cards, payments, ...);
//                         Info is restored after it, so it reads the state
//                         after the ply in info_ and before it in ply.before
//   Deal(other, WithoutHistory)   copies its own members, and the base with
//                         DealBase(other, WithoutHistory{})
//   kHashSeed, hash_rest(h)       the hash's start, and what it mixes after the
//                         hands, the played cards and the table
//   str_header(), str_seat(s), str_result()   str()'s parts (and, when the
//                         table move needs a note, str_table_note())
//   invariant_violation() or assert_invariants()   what check_invariants() runs
//                         when NDEBUG is not defined
template <class Derived, class Config, class Info, int Seats>
class DealBase {
 public:
  using Ply = PlyRecord<Info>;

  const Rules& rules() const { return *rules_; }
  const std::shared_ptr<const Rules>& rules_ptr() const { return rules_; }
  const Config& config() const { return *cfg_; }
  // Whether the deck was shuffled from a seed (else given, sampled or a position).
  bool has_seed() const { return has_seed_; }
  std::uint64_t seed() const { return seed_; }
  // The deck order, top card first.
  const std::vector<Face>& deck() const { return *deck_; }

  int current_player() const { return info_.current; }
  const Cards& hand(int seat) const { return hands_[static_cast<std::size_t>(seat)]; }
  int hand_size(int seat) const { return hand_sizes_[static_cast<std::size_t>(seat)]; }
  // Every card played so far.
  const Cards& played() const { return played_; }
  const Move& table() const { return info_.table; }
  int table_owner() const { return info_.table_owner; }
  const Info& info() const { return info_; }

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

  // Unchecked fast path for search: `move` must be legal. Inline, so a playout
  // loop calls the game's advance() directly; the recorded path is out of line.
  void apply(const Move& move) {
    assert(!derived().is_terminal());
    assert(move.length == move.cards.size());
    if (keep_history_) {
      apply_recorded(move);
      return;
    }
    derived().advance(move);
    ++root_ply_;  // played, but not undoable: as in a copy without history
    check_invariants();
  }

  // The unchecked path at the engine's edge (each game's apply_guarded): legality
  // may be skipped, never what keeps a record true. A deal that is over takes no
  // move; a play must be a pass on a table to answer, or cards the hand holds that
  // form a combination of the game: `why_not_combination(move)` is empty when they
  // do, else why not. The seat is named only in a refusal's message.
  template <class WhyNot>
  void apply_play_guarded(const Move& move, WhyNot&& why_not_combination) {
    refuse_when_over(move);
    if (move.is_pass()) {
      if (info_.table.is_pass()) throw IllegalMoveError("pass: the leader may not pass" + seat_note());
    } else {
      const Cards& held = hand(info_.current);
      if (!held.contains(move.cards) || move.length != move.cards.size() || move.cards.empty())
        throw IllegalMoveError(move.str() + ": the hand " + held.str() + " does not hold these cards" + seat_note());
      const std::string why = why_not_combination(move);
      if (!why.empty()) throw IllegalMoveError(move.str() + ": " + why + seat_note());
    }
    apply(move);
  }
  // The same edge for the moves it always checks (decisions outside play, which are
  // few and cheap): why_illegal() in full.
  void apply_checked_guarded(const Move& move) {
    refuse_when_over(move);
    const std::string why = derived().why_illegal(move);
    if (!why.empty()) throw IllegalMoveError(move.str() + ": " + why + seat_note());
    apply(move);
  }

  // Undoes the last push/apply. The history must not be empty.
  void pop() {
    assert(!history_.empty());
    const Ply ply = history_.back();
    history_.pop_back();
    derived().undo(ply);
    info_ = ply.before;
    assert(info_.current == ply.seat);
    check_invariants();
  }

  // A copy with the whole history, in constant time: the plies so far become
  // shared with the copy (history.h), which is why this is not const. The copy
  // constructor gives the same deal but copies the plies pushed since the last
  // copy().
  Derived copy() {
    history_.share();
    return Derived(derived());
  }

  // A copy that plays on but cannot pop() past this ply (nor be recorded from
  // the start): the cheap copy a search makes of the position it explores. It
  // keeps everything else, keep_history included.
  Derived copy_without_history() const { return Derived(derived(), WithoutHistory{}); }

  // A hash of everything that decides the future of the deal: the hands, the
  // cards played and the table, then what the game adds (hash_rest).
  std::uint64_t hash() const {
    std::uint64_t h = Derived::kHashSeed;
    for (int s = 0; s < derived().players(); ++s) mix_hash(h, hand(s).hash());
    mix_hash(h, played_.hash());
    mix_hash(h, info_.table.hash());
    derived().hash_rest(h);
    return h;
  }

  // The deal for people (Python's str()): the game's header lines (the rules
  // and what the whole table sees), the table move, one line a seat ("> "
  // marks the seat to act) with its hand, and the result once over; every line
  // ends in "\n".
  std::string str() const {
    const Derived& d = derived();
    std::string out = d.str_header();
    out += "table: ";
    out += info_.table.is_pass() ? std::string("(lead)")
                                 : info_.table.str() + " by seat " + std::to_string(info_.table_owner);
    out += d.str_table_note();
    out += "\n";
    for (int s = 0; s < d.players(); ++s) {
      out += (s == info_.current && !d.is_terminal()) ? "> " : "  ";
      out += d.str_seat(s);
      out += "\n";
    }
    if (d.is_terminal()) out += d.str_result();
    return out;
  }

  // A sampled world's past, built when asked. A world sampled from a deal that
  // keeps its past (Guandan and Gouji: sample_world) keeps only the public moves
  // that led to it, its hidden choices blanked, and its own setup; restore_past()
  // deals the world's own deck, replays those moves on it through the checked
  // push (each hidden choice the world's own), then the moves the world has made
  // since, and becomes the result: the same deal (hash, hands, legal moves), now
  // with its whole history (root_ply() 0), so it records, pickles and undoes to
  // ply 0 as itself. Only what reads the past asks (the bindings' history,
  // root_ply, pop, deck and setup), so a search's worlds never pay for it. A
  // world that played on without keeping its history has no past to build and
  // stays as it is. Gan Deng Yan's worlds keep the deal's history (all public)
  // and build only their deck below the stock here (complete_deck).
  bool past_pending() const {
    if constexpr (requires { derived().deck_pending(); })
      if (derived().deck_pending()) return true;
    return past_ != nullptr;
  }
  void restore_past() {
    // Gan Deng Yan's worlds keep the history and build only their deck.
    if constexpr (requires(Derived& d) { d.complete_deck(); }) derived().complete_deck();
    if (!past_) return;
    std::shared_ptr<const std::vector<Move>> past = std::move(past_);
    past_.reset();
    // Back to the ply the world was sampled at: its hands then deal its deck.
    Derived at_root(derived());
    at_root.past_.reset();
    while (!at_root.history_.empty()) at_root.pop();
    if (at_root.root_ply_ != static_cast<int>(past->size())) return;
    std::optional<Derived> replayed;
    if constexpr (requires { at_root.replay_past(*past); }) replayed = at_root.replay_past(*past);
    if (!replayed) return;
    bool same = true;
    history_.for_each([&](const Ply& p) {
      if (same && replayed->why_illegal(p.move).empty())
        replayed->apply(p.move);
      else
        same = false;
    });
    same = same && replayed->ply() == ply() && replayed->hash() == hash();
    assert(same);
    if (!same) return;
    replayed->keep_history_ = keep_history_;
    derived() = std::move(*replayed);
  }

  // Asserts the deal's invariants (cards conserved, hand sizes, who may act);
  // nothing at all when NDEBUG is defined, as in release builds.
  void check_invariants() const {
#ifndef NDEBUG
    derived().assert_invariants();
#endif
  }

 protected:
  struct WithoutHistory {};

  // A deal of `rules`, already checked to be the game's, whose typed options
  // are config_of(rules); the derived constructor then sets the deck.
  DealBase(std::shared_ptr<const Rules> rules, const Config& (*config_of)(const Rules&))
      : rules_(std::move(rules)), cfg_(&config_of(*rules_)) {}
  // Everything of `other` but its history: the plies so far count in root_ply.
  DealBase(const DealBase& other, WithoutHistory)
      : rules_(other.rules_),
        root_ply_(other.ply()),
        keep_history_(other.keep_history_),
        cfg_(other.cfg_),
        deck_(other.deck_),
        seed_(other.seed_),
        has_seed_(other.has_seed_),
        hands_(other.hands_),
        hand_sizes_(other.hand_sizes_),
        played_(other.played_),
        info_(other.info_) {}

  // Shuffles the rules' deck from `seed` (SplitMix64, random.h) and keeps it;
  // returns the generator, for the game's further draws.
  Random shuffle_deck(std::uint64_t seed) {
    auto deck = ordered_deck(*rules_);
    Random rng(seed);
    rng.shuffle(deck.data(), deck.size());
    deck_ = std::make_shared<const std::vector<Face>>(std::move(deck));
    seed_ = seed;
    has_seed_ = true;
    return rng;
  }
  // Keeps `deck` as the deck order; DeckError unless it is the rules' deck.
  void keep_deck(std::vector<Face> deck) {
    check_deck_order(*rules_, deck);
    deck_ = std::make_shared<const std::vector<Face>>(std::move(deck));
  }

  // Takes `move`'s cards from `seat`'s hand onto the played pile; take_back()
  // returns them.
  void lay_down(int seat, const Move& move) {
    const auto s = static_cast<std::size_t>(seat);
    hands_[s] -= move.cards;
    hand_sizes_[s] -= move.length;
    played_ += move.cards;
  }
  void take_back(int seat, const Move& move) {
    const auto s = static_cast<std::size_t>(seat);
    hands_[s] += move.cards;
    hand_sizes_[s] += move.length;
    played_ -= move.cards;
  }
  // Hands one card, `face`, from seat `from` to seat `to` (a tribute, a return,
  // a purchase).
  void transfer(int from, int to, int face) {
    hands_[static_cast<std::size_t>(from)].remove(face);
    hands_[static_cast<std::size_t>(to)].add(face);
    --hand_sizes_[static_cast<std::size_t>(from)];
    ++hand_sizes_[static_cast<std::size_t>(to)];
  }

  // The start of a sampled world: a copy without history or seed.
  Derived world_shell() const {
    Derived world = copy_without_history();
    world.has_seed_ = false;
    world.seed_ = 0;
    return world;
  }

  // The start of a sampled world that keeps this deal's past: a copy with the
  // history (shared, so copying the world again costs O(1)) and no seed. For a
  // game whose undo records hold nothing hidden, once the world has a deck of its
  // own that deals its hands and draws what the history drew, the world is a deal
  // like any other: it records, pickles and undoes to ply 0 as itself.
  Derived world_with_history() const {
    Derived world(derived());
    world.has_seed_ = false;
    world.seed_ = 0;
    world.history_.share();
    return world;
  }

  // The past of a world sampled from this deal: its public moves, each as
  // `public_move(ply)` gives it (hidden choices blanked), shared with this deal
  // when it is itself a world that has not played on; null when this deal does not
  // know its past (a copy without history, a position, a world that played on
  // without keeping its history).
  template <class Public>
  std::shared_ptr<const std::vector<Move>> past_for_world(Public&& public_move) const {
    if (past_ && static_cast<int>(past_->size()) != root_ply_) return nullptr;
    if (!past_ && root_ply_ != 0) return nullptr;
    if (past_ && history_.empty()) return past_;
    auto moves = std::make_shared<std::vector<Move>>();
    moves->reserve(static_cast<std::size_t>(ply()));
    if (past_) *moves = *past_;
    history_.for_each([&](const Ply& p) { moves->push_back(public_move(p)); });
    return moves;
  }

  // "<move>: <why>; seat <s>, <rules>": the message of every IllegalMoveError
  // about a move of the seat to act.
  std::string illegal_move_message(const Move& move, const std::string& why) const {
    return move.str() + ": " + why + where();
  }
  void refuse_when_over(const Move& move) const {
    if (derived().is_terminal()) throw IllegalMoveError(move.str() + ": the deal is over");
  }
  std::string seat_note() const { return "; seat " + std::to_string(info_.current); }
  // "; seat <s>, <rules>": where a move was refused, for the end of a message.
  std::string where() const { return "; seat " + std::to_string(info_.current) + ", " + rules_->describe(); }

  // parse_move's end for text `body` read as `candidates`: the one legal
  // reading, else IllegalMoveError (the hand lacks the cards; `no_reading`
  // when there is no candidate; each candidate's reason) or AmbiguousMoveError
  // listing the legal readings.
  Move one_legal_reading(std::string_view body, const Cards& cards, const MoveList& candidates,
                         const std::string& no_reading, bool check_hand = true) const {
    MoveList legal;
    std::string reasons;
    for (const Move& m : candidates) {
      const std::string why = derived().why_illegal(m);
      if (why.empty())
        legal.push_back(m);
      else
        reasons += (reasons.empty() ? "" : "; ") + m.str() + ": " + why;
    }
    if (legal.size() == 1) return legal.front();
    const std::string quoted = "'" + std::string(body) + "'";
    if (legal.empty()) {
      const Cards& held = hand(info_.current);
      if (check_hand && !held.contains(cards))
        throw IllegalMoveError(quoted + ": the hand " + held.str() + " does not hold " + cards.str() + where());
      if (candidates.empty()) throw IllegalMoveError(quoted + ": " + no_reading + where());
      throw IllegalMoveError(quoted + " is not legal here: " + reasons + where());
    }
    std::string listed;
    for (const Move& m : legal) listed += (listed.empty() ? "" : "; ") + m.str();
    throw AmbiguousMoveError(quoted + " has " + std::to_string(legal.size()) + " legal readings: " + listed +
                             "; name one with 'as', e.g. '" + legal.back().str() + "'");
  }

  // What str() writes after the table move: nothing, unless the game says more.
  std::string str_table_note() const { return ""; }

  // The default invariant check: the deal's own invariant_violation() is "".
  void assert_invariants() const {
    const std::string broken = derived().invariant_violation();
    assert(broken.empty());
  }

  std::shared_ptr<const Rules> rules_;
  int root_ply_ = 0;  // plies before the first entry of history_
  bool keep_history_ = true;
  History<Ply> history_;
  const Config* cfg_;
  std::shared_ptr<const std::vector<Face>> deck_;
  std::uint64_t seed_ = 0;
  bool has_seed_ = false;
  std::array<Cards, Seats> hands_{};
  std::array<int, Seats> hand_sizes_{};
  Cards played_;
  Info info_;
  // A sampled world's public past, until restore_past() builds it (null otherwise).
  std::shared_ptr<const std::vector<Move>> past_;

 private:
  // Out of line: the playouts, which keep no history, stay small.
  [[gnu::noinline]] void apply_recorded(const Move& move) {
    const Ply ply{move, info_.current, info_};
    derived().advance(move);
    history_.push_back(ply);
    check_invariants();
  }

  const Derived& derived() const { return static_cast<const Derived&>(*this); }
  Derived& derived() { return static_cast<Derived&>(*this); }
};

}  // namespace ganzdy
