#include "ganzdy/gouji/moves.h"

#include <algorithm>
#include <array>

namespace ganzdy::gj {

namespace {

constexpr int kJokerKinds = Cards::kMaxCopies + 1;  // 0..4 small (or big) jokers
constexpr int kMaxRankCards = kNumSuits * Cards::kMaxCopies;  // 16 cards of a rank

constexpr std::uint32_t joker_bit(int small, int big) { return 1u << (kJokerKinds * small + big); }

// The jokers as they count (§4.2 step 1): big and small mixed all count as small.
struct Jokers {
  int big;
  int small;
};
constexpr Jokers effective(bool downgrade, int small, int big) {
  if (downgrade && small > 0 && big > 0) return {0, small + big};
  return {big, small};
}

// Sets of joker choices (bit 5s + b for s small and b big jokers) by how they
// count. The downgrade only turns big jokers into small ones, so the number of
// jokers, and whether some count as small, never depend on it.
struct JokerMasks {
  // big_at_least[downgrade][x]: at least x count as big (x = 0..5; 5: none can).
  std::array<std::array<std::uint32_t, kJokerKinds + 1>, 2> big_at_least{};
  // at_least[y]: at least y jokers (y = 0..2 * kJokerKinds - 1; the last: none can).
  std::array<std::uint32_t, 2 * kJokerKinds> at_least{};
  std::uint32_t no_small = 0;  // no small joker, hence none counting as small
};

constexpr JokerMasks kJokerMasks = [] {
  JokerMasks m;
  for (int s = 0; s < kJokerKinds; ++s)
    for (int b = 0; b < kJokerKinds; ++b) {
      for (int downgrade = 0; downgrade < 2; ++downgrade)
        for (int x = 0; x <= effective(downgrade != 0, s, b).big; ++x)
          m.big_at_least[static_cast<std::size_t>(downgrade)][static_cast<std::size_t>(x)] |= joker_bit(s, b);
      for (int y = 0; y <= s + b; ++y) m.at_least[static_cast<std::size_t>(y)] |= joker_bit(s, b);
      if (s == 0) m.no_small |= joker_bit(s, b);
    }
  return m;
}();

// The value of a play's rank part, or -1 when it has none.
int rank_value(const Play& p) { return p.naturals > 0 ? p.rank : p.twos > 0 ? kRank2 : -1; }

// Joker bits of a Cards' last word: the small joker's counter, then the big one's.
constexpr int kJokerShift = (kBlackJoker & 15) * 4;
static_assert(kRedJoker == kBlackJoker + 1 && kBlackJoker / 16 == Cards::kWords - 1);
constexpr std::uint64_t joker_word(int small, int big) {
  return static_cast<std::uint64_t>(small) << kJokerShift | static_cast<std::uint64_t>(big) << (kJokerShift + 4);
}
// The 2s share the last word with the jokers, in its lowest lane.
static_assert(kRank2 / 4 == Cards::kWords - 1 && kRank2 % 4 == 0);

// Per-thread scratch: the canonical cards of each rank, pick[r][k] being the
// first k cards of rank r in the hand (lowest faces first), already shifted to
// their place in their Cards word. Filled per call for the ranks it uses.
struct Scratch {
  std::array<std::array<std::uint64_t, kMaxRankCards + 1>, kNumRanks> pick;
};

// One generation call over a hand: leads, or the answers to one Demand.
class Generator {
 public:
  Generator(const Config& cfg, const Cards& hand, const Context& ctx, MoveList& out)
      : sink_(out), scratch_(scratch()) {
    for (int r = 0; r < kNumRanks; ++r) {
      lane_[r] = hand.rank_lane(r);
      count_[r] = static_cast<std::int8_t>(hand.rank_count(r));
    }
    small_ = hand.count(kBlackJoker);
    big_ = hand.count(kRedJoker);
    // The hand's joker choices in order (s, then b, fewest first), as last words.
    for (int s = 0; s <= small_; ++s)
      for (int b = 0; b <= big_; ++b) {
        joker_words_[splits_] = joker_word(s, b);
        split_bits_[splits_] = joker_bit(s, b);
        joker_count_[splits_++] = s + b;
      }
    // Naturals a play of each rank may take (hi = 0: none), and whether it must
    // go without 2s and jokers.
    for (int r = 0; r < kRank2; ++r) {
      lo_[r] = 1;
      hi_[r] = count_[r];
      pure_[r] = false;
    }
    if (cfg.biesan && count_[kRank3] > 0) {
      // 3s only as the final play: all of them, the hand holding nothing else.
      if (hand.size() == count_[kRank3])
        restrict_to_all(kRank3);
      else
        hi_[kRank3] = 0;
    }
    if (cfg.four_rules == FourRules::after_open_point && !ctx.opened_point) hi_[kRank4] = 0;
    if (cfg.four_rules == FourRules::all_at_once && count_[kRank4] > 0) restrict_to_all(kRank4);
  }

