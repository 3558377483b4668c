"""The guandan preset: its options (guandan.md §10), validation, and the move API for its kinds."""

from __future__ import annotations

import pickle

import pytest

import ganzdy
from ganzdy import Cards, Move, Rules

DEFAULTS: dict[str, object] = {
    "level": "2",
    "num_players": 4,
    "decks": 2,
    "first_lead_first_hand": "random",
    "wild_enabled": True,
    "wild_can_be_joker": False,
    "max_bomb_size": 10,
    "straight_len": 5,
    "tube_pairs": 3,
    "plate_triples": 2,
    "ace_low_in_sequences": True,
    "fullhouse_joker_pair": True,
    "three_with_one": False,
    "sf_between_5_and_6": True,
    "pass_reentry": True,
    "jiefeng_to_partner": True,
    "upgrade_table": "3-2-1",
    "cap_at_A": True,
    "a_pass_results": "1-2,1-3",
    "a_fail_limit": 3,
    "a_fail_reset_to": "2",
    "a_win_requires_own_level": True,
    "tribute_enabled": True,
    "tribute_1_4_payer": "last",
    "double_tribute_assignment": "bigger_to_first",
    "return_max_rank": "T",
    "return_excludes_level_rank": True,
    "resist_rule": "both_big_jokers",
    "first_lead_after_tribute": "tribute",
    "prune_redundant_wild": False,
}


def test_defaults_follow_the_rules_file() -> None:
    rules = Rules("guandan")
    assert rules.game == "guandan" and rules.players == 4 and rules.packs == 2
    assert len(rules.deck) == 108 and rules.deck.count("RJ") == 2 and rules.deck.count("5") == 8
    values = {name: opt.value for name, opt in rules.options.items()}
    assert values == DEFAULTS and list(values) == list(DEFAULTS)
    for opt in rules.options.values():
        assert opt.default == opt.value and opt.description and opt.allowed
    assert rules == Rules("guandan", level="2", players=4) == Rules("guandan", level=2)


def test_rules_are_values() -> None:
    a = Rules("guandan", level="T", prune_redundant_wild=True, a_fail_limit=None)
    assert (
        repr(a)
        == "Rules('guandan', players=4, level='T', a_fail_limit=None, prune_redundant_wild=True)"
    )
    assert (
        str(a) == "guandan v1, 4 players, level='T', a_fail_limit=None, prune_redundant_wild=True"
    )
    b = eval(repr(a), {"Rules": Rules})
    assert a == b and hash(a) == hash(b) and pickle.loads(pickle.dumps(a)) == a
    assert a != Rules("guandan", level="T") and Rules("guandan") != Rules("gan_deng_yan", players=4)
    assert repr(Rules("guandan")) == "Rules('guandan', players=4)"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"level": "1"},
            "level='1' is not allowed: expected one of '2', '3', '4', '5', '6', '7', '8', '9', "
            "'T', 'J', 'Q', 'K', 'A'",
        ),
        ({"level": 10}, "level=10 is not allowed: expected one of '2'"),
        ({"players": 5}, "players=5 is not allowed for guandan: expected 4 to 4"),
        ({"num_players": 6}, "num_players=6 is not allowed: expected only 4"),
        ({"decks": 3}, "decks=3 is not allowed: expected only 2"),
        ({"wild_can_be_joker": True}, "wild_can_be_joker=True is not allowed: expected only False"),
        (
            {"ace_low_in_sequences": False},
            "ace_low_in_sequences=False is not allowed: expected only True",
        ),
        (
            {"max_bomb_size": 11},
            "max_bomb_size=11 is not allowed: expected an integer from 8 to 10",
        ),
        ({"straight_len": 4}, "straight_len=4 is not allowed: expected an integer from 5 to 13"),
        ({"tube_pairs": 2}, "tube_pairs=2 is not allowed: expected an integer from 3 to 13"),
        ({"wild_enabled": "yes"}, "wild_enabled='yes' is not allowed: expected True or False"),
        (
            {"a_fail_limit": 0},
            "a_fail_limit=0 is not allowed: expected None or an integer from 1 to 100",
        ),
        ({"a_fail_reset_to": "A"}, "a_fail_reset_to='A' is not allowed: expected one of '2', '3'"),
        ({"return_max_rank": "10"}, "return_max_rank='10' is not allowed: expected one of '2'"),
        ({"tribute_1_4_payer": "first"}, "expected one of 'last', 'third', 'none'"),
        (
            {"upgrade_table": "3-2-2"},
            "upgrade_table='3-2-2' is not allowed: expected one of '3-2-1', '4-2-1'",
        ),
        (
            {"triple_mode": "bomb"},
            "unknown option 'triple_mode' for guandan; allowed options: level, num_players",
        ),
    ],
)
def test_bad_rules_name_the_problem(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ganzdy.RulesError) as info:
        Rules("guandan", **kwargs)  # type: ignore[arg-type]
    assert message in str(info.value)


