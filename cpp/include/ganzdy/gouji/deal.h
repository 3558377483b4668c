// One deal (hand) of Gouji (够级): the in-deal state machine, from the deal to
// the places, with every pre-play phase (gouji.md §2, §6, §7, §9).
//
// Six players in two teams of three seated alternately: seats 0, 2, 4 (team 0)
// against 1, 3, 5 (team 1); play goes 0, 1, ..., 5, 0, ... Each seat's opponent
// straight across, opposite(s) = s + 3 mod 6, is its 对家 (gouji/config.h). Four
// packs, 216 cards, dealt one at a time from the top: deck card i goes to seat
// i % 6, 36 each. The deck order is fixed when the deal is made (a SplitMix64
// shuffle of a seed, as in the other games, or given), and so is the random
// order that breaks 上班 ties (drawn from the seed, or from the deck order when
// there is none), so after the deal there is no chance.
//
// What the match supplies (DealSetup): the previous hand's HandResult (places,
// who was 点-ed, successful burns, who 闷-ed whom, 宣点 declarations), which
// decides this hand's tribute; none for the first hand of a match (no tribute).
// The deal's Outcome gives the HandResult for the next hand.
//
// Flow, each step a phase of the state; in the pre-play phases every decision
// is a move of the seat to act, so one push/apply/pop/legal_moves serves all:
//  1. deal;
//  2. Phase::buy (买三, biesan only; and 买四 under buy_four): each player
//     without a 3, in seat order from 0, gets one from the first of its 对家,
//     the 对家's teammates (the next seat, then the one before) that holds two or
//     more, paying a 2 or a joker of its choice (a Kind::buy move naming the
//     card); failing that from its own teammates (seat + 2, then seat + 4) for
//     free (要三), with no move. A player with no 3 and nothing to pay with is an
//     automatic revolutionary (自动革命) when revolution is on; otherwise it asks
//     its teammates, and if none can spare a 3 it plays without one (its last
//     play may then be anything). The seller hands over a 3 of the face it holds
//     fewest copies of (keeping its 上班 cards under buy_four);
//  3. tribute (进贡), from the second hand of a match, not after 串三户: 点贡,
//     烧贡, 闷贡 then 落贡 (§9), each payer giving its highest cards at once (the
//     lowest suit first among equal cards), with no move (the rules leave it no
//     choice); then Phase::give_back ("return",
//     还贡): each receiver, payment by payment, gives back as many cards as it got,
//     one Kind::tribute_return move a card. Under biesan a return never gives
//     away the returner's last 3;
//  4. Phase::revolt (革命, when revolution is on): every seat in order from 0 says
//     whether it revolts (Kind::revolt, or a pass). Only a seat holding no 2 and
//     no joker may revolt; every seat is asked, so being asked reveals nothing.
//     Automatic revolutionaries revolt without a move. A second revolution voids
//     the hand (流局): Phase::over with Outcome::void_hand, and the match deals
//     again with the same setup;
//  5. Phase::yaotou: the revolutionary declares 要头 (Kind::yaotou: it stays its
//     对家's head for that player's first yaotou_grace_plays gouji plays) or 无头
//     (Kind::wutou); skipped when yaotou_grace_plays is 0 (always 无头);
//  6. Phase::xuandian (宣点, when xuandian is on): every player still in, in order
//     from 0, declares points (Kind::xuandian) or passes;
//  7. Phase::play. The first leader: the setup's first_leader if given; else,
//     under first_leader='previous_daluo' after the first hand, the previous 大落;
//     else 上班: the player holding the most copies of one face of 4 (of 3 without
//     biesan), at least two, shows them and leads; ties and nobody go by the
//     deal's random order. A leader who revolted hands the lead to the next seat
//     still in;
//  8. Phase::over once a team has no active player (§6.8), or at a void.
//
// Play (§6). A player is active until it goes out (走科), revolts, or is
// eliminated (a failed burn under burn_illegal_mode='penalize', or 闷 under
// men_immediate_bottom). It has a head while its 对家 is active, or while a grace
// (要头, 底牌 §7.3) lasts. 四户乱缠 (chaos) holds while at most chaos_threshold
// players are active. The table play of owner X is restricted when it is a gouji
// card, X has a head and there is no chaos (§6.2).
//  - Whose turn. After each play the seats after its owner X are visited once in
//    turn order, X+1 ... X+5; on a restricted play under burn_priority=
//    'teammates_first' X+2 (X's teammate) is asked before X+1, so a teammate's
//    burn claim comes first (the other teammate, X+4, already comes before X+5).
//    A visited seat acts only if it has a role; the others are skipped with no
//    move. Roles (§6.3): on a restricted play, X's 对家 answers (beat, pass or
//    yield); a headless player answers if it has not passed this trick (under
//    headless_free_response); any other active player with a head who has not
//    passed this trick may only burn (teammates of X under burn_by_teammates,
//    and only after opening a point under burn_requires_open_point): its moves are
//    the pass and the feasible burns. On an unrestricted play every active player
//    answers, except that before chaos a player who passed this trick answers
//    again only a play of its own 对家. In chaos passes never exclude.
//  - Yield (让牌, §6.4, under yield_enabled): Kind::yield, by the 对家 of the table's
//    owner before chaos, by anyone once a trick in chaos, and only when some seat
//    still to be visited would act. The seats after the yielder act; if nobody
//    plays, the yielder is asked again and must play or pass; if somebody plays,
//    the yielder counts as having passed.
//  - What ends a trick. When the visits run out with no new play the owner wins
//    it: it opens a point (开点, §6.6) if its play was restricted and
//    point-eligible, and leads the next trick; an owner no longer active hands the
//    lead to the next active seat (lead_after_finished_winner='next_active') or to
//    its next active teammate (接风, 'teammate'). A play nothing can answer (its
//    vector led by a big joker, under beat_mode='strict', and in 'cover' for
//    jokers alone) ends the trick at once.
//  - Burning (烧牌, §6.5). A burn is a beat by a burner-role player; X is burned.
//    Under burn_illegal_mode='forbid' a burn is legal only when the cards left
//    could still be played out with a joker in every play but the last
//    (burn_feasible), and while burning every lead carries a joker unless it is
//    the last and leaves a feasible rest. Under 'penalize' any such play is
//    legal, and a jokerless non-final lead or an infeasible rest eliminates the
//    burner at once: it takes the lowest free place, its cards stay dead in its
//    hand, and the burned player (or the next active seat after it) leads. Any
//    other player's beat relieves the burn (解烧); going out while burning is a
//    success (烧成功), recorded in the outcome.
//  - 憋三 and 闷 (§6.7): under biesan 3s are played only as a player's final
//    play, all at once; a player whose play leaves it only 3s is 闷-ed by the
//    first player to beat that play.
//  - Places (§6.8): players going out take the places from the top, skipping 四科
//    when somebody revolted (it is the revolutionary's, or 三科 when its two
//    teammates are 头科 and 二科); eliminated players take the lowest free place;
//    at the end the players still holding cards take the places left, fewest
//    cards first, ties in turn order from the seat after the last to go out
//    (remaining_place_order='fewest_cards'), or by seat.
//  - 点 (§6.6): under point_check_time='first_out' the players still active when
//    the first goes out who have not opened a point are 点-ed; under
//    'end_of_hand' every player who never opened is (revolutionaries count as
//    opened). A hand that ends before anybody goes out checks at its end.
//
// Where the rules file leaves a choice to the engine, this deal resolves it as
// above, and: buying is the buyer's decision of which 2 or joker to pay (the
// rules' default, the cheapest, is the first legal move); the decisions before
// play go in seat order from 0; purchases, tribute cards and returns are public;
// 烧贡 is owed only between opponents, 闷贡 by anybody; a player who has passed
// this trick may not burn; a grace of 要头 or 底牌 is used up by
// every gouji play of its holder, answers included; the feasibility of a burn is
// §6.5's count of jokers and groups, which under four_rules variants may not see
// every obstacle, so a burner left with no legal lead may lead anything and its
// burn ends unrewarded; a leader whose only cards are 4s held back by
// four_rules='after_open_point' (and 3s) may lead its 4s.
//
// Moves are Kind::group plays (gouji/moves.h), the pass, and the kinds of the
// decisions: Kind::buy ("2s as buy"), Kind::tribute_return ("5h as return"),
// Kind::yield, Kind::revolt, Kind::yaotou, Kind::wutou, Kind::xuandian ("yield",
// "revolt" ... as text). Suits matter only for 上班, so the legal moves name one
// canonical face per rank (its lowest suit held), except for the 上班 rank's
// returns (4s under biesan, else 3s), listed face by face; push accepts any face
// of the rank for the others.
//
// Checked at the edge, unchecked in the core: push() validates and throws
// IllegalMoveError; apply(), pop() and legal_moves() assume valid input and never
// throw. pop() undoes push/apply exactly through every phase (purchases, tribute,
// returns, revolutions included) from a small record saved per ply, and copy()
// shares the history in constant time (history.h).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ganzdy/gouji/moves.h"
#include "ganzdy/core/history.h"
#include "ganzdy/core/random.h"
#include "ganzdy/core/rules.h"
#include "ganzdy/game.h"

