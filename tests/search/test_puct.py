"""The search with an evaluator: PUCT selection, leaf values, learned rollouts, the
Python-callable hook (its inputs, its errors, Ctrl-C) and no cheating through it."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import ganzdy
from ganzdy._core import (
    GanDengYanInformationSet,
    GanzdyError,
    GoujiInformationSet,
    GuandanInformationSet,
    IsmctsResult,
    RulesError,
    ismcts,
)
from ganzdy.network import move_size, move_vectors

sys.path.insert(0, str(Path(__file__).parent))
from test_ismcts import dealt, random_position, twin_with_other_hidden_cards

RULES = ganzdy.Rules("gan_deng_yan", players=4)
Array = npt.NDArray[np.float32]
Evaluator = Callable[[Array, Array], tuple[Any, float]]


def uniform(observation: Array, moves: Array) -> tuple[Array, float]:
    return np.full(len(moves), 1.0 / len(moves), dtype=np.float32), 0.5


def visits(result: IsmctsResult) -> list[int]:
    return [c.visits for c in result.children]


# -- PUCT against plain UCT -----------------------------------------------------------


def test_uniform_prior_and_rollouts_find_what_uct_finds() -> None:
    """With a uniform prior and rollouts only (value_weight 0), PUCT is UCT with
    another exploration term: where one move wins outright, both must pick it, and
    the winning move must take most of PUCT's visits."""
    deal = dealt(RULES, ["5s 6h 7d 8c 9s Ts", "3d 4d Jd Qd Kd", "3h 4h Jh Qh Kh", "3s 4s Js Qs Ks"])
    going_out = ganzdy.Move("straight", "5", "5s 6h 7d 8c 9s Ts")
    info = GanDengYanInformationSet(deal)
    uct = ismcts(info, iterations=400, seed=1)
    puct = ismcts(info, iterations=400, seed=1, evaluator=uniform, value_weight=0.0, root="puct")
    assert uct.move == puct.move == going_out
    chosen = puct.children[puct.index]
    assert chosen.visits > 0.5 * puct.iterations
    # Going out is worth the others' cards, which differ between worlds: the two
    # searches' means over different samples of worlds agree closely, not exactly.
    assert chosen.reward == pytest.approx(uct.children[uct.index].reward, abs=0.03)


def test_uniform_prior_agrees_with_uct_on_clear_positions() -> None:
    """In random positions, PUCT with a uniform prior and UCT agree on the move whenever
    UCT's choice is clear: most of its visits, and a mean reward above every other
    well-tried move's by more than the noise of a few hundred rollouts (0.04); and both
    searches count the same iterations."""
    agreed = clear = 0
    for seed in range(40):
        info = GanDengYanInformationSet(random_position(RULES, 300 + seed))
        uct = ismcts(info, iterations=600, seed=seed)
        puct = ismcts(
            info, iterations=600, seed=seed, evaluator=uniform, value_weight=0.0, root="puct"
        )
        assert uct.iterations == puct.iterations == 600
        best = uct.children[uct.index]
        others = [c.reward for c in uct.children if c is not best and c.visits >= 30]
        if best.visits >= 300 and others and best.reward > max(others) + 0.04:
            clear += 1
            agreed += puct.move == uct.move
    assert clear >= 3
    assert agreed == clear


