// One deal of Gan Deng Yan (干瞪眼): the in-deal state machine.
//
// Seats are numbered counter-clockwise from 0; the dealer is any seat. The deck
// order is fixed when the deal is created (from a seed or given explicitly), so
// drawing after a trick is deterministic and the deal has no chance nodes after
// the shuffle: a search sees a deterministic game given the deck.
//
// Flow: the dealer (or the holder of the lowest card) leads; each player in turn
// plays a combination that beats the table or passes (a pass is not final); when
// every other player still in the deal has passed in a row, the trick ends, the
// stock is drawn from (trick winner first) and the winner leads. A leader with no
// legal lead hands the lead on; if nobody can lead, the deal is drawn. The first
// player out wins (or, under end_condition='ranking', play goes on until one
// player is left) and the losers pay per the scoring options.
//
// Checked at the edge, unchecked in the core: push() validates and throws
// IllegalMoveError; apply(), pop() and legal_moves() assume valid input and never
// throw. pop() undoes push/apply exactly, draws included, from a small record
// saved per ply.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ganzdy/gan_deng_yan/ids.h"
#include "ganzdy/gan_deng_yan/moves.h"
#include "ganzdy/core/history.h"
#include "ganzdy/core/rules.h"
#include "ganzdy/game.h"

namespace ganzdy::gdy {

inline constexpr int kMaxPlayers = 6;

// What a deal came to.
struct Outcome {
  bool over = false;
  bool drawn = false;   // nobody could lead: no winner, no payments
  int winner = -1;      // the first player out, or -1
  std::vector<int> finish_order;  // seats in the order they went out (all seats under 'ranking')
  std::vector<std::int64_t> points;  // per seat, summing to zero
};

// The scalar part of a deal's state, saved whole before each ply for undo.
struct DealInfo {
  Move table;                // the combination to beat; a pass when leading
  std::int8_t table_owner = -1;
  std::int8_t current = 0;   // seat to act
  std::int8_t passes = 0;    // consecutive passes since the table move
  std::int8_t finished = 0;  // players out
  std::uint8_t out_mask = 0; // bit s: seat s is out
  std::uint8_t over = 0;     // 1: the deal has ended
  std::uint8_t drawn = 0;    // 1: ended as a draw
  std::uint16_t stock_pos = 0;  // index in the deck of the next card to draw
  std::uint16_t bombs = 0;      // bombs played (any size, soft or king)
  std::uint16_t bomb_doublings = 0;  // log2 of the bomb factor under bomb_weight
  std::array<std::int8_t, kMaxPlayers> finish_order{};
  std::array<std::uint8_t, kMaxPlayers> plays{};  // combinations each seat has played
};

// One ply of history: the move, who made it, and the state before it (the
// cards it drew, when it ended a trick, are the stock_pos it advanced).
using Ply = PlyRecord<DealInfo>;

class Deal : public DealBase<Deal, Config, DealInfo, kMaxPlayers> {
 public:
  // A deal shuffled from `seed` with SplitMix64 (see random.h), dealt by `dealer`.
  Deal(std::shared_ptr<const Rules> rules, std::uint64_t seed, int dealer);
  // A deal from an explicit deck order, top card first. Throws DeckError unless
  // `deck` is exactly the rules' deck, RulesError for a bad dealer.
  Deal(std::shared_ptr<const Rules> rules, std::vector<Face> deck, int dealer);
  // A position with an empty stock (gan_deng_yan/position.cpp; docs/solver.md): `hands`
  // (one per seat, together within the rules' deck; every other card counts as
  // played), `to_act` following `table` played by `table_owner`, or leading when
  // `table` is a pass (table_owner -1). Throws DeckError, RulesError or
  // IllegalMoveError naming the problem. Like a copy without history it starts
  // at root_ply() 1 and cannot be replayed from its deck.
  static Deal position(std::shared_ptr<const Rules> rules, const std::vector<Cards>& hands, int to_act,
                       const Move& table, int table_owner, int dealer);