namespace ganzdy::gj {

inline constexpr int kDeckSize = kPlayers * kHandSize;  // 216
// Payments a tribute can hold: 点贡 (up to one each way per pair of 对家), 烧贡
// and 闷贡 (one per seat at most), 落贡 (two).
inline constexpr int kMaxPayments = 3 * kPlayers + 2;
// Cards in one payment: 落贡 two, 点贡 up to four under xuandian.
inline constexpr int kMaxPaymentCards = 4;
// Purchases: each seat at most one 3 (and one 4 under buy_four).
inline constexpr int kMaxPurchases = 2 * kPlayers;

// Seats 0, 2, 4 are team 0; seats 1, 3, 5 team 1.
constexpr int team_of(int seat) { return seat & 1; }
constexpr std::uint8_t seat_bit(int seat) { return static_cast<std::uint8_t>(1u << seat); }

enum class Phase : std::uint8_t { buy, give_back, revolt, yaotou, xuandian, play, over };
// "buy", "return", "revolt", "yaotou", "xuandian", "play", "over".
std::string_view phase_name(Phase phase);

// The kinds of tribute, in the order they are paid (§9).
enum class TributeKind : std::uint8_t { dian, shao, men, luo };
// "dian" (点贡), "shao" (烧贡), "men" (闷贡), "luo" (落贡).
std::string_view tribute_kind_name(TributeKind kind);

// What the next hand needs from a finished one: who pays whom follows from it.
struct HandResult {
  // The seats from 头科 (place 0) to 大落 (place 5).
  std::array<std::int8_t, kPlayers> places{-1, -1, -1, -1, -1, -1};
  std::uint8_t pointed = 0;   // bit s: seat s was 点-ed (owes its 对家 点贡)
  std::uint8_t declared = 0;  // bit s: seat s declared points (宣点; xuandian only)
  // burned[b]: the seat that burner b burned successfully (烧成功), or -1. A
  // burner succeeds at most once: it goes out doing so.
  std::array<std::int8_t, kPlayers> burned{-1, -1, -1, -1, -1, -1};
  // menned_by[p]: the seat that 闷-ed p, or -1.
  std::array<std::int8_t, kPlayers> menned_by{-1, -1, -1, -1, -1, -1};

