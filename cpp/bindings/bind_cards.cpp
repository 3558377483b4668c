#include <string>

#include "bindings.h"
#include "ganzdy/core/errors.h"

namespace ganzdy::bind {

Cards to_cards(py::handle obj, const char* what) {
  if (py::isinstance<Cards>(obj)) return obj.cast<Cards>();
  if (py::isinstance<py::str>(obj)) return Cards::parse(text_arg(obj, what));
  throw py::type_error(std::string(what) + "=" + quoted(obj) + " must be card text or Cards, not " +
                       Py_TYPE(obj.ptr())->tp_name);
}

namespace {

// count("5") counts a rank, count("5s") / count("BJ") a face.
int count_of(const Cards& cards, py::handle what) {
  const std::string token = text_arg(what, "what");
  if (auto rank = parse_rank(token)) return cards.rank_count(*rank);
  Cards one = Cards::parse(token);
  if (one.size() != 1)
    throw ParseError("count() takes one rank ('5', 'T', '10') or one card ('5s', 'BJ'), not " + quoted(what));
  for (int f = 0; f < kNumFaces; ++f)
    if (one.count(f)) return cards.count(f);
  return 0;
}

}  // namespace

void bind_cards(py::module_& m) {
  py::class_<Cards>(m, "Cards", "A multiset of physical cards (up to four packs).")
      .def(py::init([](py::handle text) { return to_cards(text, "Cards()"); }), py::arg("cards") = "")
      .def_static("parse", [](py::handle text) { return Cards::parse(text_arg(text, "text")); }, py::arg("text"),
                  "Parse card notation ('5s 5h BJ', spaces optional, any case, 10 for T).")
      .def("__str__", &Cards::str)
      .def("__repr__", [](const Cards& c) { return "Cards('" + c.str() + "')"; })
      .def("__len__", &Cards::size)
      .def("__bool__", [](const Cards& c) { return !c.empty(); })
      .def("__iter__",
           [](const Cards& c) {
             py::list out;
             for (int f = 0; f < kNumFaces; ++f)
               for (int n = c.count(f); n > 0; --n) out.append(face_name(f));
             return py::iter(out);
           })
      .def("__contains__", [](const Cards& c, py::handle other) { return c.contains(to_cards(other, "operand")); })
      .def("__add__",
           [](const Cards& a, py::handle other) {
             Cards b = to_cards(other, "operand");
             if (a.overflows_with(b))
               throw DeckError("cannot add " + b.str() + " to " + a.str() + ": more than " +
                               std::to_string(Cards::kMaxCopies) + " copies of a card");
             return a + b;
           })
      .def("__sub__",
           [](const Cards& a, py::handle other) {
             Cards b = to_cards(other, "operand");
             if (!a.contains(b)) throw DeckError("cannot remove " + b.str() + " from " + a.str() + ": not all present");
             return a - b;
           })
      .def("__eq__",
           [](const Cards& a, py::handle other) {
             return py::isinstance<Cards>(other) && a == other.cast<Cards>();
           })
      .def("__hash__", [](const Cards& c) { return static_cast<py::ssize_t>(c.hash() >> 1); })
      .def("count", &count_of, py::arg("what"),
           "Cards of a rank ('5', 'T', '10'), or copies of one card ('5s', 'BJ').")
      .def_property_readonly("jokers", &Cards::jokers, "Number of jokers.")
      .def(py::pickle([](const Cards& c) { return py::object(py::str(c.str())); },
                      [](const py::object& text) { return Cards::parse(text_arg(text, "Cards state")); }));
}

}  // namespace ganzdy::bind
