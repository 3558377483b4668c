"""The command line: `ganzdy play`, `ganzdy arena` and `ganzdy replay`."""

from __future__ import annotations

import builtins
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import ganzdy
from ganzdy.cli import main
from ganzdy.display.groups import group_moves


def play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], answers: str, *argv: str
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    code = main(["play", *argv])
    out, err = capsys.readouterr()
    return code, out, err


class _Seen(Exception):
    pass


class _FirstView:
    """Stands in for the person: keeps the first view it is shown."""

    view: ganzdy.SeatView | None = None

    def act(self, view: ganzdy.SeatView) -> ganzdy.Move:
        self.view = view
        raise _Seen


def first_view(seed: int) -> ganzdy.SeatView:
    """What `ganzdy play --seed SEED` first shows seat 0 (greedy bots are deterministic)."""
    rules = ganzdy.Rules("gan_deng_yan", players=4)
    person = _FirstView()
    match = ganzdy.GanDengYanMatch(
        rules, [person, *(ganzdy.GreedyAgent() for _ in range(3))], seed=seed
    )
    with pytest.raises(_Seen):
        match.play_next()
    assert person.view is not None
    return person.view


def test_play_asks_again_after_bad_answers_and_leaves_on_end_of_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A seed whose first turn has a single to play, typed as its cards alone.
    for seed in range(3, 100):
        view = first_view(seed)
        singles = [m for m in view.legal_moves if m.kind == "single"]
        if singles:
            break
    single = singles[0]
    groups = group_moves(view.legal_moves, view.rules)
    legal = len(groups)
    code, out, _ = play(monkeypatch, capsys, f"zz\n99\n{single.cards}\n1\n", "--seed", str(seed))
    assert code == 0
    assert f"you are seat 0 against greedy, greedy, greedy; seed {seed}" in out
    assert f"your hand: {view.hand}" in out
    last = groups[-1].move
    assert f"  {legal:>4}  {last.kind} {last.rank}".rstrip() in out and str(last.cards) in out
    assert "bad card 'zz'" in out and f"there is no move 99: choose 1 to {legal}; try again" in out
    assert f"playing {single}" in out and f"  seat 0: {single}" in out
    assert out.rstrip().endswith("left the game after 0 finished deals; points +0 +0 +0 +0")


def test_play_a_whole_deal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = play(
        monkeypatch, capsys, "1\n" * 400, "--seed", "3", "--agents", "greedy,random:seed=1,greedy"
    )
    assert code == 0
    assert "wins the deal in" in out and "points this deal:" in out and "points so far:" in out
    assert "left the game" not in out


def test_play_leaves_cleanly_on_ctrl_c(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupt(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(builtins, "input", interrupt)
    assert main(["play", "--seed", "5", "--players", "3", "--option", "triple_mode=bomb"]) == 0
    assert "left the game" in capsys.readouterr().out


def test_play_from_a_pipe_exits_zero_at_end_of_input() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ganzdy", "play", "--seed", "3"],
        input="q\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and "left the game" in done.stdout and done.stderr == ""
    done = subprocess.run(
        [sys.executable, "-m", "ganzdy", "play", "--seed", "3"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and "left the game" in done.stdout


def test_arena_prints_standings(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["arena", "--deals", "8", "--seed", "1", "--agents", "greedy,random,random,random"])
        == 0
    )
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0].split() == [
        "agent",
        "deals",
        "wins",
        "win",
        "rate",
        "points/deal",
        "(95%",
        "CI)",
        "rating",
        "(95%",
        "CI)",
        "ms/move",
    ]
    assert {line.split()[0] for line in lines[1:5]} == {
        "greedy",
        "random#1",
        "random#2",
        "random#3",
    }
    assert (
        "8 deals (0 drawn) of gan_deng_yan v1, 4 players, seed 1:" in lines[5]
        and "deals/s" in lines[5]
    )
    assert "arena [" in err and "8/8 deals" in err  # the progress bar
    assert (
        main(
            [
                "arena",
                "--deals",
                "3",
                "--seed",
                "1",
                "--agents",
                "random",
                "--players",
                "3",
                "--quiet",
                "--no-rotate",
            ]
        )
        == 0
    )
    out, err = capsys.readouterr()
    assert "3 deals (0 drawn) of gan_deng_yan v1, 3 players" in out and err == ""


def test_arena_records_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "records"
    assert (
        main(
            [
                "arena",
                "--deals",
                "4",
                "--seed",
                "2",
                "--record",
                str(folder),
                "--quiet",
                "--players",
                "4",
            ]
        )
        == 0
    )
    assert f"records of the 4 deals in {folder}/" in capsys.readouterr().out
    files = sorted(folder.glob("*.json"))
    assert [f.name for f in files] == ["deal-1.json", "deal-2.json", "deal-3.json", "deal-4.json"]
    record = json.loads(files[1].read_text(encoding="utf-8"))
    assert record["agents"] == ["random#1", "random#2", "random#3", "greedy"]
    assert main(["replay", str(files[1])]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("Rules('gan_deng_yan', players=4); seed ")
    assert lines[1].startswith("  seat 0 (random#1): ")
    assert lines[5].split() == ["ply", "seat", "move", "hand", "sizes", "stock"]
    first = record["moves"][0]
    assert lines[6].split()[:2] == ["1", str(record["dealer"])] and first in lines[6]
    assert len([line for line in lines if line[:4].strip().isdigit()]) == len(record["moves"])
    assert lines[-1] == "points: " + " ".join(f"{p:+d}" for p in record["outcome"]["points"])
    # A tampered record is refused with the file, the move number and the move.
    record["moves"][3] = "3s 3h as pair 9"
    files[1].write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(files[1])]) == 2
    err = capsys.readouterr().err
    assert "IllegalMoveError: " in err and "deal-2.json: record move 4 '3s 3h as pair 9': " in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["arena", "--option", "triple_moed=bomb", "--deals", "1"], "RulesError: "),
        (["play", "--option", "triple_mode=bombx"], "RulesError: option triple_mode='bombx'"),
        (
            ["arena", "--agents", "greedy,rando", "--players", "2"],
            "AgentError: unknown agent 'rando': known agents are",
        ),
        (["arena", "--agents", "greedy,random", "--players", "3"], "2 agents for 3 seats"),
        (
            ["play", "--agents", "greedy", "--players", "4"],
            "--agents names 1 bots but 4 players leave 3 seats",
        ),
        (["replay", "/nonexistent/deal.json"], "No such file"),
    ],
)
def test_bad_arguments_are_clear_errors(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_moves_reads_a_table_with_the_ace_of_spades(capsys: pytest.CaptureFixture[str]) -> None:
    # 'As as straight' holds the word 'as' twice; the declaration starts at the second.
    assert main(["moves", "5s 5h 5d 5c 9s", "--table", "Js Qh Kd As as straight J-A"]) == 0
    out = capsys.readouterr().out
    assert (
        "1 legal answers to Js Qh Kd As as straight J-A" in out and "5s 5h 5d 5c as bomb 5" in out
    )
