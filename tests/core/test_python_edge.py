"""Issue 16 item 10: the Python layer's entry points check their arguments at the edge and
fail with a clear error (a TypeError naming the parameter, a GanzdyError for a bad value),
records refuse hostile text with a RecordError quoting little of it, a dead worker pool is
retried once, and an arena keeps the work it finished."""

from __future__ import annotations

import json
import multiprocessing
import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ganzdy
from ganzdy import records
from ganzdy.agents import Agent, SeatView, make_agent
from ganzdy.games import game_of
from ganzdy.parallel import ParallelError, run_processes

# A message quotes at most about 100 characters of the input, plus its own words.
SHORT = 400


def a_record(game: str) -> dict[str, Any]:
    rules = ganzdy.Rules(game)
    return ganzdy.play_deal(rules, ["random"] * rules.players, seed=5).to_record()


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("[" * 100_000 + "]" * 100_000, id="nested lists"),
        pytest.param('{"a":' * 50_000 + "1" + "}" * 50_000, id="nested objects"),
        pytest.param('{"format": "ganzdy-record", "version": ' + "7" * 5000 + "}", id="long int"),
    ],
)
def test_hostile_record_text_is_a_short_record_error(text: str) -> None:
    with pytest.raises(ganzdy.RecordError) as caught:
        records.loads(text)
    assert len(str(caught.value)) < SHORT
    with pytest.raises(ganzdy.RecordError):
        ganzdy.from_record(text)


def test_a_record_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin.json"
    path.write_bytes(b'{"format": "ganzdy-record", "game": "\xe9"}')
    with pytest.raises(ganzdy.RecordError, match=r"UTF-8.*byte 37"):
        records.load(path)


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_recorded_agents_name_one_agent_a_seat(game: str) -> None:
    record = a_record(game)
    seats = ["random"] * record["players"]
    for agents in (["greedy"], "greedy", [1] * record["players"], [*seats, "greedy"]):
        with pytest.raises(ganzdy.RecordError, match="agents"):
            ganzdy.from_record({**record, "agents": agents})
    assert ganzdy.from_record({**record, "agents": seats}).is_terminal


def test_a_hostile_value_in_a_record_is_quoted_short() -> None:
    record = {**a_record("gan_deng_yan"), "deck": ["x" * 10_000] * 50}
    with pytest.raises(ganzdy.RecordError) as caught:
        ganzdy.from_record(record)
    assert len(str(caught.value)) < SHORT
    deep: Any = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(ganzdy.RecordError) as caught:
        ganzdy.from_record({**a_record("gouji"), "moves": deep})
    assert len(str(caught.value)) < SHORT


def entrants(rules: ganzdy.Rules, *agents: Any) -> list[Any]:
    """Two named entrants (a team each in Guandan and Gouji), the other seats random."""
    named = list(agents or ("random", "greedy"))
    if game_of(rules).teams:
        return named
    return named + ["random"] * (rules.players - len(named))


@pytest.mark.parametrize("game", ganzdy.GAMES)
@pytest.mark.parametrize("seed", [np.int64(-3), np.uint64(2**64 - 3), np.int32(7)])
def test_numpy_seeds_are_seeds(game: str, seed: Any) -> None:
    rules = ganzdy.Rules(game)
    specs = ["random"] * rules.players
    plain = int(seed) & (2**64 - 1)
    dealt = ganzdy.play_deal(rules, specs, seed=seed)
    assert dealt.to_record() == ganzdy.play_deal(rules, specs, seed=plain).to_record()
    match = ganzdy.Match(rules, specs, seed=seed)
    assert match.seed == plain
    result = ganzdy.arena(rules, entrants(rules), np.int64(2), seed=seed, workers=1)
    assert result.seed == plain and result.played == 2
    assert make_agent("random", seed=seed).act is not None


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_wrong_types_name_the_parameter(game: str) -> None:
    rules = ganzdy.Rules(game)
    specs = ["random"] * rules.players
    calls: list[tuple[Any, str]] = [
        (lambda: ganzdy.play_deal(game, specs), "rules must be a ganzdy.Rules"),
        (lambda: ganzdy.play_deal(rules, "random"), "agents must be a list"),
        (lambda: ganzdy.play_deal(rules, [None] * rules.players), r"agents\[0\] must be an agent"),
        (lambda: ganzdy.play_deal(rules, specs, seed=1.5), "seed must be an integer, not float"),
        (lambda: ganzdy.play_deal(rules, specs, seed="7"), "seed must be an integer, not str"),
        (lambda: ganzdy.play_deal(rules, specs, seed=True), "seed must be an integer, not bool"),
        (lambda: ganzdy.play_deal(rules, specs, dealer=None), "dealer must be an integer"),
        (lambda: ganzdy.Match(game, specs), "rules must be a ganzdy.Rules"),
        (lambda: ganzdy.Match(rules, 4), "agents must be a list"),
        (lambda: ganzdy.Match(rules, specs, seed=[1]), "seed must be an integer, not list"),
        (lambda: game_of_match(rules)(game, specs), "rules must be a ganzdy.Rules"),
        (lambda: ganzdy.arena(None, specs, 1), "rules must be a ganzdy.Rules"),
        (lambda: ganzdy.arena(rules, specs, "10"), "deals must be an integer, not str"),
        (lambda: ganzdy.arena(rules, specs, 1, seed=2.0), "seed must be an integer"),
        (lambda: make_agent(3), "spec must be an agent spec string"),
        (lambda: make_agent("random", seed="x"), "seed must be an integer"),
        (lambda: records.loads(b"{}"), "record text must be str"),
    ]
    for call, match in calls:
        with pytest.raises(TypeError, match=match):
            call()


