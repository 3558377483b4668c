"""Rules as data: presets, options, errors (issue 2 §4)."""

import pickle

import pytest

import ganzdy
from ganzdy import Rules

OPTION_NAMES = [
    "packs",
    "straight_min_len",
    "straight_max_len",
    "pairs_min",
    "pairs_max",
    "twos_in_runs",
    "triple_mode",
    "bomb_min_size",
    "bomb_order",
    "pure_beats_soft",
    "twos_only_single_pair",
    "joker_wild",
    "joker_can_be_two",
    "min_naturals_per_combo",
    "max_jokers_per_combo",
    "king_bomb",
    "king_bomb_rank",
    "initial_hand_size",
    "dealer_extra_cards",
    "first_leader",
    "direction",
    "draw_policy",
    "stuck_leader",
    "end_condition",
    "forbid_final_single_two",
    "must_play_two_first",
    "next_dealer",
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
]


def test_defaults_follow_the_rules_file() -> None:
    rules = Rules("gan_deng_yan", players=4)
    values = {name: opt.value for name, opt in rules.options.items()}
    assert list(values) == OPTION_NAMES
    assert values == {
        "packs": 2,
        "straight_min_len": 3,
        "straight_max_len": 12,
        "pairs_min": 2,
        "pairs_max": 12,
        "twos_in_runs": False,
        "triple_mode": "step",
        "bomb_min_size": 4,
        "bomb_order": "size_then_rank",
        "pure_beats_soft": "none",
        "twos_only_single_pair": False,
        "joker_wild": True,
        "joker_can_be_two": False,
        "min_naturals_per_combo": 1,
        "max_jokers_per_combo": None,
        "king_bomb": "none",
        "king_bomb_rank": "highest",
        "initial_hand_size": 5,
        "dealer_extra_cards": 1,
        "first_leader": "dealer",
        "direction": "counter_clockwise",
        "draw_policy": "all",
        "stuck_leader": "skip_to_next_then_draw",
        "end_condition": "first_out",
        "forbid_final_single_two": False,
        "must_play_two_first": False,
        "next_dealer": "previous_winner",
        "base": 1,
        "joker_factor_once": False,
        "bomb_held_factor": False,
        "two_held_factor": False,
        "shutout_factor": False,
        "shutout_flat": None,
        "bomb_weight": False,
        "multiplier_cap": None,
        "score_cap": None,
        "alarm_exempt": False,
        "additive_bombs": False,
    }
    for opt in rules.options.values():
        assert opt.default == opt.value and opt.description and opt.allowed


@pytest.mark.parametrize(("players", "packs", "deck"), [(2, 1, 54), (3, 2, 108), (6, 2, 108)])
def test_deck_by_player_count(players: int, packs: int, deck: int) -> None:
    rules = Rules("gan_deng_yan", players=players)
    assert rules.packs == packs and len(rules.deck) == deck
    assert rules.deck.count("BJ") == packs and rules.deck.count("5") == 4 * packs


def test_triple_bombs_bring_three_card_bombs() -> None:
    rules = Rules("gan_deng_yan", triple_mode="bomb")
    assert rules.option("bomb_min_size") == 3
    assert rules.options["bomb_min_size"].default == 3
    with pytest.raises(
        ganzdy.RulesError, match="bomb_min_size=4 conflicts with triple_mode='bomb'"
    ):
        Rules("gan_deng_yan", triple_mode="bomb", bomb_min_size=4)
    with pytest.raises(
        ganzdy.RulesError, match="bomb_min_size=3 conflicts with triple_mode='step'"
    ):
        Rules("gan_deng_yan", bomb_min_size=3)


def test_rules_are_values() -> None:
    a = Rules("gan_deng_yan", players=3, triple_mode="bomb", max_jokers_per_combo=2)
    b = eval(repr(a), {"Rules": Rules})
    assert a == b and hash(a) == hash(b)
    assert repr(a) == "Rules('gan_deng_yan', players=3, triple_mode='bomb', max_jokers_per_combo=2)"
    assert repr(Rules("gan_deng_yan", players=4)) == "Rules('gan_deng_yan', players=4)"
    assert a != Rules("gan_deng_yan", players=3)
    assert pickle.loads(pickle.dumps(a)) == a
    assert {a: 1}[b] == 1
    with pytest.raises(AttributeError):
        a.players = 5  # type: ignore[misc]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 7}, "players=7 is not allowed for gan_deng_yan: expected 2 to 6"),
        ({"players": 1}, "players=1 is not allowed"),
        ({"players": "4"}, "players='4' is not allowed: expected an integer"),
        ({"players": 10**30}, "is not allowed for gan_deng_yan"),
        (
            {"tripel_mode": "step"},
            "unknown option 'tripel_mode' for gan_deng_yan; allowed options: packs",
        ),
        ({"triple_mode": "bombs"}, "triple_mode='bombs' is not allowed: expected one of 'step'"),
        ({"triple_mode": 3}, "triple_mode=3 is not allowed"),
        (
            {"straight_min_len": 2},
            "straight_min_len=2 is not allowed: expected an integer from 3 to 13",
        ),
        ({"straight_min_len": 2.5}, "straight_min_len=2.5 is not allowed"),
        ({"straight_min_len": True}, "straight_min_len=True is not allowed"),
        ({"straight_min_len": 10**40}, "is not allowed: expected an integer from 3 to 13"),
        ({"twos_in_runs": 1}, "twos_in_runs=1 is not allowed: expected True or False"),
        ({"max_jokers_per_combo": -1}, "max_jokers_per_combo=-1 is not allowed: expected None or"),
        ({"packs": 3}, "packs=3 is not allowed"),
        ({"straight_min_len": 6, "straight_max_len": 5}, "straight_min_len=6 is greater than"),
        ({"pairs_min": 4, "pairs_max": 3}, "pairs_min=4 is greater than pairs_max=3"),
        (
            {"initial_hand_size": 20, "players": 6},
            "deal 121 cards to 6 players but the deck has 108",
        ),
        (
            {"draw_policy": "everyone"},
            "draw_policy='everyone' is not allowed: expected one of 'all', 'winner_only', 'none'",
        ),
    ],
)
def test_bad_rules_name_the_problem(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ganzdy.RulesError) as info:
        Rules("gan_deng_yan", **kwargs)  # type: ignore[arg-type]
    assert message in str(info.value)
    assert isinstance(info.value, ValueError)


def test_unknown_games() -> None:
    with pytest.raises(
        ganzdy.RulesError,
        match="unknown game 'poker'; available games: 'gan_deng_yan', 'guandan', 'gouji'",
    ):
        Rules("poker")
    assert Rules("gouji").players == 6 and Rules("guandan").players == 4
    assert Rules("gan_deng_yan").players == 4
