"""``ganzdy serve``: play, watch and replay deals of every game in the browser.

The server is a thin layer over the engine: every rule, reading and score comes from
the deal, the seat view (``ganzdy.SeatView``) and the game's match class, and a seat's
state is built from its view alone, so no response carries a card that seat may not
see. One concern a module: ``wire`` turns engine values into JSON, ``table`` is a
game at a table of bots, ``store`` bounds the live games, ``app`` is the HTTP API and
``static/`` the page. Starlette and uvicorn come with the ``[web]`` extra.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ganzdy.web.app import Limits, create_app


def __getattr__(name: str) -> Any:
    # The app is imported when asked for, so the terminal game can use ``table`` (a game at
    # a table of bots) without the [web] extra's Starlette installed.
    if name in __all__:
        from ganzdy.web import app

        return getattr(app, name)
    raise AttributeError(f"module 'ganzdy.web' has no attribute {name!r}")


__all__ = ["Limits", "create_app"]
