"""Run one fuzz harness under atheris for a bounded time:
python tests/fuzz/run.py NAME SECONDS [CORPUS [FLAG ...]], CORPUS by default
tests/fuzz/corpus/NAME (where libFuzzer also saves the new inputs it finds); FLAGs are
passed to libFuzzer (CI gives -seed and -runs, so its runs are reproducible)."""

import sys
from pathlib import Path

import atheris

with atheris.instrument_imports():
    import harnesses  # noqa: F401  (instrumented for coverage)

from harnesses import HARNESSES

name, seconds = sys.argv[1], sys.argv[2]
corpus = Path(sys.argv[3]) if len(sys.argv) > 3 else Path(__file__).parent / "corpus" / name
flags = sys.argv[4:]
atheris.Setup(
    [
        sys.argv[0],
        f"-max_total_time={seconds}",
        "-rss_limit_mb=4096",
        "-print_final_stats=1",
        *flags,
        str(corpus),
    ],
    HARNESSES[name],
)
atheris.Fuzz()
