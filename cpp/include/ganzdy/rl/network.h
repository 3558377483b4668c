// The learned agents' network in C++: loading the network file and scoring a
// position's legal moves, for the agent (choose) and the search (NetworkEvaluator,
// an Evaluator of search/evaluator.h).
//
// The file format, the move vector and the reference forward pass are specified
// once, in python/ganzdy/network.py; this is the fast implementation of the same
// contract and is tested against that reference. In short: a network is an MLP
// (ReLU between layers, one output) over a seat's observation vector followed by
// one legal move's move vector, and its output is the move's score, the expected
// "points" search reward of playing it, in about [0, 1].
//
// Contract:
//   - Network::from_bytes / load make every check ganzdy/network.py makes and throw
//     NetworkFileError (a GanzdyError) quoting the file and what was expected.
//   - check_fits(deal) throws NetworkFileError naming the network's and the deal's
//     game, seats, observation version and size, or move kinds when they differ.
//     scores() and choose() call it first.
//   - scores(deal, legal, out) writes one score per legal move of the seat to act,
//     in legal order, reading only that seat's observation and its legal moves
//     (never another seat's hand). Moves with the same move vector (the suit
//     variants of one play) are scored once and get the same score.
//   - choose(deal) is the index in legal_moves of the highest score, the first one
//     in legal order on a tie (so the first of the suit variants).
//   - Every const member is safe to call from several threads at once: the scratch
//     a call needs is per thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ganzdy/core/errors.h"
#include "ganzdy/core/move.h"
#include "ganzdy/game.h"
#include "ganzdy/rl/move_features.h"
#include "ganzdy/search/evaluator.h"

namespace ganzdy {

// A network file that is not one, or a network that does not fit the deal it is
// asked about (Python: ganzdy.network.NetworkFileError).
class NetworkFileError : public GanzdyError {
 public:
  using GanzdyError::GanzdyError;
};

inline constexpr int kNetworkFormatVersion = 1;
inline constexpr int kMoveVectorVersion = 1;  // the header's move_features
inline constexpr int kRankSlots = 15;          // 3 ... A, 2, BJ, RJ
inline constexpr int kKeySlots = 14;           // no key, then 3 ... 2

// The width of a move vector when there are `kinds` move kinds.
constexpr int move_vector_size(int kinds = kNumKinds) { return kRankSlots + kinds + kKeySlots + 1; }

// The wild card's face for the move features of `deal` (kNoWild in games whose
// moves have ids: Gan Deng Yan's jokers are counted as cards, not as wilds).
template <GameDeal Deal>
int move_feature_wild_face(const Deal& deal) {
  if constexpr (GameTraits<Deal>::kMoveIds)
    return kNoWild;
  else
    return GameTraits<Deal>::wild_face(deal);
}

// Writes the move vector of each of `moves` to out[k * move_vector_size()], as
// ganzdy.network.move_vectors makes it of the moves' features.
void write_move_vectors(const MoveList& moves, int wild_face, float* out);

class Network {
 public:
  // The network in `data`; `source` names it in errors (a path, "<bytes>").
  static Network from_bytes(std::string_view data, const std::string& source);
  // The network in the file at `path` (NetworkFileError when it cannot be read).
  static Network load(const std::string& path);

  // The header's lines as (key, value), in file order, unknown keys included.
  const std::vector<std::pair<std::string, std::string>>& header() const { return header_; }
  // The value of `key` ("" when the header lacks it).
  const std::string& header_value(std::string_view key) const;
  const std::string& game() const { return header_value("game"); }
  int players() const { return players_; }
  int observation_version() const { return observation_version_; }
  int observation_size() const { return observation_size_; }
  int move_kinds() const { return move_kinds_; }
  int move_size() const { return move_vector_size(move_kinds_); }
  // The layer widths, input first, 1 last.
  const std::vector<int>& widths() const { return widths_; }
  const std::string& source() const { return source_; }

  // Throws NetworkFileError unless the network was made for the game and seat count
  // of `rules`, this observation version and size, and this ganzdy's move kinds;
  // the message names both sides (the rules described).
  void check_fits(const Rules& rules, int observation_version, int observation_size) const;
  template <GameDeal Deal>
  void check_fits(const Rules& rules) const {
    using T = GameTraits<Deal>;
    check_fits(rules, T::kObservationVersion, T::observation_size(rules));
  }
  template <GameDeal Deal>
  void check_fits(const Deal& deal) const {
    check_fits<Deal>(deal.rules());
  }

  // The scores of `n` move vectors (n rows of move_size() floats) after
  // `observation` (observation_size() floats): one forward pass a distinct row,
  // batched over the distinct rows.
  void score_vectors(const float* observation, const float* moves, std::size_t n, float* out) const;
  // The scores of `legal` after `observation`, by score_vectors of their move
  // vectors. `wild_face` as in write_move_features.
  void score_moves(const float* observation, const MoveList& legal, int wild_face, std::span<float> out) const;

