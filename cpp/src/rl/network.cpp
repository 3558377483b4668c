#include "ganzdy/rl/network.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <sstream>

namespace ganzdy {

namespace {

constexpr std::string_view kMagic = "GANZDYNN";
constexpr const char* kRequiredKeys[] = {"game",      "players", "observation_version", "observation_size",
                                         "move_features", "move_kinds", "layers", "activation"};
// The dense kernel's block: kRows move vectors by kCols outputs at a time, the
// accumulators of one block held in vector registers.
constexpr int kRows = 4;
constexpr int kCols = 16;

int round_up(int n, int to) { return (n + to - 1) / to * to; }

// Python's repr of a str, near enough for an error message: the text in quotes.
std::string quote(std::string_view text) { return "'" + quoted(text) + "'"; }

std::uint32_t read_u32(std::string_view data, std::size_t at) {
  std::uint32_t v = 0;
  for (int b = 3; b >= 0; --b) v = (v << 8) | static_cast<unsigned char>(data[at + static_cast<std::size_t>(b)]);
  return v;
}

float read_f32(const char* p) {
  std::uint32_t bits = 0;
  for (int b = 3; b >= 0; --b) bits = (bits << 8) | static_cast<unsigned char>(p[b]);
  float v;
  std::memcpy(&v, &bits, sizeof v);
  return v;
}

bool valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    int extra;
    std::uint32_t cp;
    if (c < 0x80) {
      ++i;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      extra = 1;
      cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      extra = 2;
      cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      extra = 3;
      cp = c & 0x07;
    } else {
      return false;
    }
    if (i + static_cast<std::size_t>(extra) >= s.size()) return false;
    for (int k = 1; k <= extra; ++k) {
      const auto cc = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
      if ((cc & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (cc & 0x3F);
    }
    // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
    static constexpr std::uint32_t kLeast[] = {0, 0x80, 0x800, 0x10000};
    if (cp < kLeast[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += static_cast<std::size_t>(extra) + 1;
  }
  return true;
}

// A header value that must be a whole number (ASCII digits, at most nine: no width,
// size or count of a network comes near); -1 otherwise.
int whole_number(std::string_view text) {
  if (text.empty() || text.size() > 9) return -1;
  int v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return -1;
    v = v * 10 + (c - '0');
  }
  return v;
}

std::vector<std::string_view> split_words(std::string_view text) {
  // Python's str.split(): runs of ASCII blanks separate words.
  std::vector<std::string_view> out;
  std::size_t i = 0;
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; };
  while (i < text.size()) {
    while (i < text.size() && blank(text[i])) ++i;
    const std::size_t start = i;
    while (i < text.size() && !blank(text[i])) ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
  return out;
}

// The compiler vectorizes the kernels below for the machine the wheel is built for
// (SSE2 on x86-64); where the loader can pick a function at run time (glibc's
// ifunc), GCC also builds AVX2+FMA and AVX-512 clones and the fastest one the CPU
// runs is used.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__GLIBC__) && \
    !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#define GANZDY_KERNEL __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define GANZDY_KERNEL
#endif

// y[r][0, stride) = b + sum_i x[r][i] * wt[i][.], for rows r < rows (a multiple of
// kRows; x's row stride x_stride, y's stride, a multiple of kCols), ReLU'd when
// `relu`. The sum runs along the outputs, so every update is a plain vector
// multiply-add with no reduction to reorder; a block's kRows x kCols accumulators
// are named values, so they stay in registers.
#if defined(__GNUC__)
typedef float Lanes __attribute__((vector_size(32)));  // eight floats: two SSE or one AVX register

inline Lanes load(const float* p) {
  Lanes v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline void store(float* p, Lanes v, bool relu) {
  if (relu) v = v > Lanes{} ? v : Lanes{};
  std::memcpy(p, &v, sizeof v);
}

static_assert(kRows == 4 && kCols == 16, "the kernel below is written for 4 x 16 blocks");

GANZDY_KERNEL
void dense(const float* x, int rows, int x_stride, int in, const float* wt, const float* b, int stride, bool relu,
           float* y) {
  const std::ptrdiff_t xs = x_stride;
  // Output blocks outside, rows inside: a block's column panel of the weights
  // (in x kCols floats, 16 KB for 256 inputs) stays in the L1 cache while every
  // row passes over it.
  for (int o0 = 0; o0 < stride; o0 += kCols) {
    for (int r0 = 0; r0 < rows; r0 += kRows) {
      const float* x0 = x + static_cast<std::ptrdiff_t>(r0) * xs;
      const float* x1 = x0 + xs;
      const float* x2 = x1 + xs;
      const float* x3 = x2 + xs;
      const Lanes b0 = load(b + o0), b1 = load(b + o0 + 8);
      Lanes a00 = b0, a01 = b1, a10 = b0, a11 = b1, a20 = b0, a21 = b1, a30 = b0, a31 = b1;
      const float* w = wt + o0;
      for (int i = 0; i < in; ++i, w += stride) {
        const Lanes w0 = load(w), w1 = load(w + 8);
        const Lanes v0 = Lanes{} + x0[i], v1 = Lanes{} + x1[i], v2 = Lanes{} + x2[i], v3 = Lanes{} + x3[i];
        a00 += v0 * w0;
        a01 += v0 * w1;
        a10 += v1 * w0;
        a11 += v1 * w1;
        a20 += v2 * w0;
        a21 += v2 * w1;
        a30 += v3 * w0;
        a31 += v3 * w1;
      }
      float* y0 = y + static_cast<std::ptrdiff_t>(r0) * stride + o0;
      const std::ptrdiff_t ys = stride;
      store(y0, a00, relu);
      store(y0 + 8, a01, relu);
      store(y0 + ys, a10, relu);
      store(y0 + ys + 8, a11, relu);
      store(y0 + 2 * ys, a20, relu);
      store(y0 + 2 * ys + 8, a21, relu);
      store(y0 + 3 * ys, a30, relu);
      store(y0 + 3 * ys + 8, a31, relu);
    }
  }
}
#else
void dense(const float* x, int rows, int x_stride, int in, const float* wt, const float* b, int stride, bool relu,
           float* y) {
  for (int r = 0; r < rows; ++r) {
    float* yr = y + static_cast<std::ptrdiff_t>(r) * stride;
    std::copy(b, b + stride, yr);
    const float* xr = x + static_cast<std::ptrdiff_t>(r) * x_stride;
    for (int i = 0; i < in; ++i)
      for (int o = 0; o < stride; ++o) yr[o] += xr[i] * wt[static_cast<std::ptrdiff_t>(i) * stride + o];
    if (relu)
      for (int o = 0; o < stride; ++o) yr[o] = std::max(yr[o], 0.0f);
  }
}
#endif

// y[0, n) += a * w[0, n): one column of a transposed first layer.
GANZDY_KERNEL
void add_scaled(float* y, float a, const float* w, int n) {
  for (int i = 0; i < n; ++i) y[i] += a * w[i];
}

thread_local std::vector<std::uint8_t> tl_cards, tl_kinds, tl_wilds;
thread_local std::vector<std::int8_t> tl_keys;
thread_local std::vector<float> tl_vectors, tl_distinct, tl_base, tl_act_a, tl_act_b, tl_distinct_scores;
thread_local std::vector<std::int32_t> tl_slot_of, tl_table;

}  // namespace

void write_move_vectors(const MoveList& moves, int wild_face, float* out) {
  const std::size_t n = moves.size();
  tl_cards.resize(n * kNumFaces);
  tl_kinds.resize(n);
  tl_keys.resize(n);
  tl_wilds.resize(n);
  write_move_features(moves, wild_face, tl_cards.data(), tl_kinds.data(), tl_keys.data(), tl_wilds.data());
  const int size = move_vector_size();
  for (std::size_t k = 0; k < n; ++k) {
    float* row = out + k * static_cast<std::size_t>(size);
    std::fill(row, row + size, 0.0f);
    const std::uint8_t* faces = tl_cards.data() + k * kNumFaces;
    // Faces are rank-major, four suits a rank, then BJ and RJ (move_features.h).
    for (int rank = 0; rank < 13; ++rank)
      row[rank] = static_cast<float>(faces[4 * rank] + faces[4 * rank + 1] + faces[4 * rank + 2] + faces[4 * rank + 3]);
    row[13] = faces[52];
    row[14] = faces[53];
    row[kRankSlots + tl_kinds[k]] = 1.0f;
    row[kRankSlots + kNumKinds + tl_keys[k] + 1] = 1.0f;
    row[size - 1] = tl_wilds[k];
  }
}

const std::string& Network::header_value(std::string_view key) const {
  static const std::string kNone;
  for (const auto& [k, v] : header_)
    if (k == key) return v;
  return kNone;
}

Network Network::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw NetworkFileError(path + ": cannot open the network file (" + std::strerror(errno) + ")");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) throw NetworkFileError(path + ": cannot read the network file");
  return from_bytes(buffer.str(), path);
}

Network Network::from_bytes(std::string_view data, const std::string& source) {
  if (data.substr(0, 8) != kMagic)
    throw NetworkFileError(source + " is no ganzdy network file (it does not start b'GANZDYNN')");
  if (data.size() < 16) throw NetworkFileError(source + ": cut short in its first 16 bytes");
  const std::uint32_t version = read_u32(data, 8);
  const std::uint64_t length = read_u32(data, 12);
  if (version != kNetworkFormatVersion)
    throw NetworkFileError(source + ": format version " + std::to_string(version) + "; this ganzdy reads version " +
                           std::to_string(kNetworkFormatVersion));
  if (16 + length > data.size())
    throw NetworkFileError(source + ": a header of " + std::to_string(length) + " bytes in a " +
                           std::to_string(data.size()) + "-byte file");
  const std::string_view text = data.substr(16, length);
  if (!valid_utf8(text)) throw NetworkFileError(source + ": the header is not UTF-8");

  Network net;
  net.source_ = source;
  // One "key value" line each; the text after the last line break is a line too.
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    const std::size_t space = line.find(' ');
    std::string key(line.substr(0, space));
    std::string value(space == std::string_view::npos ? std::string_view() : line.substr(space + 1));
    // A repeated key keeps its last value, at its first place (as a Python dict).
    auto it = std::find_if(net.header_.begin(), net.header_.end(), [&](const auto& kv) { return kv.first == key; });
    if (it != net.header_.end())
      it->second = std::move(value);
    else
      net.header_.emplace_back(std::move(key), std::move(value));
    start = end + 1;
  }

