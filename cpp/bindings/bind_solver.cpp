// Positions (Rules.position) and the endgame solver (solve, SolveResult).
#include <chrono>
#include <optional>
#include <string>

#include "bindings.h"
#include "ganzdy/core/errors.h"
#include "ganzdy/gan_deng_yan/deal.h"
#include "ganzdy/gan_deng_yan/solver.h"

namespace ganzdy::bind {

namespace {

using gdy::Deal;

// A table move: a Move, or move text whose cards have exactly one reading.
Move table_move(const Rules& rules, py::handle obj) {
  if (py::isinstance<Move>(obj)) return obj.cast<Move>();
  if (!py::isinstance<py::str>(obj)) throw py::type_error("table=" + quoted(obj) + " must be a Move, move text or None");
  const std::string text = text_arg(obj, "table");
  MoveText parsed = parse_move_text(text);
  if (parsed.declared) {
    if (parsed.declared->is_pass())
      throw IllegalMoveError("position: the table '" + quoted(text) + "' is a pass; leave table out when the seat leads");
    return *parsed.declared;
  }
  gdy::MoveList found;
  gdy::readings(gdy::config(rules), parsed.cards, found);
  if (found.size() == 1) return found.front();
  if (found.empty())
    throw IllegalMoveError("position: the table '" + quoted(text) + "' is no combination under " + rules.describe());
  std::string listed;
  for (const Move& m : found) listed += (listed.empty() ? "" : "; ") + m.str();
  throw AmbiguousMoveError("position: the table '" + quoted(text) + "' has " + std::to_string(found.size()) +
                           " readings: " + listed + "; name one with 'as', e.g. '" + found.back().str() + "'");
}

Deal make_position(const Rules& rules, py::handle hands_obj, py::handle to_act_obj, py::handle table_obj,
                   py::handle owner_obj, py::handle dealer_obj) {
  if (py::isinstance<py::str>(hands_obj) || !py::isinstance<py::sequence>(hands_obj))
    throw py::type_error("hands must be a list of hands (card text or Cards), one per seat");
  std::vector<Cards> hands;
  for (auto h : hands_obj.cast<py::sequence>()) hands.push_back(to_cards(h, "a hand"));
  const int players = rules.players();
  const int to_act = to_seat(to_act_obj, players, "to_act");
  const int dealer = to_seat(dealer_obj, players, "dealer");
  Move table = Move::pass_move();
  int owner = -1;
  if (!table_obj.is_none()) {
    table = table_move(rules, table_obj);
    if (owner_obj.is_none()) {
      // Nobody passed since the table move: it was the seat before to_act's.
      const bool ccw = gdy::config(rules).direction == gdy::Direction::counter_clockwise;
      owner = ccw ? (to_act + players - 1) % players : (to_act + 1) % players;
    } else {
      owner = to_seat(owner_obj, players, "table_owner");
    }
  } else if (!owner_obj.is_none()) {
    owner = to_seat(owner_obj, players, "table_owner");
  }
  return Deal::position(std::make_shared<const Rules>(rules), hands, to_act, table, owner, dealer);
}

std::string result_repr(const gdy::SolveResult& r) {
  auto move_repr = [](const Move& m) { return std::string(py::repr(py::cast(m))); };
  std::string pv;
  for (const Move& m : r.pv) pv += (pv.empty() ? "" : ", ") + move_repr(m);
  return "SolveResult(seat=" + std::to_string(r.seat) + ", win=" + (r.win ? "True" : "False") +
         ", complete=" + (r.complete ? "True" : "False") +
         ", best_move=" + (r.best_move ? move_repr(*r.best_move) : std::string("None")) + ", pv=[" + pv +
         "], nodes=" + std::to_string(r.nodes) + ", seconds=" + std::string(py::repr(py::float_(r.seconds))) + ")";
}

gdy::SolveResult run_solve(const Deal& deal, py::handle seat_obj, py::handle max_nodes_obj, py::handle time_obj,
                           py::handle progress_obj, py::handle table_mb_obj) {
  gdy::SolveOptions options;
  if (!seat_obj.is_none()) options.seat = to_seat(seat_obj, deal.players(), "seat");
  if (!max_nodes_obj.is_none()) {
    if (!py::isinstance<py::int_>(max_nodes_obj) || py::isinstance<py::bool_>(max_nodes_obj))
      throw py::type_error("max_nodes must be an int or None");
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(max_nodes_obj.ptr(), &overflow);
    if (overflow < 0 || (overflow == 0 && v < 1))
      throw RulesError("max_nodes=" + quoted(max_nodes_obj) +
                       " is not allowed: expected a positive count or None");
    options.max_nodes = overflow > 0 ? 0 : static_cast<std::uint64_t>(v);  // beyond 2^63: no limit
  }
  if (!time_obj.is_none()) {
    if (!(py::isinstance<py::float_>(time_obj) || py::isinstance<py::int_>(time_obj)) ||
        py::isinstance<py::bool_>(time_obj))
      throw py::type_error("time_limit must be a number of seconds or None");
    const double t = time_obj.cast<double>();
    if (!(t > 0))
      throw RulesError("time_limit=" + quoted(time_obj) +
                       " is not allowed: expected a positive number of seconds or None");
    options.time_limit = t;
  }
  if (!table_mb_obj.is_none()) {
    if (!py::isinstance<py::int_>(table_mb_obj) || py::isinstance<py::bool_>(table_mb_obj))
      throw py::type_error("table_mb must be an int or None");
    int overflow = 0;
    const long long mb = PyLong_AsLongLongAndOverflow(table_mb_obj.ptr(), &overflow);
    if (overflow != 0 || mb < 1 || mb > (1 << 20))
      throw RulesError("table_mb=" + quoted(table_mb_obj) +
                       " is not allowed: expected 1 to 1048576 megabytes or None");
    // Entries of 32 bytes, a power of two of them: the largest that fits.
    int bits = 15;  // 1 MB
    while (bits < 34 && (std::int64_t{1} << (bits + 1 - 15)) <= mb) ++bits;
    options.tt_bits = bits;
  }
  if (!progress_obj.is_none() && !PyCallable_Check(progress_obj.ptr()))
    throw py::type_error("progress must be a callable (nodes, seconds) or None");

  // The search runs without the GIL. About four times a second it takes the GIL
  // back to let Ctrl-C through (KeyboardInterrupt stops it), and about once a
  // second it calls `progress`, whose False stops it and whose exception is raised
  // once the search has unwound.
  py::object progress = py::reinterpret_borrow<py::object>(progress_obj);
  std::optional<py::error_already_set> failure;
  double reported = 0.0;
  options.progress_interval = 0.25;
  options.progress = [&](std::uint64_t nodes, double seconds) {
    GilFromThread gil;
    if (!gil.held()) return false;  // stop; reacquire_gil() parks the thread (SignalPoll)
    if (PyErr_CheckSignals() != 0) {
      failure.emplace();
      return false;
    }
    if (progress.is_none() || seconds - reported < 1.0) return true;
    reported = seconds;
    try {
      py::object answer = progress(nodes, seconds);
      return !(py::isinstance<py::bool_>(answer) && !answer.cast<bool>());
    } catch (py::error_already_set& e) {
      failure.emplace(std::move(e));
      return false;
    }
  };
  const Deal copy = deal.copy_without_history();
  gdy::SolveResult result = without_gil([&] { return gdy::solve(copy, options); });
  if (failure) throw std::move(*failure);
  return result;
}

}  // namespace

void bind_solver(py::module_& m) {
  py::class_<gdy::SolveResult>(m, "SolveResult", "The answer of ganzdy.solve (see docs/solver.md).")
      .def_readonly("seat", &gdy::SolveResult::seat, "Whose win the value is about.")
      .def_readonly("win", &gdy::SolveResult::win,
                    "Whether seat can force going out first against every other seat together (False when "
                    "incomplete).")
      .def_readonly("complete", &gdy::SolveResult::complete, "Whether the search finished (win is proved).")
      .def_readonly("best_move", &gdy::SolveResult::best_move,
                    "The move for the seat to act (None when the deal is decided).")
      .def_readonly("pv", &gdy::SolveResult::pv, "The principal variation, best_move first.")
      .def_readonly("nodes", &gdy::SolveResult::nodes, "Positions expanded.")
      .def_readonly("seconds", &gdy::SolveResult::seconds)
      .def_readonly("proof", &gdy::SolveResult::proof, "The root's proof number (0: proved win).")
      .def_readonly("disproof", &gdy::SolveResult::disproof, "The root's disproof number (0: proved loss).")
      .def("__repr__", &result_repr);

  m.def("solve", &run_solve, py::arg("state"), py::kw_only(), py::arg("seat") = py::none(),
        py::arg("max_nodes") = py::none(), py::arg("time_limit") = py::none(), py::arg("progress") = py::none(),
        py::arg("table_mb") = py::none(),
        "Solve an empty-stock deal exactly: can `seat` (default: the seat to act) force going out first against "
        "every other seat together? Stops at max_nodes expansions or time_limit seconds with complete=False; "
        "progress(nodes, seconds) is called about once a second and stops the search by returning False; "
        "table_mb caps the transposition table (default 128).");

  py::class_<Rules> rules = py::reinterpret_borrow<py::class_<Rules>>(m.attr("Rules"));
  rules.def("position", &make_position, py::arg("hands"), py::arg("to_act") = 0, py::arg("table") = py::none(),
            py::arg("table_owner") = py::none(), py::arg("dealer") = 0,
            "A deal at a position with an empty stock: one hand per seat (every other card counts as played), "
            "to_act leading, or following `table` (a Move or move text) played by table_owner (default: the seat "
            "before to_act).");
}

}  // namespace ganzdy::bind
