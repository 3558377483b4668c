"""Playing through the web API as a person would, shared by the web tests."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient


def new_game(client: TestClient, **body: Any) -> tuple[str, dict[str, Any]]:
    response = client.post("/api/games", json=body)
    assert response.status_code == 200, response.text
    data = response.json()
    return data["id"], data["state"]


def take_hint(client: TestClient, key: str, state: dict[str, Any]) -> dict[str, Any]:
    """Play the greedy hint as a person would: click its cards (choosing among readings
    when asked), or pass, or play a move without cards by its text."""
    hint = client.post(f"/api/games/{key}/hint", json={}).json()["move"]
    if hint["pass"]:
        response = client.post(f"/api/games/{key}/pass")
    elif hint["cards"]:
        response = client.post(f"/api/games/{key}/play", json={"cards": hint["cards"]})
        if response.status_code == 409:
            readings = [m["text"] for m in response.json()["readings"]]
            assert len(readings) > 1
            # The hint's own text is one of the readings of its cards.
            assert any(client_text_matches(text, hint["text"]) for text in readings), readings
            response = client.post(f"/api/games/{key}/play", json={"move": hint["text"]})
    else:
        response = client.post(f"/api/games/{key}/play", json={"move": hint["text"]})
    assert response.status_code == 200, response.text
    new_state: dict[str, Any] = response.json()
    return new_state


def client_text_matches(reading: str, hint: str) -> bool:
    """A reading and the hint say the same declaration (the cards may be other suits of
    the same faces where the rules make them interchangeable)."""
    return reading.split(" as ")[-1] == hint.split(" as ")[-1]
