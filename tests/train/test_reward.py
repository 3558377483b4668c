"""The training target against the search's points reward, written out by hand."""

from __future__ import annotations

import math

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
