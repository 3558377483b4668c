"""What the server refuses and what it never shows: hidden cards stay hidden (twin deals
differing only in them give the same state), hostile requests get a 4xx and change
nothing, and the live games are bounded and expire."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from starlette.testclient import TestClient

import ganzdy
from ganzdy import Move, Rules
from ganzdy.cli import build_parser
from ganzdy.web import Limits, create_app
from ganzdy.web.store import Store
from ganzdy.web.wire import seat_state
from web_helpers import new_game


def _twin(deal: Any, seat: int) -> Any:
    """Another deal with ``seat``'s hand and the public history, other hidden cards."""
    for seed in range(50):
        world = deal.sample_world(seat, seed=seed)
        others = [str(world.hand(s)) for s in range(deal.players) if s != seat]
        if others != [str(deal.hand(s)) for s in range(deal.players) if s != seat]:
            assert world.hand(seat) == deal.hand(seat)
            return world
    raise AssertionError("every sampled world deals the same hidden cards")


@pytest.mark.parametrize("game", ganzdy.GAMES)
@pytest.mark.parametrize("plies", [0, 7, 30])
def test_twin_deals_give_a_seat_the_same_state(game: str, plies: int) -> None:
    deal = Rules(game).new_deal(seed=21)
    rng = random.Random(plies)
    history: list[tuple[int, Move]] = []
    for _ in range(plies):
        if deal.is_terminal:
            break
        mover = deal.current_player
        move = deal.legal_moves[rng.randrange(len(deal.legal_moves))]
        deal.push(move)
        history.append((mover, move))
    assert not deal.is_terminal
    for seat in range(deal.players):
        state = seat_state(deal, seat, history)
        _same_but_history(_twin(deal, seat), deal, seat, history)
        assert state["hand"] == str(deal.hand(seat)).split()


def _same_but_history(twin: Any, deal: Any, seat: int, history: list[tuple[int, Move]]) -> None:
    """The twin's state for ``seat`` is the deal's. A sampled world keeps no move history,
    so where the engine reads the history a seat has seen from the deal itself (Guandan's
    seen_history), the twin's is empty and is compared with none; every other field is."""
    state, twins = seat_state(deal, seat, history), seat_state(twin, seat, history)
    if twin.history == [] and deal.history != [] and twins["history"] != state["history"]:
        assert twins["history"] == []
        state = {k: v for k, v in state.items() if k != "history"}
        twins = {k: v for k, v in twins.items() if k != "history"}
    assert twins == state


def _tribute_deal(game: str) -> Any:
    """A hand that starts with tribute: Guandan after a 1-2 finish, Gouji after a hand."""
    if game == "guandan":
        # Some seeds deal the payers both big jokers, which cancels the tribute.
        for seed in range(100):
            deal = ganzdy.GuandanDeal(Rules("guandan"), seed, previous_finish=[0, 2, 1, 3])
            if deal.phase == "tribute":
                return deal
        raise AssertionError("every seed resisted the tribute")
    from ganzdy.gouji.match import previous_hand

    return ganzdy.GoujiDeal(Rules("gouji"), 8, previous=previous_hand(8, 0))


@pytest.mark.parametrize("game", ["guandan", "gouji"])
def test_twin_deals_through_the_tribute(game: str) -> None:
    deal = _tribute_deal(game)
    history: list[tuple[int, Move]] = []
    phases = set()
    for _ in range(12):
        phases.add(str(deal.phase))
        for seat in range(deal.players):
            _same_but_history(_twin(deal, seat), deal, seat, history)
        mover = deal.current_player
        move = deal.legal_moves[0]
        deal.push(move)
        history.append((mover, move))
    assert phases - {"play"}, f"no tribute phase was reached: {phases}"


def test_a_seat_state_holds_no_other_hand() -> None:
    deal = Rules("gan_deng_yan").new_deal(seed=4, dealer=0)
    text = json.dumps(seat_state(deal, 0, []))
    assert "hands" not in text and "deck" not in text and "seed" not in text


def _unchanged(client: TestClient, key: str, before: dict[str, Any]) -> None:
    assert client.get(f"/api/games/{key}").json() == before


