// A small C++ driver of Gan Deng Yan move generation and random play, for
// instruction counts without Python in them (valgrind --tool=callgrind, which is
// deterministic where the shared machines' clocks are not) and for a checksum of
// the generated moves that a change to the generator must leave as it is.
//
// Build against the core library of a pip build (-Cbuild-dir=build/dev):
//   g++ -O3 -DNDEBUG -std=c++20 -Icpp/include bench/movegen_driver.cpp build/dev/libganzdy_core.a
//   -o build/movegen_driver
// Run: build/movegen_driver <what> [count]
//   lead6 | lead10 | lead16 | follow6 | follow10 | follow16   the hands of bench/test_bench_movegen.py,
//                                                             `count` calls (default 100,000)
//   random10       leads of 1,000 random 10-card hands with 2 jokers, `count` calls
//   playout        `count` random-play deals (default 1,000), four players, default rules
//   checksum       every move, in order, of leads and follows over random hands under
//                  30 option sets, and of 200 random-play deals: one hash
// It prints the calls (or deals), the moves (or decisions) and the wall time per call and
// per move (per decision for random play). The
// instructions of one call are the difference of two callgrind runs with different counts,
// divided by the difference of the counts (so that the set-up cancels out).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ganzdy/gan_deng_yan/moves.h"
#include "ganzdy/gan_deng_yan/playout.h"
#include "ganzdy/core/random.h"
#include "ganzdy/core/rules.h"

using namespace ganzdy;
using namespace ganzdy::gdy;

namespace {

std::uint64_t mix(std::uint64_t h, std::uint64_t v) { return h ^ (v + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2)); }

std::uint64_t hash_moves(std::uint64_t h, const MoveList& moves) {
  for (const Move& m : moves) h = mix(h, m.hash());
  return mix(h, moves.size());
}

// `n` hands of `cards` naturals from `packs` shuffled packs, plus `jokers` jokers
// (black and red alternately); `windowed`: from a window of seven ranks, so that
// runs are common.
std::vector<Cards> random_hands(int n, int cards, int jokers, int packs, bool windowed, std::uint64_t seed) {
  Random rng(seed);
  std::vector<Cards> hands;
  for (int i = 0; i < n; ++i) {
    std::vector<Face> deck;
    for (int p = 0; p < packs; ++p)
      for (int f = 0; f < kBlackJoker; ++f) deck.push_back(static_cast<Face>(f));
    rng.shuffle(deck.data(), deck.size());
    Cards hand;
    int taken = 0;
    for (std::size_t k = 0; k < deck.size() && taken < cards; ++k) {
      const int rank = deck[k] / kNumSuits;
      const int low = static_cast<int>(seed % 5) + 2;
      if (windowed && (rank < low || rank > low + 6)) continue;
      hand.add(deck[k]);
      ++taken;
    }
    for (int k = 0; k < jokers; ++k) hand.add(k % 2 ? kRedJoker : kBlackJoker);
    hands.push_back(hand);
  }
  return hands;
}

Move declared(const char* cards, Kind kind, int rank) {
  Move m;
  m.cards = Cards::parse(cards);
  m.kind = kind;
  m.rank = static_cast<std::int8_t>(rank);
  m.length = static_cast<std::uint8_t>(m.cards.size());
  return m;
}

