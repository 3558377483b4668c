"""Guandan in the arena (teams, seats rotated, tribute after a random finish) and at the
terminal (`ganzdy play --game guandan`, scripted stdin; `ganzdy arena --game guandan`)."""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import ganzdy
from ganzdy import GuandanDeal, GuandanMatch, Rules
from ganzdy.cli import main
from ganzdy.guandan.match import previous_finish
from ganzdy.match import arena, team_round_robin
from terminal import FirstMove, play_game

RULES = Rules("guandan")


def results(result: ganzdy.ArenaResult) -> dict[str, Any]:
    data = result.to_json()
    return {k: v for k, v in data.items() if k not in ("backend", "workers", "timing")}


# -- the arena ---------------------------------------------------------------------


def test_team_schedule_swaps_sides_and_meets_every_pair() -> None:
    two = team_round_robin(2)
    assert two.tables == ((0, 1, 0, 1),) and two.rotations == 2 and two.round == 2
    assert [two.seating(k) for k in range(2)] == [(0, 1, 0, 1), (1, 0, 1, 0)]
    three = team_round_robin(3)
    assert three.tables == ((0, 1, 0, 1), (0, 2, 0, 2), (1, 2, 1, 2)) and three.round == 6
    assert team_round_robin(2, rotate=False).round == 1
    with pytest.raises(ganzdy.GanzdyError, match="two teams"):
        team_round_robin(1)


def test_arena_plays_teams_on_duplicate_hands() -> None:
    seen: list[tuple[int, GuandanDeal, list[str]]] = []

    def on_deal(number: int, deal: ganzdy.agents.AnyDeal, seated: Sequence[str]) -> None:
        assert isinstance(deal, GuandanDeal)
        seen.append((number, deal, list(seated)))

    result = arena(RULES, ["greedy", "random"], 8, seed=3, workers=1, on_deal=on_deal)
    greedy, rand = result.standings
    assert greedy.deals == rand.deals == 8 and greedy.wins + rand.wins == 8
    assert greedy.points == -rand.points and greedy.wins > rand.wins
    assert result.team_wins is not None and sum(result.team_wins) == 8
    assert greedy.rating > rand.rating
    for number, deal, seated in seen:
        k = number - 1
        assert seated == (["greedy", "random"] * 2 if k % 2 == 0 else ["random", "greedy"] * 2)
        # The two rotations of a deck: the same cards, the same previous finish.
        assert deal.seed == ganzdy._core.deal_seed(3, k // 2)
        assert deal.previous_finish == previous_finish(3, k // 2)
        assert deal.is_terminal and (deal.resisted or deal.tribute)
    data = result.to_json()
    assert [t["wins"] for t in data["teams"]] == list(result.team_wins)
    assert data["schedule"]["rotations"] == 2 and data["schedule"]["balanced"]
    assert "team 0 (seats 0 and 2)" in result.table()


def test_arena_without_tribute_plays_first_hands() -> None:
    decks: list[GuandanDeal] = []

    def keep(number: int, deal: ganzdy.agents.AnyDeal, seated: Sequence[str]) -> None:
        assert isinstance(deal, GuandanDeal)
        decks.append(deal)

    arena(RULES, ["greedy"], 4, seed=3, workers=1, on_deal=keep, tribute=False)
    assert all(d.previous_finish is None and not d.tribute for d in decks)


def test_guandan_arena_is_the_same_in_processes() -> None:
    specs = ["greedy", "random:seed=2", "random"]
    one = arena(RULES, specs, 12, seed=5, workers=1)
    two = arena(RULES, specs, 12, seed=5, workers=2)
    assert results(one) == results(two)
    assert [s.agent for s in one.standings] == ["greedy", "random:seed=2", "random"]
    # Three teams: each meets the two others; 12 hands are two rounds of 6.
    assert all(s.deals == 8 for s in one.standings)


def test_one_guandan_agent_makes_two_teams() -> None:
    result = arena(RULES, ["random"], 4, seed=1, workers=1)
    assert [s.agent for s in result.standings] == ["random#1", "random#2"]


# -- ganzdy play --game guandan ----------------------------------------------------------


def play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], answers: str, *argv: str
) -> tuple[int, str]:
    return play_game(monkeypatch, capsys, "guandan", answers, *argv)


def first_hand(seed: int) -> GuandanMatch:
    """The match `ganzdy play --game guandan --seed SEED` plays when every answer is 1."""
    agents = [FirstMove(), *(ganzdy.GreedyAgent() for _ in range(3))]
    return GuandanMatch(RULES, agents, seed=seed)


