"""ganzdy.GoujiDeal's Python surface: move text in every phase, copies, pickles, records,
observations, and what a finished hand hands to the next."""

from __future__ import annotations

import copy
import itertools
import json
import pickle
import random

import numpy as np
import pytest

import ganzdy
from ganzdy import (
    GanzdyError,
    GoujiDeal,
    IllegalMoveError,
    Move,
    ParseError,
    RecordError,
    Rules,
)
from ganzdy.records import dumps, from_record, loads
from gouji_decks import make_deal, play

RULES = Rules("gouji")


def played_out(seed: int, plies: int | None = None, **kwargs: object) -> GoujiDeal:
    d = GoujiDeal(RULES, seed, **kwargs)  # type: ignore[arg-type]
    rng = random.Random(seed)
    while not d.is_terminal and (plies is None or d.ply < plies):
        moves = d.legal_moves
        d.push(moves[rng.randrange(len(moves))])
    return d


def test_exports_and_names() -> None:
    for name in ("GoujiDeal", "GoujiOutcome", "GoujiPayment", "GoujiPurchase", "GoujiLegalMoves"):
        assert name in ganzdy.__all__ and hasattr(ganzdy, name)
    assert ganzdy.GOUJI_OBSERVATION_VERSION == 2
    assert GoujiDeal.teams == ((0, 2, 4), (1, 3, 5))
    assert [GoujiDeal.opposite(s) for s in range(6)] == [3, 4, 5, 0, 1, 2]
    assert [GoujiDeal.team(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    d = GoujiDeal(RULES, 1)
    assert d.players == 6 and d.rules == RULES and d.seed == 1 and len(d.deck) == 216
    assert d.setup == {"previous": None, "first_leader": None}
    assert repr(d).startswith("<GoujiDeal ") and "seat 0 (team 0) 36 cards" in str(d)


def test_move_text_in_every_phase() -> None:
    d = make_deal(
        {0: "2 BJ RJ", 3: "3*2"}, exclude={0: "3"}, previous={"places": [1, 3, 4, 5, 2, 0]}
    )
    assert d.phase == "buy"
    move = d.parse_move("BJ")
    assert (move.kind, str(move)) == ("buy", "BJ as buy") and Move.parse("BJ as buy") == move
    with pytest.raises(IllegalMoveError, match="is no 2 and no joker"):
        d.parse_move(str(d.hand(0)).split()[0])
    d.push(move)
    assert d.phase == "return" and d.tribute[0].kind == "luo"
    card = str(d.legal_moves[0].cards)
    assert d.parse_move(card) == d.parse_move(card + " as return")
    while d.phase == "return":
        d.push(d.legal_moves[0])
    assert d.phase == "revolt"
    assert d.parse_move("pass") == Move("pass") and d.parse_move(" PASS ") == Move("pass")
    with pytest.raises(IllegalMoveError, match="revolt phase"):
        d.parse_move("yield")
    with pytest.raises(IllegalMoveError, match="words"):
        d.parse_move("3s")
    for word in ("yield", "revolt", "yaotou", "wutou", "xuandian"):
        m = Move.parse(word)
        assert (m.kind, str(m), repr(m), m.cards.jokers) == (word, word, f"Move('{word}')", 0)
        assert Move(word) == m and pickle.loads(pickle.dumps(m)) == m
    with pytest.raises(ParseError, match="plays no cards"):
        Move.parse("3s as yield")
    with pytest.raises(ParseError, match="plays no cards"):
        Move("revolt", "", "3s")


def test_copies_pickles_and_setup() -> None:
    d = played_out(3, plies=150, previous={"places": [0, 1, 2, 3, 4, 5], "pointed": [2]})
    for other in (d.copy(), copy.copy(d), copy.deepcopy(d), pickle.loads(pickle.dumps(d))):
        assert other.hash() == d.hash() and other.history == d.history
    again = GoujiDeal(RULES, 3, **d.setup)
    for _, move in d.history:
        again.push(move)
    assert again.hash() == d.hash()
    light = d.copy(history=False)
    assert light.root_ply == d.ply and light.history == [] and light.hash() == d.hash()
    with pytest.raises(IllegalMoveError, match="cannot be pickled"):
        pickle.dumps(light)
    with pytest.raises(RecordError, match="history=False"):
        light.to_record()


def test_records() -> None:
    d = played_out(8)
    record = d.to_record(agents=["a", "b", "c", "d", "e", "f"])
    assert (
        record["game"] == "gouji" and record["previous"] is None and record["first_leader"] is None
    )
    assert record["outcome"]["over"] and record["outcome"]["places"] == d.outcome.places
    json.dumps(record)
    again = ganzdy.from_record(record)
    assert again.hash() == d.hash() and from_record(dumps(d)).hash() == d.hash()
    second = played_out(9, previous=d.outcome.result)
    assert ganzdy.from_record(second.to_record()).tribute.__repr__() == repr(second.tribute)
    deck_deal = make_deal({0: "Q*3"})
    deck_deal.push(deck_deal.legal_moves[0])
    assert from_record(deck_deal.to_record()).hash() == deck_deal.hash()
    # One from_record for every game: each record replays into its own game's deal.
    assert isinstance(loads(dumps(d)), GoujiDeal) and loads(dumps(d)).hash() == d.hash()
    gdy = Rules("gan_deng_yan", players=4).new_deal(seed=1)
    assert isinstance(from_record(gdy.to_record()), ganzdy.GanDengYanDeal)
    tampered = dict(record, moves=[*record["moves"][:5], "yield", *record["moves"][6:]])
    with pytest.raises(GanzdyError, match="record move 6"):
        from_record(tampered)
    wrong = dict(record, outcome=dict(record["outcome"], points=[0] * 6))
    with pytest.raises(RecordError, match="outcome disagrees"):
        from_record(wrong)
    with pytest.raises(GanzdyError, match="previous"):
        from_record(dict(record, previous={"places": [0]}))


def test_outcome_feeds_the_next_hand() -> None:
    d = played_out(21)
    o = d.outcome
    assert o.over and not o.void_hand and sorted(o.places) == list(range(6))
    assert sum(o.points) == 0 and sum(o.team_points) == 0
    assert o.result["places"] == o.places and o == d.outcome
    assert "GoujiOutcome(over=True" in repr(o)
    nxt = GoujiDeal(RULES, 22, previous=o.result)
    assert nxt.previous is not None and nxt.previous["places"] == o.places
    unfinished = played_out(21, plies=30).outcome
    assert (
        not unfinished.over
        and unfinished.result["places"] == []
        and unfinished.winning_team is None
    )


def test_observations() -> None:
    d = played_out(5, plies=200)
    spec = GoujiDeal.observation_spec()
    assert spec[0].start == 0
    for a, b in itertools.pairwise(spec):
        assert a.start + a.size == b.start
    size = spec[-1].start + spec[-1].size
    assert GoujiDeal.observation_shape() == (size,)
    perfect = GoujiDeal.observation_spec(perfect=True)
    assert perfect[-1].name == "hands" and GoujiDeal.observation_shape(perfect=True) == (size + 90,)
    slices = {s.name: s for s in spec}
    seat = d.current_player
    assert seat is not None
    obs = d.observation()
    assert obs.dtype == np.float32 and obs.shape == (size,)
    hand = obs[slices["hand"].start : slices["hand"].start + 54]
    assert int(hand.sum()) == d.hand_sizes[seat]
    assert obs[slices["to_act"].start] == 1.0  # the observer is position 0
    out = np.empty(size, dtype=np.float32)
    assert d.observation(seat, out=out) is not None and (out == obs).all()
    with pytest.raises(GanzdyError):
        d.observation(seat, out=np.empty(3, dtype=np.float32))
    # Other hands are hidden: a sampled world looks the same to the seat.
    world = d.sample_world(seat, 1)
    assert (world.observation(seat) == obs).all()
    assert not (world.observation(seat, perfect=True) == d.observation(seat, perfect=True)).all()


def test_team_sees_small_hands() -> None:
    rules = Rules("gouji", team_sees_small_hands=True)
    d = make_deal({0: "RJ 6*16 RJ 7*10 3*2 9*2 5*4"}, rules=rules)
    while d.phase != "play":
        d.push(d.legal_moves[0])
    spec = {s.name: s for s in GoujiDeal.observation_spec()}
    start = spec["teammate_hands"].start
    assert d.observation(2)[start : start + 30].sum() == 0  # 36 cards: not shown
    play(d, 0, "RJ 6*16")
    play(d, 0, "RJ 7*10")
    assert d.hand_sizes[0] == 8
    shown = d.observation(2)[start + 15 : start + 30]  # seat 0 is seat 2's teammate at position 4
    assert shown.sum() == 8
    world = d.sample_world(2, 4)
    assert world.hand(0) == d.hand(0)
