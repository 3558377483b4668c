// Search: InformationSet (what one seat may know), ismcts, the information-set
// Monte Carlo tree search over it, and pimc; a Python callable as the search's
// Evaluator.
#include <pybind11/numpy.h>

#include <atomic>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>

#include "bindings.h"
#include "ganzdy/core/errors.h"
#include "bind_deal_contract.h"
#include "ganzdy/rl/move_features.h"
#include "ganzdy/rl/network.h"
#include "ganzdy/search/ismcts.h"

namespace ganzdy::bind {

namespace {

template <class Deal>
InformationSet<Deal> information_set(const Deal& deal, py::handle seat) {
  if (seat.is_none()) {
    if (deal.is_terminal())
      throw RulesError("InformationSet: the deal is over, so there is no seat to act; pass seat= explicitly");
    return InformationSet<Deal>(deal, deal.current_player());
  }
  return InformationSet<Deal>(deal, to_seat(seat, deal.players(), "seat"));
}

double seconds_from(py::handle obj) {
  if (obj.is_none()) return 0;
  if (py::isinstance<py::bool_>(obj) || !(py::isinstance<py::int_>(obj) || py::isinstance<py::float_>(obj)))
    throw py::type_error("time_limit must be a number of seconds or None");
  const double t = obj.cast<double>();
  if (!(t > 0) || !std::isfinite(t))
    throw RulesError("ismcts: time_limit=" + quoted(obj) + " must be a positive number of seconds");
  return t;
}

std::int64_t iterations_from(py::handle obj) {
  if (obj.is_none()) return 0;
  if (py::isinstance<py::bool_>(obj) || !py::isinstance<py::int_>(obj))
    throw py::type_error("iterations must be an int or None");
  int overflow = 0;
  const long long n = PyLong_AsLongLongAndOverflow(obj.ptr(), &overflow);
  if (overflow != 0 || n < 1)
    throw RulesError("ismcts: iterations=" + quoted(obj) + " must be a positive int");
  return n;
}

// The width of a move vector: ganzdy.network.move_vectors' layout (rank counts 3
// ... 2, BJ, RJ; the kind one-hot; the key one-hot from "no key"; the wild count).
constexpr int kRankSlots = 15;
constexpr int kKeySlots = 14;
constexpr int kMoveVectorSize = kRankSlots + kNumKinds + kKeySlots + 1;

// A Python callable f(observation, move_vectors) -> (priors, value) as the
// search's Evaluator. Each call takes the GIL, so search threads take turns in it.
template <class Deal>
class PyEvaluator final : public Evaluator<Deal> {
 public:
  explicit PyEvaluator(py::object f) : f_(std::move(f)) {}

  float evaluate(const Deal& world, const MoveList& legal, std::span<float> priors) const override {
    using Game = GameTraits<Deal>;
    GilFromThread gil;
    if (!gil.held()) throw GanzdyError("ismcts: the interpreter is exiting; the evaluator cannot run");
    const auto n = static_cast<py::ssize_t>(legal.size());
    py::array_t<float> observation(Game::observation_size(world.rules()));
    Game::observe(world, world.current_player(), observation.mutable_data());
    py::array_t<float> moves({n, static_cast<py::ssize_t>(kMoveVectorSize)});
    write_move_vectors(world, legal, moves.mutable_data());
    py::object answer = f_(observation, moves);
    if (!py::isinstance<py::tuple>(answer) || py::len(answer) != 2)
      throw GanzdyError("ismcts: the evaluator returned " + quoted(answer) +
                        "; expected a tuple (priors, value)");
    const auto pair = answer.cast<py::tuple>();
    py::array_t<double, py::array::c_style | py::array::forcecast> given;
    try {
      given = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(pair[0]);
    } catch (const py::error_already_set&) {
    }
    if (!given || given.ndim() != 1 || given.shape(0) != n)
      throw GanzdyError("ismcts: the evaluator's priors " + quoted(pair[0]) + " are not " + std::to_string(n) +
                        " numbers, one per legal move");
    for (py::ssize_t i = 0; i < n; ++i) priors[static_cast<std::size_t>(i)] = static_cast<float>(given.at(i));
    py::handle value = pair[1];
    if (py::isinstance<py::bool_>(value) || !(py::isinstance<py::int_>(value) || py::isinstance<py::float_>(value) ||
                                             PyObject_HasAttrString(value.ptr(), "__float__") != 0))
      throw GanzdyError("ismcts: the evaluator's value " + quoted(value) + " is not a number");
    return static_cast<float>(value.cast<double>());
  }

