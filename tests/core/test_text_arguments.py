"""Every text argument of ``ganzdy._core`` goes through one conversion (issue 16, item 10):
a lone surrogate is a ``ParseError`` (the type is right, the text unreadable), never
``RuntimeError: Unable to cast``; a wrong type is a ``TypeError``; and a message quoting text
is bounded and keeps its NUL bytes escaped, whatever the text.

The entry points are found, not listed: every parameter of ``_core.pyi`` (the stub that
stubtest holds to the module) whose annotation admits ``str``. Each is first called with
good values found by trying a few candidates (so the call reaches the text), then with the
hostile text in place of the good one."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import ganzdy
from ganzdy import _core

STUB = Path(_core.__file__).with_name("_core.pyi")
if not STUB.exists():
    STUB = Path(ganzdy.__file__).with_name("_core.pyi")

SURROGATE = "\ud800"

# Callables taking text that is not read as game text, with why.
EXEMPT = {
    "GanDengYanDeal.to_record(agents)": "agent labels are free text, written to JSON escaped",
    "GuandanDeal.to_record(agents)": "agent labels are free text, written to JSON escaped",
    "GoujiDeal.to_record(agents)": "agent labels are free text, written to JSON escaped",
    # Tested in tests/rl/test_network.py (a lone surrogate is a clean error there too).
    "Network.load(path)": "a file name, handed to the OS as os.fsencode makes it",
    "Network.from_bytes(name)": "a label for messages, read with text_arg",
}


def admits_str(annotation: ast.expr | None) -> bool:
    return annotation is not None and any(
        isinstance(n, ast.Name) and n.id == "str" for n in ast.walk(annotation)
    )


def text_parameters() -> Iterator[tuple[str | None, str, str, list[str], set[str]]]:
    """(class, function, text parameter, parameters in order, those with defaults)."""
    tree = ast.parse(STUB.read_text(encoding="utf-8"))

    def visit(body: list[ast.stmt], owner: str | None) -> Iterator[Any]:
        for node in body:
            if isinstance(node, ast.ClassDef):
                yield from visit(node.body, node.name)
            elif isinstance(node, ast.FunctionDef):
                a = node.args
                positional = a.posonlyargs + a.args
                defaulted = {p.arg for p in positional[len(positional) - len(a.defaults) :]}
                defaulted |= {p.arg for p, d in zip(a.kwonlyargs, a.kw_defaults, strict=True) if d}
                names = [p.arg for p in positional + a.kwonlyargs]
                for p in positional + a.kwonlyargs:
                    if p.arg != "self" and admits_str(p.annotation):
                        yield owner, node.name, p.arg, names, defaulted

    seen = set()
    for entry in visit(tree.body, None):
        key = entry[:3]
        if key not in seen:  # overloads: one probe a parameter
            seen.add(key)
            yield entry


ENTRIES = [e for e in text_parameters() if f"{e[0] or '_core'}.{e[1]}({e[2]})" not in EXEMPT]

# Arguments that bound how much work a call does: always given (their candidates are the
# smallest), so a working call is found in milliseconds, not a default search's second
# (several under the sanitizers).
WORK_BOUNDS = {"iterations", "repeats", "num_envs", "deals"}


def candidates(name: str, game: str, owner: str | None) -> list[Any]:
    """Good values to try for a parameter, by name; the first that makes the whole call work
    is the one used."""
    rules = ganzdy.Rules(game)
    players = rules.players
    single = ganzdy.Move.parse("5s as single 5")
    values: dict[str, list[Any]] = {
        "rules": [rules],
        "cards": ["5s", "5s 5h"],
        "other": ["5s"],
        "hand": ["5s 6s 7s"],
        "what": ["5"],
        "text": ["5s", "5s as single 5"],
        "kind": ["single"],
        "rank": ["5"],
        "game": [game],
        "name": list(rules.options)[:1],
        "table": ["5h", "5h as single 5", None],
        "table_owner": [1, None],
        "agents": ["random", ["random"] * players],
        "team_levels": [["2", "2"]],
        "opponents": ["random"],
        "seat": ["random", 0],
        "rollout": ["random"],
        "reward": ["points"],
        "evaluator": ["greedy"],
        "sampling": ["uniform"],
        "leaf_value": ["own"],
        "root": ["auto"],
        "since": [[]],
        "phase": ["play"],
        "role": ["lead"],
        "move": [single],
        "hands": [["5s", "6s", "7s", "8s", "9s", "Ts"][:players]],
        "deck": [str(rules.deck)],
        "first_leader": [0],
        "to_act": [0],
        "iterations": [1],
        "repeats": [1],
        "num_envs": [1],
        "deals": [1],
        "legal_moves": [rules.legal_moves("5s 6s 7s")[:1]],
        "hand_sizes": [[5] * players],
        "out_seats": [[]],
        "active": [list(range(players))],
        "opened": [[]],
        "has_head": [False],
        "anyone_out": [False],
    }
    if name == "previous" and game == "gouji":
        return [rules.new_deal(seed=1).playout("random", seed=1).result]
    if owner is not None and owner.endswith("Deal") and name == "text":
        deal = rules.new_deal(seed=1)
        return [str(m) for m in list(deal.legal_moves)[:2]]
    if name == "deal":
        # A finished deal (search_rewards needs one), then one at its start.
        finished = rules.new_deal(seed=1)
        while not finished.is_terminal:
            finished.apply(finished.legal_moves[0])
        return [finished, rules.new_deal(seed=1)]
    if name == "info":
        info = {
            "gan_deng_yan": ganzdy.GanDengYanInformationSet,
            "guandan": ganzdy.GuandanInformationSet,
            "gouji": ganzdy.GoujiInformationSet,
        }[game]
        return [info(rules.new_deal(seed=1))]
    return values.get(name, [])


def is_text(value: Any) -> bool:
    if isinstance(value, dict):
        return all(isinstance(k, str) for k in value)
    return isinstance(value, str) or (
        isinstance(value, list) and bool(value) and isinstance(value[0], str)
    )


def receivers(owner: str | None, game: str) -> list[Any]:
    """What the function is called on: the module, the class, or an instance of it."""
    rules = ganzdy.Rules(game)
    if owner is None:
        return [_core]
    cls = getattr(_core, owner)
    factories: dict[str, Callable[[], Any]] = {
        "Cards": lambda: ganzdy.Cards("5s 5h"),
        "Move": lambda: ganzdy.Move.parse("5s as single 5"),
        "Rules": lambda: rules,
    }
    if owner in factories:
        return [cls, factories[owner]()]
    if owner.endswith("IsmctsSearcher"):
        return [cls, cls()]
    deal = rules.new_deal(seed=1)
    return [cls, deal] if isinstance(deal, cls) else [cls]


def invoke(call: Callable[..., Any], function: str, kwargs: dict[str, Any]) -> Any:
    # pybind11's operators take their operand unnamed.
    if function.startswith("__") and function != "__init__":
        return call(*kwargs.values())
    return call(**kwargs)


def working_call(
    owner: str | None, function: str, names: list[str], defaulted: set[str], text: str
) -> tuple[Callable[..., Any], dict[str, Any]] | None:
    """A receiver and keyword arguments, `text` among them, with which the call succeeds."""
    for game in ganzdy.GAMES:
        for receiver in receivers(owner, game):
            if function == "__init__":
                if not inspect.isclass(receiver):
                    continue
                call = receiver
            elif inspect.isclass(receiver) and not isinstance(
                inspect.getattr_static(receiver, function, None), staticmethod
            ):
                continue  # an instance method: called on the instance
            else:
                call = getattr(receiver, function)
            required = [
                n
                for n in names
                if n != "self" and (n == text or n not in defaulted or n in WORK_BOUNDS)
            ]
            every = [
                n for n in names if n != "self" and (n in required or candidates(n, game, owner))
            ]
            for wanted in (required, every):
                choices = [candidates(n, game, owner) for n in wanted]
                choices = [
                    [v for v in c if is_text(v)] if n == text else c
                    for n, c in zip(wanted, choices, strict=True)
                ]
                if any(not c for c in choices):
                    continue
                for pick in range(max(len(c) for c in choices)):
                    kwargs = {
                        n: c[min(pick, len(c) - 1)] for n, c in zip(wanted, choices, strict=True)
                    }
                    try:
                        invoke(call, function, kwargs)
                    except (TypeError, ganzdy.GanzdyError):
                        continue
                    return call, kwargs
    return None


def entry_id(entry: tuple[Any, ...]) -> str:
    owner, function, parameter = entry[:3]
    return f"{owner or '_core'}.{function}({parameter})"


def hostile(good: Any, text: str) -> Any:
    if isinstance(good, dict):
        return {**good, text: good[next(iter(good))]}
    if isinstance(good, list):
        return [text, *good[1:]]
    return text


def probe(entry: tuple[Any, ...], text: str) -> BaseException:
    owner, function, parameter, names, defaulted = entry
    found = working_call(owner, function, names, defaulted, parameter)
    if found is None:
        pytest.fail(f"{entry_id(entry)}: no working call found; add a candidate value")
    call, kwargs = found
    kwargs[parameter] = hostile(kwargs[parameter], text)
    try:
        invoke(call, function, kwargs)
    except Exception as error:
        return error
    pytest.fail(f"{entry_id(entry)} accepted {text[:20]!r}")


def test_the_stub_lists_the_text_entry_points() -> None:
    ids = {entry_id(e) for e in ENTRIES}
    assert {
        "Cards.parse(text)",
        "Move.__init__(kind)",
        "Rules.__init__(game)",
        "_core.ismcts(rollout)",
    } <= ids
    assert len(ids) + len(EXEMPT) >= 37


@pytest.mark.parametrize("entry", ENTRIES, ids=entry_id)
def test_a_lone_surrogate_is_a_clean_error_at_every_text_argument(entry: tuple[Any, ...]) -> None:
    error = probe(entry, "5s" + SURROGATE)
    assert isinstance(error, TypeError | ganzdy.GanzdyError), repr(error)
    message = str(error)
    assert "Unable to cast" not in message
    assert "\\ud800" in message, message


@pytest.mark.parametrize("entry", ENTRIES, ids=entry_id)
def test_huge_text_with_a_nul_gives_a_short_whole_message(entry: tuple[Any, ...]) -> None:
    error = probe(entry, "5s\x00" + "z" * 100_000)
    assert isinstance(error, TypeError | ganzdy.GanzdyError), repr(error)
    message = str(error)
    assert len(message) < 1000, message[:300]
    assert "\x00" not in message
    # A message that quotes the input quotes it escaped, not cut at its NUL byte (the C
    # string a C++ exception hands to Python would end there).
    if "5s" in message:
        assert "\\x00" in message, message[:300]


def test_wrong_types_are_type_errors_naming_the_argument() -> None:
    for call, name in [
        (lambda: ganzdy.Cards.parse(5), "text"),
        (lambda: ganzdy.Move(5), "kind"),
        (lambda: ganzdy.Move("single", 5, "5s"), "rank"),
        (lambda: ganzdy.Rules(b"gan_deng_yan"), "game"),
        (lambda: ganzdy.Rules("gan_deng_yan").option(3), "name"),
        (lambda: ganzdy.Cards("5s").count(5), "what"),
    ]:
        with pytest.raises(TypeError, match=name):
            call()
