"""Scripted deals: the procedure (§8.3 P01-P09) and scoring (§8.4 S01-S07) vectors, end to end.

Each vector in deals.json is a deal from an explicit deck order (top card first) plus a script of
moves. The expectations were worked out by hand from the rules text (see make_deals.py, which
only lays out the deck orders), so they are an oracle independent of the engine. Every step is
checked for more than it names: the player to act, and that each hand changed by exactly the
cards played plus the cards drawn, taken from the top of the stock in the order the vector gives.
Scoring variants replay a vector's script under extra scoring options and check the points.
"""

from __future__ import annotations

import json
import pickle
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import ganzdy

DATA = Path(__file__).parent.parent / "data" / "gan_deng_yan" / "deals.json"

Vector = dict[str, Any]
Key = tuple[str, str, int, tuple[str, ...]]

_CLASSES = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "W", "BJ", "RJ")
_ORDER = {c: i for i, c in enumerate(_CLASSES)}

# The scoring options of §6.2 (plus base) and the deal options of §7: each must be exercised by
# at least one vector or variant, so a new vector set cannot silently drop one.
SCORING_OPTIONS = (
    "base",
    "joker_factor_once",
    "bomb_held_factor",
    "two_held_factor",
    "shutout_factor",
    "shutout_flat",
    "bomb_weight",
    "multiplier_cap",
    "score_cap",
    "alarm_exempt",
    "additive_bombs",
)
DEAL_OPTION_VALUES: tuple[tuple[str, object], ...] = (
    ("packs", 1),
    ("packs", 2),
    ("initial_hand_size", 13),
    ("dealer_extra_cards", 0),
    ("first_leader", "lowest_card"),
    ("direction", "clockwise"),
    ("draw_policy", "winner_only"),
    ("draw_policy", "none"),
    ("stuck_leader", "allow_joker_only_final"),
    ("end_condition", "ranking"),
    ("forbid_final_single_two", True),
    ("must_play_two_first", True),
)


def _load() -> list[Vector]:
    doc = json.loads(DATA.read_text(encoding="utf-8"))
    assert doc["format"] == 1
    vectors: list[Vector] = doc["vectors"]
    return vectors


VECTORS = _load()
VARIANTS = [(v, var) for v in VECTORS for var in v["variants"]]


def move_of(text: str) -> ganzdy.Move:
    """'pass' or '<cards> as <kind> [<rank>[-<rank>]]', built directly (not via parse_move)."""
    if text == "pass":
        return ganzdy.Move("pass")
    cards, sep, decl = text.partition(" as ")
    assert sep, f"move text {text!r} needs a declaration"
    kind, _, rank = decl.partition(" ")
    return ganzdy.Move(kind, rank.split("-")[0], cards)


def key_of(move: ganzdy.Move, colour_matters: bool) -> Key:
    """A move up to the choice of physical cards: kind, rank, length and card classes."""
    classes = []
    for card in move.cards:
        if card in ("BJ", "RJ"):
            classes.append(card if colour_matters else "W")
        else:
            classes.append(card[0])
    classes.sort(key=_ORDER.__getitem__)
    return (move.kind, move.rank, move.length, tuple(classes))


def rules_for(vec: Vector, extra: dict[str, Any] | None = None) -> ganzdy.Rules:
    return ganzdy.Rules(
        "gan_deng_yan", players=vec["players"], **{**vec["options"], **(extra or {})}
    )


def spec_hands(vec: Vector, rules: ganzdy.Rules) -> list[Counter[str]]:
    """§2.3 read literally: one card each from the dealer in the direction of play, then extras."""
    deck = vec["deck"].split()
    n, dealer = vec["players"], vec["dealer"]
    size = int(rules.option("initial_hand_size"))
    extra = int(rules.option("dealer_extra_cards"))
    step = -1 if rules.option("direction") == "clockwise" else 1
    order = [(dealer + step * k) % n for k in range(n)]
    hands: list[Counter[str]] = [Counter() for _ in range(n)]
    for i in range(size * n):
        hands[order[i % n]][deck[i]] += 1
    for i in range(extra):
        hands[dealer][deck[size * n + i]] += 1
    return hands


