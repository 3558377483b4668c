"""ganzdy.GuandanDeal's Python surface: construction, hostile input, moves as text, copies, pickles,
records, observations and determinization."""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from typing import Any

import numpy as np
import pytest

import ganzdy
from ganzdy import (
    Cards,
    DeckError,
    GuandanDeal,
    IllegalMoveError,
    Move,
    ParseError,
    RecordError,
    Rules,
    RulesError,
)
from guandan_deal_reference import build_deck, value

RULES = Rules("guandan")


def played_out(
    seed: int, previous: list[int] | None = None, plies: int | None = None
) -> GuandanDeal:
    d = GuandanDeal(RULES, seed, previous_finish=previous)
    rng = random.Random(seed)
    while not d.is_terminal and (plies is None or d.ply < plies):
        moves = d.legal_moves
        d.push(moves[rng.randrange(len(moves))])
    return d


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"seed": "7"}, RulesError, "seed='7' is not allowed: expected an int"),
        ({"seed": 1.5}, RulesError, r"seed=1\.5 is not allowed"),
        ({"seed": True}, RulesError, "seed=True is not allowed"),
        ({"seed": 1, "deck": "3s"}, RulesError, "give a seed or a deck order, not both"),
        ({"deck": 42}, DeckError, "deck=42 is not a deck order"),
        ({"deck": ["3s", 4]}, DeckError, r"deck=\['3s', 4\] is not a deck order"),
        ({"deck": "3s 3s 3s"}, DeckError, "more than 2 x 3s"),
        ({"deck": "3s 4s"}, DeckError, "deck order has 2 cards but guandan v1"),
        ({"deck": "3s Xx"}, ParseError, "Xx"),
        (
            {"previous_finish": [0, 0]},
            RulesError,
            r"previous_finish=\[0, 0\] is no finishing order",
        ),
        (
            {"previous_finish": [0, 1]},
            RulesError,
            r"previous_finish=\[0, 1\] is no finishing order",
        ),
        (
            {"previous_finish": [0, 2, 1]},
            RulesError,
            r"previous_finish=\[0, 2, 1\] is no finishing",
        ),
        ({"previous_finish": [0]}, RulesError, r"previous_finish=\[0\] is no finishing order"),
        (
            {"previous_finish": [0, 4]},
            RulesError,
            r"previous_finish=\[0, 4\] is no finishing order",
        ),
        ({"previous_finish": "02"}, RulesError, "previous_finish='02' is no finishing order"),
        ({"previous_finish": [0, 2.0]}, RulesError, r"previous_finish=\[0, 2\.0\] is no finishing"),
        ({"previous_finish": [0, 1, 2, 3, 0]}, RulesError, "is no finishing order"),
        ({"first_leader": 4}, RulesError, "first_leader=4 is not allowed: expected a seat"),
        ({"first_leader": "0"}, RulesError, "first_leader='0' is not allowed"),
        ({"turned_position": 108}, RulesError, "turned_position=108 is not allowed"),
        ({"turned_position": 3}, RulesError, "needs first_lead_first_hand='turned_card'"),
        (
            {"previous_finish": [0, 2], "first_leader": 1},
            RulesError,
            "the tribute decides who leads",
        ),
        ({"team_levels": ("2",)}, RulesError, r"team_levels=\('2',\) is not allowed"),
        ({"team_levels": ("2", "1")}, RulesError, r"team_levels=\('2', '1'\) is not allowed"),
        ({"team_levels": "25"}, RulesError, "team_levels='25' is not allowed"),
    ],
)
def test_bad_construction_is_a_value_error_quoting_the_input(
    kwargs: dict[str, Any], error: type[Exception], message: str
) -> None:
    seed = kwargs.pop("seed", 1 if "deck" not in kwargs else None)
    with pytest.raises(error, match=message) as info:
        GuandanDeal(RULES, seed, **kwargs)
    assert isinstance(info.value, ValueError)


