// One deal (hand) of Guandan (掼蛋): the in-deal state machine, tribute included.
//
// Four players in fixed partnerships: seats 0 and 2 (team 0) against 1 and 3
// (team 1); play goes 0, 1, 2, 3, 0, ... Two packs, 108 cards, dealt one at a time
// from the top of the deck: deck card i goes to seat i % 4, 27 cards each. The
// level rank L comes from the rules (Rules("guandan", level=...)); its two hearts
// are wild. The deck order is fixed when the deal is made (a SplitMix64 shuffle
// of a seed, as in Gan Deng Yan, or given), so after the deal there is no chance.
//
// What the match supplies (DealSetup): the previous hand's finishing order, or
// none for the first hand of a match; both teams' levels, which the deal only
// shows in observations.
//
// Flow (guandan.md §8.7), each step a phase of the state:
//  1. deal;
//  2. resistance (抗贡, §8.5), checked automatically on the dealt hands;
//  3. Phase::tribute: each payer chooses which of its highest cards (§8.3:
//     value order, the wilds excluded) to pay: a real choice when several suits
//     tie. Under double_tribute_assignment='first_picks' a double tribute then
//     goes to Phase::pick, where the first player out picks one of the two cards;
//  4. the tribute cards move to their receivers, face up (§8.1-§8.2);
//  5. Phase::give_back ("return"): each receiver chooses a card to give back to
//     the player who paid it (§8.4: rank 2..T, not the level rank, by default;
//     any card but a joker or a wild when the hand holds no such card);
//  6. the return cards move, face down;
//  7. Phase::play: the first leader (§8.6) leads; each player in turn plays a
//     combination that beats the table or passes (a pass is not final); a trick
//     ends when every other player still in has passed in a row, and its winner
//     leads, or the winner's partner when the winner has just gone out and
//     nobody beat its last play (接风, §6.2); players who are out are skipped;
//  8. Phase::over once both players of a team are out (§6.3).
// The first hand of a match has no tribute (its deal starts in Phase::play) and
// its first leader follows first_lead_first_hand (§8.6): a random seat drawn
// from the seed, seat 0, or the holder of a turned card, unless the match names
// the leader.
//
// Why the simultaneous choices may be made one after another (§8.7 steps 3 and
// 5): in a double tribute the payers choose in turn order from the seat after
// the first player out, and the receivers return in the same order (payment 0,
// then payment 1). This is sound because a card chosen is not moved, nor shown,
// until every choice of its step is made: the second chooser's legal moves and
// observation are the same whatever the first chose (the value of a tribute
// card is forced by the payer's hand, so who pays whom never depends on the
// choice of a suit), and sample_world() draws the first chooser's pending
// choice afresh. Tribute cards are then shown face up, return cards only to the
// two players concerned.
//
// Moves. Tribute choices are Moves of the state, so one push/apply/pop/
// legal_moves serves every phase: Kind::tribute (a payer's card),
// Kind::tribute_pick (the card the first player out takes from the pool) and
// Kind::tribute_return (the card given back), each one card and rankless
// ("As as tribute", "RJ as pick", "5d as return"). Move stays a 40-byte value and
// Gan Deng Yan never sees these kinds.
//
// Checked at the edge, unchecked in the core: push() validates and throws
// IllegalMoveError; apply(), pop() and legal_moves() assume valid input and never
// throw. pop() undoes push/apply exactly, tribute and return included, from a
// small record saved per ply.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ganzdy/guandan/moves.h"
#include "ganzdy/core/history.h"
#include "ganzdy/core/random.h"
#include "ganzdy/core/rules.h"
#include "ganzdy/game.h"

