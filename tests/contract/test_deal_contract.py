"""The deal contract, checked on random deals of every game and every option set of
contract_cases.py, with no branch on the game.

Per case, DEALS random deals are played to the end, first hands and later ones (with
Guandan's tribute, Gouji's purchases and tribute: contract_cases.SETUPS). After every ply: every card is
accounted for (hands, the cards played and the undealt rest of the deck order make the
rules' deck) and the engine's own ``check_invariants()`` agrees; the legal moves are non-empty until the end, and each checked one is
``is_legal``; the observation has the declared size. Every STEP plies: ``pop()`` restores
the exact state (hash, hands, turn, legal moves, text) and the move is pushed again; an
illegal move raises ``IllegalMoveError`` and changes nothing. Per deal: the same seed
reproduces the deal and the same random game; ``copy()`` and ``copy(history=False)`` play on
independently of the deal and of each other; the points sum as the rules say; the record
and the pickle round-trip to the same hash; ``sample_world(seat, seed)`` keeps the seat's
hand, the public state and the seat's observation, replays its history legally and
plays on legally to its end.
"""

from __future__ import annotations

import itertools
import json
import pickle
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import ganzdy
import ganzdy.env
from contract_cases import (
    CASES,
    POINT_SUMS,
    SETUPS,
    Case,
    choose,
    counts,
    declared_size,
    new_deal,
    play_out,
    snapshot,
)
from ganzdy import GanzdyError, IllegalMoveError, Move
from scale import scaled

DEALS = scaled(20)  # a case; x 20 cases = 400 deals played whole, with every check
STEP = 5  # pop, illegal-move and legal-move checks every STEP plies (every ply for the first)
LEGAL_CHECKED = 24  # is_legal on at most this many legal moves a checked ply, spread out


def check_cards(deal: Any, deck: Counter[str]) -> None:
    """Hands + played + the undealt rest of the deck order = the rules' deck."""
    held: Counter[str] = Counter()
    for seat in range(deal.players):
        hand = deal.hand(seat)
        assert len(hand) == deal.hand_sizes[seat]
        held += counts(hand)
    used = held + counts(deal.played)
    assert not used - deck, f"cards not in the deck: {used - deck}"
    rest = deck - used
    size = sum(rest.values())
    order = list(deal.deck)
    assert len(order) == sum(deck.values())
    # What is neither held nor played is still to be dealt: the tail of the deck order.
    assert rest == Counter(order[len(order) - size :]), f"cards unaccounted for: {rest}"


