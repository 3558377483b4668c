"""Every game as a single-agent Gymnasium environment (needs the ``env`` extra).

Importing this module registers each game of the registry under its id
(``Game.env_id``, ``ENV_IDS``: ``ganzdy/GanDengYan-v0``, ``ganzdy/Guandan-v0``,
``ganzdy/Gouji-v0``), in a loop over ``ganzdy.GAMES``: a game with move ids
(``Game.move_ids``) as ``MoveIdEnv``, described here, the others through
``ganzdy.env.card_gymnasium``; ``make(rules)`` makes the environment of any game's
rules. So ``gymnasium.make("ganzdy/GanDengYan-v0")`` works after ``import
ganzdy.env.gymnasium``, and ``gymnasium.make("ganzdy.env.gymnasium:ganzdy/GanDengYan-v0")``
works with no import at all. (Gymnasium 1.0 removed the entry-point plugin system of
0.26-0.29, so registering by package metadata alone is no longer possible.)

``MoveIdEnv(rules=None, seat=0, opponents="greedy", render_mode=None, **options)``
(``rules`` a ``Rules``, a game's name, or None for ``DEFAULT_GAME``, with ``options``):
the learner plays ``seat``; the other seats are built-in bots, played inside ``step``
until it is the learner's turn again.

- Observation: ``{"observation": float32 vector, "action_mask": int8 0/1}``: the learner's
  ``deal.observation(seat)`` and ``deal.legal_mask()`` (all zeros once the deal is over).
- Action: ``Discrete(rules.num_moves)``, a move id; ``info["legal_ids"]`` holds the legal
  ids (int32, in ``deal.legal_moves`` order).
- Reward: 0 until the deal ends, then the learner's ``outcome.points``; ``terminated`` at
  the end of the deal, never ``truncated``. The final ``info`` has every seat's ``points``.
- Opponents: ``"greedy"`` (the engine's greedy policy, called in C++ directly),
  ``"random"`` (uniform over the legal ids, drawn from the env's seeded generator), any
  other ``ganzdy.make_agent`` spec (rebuilt at each reset, seeded from the env), or an
  ``Agent`` object (used as it is: it keeps its own randomness). One for every other
  seat, or a list: one per other seat in seat order (``players - 1`` items), or one per
  seat with ``None`` at the learner's.
- Illegal actions: Gymnasium promises that every action of the action space may be
  stepped (``check_env`` steps random ones), so by default (``illegal_action="terminate"``)
  an illegal move id ends the episode with ``illegal_reward`` and
  ``info["illegal_action"] = True``. ``illegal_action="raise"`` raises
  ``ganzdy.IllegalMoveError`` naming the action and why instead, changing nothing. An
  action outside the action space always raises.
- ``render_mode="ansi"``: the deal as the learner sees it (its own hand, the others' card
  counts); every hand once the deal is over.
- ``reset(seed=...)`` is reproducible: each reset draws a 64-bit deal seed and a dealer
  from ``self.np_random``. ``options`` may give ``deal`` (a deal of these rules to play on
  from), ``deck`` (a deck order) or ``dealer``. A deal that an opponent ends before the
  learner's first turn (rare: going out on a first lead) is dealt again, at most 100
  times; ``info["redeals"]`` counts them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from ganzdy._check import excerpt, integral
from ganzdy._core import GanDengYanDeal, GanzdyError, IllegalMoveError, Move, Rules
from ganzdy.agents import Agent, GreedyAgent, agent_name, make_agent, view_for
from ganzdy.env import card_gymnasium as _card_level  # noqa: F401  (registers its games)
from ganzdy.env._common import (
    Observation,
    action_id,
    check_illegal_action,
    check_render_mode,
    check_reward,
    illegal_action_error,
    make_rules,
    no_legal_ids,
    observation_space,
    observe,
    render_text,
    reset_arguments,
    start_deal,
)
from ganzdy.games import GAMES, game_of

__all__ = ["ENV_IDS", "MoveIdEnv", "OpponentSpec", "make"]

OpponentSpec = str | Agent
_MAX_REDEALS = 100


class _Greedy:
    """Marks a seat played by the C++ greedy policy."""


class _Random:
    """Marks a seat played uniformly at random from the env's generator."""


_Seat = _Greedy | _Random | Agent | str


