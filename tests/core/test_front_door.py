"""Every game through the same front door: the Deal protocol, records and pickles, play_deal,
Match, lazy seat views, the arena and the command line's replay, parametrized over ganzdy.GAMES."""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path
from typing import Any

import pytest

import ganzdy
import ganzdy.env
from ganzdy import agents as agents_module
from ganzdy import new_deal
from ganzdy.cli import main
from ganzdy.games import game_of

DEAL_CLASSES = {
    "gan_deng_yan": ganzdy.GanDengYanDeal,
    "guandan": ganzdy.GuandanDeal,
    "gouji": ganzdy.GoujiDeal,
}
MATCH_CLASSES = {
    "gan_deng_yan": ganzdy.GanDengYanMatch,
    "guandan": ganzdy.GuandanMatch,
    "gouji": ganzdy.GoujiMatch,
}


def played(game: str, seed: int, plies: int | None = None) -> ganzdy.Deal:
    """Deal `seed` of `game`, played at random for `plies` moves (None: to its end)."""
    deal = new_deal(ganzdy.Rules(game), seed)
    rng = random.Random(seed)
    while not deal.is_terminal and (plies is None or deal.ply < plies):
        deal.push(rng.choice(list(deal.legal_moves)))
    return deal


def test_the_games_are_listed_once_in_order() -> None:
    assert ganzdy.GAMES == ("gan_deng_yan", "guandan", "gouji")
    with pytest.raises(ganzdy.GanzdyError, match="unknown game 'hearts': the games are gan_deng"):
        game_of("hearts")


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_every_deal_is_a_deal(game: str) -> None:
    rules = ganzdy.Rules(game)
    deal = new_deal(rules, 1)
    assert type(deal) is DEAL_CLASSES[game]
    assert isinstance(deal, ganzdy.Deal)
    assert isinstance(deal.outcome, ganzdy.deal.Outcome)
    assert isinstance(deal.legal_moves, ganzdy.deal.LegalMoves)
    assert game_of(deal) is game_of(rules) is game_of(game)
    assert not isinstance(rules, ganzdy.Deal) and not isinstance(deal.outcome, ganzdy.Deal)


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_every_game_is_dealt_by_a_dealer_its_record_keeps(game: str) -> None:
    rules = ganzdy.Rules(game)
    deal = new_deal(rules, 1, dealer=1)
    assert deal.dealer == 1 and deal.deck == new_deal(rules, 1).deck
    assert deal.hand(1) != new_deal(rules, 1).hand(1)
    deal.push(deal.legal_moves[0])
    again = ganzdy.from_record(deal.to_record())
    assert again.dealer == 1 and again.hash() == deal.hash()
    assert pickle.loads(pickle.dumps(deal)).dealer == 1


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_records_and_pickles_round_trip_in_every_game(game: str) -> None:
    for seed in range(6):
        # Finished deals, and deals still in play (a Guandan or Gouji one in its tribute).
        deal = played(game, seed, None if seed % 2 else 3 + seed)
        record = deal.to_record()
        assert record["game"] == game and json.loads(json.dumps(record)) == record
        for again in (
            ganzdy.from_record(record),
            ganzdy.from_record(json.dumps(record)),
            pickle.loads(pickle.dumps(deal)),
        ):
            assert type(again) is type(deal)
            assert again.hash() == deal.hash() and hash(again.hash()) == hash(deal.hash())
            assert again.history == deal.history and again.deck == deal.deck
            assert again.outcome == deal.outcome and again.seed == deal.seed
        assert list(record) == [name for name in ganzdy.records._FIELDS if name in record]
        assert set(record["outcome"]) == set(game_of(game).outcome_fields)


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_a_deal_from_a_deck_round_trips(game: str) -> None:
    deck = played(game, 7).deck
    # A first hand dealt from a deck names its first leader where the game draws one.
    setup = {"first_leader": 1} if "first_leader" in game_of(game).record_fields else {}
    deal = game_of(game).new_deal(ganzdy.Rules(game), deck=deck, **setup)
    deal.push(deal.legal_moves[-1])
    record = deal.to_record()
    assert record["seed"] is None and record["deck"] == deck
    assert ganzdy.from_record(record).hash() == deal.hash()
    assert pickle.loads(pickle.dumps(deal)).history == deal.history


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_a_copy_without_history_neither_records_nor_pickles(game: str) -> None:
    light = played(game, 2, 6).copy(history=False)
    with pytest.raises(ganzdy.IllegalMoveError, match=r"at ply 6\) cannot be pickled"):
        pickle.dumps(light)
    with pytest.raises(ganzdy.RecordError, match="history=False"):
        light.to_record()


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_a_record_of_another_game_is_checked_like_any(game: str) -> None:
    record = played(game, 3).to_record()
    moves = record["moves"]
    tampered = dict(record, moves=[*moves[:2], "RJ RJ RJ RJ RJ", *moves[3:]])
    with pytest.raises(ganzdy.GanzdyError, match="record move 3 'RJ RJ RJ RJ RJ'"):
        ganzdy.from_record(tampered)
    with pytest.raises(ganzdy.RecordError, match="outcome disagrees"):
        ganzdy.from_record(dict(record, outcome=dict(record["outcome"], over=False)))


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_play_deal_takes_agents_or_specs_in_every_game(game: str) -> None:
    rules = ganzdy.Rules(game)
    specs = ["greedy", "random"] * (rules.players // 2)
    deal = ganzdy.play_deal(rules, specs, seed=5)
    assert isinstance(deal, DEAL_CLASSES[game]) and deal.is_terminal and deal.seed == 5
    # Specs are seeded from the deal's seed: the same seed plays the same deal.
    assert ganzdy.play_deal(rules, specs, seed=5).history == deal.history
    objects = [ganzdy.GreedyAgent() for _ in range(rules.players)]
    assert ganzdy.play_deal(rules, objects, seed=5).is_terminal
    with pytest.raises(ganzdy.AgentError, match="unknown agent 'nobody'"):
        ganzdy.play_deal(rules, ["nobody"] * rules.players, seed=5)
    with pytest.raises(ganzdy.GanzdyError, match=f"1 agents for {rules.players} seats"):
        ganzdy.play_deal(rules, ["random"], seed=5)


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_match_is_the_match_of_the_rules_game(game: str) -> None:
    rules = ganzdy.Rules(game)
    specs = ["greedy", "random:seed=2"] * (rules.players // 2)
    match = ganzdy.Match(rules, specs, 2, seed=11, keep_records=True)
    assert type(match) is MATCH_CLASSES[game] and isinstance(match, ganzdy.Match)
    results = match.run()
    assert match.finished and len(results) == 2 and match.seed == 11
    assert isinstance(match.last_deal, DEAL_CLASSES[game]) and match.last_deal.is_terminal
    for result in results:
        assert result.record is not None
        assert ganzdy.from_record(result.record).is_terminal
    again = ganzdy.Match(rules, specs, 2, seed=11)
    assert [r.plies for r in again.run()] == [r.plies for r in results]
    with pytest.raises(TypeError, match=r"rules must be a ganzdy\.Rules"):
        ganzdy.Match(game, specs)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_a_random_agent_builds_no_information_set(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[int] = []
    information = agents_module._SHARED["information"]

    def counted(deal: Any, seat: int, moves: Any) -> Any:
        built.append(seat)
        return information(deal, seat, moves)

    monkeypatch.setitem(agents_module._SHARED, "information", counted)
    rules = ganzdy.Rules(game)
    ganzdy.play_deal(rules, [ganzdy.RandomAgent(s) for s in range(rules.players)], seed=3)
    assert built == []
    deal = new_deal(rules, 3)
    view = ganzdy.view_for(deal)
    assert built == [] and isinstance(view.information, game_of(game).information_set)
    assert built == [deal.current_player]
    view.information  # noqa: B018 (read twice, built once)
    assert len(built) == 1


class Keeper:
    """Plays at random and keeps every view it is shown, past its turn."""

    def __init__(self, seed: int, kept: list[ganzdy.SeatView]) -> None:
        self.agent = ganzdy.RandomAgent(seed)
        self.kept = kept

    def act(self, view: ganzdy.SeatView) -> ganzdy.Move:
        self.kept.append(view)
        return self.agent.act(view)


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_views_an_agent_keeps_still_describe_their_turn(game: str) -> None:
    rules = ganzdy.Rules(game)
    kept: list[ganzdy.SeatView] = []
    deal = ganzdy.play_deal(rules, [Keeper(s, kept) for s in range(rules.players)], seed=4)
    history = deal.history
    for ply, view in enumerate(kept):
        seat, move = history[ply]
        assert view.seat == seat and move in view.legal_moves
        assert view.hand_sizes[seat] == len(view.hand)
    # The same moves as agents that keep nothing.
    fresh = ganzdy.play_deal(rules, [ganzdy.RandomAgent(s) for s in range(rules.players)], seed=4)
    assert fresh.history == history


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_a_view_read_after_its_turn_is_an_error(game: str) -> None:
    deal = new_deal(ganzdy.Rules(game), 6)
    view = ganzdy.view_for(deal)
    seat = view.seat
    deal.push(deal.legal_moves[0])
    with pytest.raises(ganzdy.GanzdyError, match=f"view of seat {seat} at ply 0 was read after"):
        view.hand  # noqa: B018
    # Settled before the move, a view outlives its turn.
    settled = ganzdy.view_for(deal)
    settled.settle()
    deal.push(deal.legal_moves[0])
    assert settled.ply == len(settled.history) and settled.hand is not None


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_the_greedy_agent_decides_on_views_kept_past_their_turn(game: str) -> None:
    """A kept view is settled before the deal moves on, its greedy move included: the
    greedy agent still answers on it what ``deal.greedy_index()`` chose at that ply."""
    rules = ganzdy.Rules(game)
    kept: list[ganzdy.SeatView] = []
    deal = ganzdy.play_deal(rules, [Keeper(s, kept) for s in range(rules.players)], seed=5)
    replay = new_deal(rules, 5)
    greedy = ganzdy.GreedyAgent()
    for (seat, move), view in zip(deal.history, kept, strict=True):
        assert view.seat == seat == replay.current_player
        assert greedy.act(view) == replay.legal_moves[replay.greedy_index()]
        replay.push(move)
    assert replay.hash() == deal.hash()
    with pytest.raises(ganzdy.GanzdyError, match="greedy_index\\(\\): the deal is over"):
        deal.greedy_index()
    # A view built by hand has no deal to ask.
    by_hand = ganzdy.SeatView(**{name: getattr(kept[0], name) for name in ganzdy.SeatView.FIELDS})
    assert by_hand.greedy_move is None
    with pytest.raises(ganzdy.AgentError, match="no deal to ask"):
        greedy.act(by_hand)


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_the_greedy_agent_plays_every_game(game: str) -> None:
    rules = ganzdy.Rules(game)
    deal = ganzdy.play_deal(rules, ["greedy"] * rules.players, seed=8)
    assert deal.is_terminal
    again = ganzdy.play_deal(rules, [ganzdy.GreedyAgent()] * rules.players, seed=8)
    assert again.history == deal.history


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_the_arena_and_replay_take_every_game(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = ganzdy.Rules(game)
    seen: list[ganzdy.Deal] = []
    # Team games seat each entrant at every other seat; the others one entrant a seat.
    entrants = ["greedy", "random"] * (1 if game_of(game).teams else rules.players // 2)
    result = ganzdy.arena(
        rules, entrants, 2, seed=3, workers=1, on_deal=lambda n, d, s: seen.append(d)
    )
    assert result.deals == 2 and len(seen) == 2
    assert all(isinstance(d, DEAL_CLASSES[game]) and d.is_terminal for d in seen)
    path = tmp_path / "deal.json"
    ganzdy.records.save(seen[0], path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{game}" in out and "points:" in out


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_search_playouts_and_envs_take_every_game(game: str) -> None:
    rules = ganzdy.Rules(game)
    batch = ganzdy.playouts(rules, 4, seed=1, threads=1)
    assert batch.points.shape == (4, rules.players) and (batch.points.sum(axis=1) == 0).all()
    deal = new_deal(rules, 1)
    view = ganzdy.view_for(deal)
    result = ganzdy.ismcts(view.information, iterations=30, seed=1)
    assert result.move in list(deal.legal_moves)
    assert ganzdy.ISMCTS(iterations=30, seed=1).act(view) in list(deal.legal_moves)
    vector = ganzdy.env.VectorEnv(rules, 2, seed=1)
    vector.reset()
    assert vector.players == rules.players
    pytest.importorskip("pettingzoo")
    from ganzdy.env import gymnasium as gym_env
    from ganzdy.env import pettingzoo as pz_env

    aec = pz_env.env(rules)
    aec.reset(seed=1)
    assert len(aec.possible_agents) == rules.players
    single = gym_env.make(game)
    observation, info = single.reset(seed=1)
    assert single.unwrapped.rules == rules and observation["observation"].shape == (
        single.unwrapped.observation_space["observation"].shape
    )
    # Gan Deng Yan's moves have ids (a mask in the observation); the others' moves are
    # listed by their features, with the mask of the listed moves in the info.
    mask = observation.get("action_mask", info.get("action_mask"))
    assert mask is not None and mask.any()
