"""Gouji in the arena (teams of three, seats rotated, tribute after a random previous hand)
and at the terminal (`ganzdy play --game gouji`, scripted stdin; `ganzdy arena --game
gouji`; `ganzdy replay` of a Gouji record)."""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

import ganzdy
from ganzdy import GoujiDeal, GoujiMatch, Rules
from ganzdy.cli import main
from ganzdy.gouji.match import PLACE_NAMES, previous_hand
from ganzdy.match import arena, team_round_robin
from terminal import FirstMove, play_game

RULES = Rules("gouji")


# -- the arena ---------------------------------------------------------------------


def test_team_schedule_of_six_seats() -> None:
    two = team_round_robin(2, 6)
    assert two.tables == ((0, 1, 0, 1, 0, 1),) and two.rotations == 2 and two.round == 2
    assert [two.seating(k) for k in range(2)] == [(0, 1, 0, 1, 0, 1), (1, 0, 1, 0, 1, 0)]
    assert len(team_round_robin(3, 6).tables) == 3


def test_previous_hand_is_a_hand_result() -> None:
    hand = previous_hand(3, 0)
    assert sorted(hand["places"]) == list(range(6)) and hand == previous_hand(3, 0)
    assert hand["places"][0] not in hand["pointed"] and previous_hand(3, 1) != hand
    GoujiDeal(RULES, 1, previous=hand)


def test_arena_plays_teams_of_three_on_duplicate_hands() -> None:
    seen: list[tuple[int, GoujiDeal, list[str]]] = []

    def on_deal(number: int, deal: ganzdy.agents.AnyDeal, seated: Sequence[str]) -> None:
        assert isinstance(deal, GoujiDeal)
        seen.append((number, deal, list(seated)))

    result = arena(RULES, ["greedy", "random"], 6, seed=3, workers=1, on_deal=on_deal)
    greedy, rand = result.standings
    assert greedy.deals == rand.deals == 6 and greedy.points == -rand.points
    assert result.team_wins is not None and sum(result.team_wins) + result.drawn == 6
    assert greedy.wins + rand.wins + result.drawn == 6
    for number, deal, seated in seen:
        k = number - 1
        assert seated == (["greedy", "random"] * 3 if k % 2 == 0 else ["random", "greedy"] * 3)
        # The two rotations of a deck: the same cards, the same previous hand.
        assert deal.seed == ganzdy._core.deal_seed(3, k // 2)
        assert deal.previous == {"burns": [], "declared": [], "men": [], **previous_hand(3, k // 2)}
        assert deal.is_terminal
    # An entrant's points are its team's.
    assert sum(d.outcome.team_points[s.index("greedy")] for _, d, s in seen) == greedy.points
    data = result.to_json()
    assert data["teams"][0]["seats"] == [0, 2, 4]
    assert "team 0 (seats 0, 2 and 4)" in result.table()


def test_gouji_arena_is_the_same_in_processes_and_without_tribute() -> None:
    one = arena(RULES, ["greedy", "random"], 4, seed=5, workers=1)
    two = arena(RULES, ["greedy", "random"], 4, seed=5, workers=2)
    assert one.digest == two.digest
    decks: list[GoujiDeal] = []

    def keep(number: int, deal: ganzdy.agents.AnyDeal, seated: Sequence[str]) -> None:
        assert isinstance(deal, GoujiDeal)
        decks.append(deal)

    arena(RULES, ["greedy"], 2, seed=3, workers=1, on_deal=keep, tribute=False)
    assert all(d.previous is None and not d.tribute for d in decks)


# -- ganzdy play --game gouji -------------------------------------------------------------


def play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], answers: str, *argv: str
) -> tuple[int, str]:
    return play_game(monkeypatch, capsys, "gouji", answers, *argv)


def test_play_one_hand_shows_teams_the_opposite_and_the_places(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = play(monkeypatch, capsys, "1\n" * 400, "--seed", "5", "--deals", "1")
    assert code == 0
    match = GoujiMatch(RULES, [FirstMove(), *(ganzdy.GreedyAgent() for _ in range(5))], 1, 5)
    hand = match.play_next()
    assert (
        "you are seat 0, with seats 2, 4 (team 0) against seats 1, 3, 5; your 对家 is seat 3" in out
    )
    assert "== hand 1 of 1" in out and "first hand: no tribute" in out
    assert "-- seat 0 to act (you, team 0 with seats 2, 4; your 对家 is seat 3)" in out
    places = ", ".join(f"{PLACE_NAMES[i]} seat {s}" for i, s in enumerate(hand.places))
    assert f"hand 1 over: {places}" in out
    points = " ".join(f"{p:+d}" for p in hand.points)
    assert f"points this hand: {points}" in out
    verdict = "a tie" if match.winner is None else f"team {match.winner} wins"
    assert out.rstrip().endswith(verdict)


def test_play_two_hands_shows_the_tribute(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = play(monkeypatch, capsys, "1\n" * 800, "--seed", "8", "--deals", "2")
    assert code == 0
    match = GoujiMatch(RULES, [FirstMove(), *(ganzdy.GreedyAgent() for _ in range(5))], 2, 8)
    match.run()
    second = match.results[1]
    assert "== hand 2 of 2" in out
    names = {"dian": "点贡", "shao": "烧贡", "men": "闷贡", "luo": "落贡"}
    for p in second.tribute:
        assert f"tribute due: {names[p.kind]} seat {p.payer} -> seat {p.receiver}" in out
    if not second.tribute:
        assert "no tribute (the last hand was 串三户)" in out


def test_play_explains_bad_answers_and_quits(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = play(monkeypatch, capsys, "yield\nRJ RJ RJ RJ RJ\nq\n", "--seed", "3")
    assert code == 0
    assert "try again" in out
    assert out.rstrip().endswith("left the game after 0 finished hands; teams +0 / +0")


def test_play_gouji_bad_agents(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "--game", "gouji", "--agents", "greedy,random"]) == 2
    assert "Gouji has 5 seats beside yours" in capsys.readouterr().err


# -- ganzdy arena / replay --game gouji ------------------------------------------------


def test_cli_arena_gouji(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--game", "gouji", "--agents", "greedy,random", "--deals", "2"]
    assert main([*argv, "--seed", "1", "--quiet", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "team 0 (seats 0, 2 and 4):" in out and "team 1 (seats 1, 3 and 5):" in out
    assert "2 deals (" in out and "of gouji v1" in out
    assert main([*argv, "--seed", "1", "--quiet", "--workers", "1", "--no-tribute"]) == 0


def test_cli_arena_records_gouji_hands_that_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["arena", "--game", "gouji", "--agents", "greedy,random", "--deals", "2"]
    assert main([*argv, "--seed", "4", "--quiet", "--workers", "1", "--record", str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["replay", str(tmp_path / "deal-1.json")]) == 0
    out = capsys.readouterr().out
    deal = ganzdy.from_record((tmp_path / "deal-1.json").read_text(encoding="utf-8"))
    outcome = deal.outcome
    assert out.startswith("Rules('gouji'")
    assert "teams 0 (seats 0, 2, 4) and 1 (seats 1, 3, 5)" in out
    assert "  seat 0 (greedy): " in out and "  seat 1 (random): " in out
    assert f"{deal.ply:>4}  " in out
    assert f"points: {' '.join(f'{p:+d}' for p in outcome.points)}" in out
    if not outcome.void_hand:
        assert ", ".join(f"{PLACE_NAMES[i]} seat {s}" for i, s in enumerate(outcome.places)) in out
