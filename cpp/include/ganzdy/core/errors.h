// Errors raised at the checked edge of the engine. The bindings map each one to
// a Python exception of the same name, all under ganzdy.GanzdyError(ValueError).
// The core (generation, apply, pop) never throws; only parsing and checked entry
// points do.
#pragma once

#include <stdexcept>
#include <string>

namespace ganzdy {

class GanzdyError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Text that is not card or move notation. The message names the token and its position.
class ParseError : public GanzdyError {
 public:
  using GanzdyError::GanzdyError;
};

// An unknown game, a bad player count, an unknown option or a bad option value.
class RulesError : public GanzdyError {
 public:
  using GanzdyError::GanzdyError;
};

// Cards that cannot exist in the deck the rules use (three RJ with two packs).
class DeckError : public GanzdyError {
 public:
  using GanzdyError::GanzdyError;
};

// A move that is not legal here; the message says why.
class IllegalMoveError : public GanzdyError {
 public:
  using GanzdyError::GanzdyError;
};

// Move text that matches several legal readings; the message lists them.
class AmbiguousMoveError : public GanzdyError {
 public:
  using GanzdyError::GanzdyError;
};

}  // namespace ganzdy
