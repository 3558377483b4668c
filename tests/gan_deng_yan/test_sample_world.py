"""Determinization: GanDengYanDeal.sample_world keeps what the seat saw and deals the rest uniformly."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

import ganzdy

PRESETS = [
    ganzdy.Rules("gan_deng_yan", players=2),
    ganzdy.Rules("gan_deng_yan", players=4),
    ganzdy.Rules("gan_deng_yan", players=5, direction="clockwise", end_condition="ranking"),
]


def play_randomly(deal: ganzdy.GanDengYanDeal, plies: int, rng: random.Random) -> None:
    for _ in range(plies):
        if deal.is_terminal:
            return
        deal.push(rng.choice(list(deal.legal_moves)))


def stock_of(deal: ganzdy.GanDengYanDeal) -> list[str]:
    """The stock, next card to draw first."""
    return deal.deck[len(deal.deck) - deal.stock_size :]


def unseen_by(deal: ganzdy.GanDengYanDeal, seat: int) -> ganzdy.Cards:
    return deal.rules.deck - deal.hand(seat) - deal.played


@pytest.mark.parametrize("rules", PRESETS, ids=str)
def test_a_sample_keeps_everything_the_seat_has_seen(rules: ganzdy.Rules) -> None:
    rng = random.Random(rules.players)
    for _ in range(30):
        deal = rules.new_deal(seed=rng.randrange(2**32), dealer=rng.randrange(rules.players))
        play_randomly(deal, rng.randrange(60), rng)
        seat = rng.randrange(rules.players)
        world = deal.sample_world(seat, seed=rng.randrange(2**32))
        assert world.hand(seat) == deal.hand(seat)
        assert world.played == deal.played and world.hand_sizes == deal.hand_sizes
        assert world.stock_size == deal.stock_size and world.table == deal.table
        assert world.current_player == deal.current_player and world.ply == deal.ply
        assert world.observation(seat).tolist() == deal.observation(seat).tolist()
        # The unseen cards are exactly the other hands and the stock, nothing lost or made up.
        others = sum(
            (world.hand(s) for s in range(rules.players) if s != seat), start=ganzdy.Cards()
        )
        assert others + ganzdy.Cards(" ".join(stock_of(world))) == unseen_by(deal, seat)
        # No seed; the deal's history (all public), and a deck of the world's own: replayed
        # on it, the history deals and draws the world's hands.
        assert world.seed is None and world.history == deal.history and world.root_ply == 0
        replayed = rules.new_deal(deck=world.deck, dealer=world.dealer)
        for _, move in world.history:
            replayed.push(move)
        assert [replayed.hand(s) for s in range(rules.players)] == [
            world.hand(s) for s in range(rules.players)
        ]
        assert replayed.hash() == world.hash()
        # Copied without history, a deal has no past to give: its world has none, and
        # its deck lists the cards outside the stock canonically.
        if deal.ply:
            bare = deal.copy(history=False).sample_world(seat, seed=1)
            assert bare.history == [] and bare.root_ply == deal.ply
            outside = bare.deck[: len(bare.deck) - bare.stock_size]
            assert " ".join(outside) == str(rules.deck - " ".join(stock_of(bare)))
            with pytest.raises(ganzdy.GanzdyError):
                bare.pop()


@pytest.mark.parametrize("rules", PRESETS, ids=str)
def test_a_sample_plays_on_to_a_legal_end(rules: ganzdy.Rules) -> None:
    rng = random.Random(7 + rules.players)
    for _ in range(20):
        deal = rules.new_deal(seed=rng.randrange(2**32))
        play_randomly(deal, rng.randrange(40), rng)
        if deal.is_terminal:
            continue
        world = deal.sample_world(deal.current_player, seed=rng.randrange(2**32))
        play_randomly(world, 10_000, rng)
        assert world.is_terminal and sum(world.outcome.points) == 0
        held = sum((world.hand(s) for s in range(rules.players)), start=ganzdy.Cards())
        assert held + world.played + ganzdy.Cards(" ".join(stock_of(world))) == rules.deck


def test_seeds_reproduce_and_differ() -> None:
    deal = PRESETS[1].new_deal(seed=3)
    play_randomly(deal, 12, random.Random(3))
    a, b, c = (deal.sample_world(1, seed=s) for s in (5, 5, 6))
    assert a.hash() == b.hash() and a.deck == b.deck
    assert a.hash() != c.hash()
    # The seat defaults to the one to act.
    assert deal.sample_world(seed=5).hash() == deal.sample_world(deal.current_player, seed=5).hash()


def chi_square_critical(df: int, z: float = 3.719) -> float:
    """Upper critical value of chi-square with df degrees of freedom at the normal
    quantile z (3.719: p = 1e-4), by the Wilson-Hilferty approximation."""
    h = 2 / (9 * df)
    return df * (1 - h + z * math.sqrt(h)) ** 3


def test_unseen_cards_land_in_each_hidden_place_with_the_expected_frequency() -> None:
    rules = PRESETS[1]
    deal = rules.new_deal(seed=21)
    play_randomly(deal, 30, random.Random(21))
    seat = deal.current_player
    assert seat is not None
    places = [s for s in range(rules.players) if s != seat and deal.hand_sizes[s] > 0]
    sizes = {p: deal.hand_sizes[p] for p in places} | {"stock": deal.stock_size}
    unseen = unseen_by(deal, seat)
    total = len(unseen)
    assert total == sum(sizes.values())
    faces = sorted(set(unseen))
    samples = 3000
    counts: Counter[tuple[str, object]] = Counter()
    for k in range(samples):
        world = deal.sample_world(seat, seed=k)
        for p in places:
            for face in world.hand(p):
                counts[face, p] += 1
        for face in stock_of(world):
            counts[face, "stock"] += 1
    chi2 = 0.0
    for face in faces:
        copies = unseen.count(face)
        for place, size in sizes.items():
            expected = samples * copies * size / total
            chi2 += (counts[face, place] - expected) ** 2 / expected
    df = len(faces) * (len(sizes) - 1)
    assert chi2 < chi_square_critical(df), f"chi-square {chi2:.1f} on {df} degrees of freedom"
    # And the statistic is not suspiciously small either (a sampler that ignored randomness
    # in a balanced way would still fail here).
    assert chi2 > chi_square_critical(df, z=-3.719)


def small_world_position() -> tuple[ganzdy.GanDengYanDeal, int]:
    """A two-player position with at most four unseen cards, stock not yet empty."""
    rules = ganzdy.Rules("gan_deng_yan", players=2)
    rng = random.Random(0)
    for attempt in range(2000):
        deal = rules.new_deal(seed=attempt)
        while not deal.is_terminal:
            seat = deal.current_player
            assert seat is not None
            if (
                deal.stock_size >= 1
                and len(unseen_by(deal, seat)) <= 4
                and deal.hand_sizes[1 - seat] >= 1
            ):
                return deal, seat
            deal.push(rng.choice(list(deal.legal_moves)))
    raise AssertionError("no small position found")


def test_the_real_state_is_one_of_the_equally_likely_samples() -> None:
    deal, seat = small_world_position()
    other = 1 - seat
    real = (str(deal.hand(other)), tuple(stock_of(deal)))
    seen: Counter[tuple[str, tuple[str, ...]]] = Counter()
    for k in range(4000):
        world = deal.sample_world(seat, seed=k)
        seen[str(world.hand(other)), tuple(stock_of(world))] += 1
    assert real in seen
    # Every arrangement of the unseen cards over the opponent's hand and the stock
    # order: the count of distinct multiset arrangements, each about equally often.
    unseen = sorted(unseen_by(deal, seat))
    arrangements = {
        (
            str(ganzdy.Cards(" ".join(order[: len(deal.hand(other))]))),
            tuple(order[len(deal.hand(other)) :]),
        )
        for order in _permutations(unseen)
    }
    assert set(seen) == arrangements
    expected = 4000 / len(arrangements)
    assert all(abs(n - expected) < 5 * math.sqrt(expected) for n in seen.values()), seen


def _permutations(items: list[str]) -> list[list[str]]:
    if len(items) <= 1:
        return [items[:]]
    out = []
    for i in range(len(items)):
        for rest in _permutations(items[:i] + items[i + 1 :]):
            out.append([items[i], *rest])
    return out


def test_bad_arguments_raise_and_change_nothing() -> None:
    deal = PRESETS[1].new_deal(seed=1)
    before = deal.hash()
    with pytest.raises(ganzdy.RulesError, match="not a seat"):
        deal.sample_world(9, seed=1)
    with pytest.raises(TypeError):
        deal.sample_world(1, seed="x")  # type: ignore[arg-type]
    assert deal.hash() == before
