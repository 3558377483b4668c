"""Shared by every test folder: the slow, obvious references of tests/references/ import
by their own names (``import gdy_reference``), wherever the test that uses them lives."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "references"))
