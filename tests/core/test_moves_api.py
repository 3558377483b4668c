"""Move values and the move-level API of Rules, including its error paths."""

import pickle

import pytest

import ganzdy
from ganzdy import Cards, Move, Rules

RULES = Rules("gan_deng_yan", players=4)


def test_move_is_a_value() -> None:
    m = Move("straight", "3", "5s BJ RJ")
    assert (m.kind, m.rank, m.length, m.cards) == ("straight", "3", 3, Cards("5s BJ RJ"))
    assert repr(m) == "Move('straight', '3', '5s BJ RJ')"
    assert eval(repr(m), {"Move": Move}) == m
    assert str(m) == "5s BJ RJ as straight 3-5"
    assert str(Move("pairs", "4", "4s 4h 5s BJ")) == "4s 4h 5s BJ as pairs 4-5"
    assert str(Move("pass")) == "pass" and Move("pass").is_pass
    assert Move("king_bomb", "", "BJ RJ").is_bomb
    assert hash(m) == hash(Move("straight", "3", Cards("RJ BJ 5s")))
    assert m != Move("straight", "4", "5s BJ RJ")
    assert pickle.loads(pickle.dumps(m)) == m
    assert sorted([Move("pair", "6", "6s 6h"), Move("single", "9", "9s")])[0].kind == "single"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("tripple", "5", "5s 5h 5d"), "unknown move kind 'tripple'"),
        (("single", "X", "5s"), "bad rank 'X' for a single"),
        (("single", "", "5s"), "bad rank '' for a single"),
        (("king_bomb", "5", "BJ RJ"), "a king_bomb has no rank"),
        (("pass", "", "5s"), "a pass plays no cards"),
        (("single", "5", "5x"), "bad card '5x'"),
    ],
)
def test_bad_moves(args: tuple[str, str, str], message: str) -> None:
    with pytest.raises(ganzdy.ParseError, match=message):
        Move(*args)


def test_readings_follow_the_declaration_model() -> None:
    assert {str(m) for m in RULES.readings("5s BJ RJ")} == {
        "5s BJ RJ as triple 5",
        "5s BJ RJ as straight 3-5",
        "5s BJ RJ as straight 4-6",
        "5s BJ RJ as straight 5-7",
    }
    assert RULES.readings("2s BJ") == []
    assert RULES.readings("BJ RJ") == []


def test_legal_moves_accepts_text_or_cards_and_never_includes_pass() -> None:
    text = RULES.legal_moves("4s 5s BJ")
    assert text == RULES.legal_moves(Cards("4s 5s BJ"))
    assert len(text) == 6 and not any(m.is_pass for m in text)
    assert RULES.legal_moves("BJ") == [] and RULES.legal_moves("") == []


def test_beats() -> None:
    five = Move("single", "5", "5s")
    assert RULES.beats(Move("single", "6", "6s"), five)
    assert RULES.beats(Move("single", "2", "2s"), five)
    assert not RULES.beats(Move("single", "7", "7s"), five)
    assert RULES.beats(Move("bomb", "3", "3s 3h 3d BJ"), Move("single", "2", "2s"))
    assert not RULES.beats(Move("bomb", "9", "9s 9h 9d 9c"), Move("bomb", "9", "9s 9h 9d BJ"))


def test_every_error_path_of_the_move_api() -> None:
    with pytest.raises(
        ganzdy.DeckError, match="has 3 x RJ but gan_deng_yan v1, 4 players uses 2 packs"
    ):
        RULES.legal_moves("RJ RJ RJ")
    with pytest.raises(ganzdy.DeckError, match="uses 1 pack"):
        Rules("gan_deng_yan", players=2).legal_moves("5s 5s")
    with pytest.raises(ganzdy.DeckError, match="hand and table move together"):
        RULES.legal_moves("RJ RJ 5s", Move("pair", "4", "4s RJ"))
    with pytest.raises(
        ganzdy.IllegalMoveError, match="table move 5s 5h as triple 5 is not a combination"
    ):
        RULES.legal_moves("6s", Move("triple", "5", "5s 5h"))
    # A move made under other rules: a king bomb is no combination by default.
    with pytest.raises(ganzdy.IllegalMoveError, match="BJ RJ as king_bomb is not a combination"):
        RULES.legal_moves("6s", Move("king_bomb", "", "BJ RJ"))
    with pytest.raises(ganzdy.IllegalMoveError, match="triple 5 is not a combination"):
        Rules("gan_deng_yan", triple_mode="bomb").legal_moves("6s", Move("triple", "5", "5s 5h 5d"))
    with pytest.raises(ganzdy.IllegalMoveError, match="must be a combination, not a pass"):
        RULES.legal_moves("6s", Move("pass"))
    with pytest.raises(ganzdy.IllegalMoveError, match="is not a combination"):
        RULES.beats(Move("single", "6", "7s"), Move("single", "5", "5s"))
    with pytest.raises(ganzdy.ParseError):
        RULES.legal_moves("5s 6")
    with pytest.raises(TypeError):
        RULES.legal_moves(None)  # type: ignore[arg-type]


def test_why_illegal_is_the_validator_of_every_game() -> None:
    assert (
        RULES.why_illegal("5s 7d", Move("single", "6", "6s")) == "the hand 5s 7d does not hold 6s"
    )
    assert RULES.why_illegal("5s 7d", Move("single", "7", "7d"), Move("single", "5", "5d")) == (
        "single 7 does not beat single 5 (only single 6, single 2 or a bomb does)"
    )
    assert RULES.why_illegal("5s 6d", Move("single", "6", "6d"), Move("single", "5", "5d")) is None
    assert (
        Rules("guandan").why_illegal("7d", Move("single", "7", "7d"), Move("single", "5", "5d"))
        is None
    )
    with pytest.raises(ganzdy.IllegalMoveError, match="table move"):
        RULES.why_illegal("5s", Move("single", "5", "5s"), Move("pair", "5", "5d 6d"))
