#include <climits>
#include <string>

#include "bindings.h"
#include "ganzdy/core/errors.h"
#include "ganzdy/games.h"
#include "ganzdy/guandan/moves.h"
#include "ganzdy/gan_deng_yan/ids.h"
#include "ganzdy/gan_deng_yan/moves.h"
#include "ganzdy/gouji/moves.h"

namespace ganzdy::bind {

namespace {

py::object to_py(const OptionValue& v) {
  if (std::holds_alternative<std::monostate>(v)) return py::none();
  if (const bool* b = std::get_if<bool>(&v)) return py::bool_(*b);
  if (const auto* i = std::get_if<std::int64_t>(&v)) return py::int_(*i);
  return py::str(std::get<std::string>(v));
}

OptionValue from_py(const std::string& game, const std::string& name, py::handle v) {
  if (v.is_none()) return std::monostate{};
  if (py::isinstance<py::bool_>(v)) return v.cast<bool>();
  if (py::isinstance<py::str>(v)) return text_arg(v, name.c_str());
  if (py::isinstance<py::int_>(v)) {
    int overflow = 0;
    long long value = PyLong_AsLongLongAndOverflow(v.ptr(), &overflow);
    if (overflow == 0) return static_cast<std::int64_t>(value);
  }
  // A float, a list or an int beyond 64 bits: no option takes it.
  const OptionSpec* spec = find_option_spec(game, name);
  if (spec == nullptr) return std::monostate{};  // the constructor names the unknown option
  throw RulesError("option " + name + "=" + quoted(v) + " is not allowed: expected " +
                   spec->allowed());
}

Rules make_rules(py::handle game_obj, py::object players, const py::kwargs& kwargs) {
  const std::string game = text_arg(game_obj, "game");
  int n = Rules::default_players(game);
  if (!players.is_none()) {
    if (!py::isinstance<py::int_>(players) || py::isinstance<py::bool_>(players))
      throw RulesError("players=" + quoted(players) + " is not allowed: expected an integer");
    int overflow = 0;
    long long value = PyLong_AsLongLongAndOverflow(players.ptr(), &overflow);
    n = (overflow != 0 || value > INT_MAX || value < INT_MIN) ? INT_MAX : static_cast<int>(value);
  }
  std::vector<std::pair<std::string, OptionValue>> options;
  for (auto item : kwargs) {
    std::string name = text_arg(item.first, "option name");
    options.emplace_back(name, from_py(game, name, item.second));
  }
  return Rules(game, n, options);
}

std::string why_illegal(const Rules& rules, const Cards& hand, const Move& table, const Move& move,
                        bool opened_point = false) {
  return with_traits(rules, [&](auto traits) { return traits.why_illegal(rules, hand, table, move, opened_point); });
}

// Moves from another game's rules or from nowhere must not reach the generator.
void check_combination(const Rules& rules, const Move& move, const char* what) {
  rules.check_in_deck(move.cards, what);
  if (move.is_pass()) throw IllegalMoveError(std::string(what) + " must be a combination, not a pass");
  if (!is_combination(rules, move))
    throw IllegalMoveError(std::string(what) + " " + move.str() + " is not a combination under " + rules.describe() +
                           ": " + why_illegal(rules, move.cards, Move::pass_move(), move));
}

py::list to_list(const MoveList& moves) {
  py::list out(moves.size());
  for (std::size_t i = 0; i < moves.size(); ++i) out[i] = py::cast(moves[i]);
  return out;
}

// What a set of cards is as a Gouji play, for Python.
struct GoujiPlayView {
  Move move;
  gj::Play play;
  gj::Vector vector;
  bool gouji = false;
  bool opens_point = false;
};

void check_opened_point(const Rules& rules, bool opened_point) {
  if (opened_point && rules.game() != Game::gouji)
    throw RulesError("opened_point is a Gouji player's state; " + std::string(rules.game_name()) + " has none");
}

GoujiPlayView classify(const Rules& rules, py::handle cards_obj) {
  require_game(rules, Game::gouji, "classify");
  const Cards cards = to_cards(cards_obj, "cards");
  rules.check_in_deck(cards, "cards");
  const auto play = gj::classify(gj::config(rules), cards);
  if (!play) throw IllegalMoveError(gj::why_not_play(gj::config(rules), cards) + " under " + rules.describe());
  GoujiPlayView v;
  v.move.cards = cards;
  v.move.kind = Kind::group;
  v.move.rank = static_cast<std::int8_t>(play->rank);
  v.move.length = static_cast<std::uint8_t>(play->size());
  v.play = *play;
  v.vector = gj::vector_of(gj::config(rules), *play);
  v.gouji = gj::is_gouji(gj::config(rules), *play);
  v.opens_point = gj::opens_point(gj::config(rules), *play);
  return v;
}

std::vector<std::string> vector_cards(const gj::Vector& vec) {
  std::vector<std::string> out;
  for (int i = 0; i < vec.size(); ++i) out.emplace_back(gj::value_name(vec.at(i)));
  return out;
}

struct OptionView {
  std::string name;
  py::object value;
  py::object default_value;
  std::string allowed;
  std::string description;
};

}  // namespace

bool is_combination(const Rules& rules, const Move& move) {
  return with_traits(rules, [&](auto traits) { return traits.is_combination(rules, move); });
}

void generate(const Rules& rules, const Cards& hand, const Move& table, MoveList& out, bool opened_point) {
  with_traits(rules, [&](auto traits) { traits.generate(rules, hand, table, out, opened_point); });
}

void require_game(const Rules& rules, Game game, const char* what) {
  if (rules.game() == game) return;
  const std::string_view name = with_game(game, [](auto g) { return GameTraits<typename decltype(g)::type>::kName; });
  throw RulesError(std::string(what) + ": for " + std::string(name) + " only, not for " +
                   std::string(rules.game_name()) + " (" + rules.describe() + ")");
}

void bind_rules(py::module_& m) {
  py::class_<OptionView>(m, "Option", "One option of a Rules: value, default, allowed values, description.")
      .def_readonly("name", &OptionView::name)
      .def_readonly("value", &OptionView::value)
      .def_readonly("default", &OptionView::default_value)
      .def_readonly("allowed", &OptionView::allowed)
      .def_readonly("description", &OptionView::description)
      .def("__repr__", [](const OptionView& o) {
        return "Option(name='" + o.name + "', value=" + std::string(py::repr(o.value)) +
               ", default=" + std::string(py::repr(o.default_value)) + ", allowed='" + o.allowed +
               "', description='" + o.description + "')";
      });

  py::class_<GoujiPlayView>(m, "GoujiPlay", "What a set of cards is as a Gouji play (Rules.classify).")
      .def_property_readonly("move", [](const GoujiPlayView& v) { return v.move; })
      .def_property_readonly("rank", [](const GoujiPlayView& v) { return std::string(rank_name(v.play.rank)); })
      .def_property_readonly("naturals", [](const GoujiPlayView& v) { return v.play.naturals; })
      .def_property_readonly("twos", [](const GoujiPlayView& v) { return v.play.twos; })
      .def_property_readonly("small_jokers", [](const GoujiPlayView& v) { return v.play.small; })
      .def_property_readonly("big_jokers", [](const GoujiPlayView& v) { return v.play.big; })
      .def_property_readonly("vector", [](const GoujiPlayView& v) { return vector_cards(v.vector); })
      .def_property_readonly("is_gouji", [](const GoujiPlayView& v) { return v.gouji; })
      .def_property_readonly("opens_point", [](const GoujiPlayView& v) { return v.opens_point; })
      .def("__repr__", [](const GoujiPlayView& v) {
        return "GoujiPlay('" + v.move.str() + "', vector='" + gj::vector_text(v.vector) +
               "', is_gouji=" + (v.gouji ? "True" : "False") + ", opens_point=" + (v.opens_point ? "True" : "False") +
               ")";
      });

  py::class_<Rules>(m, "Rules", "An immutable rules value: game, players and every variant option.")
      .def(py::init(&make_rules), py::arg("game"), py::arg("players") = py::none())
      .def_property_readonly("game", [](const Rules& r) { return std::string(r.game_name()); })
      .def_property_readonly("players", &Rules::players)
      .def_property_readonly("packs", &Rules::packs)
      .def_property_readonly("deck", &Rules::deck)
      .def_property_readonly("options",
                             [](const Rules& r) {
                               py::dict out;
                               for (const OptionInfo& info : r.options())
                                 out[py::str(std::string(info.spec->name))] = OptionView{
                                     std::string(info.spec->name), to_py(info.value), to_py(info.default_value),
                                     info.spec->allowed(), std::string(info.spec->description)};
                               return out;
                             })
      .def("option", [](const Rules& r, py::handle name) { return to_py(r.option(text_arg(name, "name"))); },
           py::arg("name"))
      .def("__repr__", &Rules::repr)
      .def("__str__", &Rules::describe)
      .def("__eq__", [](const Rules& a, py::handle b) { return py::isinstance<Rules>(b) && a == b.cast<Rules>(); })
      .def("__hash__", [](const Rules& r) { return static_cast<py::ssize_t>(r.hash() >> 1); })
      .def(py::pickle(
          [](const Rules& r) {
            py::dict opts;
            for (const OptionInfo& info : r.options()) opts[py::str(std::string(info.spec->name))] = to_py(info.value);
            return py::make_tuple(std::string(r.game_name()), r.players(), opts);
          },
          [](const py::tuple& t) {
            if (t.size() != 3 || !py::isinstance<py::dict>(t[2]))
              throw py::type_error("Rules state must be (game, players, options), not " + quoted(t));
            return make_rules(t[0], t[1], t[2].cast<py::dict>());
          }))
      .def(
          "readings",
          [](const Rules& r, py::handle cards_obj) {
            Cards cards = to_cards(cards_obj, "cards");
            r.check_in_deck(cards, "cards");
            MoveList out;
            with_traits(r, [&](auto traits) { traits.readings(r, cards, out); });
            return to_list(out);
          },
          py::arg("cards"), "Every declaration these exact cards can be.")
      .def(
          "wild_cards",
          [](const Rules& r, py::handle cards_obj) {
            const Cards cards = to_cards(cards_obj, "cards");
            r.check_in_deck(cards, "cards");
            Cards wild;
            with_traits(r, [&](auto traits) {
              for (int face = 0; face < kNumFaces; ++face)
                if (cards.count(face) > 0 && traits.is_wild(r, static_cast<Face>(face)))
                  wild.add(face, cards.count(face));
            });
            return wild;
          },
          py::arg("cards"),
          "The cards among `cards` (every copy) that the rules let stand in a combination of another rank: "
          "Gan Deng Yan's jokers (unless joker_wild is off), Guandan's hearts of the level (unless wilds are "
          "off), Gouji's 2s and jokers.")
      .def(
          "beats",
          [](const Rules& r, const Move& next, const Move& table) {
            check_combination(r, next, "move");
            check_combination(r, table, "table move");
            return with_traits(r, [&](auto traits) { return traits.beats(r, next, table); });
          },
          py::arg("new"), py::arg("old"), "Whether combination `new` beats combination `old`.")
      .def(
          "legal_moves",
          [](const Rules& r, py::handle hand_obj, std::optional<Move> table, bool opened_point) {
            check_opened_point(r, opened_point);
            Cards hand = to_cards(hand_obj, "hand");
            r.check_in_deck(hand, "hand");
            MoveList out;
            const Move top = table.value_or(Move::pass_move());
            if (table) {
              check_combination(r, *table, "table move");
              r.check_in_deck(hand + table->cards, "hand and table move together");
            }
            // A 27-card Guandan hand has thousands of moves; through the exit gate, as
            // every call that lets the GIL go (bindings.h).
            without_gil([&] { generate(r, hand, top, out, opened_point); });
            return to_list(out);
          },
          py::arg("hand"), py::arg("table") = py::none(), py::kw_only(), py::arg("opened_point") = false,
          "Every canonical legal move: leads when table is None, else every move beating table (no pass). "
          "opened_point: whether a Gouji player has opened a point (four_rules='after_open_point').")
      .def(
          "why_illegal",
          [](const Rules& r, py::handle hand_obj, const Move& move, std::optional<Move> table, bool opened_point) {
            check_opened_point(r, opened_point);
            const Cards hand = to_cards(hand_obj, "hand");
            r.check_in_deck(hand, "hand");
            r.check_in_deck(move.cards, "move");
            if (table) check_combination(r, *table, "table move");
            const std::string why = why_illegal(r, hand, table.value_or(Move::pass_move()), move, opened_point);
            return why.empty() ? py::none() : py::object(py::str(why));
          },
          py::arg("hand"), py::arg("move"), py::arg("table") = py::none(), py::kw_only(),
          py::arg("opened_point") = false,
          "Why `move` cannot be played from `hand` onto `table` (None: a lead), or None when it can.")
      .def("classify", &classify, py::arg("cards"),
           "What the cards are as a Gouji play: rank, parts, canonical vector, gouji card, point opener.")
      .def(
          "is_gouji",
          [](const Rules& r, const Move& move) {
            require_game(r, Game::gouji, "is_gouji");
            check_combination(r, move, "move");
            return gj::is_gouji(gj::config(r), gj::play_of(move));
          },
          py::arg("move"), "Whether a Gouji move is a gouji card (够级牌).")
      .def_property_readonly("num_moves",
                             [](const Rules& r) {
                               require_game(r, Game::gan_deng_yan, "move ids");
                               return gdy::move_index(r).size();
                             },
                             "Number of move ids (the pass, id 0, included).")
      .def(
          "move_id",
          [](const Rules& r, const Move& move) {
            require_game(r, Game::gan_deng_yan, "move ids");
            if (!move.is_pass()) check_combination(r, move, "move");
            const std::int32_t id = gdy::move_index(r).id(move);
            if (id < 0) throw IllegalMoveError("move " + move.str() + " has no id under " + r.describe());
            return id;
          },
          py::arg("move"), "The stable id of a move's canonical class.")
      .def(
          "move_from_id",
          [](const Rules& r, std::int64_t id) {
            require_game(r, Game::gan_deng_yan, "move ids");
            const auto n = gdy::move_index(r).size();
            if (id < 0 || id >= n)
              throw IllegalMoveError("move id " + std::to_string(id) + " is out of range: expected 0 to " +
                                     std::to_string(n - 1));
            return *gdy::move_index(r).move(static_cast<std::int32_t>(id));
          },
          py::arg("id"), "The move of an id, with the lowest physical cards of each class.");
}

}  // namespace ganzdy::bind
