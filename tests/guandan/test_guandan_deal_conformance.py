"""Conformance of ganzdy.GuandanDeal on random deals: invariants checked after every ply.

1,200 random deals (150 per option set x 8 sets touching every deal and tribute option) are
played to the end with random legal moves, tribute choices included, from a seeded random.Random;
three in four start from a random previous finishing order (so with a tribute), one in four is the
first hand of a match.

At the start, the tribute is checked against guandan_deal_reference.Tribute, a small reading of
§8.3-§8.6 written independently of the engine: who pays, whether the payers resist, who receives
each card, who leads. After every ply:
  * every card is accounted for: the four hands and the played pile are the 108 cards, and the
    cards played by each seat add up to the pile (and the engine's own check_invariants agrees);
  * in the tribute phases the legal moves are exactly the reference's choices (the payer's highest
    cards without the wilds, the pick, the return cards or the fallback);
  * in play the turn follows the reference model of §6 (next player still in, a trick ends after
    every other player still in has passed in a row, 接风), the pass is legal iff following and
    listed first;
  * on every fifth ply, pop() restores the full snapshot (the printed state, hash, every seat's
    played cards, the tribute) and the move is pushed again.
At the end: the deal ended within 4 + 4 x 108 plies, the finishing order is the model's, and the
outcome (result, upgrade, points summing to zero) follows from it. On every tenth deal: the same
seed and setup replay to the same deal, a record and a pickle replay to the same deal, undoing
every ply restores the start, and sample_world is consistent with what a seat saw (same own hand,
played cards and public tribute; the same observation).
"""

from __future__ import annotations

import os
import pickle
import random
from collections import Counter
from typing import Any

import numpy as np
import pytest

import ganzdy
from ganzdy import Cards, GuandanDeal, Move, Rules
from guandan_deal_reference import PlayModel, Tribute, all_faces, partner

SEED = int(os.environ.get("GD_CONF_SEED", "20261130"))
DEALS_PER_SET = int(os.environ.get("GD_CONF_DEALS", "150"))  # x 8 sets = 1,200 deals

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"level": "7"},
    {"tribute_1_4_payer": "third", "double_tribute_assignment": "first_picks", "level": "K"},
    {
        "tribute_1_4_payer": "none",
        "first_lead_after_tribute": "first_out",
        "jiefeng_to_partner": False,
    },
    {
        "resist_rule": "jokers_total",
        "return_max_rank": "any",
        "return_excludes_level_rank": False,
        "level": "T",
    },
    {"wild_enabled": False, "level": "A", "first_lead_first_hand": "turned_card"},
    {"first_lead_first_hand": "seat0", "upgrade_table": "4-2-1", "level": "5"},
    {"prune_redundant_wild": True, "level": "3", "return_max_rank": "6"},
]

FULL_DECK = Rules("guandan").deck


def counter(cards: Cards) -> Counter[str]:
    return Counter(iter(cards))


def random_finish(rng: random.Random) -> list[int] | None:
    if rng.random() < 0.25:
        return None
    order = rng.sample(range(4), 4)
    if rng.random() < 0.3:
        return order  # all four seats
    return order[:2] if order[1] == partner(order[0]) else order[:3]


def snapshot(d: GuandanDeal) -> tuple[Any, ...]:
    return (
        str(d),
        d.hash(),
        d.ply,
        d.phase,
        d.current_player,
        d.table,
        d.table_owner,
        d.passes,
        tuple(str(d.played_by(s)) for s in range(4)),
        tuple(repr(p) for p in d.tribute),
        tuple(d.finish_order),
        tuple(d.hand_sizes),
    )


def check_cards(d: GuandanDeal, where: str) -> None:
    total = d.played
    by_seat = Cards()
    for s in range(4):
        total = total + d.hand(s)
        by_seat = by_seat + d.played_by(s)
        assert len(d.hand(s)) == d.hand_sizes[s], where
    assert total == FULL_DECK, where
    assert by_seat == d.played, where
    d.check_invariants()


