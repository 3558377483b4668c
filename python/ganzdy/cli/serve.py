"""``ganzdy serve``: the web app on this machine (127.0.0.1 unless told otherwise)."""

from __future__ import annotations

import argparse
import threading
import webbrowser

from ganzdy._core import GanzdyError


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from ganzdy.web import Limits, create_app
    except ImportError as error:
        raise GanzdyError(
            f"ganzdy serve needs the web extra ({error.name} is missing): pip install 'ganzdy[web]'"
        ) from None
    if not 0 <= args.port < 65536:
        raise GanzdyError(f"--port {args.port} is no TCP port (0 to 65535)")
    limits = Limits(max_games=args.max_games, idle_seconds=args.idle_minutes * 60)
    url = f"http://{args.host}:{args.port}/"
    if args.open:
        # The browser asks once the server listens; a short delay is enough on loopback.
        threading.Timer(1.0, webbrowser.open, (url,)).start()
    print(f"ganzdy serve: {url} (Ctrl-C stops)")
    uvicorn.run(create_app(limits), host=args.host, port=args.port, log_level="warning")
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    serve = sub.add_parser("serve", help="play, watch and replay deals in the browser")
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default: 127.0.0.1, this machine only)",
    )
    serve.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    serve.add_argument("--open", action="store_true", help="open the page in a browser")
    serve.add_argument("--max-games", type=int, default=64, help="live games at most (default: 64)")
    serve.add_argument(
        "--idle-minutes",
        type=float,
        default=30.0,
        help="a game untouched this long is dropped (default: 30)",
    )
    serve.set_defaults(run=run)
