"""The research interfaces (``ganzdy.env`` and its adapters) and the game registry
(``ganzdy.games``) answer a wrong type or value as the front door does (issue 16, item 10):
``TypeError`` or ``GanzdyError``, naming the argument and quoting at most about 100
characters of it, never ``AttributeError`` from deep inside.

As in ``test_wrong_types.py`` the callables come from each module's ``__all__`` and
``inspect.signature``; here each class is also built, and every public method of the
instance is probed the same way, each parameter in turn."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ganzdy

WIDTH = 2**16
RUN = "S" * 120  # more of the input than a message may quote


class Stranger:
    """A type no entry point takes, with a long repr: a message must not quote it whole."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<" + "S" * WIDTH + ">"


# Modules whose extra is not installed are left out (their own tests skip likewise).
MODULES = [
    name
    for name, needs in (
        ("ganzdy.env", None),
        ("ganzdy.env.encoding", None),
        ("ganzdy.env.vector", None),
        ("ganzdy.games", None),
        ("ganzdy.env.gymnasium", "gymnasium"),
        ("ganzdy.env.card_gymnasium", "gymnasium"),
        ("ganzdy.env.pettingzoo", "pettingzoo"),
        ("ganzdy.env.card_games", "pettingzoo"),
        ("ganzdy.env.openspiel", "pyspiel"),
    )
    if needs is None or importlib.util.find_spec(needs) is not None
]

# Games whose card-level adapters apply (the others have move ids).
CARD_LEVEL = [g for g in ganzdy.GAMES if not ganzdy.games.game_of(g).move_ids]
MOVE_IDS = [g for g in ganzdy.GAMES if ganzdy.games.game_of(g).move_ids]

# Callables taken out of the probe, with why.
EXEMPT: dict[str, str] = {
    "ganzdy.env.VectorStep": "a result record, built by VectorEnv.reset and step",
    "ganzdy.games.Game": "a registry entry, built where a game registers",
    "ganzdy.env.openspiel.DealState": "built by DealGame.new_initial_state (probed there)",
    "ganzdy.env.openspiel.DealObserver": "built by DealGame.make_py_observer (probed there)",
}


def game_for(name: str) -> list[str]:
    if ".card_" in name:
        return CARD_LEVEL[:1]
    if name.startswith(("ganzdy.env.gymnasium", "ganzdy.env.pettingzoo")):
        return MOVE_IDS[:1]
    return list(ganzdy.GAMES)


def valid_values(game: str) -> dict[str, Callable[[], Any]]:
    rules = ganzdy.Rules(game)
    entry = ganzdy.games.game_of(game)
    values: dict[str, Callable[[], Any]] = {
        "rules": lambda: rules,
        "game": lambda: game,
        "what": lambda: game,
        "name": lambda: game,
        "deal": lambda: rules.new_deal(seed=1),
        "seed": lambda: 1,
        "seat": lambda: 0,
        "perfect": lambda: False,
        "observation": lambda: rules.new_deal(seed=1).observation(0),
        "num_envs": lambda: 2,
        "n": lambda: 2,
        "i": lambda: 0,
        "agent": lambda: "player_0",
        "params": lambda: {},
        "options": lambda: None,
        "spec": lambda: "random",
        "action": lambda: 0,
        "actions": lambda: np.zeros(2, dtype=np.int64),
        "rng": lambda: np.random.default_rng(1),
    }
    if importlib.util.find_spec("pyspiel") is not None and "ganzdy.env.openspiel" in MODULES:
        openspiel = importlib.import_module("ganzdy.env.openspiel")
        values["game"] = lambda: openspiel.load_game(entry.openspiel_name)
        values["state"] = lambda: openspiel.load_game(entry.openspiel_name).new_initial_state()
    return values


def public_callables() -> Iterator[tuple[str, Any]]:
    seen: set[int] = set()
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            full = f"{module_name}.{name}"
            if id(obj) in seen or full in EXEMPT:
                seen.add(id(obj))
                continue
            if inspect.isclass(obj):
                if getattr(obj, "_is_protocol", False) or issubclass(obj, BaseException):
                    continue
                if not obj.__module__.startswith("ganzdy") or obj.__module__ == "ganzdy._core":
                    continue  # the library's own, or a record of the engine's (probed in _core)
            elif not inspect.isfunction(obj):
                continue
            seen.add(id(obj))
            yield full, obj