def check_tribute_start(d: GuandanDeal, ref: Tribute | None, where: str) -> None:
    if ref is None:
        assert d.phase == "play" and d.tribute == [] and not d.resisted, where
        return
    assert d.resisted == ref.resisted, where
    if not ref.paid:
        assert d.phase == "play" and d.tribute == [] and d.current_player == ref.first, where
        return
    assert d.phase == "tribute" and [p.payer for p in d.tribute] == ref.payers, where
    assert d.current_player == ref.payers[0], where


def tribute_phase_moves(d: GuandanDeal, ref: Tribute, where: str) -> None:
    """The legal moves of a tribute phase are the reference's choices."""
    seat = d.current_player
    assert seat is not None
    hand = counter(d.hand(seat))
    moves = list(d.legal_moves)
    if d.phase == "tribute":
        expected = [Move("tribute", "", c) for c in ref.tribute_choices(hand)]
    elif d.phase == "pick":
        cards = sorted({p.card for p in d.tribute if p.card is not None}, key=all_faces().index)
        expected = [Move("pick", "", c) for c in cards]
        assert seat == ref.first, where
    else:
        expected = [Move("return", "", c) for c in ref.return_choices(hand)]
    assert moves == expected, where


def check_tribute_done(d: GuandanDeal, ref: Tribute, where: str) -> None:
    """After the returns: receivers and leader as the reference says."""
    cards = [p.card for p in d.tribute]
    assert all(c is not None for c in cards)
    picked = None
    if len(cards) == 2 and ref.options.get("double_tribute_assignment") == "first_picks":
        picked = str(next(m.cards for _, m in d.history if m.kind == "pick"))
    receivers = ref.receivers([c for c in cards if c], picked)
    assert [p.receiver for p in d.tribute] == receivers, where
    assert d.first_leader == ref.leader([c for c in cards if c]), where
    assert d.current_player == d.first_leader, where


def check_world(d: GuandanDeal, seat: int, seed: int, where: str) -> None:
    w = d.sample_world(seat, seed)
    w.check_invariants()
    assert w.hand(seat) == d.hand(seat) and w.played == d.played, where
    assert w.hand_sizes == d.hand_sizes and w.phase == d.phase, where
    assert w.current_player == d.current_player and w.table == d.table, where
    for s in range(4):
        assert w.played_by(s) == d.played_by(s) and w.shown(s) == d.shown(s), where
    assert np.array_equal(w.observation(seat), d.observation(seat)), where
    # A deal of its own: its whole past, the moves the deal's but for the tribute and
    # return cards, which are the world's (the seat's own choices are the real ones).
    assert w.root_ply == 0 and w.seed is None and len(w.history) == d.ply, where
    for (who, mine), (real_who, real) in zip(w.history, d.history, strict=True):
        assert who == real_who and mine.kind == real.kind, where
        assert mine == real or (real.kind in ("tribute", "return") and who != seat), where
    # The world plays on to an end.
    rng = random.Random(seed)
    while not w.is_terminal:
        moves = w.legal_moves
        w.apply(moves[rng.randrange(len(moves))])
    assert w.outcome.over


class Stats:
    def __init__(self) -> None:
        self.deals = 0
        self.resisted = 0
        self.tributes = 0
        self.picks = 0
        self.results: Counter[str] = Counter()
        self.jiefeng = 0