def test_hostile_requests_get_4xx_and_change_nothing(client: TestClient) -> None:
    key, state = new_game(client, game="gan_deng_yan", seat=0, bots="greedy", seed=1)
    assert state["your_turn"]
    play = f"/api/games/{key}/play"
    cases: list[tuple[Any, int, str]] = [
        (b"{not json", 400, "not JSON"),
        (b"[1, 2]", 400, "must be a JSON object, not list"),
        (b'"pass"', 400, "must be a JSON object, not str"),
        (b"\xff\xfe", 400, "not JSON"),
        (b"[" * 100_000, 413, "at most"),
        (json.dumps({"cards": "5s"}).encode(), 400, "'cards' must be a list"),
        (json.dumps({"cards": [5]}).encode(), 400, "card text"),
        (json.dumps({"cards": ["Zz"]}).encode(), 400, "Zz"),
        (json.dumps({"move": "3s 3h 3d 3c 3s 3h 3d as bomb 3"}).encode(), 400, "3s"),
        (json.dumps({"move": 7}).encode(), 400, "'move' must be move text"),
        (json.dumps({}).encode(), 400, "play needs 'cards'"),
    ]
    for body, status, quoted in cases:
        response = client.post(play, content=body, headers={"content-type": "application/json"})
        assert response.status_code == status, (body[:40], response.text)
        assert quoted in response.json()["error"], response.json()
        _unchanged(client, key, state)
    # A card the seat does not hold, named by the engine's own error.
    missing = next(c for c in ["3s", "3h", "4s", "4h", "5s"] if c not in state["hand"])
    response = client.post(play, json={"cards": [missing]})
    assert response.status_code == 400 and missing in response.json()["error"]
    assert response.json()["type"] == "IllegalMoveError"
    _unchanged(client, key, state)


def test_only_the_seat_to_act_moves(client: TestClient) -> None:
    # Bots move as soon as it is their turn, so a seated person is always to act until
    # the deal ends; a table of bots takes no move from anyone.
    key, state = new_game(client, game="gan_deng_yan", seat=2, bots="greedy", seed=6)
    assert state["your_turn"] or state["over"]
    watch, _ = new_game(client, game="guandan", seat=None, bots="greedy", seed=6)
    for path in ("play", "pass", "undo", "hint"):
        response = client.post(f"/api/games/{watch}/{path}", json={"cards": ["3s"]})
        assert response.status_code == 403, response.text
        assert "bots only" in response.json()["error"]
    # A finished deal takes no move.
    while not state["over"]:
        state = (
            client.post(f"/api/games/{key}/pass").json()
            if state["can_pass"]
            else (
                client.post(
                    f"/api/games/{key}/play",
                    json={"move": state["legal"][0]["example"]["text"]},
                ).json()
            )
        )
    response = client.post(f"/api/games/{key}/pass")
    assert response.status_code == 409 and "deal is over" in response.json()["error"]


def test_bad_new_games_are_refused(client: TestClient) -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"game": "chess"}, "chess"),
        ({"game": 3}, "'game' must be one of"),
        ({"game": "guandan", "seat": 4}, "'seat' must be a seat from 0 to 3"),
        ({"game": "guandan", "seat": True}, "'seat'"),
        ({"game": "guandan", "bots": "human"}, "'human' is no bot"),
        ({"game": "guandan", "bots": "wizard"}, "unknown agent 'wizard'"),
        ({"game": "guandan", "bots": ["greedy"]}, "'bots' must be one agent spec"),
        ({"game": "guandan", "bots": "ismcts:iterations=10000000"}, "searches too long"),
        ({"game": "guandan", "bots": "ismcts:threads=4"}, "searches too long"),
        ({"game": "gan_deng_yan", "options": {"no_such": 1}}, "no_such"),
        ({"game": "gan_deng_yan", "options": {"x": [1]}}, "'options' must map"),
        ({"game": "gan_deng_yan", "players": 9}, "9"),
        ({"game": "gan_deng_yan", "seed": -1}, "'seed'"),
        ({"game": "gan_deng_yan", "deals": 0}, "'deals'"),
    ]
    for body, quoted in cases:
        response = client.post("/api/games", json=body)
        assert 400 <= response.status_code < 500, (body, response.text)
        assert quoted in response.json()["error"], (body, response.json())
    assert len(client.app.state.store) == 0  # type: ignore[attr-defined]


