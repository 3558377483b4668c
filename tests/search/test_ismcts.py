"""ISMCTS: determinism, legality, no cheating, forced and winning moves, budgets, threads,
and whole deals through Match, the arena and the command line."""

from __future__ import annotations

import doctest
import io
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

import ganzdy
from ganzdy._core import GanDengYanInformationSet, IsmctsResult, RulesError, ismcts
from ganzdy.cli import main

RULES = ganzdy.Rules("gan_deng_yan", players=4)


def random_position(
    rules: ganzdy.Rules, seed: int, plies: int | None = None
) -> ganzdy.GanDengYanDeal:
    """A deal played at random for about `plies` moves (default: a random number), then on
    to the first position with a choice to make."""
    rng = random.Random(seed)
    while True:
        deal = rules.new_deal(seed=seed, dealer=seed % rules.players)
        target = rng.randrange(0, 120) if plies is None else plies
        while not deal.is_terminal and (deal.ply < target or len(deal.legal_moves) < 2):
            deal.push(rng.choice(list(deal.legal_moves)))
        if not deal.is_terminal:
            return deal
        seed += 1000


def dealt(rules: ganzdy.Rules, hands: Sequence[str], dealer: int = 0) -> ganzdy.GanDengYanDeal:
    """A deal whose seats hold `hands` (dealer first in dealing order), the rest the stock."""
    n = rules.players
    per_seat = [list(ganzdy.Cards(h)) for h in hands]
    size = min(len(h) for h in per_seat)
    order = [per_seat[(dealer + k) % n][i] for i in range(size) for k in range(n)]
    order += per_seat[dealer][size:]
    order += list(rules.deck - ganzdy.Cards(" ".join(order)))
    deal = rules.new_deal(deck=order, dealer=dealer)
    assert [deal.hand(s) for s in range(n)] == [ganzdy.Cards(h) for h in hands]
    return deal


def stats(result: IsmctsResult) -> list[tuple[int, int, int, float]]:
    return [(c.id, c.visits, c.available, c.reward) for c in result.children]


# -- determinism and legality --------------------------------------------------------


def test_same_seed_same_search() -> None:
    deal = random_position(RULES, 3, plies=12)
    info = GanDengYanInformationSet(deal)
    for rollout in ("random", "greedy"):
        a = ismcts(info, iterations=300, seed=11, rollout=rollout)
        b = ismcts(info, iterations=300, seed=11, rollout=rollout)
        assert a.move == b.move and a.index == b.index and stats(a) == stats(b)
        assert a.iterations == 300 and a.nodes == b.nodes
    # The agent draws its searches' seeds from its own seed.
    view = ganzdy.view_for(deal)
    first = [ganzdy.ISMCTS(iterations=100, seed=5).act(view) for _ in range(2)]
    assert first[0] == first[1]


def test_root_statistics_add_up() -> None:
    info = GanDengYanInformationSet(random_position(RULES, 8, plies=0))
    result = ismcts(info, iterations=500, seed=2)
    assert [c.move for c in result.children] == info.legal_moves
    assert sum(c.visits for c in result.children) == 500
    assert all(c.available >= c.visits >= 1 for c in result.children)
    assert all(0.0 <= c.reward <= 1.0 for c in result.children)
    best = max(c.visits for c in result.children)
    assert result.children[result.index].visits == best
    assert result.id == result.children[result.index].id == info.rules.move_id(result.move)


@pytest.mark.parametrize(
    "rules",
    [
        RULES,
        ganzdy.Rules("gan_deng_yan", players=2),
        ganzdy.Rules("gan_deng_yan", players=3, end_condition="ranking"),
        ganzdy.Rules("gan_deng_yan", players=5, king_bomb="small_plus_big", base=10),
        ganzdy.Rules("gan_deng_yan", players=4, stuck_leader="allow_joker_only_final"),
        ganzdy.Rules("gan_deng_yan", players=4, triple_mode="bomb", bomb_min_size=3),
    ],
    ids=str,
)
def test_chosen_move_is_legal_in_random_positions(rules: ganzdy.Rules) -> None:
    for seed in range(40):
        deal = random_position(rules, seed)
        rollout, reward = ("random", "greedy")[seed % 2], ("win", "points", "mixed")[seed % 3]
        result = ismcts(
            GanDengYanInformationSet(deal), iterations=40, seed=seed, rollout=rollout, reward=reward
        )
        assert result.move in deal.legal_moves
        assert deal.legal_moves[result.index] == result.move
        deal.push(result.move)


