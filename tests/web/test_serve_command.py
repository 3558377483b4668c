"""``ganzdy serve`` as a person starts it: a process listening on the loopback."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time

import httpx
import pytest

from ganzdy.cli import main


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_serve_answers_on_the_loopback() -> None:
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "ganzdy", "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                meta = httpx.get(f"http://127.0.0.1:{port}/api/meta", timeout=5)
                break
            except httpx.TransportError:
                assert server.poll() is None, server.stderr.read() if server.stderr else ""
                assert time.monotonic() < deadline, "ganzdy serve did not answer in 60 s"
                time.sleep(0.2)
        assert meta.status_code == 200
        assert [g["name"] for g in meta.json()["games"]] == ["gan_deng_yan", "guandan", "gouji"]
        assert "human" not in meta.json()["bots"]
        page = httpx.get(f"http://127.0.0.1:{port}/", timeout=5)
        assert 'data-testid="new-game"' in page.text
    finally:
        server.send_signal(signal.SIGINT)
        out, _ = server.communicate(timeout=30)
    assert f"http://127.0.0.1:{port}/" in out


def test_serve_refuses_a_port_out_of_range(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert "--port 70000 is no TCP port" in capsys.readouterr().err
