#include "ganzdy/guandan/agents.h"

#include <algorithm>
#include <cassert>
#include <tuple>

namespace ganzdy::gd {

SeatView view_of(const Deal& deal) {
  SeatView v;
  v.seat = deal.current_player();
  v.phase = deal.phase();
  v.hand = deal.hand(v.seat);
  v.table = deal.table();
  v.table_owner = deal.table_owner();
  v.out_mask = deal.info().out_mask;
  for (int s = 0; s < kPlayers; ++s) v.hand_sizes[static_cast<std::size_t>(s)] = deal.hand_size(s);
  return v;
}

namespace {

int wilds_in(const Config& cfg, const Cards& cards) { return cfg.wild_enabled ? cards.count(cfg.wild_face()) : 0; }

// The straight flushes `hand` could make: windows of straight_len places of one
// suit whose missing natural cards its wilds can fill. A window counts once
// however many copies it could be made from.
int straight_flush_windows(const Config& cfg, const Cards& hand) {
  const int wilds = wilds_in(cfg, hand);
  int windows = 0;
  for (int suit = 0; suit < kNumSuits; ++suit) {
    for (int p = 0; p + cfg.straight_len <= kSeqPositions; ++p) {
      int missing = 0;
      for (int i = 0; i < cfg.straight_len && missing <= wilds; ++i) {
        const int face = make_face(cfg.seq_rank[static_cast<std::size_t>(p + i)], suit);
        if (cfg.is_wild(face) || hand.count(face) == 0) ++missing;
      }
      if (missing <= wilds) ++windows;
    }
  }
  return windows;
}

Cards without(const Cards& hand, int face) {
  Cards rest = hand;
  rest.remove(face);
  return rest;
}

// What the cost of a play needs to know of the hand, worked out once a decision.
struct HandBombs {
  int count = 0;
  std::array<std::int8_t, kNumRanks> rank{};  // ranks of which the hand holds 4 naturals or more
  std::array<std::int8_t, kNumRanks> held{};  // how many naturals of each of those

  HandBombs(const Config& cfg, const Cards& hand) {
    for (int r = 0; r < kNumRanks; ++r) {
      const int naturals = hand.rank_count(r) - (r == cfg.level ? wilds_in(cfg, hand) : 0);
      if (naturals >= 4) {
        rank[static_cast<std::size_t>(count)] = static_cast<std::int8_t>(r);
        held[static_cast<std::size_t>(count++)] = static_cast<std::int8_t>(naturals);
      }
    }
  }

