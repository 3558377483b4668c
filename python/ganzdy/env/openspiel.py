"""Gan Deng Yan as an OpenSpiel game: ``pyspiel.load_game("python_gan_deng_yan")``.

Importing this module registers the game with pyspiel (it needs the ``openspiel``
extra). The game is a pyspiel *Python game*: OpenSpiel's Python algorithms (MCTS,
ISMCTS, the RL environment and its agents) and its C++ test harness
(``pyspiel.random_sim_test``) run on it, while every rule is played by ganzdy's C++
``GanDengYanDeal`` underneath.

- **Chance.** Explicit (``EXPLICIT_STOCHASTIC``): the deck is dealt card by card, top
  card first, one chance node per card with its exact probability (copies of a card
  left / cards left). Chance outcome ``k`` is the ``k``-th distinct card face of the
  deck in game order (``GanDengYanGame.faces``). Once the whole order is chosen the
  ganzdy deal is built from it; the draws after each trick come from that order, so
  they need no chance nodes of their own.
- **Actions.** ganzdy's move ids (``rules.num_moves`` of them, id 0 the pass);
  ``action_to_string`` is the move's text.
- **Observations.** The observation tensor is ``GanDengYanDeal.observation(seat)`` (the perfect
  one, every hand, when the observer asks for every player's private information). The
  information state is a string with perfect recall: the seat's dealt cards, every move
  since, and the cards it drew, in order. Nothing hidden from the seat is in either.
- **Utilities.** The deal's points, zero-sum; ``utility_bounds`` gives bounds that
  hold for every deal under the options (see ``docs/openspiel.md``).
- **Determinization.** ``state.resample_from_infostate(player, sampler)`` returns a
  whole state, history included, consistent with what ``player`` knows, built on
  ``GanDengYanDeal.sample_world``: what OpenSpiel's Python ``ISMCTSBot`` calls.
"""

from __future__ import annotations

import functools
import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar, cast

import numpy as np
import numpy.typing as npt
import pyspiel
from open_spiel.python.algorithms import mcts

from ganzdy._core import Cards, GanDengYanDeal, GanzdyError, IllegalMoveError, Move, Rules

__all__ = [
    "CARD_GAME_NAMES",
    "GAME_NAME",
    "MAX_MOVES",
    "CardGame",
    "CardGameObserver",
    "CardGameState",
    "GanDengYanGame",
    "GanDengYanObserver",
    "GanDengYanState",
    "GoujiGame",
    "GuandanGame",
    "PlayoutEvaluator",
    "card_game_parameters",
    "card_rules_from_params",
    "game_of",
    "load_game",
    "make_resampler",
    "parameter_specification",
    "rules_from_params",
    "utility_bounds",
]

GAME_NAME = "python_gan_deng_yan"

_GAME = "gan_deng_yan"
# Options whose default depends on other values (packs on the player count,
# bomb_min_size on triple_mode): 0 in the OpenSpiel parameters means "that default".
_DERIVED_DEFAULT = 0
_DERIVED = frozenset({"packs", "bomb_min_size"})
# Options whose default is None (off, no limit): OpenSpiel parameters cannot be None,
# so -1 stands for it.
_NONE = -1
# Payments saturate here (docs/rules/gan_deng_yan.md, Scoring).
_SATURATION = 2**53
# resample_from_infostate gives up after this many samples that cannot be placed
# (cheap: no replay), or this many replays that do not reach the same information.
_RESAMPLE_SAMPLES = 10_000
_RESAMPLE_REPLAYS = 100

_T = TypeVar("_T")


class _Log(list[_T]):
    """A list of immutable entries whose deep copy is a shallow one.

    OpenSpiel clones a Python state by deep-copying its attributes; the entries here
    are ints, strings and tuples of them, so copying the list is enough.
    """

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, object]) -> _Log[_T]:
        return _Log(self)


def parameter_specification() -> dict[str, bool | int | str]:
    """The game's parameters and their defaults: ``players``, ``dealer`` and every option.

    Options keep their ganzdy names, types and defaults, with two substitutions where
    OpenSpiel's typed parameters cannot say what ganzdy says: ``-1`` for ``None`` (off,
    no limit: ``shutout_flat``, ``multiplier_cap``, ``score_cap``,
    ``max_jokers_per_combo``) and ``0`` for a default that depends on other values
    (``packs``, ``bomb_min_size``).
    """
    spec: dict[str, bool | int | str] = {"players": 4, "dealer": 0}
    for name, option in Rules(_GAME).options.items():
        default = option.default
        if name in _DERIVED:
            spec[name] = _DERIVED_DEFAULT
        elif default is None:
            spec[name] = _NONE
        else:
            spec[name] = default
    return spec


def rules_from_params(params: Mapping[str, Any]) -> Rules:
    """The ganzdy ``Rules`` of OpenSpiel game parameters (missing ones take their default).

    Raises ``ValueError`` for an unknown parameter, ``ganzdy.RulesError`` (a
    ``ValueError`` too) for a bad value.
    """
    spec = parameter_specification()
    unknown = sorted(set(params) - set(spec))
    if unknown:
        raise ValueError(
            f"unknown parameter(s) {', '.join(unknown)} for {GAME_NAME}; "
            f"expected some of: {', '.join(spec)}"
        )
    options: dict[str, bool | int | str | None] = {}
    for name, default in spec.items():
        if name in ("players", "dealer") or name not in params:
            continue
        value = params[name]
        if value == default and type(value) is type(default):
            continue  # the ganzdy default (or "None", or the derived default)
        options[name] = value
    players = int(params.get("players", spec["players"]))
    return Rules(_GAME, players=players, **options)