def test_unknown_ids_and_bad_records(client: TestClient) -> None:
    assert client.get("/api/games/nope").status_code == 404
    assert client.post("/api/games/nope/pass").status_code == 404
    assert client.get("/api/replays/nope").status_code == 404
    deal = ganzdy.play_deal(Rules("gouji"), ["greedy"] * 6, seed=3)
    record = deal.to_record()
    tampered = {**record, "moves": [*record["moves"][:5], "RJ RJ RJ RJ as bomb RJ"]}
    for body, quoted in [
        ({"record": "/etc/passwd"}, "a replay needs 'record'"),
        ({"path": "/tmp/x.json"}, "a replay needs 'record'"),
        ({"record": {"format": "other"}}, "not a ganzdy record"),
        ({"record": tampered}, "record move 6"),
    ]:
        response = client.post("/api/replays", json=body)
        assert response.status_code == 400, response.text
        assert quoted in response.json()["error"]
    rid = client.post("/api/replays", json={"record": record}).json()["id"]
    # A game id is not a replay id, and the reverse.
    assert client.get(f"/api/games/{rid}").status_code == 404
    for ply in ("-1", "x", str(len(record["moves"]) + 1), "99999999999"):
        assert client.get(f"/api/replays/{rid}", params={"ply": ply}).status_code == 400


def test_game_ids_are_unguessable(client: TestClient) -> None:
    keys = {new_game(client, game="gan_deng_yan", seat=0, seed=s)[0] for s in range(5)}
    assert len(keys) == 5 and all(len(k) >= 22 for k in keys)


def test_live_games_are_bounded_least_recently_used_first() -> None:
    with TestClient(create_app(Limits(max_games=2, idle_seconds=600))) as client:
        a, _ = new_game(client, game="gan_deng_yan", seat=0, seed=1)
        b, _ = new_game(client, game="gan_deng_yan", seat=0, seed=2)
        assert client.get(f"/api/games/{a}").status_code == 200  # a is now the fresher
        c, _ = new_game(client, game="gan_deng_yan", seat=0, seed=3)
        assert client.get(f"/api/games/{b}").status_code == 404
        assert client.get(f"/api/games/{a}").status_code == 200
        assert client.get(f"/api/games/{c}").status_code == 200


def test_idle_games_expire() -> None:
    now = [0.0]
    store: Store[str] = Store(max_games=10, idle_seconds=60, clock=lambda: now[0])
    old = store.add("old")
    now[0] = 30
    fresh = store.add("fresh")
    now[0] = 61
    assert store.get(old) is None and store.get(fresh) == "fresh"
    now[0] = 61 + 59
    assert store.get(fresh) == "fresh"  # each look keeps it alive
    now[0] = 61 + 59 + 60
    assert store.get(fresh) is None and len(store) == 0


def test_body_size_is_capped_without_a_length() -> None:
    with TestClient(create_app(Limits(max_body=1000))) as client:

        def chunks() -> Any:
            for _ in range(10):
                yield b" " * 500

        response = client.post("/api/games", content=chunks())
        assert response.status_code == 413 and "over 1000 bytes" in response.json()["error"]


def test_the_page_and_its_assets_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    for hook in ("game-select", "new-game", "play", "pass", "hint", "undo", "log", "result"):
        assert f'data-testid="{hook}"' in page.text
    for asset in ("app.js", "style.css"):
        response = client.get(f"/static/{asset}")
        assert response.status_code == 200 and len(response.text) > 500
    assert "hand-card" in client.get("/static/app.js").text
    assert "http" not in page.text.replace("http://www.w3.org", "")  # no CDN
    assert client.get("/static/../app.py").status_code == 404


def test_serve_binds_the_loopback_by_default() -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.open) == ("127.0.0.1", 8000, False)
