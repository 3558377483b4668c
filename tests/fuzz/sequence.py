"""The sequence fuzzer: every public operation of a deal, in an order the input bytes
choose, on live deals of all three games, before and after the deal is over, with
legal and garbage arguments.

`fuzz_sequence(data)` reads the bytes as a program (see `Program`): the first bytes
pick a preset and a seed, each later byte one operation and its arguments. After
every operation the deal is checked:

- a call that raised left the deal as it was: its hash, ply and record (the moves
  from its deal) are those from before the call;
- every card is accounted for: the hands, the cards played and (Gan Deng Yan) the
  stock add up to the deck, and the hands and the cards played fit in it;
- each listed legal move is legal, and pushing it works;
- pop undoes: the hash after a pop is the one recorded before that ply was played,
  and the deal undone to its first ply equals a fresh deal of the same seed.

A failure is an AssertionError or an exception that is not ganzdy's own error (a
TypeError for an argument of the wrong type is accepted too: it is what Python's
own functions raise). Run it coverage-guided with `python tests/fuzz/run.py sequence
SECONDS`; tests/core/test_fuzz_corpus.py replays its saved inputs, and
tests/fuzz/test_sequence.py runs it on random programs in the ordinary suite.
"""

from __future__ import annotations

import contextlib
import pickle
from collections.abc import Callable
from typing import Any

import numpy as np

import ganzdy
from ganzdy.env import VectorEnv

PRESETS = (
    ganzdy.Rules("gan_deng_yan", players=4),
    ganzdy.Rules("gan_deng_yan", players=2),
    ganzdy.Rules("gan_deng_yan", players=3, king_bomb="small_plus_big", triple_mode="bomb"),
    ganzdy.Rules("guandan"),
    ganzdy.Rules("guandan", level="A"),
    ganzdy.Rules("gouji"),
    ganzdy.Rules("gouji", beat_mode="two_kill_one", biesan=False),
)

# Arguments no call should accept, and none should crash on.
GARBAGE: tuple[Any, ...] = (
    None,
    -1,
    7,
    2**64,
    -(2**70),
    1.5,
    float("nan"),
    "",
    "\x00\xff",
    "5s 5s 5s 5s 5s",
    "pass",
    b"3s",
    [],
    (0,),
    {"seat": 0},
    object(),
)

RANKS = "3456789TJQKA2"
SUITS = "shdc"
# Accepted from any call given a bad argument: ganzdy's errors and Python's own for a
# wrong type or an index past the end.
REFUSALS = (ganzdy.GanzdyError, TypeError, IndexError, OverflowError)


