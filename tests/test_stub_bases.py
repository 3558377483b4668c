"""The stub's shared base of the team games' deals exists only in _core.pyi.

stubtest checks each class's own members against the module, but not those a class
inherits from a base the module lacks; this checks those.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import ganzdy
from ganzdy import _core

STUB = Path(ganzdy.__file__).with_name("_core.pyi")


def stub_members(class_name: str) -> set[str]:
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == class_name:
            return {
                item.name
                for item in node.body
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
            }
    raise AssertionError(f"{class_name} is not in {STUB}")


def test_the_shared_base_is_not_a_runtime_class() -> None:
    assert not hasattr(_core, "_TeamDeal")


@pytest.mark.parametrize("deal_class", [ganzdy.GuandanDeal, ganzdy.GoujiDeal])
def test_every_shared_member_exists_on_each_deal(deal_class: type) -> None:
    members = stub_members("_TeamDeal")
    assert len(members) > 30
    missing = sorted(name for name in members if not hasattr(deal_class, name))
    assert not missing, f"{deal_class.__name__} lacks {missing}"
