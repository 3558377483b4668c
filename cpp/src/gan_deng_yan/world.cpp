// Determinization of a Gan Deng Yan deal for one seat (Deal::sample_world).
#include <algorithm>
#include <cassert>
#include <array>
#include <stdexcept>
#include <vector>

#include "ganzdy/gan_deng_yan/deal.h"
#include "ganzdy/core/random.h"

namespace ganzdy::gdy {

// The places each seat received its cards from and the earliest of them each card
// can have come from. A place is the time a card came: -1 when dealt, t when drawn
// after ply t. A card played at ply p came before p; a held card any time.
struct Deal::Evidence {
  struct Seat {
    std::vector<int> places;
    std::vector<std::array<int, 3>> played;  // {floor, ply, face} of each card it played
    std::vector<std::array<int, 2>> skips;   // {ply, hand size}: passed over as leader after ply
    std::vector<int> without_two;            // plies at which it held no 2 (must_play_two_first)
  };
  std::array<Seat, kMaxPlayers> seats{};
  std::uint8_t constrained = 0;  // bit s: seat s has a card with a floor above -1
  int end = 0;                   // the ply this evidence describes
  int lowest = -1;               // first_leader='lowest_card': the lowest face dealt
  std::uint8_t before = 0;       // seats that had their turn to hold it before its holder
  bool jokers_stuck = true;      // a joker cannot lead alone
  bool lone_two_stuck = false;   // a lone 2 cannot lead (forbid_final_single_two)

  // The earliest place `seat` can have received `face` from, when it played or
  // still held it at ply `ply`.
  int floor(int seat, Face face, int ply) const {
    const bool joker = is_joker(face);
    int start = -1;
    if (!joker && lowest >= 0 && (face < lowest || (face == lowest && (before >> seat & 1) != 0))) start = 0;
    for (const auto& [skipped, size] : seats[static_cast<std::size_t>(seat)].skips) {
      // Held when passed over, the card would have let the seat lead.
      const bool stuck = joker ? jokers_stuck : lone_two_stuck && size == 1 && face_rank(face) == kRank2;
      if (skipped < ply && !stuck) start = std::max(start, skipped + 1);
    }
    if (face_rank(face) == kRank2)
      for (const int p : seats[static_cast<std::size_t>(seat)].without_two)
        if (p < ply) start = std::max(start, p);  // came after the play at ply p
    return start;
  }

