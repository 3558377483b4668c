// What only Gouji binds (bind_game<gj::Deal>): GoujiDeal's constructor and its
// pre-play phases (gouji/deal.h), roles, heads and points, its outcome, purchases
// and tribute.
#include <string>

#include "bindings.h"
#include "bind_deal_contract.h"
#include "deal_common.h"
#include "ganzdy/core/errors.h"
#include "ganzdy/gouji/agents.h"
#include "ganzdy/gouji/deal.h"
#include "ganzdy/gouji/observation.h"
#include "ganzdy/gouji/playout.h"

#include <pybind11/numpy.h>

namespace ganzdy::bind {

namespace {

using gj::Deal;

py::list seats_of(unsigned mask) {
  py::list out;
  for (int s = 0; s < gj::kPlayers; ++s)
    if (mask >> s & 1) out.append(s);
  return out;
}

const char* kPreviousKeys = "places, pointed, declared, burns, men";

// A seat from a Python int, or a RulesError quoting the whole argument.
int seat_in(py::handle item, const std::string& bad) {
  int overflow = 0;
  if (!py::isinstance<py::int_>(item) || py::isinstance<py::bool_>(item)) throw RulesError(bad);
  const long long v = PyLong_AsLongLongAndOverflow(item.ptr(), &overflow);
  if (overflow != 0 || v < 0 || v >= gj::kPlayers) throw RulesError(bad);
  return static_cast<int>(v);
}

py::sequence sequence_in(py::handle obj, const std::string& bad) {
  if (py::isinstance<py::str>(obj) || py::isinstance<py::bytes>(obj) || !py::isinstance<py::sequence>(obj))
    throw RulesError(bad);
  return obj.cast<py::sequence>();
}

std::uint8_t seat_mask_in(py::handle obj, const std::string& name, const std::string& whole) {
  const std::string bad = "previous=" + whole + ": '" + name + "' must be a list of seats 0 to 5";
  std::uint8_t mask = 0;
  for (auto item : sequence_in(obj, bad)) mask = static_cast<std::uint8_t>(mask | 1u << seat_in(item, bad));
  return mask;
}

// (x, y) pairs into a per-seat table: table[x] = y, each x once.
void pairs_in(py::handle obj, const std::string& name, const std::string& meaning, const std::string& whole,
              std::array<std::int8_t, gj::kPlayers>& table) {
  const std::string bad = "previous=" + whole + ": '" + name + "' must be a list of [" + meaning +
                          "] seat pairs, each first seat once";
  for (auto item : sequence_in(obj, bad)) {
    auto pair = sequence_in(item, bad);
    if (pair.size() != 2) throw RulesError(bad);
    const int x = seat_in(pair[0], bad), y = seat_in(pair[1], bad);
    if (x == y || table[static_cast<std::size_t>(x)] != -1) throw RulesError(bad);
    table[static_cast<std::size_t>(x)] = static_cast<std::int8_t>(y);
  }
}

gj::HandResult result_in(py::handle obj) {
  const std::string whole = repr_of(obj);
  if (!py::isinstance<py::dict>(obj))
    throw RulesError("previous=" + whole + " is not a hand result: expected a dict with " + kPreviousKeys +
                     " (GoujiOutcome.result gives one)");
  const auto d = obj.cast<py::dict>();
  for (auto [key, value] : d) {
    const std::string k = py::isinstance<py::str>(key) ? quoted(text_arg(key, "previous key")) : repr_of(key);
    if (k != "places" && k != "pointed" && k != "declared" && k != "burns" && k != "men")
      throw RulesError("previous=" + whole + " has an unknown key '" + k + "': expected " + kPreviousKeys);
  }
  if (!d.contains("places"))
    throw RulesError("previous=" + whole + " has no 'places': the seats from 头科 to 大落");
  gj::HandResult r;
  const std::string bad_places = "previous=" + whole + ": 'places' must name each seat 0 to 5 once, from 头科 to 大落";
  auto places = sequence_in(d["places"], bad_places);
  if (places.size() != gj::kPlayers) throw RulesError(bad_places);
  for (std::size_t p = 0; p < places.size(); ++p) r.places[p] = static_cast<std::int8_t>(seat_in(places[p], bad_places));
  if (d.contains("pointed")) r.pointed = seat_mask_in(d["pointed"], "pointed", whole);
  if (d.contains("declared")) r.declared = seat_mask_in(d["declared"], "declared", whole);
  if (d.contains("burns")) {
    // Given as (burned, burner); kept by burner.
    std::array<std::int8_t, gj::kPlayers> by_burner{-1, -1, -1, -1, -1, -1};
    const std::string bad = "previous=" + whole + ": 'burns' must be a list of [burned, burner] seat pairs, each "
                            "burner once";
    for (auto item : sequence_in(d["burns"], bad)) {
      auto pair = sequence_in(item, bad);
      if (pair.size() != 2) throw RulesError(bad);
      const int x = seat_in(pair[0], bad), b = seat_in(pair[1], bad);
      if (x == b || by_burner[static_cast<std::size_t>(b)] != -1) throw RulesError(bad);
      by_burner[static_cast<std::size_t>(b)] = static_cast<std::int8_t>(x);
    }
    r.burned = by_burner;
  }
  if (d.contains("men")) pairs_in(d["men"], "men", "menned, by", whole, r.menned_by);
  const std::string why = gj::why_not_hand_result(r);
  if (!why.empty()) throw RulesError("previous=" + whole + ": " + why);
  return r;
}

py::dict result_out(const gj::HandResult& r, bool with_places) {
  py::dict out;
  py::list places;
  if (with_places)
    for (int s : r.places) places.append(s);
  out["places"] = places;
  out["pointed"] = seats_of(r.pointed);
  out["declared"] = seats_of(r.declared);
  py::list burns, men;
  for (int b = 0; b < gj::kPlayers; ++b)
    if (r.burned[static_cast<std::size_t>(b)] >= 0) burns.append(py::make_tuple(static_cast<int>(r.burned[static_cast<std::size_t>(b)]), b));
  for (int p = 0; p < gj::kPlayers; ++p)
    if (r.menned_by[static_cast<std::size_t>(p)] >= 0) men.append(py::make_tuple(p, static_cast<int>(r.menned_by[static_cast<std::size_t>(p)])));
  out["burns"] = burns;
  out["men"] = men;
  return out;
}

py::object previous_of(const Deal& d) {
  if (!d.setup().previous) return py::none();
  return result_out(*d.setup().previous, true);
}

gj::DealSetup setup_from(py::handle previous, py::handle first_leader, py::handle tie_order) {
  gj::DealSetup setup;
  if (!previous.is_none()) setup.previous = result_in(previous);
  if (!first_leader.is_none())
    setup.first_leader = seat_in(first_leader, "first_leader=" + repr_of(first_leader) + " is not allowed: expected a seat, 0 to 5");
  if (!tie_order.is_none()) {
    // Each seat once is the deal's check (a RulesError quoting the order); here only the shape.
    const std::string bad = "tie_order=" + repr_of(tie_order) + " is not allowed: expected a list of the seats 0 to 5";
    const py::sequence order = sequence_in(tie_order, bad);
    if (py::len(order) != static_cast<std::size_t>(gj::kPlayers)) throw RulesError(bad);
    std::array<std::int8_t, gj::kPlayers> out{};
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<std::int8_t>(seat_in(order[i], bad));
    setup.tie_order = out;
  }
  return setup;
}

Deal new_gj_deal(const Rules& rules, py::handle seed, py::handle dealer, py::handle deck, py::handle previous,
                 py::handle first_leader, py::handle tie_order) {
  auto shared = std::make_shared<const Rules>(rules);
  gj::require_gouji(shared);
  gj::DealSetup setup = setup_from(previous, first_leader, tie_order);
  setup.dealer = dealer_arg(dealer, gj::kPlayers);
  return deal_from<Deal>(shared, seed, deck, setup);
}

std::string_view role_name(Deal::Role role) {
  switch (role) {
    case Deal::Role::lead: return "lead";
    case Deal::Role::answer: return "answer";
    case Deal::Role::burn: return "burn";
    default: return "";
  }
}

int seat_arg(py::handle seat) { return to_seat(seat, gj::kPlayers, "seat"); }

std::uint8_t seat_mask(const std::vector<int>& seats, const char* what) {
  std::uint8_t mask = 0;
  for (int s : seats) {
    if (s < 0 || s >= gj::kPlayers)
      throw RulesError("gouji greedy: " + std::string(what) + " names seat " + std::to_string(s) + ": expected 0 to 5");
    mask = static_cast<std::uint8_t>(mask | gj::seat_bit(s));
  }
  return mask;
}

// The greedy policy on a position built by hand, for the policy's tests: the
// arguments become a gj::SeatView, which gj::checked_greedy_choice checks.
int greedy_index_by_hand(const Rules& rules, int seat, py::handle phase, py::handle hand, std::optional<Move> table,
                         std::optional<int> owner, py::handle role, const std::vector<int>& hand_sizes,
                         const std::vector<int>& active, const std::vector<int>& opened, bool head, bool anyone_out,
                         const std::vector<Move>& legal) {
  require_game(rules, Game::gouji, "gouji_greedy_index");
  if (static_cast<int>(hand_sizes.size()) != gj::kPlayers)
    throw RulesError("gouji greedy: hand_sizes holds " + std::to_string(hand_sizes.size()) + " counts: expected 6");
  gj::SeatView v;
  v.seat = seat;
  const std::optional<gj::Phase> named = gj::phase_named(text_arg(phase, "phase"));
  if (!named) throw RulesError("gouji greedy: phase " + quoted(phase) + ": expected buy, return, revolt, yaotou, xuandian or play");
  v.phase = *named;
  if (v.phase == gj::Phase::play) {
    const std::string name = role.is_none() ? "" : text_arg(role, "role");
    if (name == "lead") v.role = Deal::Role::lead;
    else if (name == "answer") v.role = Deal::Role::answer;
    else if (name == "burn") v.role = Deal::Role::burn;
    else throw RulesError("gouji greedy: role " + quoted(role) + " in play: expected 'lead', 'answer' or 'burn'");
  }
  v.hand = to_cards(hand, "hand");
  v.table = table.value_or(Move::pass_move());
  v.table_owner = owner.value_or(-1);
  v.active = seat_mask(active, "active");
  v.opened = seat_mask(opened, "opened");
  v.head = head;
  v.anyone_out = anyone_out;
  for (int s = 0; s < gj::kPlayers; ++s) v.hand_sizes[static_cast<std::size_t>(s)] = hand_sizes[static_cast<std::size_t>(s)];
  return gj::checked_greedy_choice(gj::config(rules), v, MoveList(legal.begin(), legal.end()));
}

}  // namespace

template <>
void bind_game<gj::Deal>(py::module_& m) {
  m.def("gouji_greedy_index", &greedy_index_by_hand, py::arg("rules"), py::arg("seat"), py::arg("phase"),
        py::arg("hand"), py::arg("table"), py::arg("table_owner"), py::arg("role"), py::arg("hand_sizes"),
        py::arg("active"), py::arg("opened"), py::arg("has_head"), py::arg("anyone_out"), py::arg("legal_moves"),
        "Index in legal_moves of the built-in greedy Gouji policy's choice on a position built by hand "
        "(a deal's own: deal.greedy_index()), from what the seat may know: the "
        "phase ('buy', 'return', 'revolt', 'yaotou', 'xuandian', 'play'), its role in play ('lead', 'answer', "
        "'burn'), the seats still playing and those that opened a point.");
  py::class_<gj::Outcome>(m, "GoujiOutcome", "What a Gouji deal came to.")
      .def_readonly("over", &gj::Outcome::over)
      .def_readonly("void_hand", &gj::Outcome::void_hand, "Two revolutions voided the hand (流局): deal again.")
      .def_readonly("finish_order", &gj::Outcome::finish_order, "Seats in the order they went out (走科).")
      .def_readonly("places", &gj::Outcome::places, "Once over, the seats from 头科 to 大落 (empty for a void hand).")
      .def_readonly("points", &gj::Outcome::points)
      .def_property_readonly("team_points", [](const gj::Outcome& o) { return py::make_tuple(o.team_points[0], o.team_points[1]); })
      .def_property_readonly("winning_team", [](const gj::Outcome& o) { return seat_or_none(o.winning_team); },
                             "The team with more points; None on a tie or until over.")
      .def_property_readonly("sweep_team", [](const gj::Outcome& o) { return seat_or_none(o.sweep_team); },
                             "The team that took 头科, 二科 and 三科 (串三户), or None.")
      .def_property_readonly("revolutionary", [](const gj::Outcome& o) { return seat_or_none(o.revolutionary); })
      .def_property_readonly("result", [](const gj::Outcome& o) { return result_out(o.result, o.over && !o.void_hand); },
                             "What the next hand's tribute needs, as GoujiDeal(previous=...) takes it: places, "
                             "pointed, declared, burns ([burned, burner]), men ([menned, by]).")
      .def("__eq__", [](const gj::Outcome& a, py::handle b) {
        if (!py::isinstance<gj::Outcome>(b)) return false;
        const auto& o = b.cast<const gj::Outcome&>();
        return a.over == o.over && a.void_hand == o.void_hand && a.finish_order == o.finish_order &&
               a.places == o.places && a.points == o.points && a.result == o.result;
      })
      .def("__repr__", [](const gj::Outcome& o) {
        auto r = [](const py::object& x) { return std::string(py::repr(x)); };
        return "GoujiOutcome(over=" + std::string(o.over ? "True" : "False") +
               ", void_hand=" + std::string(o.void_hand ? "True" : "False") + ", places=" + r(py::cast(o.places)) +
               ", points=" + r(py::cast(o.points)) + ", winning_team=" + r(seat_or_none(o.winning_team)) +
               ", sweep_team=" + r(seat_or_none(o.sweep_team)) + ")";
      });

  py::class_<gj::Purchase>(m, "GoujiPurchase", "A 3 (or 4) bought before play: buyer, seller, the card and the payment.")
      .def_property_readonly("buyer", [](const gj::Purchase& p) { return static_cast<int>(p.buyer); })
      .def_property_readonly("seller", [](const gj::Purchase& p) { return static_cast<int>(p.seller); })
      .def_property_readonly("card", [](const gj::Purchase& p) { return face_name(p.received); }, "The card bought.")
      .def_property_readonly("paid", [](const gj::Purchase& p) { return face_or_none(p.paid); },
                             "The 2 or joker paid; None when a teammate gave it (要三).")
      .def("__repr__", [](const gj::Purchase& p) {
        return "GoujiPurchase(buyer=" + std::to_string(p.buyer) + ", seller=" + std::to_string(p.seller) + ", card='" +
               face_name(p.received) + "', paid=" + std::string(py::repr(face_or_none(p.paid))) + ")";
      });

  py::class_<gj::Payment>(m, "GoujiPayment", "One tribute payment: its kind, payer, receiver, cards and the cards given back.")
      .def_property_readonly("kind", [](const gj::Payment& p) { return std::string(gj::tribute_kind_name(p.kind)); },
                             "'dian' (点贡), 'shao' (烧贡), 'men' (闷贡) or 'luo' (落贡).")
      .def_property_readonly("payer", [](const gj::Payment& p) { return static_cast<int>(p.payer); })
      .def_property_readonly("receiver", [](const gj::Payment& p) { return static_cast<int>(p.receiver); })
      .def_property_readonly("count", [](const gj::Payment& p) { return static_cast<int>(p.count); })
      .def_property_readonly("cards", [](const gj::Payment& p) {
        py::list out;
        for (int k = 0; k < p.count && p.cards[static_cast<std::size_t>(k)] >= 0; ++k) out.append(face_name(p.cards[static_cast<std::size_t>(k)]));
        return out;
      }, "The cards paid, highest first (empty until paid).")
      .def_property_readonly("returned", [](const gj::Payment& p) {
        py::list out;
        for (int k = 0; k < p.returned_count; ++k) out.append(face_name(p.returned[static_cast<std::size_t>(k)]));
        return out;
      }, "The cards given back so far.")
      .def("__repr__", [](const gj::Payment& p) {
        std::string cards, back;
        for (int k = 0; k < p.count && p.cards[static_cast<std::size_t>(k)] >= 0; ++k) cards += std::string(k ? ", " : "") + "'" + face_name(p.cards[static_cast<std::size_t>(k)]) + "'";
        for (int k = 0; k < p.returned_count; ++k) back += std::string(k ? ", " : "") + "'" + face_name(p.returned[static_cast<std::size_t>(k)]) + "'";
        return "GoujiPayment(kind='" + std::string(gj::tribute_kind_name(p.kind)) + "', payer=" + std::to_string(p.payer) +
               ", receiver=" + std::to_string(p.receiver) + ", cards=[" + cards + "], returned=[" + back + "])";
      });

  DealDocs docs{
      "One deal of Gouji with its pre-play phases: the in-deal state machine.",
      "Plies (every decision) since the deal began.",
      "Every (seat, move) so far: purchases, returns, declarations, plays, passes and yields.",
      "Undo the last move (a purchase, return or declaration too) and return it.",
      "Make a move without checking that a play beats the table or that the seat's role allows it (search "
      "fast path); it still refuses cards not in the hand, non-plays, and illegal decisions outside play.",
      "The float32 observation of `seat` (default: the seat to act), laid out as "
      "GoujiDeal.observation_spec(perfect=...); written into `out` when given.",
      "Play a copy of this deal to its end (pre-play phases included) with built-in policies ('random', "
      "'greedy', one for every seat or one a seat); returns its outcome and leaves this deal alone."};
  auto cls = bind_deal<Deal>(m, docs, [](const Deal&, bool perfect) { return gj::observation_size(perfect); });
  cls.attr("teams") = py::make_tuple(py::make_tuple(0, 2, 4), py::make_tuple(1, 3, 5));
  cls.def(py::init(&new_gj_deal), py::arg("rules"), py::arg("seed") = py::none(), py::arg("dealer") = 0, py::kw_only(),
           py::arg("deck") = py::none(), py::arg("previous") = py::none(), py::arg("first_leader") = py::none(),
           py::arg("tie_order") = py::none(),
           "A deal shuffled from `seed` (None: a fresh random seed, kept in the deal), or from an explicit deck "
           "order (card text, top card first). dealer: the seat dealt the deck's first card (card i goes to seat "
           "(dealer + i) % 6); it decides nothing else, 上班 or first_leader choosing who leads, and 0 gives the "
           "deal earlier versions made. previous: the previous hand's result "
           "(GoujiOutcome.result; None for the first hand of a match: no tribute). first_leader: the seat that "
           "leads the first trick, instead of 上班. tie_order: the order of the seats that breaks 上班 ties (None: "
           "drawn from the seed or the deck; a sampled world's setup gives its own).")
      .def_property_readonly("previous", &previous_of, "The previous hand's result, as given (None for a first hand).")
      .def_property_readonly("setup", [](Deal& d) {
        with_past(d);
        py::dict out;
        out["previous"] = previous_of(d);
        out["first_leader"] = seat_or_none(d.setup().first_leader);
        // Only when not 0, so the setup (and records) of the usual deal stay as they were.
        if (d.setup().dealer != 0) out["dealer"] = d.setup().dealer;
        if (d.setup().tie_order) {
          py::list order;
          for (int s : *d.setup().tie_order) order.append(s);
          out["tie_order"] = order;
        }
        return out;
      }, "What the deal was made with besides the rules and the seed or deck, as given (None: not given; "
         "'dealer' only when not 0, 'tie_order' only when given, as a sampled world's is): "
         "GoujiDeal(rules, seed, **deal.setup) makes the same deal.")
      .def_property_readonly("phase", [](const Deal& d) { return std::string(gj::phase_name(d.phase())); },
                             "'buy', 'return', 'revolt', 'yaotou', 'xuandian', 'play' or 'over'.")
      .def_property_readonly("restricted", [](const Deal& d) { return d.info().restricted; },
                             "Whether the table play is restricted: a gouji card of a player with a head, before "
                             "四户乱缠 (only the 对家 answers; others may burn).")
      .def_property_readonly("role", [](const Deal& d) {
        const auto r = d.role();
        return r == Deal::Role::none ? py::none() : py::object(py::str(std::string(role_name(r))));
      }, "In play, what the seat to act may do: 'lead', 'answer' (beat, pass, perhaps yield) or 'burn' (only a "
         "burn or a pass); None outside play.")
      .def_property_readonly("chaos", &Deal::is_chaos, "四户乱缠: at most chaos_threshold players are active.")
      .def_property_readonly("burner", [](const Deal& d) { return seat_or_none(d.burner()); }, "The seat burning now (烧牌), or None.")
      .def_property_readonly("burned", [](const Deal& d) { return seat_or_none(d.burned()); }, "The seat it burned, or None.")
      .def_property_readonly("yielder", [](const Deal& d) { return seat_or_none(d.info().yielder); },
                             "The seat that yielded (让牌) on the table play and will be asked again, or None.")
      .def_property_readonly("passed", [](const Deal& d) { return seats_of(d.info().passed); },
                             "The seats that passed in this trick.")
      .def_property_readonly("points_opened", [](const Deal& d) { return seats_of(d.info().opened); },
                             "The seats that opened a point (开点); revolutionaries count as opened.")
      .def_property_readonly("pointed", [](const Deal& d) { return seats_of(d.info().pointed); },
                             "The seats 点-ed (they owe their 对家 点贡 next hand), once decided.")
      .def_property_readonly("declared", [](const Deal& d) { return seats_of(d.info().declared); },
                             "The seats that declared points (宣点).")
      .def_property_readonly("grace", [](const Deal& d) {
        std::vector<int> out;
        for (int s = 0; s < gj::kPlayers; ++s) out.push_back(d.info().grace[static_cast<std::size_t>(s)]);
        return out;
      }, "Per seat, the gouji plays it may still make with an absent head (要头, 底牌).")
      .def_property_readonly("menned_by", [](const Deal& d) {
        py::list out;
        for (int s = 0; s < gj::kPlayers; ++s) out.append(seat_or_none(d.info().menned_by[static_cast<std::size_t>(s)]));
        return out;
      }, "Per seat, the seat that 闷-ed it, or None.")
      .def_property_readonly("places", [](const Deal& d) {
        py::list out;
        for (int s = 0; s < gj::kPlayers; ++s) out.append(seat_or_none(d.place_of(s)));
        return out;
      }, "Per seat, its place (0 = 头科 ... 5 = 大落) once it has one, or None.")
      .def_property_readonly("first_leader", [](const Deal& d) { return seat_or_none(d.first_leader()); },
                             "The seat that leads the first trick, once play has begun; None before.")
      .def_property_readonly("shangban", [](const Deal& d) { return seat_or_none(d.info().shangban); },
                             "The seat that won 上班 by showing the most copies of one face of 4 (3 without 憋三), "
                             "or None.")
      .def_property_readonly("shown", &Deal::shown, "The cards shown for 上班.")
      .def_property_readonly("tie_order", [](const Deal& d) {
        std::vector<int> out(d.tie_order().begin(), d.tie_order().end());
        return out;
      }, "The deal's random order of seats that breaks 上班 ties.")
      .def_property_readonly("purchases", [](const Deal& d) {
        std::vector<gj::Purchase> out;
        for (int i = 0; i < d.purchase_count(); ++i) out.push_back(d.purchase(i));
        return out;
      }, "The 3s (and 4s) bought so far (买三, 要三).")
      .def_property_readonly("tribute", [](const Deal& d) {
        std::vector<gj::Payment> out;
        for (int i = 0; i < d.payment_count(); ++i) out.push_back(d.payment(i));
        return out;
      }, "The tribute payments of this deal, in paying order (none for a first hand or after 串三户).")
      .def_property_readonly("finish_order", [](const Deal& d) { return d.outcome().finish_order; },
                             "Seats in the order they have gone out so far.")
      .def("played_by", [](const Deal& d, py::handle seat) { return d.played_by(seat_arg(seat)); }, py::arg("seat"),
           "The cards a seat has played in tricks.")
      .def("is_revolted", [](const Deal& d, py::handle seat) { return d.is_revolted(seat_arg(seat)); }, py::arg("seat"))
      .def("is_eliminated", [](const Deal& d, py::handle seat) { return d.is_eliminated(seat_arg(seat)); }, py::arg("seat"),
           "Whether the seat failed a burn (or was 闷-ed under men_immediate_bottom) and plays no more.")
      .def("is_active", [](const Deal& d, py::handle seat) { return d.is_active(seat_arg(seat)); }, py::arg("seat"),
           "Still playing: not out, not revolted, not eliminated.")
      .def("has_head", [](const Deal& d, py::handle seat) { return d.has_head(seat_arg(seat)); }, py::arg("seat"),
           "Whether the seat has a head (有头): its 对家 is active, or a grace lasts.")
      .def_static("opposite", [](py::handle seat) { return gj::opposite(seat_arg(seat)); }, py::arg("seat"),
                  "The seat's 对家: seat + 3 mod 6.")
      .def_static("team", [](py::handle seat) { return gj::team_of(seat_arg(seat)); }, py::arg("seat"),
                  "0 for seats 0, 2, 4; 1 for seats 1, 3, 5.")
      .def("is_burn", [](const Deal& d, const Move& move) { return d.is_burn(move); }, py::arg("move"),
           "Whether the move would be a burn (烧牌) by the seat to act.")
      .def_static("observation_spec", [](bool perfect) { return gj::observation_layout(perfect); }, py::kw_only(),
                  py::arg("perfect") = false, "The named slices of the observation vector, in order, covering it exactly.")
      .def_static("observation_shape", [](bool perfect) { return py::make_tuple(gj::observation_size(perfect)); },
                  py::kw_only(), py::arg("perfect") = false, "The shape of observation(seat, perfect=...).")
      .def("__repr__", [](const Deal& d) {
        return "<GoujiDeal " + std::string(gj::phase_name(d.phase())) + ", ply " + std::to_string(d.ply()) +
               (d.is_terminal() ? std::string(", over") : ", seat " + std::to_string(d.current_player()) + " to act") + ">";
      });

  m.attr("GOUJI_OBSERVATION_VERSION") = gj::kObservationVersion;
}

}  // namespace ganzdy::bind
