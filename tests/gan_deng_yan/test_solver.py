"""The endgame solver against a brute-force minimax in Python, its lines and limits,
and the positions it starts from (Rules.position, parse_position)."""

from __future__ import annotations

import json
import os
import pickle
import random
import signal
import subprocess
import sys
import threading
import time
from typing import Any

import pytest

import ganzdy
from ganzdy import GanDengYanDeal, Rules
from ganzdy.cli import main
from scale import scaled
from solver_reference import decided, random_position, wins

# A 12+12 position that takes the solver some 10^5 nodes, and a 16+16 one that takes
# 5.5 million (several seconds): for the limits.
HARD = "3d 4c 6s 7s 7h 9h Js Jc As Ah 2h BJ | 4s 6d 8h 8d 9d Ts Td Qd Qc Kd Ad RJ ; to_act=1"
BIG = (
    "4s 4c 5s 6h 7c 8h 9d 9c Jd Qs Qc Kd Kc 2d 2c RJ | "
    "3s 3h 3d 4d 6c 7h 8d 8c Td Js Qd Ks Ah Ad Ac BJ ; to_act=1"
)


def snapshot(deal: GanDengYanDeal) -> tuple[Any, ...]:
    return (
        deal.hash(),
        [str(deal.hand(s)) for s in range(deal.players)],
        deal.current_player,
        deal.table,
        deal.table_owner,
        deal.passes,
        deal.ply,
        deal.is_terminal,
    )


def check_line(deal: GanDengYanDeal, result: ganzdy.SolveResult) -> None:
    """The line is legal move by move and ends as the value says; undoing it restores the deal."""
    before = snapshot(deal)
    assert result.best_move == (result.pv[0] if result.pv else None)
    for move in result.pv:
        assert decided(deal, result.seat) is None, "the line goes on past the end"
        assert move in list(deal.legal_moves)
        deal.push(move)
    assert decided(deal, result.seat) is result.win, "the line does not end as claimed"
    for _ in result.pv:
        deal.pop()
    assert snapshot(deal) == before


def check_position(deal: GanDengYanDeal, seat: int | None = None) -> bool:
    """Solver and brute force agree; the best move keeps the value (by brute force)."""
    seat = deal.current_player if seat is None else seat
    assert seat is not None
    before = snapshot(deal)
    result = ganzdy.solve(deal, seat=seat)
    assert snapshot(deal) == before, "solve changed the deal"
    assert result.complete and result.seat == seat
    expected = wins(deal, seat)
    assert snapshot(deal) == before, "the brute force did not undo its moves"
    assert result.win is expected, f"{ganzdy.format_position(deal)} seat {seat}"
    check_line(deal, result)
    if decided(deal, seat) is None:
        assert result.best_move is not None
        # Where seat acts and wins, the move wins; where another seat acts and seat
        # loses, it refutes; otherwise every move keeps the value anyway.
        deal.push(result.best_move)
        assert wins(deal, seat) is expected, f"{ganzdy.format_position(deal)}: best move"
        deal.pop()
    assert snapshot(deal) == before
    return expected


def sizes_for(rng: random.Random, players: int) -> list[int]:
    if players == 2:
        # Mostly up to 5+5; half of them up to 6+6 (the brute force is slow there).
        top = 6 if rng.random() < 0.5 else 5
        return [rng.randint(1, top), rng.randint(1, top)]
    top = 5 if rng.random() < 0.1 else 4
    return [rng.randint(1, top) for _ in range(players)]


def run_batch(players: int, count: int, seed: int, **options: Any) -> tuple[int, int]:
    rules = Rules("gan_deng_yan", players=players, **options)
    rng = random.Random(seed)
    won = 0
    for _ in range(count):
        deal = random_position(rng, rules, sizes_for(rng, players), jokers=rng.randrange(3))
        # Mostly the seat to act; sometimes a seat that waits (an AND root).
        seat = deal.current_player if deal.current_player is not None else 0
        if rng.random() < 0.3:
            seat = rng.randrange(players)
        won += check_position(deal, seat)
    return won, count


def test_two_players_match_the_brute_force() -> None:
    won, count = run_batch(2, 400, seed=1)
    assert 0.25 * count < won < 0.75 * count  # both values well represented


def test_three_players_match_the_brute_force() -> None:
    won, count = run_batch(3, 200, seed=2)
    assert 0.1 * count < won < 0.9 * count


