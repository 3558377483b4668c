"""Observations: scripted positions against hand-built vectors, a Python reference
encoder against the C++ on random positions of every preset, and no leaks."""

from __future__ import annotations

import itertools
import random

import numpy as np
import numpy.typing as npt
import pytest

import ganzdy
from ganzdy.env import describe, split
from ganzdy.env.encoding import RANK_SLOTS

KINDS = ["pass", "single", "pair", "triple", "straight", "pairs", "bomb", "king_bomb", "jokers"]
RANKS = "3456789TJQKA2"

PRESETS = [
    ganzdy.Rules("gan_deng_yan", players=2),
    ganzdy.Rules("gan_deng_yan", players=3),
    ganzdy.Rules("gan_deng_yan", players=4),
    ganzdy.Rules("gan_deng_yan", players=5, direction="clockwise"),
    ganzdy.Rules("gan_deng_yan", players=6, end_condition="ranking"),
]


def by_slot(cards: ganzdy.Cards | str) -> list[float]:
    """Counts per rank slot (3..2, BJ, RJ), from the card text."""
    counts = [0.0] * len(RANK_SLOTS)
    for token in str(cards).split():
        slot = token if token in ("BJ", "RJ") else token[0]
        counts[RANK_SLOTS.index(slot)] += 1
    return counts


def one_hot(size: int, index: int | None) -> list[float]:
    out = [0.0] * size
    if index is not None:
        out[index] = 1.0
    return out


def relative_seats(deal: ganzdy.GanDengYanDeal, seat: int) -> list[int]:
    """Seats in turn order from `seat`, following the rules' direction."""
    n = deal.players
    step = -1 if deal.rules.option("direction") == "clockwise" else 1
    return [(seat + step * k) % n for k in range(n)]


def reference(deal: ganzdy.GanDengYanDeal, seat: int, perfect: bool) -> npt.NDArray[np.float32]:
    """The encoding rebuilt from the public Deal API, slice by slice, in the documented order."""
    rules = deal.rules
    n = deal.players
    order = relative_seats(deal, seat)
    hand = deal.hand(seat)
    sizes = deal.hand_sizes
    table = deal.table
    leading = table.is_pass
    owner = deal.table_owner
    plays = [sum(1 for s, m in deal.history if s == t and not m.is_pass) for t in range(n)]
    parts: list[list[float]] = [
        by_slot(hand),
        by_slot(deal.played),
        by_slot(rules.deck - hand - deal.played),
        [float(sizes[s]) for s in order],
        [1.0 if deal.is_out(s) else 0.0 for s in order],
        [float(plays[s]) for s in order],
        [float(deal.stock_size)],
        one_hot(len(KINDS), KINDS.index(table.kind)),
        one_hot(13, None if leading else RANKS.index(table.rank) if table.rank else None),
        [float(len(table.cards))],
        by_slot(table.cards),
        one_hot(n, None if leading or owner is None else order.index(owner)),
        [float(deal.passes)],
        [float(deal.bombs_played)],
        one_hot(n, order.index(deal.dealer)),
        one_hot(n, None if deal.is_terminal else order.index(deal.current_player)),
    ]
    if perfect:
        stock = rules.deck - deal.played
        for s in order:
            parts.append(by_slot(deal.hand(s)))
            stock = stock - deal.hand(s)
        parts.append(by_slot(stock))
    return np.array([x for part in parts for x in part], dtype=np.float32)


