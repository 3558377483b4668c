"""The arena: round-robin schedule over duplicate deals, ratings in the results, JSON,
and results identical for a seed whatever the backend and the number of workers."""

from __future__ import annotations

import json
import multiprocessing
import re
import time
from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

import ganzdy
from ganzdy.agents import SeatView
from ganzdy.cli import main
from ganzdy.match import arena, round_robin
from ganzdy.parallel import ParallelError, chunks

RULES4 = ganzdy.Rules("gan_deng_yan", players=4)
RULES2 = ganzdy.Rules("gan_deng_yan", players=2)
FIELD = ["greedy", "random", "random", "random"]

# What may differ between runs of one seed: how they ran and how long they took.
RUN_KEYS = ("backend", "workers", "address", "timing")


def results(result: ganzdy.ArenaResult) -> dict[str, Any]:
    data = result.to_json()
    return {key: value for key, value in data.items() if key not in RUN_KEYS}


class Seen:
    """Collects what on_deal shows."""

    def __init__(self) -> None:
        self.numbers: list[int] = []
        self.seated: list[list[str]] = []
        self.decks: list[list[str]] = []
        self.dealers: list[int] = []
        self.histories: list[list[str]] = []

    def __call__(self, number: int, deal: ganzdy.GanDengYanDeal, seated: Sequence[str]) -> None:
        self.numbers.append(number)
        self.seated.append(list(seated))
        self.decks.append(deal.deck)
        self.dealers.append(deal.dealer)
        self.histories.append([f"{seat}:{move!r}" for seat, move in deal.history])


# -- the schedule --------------------------------------------------------------------


def test_as_many_agents_as_seats_is_the_rotation_of_one_table() -> None:
    schedule = round_robin(4, 4)
    assert schedule.tables == ((0, 1, 2, 3),) and schedule.round == 4
    assert [schedule.seating(k) for k in range(5)] == [
        (0, 1, 2, 3),
        (1, 2, 3, 0),
        (2, 3, 0, 1),
        (3, 0, 1, 2),
        (0, 1, 2, 3),
    ]
    assert [schedule.deck(k) for k in range(9)] == [0, 0, 0, 0, 1, 1, 1, 1, 2]
    assert [schedule.dealer(k) for k in (0, 3, 4, 8, 12, 16)] == [0, 0, 1, 2, 3, 0]
    fixed = round_robin(4, 4, rotate=False)
    assert [fixed.seating(k) for k in range(3)] == [(0, 1, 2, 3)] * 3
    assert [fixed.deck(k) for k in range(3)] == [0, 1, 2]
    assert [fixed.dealer(k) for k in range(5)] == [0, 1, 2, 3, 0]


@pytest.mark.parametrize(("entrants", "players"), [(5, 4), (6, 4), (3, 2), (5, 2), (4, 3)])
def test_a_round_of_the_round_robin_is_even_in_seats_and_meetings(
    entrants: int, players: int
) -> None:
    schedule = round_robin(entrants, players)
    tables = list(combinations(range(entrants), players))
    assert list(schedule.tables) == tables
    assert schedule.round == players * len(tables)
    seats: Counter[tuple[int, int]] = Counter()
    meetings: Counter[tuple[int, int]] = Counter()
    for k in range(2 * schedule.round):
        seated = schedule.seating(k)
        assert len(set(seated)) == players
        seats.update((a, s) for s, a in enumerate(seated))
        meetings.update(combinations(sorted(seated), 2))
    assert set(seats) == {(a, s) for a in range(entrants) for s in range(players)}
    assert len(set(seats.values())) == 1  # every agent, every seat, equally often
    assert set(meetings) == set(combinations(range(entrants), 2))
    assert len(set(meetings.values())) == 1  # every pair meets equally often
    assert schedule.balanced(2 * schedule.round) and not schedule.balanced(schedule.round + 1)


def test_every_table_plays_every_deck_in_every_rotation() -> None:
    seen = Seen()
    result = arena(RULES2, ["greedy", "random", "random"], 12, seed=8, on_deal=seen, workers=1)
    assert result.schedule is not None and result.schedule.round == 6
    # Deals 1-6 share one deck and one dealer, deals 7-12 the next.
    assert all(deck == seen.decks[0] for deck in seen.decks[:6])
    assert all(deck == seen.decks[6] for deck in seen.decks[6:])
    assert seen.decks[0] != seen.decks[6]
    assert seen.dealers == [0] * 6 + [1] * 6
    assert seen.seated[:6] == [
        ["greedy", "random#1"],
        ["random#1", "greedy"],
        ["greedy", "random#2"],
        ["random#2", "greedy"],
        ["random#1", "random#2"],
        ["random#2", "random#1"],
    ]
    assert [s.deals for s in result.standings] == [8, 8, 8]
    assert sum(s.points for s in result.standings) == 0
    json_ = result.to_json()
    assert json_["schedule"] == {
        "players": 2,
        "tables": [[0, 1], [0, 2], [1, 2]],
        "rotate": True,
        "rotations": 2,
        "deals_per_deck": 6,
        "decks": 2,
        "balanced": True,
    }


