// The greedy Gouji policy on a position built by hand, field by field
// (gouji_greedy_index): what the Gouji policy's tests still use to pose a hand, a
// role and the point state (opened, head, anyone out) that no short deal reaches.
// The fields are checked to be a position of the game, so a hand-built one cannot
// lead the policy outside what it reads. A deal asks its own: deal.greedy_index()
// (bind_deal_contract.h), in every game; Gan Deng Yan and Guandan have no
// hand-built entry left.
#include "bindings.h"
#include "ganzdy/core/errors.h"
#include "ganzdy/gouji/agents.h"
#include "ganzdy/gouji/moves.h"

namespace ganzdy::bind {

namespace {

gj::Phase gj_phase_in(py::handle phase) {
  const std::string name = text_arg(phase, "phase");
  for (gj::Phase p : {gj::Phase::buy, gj::Phase::give_back, gj::Phase::revolt, gj::Phase::yaotou, gj::Phase::xuandian,
                      gj::Phase::play})
    if (gj::phase_name(p) == name) return p;
  throw RulesError("gouji greedy: phase " + quoted(phase) + ": expected buy, return, revolt, yaotou, xuandian or play");
}

gj::Deal::Role gj_role_in(py::handle role, gj::Phase phase) {
  if (phase != gj::Phase::play) return gj::Deal::Role::none;
  const std::optional<std::string> name =
      role.is_none() ? std::nullopt : std::optional<std::string>(text_arg(role, "role"));
  if (name == "lead") return gj::Deal::Role::lead;
  if (name == "answer") return gj::Deal::Role::answer;
  if (name == "burn") return gj::Deal::Role::burn;
  throw RulesError("gouji greedy: role " + quoted(role) + " in play: expected 'lead', 'answer' or 'burn'");
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

int gouji_greedy_index(const Rules& rules, int seat, py::handle phase_text, py::handle hand,
                       std::optional<Move> table, std::optional<int> owner, py::handle role_text,
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
      throw IllegalMoveError("gouji greedy: " + m.str() + " is no move of the " + std::string(gj::phase_name(v.phase)) + " phase from the hand " +
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
}

}  // namespace ganzdy::bind
