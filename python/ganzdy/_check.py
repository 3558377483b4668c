"""Checks at the Python edge: the public entry points test their arguments here, once, so a
wrong type fails with a ``TypeError`` naming the parameter and a bad value with a
``GanzdyError``, instead of an ``AttributeError`` or ``OverflowError`` deep inside.

Error messages quote hostile input through :func:`excerpt`, so a megabyte of text or a
structure nested thousands deep yields a line a person can read."""

from __future__ import annotations

import math
import operator
import reprlib
from typing import Any

from ganzdy._core import GanzdyError

# Enough of the input to recognise it; the whole of it may be megabytes.
EXCERPT_LIMIT = 100

_repr = reprlib.Repr()
_repr.maxlevel = 3
_repr.maxstring = EXCERPT_LIMIT
_repr.maxother = EXCERPT_LIMIT
_repr.maxlong = 40


def excerpt(value: Any) -> str:
    """``repr(value)`` cut to about ``EXCERPT_LIMIT`` characters, safe on any nesting depth."""
    try:
        text = _repr.repr(value)
    except (RecursionError, ValueError):
        # ValueError: an int too long for str() under Python's int-digits limit.
        text = f"<{type(value).__name__}>"
    if len(text) > EXCERPT_LIMIT:
        text = text[: EXCERPT_LIMIT - 3] + "..."
    return text


def integral(name: str, value: Any) -> int:
    """``value`` as an int if it is integral (an int, ``np.int64``, anything with
    ``__index__``); a bool is refused, since ``True`` as a seed or count is a mistake."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an integer, not bool {value!r}")
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(
            f"{name} must be an integer, not {type(value).__name__} {excerpt(value)}"
        ) from None


def optional_integral(name: str, value: Any) -> int | None:
    return None if value is None else integral(name, value)


def count(name: str, value: Any, *, low: int = 0, high: int | None = None) -> int:
    """An integral count in ``[low, high]``; a float such as ``nan`` or ``2.0`` is refused
    rather than played until something else fails."""
    if isinstance(value, float) and not math.isfinite(value):
        raise GanzdyError(f"{name} must be a whole number, not {value!r}")
    number = integral(name, value)
    if number < low or (high is not None and number > high):
        if high is not None:
            limit = f"from {low} to {high}"
        else:
            limit = "not negative" if low == 0 else f"at least {low}"
        raise GanzdyError(f"{name}={number}: {name} must be a whole number, {limit}")
    return number


def instance(name: str, value: Any, kind: type | tuple[type, ...], what: str) -> Any:
    """``value`` if it is a ``kind``; otherwise a ``TypeError`` naming ``name`` and ``what``."""
    if not isinstance(value, kind):
        raise TypeError(f"{name} must be {what}, not {type(value).__name__} {excerpt(value)}")
    return value


def flag(name: str, value: Any) -> bool:
    """``value`` if it is a bool (numpy's too): a flag given ``"no"`` or a list would
    otherwise be read by its truth, the opposite of what was meant."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return bool(value)
    raise TypeError(f"{name} must be True or False, not {type(value).__name__} {excerpt(value)}")


def callback(name: str, value: Any) -> Any:
    """``value`` if it is None or callable: checked when given, not when first called,
    which may be hours into a run."""
    if value is not None and not callable(value):
        raise TypeError(
            f"{name} must be callable or None, not {type(value).__name__} {excerpt(value)}"
        )
    return value


def deal(name: str, value: Any) -> Any:
    """``value`` if it is a deal of one of the games (a ``ganzdy.Deal``)."""
    from ganzdy._core import GanDengYanDeal, GoujiDeal, GuandanDeal

    kinds = (GanDengYanDeal, GuandanDeal, GoujiDeal)
    return instance(
        name, value, kinds, "a deal (ganzdy.Deal), e.g. Rules('gan_deng_yan').new_deal()"
    )


def rules(name: str, value: Any) -> Any:
    """``value`` if it is a ``ganzdy.Rules``."""
    from ganzdy._core import Rules

    return instance(name, value, Rules, "a ganzdy.Rules, e.g. Rules('gan_deng_yan')")


def agents(name: str, value: Any) -> list[Any]:
    """A list of agents from a sequence of Agent objects (anything with ``act``) or spec
    strings; a bare string is refused (it would be read as one spec a character)."""
    if isinstance(value, str | bytes) or not hasattr(value, "__len__"):
        raise TypeError(
            f"{name} must be a list of agents or agent specs, not {type(value).__name__} "
            f"{excerpt(value)}"
        )
    entries = list(value)
    for seat, agent in enumerate(entries):
        if not isinstance(agent, str) and not callable(getattr(agent, "act", None)):
            raise TypeError(
                f"{name}[{seat}] must be an agent (with an act method) or an agent spec "
                f"string, not {type(agent).__name__} {excerpt(agent)}"
            )
    return entries


__all__ = [
    "EXCERPT_LIMIT",
    "agents",
    "callback",
    "count",
    "deal",
    "excerpt",
    "flag",
    "instance",
    "integral",
    "optional_integral",
    "rules",
]
