// What binds every game from the registry's one list (for_each_game): each game's
// own binding file (bind_game<D>, cpp/bindings/<game>.cpp), then what the games
// share at module level: Rules.new_deal, playouts and deal_seed.
#include <algorithm>
#include <optional>
#include <string>

#include "bindings.h"
#include "bind_deal_contract.h"
#include "ganzdy/core/errors.h"
#include "ganzdy/search/playout.h"

#include <pybind11/numpy.h>

namespace ganzdy::bind {

namespace {

py::dict run_playouts(const Rules& rules, std::int64_t deals, py::handle agents, py::handle seed, int threads,
                      std::optional<bool> tribute) {
  return with_game(rules.game(), [&](auto game) {
    using D = typename decltype(game)::type;
    if (tribute && !GameTraits<D>::kTribute)
      throw RulesError("playouts: tribute= is for games whose hands pay tribute; " + rules.describe() + " has none");
    if (deals < 0) throw RulesError("deals=" + std::to_string(deals) + " is not allowed: expected 0 or more");
    auto policies = policies_from(agents, rules.players());
    const std::uint64_t s = to_seed(seed);
    auto shared = std::make_shared<const Rules>(rules);
    SignalPoll interrupted;
    const KeepGoing keep_going = [&] { return !interrupted(); };
    const PlayoutBatch batch = without_gil(
        [&] { return playouts<D>(shared, deals, policies, s, threads, tribute.value_or(true), keep_going); });
    interrupted.raise_if_stopped();
    const auto count = static_cast<py::ssize_t>(batch.winner.size());
    py::array_t<std::int64_t> points({count, static_cast<py::ssize_t>(batch.players)});
    std::copy(batch.points.begin(), batch.points.end(), points.mutable_data());
    py::dict out;
    out["points"] = points;
    out["winner"] = py::array_t<std::int8_t>(count, batch.winner.data());
    out["plies"] = py::array_t<std::int32_t>(count, batch.plies.data());
    out["bombs"] = py::array_t<std::int32_t>(count, batch.bombs.data());
    out["seed"] = py::int_(s);
    return out;
  });
}

}  // namespace

void bind_games(py::module_& m) {
  for_each_game([&](auto game) { bind_game<typename decltype(game)::type>(m); });

  // One front door for every game: the rules name the game, and the game's deal
  // class takes the same leading arguments and its own setup keywords.
  py::class_<Rules> rules = py::reinterpret_borrow<py::class_<Rules>>(m.attr("Rules"));
  py::object module = m;
  rules.def(
      "new_deal",
      [module](py::object self, py::handle seed, py::handle dealer, const py::kwargs& setup) {
        const Rules& r = self.cast<const Rules&>();
        const char* cls = with_game(r.game(), [](auto game) { return class_name<typename decltype(game)::type>("Deal"); });
        return module.attr(cls)(self, seed, dealer, **setup);
      },
      py::arg("seed") = py::none(), py::arg("dealer") = 0,
      "A new deal of the rules' game: its deal class (e.g. GuandanDeal) called as (rules, seed, dealer, "
      "**setup). seed: None draws a fresh random seed, kept in the deal. dealer: the seat dealt the deck's first "
      "card. setup: the game's own keywords (deck= for every game; the deal class's constructor lists the "
      "others).");

  m.def("playouts", &run_playouts, py::arg("rules"), py::arg("deals"), py::arg("agents") = "random",
        py::arg("seed") = py::none(), py::arg("threads") = 0, py::arg("tribute") = py::none(),
        "Play whole deals (or hands of a match) of the rules' game in C++ with built-in policies; NumPy arrays "
        "of points, winner, plies, bombs. tribute (games whose hands pay tribute, default True): each hand "
        "follows a random previous hand, so tribute is paid; False plays first hands of a match.");

  m.def("deal_seed", [](py::handle seed, std::uint64_t index) { return deal_seed(to_seed(seed), index); },
        py::arg("seed"), py::arg("index"),
        "The shuffle seed of deal `index` of a playouts batch seeded `seed` (dealt by seat index % players).");
}

}  // namespace ganzdy::bind
