"""The load test, small: uvicorn on the loopback, games of every game at once, no error."""

from __future__ import annotations

from web_load import run


def test_many_games_at_once_on_the_loopback() -> None:
    figures = run(games=6, clients=3, seconds=120)
    assert figures.errors == []
    assert figures.games == 6  # every game finished within the time bound
    assert figures.requests > 6 * 10
    assert 0 < figures.percentile(50) <= figures.percentile(95) <= figures.percentile(99)