def test_a_prior_steers_the_search() -> None:
    """An evaluator that puts nearly all its prior on one legal move makes that move the
    most visited at the PUCT root, whichever it is."""
    info = GanDengYanInformationSet(random_position(RULES, 41, plies=0))
    n = len(info.legal_moves)
    assert n > 5
    for target in (0, n // 2, n - 1):

        def prefer(observation: Array, moves: Array, target: int = target) -> tuple[Array, float]:
            priors = np.full(len(moves), 1e-3, dtype=np.float32)
            if len(moves) == n:  # the root: its legal moves in legal-move order
                priors[target] = 1.0
            return priors, 0.5

        result = ismcts(info, iterations=300, seed=2, evaluator=prefer, c_puct=3.0, root="puct")
        assert result.index == target, visits(result)
        assert visits(result)[target] > 0.5 * result.iterations


def test_value_weight_mixes_value_and_rollout() -> None:
    """One iteration expands one root move and values the position after it, where the
    next seat acts: with leaf_value='actor' an evaluator's constant v is v to that seat
    and 1/2 - (v - 1/2) / 3 to the root seat. value_weight w mixes it with the rollout
    of the same world."""
    info = GanDengYanInformationSet(random_position(RULES, 9, plies=0))

    def constant(observation: Array, moves: Array) -> tuple[Array, float]:
        return np.ones(len(moves), dtype=np.float32), 0.9

    def root_reward(weight: float, leaf_value: str = "actor") -> float:
        result = ismcts(
            info,
            iterations=1,
            seed=4,
            evaluator=constant,
            value_weight=weight,
            leaf_value=leaf_value,
        )
        visited = [c for c in result.children if c.visits > 0]
        assert len(visited) == 1
        return visited[0].reward

    value, rollout, mixed = root_reward(1.0), root_reward(0.0), root_reward(0.25)
    assert value == pytest.approx(0.5 - 0.4 / 3)
    assert rollout != pytest.approx(value)
    assert mixed == pytest.approx(0.25 * value + 0.75 * rollout)
    # The default, 'own': the next three seats play their best move and the position
    # where the root seat acts again is valued, from its side: v itself.
    assert root_reward(1.0, "own") == pytest.approx(0.9)


def test_own_leaf_values_come_from_the_searching_seat() -> None:
    """leaf_value='own' asks the evaluator for a value only where the searching seat
    acts. An evaluator that tells the seats apart by where the dealer sits from them
    values the searching seat's positions 0.9 and every other seat's 0.1: with 'own'
    every leaf is worth 0.9 to the root, with 'actor' the other seats' leaves are worth
    1/2 + 0.4 / 3 to it."""
    from ganzdy.env import split

    deal = random_position(RULES, 5, plies=0)
    info = GanDengYanInformationSet(deal)
    mine = split(RULES, deal.observation(deal.current_player))["dealer"].copy()

    def by_seat(observation: Array, moves: Array) -> tuple[Array, float]:
        ours = bool((split(RULES, observation)["dealer"] == mine).all())
        return np.ones(len(moves), dtype=np.float32), 0.9 if ours else 0.1

    def means(leaf_value: str) -> set[float]:
        result = ismcts(
            info, iterations=200, seed=3, evaluator=by_seat, leaf_value=leaf_value, root="puct"
        )
        return {round(c.reward, 6) for c in result.children if c.visits > 0}

    assert means("own") == {0.9}
    # With 'actor' a root child's mean mixes leaves of both kinds.
    theirs = 0.5 + 0.4 / 3
    assert any(theirs - 1e-6 <= m < 0.9 - 1e-6 for m in means("actor"))


def test_team_values_go_to_the_team() -> None:
    """Guandan: the evaluator's value is the acting seat's team's; the other team gets its
    complement. A constant value v at every leaf gives the root seat v or 1 - v."""
    deal = ganzdy.GuandanDeal(ganzdy.Rules("guandan"), 7, previous_finish=[0, 2, 1, 3])
    while deal.phase != "play" or len(deal.legal_moves) < 2:
        deal.push(deal.legal_moves[0])
    info = GuandanInformationSet(deal)

    def constant(observation: Array, moves: Array) -> tuple[Array, float]:
        return np.ones(len(moves), dtype=np.float32), 0.8

    # The PUCT root spreads 100 iterations over a thousand moves, so every root edge
    # is a leaf valued once, after which an opponent acts. value_weight=1: every leaf
    # valued by the evaluator (Guandan's own setting is rollouts alone).
    result = ismcts(info, iterations=100, seed=1, evaluator=constant, root="puct", value_weight=1.0)
    assert {round(c.reward, 6) for c in result.children if c.visits > 0} <= {0.8, 0.2}


def test_learned_rollout_plays_the_highest_prior() -> None:
    """rollout='learned' follows the evaluator's favourite: an evaluator that favours the
    greedy policy's move plays the same rollouts as the greedy rollout."""
    deal = random_position(RULES, 13, plies=3)
    info = GanDengYanInformationSet(deal)
    calls = []

    def first_move(observation: Array, moves: Array) -> tuple[Array, float]:
        calls.append(len(moves))
        priors = np.zeros(len(moves), dtype=np.float32)
        priors[0] = 1.0
        return priors, 0.5

    result = ismcts(
        info, iterations=20, seed=1, evaluator=first_move, value_weight=0.0, rollout="learned"
    )
    assert result.iterations == 20
    # Rollouts ask at every choice of every seat: far more calls than iterations.
    assert len(calls) > 100
    with pytest.raises(RulesError, match="learned rollout needs an evaluator"):
        ismcts(info, iterations=20, rollout="learned")


def test_builtin_greedy_evaluator_plays_every_game() -> None:
    for game, make in (
        ("gan_deng_yan", GanDengYanInformationSet),
        ("guandan", GuandanInformationSet),
        ("gouji", GoujiInformationSet),
    ):
        rules = ganzdy.Rules(game)
        deal = rules.new_deal(seed=5)
        while len(deal.legal_moves) < 2:
            deal.push(deal.legal_moves[0])
        result = ismcts(make(deal), iterations=60, seed=1, evaluator="greedy")  # type: ignore[arg-type]
        assert result.move in list(deal.legal_moves)
        assert sum(visits(result)) == 60


# -- the Python hook: its inputs -------------------------------------------------------


def recorder(calls: list[tuple[Array, Array]]) -> Evaluator:
    def record(observation: Array, moves: Array) -> tuple[Array, float]:
        calls.append((observation.copy(), moves.copy()))
        return np.ones(len(moves), dtype=np.float32), 0.5

    return record


@pytest.mark.parametrize("game", ["guandan", "gouji"])
def test_evaluator_sees_the_observation_and_move_vectors(game: str) -> None:
    """The first call is at the root, in the searching seat's own position: its inputs are
    the seat's observation and ganzdy.network.move_vectors of legal_move_features()."""
    rules = ganzdy.Rules(game)
    deal = rules.new_deal(seed=11)
    while deal.phase != "play" or len(deal.legal_moves) < 2:
        deal.push(deal.legal_moves[-1])
    seat = deal.current_player
    make = GuandanInformationSet if game == "guandan" else GoujiInformationSet
    calls: list[tuple[Array, Array]] = []
    ismcts(make(deal), iterations=5, seed=1, evaluator=recorder(calls))  # type: ignore[arg-type]
    observation, moves = calls[0]
    assert observation.dtype == np.float32 and moves.dtype == np.float32
    np.testing.assert_array_equal(observation, deal.observation(seat))
    np.testing.assert_array_equal(moves, move_vectors(deal.legal_move_features()))
    assert moves.shape == (len(deal.legal_moves), move_size())


def test_gan_deng_yan_move_vectors_count_ranks_and_name_the_kind() -> None:
    deal = random_position(RULES, 5, plies=0)
    calls: list[tuple[Array, Array]] = []
    ismcts(GanDengYanInformationSet(deal), iterations=3, seed=1, evaluator=recorder(calls))
    observation, moves = calls[0]
    np.testing.assert_array_equal(observation, deal.observation(deal.current_player))
    kinds = ganzdy.MOVE_KINDS
    for row, move in zip(moves, deal.legal_moves, strict=True):
        assert row[:15].sum() == len(move.cards)
        assert row[15 + kinds.index(move.kind)] == 1.0
        assert row[15 : 15 + len(kinds)].sum() == 1.0


def test_no_cheating_through_the_evaluator() -> None:
    """Two deals the seat cannot tell apart give the evaluator the same inputs, call for
    call, and so the same search."""
    for seed in range(3):
        deal = random_position(RULES, 500 + seed, plies=3 * seed + 2)
        seat = deal.current_player
        assert seat is not None
        twin = twin_with_other_hidden_cards(deal, seat)
        runs = []
        for d in (deal, twin):
            calls: list[tuple[Array, Array]] = []
            result = ismcts(
                GanDengYanInformationSet(d), iterations=80, seed=seed, evaluator=recorder(calls)
            )
            runs.append((calls, visits(result), result.move))
        (calls_a, visits_a, move_a), (calls_b, visits_b, move_b) = runs
        assert len(calls_a) == len(calls_b) > 1
        for (oa, ma), (ob, mb) in zip(calls_a, calls_b, strict=True):
            np.testing.assert_array_equal(oa, ob)
            np.testing.assert_array_equal(ma, mb)
        assert visits_a == visits_b and move_a == move_b


# -- the Python hook: errors and Ctrl-C -------------------------------------------------


class Boom(Exception):
    pass


@pytest.mark.parametrize("threads", [1, 2])
def test_an_evaluator_error_propagates_as_itself(threads: int) -> None:
    info = GanDengYanInformationSet(random_position(RULES, 3, plies=2))
    calls = []

    def fails_late(observation: Array, moves: Array) -> tuple[Array, float]:
        calls.append(1)
        if len(calls) > 10:
            raise Boom("the network fell over")
        return np.ones(len(moves), dtype=np.float32), 0.5

    with pytest.raises(Boom, match="the network fell over"):
        ismcts(info, iterations=10_000, seed=1, evaluator=fails_late, threads=threads)
    # The search stopped cleanly: the same information set searches again.
    assert ismcts(info, iterations=50, seed=1).iterations == 50


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        (None, "expected a tuple"),
        ((1.0,), "expected a tuple"),
        (("x", 0.5), "are not"),
        (([1.0], 0.5), "are not"),
        ((-1, 0.5), "are not"),
        ("wrong length", "expected a tuple"),
        ((None, "v"), "are not"),
    ],
)
def test_a_bad_answer_is_refused_quoting_it(answer: object, message: str) -> None:
    info = GanDengYanInformationSet(random_position(RULES, 3, plies=2))

    def bad(observation: Array, moves: Array) -> object:
        return answer

    with pytest.raises(GanzdyError, match=message):
        ismcts(info, iterations=10, evaluator=bad)  # type: ignore[arg-type]