def hand_of(d: ganzdy.GanDengYanDeal, seat: int) -> Counter[str]:
    return Counter(d.hand(seat))


def check_expect(d: ganzdy.GanDengYanDeal, vec: Vector, exp: dict[str, Any], where: str) -> None:
    colour = vec["options"].get("king_bomb") == "small_plus_big"
    out = d.outcome
    for name, want in exp.items():
        if name == "current":
            assert d.current_player == want, f"{where}: current player"
        elif name == "stock_size":
            assert d.stock_size == want, f"{where}: stock size"
        elif name == "hand_sizes":
            assert d.hand_sizes == want, f"{where}: hand sizes"
        elif name == "hands":
            for seat, cards in want.items():
                got = hand_of(d, int(seat))
                assert got == Counter(cards.split()), (
                    f"{where}: hand of seat {seat} is {d.hand(int(seat))}"
                )
        elif name == "table_owner":
            assert d.table_owner == want, f"{where}: table owner"
            # A trick with no owner is a lead: the table holds no combination.
            assert d.table.is_pass == (want is None), f"{where}: table {d.table!r}"
        elif name == "passes":
            assert d.passes == want, f"{where}: passes"
        elif name == "bombs_played":
            assert d.bombs_played == want, f"{where}: bombs played"
        elif name == "terminal":
            assert d.is_terminal == want and out.over == want, f"{where}: terminal"
        elif name == "drawn":
            assert out.drawn == want, f"{where}: drawn ({out})"
        elif name == "winner":
            assert out.winner == want, f"{where}: winner ({out})"
        elif name == "finish_order":
            assert list(out.finish_order) == want, f"{where}: finish order ({out})"
        elif name == "points":
            assert list(out.points) == want, f"{where}: points ({out})"
        elif name == "legal":
            for text in want:
                assert move_of(text) in d.legal_moves, f"{where}: {text} should be legal"
                keys = {key_of(m, colour) for m in d.legal_moves}
                assert key_of(move_of(text), colour) in keys, f"{where}: {text} not generated"
        elif name == "illegal":
            for text in want:
                m = move_of(text)
                assert m not in d.legal_moves, f"{where}: {text} should be illegal"
                before = d.hash()
                with pytest.raises(ganzdy.IllegalMoveError):
                    d.push(m)
                assert d.hash() == before, f"{where}: a refused {text} changed the deal"
        elif name == "legal_exact":
            got = [key_of(m, colour) for m in d.legal_moves]
            assert len(got) == len(set(got)), f"{where}: duplicate legal moves {got}"
            expected = {key_of(move_of(t), colour) for t in want}
            assert set(got) == expected, f"{where}: legal moves {list(d.legal_moves)}"
            if d.legal_moves and not d.table.is_pass:
                assert d.legal_moves[0].is_pass, f"{where}: the pass must come first"
        elif name == "outcome_consistent":
            assert out.over, f"{where}: not over"
            assert out.drawn == (out.winner is None), (
                f"{where}: drawn={out.drawn} but winner={out.winner} ({out})"
            )
            if out.drawn:
                assert list(out.points) == [0] * vec["players"], (
                    f"{where}: a drawn deal pays ({out})"
                )
            elif d.rules.option("end_condition") == "ranking":
                assert sorted(out.finish_order) == list(range(vec["players"])), (
                    f"{where}: unranked seats ({out})"
                )
        elif name in ("positions", "stock_from", "deck_size"):
            pass  # checked at the start of the deal
        else:
            raise AssertionError(f"{where}: unknown expectation {name!r}")
    assert sum(out.points) == 0, f"{where}: points do not sum to zero ({out})"