// The checksum: every option set of tests/gan_deng_yan/test_gdy_differential.py that changes generation.
std::uint64_t checksum() {
  using Options = std::vector<std::pair<std::string, OptionValue>>;
  auto S = [](const char* s) { return OptionValue(std::string(s)); };
  auto I = [](std::int64_t v) { return OptionValue(v); };
  auto B = [](bool v) { return OptionValue(v); };
  const std::vector<std::pair<int, Options>> sets = {
      {4, {}},
      {2, {}},
      {3, {}},
      {6, {}},
      {4, {{"packs", I(1)}}},
      {4, {{"triple_mode", S("any_higher")}}},
      {4, {{"triple_mode", S("bomb")}}},
      {4, {{"triple_mode", S("bomb")}, {"bomb_min_size", I(3)}, {"pure_beats_soft", S("same_rank")}}},
      {4, {{"triple_mode", S("none")}}},
      {4, {{"pure_beats_soft", S("same_size")}}},
      {4, {{"bomb_order", S("rank_only")}}},
      {4, {{"king_bomb", S("small_plus_big")}}},
      {4, {{"king_bomb", S("small_plus_big")}, {"king_bomb_rank", S("above_4_below_5")}}},
      {4, {{"king_bomb", S("any_two_jokers")}}},
      {4, {{"king_bomb", S("any_two_jokers")}, {"king_bomb_rank", S("above_4_below_5")}, {"triple_mode", S("bomb")}}},
      {2, {{"king_bomb", S("small_plus_big")}, {"joker_can_be_two", B(true)}}},
      {4, {{"twos_in_runs", B(true)}}},
      {4, {{"twos_in_runs", B(true)}, {"joker_can_be_two", B(true)}}},
      {4, {{"joker_can_be_two", B(true)}}},
      {4, {{"twos_only_single_pair", B(true)}, {"twos_in_runs", B(true)}, {"joker_can_be_two", B(true)}}},
      {4, {{"max_jokers_per_combo", I(1)}}},
      {4, {{"max_jokers_per_combo", I(0)}, {"king_bomb", S("any_two_jokers")}}},
      {4, {{"max_jokers_per_combo", I(2)}, {"min_naturals_per_combo", I(2)}}},
      {4, {{"min_naturals_per_combo", I(3)}, {"triple_mode", S("bomb")}}},
      {4, {{"joker_wild", B(false)}}},
      {4, {{"joker_wild", B(false)}, {"king_bomb", S("any_two_jokers")}}},
      {4, {{"straight_min_len", I(4)}, {"straight_max_len", I(6)}}},
      {4, {{"straight_max_len", I(3)}, {"pairs_max", I(2)}}},
      {4, {{"pairs_min", I(3)}, {"pairs_max", I(4)}}},
      {5,
       {{"straight_max_len", I(13)}, {"pairs_max", I(13)}, {"twos_in_runs", B(true)}, {"joker_can_be_two", B(true)}}},
  };
  std::uint64_t h = 0;
  MoveList moves;
  for (std::size_t set = 0; set < sets.size(); ++set) {
    const Rules rules("gan_deng_yan", sets[set].first, sets[set].second);
    const Config& cfg = gdy::config(rules);
    for (int jokers = 0; jokers <= 2 * rules.packs() && jokers <= 6; ++jokers) {
      Random sizes(1000 * set + static_cast<std::uint64_t>(jokers));
      for (int i = 0; i < 400; ++i) {
        const int naturals = 1 + static_cast<int>(sizes.below(16));
        const Cards hand = random_hands(1, naturals, jokers, rules.packs(), i % 2 == 1, sizes.next())[0];
        generate_leads(cfg, hand, moves);
        h = hash_moves(h, moves);
        const MoveList leads = moves;
        // Follows onto some of the hand's own leads, from the same hand.
        for (std::size_t t = 0; t < leads.size(); t += 1 + leads.size() / 9) {
          generate_follows(cfg, hand, leads[t], moves);
          h = hash_moves(h, moves);
        }
      }
    }
  }
  const auto rules = std::make_shared<const Rules>("gan_deng_yan", 4);
  const PlayoutBatch batch = playouts(rules, 200, {Policy::random}, 42, 1);
  for (const auto p : batch.points) h = mix(h, static_cast<std::uint64_t>(p));
  for (const auto p : batch.plies) h = mix(h, static_cast<std::uint64_t>(p));
  return h;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string what = argc > 1 ? argv[1] : "lead10";
  if (what == "checksum") {
    std::printf("checksum %016llx\n", static_cast<unsigned long long>(checksum()));
    return 0;
  }
  const long count = argc > 2 ? std::atol(argv[2]) : what == "playout" ? 1000 : 100000;
  const auto rules = std::make_shared<const Rules>("gan_deng_yan", 4);
  const Config& cfg = gdy::config(*rules);
  MoveList moves;
  long calls = 0, made = 0;
  const auto start = std::chrono::steady_clock::now();
  if (what == "playout") {
    const PlayoutBatch batch = playouts(rules, count, {Policy::random}, 1, 1);
    for (const auto plies : batch.plies) made += plies;
    calls = count;
  } else if (what == "random10") {
    const std::vector<Cards> hands = random_hands(1000, 8, 2, 2, false, 7);
    for (long i = 0; i < count; ++i, ++calls) {
      generate_leads(cfg, hands[static_cast<std::size_t>(i % 1000)], moves);
      made += static_cast<long>(moves.size());
    }
  } else {
    const std::string hand_of = what.substr(what[0] == 'l' ? 4 : 6);
    const char* text = hand_of == "6"    ? "3s 5s 6h 8d Jc 2s"
                       : hand_of == "10" ? "3s 4s 5s 7s 8s 9s Js Qs BJ RJ"
                                         : "3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As BJ BJ RJ RJ";
    const Cards hand = Cards::parse(text);
    const Move table = hand_of == "6"    ? declared("5d", Kind::single, 2)
                       : hand_of == "10" ? declared("6d 7d 8d", Kind::straight, 3)
                                         : declared("9d 9c", Kind::pair, 6);
    const bool lead = what[0] == 'l';
    for (long i = 0; i < count; ++i, ++calls) {
      if (lead)
        generate_leads(cfg, hand, moves);
      else
        generate_follows(cfg, hand, table, moves);
      made += static_cast<long>(moves.size());
    }
  }
  const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s calls=%ld moves=%ld %.1f ns/call %.2f ns/move\n", what.c_str(), calls, made,
              ns / static_cast<double>(calls), ns / static_cast<double>(made > 0 ? made : 1));
  return 0;
}
