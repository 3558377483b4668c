"""Play the transcripts in docs/transcripts/ again: a whole Guandan hand and a whole Gouji
hand at the terminal, you at seat 0 answering from a script (the answers are echoed, as
scripted input is, so the transcript reads as the game went).

    python docs/transcripts/make_transcripts.py      # rewrites docs/transcripts/*.txt

tests/cli/test_transcripts.py plays them again and compares, so they stay true.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent

# What you type: a few commands to show them, then the first choice of every menu (a
# pass when following, the lowest play when leading), then leave when the hand is over.
TRANSCRIPTS = {
    "guandan": (
        ["play", "--game", "guandan", "--seed", "1", "--deals", "1"],
        "help\nhint\npass\n5 6 7 8 9\nundo\n" + "1\n" * 400,
    ),
    "gouji": (
        ["play", "--game", "gouji", "--seed", "1", "--deals", "1"],
        "yield\nhint\n1\nyield\n" + "1\n" * 600,
    ),
}


# How the interpreter loads its libraries passes through (CI's sanitizer runs preload their
# runtimes, without which the instrumented extension does not load); nothing else does, so
# the terminal's text is the same on every machine.
_LOADER = (
    "LD_PRELOAD",
    "LD_LIBRARY_PATH",
    "ASAN_OPTIONS",
    "UBSAN_OPTIONS",
    "LSAN_OPTIONS",
    "TSAN_OPTIONS",
)


def _loader_settings() -> dict[str, str]:
    return {name: os.environ[name] for name in _LOADER if name in os.environ}


def transcript(name: str) -> str:
    """The terminal's text for one transcript: the command, then what it printed."""
    argv, answers = TRANSCRIPTS[name]
    done = subprocess.run(
        [sys.executable, "-m", "ganzdy", *argv],
        input=answers,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=600,
        env={"NO_COLOR": "1", "PATH": "", "PYTHONIOENCODING": "utf-8", **_loader_settings()},
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(
            f"ganzdy {' '.join(argv)} exited {done.returncode}:\n{done.stderr[-4000:]}"
        )
    return f"$ ganzdy {' '.join(argv)}\n{done.stdout}"


if __name__ == "__main__":
    for name in TRANSCRIPTS:
        path = HERE / f"{name}.txt"
        path.write_text(transcript(name), encoding="utf-8")
        print(f"{path}: {len(path.read_text(encoding='utf-8').splitlines())} lines")
