"""Conformance of ganzdy.GanDengYanDeal on random deals: invariants checked after every ply.

2,016 random deals (84 per option set x 24 sets, players cycling 2-6) are played to the end with
random legal moves from a seeded random.Random. The option sets together touch every deal option
(hand sizes, packs, first leader, direction, draw policy, stuck leader, end condition, the two
rules about 2s) and several combination and scoring options, alone and in combination.

After every ply:
  * every card is accounted for: hands + played + the undrawn stock (the last stock_size cards of
    d.deck) is the rules' deck as a multiset, and hand_sizes matches the hands;
  * the turn, the trick end and the draw follow a small reference model of §3: the next player
    in the direction of play (skipping seats that are out), a trick ends after every other
    player still in has passed, the winner then the others draw from the top of the stock per
    draw_policy, and the lead goes to the first seat from the winner that has a legal lead (a
    drawn deal when none has);
  * a non-terminal deal has a legal move, the pass is legal iff following, and the option rules
    about the first lead and 2s hold for every legal move;
  * pop() undoes the ply exactly and a re-push redoes it (hash and a full state snapshot).
At the end: the deal ended within a bound, the points sum to zero and match the §6 formula, the
winner is None iff the deal is drawn, and the finish order is consistent. Along the way, every
deal also checks illegal pushes (a card not held, a wrong declaration, a non-beating play, a pass
when leading), pickling and copying mid-deal, undoing back to ply 0, and, for every tenth deal,
that the same seed and the same move sequence give the same deal.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import pytest

import ganzdy
from ganzdy import Cards, GanDengYanDeal, Move, Rules
from scale import scaled

# Fixed so every run is reproducible; GDY_CONF_SEED / GDY_CONF_DEALS allow a deeper soak run.
SEED = int(os.environ.get("GDY_CONF_SEED", "20240611"))
DEALS_PER_SET = int(os.environ.get("GDY_CONF_DEALS", str(scaled(84))))  # x 24 sets = 2,016 deals

# Hand sizes are chosen so that every set deals legally to 2-6 players (6 x 8 + 3 <= 54).
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"draw_policy": "winner_only"},
    {"draw_policy": "none"},
    {"draw_policy": "none", "initial_hand_size": 2, "dealer_extra_cards": 0},
    {
        "stuck_leader": "allow_joker_only_final",
        "draw_policy": "none",
        "initial_hand_size": 3,
        "dealer_extra_cards": 0,
    },
    {"end_condition": "ranking"},
    {"end_condition": "ranking", "draw_policy": "winner_only", "direction": "clockwise"},
    {
        "end_condition": "ranking",
        "stuck_leader": "allow_joker_only_final",
        "initial_hand_size": 2,
        "draw_policy": "none",
    },
    {"direction": "clockwise", "first_leader": "lowest_card"},
    {"first_leader": "lowest_card", "packs": 1},
    {"forbid_final_single_two": True, "must_play_two_first": True},
    {
        "forbid_final_single_two": True,
        "initial_hand_size": 1,
        "dealer_extra_cards": 1,
        "draw_policy": "none",
    },
    {"must_play_two_first": True, "initial_hand_size": 2, "dealer_extra_cards": 0},
    {"packs": 1, "initial_hand_size": 8, "dealer_extra_cards": 3},
    {"packs": 2, "initial_hand_size": 3, "dealer_extra_cards": 10, "next_dealer": "rotate"},
    {"triple_mode": "bomb", "bomb_weight": True, "pure_beats_soft": "same_rank"},
    {"king_bomb": "small_plus_big", "king_bomb_rank": "above_4_below_5", "bomb_held_factor": True},
    {
        "king_bomb": "any_two_jokers",
        "joker_can_be_two": True,
        "twos_in_runs": True,
        "stuck_leader": "allow_joker_only_final",
    },
    {"joker_wild": False, "king_bomb": "any_two_jokers", "bomb_order": "rank_only"},
    {"joker_wild": False, "initial_hand_size": 2, "dealer_extra_cards": 0, "draw_policy": "none"},
    {
        "triple_mode": "any_higher",
        "straight_max_len": 5,
        "pairs_max": 3,
        "max_jokers_per_combo": 1,
        "min_naturals_per_combo": 2,
    },
    {
        "twos_only_single_pair": True,
        "triple_mode": "none",
        "pure_beats_soft": "same_size",
        "straight_min_len": 4,
        "pairs_min": 3,
    },
    {
        "joker_factor_once": True,
        "two_held_factor": True,
        "shutout_factor": True,
        "shutout_flat": 20,
        "alarm_exempt": True,
        "base": 3,
    },
    {
        "additive_bombs": True,
        "multiplier_cap": 8,
        "score_cap": 50,
        "end_condition": "ranking",
        "first_leader": "lowest_card",
        "must_play_two_first": True,
    },
]

RANKS = "3456789TJQKA2"
PASS = Move("pass")
ILLEGAL_RATE = 0.2  # the share of plies that also try illegal pushes


def _set_id(options: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "default"


_RANK_OF: dict[str, str | None] = {r + x: r for r in RANKS for x in "shdc"} | {
    "BJ": None,
    "RJ": None,
}
NATURALS = [c for c, r in _RANK_OF.items() if r]


def rank_of(card: str) -> str | None:
    return _RANK_OF[card]


@dataclass
class Model:
    """What the reference model needs to know about the rules of one deal."""

    rules: Rules
    players: int
    direction: int
    draw_policy: str
    ranking: bool
    allow_jokers: bool
    forbid_final_two: bool
    two_first: bool
    lowest_card: bool
    full: Cards
    deck: list[str]
    suffix: list[Cards] = field(default_factory=list)  # suffix[k]: the last k cards of the deck

    @classmethod
    def of(cls, rules: Rules, deck: list[str]) -> Model:
        m = cls(
            rules=rules,
            players=rules.players,
            direction=-1 if rules.option("direction") == "clockwise" else 1,
            draw_policy=str(rules.option("draw_policy")),
            ranking=rules.option("end_condition") == "ranking",
            allow_jokers=rules.option("stuck_leader") == "allow_joker_only_final",
            forbid_final_two=bool(rules.option("forbid_final_single_two")),
            two_first=bool(rules.option("must_play_two_first")),
            lowest_card=rules.option("first_leader") == "lowest_card",
            full=rules.deck,
            deck=deck,
        )
        cur = Cards()
        m.suffix.append(cur)
        for card in reversed(deck):
            cur = cur + card
            m.suffix.append(cur)
        return m

    def next_seat(self, seat: int) -> int:
        return (seat + self.direction) % self.players

    def next_in(self, seat: int, out: list[bool]) -> int:
        s = seat
        for _ in range(self.players):
            s = self.next_seat(s)
            if not out[s]:
                return s
        return seat

    def filters_allow(self, hand: Cards, move: Move) -> bool:
        """The deal-level rules on 2s (§3.4 variants) for a play from `hand`."""
        if not (self.forbid_final_two or self.two_first):
            return True
        if self.forbid_final_two and move.kind == "single" and move.rank == "2" and len(hand) == 1:
            return False
        holds_two = any(rank_of(c) == "2" for c in hand)
        return not (
            self.two_first
            and len(hand) == 2
            and holds_two
            and not any(rank_of(c) == "2" for c in move.cards)
        )

    def can_lead(self, hand: Cards) -> bool:
        if len(hand) == 0:
            return False
        if self.allow_jokers and hand.jokers == len(hand):
            return True
        return any(self.filters_allow(hand, m) for m in self.rules.legal_moves(hand))

    def draw_order(self, winner: int, out: list[bool]) -> list[int]:
        if self.draw_policy == "none":
            return []
        order = []
        seat = winner
        for _ in range(self.players):
            if not out[seat]:
                if self.draw_policy == "winner_only" and seat != winner:
                    break
                order.append(seat)
            elif self.draw_policy == "winner_only":
                break  # only the winner draws, and a winner who is out draws nothing
            seat = self.next_seat(seat)
        return order

    def first_leader(self, start: int, hands: list[Cards], out: list[bool]) -> int | None:
        seat = start if not out[start] else self.next_in(start, out)
        for _ in range(self.players):
            if self.can_lead(hands[seat]):
                return seat
            seat = self.next_in(seat, out)
        return None


class Snap(NamedTuple):
    """Everything observable about a deal (is_out follows from the finish order)."""

    hands: tuple[Cards, ...]
    table: Move
    owner: int | None
    current: int | None
    stock: int
    played: Cards
    bombs: int
    passes: int
    ply: int
    terminal: bool
    drawn: bool
    winner: int | None
    finish: tuple[int, ...]
    points: tuple[int, ...]

    def out(self, n: int) -> list[bool]:
        """The seats out, for a deal still running."""
        return [s in self.finish for s in range(n)]


def snapshot(d: GanDengYanDeal, n: int) -> Snap:
    o = d.outcome
    return Snap(
        tuple([d.hand(s) for s in range(n)]),
        d.table,
        d.table_owner,
        d.current_player,
        d.stock_size,
        d.played,
        d.bombs_played,
        d.passes,
        d.ply,
        d.is_terminal,
        o.drawn,
        o.winner,
        tuple(o.finish_order),
        tuple(o.points),
    )


def expected_points(
    rules: Rules, hands: list[Cards], winner: int, history: list[tuple[int, Move]]
) -> list[int]:
    """§6.1 / §6.2, settled when the first player goes out (from the hands at that moment)."""
    opt = rules.option
    bombs = [m for _, m in history if m.is_bomb]
    weight = sum(1 if m.length <= 3 and m.kind != "king_bomb" else 2 for m in bombs)
    plays = Counter(seat for seat, m in history if not m.is_pass)
    opener = history[0][0]
    king = opt("king_bomb")
    points = [0] * len(hands)
    for s, hand in enumerate(hands):
        if s == winner:
            continue
        cards = len(hand)
        if opt("alarm_exempt") and cards == 1:
            continue
        shutout = plays[s] == 0 or (plays[s] == 1 and opener == s)
        jokers = hand.jokers
        doublings = (1 if jokers else 0) if opt("joker_factor_once") else jokers
        if not opt("additive_bombs"):
            doublings += weight if opt("bomb_weight") else len(bombs)
        if opt("bomb_held_factor"):
            counts = Counter(rank_of(c) for c in hand if rank_of(c))
            doublings += sum(1 for n in counts.values() if n >= int(opt("bomb_min_size")))
            held = list(hand)
            if (king == "small_plus_big" and "BJ" in held and "RJ" in held) or (
                king == "any_two_jokers" and jokers >= 2
            ):
                doublings += 1
        if opt("two_held_factor"):
            doublings += sum(1 for c in hand if rank_of(c) == "2")
        if opt("shutout_factor") and shutout:
            doublings += 1
        multiplier = 2**doublings
        if opt("additive_bombs"):
            multiplier *= 1 + len(bombs)
        if opt("multiplier_cap") is not None:
            multiplier = min(multiplier, int(opt("multiplier_cap")))
        counted = int(opt("shutout_flat")) if shutout and opt("shutout_flat") is not None else cards
        pay = int(opt("base")) * counted * multiplier
        if opt("score_cap") is not None:
            pay = min(pay, int(opt("score_cap")))
        points[s] = -pay
    points[winner] = -sum(points)
    return points


def choose(legal: list[Move], mover: random.Random, hoard: bool) -> Move:
    """A random legal move. A hoarding player keeps its jokers and never passes when it can play:
    that empties hands of naturals and reaches the stuck-leader and drawn-deal positions that
    uniform play almost never does."""
    if hoard:
        plays = [m for m in legal if not m.is_pass and m.cards.jokers == 0]
        if plays:
            return mover.choice(plays)
    return mover.choice(legal)


KINDS = ("single", "pair", "triple", "straight", "pairs", "bomb")


def wrong_declarations(move: Move, rng: random.Random, k: int = 4) -> list[Move]:
    """A few other declarations of the same cards (a sample: trying all 78 is too slow)."""
    out = []
    for _ in range(k):
        kind, rank = rng.choice(KINDS), rng.choice(RANKS)
        if (kind, rank) != (move.kind, move.rank):
            # A declaration the Move type itself rejects is no test of the deal.
            with contextlib.suppress(ganzdy.ParseError):
                out.append(Move(kind, rank, move.cards))
    return out


def check_refused(d: GanDengYanDeal, move: Move, n: int, where: str) -> None:
    before_hash, before = d.hash(), snapshot(d, n)
    with pytest.raises(ganzdy.IllegalMoveError):
        d.push(move)
    assert d.hash() == before_hash and snapshot(d, n) == before, (
        f"{where}: refused {move!r} changed the deal"
    )


def illegal_pushes(d: GanDengYanDeal, model: Model, rng: random.Random, where: str) -> int:
    """Tries the four kinds of illegal move; returns how many were tried."""
    n = model.players
    seat = d.current_player
    hand = d.hand(seat)
    legal = list(d.legal_moves)
    tried = 0
    # A pass when leading.
    if d.table.is_pass:
        assert PASS not in d.legal_moves
        check_refused(d, PASS, n, where + " pass when leading")
        tried += 1
    # A card the player does not hold.
    card = rng.choice(NATURALS)
    if card not in hand:
        check_refused(d, Move("single", card[0], card), n, f"{where} {card} not held")
        tried += 1
    plays = [m for m in legal if not m.is_pass]
    if plays:
        # A wrong declaration of cards that make a legal move.
        base = rng.choice(plays)
        wrong = [m for m in wrong_declarations(base, rng) if m not in d.legal_moves]
        if wrong:
            check_refused(d, rng.choice(wrong), n, f"{where} wrong declaration of {base!r}")
            tried += 1
    if not d.table.is_pass:
        # A combination from the hand that does not beat the table.
        keys = {(m.kind, m.rank, m.length) for m in legal}
        weak = [m for m in model.rules.legal_moves(hand) if (m.kind, m.rank, m.length) not in keys]
        if weak:
            m = rng.choice(weak)
            assert m not in d.legal_moves, f"{where}: {m!r} is legal but not generated"
            check_refused(d, m, n, f"{where} non-beating {m!r}")
            tried += 1
    return tried


@dataclass
class Stats:
    deals: int = 0
    plies: int = 0
    drawn: int = 0
    stuck_skips: int = 0
    draws: int = 0
    refused: int = 0
    ranking_ends: int = 0
    probes: int = 0  # pickle and copy checks
    replays: int = 0  # same-seed replays


def check_ply(
    d: GanDengYanDeal, model: Model, move: Move, before: Snap, after: Snap, where: str, stats: Stats
) -> None:
    """The reference model of one ply: cards, turn, trick end, draw, next leader, bombs."""
    n = model.players
    seat, owner = before.current, before.owner
    assert seat is not None
    # Before the ply the deal was running, so its finish order is exactly the seats out; after
    # a ranking deal ends, the finish order also ranks the last player, who is not out.
    out_before, out = before.out(n), [d.is_out(s) for s in range(n)]
    if not after.terminal:
        assert out == after.out(n), f"{where}: is_out vs finish order"
    # Cards: the undrawn stock is the tail of the deck; nothing is created or lost.
    total = after.played + model.suffix[after.stock]
    sizes = d.hand_sizes
    for s, hand in enumerate(after.hands):
        assert sizes[s] == len(hand), f"{where}: hand size of seat {s}"
        total = total + hand
        if out[s]:
            assert len(hand) == 0, f"{where}: seat {s} is out but holds {hand}"
    assert total == model.full, f"{where}: cards are not accounted for"
    assert after.ply == before.ply + 1, f"{where}: ply"
    assert after.bombs == before.bombs + (1 if move.is_bomb else 0), f"{where}: bomb count"
    trick_ended = move.is_pass and after.table.is_pass
    drawn_cards = before.stock - after.stock
    expected_hands = list(before.hands)
    if not move.is_pass:
        expected_hands[seat] = before.hands[seat] - move.cards
        assert after.passes == 0 or after.terminal, f"{where}: passes after a play"
        assert after.played == before.played + move.cards, f"{where}: played cards"
    if trick_ended:
        order = model.draw_order(owner, out_before)
        assert drawn_cards == min(before.stock, len(order)), (
            f"{where}: {drawn_cards} cards drawn, order {order}"
        )
        top = len(model.deck) - before.stock
        for i in range(drawn_cards):
            expected_hands[order[i]] = expected_hands[order[i]] + model.deck[top + i]
        stats.draws += drawn_cards
    else:
        assert drawn_cards == 0, f"{where}: drew outside a trick end"
    for s in range(n):
        assert after.hands[s] == expected_hands[s], (
            f"{where}: hand of seat {s} is {after.hands[s]}, expected {expected_hands[s]}"
        )
    # Who acts next.
    if d.is_terminal:
        assert d.current_player is None and len(d.legal_moves) == 0, (
            f"{where}: terminal deal still moves"
        )
        return
    cur = after.current
    assert cur is not None and not out[cur] and len(after.hands[cur]) > 0, (
        f"{where}: seat {cur} cannot act"
    )
    if trick_ended:
        assert owner is not None
        leader = model.first_leader(owner, list(after.hands), out)
        assert cur == leader, f"{where}: seat {cur} leads, the model says {leader}"
        expected_first = owner if not out[owner] else model.next_in(owner, out)
        if leader != expected_first:
            stats.stuck_skips += 1
        assert after.owner is None and after.passes == 0, f"{where}: a new trick has a table"
    else:
        assert cur == model.next_in(seat, out), f"{where}: seat {cur} acts after seat {seat}"
        if move.is_pass:
            assert after.passes == before.passes + 1, f"{where}: pass count"
        assert after.owner == (seat if not move.is_pass else owner), f"{where}: table owner"
        if not move.is_pass:
            assert after.table == move, f"{where}: table"


def check_position(d: GanDengYanDeal, model: Model, where: str) -> list[Move]:
    """Legal-move invariants of the position; returns the legal moves."""
    legal = list(d.legal_moves)
    assert legal, f"{where}: a non-terminal deal has no legal move"
    leading = d.table.is_pass
    assert (d.table_owner is None) == leading, f"{where}: table owner vs table"
    assert (PASS in d.legal_moves) == (not leading), f"{where}: pass legality"
    assert legal[0].is_pass == (not leading), f"{where}: the pass comes first when following"
    assert sum(1 for m in legal if m.is_pass) == (0 if leading else 1), (
        f"{where}: passes in legal moves"
    )
    hand = d.hand(d.current_player)
    for m in legal:
        if m.is_pass:
            continue
        assert len(hand - m.cards) == len(hand) - len(m.cards), (
            f"{where}: {m!r} uses cards not held"
        )
        assert model.filters_allow(hand, m), f"{where}: {m!r} breaks the rules on 2s"
        if m.kind == "jokers":
            assert model.allow_jokers and leading and m.cards == hand, f"{where}: {m!r}"
    # Membership agrees with the list for a sample (the checker and the generator are separate).
    for m in legal[:: max(1, len(legal) // 3)]:
        assert m in d.legal_moves, f"{where}: generated {m!r} is not legal"
    return legal


def lowest_rank_check(d: GanDengYanDeal, model: Model, legal: list[Move], where: str) -> None:
    """first_leader='lowest_card': the first leader holds the lowest rank dealt and plays it."""
    held = [rank_of(c) for s in range(model.players) for c in d.hand(s) if rank_of(c)]
    if not held:
        return
    lowest = min(held, key=RANKS.index)
    assert any(rank_of(c) == lowest for c in d.hand(d.current_player)), (
        f"{where}: leader lacks a {lowest}"
    )
    for m in legal:
        assert any(rank_of(c) == lowest for c in m.cards), (
            f"{where}: first lead {m!r} lacks a {lowest}"
        )


def play_deal(options: dict[str, Any], index: int, stats: Stats) -> None:
    rng = random.Random(f"{SEED}/{_set_id(options)}/{index}")
    players = 2 + index % 5
    rules = Rules("gan_deng_yan", players=players, **options)
    seed = rng.getrandbits(64)
    dealer = rng.randrange(players)
    move_seed = rng.getrandbits(32)
    where0 = (
        f"deal {index} (players={players}, seed={seed}, dealer={dealer}, move seed={move_seed}, "
        f"hoard={index % 3 == 2}, {_set_id(options)})"
    )
    d = rules.new_deal(seed=seed, dealer=dealer)
    deck = d.deck
    model = Model.of(rules, deck)
    n = players
    assert len(deck) == 54 * rules.packs and Cards(" ".join(deck)) == rules.deck, f"{where0}: deck"
    assert d.seed == seed and d.dealer == dealer and d.ply == 0
    fresh = d.hash()
    mover = random.Random(move_seed)
    hoard = index % 3 == 2
    # Each trick plays at least one card and passes at most n - 1 times per play.
    bound = 2 * len(deck) * n + 10
    probe_ply = rng.randrange(0, 16)  # where to check pickle and copy (short deals end early)
    hashes = [fresh]
    moves: list[tuple[int, Move]] = []
    settled: list[int] | None = None
    snap = snapshot(d, n)
    while not snap.terminal:
        where = f"{where0} ply {snap.ply}"
        assert snap.ply < bound, f"{where}: the deal does not end"
        legal = check_position(d, model, where)
        if snap.ply == 0 and model.lowest_card:
            lowest_rank_check(d, model, legal, where)
        if rng.random() < ILLEGAL_RATE:
            stats.refused += illegal_pushes(d, model, rng, where)
        if snap.ply == probe_ply:
            pickle_and_copy(d, model, where)
            stats.probes += 1
        move = choose(legal, mover, hoard)
        hash_before = d.hash()
        d.push(move)
        after, hash_after = snapshot(d, n), d.hash()
        # Undo and redo: pop restores the exact state, and the same move gives the same result.
        assert d.pop() == move, f"{where}: pop returned another move"
        assert d.hash() == hash_before and snapshot(d, n) == snap, f"{where}: pop after {move!r}"
        d.push(move)
        assert d.hash() == hash_after and snapshot(d, n) == after, f"{where}: re-push of {move!r}"
        assert snap.current is not None
        moves.append((snap.current, move))
        check_ply(d, model, move, snap, after, f"{where} ({snap.current}: {move})", stats)
        hashes.append(hash_after)
        if settled is None and after.finish:
            # Scoring is settled when the first player goes out (under 'ranking' too).
            assert after.winner is not None
            settled = expected_points(rules, list(after.hands), after.winner, moves)
        snap = after
        stats.plies += 1
    assert d.history == moves, f"{where0}: history"
    check_end(d, model, settled, where0, stats)
    # Undo everything: ply 0 is the fresh deal of the same seed.
    while d.ply:
        d.pop()
    assert d.hash() == fresh == rules.new_deal(seed=seed, dealer=dealer).hash(), (
        f"{where0}: undo to ply 0"
    )
    if index % 10 == 0:
        same_seed_same_deal(rules, seed, dealer, move_seed, hoard, hashes, where0)
        stats.replays += 1
    stats.deals += 1


def check_end(d: GanDengYanDeal, model: Model, settled: list[int] | None, where: str, stats: Stats) -> None:
    out = d.outcome
    n = model.players
    assert out.over and len(out.points) == n and sum(out.points) == 0, f"{where}: {out}"
    assert out.drawn == (out.winner is None), (
        f"{where}: drawn={out.drawn} but winner={out.winner} ({out})"
    )
    if out.drawn:
        stats.drawn += 1
        assert list(out.points) == [0] * n and list(out.finish_order) == [], (
            f"{where}: drawn deal {out}"
        )
        # Nobody could lead: every hand left is non-empty and has no legal lead.
        for s in range(n):
            if not d.is_out(s):
                assert not model.can_lead(d.hand(s)), f"{where}: seat {s} could lead {d.hand(s)}"
        return
    finish = list(out.finish_order)
    assert finish[0] == out.winner and len(d.hand(out.winner)) == 0, f"{where}: {out}"
    assert list(out.points) == settled, f"{where}: points {list(out.points)}, formula {settled}"
    assert out.points[out.winner] >= 0 and all(
        p <= 0 for s, p in enumerate(out.points) if s != out.winner
    )
    if model.ranking:
        stats.ranking_ends += 1
        assert sorted(finish) == list(range(n)), f"{where}: finish order {finish}"
        # Those out first, in order; then the players left (one, or several stuck
        # leaders when nobody could lead), who still hold cards.
        k = sum(1 for s in range(n) if d.is_out(s))
        assert 1 <= k < n, f"{where}: {k} players out"
        assert all(len(d.hand(s)) == 0 for s in finish[:k]), f"{where}: {finish}"
        assert all(len(d.hand(s)) > 0 for s in finish[k:]), f"{where}: a player left has no cards"
        if k < n - 1:
            for s in finish[k:]:
                assert not model.can_lead(d.hand(s)), (
                    f"{where}: seat {s} was ranked stuck but could lead"
                )
    else:
        assert finish == [out.winner], f"{where}: finish order {finish}"
        assert all(len(d.hand(s)) > 0 for s in range(n) if s != out.winner), (
            f"{where}: two players out"
        )


def pickle_and_copy(d: GanDengYanDeal, model: Model, where: str) -> None:
    n = model.players
    h, snap, ply = d.hash(), snapshot(d, n), d.ply
    legal = list(d.legal_moves)
    back = pickle.loads(pickle.dumps(d))
    assert back.hash() == h and snapshot(back, n) == snap, f"{where}: pickle round trip"
    assert list(back.legal_moves) == legal and back.deck == d.deck and back.history == d.history
    # A copy is independent: moves on it leave the original alone, and the other way round.
    c = d.copy()
    probe = random.Random(h)
    c.push(probe.choice(legal))
    assert d.hash() == h and snapshot(d, n) == snap, (
        f"{where}: a move on the copy changed the original"
    )
    c_hash = c.hash()
    d.push(legal[0])
    assert c.hash() == c_hash, f"{where}: a move on the original changed the copy"
    d.pop()
    assert d.hash() == h
    while c.ply:
        c.pop()
    assert d.ply == ply and d.hash() == h, f"{where}: unwinding the copy changed the original"


def same_seed_same_deal(
    rules: Rules, seed: int, dealer: int, move_seed: int, hoard: bool, hashes: list[int], where: str
) -> None:
    d = rules.new_deal(seed=seed, dealer=dealer)
    other = rules.new_deal(seed=seed, dealer=dealer)
    assert d.deck == other.deck, f"{where}: same seed, other deck"
    mover = random.Random(move_seed)
    got = [d.hash()]
    while not d.is_terminal:
        d.push(choose(list(d.legal_moves), mover, hoard))
        got.append(d.hash())
    assert got == hashes, f"{where}: the same seed and moves gave another deal"


@pytest.mark.parametrize("options", OPTION_SETS, ids=[_set_id(o) for o in OPTION_SETS])
def test_random_deals(options: dict[str, Any]) -> None:
    stats = Stats()
    failures: list[str] = []
    for index in range(DEALS_PER_SET):
        # One broken deal must not hide the others: every deal of the set runs, and the report
        # lists the first failures (each message names the seeds that reproduce it).
        try:
            play_deal(options, index, stats)
        except (AssertionError, pytest.fail.Exception, ganzdy.GanzdyError) as exc:
            failures.append(f"{type(exc).__name__}: {str(exc).splitlines()[0]}")
    shown = "\n".join(failures[:5])
    assert not failures, f"{len(failures)} of {DEALS_PER_SET} deals failed, first:\n{shown}"
    assert stats.deals == DEALS_PER_SET
    # The checks above must have had something to check.
    assert stats.plies > DEALS_PER_SET and stats.refused > 0
    assert stats.probes > DEALS_PER_SET // 8 and stats.replays > 0


def test_enough_deals_and_every_deal_option() -> None:
    assert DEALS_PER_SET * len(OPTION_SETS) >= scaled(2000)
    used = {(k, str(v)) for o in OPTION_SETS for k, v in o.items()}
    rules = Rules("gan_deng_yan", players=4)
    deal_options = (
        "packs",
        "initial_hand_size",
        "dealer_extra_cards",
        "first_leader",
        "direction",
        "draw_policy",
        "stuck_leader",
        "end_condition",
        "forbid_final_single_two",
        "must_play_two_first",
        "next_dealer",
    )
    for name in deal_options:
        assert name in rules.options
        values = {v for k, v in used if k == name}
        assert values, f"no option set varies {name}"
    assert {v for k, v in used if k == "draw_policy"} == {"winner_only", "none"}


def test_illegal_move_error_is_a_value_error() -> None:
    d = Rules("gan_deng_yan", players=4).new_deal(seed=1, dealer=0)
    assert issubclass(ganzdy.IllegalMoveError, ganzdy.GanzdyError)
    assert issubclass(ganzdy.IllegalMoveError, ValueError)
    before = d.hash()
    with pytest.raises(ValueError):
        d.push(PASS)
    assert d.hash() == before