namespace ganzdy::gd {

inline constexpr int kPlayers = 4;
inline constexpr int kHandSize = 27;
inline constexpr int kDeckSize = 108;

// Seats 0 and 2 are team 0, seats 1 and 3 team 1.
constexpr int team_of(int seat) { return seat & 1; }
constexpr int partner_of(int seat) { return (seat + 2) & 3; }

enum class Phase : std::uint8_t { tribute, pick, give_back, play, over };
// "tribute", "pick", "return", "play", "over".
std::string_view phase_name(Phase phase);

// What the match supplies to a deal. Every field is optional.
struct DealSetup {
  // The previous hand's finishing order: the seats in the order they went out,
  // as Outcome::finish_order gives it (2 seats after 双上, 3 otherwise), or all
  // four seats. Empty for the first hand of a match: no tribute.
  std::vector<int> previous_finish;
  // First hand only: the seat that leads, overriding first_lead_first_hand.
  int first_leader = -1;
  // First hand only, first_lead_first_hand='turned_card': the deck index of the
  // turned card (its holder leads and it is shown to all); -1 draws it from the
  // seed. A deal from a deck order needs this or first_leader.
  int turned_position = -1;
  // The levels of team 0 and team 1 as rank indices (card.h); kNoRank: the
  // deal's level. Shown in observations only; the deal plays at gd::config(rules()).level.
  std::array<int, 2> team_levels{kNoRank, kNoRank};
  // The seat dealt the deck's first card: deck card i goes to seat
  // (dealer + i) % 4, as in Gan Deng Yan. It decides nothing else (the first
  // lead follows first_lead_first_hand or the tribute), and 0 keeps the deal
  // every earlier version made from the same seed.
  int dealer = 0;
};

// One tribute payment: payer -> receiver, and the card given back.
struct Payment {
  std::int8_t payer = -1;
  std::int8_t receiver = -1;  // -1 until known (a double tribute under 'first_picks', before the pick)
  std::int8_t card = -1;      // the face paid, -1 until chosen
  std::int8_t returned = -1;  // the face given back, -1 until chosen
};

// What a deal came to.
struct Outcome {
  bool over = false;
  // Seats in the order they went out: 2 after 双上 (the two losers are not
  // ordered, §6.3), 3 otherwise (the fourth is the last, 末游). Feeds the next
  // deal's DealSetup::previous_finish.
  std::vector<int> finish_order;
  int winning_team = -1;  // the team of the first player out, once over
  // "1-2", "1-3" or "1-4": where the winner's partner finished; "" until over.
  std::string result;
  int upgrade = 0;  // levels the winners go up: 3/2/1 (4/2/1 under upgrade_table='4-2-1')
  // Per seat, summing to zero: +upgrade for the winners, -upgrade for the losers.
  std::vector<std::int64_t> points;
};

// The scalar part of a deal's state, saved whole before each ply for undo.
struct DealInfo {
  Move table;                 // the combination to beat; a pass when leading or outside play
  std::int8_t table_owner = -1;
  std::int8_t current = 0;    // seat to act
  std::int8_t passes = 0;     // consecutive passes since the table move
  std::int8_t finished = 0;   // players out
  std::uint8_t out_mask = 0;  // bit s: seat s is out
  Phase phase = Phase::play;
  std::int8_t step = 0;       // tribute/return phase: the payment whose choice is due
  std::array<Payment, 2> payments{};
  std::array<std::int8_t, kPlayers> finish_order{};
};

// One ply of history: the move, who made it, and the state before it.
using Ply = PlyRecord<DealInfo>;

class Deal : public DealBase<Deal, Config, DealInfo, kPlayers> {
 public:
  // A deal shuffled from `seed` with SplitMix64 (random.h). Throws RulesError
  // unless the rules are Guandan's or for a bad setup (a finishing order that is
  // no finishing order, a seat or level out of range).
  Deal(std::shared_ptr<const Rules> rules, std::uint64_t seed, const DealSetup& setup = {});
  // A deal from an explicit deck order, top card first. Throws DeckError unless
  // `deck` is exactly the 108 cards, RulesError for a bad setup.
  Deal(std::shared_ptr<const Rules> rules, std::vector<Face> deck, const DealSetup& setup = {});

  int players() const { return kPlayers; }
  const DealSetup& setup() const { return setup_; }
  int level() const { return cfg_->level; }
  // team_levels with the defaults filled in.
  int team_level(int team) const { return team_levels_[static_cast<std::size_t>(team)]; }

