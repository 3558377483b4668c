// The typed options of Guandan (掼蛋), as the move generator, the deal and the
// match read them. Built from a Rules; see docs/rules/guandan.md for each option.
//
// Ranks are the engine's rank indices (card.h: 3..A, 2 = 0..12). Guandan orders
// them two ways, both derived here once per Rules so the generator only reads
// tables:
//  - value order (singles, pairs, triples, full houses, bombs):
//    2 < 3 < ... < K < A < L < small joker < big joker, the level rank L taken
//    out of its natural place;
//  - sequence order (straights, tubes, plates, straight flushes): natural
//    A 2 3 ... K A, the ace at either end (never both), L in its natural place.
#pragma once

#include <array>
#include <cstdint>

#include "ganzdy/core/card.h"
#include "ganzdy/core/rules.h"

namespace ganzdy::gd {

enum class FirstLeadFirstHand : std::uint8_t { random, seat0, turned_card };
enum class UpgradeTable : std::uint8_t { three_two_one, four_two_one };  // +3/+2/+1 or +4/+2/+1
enum class APassResults : std::uint8_t { first_second_or_third, first_second };
enum class Tribute14Payer : std::uint8_t { last, third, none };
enum class DoubleTributeAssignment : std::uint8_t { bigger_to_first, first_picks };
enum class ResistRule : std::uint8_t { both_big_jokers, jokers_total };
enum class FirstLeadAfterTribute : std::uint8_t { tribute, first_out };

// Values of the jokers in value order (the ranks' values are 2..15).
inline constexpr int kSmallJokerValue = 16;
inline constexpr int kBigJokerValue = 17;
// Positions in sequence order: 0 = the low ace, 1 = 2, 2..12 = 3..K, 13 = the high ace.
inline constexpr int kSeqPositions = 14;

struct Config {
  Config() { derive(); }

  // Combinations (guandan.md §3-§5).
  int level = kRank2;  // L, a rank index; its hearts are the wilds
  bool wild_enabled = true;
  int max_bomb_size = 10;
  int straight_len = 5;  // also the length of a straight flush
  int tube_pairs = 3;
  int plate_triples = 2;
  bool fullhouse_joker_pair = true;
  bool three_with_one = false;
  bool prune_redundant_wild = false;

  // The deal, tribute and match (guandan.md §2, §6-§8), read by the deal and the match.
  FirstLeadFirstHand first_lead_first_hand = FirstLeadFirstHand::random;
  bool jiefeng_to_partner = true;
  UpgradeTable upgrade_table = UpgradeTable::three_two_one;
  APassResults a_pass_results = APassResults::first_second_or_third;
  int a_fail_limit = 3;             // 0: no limit
  int a_fail_reset_to = kRank2;     // a rank index
  bool a_win_requires_own_level = true;
  Tribute14Payer tribute_1_4_payer = Tribute14Payer::last;
  DoubleTributeAssignment double_tribute_assignment = DoubleTributeAssignment::bigger_to_first;
  int return_max_rank = 7;          // a rank index (T), or kNoRank for any non-joker card
  bool return_excludes_level_rank = true;
  ResistRule resist_rule = ResistRule::both_big_jokers;
  FirstLeadAfterTribute first_lead_after_tribute = FirstLeadAfterTribute::tribute;

  // Derived by derive(): value[r] is rank r's value (2..15, L = 15); by_value
  // lists the ranks from the lowest value up (L last); seq_rank[p] is the rank at
  // sequence position p.
  std::array<std::int8_t, kNumRanks> value{};
  std::array<std::int8_t, kNumRanks> by_value{};
  std::array<std::int8_t, kSeqPositions> seq_rank{};

  // Recomputes the derived tables; call after changing `level`.
  void derive() {
    for (int r = 0; r < kNumRanks; ++r) value[r] = static_cast<std::int8_t>(r == level ? 15 : r == kRank2 ? 2 : r + 3);
    int n = 0;
    for (int v = 2; v <= 15; ++v)
      for (int r = 0; r < kNumRanks; ++r)
        if (value[r] == v) by_value[n++] = static_cast<std::int8_t>(r);
    seq_rank[0] = kRankA;
    seq_rank[1] = kRank2;
    for (int p = 2; p <= 12; ++p) seq_rank[p] = static_cast<std::int8_t>(p - 2);
    seq_rank[13] = kRankA;
  }

  // The face of the wild cards, the hearts of the level rank.
  Face wild_face() const { return make_face(level, 1); }
  // Whether `face` is a wild card under these rules.
  bool is_wild(int face) const { return wild_enabled && face == wild_face(); }
};

// The sequence position of a run whose lowest rank is `rank`: a run starting at
// an ace starts at the low ace.
constexpr int seq_start(int rank) { return rank == kRankA ? 0 : rank == kRank2 ? 1 : rank + 2; }


// The typed options of `rules`, derived once when the Rules was built; the
// defaults under another game's rules. Hot paths cache the reference (a deal
// keeps a pointer to it).
inline const Config& config(const Rules& rules) {
  if (rules.game() == Game::guandan) return *static_cast<const Config*>(rules.game_data().config);
  static const Config defaults{};
  return defaults;
}

}  // namespace ganzdy::gd
