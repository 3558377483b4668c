#include "ganzdy/core/rules.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "ganzdy/core/errors.h"
#include "ganzdy/core/move.h"
#include "core/preset.h"

namespace ganzdy {

namespace detail {

int option_index(const Preset& preset, std::string_view name) {
  const auto& specs = *preset.specs;
  for (std::size_t i = 0; i < specs.size(); ++i)
    if (specs[i].name == name) return static_cast<int>(i);
  return -1;
}
}  // namespace detail

namespace {

using detail::kNone;
using detail::kUnset;
using detail::Preset;
using detail::preset_of;

// The games' Chinese names, which people type as readily as the English ones.
constexpr std::pair<std::string_view, std::string_view> kChineseGameNames[] = {
    {"干瞪眼", "gan_deng_yan"},
    {"掼蛋", "guandan"},
    {"够级", "gouji"},
};

std::optional<Game> game_of(std::string_view name) {
  for (const auto& [chinese, english] : kChineseGameNames)
    if (name == chinese) name = english;
  for (int g = 0; g < kNumGames; ++g)
    if (preset_of(static_cast<Game>(g)).name == name) return static_cast<Game>(g);
  return std::nullopt;
}

// Names a caller passed may be megabytes or hold NUL bytes: quoted() bounds and escapes them.
std::string quote(std::string_view s) { return "'" + quoted(s) + "'"; }

// "'gan_deng_yan', 'guandan', 'gouji'": every game of the registry.
std::string game_names() {
  std::string out;
  for (int g = 0; g < kNumGames; ++g) out += (g ? ", " : "") + quote(preset_of(static_cast<Game>(g)).name);
  out += " (or by their Chinese names";
  for (const auto& [chinese, english] : kChineseGameNames) out += " " + std::string(chinese);
  return out + ")";
}

std::string value_text(const OptionValue& v) {
  if (std::holds_alternative<std::monostate>(v)) return "None";
  if (const bool* b = std::get_if<bool>(&v)) return *b ? "True" : "False";
  if (const auto* i = std::get_if<std::int64_t>(&v)) return std::to_string(*i);
  return quote(std::get<std::string>(v));
}

constexpr int kRankCountBits = 5;

// "T5 J4 Q3 K2 A2": ranks in order, each with its count.
std::string rank_counts_text(std::int64_t packed) {
  const RankCounts counts = unpack_rank_counts(packed);
  std::string out;
  for (int r = 0; r < kRank2; ++r)
    if (counts[static_cast<std::size_t>(r)] > 0)
      out += (out.empty() ? "" : " ") + std::string(rank_name(r)) + std::to_string(counts[static_cast<std::size_t>(r)]);
  return out;
}

// The counts of rank_counts text, or nullopt when it is not such text (a rank
// outside 3..A or named twice, a count outside [lo, hi], anything else).
std::optional<RankCounts> parse_rank_counts(std::string_view text, std::int64_t lo, std::int64_t hi) {
  RankCounts counts{};
  std::size_t i = 0;
  while (true) {
    while (i < text.size() && (text[i] == ' ' || text[i] == ',' || text[i] == '\t')) ++i;
    if (i == text.size()) return counts;
    const std::size_t rank_len = text.substr(i, 2) == "10" ? 2 : 1;
    const auto rank = parse_rank(text.substr(i, rank_len));
    i += rank_len;
    if (!rank || *rank == kRank2 || counts[static_cast<std::size_t>(*rank)] != 0) return std::nullopt;
    std::int64_t n = 0;
    const std::size_t digits = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9' && i - digits < 3) n = 10 * n + (text[i++] - '0');
    if (i == digits || n < lo || n > hi) return std::nullopt;
    counts[static_cast<std::size_t>(*rank)] = static_cast<std::uint8_t>(n);
  }
}

OptionValue to_value(const OptionSpec& spec, std::int64_t raw) {
  switch (spec.type) {
    case OptionSpec::Type::boolean: return raw != 0;
    case OptionSpec::Type::integer: return raw;
    case OptionSpec::Type::integer_or_none:
      if (raw == kNone) return std::monostate{};
      return raw;
    case OptionSpec::Type::choice: return std::string(spec.choices[static_cast<std::size_t>(raw)]);
    case OptionSpec::Type::rank_counts: return rank_counts_text(raw);
  }
  return std::monostate{};
}

std::int64_t from_value(const OptionSpec& spec, const OptionValue& v) {
  auto bad = [&]() -> RulesError {
    return RulesError("option " + std::string(spec.name) + "=" + value_text(v) + " is not allowed: expected " +
                      spec.allowed());
  };
  switch (spec.type) {
    case OptionSpec::Type::boolean:
      if (const bool* b = std::get_if<bool>(&v))
        if ((*b ? 1 : 0) >= spec.min && (*b ? 1 : 0) <= spec.max) return *b ? 1 : 0;
      throw bad();
    case OptionSpec::Type::integer_or_none:
      if (std::holds_alternative<std::monostate>(v)) return kNone;
      [[fallthrough]];
    case OptionSpec::Type::integer:
      if (const auto* i = std::get_if<std::int64_t>(&v))
        if (*i >= spec.min && *i <= spec.max) return *i;
      throw bad();
    case OptionSpec::Type::choice: {
      // An integer stands for its digits (Guandan's level=5, or --option level=5).
      std::string text;
      if (const auto* s = std::get_if<std::string>(&v))
        text = *s;
      else if (const auto* i = std::get_if<std::int64_t>(&v))
        text = std::to_string(*i);
      else
        throw bad();
      auto it = std::find(spec.choices.begin(), spec.choices.end(), text);
      if (it != spec.choices.end()) return it - spec.choices.begin();
      throw bad();
    }
    case OptionSpec::Type::rank_counts:
      if (const auto* s = std::get_if<std::string>(&v))
        if (const auto counts = parse_rank_counts(*s, spec.min, spec.max)) return pack_rank_counts(*counts);
      throw bad();
  }
  throw bad();
}

}  // namespace

std::string OptionSpec::allowed() const {
  switch (type) {
    case Type::boolean:
      if (min == max) return min ? "only True" : "only False";
      return "True or False";
    case Type::integer:
      if (min == max) return "only " + std::to_string(min);
      return "an integer from " + std::to_string(min) + " to " + std::to_string(max);
    case Type::integer_or_none:
      return "None or an integer from " + std::to_string(min) + " to " + std::to_string(max);
    case Type::choice: {
      std::string out = "one of ";
      for (std::size_t i = 0; i < choices.size(); ++i) out += (i ? ", " : "") + quote(choices[i]);
      return out;
    }
    case Type::rank_counts:
      return "ranks 3 to A, each at most once with a count from " + std::to_string(min) + " to " +
             std::to_string(max) + ", like 'T5 J4 Q3 K2 A2' ('' for none)";
  }
  return "";
}

std::int64_t pack_rank_counts(const RankCounts& counts) {
  std::int64_t packed = 0;
  for (int r = 0; r < kRank2; ++r)
    packed |= static_cast<std::int64_t>(counts[static_cast<std::size_t>(r)]) << (kRankCountBits * r);
  return packed;
}

RankCounts unpack_rank_counts(std::int64_t packed) {
  RankCounts counts{};
  for (int r = 0; r < kRank2; ++r)
    counts[static_cast<std::size_t>(r)] =
        static_cast<std::uint8_t>((packed >> (kRankCountBits * r)) & ((1 << kRankCountBits) - 1));
  return counts;
}

const std::vector<OptionSpec>& option_specs(Game game) { return *preset_of(game).specs; }

const OptionSpec* find_option_spec(std::string_view game, std::string_view name) {
  const auto g = game_of(game);
  if (!g) return nullptr;
  const Preset& preset = preset_of(*g);
  int i = detail::option_index(preset, name);
  return i < 0 ? nullptr : &(*preset.specs)[static_cast<std::size_t>(i)];
}

Rules::Rules(std::string_view game, int players, const std::vector<std::pair<std::string, OptionValue>>& options) {
  if (const auto g = game_of(game)) {
    game_ = *g;
  } else {
    throw RulesError("unknown game " + quote(game) + "; available games: " + game_names());
  }
  const Preset& preset = preset_of(game_);
  if (players < preset.min_players || players > preset.max_players)
    throw RulesError("players=" + std::to_string(players) + " is not allowed for " + std::string(preset.name) +
                     ": expected " + std::to_string(preset.min_players) + " to " +
                     std::to_string(preset.max_players));
  players_ = players;
  const auto& specs = *preset.specs;
  values_.assign(specs.size(), kUnset);
  defaults_.assign(specs.size(), kUnset);
  for (const auto& [name, value] : options) {
    int i = detail::option_index(preset, name);
    if (i < 0) {
      std::string known;
      for (const auto& s : specs) known += (known.empty() ? "" : ", ") + std::string(s.name);
      throw RulesError("unknown option " + quote(name) + " for " + std::string(preset.name) +
                       "; allowed options: " + known);
    }
    values_[static_cast<std::size_t>(i)] = from_value(specs[static_cast<std::size_t>(i)], value);
  }
  preset.complete(players_, values_, defaults_);
  data_ = preset.derive(players_, values_);
}

int Rules::default_players(std::string_view game) {
  const auto g = game_of(game);
  return g ? preset_of(*g).default_players : 4;
}

std::string_view Rules::game_name() const { return preset_of(game_).name; }

int Rules::packs() const { return preset_of(game_).packs(values_); }

Cards Rules::deck() const {
  // Every face `packs` times: all the 4-bit counters of a word set at once (the
  // observation encoder asks for the deck on every call).
  const auto copies = static_cast<std::uint64_t>(packs());
  constexpr std::uint64_t kOnes = 0x1111111111111111ULL;  // 1 in each counter
  Cards deck;
  for (int w = 0; w < Cards::kWords; ++w) {
    const int faces = std::min(16, kNumFaces - 16 * w);  // faces in this word
    deck.words()[static_cast<std::size_t>(w)] = (faces == 16 ? kOnes : kOnes >> (4 * (16 - faces))) * copies;
  }
  return deck;
}

std::vector<OptionInfo> Rules::options() const {
  const auto& specs = *preset_of(game_).specs;
  std::vector<OptionInfo> out;
  for (std::size_t i = 0; i < specs.size(); ++i)
    out.push_back({&specs[i], to_value(specs[i], values_[i]), to_value(specs[i], defaults_[i])});
  return out;
}

OptionValue Rules::option(std::string_view name) const {
  const Preset& preset = preset_of(game_);
  int i = detail::option_index(preset, name);
  if (i < 0) throw RulesError("unknown option " + quote(name) + " for " + std::string(preset.name));
  return to_value((*preset.specs)[static_cast<std::size_t>(i)], values_[static_cast<std::size_t>(i)]);
}

std::string Rules::repr() const {
  const auto& specs = *preset_of(game_).specs;
  std::string out = "Rules(" + quote(game_name()) + ", players=" + std::to_string(players_);
  for (std::size_t i = 0; i < specs.size(); ++i)
    if (values_[i] != defaults_[i])
      out += ", " + std::string(specs[i].name) + "=" + value_text(to_value(specs[i], values_[i]));
  return out + ")";
}

std::string Rules::describe() const {
  const Preset& preset = preset_of(game_);
  const auto& specs = *preset.specs;
  std::string out = std::string(preset.name) + " v" + std::to_string(preset.version) + ", " +
                    std::to_string(players_) + " players";
  for (std::size_t i = 0; i < specs.size(); ++i)
    if (values_[i] != defaults_[i])
      out += ", " + std::string(specs[i].name) + "=" + value_text(to_value(specs[i], values_[i]));
  return out;
}

std::uint64_t Rules::hash() const {
  std::uint64_t h = static_cast<std::uint64_t>(game_) * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(players_);
  for (std::int64_t v : values_) {
    h ^= static_cast<std::uint64_t>(v) + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
  }
  return h;
}

void Rules::check_in_deck(const Cards& cards, std::string_view what) const {
  const int copies = packs();
  for (int f = 0; f < kNumFaces; ++f) {
    if (cards.count(f) > copies)
      throw DeckError(std::string(what) + " '" + cards.str() + "' has " + std::to_string(cards.count(f)) + " x " +
                      face_name(f) + " but " + describe() + " uses " + std::to_string(copies) +
                      (copies == 1 ? " pack (one of each card)" : " packs (at most " + std::to_string(copies) +
                                                                     " of each card)"));
  }
}

}  // namespace ganzdy
