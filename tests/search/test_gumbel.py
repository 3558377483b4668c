"""Gumbel root selection (ismcts(root='gumbel'), the default with an evaluator), the
values the search gives the seats other than the evaluated one, and Gouji's team
reward."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

import ganzdy
from ganzdy._core import GanDengYanInformationSet, GoujiInformationSet, RulesError, ismcts

sys.path.insert(0, str(Path(__file__).parent))
from test_ismcts import dealt, random_position

RULES = ganzdy.Rules("gan_deng_yan", players=4)
Array = npt.NDArray[np.float32]

GOING_OUT_HANDS = ["5s 6h 7d 8c 9s Ts", "3d 4d Jd Qd Kd", "3h 4h Jh Qh Kh", "3s 4s Js Qs Ks"]
GOING_OUT = ganzdy.Move("straight", "5", "5s 6h 7d 8c 9s Ts")


def cards_played(moves: Array) -> Array:
    """How many cards each move row plays (the rank counts of its move vector)."""
    return moves[:, :15].sum(axis=1)


def against_going_out(observation: Array, moves: Array) -> tuple[Array, float]:
    """A wrong prior: each single-card lead four times as likely as any straight,
    the six-card one that goes out included; every position is worth 1/2."""
    prior = np.where(cards_played(moves) == 1, 1.0, 0.25).astype(np.float32)
    return prior / prior.sum(), 0.5


def test_search_overturns_a_wrong_prior() -> None:
    """Going out at once is worth the others' cards (a reward of about 0.75 against
    the 1/2 of every other line); the prior puts 3% on it, a quarter of each
    single's. The Gumbel root considers it (its prior is small, not zero), sees its
    exact value and plays it: sigma(Q)'s gap, (50 + 49) * 0.1 * 0.25, outweighs
    the logit gap log 4. A prior 50 times against it would not be overturned at
    this budget (a Q gap of 0.39 would be needed), by design: noise must not flip
    a confident prior."""
    deal = dealt(RULES, GOING_OUT_HANDS)
    info = GanDengYanInformationSet(deal)
    gumbel = ismcts(info, iterations=200, seed=1, evaluator=against_going_out)
    assert gumbel.gumbel
    assert gumbel.move == GOING_OUT
    chosen = gumbel.children[gumbel.index]
    assert chosen.prior < 0.05
    assert chosen.reward > 0.7


def noisy_values(seed: int) -> Callable[[Array, Array], tuple[Array, float]]:
    """A right prior (the first legal move four times as likely as each other) with
    values that are pure noise, the same for every move in expectation: a search
    that follows its means follows the noise."""
    rng = np.random.default_rng(seed)

    def evaluate(observation: Array, moves: Array) -> tuple[Array, float]:
        prior = np.ones(len(moves), dtype=np.float32)
        prior[0] = 4.0
        return prior / prior.sum(), float(rng.uniform(0.3, 0.7))

    return evaluate


def test_few_iterations_do_not_flip_a_right_prior() -> None:
    """With 48 iterations and noise for values, the Gumbel root keeps the prior's
    move: another move's Q must beat it by about 0.2 (log 4 over sigma's scale of
    about 6), several times the noise of a mean of a few visits. At least 38 of 40
    random positions keep it (the one that does not, here, has a line that ends
    the deal, a real value rather than noise)."""
    kept = 0
    for seed in range(40):
        deal = random_position(RULES, 900 + seed)
        info = GanDengYanInformationSet(deal)
        first = deal.legal_moves[0]
        result = ismcts(info, iterations=48, seed=seed, evaluator=noisy_values(seed), solver=False)
        assert result.gumbel
        kept += result.move == first
    assert kept >= 38


def test_sequential_halving_spends_the_budget_on_the_considered_moves() -> None:
    """Only the `considered` moves of highest prior are visited at the root, the
    iterations are shared between them, and the move played is one of the last
    remaining, which have the most visits."""
    deal = dealt(RULES, GOING_OUT_HANDS)
    info = GanDengYanInformationSet(deal)
    assert len(deal.legal_moves) == 16

    def ranked(observation: Array, moves: Array) -> tuple[Array, float]:
        prior = np.arange(len(moves), 0, -1, dtype=np.float32)
        return prior / prior.sum(), 0.5

    result = ismcts(info, iterations=400, seed=3, evaluator=ranked, considered=8, solver=False)
    visited = [i for i, c in enumerate(result.children) if c.visits > 0]
    assert visited == list(range(8))
    assert sum(c.visits for c in result.children) == 400
    most = max(c.visits for c in result.children)
    assert result.children[result.index].visits >= most - 1
    # Phases of 400 / (3 * 8) = 16, then 400 / (3 * 4) = 33 visits a move: the four
    # dropped after the first phase have exactly 16.
    assert sorted(c.visits for c in result.children if c.visits > 0)[:4] == [16] * 4


def test_gumbel_noise_samples_other_considered_moves() -> None:
    """With gumbel_noise the considered moves are sampled by the prior: two moves
    of a uniform prior's position, over seeds, are not always the same set."""
    deal = random_position(RULES, 43, plies=0)
    info = GanDengYanInformationSet(deal)

    def flat(observation: Array, moves: Array) -> tuple[Array, float]:
        return np.full(len(moves), 1.0 / len(moves), dtype=np.float32), 0.5

    sets = set()
    for seed in range(6):
        r = ismcts(info, iterations=40, seed=seed, evaluator=flat, considered=2, gumbel_noise=True)
        sets.add(tuple(i for i, c in enumerate(r.children) if c.visits > 0))
    assert len(sets) > 1
    plain = ismcts(info, iterations=40, seed=0, evaluator=flat, considered=2)
    assert [i for i, c in enumerate(plain.children) if c.visits > 0] == [0, 1]


