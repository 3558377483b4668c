"""``ganzdy train`` end to end, a few seconds a game: train, checkpoint, resume, export,
and the exported file scoring real positions as the torch model does."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="ganzdy train needs torch (ganzdy[train])")

import ganzdy  # noqa: E402
from ganzdy.cli import build_parser, main  # noqa: E402
from ganzdy.cli.train import config_from  # noqa: E402
from ganzdy.network import Network, read_network  # noqa: E402
from ganzdy.train.actors import ActorJob, ActorPool, DealSpec, _Scorer  # noqa: E402
from ganzdy.train.checkpoint import load_checkpoint  # noqa: E402
from ganzdy.train.features import legal_move_vectors  # noqa: E402
from ganzdy.train.league import GREEDY, LEARNER, RANDOM  # noqa: E402
from ganzdy.train.learner import TrainConfig, Trainer  # noqa: E402
from ganzdy.train.model import QNetwork  # noqa: E402

pytestmark = pytest.mark.train

GAMES = ["gan_deng_yan", "guandan", "gouji"]


def small_run(game: str, out: Path, steps: int, *extra: str) -> int:
    return main(
        [
            "train", "--game", game, "--steps", str(steps), "--out", str(out),
            "--deals-per-job", "3", "--jobs-per-round", "2", "--eval-decks", "2", "--final-eval-decks", "3",
            "--eval-every", "100000", "--hidden", "24,12", "--progress-every", "0",
            "--seed", "3", "--imitate-steps", "0", *extra,
        ]
    )  # fmt: skip


def model_of(out: Path) -> QNetwork:
    state = load_checkpoint(out)
    rules = ganzdy.Rules(state["config"]["game"])
    from ganzdy.games import game_of

    model = QNetwork(
        game_of(rules).observation_size(rules), state["config"]["hidden"], state["input_scale"]
    )
    model.load_state_dict(state["model"])
    return model


def positions(game: str, count: int) -> list[object]:
    """Real positions of ``game``: deals played some random way in."""
    rules = ganzdy.Rules(game)
    rng = np.random.default_rng(11)
    found = []
    for seed in range(count):
        deal = rules.new_deal(seed=seed)
        for _ in range(int(rng.integers(0, 40))):
            if deal.is_terminal:
                break
            deal.apply(deal.legal_moves[int(rng.integers(len(deal.legal_moves)))])
        if not deal.is_terminal:
            found.append(deal)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_train_resume_export(game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    assert small_run(game, out, 150) == 0
    first = load_checkpoint(out)
    assert first["progress"]["steps"] >= 150
    assert len(first["curve"]) == 2  # at the start and at the end
    log = capsys.readouterr().out
    assert "steps" in log and "samples/s" in log and "Elo vs greedy" in log
    assert (out / f"learning_curve_{game}.png").stat().st_size > 1000

    more = first["progress"]["steps"] + 1  # at least one more round
    assert small_run(game, out, more, "--resume") == 0
    resumed = load_checkpoint(out)
    assert resumed["progress"]["steps"] >= more
    assert resumed["progress"]["deals"] > first["progress"]["deals"]

    # The exported file: the game's header, the training keys, and the model's scores.
    network = read_network(out / f"{game}.gznn")
    rules = ganzdy.Rules(game)
    assert network.header["game"] == game
    assert network.header["players"] == str(rules.players)
    assert network.header["training_steps"] == str(resumed["progress"]["steps"])
    assert network.header["trained_by"].startswith("ganzdy train")
    assert "Elo vs greedy" in network.header["evaluation"]
    model = model_of(out)
    scorer = _Scorer(model.weights())
    checked = 0
    for deal in positions(game, 6):
        seat = deal.current_player
        observation = deal.observation(seat)
        moves = legal_move_vectors(deal)
        rows = np.concatenate([np.repeat(observation[None], len(moves), axis=0), moves], axis=1)
        with torch.no_grad():
            expected = model(torch.from_numpy(rows)).numpy()
        np.testing.assert_allclose(
            network.q_values(observation, moves), expected, rtol=1e-4, atol=1e-5
        )
        np.testing.assert_allclose(
            scorer(observation[None], moves, np.array([len(moves)])), expected, rtol=1e-4, atol=1e-5
        )
        checked += 1
    assert checked >= 3


def test_resumed_run_is_the_uninterrupted_run(tmp_path: Path) -> None:
    game = "gan_deng_yan"
    assert small_run(game, tmp_path / "a", 150) == 0
    total = load_checkpoint(tmp_path / "a")["progress"]["steps"] + 200
    assert small_run(game, tmp_path / "a", total, "--resume") == 0
    assert small_run(game, tmp_path / "b", total) == 0
    a, b = load_checkpoint(tmp_path / "a"), load_checkpoint(tmp_path / "b")
    for key in ("steps", "deals", "rounds", "updates"):
        assert a["progress"][key] == b["progress"][key]
    for name, tensor in a["model"].items():
        assert torch.equal(tensor, b["model"][name]), name
    assert a["losses"] == b["losses"]


def test_epochs_pass_over_the_same_rows_again(tmp_path: Path) -> None:
    """``--epochs 3`` plays the same deals as one pass (the league's and the actors'
    draws do not depend on the learner's steps) and takes three times the steps."""
    game = "gan_deng_yan"
    assert small_run(game, tmp_path / "one", 300) == 0
    assert small_run(game, tmp_path / "three", 300, "--epochs", "3") == 0
    one, three = load_checkpoint(tmp_path / "one"), load_checkpoint(tmp_path / "three")
    for key in ("steps", "deals", "rounds"):
        assert one["progress"][key] == three["progress"][key]
    assert three["progress"]["updates"] == 3 * one["progress"]["updates"] > 0
    assert three["config"]["epochs"] == 3
    assert any(
        not torch.equal(tensor, three["model"][name]) for name, tensor in one["model"].items()
    )


def test_actors_in_processes_play_as_here() -> None:
    rules = ganzdy.Rules("gan_deng_yan")
    from ganzdy.games import game_of

    torch.manual_seed(0)
    weights = QNetwork(game_of(rules).observation_size(rules), (16,)).weights()
    tables = [(LEARNER, GREEDY, GREEDY, GREEDY), (LEARNER,) * 4, (RANDOM, LEARNER, RANDOM, RANDOM)]
    jobs = [
        ActorJob(
            rules, 5, tuple(DealSpec(100 + j * 3 + k, k, k, tables[k]) for k in range(3)),
            weights, {}, 0.2, j, True,
        )
        for j in range(4)
    ]  # fmt: skip
    with ActorPool(0) as here, ActorPool(2) as there:
        mine, theirs = list(here.run(jobs)), list(there.run(jobs))
    for a, b in zip(mine, theirs, strict=True):
        np.testing.assert_array_equal(a.rows, b.rows)
        np.testing.assert_array_equal(a.targets, b.targets)
        assert a.finish_orders == b.finish_orders and a.decisions == b.decisions
    assert sum(r.decisions for r in mine) == sum(len(r.targets) for r in mine) > 0


def test_unreachable_ray_fails_fast(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    began = time.monotonic()
    assert small_run("gan_deng_yan", tmp_path / "r", 100, "--ray", "127.0.0.1:1") == 2
    assert time.monotonic() - began < 10
    assert "127.0.0.1:1" in capsys.readouterr().err


def test_bad_input_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["train", "--out", str(tmp_path / "x")]) == 2
    assert "--minutes or --steps" in capsys.readouterr().err
    assert small_run("gan_deng_yan", tmp_path / "y", 10, "--league", "bots=1") == 2
    assert "'bots=1'" in capsys.readouterr().err
    assert small_run("gan_deng_yan", tmp_path / "z", 10, "--epochs", "0") == 2
    assert "epochs must be at least 1" in capsys.readouterr().err
    assert small_run("gan_deng_yan", tmp_path / "nothing", 10, "--resume") == 2
    assert "no checkpoint.pt" in capsys.readouterr().err
    assert small_run("gan_deng_yan", tmp_path / "w", 10, "--td-lambda", "1.5") == 2
    assert "td-lambda must lie in [0, 1], not 1.5" in capsys.readouterr().err


@pytest.mark.ray
def test_ray_actors_train_the_same_network(tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'ganzdy[ray]')")
    game = "gan_deng_yan"
    assert small_run(game, tmp_path / "here", 200) == 0
    assert small_run(game, tmp_path / "ray", 200, "--ray", "--actors", "2") == 0
    here, there = load_checkpoint(tmp_path / "here"), load_checkpoint(tmp_path / "ray")
    for key in ("steps", "deals", "rounds", "updates"):
        assert here["progress"][key] == there["progress"][key]
    for name, tensor in here["model"].items():
        assert torch.equal(tensor, there["model"][name]), name


def test_the_recorded_command_makes_the_same_run() -> None:
    import shlex

    from ganzdy.cli import build_parser
    from ganzdy.cli.train import config_from

    args = build_parser().parse_args(
        ["train", "--game", "guandan", "--minutes", "2.5", "--hidden", "64,32", "--seed", "9",
         "--league", "greedy=1,past=2", "--actors", "3", "--eval-decks", "7", "--epochs", "2",
         "--td-lambda", "0.7"]
    )  # fmt: skip
    config = config_from(args)
    command = config.command()
    assert command.startswith("ganzdy train --game guandan --minutes 2.5")
    again = config_from(build_parser().parse_args(shlex.split(command)[1:]))
    # Where the actors run is not part of the run: it changes no result.
    assert again == dataclasses.replace(config, actors=0, ray=None)


@pytest.mark.parametrize("game", ["gan_deng_yan", "gouji"])
def test_init_starts_from_a_network_file(game: str, tmp_path: Path) -> None:
    # A rank-trained run exports a network; a run started from it scores every
    # position as the file does before its first gradient step.
    assert small_run(game, tmp_path / "first", 60, "--reward", "rank") == 0
    exported = tmp_path / "first" / f"{game}.gznn"
    net = read_network(exported)
    assert net.header["reward"] == "rank"
    assert "--reward rank" in net.header["trained_by"]
    trainer = Trainer(config_for(game, init=str(exported)), tmp_path / "probe", False, print)
    assert_scores_as_file(trainer.model, net, game)
    assert f"--init {exported}" in trainer.config.command()
    # It then trains on: the second run exports, and records where it began.
    assert small_run(game, tmp_path / "second", 60, "--init", str(exported)) == 0
    again = read_network(tmp_path / "second" / f"{game}.gznn")
    assert f"--init {exported}" in again.header["trained_by"]


def test_init_widens_a_network_without_changing_what_it_computes(tmp_path: Path) -> None:
    # A 24,12 network read into a 40,20 model: the wider model scores every position as
    # the file does, its added units compute something (fresh input weights) that
    # nothing reads yet (zero output weights), and the run then trains and exports.
    assert small_run("gan_deng_yan", tmp_path / "first", 60) == 0
    exported = tmp_path / "first" / "gan_deng_yan.gznn"
    net = read_network(exported)
    trainer = Trainer(
        config_for("gan_deng_yan", init=str(exported), hidden=(40, 20)),
        tmp_path / "probe",
        False,
        print,
    )
    assert_scores_as_file(trainer.model, net, "gan_deng_yan")
    linear = [m for m in trainer.model.layers if isinstance(m, torch.nn.Linear)]
    assert [tuple(m.weight.shape) for m in linear] == [
        (40, linear[0].in_features),
        (20, 40),
        (1, 20),
    ]
    assert torch.count_nonzero(linear[0].weight[24:]) > 0
    assert torch.count_nonzero(linear[1].weight[:12, 24:]) == 0
    assert torch.count_nonzero(linear[2].weight[:, 12:]) == 0
    assert (
        small_run(
            "gan_deng_yan", tmp_path / "wide", 60, "--init", str(exported), "--hidden", "40,20"
        )
        == 0
    )
    wide = read_network(tmp_path / "wide" / "gan_deng_yan.gznn")
    assert wide.widths[1:] == (40, 20, 1)


def test_init_refuses_what_does_not_fit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert small_run("gan_deng_yan", tmp_path / "first", 30) == 0
    exported = str(tmp_path / "first" / "gan_deng_yan.gznn")
    assert small_run("gouji", tmp_path / "a", 30, "--init", exported) == 2
    assert "trained for game gan_deng_yan, not gouji" in capsys.readouterr().err
    assert small_run("gan_deng_yan", tmp_path / "b", 30, "--init", exported, "--hidden", "16") == 2
    assert "--hidden 24,12" in capsys.readouterr().err
    for hidden in ("32,8", "32,16,8"):  # a narrower layer; another layer
        assert (
            small_run("gan_deng_yan", tmp_path / "b", 30, "--init", exported, "--hidden", hidden)
            == 2
        )
        assert "cannot hold" in capsys.readouterr().err
    assert (
        small_run("gan_deng_yan", tmp_path / "c", 30, "--init", exported, "--imitate-steps", "5")
        == 2
    )
    assert "--imitate-steps 0" in capsys.readouterr().err
    assert small_run("gan_deng_yan", tmp_path / "d", 30, "--init", str(tmp_path / "none.gznn")) == 2
    assert "none.gznn" in capsys.readouterr().err
    with pytest.raises(SystemExit):  # argparse's own refusal of an unknown choice
        small_run("gan_deng_yan", tmp_path / "e", 30, "--reward", "elo")
    assert "'elo'" in capsys.readouterr().err


def assert_scores_as_file(model: QNetwork, net: Network, game: str) -> None:
    """``model`` scores the legal moves of real positions as the network file ``net``."""
    for deal in positions(game, 6):
        observation = deal.observation(deal.current_player)
        vectors = legal_move_vectors(deal)
        rows = np.concatenate([np.repeat(observation[None, :], len(vectors), 0), vectors], 1)
        with torch.no_grad():
            started = model(torch.from_numpy(rows)).numpy()
        np.testing.assert_allclose(started, net.q_values(observation, vectors), atol=1e-4)


def config_for(game: str, **changes: object) -> TrainConfig:
    args = build_parser().parse_args(
        ["train", "--game", game, "--steps", "10", "--hidden", "24,12", "--imitate-steps", "0"]
    )
    return dataclasses.replace(config_from(args), **changes)  # type: ignore[arg-type]
