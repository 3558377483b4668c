// The pre-play phases of a Gouji deal (gouji/deal.h steps 2-7): buying 3s, the
// tribute and its returns, revolutions, 要头/无头, 宣点, and 上班. Automatic
// steps run inside the ply that reaches them (or at construction), so pop()
// undoes them with it.
#include <algorithm>
#include <bit>
#include <cassert>

#include "ganzdy/gouji/deal.h"

namespace ganzdy::gj {

namespace {

constexpr int kBuySlots = 2 * kPlayers;  // (seat, 3) then (seat, 4), seat by seat

int slot_seat(int slot) { return slot / 2; }
int slot_rank(int slot) { return slot % 2 == 0 ? kRank3 : kRank4; }

// The lowest suit of `rank` in `hand`, or -1.
int lowest_face(const Cards& hand, int rank) {
  for (int suit = 0; suit < kNumSuits; ++suit)
    if (hand.count(make_face(rank, suit)) > 0) return make_face(rank, suit);
  return -1;
}

bool can_pay(const Cards& hand) { return hand.rank_count(kRank2) > 0 || hand.jokers() > 0; }

std::string rank_word(int rank) { return rank == kRank3 ? "3" : "4"; }

}  // namespace

// Buying: the sources of a buyer in order; the first three are paid, the last two free.
int Deal::source_of(int buyer, int rank, bool& paid) const {
  const int paid_sources[3] = {opposite(buyer), (buyer + 1) % kPlayers, (buyer + 5) % kPlayers};
  const int free_sources[2] = {(buyer + 2) % kPlayers, (buyer + 4) % kPlayers};
  if (can_pay(hand(buyer))) {
    for (int s : paid_sources)
      if (hand(s).rank_count(rank) >= 2) {
        paid = true;
        return s;
      }
  }
  paid = false;
  for (int s : free_sources)
    if (hand(s).rank_count(rank) >= 2) return s;
  return -1;
}

bool Deal::next_buy(int& buyer, int& rank) const {
  const int slot = info_.step;
  if (slot >= kBuySlots) return false;
  buyer = slot_seat(slot);
  rank = slot_rank(slot);
  return true;
}

void Deal::make_purchase(int buyer, int seller, int rank, int paid) {
  // The seller hands over a copy of the face it holds fewest of, keeping its
  // 上班 cards (same-face 4s) where it can.
  const Cards& h = hand(seller);
  int face = -1;
  for (int suit = 0; suit < kNumSuits; ++suit) {
    const int f = make_face(rank, suit);
    if (h.count(f) > 0 && (face < 0 || h.count(f) < h.count(face))) face = f;
  }
  assert(face >= 0);
  transfer(seller, buyer, face);
  if (paid >= 0) transfer(buyer, seller, paid);
  Purchase& p = purchases_[static_cast<std::size_t>(info_.purchases++)];
  p.buyer = static_cast<std::int8_t>(buyer);
  p.seller = static_cast<std::int8_t>(seller);
  p.rank = static_cast<std::int8_t>(rank);
  p.paid = static_cast<std::int8_t>(paid);
  p.received = static_cast<std::int8_t>(face);
}

void Deal::run_buys() {
  info_.phase = Phase::buy;
  for (int buyer = 0, rank = 0; next_buy(buyer, rank); ++info_.step) {
    if ((rank == kRank3 && !cfg_->buy_three) || (rank == kRank4 && !cfg_->buy_four)) continue;
    if (hand(buyer).rank_count(rank) > 0 || (info_.auto_revolt >> buyer & 1)) continue;
    if (!can_pay(hand(buyer)) && cfg_->revolution) {
      info_.auto_revolt |= seat_bit(buyer);  // 自动革命: no 3 and nothing to buy one with
      if (rank == kRank4) info_.auto_at_four |= seat_bit(buyer);
      continue;
    }
    bool paid = false;
    const int seller = source_of(buyer, rank, paid);
    if (seller < 0) {
      info_.unmet = static_cast<std::uint16_t>(info_.unmet | 1u << (2 * buyer + (rank == kRank4 ? 1 : 0)));
      continue;  // nobody can spare one: it plays without
    }
    if (paid) {
      info_.current = static_cast<std::int8_t>(buyer);  // the buyer chooses what to pay
      return;
    }
    make_purchase(buyer, seller, rank, -1);  // 要三: free from a teammate
  }
  begin_tribute();
}

void Deal::begin_tribute() {
  if (payment_total_ == 0) {
    begin_revolt();
    return;
  }
  pay_tribute();
  info_.phase = Phase::give_back;
  info_.step = 0;
  info_.current = payments_[0].receiver;
}

void Deal::pay_tribute() {
  // Each payer gives its highest cards (§9), from its hand as it is then.
  for (int i = 0; i < payment_total_; ++i) {
    Payment& p = payments_[static_cast<std::size_t>(i)];
    for (int k = 0; k < p.count; ++k) {
      const Cards& h = hand(p.payer);
      int face = -1;
      for (int f = 0; f < kNumFaces; ++f)
        if (h.count(f) > 0 && (face < 0 || face_value(f) > face_value(face))) face = f;
      assert(face >= 0);
      transfer(p.payer, p.receiver, face);
      p.cards[static_cast<std::size_t>(k)] = static_cast<std::int8_t>(face);
    }
  }
  info_.payments = static_cast<std::int8_t>(payment_total_);
}

void Deal::begin_revolt() {
  if (!cfg_->revolution) {
    begin_yaotou();
    return;
  }
  info_.phase = Phase::revolt;
  next_revolt_seat(0);
}

void Deal::next_revolt_seat(int from) {
  for (int s = from; s < kPlayers; ++s) {
    if (info_.auto_revolt >> s & 1) {
      info_.revolted |= seat_bit(s);
      info_.opened |= seat_bit(s);  // a revolution counts as opened (自然开点)
      if (std::popcount(static_cast<unsigned>(info_.revolted)) >= 2) {
        info_.phase = Phase::over;  // 流局: the hand is void
        return;
      }
      continue;
    }
    info_.step = static_cast<std::int8_t>(s);
    info_.current = static_cast<std::int8_t>(s);
    return;
  }
  begin_yaotou();
}

void Deal::begin_yaotou() {
  int revolutionary = -1;
  for (int s = 0; s < kPlayers; ++s)
    if (is_revolted(s)) revolutionary = s;
  if (revolutionary < 0 || cfg_->yaotou_grace_plays == 0) {
    begin_xuandian();
    return;
  }
  info_.phase = Phase::yaotou;
  info_.step = 0;
  info_.current = static_cast<std::int8_t>(revolutionary);
}

void Deal::begin_xuandian() {
  if (!cfg_->xuandian) {
    begin_play();
    return;
  }
  info_.phase = Phase::xuandian;
  next_declarer(0);
}

void Deal::next_declarer(int from) {
  for (int s = from; s < kPlayers; ++s) {
    if (is_revolted(s)) continue;
    info_.step = static_cast<std::int8_t>(s);
    info_.current = static_cast<std::int8_t>(s);
    return;
  }
  begin_play();
}

void Deal::begin_play() {
  info_.phase = Phase::play;
  int leader = setup_.first_leader;
  if (leader < 0 && cfg_->first_leader == FirstLeader::previous_daluo && setup_.previous)
    leader = setup_.previous->places[kPlayers - 1];
  if (leader < 0) {
    // 上班: the most copies of one face of 4 (3 without 憋三), at least two; the
    // first in the tie order among the best; nobody: the first in the tie order.
    const int rank = cfg_->biesan ? kRank4 : kRank3;
    int best = 1;
    for (int s : tie_order_) {
      for (int suit = 0; suit < kNumSuits; ++suit) {
        const int f = make_face(rank, suit);
        if (hand(s).count(f) > best) {
          best = hand(s).count(f);
          leader = s;
          info_.shangban = static_cast<std::int8_t>(s);
          info_.shown_face = static_cast<std::int8_t>(f);
          info_.shown_count = static_cast<std::int8_t>(best);
        }
      }
    }
    if (leader < 0) leader = tie_order_[0];
  }
  if (!is_active(leader)) leader = next_active(leader);  // the 上班 player revolted
  info_.leader = static_cast<std::int8_t>(leader);
  start_trick(leader);
}

void Deal::phase_moves(MoveList& out) const {
  const int seat = info_.current;
  const Cards& h = hand(seat);
  switch (info_.phase) {
    case Phase::buy: {
      // Cheapest first: the rules' default payment (§2.3) is the first move.
      if (const int f = lowest_face(h, kRank2); f >= 0) out.push_back(Move::card_move(Kind::buy, f));
      if (h.count(kBlackJoker) > 0) out.push_back(Move::card_move(Kind::buy, kBlackJoker));
      if (h.count(kRedJoker) > 0) out.push_back(Move::card_move(Kind::buy, kRedJoker));
      return;
    }
    case Phase::give_back: {
      const int keep_rank = cfg_->biesan ? kRank4 : kRank3;  // suits matter for 上班
      for (int rank = 0; rank < kNumRanks; ++rank) {
        if (rank == kRank3 && cfg_->biesan && h.rank_count(kRank3) <= 1) continue;  // the last 3 stays
        if (rank == keep_rank) {
          for (int suit = 0; suit < kNumSuits; ++suit)
            if (h.count(make_face(rank, suit)) > 0) out.push_back(Move::card_move(Kind::tribute_return, make_face(rank, suit)));
        } else if (const int f = lowest_face(h, rank); f >= 0) {
          out.push_back(Move::card_move(Kind::tribute_return, f));
        }
      }
      if (h.count(kBlackJoker) > 0) out.push_back(Move::card_move(Kind::tribute_return, kBlackJoker));
      if (h.count(kRedJoker) > 0) out.push_back(Move::card_move(Kind::tribute_return, kRedJoker));
      return;
    }
    case Phase::revolt:
      out.push_back(Move::pass_move());
      if (!can_pay(h)) out.push_back(Move::word_move(Kind::revolt));
      return;
    case Phase::yaotou:
      out.push_back(Move::word_move(Kind::yaotou));
      out.push_back(Move::word_move(Kind::wutou));
      return;
    case Phase::xuandian:
      out.push_back(Move::pass_move());
      out.push_back(Move::word_move(Kind::xuandian));
      return;
    default: return;
  }
}

std::string Deal::why_phase_illegal(const Move& move) const {
  const int seat = info_.current;
  const Cards& h = hand(seat);
  const std::string who = "seat " + std::to_string(seat);
  switch (info_.phase) {
    case Phase::buy: {
      int buyer = 0, rank = 0;
      next_buy(buyer, rank);
      const std::string what = "the deal is in its buy phase: " + who + " holds no " + rank_word(rank) +
                               " and must pay its 对家's side a 2 or a joker for one (买三), a move like '" +
                               Move::card_move(Kind::buy, lowest_face(h, kRank2) >= 0 ? lowest_face(h, kRank2)
                                                    : h.count(kBlackJoker) > 0 ? kBlackJoker
                                                                               : kRedJoker)
                                   .str() +
                               "'";
      if (move.kind != Kind::buy) return what;
      const int f = move.single_face();
      if (f < 0) return "a buy pays exactly one card, a 2 or a joker";
      if (!is_joker(f) && face_rank(f) != kRank2) return face_name(f) + " is no 2 and no joker: a 3 is bought with one";
      if (h.count(f) == 0) return "the hand " + h.str() + " does not hold " + face_name(f);
      return "";
    }
    case Phase::give_back: {
      const Payment& p = payments_[static_cast<std::size_t>(info_.step)];
      const int left = p.count - p.returned_count;
      const std::string what = "the deal is in its return phase: " + who + " gives back " + std::to_string(left) +
                               " more card" + (left == 1 ? "" : "s") + " to seat " + std::to_string(p.payer) +
                               " for its " + std::string(tribute_kind_name(p.kind)) +
                               " tribute (还贡), one a move, like '" +
                               Move::card_move(Kind::tribute_return, lowest_face(h, kRank2) >= 0 ? lowest_face(h, kRank2) : kRedJoker).str() + "'";
      if (move.kind != Kind::tribute_return) return what;
      const int f = move.single_face();
      if (f < 0) return "a return gives back exactly one card (one move a card)";
      if (h.count(f) == 0) return "the hand " + h.str() + " does not hold " + face_name(f);
      if (cfg_->biesan && face_rank(f) == kRank3 && h.rank_count(kRank3) <= 1)
        return face_name(f) + " is the hand's last 3, which it keeps under 憋三 (biesan=True): its last play is 3s";
      return "";
    }
    case Phase::revolt:
      if (move.kind == Kind::pass) return "";
      if (move.kind != Kind::revolt)
        return "the deal is in its revolt phase: " + who + " says 'revolt' (革命) or 'pass'";
      if (can_pay(h))
        return who + " may not revolt: the hand " + h.str() + " holds a 2 or a joker (革命 needs neither)";
      return "";
    case Phase::yaotou:
      if (move.kind == Kind::yaotou || move.kind == Kind::wutou) return "";
      return "the deal is in its yaotou phase: the revolutionary, " + who +
             ", declares 'yaotou' (要头: it stays its 对家's head for " + std::to_string(cfg_->yaotou_grace_plays) +
             " gouji plays) or 'wutou' (无头)";
    case Phase::xuandian:
      if (move.kind == Kind::pass || move.kind == Kind::xuandian) return "";
      return "the deal is in its xuandian phase: " + who + " says 'xuandian' (宣点) or 'pass'";
    default: return "the deal is over";
  }
}

void Deal::advance_phase(const Move& move) {
  const int seat = info_.current;
  switch (info_.phase) {
    case Phase::buy: {
      int buyer = 0, rank = 0;
      next_buy(buyer, rank);
      bool paid = false;
      const int seller = source_of(buyer, rank, paid);
      assert(paid && seller >= 0 && buyer == seat);
      make_purchase(buyer, seller, rank, move.single_face());
      ++info_.step;
      run_buys();
      return;
    }
    case Phase::give_back: {
      Payment& p = payments_[static_cast<std::size_t>(info_.step)];
      const int f = move.single_face();
      transfer(p.receiver, p.payer, f);
      p.returned[static_cast<std::size_t>(p.returned_count++)] = static_cast<std::int8_t>(f);
      if (p.returned_count < p.count) return;
      if (++info_.step < payment_total_) {
        info_.current = payments_[static_cast<std::size_t>(info_.step)].receiver;
        return;
      }
      begin_revolt();
      return;
    }
    case Phase::revolt:
      if (move.kind == Kind::revolt) {
        info_.revolted |= seat_bit(seat);
        info_.opened |= seat_bit(seat);
        if (std::popcount(static_cast<unsigned>(info_.revolted)) >= 2) {
          info_.phase = Phase::over;  // 流局
          return;
        }
      }
      next_revolt_seat(seat + 1);
      return;
    case Phase::yaotou:
      if (move.kind == Kind::yaotou) {
        info_.yaotou = true;
        info_.grace[static_cast<std::size_t>(opposite(seat))] = static_cast<std::int8_t>(cfg_->yaotou_grace_plays);
      }
      begin_xuandian();
      return;
    case Phase::xuandian:
      if (move.kind == Kind::xuandian) info_.declared |= seat_bit(seat);
      next_declarer(seat + 1);
      return;
    default: return;
  }
}

void Deal::undo_phase(const Ply& ply) {
  for (int i = info_.payments - 1; i >= ply.before.payments; --i) {
    Payment& p = payments_[static_cast<std::size_t>(i)];
    for (int k = p.count - 1; k >= 0; --k) {
      transfer(p.receiver, p.payer, p.cards[static_cast<std::size_t>(k)]);
      p.cards[static_cast<std::size_t>(k)] = -1;
    }
  }
  for (int i = info_.purchases - 1; i >= ply.before.purchases; --i) {
    Purchase& p = purchases_[static_cast<std::size_t>(i)];
    if (p.paid >= 0) transfer(p.seller, p.buyer, p.paid);
    transfer(p.buyer, p.seller, p.received);
    p = Purchase{};
  }
  if (ply.before.phase == Phase::give_back) {
    Payment& p = payments_[static_cast<std::size_t>(ply.before.step)];
    const auto k = static_cast<std::size_t>(--p.returned_count);
    transfer(p.payer, p.receiver, p.returned[k]);
    p.returned[k] = -1;
  }
}

}  // namespace ganzdy::gj
