// Determinization of a Guandan deal for one seat (Deal::sample_world).
//
// What the seat knows about another seat's hand is a lower bound and an upper
// bound: cards certainly still there (shown at a resistance or turned, tribute
// cards received face up, the return card the seat gave it, less what that seat
// played or may have given back unseen) and faces that cannot be there (a payer
// never held a joker above its tribute card, nor a second big joker; a receiver
// that had to give back a card outside the return rules held none inside them;
// the payer of a card the seat received back held nothing above its tribute but
// that card). The other cards the seat has not seen are dealt uniformly at
// random among the other hands under those bounds, by counting: the faces fall
// into classes by which seats may hold them, a small table counts the ways to
// finish the deal from each split, and each class's split is drawn in
// proportion. A joint condition the bounds cannot express (the payers' jokers
// did not resist) is met by drawing again.
#include <algorithm>
#include <array>
#include <cassert>
#include <optional>
#include <utility>
#include <vector>

#include "ganzdy/guandan/deal.h"
#include "ganzdy/guandan/seen.h"
#include "ganzdy/gan_deng_yan/deal.h"

namespace ganzdy::gd {

namespace {

constexpr int kOthers = kPlayers - 1;

double factorial(int n) {
  static const std::array<double, kDeckSize + 1> table = [] {
    std::array<double, kDeckSize + 1> t{};
    t[0] = 1.0;
    for (int i = 1; i <= kDeckSize; ++i) t[static_cast<std::size_t>(i)] = t[static_cast<std::size_t>(i - 1)] * i;
    return t;
  }();
  return table[static_cast<std::size_t>(n)];
}

double multinomial(int n, const std::array<int, kOthers>& k) {
  double out = factorial(n);
  for (int x : k) out /= factorial(x);
  return out;
}

double uniform01(Random& rng) { return static_cast<double>(rng.next() >> 11) * 0x1.0p-53; }

// The faces of `cards`, one entry per copy, in face order.
std::vector<Face> faces_of(const Cards& cards) {
  std::vector<Face> out;
  for (int f = 0; f < kNumFaces; ++f)
    for (int n = cards.count(f); n > 0; --n) out.push_back(static_cast<Face>(f));
  return out;
}

// Deals `pool` to three seats, `need[i]` cards each, uniformly among the deals in
// which no seat gets a face of its `forbidden` mask (bit f). Returns false when
// no such deal exists.
class Allocator {
 public:
  Allocator(const Cards& pool, const std::array<int, kOthers>& need, const std::array<std::uint64_t, kOthers>& forbidden)
      : need_(need) {
    for (int f = 0; f < kNumFaces; ++f) {
      const int n = pool.count(f);
      if (n == 0) continue;
      int mask = 0;
      for (int i = 0; i < kOthers; ++i)
        if (!(forbidden[static_cast<std::size_t>(i)] >> f & 1)) mask |= 1 << i;
      classes_[static_cast<std::size_t>(mask)].add(f, n);
    }
    for (int mask = 0; mask < 7; ++mask)
      if (!classes_[static_cast<std::size_t>(mask)].empty()) restricted_.push_back(mask);
    // Counts of ways to finish from each state, last class first.
    const std::size_t states = static_cast<std::size_t>((need_[0] + 1) * (need_[1] + 1));
    ways_.assign(restricted_.size() + 1, std::vector<double>(states, 0.0));
    std::vector<int> before(restricted_.size() + 1, 0);
    for (std::size_t c = 0; c < restricted_.size(); ++c)
      before[c + 1] = before[c] + classes_[static_cast<std::size_t>(restricted_[c])].size();
    for (std::size_t c = restricted_.size() + 1; c-- > 0;) {
      for (int a0 = 0; a0 <= need_[0]; ++a0) {
        for (int a1 = 0; a1 <= need_[1]; ++a1) {
          const int a2 = before[c] - a0 - a1;
          if (a2 < 0 || a2 > need_[2]) continue;
          double& w = ways_[c][index(a0, a1)];
          if (c == restricted_.size()) {
            const std::array<int, kOthers> rest{need_[0] - a0, need_[1] - a1, need_[2] - a2};
            w = classes_[7].size() == rest[0] + rest[1] + rest[2] ? multinomial(classes_[7].size(), rest) : 0.0;
            continue;
          }
          for_splits(restricted_[c], {a0, a1, a2}, [&](const std::array<int, kOthers>& k) {
            w += multinomial(classes_[static_cast<std::size_t>(restricted_[c])].size(), k) *
                 ways_[c + 1][index(a0 + k[0], a1 + k[1])];
          });
        }
      }
    }
  }