  std::string missing;
  for (const char* key : kRequiredKeys) {
    const bool present = std::any_of(net.header_.begin(), net.header_.end(), [&](const auto& kv) { return kv.first == key; });
    if (!present) missing += (missing.empty() ? "" : ", ") + std::string(key);
  }
  if (!missing.empty()) throw NetworkFileError(source + ": the header lacks " + missing);
  const std::string& activation = net.header_value("activation");
  if (activation != "relu") throw NetworkFileError(source + ": activation " + quote(activation) + "; expected 'relu'");
  const std::string& features = net.header_value("move_features");
  if (features != std::to_string(kMoveVectorVersion))
    throw NetworkFileError(source + ": move vector version " + quote(features) + "; this ganzdy reads version " +
                           std::to_string(kMoveVectorVersion));
  int* const numbers[] = {&net.players_, &net.observation_version_, &net.observation_size_, &net.move_kinds_};
  const char* const number_keys[] = {"players", "observation_version", "observation_size", "move_kinds"};
  for (int k = 0; k < 4; ++k) {
    const std::string& text_value = net.header_value(number_keys[k]);
    *numbers[k] = whole_number(text_value);
    if (*numbers[k] < 0)
      throw NetworkFileError(source + ": " + number_keys[k] + " " + quote(text_value) + "; expected a whole number");
  }
  const std::string& layers_text = net.header_value("layers");
  const auto words = split_words(layers_text);
  for (std::string_view w : words) net.widths_.push_back(whole_number(w));
  if (net.widths_.size() < 2 || std::any_of(net.widths_.begin(), net.widths_.end(), [](int w) { return w <= 0; }))
    throw NetworkFileError(source + ": layers " + quote(layers_text) + "; expected widths > 0");
  const int expected = net.observation_size_ + move_vector_size(net.move_kinds_);
  if (net.widths_.front() != expected || net.widths_.back() != 1)
    throw NetworkFileError(source + ": layers " + quote(layers_text) +
                           "; the first must be the observation and move size, " + std::to_string(expected) +
                           ", and the last 1");