def test_the_largest_small_positions_match_the_brute_force() -> None:
    rng = random.Random(5)
    for players, sizes, count in ((2, [6, 6], 40), (3, [5, 5, 4], 24)):
        rules = Rules("gan_deng_yan", players=players)
        for _ in range(scaled(count)):
            check_position(random_position(rng, rules, sizes, jokers=rng.randrange(1, 3)))


VARIANTS = [
    {"end_condition": "ranking"},
    {"triple_mode": "bomb", "bomb_min_size": 3},
    {"king_bomb": "small_plus_big"},
    {"stuck_leader": "allow_joker_only_final"},
    {"forbid_final_single_two": True},
    {"must_play_two_first": True},
    {"direction": "clockwise"},
    {"joker_can_be_two": True, "twos_in_runs": True},
]


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(o))
def test_rule_variants_match_the_brute_force(options: dict[str, Any]) -> None:
    run_batch(2, 12, seed=3, **options)
    run_batch(3, 8, seed=4, **options)


def test_a_small_table_changes_the_work_not_the_values() -> None:
    # 1 MB holds 32,768 entries: the 12+12 search needs ten times more and replaces
    # entries all along; the value and a sound line must survive that.
    deal = ganzdy.parse_position(HARD)
    full = ganzdy.solve(deal)
    small = ganzdy.solve(deal, table_mb=1)
    assert full.complete and small.complete and small.win is full.win is False
    assert small.nodes > full.nodes
    check_line(deal, small)
    rng = random.Random(6)
    for players, sizes in ((2, [8, 8]), (3, [5, 5, 5])):
        rules = Rules("gan_deng_yan", players=players)
        for _ in range(scaled(20)):
            position = random_position(rng, rules, sizes, jokers=2)
            small = ganzdy.solve(position, table_mb=1)
            assert small.win is ganzdy.solve(position).win
            check_line(position, small)
    with pytest.raises(ganzdy.RulesError, match="table_mb=0 is not allowed"):
        ganzdy.solve(deal, table_mb=0)


def test_a_decided_deal_has_no_move() -> None:
    rules = Rules("gan_deng_yan", players=2)
    over = rules.position(["", "5s 6s"])
    assert over.is_terminal and over.outcome.winner == 0
    result = ganzdy.solve(over, seat=0)
    assert result.win and result.complete and result.best_move is None and result.pv == []
    assert not ganzdy.solve(over, seat=1).win
    # Nobody can lead a hand of jokers: drawn, which is no win.
    drawn = rules.position(["BJ", "RJ"])
    assert drawn.is_terminal and drawn.outcome.drawn
    assert not ganzdy.solve(drawn).win and ganzdy.solve(drawn).complete


def test_under_ranking_the_question_is_who_goes_out_first() -> None:
    rules = Rules("gan_deng_yan", players=3, end_condition="ranking")
    deal = rules.position(["5s", "9c 9d", "Kh"], to_act=0)
    result = ganzdy.solve(deal)
    assert result.win and result.pv == [ganzdy.Move("single", "5", "5s")]
    deal.push(result.pv[0])
    assert not deal.is_terminal  # the deal goes on, the question is settled
    again = ganzdy.solve(deal, seat=0)
    assert again.win and again.complete and again.best_move is None
    assert not ganzdy.solve(deal, seat=1).win


def test_result_is_typed_and_reads_well() -> None:
    deal = Rules("gan_deng_yan", players=2).position(["5s 6s BJ", "7h 7d"])
    result = ganzdy.solve(deal)
    assert isinstance(result, ganzdy.SolveResult)
    assert result.win and result.complete and result.nodes >= 1 and result.seconds >= 0
    assert result.best_move == ganzdy.Move("straight", "4", "5s 6s BJ")
    assert result.proof == 0 and result.disproof > 0
    assert repr(result).startswith(
        "SolveResult(seat=0, win=True, complete=True, best_move=Move('straight', '4', '5s 6s BJ'), "
        "pv=[Move('straight', '4', '5s 6s BJ')], nodes="
    )


