"""A daemon thread in a long C++ call as the interpreter exits (issue 16, item 3), with the
race made to happen every time rather than once in a loaded run.

A call running without the GIL polls for Ctrl-C: it checks that the interpreter is not
finalizing, then asks for the GIL. Should the main thread begin finalizing between the
two, CPython 3.11 (take_gil) ends the asking thread with ``pthread_exit``, whose forced
unwind must pass through every C++ frame above it: a ``catch (...)`` that swallows it
aborts the process ("FATAL: exception not rethrown"), a ``std::thread`` left joinable or a
``noexcept`` frame on the way calls ``std::terminate`` ("terminate called without an active
exception"). Under load the window is a few instructions wide; here a shim preloaded into
the child (``LD_PRELOAD``) sleeps in that window (after ``_Py_IsFinalizing`` answers, or
before ``PyEval_RestoreThread``/``PyEval_AcquireThread`` take the GIL) on every thread but
the main one, so the main thread's exit lands in it.

ISMCTS swallowed the unwind in its workers' ``catch (...)`` and aborted in every run with
the shim before it let the unwind through and joined its workers on that way out."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path

import pytest

SHIM = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
typedef struct _ts PyThreadState;
static pthread_t main_thread;
__attribute__((constructor)) static void remember_main(void) { main_thread = pthread_self(); }
static void pause_here(const char* name) {
  const char* us = getenv(name);
  if (us && !pthread_equal(pthread_self(), main_thread)) usleep((useconds_t)atoi(us));
}
void PyEval_RestoreThread(PyThreadState* t) {
  static void (*real)(PyThreadState*);
  if (!real) real = (void (*)(PyThreadState*))dlsym(RTLD_NEXT, "PyEval_RestoreThread");
  pause_here("SHIM_BEFORE_GIL_US");
  real(t);
}
void PyEval_AcquireThread(PyThreadState* t) {
  static void (*real)(PyThreadState*);
  if (!real) real = (void (*)(PyThreadState*))dlsym(RTLD_NEXT, "PyEval_AcquireThread");
  pause_here("SHIM_BEFORE_GIL_US");
  real(t);
}
int _Py_IsFinalizing(void) {
  static int (*real)(void);
  if (!real) real = (int (*)(void))dlsym(RTLD_NEXT, "_Py_IsFinalizing");
  int answer = real();
  pause_here("SHIM_AFTER_CHECK_US");
  return answer;
}
"""

DAEMON_EXIT = """
    import sys, threading, time
    import ganzdy

    rules = ganzdy.Rules(sys.argv[1])
    busy = threading.Event()

    def work():
        deal = rules.new_deal(seed=1)
        while True:
            busy.set()
            if sys.argv[2] == "playouts":
                ganzdy.playouts(rules, 5000, seed=1, threads=2)
            elif sys.argv[2] == "ismcts":
                kind = type(deal).__name__.replace("Deal", "InformationSet")
                info = getattr(ganzdy, kind)(deal)
                ganzdy.ismcts(info, iterations=20000, threads=2, seed=1)
            else:
                deal.playout(seed=2)
                deal.sample_world(seed=3)

    threading.Thread(target=work, daemon=True).start()
    busy.wait()
    time.sleep(0.2)
    print("exiting")
"""

# Under ThreadSanitizer (.ci/run's stress step) the children would exit with TSan's
# runtime inherited and its own exit-time reports; the exit race is tested by the
# plain and ASan builds' runs.
pytestmark = pytest.mark.skipif(
    "tsan" in os.environ.get("LD_PRELOAD", ""), reason="the exit race runs in the plain build"
)

CASES = [
    ("gan_deng_yan", "playouts"),
    ("guandan", "playouts"),
    ("gouji", "playouts"),
    ("gan_deng_yan", "ismcts"),
    ("guandan", "ismcts"),
    ("gouji", "ismcts"),
    ("gouji", "deal"),
]

# Where the shim sleeps, and how long: past the main thread's 0.2 s, so its exit begins
# while the other thread is inside the window.
WINDOWS = [
    {"SHIM_BEFORE_GIL_US": "150000"},
    {"SHIM_BEFORE_GIL_US": "300000"},
]
# Was open (issue 16, item 3): when the main thread got through the whole of
# finalization inside the window between the check and the acquire (here a 250 ms
# sleep after _Py_IsFinalizing), the thread's acquire read the interpreter's freed
# state and the child died of SIGSEGV. The exit gate (bindings.h) holds the exit until
# every thread that passed the check holds the GIL. That left one hazard, which failed
# this case once under load: the thread, having taken the GIL and let it go again, went
# on with its call (up to 100 ms, to its next Ctrl-C poll) while the main thread
# finished exiting and the process ran its static destructors under it. The gate now
# counts a thread from the moment it lets the GIL go, so the exit waits until every
# call has come back or stopped (test_no_call_of_ours_runs_once_the_exit_gate_opens).
AFTER_CHECK = {"SHIM_AFTER_CHECK_US": "250000"}


def libpython_is_shared() -> bool:
    # The shim can only come between the extension and a libpython it links to; a
    # python executable holding the interpreter itself resolves the calls first.
    return bool(sysconfig.get_config_var("Py_ENABLE_SHARED"))


