"""Deep Monte Carlo (DMC) on Gan Deng Yan: a small learner that beats random play.

The method is DouZero's (Zha et al., 2021): a network scores (observation, move)
pairs, the learner plays the best-scored legal move (exploring with probability
epsilon), and every pair of a finished deal is regressed towards how that deal ended.
No bootstrapping and no replay of old policies, so it stays short.

    pip install ".[examples]"          # torch (the CPU build is enough) and matplotlib
    python examples/dmc_gan_deng_yan.py --minutes 5 --plot docs/learning_curve.png

The learner sits at seat 0 of a 4-player deal against three random opponents, in
``ganzdy.env.VectorEnv`` (n deals stepped in one C++ call). Every so often the greedy
policy (epsilon = 0) is evaluated on fresh deals; the curve of its win rate against
environment steps is the learning curve. Random play wins about 1 deal in 4.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt
import torch
from torch import nn

import ganzdy
from ganzdy.env import VectorEnv
from ganzdy.env.encoding import RANK_SLOTS

KINDS = ("pass", "single", "pair", "triple", "straight", "pairs", "bomb", "king_bomb", "jokers")
RANKS = "3456789TJQKA2"


def move_features(rules: ganzdy.Rules) -> npt.NDArray[np.float32]:
    """One row per move id: kind one-hot, key rank one-hot, length, cards per rank slot."""
    width = len(KINDS) + len(RANKS) + 1 + len(RANK_SLOTS)
    table = np.zeros((rules.num_moves, width), dtype=np.float32)
    for i in range(rules.num_moves):
        move = rules.move_from_id(i)
        row = table[i]
        row[KINDS.index(move.kind)] = 1
        if move.rank:
            row[len(KINDS) + RANKS.index(move.rank)] = 1
        row[len(KINDS) + len(RANKS)] = move.length / 12
        for card in move.cards:
            slot = card if card in ("BJ", "RJ") else card[0]
            row[len(KINDS) + len(RANKS) + 1 + RANK_SLOTS.index(slot)] += 1
    return table


class QNet(nn.Module):
    """Scores an (observation, move) pair: the expected outcome of playing the move."""

    def __init__(self, observation_size: int, move_size: int, hidden: int = 256) -> None:
        super().__init__()
        self.layers = nn.Sequential(
            nn.Linear(observation_size + move_size, hidden),
            nn.ReLU(),
            nn.Linear(hidden, hidden),
            nn.ReLU(),
            nn.Linear(hidden, 1),
        )

    def forward(self, observations: torch.Tensor, moves: torch.Tensor) -> torch.Tensor:
        # Card counts go up to 8 (two packs) and sizes to dozens: scale them down.
        return self.layers(torch.cat([observations / 8.0, moves], dim=1)).squeeze(1)


def choose(
    net: QNet,
    features: npt.NDArray[np.float32],
    step: ganzdy.env.VectorStep,
    epsilon: float,
    rng: np.random.Generator,
) -> npt.NDArray[np.int64]:
    """Per env, the legal id with the best score (or a random one with probability epsilon)."""
    counts = step.legal_counts
    env_of = np.repeat(np.arange(len(counts)), counts)
    with torch.no_grad():
        scores = net(
            torch.from_numpy(step.observations[env_of]),
            torch.from_numpy(features[step.legal_ids]),
        ).numpy()
    # Sort by env, then by score descending: the first entry of each env is its best.
    order = np.lexsort((-scores, env_of))
    best = step.legal_ids[order[step.legal_offsets[:-1]]].astype(np.int64)
    explore = rng.random(len(counts)) < epsilon
    best[explore] = step.sample_actions(rng)[explore]
    return best


@dataclass
class Episodes:
    """Per env, the (observation, move id) pairs of the deal in progress."""

    n: int
    pairs: list[list[tuple[npt.NDArray[np.float32], int]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.pairs = [[] for _ in range(self.n)]


def evaluate(
    net: QNet, features: npt.NDArray[np.float32], rules: ganzdy.Rules, deals: int, seed: int
) -> tuple[float, float]:
    """Win rate and mean points of the greedy policy over ``deals`` fresh deals."""
    env = VectorEnv(rules, 256, opponents="random", seed=seed)
    step = env.reset()
    rng = np.random.default_rng(seed)
    wins, points, done = 0, 0.0, 0
    while done < deals:
        step = env.step(choose(net, features, step, 0.0, rng))
        ended = step.terminations
        wins += int((step.episode_points[ended] > 0).sum())
        points += float(step.episode_points[ended].sum())
        done += int(ended.sum())
    return wins / done, points / done


def train(args: argparse.Namespace) -> list[tuple[int, float, float]]:
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    rules = ganzdy.Rules("gan_deng_yan", players=4)
    features = move_features(rules)
    env = VectorEnv(rules, args.envs, opponents="random", seed=args.seed)
    net = QNet(env.observation_shape[0], features.shape[1])
    optimizer = torch.optim.Adam(net.parameters(), lr=args.lr)
    rng = np.random.default_rng(args.seed)
    episodes = Episodes(args.envs)
    batch_obs: list[npt.NDArray[np.float32]] = []
    batch_moves: list[int] = []
    batch_targets: list[float] = []
    curve: list[tuple[int, float, float]] = []
    step = env.reset()
    steps, start, next_eval = 0, time.monotonic(), 0

    while True:
        if steps >= next_eval:
            win_rate, points = evaluate(
                net, features, rules, args.eval_deals, seed=10_000 + len(curve)
            )
            curve.append((steps, win_rate, points))
            print(
                f"{steps:>9} steps  {time.monotonic() - start:6.0f} s  "
                f"win rate {win_rate:.3f}  points {points:+.2f}"
            )
            next_eval += args.eval_every
        if steps >= args.steps or time.monotonic() - start > 60 * args.minutes:
            break
        actions = choose(net, features, step, args.epsilon, rng)
        for i in range(args.envs):
            episodes.pairs[i].append((step.observations[i], int(actions[i])))
        step = env.step(actions)
        steps += args.envs
        for i in np.flatnonzero(step.terminations):
            # The deal's result, as DouZero's win-percentage objective: +1 won, -1 lost.
            target = (
                1.0 if step.episode_points[i] > 0 else -1.0 if step.episode_points[i] < 0 else 0.0
            )
            for observation, move in episodes.pairs[i]:
                batch_obs.append(observation)
                batch_moves.append(move)
                batch_targets.append(target)
            episodes.pairs[i] = []
        if len(batch_targets) >= args.batch:
            q = net(torch.from_numpy(np.stack(batch_obs)), torch.from_numpy(features[batch_moves]))
            loss = nn.functional.mse_loss(q, torch.tensor(batch_targets))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            batch_obs, batch_moves, batch_targets = [], [], []
    return curve


def plot(curve: list[tuple[int, float, float]], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [c[0] for c in curve]
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot(steps, [c[1] for c in curve], marker="o", label="DMC learner (greedy policy)")
    ax.axhline(0.25, color="gray", linestyle="--", label="random play (1 in 4)")
    ax.set_xlabel("environment steps (learner decisions)")
    ax.set_ylabel("win rate vs 3 random opponents")
    ax.set_ylim(0, 1)
    ax.legend(loc="lower right")
    ax.set_title("Deep Monte Carlo on Gan Deng Yan, 4 players")
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="training time budget")
    parser.add_argument("--steps", type=int, default=10**9, help="environment step budget")
    parser.add_argument("--envs", type=int, default=64, help="deals stepped together")
    parser.add_argument("--batch", type=int, default=2048, help="pairs per gradient step")
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--epsilon", type=float, default=0.1, help="exploration rate")
    parser.add_argument("--eval-every", type=int, default=50_000, help="steps between evaluations")
    parser.add_argument("--eval-deals", type=int, default=1000, help="deals per evaluation")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", help="write the learning curve to this PNG")
    args = parser.parse_args()
    curve = train(args)
    if args.plot:
        plot(curve, args.plot)
        print(f"learning curve: {args.plot}")


if __name__ == "__main__":
    main()
