"""An unreachable Ray address fails within seconds, before anything is played (issue 16, item 4)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time

import pytest

from ganzdy.parallel import ParallelError, ray_session


def _closed_port() -> int:
    """A loopback port nothing listens on: bound, then released."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_an_unreachable_address_fails_fast() -> None:
    address = f"127.0.0.1:{_closed_port()}"
    start = time.monotonic()
    expected = rf"could not connect to the Ray cluster at '{address}'"
    with pytest.raises(ParallelError, match=expected), ray_session(address, None):
        pass
    assert time.monotonic() - start < 10


def test_the_arena_command_reports_it_without_a_traceback() -> None:
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'ganzdy[ray]')")
    start = time.monotonic()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "ganzdy",
            "arena",
            "--agents",
            "greedy,random",
            "--deals",
            "4",
            "--ray",
            "127.0.0.1:1",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert time.monotonic() - start < 30
    assert done.returncode != 0
    assert "could not connect to the Ray cluster at '127.0.0.1:1'" in done.stderr
    assert "Traceback" not in done.stderr