def test_the_readme_arena_keeps_its_seats_decks_and_dealers() -> None:
    """N agents at N seats: the schedule of the sequential arena before the round robin."""
    seen = Seen()
    arena(RULES4, FIELD, 8, seed=5, on_deal=seen, workers=1)
    assert seen.seated[1] == ["random#1", "random#2", "random#3", "greedy"]
    assert seen.decks[0] == seen.decks[3] and seen.decks[4] == seen.decks[7]
    assert seen.decks[0] == RULES4.new_deal(seed=ganzdy._core.deal_seed(5, 0)).deck
    assert seen.dealers == [0, 0, 0, 0, 1, 1, 1, 1]


def test_chunks_cover_every_index_once() -> None:
    for total in (0, 1, 7, 200, 5000):
        for workers in (1, 2, 3, 16):
            spans = chunks(total, workers)
            assert [i for a, b in spans for i in range(a, b)] == list(range(total))


# -- results -------------------------------------------------------------------------


def test_results_carry_ratings_and_serialize_to_json() -> None:
    result = arena(RULES4, FIELD, 200, seed=1, workers=1)
    greedy = result.standings[0]
    assert greedy.agent == "greedy" and greedy.spec == "greedy"
    # Greedy is far ahead of random: its whole interval above every random one's.
    assert all(greedy.rating_low > s.rating_high for s in result.standings[1:])
    assert sum(s.rating for s in result.standings) == pytest.approx(4 * 1500)
    assert result.ratings is not None and result.ratings.groups == 50
    # Six pairwise games a four-player deal, each counted once.
    wins = result.ratings.wins
    assert sum(map(sum, wins)) == pytest.approx(6 * 200)
    data = json.loads(json.dumps(result.to_json(), allow_nan=False))
    assert data["format"] == "ganzdy-arena" and data["version"] == 1
    assert data["agents"] == ["greedy", "random#1", "random#2", "random#3"]
    assert data["seed"] == 1 and data["deals"] == 200 and data["backend"] == "in-process"
    assert data["rules"] == "Rules('gan_deng_yan', players=4)"
    row = data["standings"][0]
    assert set(row) == {
        "agent",
        "spec",
        "deals",
        "wins",
        "win_rate",
        "win_rate_ci",
        "points",
        "points_per_deal",
        "points_per_deal_ci",
        "rating",
        "rating_low",
        "rating_high",
        "moves",
    }
    assert row["rating"] == greedy.rating and row["win_rate"] == greedy.win_rate
    assert data["ratings"]["model"] == "bradley-terry" and data["ratings"]["groups"] == 50
    assert set(data["timing"]) == {"seconds", "wall_seconds", "deals_per_second", "ms_per_move"}
    assert len(data["digest"]) == 64
    table = result.table()
    assert "rating (95% CI)" in table and f"{greedy.rating:.0f} [" in table
    assert "Bradley-Terry" in table and "50 duplicate decks" in table
    assert "head to head" not in table
    pairs = result.ratings.pairs
    assert len(pairs) == 6 and pairs[0].first == "greedy"
    assert [d["agents"] for d in data["ratings"]["head_to_head"]] == [
        [p.first, p.second] for p in pairs
    ]
    # A four-player deal is one pairwise game of every pair.
    assert all(p.games == 200 for p in pairs)
    lines = result.table(head_to_head=True).splitlines()
    assert lines[lines.index(next(x for x in lines if x.startswith("head to head"))) + 1] == (
        f"  {pairs[0]}"
    )


def test_a_seed_gives_the_same_results_in_process_and_in_processes() -> None:
    runs = [arena(RULES4, FIELD, 48, seed=3, workers=1)]
    runs.append(arena(RULES4, FIELD, 48, seed=3, workers=2))
    runs.append(arena(RULES4, FIELD, 48, seed=3, workers=3, start_method="spawn"))
    assert [r.backend for r in runs] == ["in-process", "processes", "processes"]
    assert [r.workers for r in runs] == [1, 2, 3]
    assert results(runs[1]) == results(runs[0])
    assert results(runs[2]) == results(runs[0])
    other = arena(RULES4, FIELD, 48, seed=4, workers=1)
    assert other.digest != runs[0].digest


