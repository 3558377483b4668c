"""The web table's re-deal path: a drawn Gan Deng Yan deal is dealt again by the same
dealer inside one match step, and the match counts the step once (with its re-deal), as
GanDengYanMatch does when it plays the same seed by itself."""

from __future__ import annotations

from starlette.testclient import TestClient

import ganzdy
from ganzdy.web.table import Table
from web_helpers import new_game

RULES = ganzdy.Rules("gan_deng_yan", players=2)
# A match seed whose first deal, played by two greedy bots, is drawn (nobody can lead),
# found by search: deal 1 is dealt again once and the second dealing is won.
DRAWN_SEED = 355


def test_a_drawn_deal_is_dealt_again_and_counted_once() -> None:
    table = Table(RULES, None, ["greedy", "greedy"], DRAWN_SEED, deals=1)
    first = table.deal
    table.run_bots()
    assert first.is_terminal and first.outcome.drawn
    assert table.deal is not first and table.deal.is_terminal and not table.deal.outcome.drawn
    assert table.deal.dealer == first.dealer  # the same dealer deals again
    assert table.match.finished and len(table.match.results) == 1
    result = table.match.results[0]
    assert result.redeals == 1 and not result.drawn
    assert table.match.redeals == 1
    assert table.summary is not None and len(table.summaries) == 1
    assert table.summary["result"]["redeals"] == 1
    # The summary's record is the deal that counted, and it replays to the same deal.
    replayed = ganzdy.from_record(table.summary["record"])
    assert replayed.hash() == table.deal.hash()
    # The match played alone from the same seed by the same bots agrees.
    bots = [ganzdy.GreedyAgent(), ganzdy.GreedyAgent()]
    alone = ganzdy.GanDengYanMatch(RULES, bots, deals=1, seed=DRAWN_SEED)
    (again,) = alone.run()
    assert again.redeals == 1 and again.winner == result.winner
    assert again.points == result.points


def test_a_drawn_deal_through_the_api(client: TestClient) -> None:
    key, state = new_game(
        client, game="gan_deng_yan", players=2, seat=None, bots="greedy", seed=DRAWN_SEED, deals=1
    )
    response = client.post(f"/api/games/{key}/bots", json={})
    assert response.status_code == 200
    state = response.json()
    assert state["over"] and state["match_finished"]
    assert state["summary"]["result"]["redeals"] == 1
    assert state["deal_number"] == 1
    # The match is over: no next deal.
    assert client.post(f"/api/games/{key}/next").status_code == 409
