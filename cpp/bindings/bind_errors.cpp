#include <cstring>

#include "bindings.h"
#include "ganzdy/core/errors.h"

namespace ganzdy::bind {

namespace {

// The Python classes, kept alive as attributes of the module.
PyObject* g_base = nullptr;
PyObject* g_parse = nullptr;
PyObject* g_rules = nullptr;
PyObject* g_deck = nullptr;
PyObject* g_illegal = nullptr;
PyObject* g_ambiguous = nullptr;

// Messages quote what the caller passed, which need not be UTF-8 (or may be cut
// inside a character); undecodable bytes are shown as \xNN, never raised as a
// UnicodeDecodeError in place of the real error.
void raise(PyObject* type, const char* what) {
  PyObject* text = PyUnicode_DecodeUTF8(what, static_cast<Py_ssize_t>(std::strlen(what)), "backslashreplace");
  if (text == nullptr) return;  // MemoryError is already set
  PyErr_SetObject(type, text);
  Py_DECREF(text);
}

}  // namespace

void bind_errors(py::module_& m) {
  auto base = py::register_exception<GanzdyError>(m, "GanzdyError", PyExc_ValueError);
  g_base = base.ptr();
  g_parse = py::register_exception<ParseError>(m, "ParseError", base.ptr()).ptr();
  g_rules = py::register_exception<RulesError>(m, "RulesError", base.ptr()).ptr();
  g_deck = py::register_exception<DeckError>(m, "DeckError", base.ptr()).ptr();
  g_illegal = py::register_exception<IllegalMoveError>(m, "IllegalMoveError", base.ptr()).ptr();
  g_ambiguous = py::register_exception<AmbiguousMoveError>(m, "AmbiguousMoveError", base.ptr()).ptr();
  // Registered last, so tried first: most derived class first.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const ParseError& e) {
      raise(g_parse, e.what());
    } catch (const RulesError& e) {
      raise(g_rules, e.what());
    } catch (const DeckError& e) {
      raise(g_deck, e.what());
    } catch (const IllegalMoveError& e) {
      raise(g_illegal, e.what());
    } catch (const AmbiguousMoveError& e) {
      raise(g_ambiguous, e.what());
    } catch (const GanzdyError& e) {
      raise(g_base, e.what());
    }
  });
}

}  // namespace ganzdy::bind
