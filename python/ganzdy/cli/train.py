"""``ganzdy train``: Deep Monte Carlo training of a learned agent's network (``ganzdy.train``).

torch is imported only when the command runs, so the rest of the CLI works without
the ``[train]`` extra.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ganzdy._core import GanzdyError
from ganzdy.games import DEFAULT_GAME
from ganzdy.train.defaults import IMITATE_STEPS, IMITATE_TEMPERATURE
from ganzdy.train.league import DEFAULT_MIXES, LeagueMix, default_mix
from ganzdy.train.reward import REWARDS

if TYPE_CHECKING:
    from ganzdy.train.learner import TrainConfig


def _widths(text: str) -> tuple[int, ...]:
    try:
        widths = tuple(int(w) for w in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not comma-separated widths such as 256,256,128"
        ) from None
    if not widths or any(w < 1 for w in widths):
        raise argparse.ArgumentTypeError(f"{text!r}: every width must be at least 1")
    return widths


def add_parser(sub: Any) -> None:
    train = sub.add_parser(
        "train",
        help="train a learned agent's network by Deep Monte Carlo self-play against a "
        "league, and export it (needs torch: pip install 'ganzdy[train]')",
    )
    train.add_argument(
        "--game", default=DEFAULT_GAME, help=f"rules preset (default: {DEFAULT_GAME})"
    )
    train.add_argument(
        "--players", type=int, help="players (default: the game's, 4 in Gan Deng Yan)"
    )
    budget = train.add_argument_group("budget (totals over resumes; give one or both)")
    budget.add_argument("--minutes", type=float, help="stop after this much training wall time")
    budget.add_argument(
        "--steps",
        type=int,
        help="stop after this many decisions trained on (the warm start's imitated ones, "
        "then the learner's)",
    )
    train.add_argument(
        "--out",
        metavar="DIR",
        help="where the checkpoint, the network file and the curve go (default: train-<game>)",
    )
    train.add_argument(
        "--resume", action="store_true", help="continue the run checkpointed in --out"
    )
    train.add_argument(
        "--actors",
        type=int,
        default=0,
        metavar="K",
        help="actor processes (default: 0, the actors play in this process)",
    )
    train.add_argument(
        "--ray",
        nargs="?",
        const="",
        metavar="ADDRESS",
        help="run the actors on Ray: the cluster at ADDRESS, or a local instance",
    )
    train.add_argument("--seed", type=int, default=0, help="the run's seed (default: 0)")
    train.add_argument(
        "--hidden",
        type=_widths,
        default=(256, 256, 128),
        help="hidden layer widths (default: 256,256,128)",
    )
    train.add_argument(
        "--league",
        default=None,
        help="opponent mix by weight (default per game: "
        + "; ".join(f"{game} {mix}" for game, mix in DEFAULT_MIXES.items())
        + ")",
    )
    train.add_argument(
        "--init",
        type=Path,
        metavar="FILE",
        default=None,
        help="start from this network file (an exported or shipped .gznn) instead of "
        "the warm start; needs --imitate-steps 0; wider --hidden layers widen it "
        "without changing what it computes",
    )
    train.add_argument(
        "--reward",
        choices=REWARDS,
        default="points",
        help="the target: 'points', the game's score squashed; 'rank', the share of the "
        "arena's pairwise games (Gan Deng Yan: seats finished ahead of; Guandan, Gouji: "
        "the team's win) (default: points)",
    )
    train.add_argument(
        "--td-lambda",
        type=float,
        default=1.0,
        help="the targets' lambda: 1, each decision's target is the seat's final reward "
        "(Deep Monte Carlo); below 1, the lambda-return over the network's best scores at "
        "the seat's next decisions (default: 1)",
    )
    train.add_argument("--epsilon", type=float, default=0.05, help="exploration (default: 0.05)")
    train.add_argument(
        "--lr", type=float, default=1e-3, help="Adam's learning rate (default: 0.001)"
    )
    train.add_argument(
        "--batch", type=int, default=1024, help="rows a gradient step (default: 1024)"
    )
    train.add_argument(
        "--epochs",
        type=int,
        default=1,
        help="passes over each round's rows (default: 1; the actors take most of a round)",
    )
    train.add_argument(
        "--deals-per-job",
        type=int,
        default=32,
        help="deals an actor plays in lockstep, one forward pass for all (default: 32)",
    )
    train.add_argument(
        "--jobs-per-round",
        type=int,
        default=None,
        help="actor jobs between learner updates (default: max(2, actors))",
    )
    train.add_argument(
        "--snapshot-every",
        type=int,
        default=50_000,
        help="learner decisions between league snapshots (default: 50000)",
    )
    train.add_argument(
        "--eval-every",
        type=int,
        default=50_000,
        help="learner decisions between evaluations (default: 50000)",
    )
    train.add_argument(
        "--eval-decks",
        type=int,
        default=50,
        help="duplicate decks an evaluation plays against greedy (default: 50)",
    )
    train.add_argument(
        "--final-eval-decks",
        type=int,
        default=250,
        help="duplicate decks of the last evaluation, the one the file records (default: 250)",
    )
    train.add_argument(
        "--imitate-steps",
        type=int,
        default=IMITATE_STEPS,
        metavar="N",
        help="warm start: train on N decisions of deals greedy plays at every seat before "
        f"Deep Monte Carlo (default: {IMITATE_STEPS}; 0: none)",
    )
    train.add_argument(
        "--imitate-temperature",
        type=float,
        default=IMITATE_TEMPERATURE,
        help="the warm start's cross-entropy is over the legal moves' scores divided by "
        f"this (default: {IMITATE_TEMPERATURE:g})",
    )
    train.add_argument(
        "--teacher",
        default="greedy",
        metavar="AGENT",
        help="who plays every seat in the warm start, its moves imitated: an agent spec "
        "(default: greedy; a search such as "
        "'ismcts:evaluator=learned:network=FILE:iterations=100' with --init FILE is "
        "expert iteration)",
    )
    train.add_argument(
        "--progress-every", type=float, default=10.0, help="seconds between progress lines"
    )
    train.set_defaults(run=run)


def config_from(args: argparse.Namespace) -> TrainConfig:
    """The run the parsed options describe."""
    from ganzdy.train.learner import TrainConfig

    return TrainConfig(
        game=args.game,
        players=args.players,
        minutes=args.minutes,
        steps=args.steps,
        hidden=tuple(args.hidden),
        seed=args.seed,
        actors=args.actors,
        ray=args.ray,
        deals_per_job=args.deals_per_job,
        jobs_per_round=args.jobs_per_round or max(2, args.actors),
        epsilon=args.epsilon,
        learning_rate=args.lr,
        batch=args.batch,
        epochs=args.epochs,
        reward=args.reward,
        td_lambda=args.td_lambda,
        init=None if args.init is None else str(args.init),
        mix=default_mix(args.game) if args.league is None else LeagueMix.parse(args.league),
        snapshot_every=args.snapshot_every,
        eval_every=args.eval_every,
        eval_decks=args.eval_decks,
        final_eval_decks=args.final_eval_decks,
        progress_every=args.progress_every,
        imitate_steps=args.imitate_steps,
        imitate_temperature=args.imitate_temperature,
        teacher=args.teacher,
    )


def run(args: argparse.Namespace) -> int:
    try:
        import torch  # noqa: F401
    except ImportError:
        raise GanzdyError("ganzdy train needs torch: pip install 'ganzdy[train]'") from None
    from ganzdy.train.learner import train

    config = config_from(args)
    out = Path(args.out or f"train-{args.game}")
    train(config, out, resume=args.resume, log=lambda line: print(line, flush=True))
    return 0
