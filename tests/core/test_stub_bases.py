"""The stub's shared bases of the deal classes exist only in _core.pyi.

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


BASES = {
    "_DealBase": [ganzdy.GanDengYanDeal, ganzdy.GuandanDeal, ganzdy.GoujiDeal],
    "_TeamDeal": [ganzdy.GuandanDeal, ganzdy.GoujiDeal],
}


def test_the_shared_bases_are_not_runtime_classes() -> None:
    for base in BASES:
        assert not hasattr(_core, base)


@pytest.mark.parametrize(
    ("base", "deal_class"), [(base, cls) for base, classes in BASES.items() for cls in classes]
)
def test_every_shared_member_exists_on_each_deal(base: str, deal_class: type) -> None:
    members = stub_members(base)
    assert len(members) >= 10
    missing = sorted(name for name in members if not hasattr(deal_class, name))
    assert not missing, f"{deal_class.__name__} lacks {missing}"
