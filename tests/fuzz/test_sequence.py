"""The sequence fuzzer (sequence.py) in the ordinary suite: random programs, every
game, so a change that breaks an invariant of some call order fails here before the
coverage-guided run in CI looks for rarer orders."""

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))

from sequence import PRESETS, Run, check_deal, fuzz_sequence


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(min_size=2, max_size=400))
def test_random_programs(data: bytes) -> None:
    fuzz_sequence(data)


@pytest.mark.parametrize("preset", range(len(PRESETS)))
def test_every_operation_in_and_after_the_deal(preset: int) -> None:
    """Each operation of the table, on each preset, while the deal is on and after its
    end, with arguments from a fixed byte pattern."""
    run = Run(bytes([preset, 0, 42, *([7, 1, 3, 2, 5, 9, 0, 4] * 500)]))
    for when in ("during", "after"):
        if when == "after":
            run.to_end()
            assert run.deal.is_terminal
        for op in Run.OPS:
            if op is not Run.to_end and op is not Run.undo_all:
                op(run)
                check_deal(run.deal, run.deck)
                if when == "after" and not run.deal.is_terminal:
                    run.to_end()
    run.undo_all()
