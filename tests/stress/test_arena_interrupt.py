"""Ctrl-C during ``ganzdy.arena(...)`` with worker processes, called from a program
rather than from ``ganzdy arena``: the interrupt propagates as ``ArenaInterrupted`` with
the deals that finished, and the interpreter then exits at once (issue 16).

It hung at exit: the workers were ended while one was writing a result, the pool's
manager thread waited forever for the rest of that message, and the interpreter joins
that thread as it exits. The CLI left with ``os._exit``; a program calling the library
cannot. Here the window is made wide: the caller's ``on_deal`` is busy in Python and the
switch interval long, so the manager thread, which needs the GIL to read, takes results
slowly and the workers spend most of their time midway through writing one."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

CALLER = """
    import sys, time
    import ganzdy

    sys.setswitchinterval(1.0)

    def on_progress(done, total):
        print("progress", done, flush=True)

    def on_deal(number, deal, seated):
        # A caller's callback that keeps the GIL a while (say, analysing the deal).
        end = time.perf_counter() + 0.5
        while time.perf_counter() < end:
            pass

    try:
        ganzdy.arena(
            ganzdy.Rules("gouji"),
            ["random"],
            400,
            seed=int(sys.argv[1]),
            workers=2,
            on_deal=on_deal,
            on_progress=on_progress,
        )
    except ganzdy.ArenaInterrupted as stop:
        print("interrupted", stop.result.played, stop.result.partial, flush=True)
        raise
"""

# Far more than a prompt exit takes, even on a loaded machine; a hang never ends.
EXIT_WITHIN = 20.0
RUNS = 3


def interrupt_once(seed: int) -> tuple[float, int, str]:
    """Run the caller and Ctrl-C it while it works through its first chunk's deals (some
    twelve seconds of on_deal), by when the workers have played their next chunks and are
    writing them: how long it took to exit after the signal, its return code and its
    output."""
    child = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(CALLER), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        # A child started from a shell in the background may inherit SIGINT ignored.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert child.stdout is not None
        first = child.stdout.readline()
        assert first.startswith("progress"), first + (child.stderr.read() if child.stderr else "")
        time.sleep(5.0)
        child.send_signal(signal.SIGINT)
        sent = time.perf_counter()
        try:
            out, err = child.communicate(timeout=EXIT_WITHIN)
        except subprocess.TimeoutExpired:
            child.kill()
            out, err = child.communicate()
            pytest.fail(f"still running {EXIT_WITHIN:g} s after Ctrl-C: {err[-1500:]}")
        return time.perf_counter() - sent, child.returncode, first + out + err
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is POSIX")
def test_ctrl_c_in_a_library_arena_exits_promptly_with_the_partial_standings() -> None:
    for run in range(RUNS):
        seconds, code, output = interrupt_once(seed=run + 1)
        # ArenaInterrupted left the program uncaught: a traceback and exit status 1
        # (CPython ends by SIGINT only for KeyboardInterrupt itself, not a subclass).
        assert code == 1 and "ganzdy.match.ArenaInterrupted" in output, (
            f"exit {code}: {output[-1500:]}"
        )
        (line,) = [line for line in output.splitlines() if line.startswith("interrupted")]
        _, played, partial = line.split()
        finished = [
            int(line.split()[1]) for line in output.splitlines() if line.startswith("progress")
        ]
        assert partial == "True" and int(played) >= finished[-1] > 0, output[-1500:]
        assert seconds < EXIT_WITHIN