def test_what_is_not_there_yet_says_so() -> None:
    rules = Rules("guandan")
    with pytest.raises(ganzdy.RulesError, match=r"a Guandan deal is ganzdy\.GuandanDeal"):
        ganzdy.GanDengYanDeal(rules, seed=1)
    for call in (
        lambda: rules.num_moves,
        lambda: rules.move_id(Move("single", "5", "5s")),
    ):
        with pytest.raises(ganzdy.RulesError, match="for Gan Deng Yan only, not for guandan"):
            call()
    # The observation's layout is every game's, through its rules.
    assert rules.observation_shape == ganzdy.GuandanDeal.observation_shape()
    # Batch playouts play Guandan hands (tests/guandan/test_guandan_agents.py).
    assert ganzdy.playouts(rules, 1, seed=1).points.shape == (1, 4)


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Move("straight", "A", "As 2d 3c 4h 5s"), "3c 4h 5s As 2d as straight A-5"),
        (Move("straight_flush", "T", "Ts Js Qs Ks As"), "Ts Js Qs Ks As as straight_flush T-A"),
        (Move("tube", "A", "As Ah 2s 2h 3s 3h"), "3s 3h As Ah 2s 2h as tube A-3"),
        (Move("plate", "K", "Ks Kh Kd As Ah Ad"), "Ks Kh Kd As Ah Ad as plate K-A"),
        (Move("full_house", "6", "6s 6h 6d BJ BJ"), "6s 6h 6d BJ BJ as full_house 6"),
        (Move("three_with_one", "6", "6s 6h 6d RJ"), "6s 6h 6d RJ as three_with_one 6"),
        (Move("single", "", "RJ"), "RJ as single"),
        (Move("pair", "", "BJ BJ"), "BJ BJ as pair"),
        (Move("joker_bomb", "", "BJ BJ RJ RJ"), "BJ BJ RJ RJ as joker_bomb"),
    ],
)
def test_guandan_moves_print_and_parse_back(move: Move, text: str) -> None:
    assert str(move) == text
    assert Move.parse(text) == move
    assert eval(repr(move), {"Move": Move}) == move
    assert pickle.loads(pickle.dumps(move)) == move


def test_move_kinds() -> None:
    assert Move("straight_flush", "3", "3s 4s 5s 6s 7s").is_bomb
    assert Move("joker_bomb", "", "BJ BJ RJ RJ").is_bomb
    assert not Move("plate", "3", "3s 3h 3d 4s 4h 4d").is_bomb
    with pytest.raises(ganzdy.ParseError, match="bad rank '' for a single"):
        Move("single", "", "5s")  # only a joker single goes without a rank
    with pytest.raises(ganzdy.ParseError, match="a joker_bomb has no rank"):
        Move("joker_bomb", "A", "BJ BJ RJ RJ")
    with pytest.raises(ganzdy.ParseError, match="straight_flush, joker_bomb"):
        Move("flush", "3", "3s")
    with pytest.raises(ganzdy.ParseError, match="needs a rank"):
        Move.parse("5s as single")


def test_readings() -> None:
    rules = Rules("guandan", level="3")
    assert [str(m) for m in rules.readings("Ts Jd Qc Ks 3h")] == [
        "3h Ts Jd Qc Ks as straight 9-K",
        "3h Ts Jd Qc Ks as straight T-A",
    ]
    five = Rules("guandan", level="5")
    assert [str(m) for m in five.readings("5h 5h 6s 6s 7s")] == [
        "5h 5h 6s 6s 7s as full_house 6",
        "5h 5h 6s 6s 7s as full_house 7",
    ]
    # Two wilds alone are the level rank's own pair, so they never pair up with a triple of L.
    assert [str(m) for m in five.readings("5s 5d 5c 5h 5h")] == ["5s 5h 5h 5d 5c as bomb 5"]
    assert [m.kind for m in five.readings("6s 6d 6c 5h 5h")] == ["full_house", "bomb"]
    assert five.readings("BJ 5h") == [] and five.readings("BJ RJ") == []
    assert [str(m) for m in five.readings("5h")] == ["5h as single 5"]
    no_wild = Rules("guandan", level="5", wild_enabled=False)
    assert [str(m) for m in no_wild.readings("5h 6s")] == []


