// The typed options of Gan Deng Yan (干瞪眼), as the move generator and the deal
// read them. Built from a Rules (read with config(rules)); see docs/rules/gan_deng_yan.md for each option.
#pragma once

#include <cassert>
#include <cstdint>

#include "ganzdy/core/rules.h"

namespace ganzdy::gdy {

enum class TripleMode : std::uint8_t { step, any_higher, bomb, none };
enum class BombOrder : std::uint8_t { size_then_rank, rank_only };
enum class PureBeatsSoft : std::uint8_t { none, same_rank, same_size };
enum class KingBomb : std::uint8_t { none, small_plus_big, any_two_jokers };
enum class KingBombRank : std::uint8_t { highest, above_4_below_5 };
enum class FirstLeader : std::uint8_t { dealer, lowest_card };
enum class Direction : std::uint8_t { counter_clockwise, clockwise };
enum class DrawPolicy : std::uint8_t { all, winner_only, none };
enum class StuckLeader : std::uint8_t { skip_to_next_then_draw, allow_joker_only_final };
enum class EndCondition : std::uint8_t { first_out, ranking };
enum class NextDealer : std::uint8_t { previous_winner, rotate };

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

  // The deal.
  int initial_hand_size = 5;
  int dealer_extra_cards = 1;
  FirstLeader first_leader = FirstLeader::dealer;
  Direction direction = Direction::counter_clockwise;
  DrawPolicy draw_policy = DrawPolicy::all;
  StuckLeader stuck_leader = StuckLeader::skip_to_next_then_draw;
  EndCondition end_condition = EndCondition::first_out;
  bool forbid_final_single_two = false;
  bool must_play_two_first = false;
  NextDealer next_dealer = NextDealer::previous_winner;  // read by the match, between deals

  // Scoring of one deal (a limit of 0 means none).
  int base = 1;
  bool joker_factor_once = false;
  bool bomb_held_factor = false;
  bool two_held_factor = false;
  bool shutout_factor = false;
  int shutout_flat = 0;
  bool bomb_weight = false;
  std::int64_t multiplier_cap = 0;
  std::int64_t score_cap = 0;
  bool alarm_exempt = false;
  bool additive_bombs = false;

  // Derived: the highest rank a run may reach (A, or 2 with twos_in_runs).
  int run_top = 11;
  // Derived: joker colours are distinct faces only when a king bomb needs one of each.
  bool jokers_distinct() const { return king_bomb == KingBomb::small_plus_big; }
};


// The typed options of `rules`, derived once when the Rules was built; the
// defaults under another game's rules. Hot paths cache the reference (a deal
// keeps a pointer to it).
inline const Config& config(const Rules& rules) {
  if (rules.game() == Game::gan_deng_yan) return *static_cast<const Config*>(rules.game_data().config);
  static const Config defaults{};
  return defaults;
}

class MoveIndex;
// The move ids of `rules` (gan_deng_yan/ids.h), shared by copies of the Rules.
// Gan Deng Yan rules only.
inline const MoveIndex& move_index(const Rules& rules) {
  assert(rules.game() == Game::gan_deng_yan);
  return *static_cast<const MoveIndex*>(rules.game_data().extra);
}

}  // namespace ganzdy::gdy