class Program:
    """The input bytes as a stream of choices; past the end every read gives 0."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def byte(self) -> int:
        if self.pos >= len(self.data):
            return 0
        self.pos += 1
        return self.data[self.pos - 1]

    @property
    def done(self) -> bool:
        return self.pos >= len(self.data)

    def below(self, n: int) -> int:
        return (self.byte() << 8 | self.byte()) % n

    def pick(self, items: Any) -> Any:
        return items[self.below(len(items))]

    def seed(self) -> int:
        return self.byte() << 8 | self.byte()

    def text(self) -> str:
        n = self.byte() % 24
        raw = bytes(self.byte() for _ in range(n))
        return raw.decode("utf-8", errors="replace")

    def move(self) -> ganzdy.Move:
        """A move the input makes up: any kind, rank and cards; most are illegal."""
        cards = " ".join(
            ("BJ", "RJ")[self.byte() % 2]
            if self.byte() % 14 == 0
            else RANKS[self.byte() % 13] + SUITS[self.byte() % 4]
            for _ in range(self.byte() % 6)
        )
        kind = self.pick(ganzdy.MOVE_KINDS)
        rank = "" if self.byte() % 3 == 0 else RANKS[self.byte() % 13]
        try:
            return ganzdy.Move(kind, rank, cards)
        except ganzdy.GanzdyError:
            return ganzdy.Move("pass")


def total_cards(deal: ganzdy.Deal) -> int:
    stock = deal.stock_size if isinstance(deal, ganzdy.GanDengYanDeal) else 0
    return sum(deal.hand_sizes) + len(deal.played) + stock


def check_deal(deal: ganzdy.Deal, deck: ganzdy.Cards) -> None:
    """The invariants every deal keeps, whatever was called on it."""
    sizes = deal.hand_sizes
    assert [len(deal.hand(s)) for s in range(deal.players)] == sizes, deal
    assert total_cards(deal) == len(deck), (total_cards(deal), len(deck), str(deal))
    held = deal.played
    for seat in range(deal.players):
        held = held + deal.hand(seat)
    assert held in deck, f"{held} is not within the deck {deck}"
    assert deal.is_terminal == deal.outcome.over
    assert (deal.current_player is None) == deal.is_terminal, deal
    legal = deal.legal_moves
    moves = list(legal)
    assert len(moves) == len(legal)
    if deal.is_terminal:
        assert not moves, moves
    for move in moves[:40]:
        assert move in legal and deal.why_illegal(move) is None, (move, deal.why_illegal(move))
    deal.check_invariants()


def snapshot(deal: ganzdy.Deal) -> tuple[int, int, int, list[tuple[int, ganzdy.Move]]]:
    return deal.hash(), deal.ply, deal.root_ply, deal.history


class Run:
    """One program played: the deal, its undo stack and what each operation checks."""

    def __init__(self, data: bytes) -> None:
        self.p = Program(data)
        self.rules = PRESETS[self.p.byte() % len(PRESETS)]
        self.seed = self.p.seed()
        self.setup = self.previous_hand()
        self.deal: ganzdy.Deal = self.rules.new_deal(seed=self.seed, **self.setup)
        self.deck = ganzdy.Cards(" ".join(self.deal.deck))
        assert total_cards(self.deal) == len(self.deck)
        # hashes[i]: the deal's hash before its (root_ply + i)-th ply was played.
        self.hashes: list[int] = []
        self.env: VectorEnv | None = None
        self.env_step: Any = None

    # -- helpers --------------------------------------------------------------------

    def previous_hand(self) -> dict[str, Any]:
        """Half the Guandan and Gouji deals follow a previous hand, so they start with
        tribute (and in Gouji the purchases and revolts before it): a random result,
        or a bad one, which must be refused before any deal exists."""
        if self.rules.game == "gan_deng_yan" or self.p.byte() % 2:
            return {}
        places = list(range(self.rules.players))
        for i in range(len(places) - 1, 0, -1):
            j = self.p.byte() % (i + 1)
            places[i], places[j] = places[j], places[i]
        bad = self.p.byte() % 8 == 0
        if bad:
            places = self.p.pick(([0, 0, 1, 2, 3, 4][: len(places)], [9] * len(places), [0]))
        if self.rules.game == "guandan":
            # The seats in the order they went out: two partners (双上), or three, or four.
            partners = not bad and (places[0] - places[1]) % 2 == 0
            cut = 2 if partners else 3 + self.p.byte() % 2
            setup: dict[str, Any] = {"previous_finish": places[:cut]}
        else:
            pointed = sorted(s for s in places[1:] if self.p.byte() % 3 == 0)
            setup = {"previous": {"places": places, "pointed": pointed}}
        if bad:
            try:
                self.rules.new_deal(seed=self.seed, **setup)
            except ganzdy.GanzdyError:
                return {}
            raise AssertionError(f"a deal after the previous hand {setup} was dealt")
        return setup

    def refused(self, call: Callable[[], object], what: str) -> bool:
        """Make a call that may be refused: True when it was, the deal unchanged."""
        before = snapshot(self.deal)
        try:
            call()
        except REFUSALS:
            after = snapshot(self.deal)
            assert after == before, f"{what} raised and changed the deal: {before} -> {after}"
            return True
        return False

    def played(self, hash_before: int) -> None:
        self.hashes.append(hash_before)

    def seat_arg(self) -> Any:
        return self.p.byte() % self.deal.players if self.p.byte() % 4 else self.p.pick(GARBAGE)

    # -- the operations ---------------------------------------------------------------

    def push_legal(self) -> None:
        moves = list(self.deal.legal_moves)
        if not moves:
            assert self.refused(lambda: self.deal.push(ganzdy.Move("pass")), "push after the end")
            return
        move = self.p.pick(moves)
        before = self.deal.hash()
        (self.deal.push if self.p.byte() % 2 else self.deal.apply)(move)
        self.played(before)

    def push_made_up(self) -> None:
        move: Any = self.p.move() if self.p.byte() % 4 else self.p.pick(GARBAGE)
        legal = isinstance(move, ganzdy.Move) and self.deal.is_legal(move)
        before = self.deal.hash()
        if not self.refused(lambda: self.deal.push(move), f"push({move!r})"):
            assert legal, f"push({move!r}) played a move is_legal refuses"
            self.played(before)
        else:
            assert not legal, f"push({move!r}) refused a move is_legal accepts"

    def push_text(self) -> None:
        moves = list(self.deal.legal_moves)
        text = str(self.p.pick(moves)) if moves and self.p.byte() % 2 else self.p.text()
        before = self.deal.hash()
        if not self.refused(lambda: self.deal.push(self.deal.parse_move(text)), f"parse {text!r}"):
            self.played(before)

    def push_id(self) -> None:
        deal = self.deal
        if not isinstance(deal, ganzdy.GanDengYanDeal):
            return
        ids = deal.legal_ids()
        choice: Any = (
            int(ids[self.p.below(len(ids))])
            if len(ids) and self.p.byte() % 2
            else self.p.pick((-1, deal.rules.num_moves, 2**40, *range(0, deal.rules.num_moves, 97)))
        )
        legal = choice in {int(i) for i in ids}
        before = deal.hash()
        checked = bool(self.p.byte() % 2)
        call = deal.push_id if checked else deal.apply_id
        if self.refused(lambda: call(choice), f"move id {choice}"):
            assert not legal, f"move id {choice} refused though legal"
        elif legal:
            self.played(before)
        else:
            # apply_id is the unchecked path, for ids known to be legal: it may play a
            # combination the hand holds that answers nothing, never cards it lacks.
            # Undone at once, so the program goes on from a position play reaches.
            assert not checked, f"push_id played move id {choice} though not legal"
            deal.pop()
            assert deal.hash() == before, f"pop after apply_id({choice}) left another deal"

    def pop(self) -> None:
        if not self.hashes:
            assert self.refused(self.deal.pop, "pop with nothing to undo")
            return
        self.deal.pop()
        assert self.deal.hash() == self.hashes.pop(), "pop did not restore the hash"

    def copy(self) -> None:
        history = self.p.byte() % 3
        copy = self.deal.copy() if history == 0 else self.deal.copy(history=history == 1)
        assert copy.hash() == self.deal.hash() and copy.ply == self.deal.ply
        if history == 2:
            assert copy.root_ply == self.deal.ply and not copy.history
        # Play the copy on: the original must not move.
        before = snapshot(self.deal)
        for _ in range(self.p.byte() % 4):
            moves = list(copy.legal_moves)
            if copy.history and self.p.byte() % 2:
                copy.pop()
            elif moves:
                copy.push(self.p.pick(moves))
        assert snapshot(self.deal) == before, "playing a copy changed its original"
        if self.p.byte() % 4 == 0 and history != 0:
            # Go on with a copy of the deal as it is now.
            self.deal = self.deal.copy(history=history == 1)
            if history == 2:
                self.hashes = []

    def sample_world(self) -> None:
        seat, seed = self.seat_arg(), self.p.pick((None, self.p.seed(), -1, 2**64, "x"))
        result: list[ganzdy.Deal] = []
        if self.refused(lambda: result.append(self.deal.sample_world(seat, seed)), "sample_world"):
            return
        world = result[0]
        if seat is None:  # the seat to act
            seat = self.deal.current_player
        assert world.hand(seat) == self.deal.hand(seat) and world.ply == self.deal.ply
        assert world.hand_sizes == self.deal.hand_sizes and world.played == self.deal.played
        check_deal(world, self.deck)

    def information_set(self) -> None:
        kinds = {
            ganzdy.GanDengYanDeal: ganzdy.GanDengYanInformationSet,
            ganzdy.GuandanDeal: ganzdy.GuandanInformationSet,
            ganzdy.GoujiDeal: ganzdy.GoujiInformationSet,
        }
        make = kinds[type(self.deal)]
        seat = self.seat_arg()
        infos: list[Any] = []
        if self.refused(lambda: infos.append(make(self.deal, seat)), "information set"):
            return
        info = infos[0]
        assert info.ply == self.deal.ply and info.hand == self.deal.hand(info.seat)
        assert info.is_terminal == self.deal.is_terminal
        if info.current_player == info.seat:
            assert list(info.legal_moves) == list(self.deal.legal_moves)
        else:
            assert list(info.legal_moves) == []
        seed = self.p.pick((None, self.p.seed(), -5, "seed"))
        worlds: list[ganzdy.Deal] = []
        if not self.refused(lambda: worlds.append(info.sample_world(seed)), "info.sample_world"):
            assert worlds[0].hand(info.seat) == info.hand
            check_deal(worlds[0], self.deck)
        if self.p.byte() % 2:
            # A tiny search from it: only the seat to act may search.
            iterations = self.p.pick((1, 2, 5, 0, -1, None))
            rollout = self.p.pick(("random", "greedy", "bogus"))
            result: list[Any] = []
            refused = self.refused(
                lambda: result.append(
                    ganzdy.ismcts(info, iterations=iterations, rollout=rollout, seed=self.p.byte())
                ),
                "ismcts",
            )
            if not refused:
                assert info.current_player == info.seat and not self.deal.is_terminal
                assert self.deal.is_legal(result[0].move), result[0].move
            elif (
                info.current_player == info.seat and iterations in (1, 2, 5) and rollout == "random"
            ):
                raise AssertionError(f"ismcts refused a valid search: {info.seat}, {self.deal}")

    def playouts(self) -> None:
        agents = self.p.pick(("random", "greedy", ["random"] * self.rules.players, "nobody", 3))
        deals = self.p.pick((1, 2, 0, -1))
        seed = self.p.pick((None, self.p.seed(), -1))
        try:
            batch = ganzdy.playouts(
                self.rules, deals, agents, seed=seed, threads=1 + self.p.byte() % 2
            )
        except REFUSALS:
            pass
        else:
            assert batch.points.shape == (deals, self.rules.players)
            assert (batch.points.sum(axis=1) == 0).all(), batch.points
        outcomes: list[Any] = []
        if not self.refused(
            lambda: outcomes.append(self.deal.playout(agents, seed=seed)), "playout"
        ):
            assert outcomes[0].over

    def solve(self) -> None:
        deal = self.deal
        if not isinstance(deal, ganzdy.GanDengYanDeal):
            assert self.refused(lambda: ganzdy.solve(deal), "solve of another game")  # type: ignore[arg-type]
            return
        seat = self.p.pick((None, self.seat_arg()))
        results: list[ganzdy.SolveResult] = []
        refused = self.refused(
            lambda: results.append(ganzdy.solve(deal, seat=seat, max_nodes=200)), "solve"
        )
        if refused:
            return
        assert deal.stock_size == 0, "solve ran with cards in the stock"
        best = results[0].best_move
        if best is not None:
            assert deal.is_legal(best), best

    def vector_env(self) -> None:
        if self.env is None or self.p.byte() % 8 == 0:
            self.env = VectorEnv(self.rules, 2, opponents=self.p.pick(("random", "greedy")))
            self.env_step = self.env.reset(self.p.seed())
        env = self.env
        for _ in range(1 + self.p.byte() % 4):
            legal = [self.env_step.legal(i) for i in range(env.num_envs)]
            actions: Any = np.array([ids[self.p.below(len(ids))] for ids in legal], dtype=np.int64)
            illegal = self.p.byte() % 4 == 0
            if illegal:
                actions = self.p.pick(
                    (
                        np.array([-1, -1], dtype=np.int64),
                        np.array([2**31, 2**31], dtype=np.int64),
                        np.zeros(3, dtype=np.int64),
                        "ids",
                        [0.5, 1.5],
                        None,
                    )
                )
            try:
                self.env_step = env.step(actions)
            except REFUSALS:
                assert illegal, "the env refused legal ids"
                continue
            assert not illegal, f"the env stepped with {actions!r}"
            assert self.env_step.observations.shape == (env.num_envs, *env.observation_shape)
            for i in range(env.num_envs):
                check_deal(env.deal(i), self.deck)

    def record(self) -> None:
        if self.deal.root_ply:
            assert self.refused(lambda: pickle.dumps(self.deal), "pickle without history")
            return
        record = ganzdy.to_record(self.deal)
        again = ganzdy.from_record(record)
        assert again.hash() == self.deal.hash() and again.history == self.deal.history
        thawed = pickle.loads(pickle.dumps(self.deal))
        assert thawed.hash() == self.deal.hash()
        # A record edited by the input: it replays, or fails with a ganzdy error.
        if record["moves"] and self.p.byte() % 2:
            record["moves"][self.p.below(len(record["moves"]))] = self.p.text()
        else:
            record[self.p.pick(("seed", "deck", "dealer", "players", "game"))] = self.p.pick(
                GARBAGE
            )
        with contextlib.suppress(ganzdy.GanzdyError):
            ganzdy.from_record(record)

    def observe(self) -> None:
        seat = self.p.pick((None, self.seat_arg()))
        perfect = bool(self.p.byte() % 2)
        vectors: list[Any] = []
        if self.refused(
            lambda: vectors.append(self.deal.observation(seat, perfect=perfect)), "obs"
        ):
            return
        vector = vectors[0]
        assert vector.dtype == np.float32 and np.isfinite(vector).all()
        out = np.empty_like(vector)
        assert self.deal.observation(seat, perfect=perfect, out=out) is out
        assert np.array_equal(out, vector)
        wrong = np.empty(len(vector) + 1, dtype=np.float32)
        assert self.refused(
            lambda: self.deal.observation(seat, out=wrong), "observation(out=wrong)"
        )

    def legal_view(self) -> None:
        legal = self.deal.legal_moves
        n = len(legal)
        assert repr(legal)
        assert self.refused(lambda: legal[n], "legal_moves[len]")
        if n:
            assert legal[-1] == list(legal)[-1]
        assert self.p.move() in legal or True  # membership of any move answers
        for garbage in (None, "5s", 3):
            assert garbage not in legal

    def to_end(self) -> None:
        """Play on to the end of the deal, so the after-the-end calls run often."""
        while not self.deal.is_terminal:
            moves = list(self.deal.legal_moves)
            before = self.deal.hash()
            self.deal.push(moves[self.p.byte() % len(moves)])
            self.played(before)

    def undo_all(self) -> None:
        """Undo to the first ply kept: a deal with its whole history is its fresh deal again."""
        while self.hashes:
            self.pop()
        if self.deal.root_ply == 0:
            assert self.deal.ply == 0
            fresh = self.rules.new_deal(seed=self.seed, **self.setup)
            assert self.deal.hash() == fresh.hash()

    OPS: tuple[Callable[[Run], None], ...] = (
        push_legal,
        push_legal,
        push_legal,
        push_made_up,
        push_text,
        push_id,
        pop,
        copy,
        sample_world,
        information_set,
        playouts,
        solve,
        vector_env,
        record,
        observe,
        legal_view,
        to_end,
        undo_all,
    )

    def play(self) -> None:
        check_deal(self.deal, self.deck)
        for _ in range(60):
            if self.p.done:
                break
            op = self.OPS[self.p.byte() % len(self.OPS)]
            op(self)
            check_deal(self.deal, self.deck)
        self.undo_all()


def fuzz_sequence(data: bytes) -> None:
    """Every public operation of a deal, in the order the bytes say (see the module)."""
    Run(data).play()