def play_step(d: ganzdy.GanDengYanDeal, vec: Vector, i: int, step: dict[str, Any]) -> None:
    where = f"{vec['id']} step {i + 1} ({step['seat']}: {step['move']})"
    assert d.current_player == step["seat"], f"{where}: seat {d.current_player} is to act"
    move = move_of(step["move"])
    n = vec["players"]
    before = [hand_of(d, s) for s in range(n)]
    stock_before = d.stock_size
    d.push(move)
    # Draws: the cards that left the stock, top first, must go to the listed seats in order.
    deck = d.deck
    drawn = deck[len(deck) - stock_before : len(deck) - d.stock_size]
    want = step["expect"].get("draws", [])
    # The cards must match in stock order; the hand check below pins which seat got each one.
    assert drawn == [card for _, card in want], f"{where}: drew {drawn}, expected {want}"
    for s in range(n):
        expected = before[s].copy()
        if s == step["seat"]:
            expected.subtract(Counter(move.cards))
        expected.update(c for seat, c in want if seat == s)
        assert hand_of(d, s) == +expected, f"{where}: hand of seat {s} is {d.hand(s)}"
        assert d.hand_sizes[s] == len(d.hand(s)), f"{where}: hand size of seat {s}"
    check_expect(d, vec, {k: v for k, v in step["expect"].items() if k != "draws"}, where)


def new_deal(vec: Vector, rules: ganzdy.Rules) -> ganzdy.GanDengYanDeal:
    return rules.new_deal(deck=vec["deck"], dealer=vec["dealer"])


def start_deal(vec: Vector, rules: ganzdy.Rules) -> ganzdy.GanDengYanDeal:
    deck = vec["deck"].split()
    where = f"{vec['id']} (start)"
    # The deck must be exactly the rules' deck: 54 cards for 2 players, 108 for 3-6 by default.
    assert len(deck) == 54 * rules.packs, f"{where}: {len(deck)} cards"
    assert Counter(deck) == Counter(rules.deck), f"{where}: not the rules' deck"
    d = new_deal(vec, rules)
    assert d.deck == deck and d.dealer == vec["dealer"] and d.ply == 0
    dealt = spec_hands(vec, rules)
    for seat in range(vec["players"]):
        assert Counter(vec["hands"][seat].split()) == dealt[seat], f"{where}: vector hands vs deck"
        assert hand_of(d, seat) == dealt[seat], f"{where}: seat {seat} dealt {d.hand(seat)}"
    # The stock is the rest of the deck, and the vector's stock cards are on top of it.
    assert d.stock_size == len(deck) - sum(sum(h.values()) for h in dealt), where
    top = len(deck) - d.stock_size
    assert deck[top : top + len(vec["stock"])] == vec["stock"], f"{where}: stock top"
    exp = vec["start"]
    for seat, positions in exp.get("positions", {}).items():
        cards = Counter(deck[p - 1] for p in positions)
        assert hand_of(d, int(seat)) == cards, f"{where}: seat {seat} is not dealt c{positions}"
    if "stock_from" in exp:
        assert top == exp["stock_from"] - 1, f"{where}: the stock starts at c{top + 1}"
    if "deck_size" in exp:
        assert len(d.deck) == exp["deck_size"], where
    assert d.passes == 0 and d.bombs_played == 0 and len(d.played) == 0 and d.history == []
    check_expect(d, vec, exp, where)
    return d


@pytest.mark.parametrize("vec", VECTORS, ids=[v["id"] for v in VECTORS])
def test_deal_vector(vec: Vector) -> None:
    rules = rules_for(vec)
    d = start_deal(vec, rules)
    fresh = d.hash()
    for i, step in enumerate(vec["steps"]):
        play_step(d, vec, i, step)
    # A scripted deal from an explicit deck pickles (the deck order and the moves are replayed).
    back = pickle.loads(pickle.dumps(d))
    assert back.hash() == d.hash() and back.deck == d.deck and back.history == d.history
    assert repr(back.outcome) == repr(d.outcome), f"{vec['id']}: pickled outcome"
    # Undo everything: each pop returns the move made, and ply 0 is the fresh deal again.
    for step in reversed(vec["steps"]):
        assert d.pop() == move_of(step["move"]), f"{vec['id']}: pop order"
    assert d.hash() == fresh and d.ply == 0, f"{vec['id']}: undo does not restore the deal"
    for seat in range(vec["players"]):
        assert Counter(vec["hands"][seat].split()) == hand_of(d, seat)