  void leads() {
    fill_picks(kRank2);  // every play reads its 2s, none included
    const auto& twos = scratch_.pick[kRank2];
    for (int r = 0; r < kRank2; ++r) {
      if (hi_[r] == 0) continue;
      fill_picks(r);
      const int most_twos = pure_[r] ? 0 : count_[kRank2];
      const int splits = pure_[r] ? 1 : splits_;
      for (int m = lo_[r]; m <= hi_[r]; ++m) {
        const std::uint64_t naturals = scratch_.pick[static_cast<std::size_t>(r)][static_cast<std::size_t>(m)];
        for (int t = 0; t <= most_twos; ++t) {
          const std::uint64_t last = twos[static_cast<std::size_t>(t)];
          for (int k = 0; k < splits; ++k) put(r, naturals, last | joker_words_[k], m + t + joker_count_[k]);
        }
      }
    }
    for (int t = 1; t <= count_[kRank2]; ++t) {
      const std::uint64_t last = twos[static_cast<std::size_t>(t)];
      for (int k = 0; k < splits_; ++k) put(kRank2, 0, last | joker_words_[k], t + joker_count_[k]);
    }
    for (int k = 1; k < splits_; ++k) put(kNoRank, 0, joker_words_[k], joker_count_[k]);
    sink_.commit();
  }

  void follows(const Demand& d) {
    const int n = d.size;
    // The hand's joker choices allowed with a rank part, by number of jokers,
    // in the order of the list (fewer small jokers first).
    std::array<std::array<std::uint64_t, kJokerKinds>, 2 * kJokerKinds - 1> with{};
    std::array<int, 2 * kJokerKinds - 1> with_count{};
    for (int k = 0; k < splits_; ++k) {
      const int j = joker_count_[k];
      if (d.with_rank & split_bits_[k]) with[j][with_count[j]++] = joker_words_[k];
    }
    const int most_jokers = small_ + big_;
    if (n > 0) {
      fill_picks(kRank2, std::min<int>(count_[kRank2], n));
      const auto& twos = scratch_.pick[kRank2];
      for (int r = std::max(d.min_value, 0); r < kRank2; ++r) {
        const int most = std::min<int>(hi_[r], n);
        if (most < lo_[r]) continue;
        fill_picks(r, most);
        const int most_twos = pure_[r] ? 0 : count_[kRank2];
        for (int m = lo_[r]; m <= most; ++m) {
          const std::uint64_t naturals = scratch_.pick[static_cast<std::size_t>(r)][static_cast<std::size_t>(m)];
          for (int t = std::max(0, n - m - (pure_[r] ? 0 : most_jokers)); t <= std::min(most_twos, n - m); ++t) {
            const int j = n - m - t;
            const std::uint64_t last = twos[static_cast<std::size_t>(t)];
            for (int k = 0; k < with_count[j]; ++k) put(r, naturals, last | with[j][k], n);
          }
        }
      }
      if (d.min_value <= kRank2) {
        for (int t = std::max(1, n - most_jokers); t <= std::min<int>(count_[kRank2], n); ++t) {
          const std::uint64_t last = twos[static_cast<std::size_t>(t)];
          for (int k = 0; k < with_count[n - t]; ++k) put(kRank2, 0, last | with[n - t][k], n);
        }
      }
      for (int k = 1; k < splits_; ++k)
        if (joker_count_[k] == n && (d.alone & split_bits_[k])) put(kNoRank, 0, joker_words_[k], n);
    }
    sink_.commit();
  }

 private:
  void restrict_to_all(int r) {
    lo_[r] = count_[r];
    hi_[r] = count_[r];
    pure_[r] = true;
  }

