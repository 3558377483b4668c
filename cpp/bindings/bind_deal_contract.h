// The deal contract, bound once for every game: bind_deal<D>() gives a game's deal
// class every member the three deals share, under one name and one signature, so
// a game's binding file adds only what the game adds (tribute, phases, levels,
// buying...). The members come from the deal class itself and from free functions
// found next to it by argument-dependent lookup: apply_guarded(deal, move),
// encode_observation(deal, seat, perfect, out) and
// playout(deal, policies, rng).
//
// Threads: a bound deal is only ever read or changed with the GIL held. Where a
// long call lets the GIL go (sample_world, playout) it first copies what it works
// on, so another Python thread pushing or popping the same deal meanwhile cannot
// pull the ground from under it; the GIL is the per-object guard, and costs an
// uncontended call nothing.
#pragma once

#include <deque>
#include <string>
#include <vector>

#include "bindings.h"
#include "deal_common.h"
#include "ganzdy/core/errors.h"
#include "ganzdy/core/random.h"
#include "ganzdy/games.h"
#include "ganzdy/rl/network.h"

namespace ganzdy::bind {

// Calls f(std::type_identity<Deal>{}) once for every game, in the registry's order
// (with_game, games.h): binding code loops over the games rather than naming them.
template <class F>
void for_each_game(F&& f) {
  for (int g = 0; g < kNumGames; ++g) with_game(static_cast<Game>(g), f);
}

// The prefix of a game's Python class names: its name for people without the
// spaces ("GanDengYan" + "Deal", "Guandan" + "InformationSet").
template <class D>
std::string class_prefix() {
  std::string out;
  for (char c : GameTraits<D>::kName)
    if (c != ' ') out += c;
  return out;
}

// `text` kept for the module's lifetime: pybind11 keeps the const char* of a name
// or docstring it is given. Called at import only, with the GIL held.
inline const char* kept_text(std::string text) {
  static std::deque<std::string> texts;  // a deque never moves what it holds
  for (const std::string& t : texts)
    if (t == text) return t.c_str();
  return texts.emplace_back(std::move(text)).c_str();
}

// A game's Python class name: prefix + `suffix` ("GuandanDeal").
template <class D>
const char* class_name(const std::string& suffix) {
  return kept_text(class_prefix<D>() + suffix);
}

// What only the game of D binds: its deal class (through bind_deal below, with its
// constructor, docs and own members), its outcome and the game's own classes.
// Defined in the game's binding file, cpp/bindings/<game>.cpp; bind_games()
// (bind_games.cpp) calls it for every game of the registry.
template <class D>
void bind_game(py::module_& m);

// What differs between the games' bindings of the shared members: their docs (the
// class names come from the game's name, class_prefix<D>()).
struct DealDocs {
  const char* doc;               // the deal class's docstring
  const char* ply;               // what a ply is in the game
  const char* history;           // what the history holds
  const char* pop;               // what pop() may undo
  const char* apply;             // what apply() still refuses
  const char* observation;       // how the observation is laid out
  const char* playout;           // what a playout plays through
};

// Binds the deal class D and its legal-moves view. `observation_size(deal, perfect)`
// is the length of the deal's observation vector.
template <typename D, typename ObservationSize>
py::class_<D> bind_deal(py::module_& m, const DealDocs& docs, ObservationSize observation_size) {
  bind_legal_moves<D>(m, class_name<D>("LegalMoves"), "The legal moves of a deal now: a lazy, list-like view.");
  py::class_<D> cls(m, class_name<D>("Deal"), docs.doc);
  auto seats = [](const D& d) { return d.rules().players(); };
  bind_deal_moves(cls, docs.ply, docs.history, docs.pop);
  cls.def_property_readonly("rules", [](const D& d) { return d.rules(); })
      .def_property_readonly("players", seats)
      .def_property_readonly("seed", [](const D& d) { return d.has_seed() ? py::object(py::int_(d.seed())) : py::none(); })
      .def_property_readonly("deck", [](D& d) { return deck_names(with_past(d).deck()); }, "The deck order, top card first.")
      .def_property_readonly("dealer", [](const D& d) {
        if constexpr (requires { d.dealer(); })
          return d.dealer();
        else
          return d.setup().dealer;
      }, "The seat dealt the deck's first card.")
      .def_property_readonly("current_player", [](const D& d) {
        return d.is_terminal() ? py::none() : py::object(py::int_(d.current_player()));
      }, "The seat to act, or None once the deal is over.")
      .def_property_readonly("is_terminal", &D::is_terminal)
      .def_property_readonly("outcome", &D::outcome)
      .def_property_readonly("legal_moves", [](py::object self) {
        return LegalMovesView<D>{self, &self.cast<const D&>()};
      }, "The legal moves of the seat to act: a lazy view, regenerated on each use.")
      .def_property_readonly("table", [](const D& d) { return d.table(); }, "The play to beat (a pass on a lead).")
      .def_property_readonly("table_owner", [](const D& d) {
        return d.table_owner() < 0 ? py::none() : py::object(py::int_(d.table_owner()));
      }, "The seat that made the table play, or None.")
      .def_property_readonly("played", [](const D& d) { return d.played(); }, "Every card played in tricks so far.")
      .def_property_readonly("hands", [seats](const D& d) {
        std::vector<Cards> out;
        for (int s = 0; s < seats(d); ++s) out.push_back(d.hand(s));
        return out;
      }, "Every seat's hand, by seat.")
      .def_property_readonly("hand_sizes", [seats](const D& d) {
        std::vector<int> out;
        for (int s = 0; s < seats(d); ++s) out.push_back(d.hand_size(s));
        return out;
      }, "Every seat's number of cards, by seat (public knowledge).")
      .def("hand", [seats](const D& d, py::handle seat) { return d.hand(to_seat(seat, seats(d), "seat")); },
           py::arg("seat"))
      .def("is_out", [seats](const D& d, py::handle seat) { return d.is_out(to_seat(seat, seats(d), "seat")); },
           py::arg("seat"), "Whether the seat has gone out (played its last card).")
      .def("apply", [](D& d, const Move& move) { apply_guarded(d, move); }, py::arg("move"), docs.apply)
      .def("copy_without_history", &D::copy_without_history,
           "copy(history=False): the copy for search, which cannot pop() past this point.")
      .def(
          "sample_world",
          [seats](D& d, py::handle seat_obj, py::handle seed) {
            const int seat = seat_or_current(d, seat_obj, seats(d), "sample_world");
            const std::uint64_t s = to_seed(seed);
            // Sampled from a copy taken with the GIL held (constant time, the history
            // shared and immutable): another thread may push or pop `d` meanwhile.
            const D frozen = d.copy();
            return without_gil([&] { return frozen.sample_world(seat, s); });
          },
          py::arg("seat") = py::none(), py::arg("seed") = py::none(),
          "A deal consistent with everything `seat` (default: the seat to act) has seen, the unseen cards dealt "
          "at random (reproducibly for a seed) among the other hands (and the stock, where there is one). It "
          "has no history and no seed. The GIL is released while it samples.")
      .def(
          "observation",
          [seats, observation_size](const D& d, py::handle seat_obj, bool perfect, py::handle out_obj) {
            const int seat = seat_or_current(d, seat_obj, seats(d), "observation");
            FloatArray out = observation_buffer(out_obj, observation_size(d, perfect));
            encode_observation(d, seat, perfect, out.mutable_data());
            return out;
          },
          py::arg("seat") = py::none(), py::kw_only(), py::arg("perfect") = false, py::arg("out") = py::none(),
          docs.observation)
      .def("legal_move_features", [](const D& d) { return legal_move_features(d, move_feature_wild_face(d)); },
           kLegalMoveFeaturesDoc)
      .def(
          "greedy_index",
          [](const D& d) {
            if (d.is_terminal()) throw RulesError("greedy_index(): the deal is over, so there is no seat to act");
            MoveList legal;
            d.legal_moves(legal);
            require_moves(d, legal);
            return GameTraits<D>::greedy(d, legal);
          },
          "The index in legal_moves of the built-in greedy policy's choice for the seat to act. The policy "
          "reads only what that seat may know: its own hand, the public state and the legal moves.")
      .def(
          "playout",
          [seats](const D& d, py::handle agents, py::handle seed) {
            auto policies = policies_from(agents, seats(d));
            D copy = d.copy_without_history();  // the playout never undoes
            Random rng(to_seed(seed));
            without_gil([&] { playout(copy, policies, rng); });
            return copy.outcome();
          },
          py::arg("agents") = "random", py::arg("seed") = py::none(), docs.playout)
      .def("check_invariants", [](const D& d) { raise_if_broken(d.invariant_violation()); },
           "Raise AssertionError naming the first broken invariant (every card of the deck in one place, hand "
           "sizes, seats out, whose turn, and the game's own); nothing when they all hold. Checked in every build.")
      .def("__str__", &D::str);
  return cls;
}

}  // namespace ganzdy::bind