  // Bombs of the hand that `move` takes naturals of without keeping 4.
  int broken_by(const Config& cfg, const Move& move) const {
    int broken = 0;
    for (int i = 0; i < count; ++i) {
      const int r = rank[static_cast<std::size_t>(i)];
      const int taken = move.cards.rank_count(r) - (r == cfg.level ? wilds_in(cfg, move.cards) : 0);
      if (taken > 0 && held[static_cast<std::size_t>(i)] - taken < 4) ++broken;
    }
    return broken;
  }
};

// The key of a play on one scale: a group's value (2..17), a sequence's place
// (A2345 = 1, 23456 = 2, ... TJQKA = 10), so the lowest play of any kind sorts first.
int key_of(const Config& cfg, const Move& m) {
  return m.is_run() ? seq_start(m.rank) + 1 : m.kind == Kind::joker_bomb ? kBigJokerValue : value_key(cfg, m);
}

// Bombs climb 4 < 5 < straight flush < 6 < ... < 10 < joker bomb.
int bomb_rank(const Move& m) {
  switch (m.kind) {
    case Kind::bomb: return 2 * m.length;
    case Kind::straight_flush: return 11;
    case Kind::joker_bomb: return 100;
    default: return 0;
  }
}

// Lower is cheaper: no bomb, fewer wilds, no bomb of the hand broken, a low key,
// and more cards shed on a tie; packed into one integer, the first field highest.
using Cost = std::uint32_t;
constexpr int kWildShift = 16, kBrokenShift = 12, kKeyShift = 6;
Cost cost(const Config& cfg, const HandBombs& bombs, const Move& m) {
  return static_cast<Cost>(bomb_rank(m)) << 20 | static_cast<Cost>(wilds_in(cfg, m.cards)) << kWildShift |
         static_cast<Cost>(bombs.broken_by(cfg, m)) << kBrokenShift | static_cast<Cost>(key_of(cfg, m)) << kKeyShift |
         static_cast<Cost>(63 - m.length);
}
// Whether a cost is of a play that is no bomb, uses no wild and breaks no bomb.
constexpr bool is_cheap(Cost c) { return c >> kBrokenShift == 0; }

// Whether `cards` is empty or one combination: what a hand can play out in one go.
bool one_play(const Config& cfg, const Cards& cards) {
  if (cards.empty()) return true;
  const int longest = std::max({cfg.max_bomb_size, cfg.straight_len, 2 * cfg.tube_pairs, 3 * cfg.plate_triples, 5});
  if (cards.size() > longest) return false;
  thread_local MoveList readings_of;
  readings(cfg, cards, readings_of);
  return !readings_of.empty();
}

int choose_tribute(const Config& cfg, const SeatView& view, const MoveList& legal) {
  int best = 0, best_windows = -1;
  for (int i = 0; i < static_cast<int>(legal.size()); ++i) {
    const int windows = straight_flush_windows(cfg, without(view.hand, legal[static_cast<std::size_t>(i)].single_face()));
    if (windows > best_windows) best = i, best_windows = windows;  // the legal list runs s, h, d, c
  }
  return best;
}

int choose_pick(const Config& cfg, const MoveList& legal) {
  int best = 0;
  for (int i = 1; i < static_cast<int>(legal.size()); ++i)
    if (face_value(cfg, legal[static_cast<std::size_t>(i)].single_face()) >
        face_value(cfg, legal[static_cast<std::size_t>(best)].single_face()))
      best = i;
  return best;
}

int choose_return(const Config& cfg, const SeatView& view, const MoveList& legal) {
  const int windows = straight_flush_windows(cfg, view.hand);
  int best = -1;
  std::tuple<int, int, int> best_use{};
  for (int i = 0; i < static_cast<int>(legal.size()); ++i) {
    const int f = legal[static_cast<std::size_t>(i)].single_face();
    const std::tuple<int, int, int> use{windows - straight_flush_windows(cfg, without(view.hand, f)),
                                        view.hand.rank_count(face_rank(f)), face_value(cfg, f)};
    if (best < 0 || use < best_use) best = i, best_use = use;
  }
  return best;
}

// The cheapest of some moves: the index and its cost, -1 while none is offered.
struct Cheapest {
  int index = -1;
  Cost cost{};
  void offer(int i, const Cost& c) {
    if (index < 0 || c < cost) index = i, cost = c;
  }
};

int choose_play(const Config& cfg, const SeatView& view, const MoveList& legal) {
  const int size = view.hand_sizes[static_cast<std::size_t>(view.seat)];
  Cheapest out;          // a play that holds the whole hand
  Cheapest cheap;        // no bomb, no wild, no bomb of the hand broken
  Cheapest plain;        // no bomb
  Cheapest any;          // any play, bombs last
  Cheapest bomb_to_out;  // a bomb after which the rest of the hand is one play
  int pass = -1;
  const HandBombs bombs(cfg, view.hand);
  for (int i = 0; i < static_cast<int>(legal.size()); ++i) {
    const Move& m = legal[static_cast<std::size_t>(i)];
    if (m.is_pass()) {
      pass = i;
      continue;
    }
    const Cost c = cost(cfg, bombs, m);
    if (m.length == size) out.offer(i, c);
    any.offer(i, c);
    if (m.is_bomb()) {
      if (one_play(cfg, view.hand - m.cards)) bomb_to_out.offer(i, c);
      continue;
    }
    plain.offer(i, c);
    if (is_cheap(c)) cheap.offer(i, c);
  }
  if (out.index >= 0) return out.index;
  if (pass < 0) return plain.index >= 0 ? plain.index : any.index;  // a leader must play: bombs only when nothing else is left
  if (any.index < 0 || team_of(view.table_owner) == team_of(view.seat)) return pass;  // nothing beats, or the partner is winning the trick
  if (cheap.index >= 0) return cheap.index;
  if (bomb_to_out.index >= 0) return bomb_to_out.index;
  for (int s = 0; s < kPlayers; ++s)
    if (team_of(s) != team_of(view.seat) && !(view.out_mask >> s & 1) &&
        view.hand_sizes[static_cast<std::size_t>(s)] <= kGreedyDangerCards)
      return any.index;  // an opponent is about to go out: stop it at any price
  return pass;
}

}  // namespace

int greedy_choice(const Config& cfg, const SeatView& view, const MoveList& legal) {
  assert(!legal.empty());
  assert(view.seat >= 0 && view.seat < kPlayers);
  switch (view.phase) {
    case Phase::tribute: return choose_tribute(cfg, view, legal);
    case Phase::pick: return choose_pick(cfg, legal);
    case Phase::give_back: return choose_return(cfg, view, legal);
    default: return choose_play(cfg, view, legal);
  }
}

}  // namespace ganzdy::gd
