// The typed options of Gan Deng Yan (干瞪眼), as the move generator and the deal
// read them. Built from a Rules; see docs/rules/gan_deng_yan.md for each option.
#pragma once

#include <cstdint>

namespace ganzdy::gdy {

enum class TripleMode : std::uint8_t { step, any_higher, bomb, none };
enum class BombOrder : std::uint8_t { size_then_rank, rank_only };
enum class PureBeatsSoft : std::uint8_t { none, same_rank, same_size };
enum class KingBomb : std::uint8_t { none, small_plus_big, any_two_jokers };
enum class KingBombRank : std::uint8_t { highest, above_4_below_5 };

struct Config {
  int players = 4;
  int packs = 2;
  int straight_min_len = 3;
  int straight_max_len = 12;
  int pairs_min = 2;
  int pairs_max = 12;
  bool twos_in_runs = false;
  TripleMode triple_mode = TripleMode::step;
  int bomb_min_size = 4;
  BombOrder bomb_order = BombOrder::size_then_rank;
  PureBeatsSoft pure_beats_soft = PureBeatsSoft::none;
  bool twos_only_single_pair = false;
  bool joker_wild = true;
  bool joker_can_be_two = false;
  int min_naturals_per_combo = 1;
  int max_jokers_per_combo = 99;  // None (unlimited) is stored as a large number
  KingBomb king_bomb = KingBomb::none;
  KingBombRank king_bomb_rank = KingBombRank::highest;

  // Derived: the highest rank a run may reach (A, or 2 with twos_in_runs).
  int run_top = 11;
  // Derived: joker colours are distinct faces only when a king bomb needs one of each.
  bool jokers_distinct() const { return king_bomb == KingBomb::small_plus_big; }
};

}  // namespace ganzdy::gdy
