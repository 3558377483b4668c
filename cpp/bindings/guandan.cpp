// What only Guandan binds (bind_game<gd::Deal>): GuandanDeal's constructor and its
// tribute phase (guandan/deal.h), levels and teams, what a seat has seen of the
// tribute (guandan/seen.h), its outcome and tribute payments.
#include <string>

#include "bindings.h"
#include "bind_deal_contract.h"
#include "deal_common.h"
#include "ganzdy/core/errors.h"
#include "ganzdy/guandan/deal.h"
#include "ganzdy/guandan/observation.h"
#include "ganzdy/guandan/playout.h"
#include "ganzdy/guandan/seen.h"

#include <pybind11/numpy.h>

namespace ganzdy::bind {

namespace {

using gd::Deal;

// Every bad argument of GuandanDeal(...) is a RulesError (a ValueError) quoting it.
int to_int_in(py::handle obj, int lo, int hi, const std::string& what, const std::string& expected) {
  int overflow = 0;
  if (!py::isinstance<py::int_>(obj) || py::isinstance<py::bool_>(obj))
    throw RulesError(what + "=" + repr_of(obj) + " is not allowed: expected " + expected);
  const long long v = PyLong_AsLongLongAndOverflow(obj.ptr(), &overflow);
  if (overflow != 0 || v < lo || v > hi)
    throw RulesError(what + "=" + repr_of(obj) + " is not allowed: expected " + expected);
  return static_cast<int>(v);
}

gd::DealSetup setup_from(py::handle previous_finish, py::handle first_leader, py::handle turned_position,
                         py::handle team_levels) {
  gd::DealSetup setup;
  if (!previous_finish.is_none()) {
    const std::string bad = "previous_finish=" + repr_of(previous_finish) +
                            " is no finishing order: expected a list of seats 0 to 3";
    if (py::isinstance<py::str>(previous_finish) || !py::isinstance<py::sequence>(previous_finish))
      throw RulesError(bad);
    for (auto item : previous_finish.cast<py::sequence>()) {
      int overflow = 0;
      if (!py::isinstance<py::int_>(item) || py::isinstance<py::bool_>(item)) throw RulesError(bad);
      const long long v = PyLong_AsLongLongAndOverflow(item.ptr(), &overflow);
      if (overflow != 0 || v < 0 || v > 3) throw RulesError(bad);
      setup.previous_finish.push_back(static_cast<int>(v));
    }
  }
  if (!first_leader.is_none()) setup.first_leader = to_int_in(first_leader, 0, 3, "first_leader", "a seat, 0 to 3");
  if (!turned_position.is_none())
    setup.turned_position = to_int_in(turned_position, 0, gd::kDeckSize - 1, "turned_position", "a deck index, 0 to 107");
  if (!team_levels.is_none()) {
    const std::string bad = "team_levels=" + repr_of(team_levels) +
                            " is not allowed: expected two level ranks, team 0's then team 1's, e.g. ('2', '5')";
    if (py::isinstance<py::str>(team_levels) || !py::isinstance<py::sequence>(team_levels)) throw RulesError(bad);
    auto seq = team_levels.cast<py::sequence>();
    if (seq.size() != 2) throw RulesError(bad);
    for (std::size_t t = 0; t < 2; ++t) {
      if (!py::isinstance<py::str>(seq[t])) throw RulesError(bad);
      const auto rank = parse_rank(text_arg(seq[t], "team_levels"));
      if (!rank) throw RulesError(bad);
      setup.team_levels[t] = *rank;
    }
  }
  return setup;
}

Deal new_gd_deal(const Rules& rules, py::handle seed, py::handle dealer, py::handle deck, py::handle previous_finish,
                 py::handle first_leader, py::handle turned_position, py::handle team_levels) {
  auto shared = std::make_shared<const Rules>(rules);
  gd::require_guandan(shared);
  gd::DealSetup setup = setup_from(previous_finish, first_leader, turned_position, team_levels);
  setup.dealer = dealer_arg(dealer, gd::kPlayers);
  return deal_from<Deal>(shared, seed, deck, setup);
}

py::object previous_finish_of(const Deal& d) {
  if (d.setup().previous_finish.empty()) return py::none();
  return py::cast(d.setup().previous_finish);
}

py::tuple team_levels_of(const Deal& d) {
  return py::make_tuple(std::string(rank_name(d.team_level(0))), std::string(rank_name(d.team_level(1))));
}

}  // namespace

template <>
void bind_game<gd::Deal>(py::module_& m) {
  py::class_<gd::Outcome>(m, "GuandanOutcome", "What a Guandan deal came to.")
      .def_readonly("over", &gd::Outcome::over)
      .def_readonly("finish_order", &gd::Outcome::finish_order, "Seats in the order they went out (2 or 3).")
      .def_property_readonly("winning_team", [](const gd::Outcome& o) { return seat_or_none(o.winning_team); })
      .def_property_readonly("result", [](const gd::Outcome& o) {
        return o.result.empty() ? py::none() : py::object(py::str(o.result));
      }, "'1-2', '1-3' or '1-4': where the winner's partner finished; None until over.")
      .def_readonly("upgrade", &gd::Outcome::upgrade)
      .def_readonly("points", &gd::Outcome::points)
      .def("__eq__", [](const gd::Outcome& a, py::handle b) {
        if (!py::isinstance<gd::Outcome>(b)) return false;
        const auto& o = b.cast<const gd::Outcome&>();
        return a.over == o.over && a.finish_order == o.finish_order && a.winning_team == o.winning_team &&
               a.result == o.result && a.upgrade == o.upgrade && a.points == o.points;
      })
      .def("__repr__", [](const gd::Outcome& o) {
        return "GuandanOutcome(over=" + std::string(o.over ? "True" : "False") + ", finish_order=" +
               std::string(py::repr(py::cast(o.finish_order))) + ", winning_team=" +
               (o.winning_team < 0 ? std::string("None") : std::to_string(o.winning_team)) + ", result=" +
               (o.result.empty() ? std::string("None") : "'" + o.result + "'") + ", upgrade=" +
               std::to_string(o.upgrade) + ", points=" + std::string(py::repr(py::cast(o.points))) + ")";
      });

  py::class_<gd::Payment>(m, "TributePayment", "One tribute payment: payer, receiver, the card paid and the card given back.")
      .def_property_readonly("payer", [](const gd::Payment& p) { return static_cast<int>(p.payer); })
      .def_property_readonly("receiver", [](const gd::Payment& p) { return seat_or_none(p.receiver); },
                             "None until known (before the pick under double_tribute_assignment='first_picks').")
      .def_property_readonly("card", [](const gd::Payment& p) { return face_or_none(p.card); }, "None until chosen.")
      .def_property_readonly("returned", [](const gd::Payment& p) { return face_or_none(p.returned); },
                             "None until chosen.")
      .def("__repr__", [](const gd::Payment& p) {
        auto text = [](py::object o) { return std::string(py::repr(o)); };
        return "TributePayment(payer=" + std::to_string(p.payer) + ", receiver=" + text(seat_or_none(p.receiver)) +
               ", card=" + text(face_or_none(p.card)) + ", returned=" + text(face_or_none(p.returned)) + ")";
      });

  DealDocs docs{
      "One deal of Guandan with its tribute phase: the in-deal state machine.",
      "Plies (moves, tribute included) since the deal began.",
      "Every (seat, move) so far: tribute choices, plays and passes.",
      "Undo the last move (a tribute choice too) and return it.",
      "Make a move without checking that a play beats the table (search fast path); it still refuses cards "
      "not in the hand, non-combinations and illegal tribute choices.",
      "The float32 observation of `seat` (default: the seat to act), laid out as "
      "GuandanDeal.observation_spec(perfect=...); written into `out` when given.",
      "Play a copy of this deal to its end (tribute phases included) with built-in policies ('random', "
      "'greedy', one for every seat or one a seat); returns its outcome and leaves this deal alone."};
  auto cls = bind_deal<Deal>(m, docs, [](const Deal&, bool perfect) { return gd::observation_size(perfect); });
  cls
      .def(py::init(&new_gd_deal), py::arg("rules"), py::arg("seed") = py::none(), py::arg("dealer") = 0, py::kw_only(),
           py::arg("deck") = py::none(), py::arg("previous_finish") = py::none(), py::arg("first_leader") = py::none(),
           py::arg("turned_position") = py::none(), py::arg("team_levels") = py::none(),
           "A deal shuffled from `seed` (None: a fresh random seed, kept in the deal), or from an explicit deck "
           "order (card text, top card first). dealer: the seat dealt the deck's first card (card i goes to seat "
           "(dealer + i) % 4); it decides nothing else, the first lead following first_lead_first_hand or the "
           "tribute, and 0 gives the deal earlier versions made. previous_finish: the previous hand's "
           "finishing order (None for the first hand of a match: no tribute). first_leader / turned_position: "
           "who leads a first hand, instead of first_lead_first_hand. team_levels: both teams' levels, e.g. "
           "('2', '5'), shown in observations (default: the deal's level).")
      .def_property_readonly("previous_finish", &previous_finish_of, "The previous hand's finishing order, as given.")
      .def_property_readonly("setup", [](Deal& d) {
        const gd::DealSetup& s = with_past(d).setup();
        py::dict out;
        out["previous_finish"] = previous_finish_of(d);
        out["first_leader"] = seat_or_none(s.first_leader);
        out["turned_position"] = seat_or_none(s.turned_position);
        py::object levels = py::none();
        if (s.team_levels[0] != kNoRank || s.team_levels[1] != kNoRank) {
          py::list both;
          for (int t = 0; t < 2; ++t) both.append(std::string(rank_name(d.team_level(t))));
          levels = both;
        }
        out["team_levels"] = levels;
        // Only when not 0, so the setup (and records) of the usual deal stay as they were.
        if (s.dealer != 0) out["dealer"] = s.dealer;
        return out;
      }, "What the deal was made with besides the rules and the seed or deck, as given (None: not given; "
         "'dealer' only when not 0): GuandanDeal(rules, seed, **deal.setup) makes the same deal.")
      .def_property_readonly("first_leader", &Deal::first_leader, "The seat that leads the first trick.")
      .def_property_readonly("turned_position", [](Deal& d) { return seat_or_none(with_past(d).turned_position()); },
                             "The deck index of the turned card of a first hand, or None.")
      .def_property_readonly("level", [](const Deal& d) { return std::string(rank_name(d.level())); })
      .def_property_readonly("team_levels", &team_levels_of, "The levels of team 0 (seats 0, 2) and team 1 (seats 1, 3).")
      .def_property_readonly("phase", [](const Deal& d) { return std::string(gd::phase_name(d.phase())); },
                             "'tribute', 'pick', 'return', 'play' or 'over'.")
      .def_property_readonly("passes", &Deal::passes)
      .def_property_readonly("finish_order", [](const Deal& d) { return d.outcome().finish_order; },
                             "Seats in the order they have gone out so far.")
      .def_property_readonly("tribute", [](const Deal& d) {
        std::vector<gd::Payment> out;
        for (int i = 0; i < d.payment_count(); ++i) out.push_back(d.payment(i));
        return out;
      }, "The tribute payments (none for a first hand, a resisted tribute, or no payer).")
      .def_property_readonly("resisted", &Deal::resisted, "Whether the payers' big jokers cancelled the tribute.")
      .def_property_readonly("previous_first", [](const Deal& d) { return seat_or_none(d.previous_first()); },
                             "The seat that went out first in the previous hand, or None for a first hand.")
      .def("tribute_seen", [](const Deal& d, py::handle seat) {
        return gd::tribute_seen(d, to_seat(seat, gd::kPlayers, "seat"));
      }, py::arg("seat"), "The tribute payments as `seat` has seen them: a field it has not seen, or not yet "
         "decided, is None (a tribute card before every payer has chosen, a return card it neither gave nor "
         "got back, who pays whom after 双上 before the cards are shown).")
      .def("first_leader_seen", [](const Deal& d, py::handle seat) {
        return seat_or_none(gd::first_leader_seen(d, to_seat(seat, gd::kPlayers, "seat")));
      }, py::arg("seat"), "The seat that leads the first trick as `seat` knows it, or None while it hangs on "
         "tribute cards not shown yet.")
      .def("seen_history", [](Deal& d, py::handle seat_obj) {
        const int seat = to_seat(seat_obj, gd::kPlayers, "seat");
        py::list out;
        // A sampled world's past too (what history shows), built when first read.
        for_each_ply(with_past(d).history(), [&](const gd::Ply& ply) {
          if (gd::sees_move(d, seat, ply.seat, ply.move)) out.append(py::make_tuple(static_cast<int>(ply.seat), ply.move));
        });
        return out;
      }, py::arg("seat"), "The (seat, move) pairs of history that `seat` has seen: another payer's tribute card "
         "only once the tribute cards have moved, a return card only by its giver and, once the returns moved, "
         "its payer.")
      .def("played_by", [](const Deal& d, py::handle seat) { return d.played_by(to_seat(seat, gd::kPlayers, "seat")); },
           py::arg("seat"), "The cards a seat has played in tricks.")
      .def("shown", [](const Deal& d, py::handle seat) { return d.shown(to_seat(seat, gd::kPlayers, "seat")); },
           py::arg("seat"), "Cards a seat showed from its dealt hand: resisting big jokers, the turned card.")
      .def_static("partner", [](py::handle seat) { return gd::partner_of(to_seat(seat, gd::kPlayers, "seat")); },
                  py::arg("seat"), "The seat opposite: 0 and 2, 1 and 3 are partners.")
      .def_static("team", [](py::handle seat) { return gd::team_of(to_seat(seat, gd::kPlayers, "seat")); },
                  py::arg("seat"), "0 for seats 0 and 2, 1 for seats 1 and 3.")
      .def_static("observation_spec", [](bool perfect) { return gd::observation_layout(perfect); }, py::kw_only(),
                  py::arg("perfect") = false, "The named slices of the observation vector, in order, covering it exactly.")
      .def_static("observation_shape", [](bool perfect) { return py::make_tuple(gd::observation_size(perfect)); },
                  py::kw_only(), py::arg("perfect") = false, "The shape of observation(seat, perfect=...).")
      .def("__repr__", [](const Deal& d) {
        return "<GuandanDeal level " + std::string(rank_name(d.level())) + ", " + std::string(gd::phase_name(d.phase())) +
               ", ply " + std::to_string(d.ply()) +
               (d.is_terminal() ? std::string(", over") : ", seat " + std::to_string(d.current_player()) + " to act") + ">";
      });

  m.attr("GUANDAN_OBSERVATION_VERSION") = gd::kObservationVersion;
}

}  // namespace ganzdy::bind
