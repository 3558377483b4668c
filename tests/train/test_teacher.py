"""The warm start's teacher: any agent at every seat, its moves the labels (expert
iteration when the teacher is the search with the network being trained)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="ganzdy train needs torch (ganzdy[train])")

import ganzdy  # noqa: E402
from ganzdy._core import deal_seed  # noqa: E402
from ganzdy.agents import make_agent, view_for  # noqa: E402
from ganzdy.cli import main  # noqa: E402
from ganzdy.games import game_of  # noqa: E402
from ganzdy.network import read_network  # noqa: E402
from ganzdy.train.actors import ActorJob, DealSpec, Imitation, play  # noqa: E402
from ganzdy.train.features import legal_move_vectors  # noqa: E402
from ganzdy.train.league import GREEDY  # noqa: E402
from ganzdy.train.model import QNetwork  # noqa: E402

pytestmark = pytest.mark.train

GAMES = ["gan_deng_yan", "guandan", "gouji"]
SEED = 5


def imitation_with(game: str, teacher: str, seed: int = SEED) -> Imitation:
    """The decisions of one deal ``teacher`` plays at every seat."""
    rules = ganzdy.Rules(game)
    weights = QNetwork(game_of(rules).observation_size(rules), (8,)).weights()
    spec = DealSpec(deal_seed(SEED, 0), 0, 0, (GREEDY,) * rules.players)
    job = ActorJob(
        rules, SEED, (spec,), weights, {}, 0.0, seed, True, imitate=True, teacher=teacher
    )
    rollout = play(job)
    assert rollout.imitation is not None
    return rollout.imitation


@pytest.mark.parametrize("game", GAMES)
def test_the_teachers_moves_are_the_labels(game: str) -> None:
    # The learned agent plays its best-scored move, so replaying the deal with it at
    # every seat meets each kept decision in turn, and the label is its move's vector.
    part = imitation_with(game, "learned")
    rules = ganzdy.Rules(game)
    deal = game_of(rules).match_module.arena_deal(rules, deal_seed(SEED, 0), 0, SEED, 0)
    agent = make_agent("learned")
    offsets = np.concatenate([[0], np.cumsum(part.counts)])
    kept = unlike_greedy = 0
    while not deal.is_terminal:
        legal = deal.legal_moves
        move = agent.act(view_for(deal)) if len(legal) > 1 else legal[0]
        index = next(i for i, candidate in enumerate(legal) if candidate == move)
        vectors = legal_move_vectors(deal)
        if len(legal) > 1 and len(np.unique(vectors, axis=0)) > 1:
            seat = deal.current_player
            np.testing.assert_array_equal(part.observations[kept], deal.observation(seat))
            block = part.moves[offsets[kept] : offsets[kept + 1]]
            np.testing.assert_array_equal(block[part.chosen[kept]], vectors[index])
            unlike_greedy += not np.array_equal(vectors[index], vectors[deal.greedy_index()])
            kept += 1
        deal.apply(legal[index])
    assert kept == len(part.chosen) > 10
    assert unlike_greedy > 0  # the labels are the teacher's, not greedy's


def test_a_search_teacher_is_reproducible() -> None:
    first = imitation_with("gan_deng_yan", "ismcts:iterations=30")
    again = imitation_with("gan_deng_yan", "ismcts:iterations=30")
    other = imitation_with("gan_deng_yan", "ismcts:iterations=30", seed=SEED + 1)
    for name in ("observations", "moves", "counts", "chosen", "targets"):
        np.testing.assert_array_equal(getattr(first, name), getattr(again, name), err_msg=name)
    # Another job seed seeds the searches differently, and some choice changes.
    assert not (
        len(first.chosen) == len(other.chosen)
        and np.array_equal(first.moves, other.moves)
        and np.array_equal(first.chosen, other.chosen)
    )


def small_run(out: Path, *extra: str) -> int:
    return main(
        [
            "train", "--game", "gan_deng_yan", "--steps", "80", "--out", str(out),
            "--deals-per-job", "1", "--jobs-per-round", "1", "--eval-decks", "1",
            "--final-eval-decks", "1", "--hidden", "24,12", "--progress-every", "0",
            "--seed", "3", "--imitate-steps", "0", *extra,
        ]
    )  # fmt: skip


def test_expert_iteration_from_a_network_file(tmp_path: Path) -> None:
    # A network, then a run that starts from it and imitates the search using it.
    assert small_run(tmp_path / "first") == 0
    exported = tmp_path / "first" / "gan_deng_yan.gznn"
    teacher = f"ismcts:evaluator=learned:network={exported}:iterations=20"
    again = ["--init", str(exported), "--imitate-steps", "40", "--teacher", teacher]
    assert small_run(tmp_path / "second", *again) == 0
    header = read_network(tmp_path / "second" / "gan_deng_yan.gznn").header
    assert f"--teacher {teacher}" in header["trained_by"]
    assert f"--init {exported}" in header["trained_by"]
    assert int(header["imitated_steps"]) >= 40


def test_a_bad_teacher_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert small_run(tmp_path / "a", "--teacher", "nobody") == 2
    assert "'nobody'" in capsys.readouterr().err
    assert small_run(tmp_path / "b", "--teacher", "ismcts:depth=3") == 2
    assert "'depth'" in capsys.readouterr().err
    assert not (tmp_path / "a" / "checkpoint.pt").exists()


def test_the_warm_start_is_evaluated_as_it_goes(tmp_path: Path) -> None:
    # Every --eval-every imitated decisions an evaluation, then the warm start's end.
    assert small_run(tmp_path / "run", "--imitate-steps", "150", "--steps", "150",
                     "--eval-every", "40") == 0  # fmt: skip
    curve = json.loads((tmp_path / "run" / "curve.json").read_text())
    imitated = [e["imitated"] for e in curve]
    assert imitated[0] == 0 and all(e["steps"] == 0 for e in curve)
    assert imitated == sorted(imitated) and any(0 < i < 150 for i in imitated)
    gaps = [b - a for a, b in itertools.pairwise(imitated[:-1])]
    assert all(gap >= 40 for gap in gaps)  # no sooner than every 40 decisions