 private:
  // The rows of ganzdy.network.move_vectors for `legal`, from the engine's move
  // features (rl/move_features.h).
  static void write_move_vectors(const Deal& world, const MoveList& legal, float* out) {
    const std::size_t n = legal.size();
    int wild = kNoWild;
    if constexpr (!GameTraits<Deal>::kMoveIds) wild = GameTraits<Deal>::wild_face(world);
    std::vector<std::uint8_t> cards(n * kNumFaces), kinds(n), wilds(n);
    std::vector<std::int8_t> keys(n);
    write_move_features(legal, wild, cards.data(), kinds.data(), keys.data(), wilds.data());
    std::fill(out, out + n * kMoveVectorSize, 0.0f);
    for (std::size_t i = 0; i < n; ++i) {
      float* row = out + i * kMoveVectorSize;
      const std::uint8_t* c = cards.data() + i * kNumFaces;
      for (int r = 0; r < 13; ++r) row[r] = static_cast<float>(c[4 * r] + c[4 * r + 1] + c[4 * r + 2] + c[4 * r + 3]);
      row[13] = c[52];
      row[14] = c[53];
      row[kRankSlots + kinds[i]] = 1.0f;
      row[kRankSlots + kNumKinds + keys[i] + 1] = 1.0f;
      row[kMoveVectorSize - 1] = wilds[i];
    }
  }

