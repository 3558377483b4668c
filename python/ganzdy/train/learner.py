"""The learner loop: rounds of actor deals, gradient steps on what they played.

A round hands the actors a batch of jobs (``jobs_per_round`` a ``deals_per_job`` deals,
their tables drawn by the league) with the current weights; the rows the learner
played come back with their seats' final rewards, and the network is regressed
towards them (mean squared error, Adam) in minibatches over the round's rows,
shuffled: Deep Monte Carlo as DouZero does it, without bootstrapping (``td_lambda``
below 1 bootstraps: ``actors.lambda_returns``). Each row is
used ``epochs`` times (a fresh shuffle a pass): the actors take about nine tenths of
a round's time, so further passes buy gradient steps cheaply.
A self-play deal's rows weigh one learner side's share (``actors.row_weight``).

Before that, a warm start (``imitate_steps`` decisions, 0: none): rounds of deals the
teacher plays at every seat, and for each decision a loss that makes the teacher's
move score highest among the legal moves (cross-entropy over their scores divided by
``imitate_temperature``) plus the Monte Carlo regression of that move's score to the
seat's final reward, so the scores stay on the reward scale the search and the
Deep Monte Carlo targets use, ``epochs`` passes over each round's decisions. The
teacher is the greedy bot by default: Deep Monte Carlo then starts from greedy's
level, not from random play (the untrained network loses almost every Guandan and
Gouji hand, so its early deals teach little). A stronger teacher, such as the search
with a network (``--init`` that network and ``--teacher`` the search using it), is
expert iteration: the network learns the moves the search finds with it.

Everything random comes from the run's seed: the league's draws and the jobs' seeds
from one NumPy generator, the shuffling from one torch generator, the deals from
``deal_seed(seed, k)`` for the k-th training deal (``IMITATION_DEALS + k`` for the
k-th warm-start deal). Rounds are synchronous, so a run
is the same whether its jobs play here, in processes or on Ray, and a resumed run is
the run that was not interrupted.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch

from ganzdy import network
from ganzdy._core import GanzdyError, Rules, deal_seed
from ganzdy.agents import make_agent
from ganzdy.games import game_of
from ganzdy.train.actors import ActorJob, ActorPool, DealSpec, Imitation
from ganzdy.train.checkpoint import load_checkpoint, save_checkpoint
from ganzdy.train.curve import plot_curve
from ganzdy.train.defaults import IMITATE_STEPS, IMITATE_TEMPERATURE, IMITATION_BATCH
from ganzdy.train.evaluation import Evaluation, evaluate, positions
from ganzdy.train.export import export
from ganzdy.train.league import GREEDY, LeagueMix, draw_table
from ganzdy.train.model import QNetwork, input_scale
from ganzdy.train.reward import check_reward
from ganzdy.train.weights import QWeights

# The evaluation decks do not depend on the run's seed, so curves of runs compare.
EVALUATION_SEED = 20261201
# Where the warm start's deal numbers begin, far from the Deep Monte Carlo deals'.
IMITATION_DEALS = 1 << 40


@dataclass(frozen=True)
class TrainConfig:
    """A training run's settings (the ``ganzdy train`` options)."""

    game: str
    players: int | None = None
    minutes: float | None = None  # total wall time, over resumes
    steps: int | None = None  # total decisions trained on (warm start's too), over resumes
    hidden: tuple[int, ...] = (256, 256, 128)
    seed: int = 0
    actors: int = 0
    ray: str | None = None
    deals_per_job: int = 32
    jobs_per_round: int = 2
    epsilon: float = 0.05
    learning_rate: float = 1e-3
    batch: int = 1024
    epochs: int = 1  # passes over each round's rows
    reward: str = "points"  # the training target (``ganzdy.train.reward``)
    td_lambda: float = 1.0  # the targets' lambda (``actors.lambda_returns``); 1: Monte Carlo
    init: str | None = None  # a network file to start from, instead of the warm start
    mix: LeagueMix = field(default_factory=LeagueMix)  # the CLI's: league.default_mix(game)
    snapshot_every: int = 50_000  # learner decisions between snapshots
    max_snapshots: int = 8
    eval_every: int = 50_000  # learner decisions between evaluations
    eval_decks: int = 50
    final_eval_decks: int = 250  # the last evaluation's, the one the file records
    bootstrap: int = 1000
    progress_every: float = 10.0  # seconds between progress lines
    checkpoint_every: float = 120.0  # seconds between checkpoints
    imitate_steps: int = IMITATE_STEPS  # warm-start decisions (the teacher's), before DMC
    imitate_temperature: float = IMITATE_TEMPERATURE
    teacher: str = "greedy"  # the warm start's player at every seat: an agent spec

    def command(self) -> str:
        """The ``ganzdy train`` command line that makes this run (every setting given)."""
        parts = ["ganzdy", "train", "--game", self.game]
        if self.players:
            parts += ["--players", str(self.players)]
        if self.minutes is not None:
            parts += ["--minutes", f"{self.minutes:g}"]
        if self.steps is not None:
            parts += ["--steps", str(self.steps)]
        parts += [
            "--seed", str(self.seed),
            "--hidden", ",".join(str(w) for w in self.hidden),
            "--league", self.mix.spec(),
            "--epsilon", f"{self.epsilon:g}",
            "--lr", f"{self.learning_rate:g}",
            "--batch", str(self.batch),
            "--epochs", str(self.epochs),
            "--reward", self.reward,
            "--td-lambda", f"{self.td_lambda:g}",
            "--deals-per-job", str(self.deals_per_job),
            "--jobs-per-round", str(self.jobs_per_round),
            "--snapshot-every", str(self.snapshot_every),
            "--eval-every", str(self.eval_every),
            "--eval-decks", str(self.eval_decks),
            "--final-eval-decks", str(self.final_eval_decks),
            "--imitate-steps", str(self.imitate_steps),
            "--imitate-temperature", f"{self.imitate_temperature:g}",
            "--teacher", self.teacher,
        ]  # fmt: skip
        if self.init is not None:
            parts += ["--init", self.init]
        return " ".join(parts)

    def rules(self) -> Rules:
        return Rules(self.game, self.players) if self.players else Rules(self.game)

    def to_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["mix"] = self.mix.spec()
        data["hidden"] = list(self.hidden)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TrainConfig:
        data = dict(data)
        data["mix"] = LeagueMix.parse(data["mix"])
        data["hidden"] = tuple(data["hidden"])
        # Runs checkpointed before the warm start existed had none.
        data.setdefault("imitate_steps", 0)
        data.setdefault("epochs", 1)
        data.setdefault("reward", "points")
        data.setdefault("init", None)
        data.setdefault("teacher", "greedy")
        data.setdefault("td_lambda", 1.0)
        return cls(**data)

    def check(self) -> None:
        if self.minutes is None and self.steps is None:
            raise GanzdyError("a training run needs a budget: --minutes or --steps")
        for name in (
            "deals_per_job",
            "jobs_per_round",
            "batch",
            "epochs",
            "eval_decks",
            "final_eval_decks",
            "max_snapshots",
        ):
            if getattr(self, name) < 1:
                raise GanzdyError(
                    f"{name.replace('_', '-')} must be at least 1, not {getattr(self, name)}"
                )
        check_reward(self.reward)
        if not 0.0 <= self.epsilon <= 1.0:
            raise GanzdyError(f"epsilon must lie in [0, 1], not {self.epsilon}")
        if not 0.0 <= self.td_lambda <= 1.0:
            raise GanzdyError(f"td-lambda must lie in [0, 1], not {self.td_lambda}")
        if not self.hidden or any(w < 1 for w in self.hidden):
            raise GanzdyError(f"hidden widths must be at least 1, not {list(self.hidden)}")
        if self.init is not None and self.imitate_steps > 0 and self.teacher == "greedy":
            raise GanzdyError(
                f"--init {self.init} starts from a trained network, so there is no warm start "
                f"from greedy: give --imitate-steps 0 (not {self.imitate_steps}) or a --teacher"
            )
        make_agent(self.teacher)  # an unknown agent or parameter: AgentError, here
        if self.imitate_steps < 0:
            raise GanzdyError(f"imitate-steps must not be negative, not {self.imitate_steps}")
        if not (self.imitate_temperature > 0 and np.isfinite(self.imitate_temperature)):
            raise GanzdyError(
                f"imitate-temperature must be a positive number, not {self.imitate_temperature}"
            )
        if self.actors < 0:
            raise GanzdyError(f"actors must not be negative, not {self.actors}")


