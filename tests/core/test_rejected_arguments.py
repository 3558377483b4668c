"""pybind11's own ``TypeError`` for arguments no overload takes ("incompatible function
arguments ... Invoked with: ...") quoted every argument whole: ``deal.push("x" * 2**20)``
answered with a megabyte of message (issue 16, item 10). Every callable bound in
``ganzdy._core`` now quotes each argument in at most about 100 characters.

The callables are found by walking the module (functions, and each class's methods, static
methods, property setters and constructor), not listed: one bound tomorrow is probed too.
Each is called unbound (the instance itself of a wrong type) and, where the class has an
instance to hand, bound, with a huge argument of a wrong type in every position."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

import ganzdy
from ganzdy import _core

WIDTH = 2**16  # far beyond any quote; a megabyte only makes the probe slower
RUN = "H" * 120  # longer than any quote of an argument may be


class Huge:
    """A type no binding takes, whose repr is a megabyte."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<" + "H" * WIDTH + ">"


# A wrong type for any parameter, and two a text or sequence parameter might take.
HUGE: list[Any] = [Huge(), ["H" * WIDTH], {"H" * WIDTH: 1}]


def is_binding(obj: Any) -> bool:
    """A function pybind11 made: its ``__self__`` is pybind11's function record."""
    owner = getattr(obj, "__self__", None)
    return type(owner).__name__.startswith("pybind11_detail_function_record")


def bound_callables() -> Iterator[tuple[str, type | None, Callable[..., Any]]]:
    """(name, owning class, callable): every function of _core and of its classes."""
    for name, obj in sorted(vars(_core).items()):
        if inspect.isclass(obj) and not issubclass(obj, BaseException):
            for attr in dir(obj):
                member = inspect.getattr_static(obj, attr)
                if isinstance(member, property):
                    if is_binding(member.fset):
                        yield f"{name}.{attr}=", obj, member.fset
                elif isinstance(member, staticmethod):
                    if is_binding(member.__func__):
                        yield f"{name}.{attr}", None, member.__func__
                elif is_binding(getattr(member, "__func__", None)):
                    yield f"{name}.{attr}", obj, member.__func__
        elif is_binding(obj):
            yield name, None, obj


def instances() -> dict[type, list[Any]]:
    """An instance of each class a test can make cheaply, for the bound calls."""
    found: dict[type, list[Any]] = {}

    def add(value: Any) -> None:
        found.setdefault(type(value), []).append(value)

    add(ganzdy.Cards.parse("3s 4h"))
    add(ganzdy.Move.parse("5s as single 5"))
    for game in ganzdy.GAMES:
        rules = ganzdy.Rules(game)
        add(rules)
        deal = rules.new_deal(seed=1)
        add(deal)
        add(deal.legal_moves)
        name = type(deal).__name__
        add(getattr(_core, name.replace("Deal", "InformationSet"))(deal))
        add(getattr(_core, name.replace("Deal", "VectorEnv"))(rules, 2, seed=1))
    return found


CALLABLES = list(bound_callables())


def test_the_walk_reaches_the_bindings() -> None:
    names = {name for name, _, _ in CALLABLES}
    for name in ("playouts", "GanDengYanDeal.push", "Rules.__init__", "Move.parse", "solve"):
        assert name in names, name
    assert len(CALLABLES) > 200


def calls(function: Callable[..., Any], first: Any | None) -> Iterator[tuple[Any, ...]]:
    """Argument lists with a huge wrong value in each of the first positions."""
    lead = () if first is None else (first,)
    for arity in range(0 if first is None else 1, 5):
        for huge in HUGE:
            for at in range(arity):
                args = [1] * arity
                args[at] = huge
                yield (*lead, *args)


def check(label: str, function: Callable[..., Any], args: tuple[Any, ...]) -> str | None:
    try:
        function(*args)
    except Exception as error:
        text = str(error)
        if RUN in text or len(text) > 8000:
            return f"{label}: {type(error).__name__} of {len(text)} characters: {text[:300]}"
    return None


@pytest.mark.parametrize(("name", "owner", "function"), CALLABLES, ids=[c[0] for c in CALLABLES])
def test_a_rejected_call_quotes_its_arguments_briefly(
    name: str, owner: type | None, function: Callable[..., Any]
) -> None:
    failures = []
    for args in calls(function, None):
        failure = check(name, function, args)
        if failure:
            failures.append(failure)
    if owner is not None:
        for instance in INSTANCES.get(owner, []):
            for args in calls(function, instance):
                failure = check(f"{name} on {type(instance).__name__}", function, args)
                if failure:
                    failures.append(failure)
    assert not failures, "\n".join(failures[:5])


INSTANCES = instances()


def test_the_example_of_the_issue() -> None:
    deal = ganzdy.Rules("gan_deng_yan").new_deal(seed=1)
    with pytest.raises(TypeError, match="incompatible function arguments") as caught:
        deal.push(np.zeros(2**20, dtype=np.int8))  # type: ignore[arg-type]
    assert len(str(caught.value)) < 1000
    with pytest.raises(TypeError) as caught:
        deal.push(["x" * WIDTH])  # type: ignore[arg-type]
    message = str(caught.value)
    assert len(message) < 1000 and "Invoked with: " in message
    # The overloads stay listed; the argument is quoted with its length.
    assert "move: ganzdy._core.Move" in message and f"({WIDTH + 4} characters)" in message
