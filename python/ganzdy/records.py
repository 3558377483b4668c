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
from collections.abc import Mapping, Sequence
from typing import Any

from ganzdy import _check
from ganzdy._check import excerpt
from ganzdy._core import GanzdyError, Rules
from ganzdy.deal import Deal
from ganzdy.games import game_of

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
    "tie_order",
    "turned_position",
    "team_levels",
    "outcome",
    "agents",
)


class RecordError(GanzdyError):
    """A game record that is malformed or disagrees with its own replay."""


def _json_ready(value: Any) -> Any:
    """Tuples as lists, recursively, so a replayed value compares equal to its JSON."""
    if isinstance(value, (list, tuple)):
        return [_json_ready(item) for item in value]
    if isinstance(value, dict):
        return {key: _json_ready(item) for key, item in value.items()}
    return value


def _outcome_of(deal: Deal) -> dict[str, Any]:
    outcome = deal.outcome
    return {name: _json_ready(getattr(outcome, name)) for name in game_of(deal).outcome_fields}


def _setup_of(deal: Deal) -> dict[str, Any]:
    """The record fields of what set the deal up beyond its seed or deck: Gan Deng Yan's
    dealer, or what a Guandan or Gouji match supplied, as given (null when not given)."""
    setup = getattr(deal, "setup", None)
    if setup is None:
        return {name: getattr(deal, name) for name in game_of(deal).record_fields}
    return {name: _json_ready(value) for name, value in setup.items()}


def to_record(deal: Deal, agents: Sequence[str] | None = None) -> dict[str, Any]:
    """The deal as a JSON-compatible record; ``agents`` optionally names who sat at each seat."""
    _check.deal("deal", deal)
    if agents is not None and (
        isinstance(agents, str)
        or not isinstance(agents, Sequence)
        or not all(isinstance(a, str) for a in agents)
    ):
        raise TypeError(
            f"agents must be a list of agent names (str) or None, not {excerpt(agents)}"
        )
    if deal.root_ply:
        # A search copy keeps no moves before it was made, so it cannot replay. A sampled
        # world has its own past (docs/search.md), unless it was sampled from such a copy.
        raise RecordError(
            f"a deal copied with history=False (at ply {deal.root_ply}) has no moves "
            "before that ply and cannot be recorded; record the deal it was copied from"
        )
    rules = deal.rules
    fields: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": rules.game,
        "players": rules.players,
        # Every option, defaults included, so a record still means the same deal
        # after a later release changes a default.
        "options": {name: option.value for name, option in rules.options.items()},
        "seed": deal.seed,
        "deck": list(deal.deck),
        "moves": [str(move) for _, move in deal.history],
        **_setup_of(deal),
        "outcome": _outcome_of(deal),
    }
    if agents is not None:
        if len(agents) != rules.players:
            raise RecordError(
                f"agents names {len(agents)} seats but the deal has {rules.players} players"
            )
        fields["agents"] = [str(name) for name in agents]
    return {name: fields[name] for name in _FIELDS if name in fields}


def _field(record: Mapping[str, Any], name: str, kinds: tuple[type, ...], what: str) -> Any:
    if name not in record:
        raise RecordError(f"record has no {name!r} field")
    value = record[name]
    # bool is an int in Python; a JSON true is never a count or a seat.
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise RecordError(f"record field {name!r} must be {what}, not {excerpt(value)}")
    return value


def _optional(record: Mapping[str, Any], name: str, kinds: tuple[type, ...], what: str) -> Any:
    if record.get(name) is None:
        return None
    return _field(record, name, kinds, what)