def test_time_limit_alone_searches_the_root_by_puct() -> None:
    deal = random_position(RULES, 45, plies=0)
    info = GanDengYanInformationSet(deal)
    result = ismcts(info, time_limit=0.02, seed=1, evaluator=against_going_out)
    assert not result.gumbel and result.iterations > 0


@pytest.mark.parametrize(
    ("argument", "value", "message"),
    [
        ("root", "best", "unknown root 'best'"),
        ("considered", 1, "considered must be at least 2"),
        ("c_scale", -1.0, "c_scale must be a non-negative number"),
    ],
)
def test_bad_root_options_are_refused(argument: str, value: object, message: str) -> None:
    info = GanDengYanInformationSet(random_position(RULES, 47))
    with pytest.raises(RulesError, match=message):
        ismcts(info, iterations=10, evaluator=against_going_out, **{argument: value})


def test_the_greedy_prior_keeps_the_puct_root_by_default() -> None:
    """'auto' is gumbel only for an evaluator the caller gave: Guandan's built-in
    greedy prior searches as it did (PUCT, most visits)."""
    gd = ganzdy.GuandanDeal(ganzdy.Rules("guandan"), 7, previous_finish=[0, 2, 1, 3])
    while gd.phase != "play" or len(gd.legal_moves) < 2:
        gd.push(gd.legal_moves[0])
    result = ismcts(ganzdy.GuandanInformationSet(gd), iterations=60, seed=1)
    assert not result.gumbel


# -- the other seats' values ---------------------------------------------------------


def test_a_neutral_value_is_neutral_for_every_seat() -> None:
    """An evaluator that values every position 1/2 to the seat to act makes every
    seat's reward 1/2 in Gan Deng Yan (points sum to zero, 1/2 is no points): each
    root move's mean is exactly 1/2 unless its line ended the deal. (Splitting
    1 - value among the others gave them 1/6, and a move's mean depended on whose
    turn its leaves fell.)"""
    deal = random_position(RULES, 51, plies=8)
    info = GanDengYanInformationSet(deal)

    def neutral(observation: Array, moves: Array) -> tuple[Array, float]:
        return np.full(len(moves), 1.0 / len(moves), dtype=np.float32), 0.5

    for root in ("puct", "gumbel"):
        result = ismcts(info, iterations=200, seed=1, evaluator=neutral, root=root)
        for child in result.children:
            if child.visits:
                assert child.reward == pytest.approx(0.5)


# -- Gouji backs up the team's points ------------------------------------------------


def gouji_position(seed: int, ply: int) -> ganzdy.GoujiDeal:
    deal = ganzdy.Rules("gouji").new_deal(seed=seed)
    while deal.ply < ply:
        deal.apply(deal.legal_moves[deal.greedy_index()])
    return deal


def test_gouji_rewards_are_the_teams_points() -> None:
    """Seat 0 (team 0) to act with two moves, each of which ends the hand (the plies
    after it are forced): passing leaves it -2 points of its own and its team +1,
    playing 7s 7d 7c -1 and +2. The search's mean reward of each is the team's
    0.5 + 0.5 * tanh(team points / 4), which the seat's own points contradict in
    sign, and it plays the move better for the team."""
    deal = gouji_position(3, 221)
    seat = deal.current_player
    assert seat == 0 and len(deal.legal_moves) == 2
    expected = {}
    for move in deal.legal_moves:
        after = deal.copy()
        after.apply(move)
        while not after.is_terminal:
            assert len(after.legal_moves) == 1
            after.apply(after.legal_moves[0])
        own, team = after.outcome.points[seat], after.outcome.team_points[seat % 2]
        assert own < 0 < team
        expected[str(move)] = 0.5 + 0.5 * math.tanh(team / 4)
    result = ismcts(GoujiInformationSet(deal), iterations=50, seed=1)
    for child in result.children:
        assert child.visits > 0
        assert child.reward == pytest.approx(expected[str(child.move)])
    assert str(result.move) == max(expected, key=lambda m: expected[m])


def test_threads_halve_their_own_share_and_agree_on_one_move() -> None:
    """With two trees each halves its share of the budget; the move played is one
    that remained in a tree, by the summed statistics, and the search still finds
    the move that goes out."""
    deal = dealt(RULES, GOING_OUT_HANDS)
    info = GanDengYanInformationSet(deal)
    result = ismcts(info, iterations=400, seed=2, threads=2, evaluator=against_going_out)
    assert result.gumbel and result.iterations == 400
    assert result.move == GOING_OUT
    assert sum(c.visits for c in result.children) == 400