# -- no cheating ---------------------------------------------------------------------


def twin_with_other_hidden_cards(deal: ganzdy.GanDengYanDeal, seat: int) -> ganzdy.GanDengYanDeal:
    """The same moves on a deck where two cards `seat` has not seen trade places."""
    deck, history = list(deal.deck), deal.history
    for p in range(len(deck) - 1):
        if deck[p] == deck[-1]:
            continue
        order = deck.copy()
        order[p], order[-1] = order[-1], order[p]
        twin = deal.rules.new_deal(deck=order, dealer=deal.dealer)
        try:
            for _, move in history:
                twin.push(move)
        except ganzdy.IllegalMoveError:
            continue
        same_view = twin.hand(seat) == deal.hand(seat) and twin.played == deal.played
        hidden_differ = any(twin.hand(s) != deal.hand(s) for s in range(deal.players))
        if same_view and hidden_differ and twin.hand_sizes == deal.hand_sizes:
            return twin
    raise AssertionError("no twin deal found")


def test_no_cheating_same_decision_whatever_the_hidden_cards() -> None:
    for seed in range(6):
        deal = random_position(RULES, 100 + seed, plies=4 * seed + 1)
        seat = deal.current_player
        assert seat is not None
        twin = twin_with_other_hidden_cards(deal, seat)
        assert twin.hash() != deal.hash()
        mine, theirs = GanDengYanInformationSet(deal), GanDengYanInformationSet(twin)
        # The worlds searched are the same, and so is everything the search returns.
        for k in range(3):
            assert mine.sample_world(k).hash() == theirs.sample_world(k).hash()
        for threads in (1, 2):
            a = ismcts(mine, iterations=200, seed=seed, threads=threads, rollout="greedy")
            b = ismcts(theirs, iterations=200, seed=seed, threads=threads, rollout="greedy")
            assert a.move == b.move and stats(a) == stats(b)
        # The agent, given each deal's view, plays the same move.
        moves = [
            ganzdy.ISMCTS(iterations=100, seed=seed).act(ganzdy.view_for(d)) for d in (deal, twin)
        ]
        assert moves[0] == moves[1]
        # A sampled world is another deal consistent with the seat's view: the same again.
        world = deal.sample_world(seat, 99)
        c = ismcts(GanDengYanInformationSet(world, seat), iterations=200, seed=seed)
        assert stats(c) == stats(ismcts(mine, iterations=200, seed=seed))


def test_information_set_keeps_no_hidden_card() -> None:
    deal = random_position(RULES, 21, plies=9)
    seat = deal.current_player
    assert seat is not None
    info = GanDengYanInformationSet(deal, seat)
    world = info.sample_world(0)
    assert world.hand(seat) == deal.hand(seat) and world.played == deal.played
    assert world.hand_sizes == deal.hand_sizes and world.stock_size == deal.stock_size
    assert world.seed is None and world.root_ply == 0  # a deal with its own past (issue 16)
    # Another seat's information set samples that seat's view.
    other = (seat + 1) % 4
    assert GanDengYanInformationSet(deal, other).sample_world(0).hand(other) == deal.hand(other)


# -- forced and winning moves --------------------------------------------------------