  py::object f_;
};

// The evaluator an `evaluator=` argument names: None, "greedy" (the built-in
// GreedyEvaluator), a Network (its priors softmax(score / prior_temperature)) or a
// callable (PyEvaluator).
template <class Deal>
std::unique_ptr<Evaluator<Deal>> evaluator_from(py::handle obj, const Rules& rules, py::handle temperature) {
  const double prior_temperature =
      temperature_arg(temperature, GameTraits<Deal>::kPriorTemperature, "ismcts", "prior_temperature");
  if (obj.is_none()) return nullptr;
  // A learned network: its own C++ evaluator, which takes no GIL, so threads search in parallel.
  if (py::isinstance<Network>(obj))
    return std::make_unique<NetworkEvaluator<Deal>>(obj.cast<std::shared_ptr<Network>>(), rules,
                                                    static_cast<float>(prior_temperature));
  if (py::isinstance<py::str>(obj)) {
    const std::string name = text_arg(obj, "evaluator");
    if (name == "greedy") return std::make_unique<GreedyEvaluator<Deal>>();
    throw RulesError("ismcts: unknown evaluator " + quoted(obj) + ": expected 'greedy' or a callable");
  }
  if (!PyCallable_Check(obj.ptr()))
    throw py::type_error("evaluator must be None, 'greedy', a ganzdy.Network or a callable "
                         "f(observation, move_vectors) -> "
                         "(priors, value), not " + quoted(obj));
  return std::make_unique<PyEvaluator<Deal>>(py::reinterpret_borrow<py::object>(obj));
}

// "uniform" or "weighted".
bool weighted_from(py::handle sampling) {
  const std::string name = text_arg(sampling, "sampling");
  if (name == "uniform") return false;
  if (name == "weighted") return true;
  throw RulesError("unknown sampling " + quoted(sampling) + ": expected 'uniform' or 'weighted'");
}

// "own" or "actor" (IsmctsOptions::own_leaf).
bool own_leaf_from(py::handle leaf_value) {
  const std::string name = text_arg(leaf_value, "leaf_value");
  if (name == "own") return true;
  if (name == "actor") return false;
  throw RulesError("unknown leaf_value " + quoted(leaf_value) + ": expected 'own' or 'actor'");
}

// "auto", "puct" or "gumbel" (IsmctsOptions::Root).
IsmctsOptions::Root root_from(py::handle root) {
  const std::string name = text_arg(root, "root");
  if (name == "auto") return IsmctsOptions::Root::automatic;
  if (name == "puct") return IsmctsOptions::Root::puct;
  if (name == "gumbel") return IsmctsOptions::Root::gumbel;
  throw RulesError("ismcts: unknown root " + quoted(root) + ": expected 'auto', 'puct' or 'gumbel'");
}

// The root's selection options (IsmctsOptions::root and what Gumbel's reads).
struct RootArgs {
  py::handle root;
  int considered;
  double c_scale;
  bool gumbel_noise;
};

IsmctsOptions ismcts_options(py::handle iterations, py::handle time_limit, double c, py::handle rollout,
                             py::handle reward, int threads, py::handle seed, double c_puct, py::handle value_weight,
                             py::handle leaf_value, py::handle sampling, int candidates, double epsilon, bool solver,
                             bool greedy_prior, py::handle others_greedy, py::handle own_greedy,
                             const RootArgs& root) {
  IsmctsOptions options;
  options.iterations = iterations_from(iterations);
  options.time_limit = seconds_from(time_limit);
  // Neither budget given: the default iteration count.
  if (options.iterations == 0 && options.time_limit == 0) options.iterations = kDefaultIterations;
  options.c = c;
  const std::string rollout_name = text_arg(rollout, "rollout");
  options.learned_rollout = rollout_name == "learned";
  if (!options.learned_rollout) options.rollout = parse_policy(rollout_name);
  options.reward = parse_reward(text_arg(reward, "reward"));
  options.threads = threads;
  options.seed = to_seed(seed);
  options.c_puct = c_puct;
  options.value_weight = unit_arg(value_weight, "ismcts", "value_weight");
  options.own_leaf = own_leaf_from(leaf_value);
  options.weighted = weighted_from(sampling);
  options.candidates = candidates;
  options.epsilon = epsilon;
  options.solver = solver;
  options.greedy_prior = greedy_prior;
  options.others_greedy = unit_arg(others_greedy, "ismcts", "others_greedy");
  options.own_greedy = unit_arg(own_greedy, "ismcts", "own_greedy");
  options.root = root_from(root.root);
  options.considered = root.considered;
  options.c_scale = root.c_scale;
  options.gumbel_noise = root.gumbel_noise;
  return options;
}

// Runs `search(options, evaluator)` without the GIL, Ctrl-C polled.
template <class Deal, class Run>
IsmctsResult searching(IsmctsOptions& options, py::handle evaluator, py::handle prior_temperature, const Rules& rules,
                       Run&& run) {
  const std::unique_ptr<Evaluator<Deal>> eval = evaluator_from<Deal>(evaluator, rules, prior_temperature);
  SignalPoll interrupted;
  options.keep_going = [&] { return !interrupted(); };
  IsmctsResult result = without_gil([&] { return run(options, eval.get()); });
  interrupted.raise_if_stopped();
  return result;
}

template <class Deal>
IsmctsResult run_ismcts(const InformationSet<Deal>& info, py::handle iterations, py::handle time_limit, double c,
                        py::handle rollout, py::handle reward, int threads, py::handle seed, py::handle evaluator,
                        double c_puct, py::handle value_weight, py::handle leaf_value, py::handle sampling,
                        int candidates, double epsilon, bool solver, bool greedy_prior, py::handle root,
                        int considered, double c_scale, bool gumbel_noise, py::handle prior_temperature,
                        py::handle others_greedy, py::handle own_greedy) {
  IsmctsOptions options =
      ismcts_options(iterations, time_limit, c, rollout, reward, threads, seed, c_puct, value_weight, leaf_value,
                     sampling, candidates, epsilon, solver, greedy_prior, others_greedy, own_greedy,
                     RootArgs{root, considered, c_scale, gumbel_noise});
  return searching<Deal>(options, evaluator, prior_temperature, info.rules(), [&](const IsmctsOptions& o, const Evaluator<Deal>* e) {
    return ismcts(info, o, e);
  });
}

// The searcher is not safe for concurrent use: a flag refuses a second thread
// (the GIL is released while it searches).
template <class Deal>
struct BoundSearcher {
  IsmctsSearcher<Deal> searcher;
  std::atomic<bool> busy{false};
};

template <class Deal>
IsmctsResult run_searcher(BoundSearcher<Deal>& self, const InformationSet<Deal>& info, py::handle since,
                          py::handle iterations, py::handle time_limit, double c, py::handle rollout,
                          py::handle reward, int threads, py::handle seed, py::handle evaluator, double c_puct,
                          py::handle value_weight, py::handle leaf_value, py::handle sampling, int candidates,
                          double epsilon, bool solver, bool greedy_prior, py::handle root, int considered,
                          double c_scale, bool gumbel_noise, py::handle prior_temperature,
                          py::handle others_greedy, py::handle own_greedy) {
  std::vector<std::pair<int, Move>> moves;
  for (py::handle item : py::iter(since)) {
    if (!py::isinstance<py::tuple>(item) || py::len(item) != 2 || !py::isinstance<Move>(item.cast<py::tuple>()[1]))
      throw py::type_error("since must hold (seat, Move) pairs, as a view's history does, not " + quoted(item));
    const auto pair = item.cast<py::tuple>();
    moves.emplace_back(to_seat(pair[0], info.players(), "since"), pair[1].cast<Move>());
  }
  IsmctsOptions options =
      ismcts_options(iterations, time_limit, c, rollout, reward, threads, seed, c_puct, value_weight, leaf_value,
                     sampling, candidates, epsilon, solver, greedy_prior, others_greedy, own_greedy,
                     RootArgs{root, considered, c_scale, gumbel_noise});
  if (self.busy.exchange(true)) throw RulesError("IsmctsSearcher: another thread is searching with this searcher");
  struct Release {
    std::atomic<bool>& flag;
    ~Release() { flag.store(false); }
  } release{self.busy};
  return searching<Deal>(options, evaluator, prior_temperature, info.rules(),
                         [&](const IsmctsOptions& o, const Evaluator<Deal>* e) {
    return self.searcher.search(info, moves, o, e);
  });
}

template <class Deal>
IsmctsResult run_pimc(const InformationSet<Deal>& info, int worlds, int playouts, py::handle rollout,
                      py::handle reward, py::handle sampling, int candidates, double epsilon, py::handle seed,
                      py::handle evaluator, int top, double margin, bool solver, py::handle prior_temperature) {
  PimcOptions options;
  options.worlds = worlds;
  options.playouts = playouts;
  const std::string rollout_name = text_arg(rollout, "rollout");
  options.learned_rollout = rollout_name == "learned";
  if (!options.learned_rollout) options.rollout = parse_policy(rollout_name);
  options.reward = parse_reward(text_arg(reward, "reward"));
  options.weighted = weighted_from(sampling);
  options.candidates = candidates;
  options.epsilon = epsilon;
  options.seed = to_seed(seed);
  options.top = top;
  options.margin = margin;
  options.solver = solver;
  const std::unique_ptr<Evaluator<Deal>> eval = evaluator_from<Deal>(evaluator, info.rules(), prior_temperature);
  SignalPoll interrupted;
  options.keep_going = [&] { return !interrupted(); };
  IsmctsResult result = without_gil([&] { return pimc(info, options, eval.get()); });
  interrupted.raise_if_stopped();
  return result;
}

constexpr const char* kIsmctsDoc =
    "Information-set MCTS for the seat of `info`, which must be to act. Stops after `iterations` "
    "(default ISMCTS_DEFAULT_ITERATIONS when no time_limit is given) or `time_limit` seconds, whichever "
    "comes first. The GIL is released while it searches. `evaluator` (None, 'greedy' or a callable "
    "f(observation, move_vectors) -> (priors, value)) turns selection into PUCT (`c_puct`) and values "
    "leaves (`value_weight`) where the searching seat (its team) acts: 'own' plays the evaluator's best move "
    "for the seats before it (leaf_value='actor' takes the acting seat's value and spreads it); "
    "rollout='learned' plays its highest-prior move. sampling='weighted' keeps one "
    "of `candidates` worlds by the likelihood of the others' passes (`epsilon` a pass holding a beat). "
    "`solver`: play the exact endgame solver's proved win where the position is fully known (Gan Deng Yan). "
    "`greedy_prior`: in Guandan and Gouji, with no evaluator, PUCT with the greedy policy as prior. "
    "`root`: 'gumbel' searches the root's `considered` highest-prior moves by sequential halving and plays the "
    "best by log prior + sigma(Q) (`c_scale`; `gumbel_noise` samples them instead), 'puct' the most visited; "
    "'auto' (the default) is the game's with an evaluator given (puct in Guandan, gumbel in the others) and "
    "puct otherwise. `prior_temperature`: a ganzdy.Network evaluator's priors are "
    "softmax(score / prior_temperature); None: the game's (0.1, Gouji 0.02). `others_greedy`: with an "
    "evaluator, the share of the prior moved onto the greedy policy's move where another seat acts (the "
    "search's model of the others); `own_greedy` the same where the searching seat acts. `value_weight`, "
    "`own_greedy` and `others_greedy` None (the default) take the game's settings with an evaluator: "
    "Gan Deng Yan 1, 0, 0; Guandan 0, 0.5, 0.5; Gouji 0, 0, 0. See docs/search.md.";

constexpr const char* kPimcDoc =
    "Perfect-information Monte Carlo for the seat of `info`, which must be to act: `worlds` sampled worlds "
    "(sampling 'uniform' or 'weighted'), every legal move played in each and played out `playouts` times "
    "by `rollout`; the move with the best mean reward. With an `evaluator` (as ismcts'), only its `top` "
    "moves of highest prior are played (0: all), rollout='learned' plays out by its highest-prior moves, and "
    "its first move is kept unless another's mean is higher by more than `margin`. `solver`: as ismcts'. "
    "The result reads as ismcts'.";

template <class Deal>
void bind_information_set(py::module_& m, const char* name, const char* doc) {
  using InfoSet = InformationSet<Deal>;
  py::class_<InfoSet>(m, name, doc)
      .def(py::init(&information_set<Deal>), py::arg("deal"), py::arg("seat") = py::none(),
           "The view of `seat` (default: the seat to act) of `deal` now. Keeps no hidden card of the deal.")
      .def_property_readonly("seat", &InfoSet::seat)
      .def_property_readonly("players", &InfoSet::players)
      .def_property_readonly("rules", [](const InfoSet& i) { return i.rules(); })
      .def_property_readonly("current_player", [](const InfoSet& i) {
        return i.is_terminal() ? py::none() : py::object(py::int_(i.current_player()));
      })
      .def_property_readonly("is_terminal", &InfoSet::is_terminal)
      .def_property_readonly("ply", &InfoSet::ply)
      .def_property_readonly("hand", &InfoSet::hand)
      .def_property_readonly("passes", &InfoSet::passes,
                             "How many of the others' passes weighted sampling reads (docs/search.md).")
      .def("pass_likelihood", [](const InfoSet& i, const Deal& world, double epsilon) {
        if (!(epsilon >= 0 && epsilon <= 1)) throw RulesError("pass_likelihood: epsilon must lie in [0, 1]");
        if (world.players() != i.players()) throw RulesError("pass_likelihood: the world has another seat count");
        return i.pass_likelihood(world, epsilon);
      }, py::arg("world"), py::arg("epsilon") = IsmctsOptions{}.epsilon,
           "The likelihood of the others' passes given `world`'s hands: epsilon for each pass made holding "
           "a beat of the table, 1 otherwise, multiplied.")
      .def_property_readonly("legal_moves", [](const InfoSet& i) {
        MoveList moves;
        i.legal_moves(moves);
        return std::vector<Move>(moves.begin(), moves.end());
      }, "The seat's legal moves (a list), empty unless it is to act.")
      .def("sample_world", [](const InfoSet& i, py::handle seed) { return i.sample_world(to_seed(seed)); },
           py::arg("seed") = py::none(),
           "A deal consistent with what the seat knows, hidden cards dealt from `seed`: the same as "
           "deal.sample_world(seat, seed) of the real deal.")
      .def("__repr__", [name](const InfoSet& i) {
        return "<" + std::string(name) + " seat " + std::to_string(i.seat()) + " at ply " + std::to_string(i.ply()) +
               ", hand " + i.hand().str() + ">";
      });
  const IsmctsOptions defaults;
  m.def("ismcts", &run_ismcts<Deal>, py::arg("info"), py::kw_only(), py::arg("iterations") = py::none(),
        py::arg("time_limit") = py::none(), py::arg("c") = defaults.c, py::arg("rollout") = "greedy",
        py::arg("reward") = "points", py::arg("threads") = 1, py::arg("seed") = py::none(),
        py::arg("evaluator") = py::none(), py::arg("c_puct") = defaults.c_puct,
        py::arg("value_weight") = py::none(), py::arg("leaf_value") = "own",
           py::arg("sampling") = "uniform",
        py::arg("candidates") = defaults.candidates, py::arg("epsilon") = defaults.epsilon,
        py::arg("solver") = defaults.solver, py::arg("greedy_prior") = defaults.greedy_prior,
        py::arg("root") = "auto", py::arg("considered") = defaults.considered, py::arg("c_scale") = defaults.c_scale,
        py::arg("gumbel_noise") = defaults.gumbel_noise, py::arg("prior_temperature") = py::none(),
        py::arg("others_greedy") = py::none(),
        py::arg("own_greedy") = py::none(), kIsmctsDoc);
  py::class_<BoundSearcher<Deal>>(m, class_name<Deal>("IsmctsSearcher"),
                                  "ISMCTS that keeps its tree between one seat's decisions (docs/search.md).")
      .def(py::init<>())
      .def("search", &run_searcher<Deal>, py::arg("info"), py::arg("since"), py::kw_only(),
           py::arg("iterations") = py::none(), py::arg("time_limit") = py::none(), py::arg("c") = defaults.c,
           py::arg("rollout") = "greedy", py::arg("reward") = "points", py::arg("threads") = 1,
           py::arg("seed") = py::none(), py::arg("evaluator") = py::none(), py::arg("c_puct") = defaults.c_puct,
           py::arg("value_weight") = py::none(), py::arg("leaf_value") = "own",
           py::arg("sampling") = "uniform",
           py::arg("candidates") = defaults.candidates, py::arg("epsilon") = defaults.epsilon,
           py::arg("solver") = defaults.solver, py::arg("greedy_prior") = defaults.greedy_prior,
           py::arg("root") = "auto", py::arg("considered") = defaults.considered,
           py::arg("c_scale") = defaults.c_scale, py::arg("gumbel_noise") = defaults.gumbel_noise,
           py::arg("prior_temperature") = py::none(), py::arg("others_greedy") = py::none(),
           py::arg("own_greedy") = py::none(),
           "As ismcts(info, ...), first keeping the subtree the public moves `since` the last search lead to "
           "((seat, Move) pairs in order); `reused` in the result counts the visits kept.")
      .def("reset", [](BoundSearcher<Deal>& self) {
        if (self.busy.load()) throw RulesError("IsmctsSearcher: another thread is searching with this searcher");
        self.searcher.reset();
      }, "Forgets the tree.");
  m.def(
      "search_rewards",
      [](const Deal& deal, py::handle reward) {
        const Reward kind = parse_reward(text_arg(reward, "reward"));
        if (!deal.is_terminal())
          throw RulesError("search_rewards: the deal is not over; play it to the end first");
        std::array<double, kMaxSeats> out{};
        GameTraits<Deal>::rewards(deal, kind, out);
        return std::vector<double>(out.begin(), out.begin() + deal.players());
      },
      py::arg("deal"), py::arg("reward") = "points",
      "Every seat's reward of `reward` ('win', 'points', 'mixed' or 'rank') for a finished deal: what "
      "ismcts and pimc back up, and what an evaluator's value stands for.");
  const PimcOptions pimc_defaults;
  m.def("pimc", &run_pimc<Deal>, py::arg("info"), py::kw_only(), py::arg("worlds") = pimc_defaults.worlds,
        py::arg("playouts") = pimc_defaults.playouts, py::arg("rollout") = "greedy", py::arg("reward") = "points",
        py::arg("sampling") = "uniform", py::arg("candidates") = pimc_defaults.candidates,
        py::arg("epsilon") = pimc_defaults.epsilon, py::arg("seed") = py::none(), py::arg("evaluator") = py::none(),
        py::arg("top") = pimc_defaults.top, py::arg("margin") = pimc_defaults.margin,
        py::arg("solver") = pimc_defaults.solver, py::arg("prior_temperature") = py::none(), kPimcDoc);
}

}  // namespace

void bind_ismcts(py::module_& m) {
  py::class_<IsmctsChild>(m, "IsmctsChild", "One root move's statistics in an ISMCTS search.")
      .def_readonly("id", &IsmctsChild::id)
      .def_readonly("move", &IsmctsChild::move)
      .def_readonly("visits", &IsmctsChild::visits)
      .def_readonly("available", &IsmctsChild::available)
      .def_readonly("reward", &IsmctsChild::reward)
      .def_readonly("prior", &IsmctsChild::prior)
      .def("__repr__", [](const IsmctsChild& c) {
        char mean[32];
        std::snprintf(mean, sizeof mean, "%.4f", c.reward);
        return "IsmctsChild(" + std::string(py::repr(py::cast(c.move))) + ", visits=" + std::to_string(c.visits) +
               ", available=" + std::to_string(c.available) + ", reward=" + mean + ")";
      });

  py::class_<IsmctsResult>(m, "IsmctsResult", "What an ISMCTS search chose, and its root statistics.")
      .def_readonly("move", &IsmctsResult::move)
      .def_readonly("id", &IsmctsResult::id)
      .def_readonly("index", &IsmctsResult::index)
      .def_readonly("iterations", &IsmctsResult::iterations)
      .def_readonly("nodes", &IsmctsResult::nodes)
      .def_readonly("seconds", &IsmctsResult::seconds)
      .def_readonly("children", &IsmctsResult::children)
      .def_readonly("solved", &IsmctsResult::solved)
      .def_readonly("reused", &IsmctsResult::reused)
      .def_readonly("gumbel", &IsmctsResult::gumbel)
      .def("__repr__", [](const IsmctsResult& r) {
        return "IsmctsResult(move=" + std::string(py::repr(py::cast(r.move))) + ", iterations=" +
               std::to_string(r.iterations) +
               ", nodes=" + std::to_string(r.nodes) + ")";
      });

  m.attr("ISMCTS_DEFAULT_ITERATIONS") = kDefaultIterations;
  for_each_game([&](auto game) {
    using D = typename decltype(game)::type;
    bind_information_set<D>(m, class_name<D>("InformationSet"),
                            kept_text("What one seat of a " + std::string(GameTraits<D>::kName) +
                                      " deal may know, and nothing more: a searcher's only access to the deal."));
  });
}

}  // namespace ganzdy::bind