def test_bad_priors_and_values_are_refused() -> None:
    info = GanDengYanInformationSet(random_position(RULES, 3, plies=2))
    n = len(info.legal_moves)
    for priors, value, message in (
        (np.full(n, -1.0), 0.5, "non-negative"),
        (np.zeros(n), 0.5, "sum to 0"),
        (np.full(n, np.nan), 0.5, "non-negative"),
        (np.ones(n), float("nan"), "finite"),
        (np.ones(n), "high", "not a number"),
    ):

        def bad(observation: Array, moves: Array, p: Any = priors, v: Any = value) -> Any:
            return p if len(moves) == n else np.ones(len(moves)), v

        with pytest.raises(GanzdyError, match=message):
            ismcts(info, iterations=10, evaluator=bad)


def test_bad_search_parameters_are_refused() -> None:
    info = GanDengYanInformationSet(random_position(RULES, 3, plies=2))
    for kwargs, message in (
        ({"c_puct": -1.0}, "c_puct"),
        ({"value_weight": 1.5}, "value_weight"),
        ({"candidates": 0}, "candidates"),
        ({"epsilon": 2.0}, "epsilon"),
        ({"sampling": "clever"}, "sampling"),
        ({"leaf_value": "mine"}, "leaf_value"),
        ({"evaluator": "clever"}, "evaluator"),
    ):
        with pytest.raises(GanzdyError, match=message):
            ismcts(info, iterations=10, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="evaluator"):
        ismcts(info, iterations=10, evaluator=3)  # type: ignore[arg-type]


