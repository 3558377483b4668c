"""Every game of ``ganzdy.GAMES`` as an OpenSpiel game: ``pyspiel.load_game("python_<game>")``.

Importing this module registers, in one loop over the registry (``ganzdy.games``), a
pyspiel *Python game* a game: ``python_gan_deng_yan``, ``python_guandan``,
``python_gouji`` (``GAME_NAMES``). It needs the ``openspiel`` extra. OpenSpiel's Python
algorithms (MCTS, ISMCTS where the game offers determinization, the RL environment and
its agents) and its C++ test harness (``pyspiel.random_sim_test``) run on them, while
every rule is played by the game's ganzdy deal underneath.

One adapter, ``DealGame`` / ``DealState`` / ``DealObserver``, is written against the
deal contract (``rules.new_deal``, ``legal_moves``, ``push``, ``observation``,
``outcome``) and serves every game:

- **Chance.** Explicit (``EXPLICIT_STOCHASTIC``): the deck is dealt card by card, top
  card first, one chance node per card with its exact probability (copies of a card left
  / cards left). Outcome ``k`` is the ``k``-th distinct card face of the rules' deck in
  game order (``game.faces``). When a deck order alone does not say who leads (Guandan's
  ``first_lead_first_hand="random"`` with no ``leader``), one more chance node draws the
  first leader, each seat with probability 1/players. The deal is then
  ``rules.new_deal(deck=..., dealer=...)``: no chance after that.
- **Actions.** In a game with move ids (``Game.move_ids``: Gan Deng Yan) an action is
  the move id (``rules.num_moves`` of them); otherwise it is the index of a move in the
  deal's legal moves, in the order the deal lists them (``MAX_MOVES`` at most).
  ``action_to_string`` is the move's text; ``state.action_of(move)`` the action of a move.
- **Observations.** The tensor is ``deal.observation(seat)`` (zeros while the deck is
  dealt); the information state, with perfect recall, is what the seat saw, in order.
- **Utilities.** The deal's points, zero-sum, within ``utility_bounds(rules)`` (the
  game's ``Game.point_bounds``).

What one game adds to the adapter is in its subpackage's ``openspiel`` module, when it
has one (``ganzdy.gan_deng_yan.openspiel``: the stock's draws in the information state
and ``resample_from_infostate``); see ``DealGame``.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import importlib.util
import random
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any, TypeVar, cast

import numpy as np
import numpy.typing as npt
import pyspiel
from open_spiel.python.algorithms import mcts

from ganzdy._check import count, instance, integral, optional_integral
from ganzdy._core import GanzdyError, Move, Rules
from ganzdy.games import DEFAULT_GAME, GAMES
from ganzdy.games import Game as RegisteredGame
from ganzdy.games import game_of as registered

__all__ = [
    "GAME_NAMES",
    "MAX_MOVES",
    "DealGame",
    "DealObserver",
    "DealState",
    "PlayoutEvaluator",
    "game_of",
    "load_game",
    "make_resampler",
    "parameter_specification",
    "rules_from_params",
    "utility_bounds",
]

#: The OpenSpiel name of each game (``Game.openspiel_name``), by ganzdy game name.
GAME_NAMES: dict[str, str] = {name: registered(name).openspiel_name for name in GAMES}
# In a game without move ids an action is an index into the deal's legal moves: this
# many at most, the same bound as the card-level Gymnasium and PettingZoo envs.
MAX_MOVES = 1 << 15

# OpenSpiel parameters cannot be None: -1 stands for it (off, no limit).
_NONE = -1
# Options whose default depends on other values (Game.derived_options: Gan Deng Yan's
# packs on the player count, bomb_min_size on triple_mode): 0 means "that default".
_DERIVED_DEFAULT = 0
# The parameters that set a deal up rather than the rules.
_SETUP = ("players", "dealer", "leader")

_T = TypeVar("_T")


class _Log(list[_T]):
    """A list of immutable entries whose deep copy is a shallow one.

    OpenSpiel clones a Python state by deep-copying its attributes; the entries here
    are ints, strings and tuples of them, so copying the list is enough.
    """

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, object]) -> _Log[_T]:
        return _Log(self)


# OpenSpiel writes a game's parameters as "name=value,..." with no quoting and reads
# a value that starts with a digit or "-" as a number, so text option values are
# spelt: commas as ";", spaces as "+", and a leading "#" before a digit or "-"
# (level "#7", upgrade_table "#3-2-1", scoring "#2;1;0;0;-1;-2").
_SPELLING = ((",", ";"), (" ", "+"))
_NUMERIC = "#"


def _spell(value: bool | int | str) -> bool | int | str:
    if isinstance(value, str):
        for plain, spelt in _SPELLING:
            value = value.replace(plain, spelt)
        if value[:1].isdigit() or value[:1] == "-":
            value = _NUMERIC + value
    return value


def _unspell(value: Any) -> Any:
    if isinstance(value, str):
        value = value.removeprefix(_NUMERIC)
        for plain, spelt in _SPELLING:
            value = value.replace(spelt, plain)
    return value


def _registered(name: str, what: str | Rules) -> RegisteredGame:
    """The registry's entry for argument ``name``: a game's name or a ``Rules``."""
    instance(name, what, (str, Rules), "a game's name or a ganzdy.Rules")
    return registered(what)


def _params(params: Any) -> dict[str, Any]:
    instance("params", params, Mapping, "a mapping of OpenSpiel parameters")
    return dict(params)


def parameter_specification(game: str = DEFAULT_GAME) -> dict[str, bool | int | str]:
    """The OpenSpiel parameters of ``game`` and their defaults.

    ``players`` where the game is played by more than one number of players; ``dealer``
    (the seat dealt the deck's first card, 0); ``leader`` where a deal can be given its
    first leader (``-1``: as the rules say); then every option of its rules under its
    ganzdy name and default, with the substitutions OpenSpiel's typed, unquoted
    parameters need: ``-1`` for ``None`` (off, no limit), ``0`` for a default that
    depends on other values (``Game.derived_options``), and text values spelt as
    OpenSpiel can read them back: ``;`` for a comma, ``+`` for a space, ``#`` before a
    leading digit or ``-`` (``level="#7"``, ``scoring="#4;2;0;0;-2;-4"``).
    """
    entry = _registered("game", game)
    rules = Rules(entry.name)
    spec: dict[str, bool | int | str] = {}
    low, high = entry.player_counts
    if low != high:
        spec["players"] = rules.players
    spec["dealer"] = 0
    if "first_leader" in entry.record_fields:
        spec["leader"] = _NONE
    for name, option in rules.options.items():
        if name in entry.derived_options:
            spec[name] = _DERIVED_DEFAULT
        elif option.default is None:
            spec[name] = _NONE
        else:
            spec[name] = _spell(option.default)
    return spec


def rules_from_params(params: Mapping[str, Any], game: str = DEFAULT_GAME) -> Rules:
    """The ganzdy ``Rules`` of OpenSpiel parameters of ``game`` (missing ones take their
    default).

    Raises ``ValueError`` for an unknown parameter, ``ganzdy.RulesError`` (a
    ``ValueError`` too) for a bad value.
    """
    entry = _registered("game", game)
    params = _params(params)
    spec = parameter_specification(entry.name)
    unknown = sorted(set(params) - set(spec))
    if unknown:
        raise ValueError(
            f"unknown parameter(s) {', '.join(unknown)} for {entry.openspiel_name}; "
            f"expected some of: {', '.join(spec)}"
        )
    allowed = {name: option.allowed for name, option in Rules(entry.name).options.items()}
    options: dict[str, bool | int | str | None] = {}
    for name, value in params.items():
        default = spec[name]
        if name in _SETUP or (value == default and type(value) is type(default)):
            continue  # the ganzdy default (or "None", or the derived default)
        none = value == _NONE and allowed[name].startswith("None")
        options[name] = None if none else _unspell(value)
    players = int(params.get("players", spec["players"])) if "players" in spec else None
    return Rules(entry.name, players, **options)


@functools.lru_cache(maxsize=64)
def utility_bounds(rules: Rules) -> tuple[float, float]:
    """``(min_utility, max_utility)``: bounds on any seat's points in any deal of ``rules``
    (the game's ``Game.point_bounds``, e.g. ``ganzdy.gan_deng_yan.bounds``)."""
    return _registered("rules", rules).point_bounds(rules)


def _seat_parameter(params: Mapping[str, Any], name: str, default: int, players: int) -> int:
    value = int(params.get(name, default))
    if value != default and not 0 <= value < players:
        raise ValueError(f"{name}={value} is not a seat: expected 0 to {players - 1}")
    return value


def _game_type(entry: RegisteredGame) -> Any:
    low, high = entry.player_counts
    return pyspiel.GameType(
        short_name=entry.openspiel_name,
        long_name=f"{entry.title} (ganzdy)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(entry.name),
        default_loadable=True,
        provides_factored_observation_string=False,
    )


def _extension(entry: RegisteredGame) -> ModuleType | None:
    """``ganzdy.<game>.openspiel``, what the game adds to the adapter, if it has one."""
    name = f"ganzdy.{entry.name}.openspiel"
    return importlib.import_module(name) if importlib.util.find_spec(name) else None


class DealGame(pyspiel.Game):  # type: ignore[misc]
    """One game of the registry, under one set of parameters, as an OpenSpiel game.

    The registration loop at the bottom of this module makes a subclass a game (its
    ``game`` attribute the game's name) and registers it under ``python_<game>``. A
    game's ``ganzdy.<game>.openspiel`` module, if it has one, may give ``State`` and
    ``Observer`` (subclasses of ``DealState`` and ``DealObserver``), ``PLIES_PER_CARD``
    (the bound on a deal's plies is that many times the deck size times the players;
    2 by default: every play holds a card and at most players - 1 passes follow it, and
    the phases before play, tribute, purchases or revolts, take fewer plies than a
    second such round), and ``prepare(game)``, called once the game is set up.
    """

    game: str = DEFAULT_GAME

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = _params({} if params is None else params)
        entry = registered(self.game)
        rules = rules_from_params(params, entry.name)
        dealer = _seat_parameter(params, "dealer", 0, rules.players)
        leader = _seat_parameter(params, "leader", _NONE, rules.players)
        setup = {} if leader == _NONE else {"first_leader": leader}
        deck = list(rules.deck)
        faces = tuple(dict.fromkeys(deck))  # distinct card faces, in game order
        low, high = utility_bounds(rules)
        try:
            rules.new_deal(deck=deck, dealer=dealer, **setup)
        except GanzdyError:
            leader_chance = True  # a deck order alone does not say who leads
        else:
            leader_chance = False
        extension = _extension(entry)
        plies_per_card = int(getattr(extension, "PLIES_PER_CARD", 2))
        info = pyspiel.GameInfo(
            num_distinct_actions=rules.num_moves if entry.move_ids else MAX_MOVES,
            max_chance_outcomes=max(len(faces), rules.players),
            num_players=rules.players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=plies_per_card * len(deck) * rules.players,
        )
        super().__init__(_GAME_TYPES[entry.name], info, params)
        self.name: str = entry.name
        self.move_ids: bool = entry.move_ids
        self.rules: Rules = rules
        self.dealer: int = dealer
        self.setup: dict[str, int] = setup
        self.faces: tuple[str, ...] = faces
        self.face_index: dict[str, int] = {f: i for i, f in enumerate(faces)}
        self.face_counts: tuple[int, ...] = tuple(deck.count(f) for f in faces)
        self.deck_size: int = len(deck)
        self.leader_chance: bool = leader_chance
        self.observation_size: int = entry.observation_size(rules)
        self._state: type[DealState] = getattr(extension, "State", DealState)
        self._observer: type[DealObserver] = getattr(extension, "Observer", DealObserver)
        prepare = getattr(extension, "prepare", None)
        if prepare is not None:
            prepare(self)

    def new_initial_state(self) -> DealState:
        """The state before the shuffle: a chance node for the top card of the deck."""
        return self._state(self)

    def max_chance_nodes_in_history(self) -> int:
        return self.deck_size + int(self.leader_chance)

    def observation_tensor_shape(self) -> list[int]:
        return [self.observation_size]

    def observation_tensor_size(self) -> int:
        return self.observation_size

    def make_py_observer(
        self,
        iig_obs_type: Any = None,
        params: Mapping[str, Any] | None = None,
    ) -> DealObserver:
        """An observer (OpenSpiel's PyObserver interface) for ``iig_obs_type``."""
        if isinstance(iig_obs_type, Mapping):  # pyspiel passes only params when no type
            iig_obs_type, params = None, iig_obs_type
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        instance("iig_obs_type", iig_obs_type, pyspiel.IIGObservationType, "an IIGObservationType")
        if params is not None:
            params = _params(params)
        return self._observer(self, iig_obs_type, params)


class DealState(pyspiel.State):  # type: ignore[misc]
    """A deal: the shuffle as chance nodes, then the ganzdy deal.

    Attributes are plain data that OpenSpiel deep-copies to clone and pickles to
    serialize: the deck order chosen so far (face indices), the first leader if chance
    drew it, the deal once the deck is complete, every move as ``(seat, action, text)``
    and each seat's information state after its first line, kept up to date as the deal
    goes (a search asks for it at every node). A game's subclass changes what a ply
    records (``_play``), how the deal starts (``_start``) and its text.
    """

    def __init__(self, game: DealGame) -> None:
        super().__init__(game)
        self._deck: _Log[int] = _Log()
        self._leader: int | None = None
        self._deal: Any = None
        self._moves: _Log[tuple[int, int, str]] = _Log()
        self._info: _Log[str] = _Log()

    @property
    def game(self) -> DealGame:
        return cast(DealGame, self.get_game())

    @property
    def deal(self) -> Any:
        """The ganzdy deal (``None`` while the deck is being dealt). Do not change it."""
        return self._deal

    def _face(self, position: int, faces: tuple[str, ...] | None = None) -> str:
        return (faces or self.game.faces)[self._deck[position]]

    # -- the pyspiel.State API ------------------------------------------------------

    def current_player(self) -> int:
        if self._deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self._deal.current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else int(seat)

    def is_terminal(self) -> bool:
        return self._deal is not None and bool(self._deal.is_terminal)

    def is_chance_node(self) -> bool:
        return self._deal is None

    def returns(self) -> list[float]:
        if self._deal is None or not self._deal.is_terminal:
            return [0.0] * self.game.rules.players
        return [float(p) for p in self._deal.outcome.points]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every card face still in the deck with its share of the cards left; once the
        deck is dealt, the first leader (when the rules leave it to chance)."""
        game = self.game
        if len(self._deck) == game.deck_size:
            n = game.rules.players
            return [(seat, 1.0 / n) for seat in range(n)]
        left = list(game.face_counts)
        for f in self._deck:
            left[f] -= 1
        total = game.deck_size - len(self._deck)
        return [(f, n / total) for f, n in enumerate(left) if n > 0]

    def _legal_actions(self, player: int) -> list[int]:
        deal = self._deal
        assert deal is not None and player == deal.current_player
        if self.game.move_ids:
            ids = deal.legal_ids()
            ids.sort()
            return cast(list[int], ids.tolist())
        count = len(deal.legal_moves)
        if count > MAX_MOVES:
            raise RuntimeError(f"{count} legal moves, more than MAX_MOVES = {MAX_MOVES}")
        return list(range(count))

    def _action_to_string(self, player: int, action: int) -> str:
        game = self.game
        if player == pyspiel.PlayerId.CHANCE:
            if len(self._deck) == game.deck_size:
                return f"seat {action} leads"
            return f"deal {game.faces[action]}"
        if game.move_ids:
            return str(game.rules.move_from_id(action))
        return str(self._move(action))

    def action_of(self, move: Move) -> int:
        """The action that plays ``move``: its move id, or its index in the legal moves."""
        game = self.game
        if game.move_ids:
            return game.rules.move_id(move)
        if self._deal is None:
            raise ValueError(f"{move}: the deck is still being dealt")
        return int(self._deal.legal_moves.index(move))

    def _move(self, action: int) -> Move:
        """The legal move of an action of a game without move ids."""
        moves = self._deal.legal_moves
        if not 0 <= action < len(moves):
            raise ValueError(f"action {action}: expected a legal move index below {len(moves)}")
        return cast(Move, moves[action])

    def _apply_action(self, action: int) -> None:
        game = self.game
        if self._deal is None:
            if len(self._deck) == game.deck_size:
                if not 0 <= action < game.rules.players:
                    raise ValueError(f"chance outcome {action} is not a seat")
                self._leader = action
            else:
                self._deal_card(game, action)
            if len(self._deck) == game.deck_size and (
                self._leader is not None or not game.leader_chance
            ):
                self._start(game)
            return
        seat = self._deal.current_player
        if seat is None:
            raise ValueError(f"action {action}: the deal is over")
        self._play(game, seat, action)

    def _deal_card(self, game: DealGame, action: int) -> None:
        if not 0 <= action < len(game.faces):
            raise ValueError(f"chance outcome {action} is not a card face index")
        left = game.face_counts[action] - sum(1 for f in self._deck if f == action)
        if left <= 0:
            raise ValueError(f"chance outcome {action} ({game.faces[action]}): none left")
        self._deck.append(action)

    def _new_deal(self, game: DealGame) -> Any:
        """The deal of the deck order chosen (and the first leader, if chance drew it)."""
        deck = [game.faces[f] for f in self._deck]
        setup = dict(game.setup) if self._leader is None else {"first_leader": self._leader}
        return game.rules.new_deal(deck=deck, dealer=game.dealer, **setup)

    def _start(self, game: DealGame) -> None:
        """Starts the deal once chance has chosen it: each seat's information state opens
        with its hand and a digest of what it observes."""
        deal = self._new_deal(game)
        self._deal = deal
        for s in range(game.rules.players):
            self._info.append(f"hand: {deal.hand(s)} / {_digest(deal.observation(s))}")

    def _play(self, game: DealGame, seat: int, action: int) -> None:
        """``seat`` plays ``action``. Each seat's information state gains a line: the seat
        that moved, the move if it was its own (``?`` otherwise: whether a move is public
        is the game's to say, and the observation says it), and a digest of what it
        observes after it."""
        deal = self._deal
        if game.move_ids:
            deal.push_id(action)
            move = deal.history[-1][1]
        else:
            move = self._move(action)
            deal.push(move)
        text = str(move)
        self._moves.append((seat, action, text))
        for s in range(len(self._info)):
            seen = text if s == seat else "?"
            self._info[s] += f"\n{seat}: {seen} / {_digest(deal.observation(s))}"

    def __str__(self) -> str:
        game = self.game
        if self._deal is None:
            dealt = " ".join(game.faces[f] for f in self._deck)
            return f"dealing: {len(self._deck)} of {game.deck_size} cards: {dealt}"
        return str(self._deal)


def _digest(observation: npt.NDArray[np.float32]) -> str:
    return hashlib.blake2b(observation.tobytes(), digest_size=8).hexdigest()


class DealObserver:
    """What a seat sees of a state: a tensor and a string.

    The tensor is ``deal.observation(seat)`` (``perfect=True`` when the observation type
    shows every player's private information), all zeros while the deck is dealt; with
    ``perfect_recall`` there is no tensor and the string is the seat's information state.
    Observation types without public information or without the seat's own cards, and
    perfect recall of every player's cards, are not offered (a game's own observer may
    offer them).
    """

    def __init__(self, game: DealGame, iig_obs_type: Any, params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {dict(params)}")
        if not iig_obs_type.public_info:
            raise ValueError(f"{game.name}: observation types without public information")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.NONE:
            raise ValueError(f"{game.name}: observation types without the seat's own cards")
        self._perfect = private == pyspiel.PrivateInfoType.ALL_PLAYERS
        self._recall = bool(iig_obs_type.perfect_recall)
        if self._recall and self._perfect:
            raise ValueError(f"{game.name}: perfect recall of every player's cards")
        size = len(game.rules.new_deal(seed=0).observation(0, perfect=self._perfect))
        self.tensor: npt.NDArray[np.float32] | None = None
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        if not self._recall:
            self.tensor = np.zeros(size, np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state: DealState, player: int) -> None:
        """Write what ``player`` sees of ``state`` into ``tensor``."""
        if self.tensor is None:
            return
        if state.deal is None:
            self.tensor.fill(0.0)
        else:
            state.deal.observation(player, perfect=self._perfect, out=self.tensor)

    def string_from(self, state: DealState, player: int) -> str:
        """What ``player`` sees of ``state``, as text."""
        game = state.game
        head = f"{GAME_NAMES[game.name]}; seat {player}"
        deal = state.deal
        if deal is None:
            return f"{head}\ndealing: {len(state._deck)} of {game.deck_size} cards"
        if self._recall:
            return f"{head}\n{state._info[player]}"
        seats = range(game.rules.players)
        hands = (
            [f"hand {s}: {deal.hand(s)}" for s in seats]
            if self._perfect
            else [f"hand: {deal.hand(player)}"]
        )
        table = deal.table
        to_act = deal.current_player
        return "\n".join(
            [
                head,
                *hands,
                "hand sizes: " + " ".join(str(n) for n in deal.hand_sizes),
                f"played: {deal.played or '-'}",
                "table: lead" if table.is_pass else f"table: {table} by seat {deal.table_owner}",
                f"to act: {'none' if to_act is None else to_act}",
                f"seen: {_digest(deal.observation(player, perfect=self._perfect))}",
            ]
        )


class PlayoutEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """An OpenSpiel MCTS evaluator that plays the rest of the deal in ganzdy's C++.

    ``evaluate`` is the mean points of ``n_rollouts`` playouts of the state's deal by
    ganzdy's built-in policies (``agents``: ``"random"`` or ``"greedy"``, or one per
    seat); ``prior`` is uniform. It does what ``mcts.RandomRolloutEvaluator`` does,
    without a Python call per move. It reads the state it is given: under ``MCTSBot``
    that is the real deal (every hand), under ``ISMCTSBot`` a sampled world.
    """

    def __init__(
        self,
        n_rollouts: int = 1,
        agents: str | Sequence[str] = "random",
        random_state: np.random.RandomState | None = None,
    ) -> None:
        self.n_rollouts = count("n_rollouts", n_rollouts, low=1)
        if not isinstance(agents, str):
            instance("agents", agents, Sequence, "a policy name or one a seat")
            for spec in agents:
                instance("agents", spec, str, "a policy name or one a seat")
        self.agents = agents
        if random_state is not None:
            instance("random_state", random_state, np.random.RandomState, "a RandomState or None")
        self._random_state = random_state or np.random.RandomState()

    def evaluate(self, state: DealState) -> npt.NDArray[np.float64]:
        instance("state", state, DealState, "an OpenSpiel state of a ganzdy game")
        if state.deal is None:  # finish the shuffle first
            state = state.clone()
            while state.deal is None:
                faces, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(self._random_state.choice(faces, p=probs)))
        deal = state.deal
        assert deal is not None
        if deal.is_terminal:
            return np.array(deal.outcome.points, np.float64)
        total = np.zeros(deal.players, np.float64)
        for _ in range(self.n_rollouts):
            seed = int(self._random_state.randint(0, 2**31 - 1))
            total += deal.playout(self.agents, seed=seed).points
        return total / self.n_rollouts

    def prior(self, state: DealState) -> list[tuple[int, float]]:
        instance("state", state, DealState, "an OpenSpiel state of a ganzdy game")
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def make_resampler(seed: int | None = None) -> Callable[[Any, int], Any]:
    """A seeded resampler for ``ISMCTSBot.set_resampler``, so a search can be replayed
    (games whose state offers ``resample_from_infostate``).

    Without it, ISMCTSBot draws from ``pyspiel.UniformProbabilitySampler``, which seeds
    itself from the system.
    """
    rng = random.Random(seed)

    def resample(state: Any, player: int) -> Any:
        return state.resample_from_infostate(player, rng.random)

    return resample


def load_game(game: str = DEFAULT_GAME, **params: bool | int | str) -> Any:
    """``pyspiel.load_game`` of ``game``'s OpenSpiel game with keyword parameters."""
    return pyspiel.load_game(_registered("game", game).openspiel_name, params)


def game_of(rules: Rules, dealer: int = 0, leader: int | None = None) -> Any:
    """The OpenSpiel game of ganzdy ``rules`` of any game, with ``dealer`` (the seat dealt
    the deck's first card) and, where the game has the parameter, the first ``leader``
    (``None``: as the rules say)."""
    instance("rules", rules, Rules, "a ganzdy.Rules")
    entry = registered(rules)
    dealer = integral("dealer", dealer)
    leader = optional_integral("leader", leader)
    spec = parameter_specification(entry.name)
    params: dict[str, Any] = {"dealer": dealer}
    if "players" in spec:
        params["players"] = rules.players
    if "leader" in spec:
        params["leader"] = _NONE if leader is None else leader
    elif leader is not None:
        raise ValueError(
            f"{entry.openspiel_name}: the rules say who leads; leader={leader} is not a parameter"
        )
    defaults = Rules(entry.name, rules.players)
    for name, option in rules.options.items():
        if option.value != defaults.option(name):
            params[name] = _NONE if option.value is None else _spell(option.value)
    return pyspiel.load_game(entry.openspiel_name, params)


# One registered game a game of the registry, each a DealGame subclass naming it.
_GAME_TYPES = {name: _game_type(registered(name)) for name in GAMES}
for _name in GAMES:
    _class = type(f"{registered(_name).title.replace(' ', '')}Game", (DealGame,), {"game": _name})
    pyspiel.register_game(_GAME_TYPES[_name], _class)
