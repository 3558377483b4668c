"""Every public callable of ganzdy, called with a wrong type in each argument in turn
(issue 16, item 10: 317 such calls gave ``AttributeError``), answers ``TypeError`` or
``GanzdyError`` with a message naming the argument.

The callables and their parameters come from introspection (each public module's
``__all__`` and ``inspect.signature``), not from a list kept by hand: a new entry point is
probed the day it is exported, or fails here until it is given the valid values it needs or
an exemption saying why it is not an entry point."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil
import typing
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import ganzdy
from ganzdy.records import dumps


class Stranger:
    """A type no entry point takes: it has no attribute the engine could use by chance."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<stranger>"


# Modules whose callables are not library entry points.
SKIPPED_MODULES = {
    "ganzdy.__main__": "runs the CLI on import",
    "ganzdy.cli": "argparse front ends, tested by tests/cli with argv lists",
}

# Callables taken out of the probe, with why.
EXEMPT: dict[str, str] = {
    "ganzdy.register_agent": "changes the global agent registry",
}


def valid_values(game: str, tmp: Path) -> dict[str, Callable[[], Any]]:
    """A good value for each parameter name the entry points use, built on demand."""
    rules = ganzdy.Rules(game)
    specs = ["random"] * rules.players
    deal = rules.new_deal(seed=1)
    path = tmp / "deal.json"
    path.write_text(dumps(deal), encoding="utf-8")
    return {
        "rules": lambda: rules,
        "agents": lambda: list(specs),
        "deal": lambda: rules.new_deal(seed=1),
        "record": deal.to_record,
        "text": lambda: dumps(deal),
        "path": lambda: path,
        "spec": lambda: "random",
        "view": lambda: ganzdy.view_for(rules.new_deal(seed=1)),
        "deals": lambda: 1,
    }


def public_modules() -> Iterator[Any]:
    yield ganzdy
    for info in pkgutil.walk_packages(ganzdy.__path__, "ganzdy."):
        parts = info.name.split(".")
        if any(p.startswith("_") for p in parts[1:]):
            continue
        if any(info.name == m or info.name.startswith(m + ".") for m in SKIPPED_MODULES):
            continue
        try:
            yield importlib.import_module(info.name)
        except ImportError:  # an optional dependency (OpenSpiel, PettingZoo...) is missing
            continue


def is_entry_point(obj: Any) -> bool:
    if inspect.isclass(obj):
        if issubclass(obj, BaseException) or dataclasses.is_dataclass(obj):
            return False  # errors and plain result records are built by the engine
        if getattr(obj, "_is_protocol", False):
            return False
        return obj.__module__.startswith("ganzdy.") and not obj.__module__.startswith(
            "ganzdy._core"
        )
    return inspect.isfunction(obj) and obj.__module__.startswith("ganzdy")


def public_callables() -> dict[str, Any]:
    found: dict[int, tuple[str, Any]] = {}
    for module in public_modules():
        names = getattr(module, "__all__", None)
        if names is None:
            names = [
                n
                for n, v in vars(module).items()
                if getattr(v, "__module__", None) == module.__name__
            ]
        for name in names:
            if name.startswith("_"):
                continue
            obj = getattr(module, name)
            if is_entry_point(obj) and id(obj) not in found:
                found[id(obj)] = (f"{module.__name__}.{name}", obj)
    return {name: obj for name, obj in found.values() if name not in EXEMPT}


def takes_anything(annotation: Any) -> bool:
    return annotation in (Any, object, "Any", "object")


def probes(obj: Any) -> Iterator[tuple[str, inspect.Parameter]]:
    try:
        signature = inspect.signature(obj)
    except (TypeError, ValueError):
        return
    try:
        hints = typing.get_type_hints(obj.__init__ if inspect.isclass(obj) else obj)
    except Exception:
        hints = {}
    for parameter in signature.parameters.values():
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        if takes_anything(hints.get(parameter.name, parameter.annotation)):
            continue
        yield parameter.name, parameter


CALLABLES = public_callables()


def test_the_probe_reaches_the_entry_points() -> None:
    # The introspection itself must find what the front door exports.
    for name in (
        "ganzdy.play_deal",
        "ganzdy.arena",
        "ganzdy.view_for",
        "ganzdy.playouts",
        "ganzdy.Match",
    ):
        assert name in CALLABLES or name.replace("ganzdy.", "ganzdy.match.") in CALLABLES, name


@pytest.mark.parametrize("game", ganzdy.GAMES)
@pytest.mark.parametrize("name", sorted(CALLABLES))
def test_a_wrong_type_names_the_argument(name: str, game: str, tmp_path: Path) -> None:
    obj = CALLABLES[name]
    values = valid_values(game, tmp_path)
    signature = inspect.signature(obj)
    required = [
        p
        for p in signature.parameters.values()
        if p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]
    missing = [p.name for p in required if p.name not in values]
    if missing:
        pytest.fail(f"{name}: no valid value for {missing}; add one to valid_values or exempt it")
    failures = []
    for param_name, parameter in probes(obj):
        args: list[Any] = []
        kwargs: dict[str, Any] = {}
        for p in signature.parameters.values():
            if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
                continue
            if p.name == param_name:
                value: Any = Stranger()
            elif p.default is p.empty:
                value = values[p.name]()
            else:
                continue
            if p.kind is p.POSITIONAL_ONLY:
                args.append(value)
            else:
                kwargs[p.name] = value
        try:
            result = obj(*args, **kwargs)
        except (TypeError, ganzdy.GanzdyError) as error:
            if param_name not in str(error):
                failures.append(f"{param_name}: {type(error).__name__} not naming it: {error}")
            continue
        except Exception as error:
            failures.append(f"{param_name}: {type(error).__name__}: {error}")
            continue
        failures.append(
            f"{param_name}: accepted {parameter} as <stranger>, returned {result!r:.80}"
        )
    assert not failures, f"{name} ({game}):\n" + "\n".join(failures)