  // The layers: float32 [out][in] row-major weights, then [out] biases, each.
  std::uint64_t offset = 16 + length;
  std::vector<std::vector<float>> weights, biases;
  for (std::size_t l = 0; l + 1 < net.widths_.size(); ++l) {
    const auto fan_in = static_cast<std::uint64_t>(net.widths_[l]);
    const auto fan_out = static_cast<std::uint64_t>(net.widths_[l + 1]);
    const std::uint64_t size = 4 * (fan_out * fan_in + fan_out);
    if (offset + size > data.size())
      throw NetworkFileError(source + ": cut short in layer " + std::to_string(l + 1));
    std::vector<float> w(fan_out * fan_in), b(fan_out);
    const char* p = data.data() + offset;
    for (std::size_t i = 0; i < w.size(); ++i) w[i] = read_f32(p + 4 * i);
    p += 4 * w.size();
    for (std::size_t i = 0; i < b.size(); ++i) b[i] = read_f32(p + 4 * i);
    weights.push_back(std::move(w));
    biases.push_back(std::move(b));
    offset += size;
  }
  if (offset != data.size())
    throw NetworkFileError(source + ": " + std::to_string(data.size() - offset) + " bytes after the last layer");

  // The first layer, split and transposed (network.h).
  const int obs = net.observation_size_, mv = net.move_size();
  net.hidden_ = net.widths_[1];
  net.hidden_stride_ = round_up(net.hidden_, kCols);
  const auto hs = static_cast<std::size_t>(net.hidden_stride_);
  net.obs_t_.assign(static_cast<std::size_t>(obs) * hs, 0.0f);
  net.move_t_.assign(static_cast<std::size_t>(mv) * hs, 0.0f);
  net.bias1_.assign(hs, 0.0f);
  const auto in0 = static_cast<std::size_t>(net.widths_[0]);
  for (std::size_t o = 0; o < static_cast<std::size_t>(net.hidden_); ++o) {
    const float* row = weights[0].data() + o * in0;
    for (std::size_t i = 0; i < static_cast<std::size_t>(obs); ++i) net.obs_t_[i * hs + o] = row[i];
    for (std::size_t i = 0; i < static_cast<std::size_t>(mv); ++i)
      net.move_t_[i * hs + o] = row[static_cast<std::size_t>(obs) + i];
    net.bias1_[o] = biases[0][o];
  }
  for (std::size_t l = 1; l < weights.size(); ++l) {
    Layer layer;
    layer.in = net.widths_[l];
    layer.out = net.widths_[l + 1];
    layer.out_stride = round_up(layer.out, kCols);
    const auto stride = static_cast<std::size_t>(layer.out_stride);
    const auto fan_in = static_cast<std::size_t>(layer.in);
    layer.weights_t.assign(fan_in * stride, 0.0f);
    layer.biases.assign(stride, 0.0f);
    for (std::size_t o = 0; o < static_cast<std::size_t>(layer.out); ++o) {
      for (std::size_t i = 0; i < fan_in; ++i) layer.weights_t[i * stride + o] = weights[l][o * fan_in + i];
      layer.biases[o] = biases[l][o];
    }
    net.layers_.push_back(std::move(layer));
  }
  return net;
}

