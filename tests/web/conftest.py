"""What the web tests share: an app with small limits and a client that plays through it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from ganzdy.web import Limits, create_app


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Limits(max_games=8, idle_seconds=600, max_body=64 * 1024))) as c:
        yield c
