"""The warm start (imitating greedy), the league's per-game defaults, the self-play
row weights, and resuming a run with a warm start in it."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="ganzdy train needs torch (ganzdy[train])")

import ganzdy  # noqa: E402
from ganzdy._core import deal_seed  # noqa: E402
from ganzdy.cli import build_parser, main  # noqa: E402
from ganzdy.cli.train import config_from  # noqa: E402
from ganzdy.games import game_of  # noqa: E402
from ganzdy.train.actors import (  # noqa: E402
    IMITATION_MOVES,
    ActorJob,
    DealSpec,
    Imitation,
    _distinct_moves,
    play,
    row_weight,
)
from ganzdy.train.checkpoint import load_checkpoint  # noqa: E402
from ganzdy.train.features import legal_move_vectors  # noqa: E402
from ganzdy.train.league import GREEDY, LEARNER, RANDOM, LeagueMix  # noqa: E402
from ganzdy.train.learner import TrainConfig, Trainer  # noqa: E402
from ganzdy.train.model import QNetwork  # noqa: E402

pytestmark = pytest.mark.train

GAMES = ["gan_deng_yan", "guandan", "gouji"]


def imitation_of(game: str, deals: int, seed: int = 7) -> Imitation:
    """The decisions of ``deals`` deals greedy plays at every seat."""
    rules = ganzdy.Rules(game)
    weights = QNetwork(game_of(rules).observation_size(rules), (8,)).weights()
    table = (GREEDY,) * rules.players
    specs = tuple(DealSpec(deal_seed(seed, k), k % rules.players, k, table) for k in range(deals))
    rollout = play(ActorJob(rules, seed, specs, weights, {}, 0.0, seed, True, imitate=True))
    assert rollout.imitation is not None
    return rollout.imitation


def argmax_agreement(model: QNetwork, part: Imitation) -> float:
    """The share of ``part``'s decisions where greedy's move scores highest."""
    with torch.no_grad():
        scores = model.score_moves(
            torch.from_numpy(part.observations),
            torch.from_numpy(part.moves),
            torch.from_numpy(part.counts),
        ).numpy()
    offsets = np.concatenate([[0], np.cumsum(part.counts)])
    best = [int(np.argmax(scores[a:b])) for a, b in itertools.pairwise(offsets)]
    return float(np.mean(np.array(best) == part.chosen))


@pytest.mark.parametrize("game", GAMES)
def test_imitation_records_greedys_decisions(game: str) -> None:
    """Every kept decision is one greedy made: the observation of the seat to act, its
    distinct legal move vectors (greedy's among them) and the seat's final reward."""
    rules = ganzdy.Rules(game)
    part = imitation_of(game, 2)
    assert len(part.chosen) == len(part.counts) == len(part.observations) == len(part.targets)
    assert len(part.moves) == part.counts.sum() and len(part.chosen) > 20
    assert (part.counts >= 2).all() and (part.counts <= IMITATION_MOVES).all()
    assert ((part.chosen >= 0) & (part.chosen < part.counts)).all()
    assert ((part.targets >= 0) & (part.targets <= 1)).all()
    # Replaying greedy's deal reproduces the first decision exactly.
    deal = game_of(rules).match_module.arena_deal(rules, deal_seed(7, 0), 0, 7, 0)
    while (
        len(deal.legal_moves) < 2 or len(np.unique(legal_move_vectors(deal), axis=0)) < 2
    ):  # forced moves are not kept
        deal.apply(deal.legal_moves[deal.greedy_index()])
    np.testing.assert_array_equal(part.observations[0], deal.observation(deal.current_player))
    vectors = legal_move_vectors(deal)
    greedy = vectors[deal.greedy_index()]
    first = part.moves[: part.counts[0]]
    np.testing.assert_array_equal(first[part.chosen[0]], greedy)
    assert len(np.unique(first, axis=0)) == len(first)  # distinct
    if len(np.unique(vectors, axis=0)) <= IMITATION_MOVES:
        assert len(first) == len(np.unique(vectors, axis=0))


def test_distinct_moves_keep_the_chosen_one_and_the_cap() -> None:
    rng = np.random.default_rng(3)
    many = np.zeros((300, 55), np.float32)
    many[:, 0] = np.arange(300) % 150  # every vector twice
    many[:, 1] = 1
    distinct, where = _distinct_moves(many, 257, rng)
    assert len(distinct) == IMITATION_MOVES
    assert len(np.unique(distinct, axis=0)) == IMITATION_MOVES
    np.testing.assert_array_equal(distinct[where], many[257])
    few = many[:10].copy()
    few[5:, 0] = few[:5, 0]  # five vectors, each twice, in legal-move order
    distinct, where = _distinct_moves(few, 7, rng)
    np.testing.assert_array_equal(distinct, few[:5])
    assert where == 2


@pytest.mark.parametrize("game", GAMES)
def test_score_moves_is_the_forward_pass(game: str) -> None:
    rules = ganzdy.Rules(game)
    torch.manual_seed(1)
    scale = np.random.default_rng(2).random(
        game_of(rules).observation_size(rules) + 55, dtype=np.float32
    )
    model = QNetwork(game_of(rules).observation_size(rules), (32, 16), scale)
    part = imitation_of(game, 1)
    rows = np.concatenate([np.repeat(part.observations, part.counts, axis=0), part.moves], axis=1)
    with torch.no_grad():
        split = model.score_moves(
            torch.from_numpy(part.observations),
            torch.from_numpy(part.moves),
            torch.from_numpy(part.counts),
        )
        whole = model(torch.from_numpy(rows))
    np.testing.assert_allclose(split.numpy(), whole.numpy(), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("game", GAMES)
def test_warm_start_makes_greedys_move_the_best(game: str, tmp_path: Path) -> None:
    """A few passes of the warm-start loss over a few deals' decisions: greedy's move
    becomes the highest-scored legal move in (nearly) all of them, which the untrained
    network's choice is not, and the played move's score comes nearer the reward than
    any one number could."""
    # At 3e-3 the played score's error jittered from pass to pass (Gouji: 0.011 after
    # 25 passes, 0.076 after 50 on one CPU); at 1e-3 it settles and stays below 0.04.
    config = TrainConfig(game=game, steps=1, hidden=(64, 32), seed=4, learning_rate=1e-3)
    trainer = Trainer(config, tmp_path, False, lambda line: None)
    part = imitation_of(game, 2)
    first = np.concatenate([[0], np.cumsum(part.counts)[:-1]])

    def played_error() -> float:
        with torch.no_grad():
            scores = trainer.model.score_moves(
                torch.from_numpy(part.observations),
                torch.from_numpy(part.moves),
                torch.from_numpy(part.counts),
            ).numpy()
        return float(np.mean((scores[first + part.chosen] - part.targets) ** 2))

    before, error_before = argmax_agreement(trainer.model, part), played_error()
    assert before < 0.8
    for _ in range(100):
        assert trainer.imitate([part]) == len(part.chosen)
    after, error_after = argmax_agreement(trainer.model, part), played_error()
    assert after >= 0.9, (before, after)
    # The played move's score is on the reward scale (the untrained network's is not).
    assert error_after < min(0.05, error_before / 4), (error_before, error_after)


def test_per_game_league_defaults() -> None:
    def mix_of(*argv: str) -> LeagueMix:
        return config_from(build_parser().parse_args(["train", "--minutes", "1", *argv])).mix

    assert mix_of("--game", "gan_deng_yan") == LeagueMix(0.4, 0.1, 0.25, 0.25)
    team = LeagueMix(greedy=0.7, random=0.05, past=0.15, self=0.1)
    assert mix_of("--game", "guandan") == team
    assert mix_of("--game", "gouji") == team
    assert mix_of("--game", "gouji", "--league", "self=1") == LeagueMix(0, 0, 0, 1)
    # The warm start is on by default and can be turned off.
    args = build_parser().parse_args(["train", "--minutes", "1"])
    assert config_from(args).imitate_steps > 0
    args = build_parser().parse_args(["train", "--minutes", "1", "--imitate-steps", "0"])
    assert config_from(args).imitate_steps == 0


def test_self_play_rows_weigh_one_side() -> None:
    assert row_weight((LEARNER,) * 4, teams=False) == 0.25
    assert row_weight((LEARNER, GREEDY, GREEDY, GREEDY), teams=False) == 1.0
    assert row_weight((LEARNER,) * 6, teams=True) == 0.5
    assert row_weight((LEARNER, 3, LEARNER, 3, LEARNER, 3), teams=True) == 1.0
    assert row_weight((LEARNER,) * 4, teams=True) == 0.5
    rules = ganzdy.Rules("gouji")
    weights = QNetwork(game_of(rules).observation_size(rules), (8,)).weights()
    specs = (
        DealSpec(deal_seed(2, 0), 0, 0, (LEARNER,) * 6),
        DealSpec(deal_seed(2, 1), 1, 1, (LEARNER, RANDOM) * 3),
    )
    rollout = play(ActorJob(rules, 2, specs, weights, {}, 0.1, 5, True))
    assert set(rollout.weights.tolist()) == {0.5, 1.0}
    assert len(rollout.weights) == len(rollout.targets) == rollout.decisions


def run(game: str, out: Path, steps: int, *extra: str) -> int:
    return main(
        [
            "train", "--game", game, "--steps", str(steps), "--out", str(out),
            "--deals-per-job", "2", "--jobs-per-round", "2", "--eval-decks", "2",
            "--final-eval-decks", "2", "--eval-every", "100000", "--hidden", "24,12",
            "--progress-every", "0", "--seed", "5", "--imitate-steps", "400", *extra,
        ]
    )  # fmt: skip


def assert_same_run(a: dict[str, object], b: dict[str, object]) -> None:
    pa, pb = a["progress"], b["progress"]
    assert isinstance(pa, dict) and isinstance(pb, dict)
    for key in ("steps", "deals", "rounds", "updates", "imitated", "imitation_deals"):
        assert pa[key] == pb[key], key
    ma, mb = a["model"], b["model"]
    assert isinstance(ma, dict) and isinstance(mb, dict)
    for name, tensor in ma.items():
        assert torch.equal(tensor, mb[name]), name
    assert a["losses"] == b["losses"]


def test_resume_in_and_after_the_warm_start(tmp_path: Path) -> None:
    game = "gan_deng_yan"
    # Stopped within the warm start...
    assert run(game, tmp_path / "a", 150) == 0
    early = load_checkpoint(tmp_path / "a")["progress"]
    assert 0 < early["imitated"] < 400 and early["steps"] == 0
    # ...and just after it, before much Deep Monte Carlo.
    assert run(game, tmp_path / "b", 700) == 0
    late = load_checkpoint(tmp_path / "b")["progress"]
    assert late["imitated"] >= 400 and late["steps"] > 0
    total = late["imitated"] + late["steps"] + 200
    assert run(game, tmp_path / "a", total, "--resume") == 0
    assert run(game, tmp_path / "b", total, "--resume") == 0
    assert run(game, tmp_path / "c", total) == 0
    c = load_checkpoint(tmp_path / "c")
    assert c["progress"]["imitated"] >= 400 and c["progress"]["steps"] > 0
    assert_same_run(load_checkpoint(tmp_path / "a"), c)
    assert_same_run(load_checkpoint(tmp_path / "b"), c)
