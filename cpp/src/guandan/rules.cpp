// The guandan rules preset, version 1.
//
// 掼蛋 for four players in two fixed partnerships (seats 0+2 against 1+3), two
// 54-card packs, 27 cards each. Each hand is played at a level rank L (2 to A):
// L ranks just below the jokers, and its two hearts are wild for any card but a
// joker. Combinations are singles, pairs (two equal jokers too), triples, full
// houses (a triple and a pair, compared by the triple), straights of exactly 5,
// tubes of exactly 3 pairs, plates of exactly 2 triples (sequences in natural
// order, the ace low or high), bombs of 4 to 10 cards, straight flushes and the
// four jokers. A combination is beaten by the same kind with a higher key, or by
// a bomb; bombs climb 4 < 5 < straight flush < 6 < ... < 10 < four jokers.
//
// A pass is not final; a trick ends when everyone else has passed in a row, and
// its winner leads (the partner, when the winner has just gone out: 接风). The
// hand ends when a team is out; its first player's team goes up 3, 2 or 1 levels
// by where the partner finished, and a team wins the match by winning at its own
// A. From the second hand on the losers pay tribute and get a card back.
#include <memory>

#include "ganzdy/core/errors.h"
#include "ganzdy/guandan/config.h"
#include "core/preset.h"

