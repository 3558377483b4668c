"""The HTTP API and the page: a Starlette app over ``Table``, ``Replay`` and the ``Store``.

Every request body is a JSON object read under a size cap; a refused request answers
4xx with ``{"error": message}`` and changes nothing (the engine checks a move before
it plays it). A game answers only for its own seat and only on its turn.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ganzdy._core import GanzdyError
from ganzdy.agents import known_agents
from ganzdy.games import GAMES, game_of
from ganzdy.match import _fresh_seed
from ganzdy.web.store import Store
from ganzdy.web.table import Replay, Table, WebError, rules_of

T = TypeVar("T")


@dataclasses.dataclass(frozen=True)
class Limits:
    """What one server holds at most: live games (tables and replays together), how long
    an untouched game lives, and the largest request body it reads."""

    max_games: int = 64
    idle_seconds: float = 1800.0
    max_body: int = 256 * 1024


def _error(message: str, status: int, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


async def _body(request: Request, limit: int) -> dict[str, Any]:
    """The request's JSON object, read no further than ``limit`` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise WebError(f"the request body is {declared} bytes; at most {limit} are read", 413)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise WebError(f"the request body is over {limit} bytes", 413)
    if not body:
        return {}
    try:
        value = json.loads(body)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise WebError(f"the request body is not JSON: {error}") from None
    if not isinstance(value, dict):
        raise WebError(f"the request body must be a JSON object, not {type(value).__name__}")
    return value


def _seed(body: dict[str, Any]) -> int:
    seed = body.get("seed")
    if seed is None:
        return _fresh_seed()
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise WebError(f"'seed' must be a whole number from 0 to 2**64 - 1, not {seed!r}")
    return seed


def _table_of(body: dict[str, Any]) -> Table:
    rules = rules_of(body)
    seat = body.get("seat", 0)
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players
    ):
        raise WebError(f"'seat' must be a seat from 0 to {rules.players - 1} or null, not {seat!r}")
    bots = body.get("bots", "greedy")
    if isinstance(bots, str):
        bots = [bots] * rules.players
    elif isinstance(bots, list) and seat is not None and len(bots) == rules.players - 1:
        bots = [*bots[:seat], None, *bots[seat:]]
    if not isinstance(bots, list) or len(bots) != rules.players:
        raise WebError(
            f"'bots' must be one agent spec or a list of {rules.players - 1} (one a bot's seat)"
        )
    if seat is not None:
        bots[seat] = None
    deals = body.get("deals")
    if deals is not None and (
        isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= 1000
    ):
        raise WebError(f"'deals' must be a whole number from 1 to 1000, not {deals!r}")
    table = Table(rules, seat, bots, _seed(body), deals)
    if seat is not None:
        table.run_bots()
    return table