  // Whether `seat`'s played cards and `held` fit its places: places from the
  // latest, each taking among the cards that fit it the one with the latest floor,
  // which finds a filling whenever one exists.
  bool fits(int seat, const Cards& held) const {
    const Seat& e = seats[static_cast<std::size_t>(seat)];
    thread_local std::vector<std::array<int, 3>> windows;
    windows = e.played;
    for (int f = 0; f < kNumFaces; ++f)
      for (int n = held.count(f); n > 0; --n) windows.push_back({floor(seat, static_cast<Face>(f), end), end, f});
    assert(windows.size() == e.places.size());
    for (const int time : e.places) {
      auto pick = windows.end();
      for (auto w = windows.begin(); w != windows.end(); ++w)
        if ((*w)[0] <= time && time < (*w)[1] && (pick == windows.end() || (*w)[0] > (*pick)[0])) pick = w;
      if (pick == windows.end()) return false;
      *pick = windows.back();
      windows.pop_back();
    }
    return true;
  }
};

std::shared_ptr<const Deal::Evidence> Deal::gather_evidence() const {
  if (evidence_ && evidence_ply_ == ply()) return evidence_;
  if (root_ply_ != 0) return nullptr;  // the past is not known
  const int n = cfg_->players;
  const bool lowest_shown = lowest_face_ >= 0 && !history_.empty();
  std::vector<const Ply*> plies;
  plies.reserve(history_.size());
  history_.for_each([&](const Ply& p) { plies.push_back(&p); });
  auto next_in = [&](int seat, std::uint8_t out) {
    for (int i = 0; i < n; ++i) {
      seat = next_seat(seat);
      if ((out >> seat & 1) == 0) return seat;
    }
    return seat;
  };
  const auto at = [&](std::size_t i) -> const DealInfo& { return i < plies.size() ? plies[i]->before : info_; };

  // One walk through the history, into `ev`; without it, only whether any forced
  // action happened (most deals have none, and then nothing is allocated).
  auto walk = [&](Evidence* ev) {
    bool any = false;
    std::array<int, kMaxPlayers> sizes{};
    for (int s = 0; s < n; ++s) {
      const auto u = static_cast<std::size_t>(s);
      sizes[u] = cfg_->initial_hand_size + (s == dealer_ ? cfg_->dealer_extra_cards : 0);
      if (ev) ev->seats[u].places.assign(static_cast<std::size_t>(sizes[u]), -1);
    }
    // The seats passed over as leader after ply `t`: from `due` to `leader`, or all
    // of them when nobody could lead and the deal ended there.
    auto skipped = [&](int t, int due, int leader, const DealInfo& now) {
      if ((now.out_mask >> due & 1) != 0) due = next_in(due, now.out_mask);
      const int active = n - now.finished;
      for (int i = 0, s = due; i < active && (now.over != 0 || s != leader); ++i, s = next_in(s, now.out_mask)) {
        any = true;
        if (ev) ev->seats[static_cast<std::size_t>(s)].skips.push_back({t, sizes[static_cast<std::size_t>(s)]});
      }
    };
    if (cfg_->first_leader == FirstLeader::dealer) skipped(-1, dealer_, at(0).current, at(0));
    for (std::size_t i = 0; i < plies.size(); ++i) {
      const Ply& p = *plies[i];
      const int t = static_cast<int>(i);
      const auto s = static_cast<std::size_t>(p.seat);
      if (ev)
        for (int f = 0; f < kNumFaces; ++f)
          for (int k = p.move.cards.count(f); k > 0; --k) ev->seats[s].played.push_back({-1, t, f});
      // Holding two cards with a 2, a 2 must be played: a play without one shows none was held.
      if (cfg_->must_play_two_first && !p.move.is_pass() && sizes[s] == 2 && p.move.cards.rank_count(kRank2) == 0) {
        any = true;
        if (ev) ev->seats[s].without_two.push_back(t);
      }
      sizes[s] -= p.move.length;
      int order[kMaxPlayers];
      // Only a ply that ended a trick drew; the others have no trick winner to start from.
      if (p.drawn_count > 0) draw_order(*cfg_, p.before.table_owner, p.before.out_mask, order);
      for (int k = 0; k < p.drawn_count; ++k) {
        if (ev) ev->seats[static_cast<std::size_t>(order[k])].places.push_back(t);
        ++sizes[static_cast<std::size_t>(order[k])];
      }
      const DealInfo& after = at(i + 1);
      if (p.move.is_pass() && after.table.is_pass()) skipped(t, p.before.table_owner, after.current, after);
    }
    return any;
  };
  if (!walk(nullptr) && !lowest_shown) return nullptr;  // nothing beyond what sample_world always keeps

  auto ev = std::make_shared<Evidence>();
  ev->end = ply();
  ev->jokers_stuck = cfg_->stuck_leader != StuckLeader::allow_joker_only_final;
  ev->lone_two_stuck = cfg_->forbid_final_single_two;
  walk(ev.get());
  if (lowest_shown) {
    ev->lowest = lowest_face_;
    for (int s = dealer_; s != opening_seat_; s = next_seat(s))
      ev->before = static_cast<std::uint8_t>(ev->before | 1u << s);
  }
  for (int s = 0; s < n; ++s) {
    auto& e = ev->seats[static_cast<std::size_t>(s)];
    for (auto& w : e.played) w[0] = ev->floor(s, static_cast<Face>(w[2]), w[1]);
    std::sort(e.places.begin(), e.places.end(), std::greater<>());
    if (!e.skips.empty() || !e.without_two.empty() || ev->lowest >= 0)
      ev->constrained = static_cast<std::uint8_t>(ev->constrained | 1u << s);
  }
  return ev;
}

namespace {

std::vector<Face> faces_of(const Cards& cards) {
  std::vector<Face> faces;
  faces.reserve(static_cast<std::size_t>(cards.size()));
  for (int f = 0; f < kNumFaces; ++f)
    for (int n = cards.count(f); n > 0; --n) faces.push_back(static_cast<Face>(f));
  return faces;
}

// Draws past this many rejected samples mean the evidence was read wrong: no real
// deal is that unlikely under its own evidence in practice.
constexpr int kMaxDraws = 1'000'000;

}  // namespace

Deal Deal::sample_world(int seat, std::uint64_t seed) const {
  Deal world(*this, 0);
  world.root_ply_ = ply();
  world.has_seed_ = false;
  world.seed_ = 0;
  world.evidence_ = gather_evidence();
  world.evidence_ply_ = ply();
  const Evidence* ev = world.evidence_.get();
  const unsigned checked = ev ? ev->constrained & ~(1u << seat) : 0u;
  // Before the opening lead under 'lowest_card', the seat to act is known to hold
  // the lowest card dealt (the first in turn order from the dealer, on a tie).
  const bool lowest_unplayed = cfg_->first_leader == FirstLeader::lowest_card && ply() == 0 && !is_terminal();

  // Under a uniform shuffle, given what the seat saw, the unseen cards are
  // exchangeable over the unseen places: one shuffle of them, cut into the other
  // hands (by their known sizes) and the stock, samples the posterior exactly.
  // What forced actions revealed is kept by drawing again until it holds.
  const Cards full = rules_->deck();
  std::vector<Face> unseen = faces_of(full - hand(seat) - played_);
  Random rng(seed);
  std::size_t next = 0;
  for (int draws = 0;; ++draws) {
    if (draws == kMaxDraws)
      throw std::logic_error("sample_world: no world fits what seat " + std::to_string(seat) + " saw");
    rng.shuffle(unseen.data(), unseen.size());
    next = 0;
    for (int s = 0; s < cfg_->players; ++s) {
      if (s == seat) continue;
      Cards h;
      for (int k = hand_size(s); k > 0; --k) h.add(unseen[next++]);
      world.hands_[static_cast<std::size_t>(s)] = h;
    }
    bool fits = true;
    for (int s = 0; s < cfg_->players && fits; ++s)
      if ((checked >> s & 1) != 0) fits = ev->fits(s, world.hands_[static_cast<std::size_t>(s)]);
    if (fits && lowest_unplayed) {
      world.lowest_face_ = -1;
      for (int f = 0; f < kNumFaces && world.lowest_face_ < 0; ++f) {
        if (is_joker(static_cast<Face>(f))) continue;
        int s = dealer_;
        for (int k = 0; k < cfg_->players; ++k, s = next_seat(s)) {
          if (world.hands_[static_cast<std::size_t>(s)].count(f) > 0) {
            world.lowest_face_ = f;
            fits = s == current_player();
            break;
          }
        }
      }
    }
    if (fits) break;
  }
  Cards stock;
  for (std::size_t i = next; i < unseen.size(); ++i) stock.add(unseen[i]);
  std::vector<Face> deck = faces_of(full - stock);
  deck.insert(deck.end(), unseen.begin() + static_cast<std::ptrdiff_t>(next), unseen.end());
  world.deck_ = std::make_shared<const std::vector<Face>>(std::move(deck));
  return world;
}

}  // namespace ganzdy::gdy