  friend bool operator==(const HandResult&, const HandResult&) = default;
};

// Why `result` is no hand result (places not a permutation of the seats, a burn
// or 闷 naming a bad seat or the seat itself), or "" when it is one.
std::string why_not_hand_result(const HandResult& result);

// What the match supplies to a deal. Every field is optional.
struct DealSetup {
  // The previous hand; none for the first hand of a match (no tribute, 上班).
  std::optional<HandResult> previous;
  // The seat that leads the first trick, overriding first_leader (the next seat
  // still in if it revolts); -1: by the rules.
  int first_leader = -1;
  // The seat dealt the deck's first card: deck card i goes to seat
  // (dealer + i) % 6, as in Gan Deng Yan. It decides nothing else (上班 or
  // first_leader picks the first leader), and 0 keeps the deal every earlier
  // version made from the same seed.
  int dealer = 0;
  // The order that breaks 上班 ties (a permutation of the seats); none: drawn
  // from the seed, or from the deck order. A sampled world sets it, as its deck
  // alone would not give it back, so that its record deals the same world: the
  // real deal's once 上班 has used it (the table saw the order of showing), else
  // one drawn from the world's seed.
  std::optional<std::array<std::int8_t, kPlayers>> tie_order;
};

// One purchase of a 3 (or 4) in Phase::buy.
struct Purchase {
  std::int8_t buyer = -1;
  std::int8_t seller = -1;
  std::int8_t rank = kRank3;  // kRank3, or kRank4 under buy_four
  std::int8_t paid = -1;      // the face paid (a 2 or a joker); -1 when asked for free (要三)
  std::int8_t received = -1;  // the face bought
};

// One tribute payment, paid at once, and the cards given back so far.
struct Payment {
  TributeKind kind = TributeKind::dian;
  std::int8_t payer = -1;
  std::int8_t receiver = -1;
  std::int8_t count = 0;  // cards paid, and to be given back
  std::array<std::int8_t, kMaxPaymentCards> cards{-1, -1, -1, -1};     // the faces paid, highest first
  std::array<std::int8_t, kMaxPaymentCards> returned{-1, -1, -1, -1};  // the faces given back so far
  std::int8_t returned_count = 0;
};

// What a deal came to.
struct Outcome {
  bool over = false;
  bool void_hand = false;  // two revolutions (流局): no places, no points; deal again
  // Seats in the order they went out (走科), as far as the deal has come.
  std::vector<int> finish_order;
  // Once over: the seats from 头科 to 大落 (empty for a void hand).
  std::vector<int> places;
  std::vector<std::int64_t> points;  // per seat, summing to zero; zeros until over
  std::array<std::int64_t, 2> team_points{0, 0};
  int winning_team = -1;  // the team with more points; -1 on a tie or until over
  int sweep_team = -1;    // the team that took 头科, 二科 and 三科 (串三户), or -1
  int revolutionary = -1;
  // What the next hand's tribute needs (its places are empty until over).
  HandResult result;
};

// The scalar part of a deal's state, saved whole before each ply for undo.
struct DealInfo {
  Move table;  // the play to beat; a pass when leading or outside play
  std::int8_t table_owner = -1;
  std::int8_t current = 0;  // seat to act
  Phase phase = Phase::play;
  // Pre-play: the decision due (the purchase, the payment being given back, the
  // seat asked); play: the next place in the visiting order after the table owner.
  std::int8_t step = 0;
  std::int8_t purchases = 0;  // purchases made so far
  std::int8_t payments = 0;   // tribute payments paid so far
  std::int8_t yielder = -1;   // the seat that yielded on this table play, to be asked again
  std::int8_t burner = -1;    // the seat burning now, or -1
  std::int8_t burned = -1;    // the seat it burned
  std::int8_t leader = -1;    // the first leader, once play begins
  std::int8_t finished = 0;   // players out (走科)
  std::int8_t last_out = -1;  // the last seat to go out or be eliminated
  std::uint8_t out = 0;          // bit s: seat s went out
  std::uint8_t revolted = 0;     // bit s: seat s revolted
  std::uint8_t eliminated = 0;   // bit s: seat s failed a burn (or was 闷-ed, under men_immediate_bottom)
  std::uint8_t auto_revolt = 0;  // bit s: seat s revolts automatically (no 3, nothing to buy with)
  std::uint8_t auto_at_four = 0; // bit s: ... found at its 4 (buy_four), having had or bought a 3
  std::uint16_t unmet = 0;       // bit 2s (3s) or 2s + 1 (4s): seat s needed one and nobody could spare it
  std::uint8_t passed = 0;       // bit s: seat s passed in this trick
  std::uint8_t yields = 0;       // bit s: seat s yielded in this trick
  std::uint8_t opened = 0;       // bit s: seat s opened a point (开点), or revolted
  std::uint8_t pointed = 0;      // bit s: seat s was 点-ed
  std::uint8_t declared = 0;     // bit s: seat s declared points (宣点)
  bool restricted = false;       // the table play is restricted (§6.2)
  bool yield_returned = false;   // the seat to act is the yielder, asked again
  bool point_checked = false;    // 点 has been decided
  bool yaotou = false;           // the revolutionary declared 要头
  std::int8_t shangban = -1;     // the seat that won 上班 and showed its cards, or -1
  std::int8_t shown_face = -1;   // the face it showed, or -1
  std::int8_t shown_count = 0;   // and its copies
  std::array<std::int8_t, kPlayers> place_of{-1, -1, -1, -1, -1, -1};
  // Gouji plays a seat may still make with an absent head (要头, 底牌).
  std::array<std::int8_t, kPlayers> grace{};
  std::array<std::int8_t, kPlayers> burned_by_success{-1, -1, -1, -1, -1, -1};  // HandResult::burned
  std::array<std::int8_t, kPlayers> menned_by{-1, -1, -1, -1, -1, -1};
};

// One ply of history: the move, who made it, and the state before it.
using Ply = PlyRecord<DealInfo>;

class Deal : public DealBase<Deal, Config, DealInfo, kPlayers> {
 public:
  // A deal shuffled from `seed` with SplitMix64 (random.h). Throws RulesError
  // unless the rules are Gouji's, or for a bad setup.
  Deal(std::shared_ptr<const Rules> rules, std::uint64_t seed, const DealSetup& setup = {});
  // A deal from an explicit deck order, top card first. Throws DeckError unless
  // `deck` is exactly the 216 cards, RulesError for a bad setup.
  Deal(std::shared_ptr<const Rules> rules, std::vector<Face> deck, const DealSetup& setup = {});