  bool possible() const { return ways_[0][0] > 0.0; }

  // One deal: the cards of each seat.
  std::array<Cards, kOthers> draw(Random& rng) const {
    std::array<Cards, kOthers> out{};
    std::array<int, kOthers> at{0, 0, 0};
    auto deal = [&](int mask, const std::array<int, kOthers>& k) {
      std::vector<Face> cards = faces_of(classes_[static_cast<std::size_t>(mask)]);
      rng.shuffle(cards.data(), cards.size());
      std::size_t next = 0;
      for (int i = 0; i < kOthers; ++i)
        for (int n = 0; n < k[static_cast<std::size_t>(i)]; ++n) out[static_cast<std::size_t>(i)].add(cards[next++]);
    };
    for (std::size_t c = 0; c < restricted_.size(); ++c) {
      std::vector<std::pair<std::array<int, kOthers>, double>> splits;
      double total = 0.0;
      for_splits(restricted_[c], at, [&](const std::array<int, kOthers>& k) {
        const double w = multinomial(classes_[static_cast<std::size_t>(restricted_[c])].size(), k) *
                         ways_[c + 1][index(at[0] + k[0], at[1] + k[1])];
        if (w > 0.0) splits.emplace_back(k, w);
        total += w;
      });
      assert(!splits.empty());
      double r = uniform01(rng) * total;
      std::array<int, kOthers> chosen = splits.back().first;  // should rounding leave r over
      for (const auto& [k, w] : splits) {
        if (r < w) {
          chosen = k;
          break;
        }
        r -= w;
      }
      deal(restricted_[c], chosen);
      for (int i = 0; i < kOthers; ++i) at[static_cast<std::size_t>(i)] += chosen[static_cast<std::size_t>(i)];
    }
    deal(7, {need_[0] - at[0], need_[1] - at[1], need_[2] - at[2]});
    return out;
  }

 private:
  std::size_t index(int a0, int a1) const { return static_cast<std::size_t>(a0 * (need_[1] + 1) + a1); }

  // Calls f(k) for every split k of class `mask` among the seats it allows that
  // keeps every seat within its need, given `at` already dealt.
  template <typename F>
  void for_splits(int mask, const std::array<int, kOthers>& at, F&& f) const {
    const int n = classes_[static_cast<std::size_t>(mask)].size();
    std::array<int, kOthers> room{};
    for (int i = 0; i < kOthers; ++i)
      room[static_cast<std::size_t>(i)] = (mask >> i & 1) ? need_[static_cast<std::size_t>(i)] - at[static_cast<std::size_t>(i)] : 0;
    for (int k0 = 0; k0 <= std::min(n, room[0]); ++k0)
      for (int k1 = 0; k1 <= std::min(n - k0, room[1]); ++k1) {
        const int k2 = n - k0 - k1;
        if (k2 <= room[2]) f(std::array<int, kOthers>{k0, k1, k2});
      }
  }