def illegal_candidates(deal: Any) -> list[Move]:
    """Moves that should be illegal here: the pass when it is not listed, and every
    reading of a card the player to act does not hold."""
    seat = deal.current_player
    hand = counts(deal.hand(seat))
    candidates = [Move("pass")]
    missing = [c for c in deal.rules.deck if c not in hand]
    for card in missing[:: max(1, len(missing) // 6)]:
        candidates += deal.rules.readings(card)
    return candidates


def check_illegal(deal: Any) -> None:
    legal = set(deal.legal_moves)
    before = snapshot(deal)
    tried = 0
    for move in illegal_candidates(deal):
        if move in legal:
            assert deal.is_legal(move), move
            continue
        assert not deal.is_legal(move), f"{move!r} is legal but not listed"
        assert deal.why_illegal(move), move
        with pytest.raises(IllegalMoveError):
            deal.push(move)
        with pytest.raises(
            IllegalMoveError, match=f"is not a legal move of seat {deal.current_player}"
        ):
            deal.legal_moves.index(move)
        assert snapshot(deal) == before, f"a refused {move!r} changed the deal"
        tried += 1
    assert tried, f"no illegal move found at ply {deal.ply}"


def check_ply(deal: Any, deck: Counter[str], size: int, full: bool) -> None:
    check_cards(deal, deck)
    deal.check_invariants()
    for seat in range(deal.players):
        assert deal.observation(seat).shape == (size,)
    moves = deal.legal_moves
    if deal.is_terminal:
        assert len(moves) == 0 and deal.current_player is None
        with pytest.raises(IllegalMoveError, match="pass is not a legal move: the deal is over"):
            moves.index(Move("pass"))
        return
    assert len(moves) > 0 and deal.current_player is not None
    if not full:
        return
    listed = list(moves)
    assert len(set(listed)) == len(listed), "a legal move is listed twice"
    for index in range(0, len(listed), max(1, len(listed) // LEGAL_CHECKED)):
        move = listed[index]
        assert deal.is_legal(move) and deal.why_illegal(move) is None, move
        assert moves.index(move) == index, move
    check_illegal(deal)


def check_copies(deal: Any, rng: random.Random) -> None:
    """copy() and copy(history=False) play on without touching the deal or each other."""
    if deal.is_terminal:
        return
    before = snapshot(deal)
    whole, bare = deal.copy(), deal.copy(history=False)
    assert whole.hash() == bare.hash() == deal.hash()
    assert whole.history == deal.history and bare.root_ply == deal.ply
    moves = []
    for _ in range(12):
        if whole.is_terminal:
            break
        move = choose(whole, rng)
        whole.push(move)
        bare.push(move)
        moves.append(move)
        assert whole.hash() == bare.hash()
    assert snapshot(deal) == before, "playing a copy changed the deal"
    for _ in moves:
        bare.pop()
    assert bare.hash() == deal.hash() and whole.ply == deal.ply + len(moves)
    with pytest.raises(GanzdyError):
        bare.pop()  # its history starts here


def check_world(deal: Any, seat: int, seed: int, play_on: bool) -> None:
    world = deal.sample_world(seat, seed)
    world.check_invariants()
    assert world.hand(seat) == deal.hand(seat)
    assert world.played == deal.played and world.hand_sizes == deal.hand_sizes
    assert world.current_player == deal.current_player and world.ply == deal.ply
    assert world.table == deal.table and world.is_terminal == deal.is_terminal
    assert (world.observation(seat) == deal.observation(seat)).all()
    assert list(world.legal_moves) == list(deal.legal_moves) or world.current_player != seat
    # Its history (none: a world starts where it is sampled) replays legally, and
    # the world plays on legally to its end, every card accounted for.
    moves = []
    while world.ply > world.root_ply:
        moves.append(world.pop())
    for move in reversed(moves):
        assert world.is_legal(move), move
        world.push(move)
    if not play_on:
        return
    rng = random.Random(seed)
    deck = counts(deal.rules.deck)
    while not world.is_terminal:
        check_cards(world, deck)
        world.check_invariants()
        world.push(choose(world, rng))
    assert sum(world.outcome.points) == sum(deal.outcome.points) or not deal.is_terminal


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_random_deals_keep_the_contract(case: Case) -> None:
    rules = case.rules
    deck = counts(rules.deck)
    size = declared_size(rules, new_deal(rules, 0))
    rng = random.Random(f"contract {case.id}")
    for d in range(DEALS):
        seed = rng.getrandbits(64)
        dealer = d % rules.players
        setup = SETUPS[case.game][d % len(SETUPS[case.game])]
        deal = new_deal(rules, seed, dealer, setup)
        assert isinstance(deal, ganzdy.Deal)
        assert deal.seed == seed and deal.rules == rules and deal.ply == 0
        start = deal.hash()
        moves: list[Move] = []
        copied_at = rng.randrange(1, 60)
        while True:
            full = deal.ply % STEP == 0
            check_ply(deal, deck, size, full)
            if deal.is_terminal:
                break
            if deal.ply == copied_at:
                check_copies(deal, rng)
            move = choose(deal, rng)
            assert deal.is_legal(move)
            before = snapshot(deal) if full else None
            deal.push(move)
            moves.append(move)
            if before is not None:
                assert deal.pop() == move
                assert snapshot(deal) == before, (
                    f"pop after {move!r} did not restore ply {deal.ply}"
                )
                deal.push(move)
            assert len(moves) < 20_000
        points = deal.outcome.points
        assert len(points) == rules.players
        assert sum(points) == POINT_SUMS[case.game], points

        # The same seed: the same deal, and the same moves give the same deal again.
        again = new_deal(rules, seed, dealer, setup)
        assert again.hash() == start and again.deck == deal.deck
        for move in moves:
            again.push(move)
        assert again.hash() == deal.hash() and again.outcome == deal.outcome

        # Records and pickles round-trip, at the end and half-way.
        middle = new_deal(rules, seed, dealer, setup)
        for move in moves[: len(moves) // 2]:
            middle.push(move)
        for state in (deal, middle):
            record = state.to_record()
            back = ganzdy.from_record(json.dumps(record))
            assert (
                type(back) is type(state)
                and back.hash() == state.hash()
                and back.history == state.history
            )
            unpickled = pickle.loads(pickle.dumps(state))
            assert unpickled.hash() == state.hash() and unpickled.history == state.history
            assert str(unpickled) == str(state)

        # Sampled worlds keep what each seat knows, mid-deal and at the end.
        for state in (middle, deal):
            playing_on = rng.randrange(rules.players)
            for seat in range(rules.players):
                check_world(state, seat, rng.getrandbits(32), seat == playing_on)

        # Undoing every ply goes back to the start.
        while deal.ply:
            deal.pop()
        assert deal.hash() == start


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_same_seed_same_random_game(case: Case) -> None:
    rules = case.rules
    for seed in (1, 2**63 + 5):
        first = new_deal(rules, seed)
        second = new_deal(rules, seed)
        a = play_out(first, random.Random(seed))
        b = play_out(second, random.Random(seed))
        assert a == b and first.hash() == second.hash() and first.outcome == second.outcome
    other = new_deal(rules, 3)
    assert other.deck != new_deal(rules, 4).deck


@pytest.mark.parametrize("case", CASES[:: len(CASES) // 5 or 1], ids=lambda c: c.id)
def test_pop_back_to_the_start_restores_every_snapshot(case: Case) -> None:
    rules = case.rules
    deal = new_deal(rules, 77)
    rng = random.Random(77)
    snapshots = [snapshot(deal)]
    while not deal.is_terminal:
        deal.push(choose(deal, rng))
        snapshots.append(snapshot(deal))
    for expected in reversed(snapshots[:-1]):
        deal.pop()
        assert snapshot(deal) == expected
    with pytest.raises(GanzdyError):
        deal.pop()


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_a_bad_deck_order_is_a_deck_error_quoting_it(game: str) -> None:
    rules = ganzdy.Rules(game)
    for bad, quoted in ((42, "deck=42"), (["3s", 4], r"deck=\['3s', 4\]")):
        with pytest.raises(ganzdy.DeckError, match=f"{quoted} is not a deck order"):
            rules.new_deal(deck=bad)
    with pytest.raises(ganzdy.RulesError, match="give a seed or a deck order, not both"):
        rules.new_deal(seed=1, deck=rules.new_deal(seed=1).deck)


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_legal_moves_index_refuses_what_is_not_a_move(game: str) -> None:
    moves = ganzdy.Rules(game).new_deal(seed=1).legal_moves
    for bad, quoted in (("pass", "'pass'"), (3, "3"), (None, "None")):
        with pytest.raises(
            IllegalMoveError, match=rf"legal_moves.index\({quoted}\): expected a Move"
        ):
            moves.index(bad)
    assert moves.index(moves[len(moves) - 1]) == len(moves) - 1


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_the_rules_describe_the_observation(case: Case) -> None:
    """Every game's observation layout is read through its rules, the same way."""
    rules = case.rules
    version = getattr(ganzdy, f"{case.game.upper()}_OBSERVATION_VERSION")
    assert rules.observation_version == version
    spec, perfect = rules.observation_spec(), rules.observation_spec(perfect=True)
    assert [(s.start, s.stop) for s in perfect[: len(spec)]] == [(s.start, s.stop) for s in spec]
    for layout, shape in (
        (spec, rules.observation_shape),
        (perfect, rules.perfect_observation_shape),
    ):
        assert layout[0].start == 0
        assert all(a.stop == b.start and a.size > 0 for a, b in itertools.pairwise(layout))
        assert shape == (layout[-1].stop,)
    deal = new_deal(rules, 7)
    for seat in range(rules.players):
        assert deal.observation(seat).shape == rules.observation_shape
        assert deal.observation(seat, perfect=True).shape == rules.perfect_observation_shape
    on_class = getattr(type(deal), "observation_spec", None)  # Guandan's and Gouji's own door
    if on_class is not None:
        assert [s.name for s in on_class(perfect=True)] == [s.name for s in perfect]
    assert (
        ganzdy.env.describe(rules)
        .splitlines()[0]
        .endswith(f"{rules.observation_shape[0]} float32 values")
    )


def documented_members() -> list[str]:
    """The members docs/deal.md's table says every deal has (its first column's names)."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "deal.md").read_text(encoding="utf-8")
    table = text.split("## The members", 1)[1].split("\n## ", 1)[0]
    names = []
    for row in table.splitlines():
        if row.startswith("| `"):
            for name in re.findall(r"`([^`]+)`", row.split("|")[1]):
                if not name.startswith("ganzdy."):
                    names.append(name.split("(")[0])
    return names


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_every_documented_member_is_there(game: str) -> None:
    members = documented_members()
    assert len(members) > 25 and "check_invariants" in members
    deal = ganzdy.Rules(game).new_deal(seed=1)
    missing = [m for m in members if not hasattr(deal, m)]
    assert not missing, f"docs/deal.md says every deal has {missing}"
