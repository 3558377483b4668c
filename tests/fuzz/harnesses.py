"""Fuzz harnesses: each takes bytes and must raise nothing but ganzdy's own errors.

Run one under atheris (coverage-guided) with `python tests/fuzz/run.py NAME SECONDS`;
tests/core/test_fuzz_corpus.py replays every saved input in tests/fuzz/corpus/ as a
regression test, so an input that once crashed stays covered.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable

import ganzdy
from sequence import fuzz_sequence

RULES = ganzdy.Rules("gan_deng_yan", players=4)
VARIANT = ganzdy.Rules(
    "gan_deng_yan",
    players=3,
    king_bomb="small_plus_big",
    stuck_leader="allow_joker_only_final",
    triple_mode="bomb",
)
GOUJI = ganzdy.Rules("gouji", beat_mode="two_kill_one", biesan=False)
SAMPLE_RECORD = ganzdy.to_record(ganzdy.play_deal(RULES, [ganzdy.GreedyAgent()] * 4, seed=3))


def _text(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def fuzz_cards(data: bytes) -> None:
    """Card and move text parsing."""
    text = _text(data)
    try:
        cards = ganzdy.Cards.parse(text)
    except ganzdy.ParseError:
        cards = None
    if cards is not None:
        assert ganzdy.Cards.parse(str(cards)) == cards
        for rules in (RULES, VARIANT, GOUJI):
            try:
                rules.readings(cards)
                rules.legal_moves(cards)
            except ganzdy.DeckError:
                pass
    try:
        move = ganzdy.Move.parse(text)
        assert ganzdy.Move.parse(str(move)) == move
    except ganzdy.ParseError:
        pass


def fuzz_moves(data: bytes) -> None:
    """Move text against a live deal: legal or a clear error, and nothing changes on error."""
    deal = RULES.new_deal(seed=data[0] if data else 0)
    for chunk in _text(data[1:]).split("|")[:20]:
        before = deal.hash()
        try:
            deal.push(deal.parse_move(chunk))
        except ganzdy.GanzdyError:
            assert deal.hash() == before
        if deal.is_terminal:
            break


def fuzz_records(data: bytes) -> None:
    """A real record with fuzzed edits: it replays, or fails with a ganzdy error."""
    record = json.loads(json.dumps(SAMPLE_RECORD))
    edits = _text(data).split("\n")[:8]
    for edit in edits:
        key, _, value = edit.partition("=")
        if key == "move" and isinstance(record["moves"], list) and record["moves"]:
            index, _, text = value.partition(":")
            record["moves"][sum(index.encode()) % len(record["moves"])] = text
        elif key == "deck":
            record["deck"] = value
        elif key == "seed":
            # Digits become a number (any size, to test the range check); the rest stay text.
            record["seed"] = int(value) if re.fullmatch(r"-?[0-9]+", value) else value
        elif key:
            record[key] = value
    with contextlib.suppress(ganzdy.GanzdyError):
        ganzdy.from_record(record)


def fuzz_deal_ops(data: bytes) -> None:
    """Random push/apply/pop/apply_id, valid and junk, on random deals of two presets."""
    if len(data) < 2:
        return
    rules = RULES if data[0] % 2 else VARIANT
    deal = rules.new_deal(seed=data[1])
    for byte in data[2:300]:
        op = byte % 6
        try:
            if op == 0 and not deal.is_terminal:
                moves = list(deal.legal_moves)
                deal.push(moves[byte % len(moves)])
            elif op == 1:
                deal.pop()
            elif op == 2:
                deal.apply_id(byte * 97 % (rules.num_moves + 3) - 1)
            elif op == 3:
                deal.push(
                    ganzdy.Move(
                        "single",
                        "3456789TJQKA2"[byte % 13],
                        "3456789TJQKA2"[byte % 13] + "shdc"[byte % 4],
                    )
                )
            elif op == 4:
                deal.push(ganzdy.Move("pass"))
            else:
                deal = deal.copy(history=bool(byte & 1))
        except ganzdy.GanzdyError:
            pass
    if deal.is_terminal:
        assert sum(deal.outcome.points) == 0


HARNESSES: dict[str, Callable[[bytes], None]] = {
    "cards": fuzz_cards,
    "moves": fuzz_moves,
    "records": fuzz_records,
    "deal_ops": fuzz_deal_ops,
    "sequence": fuzz_sequence,
}
