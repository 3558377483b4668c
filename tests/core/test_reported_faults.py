"""Issue 16's reproducers, each run on the code as quoted there and ending normally or with
a clean error. Each test names its item. Where a reproducer already has a regression test
elsewhere, the test here runs the quoted lines themselves and REFERENCES points to the
fuller test (checked below to exist, so a reference cannot rot)."""

from __future__ import annotations

import ast
import json
import pickle
import random
from pathlib import Path

import pytest

import ganzdy
from ganzdy import records

TESTS = Path(__file__).resolve().parents[1]

# item -> the tests that cover it beyond the quoted reproducer (file::function).
REFERENCES: dict[int, list[str]] = {
    1: [
        "gan_deng_yan/test_impossible_worlds.py::test_the_seat_to_lead_in_a_world_holds_a_legal_lead",
        "gan_deng_yan/test_impossible_worlds.py::test_worlds_at_empty_stock_leads_always_let_the_leader_lead",
    ],
    2: ["core/test_threads.py::test_threads_hammering_one_deal_end_normally"],
    3: [
        "core/test_exit_and_signals.py::test_a_daemon_thread_in_a_long_call_lets_the_interpreter_exit"
    ],
    4: [
        "cli/test_ray_address.py::test_an_unreachable_address_fails_fast",
        "cli/test_ray_address.py::test_the_arena_command_reports_it_without_a_traceback",
    ],
    5: [
        "core/test_exit_and_signals.py::test_ctrl_c_stops_playouts_promptly",
        "core/test_exit_and_signals.py::test_ctrl_c_stops_ismcts_promptly",
        "core/test_exit_and_signals.py::test_ctrl_c_stops_time_vector_env_promptly",
    ],
    6: [
        "gan_deng_yan/test_impossible_worlds.py::test_a_seat_shown_to_hold_all_four_jokers_is_sampled_so"
    ],
    7: [
        "gan_deng_yan/test_impossible_worlds.py::test_a_world_at_ply_0_records_pickles_and_replays_as_itself"
    ],
    8: [
        "core/test_move_text_runs.py::test_a_run_that_does_not_match_its_cards_or_trailing_junk_is_refused"
    ],
    9: [
        "gan_deng_yan/test_impossible_worlds.py::test_apply_refuses_a_declaration_the_game_does_not_have"
    ],
    10: [
        "core/test_python_edge.py::test_hostile_record_text_is_a_short_record_error",
        "core/test_python_edge.py::test_a_record_file_that_is_not_utf8",
        "core/test_python_edge.py::test_numpy_seeds_are_seeds",
        "core/test_python_edge.py::test_counts_are_whole_and_in_range",
        "core/test_python_edge.py::test_a_worker_that_dies_twice_names_what_it_was_playing",
        "core/test_python_edge.py::test_an_interrupted_arena_keeps_the_deals_that_finished",
        "core/test_text_arguments.py::test_a_lone_surrogate_is_a_clean_error_at_every_text_argument",
        "core/test_wrong_types.py::test_a_wrong_type_names_the_argument",
        "cli/test_cli_errors.py::test_replay_of_a_hostile_file",
        "cli/test_cli_errors.py::test_replay_of_a_record_with_too_few_agents",
        "cli/test_cli_errors.py::test_a_person_quitting_an_arena_ends_it_cleanly",
        "cli/test_cli_errors.py::test_sigint_on_arena_prints_and_writes_what_finished",
    ],
    11: [
        "guandan/test_guandan_tribute_twins.py::test_twins_differing_in_who_receives_look_the_same_to_the_payer"
    ],
    12: [
        "guandan/test_guandan_return_twins.py::test_a_hidden_return_is_the_same_to_the_seats_that_did_not_see_it"
    ],
    13: ["contract/test_twin_deals.py::test_a_seat_cannot_tell_twin_deals_apart"],
}


@pytest.mark.parametrize("item", sorted(REFERENCES))
def test_the_referenced_regression_tests_exist(item: int) -> None:
    for reference in REFERENCES[item]:
        path, name = reference.split("::")
        tree = ast.parse((TESTS / path).read_text(encoding="utf-8"))
        names = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        assert name in names, f"item {item}: {reference} is gone"


def test_item_1_a_sampled_world_with_a_stuck_leader() -> None:
    d = ganzdy.Rules("gan_deng_yan").new_deal(seed=1096)
    rng = random.Random(1096)
    while d.ply < 146:
        d.push(rng.choice(list(d.legal_moves)))
    world = d.sample_world(1, seed=29)
    assert world.playout("random", seed=1).over
    if not world.is_terminal:
        info = ganzdy.GanDengYanInformationSet(world)
        assert ganzdy.ismcts(info, iterations=30, seed=1).move in world.legal_moves