void Network::check_fits(const Rules& rules, int observation_version, int observation_size) const {
  const std::string_view game = rules.game_name();
  const int players = rules.players();
  auto mismatch = [&](const char* what, const std::string& mine, const std::string& theirs) {
    throw NetworkFileError(source_ + " was trained for " + what + " " + mine + ", not " + theirs + " (the deal: " +
                           rules.describe() + ")");
  };
  if (game != this->game()) mismatch("game", this->game(), std::string(game));
  if (players != players_) mismatch("players", std::to_string(players_), std::to_string(players));
  if (observation_version != observation_version_)
    mismatch("observation_version", std::to_string(observation_version_), std::to_string(observation_version));
  if (observation_size != observation_size_)
    mismatch("observation_size", std::to_string(observation_size_), std::to_string(observation_size));
  if (move_kinds_ != kNumKinds) mismatch("move_kinds", std::to_string(move_kinds_), std::to_string(kNumKinds));
}

std::vector<float>& Network::observation_scratch() {
  thread_local std::vector<float> buffer;
  return buffer;
}

std::vector<float>& Network::choice_scratch() {
  thread_local std::vector<float> buffer;
  return buffer;
}

void Network::forward(const float* observation, const float* moves, std::size_t n, float* out) const {
  if (n == 0) return;
  const auto hs = static_cast<std::size_t>(hidden_stride_);
  const int rows = round_up(static_cast<int>(n), kRows);
  const auto mv = static_cast<std::size_t>(move_size());

  // The observation's part of the first layer, once: b1 + W_obs . observation,
  // adding only the observation's nonzero entries (most of it is zeros).
  std::vector<float>& base = tl_base;
  base.assign(bias1_.begin(), bias1_.end());
  for (std::size_t i = 0; i < static_cast<std::size_t>(observation_size_); ++i)
    if (observation[i] != 0.0f) add_scaled(base.data(), observation[i], obs_t_.data() + i * hs, hidden_stride_);

  // Then each move's part: a move vector has a handful of nonzero entries.
  std::vector<float>& act = tl_act_a;
  act.assign(static_cast<std::size_t>(rows) * hs, 0.0f);
  const bool last = layers_.empty();
  for (std::size_t r = 0; r < n; ++r) {
    float* h = act.data() + r * hs;
    std::copy(base.begin(), base.end(), h);
    const float* v = moves + r * mv;
    for (std::size_t j = 0; j < mv; ++j)
      if (v[j] != 0.0f) add_scaled(h, v[j], move_t_.data() + j * hs, hidden_stride_);
    if (!last)
      for (std::size_t o = 0; o < hs; ++o) h[o] = std::max(h[o], 0.0f);
  }
  const float* x = act.data();
  int x_stride = hidden_stride_;
  std::vector<float>* next = &tl_act_b;
  std::vector<float>* cur = &tl_act_a;
  for (std::size_t l = 0; l < layers_.size(); ++l) {
    const Layer& layer = layers_[l];
    next->resize(static_cast<std::size_t>(rows) * static_cast<std::size_t>(layer.out_stride));
    dense(x, rows, x_stride, layer.in, layer.weights_t.data(), layer.biases.data(), layer.out_stride,
          l + 1 < layers_.size(), next->data());
    std::swap(cur, next);
    x = cur->data();
    x_stride = layer.out_stride;
  }
  for (std::size_t r = 0; r < n; ++r) out[r] = x[r * static_cast<std::size_t>(x_stride)];
}

