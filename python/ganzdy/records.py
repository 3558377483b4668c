"""Game records: one deal as JSON that replays to the same state.

A record holds what decides a deal (rules, seed or deck order, dealer, the moves in
notation) and, for people and for verification, what it came to (the outcome).
Loading replays every move through the engine's checked ``push``, so a record can
never describe a deal the rules do not allow; a tampered record fails with the
move number and text. docs/records.md describes the format field by field.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from ganzdy._core import GanDengYanDeal, GanzdyError, GoujiDeal, GuandanDeal, Rules

FORMAT = "ganzdy-record"
VERSION = 1

# Every record field this version writes, in the order it writes them.
_FIELDS = (
    "format",
    "version",
    "game",
    "players",
    "options",
    "seed",
    "dealer",
    "deck",
    "moves",
    "previous_finish",
    "previous",
    "first_leader",
    "turned_position",
    "team_levels",
    "outcome",
    "agents",
)


class RecordError(GanzdyError):
    """A game record that is malformed or disagrees with its own replay."""


def _outcome_dict(deal: GanDengYanDeal) -> dict[str, Any]:
    outcome = deal.outcome
    return {
        "over": outcome.over,
        "drawn": outcome.drawn,
        "winner": outcome.winner,
        "finish_order": list(outcome.finish_order),
        "points": list(outcome.points),
    }


def _guandan_outcome_dict(deal: GuandanDeal) -> dict[str, Any]:
    outcome = deal.outcome
    return {
        "over": outcome.over,
        "finish_order": list(outcome.finish_order),
        "winning_team": outcome.winning_team,
        "result": outcome.result,
        "upgrade": outcome.upgrade,
        "points": list(outcome.points),
    }


def _json_ready(value: Any) -> Any:
    """Tuples as lists, recursively, so a replayed value compares equal to its JSON."""
    if isinstance(value, (list, tuple)):
        return [_json_ready(item) for item in value]
    if isinstance(value, dict):
        return {key: _json_ready(item) for key, item in value.items()}
    return value


def _gouji_outcome_dict(deal: GoujiDeal) -> dict[str, Any]:
    outcome = deal.outcome
    return {
        "over": outcome.over,
        "void_hand": outcome.void_hand,
        "finish_order": list(outcome.finish_order),
        "places": list(outcome.places),
        "points": list(outcome.points),
        "team_points": list(outcome.team_points),
        "winning_team": outcome.winning_team,
        "sweep_team": outcome.sweep_team,
        "result": _json_ready(outcome.result),
    }


AnyDeal = GanDengYanDeal | GuandanDeal | GoujiDeal


def _outcome_of(deal: AnyDeal) -> dict[str, Any]:
    if isinstance(deal, GuandanDeal):
        return _guandan_outcome_dict(deal)
    if isinstance(deal, GoujiDeal):
        return _gouji_outcome_dict(deal)
    return _outcome_dict(deal)


def to_record(deal: AnyDeal, agents: Sequence[str] | None = None) -> dict[str, Any]:
    """The deal as a JSON-compatible record; ``agents`` optionally names who sat at each seat."""
    if deal.root_ply:
        # A search copy keeps no moves before it was made, so it cannot replay.
        raise RecordError(
            f"a deal copied with history=False (at ply {deal.root_ply}) has no moves "
            "before that ply and cannot be recorded; record the deal it was copied from"
        )
    rules = deal.rules
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": rules.game,
        "players": rules.players,
        # Every option, defaults included, so a record still means the same deal
        # after a later release changes a default.
        "options": {name: option.value for name, option in rules.options.items()},
        "seed": deal.seed,
    }
    if isinstance(deal, (GuandanDeal, GoujiDeal)):
        # What the match supplied, as given: the deal replays from it and the seed or deck.
        record["deck"] = list(deal.deck)
        record["moves"] = [str(move) for _, move in deal.history]
        record.update(_json_ready(deal.setup))
        record["outcome"] = _outcome_of(deal)
    else:
        record["dealer"] = deal.dealer
        record["deck"] = list(deal.deck)
        record["moves"] = [str(move) for _, move in deal.history]
        record["outcome"] = _outcome_dict(deal)
    if agents is not None:
        if len(agents) != rules.players:
            raise RecordError(
                f"agents names {len(agents)} seats but the deal has {rules.players} players"
            )
        record["agents"] = [str(name) for name in agents]
    return record


def _field(record: Mapping[str, Any], name: str, kinds: tuple[type, ...], what: str) -> Any:
    if name not in record:
        raise RecordError(f"record has no {name!r} field")
    value = record[name]
    # bool is an int in Python; a JSON true is never a count or a seat.
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise RecordError(f"record field {name!r} must be {what}, not {value!r}")
    return value


def _rules_of(record: Mapping[str, Any]) -> Rules:
    game = _field(record, "game", (str,), "a game name")
    players = _field(record, "players", (int,), "a player count")
    options = record.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise RecordError(
            f"record field 'options' must map option names to values, not {options!r}"
        )
    try:
        return Rules(game, players=players, **options)
    except GanzdyError as error:
        raise type(error)(f"record rules: {error}") from error


def _deck_field(record: Mapping[str, Any]) -> list[str] | None:
    deck = record.get("deck")
    if isinstance(deck, str):
        deck = deck.split()
    if deck is not None and (
        not isinstance(deck, list) or not all(isinstance(card, str) for card in deck)
    ):
        raise RecordError(f"record field 'deck' must be a list of card text, not {deck!r}")
    return deck


def _check_deck(deal: AnyDeal, deck: list[str]) -> None:
    """The recorded deck must be the shuffle of the recorded seed: a cheap tamper check."""
    shuffled = deal.deck
    if deck == shuffled:
        return
    if len(deck) != len(shuffled):
        raise RecordError(
            f"record deck has {len(deck)} cards but the shuffle of seed {deal.seed} "
            f"has {len(shuffled)}"
        )
    at = next(i for i, (a, b) in enumerate(zip(deck, shuffled, strict=True)) if a != b)
    raise RecordError(
        f"record deck does not match the shuffle of seed {deal.seed}: card {at + 1} "
        f"is {deck[at]!r} in the record but {shuffled[at]!r} from the seed"
    )


def _deal_of(record: Mapping[str, Any], rules: Rules) -> GanDengYanDeal:
    dealer = _field(record, "dealer", (int,), "a seat number")
    seed = record.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError(f"record field 'seed' must be an integer or null, not {seed!r}")
    deck = _deck_field(record)
    try:
        if seed is not None:
            deal = GanDengYanDeal(rules, seed, dealer)
            # The deck is redundant given the seed; a record may leave it out.
            if deck is not None:
                _check_deck(deal, deck)
            return deal
        if deck is None:
            raise RecordError("record has neither a seed nor a deck")
        return GanDengYanDeal(rules, deck=deck, dealer=dealer)
    except RecordError:
        raise
    except GanzdyError as error:
        raise type(error)(f"record deck: {error}") from error


def _check_outcome(recorded: Any, deal: AnyDeal) -> None:
    if not isinstance(recorded, dict):
        raise RecordError(f"record field 'outcome' must be an object, not {recorded!r}")
    replayed = _outcome_of(deal)
    for name, value in recorded.items():
        if name not in replayed:
            raise RecordError(f"record outcome has an unknown field {name!r}")
        if value != replayed[name]:
            raise RecordError(
                f"record outcome disagrees with the replay: {name} is {value!r} in the record "
                f"but {replayed[name]!r} after replaying {deal.ply} moves"
            )


def _opened(record: Mapping[str, Any] | str) -> tuple[Mapping[str, Any], Rules]:
    """The record as a mapping, its format and version checked, and its rules."""
    if isinstance(record, str):
        record = _parse_json(record)
    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    fmt = record.get("format")
    if fmt != FORMAT:
        raise RecordError(f"not a ganzdy record: format is {fmt!r}, expected {FORMAT!r}")
    version = _field(record, "version", (int,), "an integer")
    if not 1 <= version <= VERSION:
        raise RecordError(f"record version {version} is not one this ganzdy reads (1 to {VERSION})")
    return record, _rules_of(record)


def _replay(record: Mapping[str, Any], deal: AnyDeal) -> None:
    moves = _field(record, "moves", (list,), "a list of move text")
    for number, text in enumerate(moves, 1):
        if not isinstance(text, str):
            raise RecordError(f"record move {number} is not move text: {text!r}")
        try:
            deal.push(deal.parse_move(text))
        except GanzdyError as error:
            # Same error class as the engine's, so callers can tell a bad deck from a bad move.
            raise type(error)(f"record move {number} {text!r}: {error}") from error
    if "outcome" in record:
        _check_outcome(record["outcome"], deal)


def from_record(record: Mapping[str, Any] | str) -> GanDengYanDeal:
    """Replay a record (a dict or its JSON text) into a Deal, checking it on the way."""
    record, rules = _opened(record)
    if rules.game == "guandan":
        raise RecordError(
            "a guandan record replays into a GuandanDeal: use ganzdy.GuandanDeal.from_record "
            "(ganzdy.records.from_guandan_record)"
        )
    if rules.game == "gouji":
        raise RecordError(
            "a gouji record replays into a GoujiDeal: use ganzdy.GoujiDeal.from_record "
            "(ganzdy.records.from_gouji_record)"
        )
    deal = _deal_of(record, rules)
    _replay(record, deal)
    return deal


def _optional(record: Mapping[str, Any], name: str, kinds: tuple[type, ...], what: str) -> Any:
    if record.get(name) is None:
        return None
    return _field(record, name, kinds, what)


SetupDeal = TypeVar("SetupDeal", GuandanDeal, GoujiDeal)


def _setup_deal(
    record: Mapping[str, Any] | str,
    game: str,
    make: Callable[..., SetupDeal],
    fields: dict[str, tuple[tuple[type, ...], str]],
) -> SetupDeal:
    """Replay a record of a deal made with a setup (what the match gave it, each field
    ``null`` when not given) into that deal: Guandan's and Gouji's."""
    record, rules = _opened(record)
    name = make.__name__
    if rules.game != game:
        raise RecordError(
            f"a {rules.game} record does not replay into a {name}: {_replayer(rules.game)}"
        )
    seed = _optional(record, "seed", (int,), "an integer or null")
    deck = _deck_field(record)
    fields = {**fields, "dealer": ((int,), "a seat or null")}
    given = {
        field: _optional(record, field, kinds, what) for field, (kinds, what) in fields.items()
    }
    # A field left null was not given (a record older than the dealer has none).
    setup = {field: value for field, value in given.items() if value is not None}
    try:
        if seed is not None:
            deal = make(rules, seed, **setup)
            if deck is not None:
                _check_deck(deal, deck)
        elif deck is None:
            raise RecordError("record has neither a seed nor a deck")
        else:
            deal = make(rules, deck=deck, **setup)
    except RecordError:
        raise
    except GanzdyError as error:
        raise type(error)(f"record deal: {error}") from error
    _replay(record, deal)
    return deal


def from_guandan_record(record: Mapping[str, Any] | str) -> GuandanDeal:
    """Replay a Guandan record (a dict or its JSON text) into a GuandanDeal, checking it."""
    return _setup_deal(
        record,
        "guandan",
        GuandanDeal,
        {
            "previous_finish": ((list,), "a list of seats or null"),
            "first_leader": ((int,), "a seat or null"),
            "turned_position": ((int,), "a deck index or null"),
            "team_levels": ((list,), "two level ranks or null"),
        },
    )


def from_gouji_record(record: Mapping[str, Any] | str) -> GoujiDeal:
    """Replay a Gouji record (a dict or its JSON text) into a GoujiDeal, checking it."""
    return _setup_deal(
        record,
        "gouji",
        GoujiDeal,
        {
            "previous": ((dict,), "a previous hand's result or null"),
            "first_leader": ((int,), "a seat or null"),
        },
    )


def _replayer(game: str) -> str:
    """Where a record of `game` replays."""
    if game == "guandan":
        return "use ganzdy.GuandanDeal.from_record (ganzdy.records.from_guandan_record)"
    if game == "gouji":
        return "use ganzdy.GoujiDeal.from_record (ganzdy.records.from_gouji_record)"
    return "use ganzdy.GanDengYanDeal.from_record (ganzdy.records.from_record)"


def _parse_json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"record is not JSON: {error}") from error


def dumps(deal: AnyDeal, agents: Sequence[str] | None = None) -> str:
    """The record as JSON text: one field a line, one move a line, so records diff well."""
    record = to_record(deal, agents)
    lines = []
    for name in _FIELDS:
        if name not in record:
            continue
        value = record[name]
        key = json.dumps(name)
        if name in ("options", "moves") and value:
            items = (
                [f"{json.dumps(k)}: {json.dumps(v)}" for k, v in value.items()]
                if isinstance(value, dict)
                else [json.dumps(v, ensure_ascii=False) for v in value]
            )
            opening, closing = ("{", "}") if isinstance(value, dict) else ("[", "]")
            body = ",\n".join(f"    {item}" for item in items)
            lines.append(f"  {key}: {opening}\n{body}\n  {closing}")
        else:
            lines.append(f"  {key}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def loads(text: str) -> GanDengYanDeal:
    """Replay a record from its JSON text."""
    return from_record(_parse_json(text))


def save(deal: AnyDeal, path: str | os.PathLike[str], agents: Sequence[str] | None = None) -> None:
    """Write the deal's record to ``path`` as JSON (UTF-8)."""
    with open(path, "w", encoding="utf-8") as file:
        file.write(dumps(deal, agents))


def load(path: str | os.PathLike[str]) -> GanDengYanDeal:
    """Replay the record stored at ``path``."""
    with open(path, encoding="utf-8") as file:
        text = file.read()
    try:
        return loads(text)
    except GanzdyError as error:
        raise type(error)(f"{os.fspath(path)}: {error}") from error
