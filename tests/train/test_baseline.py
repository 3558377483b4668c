"""``--baseline greedy``: each row's greedy playout, the per-phase coefficients, the
adjusted targets, and a run that uses them end to end."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="the [train] extra is not installed")

import ganzdy  # noqa: E402
from ganzdy.cli import main  # noqa: E402
from ganzdy.games import game_of  # noqa: E402
from ganzdy.network import read_network  # noqa: E402
from ganzdy.train.actors import ActorJob, DealSpec, play  # noqa: E402
from ganzdy.train.baseline import (  # noqa: E402
    DECAY,
    MIN_WEIGHT,
    PHASES,
    ControlVariate,
    greedy_baseline,
    phase_of,
)
from ganzdy.train.checkpoint import load_checkpoint  # noqa: E402
from ganzdy.train.league import GREEDY, LEARNER  # noqa: E402
from ganzdy.train.model import QNetwork  # noqa: E402
from ganzdy.train.reward import seat_rewards  # noqa: E402

pytestmark = pytest.mark.train

GAMES = ["gan_deng_yan", "guandan", "gouji"]


def greedy_to_the_end(deal: object) -> object:
    """The reference playout: greedy's move, one at a time in Python, on a copy."""
    world = deal.copy()  # type: ignore[attr-defined]
    while not world.is_terminal:
        world.apply(world.legal_moves[world.greedy_index()])
    return world.outcome


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("reward", ["points", "rank"])
def test_the_baseline_is_the_reward_of_greedy_play_from_the_true_position(
    game: str, reward: str
) -> None:
    rules = ganzdy.Rules(game)
    rng = np.random.default_rng(5)
    checked = 0
    for seed in range(4):
        deal = rules.new_deal(seed=seed)
        while not deal.is_terminal:
            seat = deal.current_player
            ply, before = deal.ply, deal.hash()
            expected = seat_rewards(rules, greedy_to_the_end(deal), reward)[seat]
            assert greedy_baseline(rules, deal, seat, reward) == pytest.approx(expected)
            assert (deal.ply, deal.hash()) == (ply, before)  # the deal is left as it was
            checked += 1
            deal.apply(deal.legal_moves[int(rng.integers(len(deal.legal_moves)))])
            for _ in range(int(rng.integers(0, 12))):
                if deal.is_terminal:
                    break
                deal.apply(deal.legal_moves[int(rng.integers(len(deal.legal_moves)))])
    assert checked >= 8


def test_phases_follow_the_ply_and_share_the_last() -> None:
    assert [phase_of(p) for p in (0, 7, 8, 15, 16)] == [0, 0, 1, 1, 2]
    assert phase_of(10_000) == PHASES - 1


def test_the_coefficient_is_the_least_squares_slope_per_phase() -> None:
    rng = np.random.default_rng(1)
    control = ControlVariate()
    n = 4000
    phases = rng.integers(0, 3, n)
    b = rng.random(n).astype(np.float32)
    slope = np.array([0.0, 0.5, 0.9])[phases]
    g = (0.2 + slope * b + 0.05 * rng.standard_normal(n)).astype(np.float32)
    first = control.adjust(g, b, phases)
    # The first round has nothing before it: its targets are the returns themselves.
    np.testing.assert_array_equal(first, g)
    c, mean_b = control.coefficients()
    np.testing.assert_allclose(c[:3], [0.0, 0.5, 0.9], atol=0.03)
    np.testing.assert_allclose(mean_b[:3], 0.5, atol=0.03)
    assert np.all(c[3:] == 0.0)  # phases never seen get no control variate
    # The next round is adjusted by those: each phase's mean is kept, its spread gone.
    second = control.adjust(g, b, phases)
    for phase in (1, 2):
        mine = phases == phase
        assert second[mine].mean() == pytest.approx(g[mine].mean(), abs=0.01)
        assert second[mine].var() < 0.3 * g[mine].var()
    np.testing.assert_allclose(second[phases == 0], g[phases == 0], atol=0.02)


def test_thin_or_flat_phases_get_no_coefficient_and_the_sums_decay() -> None:
    control = ControlVariate()
    few = int(MIN_WEIGHT) - 1
    g = np.linspace(0, 1, few, dtype=np.float32)
    control.adjust(g, g, np.zeros(few, np.int64))  # perfectly correlated, too few rows
    flat = np.full(200, 0.5, np.float32)
    control.adjust(g[:1].repeat(200), flat, np.ones(200, np.int64))  # B never varies
    c, _ = control.coefficients()
    assert c[0] == 0.0 and c[1] == 0.0
    assert control.sums[0, 0] == pytest.approx(few * DECAY)
    with pytest.raises(ganzdy.GanzdyError, match="shape"):
        ControlVariate(np.zeros((3, 5)))