def test_play_one_hand_shows_partners_levels_and_the_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = play(monkeypatch, capsys, "1\n" * 300, "--seed", "5", "--deals", "1")
    assert code == 0
    match = first_hand(5)
    hand = match.play_next()
    assert "you are seat 0, your partner seat 2 (greedy), against seats 1 and 3" in out
    assert "== hand 1: level 2 (both teams'); team 0 (seats 0, 2) at 2" in out
    assert "first hand: no tribute" in out
    assert "-- seat 0 to act (you, team 0 with seat 2); level 2" in out
    assert f"your hand: {match.next_deal().hand(0)}" not in out  # the next hand is not dealt
    order = ", ".join(f"seat {s}" for s in hand.finish_order)
    assert f"hand 1 over: out in order {order}" in out
    assert f"wins {hand.result}, up {hand.upgrade}: team 0 at {hand.team_levels[0]}" in out
    levels = hand.team_levels
    assert out.rstrip().endswith(
        f"stopped after 1 hands: team 0 at {levels[0]}, team 1 at {levels[1]}"
    )


def test_play_shows_the_tribute_you_pay_and_hides_cards_you_may_not_see(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A seed whose second hand has seat 0 paying an unresisted tribute.
    for seed in range(100):
        match = first_hand(seed)
        match.play_next()
        deal = match.next_deal()
        if any(p.payer == 0 for p in deal.tribute):
            break
    else:
        raise AssertionError("no seed where seat 0 pays")
    code, out = play(monkeypatch, capsys, "1\n" * 600, "--seed", str(seed), "--deals", "2")
    assert code == 0
    second = out[out.index("== hand 2") :]
    assert "tribute from the last finishing order" in second
    assert "you must pay a tribute card (your highest, the wild hearts aside)" in second
    paid = deal.legal_moves[0].cards if deal.current_player == 0 else None
    assert re.search(r"seat 0 \(you\) chose a tribute card \(\w\w\)", second)
    if paid is not None:
        assert f"seat 0 (you) chose a tribute card ({paid})" in second
    assert re.search(r"tribute: seat 0 \(you\) pays \w\w to seat \d", second)
    returns = [line for line in second.splitlines() if re.search(r" gives .* back to ", line)]
    assert len(returns) in (1, 2)
    for line in returns:
        # A return card between others is given face down.
        shown = "(you)" in line
        assert bool(re.search(r"gives \w\w back", line)) == shown, line


def test_play_explains_bad_answers_and_quits(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seed = next(s for s in range(100) if first_hand(s).next_deal().first_leader == 0)
    hand = first_hand(seed).next_deal().hand(0)
    missing = next(c for c in ganzdy.Cards("3s 3h 3d 3c 4s 4h 4d 4c") if hand.count(c) == 0)
    answers = f"pass\n{missing} {missing}\nq\n"
    code, out = play(monkeypatch, capsys, answers, "--seed", str(seed))
    assert code == 0
    assert "you lead: the leader may not pass; try again" in out
    assert f"does not hold {missing} {missing}; try again" in out
    assert out.rstrip().endswith("left the game after 0 finished hands; team 0 at 2, team 1 at 2")


def test_play_guandan_bad_agents(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "--game", "guandan", "--agents", "greedy,random"]) == 2
    assert "Guandan has 3 seats beside yours" in capsys.readouterr().err


def test_cli_arena_guandan(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--game", "guandan", "--agents", "greedy,random", "--deals", "4"]
    assert main([*argv, "--seed", "1", "--quiet", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "team 0 (seats 0 and 2):" in out and "team 1 (seats 1 and 3):" in out
    assert "4 deals (0 drawn) of guandan v1" in out
    assert main([*argv, "--seed", "1", "--quiet", "--workers", "1", "--no-tribute"]) == 0
    assert main(["arena", "--agents", "greedy,random", "--deals", "2", "--no-tribute"]) == 2
    assert "--no-tribute is for Guandan" in capsys.readouterr().err


def test_cli_arena_records_guandan_hands_that_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["arena", "--game", "guandan", "--agents", "greedy,random", "--deals", "2"]
    assert main([*argv, "--seed", "4", "--quiet", "--workers", "1", "--record", str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["replay", str(tmp_path / "deal-1.json")]) == 0
    out = capsys.readouterr().out
    deal = ganzdy.from_record((tmp_path / "deal-1.json").read_text(encoding="utf-8"))
    outcome = deal.outcome
    assert out.startswith("Rules('guandan', players=4); seed ")
    assert f"after the finishing order {deal.previous_finish}" in out
    assert "  seat 0 (greedy): " in out and "  seat 1 (random): " in out
    assert f"{deal.ply:>4}  " in out
    assert f"team {outcome.winning_team} wins {outcome.result}, up {outcome.upgrade}" in out
