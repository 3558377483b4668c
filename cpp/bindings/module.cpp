// ganzdy._core: the compiled engine. Thin bindings: names match the C++ API, the
// GIL is released around long calls, C++ errors become ganzdy.GanzdyError
// subclasses (ValueError).
#include "bindings.h"

PYBIND11_MODULE(_core, m) {
  m.doc() = "ganzdy compiled core: cards, rules, moves and move generation";
  ganzdy::bind::bind_errors(m);
  // Before finalizing begins, wait until every call that let the GIL go has come back
  // or stopped (the exit gate, bindings.h).
  pybind11::module_::import("atexit").attr("register")(
      pybind11::cpp_function([] { ganzdy::bind::hold_exit_for_threads(); }));
  ganzdy::bind::bind_cards(m);
  ganzdy::bind::bind_moves(m);
  ganzdy::bind::bind_rules(m);
  ganzdy::bind::bind_games(m);
  ganzdy::bind::bind_observation(m);
  ganzdy::bind::bind_vector_env(m);
  ganzdy::bind::bind_ismcts(m);
  ganzdy::bind::bind_solver(m);
  ganzdy::bind::bind_network(m);
  ganzdy::bind::bind_bench(m);
  ganzdy::bind::quote_rejected_arguments(m);  // last: it reaches every callable bound above
}
