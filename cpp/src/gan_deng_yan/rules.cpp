// The gan_deng_yan rules preset, version 1.
//
// 干瞪眼 for 2-6 players: one 54-card pack for two players, two packs otherwise.
// Combinations are singles, pairs, triples, straights (3+ ranks within 3..A),
// connected pairs (2+ pairs within 3..A) and bombs (4+ of a rank). A combination
// is beaten only by the same kind and size exactly one rank higher, by 2s (for a
// single, pair or triple), or by a bomb; bombs compare by size, then rank. Jokers
// are wild for any rank except 2 and are never played without a natural card.
//
// The dealer takes 6 cards, everyone else 5, counter-clockwise; the dealer leads.
// A pass is not final; when all others pass in a row the trick ends, everyone draws
// one card from the stock (trick winner first) and the winner leads. The first
// player out wins; each loser pays cards left x 2^jokers held x 2^bombs played.
// A leader with no legal lead (jokers only) hands the lead on; if nobody can lead
// the deal is drawn.
#include <memory>

#include "ganzdy/core/errors.h"
#include "ganzdy/gan_deng_yan/config.h"
#include "ganzdy/gan_deng_yan/ids.h"
#include "core/preset.h"

namespace ganzdy::detail {

namespace {

using T = OptionSpec::Type;

// The order here is the order `rules.options` lists them; Config reads by index.
enum Opt : int {
  kPacks,
  kStraightMinLen,
  kStraightMaxLen,
  kPairsMin,
  kPairsMax,
  kTwosInRuns,
  kTripleMode,
  kBombMinSize,
  kBombOrder,
  kPureBeatsSoft,
  kTwosOnlySinglePair,
  kJokerWild,
  kJokerCanBeTwo,
  kMinNaturals,
  kMaxJokers,
  kKingBomb,
  kKingBombRank,
  kInitialHandSize,
  kDealerExtraCards,
  kFirstLeader,
  kDirection,
  kDrawPolicy,
  kStuckLeader,
  kEndCondition,
  kForbidFinalSingleTwo,
  kMustPlayTwoFirst,
  kNextDealer,
  kBase,
  kJokerFactorOnce,
  kBombHeldFactor,
  kTwoHeldFactor,
  kShutoutFactor,
  kShutoutFlat,
  kBombWeight,
  kMultiplierCap,
  kScoreCap,
  kAlarmExempt,
  kAdditiveBombs,
  kNumOpts,
};

const std::vector<OptionSpec> kSpecs = [] {
  std::vector<OptionSpec> s(kNumOpts);
  // Default: 1 pack for 2 players, 2 packs (108 cards) for 3-6.
  s[kPacks] = {"packs", T::integer, 1, 2, {}, "54-card packs in the deck (default: 1 for 2 players, else 2)"};
  s[kStraightMinLen] = {"straight_min_len", T::integer, 3, 13, {}, "fewest cards in a straight"};
  s[kStraightMaxLen] = {"straight_max_len", T::integer, 3, 13, {}, "most cards in a straight"};
  s[kPairsMin] = {"pairs_min", T::integer, 2, 13, {}, "fewest pairs in connected pairs"};
  s[kPairsMax] = {"pairs_max", T::integer, 2, 13, {}, "most pairs in connected pairs"};
  s[kTwosInRuns] = {"twos_in_runs", T::boolean, 0, 1, {}, "2 may end a run, as the rank after A"};
  s[kTripleMode] = {"triple_mode", T::choice, 0, 0, {"step", "any_higher", "bomb", "none"},
                    "how triples beat: +1 or 222 (step), any higher (any_higher), triples are bombs, or no triples"};
  s[kBombMinSize] = {"bomb_min_size", T::integer, 3, 4, {},
                     "fewest cards in a bomb (3 exactly when triple_mode='bomb')"};
  s[kBombOrder] = {"bomb_order", T::choice, 0, 0, {"size_then_rank", "rank_only"},
                   "bombs compare by size then rank, or by rank alone"};
  s[kPureBeatsSoft] = {"pure_beats_soft", T::choice, 0, 0, {"none", "same_rank", "same_size"},
                       "whether a joker-free bomb beats a soft one at equal rank, or at equal size"};
  s[kTwosOnlySinglePair] = {"twos_only_single_pair", T::boolean, 0, 1, {}, "2s may be played only as singles and pairs"};
  s[kJokerWild] = {"joker_wild", T::boolean, 0, 1, {}, "jokers are wild (else they only form a king bomb)"};
  s[kJokerCanBeTwo] = {"joker_can_be_two", T::boolean, 0, 1, {}, "a joker may stand for a 2"};
  s[kMinNaturals] = {"min_naturals_per_combo", T::integer, 1, 12, {},
                     "fewest natural cards in a combination that holds jokers"};
  s[kMaxJokers] = {"max_jokers_per_combo", T::integer_or_none, 0, 8, {},
                   "most jokers in one combination (None: no limit)"};
  s[kKingBomb] = {"king_bomb", T::choice, 0, 0, {"none", "small_plus_big", "any_two_jokers"},
                  "two jokers form a king bomb: never, BJ + RJ, or any two"};
  s[kKingBombRank] = {"king_bomb_rank", T::choice, 0, 0, {"highest", "above_4_below_5"},
                      "the king bomb beats every bomb, or only bombs of at most 4 cards"};
  // The deal.
  s[kInitialHandSize] = {"initial_hand_size", T::integer, 1, 20, {}, "cards dealt to each player"};
  s[kDealerExtraCards] = {"dealer_extra_cards", T::integer, 0, 10, {}, "extra cards the dealer takes"};
  s[kFirstLeader] = {"first_leader", T::choice, 0, 0, {"dealer", "lowest_card"},
                     "who leads first: the dealer, or the holder of the lowest card, who must play it"};
  s[kDirection] = {"direction", T::choice, 0, 0, {"counter_clockwise", "clockwise"},
                   "direction of play; seats are numbered counter-clockwise"};
  s[kDrawPolicy] = {"draw_policy", T::choice, 0, 0, {"all", "winner_only", "none"},
                    "after a trick: everyone draws (winner first), only the winner, or nobody"};
  s[kStuckLeader] = {"stuck_leader", T::choice, 0, 0, {"skip_to_next_then_draw", "allow_joker_only_final"},
                     "a leader with no legal lead: the lead passes on (all stuck: a drawn deal), or may "
                     "go out with jokers alone"};
  s[kEndCondition] = {"end_condition", T::choice, 0, 0, {"first_out", "ranking"},
                      "the deal ends when the first player goes out, or goes on to rank every player"};
  s[kForbidFinalSingleTwo] = {"forbid_final_single_two", T::boolean, 0, 1, {},
                              "a single 2 may not be a player's last card"};
  s[kMustPlayTwoFirst] = {"must_play_two_first", T::boolean, 0, 1, {},
                          "a player holding two cards, one a 2, must play a 2"};
  s[kNextDealer] = {"next_dealer", T::choice, 0, 0, {"previous_winner", "rotate"},
                    "who deals the next deal of a match"};
  // Scoring.
  s[kBase] = {"base", T::integer, 1, 1000000, {}, "stake per card left"};
  s[kJokerFactorOnce] = {"joker_factor_once", T::boolean, 0, 1, {},
                         "x2 once for holding jokers instead of x2 per joker"};
  s[kBombHeldFactor] = {"bomb_held_factor", T::boolean, 0, 1, {}, "x2 per bomb left in a loser's hand"};
  s[kTwoHeldFactor] = {"two_held_factor", T::boolean, 0, 1, {}, "x2 per 2 left in a loser's hand"};
  s[kShutoutFactor] = {"shutout_factor", T::boolean, 0, 1, {}, "x2 for a loser who never played (关)"};
  s[kShutoutFlat] = {"shutout_flat", T::integer_or_none, 1, 10000, {},
                     "a shut-out loser pays this many instead of the cards left (None: off)"};
  s[kBombWeight] = {"bomb_weight", T::boolean, 0, 1, {},
                    "a 3-card bomb played doubles, a bigger bomb or king bomb quadruples"};
  s[kMultiplierCap] = {"multiplier_cap", T::integer_or_none, 1, 1LL << 40, {},
                       "cap on a loser's multiplier (None: no cap)"};
  s[kScoreCap] = {"score_cap", T::integer_or_none, 1, 1LL << 40, {}, "cap on what one loser pays (None: no cap)"};
  s[kAlarmExempt] = {"alarm_exempt", T::boolean, 0, 1, {}, "a loser with exactly one card left pays nothing (报警)"};
  s[kAdditiveBombs] = {"additive_bombs", T::boolean, 0, 1, {},
                       "bombs played multiply by (1 + bombs) instead of 2^bombs"};
  return s;
}();

void complete(int players, std::vector<std::int64_t>& v, std::vector<std::int64_t>& d) {
  d[kPacks] = players == 2 ? 1 : 2;
  d[kStraightMinLen] = 3;
  d[kStraightMaxLen] = 12;
  d[kPairsMin] = 2;
  d[kPairsMax] = 12;
  d[kTwosInRuns] = 0;
  d[kTripleMode] = 0;
  d[kBombOrder] = 0;
  d[kPureBeatsSoft] = 0;
  d[kTwosOnlySinglePair] = 0;
  d[kJokerWild] = 1;
  d[kJokerCanBeTwo] = 0;
  d[kMinNaturals] = 1;
  d[kMaxJokers] = kNone;
  d[kKingBomb] = 0;
  d[kKingBombRank] = 0;
  d[kInitialHandSize] = 5;
  d[kDealerExtraCards] = 1;
  d[kShutoutFlat] = kNone;
  d[kMultiplierCap] = kNone;
  d[kScoreCap] = kNone;
  d[kBase] = 1;
  for (int i : {kFirstLeader, kDirection, kDrawPolicy, kStuckLeader, kEndCondition, kForbidFinalSingleTwo,
                kMustPlayTwoFirst, kNextDealer, kJokerFactorOnce, kBombHeldFactor, kTwoHeldFactor, kShutoutFactor,
                kBombWeight, kAlarmExempt, kAdditiveBombs})
    d[i] = 0;
  for (int i = 0; i < kNumOpts; ++i)
    if (i != kBombMinSize && v[i] == kUnset) v[i] = d[i];
  // The bomb size follows the triple mode: with triple_mode='bomb' a triple is the
  // smallest bomb, otherwise three of a kind is never a bomb.
  const bool triple_bombs = v[kTripleMode] == 2;
  d[kBombMinSize] = triple_bombs ? 3 : 4;
  if (v[kBombMinSize] == kUnset) v[kBombMinSize] = d[kBombMinSize];
  if (v[kBombMinSize] != d[kBombMinSize])
    throw RulesError("option bomb_min_size=" + std::to_string(v[kBombMinSize]) + " conflicts with triple_mode='" +
                     std::string(kSpecs[kTripleMode].choices[static_cast<std::size_t>(v[kTripleMode])]) +
                     "': bomb_min_size is 3 exactly when triple_mode='bomb'");
  if (v[kStraightMinLen] > v[kStraightMaxLen])
    throw RulesError("option straight_min_len=" + std::to_string(v[kStraightMinLen]) +
                     " is greater than straight_max_len=" + std::to_string(v[kStraightMaxLen]));
  const std::int64_t deck = 54 * v[kPacks];
  const std::int64_t dealt = players * v[kInitialHandSize] + v[kDealerExtraCards];
  if (dealt > deck)
    throw RulesError("options initial_hand_size=" + std::to_string(v[kInitialHandSize]) +
                     " and dealer_extra_cards=" + std::to_string(v[kDealerExtraCards]) + " deal " +
                     std::to_string(dealt) + " cards to " + std::to_string(players) + " players but the deck has " +
                     std::to_string(deck));
  if (v[kPairsMin] > v[kPairsMax])
    throw RulesError("option pairs_min=" + std::to_string(v[kPairsMin]) + " is greater than pairs_max=" +
                     std::to_string(v[kPairsMax]));
}

int packs(const std::vector<std::int64_t>& v) { return static_cast<int>(v[kPacks]); }

}  // namespace

namespace {

gdy::Config make_gdy_config(int players, const std::vector<std::int64_t>& v) {
  gdy::Config c;
  c.players = players;
  c.packs = static_cast<int>(v[kPacks]);
  c.straight_min_len = static_cast<int>(v[kStraightMinLen]);
  c.straight_max_len = static_cast<int>(v[kStraightMaxLen]);
  c.pairs_min = static_cast<int>(v[kPairsMin]);
  c.pairs_max = static_cast<int>(v[kPairsMax]);
  c.twos_in_runs = v[kTwosInRuns] != 0;
  c.triple_mode = static_cast<gdy::TripleMode>(v[kTripleMode]);
  c.bomb_min_size = static_cast<int>(v[kBombMinSize]);
  c.bomb_order = static_cast<gdy::BombOrder>(v[kBombOrder]);
  c.pure_beats_soft = static_cast<gdy::PureBeatsSoft>(v[kPureBeatsSoft]);
  c.twos_only_single_pair = v[kTwosOnlySinglePair] != 0;
  c.joker_wild = v[kJokerWild] != 0;
  c.joker_can_be_two = v[kJokerCanBeTwo] != 0;
  c.min_naturals_per_combo = static_cast<int>(v[kMinNaturals]);
  c.max_jokers_per_combo = v[kMaxJokers] == kNone ? 99 : static_cast<int>(v[kMaxJokers]);
  c.king_bomb = static_cast<gdy::KingBomb>(v[kKingBomb]);
  c.king_bomb_rank = static_cast<gdy::KingBombRank>(v[kKingBombRank]);
  c.initial_hand_size = static_cast<int>(v[kInitialHandSize]);
  c.dealer_extra_cards = static_cast<int>(v[kDealerExtraCards]);
  c.first_leader = static_cast<gdy::FirstLeader>(v[kFirstLeader]);
  c.direction = static_cast<gdy::Direction>(v[kDirection]);
  c.draw_policy = static_cast<gdy::DrawPolicy>(v[kDrawPolicy]);
  c.stuck_leader = static_cast<gdy::StuckLeader>(v[kStuckLeader]);
  c.end_condition = static_cast<gdy::EndCondition>(v[kEndCondition]);
  c.forbid_final_single_two = v[kForbidFinalSingleTwo] != 0;
  c.must_play_two_first = v[kMustPlayTwoFirst] != 0;
  c.next_dealer = static_cast<gdy::NextDealer>(v[kNextDealer]);
  c.base = static_cast<int>(v[kBase]);
  c.joker_factor_once = v[kJokerFactorOnce] != 0;
  c.bomb_held_factor = v[kBombHeldFactor] != 0;
  c.two_held_factor = v[kTwoHeldFactor] != 0;
  c.shutout_factor = v[kShutoutFactor] != 0;
  c.shutout_flat = v[kShutoutFlat] == kNone ? 0 : static_cast<int>(v[kShutoutFlat]);
  c.bomb_weight = v[kBombWeight] != 0;
  c.multiplier_cap = v[kMultiplierCap] == kNone ? 0 : v[kMultiplierCap];
  c.score_cap = v[kScoreCap] == kNone ? 0 : v[kScoreCap];
  c.alarm_exempt = v[kAlarmExempt] != 0;
  c.additive_bombs = v[kAdditiveBombs] != 0;
  // 2s in runs need both the option and 2s being allowed outside singles and pairs.
  c.run_top = (c.twos_in_runs && !c.twos_only_single_pair) ? kRank2 : kRankA;
  return c;
}

// The derived data gdy::config and gdy::move_index read (gan_deng_yan/config.h).
struct Derived {
  explicit Derived(const gdy::Config& c) : config(c), index(config) {}
  gdy::Config config;
  gdy::MoveIndex index;
};

GameData derive(int players, const std::vector<std::int64_t>& values) {
  auto data = std::make_shared<const Derived>(make_gdy_config(players, values));
  return GameData{data, &data->config, &data->index};
}

}  // namespace

const Preset& gan_deng_yan_preset() {
  static const Preset preset{"gan_deng_yan", 1, 2, 6, 4, &kSpecs, &complete, &packs, &derive};
  return preset;
}

}  // namespace ganzdy::detail
