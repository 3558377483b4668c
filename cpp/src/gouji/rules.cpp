// The gouji rules preset, version 1.
//
// 够级 for six players in two teams of three seated alternately, each player's
// opponent straight across being their 对家; four 54-card packs, 36 cards each.
// A play is any number of cards whose cards other than 2s and jokers share one
// rank: the 2s join as that rank, the jokers are hung on it keeping their own
// value (big and small together all count as small), and 2s or jokers may also
// be played alone. A play beats another of the same size when, both sorted high
// to low, each of its cards is higher than the card in the same place. Plays
// with a joker, 2s alone and big enough groups (five 10s, four Js, three Qs, two
// Ks or As) are gouji cards: only the 对家 may answer them, others only by
// burning. In 憋三 (the default) 3s go only alone, all together, as a player's
// final play.
//
// Whoever goes out first is 头科, then 二科 ... 大落; a hand ends when a team is
// out, scoring +2 +1 0 0 -1 -2 by place (doubled when one team takes the first
// three places). From the second hand on the losers and those who failed to
// open a point pay tribute.
#include <memory>

#include "ganzdy/core/errors.h"
#include "ganzdy/gouji/config.h"
#include "core/preset.h"

namespace ganzdy::detail {

namespace {

using T = OptionSpec::Type;

// The order here is the order `rules.options` lists them (gouji.md §11); Config
// reads by index.
enum Opt : int {
  kDecks,
  kHandSize,
  kBiesan,
  kBuyThree,
  kBuyFour,
  kFourRules,
  kGoujiThresholds,
  kBeatMode,
  kMixedJokerDowngrade,
  kRestrictGoujiToOpposite,
  kBurnEnabled,
  kBurnByTeammates,
  kBurnPriority,
  kBurnIllegalMode,
  kBurnRequiresOpenPoint,
  kHeadlessFreeResponse,
  kYieldEnabled,
  kChaosThreshold,
  kLeadAfterFinishedWinner,
  kOpenPointExcludesTwos,
  kPointCheckTime,
  kYaotouGracePlays,
  kDipaiGrace,
  kRevolution,
  kVoidOnTwoRevolutions,
  kXuandian,
  kScoring,
  kNoTributeAfterSweep,
  kLaogongSameTeam,
  kFirstLeader,
  kRemainingPlaceOrder,
  kTeamSeesSmallHands,
  kMenImmediateBottom,
  kHandsPerMatch,
  kNumOpts,
};

const std::vector<OptionSpec> kSpecs = [] {
  std::vector<OptionSpec> s(kNumOpts);
  // The deck. A fixed option (one allowed value) names a rule the sources agree on.
  s[kDecks] = {"decks", T::integer, gj::kPacks, gj::kPacks, {}, "54-card packs shuffled together (216 cards)"};
  s[kHandSize] = {"hand_size", T::integer, gj::kHandSize, gj::kHandSize, {}, "cards dealt to each of the six players"};
  // Combinations.
  s[kBiesan] = {"biesan", T::boolean, 0, 1, {},
                "憋三: 3s are played only alone, all of them at once, as the final play (else they are ordinary)"};
  s[kBuyThree] = {"buy_three", T::boolean, 0, 1, {},
                  "a player without a 3 buys one from the 对家 for a 2 or a joker (买三); goes with biesan"};
  s[kBuyFour] = {"buy_four", T::boolean, 0, 1, {}, "the same for 4s (买四)"};
  s[kFourRules] = {"four_rules", T::choice, 0, 0, {"off", "after_open_point", "all_at_once"},
                   "4s only after the player has opened a point (开点发四), or only all at once without 2s or "
                   "jokers"};
  s[kGoujiThresholds] = {"gouji_thresholds", T::rank_counts, 1, 16, {},
                         "the fewest cards of a rank (2s counted as the rank) that make a gouji card; 2s alone "
                         "and plays with a joker always are"};
  s[kBeatMode] = {"beat_mode", T::choice, 0, 0, {"strict", "cover", "wild", "two_kill_one"},
                  "how a play beats: every card higher, place by place (strict); jokers only as high (cover); "
                  "jokers as wilds (wild); or strict plus two big jokers beating one (two_kill_one)"};
  s[kMixedJokerDowngrade] = {"mixed_joker_downgrade", T::boolean, 0, 1, {},
                             "big and small jokers played together all count as small"};
  // Who may answer what, burning, yielding.
  s[kRestrictGoujiToOpposite] = {"restrict_gouji_to_opposite", T::boolean, 1, 1, {},
                                 "a gouji card of a player with a head is answered only by their 对家 (or a burn)"};
  s[kBurnEnabled] = {"burn_enabled", T::boolean, 1, 1, {}, "other players may burn (烧牌) a gouji card"};
  s[kBurnByTeammates] = {"burn_by_teammates", T::boolean, 0, 1, {},
                         "the owner's teammates may burn a gouji card too (else only opponents)"};
  s[kBurnPriority] = {"burn_priority", T::choice, 0, 0, {"teammates_first", "turn_order"},
                      "several would-be burners: the owner's teammates first, then turn order; or turn order"};
  s[kBurnIllegalMode] = {"burn_illegal_mode", T::choice, 0, 0, {"forbid", "penalize"},
                         "a burn that cannot go on is not allowed (forbid), or is allowed and makes the burner 大落 "
                         "(penalize)"};
  s[kBurnRequiresOpenPoint] = {"burn_requires_open_point", T::boolean, 0, 1, {},
                               "only a player who has opened a point may burn"};
  s[kHeadlessFreeResponse] = {"headless_free_response", T::boolean, 0, 1, {},
                              "a player without a head (their 对家 is out) may answer gouji cards normally"};
  s[kYieldEnabled] = {"yield_enabled", T::boolean, 0, 1, {},
                      "让牌: the 对家 of the table's owner may let the next players act first (anyone, once a "
                      "trick, in 四户乱缠)"};
  s[kChaosThreshold] = {"chaos_threshold", T::integer, 4, 4, {},
                        "四户乱缠 starts when this many players or fewer are still playing"};
  s[kLeadAfterFinishedWinner] = {"lead_after_finished_winner", T::choice, 0, 0, {"next_active", "teammate"},
                                 "who leads when a trick's winner has gone out: the next active player, or a "
                                 "teammate (接风)"};
  // Points, revolution.
  s[kOpenPointExcludesTwos] = {"open_point_excludes_twos", T::boolean, 0, 1, {},
                               "a gouji card with a 2 in it, or of 2s alone, opens no point"};
  s[kPointCheckTime] = {"point_check_time", T::choice, 0, 0, {"first_out", "end_of_hand"},
                        "players who have not opened a point are 点-ed when the first player goes out, or at the "
                        "end of the hand"};
  s[kYaotouGracePlays] = {"yaotou_grace_plays", T::integer, 0, 3, {},
                          "要头: gouji plays of a revolutionary's 对家 that still count as having a head"};
  s[kDipaiGrace] = {"dipai_grace", T::boolean, 0, 1, {},
                    "a player who went out on a gouji card stays their 对家's head for one more gouji play"};
  s[kRevolution] = {"revolution", T::boolean, 0, 1, {},
                    "a player with no 2 and no joker may revolt (革命) and sit the hand out as 四科"};
  s[kVoidOnTwoRevolutions] = {"void_on_two_revolutions", T::boolean, 1, 1, {},
                              "two or more revolutions void the hand (流局)"};
  s[kXuandian] = {"xuandian", T::boolean, 0, 1, {}, "players may declare points (宣点), changing the 点贡 amounts"};
  // Scoring, tribute, the match.
  s[kScoring] = {"scoring", T::choice, 0, 0, {"2,1,0,0,-1,-2", "4,2,0,0,-2,-4"},
                 "points by place, doubled when one team takes the first three places (串三户)"};
  s[kNoTributeAfterSweep] = {"no_tribute_after_sweep", T::boolean, 1, 1, {},
                             "no tribute in the hand after 串三户"};
  s[kLaogongSameTeam] = {"laogong_same_team", T::choice, 0, 0, {"skip", "pay"},
                         "落贡 between teammates is skipped, or paid"};
  s[kFirstLeader] = {"first_leader", T::choice, 0, 0, {"shangban", "previous_daluo"},
                     "who leads a hand: 上班 (most same-suit 4s shown; 3s without 憋三) every hand, or the "
                     "previous 大落 after the first"};
  s[kRemainingPlaceOrder] = {"remaining_place_order", T::choice, 0, 0, {"fewest_cards", "seat"},
                             "places of the players still holding cards at the end: fewest cards first, or by seat"};
  s[kTeamSeesSmallHands] = {"team_sees_small_hands", T::boolean, 0, 1, {},
                            "teammates see a hand of 10 cards or fewer"};
  s[kMenImmediateBottom] = {"men_immediate_bottom", T::boolean, 0, 1, {},
                            "a player who is 闷-ed drops to the lowest free place at once"};
  s[kHandsPerMatch] = {"hands_per_match", T::integer, 1, 1000, {}, "hands in a match"};
  return s;
}();

void complete(int /*players*/, std::vector<std::int64_t>& v, std::vector<std::int64_t>& d) {
  d[kDecks] = gj::kPacks;
  d[kHandSize] = gj::kHandSize;
  d[kBiesan] = 1;
  d[kBuyFour] = 0;
  d[kFourRules] = 0;
  d[kGoujiThresholds] = pack_rank_counts(gj::Config{}.gouji_threshold);
  d[kBeatMode] = 0;
  d[kMixedJokerDowngrade] = 1;
  d[kRestrictGoujiToOpposite] = 1;
  d[kBurnEnabled] = 1;
  d[kBurnByTeammates] = 1;
  d[kBurnPriority] = 0;
  d[kBurnIllegalMode] = 0;
  d[kBurnRequiresOpenPoint] = 0;
  d[kHeadlessFreeResponse] = 1;
  d[kYieldEnabled] = 1;
  d[kChaosThreshold] = 4;
  d[kLeadAfterFinishedWinner] = 0;
  d[kOpenPointExcludesTwos] = 1;
  d[kPointCheckTime] = 0;
  d[kYaotouGracePlays] = 3;
  d[kDipaiGrace] = 1;
  d[kRevolution] = 1;
  d[kVoidOnTwoRevolutions] = 1;
  d[kXuandian] = 0;
  d[kScoring] = 0;
  d[kNoTributeAfterSweep] = 1;
  d[kLaogongSameTeam] = 0;
  d[kFirstLeader] = 0;
  d[kRemainingPlaceOrder] = 0;
  d[kTeamSeesSmallHands] = 0;
  d[kMenImmediateBottom] = 0;
  d[kHandsPerMatch] = 8;
  for (int i = 0; i < kNumOpts; ++i)
    if (i != kBuyThree && v[i] == kUnset) v[i] = d[i];
  // Threes are bought exactly in 憋三, where every player's last play must be 3s.
  d[kBuyThree] = v[kBiesan];
  if (v[kBuyThree] == kUnset) v[kBuyThree] = d[kBuyThree];
  if (v[kBuyThree] != v[kBiesan])
    throw RulesError(v[kBiesan] ? "option buy_three=False conflicts with biesan=True: under 憋三 every player's last "
                                  "play is 3s, so a player without a 3 must buy one"
                                : "option buy_three=True conflicts with biesan=False: threes are bought only "
                                  "under 憋三");
}

int packs(const std::vector<std::int64_t>& v) { return static_cast<int>(v[kDecks]); }

}  // namespace

namespace {

gj::Config make_gj_config(const std::vector<std::int64_t>& v) {
  gj::Config c;
  c.biesan = v[kBiesan] != 0;
  c.four_rules = static_cast<gj::FourRules>(v[kFourRules]);
  c.gouji_threshold = unpack_rank_counts(v[kGoujiThresholds]);
  c.beat_mode = static_cast<gj::BeatMode>(v[kBeatMode]);
  c.mixed_joker_downgrade = v[kMixedJokerDowngrade] != 0;
  c.open_point_excludes_twos = v[kOpenPointExcludesTwos] != 0;
  c.buy_three = v[kBuyThree] != 0;
  c.buy_four = v[kBuyFour] != 0;
  c.burn_by_teammates = v[kBurnByTeammates] != 0;
  c.burn_priority = static_cast<gj::BurnPriority>(v[kBurnPriority]);
  c.burn_illegal_mode = static_cast<gj::BurnIllegalMode>(v[kBurnIllegalMode]);
  c.burn_requires_open_point = v[kBurnRequiresOpenPoint] != 0;
  c.headless_free_response = v[kHeadlessFreeResponse] != 0;
  c.yield_enabled = v[kYieldEnabled] != 0;
  c.chaos_threshold = static_cast<int>(v[kChaosThreshold]);
  c.lead_after_finished_winner = static_cast<gj::LeadAfterFinishedWinner>(v[kLeadAfterFinishedWinner]);
  c.point_check_time = static_cast<gj::PointCheckTime>(v[kPointCheckTime]);
  c.yaotou_grace_plays = static_cast<int>(v[kYaotouGracePlays]);
  c.dipai_grace = v[kDipaiGrace] != 0;
  c.revolution = v[kRevolution] != 0;
  c.xuandian = v[kXuandian] != 0;
  c.first_leader = static_cast<gj::FirstLeader>(v[kFirstLeader]);
  c.remaining_place_order = static_cast<gj::RemainingPlaceOrder>(v[kRemainingPlaceOrder]);
  c.team_sees_small_hands = v[kTeamSeesSmallHands] != 0;
  c.men_immediate_bottom = v[kMenImmediateBottom] != 0;
  c.scoring = static_cast<gj::Scoring>(v[kScoring]);
  c.laogong_same_team = static_cast<gj::LaogongSameTeam>(v[kLaogongSameTeam]);
  c.hands_per_match = static_cast<int>(v[kHandsPerMatch]);
  return c;
}

GameData derive(int, const std::vector<std::int64_t>& values) {
  auto config = std::make_shared<const gj::Config>(make_gj_config(values));
  return GameData{config, config.get(), nullptr};
}

}  // namespace

const Preset& gouji_preset() {
  static const Preset preset{"gouji", 1, gj::kPlayers, gj::kPlayers, gj::kPlayers, &kSpecs, &complete, &packs, &derive};
  return preset;
}

}  // namespace ganzdy::detail
