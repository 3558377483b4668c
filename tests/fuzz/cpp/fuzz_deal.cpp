// A byte-driven sequence of deal operations on every game: the first bytes pick
// a preset and how the deal is made (from a seed, with or without a previous
// hand's tribute, or from a deck order the input shuffles), the rest is a
// program of checked and unchecked moves, undo, copies, determinizations,
// observations, a tiny ISMCTS and, in Gan Deng Yan endgames, the solver.
//
// After every step: the deal's own invariants (Guandan and Gouji name a
// broken one; Gan Deng Yan asserts them), every hand within the deck, every
// listed legal move accepted by the validator. A refused push or parse leaves
// the deal as it was (hash, ply, history); pop restores the hash of the ply
// before; a copy and a determinization never change the deal they come from.
#include <algorithm>
#include <array>
#include <type_traits>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "fuzz_common.h"
#include "ganzdy/core/errors.h"
#include "ganzdy/games.h"
#include "ganzdy/gan_deng_yan/solver.h"
#include "ganzdy/search/ismcts.h"

namespace {

using namespace ganzdy;

template <class D>
std::string where(const D& deal) {
  return deal.rules().describe() + ", ply " + std::to_string(deal.ply()) + "\n" + deal.str();
}

template <class D>
void check_deal(const D& deal) {
  if constexpr (requires { deal.invariant_violation(); }) {
    const std::string broken = deal.invariant_violation();
    GANZDY_FUZZ_CHECK(broken.empty(), broken + "\n" + where(deal));
  }
  Cards held;
  for (int s = 0; s < deal.players(); ++s) {
    GANZDY_FUZZ_CHECK(!held.overflows_with(deal.hand(s)), where(deal));
    held += deal.hand(s);
  }
  try {
    deal.rules().check_in_deck(held, "hands");
  } catch (const DeckError& e) {
    fuzz::fail("the hands together fit in the deck", e.what() + ("\n" + where(deal)));
  }
  MoveList legal;
  deal.legal_moves(legal);
  // The validator agrees with the generator: a spread of the list (a Gouji lead
  // has thousands of moves, and checking all of them every step would leave the
  // fuzzer a few runs a second).
  const std::size_t stride = legal.size() / 12 + 1;
  for (std::size_t i = 0; i < legal.size(); i += stride)
    GANZDY_FUZZ_CHECK(deal.why_illegal(legal[i]).empty(), legal[i].str() + "\n" + where(deal));
  (void)deal.str();
  (void)deal.outcome();
}

// A move the input makes up: a kind, a rank, some cards of the current hand or
// of anywhere, so the validator sees every kind of wrong.
Move made_up(fuzz::Bytes& in, const Cards& hand) {
  Move m;
  // Only what a Move built from Python can hold: a known kind, a rank or none,
  // the length its cards give.
  m.kind = static_cast<Kind>(in.byte() % kNumKinds);
  m.rank = static_cast<std::int8_t>((in.byte() & 1) != 0 ? kNoRank : in.byte() % kNumRanks);
  const int n = in.byte() % 8;
  for (int i = 0; i < n; ++i) {
    const int face = static_cast<int>(in.byte() % kNumFaces);
    if ((in.byte() & 1) != 0 && hand.count(face) <= m.cards.count(face)) continue;
    if (m.cards.count(face) < Cards::kMaxCopies) m.cards.add(face);
  }
  m.length = static_cast<std::uint8_t>(m.cards.size());
  return m;
}

template <class D>
void expect_unchanged(const D& deal, std::uint64_t hash, int ply, std::size_t history, const std::string& what) {
  GANZDY_FUZZ_CHECK(deal.hash() == hash && deal.ply() == ply && deal.history().size() == history,
                    what + "\n" + where(deal));
}

template <class D>
void run(D deal, fuzz::Bytes& in) {
  using Traits = GameTraits<D>;
  // hashes[i]: the deal's hash before the i-th undoable ply of its history.
  std::vector<std::uint64_t> hashes;
  MoveList legal;
  std::vector<float> observation(static_cast<std::size_t>(Traits::observation_size(deal.rules())));
  check_deal(deal);
  for (int step = 0; step < 300 && !in.empty(); ++step) {
    const std::uint8_t op = in.byte();
    const std::uint64_t hash = deal.hash();
    const int ply = deal.ply();
    const std::size_t history = deal.history().size();
    deal.legal_moves(legal);
    switch (op % 12) {
      case 0:
      case 1:
      case 2: {  // a legal move, checked or not
        if (legal.empty()) break;
        const Move m = legal[in.below(legal.size())];
        hashes.push_back(hash);
        if (op % 3 == 0) deal.apply(m); else deal.push(m);
        GANZDY_FUZZ_CHECK(deal.ply() == ply + 1, where(deal));
        break;
      }
      case 3: {  // the greedy policy's move
        if (legal.empty()) break;
        const int i = Traits::greedy(deal, legal);
        GANZDY_FUZZ_CHECK(i >= 0 && static_cast<std::size_t>(i) < legal.size(), where(deal));
        hashes.push_back(hash);
        deal.push(legal[static_cast<std::size_t>(i)]);
        break;
      }
      case 4: {  // undo
        if (history == 0) break;
        deal.pop();
        GANZDY_FUZZ_CHECK(deal.hash() == hashes.back() && deal.ply() == ply - 1, where(deal));
        hashes.pop_back();
        break;
      }
      case 5: {  // a made-up move, pushed: refused unchanged, or legal and played
        const Move m = made_up(in, deal.is_terminal() ? Cards{} : deal.hand(deal.current_player()));
        const bool legal_move = deal.why_illegal(m).empty();
        try {
          deal.push(m);
          GANZDY_FUZZ_CHECK(legal_move, m.str() + " was pushed though why_illegal refuses it\n" + where(deal));
          hashes.push_back(hash);
        } catch (const IllegalMoveError&) {
          GANZDY_FUZZ_CHECK(!legal_move, m.str() + " was refused though why_illegal accepts it");
          expect_unchanged(deal, hash, ply, history, "a refused push changed the deal: " + m.str());
        }
        break;
      }
      case 6: {  // move text, or a legal move's own text
        std::string text = in.text(48);
        if ((op & 0x10) != 0 && !legal.empty()) text = legal[in.below(legal.size())].str();
        try {
          const Move m = deal.parse_move(text);
          GANZDY_FUZZ_CHECK(deal.why_illegal(m).empty(), quoted(text) + " parsed to an illegal move");
          hashes.push_back(hash);
          deal.push(m);
        } catch (const GanzdyError&) {
          GANZDY_FUZZ_CHECK((op & 0x10) == 0 || legal.empty(), "a legal move's text was refused: " + text);
          expect_unchanged(deal, hash, ply, history, "a refused parse changed the deal: " + text);
        }
        break;
      }
      case 7: {  // a copy sharing the history, undone and played on its own
        D copy = deal.copy();
        std::vector<std::uint64_t> copy_hashes = hashes;
        for (int i = in.byte() % 6; i > 0 && copy.history().size() > 0; --i) {
          copy.pop();
          GANZDY_FUZZ_CHECK(copy.hash() == copy_hashes.back(), where(copy));
          copy_hashes.pop_back();
        }
        copy.legal_moves(legal);
        if (!legal.empty()) {
          copy_hashes.push_back(copy.hash());
          copy.push(legal[in.below(legal.size())]);
        }
        check_deal(copy);
        expect_unchanged(deal, hash, ply, history, "playing a copy changed its original");
        if ((op & 0x10) != 0) {  // go on with the copy
          deal = std::move(copy);
          hashes = std::move(copy_hashes);
        }
        break;
      }
      case 8: {  // a copy without history: nothing to undo
        deal = deal.copy_without_history();
        GANZDY_FUZZ_CHECK(deal.hash() == hash && deal.ply() == ply && deal.history().size() == 0, where(deal));
        hashes.clear();
        break;
      }
      case 9: {  // a determinization for any seat, played on a little
        const int seat = static_cast<int>(in.byte() % static_cast<unsigned>(deal.players()));
        try {
          D world = deal.sample_world(seat, in.u64());
          GANZDY_FUZZ_CHECK(world.hand(seat) == deal.hand(seat) && world.ply() == deal.ply(), where(world));
          check_deal(world);
          for (int i = in.byte() % 8; i > 0 && !world.is_terminal(); --i) {
            world.legal_moves(legal);
            if (legal.empty()) break;
            world.push(legal[in.below(legal.size())]);
            check_deal(world);
          }
        } catch (const GanzdyError&) {
        }
        expect_unchanged(deal, hash, ply, history, "sample_world changed the deal");
        break;
      }
      case 10: {  // what each seat sees
        for (int s = 0; s < deal.players(); ++s) Traits::observe(deal, s, observation.data());
        std::array<double, kMaxSeats> rewards{};
        if (deal.is_terminal()) {
          Traits::rewards(deal, Reward::mixed, rewards);
          for (int s = 0; s < deal.players(); ++s) {
            const double r = rewards[static_cast<std::size_t>(s)];
            GANZDY_FUZZ_CHECK(r >= 0.0 && r <= 1.0, where(deal));
          }
        }
        break;
      }
      default: {  // search: a tiny ISMCTS, or the Gan Deng Yan endgame solver
        if (deal.is_terminal()) break;
        const int seat = deal.current_player();
        if constexpr (std::is_same_v<D, gdy::Deal>) {
          if ((op & 0x10) != 0 && deal.stock_size() == 0) {
            gdy::SolveOptions options;
            options.max_nodes = 200;
            const gdy::SolveResult r = gdy::solve(deal, options);
            if (r.best_move) GANZDY_FUZZ_CHECK(deal.why_illegal(*r.best_move).empty(), r.best_move->str());
            expect_unchanged(deal, hash, ply, history, "solve changed the deal");
            break;
          }
        }
        IsmctsOptions options;
        options.iterations = 1 + in.byte() % 4;
        options.rollout = Traits::kGame == Game::gouji || (op & 0x20) != 0 ? Policy::random : Policy::greedy;
        options.seed = in.byte();
        const IsmctsResult r = ismcts(InformationSet<D>(deal, seat), options);
        GANZDY_FUZZ_CHECK(deal.why_illegal(r.move).empty(), r.move.str() + "\n" + where(deal));
        expect_unchanged(deal, hash, ply, history, "ismcts changed the deal");
        break;
      }
    }
    check_deal(deal);
  }
  // Undo to the start of the history: every ply comes back as it was.
  while (!hashes.empty()) {
    deal.pop();
    GANZDY_FUZZ_CHECK(deal.hash() == hashes.back(), where(deal));
    hashes.pop_back();
  }
}

// A deck order: the rules' deck shuffled by the input, sometimes spoilt (a card
// swapped for another face, or one dropped), which the deal must refuse.
std::vector<Face> deck_from(const Rules& rules, fuzz::Bytes& in) {
  std::vector<Face> deck;
  const Cards all = rules.deck();
  for (int f = 0; f < kNumFaces; ++f)
    for (int c = all.count(f); c > 0; --c) deck.push_back(static_cast<Face>(f));
  for (std::size_t i = deck.size(); i > 1; --i) std::swap(deck[i - 1], deck[in.below(i)]);
  const std::uint8_t spoil = in.byte();
  if (spoil == 1) deck[in.below(deck.size())] = static_cast<Face>(in.byte() % kNumFaces);
  if (spoil == 2) deck.pop_back();
  return deck;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Bytes in(data, size);
  const auto& presets = fuzz::presets();
  const auto& rules = presets[in.byte() % presets.size()];
  const std::uint8_t how = in.byte();
  const std::uint64_t seed = in.u64();
  with_game(rules->game(), [&](auto game) {
    using D = typename decltype(game)::type;
    using Traits = GameTraits<D>;
    try {
      switch (how % 3) {
        case 0:
          run(Traits::make(rules, seed, static_cast<int>(how / 3 % 6)), in);
          break;
        case 1:
          run(Traits::batch_deal(rules, seed, how / 3, true), in);
          break;
        default: {
          std::vector<Face> deck = deck_from(*rules, in);
          if constexpr (std::is_same_v<D, gdy::Deal>) {
            run(D(rules, std::move(deck), static_cast<int>(how / 3 % 6)), in);
          } else if constexpr (std::is_same_v<D, gd::Deal>) {
            gd::DealSetup setup;
            setup.first_leader = static_cast<int>(how / 3 % 6);
            run(D(rules, std::move(deck), setup), in);
          } else {
            gj::DealSetup setup;
            setup.dealer = static_cast<int>(how / 3 % 6);
            run(D(rules, std::move(deck), setup), in);
          }
        }
      }
    } catch (const DeckError&) {
      // A spoilt deck order, refused before any deal exists.
    } catch (const RulesError&) {
      // A dealer or first leader that is not a seat of this game.
    }
  });
  return 0;
}