def create_app(limits: Limits | None = None) -> Starlette:
    """The ``ganzdy serve`` app; ``limits`` bound what it holds (the defaults otherwise)."""
    limits = limits or Limits()
    store: Store[Table | Replay] = Store(limits.max_games, limits.idle_seconds)
    static = resources.files("ganzdy.web") / "static"

    def find(request: Request, kind: type[T]) -> T:
        key = request.path_params["key"]
        game = store.get(key)
        if not isinstance(game, kind):
            raise WebError(f"no live {kind.__name__.lower()} {key!r} (it may have expired)", 404)
        return game

    def endpoint(
        handler: Callable[[Request, dict[str, Any]], Awaitable[Any]],
    ) -> Callable[[Request], Awaitable[Response]]:
        async def run(request: Request) -> Response:
            try:
                body = await _body(request, limits.max_body) if request.method == "POST" else {}
                return JSONResponse(await handler(request, body))
            except WebError as error:
                return _error(str(error), error.status, **error.extra)
            except GanzdyError as error:
                return _error(str(error), 400, type=type(error).__name__)

        return run

    async def locked(game: Table | Replay, action: Callable[[], T]) -> T:
        def under_lock() -> T:
            with game.lock:
                return action()

        return await run_in_threadpool(under_lock)

    async def meta(request: Request, body: dict[str, Any]) -> Any:
        from ganzdy._core import Rules

        games = []
        for name in GAMES:
            game = game_of(name)
            rules = Rules(name)
            games.append(
                {
                    "name": name,
                    "title": game.title,
                    "players": list(game.player_counts),
                    "default_players": rules.players,
                    "options": [
                        {
                            "name": o.name,
                            "default": o.default,
                            "allowed": o.allowed,
                            "description": o.description,
                        }
                        for o in rules.options.values()
                    ],
                }
            )
        bots = {n: s for n, s in known_agents().items() if n != "human"}
        return {"games": games, "bots": bots, "limits": dataclasses.asdict(limits)}

    async def new_game(request: Request, body: dict[str, Any]) -> Any:
        table = await run_in_threadpool(_table_of, body)
        key = store.add(table)
        return {"id": key, "state": await locked(table, table.state)}

    async def get_game(request: Request, body: dict[str, Any]) -> Any:
        table = find(request, Table)
        return await locked(table, table.state)

    async def play(request: Request, body: dict[str, Any]) -> Any:
        table = find(request, Table)
        cards, text = body.get("cards"), body.get("move")
        if cards is not None and not isinstance(cards, list):
            raise WebError(f"'cards' must be a list of card text, not {cards!r}")
        if text is not None and not isinstance(text, str):
            raise WebError(f"'move' must be move text, not {text!r}")

        def act() -> Any:
            table.play(cards, text)
            return table.state()

        return await locked(table, act)

    async def pass_(request: Request, body: dict[str, Any]) -> Any:
        table = find(request, Table)

        def act() -> Any:
            table.pass_()
            return table.state()

        return await locked(table, act)

    async def undo(request: Request, body: dict[str, Any]) -> Any:
        table = find(request, Table)

        def act() -> Any:
            table.undo()
            return table.state()

        return await locked(table, act)

    async def hint(request: Request, body: dict[str, Any]) -> Any:
        table = find(request, Table)
        spec = body.get("agent", "greedy")
        return await locked(table, lambda: table.hint(spec))

    async def bots(request: Request, body: dict[str, Any]) -> Any:
        table = find(request, Table)
        steps = body.get("steps")
        if steps is not None and (
            isinstance(steps, bool) or not isinstance(steps, int) or not 1 <= steps <= 100_000
        ):
            raise WebError(f"'steps' must be a whole number from 1 to 100000, not {steps!r}")

        def act() -> Any:
            table.run_bots(100_000 if steps is None else steps)
            return table.state()

        return await locked(table, act)

    async def next_deal(request: Request, body: dict[str, Any]) -> Any:
        table = find(request, Table)

        def act() -> Any:
            table.next_deal()
            if table.seat is not None:
                table.run_bots()
            return table.state()

        return await locked(table, act)

    async def new_replay(request: Request, body: dict[str, Any]) -> Any:
        record = body.get("record")
        if not isinstance(record, dict):
            raise WebError("a replay needs 'record': a game record as a JSON object")
        replay = await run_in_threadpool(Replay, record)
        key = store.add(replay)
        return {"id": key, "state": await locked(replay, replay.state)}

    async def get_replay(request: Request, body: dict[str, Any]) -> Any:
        replay = find(request, Replay)
        ply = request.query_params.get("ply")
        if ply is not None and not (ply.isdigit() and len(ply) < 8):
            raise WebError(f"ply {ply!r} is not a whole number")

        def act() -> Any:
            if ply is not None:
                replay.goto(int(ply))
            return replay.state()

        return await locked(replay, act)

    async def index(request: Request) -> Response:
        return FileResponse(str(static / "index.html"), media_type="text/html")

    def post(path: str, handler: Callable[[Request, dict[str, Any]], Awaitable[Any]]) -> Route:
        return Route(path, endpoint(handler), methods=["POST"])

    def get(path: str, handler: Callable[[Request, dict[str, Any]], Awaitable[Any]]) -> Route:
        return Route(path, endpoint(handler), methods=["GET"])

    routes = [
        Route("/", index, methods=["GET"]),
        get("/api/meta", meta),
        post("/api/games", new_game),
        get("/api/games/{key}", get_game),
        post("/api/games/{key}/play", play),
        post("/api/games/{key}/pass", pass_),
        post("/api/games/{key}/undo", undo),
        post("/api/games/{key}/hint", hint),
        post("/api/games/{key}/bots", bots),
        post("/api/games/{key}/next", next_deal),
        post("/api/replays", new_replay),
        get("/api/replays/{key}", get_replay),
        Mount("/static", app=StaticFiles(directory=str(static)), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.store = store
    return app