  int players() const { return kPlayers; }
  const DealSetup& setup() const { return setup_; }

  Phase phase() const { return info_.phase; }
  bool is_terminal() const { return info_.phase == Phase::over; }
  // Cards played in tricks by one seat (played(): by anyone).
  const Cards& played_by(int seat) const { return played_by_[static_cast<std::size_t>(seat)]; }

  bool is_out(int seat) const { return (info_.out >> seat & 1) != 0; }
  bool is_revolted(int seat) const { return (info_.revolted >> seat & 1) != 0; }
  bool is_eliminated(int seat) const { return (info_.eliminated >> seat & 1) != 0; }
  // Still playing: not out, not revolted, not eliminated.
  bool is_active(int seat) const { return ((info_.out | info_.revolted | info_.eliminated) >> seat & 1) == 0; }
  std::uint8_t active_mask() const {
    return static_cast<std::uint8_t>(~(info_.out | info_.revolted | info_.eliminated) & 0x3F);
  }
  int active_count() const;
  // 四户乱缠: at most chaos_threshold players active.
  bool is_chaos() const { return active_count() <= cfg_->chaos_threshold; }
  // Whether `seat` has a head (有头): its 对家 is active, or a grace lasts.
  bool has_head(int seat) const { return is_active(opposite(seat)) || info_.grace[static_cast<std::size_t>(seat)] > 0; }
  bool has_opened(int seat) const { return (info_.opened >> seat & 1) != 0; }
  // The seat burning now and the seat it burned, or -1.
  int burner() const { return info_.burner; }
  int burned() const { return info_.burned; }
  // The place (0 = 头科 ... 5 = 大落) of a seat that has one, or -1.
  int place_of(int seat) const { return info_.place_of[static_cast<std::size_t>(seat)]; }
  // The seat that leads the first trick, once play has begun; -1 before.
  int first_leader() const { return info_.leader; }
  // The cards the 上班 leader showed (its copies of one face of 4, or 3 without
  // biesan), once play has begun; empty when nobody could show.
  Cards shown() const {
    Cards c;
    if (info_.shown_face >= 0) c.add(info_.shown_face, info_.shown_count);
    return c;
  }
  // The order that breaks 上班 ties (the setup's, or a random one): the first of it leads.
  const std::array<std::int8_t, kPlayers>& tie_order() const { return tie_order_; }

