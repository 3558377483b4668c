// Shared helpers of the ganzdy._core binding files: conversions at the Python edge.
#pragma once

#if defined(__GLIBCXX__)
#include <cxxabi.h>
#endif
#include <chrono>
#include <exception>
#include <optional>
#include <type_traits>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "ganzdy/core/cards.h"
#include "ganzdy/core/move.h"
#include "ganzdy/search/playout.h"
#include "ganzdy/core/rules.h"

namespace ganzdy::bind {

namespace py = pybind11;

// Accepts a Cards or card text; raises TypeError for anything else.
Cards to_cards(py::handle obj, const char* what);

// A seat number in [0, players); raises TypeError or RulesError naming `what`.
int to_seat(py::handle obj, int players, const char* what);
// A seed: any Python int, reduced modulo 2^64; None draws a fresh random seed.
std::uint64_t to_seed(py::handle obj);
// The arguments every deal constructor leads with (rules, seed=None, dealer=0):
// a bad one is a RulesError quoting it, in every game alike.
std::uint64_t seed_arg(py::handle seed);
int dealer_arg(py::handle dealer, int players);
// repr(obj), cut to about 100 characters: what an error message quotes. repr
// escapes NUL and every other control character, so the message is not cut short
// where C++ hands it to Python as a C string; an object whose repr fails is
// named by its type.
std::string quoted(py::handle obj);
// Text already in C++ (core, move.h): its first 100 characters, control bytes escaped.
using ganzdy::quoted;
// The one way a text argument of _core enters C++: `obj` as UTF-8. Anything but
// a str is a TypeError naming `what`; a str that is no text (a lone surrogate,
// which UTF-8 cannot hold) is a ParseError: the type is right and the content
// unreadable, like any other text the engine cannot read, so callers catching
// GanzdyError for bad text catch it too. Both quote `obj` with quoted().
std::string text_arg(py::handle obj, const char* what);
// A temperature argument `name` of `function`: None is `game_default`; anything but
// an int or float is a TypeError, a number that is not positive and finite a
// RulesError quoting it.
double temperature_arg(py::handle obj, double game_default, const char* function, const char* name);
// A share in [0, 1], or None for the game's (std::nullopt). Anything but None, an
// int or a float is a TypeError, a number outside [0, 1] a RulesError quoting it.
std::optional<double> unit_arg(py::handle obj, const char* function, const char* name);
// A deck order, top card first: card text or a list of card strings. Raises
// TypeError or ParseError; whether it is the rules' deck is the deal's check.
std::vector<Face> deck_from(py::handle obj);

// The exit gate. A daemon thread coming back from a long C++ call after the main
// thread began finalizing would be ended by CPython with pthread_exit, whose forced
// unwind reaching a destructor (py::gil_scoped_release's) calls std::terminate
// ("terminate called without an active exception"); and one still inside the call
// when the process runs its static destructors reads what they free (SIGSEGV). So
// every thread of ours that gives up the GIL is counted from release_gil() until it
// holds the GIL again in reacquire_gil(), and the module's atexit hook
// (hold_exit_for_threads), which runs before finalizing begins, marks the exit and
// waits, without the GIL, until none is counted: each has either taken the GIL
// back before the exit or stopped for good (parked: it sleeps until the process
// ends, never returning to Python). A long call polls (SignalPoll) and stops at
// the next poll; a short one finishes. Calls that start once the exit has begun
// park at once. The thread running the exit itself (an atexit callback or a
// finalizer that calls ganzdy) goes on as usual.
//
// release_gil() must be called with the GIL held; it returns as PyEval_SaveThread.
PyThreadState* release_gil();
// Takes back the GIL given up by release_gil(), unless the exit has begun in
// another thread: then the thread parks (never returns).
void reacquire_gil(PyThreadState* state);
// Whether the interpreter has begun finalizing: a thread without the GIL must then
// not ask for it.
bool interpreter_finalizing();

// The GIL for a thread that gave it up (or never had it: a search's worker thread),
// unless the interpreter is exiting: then held() is false, the GIL is not taken and
// the caller must stop (and its thread park in reacquire_gil). Checking "not
// exiting" and then asking for the GIL are two steps, and finalizing could begin
// between them, which CPython answers by ending the thread with pthread_exit
// (std::terminate or SIGSEGV in our frames). So a thread is counted before the
// check, as in release_gil(), and the exit hook waits for it: the check and the
// acquire are one step as far as the exit can tell.
class GilFromThread {
 public:
  GilFromThread();
  GilFromThread(const GilFromThread&) = delete;
  GilFromThread& operator=(const GilFromThread&) = delete;
  bool held() const { return gil_.has_value(); }

