"""Many deals stepped in one C++ call: the vector env for training loops.

Gan Deng Yan, Guandan and Gouji: ``VectorEnv(rules, n)`` plays the game of ``rules``.

Each of the ``n`` envs is one deal with one learner seat; the other seats are played
inside C++ by the built-in policies (``"random"``, ``"greedy"``) until it is the
learner's turn again, so a step is exactly one learner decision and never calls back
into Python. The GIL is released while the envs step.

Conventions (the C++ contract is ``cpp/include/ganzdy/rl/vector_env.h``):

- **Actions** are move ids, one per env. Gan Deng Yan: the ids of ``rules.move_id``.
  Guandan and Gouji, whose card-level moves have no fixed id space: the index of the
  move in the env's legal moves (``deal.legal_moves`` order), each legal move
  described by its **features** (``VectorStep.move_cards``, ``move_kinds``,
  ``move_keys``, ``move_wilds``: the 54 face counts of its cards, its kind as an
  index into ``ganzdy.MOVE_KINDS``, its key rank index or -1, the wild cards it
  plays), flat like the ids, as ``deal.legal_move_features()`` gives them. All
  actions are checked before any env moves: an id that is not legal in its env
  raises ``IllegalMoveError`` naming the env and why, and then nothing has changed.
- **Legal moves** come as a ragged pair: env ``i``'s legal ids are
  ``legal_ids[legal_offsets[i]:legal_offsets[i + 1]]`` (``VectorStep.legal(i)``), in
  the order of ``deal.legal_moves``. Dense masks ``[n, rules.num_moves]`` (Gan Deng
  Yan only) cost 22 KB an env, so they come only from ``action_masks()``.
- **Rewards** are the learner's points (``outcome.points[seat]``) in the step its
  deal ended, else 0; an episode's rewards sum to its points.
- **Same-step auto-reset** (Gymnasium's ``SAME_STEP`` mode): in the step a deal ends,
  ``terminations[i]`` is True, ``rewards[i]``, ``episode_points[i]`` and
  ``episode_lengths[i]`` (learner decisions) describe the episode that ended,
  ``final_observations[i]`` is the learner's view of its last position, and
  ``observations[i]`` and the legal ids are already those of the next deal. Deals
  always end, so there are no truncations.
- **Episodes and seeds**: ``reset(seed)`` starts episode 0 of every env; ``reset()``
  starts the next episode of every env (episode 0 the first time, from the
  constructor's seed). Episode ``e`` of env ``i`` is dealt from the seed
  ``deal_seed(deal_seed(seed, i), e)`` (``ganzdy._core.deal_seed``): in Gan Deng Yan
  ``rules.new_deal(seed=..., dealer=(i + e) % players)``; in Guandan a deal after a
  previous hand whose finishing order is drawn from that seed, so the tribute phase
  is played; in Gouji the first hand of a match. An env's deals depend on
  ``(seed, i)`` only, not on ``n``. The learner sits at ``seat``, or with
  ``seat="random"`` at a seat drawn per episode from that episode's seed. In Gan Deng
  Yan the dealer rotates, so a fixed seat still meets every position.
- **Opponents** are named by position after the learner in turn order (the
  observation's relative order): ``opponents[k - 1]`` plays the seat ``k`` places
  after the learner; one name plays them all.
- An episode where the learner never gets to act (an opponent goes out, or the deal
  is drawn, before its first turn) is skipped: it yields no step and no reward and
  is counted in ``skipped_episodes``.
- **Copies or views**: with ``copy=True`` (the default) every returned array is the
  caller's own. With ``copy=False`` the arrays are read-only views of the env's own
  buffers: no copying, valid for the env's lifetime, but overwritten in place by the
  next ``step``/``reset`` (copy what you keep). ``legal_ids`` is always a new array.
- **Threads**: one env is used by one thread at a time. ``reset``, ``step``,
  ``action_masks`` and ``deal`` called while another thread is inside one of them
  raise ``RuntimeError`` instead of stepping; the guard covers the copying of the
  buffers into the returned arrays too, so a ``copy=True`` result is never a mix of
  two steps. (Views of a ``copy=False`` env are the env's memory: another thread's
  step overwrites them.)
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Literal, Protocol, cast

import numpy as np
import numpy.typing as npt

from ganzdy import _core
from ganzdy._check import flag
from ganzdy._core import GanzdyError, Rules
from ganzdy.deal import Deal
from ganzdy.games import game_of

__all__ = ["VectorEnv", "VectorStep"]


# One C++ vector env class a game (the registry's ``Game.vector_env``), typed as their
# union: the stubs declare their members, which a protocol here would only repeat.
_CoreEnv = _core.GanDengYanVectorEnv | _core.GuandanVectorEnv | _core.GoujiVectorEnv


class _IdSpace(Protocol):
    """What the vector env of a game with move ids adds."""

    @property
    def num_moves(self) -> int: ...
    def action_masks(self) -> npt.NDArray[np.bool_]: ...


class _CardLevel(Protocol):
    """What the vector env of a game with card-level moves adds."""

    def legal_features(self) -> dict[str, npt.NDArray[Any]]: ...


@dataclass(frozen=True)
class VectorStep:
    """What ``VectorEnv.reset`` and ``VectorEnv.step`` return, one row per env.

    ``observations`` ``[n, obs]`` float32: the learner's observation (as
    ``deal.observation(seat)``); ``legal_ids`` int32 and ``legal_offsets`` int64
    ``[n + 1]``: the ragged legal move ids; ``rewards`` float32 ``[n]``;
    ``terminations`` bool ``[n]``; for the envs whose deal ended this step,
    ``episode_points`` int64, ``episode_lengths`` int32 and ``final_observations``
    ``[n, obs]`` (the other rows are zero, except ``final_observations`` rows of a
    ``copy=False`` env, which are stale). After ``reset`` the rewards, terminations and
    final info are zero. Guandan and Gouji only (None for Gan Deng Yan): the legal
    moves' features, one row per legal id, split like it by ``legal_offsets``:
    ``move_cards`` uint8 ``[total, 54]``, ``move_kinds`` uint8, ``move_keys`` int8,
    ``move_wilds`` uint8 (always fresh arrays).
    """

    observations: npt.NDArray[np.float32]
    legal_ids: npt.NDArray[np.int32]
    legal_offsets: npt.NDArray[np.int64]
    rewards: npt.NDArray[np.float32]
    terminations: npt.NDArray[np.bool_]
    episode_points: npt.NDArray[np.int64]
    episode_lengths: npt.NDArray[np.int32]
    final_observations: npt.NDArray[np.float32]
    move_cards: npt.NDArray[np.uint8] | None = None
    move_kinds: npt.NDArray[np.uint8] | None = None
    move_keys: npt.NDArray[np.int8] | None = None
    move_wilds: npt.NDArray[np.uint8] | None = None

    def legal(self, i: int) -> npt.NDArray[np.int32]:
        """The legal move ids of env ``i``."""
        return self.legal_ids[self.legal_offsets[i] : self.legal_offsets[i + 1]]

    def features(self, i: int) -> dict[str, npt.NDArray[Any]]:
        """Env ``i``'s legal moves' features, as ``deal.legal_move_features()`` gives them."""
        if self.move_cards is None or self.move_kinds is None:
            raise GanzdyError("these moves have ids, not move features: see legal(i)")
        assert self.move_keys is not None and self.move_wilds is not None
        rows = slice(int(self.legal_offsets[i]), int(self.legal_offsets[i + 1]))
        return {
            "cards": self.move_cards[rows],
            "kind": self.move_kinds[rows],
            "key": self.move_keys[rows],
            "wilds": self.move_wilds[rows],
        }

    @property
    def legal_counts(self) -> npt.NDArray[np.int64]:
        """How many legal moves each env has."""
        return np.diff(self.legal_offsets)

    def sample_actions(self, rng: np.random.Generator) -> npt.NDArray[np.int64]:
        """One legal id per env, uniformly at random."""
        counts = self.legal_counts
        picks = self.legal_offsets[:-1] + (rng.random(len(counts)) * counts).astype(np.int64)
        return self.legal_ids[picks].astype(np.int64)


class VectorEnv:
    """``n`` deals of ``rules``' game stepped together in C++; see the module docstring.

    >>> env = VectorEnv(Rules("gan_deng_yan", players=4), 8, opponents="greedy", seed=1)
    >>> first = env.reset()
    >>> first.observations.shape, len(first.legal_offsets)
    ((8, 110), 9)
    >>> step = env.step(first.sample_actions(np.random.default_rng(0)))
    """

    def __init__(
        self,
        rules: Rules,
        n: int,
        opponents: str | Sequence[str] = "random",
        seat: int | Literal["random"] = 0,
        seed: int | None = None,
        *,
        copy: bool = True,
    ) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a ganzdy.Rules, not {type(rules).__name__}")
        self._game = game_of(rules)
        copy = flag("copy", copy)
        self._env: _CoreEnv = self._game.vector_env(rules, n, opponents, seat, seed)
        self._buffers = self._env.buffers()
        self._copy = copy
        self._in_use = threading.Lock()

    @contextmanager
    def _using(self) -> Iterator[None]:
        # The C++ env refuses overlapping calls while it holds them, but a result is
        # copied from its buffers here, after the C++ call returned: without this,
        # another thread's step could write the buffers during that copy.
        if not self._in_use.acquire(blocking=False):
            raise RuntimeError(
                "VectorEnv is in use by another thread: step, reset and reads must not overlap"
            )
        try:
            yield
        finally:
            self._in_use.release()

    @property
    def rules(self) -> Rules:
        return self._env.rules

    @property
    def num_envs(self) -> int:
        return self._env.num_envs

    def __len__(self) -> int:
        return self._env.num_envs

    @property
    def players(self) -> int:
        return self._env.players

    @property
    def observation_shape(self) -> tuple[int]:
        """The shape of one env's observation (``rules.observation_shape``)."""
        return (self._env.observation_size,)

    @property
    def move_ids(self) -> bool:
        """Whether actions are ids of a fixed move space (``Game.move_ids``), not legal-move
        indices."""
        return self._game.move_ids

    @property
    def num_moves(self) -> int:
        """The size of the move-id space (``rules.num_moves``; games with move ids only)."""
        return self._id_space().num_moves

    @property
    def seed(self) -> int:
        """The seed of the episodes being played (the constructor's until ``reset(seed)``)."""
        return self._env.seed

    @property
    def seat(self) -> int | Literal["random"]:
        seat = self._env.seat
        return "random" if seat == "random" else int(seat)

    @property
    def opponents(self) -> tuple[str, ...]:
        """The policy of each seat after the learner, in turn order."""
        return tuple(self._env.opponents)

    @property
    def copy(self) -> bool:
        """Whether results are the caller's own arrays (True) or read-only views."""
        return self._copy

    @property
    def seats(self) -> npt.NDArray[np.int8]:
        """The learner's seat in each env's current episode."""
        return self._env.seats()

    @property
    def episodes(self) -> npt.NDArray[np.int64]:
        """The index of each env's current episode (-1 before the first reset)."""
        return self._env.episodes()

    @property
    def completed_episodes(self) -> int:
        """Episodes that ended, since construction (skipped ones not included)."""
        return self._env.completed_episodes

    @property
    def skipped_episodes(self) -> int:
        """Episodes skipped because the learner never got to act, since construction."""
        return self._env.skipped_episodes

    def reset(self, seed: int | None = None) -> VectorStep:
        """Start episode 0 of every env from ``seed``, or with None the next episode of each."""
        with self._using():
            self._env.reset(seed)
            return self._result()

    def step(self, actions: npt.ArrayLike) -> VectorStep:
        """Play one learner move id per env; opponents answer; ended deals restart."""
        with self._using():
            self._env.step(actions)
            return self._result()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Dense masks ``[n, rules.num_moves]`` of the current legal ids.

        Kept up to date incrementally in a buffer of the env's own, so a call costs
        the number of legal ids; with ``copy=True`` the copy of ``n * num_moves``
        bytes is most of its cost.
        """
        env = self._id_space()
        with self._using():
            masks = env.action_masks()
            return masks.copy() if self._copy else masks

    def _id_space(self) -> _IdSpace:
        if not self._game.move_ids:
            raise GanzdyError(f"{self.rules.game} moves have no id space: see the move features")
        return cast(_IdSpace, self._env)

    def deal(self, i: int) -> Deal:
        """A copy of env ``i``'s deal now (without history), to inspect or search from."""
        with self._using():
            return self._env.deal(i)

    def _result(self) -> VectorStep:
        b = self._buffers
        features: dict[str, Any] = {}
        if not self._game.move_ids:
            f = cast(_CardLevel, self._env).legal_features()
            features = {
                "move_cards": f["cards"],
                "move_kinds": f["kind"],
                "move_keys": f["key"],
                "move_wilds": f["wilds"],
            }
        if self._copy:
            terminations = b["terminations"].copy()
            # Only the ended envs' final rows mean anything: copy those into zeros
            # (np.zeros pages are not touched until written), not the whole buffer.
            final = np.zeros(b["final_observations"].shape, np.float32)
            final[terminations] = b["final_observations"][terminations]
            return VectorStep(
                observations=b["observations"].copy(),
                legal_ids=self._env.legal_ids(),
                legal_offsets=b["legal_offsets"].copy(),
                rewards=b["rewards"].copy(),
                terminations=terminations,
                episode_points=b["episode_points"].copy(),
                episode_lengths=b["episode_lengths"].copy(),
                final_observations=final,
                **features,
            )
        return VectorStep(
            observations=b["observations"],
            legal_ids=self._env.legal_ids(),
            legal_offsets=b["legal_offsets"],
            rewards=b["rewards"],
            terminations=b["terminations"],
            episode_points=b["episode_points"],
            episode_lengths=b["episode_lengths"],
            final_observations=b["final_observations"],
            **features,
        )

    def __repr__(self) -> str:
        return (
            f"<VectorEnv {self.num_envs} x {self.rules!r}, opponents={list(self.opponents)}, "
            f"seat={self.seat!r}, seed={self.seed}>"
        )
