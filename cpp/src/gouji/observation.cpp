#include "ganzdy/gouji/observation.h"

#include <algorithm>

namespace ganzdy::gj {

namespace {

constexpr int kP = kPlayers;
constexpr int kV = kNumValues;
constexpr int kPhases = 6;  // buy, return, revolt, yaotou, xuandian, play

std::vector<ObservationSlice> build_layout(bool perfect) {
  std::vector<ObservationSlice> slices;
  int at = 0;
  auto add = [&](std::string name, int size, std::string description) {
    slices.push_back({std::move(name), at, size, std::move(description)});
    at += size;
  };
  add("hand", kNumFaces, "cards in the observer's hand, per face (3s 3h 3d 3c ... 2c, BJ, RJ)");
  add("hand_values", kV, "cards in the observer's hand, per value (3 ... A, 2, BJ, RJ)");
  add("played", kV, "cards played in tricks so far by anyone, per value");
  add("unseen", kV, "cards neither in the observer's hand nor played, per value");
  add("played_by", kP * kV, "cards each relative seat has played, per value, seat by seat (0 = observer, 3 = 对家)");
  add("received", kP * kV, "cards each relative seat received before play (purchases, tribute, returns), per value");
  add("given", kP * kV, "cards each relative seat gave before play (purchases, tribute, returns), per value");
  add("buy_status", kP * 2,
      "for each relative seat: first, 1 when it revolts automatically (no 3 and nothing to buy one with); "
      "second, 1 when it needed a 3 (or 4) and nobody could spare one");
  add("hand_sizes", kP, "cards held by each relative seat (a revolutionary's set-aside hand included)");
  add("status", kP * 4, "for each relative seat, one-hot: active, out (走科), revolted (革命), eliminated");
  add("places", kP * kP, "for each relative seat, one-hot its place (头科 ... 大落) once it has one");
  add("phase", kPhases, "one-hot phase: buy, return, revolt, yaotou, xuandian, play (all zero when over)");
  add("to_act", kP, "one-hot relative seat to act (all zero when the deal is over)");
  add("role", 3, "in play, one-hot role of the seat to act: lead, answer, burn");
  add("has_head", kP, "1 for each relative seat that has a head (有头)");
  add("grace", kP, "gouji plays each relative seat may still make with an absent head (要头, 底牌)");
  add("opened", kP, "1 for each relative seat that opened a point (开点) or revolted");
  add("pointed", kP, "1 for each relative seat that was 点-ed");
  add("declared", kP, "1 for each relative seat that declared points (宣点)");
  add("chaos", 1, "1 in 四户乱缠 (at most chaos_threshold players active)");
  add("burner", kP, "one-hot relative seat burning now (烧牌)");
  add("burned", kP, "one-hot relative seat it burned");
  add("burn_success", kP * kP, "for each relative seat, one-hot the seat it burned successfully (烧成功)");
  add("menned_by", kP * kP,
      "for each relative seat, one-hot the seat that 闷-ed it, once the observer knows: when the hand is over "
      "(or at once under men_immediate_bottom), for itself, and for a teammate whose small hand it is shown");
  add("revolution", 2, "the revolutionary's declaration: 要头 (yaotou), 无头 (wutou)");
  add("return_due", 2 * kP + 1,
      "in the return phase: one-hot relative payer, one-hot relative receiver, cards still to give back");
  add("first_leader", kP, "one-hot relative seat that led the first trick, once play has begun");
  add("shown", kV, "the 上班 cards the first leader showed, per value");
  add("table_values", kV, "the play to beat, per value (all zero when the seat to act leads)");
  add("table_size", 1, "cards in the play to beat");
  add("table_gouji", 1, "1 when the play to beat is a gouji card");
  add("table_restricted", 1, "1 when the play to beat is restricted (only the 对家 answers, others burn)");
  add("table_owner", kP, "one-hot relative seat that made the play to beat");
  add("passed", kP, "1 for each relative seat that passed in this trick");
  add("yielder", kP, "one-hot relative seat that yielded (让牌) on the play to beat");
  add("previous_places", kP * kP,
      "for each relative seat, one-hot its place in the previous hand (all zero for a first hand)");
  add("teammate_hands", 2 * kV,
      "under team_sees_small_hands, the hands of the teammates at relative seats 2 and 4 while they hold 10 cards "
      "or fewer, per value");
  if (perfect) add("hands", kP * kV, "every seat's hand per value, seat by seat in relative order");
  return slices;
}

int value_slot(int face) { return face == kRedJoker ? 14 : face == kBlackJoker ? 13 : face_rank(face); }

void put_values(const Cards& cards, float* out) {
  for (int r = 0; r < kNumRanks; ++r) out[r] = static_cast<float>(cards.rank_count(r));
  out[13] = static_cast<float>(cards.count(kBlackJoker));
  out[14] = static_cast<float>(cards.count(kRedJoker));
}

}  // namespace

const std::vector<ObservationSlice>& observation_layout(bool perfect) {
  static const std::vector<ObservationSlice> imperfect_layout = build_layout(false);
  static const std::vector<ObservationSlice> perfect_layout = build_layout(true);
  return perfect ? perfect_layout : imperfect_layout;
}

int observation_size(bool perfect) {
  const auto& layout = observation_layout(perfect);
  return layout.back().start + layout.back().size;
}

void encode_observation(const Deal& deal, int seat, bool perfect, float* out) {
  std::fill(out, out + observation_size(perfect), 0.0f);
  const DealInfo& info = deal.info();
  auto seat_at = [&](int rel) { return (seat + rel) % kP; };
  auto rel_of = [&](int s) { return (s - seat + kP) % kP; };
  auto one_hot_seat = [&](float* at, int s) {
    if (s >= 0) at[rel_of(s)] = 1.0f;
  };
  auto per_seat_bits = [&](float* at, unsigned mask) {
    for (int rel = 0; rel < kP; ++rel) at[rel] = static_cast<float>(mask >> seat_at(rel) & 1);
  };
  const Cards& hand = deal.hand(seat);
  for (int f = 0; f < kNumFaces; ++f) out[f] = static_cast<float>(hand.count(f));
  out += kNumFaces;
  put_values(hand, out);
  out += kV;
  put_values(deal.played(), out);
  out += kV;
  put_values(deal.rules().deck() - hand - deal.played(), out);
  out += kV;
  for (int rel = 0; rel < kP; ++rel) put_values(deal.played_by(seat_at(rel)), out + rel * kV);
  out += kP * kV;
  float* received = out;
  float* given = out + kP * kV;
  auto move_value = [&](int from, int to, int face) {
    if (face < 0) return;
    given[rel_of(from) * kV + value_slot(face)] += 1.0f;
    received[rel_of(to) * kV + value_slot(face)] += 1.0f;
  };
  for (int i = 0; i < deal.purchase_count(); ++i) {
    const Purchase& p = deal.purchase(i);
    move_value(p.seller, p.buyer, p.received);
    move_value(p.buyer, p.seller, p.paid);
  }
  for (int i = 0; i < deal.payment_count(); ++i) {
    const Payment& p = deal.payment(i);
    for (int k = 0; k < p.count; ++k) move_value(p.payer, p.receiver, p.cards[static_cast<std::size_t>(k)]);
    for (int k = 0; k < p.returned_count; ++k) move_value(p.receiver, p.payer, p.returned[static_cast<std::size_t>(k)]);
  }
  out += 2 * kP * kV;
  for (int rel = 0; rel < kP; ++rel) {
    const int s = seat_at(rel);
    out[2 * rel] = static_cast<float>(info.auto_revolt >> s & 1);
    out[2 * rel + 1] = (info.unmet >> (2 * s) & 3) != 0 ? 1.0f : 0.0f;
  }
  out += 2 * kP;
  for (int rel = 0; rel < kP; ++rel) out[rel] = static_cast<float>(deal.hand_size(seat_at(rel)));
  out += kP;
  for (int rel = 0; rel < kP; ++rel) {
    const int s = seat_at(rel);
    const int status = deal.is_out(s) ? 1 : deal.is_revolted(s) ? 2 : deal.is_eliminated(s) ? 3 : 0;
    out[rel * 4 + status] = 1.0f;
  }
  out += kP * 4;
  for (int rel = 0; rel < kP; ++rel)
    if (deal.place_of(seat_at(rel)) >= 0) out[rel * kP + deal.place_of(seat_at(rel))] = 1.0f;
  out += kP * kP;
  const Phase phase = deal.phase();
  if (phase != Phase::over) out[static_cast<int>(phase)] = 1.0f;
  out += kPhases;
  if (!deal.is_terminal()) one_hot_seat(out, deal.current_player());
  out += kP;
  if (phase == Phase::play) {
    const Deal::Role role = deal.role();
    if (role != Deal::Role::none) out[static_cast<int>(role) - 1] = 1.0f;
  }
  out += 3;
  for (int rel = 0; rel < kP; ++rel) out[rel] = deal.has_head(seat_at(rel)) ? 1.0f : 0.0f;
  out += kP;
  for (int rel = 0; rel < kP; ++rel) out[rel] = static_cast<float>(info.grace[static_cast<std::size_t>(seat_at(rel))]);
  out += kP;
  per_seat_bits(out, info.opened);
  out += kP;
  per_seat_bits(out, info.pointed);
  out += kP;
  per_seat_bits(out, info.declared);
  out += kP;
  *out++ = phase == Phase::play && deal.is_chaos() ? 1.0f : 0.0f;
  one_hot_seat(out, deal.burner());
  out += kP;
  one_hot_seat(out, deal.burned());
  out += kP;
  for (int rel = 0; rel < kP; ++rel) one_hot_seat(out + rel * kP, info.burned_by_success[static_cast<std::size_t>(seat_at(rel))]);
  out += kP * kP;
  // 闷 depends on the 闷-ed seat's hidden hand (only 3s left): shown once public,
  // else only to that seat and to a teammate shown its small hand.
  const bool men_told = men_public(deal);
  auto shows_hand = [&](int s) {
    return s == seat || (deal.config().team_sees_small_hands && team_of(s) == team_of(seat) &&
                         deal.hand_size(s) <= 10 && deal.is_active(s));
  };
  for (int rel = 0; rel < kP; ++rel)
    if (men_told || shows_hand(seat_at(rel)))
      one_hot_seat(out + rel * kP, info.menned_by[static_cast<std::size_t>(seat_at(rel))]);
  out += kP * kP;
  if (info.revolted != 0 && (phase == Phase::xuandian || phase == Phase::play || phase == Phase::over)) {
    out[info.yaotou ? 0 : 1] = 1.0f;
  }
  out += 2;
  if (phase == Phase::give_back) {
    const Payment& p = deal.payment(info.step);
    one_hot_seat(out, p.payer);
    one_hot_seat(out + kP, p.receiver);
    out[2 * kP] = static_cast<float>(p.count - p.returned_count);
  }
  out += 2 * kP + 1;
  one_hot_seat(out, deal.first_leader());
  out += kP;
  put_values(deal.shown(), out);
  out += kV;
  const Move& table = deal.table();
  if (!table.is_pass()) put_values(table.cards, out);
  out += kV;
  *out++ = static_cast<float>(table.is_pass() ? 0 : table.length);
  *out++ = !table.is_pass() && table.kind == Kind::group && is_gouji(deal.config(), play_of(table)) ? 1.0f : 0.0f;
  *out++ = info.restricted ? 1.0f : 0.0f;
  if (!table.is_pass()) one_hot_seat(out, deal.table_owner());
  out += kP;
  if (phase == Phase::play) per_seat_bits(out, info.passed);
  out += kP;
  if (phase == Phase::play) one_hot_seat(out, info.yielder);
  out += kP;
  if (deal.setup().previous) {
    const auto& places = deal.setup().previous->places;
    for (int p = 0; p < kP; ++p) out[rel_of(places[static_cast<std::size_t>(p)]) * kP + p] = 1.0f;
  }
  out += kP * kP;
  if (deal.config().team_sees_small_hands) {
    for (int k = 0; k < 2; ++k) {
      const int mate = seat_at(2 + 2 * k);
      if (deal.hand_size(mate) <= 10 && deal.is_active(mate)) put_values(deal.hand(mate), out + k * kV);
    }
  }
  out += 2 * kV;
  if (perfect)
    for (int rel = 0; rel < kP; ++rel) put_values(deal.hand(seat_at(rel)), out + rel * kV);
}

}  // namespace ganzdy::gj