 private:
  std::optional<py::gil_scoped_acquire> gil_;
};
// The module's atexit hook (module.cpp registers it): called with the GIL held.
void hold_exit_for_threads();

// Runs `job` with the GIL released, and returns its result or rethrows its
// exception once the GIL is back (reacquire_gil). Every long call of the
// bindings goes through here; anything `job` reads must not be reachable from
// Python meanwhile (a copy, or an object guarded by its own flag).
#if defined(__GLIBCXX__)
using ForcedUnwind = abi::__forced_unwind;
#else
struct ForcedUnwind {};  // no forced unwinding to let through
#endif

template <class Job>
auto without_gil(Job&& job) -> decltype(job()) {
  using Result = decltype(job());
  PyThreadState* state = release_gil();
  std::exception_ptr failure;
  if constexpr (std::is_void_v<Result>) {
    try {
      job();
    } catch (const ForcedUnwind&) {
      throw;  // the thread is being ended (pthread_exit): let it go
    } catch (...) {
      failure = std::current_exception();
    }
    reacquire_gil(state);
    if (failure) std::rethrow_exception(failure);
  } else {
    std::optional<Result> result;
    try {
      result.emplace(job());
    } catch (const ForcedUnwind&) {
      throw;
    } catch (...) {
      failure = std::current_exception();
    }
    reacquire_gil(state);
    if (failure) std::rethrow_exception(failure);
    return std::move(*result);
  }
}

// Ctrl-C for a loop that runs without the GIL: call it every iteration; about ten
// times a second it takes the GIL to run Python's signal handlers (the one check
// the solver makes too), and from the first that raises (KeyboardInterrupt) it
// answers true, so the loop stops. Between polls it costs a clock read.
// raise_if_stopped(), with the GIL held again, raises what the handler raised.
class SignalPoll {
 public:
  bool operator()() {
    if (error_ || finalizing_) return true;
    const auto now = std::chrono::steady_clock::now();
    if (now < next_) return false;
    next_ = now + std::chrono::milliseconds(100);
    GilFromThread gil;
    if (!gil.held()) return finalizing_ = true;  // stop; reacquire_gil() parks the thread
    if (PyErr_CheckSignals() != 0) error_.emplace();
    return error_.has_value();
  }
  bool stopped() const { return finalizing_ || error_.has_value(); }
  void raise_if_stopped() {
    if (error_) throw std::move(*error_);
  }

 private:
  std::chrono::steady_clock::time_point next_ = std::chrono::steady_clock::now() + std::chrono::milliseconds(100);
  std::optional<py::error_already_set> error_;
  bool finalizing_ = false;
};

using FloatArray = py::array_t<float, py::array::c_style>;
// The array an observation is written into: a new one of `size` floats, or the
// caller's `out`, which must be exactly a writable contiguous float32 array of
// that shape (GanzdyError otherwise).
FloatArray observation_buffer(py::handle out_obj, int size);

// The move API of the rules' game: whether `move` is one of its combinations,
// and its legal moves (leads on a pass table). `opened_point` is a Gouji
// player's state (four_rules='after_open_point').
bool is_combination(const Rules& rules, const Move& move);
void generate(const Rules& rules, const Cards& hand, const Move& table, MoveList& out, bool opened_point = false);

// For what one game alone has (Gan Deng Yan's move ids, Gouji's classify...):
// throws RulesError naming `what`, the game it is for and the rules' game otherwise.
void require_game(const Rules& rules, Game game, const char* what);

// The built-in policies named by `agents` ("random", "greedy", or one name a seat):
// one for every seat, or `players` of them. Raises TypeError or RulesError.
std::vector<Policy> policies_from(py::handle agents, int players);

void bind_errors(py::module_& m);
// Called once every binding is made: a call that no overload of a bound callable
// takes raises pybind11's TypeError listing the overloads, with the arguments
// quoted (quoted(), about 100 characters each) instead of echoed whole.
void quote_rejected_arguments(py::module_& m);
void bind_cards(py::module_& m);
void bind_moves(py::module_& m);
void bind_rules(py::module_& m);
void bind_bench(py::module_& m);
void bind_games(py::module_& m);
void bind_observation(py::module_& m);
void bind_vector_env(py::module_& m);
void bind_ismcts(py::module_& m);
void bind_solver(py::module_& m);
void bind_network(py::module_& m);

}  // namespace ganzdy::bind
