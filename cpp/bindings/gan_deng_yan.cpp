// ganzdy.GanDengYanDeal: what only Gan Deng Yan binds (bind_game<gdy::Deal>): its
// constructor, its outcome, the stock and the bombs, and its move ids.
#include <algorithm>
#include <string>

#include "bindings.h"
#include "bind_deal_contract.h"
#include "deal_common.h"
#include "ganzdy/core/errors.h"
#include "ganzdy/gan_deng_yan/deal.h"
#include "ganzdy/gan_deng_yan/observation.h"
#include "ganzdy/gan_deng_yan/playout.h"

#include <pybind11/numpy.h>

namespace ganzdy::bind {

namespace {

using gdy::Deal;

Deal new_deal(const Rules& rules, py::handle seed, py::handle dealer, py::handle deck) {
  auto shared = std::make_shared<const Rules>(rules);
  gdy::require_gan_deng_yan(shared);
  return deal_from<Deal>(shared, seed, deck, dealer_arg(dealer, rules.players()));
}

Move move_of_id(const Deal& d, std::int64_t id) {
  if (d.is_terminal()) throw IllegalMoveError("move id " + std::to_string(id) + ": the deal is over");
  const auto n = gdy::move_index(d.rules()).size();
  if (id < 0 || id >= n)
    throw IllegalMoveError("move id " + std::to_string(id) + " is out of range: expected 0 to " + std::to_string(n - 1));
  auto move = d.move_of_id(static_cast<std::int32_t>(id));
  if (!move)
    throw IllegalMoveError("move id " + std::to_string(id) + " (" + gdy::move_index(d.rules()).move(static_cast<std::int32_t>(id))->str() +
                           "): the hand " + d.hand(d.current_player()).str() + " does not hold these cards; seat " +
                           std::to_string(d.current_player()));
  return *move;
}


}  // namespace

template <>
void bind_game<gdy::Deal>(py::module_& m) {
  py::class_<gdy::Outcome>(m, "GanDengYanOutcome", "What a deal came to.")
      .def_readonly("over", &gdy::Outcome::over)
      .def_readonly("drawn", &gdy::Outcome::drawn)
      .def_property_readonly("winner", [](const gdy::Outcome& o) { return o.winner < 0 ? py::none() : py::object(py::int_(o.winner)); })
      .def_readonly("finish_order", &gdy::Outcome::finish_order)
      .def_readonly("points", &gdy::Outcome::points)
      .def("__eq__", [](const gdy::Outcome& a, py::handle b) {
        if (!py::isinstance<gdy::Outcome>(b)) return false;
        const auto& o = b.cast<const gdy::Outcome&>();
        return a.over == o.over && a.drawn == o.drawn && a.winner == o.winner && a.finish_order == o.finish_order &&
               a.points == o.points;
      })
      .def("__repr__", [](const gdy::Outcome& o) {
        return "GanDengYanOutcome(over=" + std::string(o.over ? "True" : "False") + ", drawn=" + (o.drawn ? "True" : "False") +
               ", winner=" + (o.winner < 0 ? std::string("None") : std::to_string(o.winner)) + ", finish_order=" +
               std::string(py::repr(py::cast(o.finish_order))) + ", points=" + std::string(py::repr(py::cast(o.points))) + ")";
      });

  DealDocs docs{
      "One deal of Gan Deng Yan: the in-deal state machine.",
      "Plies played since the deal began.",
      "Every (seat, move) so far, passes included.",
      "Undo the last move and return it.",
      "Play a move without the legality check (search fast path); it still refuses cards not in the hand.",
      "The float32 observation of `seat` (default: the seat to act), laid out as rules.observation_spec("
      "perfect=...); written into `out` when given.",
      "Play a copy of this deal to its end with built-in policies ('random', 'greedy', one for every seat or "
      "one a seat); returns its outcome and leaves this deal alone."};
  auto cls = bind_deal<Deal>(m, docs, [](const Deal& d, bool perfect) { return gdy::observation_size(d.players(), perfect); });
  cls.def(py::init(&new_deal), py::arg("rules"), py::arg("seed") = py::none(), py::arg("dealer") = 0, py::kw_only(),
          py::arg("deck") = py::none(),
          "A deal shuffled from `seed` (None: a fresh random seed, kept in the deal), or from an explicit deck "
          "order (card text, top card first). dealer: the seat dealt the first card, which takes the extra card "
          "and leads the first trick (gan_deng_yan.md 2.3). rules.new_deal(...) makes the same deal.")
      .def_property_readonly("passes", &Deal::passes)
      .def_property_readonly("stock_size", &Deal::stock_size)
      .def_property_readonly("bombs_played", &Deal::bombs_played)
      .def("legal_ids", [](const Deal& d) {
        // Ids written straight into the NumPy buffer: this is the per-decision call
        // of a Python training loop.
        thread_local gdy::MoveList moves;
        d.legal_moves(moves);
        py::array_t<std::int32_t> ids(static_cast<py::ssize_t>(moves.size()));
        std::int32_t* out = ids.mutable_data();
        const gdy::MoveIndex& index = gdy::move_index(d.rules());
        for (std::size_t i = 0; i < moves.size(); ++i) out[i] = index.id(moves[i]);
        return ids;
      }, "The ids (rules.move_id) of the legal moves, as a NumPy int32 array.")
      .def("legal_mask", [](const Deal& d) {
        std::vector<std::int32_t> ids;
        d.legal_ids(ids);
        py::array_t<bool> mask(gdy::move_index(d.rules()).size());
        auto* p = mask.mutable_data();
        std::fill(p, p + mask.size(), false);
        for (auto id : ids) p[id] = true;
        return mask;
      }, "A bool array over rules.num_moves, True at the legal ids.")
      .def("apply_id", [](Deal& d, std::int64_t id) { gdy::apply_guarded(d, move_of_id(d, id)); }, py::arg("id"),
           "apply() the move of an id (cards from the hand of the player to act).")
      .def("push_id", [](Deal& d, std::int64_t id) { d.push(move_of_id(d, id)); }, py::arg("id"),
           "push() the move of an id: checked.")
      .def("__repr__", [](const Deal& d) {
        return "<GanDengYanDeal " + std::string(d.rules().game_name()) + ", " + std::to_string(d.players()) + " players, ply " +
               std::to_string(d.ply()) + (d.is_terminal() ? ", over" : ", seat " + std::to_string(d.current_player()) + " to act") + ">";
      });
}

}  // namespace ganzdy::bind
