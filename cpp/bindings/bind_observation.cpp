// Every game's observation layout through its rules (Rules.observation_shape,
// observation_spec, observation_version) and the buffer every deal's observation()
// writes into.
#include <string>

#include "bindings.h"
#include "deal_common.h"
#include "ganzdy/core/errors.h"
#include "ganzdy/games.h"

#include <pybind11/numpy.h>

namespace ganzdy::bind {

using gdy::ObservationSlice;

FloatArray observation_buffer(py::handle out_obj, int size) {
  const auto n = static_cast<py::ssize_t>(size);
  if (out_obj.is_none()) return FloatArray(n);
  // The caller's buffer is written in place, so it must be exactly the right array.
  if (!py::isinstance<py::array>(out_obj)) throw py::type_error("out must be a numpy float32 array");
  auto arr = py::reinterpret_borrow<py::array>(out_obj);
  if (!arr.dtype().is(py::dtype::of<float>()) || arr.ndim() != 1 || arr.shape(0) != n ||
      !(arr.flags() & py::array::c_style) || !arr.writeable())
    throw GanzdyError("out must be a writable, contiguous float32 array of shape (" + std::to_string(size) +
                      ",), got " + quoted(out_obj));
  return py::reinterpret_borrow<FloatArray>(arr);
}

void bind_observation(py::module_& m) {
  m.attr("GAN_DENG_YAN_OBSERVATION_VERSION") = gdy::kObservationVersion;

  py::class_<ObservationSlice>(m, "ObservationSlice", "One named part of the observation vector: [start, stop).")
      .def_readonly("name", &ObservationSlice::name)
      .def_readonly("start", &ObservationSlice::start)
      .def_property_readonly("stop", [](const ObservationSlice& s) { return s.start + s.size; })
      .def_readonly("size", &ObservationSlice::size)
      .def_readonly("description", &ObservationSlice::description)
      .def("__repr__", [](const ObservationSlice& s) {
        return "ObservationSlice(name='" + s.name + "', start=" + std::to_string(s.start) +
               ", stop=" + std::to_string(s.start + s.size) + ")";
      });

  // Every game's layout through its rules, so generic code reads it one way; the
  // layout is the game's (GameTraits<D>::observation_layout) and may depend on the
  // seat count (Gan Deng Yan).
  auto rules = py::reinterpret_borrow<py::class_<Rules>>(m.attr("Rules"));
  rules
      .def_property_readonly(
          "observation_shape",
          [](const Rules& r) {
            return with_traits(r, [&](auto traits) { return py::make_tuple(traits.observation_size(r)); });
          },
          "Shape of Deal.observation(seat): what one seat may know.")
      .def_property_readonly(
          "perfect_observation_shape",
          [](const Rules& r) {
            return with_traits(r, [&](auto traits) {
              const ObservationSlice& last = traits.observation_layout(r, true).back();
              return py::make_tuple(last.start + last.size);
            });
          },
          "Shape of Deal.observation(seat, perfect=True): every hand (and the stock) too.")
      .def_property_readonly(
          "observation_version",
          [](const Rules& r) { return with_traits(r, [](auto traits) { return int{traits.kObservationVersion}; }); },
          "The observation layout's version (GAN_DENG_YAN_OBSERVATION_VERSION and its kin); a learned network "
          "is trained for one.")
      .def(
          "observation_spec",
          [](const Rules& r, bool perfect) {
            return with_traits(r, [&](auto traits) { return traits.observation_layout(r, perfect); });
          },
          py::kw_only(), py::arg("perfect") = false,
          "The named slices of the observation vector, in order, covering it exactly.");
}

}  // namespace ganzdy::bind
