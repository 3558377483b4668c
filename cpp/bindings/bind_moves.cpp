#include <string>

#include "bindings.h"
#include "ganzdy/core/errors.h"

namespace ganzdy::bind {

namespace {

Move make_move(py::handle kind_obj, py::handle rank_obj, py::handle cards_obj) {
  const std::string kind_text = text_arg(kind_obj, "kind");
  const std::string rank_text = text_arg(rank_obj, "rank");
  auto kind = parse_kind(kind_text);
  if (!kind) {
    std::string kinds;
    for (int k = 0; k < kNumKinds; ++k) {
      if (k > 0) kinds += ", ";
      kinds += kind_name(static_cast<Kind>(k));
    }
    throw ParseError("unknown move kind " + quoted(kind_obj) + ": expected one of " + kinds);
  }
  Move m;
  m.kind = *kind;
  m.cards = to_cards(cards_obj, "Move cards");
  // A single or pair of jokers has no rank (Guandan); other kinds either never
  // have one or always do.
  const bool joker_group = (*kind == Kind::single || *kind == Kind::pair) && is_rankless(*kind, m.cards);
  if (joker_group && rank_text.empty()) {
    m.rank = kNoRank;
  } else if (is_rankless(*kind, m.cards) && !joker_group) {
    if (!rank_text.empty()) throw ParseError("a " + kind_text + " has no rank, got " + quoted(rank_obj));
  } else {
    auto rank = parse_rank(rank_text);
    if (!rank)
      throw ParseError("bad rank " + quoted(rank_obj) + " for a " + kind_text + ": expected 3-9, T, J, Q, K, A or 2");
    m.rank = static_cast<std::int8_t>(*rank);
  }
  if (is_word_kind(*kind) && !m.cards.empty())
    throw ParseError("a " + kind_text + " plays no cards, got '" + m.cards.str() + "'");
  const int n = m.cards.size();
  if (n > 255) throw ParseError("a move plays at most 255 cards, got " + std::to_string(n));
  m.length = static_cast<std::uint8_t>(n);
  return m;
}

std::string move_repr(const Move& m) {
  if (m.is_word()) return "Move('" + std::string(kind_name(m.kind)) + "')";
  return "Move('" + std::string(kind_name(m.kind)) + "', '" + std::string(rank_name(m.rank)) + "', '" +
         m.cards.str() + "')";
}

}  // namespace

void bind_moves(py::module_& m) {
  {
    // Kind names by their enum value: the `kind` of the move features (move_features.h).
    py::tuple kinds(kNumKinds);
    for (int k = 0; k < kNumKinds; ++k) kinds[static_cast<std::size_t>(k)] = py::str(std::string(kind_name(static_cast<Kind>(k))));
    m.attr("MOVE_KINDS") = kinds;
  }
  m.def(
      "parse_move_text",
      [](py::handle text) {
        MoveText parsed = parse_move_text(text_arg(text, "text"));
        return py::make_tuple(parsed.cards, parsed.declared ? py::cast(*parsed.declared) : py::none());
      },
      py::arg("text"), "(cards, declared move or None) of move text, unchecked against any rules.");
  py::class_<Move>(m, "Move", "Cards plus a declaration: kind, key rank and length.")
      .def(py::init(&make_move), py::arg("kind"), py::arg("rank") = "", py::arg("cards") = "")
      .def_property_readonly("kind", [](const Move& mv) { return std::string(kind_name(mv.kind)); })
      .def_property_readonly("rank", [](const Move& mv) { return std::string(rank_name(mv.rank)); })
      .def_property_readonly("length", [](const Move& mv) { return static_cast<int>(mv.length); })
      .def_property_readonly("cards", [](const Move& mv) { return mv.cards; })
      .def_property_readonly("is_pass", &Move::is_pass)
      .def_property_readonly("is_bomb", &Move::is_bomb)
      .def_static(
          "parse",
          [](py::handle text_obj) {
            const std::string text = text_arg(text_obj, "text");
            MoveText parsed = parse_move_text(text);
            if (!parsed.declared)
              throw ParseError("'" + quoted(text) + "' names cards but no declaration: write '<cards> as <kind> <rank>', e.g. '" +
                               (parsed.cards.empty() ? std::string("5s 5h") : parsed.cards.str()) + " as pair 5', or 'pass'");
            return *parsed.declared;
          },
          py::arg("text"), "Parse declared move text ('5s BJ RJ as straight 3-5', 'pass'); the inverse of str().")
      .def("__str__", &Move::str)
      .def("__repr__", &move_repr)
      .def("__eq__", [](const Move& a, py::handle b) { return py::isinstance<Move>(b) && a == b.cast<Move>(); })
      .def("__lt__", [](const Move& a, const Move& b) { return a < b; })
      .def("__hash__", [](const Move& mv) { return static_cast<py::ssize_t>(mv.hash() >> 1); })
      .def(py::pickle(
          [](const Move& mv) {
            return py::make_tuple(std::string(kind_name(mv.kind)), std::string(rank_name(mv.rank)), mv.cards.str());
          },
          [](const py::tuple& t) {
            if (t.size() != 3) throw py::type_error("Move state must be (kind, rank, cards), not " + quoted(t));
            return make_move(t[0], t[1], t[2]);
          }));
}

}  // namespace ganzdy::bind