  std::array<int, kOthers> need_;
  std::array<Cards, 8> classes_{};  // by the mask of seats that may hold them
  std::vector<int> restricted_;     // masks other than 7 that hold cards
  std::vector<std::vector<double>> ways_;
};

std::uint64_t bit(int face) { return std::uint64_t{1} << face; }

// Under prune_redundant_wild a play spends a wild in a slot only when the hand
// has no natural card left for it (moves.cpp, Generator::build): a slot of rank
// r that `move` fills partly with wilds says its player then held no natural r
// but those it played, so holds none now (hands only shrink in play); a straight
// flush's wild slot says the same of the one face of its suit. Returns those
// faces (bit f); the hearts of the level, the wilds themselves, never.
std::uint64_t naturals_not_held_after(const Config& cfg, const Move& move) {
  if (!cfg.prune_redundant_wild || !cfg.wild_enabled) return 0;
  const Face wild = cfg.wild_face();
  const int wilds = move.cards.count(wild);
  if (wilds == 0) return 0;
  auto naturals = [&](int rank) {
    int n = 0;
    for (int s = 0; s < kNumSuits; ++s)
      if (make_face(rank, s) != wild) n += move.cards.count(make_face(rank, s));
    return n;
  };
  auto rank_faces = [&](int rank) {
    std::uint64_t out = 0;
    for (int s = 0; s < kNumSuits; ++s)
      if (make_face(rank, s) != wild) out |= bit(make_face(rank, s));
    return out;
  };
  auto slot = [&](int rank, int width) { return naturals(rank) < width ? rank_faces(rank) : std::uint64_t{0}; };
  switch (move.kind) {
    case Kind::single:
    case Kind::pair:
    case Kind::triple:
    case Kind::bomb: return slot(move.rank, move.length);
    case Kind::full_house:
    case Kind::three_with_one: {
      const int width = move.length - 3;
      // The other slot's rank: its natural cards', or, if it holds none (nor
      // jokers), the level's, the one rank a group of wilds alone may take.
      int other = cfg.level;
      bool jokers = false;
      for (int f = 0; f < kNumFaces; ++f) {
        if (move.cards.count(f) == 0 || f == wild) continue;
        if (is_joker(f)) jokers = true;
        else if (face_rank(f) != move.rank) other = face_rank(f);
      }
      return slot(move.rank, 3) | (jokers ? std::uint64_t{0} : slot(other, width));
    }
    case Kind::straight:
    case Kind::tube:
    case Kind::plate: {
      const int len = move.kind == Kind::straight ? cfg.straight_len
                      : move.kind == Kind::tube   ? cfg.tube_pairs
                                                  : cfg.plate_triples;
      const int width = move.length / len;
      std::uint64_t out = 0;
      for (int i = 0; i < len; ++i) out |= slot(cfg.seq_rank[static_cast<std::size_t>(seq_start(move.rank) + i)], width);
      return out;
    }
    case Kind::straight_flush: {
      int suit = -1;
      for (int f = 0; f < kBlackJoker && suit < 0; ++f)
        if (f != wild && move.cards.count(f) > 0) suit = face_suit(f);
      std::uint64_t out = 0;
      for (int i = 0; i < cfg.straight_len && suit >= 0; ++i) {
        const Face f = make_face(cfg.seq_rank[static_cast<std::size_t>(seq_start(move.rank) + i)], suit);
        if (f != wild && move.cards.count(f) == 0) out |= bit(f);
      }
      return out;
    }
    default: return 0;
  }
}

}  // namespace

std::array<std::uint64_t, kPlayers> Deal::naturals_not_held() const {
  std::array<std::uint64_t, kPlayers> out = past_unheld_naturals_;
  if (cfg_->prune_redundant_wild && cfg_->wild_enabled)
    history_.for_each([&](const Ply& p) {
      if (p.seat >= 0 && p.seat < kPlayers) out[static_cast<std::size_t>(p.seat)] |= naturals_not_held_after(*cfg_, p.move);
    });
  return out;
}

Deal Deal::sample_world(int seat, std::uint64_t seed) const {
  Deal world = world_shell();
  world.turned_position_ = -1;  // an index into the real deck order, which the world does not keep
  // Never destroyed: a daemon thread's search may still be sampling worlds while the
  // process runs its static destructors at exit (tests/stress/test_exit_race.py).
  static const auto* const canonical =
      new std::shared_ptr<const std::vector<Face>>(std::make_shared<const std::vector<Face>>(gdy::ordered_deck(Rules("guandan", 4))));
  world.deck_ = *canonical;

  const Phase phase = info_.phase;
  const bool chosen_all = payment_count_ > 0 && phase != Phase::tribute;  // tribute cards shown
  const bool tribute_moved = chosen_all && phase != Phase::pick;
  const bool returns_moved = tribute_moved && phase != Phase::give_back;

  std::array<int, kOthers> others{};
  for (int s = 0, i = 0; s < kPlayers; ++s)
    if (s != seat) others[static_cast<std::size_t>(i++)] = s;

  std::array<Cards, kPlayers> forced{};
  // What the plays say (prune_redundant_wild), which the world, without these
  // plies in its history, keeps (the copy without history did) for the worlds
  // sampled from it.
  std::array<std::uint64_t, kPlayers> forbidden = world.past_unheld_naturals_;
  for (int s : others) {
    Cards in = shown_[static_cast<std::size_t>(s)];
    Cards out = played_by(s);
    bool hidden_return = false;
    std::uint64_t& no = forbidden[static_cast<std::size_t>(s)];
    for (int i = 0; i < payment_count_; ++i) {
      const Payment& p = info_.payments[static_cast<std::size_t>(i)];
      if (chosen_all && p.payer == s) {
        if (phase == Phase::pick) in.add(p.card);  // shown, not yet moved
        // Not resisted, so the payer held no second big joker, and no joker above its card.
        const int v = face_value(*cfg_, p.card);
        no |= bit(kRedJoker);
        if (v < kSmallJokerValue) no |= bit(kBlackJoker);
        // Its tribute was its highest card (the wilds aside): it held nothing above
        // it, but for the return card it may have got (which the seat gave, below,
        // or which, hidden, the world draws among the payer's cards since).
        for (int f = 0; f < kBlackJoker; ++f)
          if (face_value(*cfg_, f) > v && !(cfg_->wild_enabled && f == cfg_->wild_face())) no |= bit(f);
        if (returns_moved && p.receiver == seat) in.add(p.returned);
      }
      if (tribute_moved && p.receiver == s) in.add(p.card);
      if (returns_moved && p.receiver == s) {
        if (p.payer == seat) {
          out.add(p.returned);
          // A return outside the rules means the receiver held nothing inside them.
          if (!returnable(*cfg_, p.returned, false))
            for (int f = 0; f < kNumFaces; ++f)
              if (returnable(*cfg_, f, false)) no |= bit(f);
        } else {
          hidden_return = true;
        }
      }
    }
    Cards& sure = forced[static_cast<std::size_t>(s)];
    for (int f = 0; f < kNumFaces; ++f) {
      // A card got may have gone back as a hidden return, if the return rules let it
      // (a receiver that held no card within them, 28 cards of which none is a 2 to a
      // ten, is left out: a world gives it one, so that its return was a choice).
      const bool maybe_given = hidden_return && returnable(*cfg_, f, false);
      const int n = in.count(f) - out.count(f) - (maybe_given ? 1 : 0);
      if (n > 0) sure.add(f, n);
    }
  }

  Cards pool = rules_->deck() - hand(seat) - played_;
  std::array<int, kOthers> need{};
  std::array<std::uint64_t, kOthers> no{};
  bool consistent = true;
  for (int i = 0; i < kOthers; ++i) {
    const auto s = static_cast<std::size_t>(others[static_cast<std::size_t>(i)]);
    consistent = consistent && pool.contains(forced[s]);
    if (consistent) pool -= forced[s];
    need[static_cast<std::size_t>(i)] = hand_sizes_[s] - forced[s].size();
    consistent = consistent && need[static_cast<std::size_t>(i)] >= 0;
    no[static_cast<std::size_t>(i)] = forbidden[s];
  }
  assert(consistent);
  if (!consistent) {
    // Never for a real deal; keeps a broken bound from breaking the world.
    pool = rules_->deck() - hand(seat) - played_;
    for (int i = 0; i < kOthers; ++i) {
      const auto s = static_cast<std::size_t>(others[static_cast<std::size_t>(i)]);
      forced[s] = Cards();
      need[static_cast<std::size_t>(i)] = hand_sizes_[s];
    }
  }
  Allocator bounded(pool, need, no);
  assert(bounded.possible());
  const Allocator& allocator = bounded.possible() ? bounded : Allocator(pool, need, {0, 0, 0});

  Random rng(seed);
  const Cards* payers[2] = {nullptr, nullptr};
  std::array<Cards, 2> dealt_jokers{};
  for (int attempt = 0;; ++attempt) {
    const auto hands = allocator.draw(rng);
    for (int i = 0; i < kOthers; ++i) {
      const auto s = static_cast<std::size_t>(others[static_cast<std::size_t>(i)]);
      world.hands_[s] = forced[s] + hands[static_cast<std::size_t>(i)];
    }
    if (payment_count_ == 0) break;
    // A receiver that no longer has its tribute card (nor played it) gave it back,
    // so its payer has it: in a hidden return the world's return card is then that one.
    bool fits = true;
    for (int i = 0; i < payment_count_ && returns_moved; ++i) {
      const Payment& p = info_.payments[static_cast<std::size_t>(i)];
      if (p.payer == seat || p.receiver == seat) continue;
      if ((world.hand(p.receiver) + played_by(p.receiver)).count(p.card) == 0 &&
          (world.hand(p.payer) + played_by(p.payer)).count(p.card) == 0)
        fits = false;
    }
    // Not resisted: the payers' dealt jokers (jokers leave a hand only by play or tribute) did not resist.
    for (int i = 0; i < payment_count_; ++i) {
      const Payment& p = info_.payments[static_cast<std::size_t>(i)];
      Cards j = world.hand(p.payer) + played_by(p.payer);
      if (tribute_moved) j.add(p.card);
      dealt_jokers[static_cast<std::size_t>(i)] = Cards();
      dealt_jokers[static_cast<std::size_t>(i)].add(kBlackJoker, j.count(kBlackJoker));
      dealt_jokers[static_cast<std::size_t>(i)].add(kRedJoker, j.count(kRedJoker));
      payers[i] = &dealt_jokers[static_cast<std::size_t>(i)];
    }
    if ((fits && !resists(*cfg_, payers, payment_count_)) || attempt >= 10000) {
      assert(attempt < 10000);
      break;
    }
  }

  // Choices made by others that the seat has not seen yet are drawn afresh.
  if (phase == Phase::tribute) {
    for (int i = 0; i < info_.step; ++i) {
      Payment& p = world.info_.payments[static_cast<std::size_t>(i)];
      if (p.payer == seat) continue;
      const Cards& h = world.hand(p.payer);
      const int v = tribute_value(*cfg_, h);
      std::vector<int> faces;
      for (int f = 0; f < kNumFaces; ++f)
        if (h.count(f) > 0 && !(cfg_->wild_enabled && f == cfg_->wild_face()) && face_value(*cfg_, f) == v)
          faces.push_back(f);
      p.card = static_cast<std::int8_t>(faces[rng.below(faces.size())]);
    }
    // The values are hidden until the cards are shown: who pays whom and who
    // leads follow the world's hands.
    world.assign_receivers_and_leader();
  } else if (phase == Phase::give_back) {
    for (int i = 0; i < info_.step; ++i) {
      Payment& p = world.info_.payments[static_cast<std::size_t>(i)];
      if (p.receiver == seat) continue;
      const Cards& h = world.hand(p.receiver);
      std::vector<int> faces;
      for (int fallback = 0; fallback < 2 && faces.empty(); ++fallback)
        for (int f = 0; f < kNumFaces; ++f)
          if (h.count(f) > 0 && returnable(*cfg_, f, fallback == 1)) faces.push_back(f);
      p.returned = static_cast<std::int8_t>(faces[rng.below(faces.size())]);
    }
  }
  if (returns_moved) {
    // A return between two other seats was never shown to this one (rules §8.4,
    // §9.3): the world's is a card its payer has held since, never the real one.
    for (int i = 0; i < payment_count_; ++i) {
      Payment& p = world.info_.payments[static_cast<std::size_t>(i)];
      if (p.payer == seat || p.receiver == seat || p.returned < 0) continue;
      const Cards since = world.hand(p.payer) + played_by(p.payer);
      std::vector<int> faces;
      // The tribute card, when its receiver no longer has it, went back; a card above
      // its tribute the payer played can only have come back to it.
      const int v = face_value(*cfg_, p.card);
      if ((world.hand(p.receiver) + played_by(p.receiver)).count(p.card) == 0) faces.push_back(p.card);
      for (int f = 0; f < kBlackJoker && faces.empty(); ++f)
        if (since.count(f) > 0 && face_value(*cfg_, f) > v && !(cfg_->wild_enabled && f == cfg_->wild_face()))
          faces.push_back(f);
      for (int fallback = 0; fallback < 3 && faces.empty(); ++fallback)
        for (int f = 0; f < kNumFaces; ++f)
          if (fallback == 2 || returnable(*cfg_, f, fallback == 1))
            for (int n = since.count(f); n > 0; --n) faces.push_back(f);
      if (!faces.empty()) p.returned = static_cast<std::int8_t>(faces[rng.below(faces.size())]);
    }
  }
  if (ply() == 0) {
    // Nothing has been played: the world is a deal of its own at once.
    std::vector<Face> deck;
    world.own_deck(deck, world.setup_);
    world.turned_position_ = world.setup_.turned_position;
    world.deck_ = std::make_shared<const std::vector<Face>>(std::move(deck));
  } else {
    world.past_ = past_for_world([](const Ply& p) {
      // Which card a tribute or a return was is the world's own (its payments).
      return p.move.is_tribute() && p.move.kind != Kind::tribute_pick ? Move{Cards{}, p.move.kind, kNoRank, 0}
                                                                       : p.move;
    });
  }
  world.check_invariants();
  return world;
}

void Deal::own_deck(std::vector<Face>& deck, DealSetup& setup) const {
  // Each seat's dealt cards: its hand now, the cards it played and gave, less those it got.
  std::array<Cards, kPlayers> dealt{};
  for (int s = 0; s < kPlayers; ++s) dealt[static_cast<std::size_t>(s)] = hand(s) + played_by(s);
  const Phase phase = info_.phase;
  const bool tribute_moved = payment_count_ > 0 && phase != Phase::tribute && phase != Phase::pick;
  const bool returns_moved = tribute_moved && phase != Phase::give_back;
  // Every card a seat got back is added before any it gave is taken away: a
  // receiver may return the very card it was paid, which its hand then no longer
  // holds, so taking the tribute away first would remove a card it does not have.
  for (int i = 0; i < payment_count_; ++i) {
    const Payment& p = info_.payments[static_cast<std::size_t>(i)];
    if (tribute_moved) dealt[static_cast<std::size_t>(p.payer)].add(p.card);
    if (returns_moved) dealt[static_cast<std::size_t>(p.receiver)].add(p.returned);
  }
  for (int i = 0; i < payment_count_; ++i) {
    const Payment& p = info_.payments[static_cast<std::size_t>(i)];
    if (tribute_moved) dealt[static_cast<std::size_t>(p.receiver)].remove(p.card);
    if (returns_moved) dealt[static_cast<std::size_t>(p.payer)].remove(p.returned);
  }
  std::array<std::vector<Face>, kPlayers> faces{};
  for (int s = 0; s < kPlayers; ++s) faces[static_cast<std::size_t>(s)] = faces_of(dealt[static_cast<std::size_t>(s)]);
  const int dealer = setup_.dealer;
  deck.assign(kDeckSize, Face{});
  for (int i = 0; i < kDeckSize; ++i) {
    const auto& own = faces[static_cast<std::size_t>((dealer + i) % kPlayers)];
    const auto k = static_cast<std::size_t>(i / kPlayers);
    if (k < own.size()) deck[static_cast<std::size_t>(i)] = own[k];
  }
  setup = setup_;
  if (setup_.previous_finish.empty() && setup_.first_leader < 0) {
    // The first hand: what chose its first leader, in the world's own deck.
    const Cards& turned = shown_[static_cast<std::size_t>(first_leader_)];
    if (cfg_->first_lead_first_hand == FirstLeadFirstHand::turned_card && turned.size() == 1) {
      const auto& own = faces[static_cast<std::size_t>(first_leader_)];
      int face = 0;
      while (turned.count(face) == 0) ++face;
      const auto at = std::find(own.begin(), own.end(), static_cast<Face>(face)) - own.begin();
      setup.turned_position = static_cast<int>(at) * kPlayers + (first_leader_ - dealer + kPlayers) % kPlayers;
    } else {
      setup.turned_position = -1;
      setup.first_leader = first_leader_;
    }
  }
}

std::optional<Deal> Deal::replay_past(const std::vector<Move>& past) const {
  std::vector<Face> deck;
  DealSetup setup;
  own_deck(deck, setup);
  try {
    Deal replayed(rules_, std::move(deck), setup);
    MoveList legal;
    for (const Move& blank : past) {
      Move move = blank;
      if (move.is_tribute() && move.cards.empty()) {
        // The world's own choice, from its payments.
        const int seat = replayed.current_player();
        int face = -1;
        for (int i = 0; i < payment_count_; ++i) {
          const Payment& p = info_.payments[static_cast<std::size_t>(i)];
          if (move.kind == Kind::tribute && p.payer == seat) face = p.card;
          if (move.kind == Kind::tribute_return && p.receiver == seat) face = p.returned;
        }
        replayed.legal_moves(legal);
        const auto it = std::find_if(legal.begin(), legal.end(), [&](const Move& m) {
          return m.kind == move.kind && face >= 0 && m.cards.count(face) == 1;
        });
        if (it == legal.end()) return std::nullopt;
        move = *it;
      }
      replayed.push(move);
    }
    return replayed;
  } catch (const GanzdyError&) {
    return std::nullopt;
  }
}

}  // namespace ganzdy::gd

