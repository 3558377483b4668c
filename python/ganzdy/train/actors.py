"""Actors: whole deals played in lockstep, the network batched over all of them.

``play(job)`` deals ``job``'s deals and plays them together: the built-in bots move
wherever they sit (C++ ``greedy_index``, or a uniform random pick), and whenever some
deals wait on a network seat, every such deal's legal moves are scored in one forward
pass per network (the learner's, each snapshot's). Throughput is what makes Deep
Monte Carlo work on two cores: a pass over a few dozen deals costs about what one
deal's would.

The learner's seats explore epsilon-greedily and, when the job collects, every
(observation, move vector) row the learner played is kept with its seat's final
reward as the target, and a weight: a self-play deal's rows share the weight of one
learner side (one seat in Gan Deng Yan, one team in the team games), so a deal counts
as one whoever the learner meets (``row_weight``).

An *imitation* job (the warm start) seats its teacher everywhere (the greedy bot, or
any agent spec such as a search with a network: expert iteration) and keeps, for
every decision of every seat that has a choice, the observation, the distinct legal
move vectors (at most ``IMITATION_MOVES``: the teacher's and a random sample of the
others), which of them the teacher played and the seat's final reward
(``Imitation``).

A job is a pure function of its contents (its own random stream comes from
``job.seed``), so the same job gives the same rollout in this process, in a worker
process or on Ray.

``ActorPool`` runs a round's jobs: here (``actors=0``), on ``actors`` local processes
(each with torch held to one thread) or on a Ray cluster.

The forward passes run in torch, one thread, rather than NumPy: NumPy's BLAS starts a
thread per core at import, and on a loaded two-core machine those threads cost ten
times the arithmetic (2,100 against 130 decisions a second, measured).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt
import torch

from ganzdy import network
from ganzdy._core import IllegalMoveError, Rules
from ganzdy.agents import Agent, agent_name, make_agent, view_for
from ganzdy.games import game_of
from ganzdy.parallel import ray_session
from ganzdy.train.features import legal_move_vectors
from ganzdy.train.league import GREEDY, LEARNER, RANDOM, Table
from ganzdy.train.reward import seat_rewards
from ganzdy.train.weights import QWeights

Matrix = npt.NDArray[np.float32]

# The most distinct legal moves an imitated decision keeps: greedy's and a uniform
# sample of the rest. A Guandan or Gouji lead has hundreds; the cross-entropy over a
# sample still ranks greedy's move above all of them in expectation, at a fraction
# of the rows a batch would otherwise push through the network.
IMITATION_MOVES = 64
_VECTOR_KEY = np.random.default_rng(0).random(network.move_size()) + 0.5


@dataclass(frozen=True)
class DealSpec:
    """One deal to play: the arena's way of dealing it, and who sits where."""

    seed: int  # the deck's shuffle
    dealer: int
    deck: int | None  # the arena deck whose random previous hand sets up tribute; None: none
    table: Table


@dataclass(frozen=True)
class ActorJob:
    rules: Rules
    arena_seed: int  # with ``DealSpec.deck``, draws the previous hand (Guandan, Gouji)
    deals: tuple[DealSpec, ...]
    learner: QWeights
    snapshots: dict[int, QWeights]  # the ones these deals seat
    epsilon: float
    seed: int  # the job's random stream: exploration and the random bots
    collect: bool  # keep the learner's rows and targets
    imitate: bool = False  # the teacher at every seat; keep every decision (``Imitation``)
    reward: str = "points"  # the targets' kind (``ganzdy.train.reward``)
    teacher: str = "greedy"  # an imitation job's player: an agent spec (``make_agent``)
    td_lambda: float = 1.0  # the targets' lambda (``lambda_returns``); 1: Monte Carlo


@dataclass
class Imitation:
    """The decisions of deals the teacher played at every seat, for the warm start."""

    observations: Matrix  # [decisions, observation]
    moves: Matrix  # [moves, move vector]: each decision's distinct legal moves in turn
    counts: npt.NDArray[np.int64]  # [decisions]: how many of ``moves`` are each's
    chosen: npt.NDArray[np.int64]  # [decisions]: the teacher's move, an index into its own
    targets: Matrix  # [decisions]: the seat's final reward


@dataclass
class Rollout:
    """What a job played: the learner's rows and targets, and each deal's result."""

    rows: Matrix  # [samples, observation + move]
    targets: Matrix  # [samples]
    weights: Matrix  # [samples]: each row's weight in the loss (``row_weight``)
    rewards: Matrix  # [deals, players]: each seat's final reward
    points: npt.NDArray[np.int64]  # [deals, players]: the arena's points (team games: team's)
    finish_orders: list[tuple[int, ...]]
    winners: list[int | None]  # the arena's winner seat; None when drawn
    decisions: int  # learner decisions, collected or not
    plies: int
    imitation: Imitation | None = None  # an imitation job's decisions


