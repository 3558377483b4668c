"""Load test of ``ganzdy serve`` on the loopback: uvicorn in a thread, many games at once.

Each client thread plays whole deals as a person would (hint, then play or pass) and
times every request; the run is bounded by a number of games and a time limit, and
reports requests per second and latency percentiles. Any error response fails it.

    python tests/web/web_load.py --games 48 --clients 8 --seconds 120
"""

from __future__ import annotations

import argparse
import concurrent.futures
import statistics
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import uvicorn

import ganzdy
from ganzdy.web import Limits, create_app


@dataclass
class Figures:
    games: int = 0
    requests: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def percentile(self, p: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] * 1000

    def report(self) -> str:
        return (
            f"{self.games} games, {self.requests} requests in {self.seconds:.1f} s: "
            f"{self.requests / self.seconds:.0f} requests/s; latency ms p50 "
            f"{self.percentile(50):.1f}, p95 {self.percentile(95):.1f}, p99 "
            f"{self.percentile(99):.1f}, max {max(self.latencies) * 1000:.1f}, mean "
            f"{statistics.fmean(self.latencies) * 1000:.1f}; {len(self.errors)} errors"
        )


class Server:
    """uvicorn serving the app on 127.0.0.1 at a free port, in a thread."""

    def __init__(self, limits: Limits) -> None:
        config = uvicorn.Config(create_app(limits), host="127.0.0.1", port=0, log_level="error")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}"

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)


def _play_game(
    base: str, game: str, seed: int, figures: Figures, lock: threading.Lock, stop: float
) -> None:
    with httpx.Client(base_url=base, timeout=60) as client:

        def call(method: str, path: str, body: dict[str, Any] | None = None) -> Any:
            start = time.perf_counter()
            response = client.request(method, path, json=body)
            took = time.perf_counter() - start
            with lock:
                figures.requests += 1
                figures.latencies.append(took)
                if response.status_code != 200:
                    figures.errors.append(
                        f"{method} {path}: {response.status_code} {response.text}"
                    )
            return response.json()

        data = call("POST", "/api/games", {"game": game, "seat": 0, "bots": "greedy", "seed": seed})
        key, state = data["id"], data["state"]
        while not state["over"] and time.monotonic() < stop:
            hint = call("POST", f"/api/games/{key}/hint", {})["move"]
            if hint["pass"]:
                state = call("POST", f"/api/games/{key}/pass")
            else:
                state = call("POST", f"/api/games/{key}/play", {"move": hint["text"]})
            call("GET", f"/api/games/{key}")
        with lock:
            figures.games += state["over"]


def run(games: int, clients: int, seconds: float) -> Figures:
    """Play ``games`` games (the three games in turn) over ``clients`` threads."""
    figures = Figures()
    lock = threading.Lock()
    with Server(Limits(max_games=max(64, games))) as base:
        start = time.monotonic()
        stop = start + seconds
        with concurrent.futures.ThreadPoolExecutor(clients) as pool:
            futures = [
                pool.submit(
                    _play_game, base, ganzdy.GAMES[i % len(ganzdy.GAMES)], i, figures, lock, stop
                )
                for i in range(games)
            ]
            for future in futures:
                future.result()
        figures.seconds = time.monotonic() - start
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=48)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=120.0)
    args = parser.parse_args()
    figures = run(args.games, args.clients, args.seconds)
    print(figures.report())
    for error in figures.errors[:5]:
        print("error:", error)
    return 1 if figures.errors or figures.games < args.games else 0


if __name__ == "__main__":
    raise SystemExit(main())
