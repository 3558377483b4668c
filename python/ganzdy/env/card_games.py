"""Guandan and Gouji as PettingZoo AEC environments (needs the ``env`` extra).

Their moves are card level, with no fixed id space, so unlike Gan Deng Yan's
environment (``ganzdy.env.pettingzoo``) an action is the index of a move in the legal
moves of the agent to act (``deal.legal_moves`` order), and each legal move comes with
its features. ``ganzdy.env.pettingzoo.env(rules)`` returns this environment for Guandan
or Gouji rules; ``CardGameAECEnv`` is the unwrapped ``AECEnv``. Agents are
``player_0`` … ``player_3`` (Guandan; teams 0, 2 and 1, 3) or ``player_5`` (Gouji).

- Observation of each agent: ``{"observation": float32 vector, "move_cards": uint8
  [k, 54], "move_kinds": uint8 [k], "move_keys": int8 [k], "move_wilds": uint8 [k]}``.
  The vector is ``deal.observation(seat)`` for the agent's own seat (hidden cards never
  in it); the ``move_*`` arrays are ``deal.legal_move_features()`` for the agent to act
  (k legal moves: face counts, kind as an index into ``ganzdy.MOVE_KINDS``, key rank
  index or -1, wild cards played) and empty (k = 0) for the others.
- Action: ``Discrete(max_moves)``, the index of a legal move. ``infos[agent]`` holds
  ``legal_ids`` (``0 .. k - 1``) and ``action_mask`` (int8, ``max_moves`` long, 1 at the
  legal indices) for the agent to act; an empty ``legal_ids`` for the others.
  ``max_moves`` (default 32768) bounds the legal moves of any position; a position with
  more raises ``GanzdyError`` (random Guandan play meets up to about 6,000).
- Rewards: 0 until the deal ends, then every agent gets its seat's ``outcome.points``
  (zero-sum: Guandan's levels won or lost, Gouji's points); all agents terminate
  together; nothing truncates.
- An illegal action raises ``ganzdy.IllegalMoveError`` (a ``ValueError``) naming the
  agent, the action and the legal range, and changes nothing; ``illegal_action=
  "terminate"`` ends the deal instead, the offender getting ``illegal_reward``.
- ``reset(seed=...)`` is reproducible: the seed starts a NumPy generator from which each
  reset draws a 64-bit deal seed (and, for Guandan, the previous hand's finishing order,
  so the tribute phase is played; ``options={"first_hand": True}`` deals a match's
  first hand instead). ``options={"deal": d}`` plays on from a copy of deal ``d``.
- ``render_mode="ansi"``: ``render()`` returns ``str(deal)`` as far as the agent to act
  may see it: its own hand and everyone's card counts.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ganzdy._check import count, excerpt
from ganzdy._core import MOVE_KINDS, GanzdyError, IllegalMoveError, Rules
from ganzdy.deal import Deal
from ganzdy.env._aec import DealAECEnv
from ganzdy.env._common import Action, Observation, reset_arguments
from ganzdy.games import game_of

__all__ = ["DEFAULT_MAX_MOVES", "CardGameAECEnv", "CardLevelDeal"]


class CardLevelDeal(Deal, Protocol):
    """A deal of a game with card-level moves: its legal moves come with features."""

    def legal_move_features(self) -> dict[str, npt.NDArray[Any]]: ...


DEFAULT_MAX_MOVES = 1 << 15


def _features_space() -> dict[str, spaces.Space[Any]]:
    return {
        "move_cards": spaces.Sequence(spaces.Box(0, 4, (54,), np.uint8), stack=True),
        "move_kinds": spaces.Sequence(spaces.Discrete(len(MOVE_KINDS)), stack=True),
        "move_keys": spaces.Sequence(spaces.Discrete(14, start=-1), stack=True),
        "move_wilds": spaces.Sequence(spaces.Discrete(3), stack=True),
    }


def no_features() -> dict[str, npt.NDArray[Any]]:
    """The features of no moves: what an agent not to act observes."""
    return {
        "move_cards": np.zeros((0, 54), np.uint8),
        "move_kinds": np.zeros(0, np.uint8),
        "move_keys": np.zeros(0, np.int8),
        "move_wilds": np.zeros(0, np.uint8),
    }


class CardGameAECEnv(DealAECEnv[CardLevelDeal]):
    """One deal of Guandan or Gouji per episode, one agent per seat; see the module docstring."""

    metadata = {  # noqa: RUF012  # the attribute PettingZoo reads
        "name": "ganzdy_card_game_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules,
        render_mode: str | None = None,
        *,
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
        max_moves: int = DEFAULT_MAX_MOVES,
    ) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(
                f"rules must be a ganzdy.Rules, not {type(rules).__name__} {excerpt(rules)}"
            )
        if game_of(rules).move_ids:
            raise GanzdyError(
                f"CardGameAECEnv plays the rules of a game with card-level moves, not {rules!r}"
            )
        max_moves = count("max_moves", max_moves, low=2)
        self.rules = rules
        self.metadata = {**CardGameAECEnv.metadata, "name": f"{rules.game}_v0"}
        players = rules.players
        super().__init__(players, render_mode, illegal_action, illegal_reward)
        self.max_moves = max_moves
        observation_size: int = game_of(rules).deal.observation_shape()[0]
        # Every count in the vector is at most the deck's 108 (Guandan) or 216 cards.
        high = np.full(observation_size, 54.0 * (players // 2), np.float32)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(np.zeros_like(high), high, dtype=np.float32),
                    **_features_space(),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(max_moves) for agent in self.possible_agents}
        self._count = 0  # legal moves of the agent to act

    def observe(self, agent: str) -> Observation:
        seat = self._agent_seat(agent)
        deal = self.deal
        out: Observation = {"observation": deal.observation(seat)}
        if deal.current_player == seat:
            f = deal.legal_move_features()
            out |= {
                "move_cards": f["cards"],
                "move_kinds": f["kind"],
                "move_keys": f["key"],
                "move_wilds": f["wilds"],
            }
        else:
            out |= no_features()
        return out

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        deal = self.deal
        lines = [repr(deal)]
        for seat in range(len(self.possible_agents)):
            hand = deal.hand(seat)
            shown = str(hand) if deal.is_terminal or seat == deal.current_player else "(hidden)"
            lines.append(f"{self.possible_agents[seat]}: {len(hand)} cards {shown}".rstrip())
        if deal.is_terminal:
            lines.append(f"points: {list(deal.outcome.points)}")
        return "\n".join(lines) + "\n"

    def _new_deal(self, rng: np.random.Generator, options: dict[str, Any]) -> CardLevelDeal:
        seed = int(rng.integers(0, 2**64, dtype=np.uint64))
        order = [int(s) for s in rng.permutation(self.rules.players)]
        given = options.get("deal")
        game = game_of(self.rules)
        if given is not None:
            if not isinstance(given, game.deal) or given.rules != self.rules:
                raise GanzdyError(f"reset option 'deal' must be a deal of {self.rules}")
            if given.is_terminal:
                raise GanzdyError("reset option 'deal' is a deal that is already over")
            return cast(CardLevelDeal, given.copy())
        # A game whose deals follow a previous hand's finishing order (Guandan: its
        # tribute) is dealt after a drawn one, so the phases before play are played.
        later = "previous_finish" in game.record_fields and not options.get("first_hand")
        deal = game.new_deal(self.rules, seed, previous_finish=order if later else None)
        return cast(CardLevelDeal, deal)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        seed, options = reset_arguments(seed, options)
        self._start(self._new_deal(self._generator(seed), options or {}))

    def _update_infos(self) -> None:
        deal = self.deal
        to_act = deal.current_player
        self._count = len(deal.legal_moves)
        if self._count > self.max_moves:
            raise GanzdyError(
                f"{self._count} legal moves, more than max_moves={self.max_moves}: "
                "make the env with a larger max_moves"
            )
        self.infos = {agent: {"legal_ids": np.zeros(0, np.int32)} for agent in self.agents}
        if to_act is not None:
            mask = np.zeros(self.max_moves, np.int8)
            mask[: self._count] = 1
            self.infos[self.possible_agents[to_act]] = {
                "legal_ids": np.arange(self._count, dtype=np.int32),
                "action_mask": mask,
            }

    def step(self, action: Action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if not isinstance(action, int | np.integer) or isinstance(action, bool):
            raise IllegalMoveError(
                f"{agent}: action {excerpt(action)} is not a move index (an integer 0 to "
                f"{self._count - 1})"
            )
        index = int(action)
        if not 0 <= index < self.max_moves:
            raise IllegalMoveError(
                f"{agent}: action {index} is outside the action space Discrete({self.max_moves})"
            )
        legal = index < self._count
        if not legal and self.illegal_action == "raise":
            raise IllegalMoveError(
                f"{agent} played action {index}, which is not legal here: it has "
                f"{self._count} legal moves, indices 0 to {self._count - 1}"
            )
        self._play(agent, legal, lambda deal: deal.apply(deal.legal_moves[index]))

    def _end(self) -> None:
        super()._end()
        self._count = 0