def test_deals_reach_on_deal_in_order_from_every_backend() -> None:
    local, pooled = Seen(), Seen()
    arena(RULES2, ["greedy", "random", "random"], 18, seed=2, on_deal=local, workers=1)
    arena(RULES2, ["greedy", "random", "random"], 18, seed=2, on_deal=pooled, workers=2)
    assert local.numbers == pooled.numbers == list(range(1, 19))
    assert local.seated == pooled.seated
    assert local.decks == pooled.decks
    assert local.histories == pooled.histories


def test_progress_counts_up_to_every_deal() -> None:
    told: list[tuple[int, int]] = []
    arena(
        RULES2,
        ["greedy", "random"],
        30,
        seed=1,
        workers=2,
        on_progress=lambda d, t: told.append((d, t)),
    )
    assert told[-1] == (30, 30) and all(t == 30 for _, t in told)
    assert [d for d, _ in told] == sorted(d for d, _ in told)


def test_agent_objects_play_in_this_process_only() -> None:
    agents = [ganzdy.GreedyAgent(), ganzdy.RandomAgent(seed=1)]
    result = arena(RULES2, agents, 10, seed=1)
    assert result.backend == "in-process"
    assert [s.agent for s in result.standings] == ["greedy", "random"]
    assert [s.spec for s in result.standings] == [None, None]
    with pytest.raises(
        ganzdy.GanzdyError, match=r"agent objects \(greedy, random\) cannot be sent"
    ):
        arena(RULES2, agents, 10, seed=1, workers=2)
    with pytest.raises(ganzdy.GanzdyError, match="cannot be sent to other processes"):
        arena(RULES2, ["greedy", ganzdy.RandomAgent()], 10, seed=1, ray=True)


class _Broken:
    name = "broken"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, view: SeatView) -> ganzdy.Move:
        raise RuntimeError("broken agent")


@pytest.mark.skipif(
    "fork" not in multiprocessing.get_all_start_methods(), reason="needs the fork start method"
)
def test_an_error_in_a_worker_reaches_the_caller() -> None:
    ganzdy.register_agent("broken_for_test", _Broken, "raises")
    try:
        # Forked workers inherit the registration made here.
        with pytest.raises(RuntimeError, match="broken agent"):
            arena(RULES2, ["greedy", "broken_for_test"], 20, seed=1, workers=2, start_method="fork")
    finally:
        ganzdy.agents._REGISTRY.pop("broken_for_test", None)


def test_a_spawned_worker_says_when_it_lacks_a_registration() -> None:
    ganzdy.register_agent("registered_here_only", _Broken, "raises")
    try:
        with pytest.raises(
            ganzdy.AgentError, match="in a worker process: an agent registered at run time"
        ):
            arena(
                RULES2,
                ["greedy", "registered_here_only"],
                4,
                seed=1,
                workers=2,
                start_method="spawn",
            )
    finally:
        ganzdy.agents._REGISTRY.pop("registered_here_only", None)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"agents": ["greedy", "grredy"]}, ganzdy.AgentError, "unknown agent 'grredy'"),
        ({"agents": ["random:speed=3", "greedy"]}, ganzdy.AgentError, "unknown parameter 'speed'"),
        ({"workers": 0}, ParallelError, "workers must be a whole number of at least 1, got 0"),
        ({"workers": -2}, ParallelError, "got -2"),
        ({"deals": -1}, ganzdy.GanzdyError, "deals must be a whole number, not negative"),
        ({"bootstrap": -1}, ganzdy.GanzdyError, "bootstrap must be a whole number"),
        (
            {"agents": ["greedy", "random", "random"], "rules": RULES4},
            ganzdy.GanzdyError,
            "3 agents for 4 seats",
        ),
        ({"workers": 2, "start_method": "teleport"}, ParallelError, "start method 'teleport'"),
        (
            {"ray": "not an address"},
            ParallelError,
            "could not connect to the Ray cluster at 'not an address'",
        ),
    ],
)
def test_bad_arguments_are_clear_errors(
    kwargs: dict[str, Any], error: type[Exception], message: str
) -> None:
    if "ray" in kwargs:
        pytest.importorskip("ray", reason="Ray is not installed (pip install 'ganzdy[ray]')")
    args: dict[str, Any] = {"rules": RULES2, "agents": ["greedy", "random"], "deals": 4, "seed": 1}
    args.update(kwargs)
    with pytest.raises(error, match=message):
        arena(**args)