@functools.lru_cache(maxsize=64)
def utility_bounds(rules: Rules) -> tuple[float, float]:
    """``(min_utility, max_utility)``: bounds on any seat's points in any deal of ``rules``.

    The most one loser can pay, and the most a winner can collect, maximised over every
    way to split the deck between the losers' hands and bombs played (king bombs, bombs
    of the smallest size, 4-card bombs), with every doubling the scoring options allow
    at its largest for the cards held, then the caps. A deal is zero-sum, so the winner
    collects what the losers pay. These are worst cases, far from typical deals.
    """
    opt = rules.option
    players = rules.players
    deck = rules.deck
    size, jokers, packs = len(deck), deck.jokers, rules.packs
    m = int(cast(int, opt("bomb_min_size")))
    king = opt("king_bomb") != "none"
    weight = bool(opt("bomb_weight"))
    additive = bool(opt("additive_bombs"))
    once = bool(opt("joker_factor_once"))
    held = bool(opt("bomb_held_factor"))
    twos = bool(opt("two_held_factor"))
    shutout = bool(opt("shutout_factor"))
    base = int(cast(int, opt("base")))
    flat = cast("int | None", opt("shutout_flat"))
    mult_cap = cast("int | None", opt("multiplier_cap"))
    score_cap = cast("int | None", opt("score_cap"))

    def doublings(cards: int, held_jokers: int) -> int:
        """The largest doubling count of a hand of ``cards`` cards, bombs played aside."""
        naturals = cards - held_jokers
        d = (1 if held_jokers else 0) if once else held_jokers
        if held:
            d += min(13, naturals // m) + (1 if king and held_jokers >= 2 else 0)
        if twos:
            d += min(4 * packs, naturals)
        if shutout:
            d += 1
        return d

    def payment(count: int, exponent: int, bombs: int, cap_count: int = 1) -> int:
        multiplier = min(1 << exponent, _SATURATION) * ((1 + bombs) if additive else 1)
        if mult_cap is not None:
            multiplier = min(multiplier, mult_cap)
        pay = min(base * count * multiplier, _SATURATION * cap_count)
        if score_cap is not None:
            pay = min(pay, score_cap * cap_count)
        return pay

    # Bomb kinds: (cards, doublings under bomb_weight, how many at most).
    kinds: list[tuple[int, int, int]] = []
    if king:
        kinds.append((2, 2, jokers // 2))
    kinds.append((m, 1 if m == 3 else 2, size // m))
    if m == 3:
        kinds.append((4, 2, size // 4))
    while len(kinds) < 3:
        kinds.append((1, 0, 0))

    single = 0  # the most one loser pays
    pooled = 0  # the most all losers pay together, their hands taken as one pool
    (c0, w0, n0), (c1, w1, n1), (c2, w2, n2) = kinds
    for k0 in range(n0 + 1):
        for k1 in range(n1 + 1):
            for k2 in range(n2 + 1):
                bomb_cards = k0 * c0 + k1 * c1 + k2 * c2
                bombs = k0 + k1 + k2
                # The winner's last play holds at least one card, every loser one.
                pool = size - 1 - bomb_cards
                if pool < players - 1:
                    break
                bomb_d = 0 if additive else (k0 * w0 + k1 * w1 + k2 * w2 if weight else bombs)
                free_jokers = jokers - (2 * k0 if king else 0)
                one = pool - (players - 2)  # one loser's cards, the others holding one each
                for j in range(min(free_jokers, one) + 1):
                    count = max(one, flat) if flat is not None else one
                    single = max(single, payment(count, doublings(one, j) + bomb_d, bombs))
                for j in range(min(free_jokers, pool) + 1):
                    count = pool + (players - 1) * flat if flat is not None else pool
                    total = payment(count, doublings(pool, j) + bomb_d, bombs, players - 1)
                    pooled = max(pooled, total)
    most = min((players - 1) * single, pooled)
    return (-float(single), float(most))


def _next_seat(rules: Rules, seat: int) -> int:
    n = rules.players
    return (seat + 1) % n if rules.option("direction") == "counter_clockwise" else (seat - 1) % n


_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Gan Deng Yan (ganzdy)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=parameter_specification(),
    default_loadable=True,
    provides_factored_observation_string=False,
)


class GanDengYanGame(pyspiel.Game):  # type: ignore[misc]
    """One rules set of Gan Deng Yan, with a dealer, as an OpenSpiel game."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        rules = rules_from_params(params)
        dealer = int(params.get("dealer", 0))
        if not 0 <= dealer < rules.players:
            raise ValueError(f"dealer={dealer} is not a seat: expected 0 to {rules.players - 1}")
        deck = rules.deck
        faces = tuple(dict.fromkeys(deck))  # distinct card faces, in game order
        low, high = utility_bounds(rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=rules.num_moves,
            max_chance_outcomes=len(faces),
            num_players=rules.players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            # Every play holds a card, and at most players - 1 passes follow a play.
            max_game_length=len(deck) * rules.players,
        )
        super().__init__(_GAME_TYPE, info, params)
        self.rules: Rules = rules
        self.dealer: int = dealer
        self.faces: tuple[str, ...] = faces
        self.face_index: dict[str, int] = {f: i for i, f in enumerate(faces)}
        self.face_counts: tuple[int, ...] = tuple(deck.count(f) for f in faces)
        self.deck_size: int = len(deck)
        # Who is dealt each deck position: one card at a time from the dealer in turn
        # order, then the dealer's extra cards (docs/rules/gan_deng_yan.md, The deal).
        owners: list[int] = []
        seat = dealer
        for _ in range(int(cast(int, rules.option("initial_hand_size")))):
            for _ in range(rules.players):
                owners.append(seat)
                seat = _next_seat(rules, seat)
        owners += [dealer] * int(cast(int, rules.option("dealer_extra_cards")))
        self.dealt_owner: tuple[int, ...] = tuple(owners)

    def new_initial_state(self) -> GanDengYanState:
        """The state before the shuffle: a chance node for the top card of the deck."""
        return GanDengYanState(self)

    def max_chance_nodes_in_history(self) -> int:
        return self.deck_size

    def make_py_observer(
        self,
        iig_obs_type: Any = None,
        params: Mapping[str, Any] | None = None,
    ) -> GanDengYanObserver:
        """An observer (OpenSpiel's PyObserver interface) for ``iig_obs_type``."""
        if isinstance(iig_obs_type, Mapping):  # pyspiel passes only params when no type
            iig_obs_type, params = None, iig_obs_type
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        return GanDengYanObserver(self, iig_obs_type, params)


class GanDengYanState(pyspiel.State):  # type: ignore[misc]
    """A deal of Gan Deng Yan: the shuffle as chance nodes, then the ganzdy ``GanDengYanDeal``.

    Attributes are plain data that OpenSpiel deep-copies to clone and pickles to
    serialize: the deck order chosen so far (face indices), the deal once the deck is
    complete, every move as ``(seat, action, text)``, every draw as
    ``(moves before it, seat, deck position)``, every seat passed over as leader and
    each seat's information state text.
    """

    def __init__(self, game: GanDengYanGame) -> None:
        super().__init__(game)
        self._deck: _Log[int] = _Log()
        self._deal: GanDengYanDeal | None = None
        self._moves: _Log[tuple[int, int, str]] = _Log()
        self._draws: _Log[tuple[int, int, int]] = _Log()
        # Seats passed over as leader, having no legal lead: (ply, seat, hand size);
        # ply -1 for the first lead.
        self._skips: _Log[tuple[int, int, int]] = _Log()
        # Each seat's information state after its first line, kept up to date as the
        # deal goes (a search asks for it at every node): dealt cards, moves, draws.
        self._info: _Log[str] = _Log()
        # While resample_from_infostate replays a history: (seat, move) per ply, last first.
        self._forced: list[tuple[int, Move]] | None = None

    # -- helpers ------------------------------------------------------------------

    @property
    def game(self) -> GanDengYanGame:
        return cast(GanDengYanGame, self.get_game())

    @property
    def deal(self) -> GanDengYanDeal | None:
        """The ganzdy deal (``None`` while the deck is being dealt). Do not change it."""
        return self._deal

    def _face(self, position: int, faces: tuple[str, ...] | None = None) -> str:
        return (faces or self.game.faces)[self._deck[position]]

    def _positions_of(self, seat: int) -> list[tuple[int, int]]:
        """``(moves before, position)`` of every card ``seat`` received so far."""
        owners = self.game.dealt_owner
        got = [(-1, p) for p in range(min(len(owners), len(self._deck))) if owners[p] == seat]
        got += [(t, p) for t, s, p in self._draws if s == seat]
        return got

    # -- the pyspiel.State API ------------------------------------------------------

    def current_player(self) -> int:
        if self._deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self._deal.current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def is_terminal(self) -> bool:
        return self._deal is not None and self._deal.is_terminal

    def returns(self) -> list[float]:
        if self._deal is None or not self._deal.is_terminal:
            return [0.0] * self.game.rules.players
        return [float(p) for p in self._deal.outcome.points]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every card face still in the deck, with its share of the cards left."""
        game = self.game
        left = list(game.face_counts)
        for f in self._deck:
            left[f] -= 1
        total = game.deck_size - len(self._deck)
        return [(f, n / total) for f, n in enumerate(left) if n > 0]

    def _legal_actions(self, player: int) -> list[int]:
        assert self._deal is not None and player == self._deal.current_player
        ids = self._deal.legal_ids()
        ids.sort()
        return cast(list[int], ids.tolist())

    def _action_to_string(self, player: int, action: int) -> str:
        game = self.game
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {game.faces[action]}"
        return str(game.rules.move_from_id(action))

    def action_of(self, move: Move) -> int:
        """The action that plays ``move`` (a ganzdy move of the deal): its move id."""
        return self.game.rules.move_id(move)

    def _apply_action(self, action: int) -> None:
        game = self.game
        if self._deal is None:
            self._deal_card(game, action)
            return
        deal = self._deal
        seat = deal.current_player
        if seat is None:
            raise ValueError(f"action {action}: the deal is over")
        forced: Move | None = None
        if self._forced:
            expected, forced = self._forced.pop()
            if expected != seat or game.rules.move_id(forced) != action:
                raise _Inconsistent(f"replay: seat {seat} to act, expected seat {expected}")
        ply, drawn = len(self._moves), len(self._draws)
        if action == 0:  # a pass may end the trick: then the stock is drawn from
            stock, owner, before = deal.stock_size, deal.table_owner, deal.hand_sizes
            deal.push(forced) if forced is not None else deal.push_id(0)
            if deal.stock_size < stock:
                self._record_draws(game, deal, stock, owner, before, ply)
            if owner is not None and deal.table.is_pass and not deal.is_terminal:
                self._record_skips(game, deal, owner, ply)
            text = "pass"
        else:
            hand = deal.hand(seat)
            deal.push(forced) if forced is not None else deal.push_id(action)
            move = game.rules.move_from_id(action)
            text = str(Move(move.kind, move.rank, hand - deal.hand(seat)))
        self._moves.append((seat, action, text))
        line = f"\n{seat}: {text}"
        info = self._info
        for s in range(len(info)):
            info[s] += line
        for _, s, p in self._draws[drawn:]:
            info[s] += f"\ndrew {self._face(p, game.faces)}"

    def _deal_card(self, game: GanDengYanGame, action: int) -> None:
        if not 0 <= action < len(game.faces):
            raise ValueError(f"chance outcome {action} is not a card face index")
        left = game.face_counts[action] - sum(1 for f in self._deck if f == action)
        if left <= 0:
            raise ValueError(f"chance outcome {action} ({game.faces[action]}): none left")
        self._deck.append(action)
        if len(self._deck) < game.deck_size:
            return
        deal = GanDengYanDeal(
            game.rules, deck=[game.faces[f] for f in self._deck], dealer=game.dealer
        )
        for seat in range(game.rules.players):
            dealt = Cards(" ".join(self._face(p, game.faces) for _, p in self._positions_of(seat)))
            if dealt != deal.hand(seat):
                raise RuntimeError(
                    f"dealing order mismatch for seat {seat}: {dealt} vs {deal.hand(seat)}"
                )
            self._info.append(f"dealt: {dealt}")
        self._deal = deal
        if game.rules.option("first_leader") == "dealer" and not deal.is_terminal:
            self._record_skips(game, deal, game.dealer, -1)

    def _record_draws(
        self,
        game: GanDengYanGame,
        deal: GanDengYanDeal,
        stock: int,
        winner: int | None,
        before: Sequence[int],
        ply: int,
    ) -> None:
        """Record who drew which deck position after the trick that ``ply`` ended.

        The trick winner first, then the others in turn order, skipping seats that are
        out (``draw_policy`` says who draws at all); checked against the hands
        (``before``: the hand sizes before the trick ended).
        """
        rules = game.rules
        policy = rules.option("draw_policy")
        if winner is None:
            raise RuntimeError(f"ply {ply}: cards drawn with no trick winner")
        order: list[int] = []
        seat = winner
        for _ in range(rules.players):
            if not deal.is_out(seat):
                if policy == "winner_only" and seat != winner:
                    break
                order.append(seat)
            seat = _next_seat(rules, seat)
        drawn = stock - deal.stock_size
        first = game.deck_size - stock
        if policy == "none" or drawn > len(order):
            raise RuntimeError(f"ply {ply}: {drawn} cards drawn, expected at most {len(order)}")
        got: dict[int, list[str]] = {s: [] for s in range(rules.players)}
        for i in range(drawn):
            self._draws.append((ply, order[i], first + i))
            got[order[i]].append(self._face(first + i, game.faces))
        sizes = deal.hand_sizes
        for s, cards in got.items():
            if sizes[s] - before[s] != len(cards) or Cards(" ".join(cards)) not in deal.hand(s):
                raise RuntimeError(f"ply {ply}: draw order mismatch for seat {s}")

    def _record_skips(self, game: GanDengYanGame, deal: GanDengYanDeal, due: int, ply: int) -> None:
        """Record the seats the lead passed over, from ``due`` to the seat to act."""
        rules = game.rules
        seat = due
        for _ in range(rules.players):
            if seat == deal.current_player:
                return
            if not deal.is_out(seat):
                self._skips.append((ply, seat, deal.hand_sizes[seat]))
            seat = _next_seat(rules, seat)
        raise RuntimeError(f"ply {ply}: seat {deal.current_player} leads out of turn")

    def is_chance_node(self) -> bool:
        return self._deal is None

    def __str__(self) -> str:
        game = self.game
        if self._deal is None:
            dealt = " ".join(game.faces[f] for f in self._deck)
            return f"dealing: {len(self._deck)} of {game.deck_size} cards: {dealt}"
        stock = self._deal.stock_size
        order = " ".join(
            self._face(p, game.faces) for p in range(game.deck_size - stock, game.deck_size)
        )
        return f"{self._deal}stock order: {order}"

    # -- determinization ------------------------------------------------------------

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> GanDengYanState:
        """A state, history included, that ``player_id`` cannot tell from this one.

        While the deck is dealt, the cards ``player_id`` has not been dealt are
        shuffled. Later the present comes from ``GanDengYanDeal.sample_world`` (the unseen cards
        dealt uniformly among the other hands and the stock); each other seat's cards,
        played and held, are placed where it was dealt or drew them, consistently with
        its moves (``_past_for``); the deck built so is dealt and every move replayed
        (the same cards), which fills in history, information states and draws. A world
        that does not replay to the same information for ``player_id`` is drawn again.
        ``probability_sampler()`` (a float in [0, 1)) seeds the shuffles.
        """
        game = self.game
        rng = random.Random(int(probability_sampler() * 2**53))
        if self._deal is None:
            return self._resample_dealing(game, player_id, rng)
        last, replays = "", 0
        for _ in range(_RESAMPLE_SAMPLES):
            world = self._deal.sample_world(player_id, rng.getrandbits(64))
            try:
                deck = self._past_for(game, player_id, world, rng)
            except _Inconsistent as e:
                last = str(e)
                continue
            replays += 1
            try:
                state = self._replay(game, deck)
            except (GanzdyError, _Inconsistent) as e:
                last = str(e)
            else:
                mine, theirs = state._deal, self._deal
                assert mine is not None
                if mine.current_player == theirs.current_player and np.array_equal(
                    mine.observation(player_id), theirs.observation(player_id)
                ):
                    return state
                last = "the replayed deal differs"
            if replays >= _RESAMPLE_REPLAYS:
                break
        raise RuntimeError(f"no world consistent with what seat {player_id} saw was found ({last})")

    def _resample_dealing(
        self, game: GanDengYanGame, player_id: int, rng: random.Random
    ) -> GanDengYanState:
        seen = {p for _, p in self._positions_of(player_id)}
        left = list(game.face_counts)
        for p in seen:
            left[self._deck[p]] -= 1
        pool = [f for f, n in enumerate(left) for _ in range(n)]
        rng.shuffle(pool)
        deck = [self._deck[p] if p in seen else pool.pop() for p in range(len(self._deck))]
        state = game.new_initial_state()
        for f in deck:
            state.apply_action(f)
        return state

    def _past_for(
        self, game: GanDengYanGame, player_id: int, world: GanDengYanDeal, rng: random.Random
    ) -> list[int]:
        """A whole deck order (face indices) whose replay leads to ``world``.

        Every other seat's cards, those it played and those ``world`` gives it, go to
        the places it was dealt or drew, each card in a window of places: before it
        was played, and, when the moves say so, after some point: under
        ``first_leader='lowest_card'`` a card below the opening lead's lowest was
        drawn, not dealt; a seat passed over as leader held no card that it could
        have led. Places are filled from the latest, each with a card that has the
        latest window start among those that fit (ties at random), which finds a
        filling whenever one exists.
        """
        assert self._deal is not None
        deck: list[int | None] = [None] * game.deck_size
        index = game.face_index
        history = self._deal.history
        end = len(history)
        floor = self._floor(game, history)
        for seat in range(game.rules.players):
            places = sorted(self._positions_of(seat), reverse=True)  # latest first
            if seat == player_id:
                for _, p in places:
                    deck[p] = self._deck[p]
                continue
            cards = [
                (ply, index[card])
                for ply, (who, move) in enumerate(history)
                if who == seat
                for card in move.cards
            ]
            cards += [(end, index[card]) for card in world.hand(seat)]  # still held
            windows = [(floor(seat, face, ply), ply, face) for ply, face in cards]
            rng.shuffle(windows)
            for time, p in places:
                fits = [w for w in windows if w[0] <= time < w[1]]
                if not fits:
                    raise _Inconsistent(f"seat {seat}: no card fits the place drawn at {time}")
                pick = max(fits, key=lambda w: w[0])
                windows.remove(pick)
                deck[p] = pick[2]
        stock = world.stock_size
        for p, card in enumerate(world.deck[game.deck_size - stock :], game.deck_size - stock):
            deck[p] = index[card]
        if any(f is None for f in deck):
            raise _Inconsistent("deck positions left unfilled")
        return cast(list[int], deck)

    def _floor(
        self, game: GanDengYanGame, history: Sequence[tuple[int, Move]]
    ) -> Callable[[int, int, int], int]:
        """``floor(seat, face, ply)``: the earliest place ``seat`` can have received a
        card ``face`` that it played at ``ply`` (still holds, for the last ply): -1 for
        a dealt card, ``t`` for one drawn after ply ``t``.
        """
        rules = game.rules
        faces = game.faces
        lowest = -1  # first_leader='lowest_card': nobody was dealt a card below it
        before: set[int] = set()  # nor that card, before its holder in turn order
        if rules.option("first_leader") == "lowest_card" and history:
            leader, lead = history[0]
            lowest = min(game.face_index[c] for c in lead.cards if c not in ("BJ", "RJ"))
            seat = game.dealer
            while seat != leader:
                before.add(seat)
                seat = _next_seat(rules, seat)
        jokers_stuck = rules.option("stuck_leader") != "allow_joker_only_final"
        lone_two_stuck = bool(rules.option("forbid_final_single_two"))
        skips: dict[int, list[tuple[int, int]]] = {}
        for ply, seat, size in self._skips:
            skips.setdefault(seat, []).append((ply, size))

        def floor(seat: int, face: int, ply: int) -> int:
            text = faces[face]
            joker = text in ("BJ", "RJ")
            start = -1
            if not joker and (face < lowest or (face == lowest and seat in before)):
                start = 0
            for skipped, size in skips.get(seat, ()):
                # Passed over after ply `skipped`: it held no card it could lead then.
                stuck = jokers_stuck if joker else lone_two_stuck and size == 1 and text[0] == "2"
                if skipped < ply and not stuck:
                    start = max(start, skipped + 1)
            return start

        return floor

    def _replay(self, game: GanDengYanGame, deck: Sequence[int]) -> GanDengYanState:
        assert self._deal is not None
        state = game.new_initial_state()
        for f in deck:
            state.apply_action(f)
        state._forced = [(seat, move) for seat, move in reversed(self._deal.history)]
        try:
            for _, action, _ in self._moves:
                state.apply_action(action)
        finally:
            state._forced = None
        return state


class _Inconsistent(Exception):
    """A sampled world that does not replay to the same information (try another)."""


# Observation slices that are private to a seat (the rest is public); 'unseen' mixes
# the observer's hand with public cards, so it needs both.
_PRIVATE = frozenset({"hand", "hands", "stock"})
_MIXED = frozenset({"unseen"})


class GanDengYanObserver:
    """What a seat sees, for one ``pyspiel.IIGObservationType``: a tensor and a string.

    ``private_info``: the observer's own cards (``SINGLE_PLAYER``), every hand and the
    stock (``ALL_PLAYERS``: ganzdy's perfect observation), or none; ``public_info``: the
    cards played, hand sizes, the table and the rest. The tensor is ganzdy's observation
    restricted to those slices (``dict`` names them as ``rules.observation_spec`` does),
    all zeros while the deck is dealt. With ``perfect_recall`` there is no tensor (the
    ganzdy observation does not recall the past) and the string is the whole history as
    the seat saw it.
    """

    def __init__(
        self, game: GanDengYanGame, iig_obs_type: Any, params: Mapping[str, Any] | None
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {dict(params)}")
        # No reference to the game: pyspiel keeps observers for the game's life.
        self._private = iig_obs_type.private_info
        self._public = bool(iig_obs_type.public_info)
        self._recall = bool(iig_obs_type.perfect_recall)
        self._perfect = self._private == pyspiel.PrivateInfoType.ALL_PLAYERS
        has_private = self._private != pyspiel.PrivateInfoType.NONE
        spec = game.rules.observation_spec(perfect=self._perfect)
        self._slices = [
            s
            for s in spec
            if (s.name in _PRIVATE and has_private)
            or (s.name in _MIXED and has_private and self._public)
            or (s.name not in _PRIVATE | _MIXED and self._public)
        ]
        self._whole = len(self._slices) == len(spec)
        self._full: npt.NDArray[np.float32] = np.zeros(spec[-1].stop, np.float32)
        self.tensor: npt.NDArray[np.float32] | None = None
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        if not self._recall:
            tensor = np.zeros(sum(s.size for s in self._slices), np.float32)
            start = 0
            for s in self._slices:
                self.dict[s.name] = tensor[start : start + s.size]
                start += s.size
            self.tensor = tensor

    def set_from(self, state: GanDengYanState, player: int) -> None:
        """Write what ``player`` sees of ``state`` into ``tensor`` (and so ``dict``)."""
        if self.tensor is None:
            return
        deal = state.deal
        if deal is None:
            self.tensor.fill(0.0)
        elif self._whole:
            deal.observation(player, perfect=self._perfect, out=self.tensor)
        else:
            deal.observation(player, perfect=self._perfect, out=self._full)
            for s in self._slices:
                self.dict[s.name][:] = self._full[s.start : s.stop]

    def string_from(self, state: GanDengYanState, player: int) -> str:
        """What ``player`` sees of ``state``, as text."""
        game = state.game
        rules = game.rules
        lines = [f"{GAME_NAME}, {rules.players} players, dealer {game.dealer}; seat {player}"]
        single = self._private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        deal = state.deal
        if self._recall and single and self._public and deal is not None:
            return f"{lines[0]}\n{state._info[player]}"  # kept up to date by the state
        return self._text(state, player, lines, single)

    def _text(self, state: GanDengYanState, player: int, lines: list[str], single: bool) -> str:
        """``string_from`` worked out from the state's records (every observation type)."""
        game = state.game
        rules = game.rules
        deal = state.deal
        if self._recall or deal is None:
            if self._perfect:
                lines.append("deck: " + " ".join(game.faces[f] for f in state._deck))
            elif single:
                dealt = [
                    state._face(p, game.faces) for t, p in state._positions_of(player) if t < 0
                ]
                lines.append(f"dealt: {Cards(' '.join(dealt))}")
            if deal is None:
                return "\n".join(lines)
            draws = [(t, p) for t, s, p in state._draws if s == player] if single else []
            d = 0
            for ply, (seat, _, text) in enumerate(state._moves):
                if self._public:
                    lines.append(f"{seat}: {text}")
                while d < len(draws) and draws[d][0] == ply:
                    where = "" if self._public else f" after ply {ply}"
                    lines.append(f"drew {state._face(draws[d][1], game.faces)}{where}")
                    d += 1
            return "\n".join(lines)
        if self._perfect:
            for s in range(rules.players):
                lines.append(f"hand {s}: {deal.hand(s)}")
            stock = deal.stock_size
            rest = [
                state._face(p, game.faces) for p in range(game.deck_size - stock, game.deck_size)
            ]
            lines.append(f"stock cards: {Cards(' '.join(rest))}")
        elif single:
            lines.append(f"hand: {deal.hand(player)}")
        if self._public:
            seats = range(rules.players)
            out = [str(s) for s in seats if deal.is_out(s)]
            to_act = deal.current_player
            table = deal.table
            owner = deal.table_owner
            lines += [
                "hand sizes: " + " ".join(str(n) for n in deal.hand_sizes),
                "out: " + (" ".join(out) or "none"),
                "plays: " + " ".join(str(n) for n in _plays_made(state)),
                f"stock: {deal.stock_size} cards; bombs played: {deal.bombs_played}",
                f"played: {deal.played or '-'}",
                "table: lead"
                if table.is_pass
                else f"table: {table} by seat {owner}; passes {deal.passes}",
                f"to act: {'none' if to_act is None else to_act}",
            ]
        return "\n".join(lines)


def _plays_made(state: GanDengYanState) -> list[int]:
    counts = [0] * state.game.rules.players
    for seat, action, _ in state._moves:
        if action != 0:
            counts[seat] += 1
    return counts


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
        self.n_rollouts = n_rollouts
        self.agents = agents
        self._random_state = random_state or np.random.RandomState()

    def evaluate(self, state: GanDengYanState) -> npt.NDArray[np.float64]:
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

    def prior(self, state: GanDengYanState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def make_resampler(seed: int | None = None) -> Callable[[GanDengYanState, int], GanDengYanState]:
    """A seeded resampler for ``ISMCTSBot.set_resampler``, so a search can be replayed.

    Without it, ISMCTSBot draws from ``pyspiel.UniformProbabilitySampler``, which seeds
    itself from the system.
    """
    rng = random.Random(seed)

    def resample(state: GanDengYanState, player: int) -> GanDengYanState:
        return state.resample_from_infostate(player, rng.random)

    return resample


def load_game(players: int = 4, dealer: int = 0, **options: bool | int | str) -> Any:
    """``pyspiel.load_game(GAME_NAME, {...})`` with keyword parameters."""
    return pyspiel.load_game(GAME_NAME, {"players": players, "dealer": dealer, **options})


# -- Guandan and Gouji: one adapter over the deal contract ------------------------------

# OpenSpiel names of the games played through CardGame, by ganzdy game name.
CARD_GAME_NAMES: dict[str, str] = {"guandan": "python_guandan", "gouji": "python_gouji"}
# Actions are indices into the deal's legal moves (see CardGame): this many at most, the
# same bound as the Guandan and Gouji Gymnasium and PettingZoo envs.
MAX_MOVES = 1 << 15


def _guandan_bounds(rules: Rules) -> tuple[float, float]:
    # Winners get +upgrade, losers -upgrade; the largest upgrade is the table's first.
    top = float(str(rules.option("upgrade_table")).split("-")[0])
    return (-top, top)


def _gouji_bounds(rules: Rules) -> tuple[float, float]:
    # Points by place from the scoring table, doubled after 串三户.
    table = [int(p) for p in str(rules.option("scoring")).split(",")]
    return (2.0 * min(table), 2.0 * max(table))


# The points one seat can get in one deal, by game: the deal does not declare them.
_POINT_BOUNDS: dict[str, Callable[[Rules], tuple[float, float]]] = {
    "guandan": _guandan_bounds,
    "gouji": _gouji_bounds,
}


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


def card_game_parameters(game: str) -> dict[str, bool | int | str]:
    """The OpenSpiel parameters of ``game`` (``"guandan"`` or ``"gouji"``) and their
    defaults: ``dealer`` (the seat dealt the deck's first card, 0), ``leader`` (the
    first leader of a deal, ``-1``: as the rules say) and every option of its rules
    under its ganzdy name, ``-1`` standing for ``None`` where an option allows it
    (``a_fail_limit``), text values spelt as OpenSpiel
    can read them back: ``;`` for a comma, ``+`` for a space, ``#`` before a leading
    digit or ``-`` (``level="#7"``, ``scoring="#4;2;0;0;-2;-4"``)."""
    spec: dict[str, bool | int | str] = {"dealer": 0, "leader": _NONE}
    for name, option in Rules(game).options.items():
        spec[name] = _NONE if option.default is None else _spell(option.default)
    return spec


def card_rules_from_params(game: str, params: Mapping[str, Any]) -> Rules:
    """The ganzdy ``Rules`` of OpenSpiel parameters of ``game`` (missing ones: defaults)."""
    spec = card_game_parameters(game)
    unknown = sorted(set(params) - set(spec))
    if unknown:
        raise ValueError(
            f"unknown parameter(s) {', '.join(unknown)} for {CARD_GAME_NAMES[game]}; "
            f"expected some of: {', '.join(spec)}"
        )
    allowed = {name: option.allowed for name, option in Rules(game).options.items()}
    options: dict[str, bool | int | str | None] = {}
    for name, value in params.items():
        default = spec[name]
        if name in ("dealer", "leader") or (value == default and type(value) is type(default)):
            continue
        none = value == _NONE and allowed[name].startswith("None")
        options[name] = None if none else _unspell(value)
    return Rules(game, None, **options)


def _seat_parameter(params: Mapping[str, Any], name: str, default: int, players: int) -> int:
    value = int(params.get(name, default))
    if value != default and not 0 <= value < players:
        raise ValueError(f"{name}={value} is not a seat: expected 0 to {players - 1}")
    return value


def _card_game_type(game: str) -> Any:
    players = Rules(game).players
    return pyspiel.GameType(
        short_name=CARD_GAME_NAMES[game],
        long_name=f"{game.capitalize()} (ganzdy)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=card_game_parameters(game),
        default_loadable=True,
        provides_factored_observation_string=False,
    )


class CardGame(pyspiel.Game):  # type: ignore[misc]
    """Guandan or Gouji as an OpenSpiel game, written once against the deal contract.

    - **Chance.** The deck is dealt card by card, top card first, one chance node per
      card with its exact probability; outcome ``k`` is the ``k``-th distinct card face
      of the rules' deck (``faces``). When the rules leave the first leader of a deck
      order to chance (Guandan's ``first_lead_first_hand="random"``) and no ``leader``
      is given, one more chance node draws it, each seat with probability 1/players.
      The deal is then ``rules.new_deal(deck=..., dealer=...)``: no chance after that
      (Gouji's 上班 ties are broken by an order drawn from the deck order).
    - **Actions.** An action is the index of a move in the deal's legal moves, in the
      order the deal lists them (the pass first when following): these games have no
      fixed move ids (suits and wild cards make the moves too many to number). Within
      an information state the legal moves are the same in every world, so an action
      means the same move there. ``num_distinct_actions`` is ``MAX_MOVES``; a position
      with more legal moves raises. ``action_to_string`` is the move.
    - **Observations.** The tensor is ``deal.observation(seat)`` (zeros while the deck is
      dealt); the information state, with perfect recall, is the seat's hand as dealt,
      then after every ply the seat that moved, the move if it was the seat's own, and
      a digest of the seat's observation after it: what the seat saw, in order.
    - **Utilities.** The deal's points, zero-sum, within bounds from the scoring rules.
    """

    def __init__(self, game: str, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        rules = card_rules_from_params(game, params)
        dealer = _seat_parameter(params, "dealer", 0, rules.players)
        leader = _seat_parameter(params, "leader", _NONE, rules.players)
        setup = {} if leader == _NONE else {"first_leader": leader}
        deck = list(rules.deck)
        faces = tuple(dict.fromkeys(deck))
        low, high = _POINT_BOUNDS[game](rules)
        probe = rules.new_deal(seed=0)
        try:
            rules.new_deal(deck=deck, dealer=dealer, **setup)
        except GanzdyError:
            leader_chance = True  # a deck order alone does not say who leads
        else:
            leader_chance = False
        info = pyspiel.GameInfo(
            num_distinct_actions=MAX_MOVES,
            max_chance_outcomes=max(len(faces), rules.players),
            num_players=rules.players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            # Every play holds a card and at most players - 1 passes follow one; the
            # phases before play (tribute, purchases, revolts) take fewer plies than
            # a second such round.
            max_game_length=2 * len(deck) * rules.players,
        )
        super().__init__(_CARD_GAME_TYPES[game], info, params)
        self.name: str = game
        self.rules: Rules = rules
        self.dealer: int = dealer
        self.setup: dict[str, int] = setup
        self.faces: tuple[str, ...] = faces
        self.face_index: dict[str, int] = {f: i for i, f in enumerate(faces)}
        self.face_counts: tuple[int, ...] = tuple(deck.count(f) for f in faces)
        self.deck_size: int = len(deck)
        self.leader_chance: bool = leader_chance
        self.observation_size: int = len(probe.observation(0))

    def new_initial_state(self) -> CardGameState:
        """The state before the shuffle: a chance node for the top card of the deck."""
        return CardGameState(self)

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
    ) -> CardGameObserver:
        """An observer (OpenSpiel's PyObserver interface) for ``iig_obs_type``."""
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        return CardGameObserver(self, iig_obs_type, params)


class CardGameState(pyspiel.State):  # type: ignore[misc]
    """A deal of Guandan or Gouji: the shuffle as chance nodes, then the ganzdy deal."""

    def __init__(self, game: CardGame) -> None:
        super().__init__(game)
        self._deck: _Log[int] = _Log()
        self._leader: int | None = None
        self._deal: Any = None
        self._moves: _Log[tuple[int, str]] = _Log()
        # Each seat's information state after its first line, kept up to date.
        self._info: _Log[str] = _Log()

    @property
    def game(self) -> CardGame:
        return cast(CardGame, self.get_game())

    @property
    def deal(self) -> Any:
        """The ganzdy deal (``None`` while the deck is being dealt). Do not change it."""
        return self._deal

    def current_player(self) -> int:
        if self._deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self._deal.current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else int(seat)

    def is_terminal(self) -> bool:
        return self._deal is not None and bool(self._deal.is_terminal)

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
        assert self._deal is not None and player == self._deal.current_player
        count = len(self._deal.legal_moves)
        if count > MAX_MOVES:
            raise RuntimeError(f"{count} legal moves, more than MAX_MOVES = {MAX_MOVES}")
        return list(range(count))

    def _action_to_string(self, player: int, action: int) -> str:
        game = self.game
        if player == pyspiel.PlayerId.CHANCE:
            if len(self._deck) == game.deck_size:
                return f"seat {action} leads"
            return f"deal {game.faces[action]}"
        return str(self._move(action))

    def action_of(self, move: Move) -> int:
        """The action that plays ``move``: its index in the deal's legal moves."""
        if self._deal is None:
            raise ValueError(f"{move}: the deck is still being dealt")
        for index, legal in enumerate(self._deal.legal_moves):
            if legal == move:
                return index
        raise IllegalMoveError(f"{move} is not a legal move of seat {self._deal.current_player}")

    def _move(self, action: int) -> Move:
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
        deal = self._deal
        seat = deal.current_player
        if seat is None:
            raise ValueError(f"action {action}: the deal is over")
        move = self._move(action)
        deal.push(move)
        text = str(move)
        self._moves.append((seat, text))
        for s in range(len(self._info)):
            seen = text if s == seat else "?"
            self._info[s] += f"\n{seat}: {seen} / {_digest(deal.observation(s))}"

    def _deal_card(self, game: CardGame, action: int) -> None:
        if not 0 <= action < len(game.faces):
            raise ValueError(f"chance outcome {action} is not a card face index")
        left = game.face_counts[action] - sum(1 for f in self._deck if f == action)
        if left <= 0:
            raise ValueError(f"chance outcome {action} ({game.faces[action]}): none left")
        self._deck.append(action)

    def _start(self, game: CardGame) -> None:
        deck = [game.faces[f] for f in self._deck]
        setup = dict(game.setup) if self._leader is None else {"first_leader": self._leader}
        deal = game.rules.new_deal(deck=deck, dealer=game.dealer, **setup)
        self._deal = deal
        for s in range(game.rules.players):
            self._info.append(f"hand: {deal.hand(s)} / {_digest(deal.observation(s))}")

    def is_chance_node(self) -> bool:
        return self._deal is None

    def __str__(self) -> str:
        game = self.game
        if self._deal is None:
            dealt = " ".join(game.faces[f] for f in self._deck)
            return f"dealing: {len(self._deck)} of {game.deck_size} cards: {dealt}"
        return str(self._deal)


def _digest(observation: npt.NDArray[np.float32]) -> str:
    return hashlib.blake2b(observation.tobytes(), digest_size=8).hexdigest()


class CardGameObserver:
    """What a seat sees of a Guandan or Gouji state: a tensor and a string.

    The tensor is ``deal.observation(seat)`` (``perfect=True`` when the observation
    type shows every player's private information), all zeros while the deck is dealt;
    with ``perfect_recall`` there is no tensor and the string is the seat's information
    state. Observation types without public information are not offered.
    """

    def __init__(self, game: CardGame, iig_obs_type: Any, params: Mapping[str, Any] | None) -> None:
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

    def set_from(self, state: CardGameState, player: int) -> None:
        """Write what ``player`` sees of ``state`` into ``tensor``."""
        if self.tensor is None:
            return
        if state.deal is None:
            self.tensor.fill(0.0)
        else:
            state.deal.observation(player, perfect=self._perfect, out=self.tensor)

    def string_from(self, state: CardGameState, player: int) -> str:
        """What ``player`` sees of ``state``, as text."""
        game = state.game
        head = f"{CARD_GAME_NAMES[game.name]}; seat {player}"
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


def game_of(rules: Rules, dealer: int = 0, leader: int | None = None) -> Any:
    """The OpenSpiel game of ganzdy ``rules`` of any of the three games, with ``dealer``
    (the seat dealt the deck's first card) and, for Guandan and Gouji, the first
    ``leader`` (``None``: as the rules say)."""
    if rules.game == _GAME:
        if leader is not None:
            raise ValueError(f"{GAME_NAME}: the dealer leads; leader={leader} is not a parameter")
        defaults = Rules(_GAME, players=rules.players)
        params: dict[str, Any] = {"players": rules.players, "dealer": dealer}
        for name, option in rules.options.items():
            if option.value != defaults.option(name):
                params[name] = _NONE if option.value is None else option.value
        return pyspiel.load_game(GAME_NAME, params)
    params = {"dealer": dealer, "leader": _NONE if leader is None else leader}
    for name, option in rules.options.items():
        if option.value != option.default:
            params[name] = _NONE if option.value is None else _spell(option.value)
    return pyspiel.load_game(CARD_GAME_NAMES[rules.game], params)


class GuandanGame(CardGame):
    """Guandan as an OpenSpiel game, ``python_guandan`` (see ``CardGame``)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__("guandan", params)


class GoujiGame(CardGame):
    """Gouji as an OpenSpiel game, ``python_gouji`` (see ``CardGame``)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__("gouji", params)


_CARD_GAME_TYPES = {game: _card_game_type(game) for game in CARD_GAME_NAMES}


pyspiel.register_game(_GAME_TYPE, GanDengYanGame)
pyspiel.register_game(_CARD_GAME_TYPES["guandan"], GuandanGame)
pyspiel.register_game(_CARD_GAME_TYPES["gouji"], GoujiGame)