def _rules_of(record: Mapping[str, Any]) -> Rules:
    game = _field(record, "game", (str,), "a game name")
    players = _field(record, "players", (int,), "a player count")
    options = record.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise RecordError(
            f"record field 'options' must map option names to values, not {excerpt(options)}"
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
        raise RecordError(f"record field 'deck' must be a list of card text, not {excerpt(deck)}")
    return deck


def _check_deck(deal: Deal, deck: list[str]) -> None:
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


def _deal_of(record: Mapping[str, Any], rules: Rules) -> Deal:
    """The deal as dealt: from the seed (the deck, when recorded, checked against it) or
    from the deck, with the game's setup fields."""
    game = game_of(rules)
    setup = {
        name: (_field if name in game.required else _optional)(record, name, kinds, what)
        for name, (kinds, what) in game.record_fields.items()
    }
    dealer = setup.pop("dealer", None)
    dealer = 0 if dealer is None else dealer
    seed = _optional(record, "seed", (int,), "an integer or null")
    deck = _deck_field(record)
    try:
        if seed is not None:
            deal = game.new_deal(rules, seed, dealer, **setup)
            # The deck is redundant given the seed; a record may leave it out.
            if deck is not None:
                _check_deck(deal, deck)
            return deal
        if deck is None:
            raise RecordError("record has neither a seed nor a deck")
        return game.new_deal(rules, None, dealer, deck=deck, **setup)
    except RecordError:
        raise
    except GanzdyError as error:
        raise type(error)(f"record deck: {error}") from error


def _check_outcome(recorded: Any, deal: Deal) -> None:
    if not isinstance(recorded, dict):
        raise RecordError(f"record field 'outcome' must be an object, not {excerpt(recorded)}")
    replayed = _outcome_of(deal)
    for name, value in recorded.items():
        if name not in replayed:
            raise RecordError(f"record outcome has an unknown field {excerpt(name)}")
        if value != replayed[name]:
            raise RecordError(
                f"record outcome disagrees with the replay: {name} is {excerpt(value)} in the "
                f"record but {replayed[name]!r} after replaying {deal.ply} moves"
            )


def _opened(record: Mapping[str, Any] | str) -> tuple[Mapping[str, Any], Rules]:
    """The record as a mapping, its format and version checked, and its rules."""
    if isinstance(record, str):
        record = _parse_json(record)
    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    fmt = record.get("format")
    if fmt != FORMAT:
        raise RecordError(f"not a ganzdy record: format is {excerpt(fmt)}, expected {FORMAT!r}")
    version = _field(record, "version", (int,), "an integer")
    if not 1 <= version <= VERSION:
        raise RecordError(f"record version {version} is not one this ganzdy reads (1 to {VERSION})")
    return record, _rules_of(record)


def _check_agents(record: Mapping[str, Any], rules: Rules) -> None:
    """The agents, when recorded, name one agent a seat: a reader indexes them by seat."""
    agents = _optional(record, "agents", (list,), "a list of agent names, one a seat")
    if agents is None:
        return
    if len(agents) != rules.players or not all(isinstance(name, str) for name in agents):
        raise RecordError(
            f"record field 'agents' must name one agent for each of the {rules.players} "
            f"seats, not {excerpt(agents)}"
        )


def _replay(record: Mapping[str, Any], deal: Deal) -> None:
    moves = _field(record, "moves", (list,), "a list of move text")
    for number, text in enumerate(moves, 1):
        if not isinstance(text, str):
            raise RecordError(f"record move {number} is not move text: {excerpt(text)}")
        try:
            deal.push(deal.parse_move(text))
        except GanzdyError as error:
            # Same error class as the engine's, so callers can tell a bad deck from a bad move.
            raise type(error)(f"record move {number} {excerpt(text)}: {error}") from error
    if "outcome" in record:
        _check_outcome(record["outcome"], deal)


def from_record(record: Mapping[str, Any] | str) -> Deal:
    """Replay a record of any game (a dict or its JSON text) into its deal, checking it on
    the way: the deal of the record's ``game`` (a ``GanDengYanDeal``, ``GuandanDeal`` or
    ``GoujiDeal``), dealt from its seed or deck and setup, with every move pushed."""
    record, rules = _opened(record)
    _check_agents(record, rules)
    deal = _deal_of(record, rules)
    _replay(record, deal)
    return deal


def _parse_json(text: str) -> Any:
    if not isinstance(text, str):
        raise TypeError(f"record text must be str, not {type(text).__name__}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"record is not JSON: {error}") from error
    except RecursionError:
        raise RecordError(f"record is nested too deeply to read: {excerpt(text)}") from None
    except ValueError as error:
        # Python refuses to read an int of more than 4,300 digits (a guard against slow
        # parsing); no field of a record needs one.
        raise RecordError(f"record is not readable JSON ({error}): {excerpt(text)}") from None


def dumps(deal: Deal, agents: Sequence[str] | None = None) -> str:
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


def loads(text: str) -> Deal:
    """Replay a record from its JSON text."""
    return from_record(_parse_json(text))


def save(deal: Deal, path: str | os.PathLike[str], agents: Sequence[str] | None = None) -> None:
    """Write the deal's record to ``path`` as JSON (UTF-8)."""
    with open(path, "w", encoding="utf-8") as file:
        file.write(dumps(deal, agents))


def load(path: str | os.PathLike[str]) -> Deal:
    """Replay the record stored at ``path``."""
    try:
        with open(path, encoding="utf-8") as file:
            text = file.read()
    except UnicodeDecodeError as error:
        raise RecordError(
            f"{os.fspath(path)}: a record is UTF-8 text, but byte {error.start} is "
            f"{error.object[error.start : error.start + 1]!r}"
        ) from None
    try:
        return loads(text)
    except GanzdyError as error:
        raise type(error)(f"{os.fspath(path)}: {error}") from error