@pytest.mark.ray
def test_ray_backend_gives_the_same_results_as_one_process() -> None:
    """A local Ray instance, started and shut down by the arena."""
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'ganzdy[ray]')")
    local = arena(RULES2, ["greedy", "random", "random"], 36, seed=7, workers=1)
    seen = Seen()
    start = time.perf_counter()
    distributed = arena(
        RULES2, ["greedy", "random", "random"], 36, seed=7, ray=True, workers=2, on_deal=seen
    )
    print(
        f"\nRay arena, 36 deals, start-up and shut-down included: {time.perf_counter() - start:.1f} s"
    )
    assert distributed.backend == "ray" and distributed.workers == 2
    assert distributed.address is None
    assert results(distributed) == results(local)
    assert seen.numbers == list(range(1, 37))
    assert not ray.is_initialized()  # what the arena started, it shut down


# -- the command line ------------------------------------------------------------------


def test_cli_writes_json_and_a_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib", reason="matplotlib is not installed (ganzdy[plot])")
    out, plot = tmp_path / "results.json", tmp_path / "ratings.png"
    argv = ["arena", "--agents", "greedy,random,random", "--players", "2", "--deals", "24"]
    argv += ["--seed", "3", "--workers", "2", "--out", str(out), "--plot", str(plot)]
    assert main(argv) == 0
    stdout, stderr = capsys.readouterr()
    assert f"results in {out}" in stdout and f"ratings plot in {plot}" in stdout
    assert "round robin: 3 tables of 2, each deck played 6 times" in stdout
    assert "24/24 deals" in stderr and "not a whole number of rounds" not in stderr
    assert "note: the ratings' intervals rest on 4 duplicate decks only" in stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["agents"] == ["greedy", "random#1", "random#2"]
    assert data["backend"] == "processes" and data["workers"] == 2 and data["seed"] == 3
    assert [row["deals"] for row in data["standings"]] == [16, 16, 16]
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # The same run in this process writes the same results.
    again = tmp_path / "again.json"
    argv = ["arena", "--agents", "greedy,random,random", "--players", "2", "--deals", "24"]
    assert main([*argv, "--seed", "3", "--workers", "1", "--quiet", "--out", str(again)]) == 0
    assert "head to head" not in capsys.readouterr().out
    assert main([*argv, "--seed", "3", "--workers", "1", "--quiet", "--head-to-head"]) == 0
    printed = capsys.readouterr().out
    pairs = [line for line in printed.splitlines() if line.startswith("  ")]
    assert "head to head: the share" in printed
    assert [line.split(":")[0] for line in pairs] == [
        "  greedy over random#1",
        "  greedy over random#2",
        "  random#1 over random#2",
    ]
    other = json.loads(again.read_text(encoding="utf-8"))
    assert {k: v for k, v in other.items() if k not in RUN_KEYS} == {
        k: v for k, v in data.items() if k not in RUN_KEYS
    }


def test_cli_notes_an_uneven_schedule(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            ["arena", "--agents", "greedy,random", "--deals", "5", "--seed", "1", "--workers", "1"]
        )
        == 0
    )
    assert "note: 5 deals are not a whole number of rounds of 2" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--workers", "0"], "ParallelError: workers must be a whole number of at least 1, got 0"),
        (["--agents", "greedy,rando"], "AgentError: unknown agent 'rando'"),
        (["--out", "/nonexistent/folder/r.json"], "--out /nonexistent/folder/r.json: the folder"),
        (["--plot", "/nonexistent/p.png"], "--plot /nonexistent/p.png: the folder"),
        (["--ray", "not an address"], "could not connect to the Ray cluster at 'not an address'"),
        (["--bootstrap", "-5"], "bootstrap must be a whole number"),
    ],
)
def test_cli_bad_arguments_are_clear_errors(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    if "--ray" in argv:
        pytest.importorskip("ray", reason="Ray is not installed (pip install 'ganzdy[ray]')")
    assert main(["arena", "--deals", "4", "--seed", "1", "--quiet", *argv]) == 2
    assert message in capsys.readouterr().err


def test_docs_list_every_key_of_the_json() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "arena.md").read_text(encoding="utf-8")
    table = text[text.index("| key | type | meaning |") :]
    table = table[: table.index("\n\n")]
    listed = {
        key
        for row in re.findall(r"^\| ([^|]+) \|", table, re.M)
        for key in re.findall(r"`(\w+)`", row)
    }
    data = arena(RULES2, ["greedy", "random"], 4, seed=1, workers=1).to_json()
    assert listed == set(data)
    for key in data["standings"][0]:
        assert f"`{key}`" in text, key
    for key in (*data["ratings"], *data["schedule"], *data["timing"]):
        assert f"`{key}`" in text, key
