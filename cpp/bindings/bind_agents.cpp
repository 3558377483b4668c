#include "bindings.h"
#include "ganzdy/errors.h"
#include "ganzdy/gdy_agents.h"

namespace ganzdy::bind {

namespace {

int greedy_index(const Rules& rules, int seat, py::handle hand, std::optional<Move> table, std::optional<int> owner,
                 const std::vector<int>& hand_sizes, const std::vector<int>& out_seats, const std::vector<Move>& legal) {
  require_gan_deng_yan(rules, "the greedy agent");
  const int n = rules.players();
  if (seat < 0 || seat >= n || static_cast<int>(hand_sizes.size()) != n)
    throw RulesError("greedy: seat and hand_sizes must match the rules' " + std::to_string(n) + " players");
  if (legal.empty()) throw IllegalMoveError("greedy: no legal move to choose from");
  gdy::SeatView v;
  v.seat = seat;
  v.players = n;
  v.hand = to_cards(hand, "hand");
  v.table = table.value_or(Move::pass_move());
  v.table_owner = owner.value_or(-1);
  for (int s = 0; s < n; ++s) v.hand_sizes[static_cast<std::size_t>(s)] = hand_sizes[static_cast<std::size_t>(s)];
  for (int s : out_seats)
    if (s >= 0 && s < n) v.out_mask = static_cast<std::uint8_t>(v.out_mask | (1u << s));
  gdy::MoveList moves(legal.begin(), legal.end());
  return gdy::greedy_choice(rules.gdy(), v, moves);
}

}  // namespace

void bind_agents(py::module_& m) {
  m.def("greedy_index", &greedy_index, py::arg("rules"), py::arg("seat"), py::arg("hand"), py::arg("table"),
        py::arg("table_owner"), py::arg("hand_sizes"), py::arg("out_seats"), py::arg("legal_moves"),
        "Index in legal_moves of the built-in greedy policy's choice, from what the seat may know.");
}

}  // namespace ganzdy::bind