def game_of_match(rules: ganzdy.Rules) -> Any:
    return type(ganzdy.Match(rules, ["random"] * rules.players))


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_counts_are_whole_and_in_range(game: str) -> None:
    rules = ganzdy.Rules(game)
    specs = ["random"] * rules.players
    count = {"gan_deng_yan": "deals", "guandan": "max_hands", "gouji": "hands"}[game]
    for bad in (float("nan"), float("inf"), -1):
        with pytest.raises(ganzdy.GanzdyError, match=f"{count} must be a whole number"):
            ganzdy.Match(rules, specs, **{count: bad})
    with pytest.raises(TypeError, match=f"{count} must be an integer, not float"):
        ganzdy.Match(rules, specs, **{count: 2.0})
    assert len(ganzdy.Match(rules, specs, seed=1, **{count: np.int64(1)}).run()) == 1
    for bad in (float("nan"), -1):
        with pytest.raises(ganzdy.GanzdyError, match="deals must be a whole number"):
            ganzdy.arena(rules, entrants(rules), bad, workers=1)  # type: ignore[arg-type]


# -- a dead worker pool ----------------------------------------------------------------


def _die_once(marker: str, start: int, stop: int) -> list[int]:
    """Kill this worker the first time chunk 0 runs (the marker file says it did)."""
    if start == 0 and not os.path.exists(marker):
        Path(marker).touch()
        os._exit(9)
    return list(range(start, stop))


def _die_always(marker: str, start: int, stop: int) -> list[int]:
    if start == 0:
        os._exit(9)
    return list(range(start, stop))


needs_fork = pytest.mark.skipif(
    "fork" not in multiprocessing.get_all_start_methods(), reason="tasks defined in a test"
)


@needs_fork
def test_a_dead_worker_is_retried_once_in_a_fresh_pool(tmp_path: Path) -> None:
    marker = str(tmp_path / "died")
    ran = run_processes(_die_once, marker, 10, 2, start_method="fork")
    assert ran.results == list(range(10)) and os.path.exists(marker)


@needs_fork
def test_a_worker_that_dies_twice_names_what_it_was_playing(tmp_path: Path) -> None:
    with pytest.raises(ParallelError, match=r"died twice.*chunk 0 to"):
        run_processes(
            _die_always,
            str(tmp_path),
            10,
            2,
            start_method="fork",
            describe=lambda a, b: f"chunk {a} to {b - 1}",
        )


# -- the arena keeps finished work ------------------------------------------------------


class _Stops(Agent):
    """Plays the first legal move; on its ``at``-th decision raises ``error``."""

    def __init__(self, at: int, error: BaseException) -> None:
        self.name = "stops"
        self.left = at
        self.error = error

    def act(self, view: SeatView) -> ganzdy.Move:
        self.left -= 1
        if self.left == 0:
            raise self.error
        return view.legal_moves[0]


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_an_interrupted_arena_keeps_the_deals_that_finished(game: str) -> None:
    rules = ganzdy.Rules(game)

    def on_deal(number: int, deal: ganzdy.Deal, seated: object) -> None:
        if number == 2:
            raise KeyboardInterrupt

    with pytest.raises(ganzdy.ArenaInterrupted) as caught:
        ganzdy.arena(rules, entrants(rules), 3, seed=8, workers=1, on_deal=on_deal)
    partial = caught.value.result
    assert partial.partial and partial.played == 2 and partial.deals == 3
    assert json.loads(json.dumps(partial.to_json()))["partial"] is True
    assert "partial: 2 of 3 deals finished" in partial.table()
    assert isinstance(caught.value, KeyboardInterrupt)


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_a_failing_arena_deal_is_reported_with_its_seed_and_record(game: str) -> None:
    rules = ganzdy.Rules(game)
    stops = entrants(rules, "random", _Stops(3, RuntimeError("boom")))
    with pytest.raises(RuntimeError, match="boom") as caught:
        ganzdy.arena(rules, stops, 2, seed=8, workers=1)
    (note,) = caught.value.__notes__
    seed = int(note.split("deck seed ")[1].split(",")[0])
    assert note.startswith("in arena deal 1 (deck seed ")
    record = caught.value.arena_record  # type: ignore[attr-defined]
    assert record is not None and record["seed"] == seed
    assert len(ganzdy.from_record(record).history) == len(record["moves"]) > 0