CALLABLES = dict(public_callables())


def test_the_probe_reaches_the_modules() -> None:
    for name in ("ganzdy.env.describe", "ganzdy.env.VectorEnv", "ganzdy.games.game_of"):
        assert name in CALLABLES, name
    if "ganzdy.env.gymnasium" in MODULES:
        assert "ganzdy.env.gymnasium.MoveIdEnv" in CALLABLES


def parameters(function: Any) -> list[inspect.Parameter]:
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return []
    return [
        p
        for p in signature.parameters.values()
        if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) and p.name != "self"
    ]


def probe(label: str, function: Any, values: dict[str, Callable[[], Any]]) -> list[str]:
    """Calls `function` with Stranger in each parameter in turn (the required others good)."""
    params = parameters(function)
    missing = [p.name for p in params if p.default is p.empty and p.name not in values]
    if missing:
        return [f"{label}: no valid value for {missing}; add one to valid_values"]
    failures = []
    for target in params:
        args: list[Any] = []
        kwargs: dict[str, Any] = {}
        for p in params:
            if p is target:
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
            function(*args, **kwargs)
        except (TypeError, ganzdy.GanzdyError) as error:
            text = str(error)
            if RUN in text or len(text) > 2000:
                failures.append(f"{label}({target.name}): message of {len(text)} characters")
            elif target.name not in text:
                failures.append(f"{label}({target.name}): not named: {text[:200]}")
        except Exception as error:
            failures.append(f"{label}({target.name}): {type(error).__name__}: {str(error)[:200]}")
        else:
            failures.append(f"{label}({target.name}): accepted a Stranger")
    return failures


def build(obj: Any, values: dict[str, Callable[[], Any]]) -> Any:
    required = [p for p in parameters(obj) if p.default is p.empty]
    return obj(**{p.name: values[p.name]() for p in required})


CASES = [(name, game) for name in sorted(CALLABLES) for game in game_for(name)]


@pytest.mark.parametrize(("name", "game"), CASES)
def test_a_wrong_type_is_a_clear_error(name: str, game: str) -> None:
    obj = CALLABLES[name]
    values = valid_values(game)
    failures = probe(name, obj, values)
    if inspect.isclass(obj) and not failures:
        instance = build(obj, values)
        if hasattr(instance, "reset"):
            instance.reset(seed=1)
        for attr, member in inspect.getmembers(type(instance)):
            if attr.startswith("_") or not inspect.isfunction(member):
                continue
            if member.__qualname__.split(".")[0] not in {
                c.__name__ for c in type(instance).__mro__ if c.__module__.startswith("ganzdy")
            }:
                continue  # inherited from the library adapted to (gymnasium.Env's own)
            failures += probe(f"{name}.{attr}", getattr(instance, attr), values)
    assert not failures, "\n".join(failures)


def test_the_network_file_functions_refuse_wrong_types(tmp_path: Path) -> None:
    # ganzdy.network (the learned agents' file format) has no __all__ yet: its entry
    # points are listed here, each with a stranger in each parameter.
    network_module = importlib.import_module("ganzdy.network")
    net = network_module.Network({"game": "gouji", "layers": "1"})
    calls: dict[str, Callable[[], Any]] = {
        "kinds": lambda: network_module.move_size(Stranger()),
        "features": lambda: network_module.move_vectors(Stranger()),
        "path": lambda: network_module.write_network(Stranger(), net),
        "network": lambda: network_module.write_network(tmp_path / "x.net", Stranger()),
    }
    calls["path "] = lambda: network_module.read_network(Stranger())
    calls["network "] = lambda: network_module.check_fits(Stranger(), "gouji", 6, 1, 10)
    for name, call in calls.items():
        with pytest.raises(TypeError) as caught:
            call()
        text = str(caught.value)
        assert name.strip() in text and RUN not in text and len(text) < 400, text
