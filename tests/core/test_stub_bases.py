"""_core.pyi describes what exists at run time, and every game's deal has the one contract.

stubtest checks each stub class's own members against the module, but it cannot see a base
class the module lacks (its members would be checked nowhere), nor whether the three deals
agree. So: no stub class derives from a class the module lacks, and every deal class
declares (in the stub) and binds (at run time) each member of the contract with the same
signature, the game's own type names aside.
"""

from __future__ import annotations

import ast
import builtins
import re
from pathlib import Path

import pytest

import ganzdy
from ganzdy import _core

STUB = Path(ganzdy.__file__).with_name("_core.pyi")
TREE = ast.parse(STUB.read_text(encoding="utf-8"))
DEALS = [ganzdy.GanDengYanDeal, ganzdy.GuandanDeal, ganzdy.GoujiDeal]

# Every member bind_deal<D>() (cpp/bindings/bind_deal_contract.h) gives each deal class.
CONTRACT = [
    "rules",
    "players",
    "seed",
    "deck",
    "dealer",
    "current_player",
    "is_terminal",
    "outcome",
    "legal_moves",
    "table",
    "table_owner",
    "played",
    "hands",
    "hand_sizes",
    "hand",
    "is_out",
    "ply",
    "root_ply",
    "history",
    "why_illegal",
    "is_legal",
    "push",
    "apply",
    "pop",
    "parse_move",
    "copy",
    "copy_without_history",
    "__copy__",
    "__deepcopy__",
    "hash",
    "sample_world",
    "observation",
    "playout",
    "__str__",
]
# Guandan and Gouji, the team games with phases before play, share these too.
TEAM_GAMES = [ganzdy.GuandanDeal, ganzdy.GoujiDeal]
TEAM = [
    "setup",
    "phase",
    "finish_order",
    "played_by",
    "team",
    "legal_move_features",
    "check_invariants",
    "observation_spec",
    "observation_shape",
]
GAME_NAMES = re.compile(r"GanDengYan|Guandan|Gouji")


def stub_class(name: str) -> ast.ClassDef:
    for node in TREE.body:
        if isinstance(node, ast.ClassDef) and node.name == name:
            return node
    raise AssertionError(f"{name} is not in {STUB}")


def stub_signature(class_name: str, member: str) -> str:
    """The member's declaration in the stub, the game's name in types made neutral."""
    found = [
        item
        for item in stub_class(class_name).body
        if isinstance(item, ast.FunctionDef) and item.name == member
    ]
    assert found, f"{class_name}.{member} is not declared in {STUB.name}"
    return GAME_NAMES.sub("<Game>", "\n".join(ast.unparse(item) for item in found))


def runtime_signature(cls: type, member: str) -> str:
    """pybind11's signature line of a bound method, or 'property' for a property."""
    value = cls.__dict__[member]
    if isinstance(value, property):
        return "property"
    doc = value.__doc__ or ""
    first = doc.splitlines()[0] if doc else ""
    return GAME_NAMES.sub("<Game>", first)


def test_no_stub_class_derives_from_a_class_the_module_lacks() -> None:
    for node in TREE.body:
        if not isinstance(node, ast.ClassDef) or node.name == "_Pybind11Type":
            continue
        assert not node.name.startswith("_"), f"{node.name}: the stub declares a class of its own"
        assert hasattr(_core, node.name), f"{node.name} is in the stub, not in the module"
        for base in node.bases:
            name = ast.unparse(base)
            assert hasattr(_core, name) or hasattr(builtins, name), (
                f"{node.name} derives from {name}, which the module lacks"
            )


@pytest.mark.parametrize("member", CONTRACT)
def test_every_deal_binds_the_contract_alike(member: str) -> None:
    runtime = {cls.__name__: runtime_signature(cls, member) for cls in DEALS}
    assert len(set(runtime.values())) == 1, runtime
    if member == "__str__":
        return
    stub = {cls.__name__: stub_signature(cls.__name__, member) for cls in DEALS}
    assert len(set(stub.values())) == 1, stub


@pytest.mark.parametrize("member", TEAM)
def test_the_team_games_share_their_members_alike(member: str) -> None:
    assert all(member in cls.__dict__ for cls in TEAM_GAMES)
    stub = {cls.__name__: stub_signature(cls.__name__, member) for cls in TEAM_GAMES}
    assert len(set(stub.values())) == 1, stub


def test_a_signature_that_differs_is_caught() -> None:
    """The comparison sees a difference in one game's declaration (here: pop vs push)."""
    assert stub_signature("GuandanDeal", "pop") != stub_signature("GoujiDeal", "push")
    assert runtime_signature(ganzdy.GuandanDeal, "pop") != runtime_signature(
        ganzdy.GoujiDeal, "push"
    )