def row_weight(table: Table, teams: bool) -> float:
    """The loss weight of each row the learner played at ``table``: one side's seats
    over the learner's. It is 1 but in self-play, where the learner holds every side;
    unweighted, a Gouji self-play deal would give six seats' rows against three from a
    deal against greedy, and the learner would fit the game it plays with itself."""
    mine = sum(1 for who in table if who == LEARNER)
    side = len(table) // 2 if teams else 1
    return min(1.0, side / mine) if mine else 1.0


def lambda_returns(values: Matrix, reward: float, td_lambda: float) -> Matrix:
    """The lambda-returns of one seat's decisions in a deal, in play order.

    ``values[t]`` is the network's best score at decision ``t`` (its estimate of the
    seat's final reward there), ``reward`` the reward the deal gave the seat. The last
    decision's return is the reward; decision ``t``'s is ``(1 - lambda) * values[t + 1]
    + lambda * return[t + 1]``. Lambda 1 is Deep Monte Carlo's target, the reward at
    every decision; below 1 a decision's target leans on the network's own estimate at
    the seat's next decisions, which carries less of the luck of the cards still to
    come (the stock's draws, the others' hands) and more of the network's bias."""
    returns = np.empty(len(values), dtype=np.float32)
    ahead = np.float32(reward)
    for t in range(len(values) - 1, -1, -1):
        returns[t] = ahead
        ahead = np.float32((1.0 - td_lambda) * values[t] + td_lambda * ahead)
    return returns


def _new_deal(rules: Rules, arena_seed: int, spec: DealSpec) -> Any:
    match = game_of(rules).match_module
    return match.arena_deal(rules, spec.seed, spec.dealer, arena_seed, spec.deck)


def _apply_index(deal: Any, index: int, ids: npt.NDArray[np.int32] | None) -> None:
    if ids is not None:
        deal.apply_id(int(ids[index]))
    else:
        deal.apply(deal.legal_moves[index])


class _Scorer:
    """A network's forward pass in torch over deals' legal moves.

    The first layer is split at the observation's end: a deal's observation goes
    through it once, and only the move vectors (55 wide, against Guandan's 979-wide
    observation) once a legal move; that is most of the work of a lead with thousands
    of legal moves."""

    def __init__(self, weights: QWeights) -> None:
        first, bias = weights.layers[0]
        self.size = first.shape[1] - network.move_size()
        self.observation_part = torch.from_numpy(np.ascontiguousarray(first[:, : self.size].T))
        self.move_part = torch.from_numpy(np.ascontiguousarray(first[:, self.size :].T))
        self.bias = torch.from_numpy(bias)
        self.layers = [
            (torch.from_numpy(np.ascontiguousarray(w.T)), torch.from_numpy(b))
            for w, b in weights.layers[1:]
        ]

    def __call__(
        self, observations: Matrix, moves: Matrix, counts: npt.NDArray[np.int64]
    ) -> Matrix:
        """The scores of ``moves`` (every deal's legal move vectors, deal after deal,
        ``counts[i]`` of deal ``i``) after each deal's row of ``observations``."""
        with torch.no_grad():
            seen = torch.from_numpy(observations) @ self.observation_part
            x = torch.addmm(self.bias, torch.from_numpy(moves), self.move_part)
            x += seen.repeat_interleave(torch.from_numpy(counts), dim=0)
            for weights, biases in self.layers:
                x = torch.addmm(biases, torch.relu_(x), weights)
            scores: Matrix = x[:, 0].numpy()
        return scores


def _distinct_moves(vectors: Matrix, chosen: int, rng: np.random.Generator) -> tuple[Matrix, int]:
    """``vectors``' distinct rows (suit variants share a vector, so a score), at most
    ``IMITATION_MOVES`` of them with the ``chosen`` one's always kept, and where the
    chosen one is among them."""
    # A move vector's entries are small whole numbers, so its dot product with fixed
    # random weights names it (np.unique over rows is ten times slower).
    keys = vectors.astype(np.float64) @ _VECTOR_KEY
    _, first = np.unique(keys, return_index=True)
    first.sort()  # legal-move order
    where = int(np.flatnonzero(keys[first] == keys[chosen])[0])
    distinct = vectors[first]
    if len(distinct) > IMITATION_MOVES:
        others = np.delete(np.arange(len(distinct)), where)
        keep = np.sort(rng.choice(others, IMITATION_MOVES - 1, replace=False))
        position = int(np.searchsorted(keep, where))
        keep = np.insert(keep, position, where)
        distinct, where = distinct[keep], position
    return np.ascontiguousarray(distinct, dtype=np.float32), where