def test_a_record_after_the_stock_ran_out(tmp_path: Any, capsys: Any) -> None:
    rules = Rules("gan_deng_yan", players=2)
    deal = rules.new_deal(seed=1)
    # Lead the first move and pass on everything: the stock runs out, nobody goes out.
    while deal.stock_size > 0:
        deal.push(next(iter(deal.legal_moves)))
    assert not deal.is_terminal
    with pytest.raises(ganzdy.GanzdyError, match=r"the stock still holds \d+ cards?; the solver"):
        ganzdy.solve(ganzdy.from_record(_record_before_last(deal)))
    loaded = ganzdy.from_record(json.dumps(deal.to_record()))
    result = ganzdy.solve(loaded)
    assert result.complete
    check_line(loaded, result)
    # The command line solves the record where its stock ran out.
    path = tmp_path / "deal.json"
    ganzdy.records.save(deal, path)
    assert main(["solve", str(path), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert f"ply {deal.ply}: " in out and "value: seat" in out and "search:" in out


def _record_before_last(deal: GanDengYanDeal) -> dict[str, Any]:
    record = deal.to_record()
    record["moves"] = record["moves"][:-1]
    del record["outcome"]
    return record


def test_a_stock_is_refused_and_bad_arguments_are_named() -> None:
    rules = Rules("gan_deng_yan", players=2)
    with pytest.raises(ganzdy.GanzdyError, match="needs an empty stock"):
        ganzdy.solve(rules.new_deal(seed=3))
    deal = rules.position(["5s", "6s"])
    with pytest.raises(ganzdy.RulesError, match="seat=2 is not a seat"):
        ganzdy.solve(deal, seat=2)
    with pytest.raises(ganzdy.RulesError, match="max_nodes=0 is not allowed"):
        ganzdy.solve(deal, max_nodes=0)
    with pytest.raises(ganzdy.RulesError, match=r"time_limit=-1\.0 is not allowed"):
        ganzdy.solve(deal, time_limit=-1.0)
    with pytest.raises(TypeError):
        ganzdy.solve(deal, max_nodes=1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ganzdy.solve(deal, 0)  # type: ignore[misc]
    with pytest.raises(TypeError, match="progress must be a callable"):
        ganzdy.solve(deal, progress=3)  # type: ignore[arg-type]


def test_max_nodes_stops_cleanly_with_the_most_promising_line() -> None:
    deal = ganzdy.parse_position(HARD)
    before = snapshot(deal)
    result = ganzdy.solve(deal, max_nodes=2000)
    assert snapshot(deal) == before
    assert not result.complete and not result.win
    assert 2000 <= result.nodes < 2100
    assert result.proof > 0 and result.disproof > 0
    assert result.best_move is not None and result.best_move in list(deal.legal_moves)
    assert result.pv and result.pv[0] == result.best_move
    for move in result.pv:  # a legal line, as far as the search saw it
        deal.push(move)
    for _ in result.pv:
        deal.pop()
    assert snapshot(deal) == before


def test_time_limit_stops_cleanly() -> None:
    deal = ganzdy.parse_position(BIG)
    start = time.perf_counter()
    result = ganzdy.solve(deal, time_limit=0.05)
    elapsed = time.perf_counter() - start
    assert not result.complete and result.best_move in list(deal.legal_moves)
    assert 0.05 <= result.seconds < 1.0 and elapsed < 1.5


def test_progress_is_reported_and_can_stop_or_raise() -> None:
    deal = ganzdy.parse_position(BIG)
    calls: list[tuple[int, float]] = []

    def stop(nodes: int, seconds: float) -> bool:
        calls.append((nodes, seconds))
        return False

    # BIG takes millions of nodes, seconds even on a quiet machine: progress (once a
    # second) is called, and its False stops the search.
    result = ganzdy.solve(deal, progress=stop, time_limit=5)
    assert len(calls) == 1 and calls[0][0] > 0 and 0.9 < calls[0][1] < 3
    assert not result.complete and result.seconds < 4

    class Stop(Exception):
        pass

    def fail(nodes: int, seconds: float) -> None:
        raise Stop

    with pytest.raises(Stop):
        ganzdy.solve(deal, progress=fail, time_limit=5)


def test_the_search_releases_the_gil() -> None:
    deal = ganzdy.parse_position(BIG)
    done = threading.Event()
    results: list[ganzdy.SolveResult] = []

    def work() -> None:
        results.append(ganzdy.solve(deal, time_limit=0.3))
        done.set()

    thread = threading.Thread(target=work)
    spins = 0
    thread.start()
    while not done.is_set():
        spins += 1
    thread.join()
    assert not results[0].complete and spins > 10_000


# -- positions -------------------------------------------------------------------


def test_a_position_has_an_empty_stock_and_plays_on() -> None:
    rules = Rules("gan_deng_yan", players=3)
    deal = rules.position(["5s 6s", "7h 7d", "9c"], to_act=2, table="4h", table_owner=0, dealer=1)
    assert deal.stock_size == 0 and deal.dealer == 1 and deal.seed is None
    assert deal.current_player == 2 and deal.table == ganzdy.Move("single", "4", "4h")
    assert deal.table_owner == 0 and deal.passes == 1  # seat 1, between them, passed
    assert deal.hand_sizes == [2, 2, 1] and deal.bombs_played == 0 and deal.root_ply == 1
    assert deal.played == rules.deck - ganzdy.Cards("5s 6s 7h 7d 9c")
    assert [str(m) for m in deal.legal_moves] == ["pass"]
    h = deal.hash()
    deal.push(ganzdy.Move("pass"))
    assert deal.current_player == 0 and deal.table.is_pass  # the trick ended: seat 0 leads
    deal.pop()
    assert deal.hash() == h and deal.passes == 1
    with pytest.raises(ganzdy.IllegalMoveError, match="no move to undo"):
        deal.pop()
    # Like a copy without history, it cannot be replayed from a deck.
    with pytest.raises(ganzdy.IllegalMoveError, match="cannot be pickled"):
        pickle.dumps(deal)
    with pytest.raises(ganzdy.RecordError, match="cannot be recorded"):
        deal.to_record()


def test_a_position_defaults_and_leads() -> None:
    rules = Rules("gan_deng_yan", players=3)
    deal = rules.position(["5s", "7h", "9c"], to_act=1, table="4h")
    assert deal.table_owner == 0 and deal.passes == 0  # the seat before to_act played it
    clockwise = Rules("gan_deng_yan", players=3, direction="clockwise")
    assert clockwise.position(["5s", "7h", "9c"], to_act=1, table="4h").table_owner == 2
    # A leader holding only jokers hands the lead on, as in a deal.
    stuck = rules.position(["BJ", "7h", "9c"], to_act=0)
    assert stuck.current_player == 1 and stuck.table.is_pass
    # Under ranking, empty hands are seats already out.
    ranking = Rules("gan_deng_yan", players=3, end_condition="ranking")
    out = ranking.position(["", "7h 8h", "9c"], to_act=1)
    assert out.is_out(0) and not out.is_terminal and out.outcome.finish_order == [0]
    assert ganzdy.solve(out, seat=0).win and not ganzdy.solve(out).win


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        ((["5s"],), ganzdy.RulesError, "1 hands given but gan_deng_yan v1, 2 players has 2 seats"),
        (
            (["5s 5s", "6s"],),
            ganzdy.DeckError,
            "has 2 x 5s but gan_deng_yan v1, 2 players uses 1 pack",
        ),
        (
            (["5s BJ", "6s BJ"],),
            ganzdy.DeckError,
            "the hand of seat 1 '6s BJ' holds BJ, but the hands before it hold 1 of the 1",
        ),
        ((["5s", "6s"], 2), ganzdy.RulesError, "to_act=2 is not a seat: expected 0 to 1"),
        (
            (["5s", "6s"], 0, "4s 5h"),
            ganzdy.IllegalMoveError,
            "the table '4s 5h' is no combination",
        ),
        (
            (["5s", "6s"], 0, "5s"),
            ganzdy.DeckError,
            "the table 5s as single 5 plays 5s, but the hands hold 1 of the 1",
        ),
        ((["5s", "6s"], 0, "4s", 0), ganzdy.IllegalMoveError, "table_owner=0 is the seat to act"),
        (
            (["5s", "6s"], 0, None, 1),
            ganzdy.IllegalMoveError,
            "table_owner=1 is given without a table",
        ),
        (
            (["5s", "6s"], 0, "3s BJ RJ"),
            ganzdy.AmbiguousMoveError,
            "has 2 readings: 3s BJ RJ as triple 3; 3s BJ RJ as straight 3-5",
        ),
        ((["5s", "6s"], 0, "pass"), ganzdy.IllegalMoveError, "is a pass"),
        (
            (["", ""],),
            ganzdy.RulesError,
            "seats 0 and 1 have no cards, but under end_condition='first_out'",
        ),
        (
            (["5s", "6s"], 0, ganzdy.Move("single", "4", "4s 4h")),
            ganzdy.IllegalMoveError,
            "no combination",
        ),
    ],
)
def test_bad_positions_are_refused_naming_the_problem(
    args: tuple[Any, ...], error: type[Exception], message: str
) -> None:
    rules = Rules("gan_deng_yan", players=2)
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        rules.position(*args)


def test_more_bad_positions() -> None:
    ranking = Rules("gan_deng_yan", players=2, end_condition="ranking")
    with pytest.raises(ganzdy.RulesError, match="every hand is empty"):
        ranking.position(["", ""])
    three = Rules("gan_deng_yan", players=3, end_condition="ranking")
    with pytest.raises(ganzdy.RulesError, match="to_act=0 has no cards: that seat is out"):
        three.position(["", "5s", "6s"], to_act=0)
    with pytest.raises(TypeError, match="hands must be a list"):
        three.position("5s | 6s")  # type: ignore[arg-type]
    with pytest.raises(ganzdy.ParseError):
        three.position(["5x", "5s", "6s"])


def test_position_text_round_trips() -> None:
    texts = [
        "5s 6s BJ | 7h 7d ; to_act=0",
        "5s 6s | 7h 7d | 9c ; to_act=2 ; table=4h as single 4 ; owner=0",
        "5s 6s | 7h 7d | 9c ; to_act=1 ; table=4h as single 4 ; owner=0 ; dealer=2",
    ]
    for text in texts:
        assert ganzdy.format_position(ganzdy.parse_position(text)) == text
    deal = ganzdy.parse_position("5s|7h 7d;table_owner=1;to_act=0;table=4h")
    assert deal.table_owner == 1 and deal.current_player == 0
    bomb = ganzdy.parse_position(
        "5s | 5h 5d 5c", options={"triple_mode": "bomb", "bomb_min_size": 3}
    )
    assert bomb.rules.option("triple_mode") == "bomb"
    assert ganzdy.format_position(Rules("gan_deng_yan", players=2).position(["", "5s"])) == "- | 5s"
    assert ganzdy.parse_position("- | 5s").is_terminal


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("5s 6s", "has 1 hand: separate the hands"),
        ("5s | 6s ; seat=1", "'seat=1' is not one of to_act=..., table=..., owner=..., dealer=..."),
        ("5s | 6s ; to_act=x", "to_act='x' is not a seat number"),
        ("5s | 6s ; to_act=1 ; to_act=0", "sets to_act twice"),
    ],
)
def test_bad_position_text(text: str, message: str) -> None:
    with pytest.raises(ganzdy.ParseError, match=message):
        ganzdy.parse_position(text)