def test_a_deck_order_needs_the_first_leader_when_the_rules_draw_it() -> None:
    deck = build_deck({})
    with pytest.raises(RulesError, match="needs first_leader"):
        GuandanDeal(RULES, deck=deck)
    assert GuandanDeal(RULES, deck=deck, first_leader=3).current_player == 3
    d = GuandanDeal(RULES, deck=" ".join(deck), previous_finish=[1, 3])
    assert (
        d.seed is None
        and d.deck == deck
        and [str(h) for h in d.hands] == [str(Cards(" ".join(deck[s::4]))) for s in range(4)]
    )


def test_the_two_deals_refuse_each_others_rules() -> None:
    with pytest.raises(RulesError, match=r"a Guandan deal is ganzdy\.GuandanDeal"):
        ganzdy.GanDengYanDeal(RULES, seed=1)
    with pytest.raises(
        RulesError, match=r"a Gan Deng Yan deal is ganzdy\.GanDengYanDeal: rules\.new_deal\(\)"
    ):
        GuandanDeal(Rules("gan_deng_yan"), 1)
    # One from_record for every game: each record replays into its own game's deal.
    assert isinstance(ganzdy.from_record(played_out(1).to_record()), GuandanDeal)
    gdy = Rules("gan_deng_yan", players=4).new_deal(seed=1)
    assert isinstance(ganzdy.from_record(gdy.to_record()), ganzdy.GanDengYanDeal)


def test_bad_moves_are_refused_with_the_reason_and_change_nothing() -> None:
    d = GuandanDeal(
        RULES, deck=build_deck({1: "As", 3: "Kd"}, fill=(1, 3, 0, 2)), previous_finish=[0, 2]
    )
    before = d.hash()
    for move, message in [
        (Move("single", "A", "As"), "in its tribute phase: seat 1 must pay a tribute card"),
        (Move("tribute", "", "Kd"), "the hand .* does not hold Kd"),
        (Move("tribute", "", "3s 4s"), "a tribute is exactly one card"),
        (Move("return", "", "As"), "must pay a tribute card, a move like 'RJ as tribute'"),
        (Move("pass"), "in its tribute phase"),
    ]:
        with pytest.raises(IllegalMoveError, match=message):
            d.push(move)
        with pytest.raises(IllegalMoveError):
            d.apply(move)
        assert d.why_illegal(move) is not None and not d.is_legal(move)
    assert d.hash() == before and d.ply == 0
    assert d.parse_move("As") == Move("tribute", "", "As")
    with pytest.raises(IllegalMoveError, match="is not legal here"):
        d.parse_move("3s")
    with pytest.raises(ParseError):
        d.parse_move("As as nonsense 3")
    with pytest.raises(IllegalMoveError, match="pop"):
        d.pop()


def test_play_moves_as_text_and_unchecked_apply() -> None:
    d = GuandanDeal(RULES, 11, first_leader=0)
    hand = d.hand(0)
    card = next(iter(hand))
    move = d.parse_move(card)
    assert move.kind == "single" and str(move.cards) == card
    with pytest.raises(IllegalMoveError, match="the leader may not pass"):
        d.push(Move("pass"))
    with pytest.raises(IllegalMoveError, match="the leader may not pass"):
        d.apply(Move("pass"))
    with pytest.raises(IllegalMoveError, match="is not that combination"):
        d.apply(
            Move("pair", "3", "3s 4s")
            if "3s" in hand and "4s" in hand
            else Move("straight", "3", card)
        )
    with pytest.raises(IllegalMoveError, match="tribute is over"):
        d.push(Move("tribute", "", card))
    d.apply(move)
    assert d.current_player == 1 and d.played == Cards(card)


def test_the_api_names() -> None:
    d = played_out(5, [2, 0], plies=12)
    assert d.players == 4 and d.level == "2" and d.team_levels == ("2", "2")
    assert GuandanDeal.partner(1) == 3 and GuandanDeal.team(3) == 1 and GuandanDeal.team(2) == 0
    assert d.previous_finish == [2, 0] and d.previous_first == 2
    assert d.setup == {
        "previous_finish": [2, 0],
        "first_leader": None,
        "turned_position": None,
        "team_levels": None,
    }
    assert repr(d).startswith("<GuandanDeal level 2, ")
    text = str(d)
    assert "tribute: seat 3 pays" in text and "seat 0 (team 0)" in text
    assert len(d.history) == 12 and all(isinstance(m, Move) for _, m in d.history)
    assert [m.kind for _, m in d.history[:4]] == ["tribute", "tribute", "return", "return"]
    lm = d.legal_moves
    assert len(lm) == len(list(lm)) and lm[0] in lm and repr(lm).startswith("<GuandanLegalMoves (")
    for name in ("hand", "played_by", "shown", "is_out"):
        with pytest.raises(RulesError, match="seat=4 is not a seat"):
            getattr(d, name)(4)