def _teacher_index(teacher: Agent | None, deal: Any) -> int:
    """The index among ``deal``'s legal moves of the move ``teacher`` (None: the C++
    greedy bot) plays; a forced move is not asked for."""
    if teacher is None:
        return int(deal.greedy_index())
    legal = deal.legal_moves
    if len(legal) == 1:
        return 0
    move = teacher.act(view_for(deal))
    try:
        return int(legal.index(move))
    except IllegalMoveError as error:
        raise IllegalMoveError(
            f"the teacher {agent_name(teacher)!r} played {move}, which is not legal"
        ) from error


def _imitate(job: ActorJob) -> Rollout:
    """Play an imitation job: the teacher at every seat, every decision kept."""
    rules = job.rules
    match = game_of(rules).match_module
    rng = np.random.default_rng(job.seed)
    deals = [_new_deal(rules, job.arena_seed, spec) for spec in job.deals]
    # The teachers' seeds come from a stream of their own, so the greedy warm start
    # samples the same moves it did before teachers existed.
    seeds = np.random.default_rng([job.seed, 1]).integers(2**63, size=(len(deals), rules.players))
    observations: list[Matrix] = []
    moves: list[Matrix] = []
    chosen: list[int] = []
    seats: list[tuple[int, int]] = []  # (deal, seat) of each decision
    for d, deal in enumerate(deals):
        # An agent a seat and a deal, as a match seats them (an agent may keep state
        # between its own moves, a search its tree), each on its own random stream.
        teachers = [
            None if job.teacher == "greedy" else make_agent(job.teacher, seed=int(seed))
            for seed in seeds[d]
        ]
        while not deal.is_terminal:
            seat = deal.current_player
            index = _teacher_index(teachers[seat], deal)
            if len(deal.legal_moves) > 1:
                distinct, where = _distinct_moves(legal_move_vectors(deal), index, rng)
                if len(distinct) > 1:  # a forced move teaches no preference
                    observations.append(deal.observation(seat))
                    moves.append(distinct)
                    chosen.append(where)
                    seats.append((d, seat))
            deal.apply(deal.legal_moves[index])
    rewards = np.stack([seat_rewards(rules, deal.outcome, job.reward) for deal in deals])
    width = game_of(rules).observation_size(rules)
    imitation = Imitation(
        observations=np.stack(observations) if observations else np.zeros((0, width), np.float32),
        moves=np.concatenate(moves) if moves else np.zeros((0, network.move_size()), np.float32),
        counts=np.array([len(m) for m in moves], dtype=np.int64),
        chosen=np.array(chosen, dtype=np.int64),
        targets=np.array([rewards[d, seat] for d, seat in seats], dtype=np.float32),
    )
    scored = [match.arena_score(deal) for deal in deals]
    return Rollout(
        rows=np.zeros((0, width + network.move_size()), np.float32),
        targets=np.zeros(0, np.float32),
        weights=np.zeros(0, np.float32),
        rewards=rewards,
        points=np.array([s[2] for s in scored], dtype=np.int64).reshape(len(deals), -1),
        finish_orders=[tuple(deal.outcome.finish_order) for deal in deals],
        winners=[s[0] for s in scored],
        decisions=len(chosen),
        plies=sum(deal.ply for deal in deals),
        imitation=imitation,
    )


