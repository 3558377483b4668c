#include <chrono>
#include <random>
#include <thread>
#include <string>

#include "bindings.h"
#include "bind_deal_contract.h"
#include "deal_common.h"
#include "ganzdy/gan_deng_yan/observation.h"
#include "ganzdy/core/errors.h"
#include "ganzdy/gan_deng_yan/deal.h"
#include "ganzdy/guandan/playout.h"
#include "ganzdy/gan_deng_yan/playout.h"
#include "ganzdy/gouji/playout.h"

#include <pybind11/numpy.h>

namespace ganzdy::bind {

int to_seat(py::handle obj, int players, const char* what) {
  if (!py::isinstance<py::int_>(obj) || py::isinstance<py::bool_>(obj))
    throw py::type_error(std::string(what) + " must be an int");
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(obj.ptr(), &overflow);
  if (overflow != 0 || v < 0 || v >= players)
    throw RulesError(std::string(what) + "=" + std::string(py::repr(obj)) + " is not a seat: expected 0 to " +
                     std::to_string(players - 1));
  return static_cast<int>(v);
}

std::uint64_t to_seed(py::handle obj) {
  if (obj.is_none()) {
    std::random_device rd;
    return (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
  }
  if (!py::isinstance<py::int_>(obj) || py::isinstance<py::bool_>(obj)) throw py::type_error("seed must be an int or None");
  // Any Python int: reduce it modulo 2^64 so negative and huge seeds are accepted deterministically.
  py::int_ mask(py::reinterpret_steal<py::object>(PyLong_FromUnsignedLongLong(~0ULL)));
  py::object reduced = obj.attr("__and__")(mask);
  return reduced.cast<std::uint64_t>();
}

bool interpreter_finalizing() {
#if PY_VERSION_HEX >= 0x030D0000
  return Py_IsFinalizing() != 0;
#else
  return _Py_IsFinalizing() != 0;
#endif
}

void reacquire_gil(PyThreadState* state) {
  if (interpreter_finalizing())
    for (;;) std::this_thread::sleep_for(std::chrono::hours(1));  // the process is ending: never return to Python
  PyEval_RestoreThread(state);
}

std::string quoted(py::handle obj) {
  constexpr std::size_t kMax = 100;
  std::string text = py::repr(obj);
  if (text.size() > kMax) {
    // Cut on a UTF-8 character boundary, so the message stays valid text.
    std::size_t cut = kMax;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    text = text.substr(0, cut) + "... (" + std::to_string(text.size()) + " characters)";
  }
  return text;
}

std::uint64_t seed_arg(py::handle seed) {
  if (!seed.is_none() && (!py::isinstance<py::int_>(seed) || py::isinstance<py::bool_>(seed)))
    throw RulesError("seed=" + quoted(seed) + " is not allowed: expected an int (any, taken modulo 2**64) or None");
  return to_seed(seed);
}

int dealer_arg(py::handle dealer, int players) {
  int overflow = 0;
  const bool is_int = py::isinstance<py::int_>(dealer) && !py::isinstance<py::bool_>(dealer);
  const long long v = is_int ? PyLong_AsLongLongAndOverflow(dealer.ptr(), &overflow) : -1;
  if (!is_int || overflow != 0 || v < 0 || v >= players)
    throw RulesError("dealer=" + quoted(dealer) + " is not a seat: expected 0 to " + std::to_string(players - 1));
  return static_cast<int>(v);
}

std::vector<Face> deck_from(py::handle obj) {
  Cards cards;
  std::vector<Face> order;
  // Card text keeps its order; a list of card strings too.
  std::vector<std::string> tokens;
  if (py::isinstance<py::str>(obj)) {
    std::string text = obj.cast<std::string>();
    std::string token;
    for (char c : text) {
      if (c == ' ' || c == ',' || c == '\t' || c == '\n') {
        if (!token.empty()) tokens.push_back(token);
        token.clear();
      } else {
        token += c;
      }
    }
    if (!token.empty()) tokens.push_back(token);
  } else if (py::isinstance<py::sequence>(obj)) {
    for (auto item : obj.cast<py::sequence>()) {
      if (!py::isinstance<py::str>(item)) throw py::type_error("deck must be card text or a list of card strings");
      tokens.push_back(item.cast<std::string>());
    }
  } else {
    throw py::type_error("deck must be card text or a list of card strings");
  }
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    Cards one = Cards::parse(tokens[i]);
    if (one.size() != 1)
      throw ParseError("deck entry " + std::to_string(i + 1) + " '" + tokens[i] + "' is not exactly one card");
    for (int f = 0; f < kNumFaces; ++f)
      if (one.count(f)) order.push_back(static_cast<Face>(f));
  }
  return order;
}

std::vector<Policy> policies_from(py::handle agents, int players) {
  std::vector<Policy> out;
  if (py::isinstance<py::str>(agents)) {
    out.push_back(gdy::parse_policy(agents.cast<std::string>()));
  } else {
    for (auto a : agents.cast<py::sequence>()) {
      if (!py::isinstance<py::str>(a)) throw py::type_error("agents must be policy names ('random', 'greedy')");
      out.push_back(gdy::parse_policy(a.cast<std::string>()));
    }
  }
  if (out.empty() || (out.size() != 1 && static_cast<int>(out.size()) != players))
    throw RulesError("agents: give one policy for every seat or " + std::to_string(players) + " policies, got " +
                     std::to_string(out.size()));
  return out;
}

namespace {

using gdy::Deal;

Deal new_deal(const Rules& rules, py::handle seed, py::handle dealer, py::handle deck) {
  auto shared = std::make_shared<const Rules>(rules);
  gdy::require_gan_deng_yan(shared);
  const int d = dealer_arg(dealer, rules.players());
  if (!deck.is_none()) {
    if (!seed.is_none()) throw RulesError("give a seed or a deck order, not both");
    return Deal(shared, deck_from(deck), d);
  }
  return Deal(shared, seed_arg(seed), d);
}

Move move_of_id(const Deal& d, std::int64_t id) {
  if (d.is_terminal()) throw IllegalMoveError("move id " + std::to_string(id) + ": the deal is over");
  const auto n = gdy::move_index(d.rules()).size();
  if (id < 0 || id >= n)
    throw IllegalMoveError("move id " + std::to_string(id) + " is out of range: expected 0 to " + std::to_string(n - 1));
  auto move = d.move_of_id(static_cast<std::int32_t>(id));
  if (!move)
    throw IllegalMoveError("move id " + std::to_string(id) + " (" + gdy::move_index(d.rules()).move(static_cast<std::int32_t>(id))->str() +
                           "): the hand " + d.hand(d.current_player()).str() + " does not hold these cards; seat " +
                           std::to_string(d.current_player()));
  return *move;
}

py::dict run_playouts(const Rules& rules, std::int64_t deals, py::handle agents, py::handle seed, int threads,
                      std::optional<bool> tribute) {
  const bool guandan = rules.game() == Game::guandan, gouji = rules.game() == Game::gouji;
  if (!guandan && !gouji) require_gan_deng_yan(rules, "playouts");
  if (tribute && !guandan && !gouji)
    throw RulesError("playouts: tribute= is for Guandan and Gouji, whose hands pay tribute; " + rules.describe() +
                     " has none");
  if (deals < 0) throw RulesError("deals=" + std::to_string(deals) + " is not allowed: expected 0 or more");
  auto policies = policies_from(agents, rules.players());
  const std::uint64_t s = to_seed(seed);
  auto shared = std::make_shared<const Rules>(rules);
  SignalPoll interrupted;
  const KeepGoing keep_going = [&] { return !interrupted(); };
  const PlayoutBatch batch = without_gil([&] {
    return guandan ? gd::playouts(shared, deals, policies, s, threads, tribute.value_or(true), keep_going)
           : gouji ? gj::playouts(shared, deals, policies, s, threads, tribute.value_or(true), keep_going)
                   : gdy::playouts(shared, deals, policies, s, threads, keep_going);
  });
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
}

}  // namespace

void bind_deal(py::module_& m) {
  py::class_<gdy::Outcome>(m, "GanDengYanOutcome", "What a deal came to.")
      .def_readonly("over", &gdy::Outcome::over)
      .def_readonly("drawn", &gdy::Outcome::drawn)
      .def_property_readonly("winner", [](const gdy::Outcome& o) { return o.winner < 0 ? py::none() : py::object(py::int_(o.winner)); })
      .def_readonly("finish_order", &gdy::Outcome::finish_order)
      .def_readonly("points", &gdy::Outcome::points)
      .def("__eq__", [](const gdy::Outcome& a, py::handle b) {
        if (!py::isinstance<gdy::Outcome>(b)) return false;
        const auto& o = b.cast<const gdy::Outcome&>();
        return a.over == o.over && a.drawn == o.drawn && a.winner == o.winner && a.finish_order == o.finish_order &&
               a.points == o.points;
      })
      .def("__repr__", [](const gdy::Outcome& o) {
        return "GanDengYanOutcome(over=" + std::string(o.over ? "True" : "False") + ", drawn=" + (o.drawn ? "True" : "False") +
               ", winner=" + (o.winner < 0 ? std::string("None") : std::to_string(o.winner)) + ", finish_order=" +
               std::string(py::repr(py::cast(o.finish_order))) + ", points=" + std::string(py::repr(py::cast(o.points))) + ")";
      });

  DealDocs docs{
      "GanDengYanDeal",
      "One deal of Gan Deng Yan: the in-deal state machine.",
      "GanDengYanLegalMoves",
      "Plies played since the deal began.",
      "Every (seat, move) so far, passes included.",
      "Undo the last move and return it.",
      "Play a move without the legality check (search fast path); it still refuses cards not in the hand.",
      "The float32 observation of `seat` (default: the seat to act), laid out as rules.observation_spec("
      "perfect=...); written into `out` when given.",
      "Play a copy of this deal to its end with built-in policies ('random', 'greedy', one for every seat or "
      "one a seat); returns its outcome and leaves this deal alone."};
  auto cls = bind_deal<Deal>(m, docs, [](const Deal& d, bool perfect) { return gdy::observation_size(d.players(), perfect); });
  cls.def(py::init(&new_deal), py::arg("rules"), py::arg("seed") = py::none(), py::arg("dealer") = 0, py::kw_only(),
          py::arg("deck") = py::none(),
          "A deal shuffled from `seed` (None: a fresh random seed, kept in the deal), or from an explicit deck "
          "order (card text, top card first). dealer: the seat dealt the first card, which takes the extra card "
          "and leads the first trick (gan_deng_yan.md 2.3). rules.new_deal(...) makes the same deal.")
      .def_property_readonly("passes", &Deal::passes)
      .def_property_readonly("stock_size", &Deal::stock_size)
      .def_property_readonly("bombs_played", &Deal::bombs_played)
      .def("legal_ids", [](const Deal& d) {
        // Ids written straight into the NumPy buffer: this is the per-decision call
        // of a Python training loop.
        thread_local gdy::MoveList moves;
        d.legal_moves(moves);
        py::array_t<std::int32_t> ids(static_cast<py::ssize_t>(moves.size()));
        std::int32_t* out = ids.mutable_data();
        const gdy::MoveIndex& index = gdy::move_index(d.rules());
        for (std::size_t i = 0; i < moves.size(); ++i) out[i] = index.id(moves[i]);
        return ids;
      }, "The ids (rules.move_id) of the legal moves, as a NumPy int32 array.")
      .def("legal_mask", [](const Deal& d) {
        std::vector<std::int32_t> ids;
        d.legal_ids(ids);
        py::array_t<bool> mask(gdy::move_index(d.rules()).size());
        auto* p = mask.mutable_data();
        std::fill(p, p + mask.size(), false);
        for (auto id : ids) p[id] = true;
        return mask;
      }, "A bool array over rules.num_moves, True at the legal ids.")
      .def("apply_id", [](Deal& d, std::int64_t id) { gdy::apply_guarded(d, move_of_id(d, id)); }, py::arg("id"),
           "apply() the move of an id (cards from the hand of the player to act).")
      .def("push_id", [](Deal& d, std::int64_t id) { d.push(move_of_id(d, id)); }, py::arg("id"),
           "push() the move of an id: checked.")
      .def("__repr__", [](const Deal& d) {
        return "<GanDengYanDeal " + std::string(d.rules().game_name()) + ", " + std::to_string(d.players()) + " players, ply " +
               std::to_string(d.ply()) + (d.is_terminal() ? ", over" : ", seat " + std::to_string(d.current_player()) + " to act") + ">";
      });

  m.def("playouts", &run_playouts, py::arg("rules"), py::arg("deals"), py::arg("agents") = "random",
        py::arg("seed") = py::none(), py::arg("threads") = 0, py::arg("tribute") = py::none(),
        "Play whole deals (Gan Deng Yan) or hands (Guandan, Gouji) in C++ with built-in policies; NumPy arrays "
        "of points, winner, plies, bombs. tribute (Guandan and Gouji, default True): each hand follows a random "
        "previous hand, so tribute is paid; False plays first hands of a match.");

  m.def("deal_seed", [](py::handle seed, std::uint64_t index) { return gdy::deal_seed(to_seed(seed), index); },
        py::arg("seed"), py::arg("index"),
        "The shuffle seed of deal `index` of a playouts batch seeded `seed` (dealt by seat index % players).");

}

void bind_new_deal(py::module_& m) {
  // One front door for every game: the rules name the game, and the game's deal
  // class takes the same leading arguments and its own setup keywords.
  py::class_<Rules> rules = py::reinterpret_borrow<py::class_<Rules>>(m.attr("Rules"));
  py::object module = m;
  rules.def(
      "new_deal",
      [module](py::object self, py::handle seed, py::handle dealer, const py::kwargs& setup) {
        const Rules& r = self.cast<const Rules&>();
        const char* cls = r.game() == Game::guandan ? "GuandanDeal"
                          : r.game() == Game::gouji ? "GoujiDeal"
                                                    : "GanDengYanDeal";
        return module.attr(cls)(self, seed, dealer, **setup);
      },
      py::arg("seed") = py::none(), py::arg("dealer") = 0,
      "A new deal of the rules' game: GanDengYanDeal, GuandanDeal or GoujiDeal(rules, seed, dealer, **setup). "
      "seed: None draws a fresh random seed, kept in the deal. dealer: the seat dealt the deck's first card (in "
      "Gan Deng Yan it also takes the extra card and leads). setup: the game's keywords (deck= for all; "
      "previous_finish=, first_leader=, turned_position=, team_levels= in Guandan; previous=, first_leader=, "
      "tie_order= in Gouji).");
}

}  // namespace ganzdy::bind