def test_the_command_line_solves_a_position(capsys: Any) -> None:
    assert main(["solve", "5s 6s BJ | 7h 7d ; to_act=1 ; table=4h", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == [
        "position: 5s 6s BJ | 7h 7d ; to_act=1 ; table=4h as single 4 ; owner=0",
        "rules: gan_deng_yan v1, 2 players",
        "value: seat 1 cannot force going out first: the other seat can stop it",
        "best move: seat 1 plays pass",
        "line:",
        "    1. seat 1: pass",
        "    2. seat 0: 5s 6s BJ as straight 4-6",
        "  seat 0 is out first",
        out.splitlines()[-1],
    ]
    assert out.splitlines()[-1].startswith("search: 2 nodes in ")
    assert main(["solve", "5s | 6s | 7s", "--seat", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "value: seat 1 cannot force going out first: the other seats together" in out
    assert "the paranoid value" in out


def test_the_command_line_stops_and_reports(capsys: Any) -> None:
    assert main(["solve", HARD, "--max-nodes", "500"]) == 0
    out = capsys.readouterr().out
    assert "value: unknown" in out and "most promising move: seat 1 plays" in out
    assert "most promising line:" in out
    assert main(["solve", "nothing here"]) == 2
    assert "neither a record file nor a position" in capsys.readouterr().err
    assert main(["solve", "5s | 5s"]) == 2
    assert "DeckError" in capsys.readouterr().err
    assert main(["solve", "5s | 6s", "--option", "triple_mode=bombx"]) == 2
    assert "RulesError: option triple_mode='bombx'" in capsys.readouterr().err


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT cannot be sent to a process on Windows")
def test_ctrl_c_on_the_command_line_prints_the_answer_so_far() -> None:
    command = [sys.executable, "-m", "ganzdy", "solve", BIG, "--quiet"]
    # Unbuffered, so the lines before the search arrive as printed: the interrupt is
    # sent once the command has printed its rules, just before it starts the search
    # (whose handler turns Ctrl-C into the answer so far). A fixed sleep from the start
    # could land in the interpreter's start-up on a loaded machine, before the handler.
    environment = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=environment)
    assert process.stdout is not None
    head = [process.stdout.readline(), process.stdout.readline()]
    assert head[1].startswith("rules: "), head
    time.sleep(0.5)  # the big position takes seconds to search
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=30)
    out = "".join(head) + out
    assert process.returncode == 130
    assert "interrupted: the answer so far" in out and "value: unknown" in out
    assert "most promising move: seat 1 plays" in out
