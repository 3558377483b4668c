// The greedy policy on a position built by hand, field by field (greedy_index for
// Gan Deng Yan and Guandan, gouji_greedy_index): what the policy's own tests use
// to pose a hand and a table no deal reaches easily. The fields are checked to be
// a position of the game, so a hand-built one cannot lead the policy outside what
// it reads. A deal asks its own: deal.greedy_index() (bind_deal_contract.h).
#include "bindings.h"
#include "ganzdy/core/errors.h"
#include "ganzdy/guandan/agents.h"
#include "ganzdy/guandan/moves.h"
#include "ganzdy/gan_deng_yan/agents.h"
#include "ganzdy/gouji/agents.h"
#include "ganzdy/gouji/moves.h"

namespace ganzdy::bind {

namespace {

// Guandan: the phase follows from the moves offered (tribute, pick and return
// choices are moves of their own kinds), which are checked to be moves of the game.
int gd_greedy_index(const Rules& rules, int seat, const Cards& hand, const Move& table, int owner,
                    const std::vector<int>& out_seats, const std::vector<int>& hand_sizes, const MoveList& legal) {
  const gd::Config& cfg = gd::config(rules);
  gd::SeatView v;
  v.seat = seat;
  v.hand = hand;
  v.table = table;
  v.table_owner = owner;
  const Kind first = legal.front().kind;
  v.phase = first == Kind::tribute        ? gd::Phase::tribute
            : first == Kind::tribute_pick ? gd::Phase::pick
            : first == Kind::tribute_return ? gd::Phase::give_back
                                            : gd::Phase::play;
  for (const Move& m : legal) {
    const bool fits = v.phase == gd::Phase::play ? (m.is_pass() || gd::is_combination(cfg, m))
                                                 : (m.kind == first && m.length == 1 && m.cards.size() == 1);
    if (!fits)
      throw IllegalMoveError("greedy: " + m.str() + " is no move of the " + std::string(gd::phase_name(v.phase)) +
                             " phase under " + rules.describe());
    // A tribute or return card comes from the hand (a pick from the pool).
    if (m.is_tribute() && v.phase != gd::Phase::pick && !hand.contains(m.cards))
      throw IllegalMoveError("greedy: " + m.str() + ": the hand " + hand.str() + " does not hold " + m.cards.str());
  }
  if (v.phase == gd::Phase::play && !legal.front().is_pass() && !table.is_pass())
    throw IllegalMoveError("greedy: following " + table.str() + ", the legal moves start with the pass");
  if (v.phase == gd::Phase::play && !table.is_pass() && (owner < 0 || owner >= gd::kPlayers))
    throw RulesError("greedy: following " + table.str() + " needs its table_owner, a seat 0 to 3");
  for (int s = 0; s < gd::kPlayers; ++s) v.hand_sizes[static_cast<std::size_t>(s)] = hand_sizes[static_cast<std::size_t>(s)];
  for (int s : out_seats)
    if (s >= 0 && s < gd::kPlayers) v.out_mask = static_cast<std::uint8_t>(v.out_mask | (1u << s));
  return gd::greedy_choice(cfg, v, legal);
}

int greedy_index(const Rules& rules, int seat, py::handle hand, std::optional<Move> table, std::optional<int> owner,
                 const std::vector<int>& hand_sizes, const std::vector<int>& out_seats, const std::vector<Move>& legal) {
  const bool guandan = rules.game() == Game::guandan;
  if (!guandan) require_game(rules, Game::gan_deng_yan, "greedy_index (Gouji has gouji_greedy_index)");
  const int n = rules.players();
  if (seat < 0 || seat >= n || static_cast<int>(hand_sizes.size()) != n)
    throw RulesError("greedy: seat and hand_sizes must match the rules' " + std::to_string(n) + " players");
  if (legal.empty()) throw IllegalMoveError("greedy: no legal move to choose from");
  const MoveList moves(legal.begin(), legal.end());
  const Cards cards = to_cards(hand, "hand");
  const Move top = table.value_or(Move::pass_move());
  if (guandan) return gd_greedy_index(rules, seat, cards, top, owner.value_or(-1), out_seats, hand_sizes, moves);
  gdy::SeatView v;
  v.seat = seat;
  v.players = n;
  v.hand = cards;
  v.table = top;
  v.table_owner = owner.value_or(-1);
  for (int s = 0; s < n; ++s) v.hand_sizes[static_cast<std::size_t>(s)] = hand_sizes[static_cast<std::size_t>(s)];
  for (int s : out_seats)
    if (s >= 0 && s < n) v.out_mask = static_cast<std::uint8_t>(v.out_mask | (1u << s));
  return gdy::greedy_choice(gdy::config(rules), v, moves);
}

gj::Phase gj_phase_in(const std::string& name) {
  for (gj::Phase p : {gj::Phase::buy, gj::Phase::give_back, gj::Phase::revolt, gj::Phase::yaotou, gj::Phase::xuandian,
                      gj::Phase::play})
    if (gj::phase_name(p) == name) return p;
  throw RulesError("gouji greedy: phase '" + name + "': expected buy, return, revolt, yaotou, xuandian or play");
}

gj::Deal::Role gj_role_in(const std::optional<std::string>& name, gj::Phase phase) {
  if (phase != gj::Phase::play) return gj::Deal::Role::none;
  if (name == "lead") return gj::Deal::Role::lead;
  if (name == "answer") return gj::Deal::Role::answer;
  if (name == "burn") return gj::Deal::Role::burn;
  throw RulesError("gouji greedy: role " + name.value_or("None") + " in play: expected 'lead', 'answer' or 'burn'");
}

std::uint8_t seat_mask(const std::vector<int>& seats, const std::string& what) {
  std::uint8_t mask = 0;
  for (int s : seats) {
    if (s < 0 || s >= gj::kPlayers) throw RulesError("gouji greedy: " + what + " names seat " + std::to_string(s) + ": expected 0 to 5");
    mask = static_cast<std::uint8_t>(mask | gj::seat_bit(s));
  }
  return mask;
}

// Whether `m` is a move the policy may be offered in `phase`: checked so that a
// hand-built view cannot lead the policy outside what it reads.
bool gj_fits(const gj::Config& cfg, gj::Phase phase, const Cards& hand, const Move& m) {
  const bool one_card = m.length == 1 && m.cards.size() == 1 && hand.contains(m.cards);
  switch (phase) {
    case gj::Phase::buy: return m.kind == Kind::buy && one_card;
    case gj::Phase::give_back: return m.kind == Kind::tribute_return && one_card;
    case gj::Phase::revolt: return m.is_pass() || m.kind == Kind::revolt;
    case gj::Phase::yaotou: return m.kind == Kind::yaotou || m.kind == Kind::wutou;
    case gj::Phase::xuandian: return m.is_pass() || m.kind == Kind::xuandian;
    default:
      return m.is_pass() || m.kind == Kind::yield || (gj::is_combination(cfg, m) && hand.contains(m.cards));
  }
}

int gouji_greedy_index(const Rules& rules, int seat, const std::string& phase_text, py::handle hand,
                       std::optional<Move> table, std::optional<int> owner, std::optional<std::string> role_text,
                       const std::vector<int>& hand_sizes, const std::vector<int>& active, const std::vector<int>& opened,
                       bool head, bool anyone_out, const std::vector<Move>& legal) {
  require_game(rules, Game::gouji, "gouji_greedy_index");
  const gj::Config& cfg = gj::config(rules);
  if (seat < 0 || seat >= gj::kPlayers || static_cast<int>(hand_sizes.size()) != gj::kPlayers)
    throw RulesError("gouji greedy: seat and hand_sizes must match Gouji's 6 players");
  if (legal.empty()) throw IllegalMoveError("gouji greedy: no legal move to choose from");
  gj::SeatView v;
  v.seat = seat;
  v.phase = gj_phase_in(phase_text);
  v.hand = to_cards(hand, "hand");
  v.table = table.value_or(Move::pass_move());
  v.table_owner = owner.value_or(-1);
  v.role = gj_role_in(role_text, v.phase);
  v.active = seat_mask(active, "active");
  v.opened = seat_mask(opened, "opened");
  v.head = head;
  v.anyone_out = anyone_out;
  for (int s = 0; s < gj::kPlayers; ++s) v.hand_sizes[static_cast<std::size_t>(s)] = hand_sizes[static_cast<std::size_t>(s)];
  if (v.phase == gj::Phase::play && v.role != gj::Deal::Role::lead) {
    if (!gj::is_combination(cfg, v.table))
      throw IllegalMoveError("gouji greedy: following, the table must be a Gouji play, not " + v.table.str());
    if (v.table_owner < 0 || v.table_owner >= gj::kPlayers)
      throw RulesError("gouji greedy: following " + v.table.str() + " needs its table_owner, a seat 0 to 5");
  }
  for (const Move& m : legal)
    if (!gj_fits(cfg, v.phase, v.hand, m))
      throw IllegalMoveError("gouji greedy: " + m.str() + " is no move of the " + phase_text + " phase from the hand " +
                             v.hand.str() + " under " + rules.describe());
  const MoveList moves(legal.begin(), legal.end());
  return gj::greedy_choice(cfg, v, moves);
}

}  // namespace

void bind_agents(py::module_& m) {
  m.def("gouji_greedy_index", &gouji_greedy_index, py::arg("rules"), py::arg("seat"), py::arg("phase"),
        py::arg("hand"), py::arg("table"), py::arg("table_owner"), py::arg("role"), py::arg("hand_sizes"),
        py::arg("active"), py::arg("opened"), py::arg("has_head"), py::arg("anyone_out"), py::arg("legal_moves"),
        "Index in legal_moves of the built-in greedy Gouji policy's choice on a position built by hand "
        "(a deal's own: deal.greedy_index()), from what the seat may know: the "
        "phase ('buy', 'return', 'revolt', 'yaotou', 'xuandian', 'play'), its role in play ('lead', 'answer', "
        "'burn'), the seats still playing and those that opened a point.");
  m.def("greedy_index", &greedy_index, py::arg("rules"), py::arg("seat"), py::arg("hand"), py::arg("table"),
        py::arg("table_owner"), py::arg("hand_sizes"), py::arg("out_seats"), py::arg("legal_moves"),
        "Index in legal_moves of the built-in greedy policy's choice on a position built by hand (a deal's "
        "own: deal.greedy_index()), from what the seat may know (Gan Deng Yan "
        "or Guandan; for Guandan the phase follows from the moves: tribute, pick or return choices, or plays).");
}

}  // namespace ganzdy::bind
