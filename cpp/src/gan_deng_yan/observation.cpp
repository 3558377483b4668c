#include "ganzdy/gan_deng_yan/observation.h"

#include <algorithm>
#include <array>
#include <cstdint>

namespace ganzdy::gdy {

namespace {

std::vector<ObservationSlice> build_layout(int players, bool perfect) {
  std::vector<ObservationSlice> slices;
  int at = 0;
  auto add = [&](std::string name, int size, std::string description) {
    slices.push_back({std::move(name), at, size, std::move(description)});
    at += size;
  };
  const int p = players;
  add("hand", kRankSlots, "cards in the observer's hand, per rank slot (3..2, BJ, RJ)");
  add("played", kRankSlots, "cards played so far by anyone, per rank slot");
  add("unseen", kRankSlots, "cards the observer has not seen (other hands and the stock), per rank slot");
  add("hand_sizes", p, "cards held by each seat, relative to the observer in turn order (0 = observer)");
  add("out", p, "1 for each relative seat that has gone out");
  add("plays_made", p, "combinations each relative seat has played this deal");
  add("stock_size", 1, "cards left in the stock");
  add("table_kind", kNumGdyKinds,
      "one-hot kind of the combination to beat, in Kind order (pass, single, pair, triple, straight, pairs, bomb, "
      "king_bomb, jokers); 'pass' means the seat to act leads");
  add("table_rank", kNumRanks, "one-hot key rank of the combination to beat (a group's rank, a run's lowest rank)");
  add("table_length", 1, "cards in the combination to beat");
  add("table_cards", kRankSlots, "the cards of the combination to beat, per rank slot");
  add("table_owner", p, "one-hot relative seat that played the combination to beat");
  add("passes", 1, "consecutive passes since the combination to beat");
  add("bombs", 1, "bombs played this deal (any size)");
  add("dealer", p, "one-hot relative seat of the dealer");
  add("to_act", p, "one-hot relative seat to act (all zero when the deal is over)");
  if (perfect) {
    add("hands", p * kRankSlots, "every seat's hand per rank slot, seat by seat in relative order");
    add("stock", kRankSlots, "the stock's cards per rank slot");
  }
  return slices;
}

const std::array<std::array<std::vector<ObservationSlice>, 2>, kMaxPlayers + 1>& layouts() {
  static const auto table = [] {
    std::array<std::array<std::vector<ObservationSlice>, 2>, kMaxPlayers + 1> t;
    for (int p = 2; p <= kMaxPlayers; ++p) {
      t[static_cast<std::size_t>(p)][0] = build_layout(p, false);
      t[static_cast<std::size_t>(p)][1] = build_layout(p, true);
    }
    return t;
  }();
  return table;
}

void put_ranks(const Cards& cards, float* out) {
  // Rank r is the 16-bit lane r % 4 of word r / 4 (its four suit counters). Sum
  // each lane's counters, four ranks a word at once (nibbles into bytes, bytes into
  // lanes), then convert the 13 lane sums in one loop the compiler vectorizes
  // (int32 to float is one SSE2 instruction for four).
  constexpr std::uint64_t kNibbles = 0x0F0F0F0F0F0F0F0FULL;
  constexpr std::uint64_t kBytes = 0x00FF00FF00FF00FFULL;
  std::array<std::int32_t, 16> sums;
  for (std::size_t w = 0; w < 4; ++w) {
    std::uint64_t x = cards.words()[w];
    x = (x & kNibbles) + ((x >> 4) & kNibbles);
    x = (x & kBytes) + ((x >> 8) & kBytes);
    for (std::size_t lane = 0; lane < 4; ++lane)
      sums[4 * w + lane] = static_cast<std::int32_t>((x >> (16 * lane)) & 0xFFFF);
  }
  for (int r = 0; r < kNumRanks; ++r) out[r] = static_cast<float>(sums[static_cast<std::size_t>(r)]);
  out[kNumRanks] = static_cast<float>(cards.count(kBlackJoker));
  out[kNumRanks + 1] = static_cast<float>(cards.count(kRedJoker));
}

}  // namespace

const std::vector<ObservationSlice>& observation_layout(int players, bool perfect) {
  return layouts()[static_cast<std::size_t>(players)][perfect ? 1 : 0];
}

int observation_size(int players, bool perfect) {
  const auto& layout = observation_layout(players, perfect);
  return layout.back().start + layout.back().size;
}

void encode_observation(const Deal& deal, int seat, bool perfect, float* out) {
  const int p = deal.players();
  std::fill(out, out + observation_size(p, perfect), 0.0f);
  // Relative order follows play, so it depends on the rules' direction.
  const bool ccw = deal.config().direction == Direction::counter_clockwise;
  auto seat_at = [&](int rel) { return ccw ? (seat + rel) % p : (seat - rel + p) % p; };
  auto rel_of = [&](int s) { return ccw ? (s - seat + p) % p : (seat - s + p) % p; };

  const Cards& hand = deal.hand(seat);
  const Cards& played = deal.played();
  put_ranks(hand, out);
  out += kRankSlots;
  put_ranks(played, out);
  out += kRankSlots;
  put_ranks(deal.rules().deck() - hand - played, out);
  out += kRankSlots;
  for (int rel = 0; rel < p; ++rel) {
    const int s = seat_at(rel);
    out[rel] = static_cast<float>(deal.hand_size(s));
    out[p + rel] = deal.is_out(s) ? 1.0f : 0.0f;
    out[2 * p + rel] = static_cast<float>(deal.info().plays[static_cast<std::size_t>(s)]);
  }
  out += 3 * p;
  *out++ = static_cast<float>(deal.stock_size());
  const Move& table = deal.table();
  out[static_cast<int>(table.kind)] = 1.0f;
  out += kNumGdyKinds;
  if (!table.is_pass() && table.rank >= 0) out[table.rank] = 1.0f;
  out += kNumRanks;
  *out++ = static_cast<float>(table.length);
  put_ranks(table.cards, out);
  out += kRankSlots;
  if (deal.table_owner() >= 0 && !table.is_pass()) out[rel_of(deal.table_owner())] = 1.0f;
  out += p;
  *out++ = static_cast<float>(deal.passes());
  *out++ = static_cast<float>(deal.bombs_played());
  out[rel_of(deal.dealer())] = 1.0f;
  out += p;
  if (!deal.is_terminal()) out[rel_of(deal.current_player())] = 1.0f;
  out += p;
  if (perfect) {
    Cards stock = deal.rules().deck() - played;
    for (int rel = 0; rel < p; ++rel) {
      const Cards& h = deal.hand(seat_at(rel));
      put_ranks(h, out + rel * kRankSlots);
      stock -= h;
    }
    out += p * kRankSlots;
    put_ranks(stock, out);
  }
}

}  // namespace ganzdy::gdy