def play_deal(options: dict[str, Any], index: int, stats: Stats) -> None:
    rng = random.Random(f"{SEED}/{sorted(options.items())}/{index}")
    rules = Rules("guandan", **options)
    seed = rng.getrandbits(64)
    previous = random_finish(rng)
    levels = (rng.choice("23456789TJQKA"), rng.choice("23456789TJQKA"))
    d = GuandanDeal(rules, seed, previous_finish=previous, team_levels=levels)
    where = f"deal {index} seed {seed} previous {previous} options {options}"
    assert d.team_levels == levels and d.level == rules.options["level"].value
    full = {o: v.value for o, v in rules.options.items()}
    ref = Tribute(full, [counter(h) for h in d.hands], previous) if previous is not None else None
    check_tribute_start(d, ref, where)
    stats.deals += 1
    stats.resisted += bool(d.resisted)
    stats.tributes += bool(d.tribute)
    model: PlayModel | None = None
    if d.phase == "play":
        model = PlayModel(d.current_player or 0, full["jiefeng_to_partner"])
        assert d.current_player == d.first_leader
    deep = index % 10 == 0
    bound = 4 + 4 * 108
    while not d.is_terminal:
        at = f"{where} ply {d.ply}"
        assert d.ply <= bound, at
        check_cards(d, at)
        seat = d.current_player
        assert seat is not None
        if d.phase != "play":
            assert ref is not None
            tribute_phase_moves(d, ref, at)
        else:
            if model is None:
                assert ref is not None
                check_tribute_done(d, ref, at)
                model = PlayModel(d.current_player or 0, full["jiefeng_to_partner"])
            assert seat == model.current, at
            moves = d.legal_moves
            following = not d.table.is_pass
            assert (moves[0] == Move("pass")) == following, at
        moves = d.legal_moves
        move = moves[rng.randrange(len(moves))]
        if d.phase == "pick":
            stats.picks += 1
        if deep and d.ply % 7 == 3:
            check_world(d, rng.randrange(4), rng.getrandbits(32), at)
        before = snapshot(d) if d.ply % 5 == 0 else None
        phase = d.phase
        d.push(move)
        if before is not None:
            assert d.pop() == move, at
            assert snapshot(d) == before, at
            d.push(move)
        if phase == "play":
            assert model is not None
            if move.is_pass:
                owner = model.table_owner
                model.pass_(seat)
                if (
                    model.table_owner is None
                    and owner is not None
                    and owner in model.out
                    and model.current == partner(owner)
                ):
                    stats.jiefeng += 1
            else:
                model.play(seat, d.hand_sizes[seat] == 0)
    check_cards(d, where)
    assert model is not None and model.over, where
    o = d.outcome
    upgrades = (4, 2, 1) if full["upgrade_table"] == "4-2-1" else (3, 2, 1)
    result, up, points = model.outcome(upgrades)
    assert o.finish_order == model.out and o.over, where
    assert (o.result, o.upgrade, o.points) == (result, up, points), where
    assert o.winning_team == model.out[0] % 2 and sum(o.points) == 0, where
    stats.results[result] += 1
    if deep:
        replayed = GuandanDeal(rules, seed, **d.setup)
        for _, m in d.history:
            replayed.push(m)
        assert replayed.hash() == d.hash() and str(replayed) == str(d), where
        record = d.to_record()
        again = ganzdy.from_record(record)
        assert again.hash() == d.hash() and again.history == d.history, where
        assert again.outcome == d.outcome, where
        assert pickle.loads(pickle.dumps(d)).hash() == d.hash(), where
        start = GuandanDeal(rules, seed, **d.setup)
        while d.history:
            d.pop()
        assert snapshot(d) == snapshot(start), where


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(map(str, o.items())))
def test_random_deals(options: dict[str, Any]) -> None:
    stats = Stats()
    for index in range(DEALS_PER_SET):
        play_deal(options, index, stats)
    assert stats.deals == DEALS_PER_SET
    # Every kind of result and some tribute happens in every set.
    assert set(stats.results) == {"1-2", "1-3", "1-4"}, stats.results
    assert stats.tributes > DEALS_PER_SET // 3
    if options.get("double_tribute_assignment") == "first_picks":
        assert stats.picks > 0
    assert stats.jiefeng > 0


def test_enough_deals() -> None:
    assert DEALS_PER_SET * len(OPTION_SETS) >= 1000


def test_seeds_reproduce_and_differ() -> None:
    rules = Rules("guandan")
    a = GuandanDeal(rules, 7, previous_finish=[0, 2])
    b = GuandanDeal(rules, 7, previous_finish=[0, 2])
    c = GuandanDeal(rules, 8, previous_finish=[0, 2])
    assert a.deck == b.deck and a.hash() == b.hash() and a.deck != c.deck
    # Any Python int is a seed, taken modulo 2**64.
    assert GuandanDeal(rules, -1).deck == GuandanDeal(rules, 2**64 - 1).deck
    assert ganzdy.GuandanDeal(rules, seed=None).seed is not None