@dataclass
class Progress:
    """The run's counters (checkpointed)."""

    steps: int = 0  # learner decisions trained on (Deep Monte Carlo)
    deals: int = 0
    rounds: int = 0
    updates: int = 0
    seconds: float = 0.0  # training wall time, over resumes
    next_eval: int = 0
    next_imitation_eval: int = 0  # the warm start's evaluations, by imitated decisions
    next_snapshot: int = 0
    imitated: int = 0  # warm-start decisions trained on
    imitation_deals: int = 0


Log = Callable[[str], None]


class Trainer:
    """One run in directory ``out``: a fresh start from ``config``, or (``resume``) the
    run checkpointed there, continued with ``config``'s budget."""

    def __init__(self, config: TrainConfig, out: Path, resume: bool, log: Log) -> None:
        self.out = out
        self.log = log
        out.mkdir(parents=True, exist_ok=True)
        state = load_checkpoint(out) if resume else None
        if state is not None:
            saved = TrainConfig.from_json(state["config"])
            # The run is the saved one; only its budget and where it runs may change.
            config = dataclasses.replace(
                saved,
                minutes=config.minutes,
                steps=config.steps,
                actors=config.actors,
                ray=config.ray,
                progress_every=config.progress_every,
            )
        config.check()
        self.config = config
        self.rules = config.rules()
        game = game_of(self.rules)
        self.teams = bool(game.teams)
        torch.manual_seed(config.seed)
        scale = state["input_scale"] if state is not None else input_scale(self.rules)
        self.model = QNetwork(game.observation_size(self.rules), config.hidden, scale)
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=config.learning_rate)
        self.rng = np.random.default_rng(config.seed)
        self.shuffle = torch.Generator().manual_seed(config.seed)
        self.progress = Progress()
        self.snapshots: dict[int, QWeights] = {}
        self.curve: list[Evaluation] = []
        self.losses: list[float] = []
        if state is not None:
            self.model.load_state_dict(state["model"])
            self.optimizer.load_state_dict(state["optimizer"])
            self.rng.bit_generator.state = state["numpy_rng"]
            self.shuffle.set_state(state["torch_rng"])
            self.progress = Progress(**state["progress"])
            self.snapshots = {int(k): QWeights(v) for k, v in state["snapshots"].items()}
            self.curve = [Evaluation(**e) for e in state["curve"]]
            self.losses = list(state["losses"])
        elif config.init is not None:
            start_from(self.model, config.init, self.rules)

    # -- the loop ----------------------------------------------------------------

    def run(self) -> Evaluation:
        config, progress = self.config, self.progress
        began = time.monotonic() - progress.seconds
        last_line = last_checkpoint = time.monotonic()
        # (time, steps) after recent rounds, for samples per second
        window = [(time.monotonic(), progress.steps + progress.imitated)]
        with ActorPool(config.actors, config.ray) as pool:
            while True:
                progress.seconds = time.monotonic() - began
                imitating = progress.imitated < config.imitate_steps
                # The untrained (or --init) network is evaluated, then every eval_every
                # decisions trained on: the warm start's imitated ones, then the
                # learner's (whose first evaluation is the warm start's end).
                if not self.curve or self._evaluation_due(imitating):
                    self._evaluate(pool)
                    if imitating:
                        progress.next_imitation_eval = progress.imitated + config.eval_every
                    else:
                        progress.next_eval += config.eval_every
                if self._done():
                    break
                if imitating:
                    self._imitation_round(pool)
                else:
                    self._round(pool)
                now = time.monotonic()
                progress.seconds = now - began
                window = [*window[-20:], (now, progress.steps + progress.imitated)]
                if now - last_line >= config.progress_every:
                    self.log(self._line(window))
                    last_line = now
                if now - last_checkpoint >= config.checkpoint_every:
                    self._save()
                    last_checkpoint = now
            self._evaluate(pool, final=True)
        self._save()
        self._finish()
        return self.curve[-1]

    def _evaluation_due(self, imitating: bool) -> bool:
        p = self.progress
        if imitating:
            return p.imitated >= p.next_imitation_eval
        return p.steps >= p.next_eval

    def _done(self) -> bool:
        c, p = self.config, self.progress
        if c.steps is not None and p.imitated + p.steps >= c.steps:
            return True
        return c.minutes is not None and p.seconds >= 60.0 * c.minutes

    def _round(self, pool: ActorPool) -> None:
        config, progress = self.config, self.progress
        weights = self.model.weights()
        jobs = []
        snapshot_ids = sorted(self.snapshots)
        for _ in range(config.jobs_per_round):
            specs = []
            for _ in range(config.deals_per_job):
                k = progress.deals
                table = draw_table(
                    self.rng, config.mix, self.rules.players, self.teams, snapshot_ids
                )
                specs.append(DealSpec(deal_seed(config.seed, k), k % self.rules.players, k, table))
                progress.deals += 1
            used = {who for spec in specs for who in spec.table if who >= 0}
            jobs.append(
                ActorJob(
                    rules=self.rules,
                    arena_seed=config.seed,
                    deals=tuple(specs),
                    learner=weights,
                    snapshots={k: self.snapshots[k] for k in used},
                    epsilon=config.epsilon,
                    seed=int(self.rng.integers(2**63)),
                    collect=True,
                    reward=config.reward,
                    td_lambda=config.td_lambda,
                )
            )
        rollouts = list(pool.run(jobs))
        rows = torch.from_numpy(np.concatenate([r.rows for r in rollouts]))
        targets = torch.from_numpy(np.concatenate([r.targets for r in rollouts]))
        row_weights = torch.from_numpy(np.concatenate([r.weights for r in rollouts]))
        self._learn(rows, targets, row_weights)
        progress.steps += int(rows.shape[0])
        progress.rounds += 1
        if progress.steps >= progress.next_snapshot:
            self.snapshots[progress.rounds] = self.model.weights()
            while len(self.snapshots) > config.max_snapshots:
                del self.snapshots[min(self.snapshots)]
            progress.next_snapshot += config.snapshot_every

    def _learn(self, rows: torch.Tensor, targets: torch.Tensor, weights: torch.Tensor) -> None:
        batch = self.config.batch
        for _ in range(self.config.epochs):
            order = torch.randperm(rows.shape[0], generator=self.shuffle)
            for start in range(0, rows.shape[0], batch):
                pick = order[start : start + batch]
                errors = (self.model(rows[pick]) - targets[pick]) ** 2
                loss = (errors * weights[pick]).sum() / weights[pick].sum()
                self._step(loss)

    def _step(self, loss: torch.Tensor) -> None:
        self.optimizer.zero_grad()
        loss.backward()  # type: ignore[no-untyped-call]  # torch leaves it unannotated
        self.optimizer.step()
        self.progress.updates += 1
        self.losses.append(float(loss.detach()))

    # -- the warm start ----------------------------------------------------------

    def _imitation_round(self, pool: ActorPool) -> None:
        """A round of deals greedy plays at every seat, and a pass of steps over their
        decisions (see the module docstring)."""
        config, progress = self.config, self.progress
        players = self.rules.players
        weights = self.model.weights()
        jobs = []
        for _ in range(config.jobs_per_round):
            specs = []
            for _ in range(config.deals_per_job):
                k = IMITATION_DEALS + progress.imitation_deals
                table = (GREEDY,) * players
                specs.append(DealSpec(deal_seed(config.seed, k), k % players, k, table))
                progress.imitation_deals += 1
            jobs.append(
                ActorJob(
                    rules=self.rules,
                    arena_seed=config.seed,
                    deals=tuple(specs),
                    learner=weights,  # not played: greedy holds every seat
                    snapshots={},
                    epsilon=0.0,
                    seed=int(self.rng.integers(2**63)),
                    collect=True,
                    imitate=True,
                    reward=config.reward,
                    teacher=config.teacher,
                )
            )
        parts = [r.imitation for r in pool.run(jobs) if r.imitation is not None]
        decisions = self.imitate(parts)
        progress.imitated += decisions
        progress.rounds += 1

    def imitate(self, parts: list[Imitation]) -> int:
        """``epochs`` passes of warm-start steps over ``parts``' decisions, each
        shuffled, ``IMITATION_BATCH`` decisions a step; how many decisions there were."""
        observations = np.concatenate([p.observations for p in parts])
        counts = np.concatenate([p.counts for p in parts])
        chosen = np.concatenate([p.chosen for p in parts])
        targets = torch.from_numpy(np.concatenate([p.targets for p in parts]))
        moves = np.concatenate([p.moves for p in parts])
        offsets = np.concatenate([[0], np.cumsum(counts)])
        total = len(counts)
        temperature = self.config.imitate_temperature
        for _ in range(self.config.epochs):
            order = torch.randperm(total, generator=self.shuffle).numpy()
            for start in range(0, total, IMITATION_BATCH):
                pick = order[start : start + IMITATION_BATCH]
                sizes = torch.from_numpy(counts[pick])
                rows = np.concatenate([moves[offsets[i] : offsets[i + 1]] for i in pick])
                scores = self.model.score_moves(
                    torch.from_numpy(observations[pick]), torch.from_numpy(rows), sizes
                )
                # Each decision's moves are a contiguous run of ``scores``: a padded
                # [decisions, most moves] matrix gives the softmax over each run.
                width = int(sizes.max())
                padded = torch.full((len(pick), width), -torch.inf)
                within = torch.arange(width)[None, :] < sizes[:, None]
                padded[within] = scores / temperature
                first = torch.cumsum(sizes, 0) - sizes  # each decision's first score
                taught = torch.from_numpy(chosen[pick])
                ranking = torch.nn.functional.cross_entropy(padded, taught)
                value = torch.nn.functional.mse_loss(scores[first + taught], targets[pick])
                self._step(ranking + value)
        return total

    def _evaluate(self, pool: ActorPool, final: bool = False) -> None:
        p = self.progress
        last = self.curve[-1] if self.curve else None
        if last is not None and (last.steps, last.imitated) == (p.steps, p.imitated):
            wanted = self.config.final_eval_decks * len(positions(self.rules))
            if not final or self.curve[-1].deals >= wanted:
                return
            self.curve.pop()  # the same weights: the larger evaluation replaces it
        evaluation = evaluate(
            self.rules,
            self.model.weights(),
            pool,
            self.config.final_eval_decks if final else self.config.eval_decks,
            EVALUATION_SEED,
            steps=p.steps,
            deals_trained=p.deals,
            seconds=p.seconds,
            bootstrap=self.config.bootstrap,
            imitated=p.imitated,
        )
        self.curve.append(evaluation)
        warm = f" (after {p.imitated:,} imitated)" if p.imitated else ""
        self.log(
            f"evaluation at {p.steps:,} steps{warm}, {p.seconds:.0f} s: {evaluation.describe()}"
        )

    def _line(self, window: list[tuple[float, int]]) -> str:
        p = self.progress
        (t0, s0), (t1, s1) = window[0], window[-1]
        rate = (s1 - s0) / (t1 - t0) if t1 > t0 else 0.0
        recent = self.losses[-50:]
        loss = f"{sum(recent) / len(recent):.4f}" if recent else "-"
        last = self.curve[-1]
        phase = (
            f"imitating {p.imitated:>9,} / {self.config.imitate_steps:,}"
            if p.imitated < self.config.imitate_steps
            else f"{p.steps:>10,} steps  {p.deals:>8,} deals"
        )
        return (
            f"{p.seconds:7.0f} s  {phase}  "
            f"{rate:8.0f} samples/s  loss {loss}  last eval: win {last.win_rate:.3f}, "
            f"Elo {last.elo:+.0f}"
        )

    # -- state and output --------------------------------------------------------

    def _save(self) -> None:
        save_checkpoint(
            self.out,
            {
                "config": self.config.to_json(),
                "model": self.model.state_dict(),
                "input_scale": self.model.input_scale.numpy().copy(),
                "optimizer": self.optimizer.state_dict(),
                "numpy_rng": self.rng.bit_generator.state,
                "torch_rng": self.shuffle.get_state(),
                "progress": dataclasses.asdict(self.progress),
                "snapshots": {k: w.layers for k, w in self.snapshots.items()},
                "curve": [e.to_json() for e in self.curve],
                "losses": self.losses,
            },
        )

    def _finish(self) -> None:
        game, p, last = self.rules.game, self.progress, self.curve[-1]
        extra = {
            "trained_by": self.config.command(),
            "training_steps": str(p.steps),
            "training_deals": str(p.deals),
            "imitated_steps": str(p.imitated),
            "imitated_deals": str(p.imitation_deals),
            "training_seconds": f"{p.seconds:.0f}",
            "training_date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d"),
            "training_seed": str(self.config.seed),
            "reward": self.config.reward,
            "evaluation": f"{last.describe()} (duplicate decks, seed {EVALUATION_SEED})",
        }
        export(self.out / f"{game}.gznn", self.rules, self.model.weights(), extra)
        (self.out / "curve.json").write_text(
            json.dumps([e.to_json() for e in self.curve], indent=1) + "\n"
        )
        try:
            plot_curve(
                self.curve,
                self.out / f"learning_curve_{game}.png",
                f"ganzdy train --game {game}: {self.rules.players} players",
            )
        except ImportError:
            self.log("no learning curve PNG: matplotlib is not installed")
        self.log(f"exported {self.out / f'{game}.gznn'}; final: {last.describe()}")


