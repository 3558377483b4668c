"""Every saved fuzz input replays cleanly: crashes found by fuzzing stay fixed."""

import sys
from pathlib import Path

import pytest

FUZZ = Path(__file__).parent.parent / "fuzz"
sys.path.insert(0, str(FUZZ))

from harnesses import HARNESSES  # noqa: E402

CASES = sorted((name, path) for name in HARNESSES for path in (FUZZ / "corpus" / name).glob("*"))


@pytest.mark.parametrize(("name", "path"), CASES, ids=[f"{n}/{p.name}" for n, p in CASES])
def test_corpus_input(name: str, path: Path) -> None:
    HARNESSES[name](path.read_bytes())


def test_every_harness_has_a_corpus() -> None:
    assert {name for name, _ in CASES} == set(HARNESSES)
