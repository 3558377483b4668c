"""Whole deals of every game played through the web API, a person's seat among bots:
the state stays consistent move by move, deals are counted by the game's match, undo
goes back exactly, and a finished deal replays from its record with every hand shown."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

import ganzdy
from ganzdy import Rules
from web_helpers import new_game, take_hint
from wild_reference import is_wild

GAMES = ganzdy.GAMES


def check_seat_state(state: dict[str, Any], seat: int, rules: Rules | None = None) -> None:
    assert state["you"] == seat
    assert "hands" not in state  # a seated person never sees every hand
    assert len(state["hand"]) == state["hand_sizes"][seat]
    assert set(state["wild"]) <= set(state["hand"])
    if rules is not None:
        # The wild cards marked are the hand's, once each, as the rules' readings tell.
        distinct = list(dict.fromkeys(state["hand"]))
        assert state["wild"] == [card for card in distinct if is_wild(rules, card)]
    if state["your_turn"]:
        assert state["current_player"] == seat
        assert state["legal"] or state["can_pass"]
        for group in state["legal"]:
            assert group["count"] >= 1
            assert group["example"]["kind"] == group["kind"]
    else:
        assert state["legal"] == [] and not state["can_pass"]
        assert state["over"] or state["current_player"] != seat


def play_to_end(
    client: TestClient, key: str, state: dict[str, Any], seat: int, rules: Rules | None = None
) -> dict[str, Any]:
    for _ in range(2000):
        check_seat_state(state, seat, rules)
        if state["over"]:
            return state
        assert state["your_turn"], "bots stop only at the person's turn or the deal's end"
        state = take_hint(client, key, state)
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize("game", GAMES)
def test_whole_deals_through_the_api(client: TestClient, game: str) -> None:
    seat = 1
    key, state = new_game(client, game=game, seat=seat, bots="greedy", seed=11, deals=2)
    assert state["deal_number"] == 1
    state = play_to_end(client, key, state, seat, Rules(game))
    summary = state["summary"]
    assert summary is not None
    # The match counted the deal: its scores after one deal are that deal's.
    if game == "guandan":
        assert state["match"]["team_levels"] == summary["result"]["team_levels"]
    else:
        name = "points" if game == "gan_deng_yan" else "totals"
        assert state["match"][name] == summary["outcome"]["points"]
    record = summary["record"]
    assert record["game"] == game and record["agents"][seat] == "you"
    # No seed: the match's later deals are dealt from seeds derived from one seed.
    assert record["seed"] is None and "seed" not in summary["result"]
    # The record replays to the same outcome: the deal played is one the engine accepts.
    assert ganzdy.from_record(record).outcome.points == summary["outcome"]["points"]
    # The next deal of the match.
    response = client.post(f"/api/games/{key}/next")
    assert response.status_code == 200, response.text
    state = response.json()
    assert state["deal_number"] == 2 and not state["over"]
    state = play_to_end(client, key, state, seat)
    assert state["match_finished"] or game == "guandan"


def test_gan_deng_yan_match_points_add_up(client: TestClient) -> None:
    key, state = new_game(client, game="gan_deng_yan", seat=0, bots="random", seed=3, deals=3)
    totals = [0, 0, 0, 0]
    for deal in range(3):
        state = play_to_end(client, key, state, 0)
        totals = [t + p for t, p in zip(totals, state["summary"]["result"]["points"], strict=True)]
        assert state["match"]["points"] == totals
        if deal < 2:
            state = client.post(f"/api/games/{key}/next").json()
    assert state["match_finished"]
    response = client.post(f"/api/games/{key}/next")
    assert response.status_code == 409 and "match is over" in response.json()["error"]


@pytest.mark.parametrize("game", GAMES)
def test_undo_returns_to_the_previous_decision(client: TestClient, game: str) -> None:
    key, before = new_game(client, game=game, seat=0, bots="random", seed=5)
    assert not before["can_undo"]
    refused = client.post(f"/api/games/{key}/undo")
    assert refused.status_code == 409 and "nothing to undo" in refused.json()["error"]
    after = take_hint(client, key, before)
    if after["over"]:
        pytest.skip("the first move ended the deal")  # not for these seeds
    assert after["can_undo"]
    undone = client.post(f"/api/games/{key}/undo").json()
    assert undone == before
    # And again: the same move plays the same way (bots are re-asked, the deal is the same).
    assert (
        take_hint(client, key, undone)["history"][: len(before["history"]) + 1]
        == after["history"][: len(before["history"]) + 1]
    )


def test_ambiguous_cards_list_their_readings(client: TestClient) -> None:
    # Gan Deng Yan: 5 with both jokers is a triple or one of several straights.
    for seed in range(400):
        key, state = new_game(client, game="gan_deng_yan", seat=0, bots="greedy", seed=seed)
        if state["your_turn"] and not state["table"] and {"BJ", "RJ"} <= set(state["hand"]):
            break
    else:
        pytest.fail("no table of 400 seeds starts with seat 0 leading with both jokers")
    low = next(c for c in state["hand"] if c not in ("BJ", "RJ"))
    response = client.post(f"/api/games/{key}/play", json={"cards": [low, "BJ", "RJ"]})
    assert response.status_code == 409
    readings = response.json()["readings"]
    assert len(readings) > 1 and {m["kind"] for m in readings} >= {"triple"}
    assert client.get(f"/api/games/{key}").json() == state  # nothing changed
    chosen = readings[0]["text"]
    played = client.post(f"/api/games/{key}/play", json={"move": chosen}).json()
    assert played["history"][len(state["history"])]["move"]["text"] == chosen


@pytest.mark.parametrize("game", GAMES)
def test_watch_a_table_of_bots_and_replay_its_record(client: TestClient, game: str) -> None:
    key, state = new_game(client, game=game, seat=None, bots="greedy", seed=2)
    players = Rules(game).players
    assert len(state["hands"]) == players and state["you"] is None
    one = client.post(f"/api/games/{key}/bots", json={"steps": 1}).json()
    assert len(one["history"]) == 1
    done = client.post(f"/api/games/{key}/bots", json={}).json()
    assert done["over"] and done["summary"]["outcome"]["points"]
    record = done["summary"]["record"]
    response = client.post("/api/replays", json={"record": record})
    assert response.status_code == 200, response.text
    rid, replay = response.json()["id"], response.json()["state"]
    assert replay["ply"] == 0 and replay["plies"] == len(record["moves"])
    assert sum(len(h) for h in replay["hands"]) == sum(replay["hand_sizes"])
    end = client.get(f"/api/replays/{rid}", params={"ply": replay["plies"]}).json()
    assert end["over"] and end["outcome"]["points"] == done["summary"]["outcome"]["points"]
    assert [h["move"]["text"] for h in end["history"]] == record["moves"]
    back = client.get(f"/api/replays/{rid}", params={"ply": 0}).json()
    assert back == replay


def test_hint_from_search_reports_visits(client: TestClient) -> None:
    key, state = new_game(client, game="gan_deng_yan", seat=0, bots="greedy", seed=8)
    hint = client.post(f"/api/games/{key}/hint", json={"agent": "ismcts:iterations=60"}).json()
    legal_kinds = {g["kind"] for g in state["legal"]} | ({"pass"} if state["can_pass"] else set())
    assert hint["move"]["kind"] in legal_kinds
    if len(state["legal"]) + state["can_pass"] > 1:
        assert hint["search"]["iterations"] == 60
        assert sum(c["visits"] for c in hint["search"]["children"]) <= 60