CTRL_C_EVALUATOR = """
    import signal, threading, time
    import numpy as np
    import ganzdy
    from ganzdy._core import GanDengYanInformationSet

    signal.signal(signal.SIGINT, signal.default_int_handler)
    deal = ganzdy.Rules("gan_deng_yan", players=4).new_deal(seed=1)
    info = GanDengYanInformationSet(deal)

    def slow(observation, moves):
        time.sleep(0.001)
        return np.ones(len(moves), dtype=np.float32), 0.5

    threading.Timer(0.3, signal.raise_signal, (signal.SIGINT,)).start()
    start = time.monotonic()
    try:
        ganzdy.ismcts(info, iterations=10**8, evaluator=slow, threads=THREADS)
        print("not interrupted")
    except KeyboardInterrupt:
        print(f"interrupted {time.monotonic() - start:.3f}")
    print(ganzdy.ismcts(info, iterations=30, evaluator=slow).iterations)
"""


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_stops_a_search_with_a_python_evaluator(threads: int) -> None:
    code = textwrap.dedent(CTRL_C_EVALUATOR).replace("THREADS", str(threads))
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.split()
    assert lines[0] == "interrupted", done.stdout
    assert float(lines[1]) < 3.0
    assert lines[-1] == "30"


# -- the agents -------------------------------------------------------------------------


def test_agents_take_the_new_parameters() -> None:
    agent = ganzdy.make_agent(
        "ismcts:iterations=50:c_puct=2:value_weight=0.5:evaluator=greedy:sampling=weighted:"
        "candidates=3:epsilon=0.2:seed=1"
    )
    assert isinstance(agent, ganzdy.ISMCTS)
    assert (agent.c_puct, agent.value_weight, agent.evaluator) == (2.0, 0.5, "greedy")
    assert (agent.sampling, agent.candidates, agent.epsilon) == ("weighted", 3, 0.2)
    deal = ganzdy.play_deal(RULES, [agent, *(ganzdy.GreedyAgent() for _ in range(3))], seed=3)
    assert deal.is_terminal
    for spec, message in (
        ("ismcts:c_puct=-1", "c_puct"),
        ("ismcts:value_weight=2", "value_weight"),
        ("ismcts:sampling=x", "sampling"),
        ("ismcts:rollout=learned", "needs an evaluator"),
        ("ismcts:evaluator=3", "evaluator"),
        ("ismcts:candidates=0", "candidates"),
    ):
        with pytest.raises(ganzdy.AgentError, match=message):
            ganzdy.make_agent(spec)
    searcher = ganzdy.ISMCTS(iterations=30, evaluator=uniform, seed=1)
    view = ganzdy.view_for(random_position(RULES, 2, plies=0))
    assert searcher.act(view) in list(view.legal_moves)
