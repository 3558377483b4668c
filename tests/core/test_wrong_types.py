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
import typing
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import ganzdy
from ganzdy.guandan.match import MatchOptions, MatchState
from ganzdy.records import dumps
from ganzdy.solver import format_position


class Stranger:
    """A type no entry point takes: it has no attribute the engine could use by chance."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<stranger>"


# The front door (what `ganzdy` exports) and each game's match module. Not probed yet:
# ganzdy.env's adapters and ganzdy.games (another engineer's files, in flux).
PROBED_MODULES = (
    "ganzdy",
    "ganzdy.gan_deng_yan.match",
    "ganzdy.guandan.match",
    "ganzdy.gouji.match",
)

# Callables of one game: with another game's rules they refuse the rules first.
GAME_OF = {
    "ganzdy.GanDengYanMatch": "gan_deng_yan",
    "ganzdy.GuandanMatch": "guandan",
    "ganzdy.GoujiMatch": "gouji",
    "ganzdy.format_position": "gan_deng_yan",
    "ganzdy.parse_position": "gan_deng_yan",
}
for _game in ganzdy.GAMES:
    for _name in importlib.import_module(f"ganzdy.{_game}.match").__all__:
        GAME_OF[f"ganzdy.{_game}.match.{_name}"] = _game

# Callables taken out of the probe, with why.
EXEMPT: dict[str, str] = {
    "ganzdy.register_agent": "changes the global agent registry",
    "ganzdy.SeatView": "a record of what a seat sees, built by view_for (probed there)",
    "ganzdy.Match": "picks the game's match class from the rules; each of those is probed",
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
        "text": lambda: format_position(deal) if game == "gan_deng_yan" else dumps(deal),
        "path": lambda: path,
        "spec": lambda: "random",
        "view": lambda: ganzdy.view_for(rules.new_deal(seed=1)),
        "deals": lambda: 1,
        "seed": lambda: 1,
        "dealer": lambda: 0,
        "arena_seed": lambda: 2,
        "deck": lambda: 3,
        "finish_order": lambda: [0, 1, 2, 3],
        "state": MatchState,
        "options": lambda: MatchOptions.of(rules),
    }


def public_modules() -> Iterator[Any]:
    for name in PROBED_MODULES:
        yield importlib.import_module(name)


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
        # The public surface is what a module declares in __all__ (the package's own
        # re-exports included); a module without one holds internal helpers.
        for name in getattr(module, "__all__", ()):
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
    for name in ("play_deal", "arena", "view_for", "playouts", "new_deal", "GoujiMatch", "ISMCTS"):
        assert f"ganzdy.{name}" in CALLABLES, name
    assert len(CALLABLES) + len(EXEMPT) >= 18


# Each callable with each game it plays (one game's callables with that game alone).
CASES = [(n, g) for n in sorted(CALLABLES) for g in ganzdy.GAMES if GAME_OF.get(n, g) == g]


@pytest.mark.parametrize(("name", "game"), CASES)
def test_a_wrong_type_names_the_argument(name: str, game: str, tmp_path: Path) -> None:
    obj = CALLABLES[name]
    values = valid_values(game, tmp_path)
    if name.endswith(".arena_score"):  # scores a finished deal
        rules = ganzdy.Rules(game)
        values["deal"] = lambda: ganzdy.play_deal(rules, ["random"] * rules.players, seed=1)
    signature = inspect.signature(obj)
    required = [
        p
        for p in signature.parameters.values()
        if p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]
    missing = [p.name for p in required if p.name not in values]
    if missing:
        pytest.fail(f"{name}: no valid value for {missing}; add one to valid_values or exempt it")
    try:
        obj(**{p.name: values[p.name]() for p in required})
    except (TypeError, ganzdy.GanzdyError) as error:
        pytest.fail(f"{name}: the call with good values fails: {error}")
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