  // The scores of the legal moves `legal` (Deal::legal_moves of `deal`) of the
  // seat to act; out.size() == legal.size(). The deal must not be over.
  template <GameDeal Deal>
  void scores(const Deal& deal, const MoveList& legal, std::span<float> out) const {
    check_fits(deal);
    std::vector<float>& obs = observation_scratch();
    obs.assign(static_cast<std::size_t>(observation_size_), 0.0f);
    GameTraits<Deal>::observe(deal, deal.current_player(), obs.data());
    score_moves(obs.data(), legal, move_feature_wild_face(deal), out);
  }

  // The index in `legal` of the best-scored move (the first on a tie).
  template <GameDeal Deal>
  int choose(const Deal& deal, const MoveList& legal) const {
    std::vector<float>& s = choice_scratch();
    s.resize(legal.size());
    scores(deal, legal, std::span<float>(s));
    return best_index(s);
  }
  template <GameDeal Deal>
  int choose(const Deal& deal) const {
    MoveList legal;
    deal.legal_moves(legal);
    return choose(deal, legal);
  }

  // The first index of the highest score; -1 for none.
  static int best_index(std::span<const float> scores);

 private:
  Network() = default;
  static std::vector<float>& observation_scratch();
  static std::vector<float>& choice_scratch();

  // One dense layer after the first, its weights transposed ([in][out_stride],
  // the output padded with zero columns to a multiple of the kernel's block).
  struct Layer {
    int in = 0, out = 0, out_stride = 0;
    std::vector<float> weights_t;
    std::vector<float> biases;  // out_stride long
  };

  // Scores rows [0, n) of the move vectors in `moves` (row stride move_size()).
  void forward(const float* observation, const float* moves, std::size_t n, float* out) const;

  std::string source_;
  std::vector<std::pair<std::string, std::string>> header_;
  std::vector<int> widths_;
  int players_ = 0, observation_version_ = 0, observation_size_ = 0, move_kinds_ = 0;
  // The first layer split at the observation's end, W1 = [W_obs | W_move]:
  // W_obs transposed ([observation][hidden_stride]) to add the observation's nonzero
  // entries once a position, W_move transposed ([move][hidden_stride]) to add a move
  // vector's few nonzero entries once a move.
  int hidden_ = 0, hidden_stride_ = 0;
  std::vector<float> obs_t_, move_t_, bias1_;
  std::vector<Layer> layers_;  // the layers after the first
};

// The network as the search's evaluator: priors softmax(score / temperature) over
// the legal moves (suit variants share a score, so a prior), value the best score
// clamped to [0, 1]. Scores are rewards in [0, 1] and a position's moves differ by
// hundredths: 0.1 keeps the prior broad (a move 0.05 better gets e^0.5 = 1.6 times the
// weight), 0.02 trusts the network's ranking (e^2.5 = 12 times); each game's default
// is its GameTraits' kPriorTemperature. Throws NetworkFileError at construction unless
// the network fits `rules`' game, seat count and observation, GanzdyError unless
// temperature > 0.
template <GameDeal Deal>
class NetworkEvaluator final : public Evaluator<Deal> {
 public:
  NetworkEvaluator(std::shared_ptr<const Network> network, const Rules& rules, float temperature);
  // At the game's default temperature, GameTraits<Deal>::kPriorTemperature.
  NetworkEvaluator(std::shared_ptr<const Network> network, const Rules& rules)
      : NetworkEvaluator(std::move(network), rules, static_cast<float>(GameTraits<Deal>::kPriorTemperature)) {}

  float evaluate(const Deal& world, const MoveList& legal, std::span<float> priors) const override;

  const Network& network() const { return *network_; }
  float temperature() const { return temperature_; }

 private:
  std::shared_ptr<const Network> network_;
  float temperature_;
};

// Priors softmax(scores / temperature) into `priors`, in place when they alias;
// returns the largest score.
float softmax_priors(std::span<const float> scores, float temperature, std::span<float> priors);

template <GameDeal Deal>
NetworkEvaluator<Deal>::NetworkEvaluator(std::shared_ptr<const Network> network, const Rules& rules,
                                         float temperature)
    : network_(std::move(network)), temperature_(temperature) {
  if (!(temperature > 0.0f))
    throw GanzdyError("NetworkEvaluator: temperature " + std::to_string(temperature) + "; expected > 0");
  network_->check_fits<Deal>(rules);
}

template <GameDeal Deal>
float NetworkEvaluator<Deal>::evaluate(const Deal& world, const MoveList& legal, std::span<float> priors) const {
  // The scores go straight into `priors`, which softmax turns into probabilities.
  network_->scores(world, legal, priors);
  const float best = softmax_priors(priors, temperature_, priors);
  return best < 0.0f ? 0.0f : (best > 1.0f ? 1.0f : best);
}

}  // namespace ganzdy