namespace ganzdy::gd {

bool double_tribute_unshown(const Deal& deal) {
  return deal.phase() == Phase::tribute && deal.payment_count() == 2;
}

std::vector<Payment> tribute_seen(const Deal& deal, int seat) {
  // The tribute cards move, face up, once every payer has chosen; the return
  // cards move, face down, once every receiver has chosen.
  const bool shown = deal.phase() != Phase::tribute;
  const bool returned = deal.phase() == Phase::play || deal.phase() == Phase::over;
  const bool unshown = double_tribute_unshown(deal);
  std::vector<Payment> out;
  for (int i = 0; i < deal.payment_count(); ++i) {
    const Payment& p = deal.payment(i);
    Payment seen;
    seen.payer = p.payer;
    seen.receiver = unshown ? std::int8_t{-1} : p.receiver;
    seen.card = shown || seat == p.payer ? p.card : std::int8_t{-1};
    seen.returned = seat == p.receiver || (returned && seat == p.payer) ? p.returned : std::int8_t{-1};
    out.push_back(seen);
  }
  return out;
}

int first_leader_seen(const Deal& deal, int) {
  if (double_tribute_unshown(deal) && deal.config().first_lead_after_tribute != FirstLeadAfterTribute::first_out)
    return -1;
  return deal.first_leader();
}

bool sees_move(const Deal& deal, int seat, int who, const Move& move) {
  if (who == seat) return true;
  if (move.kind == Kind::tribute) return deal.phase() != Phase::tribute;
  if (move.kind != Kind::tribute_return) return true;
  if (deal.phase() != Phase::play && deal.phase() != Phase::over) return false;
  int payer = -1;  // of the payment `who` received
  for (int i = 0; i < deal.payment_count(); ++i)
    if (deal.payment(i).receiver == who) payer = deal.payment(i).payer;
  return payer == seat;
}

}  // namespace ganzdy::gd
