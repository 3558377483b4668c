// The lazy, list-like view of a deal's legal moves (ganzdy.LegalMoves for Gan Deng
// Yan, ganzdy.GuandanLegalMoves for Guandan): regenerated on each use, so it always
// reflects the deal as it is now.
#pragma once

#include <string>
#include <vector>

#include "bindings.h"

namespace ganzdy::bind {

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
      .def("__repr__", [prefix](const View& v) {
        auto moves = v.moves();
        std::string out = prefix + std::to_string(moves.size()) + "): ";
        for (std::size_t i = 0; i < moves.size() && i < 12; ++i) out += (i ? ", " : "") + moves[i].str();
        if (moves.size() > 12) out += ", ...";
        return out + ">";
      });
}

}  // namespace ganzdy::bind