  // pick[r][k] for k = 0 .. `upto` (at most the count of r).
  void fill_picks(int r) { fill_picks(r, count_[r]); }
  void fill_picks(int r, int upto) {
    const std::uint32_t lane = lane_[r];
    const int shift = (r & 3) * 16;
    auto& pick = scratch_.pick[static_cast<std::size_t>(r)];
    std::uint64_t acc = 0;
    int k = 0;
    pick[0] = 0;
    for (int suit = 0; suit < kNumSuits && k < upto; ++suit) {
      const std::uint32_t copies = (lane >> (4 * suit)) & 0xF;
      for (std::uint32_t i = 0; i < copies && k < upto; ++i) {
        acc += std::uint64_t{1} << (4 * suit);
        pick[static_cast<std::size_t>(++k)] = acc << shift;
      }
    }
  }

  // Writes the move word by word into its slot: a Cards built on the stack
  // and copied whole would stall store forwarding on every move. `naturals`
  // are rank r's cards in their word (r < kRank2 lives in words 0-2), `last`
  // the last word: the 2s and the jokers.
  void put(int r, std::uint64_t naturals, std::uint64_t last, int length) {
    const int word = r >> 2;
    Move& move = sink_.next();
    auto& w = move.cards.words();
    w[0] = word == 0 ? naturals : 0;
    w[1] = word == 1 ? naturals : 0;
    w[2] = word == 2 ? naturals : 0;
    w[3] = last;
    move.kind = Kind::group;
    move.rank = static_cast<std::int8_t>(r);
    move.length = static_cast<std::uint8_t>(length);
  }

  static Scratch& scratch() {
    thread_local Scratch s;
    return s;
  }