def read_fitting(path: str | Path, rules: Rules, source: str) -> network.Network:
    """The network file at ``path`` (``NetworkFileError``, naming ``source``, unless it was
    made for ``rules``' game, players and observation)."""
    game = game_of(rules)
    saved = network.read_network(path)
    network.check_fits(
        saved,
        rules.game,
        rules.players,
        game.observation_version,
        game.observation_size(rules),
        source,
    )
    return saved


def start_from(model: QNetwork, path: str, rules: Rules) -> None:
    """Set ``model``'s layers to the network file ``path``'s (``GanzdyError`` unless it
    was made for ``rules``' game, players and observation, with as many hidden layers as
    the model and none wider). The file's first layer has the input scale folded in; it
    is unfolded here, so the model computes the file's function.

    A model with wider hidden layers than the file's is widened without changing that
    function: each added unit keeps its fresh random input weights (so it computes
    something, and its output weights get gradient) and gets zero output weights (so
    what it computes is not used until training says so)."""
    try:
        saved = read_fitting(path, rules, f"--init {path}")
    except OSError as error:
        raise GanzdyError(f"--init {path}: {error}") from error
    if len(saved.widths) != len(model.widths) or any(
        s > m for s, m in zip(saved.widths, model.widths, strict=True)
    ):
        widths = ",".join(str(w) for w in saved.widths[1:-1])
        raise GanzdyError(
            f"--init {path} has the hidden layers {widths}, which --hidden "
            f"{','.join(str(w) for w in model.hidden)} cannot hold: give as many layers, "
            f"each at least as wide (--hidden {widths} keeps them)"
        )
    linear = [m for m in model.layers if isinstance(m, torch.nn.Linear)]
    scale = model.input_scale.numpy()
    with torch.no_grad():
        for i, (layer, (weight, bias)) in enumerate(zip(linear, saved.layers, strict=True)):
            w = np.asarray(weight / scale[None, :] if i == 0 else weight, np.float32)
            rows, columns = w.shape
            # Rows past the file's are added units: their fresh input weights stay.
            # Columns past it read added units of the layer below: zero, so unused.
            layer.weight[:rows, :columns] = torch.from_numpy(w)
            layer.weight[:rows, columns:] = 0.0
            layer.bias[:rows] = torch.from_numpy(np.asarray(bias, np.float32))


def train(config: TrainConfig, out: Path, *, resume: bool = False, log: Log = print) -> Evaluation:
    """Run (or continue) a training run; return its last evaluation."""
    return Trainer(config, out, resume, log).run()