def test_item_6_the_gouji_match_that_stopped_in_hand_6() -> None:
    match = ganzdy.GoujiMatch(
        ganzdy.Rules("gouji"), [ganzdy.RandomAgent(116 * 6 + i) for i in range(6)], seed=116
    )
    results = match.run()
    assert len(results) >= 6


def test_item_6_the_gan_deng_yan_deal_whose_sampler_gave_up() -> None:
    deal = ganzdy.play_deal(
        ganzdy.Rules("gan_deng_yan"), [ganzdy.GreedyAgent()] * 4, seed=6914531282968832396, dealer=0
    )
    assert deal.is_terminal


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_item_7_a_world_at_ply_0_records_as_itself(game: str) -> None:
    deal = ganzdy.Rules(game).new_deal(seed=7)
    world = deal.sample_world(0, seed=3)
    again = ganzdy.from_record(world.to_record())
    assert again.to_record() == world.to_record()
    assert [str(again.hand(s)) for s in range(again.players)] == [
        str(world.hand(s)) for s in range(world.players)
    ]
    assert pickle.loads(pickle.dumps(world)).to_record() == world.to_record()


@pytest.mark.parametrize(
    "text",
    ["9s Jc RJ as straight 9-K", "9s Jc RJ as straight 9-Jzzz", "9s Jc RJ as straight 9-J\x00junk"],
)
def test_item_8_what_follows_the_dash_is_read(text: str) -> None:
    with pytest.raises(ganzdy.ParseError, match="9-"):
        ganzdy.Move.parse(text)


def test_item_9_apply_refuses_another_games_declaration() -> None:
    deal = ganzdy.Rules("gan_deng_yan").new_deal(seed=1)
    before = deal.to_record()
    with pytest.raises(ganzdy.GanzdyError, match="tribute"):
        deal.apply(ganzdy.Move("tribute", "", "6s"))
    assert deal.to_record() == before
    assert ganzdy.from_record(deal.to_record()).to_record() == before


def test_item_10_deeply_nested_json_is_a_record_error() -> None:
    with pytest.raises(records.RecordError) as caught:
        records.loads("[" * 100_000 + "]" * 100_000)
    assert len(str(caught.value)) < 400


def test_item_10_a_4300_digit_int_is_a_record_error() -> None:
    record = ganzdy.Rules("gan_deng_yan").new_deal(seed=1).to_record()
    text = json.dumps(record).replace('"seed": 1', '"seed": ' + "9" * 4300, 1)
    with pytest.raises(records.RecordError) as caught:
        records.loads(text)
    assert len(str(caught.value)) < 400


def test_item_10_a_lone_surrogate_is_a_clean_error() -> None:
    for call in (
        lambda: ganzdy.Cards.parse("5s\ud800"),
        lambda: ganzdy.Move.parse("\ud800"),
        lambda: ganzdy.Rules("gan_deng_yan\ud800"),
    ):
        with pytest.raises((TypeError, ganzdy.GanzdyError)) as caught:
            call()
        assert "Unable to cast" not in str(caught.value)
        assert "\\ud800" in str(caught.value)


def test_item_10_a_non_utf8_file_is_a_record_error(tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    path.write_bytes(b'{"game": "gan_deng_yan\xff"}')
    with pytest.raises(records.RecordError):
        records.load(path)


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_item_10_numpy_seeds_and_nan_counts(game: str) -> None:
    np = pytest.importorskip("numpy")
    rules = ganzdy.Rules(game)
    specs = ["random"] * rules.players
    assert ganzdy.Match(rules, specs, seed=np.int64(5)).seed == 5
    count = {"gan_deng_yan": "deals", "guandan": "max_hands", "gouji": "hands"}[game]
    with pytest.raises(ganzdy.GanzdyError):
        ganzdy.Match(rules, specs, **{count: float("nan")})


def test_item_10_a_megabyte_move_text_gives_a_short_message() -> None:
    deal = ganzdy.Rules("gan_deng_yan").new_deal(seed=1)
    for text in ("x" * 2**20, "5s\x00" + "x" * 2**20):
        with pytest.raises(ganzdy.GanzdyError) as caught:
            deal.push(deal.parse_move(text))
        message = str(caught.value)
        assert len(message) < 400 and "\x00" not in message