@pytest.fixture(scope="module")
def shim(tmp_path_factory: pytest.TempPathFactory) -> Path:
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None or not sys.platform.startswith("linux"):
        pytest.skip("needs a C compiler on Linux to build the LD_PRELOAD shim")
    if not libpython_is_shared():
        pytest.skip("the shim needs a Python built with --enable-shared")
    if sys.version_info[:2] != (3, 11):
        pytest.skip("the shim wraps _Py_IsFinalizing, which CPython 3.11 exports")
    if os.environ.get("LD_PRELOAD"):
        # A sanitizer run (.ci/run) preloads its runtime, which must stay first and
        # alone in front of an instrumented extension; the shim would take its place.
        # The race is CPython's exit against our threads: the plain build tests it.
        pytest.skip("LD_PRELOAD is taken (a sanitizer runtime); the shim needs it")
    folder = tmp_path_factory.mktemp("shim")
    source = folder / "window.c"
    source.write_text(SHIM, encoding="utf-8")
    library = folder / "window.so"
    subprocess.run(
        [compiler, "-shared", "-fPIC", "-O1", "-o", str(library), str(source), "-ldl"],
        check=True,
    )
    return library


def run_once(game: str, call: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(DAEMON_EXIT), game, call],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **env},
    )


@pytest.mark.parametrize(("game", "call"), CASES)
def test_the_exit_in_the_window_between_check_and_gil(game: str, call: str, shim: Path) -> None:
    for window in WINDOWS:
        done = run_once(game, call, {"LD_PRELOAD": str(shim), **window})
        detail = f"{window}: exit {done.returncode}: {done.stderr[-1500:]}"
        assert "terminate called" not in done.stderr, detail
        assert "not rethrown" not in done.stderr, detail
        assert done.returncode == 0, detail
        assert done.stdout.strip() == "exiting", detail


@pytest.mark.parametrize(("game", "call"), CASES)
def test_the_exit_completing_in_the_window_after_the_check(
    game: str, call: str, shim: Path
) -> None:
    done = run_once(game, call, {"LD_PRELOAD": str(shim), **AFTER_CHECK})
    detail = f"exit {done.returncode}: {done.stderr[-1500:]}"
    assert "terminate called" not in done.stderr and "not rethrown" not in done.stderr, detail
    assert done.returncode == 0, detail


@pytest.mark.parametrize(("game", "call"), CASES)
def test_many_exits_without_the_shim(game: str, call: str) -> None:
    # The natural race: its window is narrow, so many runs (more with
    # GANZDY_EXIT_RUNS=N for a soak).
    runs = int(os.environ.get("GANZDY_EXIT_RUNS", "6"))
    for _ in range(runs):
        done = run_once(game, call, {})
        assert "terminate called" not in done.stderr, done.stderr[-1500:]
        assert done.returncode == 0, f"exit {done.returncode}: {done.stderr[-1500:]}"


# Registered before ganzdy is imported, so it runs after ganzdy's exit hook (atexit
# calls last in, first out), right where finalizing and the static destructors follow:
# the state of every thread but this one, twice, 20 ms apart.
STATES_AFTER_THE_GATE = """
    import atexit, os, threading, time

    def states():
        me = threading.get_native_id()
        found = {}
        for task in os.listdir("/proc/self/task"):
            if int(task) != me:
                with open(f"/proc/self/task/{task}/stat", encoding="ascii") as stat:
                    found[task] = stat.read().rsplit(")", 1)[1].split()[0]
        return found

    def report():
        first = states()
        time.sleep(0.02)
        second = states()
        print("running", sorted(t for t in first if first[t] == "R" and second.get(t) == "R"))

    atexit.register(report)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/task")
@pytest.mark.parametrize(("game", "call"), CASES)
def test_no_call_of_ours_runs_once_the_exit_gate_opens(game: str, call: str) -> None:
    # Once ganzdy's exit hook returns, every thread that was in one of its calls without
    # the GIL has come back or parked (asleep until the process ends): none is still
    # playing or searching while the interpreter finalizes and the static destructors
    # run. Before, a search or playouts went on to their next poll, up to 100 ms.
    script = textwrap.dedent(STATES_AFTER_THE_GATE) + textwrap.dedent(DAEMON_EXIT)
    for _ in range(3):
        done = subprocess.run(
            [sys.executable, "-c", script, game, call],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, f"exit {done.returncode}: {done.stderr[-1500:]}"
        assert done.stdout.split("\n")[-2] == "running []", done.stdout


# An atexit callback registered before ganzdy is imported runs after ganzdy's exit
# hook, on the thread running the exit: its calls must work as at any other time.
CALL_AT_EXIT = """
    import atexit, sys

    def save():
        world = deal.sample_world(0, seed=3)
        outcome = deal.playout(seed=2)
        ganzdy.playouts(rules, 20, seed=1)
        print("at exit", world.players, outcome is not None, flush=True)

    atexit.register(save)
    import ganzdy

    rules = ganzdy.Rules(sys.argv[1])
    deal = rules.new_deal(seed=1)
"""


@pytest.mark.parametrize("game", ["gan_deng_yan", "guandan", "gouji"])
def test_an_atexit_callback_calls_ganzdy_after_its_exit_hook(game: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(CALL_AT_EXIT), game],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, f"exit {done.returncode}: {done.stderr[-1500:]}"
    players = {"gan_deng_yan": 4, "guandan": 4, "gouji": 6}[game]
    assert done.stdout.strip() == f"at exit {players} True"
