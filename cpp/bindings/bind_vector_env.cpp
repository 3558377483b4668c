// The vector envs (ganzdy._core.<Game>VectorEnv, e.g. GuandanVectorEnv: one
// template, vector_env.h, bound for every game of the registry) and
// time_vector_env, their cost measured inside C++. ganzdy.env.VectorEnv (python/ganzdy/env/vector.py) is the
// public face.
//
// Outputs are NumPy views of the env's own buffers, read-only and kept valid for
// the env's lifetime (each view holds a reference to the env); every reset/step
// overwrites them in place. The legal ids (and the card-level games' move
// features) vary in number, so legal_ids() and legal_features() return fresh arrays.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <ctime>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "bindings.h"
#include "ganzdy/core/errors.h"
#include "bind_deal_contract.h"
#include "ganzdy/rl/vector_env.h"

#include <pybind11/numpy.h>

namespace ganzdy::bind {

namespace {

// The env plus a use flag: the GIL is released while it steps, so a second thread
// must not step, reset or read it meanwhile; it gets a RuntimeError instead.
template <class G>
struct BoundVectorEnv {
  VectorEnv<G> env;
  std::atomic<bool> busy{false};
};

class InUse {
 public:
  template <class G>
  explicit InUse(BoundVectorEnv<G>& bound) : flag_(bound.busy) {
    if (flag_.exchange(true))
      throw std::runtime_error("VectorEnv is in use by another thread: step, reset and reads must not overlap");
  }
  ~InUse() { flag_.store(false); }
  InUse(const InUse&) = delete;
  InUse& operator=(const InUse&) = delete;