void Network::score_vectors(const float* observation, const float* moves, std::size_t n, float* out) const {
  const int size = move_size();
  const auto row = static_cast<std::size_t>(size);
  // The distinct vectors, by an open-addressing table of their hashes: the suit
  // variants of a play share one, and are scored once.
  std::size_t capacity = 16;
  while (capacity < 2 * n) capacity *= 2;
  tl_table.assign(capacity, -1);
  tl_slot_of.resize(n);
  tl_distinct.resize(n * row);
  std::size_t distinct = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const float* v = moves + k * row;
    std::uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (int j = 0; j < size; ++j) {
      std::uint32_t bits;
      std::memcpy(&bits, v + j, sizeof bits);
      mix_hash(h, bits);
    }
    std::size_t at = h & (capacity - 1);
    while (true) {
      const std::int32_t d = tl_table[at];
      if (d < 0) {
        tl_table[at] = static_cast<std::int32_t>(distinct);
        std::copy(v, v + size, tl_distinct.data() + distinct * row);
        tl_slot_of[k] = static_cast<std::int32_t>(distinct++);
        break;
      }
      if (std::equal(v, v + size, tl_distinct.data() + static_cast<std::size_t>(d) * row)) {
        tl_slot_of[k] = d;
        break;
      }
      at = (at + 1) & (capacity - 1);
    }
  }
  tl_distinct_scores.resize(distinct);
  forward(observation, tl_distinct.data(), distinct, tl_distinct_scores.data());
  for (std::size_t k = 0; k < n; ++k) out[k] = tl_distinct_scores[static_cast<std::size_t>(tl_slot_of[k])];
}

void Network::score_moves(const float* observation, const MoveList& legal, int wild_face, std::span<float> out) const {
  tl_vectors.resize(legal.size() * static_cast<std::size_t>(move_vector_size()));
  write_move_vectors(legal, wild_face, tl_vectors.data());
  score_vectors(observation, tl_vectors.data(), legal.size(), out.data());
}

int Network::best_index(std::span<const float> scores) {
  int best = -1;
  for (std::size_t i = 0; i < scores.size(); ++i)
    if (best < 0 || scores[i] > scores[static_cast<std::size_t>(best)]) best = static_cast<int>(i);
  return best;
}

float softmax_priors(std::span<const float> scores, float temperature, std::span<float> priors) {
  float best = -std::numeric_limits<float>::infinity();
  for (float s : scores) best = std::max(best, s);
  double total = 0.0;
  for (std::size_t i = 0; i < scores.size(); ++i) {
    priors[i] = std::exp((scores[i] - best) / temperature);
    total += priors[i];
  }
  const auto scale = static_cast<float>(1.0 / total);
  for (std::size_t i = 0; i < scores.size(); ++i) priors[i] *= scale;
  return best;
}

}  // namespace ganzdy
