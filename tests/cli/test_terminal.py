"""The terminal game (`ganzdy play`) played by scripted stdin: grouped menus, rank-only
input, hint, undo, help, auto-pass, refusals with the engine's reason, Gouji's yield,
colour and suit symbols, --record, and the step-through replay."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

import ganzdy
from ganzdy.agents import find_move
from ganzdy.cli import main
from ganzdy.display.groups import group_moves, ranks_of, wild_cards
from ganzdy.display.text import Style
from ganzdy.web.table import Replay
from scale import scaled

MENU_LINE = re.compile(r"^ {2}[ \d]{3}\d {2}(\S+)(?: (\S+))?(?: +(.*?))?(?: {2}\((\d+) ways\))?$")


def play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], answers: str, *argv: str
) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    assert main(["play", *argv]) == 0
    out: str = capsys.readouterr().out
    return out


def test_a_guandan_session_with_hint_help_ranks_refusal_and_undo(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = "hint\nhelp\npass\n5 6 7 8 9\nzz\n4s\nundo\n1\nq\n"
    out = play(monkeypatch, capsys, answers, "--game", "guandan", "--seed", "1")
    # The first answer to a tube: one entry a tube, its 12 suit variants folded in.
    assert "     2  tube 4           4s 4h 5s 5s 6h 6c  (12 ways)" in out
    assert "  hint (greedy): pass  (choice 1)" in out
    assert "  ranks            e.g. '5 6 7 8 9', 'K K', '3 3' when one play has those ranks" in out
    # Ranks alone pick the straight; the engine chose its suits.
    assert "your move (number, cards, ranks, pass; hint, undo, help, q): 5 6 7 8 9\n" in out
    assert "  playing 5s 6h 7s 8c 9s as straight 5-9\n  seat 0 (you): 5s 6h 7s 8c 9s" in out
    # A refusal gives the engine's reason.
    assert "bad card 'zz'" in out
    assert (
        "  4s as single 4: single 4 does not beat straight T-A (only a higher straight or a "
        "bomb does); try again" in out
    )
    # Undo takes back the straight and the bots' answers to it: the same menu again.
    after = out.split("  undone: back to your move at ply 7\n", 1)[1]
    assert "table: 4d 5h 6d 7d 8s as straight 4-8 (seat 3)" in after.splitlines()[1]
    assert "     2  straight 5       5s 6h 7s 8c 9s  (12 ways)" in after
    assert out.rstrip().endswith("left the game after 0 finished hands; team 0 at 2, team 1 at 2")


def test_menus_hold_one_entry_a_play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = play(monkeypatch, capsys, "1\n" * 30 + "q\n", "--game", "guandan", "--seed", "3")
    menus = out.split("your hand: ")[1:]
    assert menus
    for menu in menus:
        keys = []
        for line in menu.splitlines()[1:]:
            if line.startswith("your move") or line.startswith("   ...  "):
                break
            match = MENU_LINE.match(line)
            assert match, line
            kind, rank, cards = match.group(1), match.group(2) or "", match.group(3) or ""
            wild = cards.count("*")
            keys.append((kind, rank, len(cards.split()), wild))
        assert len(keys) == len(set(keys)), menu


def test_gouji_yield_is_offered_and_played_and_forced_passes_are_not_asked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = play(monkeypatch, capsys, "yield\n1\nyield\nq\n", "--game", "gouji", "--seed", "1")
    # The first hand opens with a revolution nobody at seat 0 may declare: no banner,
    # no question, a note that pass was played.
    assert "  (you have nothing but pass: passed without asking)" in out
    assert "you must revolt" not in out and "revolution (革命)" not in out
    assert "  you may not yield now: the leader may not yield; try again" in out
    assert "     2  yield (让牌: let the seats after you answer first)" in out
    assert "q): yield\n  seat 0 (you): yield\n" in out


def test_gouji_phases_read_in_english_with_their_chinese_word() -> None:
    rules = ganzdy.Rules("gouji")
    for seed in range(1, 40):
        deal = rules.new_deal(seed=seed)
        if deal.phase == "buy" and deal.current_player is not None:
            break
    else:
        pytest.fail("no deal opens by buying 3s")
    out = io.StringIO()
    human = ganzdy.HumanAgent(input=io.StringIO("q\n"), output=out)
    with pytest.raises(ganzdy.Quit):
        human.act(ganzdy.view_for(deal))
    assert "buying 3s (买三): you must pay a 2 or a joker for a 3" in out.getvalue()


def test_wild_cards_are_marked_in_the_hand() -> None:
    rules = ganzdy.Rules("guandan")
    for seed in range(1, 200):
        deal = rules.new_deal(seed=seed)
        if deal.current_player is not None and "2h" in deal.hand(deal.current_player):
            break
    out = io.StringIO()
    human = ganzdy.HumanAgent(input=io.StringIO("q\n"), output=out)
    with pytest.raises(ganzdy.Quit):
        human.act(ganzdy.view_for(deal))
    hand_line = next(line for line in out.getvalue().splitlines() if line.startswith("your hand"))
    assert " 2h* " in hand_line and hand_line.endswith("(* wild: 2h)")
    assert "3h*" not in hand_line


def test_numbers_and_ranks_choose_a_groups_move_on_random_positions() -> None:
    for game in ganzdy.GAMES:
        rules = ganzdy.Rules(game)
        for seed in range(scaled(6)):
            deal = rules.new_deal(seed=seed)
            for _ in range(40):
                if deal.is_terminal:
                    break
                view = ganzdy.view_for(deal)
                legal = list(view.legal_moves)
                groups = group_moves(legal, rules)
                # The view groups its moves once, for the menu and every typed answer.
                assert view.move_groups == tuple(groups) and view.move_groups is view.move_groups
                # The groups partition the legal moves, each under one key.
                assert sorted(m for g in groups for m in g.moves) == sorted(legal)
                wild = set(wild_cards(rules, [c for m in legal for c in m.cards]))
                for group in groups:
                    for move in group.moves:
                        used = sum(1 for c in move.cards if c in wild)
                        key = (move.kind, move.rank, move.length, used)
                        assert key == (group.kind, group.rank, group.length, group.wilds)
                # Which groups hold a play of each set of ranks, for the ranks typed below.
                owners_of: dict[tuple[str, ...], list[int]] = {}
                for number, group in enumerate(groups, 1):
                    for played in {tuple(ranks_of(m.cards)) for m in group.moves}:
                        owners_of.setdefault(played, []).append(number)
                # Every group is typed at full size; a scaled run types a share of them,
                # spread from the first to the last.
                step = max(1, (len(groups) - 1) // max(1, scaled(len(groups)) - 1))
                for number in sorted({*range(1, len(groups) + 1, step), len(groups)}):
                    group = groups[number - 1]
                    assert find_move(view, str(number)) == group.move
                    ranks = ranks_of(group.move.cards)
                    if not ranks:
                        continue
                    owners = owners_of[tuple(ranks)]
                    text = " ".join(ranks)
                    if text.isdigit():
                        continue  # one digit alone is a choice's number
                    if len(owners) == 1:
                        chosen = find_move(view, text)
                        assert chosen in group.moves and ranks_of(chosen.cards) == ranks
                    else:
                        with pytest.raises(ganzdy.AmbiguousMoveError, match="type its number"):
                            find_move(view, text)
                deal.push(legal[deal.greedy_index()])


def test_rank_only_input_forms() -> None:
    rules = ganzdy.Rules("gan_deng_yan")
    deal = rules.new_deal(seed=2)
    view = ganzdy.view_for(deal)
    pairs = [m for m in view.legal_moves if m.kind == "pair" and not m.cards.jokers]
    assert pairs, view.hand
    rank = pairs[0].rank
    for text in (rank + rank, f"{rank} {rank}", f"{rank.lower()}{rank.lower()}"):
        assert find_move(view, text).kind == "pair"
    missing = next(r for r in "TJQKA" if r not in ranks_of(view.hand))
    with pytest.raises(ganzdy.IllegalMoveError, match=f"does not hold {missing} {missing}"):
        find_move(view, f"{missing} {missing}")
    # Seat to act holds 5h 8c 9s 9d Js Kc: '99' is past the menu, so the pair of 9s; '88'
    # is neither a choice nor a play.
    assert str(find_move(view, "99")) == "9s 9d as pair 9"
    with pytest.raises(ganzdy.ParseError, match="there is no move 88"):
        find_move(view, "88")


class _Tty(io.StringIO):
    def __init__(self, encoding: str) -> None:
        super().__init__()
        self._encoding = encoding

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._encoding

    def isatty(self) -> bool:
        return True


def test_colour_and_symbols_only_where_the_terminal_takes_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    assert Style.for_stream(io.StringIO()) == Style()  # a pipe or a file: plain
    assert Style.for_stream(_Tty("utf-8")) == Style(symbols=True, colour=True)
    assert Style.for_stream(_Tty("ascii")) == Style(symbols=False, colour=True)
    monkeypatch.setenv("NO_COLOR", "1")
    assert Style.for_stream(_Tty("utf-8")) == Style(symbols=True, colour=False)
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "dumb")
    assert Style.for_stream(_Tty("utf-8")) == Style(symbols=True, colour=False)
    plain, rich = Style(), Style(symbols=True, colour=True)
    assert plain.cards(["Th", "2h", "BJ"], wild=["2h"]) == "Th 2h* BJ"
    assert Style(symbols=True).cards(["Th", "5s", "RJ"]) == "10♥ 5♠ RJ"
    assert rich.card("5d") == "\033[31m5♦\033[0m" and rich.card("5c") == "5♣"
    assert rich.card("2h", wild=True) == "\033[1;33m2♥*\033[0m"


def test_play_record_loads_in_replay_and_the_web_app(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    argv = ["--seed", "3", "--deals", "2", "--record", str(path)]
    out = play(monkeypatch, capsys, "1\n" * 600, *argv)
    assert f"record of this deal written to {path}" in out
    second = tmp_path / "game-2.json"
    assert f"record of this deal written to {second}" in out
    for file in (path, second):
        deal = ganzdy.records.load(file)
        assert deal.is_terminal
        record = json.loads(file.read_text(encoding="utf-8"))
        assert record["agents"] == ["you", "greedy", "greedy", "greedy"]
        replay = Replay(record)  # the web app's replay of a record
        replay.goto(len(replay.moves))
        assert replay.deal.hash() == deal.hash()
    monkeypatch.setattr(sys, "stdin", io.StringIO("n\nn\np\n5\nzz\n999\nl\nf\nq\n"))
    assert main(["replay", str(path), "--step"]) == 0
    stepped = capsys.readouterr().out
    deal = ganzdy.records.load(path)
    moves = list(deal.history)
    assert "-- the deal as dealt" in stepped
    seat, move = moves[0]
    assert f"-- move 1 of {len(moves)}: seat {seat} played {move}" in stepped
    assert f"-- move 5 of {len(moves)}" in stepped
    assert f"there is no move 999: the deal has moves 0 to {len(moves)}" in stepped
    assert "  'zz'? n or Enter: next move" in stepped
    assert f"over: points {' '.join(f'{p:+d}' for p in deal.outcome.points)}" in stepped
    # Every hand shows at every step: seat 1's whole hand as dealt is on the first screen.
    record = json.loads(path.read_text("utf-8"))
    record.pop("outcome")
    dealt = ganzdy.records.from_record({**record, "moves": []})
    assert f"  seat 1 (greedy) [{len(dealt.hand(1)):>2}]: {dealt.hand(1)}" in stepped
    assert main(["replay", str(path), "--all"]) == 0
    assert "hand sizes" in capsys.readouterr().out


def test_an_unfinished_game_is_recorded_when_you_leave(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "left.json"
    out = play(
        monkeypatch, capsys, "1\nq\n", "--game", "guandan", "--seed", "1", "--record", str(path)
    )
    assert f"the unfinished deal's record written to {path}" in out
    deal = ganzdy.records.load(path)
    assert not deal.is_terminal and deal.ply > 0


def test_undo_with_nothing_to_undo_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = play(monkeypatch, capsys, "undo\nq\n", "--game", "guandan", "--seed", "1")
    assert "  nothing to undo: you have not moved in this deal" in out


def test_chinese_game_name_and_cards_at_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = play(monkeypatch, capsys, "q\n", "--game", "掼蛋", "--seed", "1")
    assert out.startswith("guandan v1, 4 players; you are seat 0")
    view_hand = "3s 4s 4h 4d 4c 5s 5s 5c 6h 6c 7s 7s 7d 7c 8c 9s Th Tc Qh Qd Qd Qc Kd Kc Kc Ah Ac"
    assert f"your hand: {view_hand}" in out
    out = play(
        monkeypatch,
        capsys,
        "pass\n黑桃5 红桃6 黑桃7 梅花8 黑桃9\nq\n",
        "--game",
        "掼蛋",
        "--seed",
        "1",
    )
    assert "  seat 0 (you): 5s 6h 7s 8c 9s as straight 5-9" in out