def test_a_job_with_a_baseline_plays_the_same_rows_and_keeps_each_rows_playout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = ganzdy.Rules("guandan")
    torch.manual_seed(2)
    weights = QNetwork(game_of(rules).observation_size(rules), (24, 12)).weights()
    specs = (
        DealSpec(7, 0, 3, (LEARNER, GREEDY, LEARNER, GREEDY)),
        DealSpec(8, 1, 4, (GREEDY, LEARNER, GREEDY, LEARNER)),
    )
    plain = play(ActorJob(rules, 5, specs, weights, {}, 0.1, 9, True))
    # Each row's playout as the reference plays it, from the position the actor asks
    # about, in the order the actor asks: the rows' order.
    asked: list[tuple[float, int]] = []

    def recorded(rules: ganzdy.Rules, deal: object, seat: int, reward: str) -> float:
        assert seat == deal.current_player  # type: ignore[attr-defined]
        value = float(seat_rewards(rules, greedy_to_the_end(deal), reward)[seat])
        asked.append((value, deal.ply))  # type: ignore[attr-defined]
        return greedy_baseline(rules, deal, seat, reward)

    monkeypatch.setattr("ganzdy.train.actors.greedy_baseline", recorded)
    with_it = play(ActorJob(rules, 5, specs, weights, {}, 0.1, 9, True, baseline="greedy"))
    # The baseline changes no move and no return, and rides along with every row.
    np.testing.assert_array_equal(plain.rows, with_it.rows)
    np.testing.assert_array_equal(plain.targets, with_it.targets)
    assert plain.baselines.shape == (0,) and plain.phases.shape == (0,)
    assert len(asked) == len(with_it.baselines) == len(with_it.targets) > 0
    # Both deals play in lockstep, but the rows come deal after deal: match them up.
    by_value = sorted(asked)
    assert sorted(zip(with_it.baselines.tolist(), with_it.phases.tolist(), strict=True)) == [
        (value, phase_of(ply)) for value, ply in by_value
    ]
    assert len(set(with_it.baselines.tolist())) > 1  # the playouts do not all agree


def test_a_run_with_a_baseline_trains_checkpoints_and_says_so(tmp_path: Path) -> None:
    out = tmp_path / "cv"
    common = [
        "train", "--game", "guandan", "--deals-per-job", "2",
        "--jobs-per-round", "2", "--eval-decks", "1", "--final-eval-decks", "1",
        "--eval-every", "100000", "--hidden", "16", "--progress-every", "0", "--seed", "4",
        "--imitate-steps", "0", "--baseline", "greedy",
    ]  # fmt: skip
    assert main([*common, "--out", str(out), "--steps", "300"]) == 0
    state = load_checkpoint(out)
    assert state["config"]["baseline"] == "greedy"
    assert "--baseline greedy" in read_network(out / "guandan.gznn").header["trained_by"]
    assert read_network(out / "guandan.gznn").header["baseline"] == "greedy"
    sums = np.asarray(state["control_variate"])
    assert sums.shape == (PHASES, 5) and sums[:, 0].sum() > 0
    # Resumed, it goes on from the saved sums as the uninterrupted run would.
    assert main([*common, "--out", str(out), "--steps", "600", "--resume"]) == 0
    assert main([*common, "--out", str(tmp_path / "straight"), "--steps", "600"]) == 0
    resumed, straight = load_checkpoint(out), load_checkpoint(tmp_path / "straight")
    np.testing.assert_allclose(resumed["control_variate"], straight["control_variate"])
    for name, tensor in resumed["model"].items():
        assert torch.equal(tensor, straight["model"][name]), name


def test_a_baseline_needs_monte_carlo_targets_and_a_known_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["train", "--steps", "10", "--out", str(tmp_path / "x"), "--baseline", "greedy"]
    assert main([*args, "--td-lambda", "0.8"]) == 2
    assert "needs --td-lambda 1, not 0.8" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["train", "--steps", "10", "--baseline", "oracle"])
    assert "'oracle'" in capsys.readouterr().err


SCRIPT = Path(__file__).parents[2] / "bench" / "baseline_correlation.py"


@pytest.mark.parametrize("game", ["gan_deng_yan", "guandan"])
def test_the_correlation_script_counts_every_decision_once(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util
    import re

    from ganzdy.agents import LearnedAgent

    spec = importlib.util.spec_from_file_location("baseline_correlation", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    path = LearnedAgent.model_path(game)
    assert module.main([str(path), "--decks", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    counts = {
        label.strip(): int(n)
        for label, n in re.findall(r"^ *([^:\n]+): +(\d+) (?:decisions|sides)", out, re.M)
    }
    assert counts["all"] == sum(n for label, n in counts.items() if label.startswith("plies"))
    sides = 4 if game == "gan_deng_yan" else 2
    assert counts["deal's start"] == 2 * sides
