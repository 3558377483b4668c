// Search: InformationSet (what one seat may know) and ismcts, the information-set
// Monte Carlo tree search over it.
#include <cmath>
#include <cstdio>
#include <string>

#include "bindings.h"
#include "ganzdy/core/errors.h"
#include "bind_deal_contract.h"
#include "ganzdy/search/ismcts.h"

namespace ganzdy::bind {

namespace {

template <class Deal>
InformationSet<Deal> information_set(const Deal& deal, py::handle seat) {
  if (seat.is_none()) {
    if (deal.is_terminal())
      throw RulesError("InformationSet: the deal is over, so there is no seat to act; pass seat= explicitly");
    return InformationSet<Deal>(deal, deal.current_player());
  }
  return InformationSet<Deal>(deal, to_seat(seat, deal.players(), "seat"));
}

double seconds_from(py::handle obj) {
  if (obj.is_none()) return 0;
  if (py::isinstance<py::bool_>(obj) || !(py::isinstance<py::int_>(obj) || py::isinstance<py::float_>(obj)))
    throw py::type_error("time_limit must be a number of seconds or None");
  const double t = obj.cast<double>();
  if (!(t > 0) || !std::isfinite(t))
    throw RulesError("ismcts: time_limit=" + quoted(obj) + " must be a positive number of seconds");
  return t;
}

std::int64_t iterations_from(py::handle obj) {
  if (obj.is_none()) return 0;
  if (py::isinstance<py::bool_>(obj) || !py::isinstance<py::int_>(obj))
    throw py::type_error("iterations must be an int or None");
  int overflow = 0;
  const long long n = PyLong_AsLongLongAndOverflow(obj.ptr(), &overflow);
  if (overflow != 0 || n < 1)
    throw RulesError("ismcts: iterations=" + quoted(obj) + " must be a positive int");
  return n;
}

template <class Deal>
IsmctsResult run_ismcts(const InformationSet<Deal>& info, py::handle iterations, py::handle time_limit, double c,
                        py::handle rollout, py::handle reward, int threads, py::handle seed) {
  IsmctsOptions options;
  options.iterations = iterations_from(iterations);
  options.time_limit = seconds_from(time_limit);
  // Neither budget given: the default iteration count.
  if (options.iterations == 0 && options.time_limit == 0) options.iterations = kDefaultIterations;
  options.c = c;
  options.rollout = parse_policy(text_arg(rollout, "rollout"));
  options.reward = parse_reward(text_arg(reward, "reward"));
  options.threads = threads;
  options.seed = to_seed(seed);
  SignalPoll interrupted;
  options.keep_going = [&] { return !interrupted(); };
  IsmctsResult result = without_gil([&] { return ismcts(info, options); });
  interrupted.raise_if_stopped();
  return result;
}

constexpr const char* kIsmctsDoc =
    "Information-set MCTS for the seat of `info`, which must be to act. Stops after `iterations` "
    "(default ISMCTS_DEFAULT_ITERATIONS when no time_limit is given) or `time_limit` seconds, whichever "
    "comes first. The GIL is released while it searches.";

template <class Deal>
void bind_information_set(py::module_& m, const char* name, const char* doc) {
  using InfoSet = InformationSet<Deal>;
  py::class_<InfoSet>(m, name, doc)
      .def(py::init(&information_set<Deal>), py::arg("deal"), py::arg("seat") = py::none(),
           "The view of `seat` (default: the seat to act) of `deal` now. Keeps no hidden card of the deal.")
      .def_property_readonly("seat", &InfoSet::seat)
      .def_property_readonly("players", &InfoSet::players)
      .def_property_readonly("rules", [](const InfoSet& i) { return i.rules(); })
      .def_property_readonly("current_player", [](const InfoSet& i) {
        return i.is_terminal() ? py::none() : py::object(py::int_(i.current_player()));
      })
      .def_property_readonly("is_terminal", &InfoSet::is_terminal)
      .def_property_readonly("ply", &InfoSet::ply)
      .def_property_readonly("hand", &InfoSet::hand)
      .def_property_readonly("legal_moves", [](const InfoSet& i) {
        MoveList moves;
        i.legal_moves(moves);
        return std::vector<Move>(moves.begin(), moves.end());
      }, "The seat's legal moves (a list), empty unless it is to act.")
      .def("sample_world", [](const InfoSet& i, py::handle seed) { return i.sample_world(to_seed(seed)); },
           py::arg("seed") = py::none(),
           "A deal consistent with what the seat knows, hidden cards dealt from `seed`: the same as "
           "deal.sample_world(seat, seed) of the real deal.")
      .def("__repr__", [name](const InfoSet& i) {
        return "<" + std::string(name) + " seat " + std::to_string(i.seat()) + " at ply " + std::to_string(i.ply()) +
               ", hand " + i.hand().str() + ">";
      });
  m.def("ismcts", &run_ismcts<Deal>, py::arg("info"), py::kw_only(), py::arg("iterations") = py::none(),
        py::arg("time_limit") = py::none(), py::arg("c") = IsmctsOptions{}.c, py::arg("rollout") = "greedy",
        py::arg("reward") = "points", py::arg("threads") = 1, py::arg("seed") = py::none(), kIsmctsDoc);
}

}  // namespace

void bind_ismcts(py::module_& m) {
  py::class_<IsmctsChild>(m, "IsmctsChild", "One root move's statistics in an ISMCTS search.")
      .def_readonly("id", &IsmctsChild::id)
      .def_readonly("move", &IsmctsChild::move)
      .def_readonly("visits", &IsmctsChild::visits)
      .def_readonly("available", &IsmctsChild::available)
      .def_readonly("reward", &IsmctsChild::reward)
      .def("__repr__", [](const IsmctsChild& c) {
        char mean[32];
        std::snprintf(mean, sizeof mean, "%.4f", c.reward);
        return "IsmctsChild(" + std::string(py::repr(py::cast(c.move))) + ", visits=" + std::to_string(c.visits) +
               ", available=" + std::to_string(c.available) + ", reward=" + mean + ")";
      });

  py::class_<IsmctsResult>(m, "IsmctsResult", "What an ISMCTS search chose, and its root statistics.")
      .def_readonly("move", &IsmctsResult::move)
      .def_readonly("id", &IsmctsResult::id)
      .def_readonly("index", &IsmctsResult::index)
      .def_readonly("iterations", &IsmctsResult::iterations)
      .def_readonly("nodes", &IsmctsResult::nodes)
      .def_readonly("seconds", &IsmctsResult::seconds)
      .def_readonly("children", &IsmctsResult::children)
      .def("__repr__", [](const IsmctsResult& r) {
        return "IsmctsResult(move=" + std::string(py::repr(py::cast(r.move))) + ", iterations=" +
               std::to_string(r.iterations) +
               ", nodes=" + std::to_string(r.nodes) + ")";
      });

  m.attr("ISMCTS_DEFAULT_ITERATIONS") = kDefaultIterations;
  for_each_game([&](auto game) {
    using D = typename decltype(game)::type;
    bind_information_set<D>(m, class_name<D>("InformationSet"),
                            kept_text("What one seat of a " + std::string(GameTraits<D>::kName) +
                                      " deal may know, and nothing more: a searcher's only access to the deal."));
  });
}

}  // namespace ganzdy::bind