def random_positions(rules: ganzdy.Rules, count: int, seed: int) -> list[ganzdy.GanDengYanDeal]:
    """Positions of random deals at random plies, the finished deal included."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        deal = rules.new_deal(seed=rng.randrange(2**32), dealer=rng.randrange(rules.players))
        stop = rng.randrange(80)
        while not deal.is_terminal and deal.ply < stop:
            deal.push(rng.choice(list(deal.legal_moves)))
        out.append(deal)
    return out


def test_scripted_position_from_the_second_seat() -> None:
    rules = ganzdy.Rules("gan_deng_yan", players=3)
    # Dealt round-robin from the dealer (seat 0): seat 0 gets deck[0, 3, 6, 9, 12] and
    # the dealer's extra card deck[15]; seat 1 gets deck[1, 4, ...]; seat 2 deck[2, 5, ...].
    hands = {0: "5s 5h 9c Kd 3s 2h", 1: "6s 7s 8s Jd BJ", 2: "3h 4h Td Qc Ac"}
    top = []
    for k in range(5):
        top += [hands[s].split()[k] for s in range(3)]
    top.append(hands[0].split()[5])
    rest = str(rules.deck - " ".join(top)).split()
    deal = rules.new_deal(deck=top + rest, dealer=0)
    deal.push(deal.parse_move("5s 5h"))

    obs = deal.observation(1)
    assert obs.dtype == np.float32 and obs.shape == rules.observation_shape
    parts = split(rules, obs)
    assert parts["hand"].tolist() == by_slot("6s 7s 8s Jd BJ")
    assert parts["played"].tolist() == by_slot("5s 5h")
    unseen = by_slot(rules.deck - "6s 7s 8s Jd BJ 5s 5h")
    assert parts["unseen"].tolist() == unseen and sum(unseen) == 108 - 7
    # Relative seats from seat 1: itself, then seat 2, then the dealer (seat 0).
    assert parts["hand_sizes"].tolist() == [5, 5, 4]
    assert parts["out"].tolist() == [0, 0, 0]
    assert parts["plays_made"].tolist() == [0, 0, 1]
    assert parts["stock_size"].tolist() == [108 - 16]
    assert parts["table_kind"].tolist() == one_hot(9, KINDS.index("pair"))
    assert parts["table_rank"].tolist() == one_hot(13, RANKS.index("5"))
    assert parts["table_length"].tolist() == [2]
    assert parts["table_cards"].tolist() == by_slot("5s 5h")
    assert parts["table_owner"].tolist() == [0, 0, 1]
    assert parts["passes"].tolist() == [0] and parts["bombs"].tolist() == [0]
    assert parts["dealer"].tolist() == [0, 0, 1]
    assert parts["to_act"].tolist() == [1, 0, 0]

    # Seat 1 passes; from seat 2, seat 1 is now two places on, the dealer one.
    deal.push(ganzdy.Move("pass"))
    parts = split(rules, deal.observation(2))
    assert parts["hand"].tolist() == by_slot("3h 4h Td Qc Ac")
    assert parts["hand_sizes"].tolist() == [5, 4, 5]
    assert parts["table_owner"].tolist() == [0, 1, 0]
    assert parts["dealer"].tolist() == [0, 1, 0]
    assert parts["passes"].tolist() == [1]
    assert parts["to_act"].tolist() == [1, 0, 0]

    perfect = split(rules, deal.observation(2, perfect=True), perfect=True)
    assert perfect["hands"].tolist() == by_slot(hands[2]) + by_slot("9c Kd 3s 2h") + by_slot(
        hands[1]
    )
    assert perfect["stock"].tolist() == by_slot(rules.deck - " ".join(top))


def test_clockwise_rules_order_seats_the_other_way() -> None:
    rules = ganzdy.Rules("gan_deng_yan", players=4, direction="clockwise")
    deal = rules.new_deal(seed=11, dealer=0)
    parts = split(rules, deal.observation(1))
    # Clockwise, the seat after 1 is 0: the dealer sits one place on from seat 1.
    assert parts["dealer"].tolist() == [0, 1, 0, 0]
    assert parts["to_act"].tolist() == [0, 1, 0, 0]


@pytest.mark.parametrize("rules", PRESETS, ids=str)
def test_matches_the_python_reference_on_random_positions(rules: ganzdy.Rules) -> None:
    for i, deal in enumerate(random_positions(rules, 40, seed=rules.players)):
        for seat in range(rules.players):
            for perfect in (False, True):
                got = deal.observation(seat, perfect=perfect)
                want = reference(deal, seat, perfect)
                assert got.tolist() == want.tolist(), (
                    f"position {i} ({deal!r}), seat {seat}, perfect={perfect}: "
                    f"{ {k: v.tolist() for k, v in split(rules, got - want, perfect=perfect).items() if v.any()} }"
                )


@pytest.mark.parametrize("rules", PRESETS, ids=str)
def test_hidden_cards_do_not_change_a_seat_observation(rules: ganzdy.Rules) -> None:
    """Worlds that differ only in what a seat cannot see give it the same observation."""
    for deal in random_positions(rules, 25, seed=100 + rules.players):
        for seat in range(rules.players):
            mine = deal.observation(seat)
            for k in range(3):
                world = deal.sample_world(seat, seed=k)
                assert (world.observation(seat) == mine).all()
            # A world where the hidden cards really moved shows it in the perfect view only.
            moved = [
                w
                for w in (deal.sample_world(seat, seed=k) for k in range(3, 9))
                if any(w.hand(s) != deal.hand(s) for s in range(rules.players))
            ]
            for world in moved:
                assert (world.observation(seat) == mine).all()
                assert (
                    world.observation(seat, perfect=True) != deal.observation(seat, perfect=True)
                ).any()


def test_the_layout_covers_the_vector_and_is_described() -> None:
    for rules in PRESETS:
        for perfect in (False, True):
            spec = rules.observation_spec(perfect=perfect)
            assert spec[0].start == 0
            assert all(a.stop == b.start for a, b in itertools.pairwise(spec))
            assert all(s.size == s.stop - s.start > 0 and s.description for s in spec)
            shape = rules.perfect_observation_shape if perfect else rules.observation_shape
            assert spec[-1].stop == shape[0]
            text = describe(rules, perfect=perfect)
            assert f"v{ganzdy.GAN_DENG_YAN_OBSERVATION_VERSION}" in text and all(s.name in text for s in spec)
    # The imperfect layout is a prefix of the perfect one.
    rules = PRESETS[2]
    deal = rules.new_deal(seed=5)
    n = rules.observation_shape[0]
    assert (deal.observation(2, perfect=True)[:n] == deal.observation(2)).all()


def test_out_buffer_is_written_in_place_and_checked() -> None:
    rules = PRESETS[2]
    deal = rules.new_deal(seed=5)
    buf = np.full(rules.observation_shape, -7.0, dtype=np.float32)
    got = deal.observation(1, out=buf)
    assert np.shares_memory(got, buf) and (buf == deal.observation(1)).all()
    for bad in (
        np.zeros(rules.observation_shape, dtype=np.float64),
        np.zeros((rules.observation_shape[0] + 1,), dtype=np.float32),
        np.zeros((2, rules.observation_shape[0]), dtype=np.float32),
        np.zeros((2 * rules.observation_shape[0],), dtype=np.float32)[::2],
    ):
        before = bad.copy()
        with pytest.raises(ganzdy.GanzdyError, match="float32 array of shape"):
            deal.observation(1, out=bad)
        assert (bad == before).all()
    with pytest.raises(TypeError):
        deal.observation(1, out=[0.0] * rules.observation_shape[0])  # type: ignore[arg-type]


def test_bad_seats_and_finished_deals_raise_clearly() -> None:
    rules = PRESETS[2]
    deal = rules.new_deal(seed=5)
    assert (deal.observation() == deal.observation(deal.current_player)).all()
    for seat in (-1, 4, 2**70):
        with pytest.raises(ganzdy.RulesError, match="not a seat"):
            deal.observation(seat)
    with pytest.raises(TypeError):
        deal.observation("1")  # type: ignore[arg-type]
    rng = random.Random(1)
    while not deal.is_terminal:
        deal.push(rng.choice(list(deal.legal_moves)))
    with pytest.raises(ganzdy.RulesError, match="deal is over"):
        deal.observation()
    assert split(rules, deal.observation(0))["to_act"].tolist() == [0, 0, 0, 0]


def test_split_rejects_a_vector_of_another_layout() -> None:
    with pytest.raises(ValueError, match="expects"):
        split(PRESETS[2], np.zeros(3, dtype=np.float32))
