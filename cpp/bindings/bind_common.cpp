// The conversions at the Python edge that every binding file shares (bindings.h):
// seats, seeds, deal arguments, deck orders, policy names, and the GIL's return.
#include <pthread.h>

#include <atomic>
#include <cmath>
#include <chrono>
#include <limits>
#include <random>
#include <string>
#include <thread>

#include "bindings.h"
#include "ganzdy/core/errors.h"
#include "ganzdy/search/playout.h"

namespace ganzdy::bind {

int to_seat(py::handle obj, int players, const char* what) {
  if (!py::isinstance<py::int_>(obj) || py::isinstance<py::bool_>(obj))
    throw py::type_error(std::string(what) + " must be an int");
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(obj.ptr(), &overflow);
  if (overflow != 0 || v < 0 || v >= players)
    throw RulesError(std::string(what) + "=" + quoted(obj) + " is not a seat: expected 0 to " +
                     std::to_string(players - 1));
  return static_cast<int>(v);
}

std::uint64_t to_seed(py::handle obj) {
  if (obj.is_none()) {
    std::random_device rd;
    return (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
  }
  if (!py::isinstance<py::int_>(obj) || py::isinstance<py::bool_>(obj)) throw py::type_error("seed must be an int or None");
  // Any Python int: reduce it modulo 2^64 so negative and huge seeds are accepted deterministically.
  py::int_ mask(py::reinterpret_steal<py::object>(PyLong_FromUnsignedLongLong(~0ULL)));
  py::object reduced = obj.attr("__and__")(mask);
  return reduced.cast<std::uint64_t>();
}

bool interpreter_finalizing() {
#if PY_VERSION_HEX >= 0x030D0000
  return Py_IsFinalizing() != 0;
#else
  return _Py_IsFinalizing() != 0;
#endif
}

namespace {
// Set by the atexit hook: from now on no thread but the exit's may ask for the GIL
// or start a call without it.
std::atomic<bool> g_exiting{false};
// The thread that runs the exit (the atexit hook's): it finalizes the interpreter,
// which CPython lets it do with the GIL, so it alone goes on as before.
std::atomic<std::thread::id> g_exit_thread{};
// Threads of ours that will want the GIL back: from release_gil until they hold it
// again (or park), and from announcing themselves in GilFromThread until they hold it.
std::atomic<int> g_outstanding{0};

// A child forked while another thread was counted inherits the count but not the
// thread, and its exit would wait for it forever: a child starts with none.
[[maybe_unused]] const int g_reset_in_children = pthread_atfork(nullptr, nullptr, [] { g_outstanding.store(0); });

bool exit_thread() { return g_exit_thread.load() == std::this_thread::get_id(); }

// Whether this thread must stop short of the GIL: the exit has begun, elsewhere.
bool shut_out() { return !exit_thread() && (g_exiting.load() || interpreter_finalizing()); }

[[noreturn]] void park() {
  for (;;) std::this_thread::sleep_for(std::chrono::hours(1));  // the process is ending: never return to Python
}
}  // namespace

void hold_exit_for_threads() {
  g_exit_thread.store(std::this_thread::get_id());
  g_exiting.store(true);
  if (g_outstanding.load() == 0) return;
  py::gil_scoped_release release;  // so the counted threads can take it, or park
  while (g_outstanding.load() != 0) std::this_thread::sleep_for(std::chrono::microseconds(200));
}

GilFromThread::GilFromThread() {
  g_outstanding.fetch_add(1);
  if (!shut_out()) gil_.emplace();
  g_outstanding.fetch_sub(1);
}

PyThreadState* release_gil() {
  g_outstanding.fetch_add(1);
  PyThreadState* state = PyEval_SaveThread();
  if (shut_out()) {
    // Counted after the exit hook stopped waiting: the call must not start, as the
    // process may be running its static destructors before it ends.
    g_outstanding.fetch_sub(1);
    park();
  }
  return state;
}

void reacquire_gil(PyThreadState* state) {
  if (shut_out()) {
    g_outstanding.fetch_sub(1);
    park();
  }
  PyEval_RestoreThread(state);
  g_outstanding.fetch_sub(1);
}

std::string quoted(py::handle obj) {
  constexpr std::size_t kMax = 100;
  PyObject* repr = PyObject_Repr(obj.ptr());
  Py_ssize_t size = 0;
  const char* utf8 = repr != nullptr ? PyUnicode_AsUTF8AndSize(repr, &size) : nullptr;
  if (utf8 == nullptr) {
    // A repr that raises, or returns a lone surrogate, must not replace the error being reported.
    PyErr_Clear();
    Py_XDECREF(repr);
    return "<" + std::string(Py_TYPE(obj.ptr())->tp_name) + " object>";
  }
  std::string text(utf8, static_cast<std::size_t>(size));
  Py_DECREF(repr);
  if (text.size() > kMax) {
    // Cut on a UTF-8 character boundary, so the message stays valid text.
    std::size_t cut = kMax;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    text = text.substr(0, cut) + "... (" + std::to_string(text.size()) + " characters)";
  }
  return text;
}

std::uint64_t seed_arg(py::handle seed) {
  if (!seed.is_none() && (!py::isinstance<py::int_>(seed) || py::isinstance<py::bool_>(seed)))
    throw RulesError("seed=" + quoted(seed) + " is not allowed: expected an int (any, taken modulo 2**64) or None");
  return to_seed(seed);
}

int dealer_arg(py::handle dealer, int players) {
  int overflow = 0;
  const bool is_int = py::isinstance<py::int_>(dealer) && !py::isinstance<py::bool_>(dealer);
  const long long v = is_int ? PyLong_AsLongLongAndOverflow(dealer.ptr(), &overflow) : -1;
  if (!is_int || overflow != 0 || v < 0 || v >= players)
    throw RulesError("dealer=" + quoted(dealer) + " is not a seat: expected 0 to " + std::to_string(players - 1));
  return static_cast<int>(v);
}

namespace {

// An int or float as a double; an int too large for one is NaN, which every range
// check refuses (a cast would raise pybind11's bare "Unable to cast").
double number_value(py::handle obj) {
  const double v = PyFloat_AsDouble(obj.ptr());
  if (v == -1.0 && PyErr_Occurred() != nullptr) {
    PyErr_Clear();
    return std::numeric_limits<double>::quiet_NaN();
  }
  return v;
}

}  // namespace

double temperature_arg(py::handle obj, double game_default, const char* function, const char* name) {
  if (obj.is_none()) return game_default;
  if (py::isinstance<py::bool_>(obj) || !(py::isinstance<py::int_>(obj) || py::isinstance<py::float_>(obj)))
    throw py::type_error(std::string(name) + " must be a number or None, not " + quoted(obj));
  const double t = number_value(obj);
  if (!(t > 0) || !std::isfinite(t))
    throw RulesError(std::string(function) + ": " + name + "=" + quoted(obj) + " must be a positive number");
  return t;
}

std::optional<double> unit_arg(py::handle obj, const char* function, const char* name) {
  if (obj.is_none()) return std::nullopt;
  if (py::isinstance<py::bool_>(obj) || !(py::isinstance<py::int_>(obj) || py::isinstance<py::float_>(obj)))
    throw py::type_error(std::string(name) + " must be a number or None, not " + quoted(obj));
  const double v = number_value(obj);
  if (!(v >= 0 && v <= 1))
    throw RulesError(std::string(function) + ": " + name + "=" + quoted(obj) + " must lie in [0, 1]");
  return v;
}

std::string text_arg(py::handle obj, const char* what) {
  if (!py::isinstance<py::str>(obj))
    throw py::type_error(std::string(what) + "=" + quoted(obj) + " must be a str, not " + Py_TYPE(obj.ptr())->tp_name);
  Py_ssize_t size = 0;
  const char* utf8 = PyUnicode_AsUTF8AndSize(obj.ptr(), &size);
  if (utf8 == nullptr) {
    PyErr_Clear();
    throw ParseError(std::string(what) + "=" + quoted(obj) +
                     " is not text: it holds a lone surrogate, which UTF-8 cannot encode");
  }
  return std::string(utf8, static_cast<std::size_t>(size));
}

std::vector<Face> deck_from(py::handle obj) {
  std::vector<Face> order;
  // Card text keeps its order; a list of card strings too.
  std::vector<std::string> tokens;
  if (py::isinstance<py::str>(obj)) {
    std::string text = text_arg(obj, "deck");
    std::string token;
    for (char c : text) {
      if (c == ' ' || c == ',' || c == '\t' || c == '\n') {
        if (!token.empty()) tokens.push_back(token);
        token.clear();
      } else {
        token += c;
      }
    }
    if (!token.empty()) tokens.push_back(token);
  } else if (py::isinstance<py::sequence>(obj)) {
    for (auto item : obj.cast<py::sequence>()) {
      if (!py::isinstance<py::str>(item))
        throw py::type_error("deck must be card text or a list of card strings, not a list holding " + quoted(item));
      tokens.push_back(text_arg(item, "deck entry"));
    }
  } else {
    throw py::type_error("deck=" + quoted(obj) + " must be card text or a list of card strings");
  }
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    Cards one = Cards::parse(tokens[i]);
    if (one.size() != 1)
      throw ParseError("deck entry " + std::to_string(i + 1) + " '" + quoted(tokens[i]) + "' is not exactly one card");
    for (int f = 0; f < kNumFaces; ++f)
      if (one.count(f)) order.push_back(static_cast<Face>(f));
  }
  return order;
}

std::vector<Policy> policies_from(py::handle agents, int players) {
  std::vector<Policy> out;
  if (py::isinstance<py::str>(agents)) {
    out.push_back(parse_policy(text_arg(agents, "agents")));
  } else {
    if (!py::isinstance<py::sequence>(agents))
      throw py::type_error("agents=" + quoted(agents) + " must be a policy name or a list of them ('random', 'greedy')");
    for (auto a : agents.cast<py::sequence>()) {
      if (!py::isinstance<py::str>(a))
        throw py::type_error("agents must be policy names ('random', 'greedy'), not " + quoted(a));
      out.push_back(parse_policy(text_arg(a, "agents")));
    }
  }
  if (out.empty() || (out.size() != 1 && static_cast<int>(out.size()) != players))
    throw RulesError("agents: give one policy for every seat or " + std::to_string(players) + " policies, got " +
                     std::to_string(out.size()));
  return out;
}


}  // namespace ganzdy::bind