  int purchase_count() const { return info_.purchases; }
  const Purchase& purchase(int i) const { return purchases_[static_cast<std::size_t>(i)]; }
  // The tribute of this deal, all its payments (the cards paid once paid).
  int payment_count() const { return payment_total_; }
  const Payment& payment(int i) const { return payments_[static_cast<std::size_t>(i)]; }
  bool payments_made() const { return info_.payments == payment_total_ && payment_total_ > 0; }

  // Determinization for `seat` (gouji/world.cpp): a deal consistent with what it has
  // seen — its hand, every card played and by whom, hand sizes, every purchase,
  // tribute card and return (all public), revolutions and declarations, the 上班
  // cards shown — with the cards it has not seen dealt at random among the other
  // hands, subject to what the rules imply: buyers held no 3, and the others one;
  // a seller held two and gave the face it held fewest of, a source passed over
  // held at most one; a payer held nothing above its tribute, nor a lower suit of
  // a card it paid; a revolutionary held no 2 and no joker; nobody held more
  // copies of a 4 face than the 上班 leader showed (nor as many, before it in the
  // tie order); a burner's hand stayed feasible under 'forbid', and, once 闷 is
  // public (men_public), a 闷-ed player held only 3s and an owner beaten without
  // being 闷-ed more than 3s (read from the history, when the deal has it from
  // the start, and kept by the worlds sampled for their ply, so that sampling
  // again from a world keeps it); before that the world's 闷 follows from its
  // own hands. The
  // world's setup keeps the real tie order, so its record deals it. Teammates' small
  // hands are kept under team_sees_small_hands. Replaying the real moves from the
  // world's deck reaches the world. The result has no seed; its deck() deals the
  // sampled hands (each seat's cards in face order), so nothing hidden leaks
  // through it. It is a deal like any other (DealBase::restore_past): from a deal
  // that keeps its past (root_ply() 0, or itself such a world) it keeps the moves
  // (all public) and builds its past, by replaying them on its deck, when asked;
  // a deal without its past gives a world without one. Close to uniform over such worlds (gouji/world.cpp
  // says how); never the real hands by construction. Throws std::runtime_error
  // if it finds no such world (never seen: a bug to report).
  Deal sample_world(int seat, std::uint64_t seed) const;

