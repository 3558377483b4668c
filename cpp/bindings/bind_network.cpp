// ganzdy.Network: the learned agents' network (rl/network.h), loaded from a file or
// bytes, scoring the legal moves of any game's deal.
#include <cstring>
#include <memory>
#include <optional>
#include <string>

#include "bind_deal_contract.h"
#include "bindings.h"
#include "ganzdy/rl/network.h"

#include <pybind11/numpy.h>

namespace ganzdy::bind {

namespace {

PyObject* g_network_error = nullptr;

using NetworkPtr = std::shared_ptr<Network>;

// Calls f(deal) with `obj` cast to its game's deal class; TypeError when it is no deal.
template <class F>
auto with_deal(py::handle obj, F&& f) {
  using Result = decltype(f(std::declval<const gdy::Deal&>()));
  std::optional<Result> result;
  for_each_game([&](auto game) {
    using D = typename decltype(game)::type;
    if (!result && py::isinstance<D>(obj)) result.emplace(f(obj.cast<const D&>()));
  });
  if (!result) throw py::type_error("expected a deal (GanDengYanDeal, GuandanDeal or GoujiDeal), got " + quoted(obj));
  return std::move(*result);
}

// The deal's seat to act, checked: a network scores the legal moves of that seat,
// from its own observation.
template <class D>
void require_acting(const D& d, py::handle seat, const char* what) {
  if (d.is_terminal()) throw RulesError(std::string(what) + ": the deal is over, so there is no seat to act");
  if (seat.is_none()) return;
  const int s = to_seat(seat, d.players(), "seat");
  if (s != d.current_player())
    throw RulesError(std::string(what) + ": seat " + std::to_string(s) + " is not to act (seat " +
                     std::to_string(d.current_player()) + " is); a network scores the legal moves of the seat to act");
}

FloatArray scores_of(const Network& net, py::handle deal, py::handle seat) {
  return with_deal(deal, [&](const auto& d) {
    require_acting(d, seat, "Network.scores()");
    net.check_fits(d);
    // Scored on a copy taken with the GIL held, as the deal's long calls do.
    const auto frozen = d.copy_without_history();
    MoveList legal;
    frozen.legal_moves(legal);
    FloatArray out(static_cast<py::ssize_t>(legal.size()));
    float* data = out.mutable_data();
    without_gil([&] { net.scores(frozen, legal, std::span<float>(data, legal.size())); });
    return out;
  });
}

}  // namespace

void bind_network(py::module_& m) {
  auto base = py::reinterpret_borrow<py::object>(m.attr("GanzdyError"));
  g_network_error = py::register_exception<NetworkFileError>(m, "NetworkFileError", base.ptr()).ptr();
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const NetworkFileError& e) {
      // A path in the message need not be UTF-8: undecodable bytes show as \xNN.
      PyObject* text = PyUnicode_DecodeUTF8(e.what(), static_cast<Py_ssize_t>(std::strlen(e.what())), "backslashreplace");
      if (text == nullptr) return;
      PyErr_SetObject(g_network_error, text);
      Py_DECREF(text);
    }
  });
  m.attr("MOVE_VECTOR_SIZE") = move_vector_size();

  py::class_<Network, NetworkPtr>(
      m, "Network",
      "A learned agent's network (the format of ganzdy.network), in C++: it scores a position's legal moves "
      "from the acting seat's observation, one forward pass a distinct move vector. Safe to use from several "
      "threads; the GIL is released while it computes.")
      .def_static(
          "load",
          [](py::handle path) {
            // The file name as the OS takes it (os.fsencode: str, bytes or a path object).
            py::object encoded;
            try {
              encoded = py::module_::import("os").attr("fsencode")(path);
            } catch (py::error_already_set& e) {
              if (e.matches(PyExc_TypeError))
                throw py::type_error("path must be a file name (str, bytes or os.PathLike), got " + quoted(path));
              if (!e.matches(PyExc_UnicodeError)) throw;
              throw NetworkFileError(quoted(path) + ": a file name this system cannot encode");
            }
            const std::string p = encoded.cast<std::string>();
            return std::make_shared<Network>(without_gil([&] { return Network::load(p); }));
          },
          py::arg("path"), "The network in the file at `path`; NetworkFileError saying what is wrong otherwise.")
      .def_static(
          "from_bytes",
          [](const py::bytes& data, py::handle name) {
            return std::make_shared<Network>(Network::from_bytes(std::string(data), text_arg(name, "name")));
          },
          py::arg("data"), py::kw_only(), py::arg("name") = "<bytes>",
          "The network in `data` (a network file's bytes); `name` names it in errors.")
      .def_property_readonly("header", [](const Network& n) {
        py::dict out;
        for (const auto& [k, v] : n.header()) out[py::str(k)] = py::str(v);
        return out;
      }, "The file's header, key to value (str), in file order; unknown keys kept.")
      .def_property_readonly("game", &Network::game, "The game it was trained for (a Rules.game name).")
      .def_property_readonly("players", &Network::players)
      .def_property_readonly("observation_version", &Network::observation_version)
      .def_property_readonly("observation_size", &Network::observation_size)
      .def_property_readonly("widths", &Network::widths, "The layer widths, input first, 1 last.")
      .def_property_readonly("source", &Network::source, "The path or name it was loaded from.")
      .def("scores", &scores_of, py::arg("deal"), py::arg("seat") = py::none(),
           "The score of each legal move of the seat to act (float32, in legal_moves order), from that seat's "
           "observation: suit variants of a play share a score. `seat`, when given, must be the seat to act. "
           "NetworkFileError when the network was made for another game, seat count or observation.")
      .def(
          "choose",
          [](const Network& net, py::handle deal) {
            return with_deal(deal, [&](const auto& d) {
              require_acting(d, py::none(), "Network.choose()");
              net.check_fits(d);
              const auto frozen = d.copy_without_history();
              return without_gil([&] { return net.choose(frozen); });
            });
          },
          py::arg("deal"),
          "The index in legal_moves of the best-scored move of the seat to act (the first on a tie).")
      .def(
          "evaluate",
          [](const NetworkPtr& net, py::handle deal, py::handle temperature) {
            return with_deal(deal, [&](const auto& d) {
              using D = std::decay_t<decltype(d)>;
              require_acting(d, py::none(), "Network.evaluate()");
              const auto t = static_cast<float>(temperature_arg(temperature, GameTraits<D>::kPriorTemperature,
                                                                "Network.evaluate", "temperature"));
              const NetworkEvaluator<D> evaluator(net, d.rules(), t);
              const D frozen = d.copy_without_history();
              MoveList legal;
              frozen.legal_moves(legal);
              FloatArray priors(static_cast<py::ssize_t>(legal.size()));
              float* data = priors.mutable_data();
              const float value =
                  without_gil([&] { return evaluator.evaluate(frozen, legal, std::span<float>(data, legal.size())); });
              return py::make_tuple(priors, value);
            });
          },
          py::arg("deal"), py::kw_only(), py::arg("temperature") = py::none(),
          "What the search's evaluator (NetworkEvaluator) says of the seat to act: (priors, value), priors "
          "softmax(scores / temperature) over the legal moves (None: the game's search default, 0.1, Gouji 0.02), value the best score clamped to [0, 1].")
      .def(
          "check_fits",
          [](const Network& net, const Rules& rules) {
            with_game(rules.game(), [&](auto game) { net.check_fits<typename decltype(game)::type>(rules); });
          },
          py::arg("rules"),
          "Raise NetworkFileError unless the network was made for these rules' game, seat count and "
          "observation (what scores() checks of a deal).")
      .def(
          "score_vectors",
          [](const Network& net, const py::array_t<float, py::array::c_style | py::array::forcecast>& observation,
             const py::array_t<float, py::array::c_style | py::array::forcecast>& moves) {
            if (observation.ndim() != 1 || observation.shape(0) != net.observation_size())
              throw GanzdyError("score_vectors: observation of shape " + quoted(py::str(observation.attr("shape"))) +
                                "; the network reads (" + std::to_string(net.observation_size()) + ",)");
            if (moves.ndim() != 2 || moves.shape(1) != net.move_size())
              throw GanzdyError("score_vectors: move vectors of shape " + quoted(py::str(moves.attr("shape"))) +
                                "; the network reads (n, " + std::to_string(net.move_size()) + ")");
            const auto n = static_cast<std::size_t>(moves.shape(0));
            FloatArray out(static_cast<py::ssize_t>(n));
            float* data = out.mutable_data();
            const float* obs = observation.data();
            const float* rows = moves.data();
            without_gil([&] { net.score_vectors(obs, rows, n, data); });
            return out;
          },
          py::arg("observation"), py::arg("move_vectors"),
          "The scores of move vector rows (ganzdy.network.move_vectors) after an observation: what scores() "
          "computes from a deal, for a view's observation and move_vectors (equal rows scored once).")
      .def("__repr__", [](const Network& n) {
        std::string widths;
        for (int w : n.widths()) widths += (widths.empty() ? "" : " ") + std::to_string(w);
        return "<Network " + n.game() + ", " + std::to_string(n.players()) + " players, layers " + widths + ", from " +
               n.source() + ">";
      });
}

}  // namespace ganzdy::bind