 private:
  std::atomic<bool>& flag_;
};

// The learner's seat drawn per episode: the same value for every game's env.
constexpr int kRandomSeat = -1;

int seat_from(py::handle seat, int players) {
  if (py::isinstance<py::str>(seat)) {
    if (text_arg(seat, "seat") == "random") return kRandomSeat;
    throw RulesError("seat=" + quoted(seat) + " is not allowed: expected a seat 0 to " +
                     std::to_string(players - 1) + " or 'random'");
  }
  return to_seat(seat, players, "seat");
}

std::vector<Policy> opponents_from(py::handle obj) {
  std::vector<Policy> out;
  if (py::isinstance<py::str>(obj)) {
    out.push_back(parse_policy(text_arg(obj, "opponents")));
    return out;
  }
  if (!py::isinstance<py::sequence>(obj))
    throw py::type_error("opponents=" + quoted(obj) + " must be a policy name or a sequence of them");
  for (auto item : obj.cast<py::sequence>()) {
    if (!py::isinstance<py::str>(item))
      throw py::type_error("opponents must be policy names ('random', 'greedy'), not " + quoted(item));
    out.push_back(parse_policy(text_arg(item, "opponents")));
  }
  return out;
}

std::string policy_name(Policy p) { return p == Policy::greedy ? "greedy" : "random"; }

// A read-only view of `data`, shaped `shape`, keeping `owner` alive.
template <typename T>
py::array view(py::handle owner, std::span<const T> data, std::vector<py::ssize_t> shape,
               const py::dtype& dtype = py::dtype::of<T>()) {
  py::array out(dtype, std::move(shape), std::vector<py::ssize_t>{}, data.data(), owner);
  out.attr("setflags")(py::arg("write") = false);
  return out;
}

template <class G>
std::unique_ptr<BoundVectorEnv<G>> make_env(const Rules& rules, int num_envs, py::handle opponents, py::handle seat,
                                            py::handle seed) {
  static_assert(VectorEnv<G>::kRandomSeat == kRandomSeat);
  auto shared = VectorEnv<G>::require(std::make_shared<const Rules>(rules));
  return std::unique_ptr<BoundVectorEnv<G>>(new BoundVectorEnv<G>{
      VectorEnv<G>(shared, num_envs, opponents_from(opponents), seat_from(seat, GameTraits<G>::players(rules)), to_seed(seed)),
      {}});
}

template <class G>
void reset(BoundVectorEnv<G>& self, py::handle seed) {
  InUse in_use(self);
  if (seed.is_none()) {
    without_gil([&] { self.env.reset(); });
  } else {
    const std::uint64_t s = to_seed(seed);
    without_gil([&] { self.env.reset(s); });
  }
}

template <class G>
void step(BoundVectorEnv<G>& self, py::handle actions) {
  py::array arr = py::array::ensure(actions);
  if (!arr) throw py::type_error("actions must be an array or sequence of integer move ids");
  const char kind = arr.dtype().kind();
  if (kind != 'i' && kind != 'u')
    throw py::type_error("actions must be integer move ids, got an array of dtype " +
                         std::string(py::str(arr.dtype())));
  if (arr.ndim() != 1)
    throw RulesError("step: actions must be one move id per env, shape (" + std::to_string(self.env.num_envs()) +
                     ",), got shape " + std::string(py::str(arr.attr("shape"))));
  auto ids = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(arr);
  InUse in_use(self);
  const std::span<const std::int64_t> span(ids.data(), static_cast<std::size_t>(ids.size()));
  without_gil([&] { self.env.step(span); });
}

template <class G>
py::dict buffers(py::object owner) {
  auto& self = owner.cast<BoundVectorEnv<G>&>();
  const VectorEnv<G>& env = self.env;
  const py::ssize_t n = env.num_envs();
  const py::ssize_t obs = env.observation_size();
  py::dict out;
  out["observations"] = view(owner, env.observations(), {n, obs});
  out["legal_offsets"] = view(owner, env.legal_offsets(), {n + 1});
  out["rewards"] = view(owner, env.rewards(), {n});
  out["terminations"] = view(owner, env.terminations(), {n}, py::dtype::of<bool>());
  out["episode_points"] = view(owner, env.episode_points(), {n});
  out["episode_lengths"] = view(owner, env.episode_lengths(), {n});
  out["final_observations"] = view(owner, env.final_observations(), {n, obs});
  return out;
}

template <class G>
py::array legal_ids(BoundVectorEnv<G>& self) {
  InUse in_use(self);
  const auto ids = self.env.legal_ids();
  return py::array_t<std::int32_t>(static_cast<py::ssize_t>(ids.size()), ids.data());
}

// The card-level games' legal moves' features, fresh arrays flat over the envs
// like legal_ids(): cards [total, 54] uint8, kind uint8, key int8, wilds uint8.
template <class G>
py::dict legal_features(BoundVectorEnv<G>& self) {
  InUse in_use(self);
  const VectorEnv<G>& env = self.env;
  const auto total = static_cast<py::ssize_t>(env.legal_ids().size());
  py::dict out;
  out["cards"] = py::array_t<std::uint8_t>({total, static_cast<py::ssize_t>(kNumFaces)}, env.move_cards().data());
  out["kind"] = py::array_t<std::uint8_t>(total, env.move_kinds().data());
  out["key"] = py::array_t<std::int8_t>(total, env.move_keys().data());
  out["wilds"] = py::array_t<std::uint8_t>(total, env.move_wilds().data());
  return out;
}

template <class G>
py::array action_masks(py::object owner) {
  auto& self = owner.cast<BoundVectorEnv<G>&>();
  InUse in_use(self);
  const std::span<const std::uint8_t> masks = without_gil([&] { return self.env.masks(); });
  return view(owner, masks, {self.env.num_envs(), self.env.num_moves()}, py::dtype::of<bool>());
}

template <typename T>
py::array copy_of(std::span<const T> data) {
  return py::array_t<T>(static_cast<py::ssize_t>(data.size()), data.data());
}

// Steps the env `steps` times per round for `rounds` rounds, the learner choosing
// uniformly among its legal ids (Random(seed)), all inside C++. Per round: wall-clock
// ns per env step, and process CPU ns per env step (std::clock; on a shared machine
// the wall clock also counts the time other processes held the core), plus what was
// played so a benchmark can check it.
template <class G>
py::dict time_vector_env(BoundVectorEnv<G>& self, int steps, int rounds, bool masks, py::handle seed) {
  if (steps < 1 || rounds < 1) throw py::value_error("steps and rounds must be positive");
  InUse in_use(self);
  VectorEnv<G>& env = self.env;
  if (!env.started()) throw RulesError("time_vector_env: reset() the env first");
  if (masks && !GameTraits<G>::kMoveIds)
    throw RulesError("time_vector_env: masks=True needs a game with move ids; " + std::string(GameTraits<G>::kName) +
                     " has none");
  Random rng(to_seed(seed));
  const auto n = static_cast<std::size_t>(env.num_envs());
  std::vector<std::int64_t> actions(n);
  std::vector<double> samples;
  std::vector<double> cpu_samples;
  std::int64_t episodes = 0;
  std::int64_t mask_bytes = 0;
  double reward_sum = 0.0;
  SignalPoll interrupted;
  without_gil([&] {
    for (int r = 0; r < rounds && !interrupted.stopped(); ++r) {
      const auto start = std::chrono::steady_clock::now();
      const std::clock_t cpu_start = std::clock();
      for (int s = 0; s < steps; ++s) {
        if (interrupted()) return;
        const auto ids = env.legal_ids();
        const auto offsets = env.legal_offsets();
        for (std::size_t i = 0; i < n; ++i) {
          const auto count = static_cast<std::uint64_t>(offsets[i + 1] - offsets[i]);
          actions[i] = ids[static_cast<std::size_t>(offsets[i]) + static_cast<std::size_t>(rng.below(count))];
        }
        env.step(actions);
        if constexpr (GameTraits<G>::kMoveIds)
          if (masks) mask_bytes += env.masks()[n - 1];  // touch the result
        const auto rewards = env.rewards();
        const auto ended = env.terminations();
        for (std::size_t i = 0; i < n; ++i) {
          reward_sum += rewards[i];
          episodes += ended[i];
        }
      }
      const std::clock_t cpu_stop = std::clock();
      const auto stop = std::chrono::steady_clock::now();
      const double count = static_cast<double>(steps) * static_cast<double>(n);
      samples.push_back(std::chrono::duration<double, std::nano>(stop - start).count() / count);
      cpu_samples.push_back(static_cast<double>(cpu_stop - cpu_start) * 1e9 / CLOCKS_PER_SEC / count);
    }
  });
  interrupted.raise_if_stopped();
  py::dict out;
  out["ns_per_step"] = samples;
  out["cpu_ns_per_step"] = cpu_samples;
  out["steps"] = static_cast<std::int64_t>(steps) * rounds * static_cast<std::int64_t>(n);
  out["episodes"] = episodes;
  out["reward_sum"] = reward_sum;
  out["mask_checksum"] = mask_bytes;
  return out;
}

// The class common to every game's env; `extra` adds the game's own methods.
template <class G, class Extra>
void bind_env_class(py::module_& m, const char* name, const char* doc, Extra&& extra) {
  using Bound = BoundVectorEnv<G>;
  py::class_<Bound> cls(m, name, doc);
  cls.def(py::init(&make_env<G>), py::arg("rules"), py::arg("num_envs"), py::arg("opponents") = "random",
          py::arg("seat") = 0, py::arg("seed") = py::none())
      .def_property_readonly("num_envs", [](const Bound& b) { return b.env.num_envs(); })
      .def_property_readonly("players", [](const Bound& b) { return b.env.players(); })
      .def_property_readonly("observation_size", [](const Bound& b) { return b.env.observation_size(); })
      .def_property_readonly("rules", [](const Bound& b) { return b.env.rules(); })
      .def_property_readonly("seed", [](const Bound& b) { return b.env.seed(); },
                             "The seed of the episodes now being played.")
      .def_property_readonly("seat", [](const Bound& b) {
        return b.env.seat() == kRandomSeat ? py::object(py::str("random")) : py::object(py::int_(b.env.seat()));
      })
      .def_property_readonly("opponents", [](const Bound& b) {
        std::vector<std::string> out;
        for (auto p : b.env.opponents()) out.push_back(policy_name(p));
        return out;
      })
      .def_property_readonly("started", [](const Bound& b) { return b.env.started(); })
      .def_property_readonly("completed_episodes", [](const Bound& b) { return b.env.completed_episodes(); })
      .def_property_readonly("skipped_episodes", [](const Bound& b) { return b.env.skipped_episodes(); })
      .def("reset", &reset<G>, py::arg("seed") = py::none(),
           "seed=None: the next episode of every env (episode 0 on first use); an int reseeds and starts "
           "episode 0 of every env.")
      .def("step", &step<G>, py::arg("actions"), "One learner move id per env; all are checked before any env moves.")
      .def("buffers", &buffers<G>,
           "Read-only views of the output buffers, valid for the env's lifetime and overwritten by each "
           "reset/step: observations, legal_offsets, rewards, terminations, episode_points, episode_lengths, "
           "final_observations.")
      .def("legal_ids", &legal_ids<G>, "The flat legal ids of every env (a new array), split by legal_offsets.")
      .def("seats", [](Bound& b) {
        InUse in_use(b);
        return copy_of(b.env.seats());
      }, "The learner's seat in each env's current episode (a new array).")
      .def("episodes", [](Bound& b) {
        InUse in_use(b);
        return copy_of(b.env.episodes());
      }, "The index of each env's current episode (a new array; -1 before reset).")
      .def("deal", [](Bound& b, int i) {
        InUse in_use(b);
        return b.env.deal(i).copy_without_history();
      }, py::arg("i"), "A copy of env i's deal as it is now (without history).");
  extra(cls);
  m.def("time_vector_env", &time_vector_env<G>, py::arg("env"), py::arg("steps") = 100, py::arg("rounds") = 5,
        py::arg("masks") = false, py::arg("seed") = 0,
        "Step `env` (a reset _core vector env) steps x rounds times with random learner moves inside C++: "
        "{'ns_per_step': [wall, per round], 'cpu_ns_per_step': [CPU time, per round], 'steps', 'episodes', "
        "'reward_sum', 'mask_checksum'}. masks=True (games with move ids) also brings the dense masks up to date.");
}

// Binds the env of game G: with move ids (kMoveIds), the dense masks over them;
// else the legal moves' features.
template <class G>
void bind_game_env(py::module_& m) {
  using Bound = BoundVectorEnv<G>;
  const std::string game(GameTraits<G>::kName);
  if constexpr (GameTraits<G>::kMoveIds) {
    bind_env_class<G>(m, class_name<G>("VectorEnv"),
                      kept_text("n " + game + " deals stepped together in C++: one learner seat each, built-in "
                                "opponents, same-step auto-reset. See ganzdy.env.VectorEnv."),
                      [](py::class_<Bound>& cls) {
                        cls.def_property_readonly("num_moves", [](const Bound& b) { return b.env.num_moves(); })
                            .def("action_masks", &action_masks<G>,
                                 "A read-only view of the dense masks [num_envs, num_moves] of the current legal "
                                 "ids.");
                      });
  } else {
    bind_env_class<G>(m, class_name<G>("VectorEnv"),
                      kept_text("n " + game + " deals stepped together in C++; move ids index each env's legal "
                                "moves, described by legal_features(). See ganzdy.env.VectorEnv."),
                      [](py::class_<Bound>& cls) {
                        cls.def("legal_features", &legal_features<G>,
                                "The legal moves' features, fresh arrays flat over the envs like legal_ids (split "
                                "by legal_offsets): {'cards': uint8 [total, 54], 'kind': uint8, 'key': int8, "
                                "'wilds': uint8}.");
                      });
  }
}

}  // namespace

void bind_vector_env(py::module_& m) {
  for_each_game([&](auto game) { bind_game_env<typename decltype(game)::type>(m); });
}

}  // namespace ganzdy::bind
