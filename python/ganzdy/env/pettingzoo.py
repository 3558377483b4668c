"""Every game as a PettingZoo AEC environment (needs the ``env`` extra).

``env(rules)`` picks the environment from the registry: ``MoveIdAECEnv`` for a game
with move ids (``Game.move_ids``: Gan Deng Yan), described here, and for a game with
card-level moves (Guandan, Gouji) ``ganzdy.env.card_games.CardGameAECEnv`` (moves
chosen by their index in the legal moves and described by their features).

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
  deal of these rules to play on from), ``deck`` (a deck order) or ``dealer``; other keys are
  ignored.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from ganzdy._core import GanDengYanDeal, GanzdyError, Rules
from ganzdy.env._aec import DealAECEnv
from ganzdy.env._common import (
    Action,
    Observation,
    action_id,
    illegal_action_error,
    make_rules,
    no_legal_ids,
    observation_space,
    observe,
    render_text,
    reset_arguments,
    start_deal,
)
from ganzdy.env.card_games import CardGameAECEnv
from ganzdy.games import game_of

__all__ = ["MoveIdAECEnv", "env", "raw_env"]


class MoveIdAECEnv(DealAECEnv[GanDengYanDeal]):
    """One deal of a game with move ids per episode, one agent per seat; see the module
    docstring."""

    metadata = {  # noqa: RUF012  # the attribute PettingZoo reads
        "name": "ganzdy_move_id_game_v0",  # each env names its game's: "<game>_v0"
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
        self.rules = make_rules(rules, options)
        self.metadata = {**MoveIdAECEnv.metadata, "name": f"{self.rules.game}_v0"}
        super().__init__(self.rules.players, render_mode, illegal_action, illegal_reward)
        self.observation_spaces = {
            agent: observation_space(self.rules) for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.rules.num_moves) for agent in self.possible_agents
        }
        self._legal_ids = no_legal_ids()

    def observe(self, agent: str) -> Observation:
        return observe(self.deal, self._agent_seat(agent))

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        deal = self.deal
        return render_text(deal, deal.current_player, lambda seat: self.possible_agents[seat])

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        seed, options = reset_arguments(seed, options)
        self._start(start_deal(self.rules, self._generator(seed), options))

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
        move_id = action_id(action, self.rules.num_moves, agent)
        legal = bool(np.any(self._legal_ids == move_id))
        if not legal and self.illegal_action == "raise":
            raise illegal_action_error(self.deal, move_id, agent)  # before anything changes
        self._play(agent, legal, lambda deal: deal.apply_id(move_id))

    def _end(self) -> None:
        super()._end()
        self._legal_ids = no_legal_ids()


raw_env = MoveIdAECEnv


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
    if isinstance(rules, Rules) and not game_of(rules).move_ids:
        if options:
            raise GanzdyError(f"give either rules or rule options ({', '.join(sorted(options))})")
        card_game = CardGameAECEnv(
            rules, render_mode, illegal_action=illegal_action, illegal_reward=illegal_reward
        )
        return OrderEnforcingWrapper(card_game)
    raw = MoveIdAECEnv(
        rules,
        render_mode,
        illegal_action=illegal_action,
        illegal_reward=illegal_reward,
        **options,
    )
    return OrderEnforcingWrapper(raw)
