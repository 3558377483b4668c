"""The command line: `ganzdy moves`."""

import subprocess
import sys

from ganzdy.cli import main


def test_moves_lists_every_lead(capsys: object) -> None:
    assert main(["moves", "4s 5s BJ"]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "6 legal leads from 4s 5s BJ" in out
    assert "4s 5s BJ as straight 3-5" in out and "4s 5s BJ as straight 4-6" in out


def test_moves_answers_a_table_and_takes_options(capsys: object) -> None:
    assert main(["moves", "4s 4h 4d Ts", "--table", "9s", "--option", "triple_mode=bomb"]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "2 legal answers" in out and "4s 4h 4d as bomb 4" in out and "Ts as single T" in out


def test_bad_input_is_a_clear_error(capsys: object) -> None:
    assert main(["moves", "5s Xs"]) == 2
    assert "ParseError: bad card 'Xs'" in capsys.readouterr().err  # type: ignore[attr-defined]
    assert main(["moves", "5s", "--option", "triple_mode=bombx"]) == 2
    assert "RulesError: option triple_mode='bombx'" in capsys.readouterr().err  # type: ignore[attr-defined]
    assert main(["moves", "5s", "--table", "3s BJ RJ"]) == 2
    assert "several readings" in capsys.readouterr().err  # type: ignore[attr-defined]


def test_module_entry_point() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ganzdy", "moves", "5s 6h"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "2 legal leads" in done.stdout
