"""Checkpoints: everything a run needs to continue exactly where it stopped.

``checkpoint.pt`` (``torch.save`` of a dict) holds the configuration the run was
started with, the model and optimizer states, the step counters, the random states
(NumPy's generator for the league and the jobs' seeds, torch's for the shuffling of
samples), the league's snapshots and the curve so far. It is written to a temporary
file and renamed, so an interrupted write leaves the previous checkpoint whole.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import torch

from ganzdy._core import GanzdyError

CHECKPOINT = "checkpoint.pt"
VERSION = 1


def save_checkpoint(directory: Path, state: dict[str, Any]) -> Path:
    path = directory / CHECKPOINT
    partial = directory / (CHECKPOINT + ".partial")
    torch.save({"version": VERSION, **state}, partial)
    os.replace(partial, path)
    return path


def load_checkpoint(directory: Path) -> dict[str, Any]:
    path = directory / CHECKPOINT
    if not path.is_file():
        raise GanzdyError(f"--resume: there is no {CHECKPOINT} in {str(directory)!r}")
    # Our own file, holding NumPy arrays and plain objects besides tensors.
    state: dict[str, Any] = torch.load(path, weights_only=False)
    if state.get("version") != VERSION:
        raise GanzdyError(
            f"{str(path)!r}: checkpoint version {state.get('version')!r}; this ganzdy "
            f"reads version {VERSION}"
        )
    return state
