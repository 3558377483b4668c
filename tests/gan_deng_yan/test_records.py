"""Game records: round trips on random deals of several presets, and tampered records."""

from __future__ import annotations

import copy
import json
import pickle
import random
from pathlib import Path
from typing import Any

import pytest

import ganzdy
from ganzdy import records

PRESETS: list[dict[str, Any]] = [
    {"players": 4},
    {"players": 2},
    {"players": 3, "triple_mode": "bomb"},
    {"players": 5, "end_condition": "ranking", "joker_can_be_two": True},
    {"players": 6, "king_bomb": "small_plus_big", "first_leader": "lowest_card"},
    {"players": 4, "draw_policy": "winner_only", "stuck_leader": "allow_joker_only_final"},
    {"players": 4, "direction": "clockwise", "bomb_weight": True, "score_cap": 50},
]


def random_deal(
    rules: ganzdy.Rules, seed: int | None, rng: random.Random, plies: int | None = None
) -> ganzdy.GanDengYanDeal:
    deal = rules.new_deal(seed=seed, dealer=rng.randrange(rules.players))
    while not deal.is_terminal and (plies is None or deal.ply < plies):
        deal.push(rng.choice(list(deal.legal_moves)))
    return deal


def finished_deal(seed: int = 11) -> ganzdy.GanDengYanDeal:
    return random_deal(ganzdy.Rules("gan_deng_yan", players=4), seed, random.Random(seed))


