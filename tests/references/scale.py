"""How many random cases the randomized suites play: their counts times GANZDY_TEST_SCALE.

The default, 1, is the suites' full size, which the README's test command runs; a
longer soak sets more. CI's sanitizer run sets a fraction: there every C++ path the
suites reach runs under AddressSanitizer and UndefinedBehaviorSanitizer at several
times its cost, and what the full-size run already compared against the references
needs no second full pass to show it touches no memory it should not.
"""

from __future__ import annotations

import os

_TEXT = os.environ.get("GANZDY_TEST_SCALE", "1")
try:
    SCALE = float(_TEXT)
except ValueError:
    SCALE = float("nan")
if not 0 < SCALE < float("inf"):
    raise ValueError(f"GANZDY_TEST_SCALE={_TEXT!r}: expected a positive number")


def scaled(count: int) -> int:
    """``count`` times the scale, at least 1."""
    return max(1, round(count * SCALE))