def _seat_kind(spec: object, seat: int) -> _Seat:
    if isinstance(spec, str):
        word = spec.strip().lower()
        if word == "greedy":
            return _Greedy()
        if word == "random":
            return _Random()
        make_agent(spec)  # an unknown spec fails here, at construction
        return spec
    if isinstance(spec, GreedyAgent):
        return _Greedy()
    if isinstance(spec, Agent):
        return spec
    raise GanzdyError(
        f"opponents: seat {seat}'s {excerpt(spec)} is neither an agent spec nor an Agent"
    )


class MoveIdEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One deal of a game with move ids per episode, seen from one seat; see the module
    docstring."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012  # Gymnasium reads it

    def __init__(
        self,
        rules: Rules | str | None = None,
        seat: int = 0,
        opponents: OpponentSpec | Sequence[OpponentSpec | None] = "greedy",
        render_mode: str | None = None,
        *,
        illegal_action: str = "terminate",
        illegal_reward: float = -1.0,
        **options: bool | int | str | None,
    ) -> None:
        self.rules = make_rules(rules, options)
        players = self.rules.players
        seat = integral("seat", seat)
        if not 0 <= seat < players:
            raise GanzdyError(
                f"seat={seat} is not a seat of {self.rules}: expected 0 to {players - 1}"
            )
        self.seat = seat
        check_render_mode(render_mode, self.metadata["render_modes"])
        self.render_mode = render_mode
        self.illegal_action = check_illegal_action(illegal_action)
        self.illegal_reward = check_reward("illegal_reward", illegal_reward)
        self._specs = self._opponent_specs(opponents)
        self._players: dict[int, _Greedy | _Random | Agent] = {}
        self.observation_space = observation_space(self.rules)
        self.action_space = spaces.Discrete(self.rules.num_moves)
        self._deal: GanDengYanDeal | None = None
        self._legal_ids = no_legal_ids()
        self._done = True
        # Kept only when some opponent is an Agent, whose view holds the moves so far.
        self._history: list[tuple[int, Move]] | None = None

    def _opponent_specs(
        self, opponents: OpponentSpec | Sequence[OpponentSpec | None]
    ) -> dict[int, _Seat]:
        players = self.rules.players
        others = [s for s in range(players) if s != self.seat]
        if isinstance(opponents, str) or not isinstance(opponents, Sequence):
            return {s: _seat_kind(opponents, s) for s in others}
        items = list(opponents)
        if len(items) == players:
            if items[self.seat] is not None:
                raise GanzdyError(
                    f"opponents has one entry per seat, so the learner's (seat {self.seat}) "
                    f"must be None, not {items[self.seat]!r}"
                )
            items = [item for s, item in enumerate(items) if s != self.seat]
        if len(items) != len(others):
            raise GanzdyError(
                f"opponents lists {len(opponents)} entries: give one per other seat "
                f"({len(others)}) or one per seat ({players}, None at seat {self.seat})"
            )
        kinds: dict[int, _Seat] = {}
        for s, item in zip(others, items, strict=True):
            if item is None:
                raise GanzdyError(f"opponents: seat {s} has no opponent (None)")
            kinds[s] = _seat_kind(item, s)
        return kinds

    @property
    def deal(self) -> GanDengYanDeal:
        """The deal being played (every hand in it: for debugging and oracles, not agents)."""
        if self._deal is None:
            raise GanzdyError("no deal yet: call reset() first")
        return self._deal

    # -- the episode ----------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        seed, options = reset_arguments(seed, options)
        super().reset(seed=seed)
        rng = self.np_random
        self._players = {}
        for s, kind in self._specs.items():
            if isinstance(kind, str):
                self._players[s] = make_agent(kind, seed=int(rng.integers(2**63)))
            else:
                self._players[s] = kind
        keep_history = any(not isinstance(p, _Greedy | _Random) for p in self._players.values())
        given = options is not None and any(options.get(k) is not None for k in ("deal", "deck"))
        redeals = 0
        while True:
            self._deal = start_deal(self.rules, rng, options)
            self._history = list(self._deal.history) if keep_history else None
            self._play_opponents()
            if not self._deal.is_terminal:
                break
            if given:
                raise GanzdyError(
                    f"the deal given in options ends before seat {self.seat} acts; "
                    "give one where the learner gets a turn"
                )
            redeals += 1
            if redeals >= _MAX_REDEALS:
                raise GanzdyError(
                    f"{redeals} deals in a row ended before seat {self.seat} could act"
                )
        self._done = False
        self._legal_ids = self._deal.legal_ids()
        info = self._info()
        info["redeals"] = redeals
        return observe(self._deal, self.seat), info

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        if self._deal is None:
            raise GanzdyError("step() before reset(): call reset() first")
        deal = self._deal
        if self._done:
            raise GanzdyError("the episode is over: call reset() to start the next deal")
        who = f"seat {self.seat} (the learner)"
        move_id = action_id(action, self.rules.num_moves, who)
        if not np.any(self._legal_ids == move_id):
            if self.illegal_action == "raise":
                raise illegal_action_error(deal, move_id, who)
            self._done = True
            self._legal_ids = no_legal_ids()
            info = self._info()
            info["illegal_action"] = True
            observation: Observation = {
                "observation": deal.observation(self.seat),
                "action_mask": np.zeros(self.rules.num_moves, dtype=np.int8),
            }
            return observation, self.illegal_reward, True, False, info
        if self._history is not None:
            index = int(np.flatnonzero(self._legal_ids == move_id)[0])
            self._history.append((self.seat, deal.legal_moves[index]))
        deal.apply_id(move_id)
        self._play_opponents()
        reward = 0.0
        if deal.is_terminal:
            self._done = True
            reward = float(deal.outcome.points[self.seat])
        self._legal_ids = deal.legal_ids()
        info = self._info()
        if deal.is_terminal:
            info["points"] = list(deal.outcome.points)
        return observe(deal, self.seat), reward, self._done, False, info

    def _info(self) -> dict[str, Any]:
        return {"legal_ids": self._legal_ids.copy()}

    def _play_opponents(self) -> None:
        """Plays the other seats until the learner is to act or the deal is over."""
        deal = self.deal
        while True:
            seat = deal.current_player
            if seat is None or seat == self.seat:
                return
            player = self._players[seat]
            if isinstance(player, _Greedy):
                self._play_id(deal, seat, self._greedy_choice(deal, seat))
            elif isinstance(player, _Random):
                ids = deal.legal_ids()
                self._play_id(deal, seat, int(ids[int(self.np_random.integers(len(ids)))]))
            else:
                move = player.act(view_for(deal, self._history))
                if not isinstance(move, Move):
                    raise IllegalMoveError(
                        f"opponent {agent_name(player)!r} at seat {seat} returned {move!r}, "
                        "not a Move"
                    )
                try:
                    deal.push(move)
                except IllegalMoveError as error:
                    raise IllegalMoveError(
                        f"opponent {agent_name(player)!r} at seat {seat} played an illegal "
                        f"move: {error}"
                    ) from error
                if self._history is not None:
                    self._history.append((seat, move))

    def _greedy_choice(self, deal: GanDengYanDeal, seat: int) -> int:
        # legal_ids() lists the ids in legal_moves order: greedy_index() indexes both.
        return int(deal.legal_ids()[deal.greedy_index()])

    def _play_id(self, deal: GanDengYanDeal, seat: int, move_id: int) -> None:
        if self._history is not None:
            ids = deal.legal_ids()
            index = int(np.flatnonzero(ids == move_id)[0])
            self._history.append((seat, deal.legal_moves[index]))
        deal.apply_id(move_id)

    # -- output ---------------------------------------------------------------------

    # Gymnasium 1.0 types render() with a bare TypeVar that no return type matches.
    def render(self) -> str | None:  # type: ignore[override, unused-ignore]
        if self.render_mode is None:
            return None
        me = self.seat
        return render_text(
            self.deal, me, lambda seat: f"seat {seat}" + (" (you)" if seat == me else "")
        )


# Every game with move ids, by its registry id (``Game.env_id``); importing
# ganzdy.env.card_gymnasium above registered the others.
for _game in map(game_of, GAMES):
    if _game.move_ids:
        gymnasium.register(
            id=_game.env_id,
            entry_point="ganzdy.env.gymnasium:MoveIdEnv",
            kwargs={"rules": _game.name},
        )

#: Each game's registered id (``Game.env_id``), by game name.
ENV_IDS: dict[str, str] = {name: game_of(name).env_id for name in GAMES}


def make(rules: Rules | str, **kwargs: Any) -> gymnasium.Env[dict[str, Any], np.int64]:
    """The single-agent environment of any game: ``gymnasium.make`` of the rules' game's
    id (``ENV_IDS``) with these rules, e.g. ``make(Rules("gouji"), opponents="greedy")``.
    ``rules`` may be a game's name for its default rules."""
    if isinstance(rules, str):
        rules = Rules(rules)
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a ganzdy.Rules or a game's name, not {excerpt(rules)}")
    env: gymnasium.Env[dict[str, Any], np.int64] = gymnasium.make(
        game_of(rules).env_id, rules=rules, **kwargs
    )
    return env