def test_one_legal_move_is_returned_at_once() -> None:
    # Seat 1 must answer a single 2 and holds no bomb: passing is all it can do.
    deal = dealt(RULES, ["2s 3c 4c 5c 7c 9c", "3d 4d 5d 7d 9d", "3h 4h 5h 7h 9h", "3s 4s 5s 7s 9s"])
    deal.push(ganzdy.Move("single", "2", "2s"))
    assert len(deal.legal_moves) == 1
    start = time.perf_counter()
    result = ismcts(GanDengYanInformationSet(deal), iterations=10**9)
    assert time.perf_counter() - start < 0.5
    assert result.move == ganzdy.Move("pass") and result.iterations == 0 and result.nodes == 0
    agent = ganzdy.ISMCTS(iterations=10**9)
    assert agent.act(ganzdy.view_for(deal)) == ganzdy.Move("pass") and agent.last_result is None


def test_goes_out_when_it_can() -> None:
    # The dealer's six cards make one straight; every other lead leaves cards behind.
    deal = dealt(RULES, ["5s 6h 7d 8c 9s Ts", "3d 4d Jd Qd Kd", "3h 4h Jh Qh Kh", "3s 4s Js Qs Ks"])
    assert len(deal.legal_moves) > 10
    going_out = ganzdy.Move("straight", "5", "5s 6h 7d 8c 9s Ts")
    for rollout in ("random", "greedy"):
        for reward in ("win", "points", "mixed"):
            result = ismcts(
                GanDengYanInformationSet(deal),
                iterations=300,
                seed=1,
                rollout=rollout,
                reward=reward,
            )
            assert result.move == going_out
    # Following: straight 6-T on 5-9 goes out; passing lets the leader go on.
    deal = dealt(RULES, ["5s 6d 7c 8h 9h Kc", "6s 7h 8d 9c Ts", "3h 4h Jh Qh Kh", "3s 4s Js Qs Ks"])
    deal.push(ganzdy.Move("straight", "5", "5s 6d 7c 8h 9h"))
    out = ganzdy.Move("straight", "6", "6s 7h 8d 9c Ts")
    assert list(deal.legal_moves) == [ganzdy.Move("pass"), out]
    assert ganzdy.ISMCTS(iterations=200, seed=3).act(ganzdy.view_for(deal)) == out


# -- budgets and threads -------------------------------------------------------------


def test_time_limit_is_honoured() -> None:
    info = GanDengYanInformationSet(random_position(RULES, 5, plies=0))
    for limit in (0.05, 0.3):
        start = time.perf_counter()
        result = ismcts(info, time_limit=limit, seed=1)
        elapsed = time.perf_counter() - start
        assert limit <= result.seconds <= elapsed < limit + 0.5
        assert result.iterations >= 1
    # Whichever budget ends first: a huge iteration count stops at the time limit ...
    result = ismcts(info, iterations=10**9, time_limit=0.1, seed=1)
    assert result.iterations < 10**9 and result.seconds < 0.6
    # ... and a small one before it.
    result = ismcts(info, iterations=50, time_limit=30.0, seed=1)
    assert result.iterations == 50 and result.seconds < 5


def test_threads_search_in_parallel() -> None:
    for seed in range(5):
        deal = random_position(RULES, 300 + seed)
        info = GanDengYanInformationSet(deal)
        a = ismcts(info, iterations=301, threads=2, seed=seed)
        assert a.move in deal.legal_moves and a.iterations == 301
        assert sum(c.visits for c in a.children) == 301
        # With an iteration budget, a thread count and a seed, it is reproducible.
        b = ismcts(info, iterations=301, threads=2, seed=seed)
        assert stats(a) == stats(b)
    timed = ismcts(
        GanDengYanInformationSet(random_position(RULES, 9, plies=0)), time_limit=0.1, threads=2
    )
    assert timed.iterations >= 2 and timed.seconds < 1.0
    # More threads than iterations: one iteration each.
    assert ismcts(info, iterations=3, threads=8, seed=1).iterations == 3


