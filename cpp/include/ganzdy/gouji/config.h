// The typed options of Gouji (够级), as the move generator, the deal and the
// match read them. Built from a Rules; see docs/rules/gouji.md for each option.
//
// Card values (gouji.md §3) are the engine's rank indices, 3 = 0 ... A = 11,
// 2 = 12, then the small joker 13 and the big joker 14, so a rank needs no
// table to be compared.
#pragma once

#include <array>
#include <cstdint>

#include "ganzdy/core/card.h"
#include "ganzdy/core/rules.h"

namespace ganzdy::gj {

enum class BeatMode : std::uint8_t { strict, cover, wild, two_kill_one };
enum class FourRules : std::uint8_t { off, after_open_point, all_at_once };
enum class BurnPriority : std::uint8_t { teammates_first, turn_order };
enum class BurnIllegalMode : std::uint8_t { forbid, penalize };
enum class LeadAfterFinishedWinner : std::uint8_t { next_active, teammate };
enum class PointCheckTime : std::uint8_t { first_out, end_of_hand };
enum class Scoring : std::uint8_t { standard, doubled };  // +2 +1 0 0 -1 -2, or all x2 (zhoujxMT)
enum class LaogongSameTeam : std::uint8_t { skip, pay };
enum class FirstLeader : std::uint8_t { shangban, previous_daluo };
enum class RemainingPlaceOrder : std::uint8_t { fewest_cards, seat };

inline constexpr int kSmallJokerValue = 13;
inline constexpr int kBigJokerValue = 14;
// The value of a face in Gouji's order (§3): its rank index, then the small and the big joker.
constexpr int face_value(int face) {
  return face == kRedJoker ? kBigJokerValue : face == kBlackJoker ? kSmallJokerValue : face_rank(face);
}
inline constexpr int kRank3 = 0;
inline constexpr int kRank4 = 1;

// Six players in two teams of three seated alternately; four packs, 36 cards each.
inline constexpr int kPlayers = 6;
inline constexpr int kPacks = 4;
inline constexpr int kHandSize = 36;

// The opposite seat (对家), an opponent.
constexpr int opposite(int seat) { return (seat + 3) % kPlayers; }

struct Config {
  // Combinations and the beat relation (gouji.md §4-§5).
  bool biesan = true;  // 憋三: 3s only alone, all together, as the final play
  FourRules four_rules = FourRules::off;
  // The fewest cards of each rank 3..A (naturals and 2s together) that make a
  // gouji card; 0: never by count. 2s alone and jokers are always gouji.
  std::array<std::uint8_t, kNumRanks> gouji_threshold = {0, 0, 0, 0, 0, 0, 0, 5, 4, 3, 2, 2, 0};
  BeatMode beat_mode = BeatMode::strict;
  bool mixed_joker_downgrade = true;
  bool open_point_excludes_twos = true;

  // The deal, read by the deal (gouji.md §2, §6-§7).
  bool buy_three = true;
  bool buy_four = false;
  bool burn_by_teammates = true;
  BurnPriority burn_priority = BurnPriority::teammates_first;
  BurnIllegalMode burn_illegal_mode = BurnIllegalMode::forbid;
  bool burn_requires_open_point = false;
  bool headless_free_response = true;
  bool yield_enabled = true;
  int chaos_threshold = 4;
  LeadAfterFinishedWinner lead_after_finished_winner = LeadAfterFinishedWinner::next_active;
  PointCheckTime point_check_time = PointCheckTime::first_out;
  int yaotou_grace_plays = 3;
  bool dipai_grace = true;
  bool revolution = true;
  bool xuandian = false;
  FirstLeader first_leader = FirstLeader::shangban;
  RemainingPlaceOrder remaining_place_order = RemainingPlaceOrder::fewest_cards;
  bool team_sees_small_hands = false;
  bool men_immediate_bottom = false;

  // Scoring, tribute and the match (gouji.md §8-§9), read by the match.
  Scoring scoring = Scoring::standard;
  LaogongSameTeam laogong_same_team = LaogongSameTeam::skip;
  int hands_per_match = 8;
};


// The typed options of `rules`, derived once when the Rules was built; the
// defaults under another game's rules. Hot paths cache the reference (a deal
// keeps a pointer to it).
inline const Config& config(const Rules& rules) {
  if (rules.game() == Game::gouji) return *static_cast<const Config*>(rules.game_data().config);
  static const Config defaults{};
  return defaults;
}

}  // namespace ganzdy::gj
