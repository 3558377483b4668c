// Timing loops run entirely in C++, so bench/ can report the engine's cost per
// call without the Python boundary.
#include <algorithm>
#include <chrono>
#include <vector>

#include "bindings.h"
#include "ganzdy/core/errors.h"
#include "ganzdy/games.h"
#include "ganzdy/guandan/moves.h"
#include "ganzdy/gan_deng_yan/deal.h"
#include "ganzdy/gan_deng_yan/moves.h"
#include "ganzdy/gouji/moves.h"

namespace ganzdy::bind {

namespace {

// Median ns per generate() call over `repeats` timed batches of `iterations` calls.
py::tuple time_generation(const Rules& rules, py::handle hand_obj, std::optional<Move> table, int iterations,
                          int repeats) {
  const Cards hand = to_cards(hand_obj, "hand");
  rules.check_in_deck(hand, "hand");
  const Move top = table.value_or(Move::pass_move());
  if (iterations < 1 || repeats < 1) throw py::value_error("iterations and repeats must be positive");
  if (table && !is_combination(rules, top))
    throw IllegalMoveError("table move " + top.str() + " is not a combination under " + rules.describe());
  MoveList buffer;
  std::vector<double> samples;
  std::size_t count = 0;
  // The game is chosen once, outside the timed loop, so the loop calls the
  // generator itself.
  // Ctrl-C is polled between timed batches, never inside one: a clock read a call
  // would be part of what is measured.
  SignalPoll interrupted;
  auto run = [&](auto generate) {
    generate();  // grow the buffer once
    for (int rep = 0; rep < repeats && !interrupted(); ++rep) {
      auto start = std::chrono::steady_clock::now();
      for (int i = 0; i < iterations; ++i) {
        generate();
        count += buffer.size();
      }
      auto stop = std::chrono::steady_clock::now();
      samples.push_back(std::chrono::duration<double, std::nano>(stop - start).count() / iterations);
    }
  };
  without_gil([&] {
    with_game(rules.game(), [&](auto game) {
      using Traits = GameTraits<typename decltype(game)::type>;
      run([&] { Traits::generate(rules, hand, top, buffer, false); });
    });
  });
  interrupted.raise_if_stopped();
  std::sort(samples.begin(), samples.end());
  return py::make_tuple(samples[samples.size() / 2], count / (static_cast<std::size_t>(iterations) * repeats));
}

// Median ns per Deal copy (with or without its history) measured inside C++.
double time_copy(const gdy::Deal& position, bool history, int iterations, int repeats) {
  if (iterations < 1 || repeats < 1) throw py::value_error("iterations and repeats must be positive");
  std::vector<double> samples;
  std::size_t sink = 0;
  gdy::Deal deal(position);  // copy() shares the history, so it needs a deal of its own
  SignalPoll interrupted;  // between timed batches only, as in time_generation
  without_gil([&] {
    for (int rep = 0; rep < repeats && !interrupted(); ++rep) {
      auto start = std::chrono::steady_clock::now();
      for (int i = 0; i < iterations; ++i) {
        gdy::Deal copy = history ? deal.copy() : deal.copy_without_history();
        sink += static_cast<std::size_t>(copy.stock_size());
      }
      auto stop = std::chrono::steady_clock::now();
      samples.push_back(std::chrono::duration<double, std::nano>(stop - start).count() / iterations);
    }
  });
  interrupted.raise_if_stopped();
  std::sort(samples.begin(), samples.end());
  return samples[samples.size() / 2] + static_cast<double>(sink == 1 ? 0 : 0);
}

// Median ns per push+pop (apply and undo) of each legal move in turn, inside C++.
double time_apply_undo(const gdy::Deal& deal, int iterations, int repeats) {
  if (iterations < 1 || repeats < 1) throw py::value_error("iterations and repeats must be positive");
  gdy::Deal work(deal);
  gdy::MoveList moves;
  work.legal_moves(moves);
  if (moves.empty()) throw py::value_error("the deal is over");
  std::vector<double> samples;
  SignalPoll interrupted;  // between timed batches only, as in time_generation
  without_gil([&] {
    for (int rep = 0; rep < repeats && !interrupted(); ++rep) {
      auto start = std::chrono::steady_clock::now();
      for (int i = 0; i < iterations; ++i) {
        work.apply(moves[static_cast<std::size_t>(i) % moves.size()]);
        work.pop();
      }
      auto stop = std::chrono::steady_clock::now();
      samples.push_back(std::chrono::duration<double, std::nano>(stop - start).count() / iterations);
    }
  });
  interrupted.raise_if_stopped();
  std::sort(samples.begin(), samples.end());
  return samples[samples.size() / 2];
}

}  // namespace

void bind_bench(py::module_& m) {
  m.def("time_copy", &time_copy, py::arg("deal"), py::arg("history") = true, py::arg("iterations") = 10000,
        py::arg("repeats") = 7, "Median ns per Deal copy, measured inside C++.");
  m.def("time_apply_undo", &time_apply_undo, py::arg("deal"), py::arg("iterations") = 10000, py::arg("repeats") = 7,
        "Median ns per apply + pop, measured inside C++.");
  m.def("time_generation", &time_generation, py::arg("rules"), py::arg("hand"), py::arg("table") = py::none(),
        py::arg("iterations") = 10000, py::arg("repeats") = 7,
        "(median ns per legal-move generation call measured inside C++, moves per call)");
}

}  // namespace ganzdy::bind
