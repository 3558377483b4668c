// The gan_deng_yan rules preset, version 1.
//
// 干瞪眼 for 2-6 players: one 54-card pack for two players, two packs otherwise.
// Combinations are singles, pairs, triples, straights (3+ ranks within 3..A),
// connected pairs (2+ pairs within 3..A) and bombs (4+ of a rank). A combination
// is beaten only by the same kind and size exactly one rank higher, by 2s (for a
// single, pair or triple), or by a bomb; bombs compare by size, then rank. Jokers
// are wild for any rank except 2 and are never played without a natural card.
#include "ganzdy/errors.h"
#include "preset.h"

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
  if (v[kPairsMin] > v[kPairsMax])
    throw RulesError("option pairs_min=" + std::to_string(v[kPairsMin]) + " is greater than pairs_max=" +
                     std::to_string(v[kPairsMax]));
}

int packs(const std::vector<std::int64_t>& v) { return static_cast<int>(v[kPacks]); }

}  // namespace

const Preset& gan_deng_yan_preset() {
  static const Preset preset{"gan_deng_yan", 1, 2, 6, &kSpecs, &complete, &packs};
  return preset;
}

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
  // 2s in runs need both the option and 2s being allowed outside singles and pairs.
  c.run_top = (c.twos_in_runs && !c.twos_only_single_pair) ? kRank2 : kRankA;
  return c;
}

}  // namespace ganzdy::detail
