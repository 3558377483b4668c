#include "ganzdy/guandan/deal.h"

#include <algorithm>
#include <cassert>

#include "ganzdy/core/errors.h"

namespace ganzdy::gd {

std::string_view phase_name(Phase phase) {
  switch (phase) {
    case Phase::tribute: return "tribute";
    case Phase::pick: return "pick";
    case Phase::give_back: return "return";
    case Phase::play: return "play";
    case Phase::over: return "over";
  }
  return "";
}

const std::shared_ptr<const Rules>& require_guandan(const std::shared_ptr<const Rules>& rules) {
  if (rules->game() != Game::guandan)
    throw RulesError("a Guandan deal needs Guandan rules, not " + rules->describe() +
                     (rules->game() == Game::gan_deng_yan ? std::string(" (a Gan Deng Yan deal is ganzdy.GanDengYanDeal: rules.new_deal())")
                                                          : std::string()));
  return rules;
}

int face_value(const Config& cfg, int face) {
  if (face == kRedJoker) return kBigJokerValue;
  if (face == kBlackJoker) return kSmallJokerValue;
  return cfg.value[static_cast<std::size_t>(face_rank(face))];
}

namespace {

// Ranks in natural order 2 < 3 < ... < A, as the return limit reads them.
int natural(int rank) { return rank == kRank2 ? 0 : rank + 1; }

std::string seats_text(const std::vector<int>& seats) {
  std::string out = "[";
  for (std::size_t i = 0; i < seats.size(); ++i) out += (i ? ", " : "") + std::to_string(seats[i]);
  return out + "]";
}

std::string_view verb(Phase phase) {
  switch (phase) {
    case Phase::tribute: return "pay a tribute card";
    case Phase::pick: return "pick a tribute card";
    case Phase::give_back: return "give a card back";
    default: return "play";
  }
}

Kind phase_kind(Phase phase) {
  return phase == Phase::tribute ? Kind::tribute : phase == Phase::pick ? Kind::tribute_pick : Kind::tribute_return;
}

}  // namespace

int tribute_value(const Config& cfg, const Cards& hand) {
  int best = 0;
  for (int f = 0; f < kNumFaces; ++f)
    if (hand.count(f) > 0 && !cfg.is_wild(f)) best = std::max(best, face_value(cfg, f));
  return best;
}

bool returnable(const Config& cfg, int face, bool fallback) {
  if (is_joker(face)) return false;
  // §8.4 and W8: the fallback is any card but a joker or a wild.
  if (fallback) return !cfg.is_wild(face);
  const int rank = face_rank(face);
  if (cfg.return_excludes_level_rank && rank == cfg.level) return false;
  return cfg.return_max_rank == kNoRank || natural(rank) <= natural(cfg.return_max_rank);
}

bool resists(const Config& cfg, const Cards* payers[], int count) {
  if (count == 0) return false;
  int big = 0, jokers = 0, most_big = 0;
  for (int i = 0; i < count; ++i) {
    big += payers[i]->count(kRedJoker);
    jokers += payers[i]->jokers();
    most_big = std::max(most_big, payers[i]->count(kRedJoker));
  }
  if (cfg.resist_rule == ResistRule::both_big_jokers) return big >= 2;
  // 'jokers_total': one payer holds both big jokers, or the payers hold all four jokers.
  return most_big >= 2 || jokers >= 4;
}

Deal::Deal(std::shared_ptr<const Rules> rules, std::uint64_t seed, const DealSetup& setup)
    : DealBase(require_guandan(rules), &gd::config), setup_(setup) {
  Random rng = shuffle_deck(seed);
  start(setup, &rng);
}

Deal::Deal(std::shared_ptr<const Rules> rules, std::vector<Face> deck, const DealSetup& setup)
    : DealBase(require_guandan(rules), &gd::config), setup_(setup) {
  keep_deck(std::move(deck));
  start(setup, nullptr);
}

Deal::Deal(const Deal& other, WithoutHistory tag)
    : DealBase(other, tag),
      setup_(other.setup_),
      team_levels_(other.team_levels_),
      payment_count_(other.payment_count_),
      resisted_(other.resisted_),
      previous_first_(other.previous_first_),
      first_leader_(other.first_leader_),
      turned_position_(other.turned_position_),
      shown_(other.shown_),
      played_by_(other.played_by_),
      past_unheld_naturals_(other.naturals_not_held()) {}

void Deal::start(const DealSetup& setup, Random* rng) {
  for (int t = 0; t < 2; ++t) {
    const int lv = setup.team_levels[static_cast<std::size_t>(t)];
    if (lv != kNoRank && (lv < 0 || lv >= kNumRanks))
      throw RulesError("team_levels[" + std::to_string(t) + "]=" + std::to_string(lv) +
                       " is not a rank index: expected 0 to 12 (3 to 2), or -1 for the deal's level");
    team_levels_[static_cast<std::size_t>(t)] = lv == kNoRank ? cfg_->level : lv;
  }
  if (setup.dealer < 0 || setup.dealer >= kPlayers)
    throw RulesError("dealer=" + std::to_string(setup.dealer) + " is not a seat: expected 0 to 3");
  const auto dealer = static_cast<std::size_t>(setup.dealer);
  const auto& deck = *deck_;
  assert(deck.size() == static_cast<std::size_t>(kDeckSize));
  for (std::size_t i = 0; i < deck.size(); ++i) hands_[(dealer + i) % kPlayers].add(deck[i]);
  hand_sizes_.fill(kHandSize);
  info_.phase = Phase::play;

  const auto& prev = setup.previous_finish;
  if (setup.first_leader != -1 && (setup.first_leader < 0 || setup.first_leader >= kPlayers))
    throw RulesError("first_leader=" + std::to_string(setup.first_leader) + " is not a seat: expected 0 to 3");
  if (setup.turned_position != -1 && (setup.turned_position < 0 || setup.turned_position >= kDeckSize))
    throw RulesError("turned_position=" + std::to_string(setup.turned_position) +
                     " is not a deck index: expected 0 to 107");
  if (prev.empty()) {
    // The first hand of a match (§8.6): no tribute.
    if (setup.first_leader >= 0 && setup.turned_position >= 0)
      throw RulesError("give first_leader or turned_position, not both");
    int leader = 0;
    int turned = setup.turned_position;
    if (turned >= 0 && cfg_->first_lead_first_hand != FirstLeadFirstHand::turned_card)
      throw RulesError("turned_position=" + std::to_string(turned) +
                       " needs first_lead_first_hand='turned_card', not the rules' choice");
    if (setup.first_leader >= 0) {
      leader = setup.first_leader;
    } else if (cfg_->first_lead_first_hand == FirstLeadFirstHand::random) {
      if (rng == nullptr)
        throw RulesError("a deal from a deck order under first_lead_first_hand='random' needs first_leader");
      leader = static_cast<int>(rng->below(kPlayers));
    } else if (cfg_->first_lead_first_hand == FirstLeadFirstHand::turned_card) {
      if (turned < 0) {
        if (rng == nullptr)
          throw RulesError(
              "a deal from a deck order under first_lead_first_hand='turned_card' needs turned_position or "
              "first_leader");
        turned = static_cast<int>(rng->below(kDeckSize));
      }
    }
    if (turned >= 0) {
      turned_position_ = turned;
      leader = (setup.dealer + turned) % kPlayers;  // deck card i goes to seat (dealer + i) % 4
      shown_[static_cast<std::size_t>(leader)].add(deck[static_cast<std::size_t>(turned)]);
    }
    first_leader_ = leader;
    info_.current = static_cast<std::int8_t>(leader);
    check_invariants();
    return;
  }

  if (setup.first_leader >= 0 || setup.turned_position >= 0)
    throw RulesError("first_leader and turned_position are for the first hand of a match; after previous_finish=" +
                     seats_text(prev) + " the tribute decides who leads");
  // A finishing order: distinct seats, in which no team was out before its last entry
  // (so 2 partners, or 3 seats whose first two are opponents), or all four seats.
  bool ok = prev.size() >= 2 && prev.size() <= 4;
  int seen = 0;
  for (int s : prev) {
    if (s < 0 || s >= kPlayers || (seen >> s & 1)) ok = false;
    if (s >= 0 && s < kPlayers) seen |= 1 << s;
  }
  if (ok && prev.size() == 2 && prev[1] != partner_of(prev[0])) ok = false;
  if (ok && prev.size() == 3 && prev[1] == partner_of(prev[0])) ok = false;
  if (!ok)
    throw RulesError("previous_finish=" + seats_text(prev) +
                     " is no finishing order: expected the seats (0 to 3) in the order they went out, 2 partners "
                     "(双上), 3 seats the first two of them opponents, or all 4 seats");
  std::array<int, kPlayers> order{};
  int n = 0;
  for (int s : prev) order[static_cast<std::size_t>(n++)] = s;
  for (int s = 0; s < kPlayers; ++s)
    if (!(seen >> s & 1)) order[static_cast<std::size_t>(n++)] = s;
  setup_tribute_from(order);
  check_invariants();
}

void Deal::setup_tribute_from(const std::array<int, kPlayers>& order) {
  const int first = order[0];
  previous_first_ = first;
  int payers[2];
  int count = 0;
  if (order[1] == partner_of(first)) {
    // 双上: both losers pay, the seat after the first player out choosing first.
    payers[count++] = (first + 1) % kPlayers;
    payers[count++] = (first + 3) % kPlayers;
  } else if (order[2] == partner_of(first)) {
    payers[count++] = order[3];  // 1-3: the last pays
  } else if (cfg_->tribute_1_4_payer == Tribute14Payer::last) {
    payers[count++] = order[3];  // 1-4: the last is the winner's own partner
  } else if (cfg_->tribute_1_4_payer == Tribute14Payer::third) {
    payers[count++] = order[2];
  }
  first_leader_ = first;
  info_.current = static_cast<std::int8_t>(first);
  if (count == 0) return;
  const Cards* held[2] = {&hand(payers[0]), count > 1 ? &hand(payers[1]) : nullptr};
  if (resists(*cfg_, held, count)) {
    resisted_ = true;
    // The payers show the jokers that resist.
    const bool all_jokers = cfg_->resist_rule == ResistRule::jokers_total &&
                            std::none_of(held, held + count, [](const Cards* h) { return h->count(kRedJoker) >= 2; });
    for (int i = 0; i < count; ++i) {
      Cards& shown = shown_[static_cast<std::size_t>(payers[i])];
      shown.add(kRedJoker, held[i]->count(kRedJoker));
      if (all_jokers) shown.add(kBlackJoker, held[i]->count(kBlackJoker));
    }
    return;
  }
  payment_count_ = count;
  for (int i = 0; i < count; ++i) info_.payments[static_cast<std::size_t>(i)].payer = static_cast<std::int8_t>(payers[i]);
  if (count == 1) info_.payments[0].receiver = static_cast<std::int8_t>(first);
  assign_receivers_and_leader();
  info_.phase = Phase::tribute;
  info_.step = 0;
  info_.current = info_.payments[0].payer;
}

void Deal::assign_receivers_and_leader() {
  const int first = previous_first_;
  if (cfg_->first_lead_after_tribute == FirstLeadAfterTribute::first_out) first_leader_ = first;
  if (payment_count_ == 1) {
    if (cfg_->first_lead_after_tribute == FirstLeadAfterTribute::tribute) first_leader_ = info_.payments[0].payer;
    return;
  }
  // The tribute values are forced by the hands, so who pays whom and who leads
  // are known before any card is chosen.
  const int a = info_.payments[0].payer, b = info_.payments[1].payer;
  const int va = tribute_value(*cfg_, hand(a)), vb = tribute_value(*cfg_, hand(b));
  if (cfg_->double_tribute_assignment == DoubleTributeAssignment::bigger_to_first) {
    // The bigger card to the first player out; on a tie each pays the player
    // before it (§8.2), which for the seat after the first player out is the same.
    const bool a_to_first = va >= vb;
    info_.payments[0].receiver = static_cast<std::int8_t>(a_to_first ? first : partner_of(first));
    info_.payments[1].receiver = static_cast<std::int8_t>(a_to_first ? partner_of(first) : first);
  }
  if (cfg_->first_lead_after_tribute == FirstLeadAfterTribute::tribute)
    first_leader_ = va > vb ? a : vb > va ? b : (first + 1) % kPlayers;
}

int Deal::next_active(int seat) const {
  int s = seat;
  for (int i = 0; i < kPlayers; ++i) {
    s = (s + 1) % kPlayers;
    if (!is_out(s)) return s;
  }
  return seat;
}

void Deal::tribute_choices(MoveList& out) const {
  const int seat = info_.current;
  const Cards& h = hand(seat);
  switch (info_.phase) {
    case Phase::tribute: {
      const int v = tribute_value(*cfg_, h);
      for (int f = 0; f < kNumFaces; ++f)
        if (h.count(f) > 0 && !cfg_->is_wild(f) && face_value(*cfg_, f) == v) out.push_back(Move::card_move(Kind::tribute, f));
      return;
    }
    case Phase::pick: {
      const int a = info_.payments[0].card, b = info_.payments[1].card;
      out.push_back(Move::card_move(Kind::tribute_pick, std::min(a, b)));
      if (a != b) out.push_back(Move::card_move(Kind::tribute_pick, std::max(a, b)));
      return;
    }
    case Phase::give_back: {
      for (int pass = 0; pass < 2 && out.empty(); ++pass)
        for (int f = 0; f < kNumFaces; ++f)
          if (h.count(f) > 0 && returnable(*cfg_, f, pass == 1)) out.push_back(Move::card_move(Kind::tribute_return, f));
      return;
    }
    default: return;
  }
}

void Deal::legal_moves(MoveList& out) const {
  out.clear();
  switch (info_.phase) {
    case Phase::over: return;
    case Phase::play: {
      const Cards& h = hand(info_.current);
      if (info_.table.is_pass()) {
        generate_leads(*cfg_, h, out);
      } else {
        out.push_back(Move::pass_move());
        append_follows(*cfg_, h, info_.table, out);
      }
      return;
    }
    default: tribute_choices(out);
  }
}

std::string Deal::why_illegal(const Move& move) const {
  if (is_terminal()) return "the deal is over";
  const int seat = info_.current;
  const Cards& h = hand(seat);
  if (info_.phase == Phase::play) {
    if (move.is_tribute()) return "the tribute is over (or there is none): the deal is in play";
    return gd::why_illegal(*cfg_, h, info_.table, move);
  }
  const Kind want = phase_kind(info_.phase);
  const std::string example = Move::card_move(want, kRedJoker).str();
  if (move.kind != want)
    return "the deal is in its " + std::string(phase_name(info_.phase)) + " phase: seat " + std::to_string(seat) +
           " must " + std::string(verb(info_.phase)) + ", a move like '" + example + "'";
  const int f = move.single_face();
  if (f < 0 || move.length != 1) return "a " + std::string(kind_name(want)) + " is exactly one card";
  if (info_.phase != Phase::pick && h.count(f) == 0) return "the hand " + h.str() + " does not hold " + face_name(f);
  thread_local MoveList choices;
  choices.clear();
  tribute_choices(choices);
  if (std::find(choices.begin(), choices.end(), move) != choices.end()) return "";
  std::string listed;
  for (const Move& m : choices) listed += (listed.empty() ? "" : ", ") + m.cards.str();
  switch (info_.phase) {
    case Phase::tribute:
      if (cfg_->is_wild(f)) return "a wild (" + face_name(f) + ") is never paid as tribute; pay one of " + listed;
      return face_name(f) + " is not the hand's highest card (the wilds aside): pay one of " + listed;
    case Phase::pick: return "the tribute cards to pick from are " + listed;
    default:
      return face_name(f) + " may not be given back (" +
             (cfg_->return_max_rank == kNoRank ? std::string("any card but a joker")
                                                : "rank 2 to " + std::string(rank_name(cfg_->return_max_rank))) +
             (cfg_->return_excludes_level_rank ? ", not the level rank" : "") + "): give back one of " + listed;
  }
}

void Deal::start_trick(int leader) {
  assert(!is_out(leader));
  info_.table = Move::pass_move();
  info_.table_owner = -1;
  info_.passes = 0;
  info_.current = static_cast<std::int8_t>(leader);
}

void Deal::begin_returns() {
  info_.phase = Phase::give_back;
  info_.step = 0;
  info_.current = info_.payments[0].receiver;
}

void Deal::advance(const Move& move) {
  const int seat = info_.current;
  const auto step = static_cast<std::size_t>(info_.step);
  switch (info_.phase) {
    case Phase::tribute:
      info_.payments[step].card = static_cast<std::int8_t>(move.single_face());
      if (++info_.step < payment_count_) {
        info_.current = info_.payments[step + 1].payer;
      } else if (payment_count_ == 2 && cfg_->double_tribute_assignment == DoubleTributeAssignment::first_picks) {
        info_.phase = Phase::pick;
        info_.step = 0;
        info_.current = static_cast<std::int8_t>(previous_first_);
      } else {
        move_tribute(false);
        begin_returns();
      }
      return;
    case Phase::pick: {
      // Two equal cards: the one of the payer who chose first.
      const int taken = info_.payments[0].card == move.single_face() ? 0 : 1;
      info_.payments[static_cast<std::size_t>(taken)].receiver = static_cast<std::int8_t>(previous_first_);
      info_.payments[static_cast<std::size_t>(1 - taken)].receiver =
          static_cast<std::int8_t>(partner_of(previous_first_));
      move_tribute(false);
      begin_returns();
      return;
    }
    case Phase::give_back:
      info_.payments[step].returned = static_cast<std::int8_t>(move.single_face());
      if (++info_.step < payment_count_) {
        info_.current = info_.payments[step + 1].receiver;
      } else {
        move_returns(false);
        info_.phase = Phase::play;
        info_.step = 0;
        start_trick(first_leader_);
      }
      return;
    case Phase::over: return;
    case Phase::play: break;
  }
  if (move.is_pass()) {
    ++info_.passes;
    const int owner = info_.table_owner;
    const bool owner_out = is_out(owner);
    if (info_.passes >= active_count() - (owner_out ? 0 : 1)) {
      // Nobody beat the last play: its owner leads, or, when it went out with
      // that play, its partner (接风) or the next player still in.
      int leader = owner;
      if (owner_out) leader = cfg_->jiefeng_to_partner ? partner_of(owner) : next_active(owner);
      start_trick(leader);
    } else {
      info_.current = static_cast<std::int8_t>(next_active(seat));
    }
    return;
  }
  const auto s = static_cast<std::size_t>(seat);
  lay_down(seat, move);
  played_by_[s] += move.cards;
  info_.table = move;
  info_.table_owner = static_cast<std::int8_t>(seat);
  info_.passes = 0;
  if (hand_sizes_[s] == 0) finish_seat(seat);
  if (!is_terminal()) info_.current = static_cast<std::int8_t>(next_active(seat));
}

void Deal::finish_seat(int seat) {
  assert(!is_out(seat) && hand_size(seat) == 0);
  info_.out_mask = static_cast<std::uint8_t>(info_.out_mask | (1u << seat));
  info_.finish_order[static_cast<std::size_t>(info_.finished++)] = static_cast<std::int8_t>(seat);
  if (is_out(partner_of(seat))) info_.phase = Phase::over;  // §6.3: a team is out
}

void Deal::move_tribute(bool undo) {
  for (int i = 0; i < payment_count_; ++i) {
    const Payment& p = info_.payments[static_cast<std::size_t>(i)];
    if (undo)
      transfer(p.receiver, p.payer, p.card);
    else
      transfer(p.payer, p.receiver, p.card);
  }
}

void Deal::move_returns(bool undo) {
  for (int i = 0; i < payment_count_; ++i) {
    const Payment& p = info_.payments[static_cast<std::size_t>(i)];
    if (undo)
      transfer(p.payer, p.receiver, p.returned);
    else
      transfer(p.receiver, p.payer, p.returned);
  }
}

void Deal::undo(const Ply& ply) {
  // info_ still holds the state after the ply: undo what moved from it.
  switch (ply.before.phase) {
    case Phase::tribute:
      if (info_.phase == Phase::give_back) move_tribute(true);
      break;
    case Phase::pick: move_tribute(true); break;
    case Phase::give_back:
      if (info_.phase == Phase::play) move_returns(true);
      break;
    case Phase::play:
      if (!ply.move.is_pass()) {
        take_back(ply.seat, ply.move);
        played_by_[static_cast<std::size_t>(ply.seat)] -= ply.move.cards;
      }
      break;
    case Phase::over: break;
  }
}

Move Deal::parse_move(std::string_view text) const {
  const std::string_view body = trim_move_text(text);
  const MoveText parsed = parse_move_text(body);
  if (parsed.declared) {
    const std::string why = why_illegal(*parsed.declared);
    if (!why.empty()) throw IllegalMoveError(illegal_move_message(*parsed.declared, why));
    return *parsed.declared;
  }
  const Cards& cards = parsed.cards;
  if (is_terminal()) throw IllegalMoveError("'" + std::string(body) + "': the deal is over");
  MoveList candidates;
  if (info_.phase == Phase::play) {
    readings(*cfg_, cards, candidates);
  } else if (cards.size() == 1) {
    candidates.push_back(Move{cards, phase_kind(info_.phase), kNoRank, 1});
  }
  const std::string no_reading = info_.phase == Phase::play ? cards.str() + " is no combination"
                                                            : "seat " + std::to_string(info_.current) + " must " +
                                                                  std::string(verb(info_.phase)) + ": name one card";
  return one_legal_reading(body, cards, candidates, no_reading, info_.phase != Phase::pick);
}

Outcome Deal::outcome() const {
  Outcome out;
  out.over = is_terminal();
  for (int i = 0; i < info_.finished; ++i) out.finish_order.push_back(info_.finish_order[static_cast<std::size_t>(i)]);
  out.points.assign(kPlayers, 0);
  if (!out.over) return out;
  const int first = out.finish_order[0];
  const int partner = partner_of(first);
  const bool two = cfg_->upgrade_table == UpgradeTable::four_two_one;
  if (out.finish_order[1] == partner) {
    out.result = "1-2";
    out.upgrade = two ? 4 : 3;
  } else if (out.finish_order.size() == 3 && out.finish_order[2] == partner) {
    out.result = "1-3";
    out.upgrade = 2;
  } else {
    out.result = "1-4";
    out.upgrade = 1;
  }
  out.winning_team = team_of(first);
  for (int s = 0; s < kPlayers; ++s)
    out.points[static_cast<std::size_t>(s)] = team_of(s) == out.winning_team ? out.upgrade : -out.upgrade;
  return out;
}

void Deal::hash_rest(std::uint64_t& h) const {
  auto mix = [&h](std::uint64_t v) { mix_hash(h, v); };
  mix(static_cast<std::uint64_t>(info_.table_owner + 1) | static_cast<std::uint64_t>(info_.current) << 8 |
      static_cast<std::uint64_t>(info_.passes) << 16 | static_cast<std::uint64_t>(info_.out_mask) << 24 |
      static_cast<std::uint64_t>(info_.phase) << 32 | static_cast<std::uint64_t>(info_.step) << 40 |
      static_cast<std::uint64_t>(first_leader_) << 48);
  for (const Payment& p : info_.payments)
    mix(static_cast<std::uint64_t>(static_cast<std::uint8_t>(p.payer)) |
        static_cast<std::uint64_t>(static_cast<std::uint8_t>(p.receiver)) << 8 |
        static_cast<std::uint64_t>(static_cast<std::uint8_t>(p.card)) << 16 |
        static_cast<std::uint64_t>(static_cast<std::uint8_t>(p.returned)) << 24);
  for (int i = 0; i < info_.finished; ++i) mix(static_cast<std::uint64_t>(info_.finish_order[static_cast<std::size_t>(i)]) + 1);
}

std::string Deal::invariant_violation() const {
  Cards all = played_;
  Cards by_seat;
  for (int s = 0; s < kPlayers; ++s) {
    if (hand(s).size() != hand_size(s))
      return "seat " + std::to_string(s) + " holds " + std::to_string(hand(s).size()) + " cards but counts " +
             std::to_string(hand_size(s));
    if (all.overflows_with(hand(s))) return "a face has more than 4 copies across the hands and the played pile";
    all += hand(s);
    by_seat += played_by(s);
  }
  if (all != rules_->deck()) return "the hands and the played pile are not the 108 cards of the deck";
  if (by_seat != played_) return "the cards played by each seat do not add up to the played pile";
  if (info_.phase == Phase::over) {
    if (!is_out(0) && !is_out(1) && !is_out(2) && !is_out(3)) return "the deal is over with nobody out";
    return "";
  }
  if (is_out(info_.current)) return "seat " + std::to_string(info_.current) + " is out but due to act";
  for (int s = 0; s < kPlayers; ++s)
    if (is_out(s) != (hand_size(s) == 0)) return "seat " + std::to_string(s) + " is out iff its hand is empty: broken";
  if (info_.phase != Phase::play) {
    if (info_.finished != 0 || !played_.empty()) return "cards were played before the tribute ended";
    const int expected = info_.phase == Phase::tribute ? info_.payments[static_cast<std::size_t>(info_.step)].payer
                         : info_.phase == Phase::pick  ? previous_first_
                                                       : info_.payments[static_cast<std::size_t>(info_.step)].receiver;
    if (info_.current != expected) return "the wrong seat is due in the tribute";
  }
  return "";
}

std::string Deal::str_header() const {
  std::string out = rules().describe() + "; level " + std::string(rank_name(level())) + " (team 0 at " +
                    std::string(rank_name(team_level(0))) + ", team 1 at " + std::string(rank_name(team_level(1))) +
                    "), phase " + std::string(phase_name(phase())) + "\n";
  if (resisted_) out += "tribute resisted\n";
  for (int i = 0; i < payment_count_; ++i) {
    const Payment& p = payment(i);
    out += "tribute: seat " + std::to_string(p.payer) + " pays " + (p.card < 0 ? std::string("?") : face_name(p.card)) +
           " to " + (p.receiver < 0 ? std::string("?") : "seat " + std::to_string(p.receiver)) + ", gets back " +
           (p.returned < 0 ? std::string("?") : face_name(p.returned)) + "\n";
  }
  return out;
}

std::string Deal::str_seat(int seat) const {
  std::string out = "seat " + std::to_string(seat) + " (team " + std::to_string(team_of(seat)) + ") " +
                    std::to_string(hand_size(seat)) + " cards: " + hand(seat).str();
  if (is_out(seat)) out += "  [out]";
  return out;
}

std::string Deal::str_result() const {
  const auto o = outcome();
  return "won by team " + std::to_string(o.winning_team) + " (" + o.result + "), up " + std::to_string(o.upgrade) + "\n";
}

}  // namespace ganzdy::gd
