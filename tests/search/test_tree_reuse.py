"""Tree reuse: a searcher keeps the subtree the public moves since its last search lead
to, and only that."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import ganzdy
from ganzdy._core import (
    GanDengYanInformationSet,
    GanDengYanIsmctsSearcher,
    GuandanInformationSet,
    GuandanIsmctsSearcher,
    RulesError,
)

sys.path.insert(0, str(Path(__file__).parent))
from test_ismcts import random_position

RULES = ganzdy.Rules("gan_deng_yan", players=4)


def play_on(deal: ganzdy.GanDengYanDeal, seat: int) -> list[tuple[int, ganzdy.Move]]:
    """Greedy moves until `seat` has a choice again; the (seat, move) pairs played."""
    played = []
    while True:
        move = deal.legal_moves[deal.greedy_index()]
        played.append((deal.current_player, move))
        deal.push(move)
        if deal.is_terminal or (deal.current_player == seat and len(deal.legal_moves) > 1):
            return played  # type: ignore[return-value]


def test_the_subtree_of_the_moves_played_is_kept() -> None:
    kept = 0
    for seed in range(61, 81):
        deal = random_position(RULES, seed, plies=0)
        seat = deal.current_player
        assert seat is not None
        searcher = GanDengYanIsmctsSearcher()
        first = searcher.search(GanDengYanInformationSet(deal), [], iterations=2000, seed=1)
        assert first.reused == 0
        # The searched move, then the others' greedy replies until the seat chooses again.
        deal.push(first.move)
        since = [(seat, first.move), *play_on(deal, seat)]
        if deal.is_terminal or len(since) > 4:
            continue  # a line deeper than a 2,000-iteration tree is likely to reach
        second = searcher.search(GanDengYanInformationSet(deal), since, iterations=500, seed=2)
        total = sum(c.visits for c in second.children)
        # Every new iteration passes through one root edge; the kept edges had `reused`.
        assert second.iterations == 500
        assert total == 500 + second.reused
        kept += second.reused > 0
    assert kept >= 3


def test_a_line_the_tree_does_not_hold_starts_afresh() -> None:
    deal = random_position(RULES, 62, plies=0)
    seat = deal.current_player
    assert seat is not None
    searcher = GanDengYanIsmctsSearcher()
    searcher.search(GanDengYanInformationSet(deal), [], iterations=50, seed=1)
    # A move the 50 iterations cannot all have tried: the least visited.
    deal.push(deal.legal_moves[-1])
    since = [(seat, deal.history[-1][1])]
    since += play_on(deal, seat)
    result = searcher.search(GanDengYanInformationSet(deal), since, iterations=100, seed=2)
    if result.reused == 0:
        assert sum(c.visits for c in result.children) == 100
    # Another seat's information set resets the tree.
    other = GanDengYanInformationSet(deal, (seat + 1) % 4)
    with pytest.raises(RulesError):
        searcher.search(other, [], iterations=10)  # not that seat's turn
    # A reset forgets everything.
    searcher.reset()
    again = searcher.search(GanDengYanInformationSet(deal), [], iterations=100, seed=2)
    assert again.reused == 0 and sum(c.visits for c in again.children) == 100


def test_a_kept_tree_gives_the_same_choice_as_more_iterations_would_suggest() -> None:
    """Reuse is the same search, continued: a searcher continuing from its own root
    (no moves since) adds its iterations to the tree's."""
    info = GanDengYanInformationSet(random_position(RULES, 63, plies=4))
    searcher = GanDengYanIsmctsSearcher()
    a = searcher.search(info, [], iterations=200, seed=1)
    b = searcher.search(info, [], iterations=200, seed=2)
    assert b.reused == sum(c.visits for c in a.children) == 200
    assert sum(c.visits for c in b.children) == 400


def test_card_games_keep_their_trees_too() -> None:
    """Guandan: continuing from the same root keeps every visit; a line the tree does not
    hold (card-level moves of the others that its worlds never dealt them) starts afresh."""
    deal = ganzdy.GuandanDeal(ganzdy.Rules("guandan"), 29, previous_finish=[0, 2, 1, 3])
    while deal.phase != "play" or len(deal.legal_moves) < 2:
        deal.push(deal.legal_moves[0])
    seat = deal.current_player
    searcher = GuandanIsmctsSearcher()
    info = GuandanInformationSet(deal)
    first = searcher.search(info, [], iterations=300, seed=1)
    again = searcher.search(info, [], iterations=100, seed=2)
    assert again.reused == 300 and sum(c.visits for c in again.children) == 400
    deal.push(first.move)
    since = [(seat, first.move)]
    while not deal.is_terminal and (deal.current_player != seat or len(deal.legal_moves) < 2):
        move = deal.legal_moves[deal.greedy_index()]
        since.append((deal.current_player, move))
        deal.push(move)
    second = searcher.search(GuandanInformationSet(deal), since, iterations=100, seed=2)
    assert sum(c.visits for c in second.children) == 100 + second.reused


def test_bad_since_is_refused() -> None:
    info = GanDengYanInformationSet(random_position(RULES, 64, plies=0))
    searcher = GanDengYanIsmctsSearcher()
    with pytest.raises(TypeError, match="since"):
        searcher.search(info, [(0, "5s")], iterations=10)  # type: ignore[list-item]
    with pytest.raises(ganzdy.GanzdyError):
        searcher.search(info, [(9, ganzdy.Move("pass"))], iterations=10)


def test_the_agent_reuses_and_plays_whole_deals() -> None:
    agent = ganzdy.make_agent("ismcts:iterations=100:reuse=true:seed=1")
    assert isinstance(agent, ganzdy.ISMCTS) and agent.reuse
    reused = []

    class Watch:
        name = "watch"

        def act(self, view: ganzdy.SeatView) -> ganzdy.Move:
            move = agent.act(view)
            if agent.last_result is not None:
                reused.append(agent.last_result.reused)
            return move

    for seed in (1, 2):
        deal = ganzdy.play_deal(
            RULES, [Watch(), *(ganzdy.GreedyAgent() for _ in range(3))], seed=seed
        )
        assert deal.is_terminal
    assert any(r > 0 for r in reused)
    # The same seed plays the same moves.
    again = ganzdy.make_agent("ismcts:iterations=100:reuse=true:seed=1")
    d1 = ganzdy.play_deal(RULES, [again, *(ganzdy.GreedyAgent() for _ in range(3))], seed=1)
    once = ganzdy.make_agent("ismcts:iterations=100:reuse=true:seed=1")
    d2 = ganzdy.play_deal(RULES, [once, *(ganzdy.GreedyAgent() for _ in range(3))], seed=1)
    assert d1.history == d2.history
