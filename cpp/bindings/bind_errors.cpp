#include <cstring>
#include <string>
#include <unordered_set>

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

// pybind11's one dispatcher (cpp_function::dispatcher): every bound callable's
// PyMethodDef points at it, and it is what rejects arguments no overload takes.
using Dispatcher = PyObject* (*)(PyObject*, PyObject* const*, std::size_t, PyObject*);
Dispatcher g_dispatcher = nullptr;

// pybind11's "incompatible function arguments" TypeError ends with the repr of
// every argument ("Invoked with: ..."), whole: a megabyte of text passed where a
// move belongs came back as a megabyte of message. The overload list before it is
// kept; the arguments are quoted again with quoted(), about 100 characters each.
void requote_arguments(PyObject* const* args, std::size_t nargsf, PyObject* kwnames) {
  static constexpr const char* kInvoked = "\nInvoked with: ";
  PyObject *type = nullptr, *value = nullptr, *trace = nullptr;
  PyErr_Fetch(&type, &value, &trace);
  PyErr_NormalizeException(&type, &value, &trace);
  PyObject* text = value != nullptr ? PyObject_Str(value) : nullptr;
  const char* utf8 = text != nullptr ? PyUnicode_AsUTF8(text) : nullptr;
  if (utf8 == nullptr) PyErr_Clear();
  const std::string message = utf8 != nullptr ? utf8 : "";
  Py_XDECREF(text);
  const std::size_t invoked = message.find(kInvoked);
  const bool constructor = message.find("(): incompatible constructor arguments") != std::string::npos;
  if (invoked == std::string::npos ||
      (!constructor && message.find("(): incompatible function arguments") == std::string::npos)) {
    PyErr_Restore(type, value, trace);
    return;
  }
  std::string rewritten = message.substr(0, invoked + std::strlen(kInvoked));
  const auto positional = static_cast<std::size_t>(PyVectorcall_NARGS(nargsf));
  // A constructor's first argument is the instance being built: pybind11 leaves it out too.
  for (std::size_t i = constructor ? 1 : 0; i < positional; ++i) {
    if (i > (constructor ? 1U : 0U)) rewritten += ", ";
    rewritten += quoted(args[i]);
  }
  const Py_ssize_t keywords = kwnames != nullptr ? PyTuple_GET_SIZE(kwnames) : 0;
  for (Py_ssize_t k = 0; k < keywords; ++k) {
    rewritten += k == 0 ? (positional > (constructor ? 1U : 0U) ? "; kwargs: " : "kwargs: ") : ", ";
    PyObject* name = PyTuple_GET_ITEM(kwnames, k);
    Py_ssize_t size = 0;
    const char* plain = PyUnicode_AsUTF8AndSize(name, &size);
    if (plain == nullptr) PyErr_Clear();
    // A keyword is shown as written, as pybind11 does, unless it is no short text.
    rewritten += plain != nullptr && size <= 100 ? std::string(plain, static_cast<std::size_t>(size)) : quoted(name);
    rewritten += "=" + quoted(args[positional + static_cast<std::size_t>(k)]);
  }
  PyObject* line = PyUnicode_DecodeUTF8(rewritten.data(), static_cast<Py_ssize_t>(rewritten.size()), "backslashreplace");
  PyObject* new_args = line != nullptr ? PyTuple_Pack(1, line) : nullptr;
  // Should even this fail (no memory), pybind11's own message stands.
  if (new_args == nullptr || PyObject_SetAttrString(value, "args", new_args) != 0) PyErr_Clear();
  Py_XDECREF(line);
  Py_XDECREF(new_args);
  PyErr_Restore(type, value, trace);
}

PyObject* dispatch_quoting(PyObject* self, PyObject* const* args, std::size_t nargsf, PyObject* kwnames) {
  PyObject* result = g_dispatcher(self, args, nargsf, kwnames);
  if (result == nullptr && PyErr_ExceptionMatches(PyExc_TypeError)) requote_arguments(args, nargsf, kwnames);
  return result;
}

// Points every bound callable reachable from `obj` (functions, methods, static
// methods, properties, the classes' own, nested classes) at dispatch_quoting.
void route_through_quoting(PyObject* obj, std::unordered_set<PyObject*>& seen) {
  if (obj == nullptr || !seen.insert(obj).second) return;
  if (PyCFunction_Check(obj)) {
    PyMethodDef* def = reinterpret_cast<PyCFunctionObject*>(obj)->m_ml;
    // Only where pybind11 dispatches by vectorcall with keywords, the signature
    // dispatch_quoting has (a pybind11 that dispatched otherwise is left alone).
    constexpr int kVectorcall = METH_FASTCALL | METH_KEYWORDS;
    if (def->ml_meth == reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(g_dispatcher)) &&
        (def->ml_flags & kVectorcall) == kVectorcall)
      def->ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&dispatch_quoting));
    return;
  }
  if (PyInstanceMethod_Check(obj)) return route_through_quoting(PyInstanceMethod_GET_FUNCTION(obj), seen);
  const auto attribute = [&](const char* name) {
    py::object inner = py::getattr(obj, name, py::none());
    route_through_quoting(inner.ptr(), seen);
  };
  if (PyObject_TypeCheck(obj, &PyStaticMethod_Type) || PyObject_TypeCheck(obj, &PyClassMethod_Type))
    return attribute("__func__");
  if (PyObject_TypeCheck(obj, &PyProperty_Type)) {
    for (const char* name : {"fget", "fset", "fdel"}) attribute(name);
    return;
  }
  if (PyType_Check(obj)) {
    const py::str module = py::getattr(obj, "__module__", py::str(""));
    if (std::string(module).rfind("ganzdy", 0) != 0) return;  // only the classes bound here
    PyObject* dict = reinterpret_cast<PyTypeObject*>(obj)->tp_dict;
    PyObject *key = nullptr, *item = nullptr;
    Py_ssize_t pos = 0;
    while (dict != nullptr && PyDict_Next(dict, &pos, &key, &item)) route_through_quoting(item, seen);
  }
}

}  // namespace

void quote_rejected_arguments(py::module_& m) {
  py::cpp_function probe([] {});
  g_dispatcher = reinterpret_cast<Dispatcher>(
      reinterpret_cast<void (*)()>(reinterpret_cast<PyCFunctionObject*>(probe.ptr())->m_ml->ml_meth));
  std::unordered_set<PyObject*> seen;
  PyObject *key = nullptr, *item = nullptr;
  Py_ssize_t pos = 0;
  PyObject* dict = PyModule_GetDict(m.ptr());
  while (PyDict_Next(dict, &pos, &key, &item)) route_through_quoting(item, seen);
}

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