  int players() const { return cfg_->players; }
  int dealer() const { return dealer_; }
  bool is_terminal() const { return info_.over != 0; }
  int stock_size() const { return static_cast<int>(deck_->size()) - info_.stock_pos; }
  int passes() const { return info_.passes; }
  int bombs_played() const { return info_.bombs; }
  bool is_out(int seat) const { return (info_.out_mask >> seat & 1) != 0; }
  // The first invariant every position keeps that this one breaks (cards
  // conserved, hand sizes, seats out, zero-sum points, who may act), or "".
  std::string invariant_violation() const;

  // Determinization: a world consistent with everything `seat` has seen (its hand,
  // every card played and by whom, every hand size and the stock size), with the
  // cards it has not seen dealt uniformly at random (Random(seed)) among the other
  // hands and the stock, in random stock order. The result has no seed. A seat to
  // lead holds a legal lead, as in a real deal. The real deal is one of the
  // possible samples.
  //
  // The world is a deal like any other: it keeps this deal's history (every move
  // is public, and so is everything an undo record holds), and its deck() is its
  // own (built below the stock only when the past is read: restore_past(); the
  // bindings call it, and a C++ caller must before undoing past the ply the world
  // was sampled at): each seat's dealt cards (its hand now and the cards it played, less what
  // it drew since), in face order in the places deal_cards() deals them, the cards
  // each seat drew at the places of the stock it drew them from, then the world's
  // stock. `seat`'s own dealt and drawn cards are its real ones (it saw them);
  // another seat's are spread over its places by what it played when, earliest
  // place first for a card played or held earliest, a function of the world's
  // hands and the public history alone. So replaying the history on the deck
  // gives exactly this world: it records, pickles and undoes to ply 0 as itself,
  // and nothing hidden from `seat` leaks through it. A deal without its past
  // (root_ply() > 0: a copy without history, a position) gives a world without
  // one either, whose deck lists the cards outside the stock in canonical order,
  // then the sampled stock.
  //
  // Forced rule actions reveal more, and the sample respects it: a seat passed
  // over as leader held only cards that cannot lead alone (jokers, or a lone 2
  // under forbid_final_single_two); under must_play_two_first a seat of two cards
  // that played no 2 held none; under first_leader='lowest_card' nobody was dealt
  // a card below the opening lead's lowest (nor that card, before its holder in
  // turn order). Each seat's cards, played and held, must then fit the
  // places it received cards from (dealt, or drawn after a given ply); a sample
  // that leaves no such filling is drawn again, so every world that has one is
  // equally likely. The evidence is read from the history, so a deal must keep it
  // from its start (root_ply() 0); the worlds sampled carry it along (for this
  // ply), so sampling again from a world is just as faithful. A copy without
  // history or a position has none, and samples without it.
  Deal sample_world(int seat, std::uint64_t seed) const;

  // Every legal move of the player to act, into `out` (cleared first): the pass
  // (first) when following, then the canonical plays. Empty only when terminal.
  void legal_moves(MoveList& out) const;
  // Why `move` is illegal for the player to act, or "" when it is legal.
  std::string why_illegal(const Move& move) const;

  // The ids (Rules::gdy_index) of the legal moves, in legal_moves order, into `out`.
  void legal_ids(std::vector<std::int32_t>& out) const;
  // The move of id `id` for the player to act, with physical cards from their
  // hand; nullopt when the hand lacks them or the id is out of range.
  std::optional<Move> move_of_id(std::int32_t id) const;

  // Resolves move text: "5s 5h BJ" (cards with a unique legal reading), "5s BJ RJ
  // as straight 3-5" (cards with a declaration), or "pass". Throws ParseError,
  // IllegalMoveError, or AmbiguousMoveError listing the readings.
  Move parse_move(std::string_view text) const;