  // Every legal move of the player to act, into `out` (cleared first); empty
  // only when terminal. Buy: the payment faces, cheapest first. Return: the
  // returnable faces. Revolt: the pass, then the revolt when allowed. Yaotou:
  // yaotou, wutou. Xuandian: the pass, xuandian. Play: the pass (first) when
  // following, then the yield when allowed, then the plays (gouji/moves.h order).
  void legal_moves(MoveList& out) const;
  // Why `move` is illegal for the player to act, or "" when it is legal.
  std::string why_illegal(const Move& move) const;

  // What the seat to act may do in play with the table as it is.
  enum class Role : std::uint8_t { none, lead, answer, burn };
  Role role() const;
  // Whether the move of the seat to act would be a burn (a beat in the burn role).
  bool is_burn(const Move& move) const { return role() == Role::burn && !move.is_pass() && move.kind == Kind::group; }

  // Resolves move text: cards with a unique legal reading ("2s" in the buy
  // phase, "5s 5h" in play), cards with a declaration, "pass", "yield", "revolt",
  // "yaotou", "wutou", "xuandian". Throws ParseError, IllegalMoveError or
  // AmbiguousMoveError.
  Move parse_move(std::string_view text) const;

  Outcome outcome() const;

  // The invariants every position keeps (216 cards accounted for, purchases
  // and tribute included; hand sizes; places; phase and turn), for tests in any
  // build: "" when they hold, else what broke. check_invariants() asserts them
  // unless NDEBUG is defined.
  std::string invariant_violation() const;

 private:
  friend DealBase;
  // The world's past (DealBase::restore_past): `past` replayed on the world's own
  // deck and setup; nullopt when it does not replay.
  std::optional<Deal> replay_past(const std::vector<Move>& past) const;
  // What the history showed (gouji/world.cpp): set on sampled worlds, valid at
  // ply evidence_ply_ only, so that sampling again from a world keeps it.
  struct Evidence;
  std::shared_ptr<const Evidence> evidence_;
  int evidence_ply_ = -1;
  static constexpr std::uint64_t kHashSeed = 0x6A09E667F3BCC909ULL;
  Deal(const Deal& other, WithoutHistory);
  void start(Random& rng);
  // Play `move` for the seat to act: apply() without the history.
  void advance(const Move& move);
  void undo(const Ply& ply);
  void hash_rest(std::uint64_t& h) const;
  std::string str_header() const;
  std::string str_table_note() const { return info_.restricted ? " (restricted)" : ""; }
  std::string str_seat(int seat) const;
  std::string str_result() const;

