"""The training target against the search's points reward, written out by hand."""

from __future__ import annotations

import math
import random
from types import SimpleNamespace

import pytest

import ganzdy
from ganzdy.train.reward import points_reward, points_scale, seat_rewards


def by_formula(game: str, points: float, base: int = 1) -> float:
    # ismcts.h: GDY 0.5 + 0.5 tanh(points / (32 base)); Guandan / 2; Gouji / 4 (team's).
    divisor = {"gan_deng_yan": 32.0 * max(base, 1), "guandan": 2.0, "gouji": 4.0}[game]
    return 0.5 + 0.5 * math.tanh(points / divisor)


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("gan_deng_yan", {"players": 4}),
        ("gan_deng_yan", {"players": 3, "base": 2}),
        ("gan_deng_yan", {"players": 5, "base": 5}),
        ("guandan", {}),
        ("gouji", {}),
    ],
)
def test_points_reward_is_the_search_formula(game: str, options: dict[str, int]) -> None:
    rules = ganzdy.Rules(game, **options)
    base = int(rules.option("base")) if game == "gan_deng_yan" else 1
    for points in (-96, -48, -7, -3, -1, 0, 1, 2, 5, 33, 200):
        assert points_reward(points, points_scale(rules)) == pytest.approx(
            by_formula(game, points, base), abs=1e-12
        )
    assert points_reward(0, points_scale(rules)) == 0.5


@pytest.mark.parametrize("game", ["gan_deng_yan", "guandan", "gouji"])
def test_seat_rewards_of_played_deals(game: str) -> None:
    rules = ganzdy.Rules(game)
    seen_nonzero = False
    for seed in range(12):
        outcome = rules.new_deal(seed=seed).playout("greedy", seed=seed)
        rewards = seat_rewards(rules, outcome)
        assert rewards.shape == (rules.players,)
        assert ((rewards >= 0) & (rewards <= 1)).all()
        for seat in range(rules.players):
            # Each seat's own points, except Gouji, where a seat is rewarded its team's.
            points = outcome.team_points[seat % 2] if game == "gouji" else outcome.points[seat]
            assert rewards[seat] == pytest.approx(by_formula(game, points), abs=1e-6)
            seen_nonzero |= points != 0
        if game != "gan_deng_yan":
            # Partners share a reward.
            assert all(rewards[s] == rewards[s % 2] for s in range(rules.players))
    assert seen_nonzero


def test_an_unknown_game_has_no_reward() -> None:
    class Other:
        game = "dou_dizhu"

    with pytest.raises(ganzdy.GanzdyError, match="dou_dizhu"):
        points_scale(Other())  # type: ignore[arg-type]


def rank_by_hand(game: str, outcome: object) -> list[float]:
    """The arena's pairwise share, written out: Gan Deng Yan ranks the winner first and
    the others by points (a tie is half); a team game gives its winners 1."""
    points = list(outcome.points)  # type: ignore[attr-defined]
    players = len(points)
    if game != "gan_deng_yan":
        team = outcome.winning_team  # type: ignore[attr-defined]
        return [0.5 if team is None else float(s % 2 == team) for s in range(players)]
    winner = None if outcome.drawn else outcome.winner  # type: ignore[attr-defined]
    shares = []
    for s in range(players):
        won = 0.0
        for t in range(players):
            if t == s:
                continue
            if winner == s:
                won += 1
            elif winner != t:
                won += 1.0 if points[s] > points[t] else 0.5 if points[s] == points[t] else 0.0
        shares.append(won / (players - 1))
    return shares


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("gan_deng_yan", {"players": 4}),
        ("gan_deng_yan", {"players": 6}),
        ("gan_deng_yan", {"players": 2}),
        ("guandan", {}),
        ("gouji", {}),
    ],
)
def test_rank_rewards_are_the_arenas_pairwise_share(game: str, options: dict[str, int]) -> None:
    rules = ganzdy.Rules(game, **options)
    rng = random.Random(game)
    losers_ordered = False
    for seed in range(40):
        deal = rules.new_deal(seed=seed)
        while not deal.is_terminal:  # random and greedy moves, mixed
            moves = deal.legal_moves
            deal.apply(
                moves[deal.greedy_index() if rng.random() < 0.5 else rng.randrange(len(moves))]
            )
        expected = rank_by_hand(game, deal.outcome)
        assert seat_rewards(rules, deal.outcome, "rank").tolist() == pytest.approx(expected)
        # What the search backs up is the same (ganzdy.search_rewards is its C++ code).
        assert ganzdy.search_rewards(deal, "rank") == pytest.approx(expected, abs=1e-12)
        assert ganzdy.search_rewards(deal, "points") == pytest.approx(
            seat_rewards(rules, deal.outcome, "points").tolist(), abs=1e-6
        )
        # Every pair of seats splits one game, so the shares sum to half the seats.
        if game == "gan_deng_yan":
            assert sum(expected) == pytest.approx(rules.players / 2)
            losers_ordered |= len(set(expected)) > 2
    assert losers_ordered or game != "gan_deng_yan" or rules.players == 2


def test_rank_rewards_by_hand() -> None:
    # Seat 2 went out; 1, 3 and 4 tie, ahead of 0.
    outcome = SimpleNamespace(drawn=False, winner=2, finish_order=[2], points=[-10, -4, 22, -4, -4])
    assert rank_by_hand("gan_deng_yan", outcome) == [0.0, 0.5, 1.0, 0.5, 0.5]
    rules = ganzdy.Rules("gan_deng_yan", players=5)
    assert seat_rewards(rules, outcome, "rank").tolist() == [0.0, 0.5, 1.0, 0.5, 0.5]


def test_an_unknown_reward_is_refused() -> None:
    rules = ganzdy.Rules("guandan")
    outcome = rules.new_deal(seed=1).playout("greedy")
    with pytest.raises(ganzdy.GanzdyError, match=r"'elo'.*'rank', 'points'"):
        seat_rewards(rules, outcome, "elo")
    deal = rules.new_deal(seed=1)
    with pytest.raises(ganzdy.RulesError, match="'elo'"):
        ganzdy.search_rewards(deal, "elo")
    with pytest.raises(ganzdy.RulesError, match="not over"):
        ganzdy.search_rewards(deal, "rank")