def test_copies_and_pickles() -> None:
    d = played_out(9, [1, 3], plies=30)
    c = d.copy()
    assert c.hash() == d.hash() and c.history == d.history
    assert copy.deepcopy(d).hash() == d.hash() and copy.copy(d).hash() == d.hash()
    light = d.copy(history=False)
    assert light.root_ply == 30 and light.history == [] and light.hash() == d.hash()
    with pytest.raises(IllegalMoveError, match="made without history at ply 30"):
        light.pop()
    with pytest.raises(IllegalMoveError, match="cannot be pickled"):
        pickle.dumps(light)
    with pytest.raises(RecordError, match="history=False"):
        light.to_record()
    assert pickle.loads(pickle.dumps(d)).hash() == d.hash()
    light.push(light.legal_moves[0])  # plays on
    assert d.ply == 30


def test_records_round_trip_as_json() -> None:
    from ganzdy import records

    d = played_out(3, [0, 1, 2])
    text = records.dumps(d, ["a", "b", "c", "d"])
    back = ganzdy.from_record(text)
    assert back.hash() == d.hash() and back.outcome == d.outcome
    record = d.to_record()
    assert record["game"] == "guandan" and record["outcome"]["result"] == d.outcome.result
    assert "dealer" not in record and record["previous_finish"] == [0, 1, 2]
    tampered = dict(record, moves=[*record["moves"][:5], "2s 2s 2d 2d as bomb 2"])
    with pytest.raises(IllegalMoveError, match="record move 6"):
        ganzdy.from_record(tampered)
    with pytest.raises(RecordError, match="outcome disagrees"):
        ganzdy.from_record(dict(record, outcome=dict(record["outcome"], upgrade=9)))
    by_deck = dict(record, seed=None)
    assert ganzdy.from_record(by_deck).hash() == d.hash()
    first = GuandanDeal(
        Rules("guandan", first_lead_first_hand="turned_card"),
        deck=build_deck({}),
        turned_position=7,
    )
    assert ganzdy.from_record(first.to_record()).shown(3) == first.shown(3)


def test_observation_layout() -> None:
    spec = GuandanDeal.observation_spec()
    perfect = GuandanDeal.observation_spec(perfect=True)
    assert spec[0].start == 0 and all(a.stop == b.start for a, b in itertools.pairwise(spec))
    assert GuandanDeal.observation_shape() == (spec[-1].stop,)
    assert GuandanDeal.observation_shape(perfect=True) == (perfect[-1].stop,)
    assert [s.name for s in perfect[: len(spec)]] == [s.name for s in spec]
    assert ganzdy.GUANDAN_OBSERVATION_VERSION == 1
    deck = build_deck({1: "As", 3: "Kd"}, fill=(1, 3, 0, 2))
    d = GuandanDeal(RULES, deck=deck, previous_finish=[0, 2], team_levels=("9", "4"))
    at = {s.name: s for s in spec}
    obs = d.observation(1)
    hand = obs[at["hand"].start : at["hand"].stop]
    assert hand.sum() == 27 and obs.dtype == np.float32
    levels = obs[at["team_levels"].start : at["team_levels"].stop]
    # Seat 1 is team 1: its own level (4) first, then the opponents' (9); rank slots 3..A, 2.
    assert np.flatnonzero(levels).tolist() == [1, 13 + 6]
    # The first payer's card is hidden from the others until both have paid.
    d.push(d.legal_moves[0])
    cards = at["tribute_card"]
    assert obs_slice(d.observation(1), cards).sum() == 1  # the payer sees its own
    assert obs_slice(d.observation(3), cards).sum() == 0
    d.push(d.legal_moves[0])
    assert obs_slice(d.observation(3), cards).sum() == 2
    out = np.zeros(GuandanDeal.observation_shape(), np.float32)
    assert d.observation(0, out=out) is not None and np.array_equal(out, d.observation(0))
    with pytest.raises(ganzdy.GanzdyError, match="out must be a writable"):
        d.observation(0, out=np.zeros(3, np.float32))
    full = d.observation(0, perfect=True)
    assert full[perfect[-1].start :].sum() == 108


