#include "ganzdy/gan_deng_yan/agents.h"

#include <tuple>

namespace ganzdy::gdy {

SeatView view_of(const Deal& deal) {
  SeatView v;
  v.seat = deal.current_player();
  v.players = deal.players();
  v.hand = deal.hand(v.seat);
  v.table = deal.table();
  v.table_owner = deal.table_owner();
  v.stock_size = deal.stock_size();
  v.out_mask = deal.info().out_mask;
  for (int s = 0; s < v.players; ++s) v.hand_sizes[static_cast<std::size_t>(s)] = deal.hand_size(s);
  return v;
}

namespace {

// Lower is cheaper: spend few jokers, no bomb, low ranks; shed more cards on ties.
std::tuple<int, int, int, int> cost(const Move& m) {
  const int bomb = m.is_bomb() ? 1 : 0;
  const int bomb_size = m.kind == Kind::king_bomb ? 99 : (bomb ? m.length : 0);
  return {m.cards.jokers() + bomb * 8, bomb_size, m.rank, -m.length};
}

}  // namespace

int greedy_choice(const Config& cfg, const SeatView& view, const MoveList& legal) {
  (void)cfg;
  assert(!legal.empty());
  assert(view.seat >= 0 && view.seat < view.players && view.players <= kMaxPlayers);
  const int size = view.hand_sizes[static_cast<std::size_t>(view.seat)];
  int best = -1;
  // Go out when possible.
  for (int i = 0; i < static_cast<int>(legal.size()); ++i) {
    const Move& m = legal[static_cast<std::size_t>(i)];
    if (!m.is_pass() && m.length == size && (best < 0 || cost(m) < cost(legal[static_cast<std::size_t>(best)])))
      best = i;
  }
  if (best >= 0) return best;
  bool danger = false;
  for (int s = 0; s < view.players; ++s)
    if (s != view.seat && !(view.out_mask >> s & 1) && view.hand_sizes[static_cast<std::size_t>(s)] <= 2) danger = true;
  int cheap = -1;   // cheapest natural, non-bomb play
  int costly = -1;  // cheapest play of any kind
  int pass = -1;
  for (int i = 0; i < static_cast<int>(legal.size()); ++i) {
    const Move& m = legal[static_cast<std::size_t>(i)];
    if (m.is_pass()) {
      pass = i;
      continue;
    }
    if (costly < 0 || cost(m) < cost(legal[static_cast<std::size_t>(costly)])) costly = i;
    if (m.cards.jokers() == 0 && !m.is_bomb() &&
        (cheap < 0 || cost(m) < cost(legal[static_cast<std::size_t>(cheap)])))
      cheap = i;
  }
  if (cheap >= 0) return cheap;
  if (pass < 0 || danger) return costly >= 0 ? costly : pass;  // a leader must play
  return pass;
}

}  // namespace ganzdy::gdy
