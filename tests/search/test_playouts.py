"""Batch self-play in C++ (issue 4 §2): determinism, invariants, agreement with the Deal API."""

import numpy as np
import pytest

import ganzdy
from ganzdy import Rules

RULES = Rules("gan_deng_yan", players=4)


def test_results_do_not_depend_on_threads() -> None:
    one = ganzdy.playouts(
        RULES, 400, agents=["greedy", "random", "random", "random"], seed=9, threads=1
    )
    two = ganzdy.playouts(
        RULES, 400, agents=["greedy", "random", "random", "random"], seed=9, threads=2
    )
    four = ganzdy.playouts(
        RULES, 400, agents=["greedy", "random", "random", "random"], seed=9, threads=4
    )
    for a, b in ((one, two), (one, four)):
        assert np.array_equal(a.points, b.points)
        assert np.array_equal(a.winner, b.winner)
        assert np.array_equal(a.plies, b.plies)
        assert np.array_equal(a.bombs, b.bombs)
    other = ganzdy.playouts(RULES, 400, agents="random", seed=10, threads=2)
    assert not np.array_equal(one.points, other.points)


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": 3, "triple_mode": "bomb", "draw_policy": "winner_only"},
        {"players": 5, "end_condition": "ranking", "king_bomb": "small_plus_big"},
        {"players": 6, "initial_hand_size": 2, "dealer_extra_cards": 0, "draw_policy": "none"},
    ],
)
def test_batch_invariants(options: dict[str, object]) -> None:
    rules = Rules("gan_deng_yan", **options)  # type: ignore[arg-type]
    result = ganzdy.playouts(rules, 300, agents="random", seed=1, threads=2)
    n = rules.players
    assert result.points.shape == (300, n) and result.points.dtype == np.int64
    assert (result.points.sum(axis=1) == 0).all()
    drawn = result.winner == -1
    assert (result.points[drawn] == 0).all()
    won = ~drawn
    assert (result.points[won, result.winner[won]] >= 0).all()
    assert (result.plies > 0).all() and (result.bombs >= 0).all()


def test_a_batch_deal_replays_through_the_deal_api() -> None:
    """Deal i of a batch is rules.new_deal(seed=deal_seed(seed, i), dealer=i % players)."""
    batch = ganzdy.playouts(RULES, 30, agents="greedy", seed=4, threads=2)
    for i in range(30):
        deal = RULES.new_deal(seed=ganzdy._core.deal_seed(4, i), dealer=i % 4)
        plies = 0
        while not deal.is_terminal:
            moves = list(deal.legal_moves)
            pick = deal.greedy_index()
            deal.push(moves[pick])
            plies += 1
        assert plies == batch.plies[i]
        assert deal.outcome.points == batch.points[i].tolist()
        assert deal.bombs_played == batch.bombs[i]


def test_playout_from_a_position_leaves_it_alone() -> None:
    deal = RULES.new_deal(seed=12)
    for _ in range(7):
        deal.push(deal.legal_moves[0 if deal.table.is_pass else -1])
    before = deal.hash()
    outcome = deal.playout(["greedy", "random", "random", "random"], seed=3)
    assert deal.hash() == before
    assert outcome.over and sum(outcome.points) == 0
    assert deal.playout("random", seed=3).points == deal.playout("random", seed=3).points


def test_bad_arguments() -> None:
    with pytest.raises(ganzdy.RulesError, match="unknown built-in policy 'mcts'"):
        ganzdy.playouts(RULES, 5, agents="mcts")
    with pytest.raises(
        ganzdy.RulesError, match="give one policy for every seat or 4 policies, got 3"
    ):
        ganzdy.playouts(RULES, 5, agents=["random"] * 3)
    with pytest.raises(ganzdy.RulesError, match="deals=-1 is not allowed"):
        ganzdy.playouts(RULES, -1)
    assert ganzdy.playouts(RULES, 0, seed=1).points.shape == (0, 4)
