"""Card notation and multiset behaviour (design.md §2)."""

import pickle
import random

import pytest

import ganzdy
from ganzdy import Cards

RANKS = "3456789TJQKA2"
SUITS = "shdc"
FACES = [r + s for r in RANKS for s in SUITS] + ["BJ", "RJ"]


def test_parse_is_lenient_and_str_is_canonical() -> None:
    assert str(Cards.parse("5s 5h BJ")) == "5s 5h BJ"
    assert str(Cards.parse("bj5H5S")) == "5s 5h BJ"
    assert str(Cards.parse("10h Ts, 2c")) == "Ts Th 2c"
    assert str(Cards("RJ BJ 2s 3c As")) == "3c As 2s BJ RJ"
    assert str(Cards("")) == ""


def test_round_trip_on_random_multisets() -> None:
    rng = random.Random(7)
    for _ in range(500):
        faces = [rng.choice(FACES) for _ in range(rng.randint(0, 30))]
        counts = {f: faces.count(f) for f in faces}
        faces = [f for f in faces if counts[f] <= 4]
        rng.shuffle(faces)
        text = rng.choice([" ", "", ","]).join(faces)
        cards = Cards.parse(text.lower() if rng.random() < 0.3 else text)
        assert len(cards) == len(faces)
        assert Cards.parse(str(cards)) == cards
        assert sorted(cards, key=FACES.index) == list(cards)
        assert sorted(faces, key=FACES.index) == list(cards)


def test_multiset_operations() -> None:
    a = Cards("5s 5h 6d BJ")
    b = Cards("5s BJ")
    assert a - b == Cards("5h 6d")
    assert b + Cards("5h 6d") == a
    assert b in a and "6d" in a and "7d" not in a and Cards("5s 5s") not in a
    assert a.count("5") == 2 and a.count("5s") == 1 and a.count("BJ") == 1 and a.count("10") == 0
    assert a.jokers == 1
    assert len(a + a) == 8
    assert bool(Cards()) is False
    assert hash(Cards("5s 6h")) == hash(Cards("6h 5s"))
    assert pickle.loads(pickle.dumps(a)) == a


def test_four_copies_is_the_limit() -> None:
    Cards("5s 5s 5s 5s")
    with pytest.raises(ganzdy.ParseError, match="more than 4 copies of 5s"):
        Cards("5s 5s 5s 5s 5s")
    with pytest.raises(ganzdy.DeckError, match="more than 4 copies"):
        Cards("5s 5s 5s") + Cards("5s 5s")


@pytest.mark.parametrize(
    ("text", "token", "where"),
    [
        ("5s Xs", "'Xs'", "card 2, at character 3"),
        ("5", "'5'", "card 1, at character 0"),
        ("5s 1h", "'1h'", "card 2, at character 3"),
        ("5s5z", "'5z'", "card 2, at character 2"),
        ("BK", "'BK'", "card 1, at character 0"),
    ],
)
def test_bad_token_is_named_with_its_position(text: str, token: str, where: str) -> None:
    with pytest.raises(ganzdy.ParseError) as info:
        Cards.parse(text)
    message = str(info.value)
    assert token in message and where in message and repr(text) in message
    assert isinstance(info.value, ValueError)


def test_wrong_types_raise_type_error() -> None:
    with pytest.raises(TypeError):
        Cards(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        _ = Cards("5s") + 3  # type: ignore[operator]


def test_removing_missing_cards_is_an_error() -> None:
    with pytest.raises(ganzdy.DeckError, match="cannot remove 7h from 5s 6h"):
        Cards("5s 6h") - "7h"


def test_a_token_with_a_multibyte_character_is_quoted_whole() -> None:
    # The quoted token is at most four characters, each taken whole: the three-byte 中
    # is never cut (found by fuzzing: the message once failed to decode, then quoted
    # the cut bytes as 'XY\xe4\xb8'). The position counts characters, not bytes.
    with pytest.raises(ganzdy.ParseError, match=r"bad card 'XY中' \(card 2, at character 3\)"):
        Cards.parse("5s XY中")