  Phase phase() const { return info_.phase; }
  bool is_terminal() const { return info_.phase == Phase::over; }
  // Cards played in tricks by one seat (played(): by anyone).
  const Cards& played_by(int seat) const { return played_by_[static_cast<std::size_t>(seat)]; }
  int passes() const { return info_.passes; }
  bool is_out(int seat) const { return (info_.out_mask >> seat & 1) != 0; }

  // The tribute of this deal: none for a first hand, after a resisted tribute or
  // a 1-4 finish under tribute_1_4_payer='none'.
  int payment_count() const { return payment_count_; }
  const Payment& payment(int i) const { return info_.payments[static_cast<std::size_t>(i)]; }
  // Whether the payers' big jokers cancelled the tribute (§8.5).
  bool resisted() const { return resisted_; }
  // Cards shown to everybody from a seat's dealt hand: the big jokers of a
  // resistance, the turned card of a first hand.
  const Cards& shown(int seat) const { return shown_[static_cast<std::size_t>(seat)]; }
  // The first player out of the previous hand (the receiver of a single
  // tribute), or -1 for a first hand.
  int previous_first() const { return previous_first_; }
  // The seat that leads the first trick.
  int first_leader() const { return first_leader_; }
  // The deck index of the turned card, or -1.
  int turned_position() const { return turned_position_; }

  // Determinization for `seat`: a deal consistent with what it has seen — its
  // hand, every card played and by whom, hand sizes, the tribute cards shown
  // and who paid them to whom, the cards shown at a resistance or turned, and the
  // return card it gave or received — with the cards it has not seen dealt
  // uniformly at random (Random(seed)) among the other hands, subject to what
  // the rules imply: a payer held no joker above its tribute card; a
  // non-resisted tribute means the payers' jokers did not resist; under
  // prune_redundant_wild, a seat that spent a wild in a slot of a play held no
  // other natural card for it (naturals_not_held). A choice made
  // by another seat that `seat` has not yet seen (a tribute or return card not
  // yet moved) is drawn afresh among that seat's legal choices, and so is a return
  // card between two other seats (a card its payer has held since). A payer held
  // nothing above its tribute card (the wilds aside), so a world gives it none,
  // but for a return card it may have got (the real deal is one of the possible
  // samples, unless a receiver gave back, for want of a card within the return
  // rules, a card above the payer's tribute that the payer has not played: then
  // the real hands are not among the worlds, though the worlds still fit all the
  // seat saw). The result has no seed.
  //
  // The world is a deal like any other (DealBase::restore_past): from a deal that
  // keeps its past (root_ply() 0, or itself such a world) it keeps the public
  // moves, the tribute and return choices blanked, and builds its past when asked:
  // its deck deals each seat its hand now with the cards it played and gave, less
  // those it received (face order, card i to seat (dealer + i) % 4), its setup
  // names the world's turned card or first leader, and replaying the moves (the
  // choices the world's own) on it gives this world. Until then its deck() is the
  // canonical order; the bindings build the past before they show it. A deal
  // without its past gives a world without one.
  Deal sample_world(int seat, std::uint64_t seed) const;

  // Every legal move of the player to act, into `out` (cleared first): the
  // tribute, pick or return choices in face order; in play the pass (first) when
  // following, then the canonical plays (guandan/moves.h). Empty only when terminal.
  void legal_moves(MoveList& out) const;
  // Why `move` is illegal for the player to act, or "" when it is legal.
  std::string why_illegal(const Move& move) const;

  // Resolves move text: cards with a unique legal reading ("As" in a tribute
  // phase, "5s 5h" in play), cards with a declaration, or "pass". Throws
  // ParseError, IllegalMoveError or AmbiguousMoveError listing the readings.
  Move parse_move(std::string_view text) const;

  Outcome outcome() const;

