// Shared helpers of the ganzdy._core binding files: conversions at the Python edge.
#pragma once

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
// repr(obj), cut to about 100 characters: what an error message quotes.
std::string quoted(py::handle obj);
// A deck order, top card first: card text or a list of card strings. Raises
// TypeError or ParseError; whether it is the rules' deck is the deal's check.
std::vector<Face> deck_from(py::handle obj);

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

// Deals, move ids, observations and agents exist for Gan Deng Yan only so far:
// throws RulesError naming `what` under another game's rules.
void require_gan_deng_yan(const Rules& rules, const char* what);

// The built-in policies named by `agents` ("random", "greedy", or one name a seat):
// one for every seat, or `players` of them. Raises TypeError or RulesError.
std::vector<Policy> policies_from(py::handle agents, int players);

void bind_errors(py::module_& m);
void bind_cards(py::module_& m);
void bind_moves(py::module_& m);
void bind_rules(py::module_& m);
void bind_bench(py::module_& m);
void bind_deal(py::module_& m);
void bind_gd_deal(py::module_& m);
void bind_gj_deal(py::module_& m);
void bind_new_deal(py::module_& m);
void bind_agents(py::module_& m);
void bind_observation(py::module_& m);
void bind_vector_env(py::module_& m);
void bind_ismcts(py::module_& m);
void bind_solver(py::module_& m);

}  // namespace ganzdy::bind
