"""``bench/paired_networks.py``: two networks on the same decks, and their difference."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="ganzdy train needs torch (ganzdy[train])")

import ganzdy  # noqa: E402
from ganzdy.cli import main  # noqa: E402
from ganzdy.train.actors import ActorPool  # noqa: E402
from ganzdy.train.evaluation import deck_scores, evaluate  # noqa: E402

pytestmark = pytest.mark.train

SCRIPT = Path(__file__).parents[2] / "bench" / "paired_networks.py"


def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("paired_networks", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def trained(out: Path, game: str, steps: int, seed: int) -> Path:
    command = [
        "train", "--game", game, "--steps", str(steps), "--out", str(out), "--deals-per-job", "3",
        "--jobs-per-round", "2", "--eval-decks", "2", "--final-eval-decks", "2",
        "--eval-every", "100000", "--hidden", "16,8", "--progress-every", "0",
        "--seed", str(seed), "--imitate-steps", "0",
    ]  # fmt: skip
    assert main(command) == 0
    return out / f"{game}.gznn"


@pytest.mark.parametrize("game", ["gan_deng_yan", "guandan"])
def test_deck_scores_are_what_the_evaluation_rates(game: str, tmp_path: Path) -> None:
    paired = script()
    rules, weights = paired.load(str(trained(tmp_path, game, 40, 1)))
    with ActorPool() as pool:
        scores = deck_scores(rules, weights, pool, 6, seed=5)
        again = deck_scores(rules, weights, pool, 6, seed=5)
        rated = evaluate(rules, weights, pool, 6, seed=5, bootstrap=50)
    np.testing.assert_array_equal(scores.groups, again.groups)
    seats = 2 if game == "guandan" else rules.players
    assert scores.deals == rated.deals == 6 * seats
    assert scores.wins / scores.deals == pytest.approx(rated.win_rate)
    # Every pairwise game of a deck is counted once, for one side or shared by a tie.
    games_a_deal = 1.0 if game == "guandan" else rules.players - 1
    np.testing.assert_allclose(
        scores.groups[:, 0, 1] + scores.groups[:, 1, 0], seats * games_a_deal
    )
    assert ((scores.shares >= 0) & (scores.shares <= 1)).all()


def test_a_network_against_itself_differs_by_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = trained(tmp_path / "a", "gan_deng_yan", 40, 1)
    second = trained(tmp_path / "b", "gan_deng_yan", 80, 2)
    paired = script()
    assert paired.main([str(first), str(first), "--decks", "8", "--seed", "3"]) == 0
    assert re.search(
        r"B - A: \+0\.0 \[\+0\.0, \+0\.0\] Elo, paired over 8 decks", capsys.readouterr().out
    )
    assert paired.main([str(first), str(second), "--decks", "8", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and lines[0].startswith("A ") and lines[1].startswith("B ")
    difference, low, high = (float(x) for x in re.findall(r"[-+]\d+\.\d", lines[2])[:3])
    assert low <= difference <= high and low < high
    gouji = trained(tmp_path / "c", "gouji", 20, 1)
    assert paired.main([str(first), str(gouji), "--decks", "2"]) == 2
    assert "play different games" in capsys.readouterr().err


def test_load_refuses_a_file_for_another_observation(tmp_path: Path) -> None:
    path = trained(tmp_path, "gan_deng_yan", 20, 1)
    text = path.read_bytes()
    assert b"observation_version" in text
    broken = tmp_path / "broken.gznn"
    broken.write_bytes(text.replace(b"observation_version 1", b"observation_version 9", 1))
    with pytest.raises(ganzdy.network.NetworkFileError, match="observation_version"):
        script().load(str(broken))