  // The invariants every position keeps (108 cards accounted for, hand sizes,
  // phase and turn), for tests in any build: "" when they hold, else what
  // broke. check_invariants() asserts them unless NDEBUG is defined.
  std::string invariant_violation() const;

 private:
  friend DealBase;
  static constexpr std::uint64_t kHashSeed = 0x6A09E667F3BCC909ULL;
  Deal(const Deal& other, WithoutHistory);
  void start(const DealSetup& setup, Random* rng);
  // The tribute after a previous hand finished in `order` (all four seats).
  void setup_tribute_from(const std::array<int, kPlayers>& order);
  // Who pays whom in a double tribute, and who leads after the tribute, from the
  // payers' hands (the tribute values are forced).
  void assign_receivers_and_leader();
  int next_active(int seat) const;
  int active_count() const { return kPlayers - info_.finished; }
  // Plays `move` for the seat to act: apply() without the history.
  void advance(const Move& move);
  void undo(const Ply& ply);
  void hash_rest(std::uint64_t& h) const;
  std::string str_header() const;
  std::string str_seat(int seat) const;
  std::string str_result() const;
  void start_trick(int leader);
  void begin_returns();
  void finish_seat(int seat);
  void move_tribute(bool undo);
  void move_returns(bool undo);
  void tribute_choices(MoveList& out) const;
  // The world's past (DealBase::restore_past), from the world as sampled:
  // its own deck dealt, `past` replayed on it; nullopt when it does not replay.
  std::optional<Deal> replay_past(const std::vector<Move>& past) const;
  // The deck that deals this deal's hands as they were dealt (its hands now, the
  // cards played and the tribute undone) and the setup that goes with it.
  void own_deck(std::vector<Face>& deck, DealSetup& setup) const;

  DealSetup setup_;
  std::array<int, 2> team_levels_{};
  int payment_count_ = 0;
  bool resisted_ = false;
  int previous_first_ = -1;
  int first_leader_ = 0;
  int turned_position_ = -1;
  std::array<Cards, kPlayers> shown_{};
  std::array<Cards, kPlayers> played_by_{};
  // Under prune_redundant_wild, the faces (bit f) each seat cannot hold, because
  // it spent a wild where that natural card would have done: read from the
  // plies this deal does not keep in its history (a copy without history's, a
  // sampled world's past), so that a world sampled from such a deal honours them
  // too. Zero for a deal dealt from its deck; hands only shrink in play, so a
  // bound stays true as the deal plays on.
  std::array<std::uint64_t, kPlayers> past_unheld_naturals_{};
  // Those faces for every seat, from past_unheld_naturals_ and the history kept.
  std::array<std::uint64_t, kPlayers> naturals_not_held() const;
};

// The value (guandan/config.h: 2..15, small joker 16, big joker 17) of the cards a
// hand must pay as tribute: its highest, the wilds excluded; 0 for a hand with
// nothing to pay.
int tribute_value(const Config& cfg, const Cards& hand);
// The value of one face in value order.
int face_value(const Config& cfg, int face);
// Whether `face` may be given back under the return rules (§8.4) by a hand
// that holds some such card; `fallback` asks instead whether it may be given
// back by a hand that holds none.
bool returnable(const Config& cfg, int face, bool fallback);
// Whether the payers' dealt hands cancel the tribute (§8.5 and resist_rule).
bool resists(const Config& cfg, const Cards* payers[], int count);

// Returns `rules`; throws RulesError unless they are Guandan rules (pointing a
// Gan Deng Yan caller to ganzdy.GanDengYanDeal).
const std::shared_ptr<const Rules>& require_guandan(const std::shared_ptr<const Rules>& rules);

// apply() behind the checks that keep the deal consistent when the move comes from
// outside the engine (Python's Deal.apply): the deal is not over, the cards are in
// the hand of the seat to act, a play is a combination and tribute choices are
// legal. Unlike push() it does not ask whether a
// play beats the table, so a search pays little for it; IllegalMoveError otherwise,
// the deal unchanged.
void apply_guarded(Deal& deal, const Move& move);

}  // namespace ganzdy::gd
