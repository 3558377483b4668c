"""What Gan Deng Yan adds to the OpenSpiel adapter (``ganzdy.env.openspiel``).

The shared adapter deals the deck as chance, plays move ids and keeps the points; this
module gives it what only Gan Deng Yan has:

- **The stock's draws.** Cards drawn after each trick come from the deck order chosen
  by chance, so they need no chance nodes of their own; the state records who drew
  which deck position (``_draws``) and which seats the lead passed over (``_skips``),
  and each seat's information state reads: its dealt cards (growing while the deck is
  dealt), every move with the cards actually given (every move is public), and the
  cards it drew, in order.
- **Observers of every kind.** The observation tensor restricted to the slices of
  ``rules.observation_spec()`` an observation type shows (public, the seat's own,
  every hand and the stock), and a string in words.
- **Determinization.** ``state.resample_from_infostate(player, sampler)`` returns a
  whole state, history included, consistent with what ``player`` knows, built on
  ``GanDengYanDeal.sample_world``: what OpenSpiel's Python ``ISMCTSBot`` calls.
- ``PLIES_PER_CARD = 1``: every play holds a card, and at most players - 1 passes
  follow a play, with no phase before play.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

import numpy as np
import numpy.typing as npt
import pyspiel

from ganzdy._core import Cards, GanDengYanDeal, GanzdyError, Move, Rules
from ganzdy.env.openspiel import GAME_NAMES, DealGame, DealObserver, DealState, _Log

__all__ = ["PLIES_PER_CARD", "Observer", "State", "prepare"]

PLIES_PER_CARD = 1
# resample_from_infostate gives up after this many samples that cannot be placed
# (cheap: no replay), or this many replays that do not reach the same information.
_RESAMPLE_SAMPLES = 10_000
_RESAMPLE_REPLAYS = 100


def _next_seat(rules: Rules, seat: int) -> int:
    n = rules.players
    return (seat + 1) % n if rules.option("direction") == "counter_clockwise" else (seat - 1) % n


def prepare(game: DealGame) -> None:
    """Sets ``game.dealt_owner``: who is dealt each deck position, one card at a time
    from the dealer in turn order, then the dealer's extra cards
    (docs/rules/gan_deng_yan.md, The deal)."""
    rules = game.rules
    owners: list[int] = []
    seat = game.dealer
    for _ in range(int(cast(int, rules.option("initial_hand_size")))):
        for _ in range(rules.players):
            owners.append(seat)
            seat = _next_seat(rules, seat)
    owners += [game.dealer] * int(cast(int, rules.option("dealer_extra_cards")))
    game.dealt_owner = tuple(owners)


class State(DealState):
    """A deal of Gan Deng Yan: the shared state, with the stock's draws, the seats passed
    over as leader and determinization.

    Beyond the shared attributes: every draw as ``(moves before it, seat, deck
    position)``, every seat passed over as leader as ``(ply, seat, hand size)`` (ply -1
    for the first lead), and, while ``resample_from_infostate`` replays a history, the
    moves to replay.
    """

    def __init__(self, game: DealGame) -> None:
        super().__init__(game)
        self._draws: _Log[tuple[int, int, int]] = _Log()
        self._skips: _Log[tuple[int, int, int]] = _Log()
        # While resample_from_infostate replays a history: (seat, move) per ply, last first.
        self._forced: list[tuple[int, Move]] | None = None

    @property
    def deal(self) -> GanDengYanDeal | None:
        """The ganzdy deal (``None`` while the deck is being dealt). Do not change it."""
        return cast("GanDengYanDeal | None", self._deal)

    def _positions_of(self, seat: int) -> list[tuple[int, int]]:
        """``(moves before, position)`` of every card ``seat`` received so far."""
        owners = self.game.dealt_owner
        got = [(-1, p) for p in range(min(len(owners), len(self._deck))) if owners[p] == seat]
        got += [(t, p) for t, s, p in self._draws if s == seat]
        return got

    def _play(self, game: DealGame, seat: int, action: int) -> None:
        """Plays the move id; records the draws and the seats passed over as leader that
        follow, and each seat's line: the move with the cards actually given (every
        move is public in Gan Deng Yan), then the cards the seat drew."""
        deal = self._deal
        assert deal is not None
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

    def _start(self, game: DealGame) -> None:
        """Deals the deck chosen; checks it against the dealing order the information
        states showed while it was dealt."""
        deal = cast(GanDengYanDeal, self._new_deal(game))
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
        game: DealGame,
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

    def _record_skips(self, game: DealGame, deal: GanDengYanDeal, due: int, ply: int) -> None:
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
    ) -> State:
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

    def _resample_dealing(self, game: DealGame, player_id: int, rng: random.Random) -> State:
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
        self, game: DealGame, player_id: int, world: GanDengYanDeal, rng: random.Random
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
        self, game: DealGame, history: Sequence[tuple[int, Move]]
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

    def _replay(self, game: DealGame, deck: Sequence[int]) -> State:
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


class Observer(DealObserver):
    """What a seat sees, for one ``pyspiel.IIGObservationType``: a tensor and a string.

    ``private_info``: the observer's own cards (``SINGLE_PLAYER``), every hand and the
    stock (``ALL_PLAYERS``: ganzdy's perfect observation), or none; ``public_info``: the
    cards played, hand sizes, the table and the rest. The tensor is ganzdy's observation
    restricted to those slices (``dict`` names them as ``rules.observation_spec`` does),
    all zeros while the deck is dealt. With ``perfect_recall`` there is no tensor (the
    ganzdy observation does not recall the past) and the string is the whole history as
    the seat saw it.
    """

    def __init__(self, game: DealGame, iig_obs_type: Any, params: Mapping[str, Any] | None) -> None:
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

    def set_from(self, state: State, player: int) -> None:
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

    def string_from(self, state: State, player: int) -> str:
        """What ``player`` sees of ``state``, as text."""
        game = state.game
        rules = game.rules
        name = GAME_NAMES[game.name]
        lines = [f"{name}, {rules.players} players, dealer {game.dealer}; seat {player}"]
        single = self._private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        deal = state.deal
        if self._recall and single and self._public and deal is not None:
            return f"{lines[0]}\n{state._info[player]}"  # kept up to date by the state
        return self._text(state, player, lines, single)

    def _text(self, state: State, player: int, lines: list[str], single: bool) -> str:
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


def _plays_made(state: State) -> list[int]:
    counts = [0] * state.game.rules.players
    for seat, action, _ in state._moves:
        if action != 0:
            counts[seat] += 1
    return counts