  MoveSink sink_;
  Scratch& scratch_;
  std::array<std::uint16_t, kNumRanks> lane_{};  // each rank's cards by suit (card.h's lanes)
  std::array<std::int8_t, kNumRanks> count_{};
  std::array<std::int8_t, kNumRanks> lo_{};
  std::array<std::int8_t, kNumRanks> hi_{};
  std::array<bool, kNumRanks> pure_{};
  int small_ = 0;
  int big_ = 0;
  int splits_ = 0;  // joker choices: (small_ + 1) * (big_ + 1)
  std::array<std::uint64_t, kJokerKinds * kJokerKinds> joker_words_;
  std::array<int, kJokerKinds * kJokerKinds> joker_count_;
  std::array<std::uint32_t, kJokerKinds * kJokerKinds> split_bits_;
};

}  // namespace

std::optional<Play> classify(const Config& cfg, const Cards& cards) {
  Play p;
  p.small = cards.count(kBlackJoker);
  p.big = cards.count(kRedJoker);
  p.twos = cards.rank_count(kRank2);
  for (int r = 0; r < kRank2; ++r) {
    const int n = cards.rank_count(r);
    if (n == 0) continue;
    if (p.naturals > 0) return std::nullopt;  // a second rank
    p.rank = r;
    p.naturals = n;
  }
  if (p.size() == 0) return std::nullopt;
  const bool extras = p.twos + p.jokers() > 0;
  if (p.naturals > 0 && extras) {
    if (cfg.biesan && p.rank == kRank3) return std::nullopt;
    if (cfg.four_rules == FourRules::all_at_once && p.rank == kRank4) return std::nullopt;
  }
  if (p.naturals == 0) p.rank = p.twos > 0 ? kRank2 : kNoRank;
  return p;
}

std::string why_not_play(const Config& cfg, const Cards& cards) {
  if (classify(cfg, cards)) return "";
  if (cards.empty()) return "no cards are no play";
  std::string ranks;
  int found = 0;
  for (int r = 0; r < kRank2; ++r) {
    if (cards.rank_count(r) == 0) continue;
    ranks += (found++ ? " and " : "") + std::string(rank_name(r));
  }
  if (found > 1)
    return cards.str() + " is no play: its cards other than 2s and jokers must share one rank, but it has " + ranks;
  if (cfg.biesan && cards.rank_count(kRank3) > 0)
    return cards.str() + " is no play: under 憋三 (biesan=True) 3s are played alone, never with 2s or jokers";
  return cards.str() + " is no play: under four_rules='all_at_once' 4s are played without 2s or jokers";
}

Play play_of(const Move& move) {
  Play p;
  p.rank = move.rank;
  p.small = move.cards.count(kBlackJoker);
  p.big = move.cards.count(kRedJoker);
  p.twos = move.cards.rank_count(kRank2);
  if (move.rank >= 0 && move.rank < kRank2) p.naturals = move.cards.rank_count(move.rank);
  return p;
}

Vector vector_of(const Config& cfg, const Play& play) {
  const Jokers j = effective(cfg.mixed_joker_downgrade, play.small, play.big);
  Vector v;
  v.big = j.big;
  v.small = j.small;
  v.count = play.rank_part();
  v.value = rank_value(play);
  return v;
}

std::string_view value_name(int value) {
  return value == kBigJokerValue ? "RJ" : value == kSmallJokerValue ? "BJ" : rank_name(value);
}

std::string vector_text(const Vector& vec) {
  std::string out;
  for (int i = 0; i < vec.size(); ++i) {
    if (i) out += ' ';
    out += value_name(vec.at(i));
  }
  return out;
}

bool is_gouji(const Config& cfg, const Play& play) {
  if (play.jokers() > 0 || play.rank == kRank2) return true;
  if (play.naturals == 0) return false;
  const int threshold = cfg.gouji_threshold[static_cast<std::size_t>(play.rank)];
  return threshold > 0 && play.rank_part() >= threshold;
}

bool opens_point(const Config& cfg, const Play& play) {
  return is_gouji(cfg, play) && play.jokers() == 0 && !(cfg.open_point_excludes_twos && play.twos > 0);
}

Demand demand_of(const Config& cfg, const Play& table) {
  const Vector v = vector_of(cfg, table);
  BeatMode mode = cfg.beat_mode;
  if (mode == BeatMode::cover && v.count == 0) mode = BeatMode::strict;  // no rank places to cover with >
  if (mode == BeatMode::two_kill_one && v.big == 0) mode = BeatMode::strict;
  Demand d;
  d.size = v.size();
  d.min_value = v.value + 1;
  // What an answer's jokers must count as. strict: a big joker over each of the
  // table's small jokers (its big jokers are unbeatable); cover: a joker at
  // least as high over each of its jokers; two_kill_one: two big jokers for each
  // of its big ones, then strict; wild: anything.
  int need_big = 0;
  int need_jokers = 0;
  switch (mode) {
    case BeatMode::strict:
      if (v.big > 0) return Demand{};
      need_big = v.small;
      break;
    case BeatMode::cover:
      need_big = v.big;
      need_jokers = v.big + v.small;
      break;
    case BeatMode::wild: break;
    case BeatMode::two_kill_one:
      d.size += v.big;
      need_big = 2 * v.big + v.small;
      break;
  }
  const auto& big = kJokerMasks.big_at_least[cfg.mixed_joker_downgrade ? 1 : 0];
  d.with_rank = big[static_cast<std::size_t>(std::min(need_big, kJokerKinds))] &
                kJokerMasks.at_least[static_cast<std::size_t>(std::min(need_jokers, 2 * kJokerKinds - 1))];
  d.alone = d.with_rank & ~joker_bit(0, 0);
  if (mode == BeatMode::wild) {
    // wild compares the lowest cards: a rank part's value, or the lowest joker.
    const int lowest = v.count > 0 ? v.value : v.small > 0 ? kSmallJokerValue : kBigJokerValue;
    d.min_value = lowest + 1;
    if (lowest == kSmallJokerValue) d.alone &= kJokerMasks.no_small;
    if (lowest == kBigJokerValue) d.alone = 0;
  }
  return d;
}

bool beats(const Config& cfg, const Play& next, const Play& table) {
  const Demand d = demand_of(cfg, table);
  if (next.size() != d.size || d.size == 0) return false;
  const int value = rank_value(next);
  if (value < 0) return (d.alone & joker_bit(next.small, next.big)) != 0;
  return value >= d.min_value && (d.with_rank & joker_bit(next.small, next.big)) != 0;
}

bool beats(const Config& cfg, const Move& next, const Move& table) {
  if (next.is_pass() || table.is_pass()) return !next.is_pass();
  return beats(cfg, play_of(next), play_of(table));
}

namespace {

void run(const Config& cfg, const Cards& hand, const Context& ctx, MoveList& out, const Demand* demand) {
  Generator g(cfg, hand, ctx, out);
  if (demand)
    g.follows(*demand);
  else
    g.leads();
}

}  // namespace

void generate_leads(const Config& cfg, const Cards& hand, MoveList& out, const Context& ctx) {
  out.clear();
  run(cfg, hand, ctx, out, nullptr);
}

void generate_follows(const Config& cfg, const Cards& hand, const Move& table, MoveList& out, const Context& ctx) {
  out.clear();
  append_follows(cfg, hand, table, out, ctx);
}

void append_follows(const Config& cfg, const Cards& hand, const Move& table, MoveList& out, const Context& ctx) {
  const Demand d = demand_of(cfg, play_of(table));
  run(cfg, hand, ctx, out, &d);
}

void readings(const Config& cfg, const Cards& cards, MoveList& out) {
  out.clear();
  const auto p = classify(cfg, cards);
  if (!p) return;
  Move m;
  m.cards = cards;
  m.kind = Kind::group;
  m.rank = static_cast<std::int8_t>(p->rank);
  m.length = static_cast<std::uint8_t>(p->size());
  out.push_back(m);
}

bool is_combination(const Config& cfg, const Move& move) {
  if (move.kind != Kind::group || move.length != move.cards.size()) return false;
  const auto p = classify(cfg, move.cards);
  return p && p->rank == move.rank;
}

std::string why_restricted(const Config& cfg, const Cards& hand, const Play& play, const Context& ctx) {
  if (play.naturals == 0) return "";
  const int held = hand.rank_count(play.rank);
  if (cfg.biesan && play.rank == kRank3 && play.size() != hand.size())
    return "under 憋三 (biesan=True) 3s are played only as the final play, all of them at once, but the hand "
           "holds " +
           std::to_string(hand.size() - play.size()) + " more card" + (hand.size() - play.size() == 1 ? "" : "s");
  if (play.rank == kRank4 && cfg.four_rules == FourRules::after_open_point && !ctx.opened_point)
    return "under four_rules='after_open_point' 4s are played only after opening a point";
  if (play.rank == kRank4 && cfg.four_rules == FourRules::all_at_once && play.naturals != held)
    return "under four_rules='all_at_once' 4s are played all at once, and the hand holds " + std::to_string(held);
  return "";
}

std::string why_illegal(const Config& cfg, const Cards& hand, const Move& table, const Move& move,
                        const Context& ctx) {
  if (move.is_pass()) return table.is_pass() ? "the leader may not pass" : "";
  if (!hand.contains(move.cards)) return "the hand " + hand.str() + " does not hold " + move.cards.str();
  if (move.length != move.cards.size())
    return "the move says " + std::to_string(move.length) + " cards but plays " + std::to_string(move.cards.size());
  const auto play = classify(cfg, move.cards);
  if (!play) return why_not_play(cfg, move.cards);
  if (move.kind != Kind::group || play->rank != move.rank) {
    Move right = move;
    right.kind = Kind::group;
    right.rank = static_cast<std::int8_t>(play->rank);
    return move.str() + " is a wrong declaration: these cards are " + right.str();
  }
  if (std::string why = why_restricted(cfg, hand, *play, ctx); !why.empty()) return why;
  if (!table.is_pass() && !beats(cfg, move, table)) {
    const Play t = play_of(table);
    const std::string mine = vector_text(vector_of(cfg, *play));
    const std::string theirs = vector_text(vector_of(cfg, t));
    std::string why = move.str() + " does not beat " + table.str() + " (vectors " + mine + " against " + theirs + "): ";
    switch (cfg.beat_mode) {
      case BeatMode::strict:
        return why + "an answer has the same size and a higher card in every place";
      case BeatMode::cover:
        return why + "an answer has the same size, a card as high in each joker place and a higher one in each "
                     "rank place";
      case BeatMode::wild: return why + "an answer has the same size and a higher lowest card";
      case BeatMode::two_kill_one:
        return why + "an answer has the same size and a higher card in every place, or spends two big jokers on "
                     "each big joker and beats the rest so";
    }
  }
  return "";
}

}  // namespace ganzdy::gj