def test_beats_climbs_the_bomb_ladder() -> None:
    rules = Rules("guandan", level="9")
    ladder = [
        Move("bomb", "A", "As Ah Ad Ac"),
        Move("bomb", "9", "9s 9s 9d 9c"),  # the level rank tops bombs of its size
        Move("bomb", "3", "3s 3h 3d 3c 3c"),
        Move("straight_flush", "A", "As 2s 3s 4s 5s"),
        Move("straight_flush", "T", "Td Jd Qd Kd Ad"),
        Move("bomb", "3", "3s 3s 3h 3d 3c 3c"),
        Move("bomb", "4", "4s 4s 4h 4h 4d 4d 4c 4c 9h 9h"),
        Move("joker_bomb", "", "BJ BJ RJ RJ"),
    ]
    for i, low in enumerate(ladder):
        for j, high in enumerate(ladder):
            assert rules.beats(high, low) == (j > i), (high, low)
    pair_a = Move("pair", "A", "As Ad")
    assert rules.beats(Move("pair", "9", "9s 9d"), pair_a)
    assert rules.beats(Move("pair", "", "BJ BJ"), Move("pair", "9", "9s 9d"))
    assert not rules.beats(Move("pair", "", "BJ BJ"), Move("pair", "", "BJ BJ"))
    assert rules.beats(Move("pair", "", "RJ RJ"), Move("pair", "", "BJ BJ"))
    assert rules.beats(ladder[0], Move("full_house", "A", "As Ah Ad Ks Kh"))
    assert not rules.beats(
        Move("straight", "2", "2s 3h 4d 5c 6s"), Move("tube", "A", "As Ah 2s 2h 3s 3h")
    )


def test_prune_redundant_wild() -> None:
    table = Move("pair", "A", "Ac Ad")
    exact = Rules("guandan", level="5").legal_moves("5s 5c 5h RJ RJ Ks Ks", table)
    assert [str(m.cards) for m in exact] == ["5s 5c", "5s 5h", "5h 5c", "RJ RJ"]
    pruned = Rules("guandan", level="5", prune_redundant_wild=True).legal_moves(
        "5s 5c 5h RJ RJ Ks Ks", table
    )
    assert [str(m.cards) for m in pruned] == [
        "5s 5c",
        "RJ RJ",
    ]  # a wild only where no natural 5 is left


def test_three_with_one() -> None:
    rules = Rules("guandan", level="2", three_with_one=True)
    moves = [str(m) for m in rules.legal_moves("6s 6h 6d 9c RJ") if m.kind == "three_with_one"]
    assert moves == ["6s 6h 6d 9c as three_with_one 6", "6s 6h 6d RJ as three_with_one 6"]
    assert not [
        m for m in Rules("guandan").legal_moves("6s 6h 6d 9c RJ") if m.kind == "three_with_one"
    ]


def test_longer_runs_by_option() -> None:
    rules = Rules("guandan", level="2", straight_len=6, tube_pairs=4, plate_triples=3)
    moves = rules.legal_moves("3s 4s 5s 5d 6s 7s 8s 8d 9d 9d Td Td Jd Jd")
    runs = {(m.kind, m.rank, m.length): m for m in moves if m.kind != "single"}
    assert str(runs["straight_flush", "3", 6]) == "3s 4s 5s 6s 7s 8s as straight_flush 3-8"
    assert [r for k, r, _ in runs if k == "straight"] == ["3", "4", "5", "6"]  # 7-Q lacks a Q
    assert (
        ("tube", "8", 8) in runs and ("tube", "9", 6) not in runs and ("plate", "9", 9) not in runs
    )
    assert not Rules("guandan").readings("3s 4s 5d 6s 7s 8s")


def test_errors_of_the_move_api() -> None:
    rules = Rules("guandan")
    with pytest.raises(ganzdy.DeckError, match="has 3 x 5s but guandan v1, 4 players uses 2 packs"):
        rules.legal_moves("5s 5s 5s")
    with pytest.raises(ganzdy.DeckError, match="hand and table move together"):
        rules.legal_moves("RJ RJ 5s", Move("single", "", "RJ"))
    with pytest.raises(
        ganzdy.IllegalMoveError, match="table move 5s 6s as pair 5 is not a combination"
    ):
        rules.legal_moves("7s", Move("pair", "5", "5s 6s"))
    with pytest.raises(ganzdy.IllegalMoveError, match="it can be straight_flush A-5"):
        rules.beats(Move("straight", "A", "As 2s 3s 4s 5s"), Move("single", "3", "3s"))
    with pytest.raises(ganzdy.IllegalMoveError, match="is not a combination"):
        rules.beats(
            Move("pairs", "3", "3s 3h 4s 4h"), Move("single", "3", "3s")
        )  # a Gan Deng Yan kind
    assert rules.legal_moves(Cards("2h 2h"), None) == rules.legal_moves("2h 2h")


def test_time_generation_takes_guandan_rules() -> None:
    from ganzdy import _core

    ns, moves = _core.time_generation(Rules("guandan", level="9"), "3s 4s 5s 9h 9h", None, 10, 3)
    assert ns > 0 and moves == 14  # guandan.md G34
    ns, moves = _core.time_generation(
        Rules("guandan"), "4s 4h 4c 4d", Move("straight", "5", "5s 6h 7d 8c 9s"), 10, 3
    )
    assert moves == 1