def obs_slice(obs: np.ndarray[Any, Any], s: ganzdy.ObservationSlice) -> np.ndarray[Any, Any]:
    return obs[s.start : s.stop]


def test_sampled_worlds_keep_what_the_rules_imply() -> None:
    """Across many worlds: a payer never holds a joker above its tribute card or a second big
    joker; the payers never hold jokers that would have resisted; a return card given stays with
    its payer; the seat's own view never changes."""
    checked = 0
    for seed in range(60):
        d = GuandanDeal(RULES, seed, previous_finish=[0, 2])
        if not d.tribute:
            continue
        while d.phase != "play":
            d.push(d.legal_moves[0])
        for seat in range(4):
            for k in range(5):
                w = d.sample_world(seat, 1000 * seed + k)
                assert w.hand(seat) == d.hand(seat)
                for p in w.tribute:
                    assert p.card is not None
                    held = w.hand(p.payer)
                    if p.payer != seat:
                        assert held.count("RJ") == 0
                        if value(p.card, "2") < 16:
                            assert held.count("BJ") == 0
                    if p.receiver == seat:
                        assert p.returned is not None and held.count(p.returned) >= 1
                jokers = [w.hand(p.payer).count("RJ") for p in w.tribute]
                paid = sum(p.card == "RJ" for p in w.tribute)
                assert sum(jokers) + paid < 2
                checked += 1
    assert checked > 500


def test_sample_world_redraws_hidden_choices() -> None:
    d = GuandanDeal(
        RULES, deck=build_deck({1: "As Ah", 3: "Kd"}, fill=(1, 3, 0, 2)), previous_finish=[0, 2]
    )
    d.push(Move("tribute", "", "Ah"))
    cards = {d.sample_world(3, s).tribute[0].card for s in range(40)}
    assert len(cards) > 1  # seat 3 has not seen seat 1's choice
    assert {d.sample_world(1, s).tribute[0].card for s in range(10)} == {"Ah"}
    w = d.sample_world(3, 5)
    w.push(w.legal_moves[0])
    assert w.phase == "return"


def test_observation_table_kind_follows_the_documented_order() -> None:
    order = [
        "pass", "single", "pair", "triple", "full_house", "three_with_one",
        "straight", "tube", "plate", "bomb", "straight_flush", "joker_bomb",
    ]  # fmt: skip
    at = {s.name: s for s in GuandanDeal.observation_spec()}
    assert at["table_kind"].size == len(order)
    d = GuandanDeal(RULES, 21, first_leader=0)
    assert obs_slice(d.observation(0), at["table_kind"]).tolist().index(1.0) == 0
    for move in d.legal_moves:
        if move.kind in ("pair", "bomb", "straight"):
            d.push(move)
            one_hot = obs_slice(d.observation(2), at["table_kind"]).tolist()
            assert one_hot.index(1.0) == order.index(move.kind) and sum(one_hot) == 1
            d.pop()


@pytest.mark.parametrize("cards", ["6h 6h 6h", "6h 6h 6h 6h", "BJ BJ BJ", "5s 5s 5s 5s 6s 6s 6s 6s"])
def test_move_text_with_more_copies_than_two_packs_is_refused(cards: str) -> None:
    """Move text may name more copies of a card than Guandan's two packs hold; the engine
    reads it as no combination (found by the C++ record fuzzer: the generator assumed two
    copies at most and its debug build stopped on an assertion)."""
    deal = GuandanDeal(Rules("guandan"), seed=3)
    before = deal.hash()
    with pytest.raises(ganzdy.IllegalMoveError, match=r"does not hold|no combination"):
        deal.parse_move(cards)
    assert not deal.is_legal(ganzdy.Move("bomb", "6", cards))
    assert deal.hash() == before
