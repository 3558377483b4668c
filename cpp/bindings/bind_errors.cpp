#include "bindings.h"
#include "ganzdy/errors.h"

namespace ganzdy::bind {

void bind_errors(py::module_& m) {
  // Registered base first: pybind11 tries translators newest first, so each
  // subclass is matched before GanzdyError.
  auto base = py::register_exception<GanzdyError>(m, "GanzdyError", PyExc_ValueError);
  py::register_exception<ParseError>(m, "ParseError", base.ptr());
  py::register_exception<RulesError>(m, "RulesError", base.ptr());
  py::register_exception<DeckError>(m, "DeckError", base.ptr());
  py::register_exception<IllegalMoveError>(m, "IllegalMoveError", base.ptr());
  py::register_exception<AmbiguousMoveError>(m, "AmbiguousMoveError", base.ptr());
}

}  // namespace ganzdy::bind
