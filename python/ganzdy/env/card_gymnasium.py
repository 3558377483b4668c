"""The games with card-level moves (Guandan, Gouji) as single-agent Gymnasium environments
(needs the ``env`` extra).

``CardGameEnv(rules, seat=0, opponents="random", render_mode=None)`` (``rules`` such a
game's ``Rules``, or its name for its default rules). Importing this module registers
each such game of the registry under its id (``game_of(name).env_id``:
``ganzdy/Guandan-v0``, ``ganzdy/Gouji-v0``) for ``gymnasium.make``. The learner plays
``seat`` (or ``"random"``: drawn per episode); the other seats are the engine's built-in
policies (``"random"``, or ``"greedy"`` for Guandan), played inside C++ until it is the
learner's turn again. It is the vector env (``ganzdy.env.VectorEnv``) with one env, so
episodes are dealt as there: Guandan deals follow a previous hand whose finishing order
is drawn from the episode's seed (tribute, pick and return choices are the learner's
decisions like any other), Gouji deals are a match's first hand.

- Observation: as ``ganzdy.env.card_games``: ``{"observation": float32 vector,
  "move_cards": uint8 [k, 54], "move_kinds", "move_keys", "move_wilds"}``, the learner's
  ``deal.observation(seat)`` and its ``k`` legal moves' features (empty once the deal is
  over: the final observation is the learner's view of the last position).
- Action: ``Discrete(max_moves)``, the index of a legal move (``deal.legal_moves``
  order); ``info["legal_ids"]`` (``0 .. k - 1``) and ``info["action_mask"]`` say which.
- Reward: 0 until the deal ends, then the learner's ``outcome.points``; ``terminated`` at
  the end of the deal, never ``truncated``.
- Illegal actions: as Gymnasium promises every action of the space may be stepped, an
  index past the legal moves ends the episode with ``illegal_reward`` and
  ``info["illegal_action"] = True`` (``illegal_action="raise"`` raises
  ``IllegalMoveError`` instead, changing nothing).
- ``reset(seed=...)`` is reproducible: each reset draws a 64-bit episode seed from
  ``self.np_random``.
"""

from __future__ import annotations

from typing import Any, Literal, SupportsFloat, cast

import gymnasium
import numpy as np
from gymnasium import spaces

from ganzdy._check import excerpt
from ganzdy._core import GanzdyError, IllegalMoveError, Rules
from ganzdy.env._common import (
    Observation,
    check_illegal_action,
    check_render_mode,
    check_reward,
    reset_arguments,
)
from ganzdy.env.card_games import DEFAULT_MAX_MOVES, CardGameAECEnv, CardLevelDeal, no_features
from ganzdy.env.vector import VectorEnv, VectorStep
from ganzdy.games import GAMES, game_of

__all__ = ["CardGameEnv"]


class CardGameEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One deal of Guandan or Gouji per episode, one learner seat; see the module docstring."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012  # Gymnasium reads it

    def __init__(
        self,
        rules: Rules | str,
        seat: int | Literal["random"] = 0,
        opponents: str = "random",
        render_mode: str | None = None,
        *,
        illegal_action: str = "terminate",
        illegal_reward: float = -1.0,
        max_moves: int = DEFAULT_MAX_MOVES,
    ) -> None:
        if isinstance(rules, str):
            rules = Rules(rules)
        if not isinstance(rules, Rules):
            raise TypeError(
                f"rules must be a ganzdy.Rules or a game's name, not {type(rules).__name__} "
                f"{excerpt(rules)}"
            )
        # The AEC env checks the rules and max_moves and knows the spaces.
        spec = CardGameAECEnv(rules, max_moves=max_moves)
        check_render_mode(render_mode, self.metadata["render_modes"])
        self.rules = rules
        self.render_mode = render_mode
        self.illegal_action = check_illegal_action(illegal_action)
        self.illegal_reward = check_reward("illegal_reward", illegal_reward)
        self.max_moves = max_moves
        self.observation_space = spec.observation_space("player_0")
        self.action_space = spaces.Discrete(max_moves)
        self._env = VectorEnv(rules, 1, opponents=opponents, seat=seat, seed=0)
        self._step: VectorStep | None = None
        self._over = False

    @property
    def deal(self) -> CardLevelDeal:
        """A copy of the deal being played (every hand in it: not for the learner)."""
        return cast(CardLevelDeal, self._env.deal(0))  # the AEC env checked the game

    @property
    def seat(self) -> int:
        """The learner's seat in the current episode."""
        return int(self._env.seats[0])

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        seed, options = reset_arguments(seed, options)
        super().reset(seed=seed)
        self._step = self._env.reset(int(self.np_random.integers(0, 2**64, dtype=np.uint64)))
        self._over = False
        return self._observation(self._step), self._info(self._step)

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        step = self._step
        if step is None or self._over:
            raise GanzdyError("step() before reset(), or after the episode ended: reset() first")
        if not isinstance(action, int | np.integer) or isinstance(action, bool):
            raise IllegalMoveError(f"action {excerpt(action)} is not a move index")
        index = int(action)
        if not 0 <= index < self.max_moves:
            raise IllegalMoveError(
                f"action {index} is outside the action space Discrete({self.max_moves})"
            )
        count = int(step.legal_counts[0])
        if index >= count:
            if self.illegal_action == "raise":
                raise IllegalMoveError(
                    f"action {index} is not legal here: the learner has {count} legal moves, "
                    f"indices 0 to {count - 1}"
                )
            self._over = True
            final = {"observation": step.observations[0].copy(), **no_features()}
            info = {"legal_ids": np.zeros(0, np.int32), "illegal_action": True}
            return final, self.illegal_reward, True, False, info
        step = self._env.step(np.array([index], np.int64))
        self._step = step
        if step.terminations[0]:
            self._over = True
            final = {"observation": step.final_observations[0].copy(), **no_features()}
            info = {"legal_ids": np.zeros(0, np.int32), "points": int(step.episode_points[0])}
            return final, float(step.rewards[0]), True, False, info
        return self._observation(step), 0.0, False, False, self._info(step)

    def _observation(self, step: VectorStep) -> Observation:
        f = step.features(0)
        return {
            "observation": step.observations[0].copy(),
            "move_cards": f["cards"],
            "move_kinds": f["kind"],
            "move_keys": f["key"],
            "move_wilds": f["wilds"],
        }

    def _info(self, step: VectorStep) -> dict[str, Any]:
        count = int(step.legal_counts[0])
        if count > self.max_moves:
            raise GanzdyError(
                f"{count} legal moves, more than max_moves={self.max_moves}: "
                "make the env with a larger max_moves"
            )
        mask = np.zeros(self.max_moves, np.int8)
        mask[:count] = 1
        return {"legal_ids": np.arange(count, dtype=np.int32), "action_mask": mask}

    def render(self) -> str | None:  # type: ignore[override, unused-ignore]
        if self.render_mode is None:
            return None
        deal = self.deal
        return f"{deal!r}\nyour hand (seat {self.seat}): {deal.hand(self.seat)}\n"


# Every game with card-level moves, by its registry id (``Game.env_id``).
for _game in map(game_of, GAMES):
    if not _game.move_ids:
        gymnasium.register(
            id=_game.env_id,
            entry_point="ganzdy.env.card_gymnasium:CardGameEnv",
            kwargs={"rules": _game.name},
        )
