#include "ganzdy/guandan/observation.h"

#include <algorithm>
#include <array>

namespace ganzdy::gd {

namespace {

// The kinds a Guandan table can hold, in the order of the table_kind one-hot (fixed
// here, so the layout does not move when another game adds a kind).
constexpr std::array<Kind, 12> kTableKinds = {Kind::pass,      Kind::single,         Kind::pair,  Kind::triple,
                                             Kind::full_house, Kind::three_with_one, Kind::straight, Kind::tube,
                                             Kind::plate,     Kind::bomb,           Kind::straight_flush,
                                             Kind::joker_bomb};

int table_kind_slot(Kind kind) {
  for (std::size_t i = 0; i < kTableKinds.size(); ++i)
    if (kTableKinds[i] == kind) return static_cast<int>(i);
  return -1;
}

std::vector<ObservationSlice> build_layout(bool perfect) {
  std::vector<ObservationSlice> slices;
  int at = 0;
  auto add = [&](std::string name, int size, std::string description) {
    slices.push_back({std::move(name), at, size, std::move(description)});
    at += size;
  };
  const int p = kPlayers;
  add("hand", kNumFaces, "cards in the observer's hand, per face (3s 3h 3d 3c ... 2c, BJ, RJ)");
  add("played", kNumFaces, "cards played in tricks so far by anyone, per face");
  add("unseen", kNumFaces, "cards in the other hands (the deck less the observer's hand and the played cards), per face");
  add("played_by", p * kNumFaces, "cards each relative seat has played, per face, seat by seat (0 = observer, 2 = partner)");
  add("hand_sizes", p, "cards held by each relative seat");
  add("places", p * 3, "for each relative seat, one-hot its place if out (1st, 2nd, 3rd)");
  add("level", kNumRanks, "one-hot level rank L of this deal (rank indices 3..A, 2)");
  add("team_levels", 2 * kNumRanks, "one-hot level of the observer's team, then of the opponents");
  add("phase", 4, "one-hot phase: tribute, pick, return, play (all zero when over)");
  add("resisted", 1, "1 when the tribute was resisted (抗贡)");
  add("previous_first", p, "one-hot relative seat that went out first in the previous hand (none for a first hand)");
  add("tribute_payer", 2 * p, "for payments 0 and 1, one-hot relative seat of the payer");
  add("tribute_receiver", 2 * p, "for payments 0 and 1, one-hot relative seat of the receiver, once the cards are shown");
  add("tribute_card", 2 * kNumFaces,
      "for payments 0 and 1, the tribute card once every payer has chosen (the observer's own at once)");
  add("return_given", kNumFaces, "the card the observer gave back, once chosen");
  add("return_received", kNumFaces, "the card given back to the observer, once it has moved");
  add("shown", p * kNumFaces, "cards each relative seat showed from its dealt hand (resisting jokers, the turned card)");
  add("table_kind", static_cast<int>(kTableKinds.size()),
      "one-hot kind of the combination to beat: pass, single, pair, triple, full_house, three_with_one, straight, "
      "tube, plate, bomb, straight_flush, joker_bomb; 'pass' means the seat to act leads");
  add("table_rank", kNumRanks, "one-hot key rank of the combination to beat (none for joker singles, pairs and bombs)");
  add("table_length", 1, "cards in the combination to beat");
  add("table_cards", kNumFaces, "the cards of the combination to beat, per face");
  add("table_owner", p, "one-hot relative seat that played the combination to beat");
  add("passes", 1, "consecutive passes since the combination to beat");
  add("to_act", p, "one-hot relative seat to act (all zero when the deal is over)");
  if (perfect) add("hands", p * kNumFaces, "every seat's hand per face, seat by seat in relative order");
  return slices;
}

void put_faces(const Cards& cards, float* out) {
  for (int f = 0; f < kNumFaces; ++f) out[f] = static_cast<float>(cards.count(f));
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
  const int p = kPlayers;
  auto seat_at = [&](int rel) { return (seat + rel) % p; };
  auto rel_of = [&](int s) { return (s - seat + p) % p; };
  const Cards& hand = deal.hand(seat);
  put_faces(hand, out);
  out += kNumFaces;
  put_faces(deal.played(), out);
  out += kNumFaces;
  put_faces(deal.rules().deck() - hand - deal.played(), out);
  out += kNumFaces;
  for (int rel = 0; rel < p; ++rel) put_faces(deal.played_by(seat_at(rel)), out + rel * kNumFaces);
  out += p * kNumFaces;
  for (int rel = 0; rel < p; ++rel) out[rel] = static_cast<float>(deal.hand_size(seat_at(rel)));
  out += p;
  for (int i = 0; i < deal.info().finished; ++i)
    out[rel_of(deal.info().finish_order[static_cast<std::size_t>(i)]) * 3 + i] = 1.0f;
  out += p * 3;
  out[deal.level()] = 1.0f;
  out += kNumRanks;
  const int team = team_of(seat);
  out[deal.team_level(team)] = 1.0f;
  out[kNumRanks + deal.team_level(1 - team)] = 1.0f;
  out += 2 * kNumRanks;
  const Phase phase = deal.phase();
  if (phase != Phase::over) out[static_cast<int>(phase)] = 1.0f;
  out += 4;
  *out++ = deal.resisted() ? 1.0f : 0.0f;
  if (deal.previous_first() >= 0) out[rel_of(deal.previous_first())] = 1.0f;
  out += p;
  // Tribute cards are shown once every payer has chosen; receivers with them.
  const bool shown = phase != Phase::tribute;
  const bool moved = shown && phase != Phase::pick;
  float* payer = out;
  float* receiver = out + 2 * p;
  float* card = out + 4 * p;
  float* given = card + 2 * kNumFaces;
  float* received = given + kNumFaces;
  for (int i = 0; i < deal.payment_count(); ++i) {
    const Payment& pay = deal.payment(i);
    payer[i * p + rel_of(pay.payer)] = 1.0f;
    if (moved) receiver[i * p + rel_of(pay.receiver)] = 1.0f;
    if (pay.card >= 0 && (shown || pay.payer == seat)) card[i * kNumFaces + pay.card] = 1.0f;
    if (pay.returned >= 0 && pay.receiver == seat) given[pay.returned] = 1.0f;
    if (pay.returned >= 0 && pay.payer == seat && (phase == Phase::play || phase == Phase::over))
      received[pay.returned] = 1.0f;
  }
  out = received + kNumFaces;
  for (int rel = 0; rel < p; ++rel) put_faces(deal.shown(seat_at(rel)), out + rel * kNumFaces);
  out += p * kNumFaces;
  const Move& table = deal.table();
  if (const int slot = table_kind_slot(table.kind); slot >= 0) out[slot] = 1.0f;
  out += kTableKinds.size();
  if (!table.is_pass() && table.rank >= 0) out[table.rank] = 1.0f;
  out += kNumRanks;
  *out++ = static_cast<float>(table.length);
  put_faces(table.cards, out);
  out += kNumFaces;
  if (deal.table_owner() >= 0 && !table.is_pass()) out[rel_of(deal.table_owner())] = 1.0f;
  out += p;
  *out++ = static_cast<float>(deal.passes());
  if (!deal.is_terminal()) out[rel_of(deal.current_player())] = 1.0f;
  out += p;
  if (perfect)
    for (int rel = 0; rel < p; ++rel) put_faces(deal.hand(seat_at(rel)), out + rel * kNumFaces);
}

}  // namespace ganzdy::gd