  // Pre-play phases (gouji/phases.cpp).
  void run_buys();  // purchases and automatic revolutions from info_.step on, until a decision
  bool next_buy(int& buyer, int& rank) const;
  int source_of(int buyer, int rank, bool& paid) const;
  void make_purchase(int buyer, int seller, int rank, int paid);
  void begin_tribute();
  void pay_tribute();
  void begin_revolt();
  void next_revolt_seat(int from);
  void begin_yaotou();
  void begin_xuandian();
  void next_declarer(int from);
  void begin_play();
  void phase_moves(MoveList& out) const;
  std::string why_phase_illegal(const Move& move) const;
  void advance_phase(const Move& move);
  void undo_phase(const Ply& ply);

  // Play (gouji/play.cpp).
  Role role_of(int seat) const;
  void visit_order(std::array<std::int8_t, kPlayers - 1>& order) const;
  bool yield_allowed() const;
  void next_turn();  // from info_.step on, to the next seat with a role, or the trick's end
  void end_trick(int winner);
  void start_trick(int leader);
  int next_active(int seat) const;
  int lead_after(int seat) const;
  void play_move(const Move& move);
  void finish_seat(int seat, bool gouji_last);
  void eliminate(int seat);
  void check_points();
  void check_end();
  void assign_remaining_places();
  int lowest_free_place() const;
  int highest_free_place() const;
  void play_moves(MoveList& out) const;
  std::string why_play_illegal(const Move& move) const;
  void burner_leads(MoveList& out) const;

  DealSetup setup_;
  std::array<std::int8_t, kPlayers> tie_order_{};
  int payment_total_ = 0;
  std::array<Cards, kPlayers> played_by_{};
  std::array<Purchase, kMaxPurchases> purchases_{};
  std::array<Payment, kMaxPayments> payments_{};
};

// Whether a burner holding `rest` could still play it all out with a joker in
// every play but the last (§6.5: J jokers, G natural ranks other than 3s under
// biesan, 2s joining any group).
bool burn_feasible(const Config& cfg, const Cards& rest);
// The same from the counts: `groups` natural ranks (3s aside under biesan),
// `jokers`, whether 3s (biesan) and 2s are among the cards.
bool burn_feasible(const Config& cfg, int groups, int jokers, bool threes, bool twos);

// Whether who 闷-ed whom (§6.7) is told to every seat: once the hand is over
// (its result names them for the next hand's 闷贡), or at once under
// men_immediate_bottom (the 闷-ed seat is put at the bottom in sight of all).
// Before that only a seat that sees the 闷-ed hand knows (gouji/world.cpp).
bool men_public(const Deal& deal);

// The tribute a previous hand calls for (§9): payments in paying order, their
// cards not yet chosen; none after 串三户.
std::vector<Payment> tribute_of(const Config& cfg, const HandResult& previous);

// The points of each seat for a finished hand's places (§8): by place, doubled
// after 串三户 (sweep true).
std::array<std::int64_t, kPlayers> points_of(const Config& cfg, const std::array<std::int8_t, kPlayers>& places,
                                             bool sweep);

// Returns `rules`; throws RulesError unless they are Gouji rules.
const std::shared_ptr<const Rules>& require_gouji(const std::shared_ptr<const Rules>& rules);

// apply() behind the checks that keep the deal consistent when the move comes from
// outside the engine (Python's Deal.apply): the deal is not over, the cards are in
// the hand of the seat to act, a play is a Gouji play and every decision outside
// play is legal. Unlike push() it does not ask whether a
// play beats the table, so a search pays little for it; IllegalMoveError otherwise,
// the deal unchanged.
void apply_guarded(Deal& deal, const Move& move);

}  // namespace ganzdy::gj
