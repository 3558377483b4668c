#include "ganzdy/gouji/agents.h"

#include "ganzdy/core/errors.h"
#include "ganzdy/gouji/moves.h"

#include <cassert>
#include <string>
#include <tuple>

namespace ganzdy::gj {

SeatView view_of(const Deal& deal) {
  SeatView v;
  v.seat = deal.current_player();
  v.phase = deal.phase();
  v.hand = deal.hand(v.seat);
  v.table = deal.table();
  v.table_owner = deal.table_owner();
  v.role = deal.role();
  v.active = deal.active_mask();
  v.opened = deal.info().opened;
  v.head = deal.has_head(v.seat);
  v.anyone_out = deal.info().out != 0;
  for (int s = 0; s < kPlayers; ++s) v.hand_sizes[static_cast<std::size_t>(s)] = deal.hand_size(s);
  return v;
}

namespace {

// Lower is cheaper: no gouji card, fewer jokers, fewer 2s, the naturals of its
// rank kept whole, a lower rank, and more cards shed on a tie; packed into one
// integer, the first field highest.
using Cost = std::uint32_t;
constexpr int kJokerShift = 20, kTwoShift = 14, kSplitShift = 12, kValueShift = 7;
Cost cost(const Config& cfg, const Cards& hand, const Move& m) {
  const Play p = play_of(m);
  const bool split = p.naturals > 0 && p.naturals < hand.rank_count(p.rank);
  const int value = p.rank >= 0 ? p.rank : kSmallJokerValue;
  return static_cast<Cost>(is_gouji(cfg, p)) << 24 | static_cast<Cost>(p.jokers()) << kJokerShift |
         static_cast<Cost>(p.twos) << kTwoShift | static_cast<Cost>(split) << kSplitShift |
         static_cast<Cost>(value) << kValueShift | static_cast<Cost>(127 - m.length);
}
// Whether a play uses no joker and no 2; and whether it is also no gouji card.
constexpr bool is_plain(Cost c) { return (c >> kTwoShift & 0x3FF) == 0; }
constexpr bool is_cheap(Cost c) { return c >> kTwoShift == 0; }

// Whether `cards` are empty or one play a leader could make (3s aside, which go
// last on their own under biesan).
bool one_play(const Config& cfg, const Cards& cards) {
  int ranks = 0;
  for (int r = 0; r < kRank2; ++r)
    if (cards.rank_count(r) > 0 && !(cfg.biesan && r == kRank3)) ++ranks;
  return ranks <= 1;
}

// The cheapest of some moves: the index and its cost, -1 while none is offered.
struct Cheapest {
  int index = -1;
  Cost cost{};
  void offer(int i, Cost c) {
    if (index < 0 || c < cost) index = i, cost = c;
  }
};

int choose_return(const SeatView& view, const MoveList& legal) {
  int best = 0;
  std::tuple<int, int> best_use{};
  for (int i = 0; i < static_cast<int>(legal.size()); ++i) {
    const int f = legal[static_cast<std::size_t>(i)].single_face();
    const int copies = is_joker(f) ? view.hand.count(f) : view.hand.rank_count(face_rank(f));
    const std::tuple<int, int> use{face_value(f), copies};
    if (i == 0 || use < best_use) best = i, best_use = use;
  }
  return best;
}

// The index of the first move of `kind` in `legal`, or 0.
int first_of(const MoveList& legal, Kind kind) {
  for (int i = 0; i < static_cast<int>(legal.size()); ++i)
    if (legal[static_cast<std::size_t>(i)].kind == kind) return i;
  return 0;
}

bool opponent_in_danger(const SeatView& view) {
  for (int s = 0; s < kPlayers; ++s)
    if (team_of(s) != team_of(view.seat) && (view.active >> s & 1) &&
        view.hand_sizes[static_cast<std::size_t>(s)] <= kGreedyDangerCards)
      return true;
  return false;
}

int choose_play(const Config& cfg, const SeatView& view, const MoveList& legal) {
  const int size = view.hand_sizes[static_cast<std::size_t>(view.seat)];
  Cheapest out;     // a play that holds the whole hand
  Cheapest cheap;   // no joker, no 2, no gouji card
  Cheapest plain;   // no joker, no 2
  Cheapest any;
  Cheapest point;   // a lead that would open a point
  Cheapest to_one;  // a play after which the rest is one play
  int pass = -1;
  for (int i = 0; i < static_cast<int>(legal.size()); ++i) {
    const Move& m = legal[static_cast<std::size_t>(i)];
    if (m.is_pass()) pass = i;
    if (m.kind != Kind::group) continue;  // the pass, the yield
    const Cost c = cost(cfg, view.hand, m);
    if (m.length == size) out.offer(i, c);
    any.offer(i, c);
    if (is_plain(c)) plain.offer(i, c);
    if (is_cheap(c)) cheap.offer(i, c);
    if (opens_point(cfg, play_of(m))) point.offer(i, c);
    if (one_play(cfg, view.hand - m.cards)) to_one.offer(i, c);
  }
  if (out.index >= 0) return out.index;
  if (view.role == Deal::Role::lead) {
    const bool seek_point = !view.anyone_out && view.head && !(view.opened >> view.seat & 1);
    if (seek_point && point.index >= 0) return point.index;
    return any.index >= 0 ? any.index : 0;
  }
  if (pass < 0 || any.index < 0) return pass < 0 ? 0 : pass;
  if (team_of(view.table_owner) == team_of(view.seat)) return pass;  // the teammate holds the trick
  if (view.role == Deal::Role::burn) {
    const int left = size - legal[static_cast<std::size_t>(any.index)].length;
    return left <= kGreedyBurnCards ? any.index : pass;
  }
  if (cheap.index >= 0) return cheap.index;
  // Only a gouji card beats a gouji card: then the cheapest without jokers or 2s will do.
  const bool table_gouji = is_gouji(cfg, play_of(view.table));
  if (table_gouji && plain.index >= 0) return plain.index;
  const bool must_answer = table_gouji && view.table_owner == opposite(view.seat);
  if (must_answer || opponent_in_danger(view)) return any.index;
  if (to_one.index >= 0) return to_one.index;
  return pass;
}

}  // namespace

int greedy_choice(const Config& cfg, const SeatView& view, const MoveList& legal) {
  assert(!legal.empty());
  assert(view.seat >= 0 && view.seat < kPlayers);
  switch (view.phase) {
    case Phase::buy: return 0;  // the cheapest payment comes first
    case Phase::give_back: return choose_return(view, legal);
    // Nobody has revolted yet: a second revolution would void the hand.
    case Phase::revolt: return view.active == 0x3F ? first_of(legal, Kind::revolt) : 0;
    case Phase::yaotou: return first_of(legal, Kind::yaotou);
    case Phase::xuandian: return first_of(legal, Kind::pass);
    default: return choose_play(cfg, view, legal);
  }
}

std::optional<Phase> phase_named(std::string_view name) {
  for (Phase p : {Phase::buy, Phase::give_back, Phase::revolt, Phase::yaotou, Phase::xuandian, Phase::play})
    if (phase_name(p) == name) return p;
  return std::nullopt;
}

namespace {

// Whether `m` is a move a seat holding `hand` may be offered in `phase`.
bool fits_phase(const Config& cfg, Phase phase, const Cards& hand, const Move& m) {
  const bool one_card = m.length == 1 && m.cards.size() == 1 && hand.contains(m.cards);
  switch (phase) {
    case Phase::buy: return m.kind == Kind::buy && one_card;
    case Phase::give_back: return m.kind == Kind::tribute_return && one_card;
    case Phase::revolt: return m.is_pass() || m.kind == Kind::revolt;
    case Phase::yaotou: return m.kind == Kind::yaotou || m.kind == Kind::wutou;
    case Phase::xuandian: return m.is_pass() || m.kind == Kind::xuandian;
    default: return m.is_pass() || m.kind == Kind::yield || (is_combination(cfg, m) && hand.contains(m.cards));
  }
}

}  // namespace

int checked_greedy_choice(const Config& cfg, const SeatView& view, const MoveList& legal) {
  if (view.seat < 0 || view.seat >= kPlayers)
    throw RulesError("gouji greedy: seat " + std::to_string(view.seat) + ": expected 0 to 5");
  for (int s = 0; s < kPlayers; ++s)
    if (view.hand_sizes[static_cast<std::size_t>(s)] < 0)
      throw RulesError("gouji greedy: seat " + std::to_string(s) + " holds a negative number of cards");
  if (legal.empty()) throw IllegalMoveError("gouji greedy: no legal move to choose from");
  if (view.phase == Phase::play && view.role != Deal::Role::lead) {
    if (!is_combination(cfg, view.table))
      throw IllegalMoveError("gouji greedy: following, the table must be a Gouji play, not " + view.table.str());
    if (view.table_owner < 0 || view.table_owner >= kPlayers)
      throw RulesError("gouji greedy: following " + view.table.str() + " needs its table_owner, a seat 0 to 5");
  }
  for (const Move& m : legal)
    if (!fits_phase(cfg, view.phase, view.hand, m))
      throw IllegalMoveError("gouji greedy: " + m.str() + " is no move of the " + std::string(phase_name(view.phase)) +
                             " phase from the hand " + view.hand.str());
  return greedy_choice(cfg, view, legal);
}

}  // namespace ganzdy::gj
