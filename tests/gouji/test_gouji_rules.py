"""The gouji preset: its options (gouji.md §11), validation, and the move API for Gouji plays."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

import ganzdy
from ganzdy import Cards, Move, Rules

DEFAULTS: dict[str, object] = {
    "decks": 4,
    "hand_size": 36,
    "biesan": True,
    "buy_three": True,
    "buy_four": False,
    "four_rules": "off",
    "gouji_thresholds": "T5 J4 Q3 K2 A2",
    "beat_mode": "strict",
    "mixed_joker_downgrade": True,
    "restrict_gouji_to_opposite": True,
    "burn_enabled": True,
    "burn_by_teammates": True,
    "burn_priority": "teammates_first",
    "burn_illegal_mode": "forbid",
    "burn_requires_open_point": False,
    "headless_free_response": True,
    "yield_enabled": True,
    "chaos_threshold": 4,
    "lead_after_finished_winner": "next_active",
    "open_point_excludes_twos": True,
    "point_check_time": "first_out",
    "yaotou_grace_plays": 3,
    "dipai_grace": True,
    "revolution": True,
    "void_on_two_revolutions": True,
    "xuandian": False,
    "scoring": "2,1,0,0,-1,-2",
    "no_tribute_after_sweep": True,
    "laogong_same_team": "skip",
    "first_leader": "shangban",
    "remaining_place_order": "fewest_cards",
    "team_sees_small_hands": False,
    "men_immediate_bottom": False,
    "hands_per_match": 8,
}


def test_defaults_follow_the_rules_file() -> None:
    rules = Rules("gouji")
    assert rules.game == "gouji" and rules.players == 6 and rules.packs == 4
    deck = rules.deck
    assert len(deck) == 216 and deck.count("RJ") == 4 and deck.count("BJ") == 4
    assert deck.count("5") == 16 and deck.count("5s") == 4
    values = {name: opt.value for name, opt in rules.options.items()}
    assert values == DEFAULTS and list(values) == list(DEFAULTS)
    for opt in rules.options.values():
        assert opt.default == opt.value and opt.description and opt.allowed
    assert rules == Rules("gouji", players=6) == Rules("gouji", beat_mode="strict")


def test_rules_are_values() -> None:
    a = Rules("gouji", beat_mode="cover", gouji_thresholds="a1 t4", biesan=False)
    assert repr(a) == (
        "Rules('gouji', players=6, biesan=False, gouji_thresholds='T4 A1', beat_mode='cover')"
    )
    assert a.option("buy_three") is False and a.options["buy_three"].default is False
    assert (
        str(a) == "gouji v1, 6 players, biesan=False, gouji_thresholds='T4 A1', beat_mode='cover'"
    )
    b = eval(repr(a), {"Rules": Rules})
    assert a == b and hash(a) == hash(b) and pickle.loads(pickle.dumps(a)) == a
    assert a != Rules("gouji", beat_mode="cover") and Rules("gouji") != Rules("guandan")
    assert repr(Rules("gouji")) == "Rules('gouji', players=6)"
    assert Rules("gouji", gouji_thresholds="").option("gouji_thresholds") == ""


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 4}, "players=4 is not allowed for gouji: expected 6 to 6"),
        ({"decks": 6}, "decks=6 is not allowed: expected only 4"),
        ({"hand_size": 52}, "hand_size=52 is not allowed: expected only 36"),
        (
            {"beat_mode": "loose"},
            "beat_mode='loose' is not allowed: expected one of 'strict', 'cover', 'wild', "
            "'two_kill_one'",
        ),
        ({"biesan": "yes"}, "biesan='yes' is not allowed: expected True or False"),
        ({"burn_enabled": False}, "burn_enabled=False is not allowed: expected only True"),
        ({"chaos_threshold": 3}, "chaos_threshold=3 is not allowed: expected only 4"),
        ({"yaotou_grace_plays": 4}, "expected an integer from 0 to 3"),
        ({"hands_per_match": 0}, "expected an integer from 1 to 1000"),
        ({"four_rules": "on"}, "expected one of 'off', 'after_open_point', 'all_at_once'"),
        ({"scoring": "2,1,0,0,-1,-3"}, "expected one of '2,1,0,0,-1,-2', '4,2,0,0,-2,-4'"),
        (
            {"gouji_thresholds": "T5 J4 Q3 K2 22"},
            "gouji_thresholds='T5 J4 Q3 K2 22' is not allowed: expected ranks 3 to A, each at "
            "most once with a count from 1 to 16, like 'T5 J4 Q3 K2 A2'",
        ),
        ({"gouji_thresholds": "T5 T4"}, "gouji_thresholds='T5 T4' is not allowed"),
        ({"gouji_thresholds": "T0"}, "gouji_thresholds='T0' is not allowed"),
        ({"gouji_thresholds": "Q17"}, "gouji_thresholds='Q17' is not allowed"),
        ({"gouji_thresholds": "Q"}, "gouji_thresholds='Q' is not allowed"),
        ({"gouji_thresholds": 5}, "gouji_thresholds=5 is not allowed"),
        ({"buy_three": False}, "buy_three=False conflicts with biesan=True"),
        ({"biesan": False, "buy_three": True}, "buy_three=True conflicts with biesan=False"),
        ({"yield": False}, "unknown option 'yield' for gouji; allowed options: decks, hand_size"),
    ],
)
def test_bad_rules_name_the_problem(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ganzdy.RulesError) as info:
        Rules("gouji", **kwargs)  # type: ignore[arg-type]
    assert message in str(info.value)


def test_every_option_takes_each_allowed_value() -> None:
    for name, opt in Rules("gouji").options.items():
        if opt.allowed.startswith("one of"):
            for choice in opt.allowed.removeprefix("one of ").split(", "):
                value: Any = choice.strip("'")
                assert Rules("gouji", **{name: value}).option(name) == value
        elif opt.allowed == "True or False" and name != "buy_three":
            flipped: Any = not opt.value
            assert Rules("gouji", **{name: flipped}).option(name) is flipped


def test_what_is_not_there_yet_says_so() -> None:
    rules = Rules("gouji")
    with pytest.raises(ganzdy.RulesError, match=r"a Gouji deal is ganzdy\.GoujiDeal"):
        ganzdy.GanDengYanDeal(rules, seed=1)
    with pytest.raises(ganzdy.RulesError, match="for Gan Deng Yan only, not for gouji"):
        rules.num_moves  # noqa: B018 (the property raises)
    # The observation's layout is every game's, through its rules.
    assert rules.observation_shape == ganzdy.GoujiDeal.observation_shape()


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Move("group", "8", "8s 8h 8d BJ BJ"), "8s 8h 8d BJ BJ as group 8"),
        (Move("group", "5", "5s 5s 2h 2d BJ RJ"), "5s 5s 2h 2d BJ RJ as group 5"),
        (Move("group", "2", "2s 2h RJ"), "2s 2h RJ as group 2"),
        (Move("group", "", "BJ RJ RJ"), "BJ RJ RJ as group"),
        (Move("group", "3", "3s 3s 3s 3s 3h"), "3s 3s 3s 3s 3h as group 3"),
    ],
)
def test_gouji_moves_print_and_parse_back(move: Move, text: str) -> None:
    assert str(move) == text
    assert Move.parse(text) == move
    assert eval(repr(move), {"Move": Move}) == move
    assert pickle.loads(pickle.dumps(move)) == move
    assert not move.is_bomb and move.length == len(move.cards)


def test_move_errors() -> None:
    with pytest.raises(ganzdy.ParseError, match="a group has no rank"):
        Move("group", "5", "BJ RJ")
    with pytest.raises(ganzdy.ParseError, match="bad rank '' for a group"):
        Move("group", "", "5s BJ")
    with pytest.raises(ganzdy.ParseError, match="joker_bomb, group"):
        Move("gouji", "5", "5s")


def test_readings_and_classify() -> None:
    rules = Rules("gouji")
    assert [str(m) for m in rules.readings("RJ 9s 9h 2c BJ")] == ["9s 9h 2c BJ RJ as group 9"]
    assert (
        rules.readings("8s 9s") == [] and rules.readings("3s 2s") == [] and rules.readings("") == []
    )
    assert [str(m) for m in Rules("gouji", biesan=False).readings("3s 2s")] == ["3s 2s as group 3"]
    play = rules.classify("RJ BJ 2s 2h 5s 5h 5d 5c")
    assert (play.rank, play.naturals, play.twos, play.small_jokers, play.big_jokers) == (
        "5",
        4,
        2,
        1,
        1,
    )
    assert play.vector == [
        "BJ",
        "BJ",
        "5",
        "5",
        "5",
        "5",
        "5",
        "5",
    ]  # the mixed jokers count as small
    assert play.is_gouji and not play.opens_point
    assert play.move == Move("group", "5", "5s 5h 5d 5c 2s 2h BJ RJ")
    assert repr(play) == (
        "GoujiPlay('5s 5h 5d 5c 2s 2h BJ RJ as group 5', vector='BJ BJ 5 5 5 5 5 5', "
        "is_gouji=True, opens_point=False)"
    )
    assert Rules("gouji", mixed_joker_downgrade=False).classify("RJ BJ 5s").vector == [
        "RJ",
        "BJ",
        "5",
    ]
    assert rules.classify("2s 2h").rank == "2" and rules.classify("BJ RJ").rank == ""
    assert Rules("gouji", open_point_excludes_twos=False).classify("2s 2h").opens_point
    with pytest.raises(ganzdy.IllegalMoveError, match="it has 8 and 9"):
        rules.classify("8s 9s")
    with pytest.raises(
        ganzdy.IllegalMoveError, match="3s are played alone, never with 2s or jokers"
    ):
        rules.classify("3s 3h RJ")
    with pytest.raises(ganzdy.IllegalMoveError, match="no cards are no play"):
        rules.classify("")


def test_thresholds_option() -> None:
    rules = Rules("gouji", gouji_thresholds="96 A3")
    assert [
        rules.classify(c).is_gouji
        for c in ("9s 9h 9d 9c 9s 9h", "9s 9h 9d 9c 2s", "As As", "Ks Ks")
    ] == [
        True,
        False,
        False,
        False,
    ]
    assert Rules("gouji", gouji_thresholds="").classify("As As As As").is_gouji is False
    assert Rules("gouji", gouji_thresholds="").classify("2s").is_gouji


def test_biesan_leads_and_follows() -> None:
    rules = Rules("gouji")
    assert [str(m) for m in rules.legal_moves("3s 3h 9d")] == ["9d as group 9"]
    assert [str(m) for m in rules.legal_moves("3s 3h")] == ["3s 3h as group 3"]
    assert rules.legal_moves("3s 3h", Move("group", "3", "3d")) == []  # 3s never beat anything
    assert rules.why_illegal("3s 3h 9d", Move("group", "3", "3s 3h")) == (
        "under 憋三 (biesan=True) 3s are played only as the final play, all of them at once, but "
        "the hand holds 1 more card"
    )
    free = Rules("gouji", biesan=False)
    assert len(free.legal_moves("3s 3h 9d")) == 3
    assert [str(m) for m in free.legal_moves("3s 3h 2d", Move("group", "2", "2s"))] == []
    assert [str(m) for m in free.legal_moves("4s 3h 2d", Move("group", "3", "3s 3s"))] == [
        "4s 2d as group 4"
    ]


def test_four_rules() -> None:
    after = Rules("gouji", four_rules="after_open_point")
    assert [str(m) for m in after.legal_moves("4s 4h 9d")] == ["9d as group 9"]
    assert len(after.legal_moves("4s 4h 9d", opened_point=True)) == 3
    assert after.why_illegal("4s 4h 9d", Move("group", "4", "4s")) == (
        "under four_rules='after_open_point' 4s are played only after opening a point"
    )
    assert after.why_illegal("4s 4h 9d", Move("group", "4", "4s"), opened_point=True) is None
    once = Rules("gouji", four_rules="all_at_once")
    assert [str(m) for m in once.legal_moves("4s 4h 2d")] == ["4s 4h as group 4", "2d as group 2"]
    assert once.readings("4s 2d") == []
    assert "4s are played all at once, and the hand holds 2" in str(
        once.why_illegal("4s 4h 2d", Move("group", "4", "4s"))
    )


def test_why_illegal() -> None:
    rules = Rules("gouji")
    table = Move("group", "8", "8s 8h 8d BJ BJ")
    assert rules.why_illegal("9s 9h 9d RJ RJ", Move("group", "9", "9s 9h 9d RJ RJ"), table) is None
    assert rules.why_illegal("9s 9h 9d BJ BJ", Move("group", "9", "9s 9h 9d BJ BJ"), table) == (
        "9s 9h 9d BJ BJ as group 9 does not beat 8s 8h 8d BJ BJ as group 8 (vectors BJ BJ 9 9 9 "
        "against BJ BJ 8 8 8): an answer has the same size and a higher card in every place"
    )
    assert "does not hold 9c" in str(rules.why_illegal("9s", Move("group", "9", "9c")))
    assert rules.why_illegal("9s 2s", Move("group", "2", "9s 2s")) == (
        "9s 2s as group 2 is a wrong declaration: these cards are 9s 2s as group 9"
    )
    assert rules.why_illegal("9s", Move("pass")) == "the leader may not pass"
    assert rules.why_illegal("9s", Move("pass"), table) is None
    with pytest.raises(ganzdy.RulesError, match="opened_point is a Gouji player's state"):
        Rules("guandan").legal_moves("5s", opened_point=True)


def test_beats_api() -> None:
    rules = Rules("gouji")
    assert rules.beats(Move("group", "9", "9s 9h 9d"), Move("group", "8", "8s 8h 8d"))
    assert not rules.beats(Move("group", "9", "9s 9h"), Move("group", "8", "8s 8h 8d"))
    kill = Rules("gouji", beat_mode="two_kill_one")
    assert kill.beats(Move("group", "", "RJ RJ"), Move("group", "", "RJ"))
    assert kill.beats(Move("group", "9", "9s 9h RJ RJ"), Move("group", "8", "8s 8h RJ"))
    assert not rules.beats(Move("group", "", "RJ RJ"), Move("group", "", "RJ"))
    assert [str(m) for m in kill.legal_moves("RJ RJ 2s", Move("group", "", "RJ"))] == [
        "RJ RJ as group"
    ]
    with pytest.raises(ganzdy.IllegalMoveError, match="is not a combination under gouji v1"):
        rules.beats(Move("group", "9", "9s 8s"), Move("group", "8", "8s"))
    with pytest.raises(ganzdy.IllegalMoveError, match="is not a combination"):
        rules.beats(Move("pair", "9", "9s 9h"), Move("group", "8", "8s 8h"))
    with pytest.raises(ganzdy.RulesError, match="is_gouji: for Gouji only, not for guandan"):
        Rules("guandan").is_gouji(Move("pair", "9", "9s 9h"))
    with pytest.raises(ganzdy.RulesError, match="classify: for Gouji only, not for gan_deng_yan"):
        Rules("gan_deng_yan").classify("9s")


def test_four_packs_and_big_hands() -> None:
    rules = Rules("gouji")
    hand = Cards(" ".join([f"9{s}" for s in "shdc"] * 4) + " 2s 2s 2h BJ RJ RJ")
    moves = rules.legal_moves(hand)
    # 16 nines with 0-3 twos and 2x3 joker choices, 3 pure-2 counts with 6, 5 joker-only plays
    assert len(moves) == 16 * 4 * 6 + 3 * 6 + 5
    biggest = max(moves, key=lambda m: m.length)
    assert biggest.length == 22 and biggest.cards == hand


def test_time_generation_takes_gouji_rules() -> None:
    from ganzdy import _core

    ns, moves = _core.time_generation(
        Rules("gouji"), "8s 8h 2s BJ RJ 9s 9h 9d 9c 9s", Move("group", "7", "7s 7h 7d 7c"), 10, 3
    )
    assert ns > 0 and moves == 12  # gouji.md J11
