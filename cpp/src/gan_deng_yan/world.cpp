// Determinization of a Gan Deng Yan deal for one seat (Deal::sample_world).
#include <algorithm>
#include <cassert>
#include <array>
#include <stdexcept>
#include <unordered_map>
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
    thread_local std::vector<int> floors;
    floors.clear();
    for (int f = 0; f < kNumFaces; ++f)
      for (int n = held.count(f); n > 0; --n) floors.push_back(floor(seat, static_cast<Face>(f), end));
    return fits_floors(seat, floors);
  }

  // fits() for held cards given by their floors alone: cards of one floor are
  // interchangeable here, which is what lets sample_world reason on counts.
  bool fits_floors(int seat, const std::vector<int>& held_floors) const {
    const Seat& e = seats[static_cast<std::size_t>(seat)];
    thread_local std::vector<std::array<int, 3>> windows;
    windows = e.played;
    for (const int f : held_floors) windows.push_back({f, end, -1});
    if (windows.size() != e.places.size()) return false;
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
      // Only a ply that ended a trick drew (it advanced the stock); the others
      // have no trick winner to start from.
      const int drawn = at(i + 1).stock_pos - p.before.stock_pos;
      if (drawn > 0) draw_order(*cfg_, p.before.table_owner, p.before.out_mask, order);
      for (int k = 0; k < drawn; ++k) {
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

// Plain shuffles tried before sampling through class counts (below). Most
// positions accept one of the first few; a few (a seat shown to hold all four
// jokers) accept one shuffle in millions.
constexpr int kPlainDraws = 64;

// The classes of unseen cards the evidence tells apart: what a seat may hold
// depends on how many cards of each class it has, never on which.
enum CardClass : int { kJoker, kTwo, kBelowLowest, kLowest, kOther, kClasses };
using ClassCounts = std::array<int, kClasses>;

std::uint64_t pack(const ClassCounts& c) {
  std::uint64_t key = 0;
  for (const int n : c) key = key << 8 | static_cast<std::uint64_t>(n);
  return key;
}

// Exact sampling when plain shuffles rarely fit. Under a uniform shuffle, the
// chance that the checked seats get class counts k_1..k_m is proportional to
// prod_s prod_c 1/k_{s,c}! times prod_c 1/r_c! (r: what the rest of the unseen
// places get); within a class every card is equally likely anywhere. So one
// draws the counts by that weight among those every check accepts (summing the
// weights seat by seat, memoized on what is left), then the cards of each class
// uniformly. This is the same posterior the plain shuffle's rejection samples.
struct ClassSampler {
  std::array<std::vector<Face>, kClasses> pool;  // the unseen cards of each class
  std::vector<int> seats;                        // the checked seats, in order
  std::vector<std::vector<ClassCounts>> options; // the counts each may hold
  std::vector<std::unordered_map<std::uint64_t, double>> memo;
  std::array<double, 128> inverse_factorial{};

  double weight(const ClassCounts& k) const {
    double w = 1;
    for (const int n : k) w *= inverse_factorial[static_cast<std::size_t>(n)];
    return w;
  }
  // The summed weight of every way seats[i..] can take their counts from `left`.
  double total(std::size_t i, const ClassCounts& left) {
    if (i == seats.size()) return weight(left);
    auto& m = memo[i];
    if (const auto it = m.find(pack(left)); it != m.end()) return it->second;
    double sum = 0;
    for (const ClassCounts& k : options[i]) {
      ClassCounts rest = left;
      bool room = true;
      for (int c = 0; c < kClasses && room; ++c) room = (rest[static_cast<std::size_t>(c)] -= k[static_cast<std::size_t>(c)]) >= 0;
      if (room) sum += weight(k) * total(i + 1, rest);
    }
    m.emplace(pack(left), sum);
    return sum;
  }
};

}  // namespace

void Deal::places(std::vector<std::int8_t>& owner, std::vector<int>& when) const {
  assert(root_ply_ == 0);
  const int n = cfg_->players;
  owner.assign(deck_->size(), -1);
  when.assign(deck_->size(), -1);
  std::size_t pos = 0;
  for (int round = 0; round < cfg_->initial_hand_size; ++round) {
    int s = dealer_;
    for (int k = 0; k < n; ++k, s = next_seat(s)) owner[pos++] = static_cast<std::int8_t>(s);
  }
  for (int e = 0; e < cfg_->dealer_extra_cards; ++e) owner[pos++] = static_cast<std::int8_t>(dealer_);
  int t = 0;
  const DealInfo* before = nullptr;
  auto drew = [&](const DealInfo& after) {
    // Only a ply that ended a trick drew: the stock it advanced, in draw order.
    const int drawn = after.stock_pos - before->stock_pos;
    if (drawn <= 0) return;
    int order[kMaxPlayers];
    draw_order(*cfg_, before->table_owner, before->out_mask, order);
    for (int k = 0; k < drawn; ++k) {
      const auto at = static_cast<std::size_t>(before->stock_pos + k);
      owner[at] = static_cast<std::int8_t>(order[k]);
      when[at] = t - 1;
    }
  };
  history_.for_each([&](const Ply& p) {
    if (before) drew(p.before);
    before = &p.before;
    ++t;
  });
  if (before) drew(info_);
}

std::shared_ptr<const Deal::Intake> Deal::intake_of(int seat) const {
  // A world not played on since it was sampled for this seat already has it (a
  // search samples its worlds so, from its information set's world).
  if (intake_ && intake_->seat == seat && intake_->ply == ply()) return intake_;
  if (intake_ && intake_->seat != seat) {
    // Another seat's past in this world is the world's own: build it first.
    Deal done(*this);
    done.complete_deck();
    return done.intake_of(seat);
  }
  std::vector<std::int8_t> owner;
  std::vector<int> when;
  places(owner, when);
  auto in = std::make_shared<Intake>();
  in->seat = seat;
  in->ply = ply();
  std::size_t mine = 0;
  for (std::size_t i = 0; i < info_.stock_pos; ++i) {
    if (owner[i] != seat) continue;
    // Below the stock of a world's sampling its own deck is not built: the seat's
    // cards there are the intake it was sampled with.
    const bool kept = intake_ && i < intake_->stock_pos && intake_->seat == seat;
    in->cards.push_back(kept ? intake_->cards[mine] : (*deck_)[i]);
    ++mine;
  }
  in->stock_pos = info_.stock_pos;
  return in;
}

std::vector<Face> Deal::own_deck(const Intake& intake) const {
  const int n = cfg_->players;
  std::vector<std::int8_t> owner;
  std::vector<int> when;
  places(owner, when);
  const std::size_t dealt_end =
      static_cast<std::size_t>(n * cfg_->initial_hand_size + cfg_->dealer_extra_cards);

  // A card's window: it came at a place no earlier than `floor` and before ply `until`.
  struct Window {
    int floor, until;
    Face face;
  };
  std::array<std::vector<Window>, kMaxPlayers> windows{};
  const int end = ply();
  int t = 0;
  history_.for_each([&](const Ply& p) {
    if (!p.move.is_pass())
      for (int f = 0; f < kNumFaces; ++f)
        for (int k = p.move.cards.count(f); k > 0; --k)
          windows[static_cast<std::size_t>(p.seat)].push_back({-1, t, static_cast<Face>(f)});
    ++t;
  });
  const std::shared_ptr<const Evidence> ev = gather_evidence();
  for (int s = 0; s < n; ++s) {
    auto& w = windows[static_cast<std::size_t>(s)];
    const Cards& held = hand(s);
    for (int f = 0; f < kNumFaces; ++f)
      for (int k = held.count(f); k > 0; --k) w.push_back({-1, end, static_cast<Face>(f)});
    if (ev)
      for (Window& x : w) x.floor = ev->floor(s, x.face, x.until);
  }

  std::vector<Face> deck(*deck_);
  std::vector<std::size_t> at;
  for (int s = 0; s < n; ++s) {
    at.clear();
    for (std::size_t i = 0; i < info_.stock_pos; ++i)
      if (owner[i] == s) at.push_back(i);
    if (s == intake.seat) {
      // The seat's own past is what it saw: its real cards where it took them.
      if (at.size() != intake.cards.size()) return {};
      for (std::size_t k = 0; k < at.size(); ++k) deck[at[k]] = intake.cards[k];
      continue;
    }
    // Latest place first, each taking, of the cards that can have come there, the
    // one with the latest floor: this fills every place whenever a filling exists
    // (as Evidence::fits_floors decides).
    std::stable_sort(at.begin(), at.end(), [&](std::size_t a, std::size_t b) { return when[a] > when[b]; });
    auto& w = windows[static_cast<std::size_t>(s)];
    if (w.size() != at.size()) return {};
    for (const std::size_t i : at) {
      auto pick = w.end();
      for (auto x = w.begin(); x != w.end(); ++x)
        if (x->floor <= when[i] && when[i] < x->until && (pick == w.end() || x->floor > pick->floor)) pick = x;
      if (pick == w.end()) return {};
      deck[i] = pick->face;
      *pick = w.back();
      w.pop_back();
    }
  }
  // Each seat's dealt cards in face order, as a world sampled at ply 0 always had them.
  for (int s = 0; s < n; ++s) {
    at.clear();
    for (std::size_t i = 0; i < dealt_end; ++i)
      if (owner[i] == s) at.push_back(i);
    std::vector<Face> faces;
    for (const std::size_t i : at) faces.push_back(deck[i]);
    std::sort(faces.begin(), faces.end());
    for (std::size_t k = 0; k < at.size(); ++k) deck[at[k]] = faces[k];
  }
  return deck;
}

void Deal::complete_deck() {
  if (!intake_) return;
  const std::shared_ptr<const Intake> intake = std::move(intake_);
  intake_.reset();
  // Back to the ply the world was sampled at (its plies since drew from its own stock).
  Deal at_root(*this);
  while (at_root.ply() > intake->ply && !at_root.history_.empty()) at_root.pop();
  if (at_root.ply() != intake->ply || at_root.root_ply_ != 0) return;
  std::vector<Face> own = at_root.own_deck(*intake);
  assert(!own.empty());
  // Never for a world the sampler accepted; should it happen, the deck stays as it
  // was (the cards outside the stock in canonical order).
  if (!own.empty()) deck_ = std::make_shared<const std::vector<Face>>(std::move(own));
}

Deal Deal::sample_world(int seat, std::uint64_t seed) const {
  // A deal that keeps its past from ply 0 gives a world with a past of its own.
  const bool with_past = root_ply_ == 0;
  Deal world = with_past ? world_with_history() : world_shell();
  world.evidence_ = gather_evidence();
  world.evidence_ply_ = ply();
  const Evidence* ev = world.evidence_.get();
  const unsigned checked = ev ? ev->constrained & ~(1u << seat) : 0u;
  // Before the opening lead under 'lowest_card', the seat to act is known to hold
  // the lowest card dealt (the first in turn order from the dealer, on a tie).
  const bool lowest_unplayed = cfg_->first_leader == FirstLeader::lowest_card && ply() == 0 && !is_terminal();
  // A seat to lead has a legal lead: a real deal passes over one without (§3.6).
  const int leader = !is_terminal() && info_.table.is_pass() && current_player() != seat ? current_player() : -1;
  const bool jokers_stuck = cfg_->stuck_leader != StuckLeader::allow_joker_only_final;

  const Cards full = rules_->deck();
  std::vector<Face> unseen = faces_of(full - hand(seat) - played_);
  Random rng(seed);
  // Whether the world's hands agree with everything the seat saw.
  auto consistent = [&] {
    for (int s = 0; s < cfg_->players; ++s)
      if ((checked >> s & 1) != 0 && !ev->fits(s, world.hands_[static_cast<std::size_t>(s)])) return false;
    if (leader >= 0 && !world.can_lead(leader)) return false;
    if (lowest_unplayed) {
      world.lowest_face_ = -1;
      for (int f = 0; f < kNumFaces && world.lowest_face_ < 0; ++f) {
        if (is_joker(static_cast<Face>(f))) continue;
        int s = dealer_;
        for (int k = 0; k < cfg_->players; ++k, s = next_seat(s)) {
          if (world.hands_[static_cast<std::size_t>(s)].count(f) > 0) {
            world.lowest_face_ = f;
            return s == current_player();
          }
        }
      }
    }
    return true;
  };
  // Under a uniform shuffle, given what the seat saw, the unseen cards are
  // exchangeable over the unseen places: one shuffle of them, cut into the other
  // hands (by their known sizes) and the stock, samples the posterior exactly.
  // What forced actions revealed is kept by drawing again until it holds.
  auto cut = [&](const std::vector<Face>& order) {
    std::size_t next = 0;
    for (int s = 0; s < cfg_->players; ++s) {
      if (s == seat) continue;
      Cards h;
      for (int k = hand_size(s); k > 0; --k) h.add(order[next++]);
      world.hands_[static_cast<std::size_t>(s)] = h;
    }
    return next;
  };
  std::size_t next = 0;
  bool found = false;
  for (int draws = 0; draws < kPlainDraws && !found; ++draws) {
    rng.shuffle(unseen.data(), unseen.size());
    next = cut(unseen);
    found = consistent();
  }
  if (!found) {
    // Few shuffles fit: draw the class counts of the checked seats exactly.
    ClassSampler cs;
    const int lowest = ev ? ev->lowest : -1;
    std::array<Face, kClasses> sample_face{};  // a face of each class, for its floor
    auto class_of = [&](Face f) {
      if (is_joker(f)) return kJoker;
      if (lowest >= 0 && f < lowest) return kBelowLowest;
      if (f == lowest) return kLowest;
      return face_rank(f) == kRank2 ? kTwo : kOther;
    };
    for (const Face f : unseen) {
      const int c = class_of(f);
      cs.pool[static_cast<std::size_t>(c)].push_back(f);
      sample_face[static_cast<std::size_t>(c)] = f;
    }
    for (auto& p : cs.pool) std::sort(p.begin(), p.end());
    ClassCounts available{};
    for (int c = 0; c < kClasses; ++c)
      available[static_cast<std::size_t>(c)] = static_cast<int>(cs.pool[static_cast<std::size_t>(c)].size());
    double f = 1;
    for (std::size_t n = 0; n < cs.inverse_factorial.size(); ++n) {
      if (n > 0) f *= static_cast<double>(n);
      cs.inverse_factorial[n] = 1 / f;
    }
    for (int s = 0; s < cfg_->players; ++s) {
      if (s == seat || ((checked >> s & 1) == 0 && s != leader)) continue;
      std::vector<ClassCounts> fit;
      const int size = hand_size(s);
      std::vector<int> floors;
      ClassCounts k{};
      // Every split of the hand's size over the classes, within what is unseen.
      auto place = [&](auto&& self, int c, int left) -> void {
        const auto u = static_cast<std::size_t>(c);
        if (c == kClasses - 1) {
          if (left > available[u]) return;
          k[u] = left;
          bool ok = true;
          if (s == leader) {
            const int naturals = size - k[kJoker];
            ok = !(naturals == 0 && jokers_stuck) &&
                 !(cfg_->forbid_final_single_two && size == 1 && k[kTwo] == 1);
          }
          if (ok && (checked >> s & 1) != 0) {
            floors.clear();
            for (int d = 0; d < kClasses; ++d)
              for (int n = k[static_cast<std::size_t>(d)]; n > 0; --n)
                floors.push_back(ev->floor(s, sample_face[static_cast<std::size_t>(d)], ev->end));
            ok = ev->fits_floors(s, floors);
          }
          if (ok) fit.push_back(k);
          return;
        }
        for (int n = 0; n <= std::min(left, available[u]); ++n) {
          k[u] = n;
          self(self, c + 1, left - n);
        }
      };
      place(place, 0, size);
      cs.seats.push_back(s);
      cs.options.push_back(std::move(fit));
    }
    cs.memo.resize(cs.seats.size());
    if (!(cs.total(0, available) > 0))
      throw std::logic_error("sample_world: no world fits what seat " + std::to_string(seat) +
                             " saw; please report the deal's record");
    std::vector<ClassCounts> drawn(cs.seats.size());
    for (int tries = 0; !found; ++tries) {
      if (tries == 1'000'000)
        throw std::logic_error("sample_world: the worlds that fit what seat " + std::to_string(seat) +
                               " saw are too rare to draw; please report the deal's record");
      ClassCounts left = available;
      for (std::size_t i = 0; i < cs.seats.size(); ++i) {
        // Each option by its weight times the weight of every way to go on from it.
        double target = cs.total(i, left) * (static_cast<double>(rng.next() >> 11) * 0x1.0p-53);
        const ClassCounts* pick = nullptr;
        ClassCounts after{};
        for (const ClassCounts& k : cs.options[i]) {
          ClassCounts rest = left;
          bool room = true;
          for (int c = 0; c < kClasses && room; ++c)
            room = (rest[static_cast<std::size_t>(c)] -= k[static_cast<std::size_t>(c)]) >= 0;
          if (!room) continue;
          const double w = cs.weight(k) * cs.total(i + 1, rest);
          if (w <= 0) continue;
          pick = &k;
          after = rest;
          if ((target -= w) < 0) break;
        }
        assert(pick != nullptr);
        drawn[i] = *pick;
        left = after;
      }
      // The cards: each class shuffled, the checked seats taking their counts,
      // everything left shuffled into the other hands and the stock.
      for (auto& p : cs.pool) rng.shuffle(p.data(), p.size());
      std::array<std::size_t, kClasses> used{};
      std::uint8_t done = 0;
      for (std::size_t i = 0; i < cs.seats.size(); ++i) {
        Cards h;
        for (int c = 0; c < kClasses; ++c) {
          const auto u = static_cast<std::size_t>(c);
          for (int n = drawn[i][u]; n > 0; --n) h.add(cs.pool[u][used[u]++]);
        }
        world.hands_[static_cast<std::size_t>(cs.seats[i])] = h;
        done = static_cast<std::uint8_t>(done | 1u << cs.seats[i]);
      }
      std::vector<Face> rest;
      for (int c = 0; c < kClasses; ++c) {
        const auto u = static_cast<std::size_t>(c);
        rest.insert(rest.end(), cs.pool[u].begin() + static_cast<std::ptrdiff_t>(used[u]), cs.pool[u].end());
      }
      rng.shuffle(rest.data(), rest.size());
      std::size_t r = 0;
      for (int s = 0; s < cfg_->players; ++s) {
        if (s == seat || (done >> s & 1) != 0) continue;
        Cards h;
        for (int k = hand_size(s); k > 0; --k) h.add(rest[r++]);
        world.hands_[static_cast<std::size_t>(s)] = h;
      }
      // Put the stock last in `unseen`, as the plain path leaves it.
      unseen.assign(rest.begin() + static_cast<std::ptrdiff_t>(r), rest.end());
      next = 0;
      found = consistent();
    }
  }
  const std::vector<Face> stock(unseen.begin() + static_cast<std::ptrdiff_t>(next), unseen.end());
  Cards in_stock;
  for (const Face f : stock) in_stock.add(f);
  std::vector<Face> deck = faces_of(full - in_stock);
  deck.insert(deck.end(), stock.begin(), stock.end());
  world.deck_ = std::make_shared<const std::vector<Face>>(std::move(deck));
  if (with_past) {
    // The deck below the stock is built when something reads the past
    // (complete_deck): the world keeps what it needs, the seat's own intake.
    world.intake_ = intake_of(seat);
    if (info_.finished > 0) {
      // The payments were settled on the hands the losers held when the first
      // seat went out: the world's own, which only its past gives back.
      world.complete_deck();
      Deal replayed(rules_, *world.deck_, dealer_);
      replayed.set_keep_history(false);
      history_.for_each([&](const Ply& p) { replayed.apply(p.move); });
      assert(replayed.hash() == world.hash());
      world.points_ = replayed.points_;
    }
  }
  return world;
}

}  // namespace ganzdy::gdy