@pytest.mark.parametrize(
    "options", PRESETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
def test_random_deals_round_trip_to_the_same_state(options: dict[str, Any]) -> None:
    rules = ganzdy.Rules("gan_deng_yan", **options)
    rng = random.Random(repr(options))
    for i in range(12):
        deal = random_deal(rules, rng.getrandbits(64), rng)
        record = records.to_record(deal)
        # JSON-compatible: through text and back without loss.
        assert json.loads(json.dumps(record)) == record
        again = records.loads(records.dumps(deal))
        assert again.hash() == deal.hash()
        assert again.rules == rules and again.seed == deal.seed and again.dealer == deal.dealer
        assert again.history == deal.history
        assert again.outcome.points == deal.outcome.points
        assert again.outcome.finish_order == deal.outcome.finish_order
        assert again.is_terminal and again.outcome.over
        if i % 3 == 0:
            # An explicit deck (seed null) and a deal still in play round-trip too.
            dealt = rules.new_deal(deck=deal.deck, dealer=deal.dealer)
            for _, move in deal.history[: deal.ply // 2]:
                dealt.push(move)
            record = records.to_record(dealt)
            assert record["seed"] is None and record["outcome"]["over"] is False
            assert records.from_record(record).hash() == dealt.hash()


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_random_deals_of_every_game_round_trip_to_the_same_state(game: str) -> None:
    rules = ganzdy.Rules(game)
    rng = random.Random(game)
    for i in range(6):
        deal = ganzdy.match.new_deal(rules, rng.getrandbits(64))
        while not deal.is_terminal:
            deal.push(rng.choice(list(deal.legal_moves)))
        record = records.to_record(deal)
        assert json.loads(json.dumps(record)) == record
        for again in (records.loads(records.dumps(deal)), pickle.loads(pickle.dumps(deal))):
            assert type(again) is type(deal) and again.hash() == deal.hash()
            assert again.rules == rules and again.seed == deal.seed
            assert again.history == deal.history and again.outcome == deal.outcome
        if i % 3 == 0:
            # A deal still in play round-trips too.
            partial = {name: value for name, value in record.items() if name != "outcome"}
            playing = ganzdy.from_record(dict(partial, moves=record["moves"][: deal.ply // 2]))
            assert records.to_record(playing)["outcome"]["over"] is False
            assert pickle.loads(pickle.dumps(playing)).hash() == playing.hash()


def test_record_fields_and_methods_on_deal() -> None:
    deal = finished_deal()
    record = deal.to_record()  # type: ignore[attr-defined]
    assert list(record) == [
        "format",
        "version",
        "game",
        "players",
        "options",
        "seed",
        "dealer",
        "deck",
        "moves",
        "outcome",
    ]
    assert record["format"] == "ganzdy-record" and record["version"] == 1
    assert record["options"] == {n: o.value for n, o in deal.rules.options.items()}
    assert record["deck"] == deal.deck and len(record["moves"]) == deal.ply
    assert record["moves"][0] == str(deal.history[0][1])
    assert set(record["outcome"]) == {"over", "drawn", "winner", "finish_order", "points"}
    assert ganzdy.from_record(record).hash() == deal.hash()
    assert ganzdy.from_record(json.dumps(record)).hash() == deal.hash()
    named = records.to_record(deal, ["a", "b", "c", "d"])
    assert named["agents"] == ["a", "b", "c", "d"]
    with pytest.raises(ganzdy.RecordError, match="agents names 2 seats"):
        records.to_record(deal, ["a", "b"])
    playing = ganzdy.Rules("gan_deng_yan", players=4).new_deal(seed=3)
    playing.push(playing.legal_moves[0])
    with pytest.raises(ganzdy.RecordError, match=r"history=False \(at ply 1\)"):
        records.to_record(playing.copy(history=False))


def test_save_and_load(tmp_path: Path) -> None:
    deal = finished_deal()
    path = tmp_path / "deal.json"
    records.save(deal, path, ["greedy", "random", "random", "random"])
    text = path.read_text(encoding="utf-8")
    assert '"moves": [\n    "' in text  # one move a line
    assert records.load(path).hash() == deal.hash()
    path.write_text(text.replace('"version": 1', '"version": 7'), encoding="utf-8")
    with pytest.raises(ganzdy.RecordError, match=r"deal\.json: record version 7"):
        records.load(path)


def tampered(change: Any, seed: int | None = 11) -> dict[str, Any]:
    deal = finished_deal()
    record = records.to_record(deal)
    if seed is None:
        record["seed"] = None
    record = copy.deepcopy(record)
    change(record)
    return record


def test_duplicated_card_in_the_deck() -> None:
    def duplicate(record: dict[str, Any]) -> None:
        deck = record["deck"]
        deck[5] = deck[4] if deck[4] != deck[5] else deck[3]

    with pytest.raises(ganzdy.DeckError, match=r"^record deck: deck order has more than 2 x"):
        records.from_record(tampered(duplicate, seed=None))
    # With the seed kept, the deck no longer matches its shuffle.
    with pytest.raises(ganzdy.RecordError, match="card 6 is"):
        records.from_record(tampered(duplicate))


def test_missing_card_in_the_deck() -> None:
    with pytest.raises(ganzdy.DeckError, match=r"record deck: .*107 cards .* uses 108; missing"):
        records.from_record(tampered(lambda r: r["deck"].pop(40), seed=None))
    with pytest.raises(ganzdy.RecordError, match="107 cards but the shuffle of seed 11 has 108"):
        records.from_record(tampered(lambda r: r["deck"].pop(40)))


def test_edited_move_names_the_move() -> None:
    deal = finished_deal()
    first = deal.history[0][1]
    # A move of another kind with the same cards: never a reading of them.
    edited = f"{first.cards} as {'single' if first.kind == 'pair' else 'pair'} {first.rank}"

    def edit(record: dict[str, Any]) -> None:
        record["moves"][0] = edited

    with pytest.raises(ganzdy.IllegalMoveError) as caught:
        records.from_record(tampered(edit))
    assert str(caught.value).startswith(f"record move 1 {edited!r}: ")


def test_card_not_in_hand() -> None:
    deal = finished_deal()
    seat, _ = deal.history[0]
    held = deal.rules.new_deal(seed=deal.seed, dealer=deal.dealer).hand(seat)
    absent = next(c for c in ["3s", "3h", "3d", "3c", "4s", "4h"] if c not in held)

    def edit(record: dict[str, Any]) -> None:
        record["moves"][0] = absent

    with pytest.raises(
        ganzdy.IllegalMoveError, match=rf"^record move 1 '{absent}': .* does not hold"
    ):
        records.from_record(tampered(edit))


def test_move_after_the_end_and_garbled_move() -> None:
    deal = finished_deal()
    n = deal.ply
    with pytest.raises(ganzdy.IllegalMoveError, match=rf"^record move {n + 1} 'pass': "):
        records.from_record(tampered(lambda r: r["moves"].append("pass")))
    with pytest.raises(ganzdy.ParseError, match=r"^record move 2 '5x as single 5': bad card"):
        records.from_record(tampered(lambda r: r["moves"].__setitem__(1, "5x as single 5")))
    with pytest.raises(ganzdy.RecordError, match="record move 3 is not move text: 17"):
        records.from_record(tampered(lambda r: r["moves"].__setitem__(2, 17)))


def test_wrong_seed() -> None:
    def reseed(record: dict[str, Any]) -> None:
        record["seed"] += 1

    with pytest.raises(
        ganzdy.RecordError, match=r"does not match the shuffle of seed 12: card \d+ is"
    ):
        records.from_record(tampered(reseed))


def test_outcome_must_agree_with_the_replay() -> None:
    def cheat(record: dict[str, Any]) -> None:
        record["outcome"]["points"] = [0] * 4

    with pytest.raises(ganzdy.RecordError, match="outcome disagrees with the replay: points"):
        records.from_record(tampered(cheat))
    # Dropping moves leaves an unfinished deal that a finished outcome contradicts.
    with pytest.raises(ganzdy.RecordError, match="over is True in the record but False"):
        records.from_record(tampered(lambda r: r["moves"].pop()))


def test_bad_json_and_unknown_format() -> None:
    with pytest.raises(ganzdy.RecordError, match="record is not JSON"):
        records.loads('{"format": "ganzdy-record",')
    with pytest.raises(ganzdy.RecordError, match="a record is a JSON object, not list"):
        records.loads("[1, 2]")
    with pytest.raises(ganzdy.RecordError, match="not a ganzdy record: format is 'pgn'"):
        records.from_record(tampered(lambda r: r.__setitem__("format", "pgn")))
    with pytest.raises(ganzdy.RecordError, match="record has no 'dealer' field"):
        records.from_record(tampered(lambda r: r.pop("dealer")))
    with pytest.raises(ganzdy.RecordError, match="'players' must be a player count, not True"):
        records.from_record(tampered(lambda r: r.__setitem__("players", True)))
    with pytest.raises(ganzdy.RulesError, match=r"^record rules: .*triple_moed"):
        records.from_record(tampered(lambda r: r["options"].__setitem__("triple_moed", "bomb")))
    with pytest.raises(ganzdy.RecordError, match="neither a seed nor a deck"):
        records.from_record(tampered(lambda r: r.pop("deck"), seed=None))
    # A seed alone is enough: the deck is redundant given it.
    assert records.from_record(tampered(lambda r: r.pop("deck"))).hash() == finished_deal().hash()
    assert issubclass(ganzdy.RecordError, ganzdy.GanzdyError)


def test_the_ace_of_spades_before_the_declaration() -> None:
    # 'As' is also the word 'as': the declaration starts at the 'as' before a move kind.
    parse = ganzdy._core.parse_move_text
    assert parse("Js Qh Kd As as straight J-A") == (
        ganzdy.Cards("Js Qh Kd As"),
        ganzdy.Move("straight", "J", "Js Qh Kd As"),
    )
    assert parse("As  as single A") == (ganzdy.Cards("As"), ganzdy.Move("single", "A", "As"))
    assert parse("Qd Kd As BJ") == (ganzdy.Cards("Qd Kd As BJ"), None)
    assert ganzdy.Move.parse("As as single A") == ganzdy.Move("single", "A", "As")
    rules = ganzdy.Rules("gan_deng_yan", players=4)
    rng = random.Random(3)
    for seed in range(200):
        deal = random_deal(rules, seed, rng)
        if any(" As as " in str(move) for _, move in deal.history):
            break
    else:
        pytest.fail("no random deal played the ace of spades in a run")
    assert records.loads(records.dumps(deal)).hash() == deal.hash()