namespace ganzdy::detail {

namespace {

using T = OptionSpec::Type;

// The order here is the order `rules.options` lists them (guandan.md §10, the
// level first); Config reads by index.
enum Opt : int {
  kLevel,
  kNumPlayers,
  kDecks,
  kFirstLeadFirstHand,
  kWildEnabled,
  kWildCanBeJoker,
  kMaxBombSize,
  kStraightLen,
  kTubePairs,
  kPlateTriples,
  kAceLowInSequences,
  kFullhouseJokerPair,
  kThreeWithOne,
  kSfBetween5And6,
  kPassReentry,
  kJiefengToPartner,
  kUpgradeTable,
  kCapAtA,
  kAPassResults,
  kAFailLimit,
  kAFailResetTo,
  kAWinRequiresOwnLevel,
  kTributeEnabled,
  kTribute14Payer,
  kDoubleTributeAssignment,
  kReturnMaxRank,
  kReturnExcludesLevelRank,
  kResistRule,
  kFirstLeadAfterTribute,
  kPruneRedundantWild,
  kNumOpts,
};

// Rank choices in natural order; choice i is rank index rank_of_choice(i).
constexpr int rank_of_choice(std::int64_t i) { return i == 0 ? kRank2 : static_cast<int>(i) - 1; }

const std::vector<OptionSpec> kSpecs = [] {
  const std::vector<std::string_view> ranks = {"2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"};
  std::vector<OptionSpec> s(kNumOpts);
  // Combinations. A fixed option (one allowed value) names a rule the sources agree on.
  s[kLevel] = {"level", T::choice, 0, 0, ranks, "the level rank L of this hand: its two hearts are wild, it ranks below the jokers"};
  s[kNumPlayers] = {"num_players", T::integer, 4, 4, {}, "players, two fixed partnerships (the same as players)"};
  s[kDecks] = {"decks", T::integer, 2, 2, {}, "54-card packs shuffled together"};
  s[kFirstLeadFirstHand] = {"first_lead_first_hand", T::choice, 0, 0, {"random", "seat0", "turned_card"},
                            "who leads the first hand of a match: a random seat, seat 0, or who draws a turned card"};
  s[kWildEnabled] = {"wild_enabled", T::boolean, 0, 1, {}, "the two hearts of the level rank are wild (逢人配)"};
  s[kWildCanBeJoker] = {"wild_can_be_joker", T::boolean, 0, 0, {}, "a wild may stand for a joker"};
  s[kMaxBombSize] = {"max_bomb_size", T::integer, 8, 10, {}, "most cards in a bomb (10 = 8 naturals and 2 wilds)"};
  s[kStraightLen] = {"straight_len", T::integer, 5, 13, {}, "cards in a straight or straight flush, exactly"};
  s[kTubePairs] = {"tube_pairs", T::integer, 3, 13, {}, "pairs in a tube, exactly"};
  s[kPlateTriples] = {"plate_triples", T::integer, 2, 13, {}, "triples in a plate, exactly"};
  s[kAceLowInSequences] = {"ace_low_in_sequences", T::boolean, 1, 1, {},
                           "the ace may start a sequence (A2345) as well as end one (TJQKA)"};
  s[kFullhouseJokerPair] = {"fullhouse_joker_pair", T::boolean, 0, 1, {},
                            "the pair of a full house may be two small or two big jokers"};
  s[kThreeWithOne] = {"three_with_one", T::boolean, 0, 1, {},
                      "a triple with one card of another rank (三带一) is a combination"};
  s[kSfBetween5And6] = {"sf_between_5_and_6", T::boolean, 1, 1, {},
                        "a straight flush beats bombs of 5 cards and loses to bombs of 6"};
  // The deal.
  s[kPassReentry] = {"pass_reentry", T::boolean, 1, 1, {}, "a player who passed may play again in the same trick"};
  s[kJiefengToPartner] = {"jiefeng_to_partner", T::boolean, 0, 1, {},
                          "when nobody beats the play a player went out with, the partner leads (接风); else the next player"};
  // The match.
  s[kUpgradeTable] = {"upgrade_table", T::choice, 0, 0, {"3-2-1", "4-2-1"},
                      "levels the winners go up after a 1-2, 1-3 and 1-4 finish"};
  s[kCapAtA] = {"cap_at_A", T::boolean, 1, 1, {}, "levels stop at A"};
  s[kAPassResults] = {"a_pass_results", T::choice, 0, 0, {"1-2,1-3", "1-2"},
                      "finishes that win the match for a team playing at its own A"};
  s[kAFailLimit] = {"a_fail_limit", T::integer_or_none, 1, 100, {},
                    "hands a team may fail at its own A before it drops back (None: no limit)"};
  s[kAFailResetTo] = {"a_fail_reset_to", T::choice, 0, 0,
                      std::vector<std::string_view>(ranks.begin(), ranks.end() - 1),
                      "the level a team drops back to after a_fail_limit failed A hands"};
  s[kAWinRequiresOwnLevel] = {"a_win_requires_own_level", T::boolean, 0, 1, {},
                              "a team at A wins the match only in a hand played at its own level"};
  // Tribute.
  s[kTributeEnabled] = {"tribute_enabled", T::boolean, 1, 1, {}, "the losers pay tribute from the second hand on"};
  s[kTribute14Payer] = {"tribute_1_4_payer", T::choice, 0, 0, {"last", "third", "none"},
                        "who pays after a 1-4 finish: the last player (the winner's partner), the third, or nobody"};
  s[kDoubleTributeAssignment] = {
      "double_tribute_assignment", T::choice, 0, 0, {"bigger_to_first", "first_picks"},
      "after 双上: the bigger tribute goes to the first player out (a tie: each pays the player before them), "
      "or the first player out picks"};
  std::vector<std::string_view> return_ranks(ranks.begin(), ranks.end());
  return_ranks.push_back("any");
  s[kReturnMaxRank] = {"return_max_rank", T::choice, 0, 0, return_ranks,
                       "highest rank a returned card may have ('any': any card but a joker)"};
  s[kReturnExcludesLevelRank] = {"return_excludes_level_rank", T::boolean, 0, 1, {},
                                 "a returned card may not be of the level rank"};
  s[kResistRule] = {"resist_rule", T::choice, 0, 0, {"both_big_jokers", "jokers_total"},
                    "tribute is resisted when the payers hold both big jokers, or by the jokers-total variant"};
  s[kFirstLeadAfterTribute] = {
      "first_lead_after_tribute", T::choice, 0, 0, {"tribute", "first_out"},
      "who leads after tribute: the payer of the bigger card (a tie: the next after the first player out; "
      "resisted: the first player out), or always the first player out"};
  // Move generation.
  s[kPruneRedundantWild] = {"prune_redundant_wild", T::boolean, 0, 1, {},
                            "leave out moves that spend a wild where a natural card left in the hand would do"};
  return s;
}();

void complete(int /*players*/, std::vector<std::int64_t>& v, std::vector<std::int64_t>& d) {
  d[kLevel] = 0;  // '2'
  d[kNumPlayers] = 4;
  d[kDecks] = 2;
  d[kFirstLeadFirstHand] = 0;
  d[kWildEnabled] = 1;
  d[kWildCanBeJoker] = 0;
  d[kMaxBombSize] = 10;
  d[kStraightLen] = 5;
  d[kTubePairs] = 3;
  d[kPlateTriples] = 2;
  d[kAceLowInSequences] = 1;
  d[kFullhouseJokerPair] = 1;
  d[kThreeWithOne] = 0;
  d[kSfBetween5And6] = 1;
  d[kPassReentry] = 1;
  d[kJiefengToPartner] = 1;
  d[kUpgradeTable] = 0;
  d[kCapAtA] = 1;
  d[kAPassResults] = 0;
  d[kAFailLimit] = 3;
  d[kAFailResetTo] = 0;  // '2'
  d[kAWinRequiresOwnLevel] = 1;
  d[kTributeEnabled] = 1;
  d[kTribute14Payer] = 0;
  d[kDoubleTributeAssignment] = 0;
  d[kReturnMaxRank] = 8;  // 'T'
  d[kReturnExcludesLevelRank] = 1;
  d[kResistRule] = 0;
  d[kFirstLeadAfterTribute] = 0;
  d[kPruneRedundantWild] = 0;
  for (int i = 0; i < kNumOpts; ++i)
    if (v[i] == kUnset) v[i] = d[i];
}

int packs(const std::vector<std::int64_t>& v) { return static_cast<int>(v[kDecks]); }

}  // namespace

namespace {

gd::Config make_gd_config(const std::vector<std::int64_t>& v) {
  gd::Config c;
  c.level = rank_of_choice(v[kLevel]);
  c.wild_enabled = v[kWildEnabled] != 0;
  c.max_bomb_size = static_cast<int>(v[kMaxBombSize]);
  c.straight_len = static_cast<int>(v[kStraightLen]);
  c.tube_pairs = static_cast<int>(v[kTubePairs]);
  c.plate_triples = static_cast<int>(v[kPlateTriples]);
  c.fullhouse_joker_pair = v[kFullhouseJokerPair] != 0;
  c.three_with_one = v[kThreeWithOne] != 0;
  c.prune_redundant_wild = v[kPruneRedundantWild] != 0;
  c.first_lead_first_hand = static_cast<gd::FirstLeadFirstHand>(v[kFirstLeadFirstHand]);
  c.jiefeng_to_partner = v[kJiefengToPartner] != 0;
  c.upgrade_table = static_cast<gd::UpgradeTable>(v[kUpgradeTable]);
  c.a_pass_results = static_cast<gd::APassResults>(v[kAPassResults]);
  c.a_fail_limit = v[kAFailLimit] == kNone ? 0 : static_cast<int>(v[kAFailLimit]);
  c.a_fail_reset_to = rank_of_choice(v[kAFailResetTo]);
  c.a_win_requires_own_level = v[kAWinRequiresOwnLevel] != 0;
  c.tribute_1_4_payer = static_cast<gd::Tribute14Payer>(v[kTribute14Payer]);
  c.double_tribute_assignment = static_cast<gd::DoubleTributeAssignment>(v[kDoubleTributeAssignment]);
  c.return_max_rank = v[kReturnMaxRank] == 13 ? kNoRank : rank_of_choice(v[kReturnMaxRank]);
  c.return_excludes_level_rank = v[kReturnExcludesLevelRank] != 0;
  c.resist_rule = static_cast<gd::ResistRule>(v[kResistRule]);
  c.first_lead_after_tribute = static_cast<gd::FirstLeadAfterTribute>(v[kFirstLeadAfterTribute]);
  c.derive();
  return c;
}

GameData derive(int, const std::vector<std::int64_t>& values) {
  auto config = std::make_shared<const gd::Config>(make_gd_config(values));
  return GameData{config, config.get(), nullptr};
}

}  // namespace

const Preset& guandan_preset() {
  static const Preset preset{"guandan", 1, 4, 4, 4, &kSpecs, &complete, &packs, &derive};
  return preset;
}

}  // namespace ganzdy::detail
