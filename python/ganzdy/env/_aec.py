"""What the PettingZoo environments of every game share: one deal per episode, one agent a seat.

Private: the public classes are ``ganzdy.env.pettingzoo.MoveIdAECEnv`` and
``ganzdy.env.card_games.CardGameAECEnv``. A subclass makes the deal at reset, says what
an agent observes and what its infos hold (``_update_infos``), and checks an action;
this class keeps PettingZoo's bookkeeping: agents, rewards, terminations, the dead steps.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, Generic, TypeVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from ganzdy._check import excerpt, instance
from ganzdy._core import GanzdyError
from ganzdy.deal import Deal
from ganzdy.env._common import (
    Action,
    check_illegal_action,
    check_render_mode,
    check_reward,
    no_legal_ids,
    reset_arguments,
)

DealT = TypeVar("DealT", bound=Deal)


class DealAECEnv(AECEnv[str, dict[str, Any], Action], ABC, Generic[DealT]):
    """One deal per episode, agent ``player_i`` at seat ``i``."""

    def __init__(
        self,
        players: int,
        render_mode: str | None,
        illegal_action: str,
        illegal_reward: float,
    ) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # an unannotated no-op
        self.render_mode = check_render_mode(render_mode, self.metadata["render_modes"])
        self.illegal_action = check_illegal_action(illegal_action)
        self.illegal_reward = check_reward("illegal_reward", illegal_reward)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces: dict[str, spaces.Space[Any]] = {}
        self.action_spaces: dict[str, spaces.Space[Any]] = {}
        self.np_random: np.random.Generator | None = None
        self.np_random_seed: int | None = None
        self._deal: DealT | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[self.possible_agents[self._agent_seat(agent)]]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[self.possible_agents[self._agent_seat(agent)]]

    def _agent_seat(self, agent: str) -> int:
        """The seat of ``agent`` (``player_i``); a clear error for anything else."""
        seat = self._seat.get(agent) if isinstance(agent, str) else None
        if seat is None:
            instance("agent", agent, str, f"an agent's name, {self.possible_agents[0]!r} ...")
            raise GanzdyError(
                f"agent={excerpt(agent)} is no agent: expected one of "
                f"{', '.join(self.possible_agents)}"
            )
        return seat

    @property
    def deal(self) -> DealT:
        """The deal being played (every hand in it: for debugging and oracles, not agents)."""
        if self._deal is None:
            raise GanzdyError("no deal yet: call reset() first")
        return self._deal

    def close(self) -> None:
        pass

    @abstractmethod
    def _update_infos(self) -> None:
        """Fill self.infos for the agents after a reset or a step."""

    def _generator(self, seed: int | None) -> np.random.Generator:
        """The generator each reset draws its deal from, restarted by a seed."""
        seed, _ = reset_arguments(seed, None)
        if seed is not None or self.np_random is None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
        return self.np_random

    def _start(self, deal: DealT) -> None:
        """Starts the episode of `deal`, which is not over."""
        self._deal = deal
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        seat = deal.current_player
        assert seat is not None
        self.agent_selection = self.possible_agents[seat]
        self._update_infos()

    def _play(self, agent: str, legal: bool, play: Callable[[DealT], None]) -> None:
        """The agent to act plays (`play(deal)`), or ends the deal with an illegal action."""
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if not legal:
            self.rewards[agent] = self.illegal_reward
            self._end()
            self.infos[agent]["illegal_action"] = True
        else:
            deal = self.deal
            play(deal)
            if deal.is_terminal:
                for seat, points in enumerate(deal.outcome.points):
                    self.rewards[self.possible_agents[seat]] = float(points)
                self._end()
            else:
                to_act = deal.current_player
                assert to_act is not None
                self.agent_selection = self.possible_agents[to_act]
                self._update_infos()
        self._accumulate_rewards()

    def _end(self) -> None:
        # Everyone stops at once; agent_selection stays on the agent that just moved, and
        # PettingZoo's dead steps (action None) then take every agent off in turn.
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos = {agent: {"legal_ids": no_legal_ids()} for agent in self.agents}
