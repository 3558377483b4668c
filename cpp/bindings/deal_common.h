// What the bindings of the deals (ganzdy.GanDengYanDeal, ganzdy.GuandanDeal, ganzdy.GoujiDeal) share.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "bindings.h"
#include "ganzdy/core/errors.h"
#include "ganzdy/rl/move_features.h"

#include <pybind11/numpy.h>

namespace ganzdy::bind {

// The lazy, list-like view of a deal's legal moves (ganzdy.GanDengYanLegalMoves,
// ganzdy.GuandanLegalMoves): regenerated on each use, so it always reflects the
// deal as it is now.
template <typename DealT>
struct LegalMovesView {
  py::object owner;  // keeps the deal alive
  const DealT* deal;
  MoveList moves() const {
    MoveList out;
    deal->legal_moves(out);
    return out;
  }
};

template <typename DealT>
void bind_legal_moves(py::module_& m, const char* name, const char* doc) {
  using View = LegalMovesView<DealT>;
  const std::string prefix = "<" + std::string(name) + " (";
  py::class_<View>(m, name, doc)
      .def("__len__", [](const View& v) { return v.moves().size(); })
      .def("__bool__", [](const View& v) { return !v.deal->is_terminal(); })
      .def("__iter__", [](const View& v) {
        auto moves = v.moves();
        return py::iter(py::cast(std::vector<Move>(moves.begin(), moves.end())));
      })
      .def("__getitem__",
           [](const View& v, py::ssize_t i) {
             auto moves = v.moves();
             const auto n = static_cast<py::ssize_t>(moves.size());
             if (i < 0) i += n;
             if (i < 0 || i >= n) throw py::index_error("legal move index out of range");
             return moves[static_cast<std::size_t>(i)];
           })
      .def("__contains__", [](const View& v, py::handle move) {
        return py::isinstance<Move>(move) && v.deal->is_legal(move.cast<Move>());
      })
      // As list.index, with the engine's error: an index is what a policy over the legal
      // moves (a teacher's label, an OpenSpiel action) needs of a move an agent chose.
      .def(
          "index",
          [](const View& v, py::handle move) {
            if (!py::isinstance<Move>(move))
              throw IllegalMoveError("legal_moves.index(" + quoted(move) + "): expected a Move");
            const Move wanted = move.cast<Move>();
            const auto moves = v.moves();
            for (std::size_t i = 0; i < moves.size(); ++i)
              if (moves[i] == wanted) return i;
            throw IllegalMoveError(v.deal->is_terminal()
                                       ? wanted.str() + " is not a legal move: the deal is over"
                                       : wanted.str() + " is not a legal move of seat " +
                                             std::to_string(v.deal->current_player()));
          },
          py::arg("move"), "The index of `move` among the legal moves; IllegalMoveError when it is not one.")
      .def("__repr__", [prefix](const View& v) {
        auto moves = v.moves();
        std::string out = prefix + std::to_string(moves.size()) + "): ";
        for (std::size_t i = 0; i < moves.size() && i < 12; ++i) out += (i ? ", " : "") + moves[i].str();
        if (moves.size() > 12) out += ", ...";
        return out + ">";
      });
}

// Calls f(ply) on every ply of a history, oldest first: a vector, or a History (history.h).
template <typename H, typename F>
void for_each_ply(const H& history, F&& f) {
  if constexpr (requires { history.for_each(f); })
    history.for_each(f);
  else
    for (const auto& ply : history) f(ply);
}

// `d`, its past built first when it is a sampled world whose past waits to be
// (DealBase::restore_past): what shows or undoes the past reads it through this.
template <typename DealT>
DealT& with_past(DealT& d) {
  d.restore_past();
  return d;
}

// Deal.pop(): undoes the last move and returns it; IllegalMoveError when there is none.
template <typename DealT>
Move pop_move(DealT& d) {
  with_past(d);
  if (d.history().empty())
    throw IllegalMoveError(d.root_ply() > 0 ? "pop(): no move to undo (this copy was made without history at ply " +
                                                  std::to_string(d.root_ply()) + ")"
                                            : std::string("pop(): no move to undo"));
  Move last = d.history().back().move;
  d.pop();
  return last;
}

// The seat an observation or a sampled world is for: `seat`, or the seat to act.
template <typename DealT>
int seat_or_current(const DealT& d, py::handle seat, int players, const char* what) {
  if (!seat.is_none()) return to_seat(seat, players, "seat");
  if (d.is_terminal())
    throw RulesError(std::string(what) + ": the deal is over, so there is no seat to act; pass seat= explicitly");
  return d.current_player();
}

// repr(obj) cut to 200 characters, for a message quoting a bad argument.
inline std::string repr_of(py::handle obj) { return quoted(obj); }
// A seat, or None for -1 (no seat yet); a face's name, or None for -1.
inline py::object seat_or_none(int seat) { return seat < 0 ? py::none() : py::object(py::int_(seat)); }
inline py::object face_or_none(int face) { return face < 0 ? py::none() : py::object(py::str(face_name(face))); }

// A deal of D from its constructor's leading arguments: dealt from `deck` when given
// (card text or a list of card strings, else DeckError; RulesError with a seed too),
// else shuffled from `seed`; `setup` follows either way.
template <typename D, typename... Setup>
D deal_from(const std::shared_ptr<const Rules>& rules, py::handle seed, py::handle deck, const Setup&... setup) {
  if (deck.is_none()) return D(rules, seed_arg(seed), setup...);
  if (!seed.is_none()) throw RulesError("give a seed or a deck order, not both");
  const std::string bad =
      "deck=" + repr_of(deck) + " is not a deck order: expected card text or a list of card strings";
  if (!py::isinstance<py::str>(deck) && !py::isinstance<py::sequence>(deck)) throw DeckError(bad);
  std::vector<Face> order;
  try {
    order = deck_from(deck);
  } catch (const py::type_error&) {
    throw DeckError(bad);
  }
  return D(rules, std::move(order), setup...);
}

// The deck order as card names, top card first.
inline py::list deck_names(const std::vector<Face>& deck) {
  py::list out;
  for (Face f : deck) out.append(face_name(f));
  return out;
}

// Raises AssertionError with `broken` unless it is empty (Deal.check_invariants()).
inline void raise_if_broken(const std::string& broken) {
  if (broken.empty()) return;
  PyErr_SetString(PyExc_AssertionError, broken.c_str());
  throw py::error_already_set();
}

// Deal.legal_move_features(): the features (move_features.h) of the legal moves,
// one row per move in legal_moves order, as fresh arrays.
template <typename DealT>
py::dict legal_move_features(const DealT& d, int wild_face) {
  MoveList moves;
  d.legal_moves(moves);
  const auto n = static_cast<py::ssize_t>(moves.size());
  py::array_t<std::uint8_t> cards({n, static_cast<py::ssize_t>(kNumFaces)});
  py::array_t<std::uint8_t> kinds(n);
  py::array_t<std::int8_t> keys(n);
  py::array_t<std::uint8_t> wilds(n);
  write_move_features(moves, wild_face, cards.mutable_data(), kinds.mutable_data(), keys.mutable_data(),
                      wilds.mutable_data());
  py::dict out;
  out["cards"] = cards;
  out["kind"] = kinds;
  out["key"] = keys;
  out["wilds"] = wilds;
  return out;
}

inline constexpr const char* kLegalMoveFeaturesDoc =
    "The legal moves' features, one row per move in legal_moves order (row k is move id k of the vector "
    "env): {'cards': uint8 [n, 54] face counts, 'kind': uint8 (ganzdy.MOVE_KINDS[kind] names it), 'key': "
    "int8 (the key rank index, -1 when rankless), 'wilds': uint8 (wild cards played)}.";

// The members every deal class binds alike: the plies and their undo, the legality
// checks, parsing, copies and the hash. `ply_doc` and `history_doc` say what a ply
// is in the game, `pop_doc` what pop() may undo.
template <typename DealT>
void bind_deal_moves(py::class_<DealT>& cls, const char* ply_doc, const char* history_doc, const char* pop_doc) {
  cls.def_property_readonly("ply", &DealT::ply, ply_doc)
      .def_property_readonly("root_ply", [](DealT& d) { return with_past(d).root_ply(); },
                             "The ply a history-less copy was made at (0 for a deal with its whole history).")
      .def_property_readonly("history", [](DealT& d) {
        py::list out;
        for_each_ply(with_past(d).history(), [&](const auto& ply) { out.append(py::make_tuple(static_cast<int>(ply.seat), ply.move)); });
        return out;
      }, history_doc)
      .def("why_illegal", [](const DealT& d, const Move& move) {
        std::string why = d.why_illegal(move);
        return why.empty() ? py::none() : py::object(py::str(why));
      }, py::arg("move"), "Why the move is illegal for the player to act, or None when it is legal.")
      .def("is_legal", &DealT::is_legal, py::arg("move"))
      .def("push", &DealT::push, py::arg("move"), "Make a move, checked: IllegalMoveError says why and changes nothing.")
      .def("pop", &pop_move<DealT>, pop_doc)
      .def("parse_move", &DealT::parse_move, py::arg("text"))
      .def("copy", [](DealT& d, bool history) { return history ? d.copy() : d.copy_without_history(); },
           py::arg("history") = true,
           "An independent copy, in constant time (the history is shared). history=False is the copy for search: "
           "it plays on but cannot pop() past this point, be pickled or be recorded.")
      .def("__copy__", [](DealT& d) { return d.copy(); })
      .def("__deepcopy__", [](DealT& d, py::handle) { return d.copy(); })
      .def("hash", &DealT::hash, "A hash of everything that decides the rest of the deal.");
}

}  // namespace ganzdy::bind