  Outcome outcome() const;

 private:
  friend DealBase;
  static constexpr std::uint64_t kHashSeed = 0x2545F4914F6CDD1DULL;
  Deal(const Deal& other, WithoutHistory);
  void deal_cards(int dealer);
  int next_seat(int seat) const;
  int next_active(int seat) const;
  int active_count() const { return cfg_->players - info_.finished; }
  bool can_lead(int seat) const;
  // Plays `move` for the seat to act (apply without the history).
  void advance(const Move& move);
  void undo(const Ply& ply);
  void hash_rest(std::uint64_t& h) const;
  std::string str_header() const;
  std::string str_seat(int seat) const;
  std::string str_result() const;
  // Draws after a trick won by `winner` and starts the next.
  void end_trick(int winner);
  void start_trick(int leader);
  void finish_seat(int seat);
  void settle();
  void draw_card(int seat);
  bool filter_allows(int seat, const Move& move) const;
  // Drops from `out` the moves filter_allows() forbids the seat to act. Out of
  // line: legal_moves() runs on every decision, and rarely needs it.
  [[gnu::noinline]] void filter_legal(MoveList& out) const;

  int dealer_ = 0;
  int lowest_face_ = -1;  // first_leader='lowest_card': the face the first lead must include
  int opening_seat_ = 0;  // who made the opening lead (a shut-out exception)
  std::array<std::int64_t, kMaxPlayers> points_{};
  // What forced actions revealed (gan_deng_yan/world.cpp): set on sampled worlds, valid
  // at ply evidence_ply_ only.
  struct Evidence;
  std::shared_ptr<const Evidence> evidence_;
  int evidence_ply_ = -1;
  std::shared_ptr<const Evidence> gather_evidence() const;
  // A sampled world's deck below its stock, until something reads its past
  // (DealBase::restore_past calls complete_deck): the sampling seat, the ply and
  // stock position it was sampled at, and the cards that seat took at its own
  // places (dealt and drawn, in deck order), which it saw.
  struct Intake {
    int seat = -1;
    int ply = 0;
    std::size_t stock_pos = 0;
    std::vector<Face> cards;
  };
  std::shared_ptr<const Intake> intake_;
  bool deck_pending() const { return intake_ != nullptr; }
  void complete_deck();
  // Who took the card at each place of the deck below the stock, and when (-1
  // dealt, t drawn after ply t), from the history (root_ply() 0).
  void places(std::vector<std::int8_t>& owner, std::vector<int>& when) const;
  // `seat`'s intake in this deal (its deck, or the intake it was sampled with).
  std::shared_ptr<const Intake> intake_of(int seat) const;
  // This world's own deck, at the ply it was sampled at with `intake`: see
  // sample_world. Empty when its hands fit no past (never for a world the
  // sampler accepted).
  std::vector<Face> own_deck(const Intake& intake) const;
  // The seats that draw after a trick won by `winner`, in order, given who is out.
  static int draw_order(const Config& cfg, int winner, std::uint8_t out_mask, int (&order)[kMaxPlayers]);
};

// Returns `rules`; throws RulesError unless they are Gan Deng Yan rules (pointing
// a Guandan caller to gd::Deal, ganzdy.GuandanDeal).
const std::shared_ptr<const Rules>& require_gan_deng_yan(const std::shared_ptr<const Rules>& rules);

// The deck helpers, by their older names (game.h).
using ganzdy::check_deck_order;
using ganzdy::ordered_deck;

// apply() behind the checks that keep the deal consistent when the move comes from
// outside the engine (Python's Deal.apply): the deal is not over, the cards are in
// the hand of the seat to act, a leader does not pass. Unlike push() it does not ask whether a
// play beats the table, so a search pays little for it; IllegalMoveError otherwise,
// the deal unchanged.
void apply_guarded(Deal& deal, const Move& move);

}  // namespace ganzdy::gdy