def _variant_id(vec: Vector, variant: dict[str, Any]) -> str:
    return vec["id"] + ":" + ",".join(f"{k}={v}" for k, v in variant["options"].items())


@pytest.mark.parametrize(
    ("vec", "variant"), VARIANTS, ids=[_variant_id(v, var) for v, var in VARIANTS]
)
def test_scoring_variant(vec: Vector, variant: dict[str, Any]) -> None:
    rules = rules_for(vec, variant["options"])
    d = new_deal(vec, rules)
    for step in vec["steps"]:
        assert d.current_player == step["seat"], f"{vec['id']}: seat {d.current_player} is to act"
        d.push(move_of(step["move"]))
    out = d.outcome
    assert out.over and not out.drawn
    assert list(out.points) == variant["points"], f"{vec['id']} with {variant['options']}: {out}"
    assert sum(out.points) == 0


def test_every_scoring_option_has_a_vector() -> None:
    used = {name for v in VECTORS for var in v["variants"] for name in var["options"]}
    used |= {name for v in VECTORS for name in v["options"]}
    assert set(SCORING_OPTIONS) <= used, (
        f"scoring options without a vector: {set(SCORING_OPTIONS) - used}"
    )
    # The §8.4 vectors themselves.
    ids = {v["id"] for v in VECTORS}
    assert {"S01", "S02", "S03", "S04", "S05", "S06", "S07"} <= ids


def test_every_deal_option_has_a_vector() -> None:
    used = {(name, json.dumps(value)) for v in VECTORS for name, value in v["options"].items()}
    missing = [(n, v) for n, v in DEAL_OPTION_VALUES if (n, json.dumps(v)) not in used]
    assert not missing, f"deal option values without a vector: {missing}"
    # Every §8.3 vector has a scripted deal (P03, P06 and P08 share one as well).
    ids = {v["id"].split("-")[0] for v in VECTORS}
    assert {f"P0{i}" for i in range(1, 10)} <= ids


def test_joker_only_final_lead_as_a_python_move() -> None:
    # P08 with allow_joker_only_final, driven through the Python API rather than the vector text:
    # the jokers-only hand leads Move("jokers", "", <all its jokers>) and nothing less.
    vec = next(v for v in VECTORS if v["id"] == "P08-allow-after-draw")
    d = new_deal(vec, rules_for(vec))
    for step in vec["steps"][:-1]:
        d.push(move_of(step["move"]))
    assert d.current_player == 0 and d.hand(0) == ganzdy.Cards("BJ RJ")
    assert list(d.legal_moves) == [ganzdy.Move("jokers", "", "BJ RJ")]
    assert d.parse_move("BJ RJ") == ganzdy.Move("jokers", "", "BJ RJ")
    for partial in ("BJ", "RJ"):
        with pytest.raises(ganzdy.IllegalMoveError):
            d.push(ganzdy.Move("jokers", "", partial))
    d.push(ganzdy.Move("jokers", "", d.hand(0)))
    assert d.outcome.winner == 0 and list(d.outcome.points) == [8, -8]


def test_jokers_move_is_refused_under_the_default_stuck_leader() -> None:
    # Under the default 'skip' rule a jokers-only hand is never played: the deal is drawn instead.
    vec = next(v for v in VECTORS if v["id"] == "P08-drawn-after-draw")
    d = new_deal(vec, rules_for(vec))
    for step in vec["steps"][:-1]:
        d.push(move_of(step["move"]))
    assert d.current_player == 1 and d.hand(1) == ganzdy.Cards("BJ")
    with pytest.raises(ganzdy.IllegalMoveError):
        d.push(ganzdy.Move("jokers", "", "BJ"))
    d.push(ganzdy.Move("pass"))
    assert d.outcome.drawn and d.outcome.winner is None and len(d.legal_moves) == 0
