"""Gan Deng Yan as a PettingZoo AEC environment (needs the ``env`` extra).

``env(rules)`` with Guandan or Gouji rules returns their environment instead
(``ganzdy.env.card_games.CardGameAECEnv``: card-level moves, chosen by their index in
the legal moves and described by their features).

``env(rules=None, render_mode=None, **options)`` is the environment wrapped as PettingZoo
expects (``OrderEnforcingWrapper``); ``raw_env`` is the unwrapped ``AECEnv``. Agents are
``player_0`` … ``player_{n-1}``, agent *i* at seat *i*.

- Observation of each agent: ``{"observation": float32 vector, "action_mask": int8 0/1}``.
  The vector is ``deal.observation(seat)`` for that agent's own seat (layout
  ``rules.observation_spec()``, see ``ganzdy.env.encoding``), so no agent ever sees
  another seat's hidden cards. The mask is ``deal.legal_mask()`` for the agent to act and
  all zeros for the others.
- Action: ``Discrete(rules.num_moves)``, a move id. ``infos[agent]["legal_ids"]`` holds the
  legal ids (int32, in ``deal.legal_moves`` order) for the agent to act, empty for others.
- Rewards: 0 until the deal ends, then every agent gets its seat's ``outcome.points``
  (zero-sum); all agents terminate together; nothing truncates.
- An illegal action raises ``ganzdy.IllegalMoveError`` (a ``ValueError``) naming the agent,
  the action and why, and changes nothing (``illegal_action="raise"``, the default); with
  ``illegal_action="terminate"`` it follows PettingZoo's ``TerminateIllegalWrapper``
  convention instead: the deal ends, the offender gets ``illegal_reward``, the others 0.
  An action outside the action space always raises.
- ``render_mode="ansi"``: ``render()`` returns the deal as text as the agent to act sees it
  (its own hand, the others' card counts); every hand once the deal is over.
- ``reset(seed=...)`` is reproducible: the seed starts a NumPy generator from which each
  reset draws a 64-bit deal seed and a dealer. ``options`` may give ``deal`` (a
  ``ganzdy.Deal`` to play on from), ``deck`` (a deck order) or ``dealer``; other keys are
  ignored.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from ganzdy._core import Deal, GanzdyError, Rules
from ganzdy.env._common import (
    Action,
    Observation,
    action_id,
    check_illegal_action,
    illegal_action_error,
    make_rules,
    no_legal_ids,
    observation_space,
    observe,
    render_text,
    start_deal,
)
from ganzdy.env.card_games import CardGameAECEnv

__all__ = ["GanDengYanAECEnv", "env", "raw_env"]


class GanDengYanAECEnv(AECEnv[str, dict[str, Any], Action]):
    """One deal of Gan Deng Yan per episode, one agent per seat; see the module docstring."""

    metadata = {  # noqa: RUF012  # the attribute PettingZoo reads
        "name": "gan_deng_yan_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | None = None,
        render_mode: str | None = None,
        *,
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
        **options: bool | int | str | None,
    ) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # an unannotated no-op
        self.rules = make_rules(rules, options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise GanzdyError(f"render_mode={render_mode!r}: expected None or 'ansi'")
        self.render_mode = render_mode
        self.illegal_action = check_illegal_action(illegal_action)
        self.illegal_reward = float(illegal_reward)
        players = self.rules.players
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: observation_space(self.rules) for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.rules.num_moves) for agent in self.possible_agents
        }
        self.np_random: np.random.Generator | None = None
        self.np_random_seed: int | None = None
        self._deal: Deal | None = None
        self._legal_ids = no_legal_ids()

    # -- spaces and views -----------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def deal(self) -> Deal:
        """The deal being played (every hand in it: for debugging and oracles, not agents)."""
        if self._deal is None:
            raise GanzdyError("no deal yet: call reset() first")
        return self._deal

    def observe(self, agent: str) -> Observation:
        return observe(self.deal, self._seat[agent])

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        deal = self.deal
        return render_text(deal, deal.current_player, lambda seat: self.possible_agents[seat])

    def close(self) -> None:
        pass

    # -- the episode ----------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or self.np_random is None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
        self._deal = start_deal(self.rules, self.np_random, options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        seat = self._deal.current_player
        assert seat is not None  # start_deal never returns a finished deal
        self.agent_selection = self.possible_agents[seat]
        self._update_infos()

    def _update_infos(self) -> None:
        deal = self.deal
        self._legal_ids = deal.legal_ids()
        to_act = deal.current_player
        self.infos = {
            agent: {"legal_ids": self._legal_ids.copy() if seat == to_act else no_legal_ids()}
            for seat, agent in enumerate(self.possible_agents)
            if agent in self.agents
        }

    def step(self, action: Action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        deal = self.deal
        move_id = action_id(action, self.rules.num_moves, agent)
        legal = bool(np.any(self._legal_ids == move_id))
        if not legal and self.illegal_action == "raise":
            raise illegal_action_error(deal, move_id, agent)  # before anything changes
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if not legal:
            self.rewards[agent] = self.illegal_reward
            self._end()
            self.infos[agent]["illegal_action"] = True
        else:
            deal.apply_id(move_id)
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
        self._legal_ids = no_legal_ids()
        self.infos = {agent: {"legal_ids": no_legal_ids()} for agent in self.agents}


raw_env = GanDengYanAECEnv


def env(
    rules: Rules | None = None,
    render_mode: str | None = None,
    *,
    illegal_action: str = "raise",
    illegal_reward: float = -1.0,
    **options: bool | int | str | None,
) -> AECEnv[str, dict[str, Any], Action]:
    """The AEC environment, wrapped as PettingZoo's own environments are.

    ``rules`` is a ``ganzdy.Rules`` (Gan Deng Yan, Guandan or Gouji); or leave it out
    and give rule options (``players=4``, ``triple_mode="bomb"``, ...) for Gan Deng Yan.
    Only the ``OrderEnforcingWrapper`` is applied: the environment checks actions itself
    (``AssertOutOfBoundsWrapper`` would only turn its clearer errors into assertions).
    """
    if isinstance(rules, Rules) and rules.game != "gan_deng_yan":
        if options:
            raise GanzdyError(f"give either rules or rule options ({', '.join(sorted(options))})")
        card_game = CardGameAECEnv(
            rules, render_mode, illegal_action=illegal_action, illegal_reward=illegal_reward
        )
        return OrderEnforcingWrapper(card_game)
    raw = GanDengYanAECEnv(
        rules,
        render_mode,
        illegal_action=illegal_action,
        illegal_reward=illegal_reward,
        **options,
    )
    return OrderEnforcingWrapper(raw)