def test_bad_arguments_are_refused() -> None:
    deal = random_position(RULES, 4, plies=3)
    info = GanDengYanInformationSet(deal)
    for kwargs, message in [
        ({"iterations": 0}, "iterations=0 must be a positive int"),
        ({"time_limit": -1.0}, "time_limit=-1.0 must be a positive number"),
        ({"threads": 0}, "threads must be at least 1"),
        ({"c": -0.5}, "exploration constant must be a non-negative number"),
        ({"rollout": "smart"}, "unknown built-in policy 'smart'"),
        ({"reward": "glory"}, "unknown reward 'glory'"),
    ]:
        with pytest.raises(RulesError, match=message):
            ismcts(info, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ismcts(info, iterations=1.5)  # type: ignore[arg-type]
    other = (deal.current_player + 1) % 4  # type: ignore[operator]
    with pytest.raises(RulesError, match=f"is to act, not seat {other}"):
        ismcts(GanDengYanInformationSet(deal, other))
    with pytest.raises(RulesError, match="not a seat"):
        GanDengYanInformationSet(deal, 4)
    finished = ganzdy.play_deal(RULES, [ganzdy.GreedyAgent()] * 4, seed=1)
    with pytest.raises(RulesError, match="the deal is over"):
        GanDengYanInformationSet(finished)
    with pytest.raises(RulesError, match="the deal is over"):
        ismcts(GanDengYanInformationSet(finished, 0))
    for spec, message in [
        ("ismcts:rollout=smart", "rollout='smart' must be 'random', 'greedy' or 'learned'"),
        ("ismcts:iterations=0", "iterations=0 must be a positive int"),
        ("ismcts:time_limit=0", "time_limit=0 must be a positive number"),
        ("ismcts:reward=glory", "reward='glory'"),
        ("ismcts:depth=3", "unknown parameter 'depth'"),
    ]:
        with pytest.raises(ganzdy.AgentError, match=message):
            ganzdy.make_agent(spec)


def test_a_view_without_information_is_refused() -> None:
    deal = random_position(RULES, 2, plies=0)
    view = ganzdy.view_for(deal)
    fields = {name: getattr(view, name) for name in ganzdy.SeatView.FIELDS}
    bare = ganzdy.SeatView(**{**fields, "information": None})
    with pytest.raises(ganzdy.AgentError, match="no information set"):
        ganzdy.ISMCTS(iterations=10).act(bare)


# -- whole deals ---------------------------------------------------------------------


def test_plays_whole_deals_in_a_match_and_the_arena() -> None:
    agent = ganzdy.make_agent("ismcts:iterations=60:rollout=greedy:c=0.5:reward=win", seed=4)
    assert isinstance(agent, ganzdy.ISMCTS)
    assert (agent.iterations, agent.rollout, agent.c, agent.reward) == (60, "greedy", 0.5, "win")
    match = ganzdy.GanDengYanMatch(
        RULES, [agent, *(ganzdy.GreedyAgent() for _ in range(3))], deals=2, seed=8
    )
    results = match.run()
    assert len(results) == 2 and sum(match.points) == 0
    specs = ["ismcts:iterations=40:threads=2", "greedy", "greedy", "random"]
    first = ganzdy.arena(RULES, specs, deals=4, seed=5)
    again = ganzdy.arena(RULES, specs, deals=4, seed=5)
    assert [s.points for s in first.standings] == [s.points for s in again.standings]
    assert first.standings[0].agent == specs[0] and first.standings[0].moves > 0


def test_command_line_arena_and_play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    agents = "ismcts:iterations=30:rollout=greedy,greedy,greedy,greedy"
    code = main(["arena", "--agents", agents, "--deals", "4", "--seed", "1", "--quiet"])
    out, err = capsys.readouterr()
    assert code == 0 and "ismcts:iterations=30:rollout=greedy" in out and not err
    # The person at seat 0 always answers with the first legal move.
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 400))
    code = main(["play", "--agents", "ismcts:iterations=30,greedy,greedy", "--seed", "2"])
    out, err = capsys.readouterr()
    assert code == 0 and "wins the deal" in out and "points this deal" in out


def test_search_doc_examples_run() -> None:
    path = Path(__file__).resolve().parents[2] / "docs" / "search.md"
    failures, tried = doctest.testfile(
        str(path), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert tried >= 10 and failures == 0