def play(job: ActorJob) -> Rollout:
    """Play ``job``'s deals to the end; see the module docstring."""
    if job.imitate:
        return _imitate(job)
    torch.set_num_threads(1)
    rules = job.rules
    scorers = {LEARNER: _Scorer(job.learner)}
    scorers.update((k, _Scorer(w)) for k, w in job.snapshots.items())
    move_ids = game_of(rules).move_ids
    match = game_of(rules).match_module
    rng = np.random.default_rng(job.seed)
    deals = [_new_deal(rules, job.arena_seed, spec) for spec in job.deals]
    tables = [spec.table for spec in job.deals]
    # Per deal, the learner's rows so far and the seat each was played from.
    rows: list[list[Matrix]] = [[] for _ in deals]
    row_seats: list[list[int]] = [[] for _ in deals]
    row_values: list[list[float]] = [[] for _ in deals]  # the best score at each row
    decisions = 0
    live = list(range(len(deals)))
    while live:
        waiting: dict[int, list[int]] = {}
        still = []
        for d in live:
            deal, table = deals[d], tables[d]
            while not deal.is_terminal:
                who = table[deal.current_player]
                if who == GREEDY:
                    deal.apply(deal.legal_moves[deal.greedy_index()])
                elif who == RANDOM:
                    count = len(deal.legal_moves)
                    _apply_index(deal, int(rng.integers(count)), None)
                else:
                    waiting.setdefault(who, []).append(d)
                    still.append(d)
                    break
        for who, group in sorted(waiting.items()):
            observations = []
            vectors = []
            ids: list[npt.NDArray[np.int32] | None] = []
            for d in group:
                deal = deals[d]
                observations.append(deal.observation(deal.current_player))
                vectors.append(legal_move_vectors(deal))
                ids.append(deal.legal_ids() if move_ids else None)
            counts = np.array([len(v) for v in vectors], dtype=np.int64)
            scores = scorers[who](np.stack(observations), np.concatenate(vectors), counts)
            offsets = np.concatenate([[0], np.cumsum(counts)])
            for k, d in enumerate(group):
                deal = deals[d]
                choice = int(np.argmax(scores[offsets[k] : offsets[k + 1]]))
                if who == LEARNER:
                    decisions += 1
                    best = float(scores[offsets[k] + choice])
                    if job.epsilon > 0 and rng.random() < job.epsilon:
                        choice = int(rng.integers(counts[k]))
                    if job.collect:
                        rows[d].append(np.concatenate([observations[k], vectors[k][choice]]))
                        row_seats[d].append(deal.current_player)
                        row_values[d].append(min(1.0, max(0.0, best)))
                _apply_index(deal, choice, ids[k])
        live = still
    rewards = np.stack([seat_rewards(rules, deal.outcome, job.reward) for deal in deals])
    teams = bool(game_of(rules).teams)
    kept: list[tuple[Matrix, float, float]] = []
    for d in range(len(deals)):
        targets = np.empty(len(rows[d]), dtype=np.float32)
        for seat in set(row_seats[d]):
            mine = [k for k, s in enumerate(row_seats[d]) if s == seat]
            values = np.array([row_values[d][k] for k in mine], dtype=np.float32)
            targets[mine] = lambda_returns(values, float(rewards[d, seat]), job.td_lambda)
        weight = row_weight(tables[d], teams)
        kept.extend(
            (row, float(target), weight) for row, target in zip(rows[d], targets, strict=True)
        )
    width = game_of(rules).observation_size(rules) + network.move_size()
    scored = [match.arena_score(deal) for deal in deals]
    return Rollout(
        rows=np.stack([r for r, _, _ in kept]) if kept else np.zeros((0, width), np.float32),
        targets=np.array([t for _, t, _ in kept], dtype=np.float32),
        weights=np.array([w for _, _, w in kept], dtype=np.float32),
        rewards=rewards,
        points=np.array([s[2] for s in scored], dtype=np.int64).reshape(len(deals), -1),
        finish_orders=[tuple(deal.outcome.finish_order) for deal in deals],
        winners=[s[0] for s in scored],
        decisions=decisions,
        plies=sum(deal.ply for deal in deals),
    )


def _init_worker() -> None:
    # Each actor is one process on one core: more threads would only fight the others.
    torch.set_num_threads(1)


@dataclass
class ActorPool:
    """Where a round's jobs run: here (``actors=0``), in ``actors`` local processes, or on
    the Ray cluster at ``ray`` ("" starts a local Ray instance for the run)."""

    actors: int = 0
    ray: str | None = None
    _stack: ExitStack = field(default_factory=ExitStack)
    _pool: ProcessPoolExecutor | None = None
    _ray: Any = None
    _remote: Any = None

    def __enter__(self) -> ActorPool:
        if self.ray is not None:
            self._ray = self._stack.enter_context(
                ray_session(self.ray or None, self.actors or None)
            )
            self._remote = self._ray.remote(num_cpus=1)(play)
        elif self.actors > 0:
            self._pool = self._stack.enter_context(
                ProcessPoolExecutor(max_workers=self.actors, initializer=_init_worker)
            )
        return self

    def __exit__(self, *exc: object) -> None:
        self._stack.close()

    @property
    def width(self) -> int:
        """How many jobs a round should hold to keep every actor busy."""
        if self._ray is not None:
            return max(1, int(self._ray.cluster_resources().get("CPU", 1)))
        return max(1, self.actors)

    def run(self, jobs: Sequence[ActorJob]) -> Iterator[Rollout]:
        """The rollouts of ``jobs``, in their order."""
        if self._ray is not None:
            refs = [self._remote.remote(job) for job in jobs]
            yield from self._ray.get(refs)
        elif self._pool is not None:
            yield from self._pool.map(play, jobs)
        else:
            for job in jobs:
                yield play(job)
