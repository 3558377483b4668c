"""Who sees what of a Guandan deal (GuandanDeal.tribute_seen, first_leader_seen,
seen_history: the engine's, guandan/seen.h) against a slow Python reference written
from the rules (guandan.md §8): a tribute card is chosen face down and shown to all once
every payer has chosen; a return card moves face down, seen by its giver and, once the
returns have moved, its payer; after 双上 who pays whom hangs on the payers' highest
cards until they are shown. Compared for every seat after every ply of random hands,
double tributes (双上), single ones, resisted ones (抗贡) and first hands, under every
value of the options that change who pays, who picks and who leads."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

import ganzdy
from ganzdy import GuandanDeal, Move, Rules

Moves = Sequence[tuple[int, Move]]
Seen = tuple[int, int | None, str | None, str | None]


# -- the reference ---------------------------------------------------------------------


def double_tribute_unshown(deal: GuandanDeal) -> bool:
    return deal.phase == "tribute" and len(deal.tribute) == 2


def first_leader_seen(deal: GuandanDeal, seat: int) -> int | None:
    if (
        double_tribute_unshown(deal)
        and deal.rules.option("first_lead_after_tribute") != "first_out"
    ):
        return None
    return deal.first_leader


def tribute_seen(deal: GuandanDeal, seat: int) -> list[Seen]:
    shown = deal.phase != "tribute"
    returned = deal.phase in ("play", "over")
    unshown = double_tribute_unshown(deal)
    return [
        (
            p.payer,
            None if unshown else p.receiver,
            p.card if shown or seat == p.payer else None,
            p.returned if seat == p.receiver or (returned and seat == p.payer) else None,
        )
        for p in deal.tribute
    ]


def seen_moves(deal: GuandanDeal, seat: int, moves: Moves) -> list[tuple[int, Move]]:
    payer_of = {p.receiver: p.payer for p in deal.tribute}
    returned = deal.phase in ("play", "over")
    seen = []
    for who, move in moves:
        if who != seat and move.kind == "tribute" and deal.phase == "tribute":
            continue
        if who != seat and move.kind == "return" and not (returned and payer_of.get(who) == seat):
            continue
        seen.append((who, move))
    return seen


# -- the comparison --------------------------------------------------------------------


def engine_seen(deal: GuandanDeal, seat: int) -> list[Seen]:
    return [(p.payer, p.receiver, p.card, p.returned) for p in deal.tribute_seen(seat)]


def compare(deal: GuandanDeal) -> None:
    history = deal.history
    for seat in range(4):
        assert engine_seen(deal, seat) == tribute_seen(deal, seat), (seat, deal.phase)
        assert deal.first_leader_seen(seat) == first_leader_seen(deal, seat)
        assert deal.seen_history(seat) == seen_moves(deal, seat, history)


OPTION_SETS = [
    dict(
        zip(
            ("double_tribute_assignment", "first_lead_after_tribute", "resist_rule"),
            values,
            strict=True,
        )
    )
    for values in itertools.product(
        ("bigger_to_first", "first_picks"),
        ("tribute", "first_out"),
        ("both_big_jokers", "jokers_total"),
    )
]
# Previous finishes: 双上 (a double tribute), 1-3 and 1-4 (single ones).
FINISHES = ([0, 2], [1, 3], [0, 1, 2], [0, 3, 1], [2, 1, 3], None)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(o.values()))
def test_engine_sees_as_the_reference(options: dict[str, str]) -> None:
    rules = Rules("guandan", **options)  # type: ignore[arg-type]
    rng = random.Random(repr(options))
    kinds = {"double": 0, "single": 0, "resisted": 0, "first": 0}
    for n in range(36):
        finish = FINISHES[n % len(FINISHES)]
        deal = GuandanDeal(rules, rng.getrandbits(64), previous_finish=finish)
        kind = (
            "first"
            if finish is None
            else "resisted"
            if deal.resisted
            else "double"
            if len(deal.tribute) == 2
            else "single"
        )
        kinds[kind] += 1
        compare(deal)
        plies = 0
        # Through the tribute phases and well into play, popping now and then so the
        # earlier phases are seen again on the way back.
        while not deal.is_terminal and plies < 40:
            legal = list(deal.legal_moves)
            deal.push(legal[rng.randrange(len(legal))])
            plies += 1
            compare(deal)
            if plies < 6 and rng.random() < 0.3:
                deal.pop()
                compare(deal)
                deal.push(legal[rng.randrange(len(legal))])
                compare(deal)
    assert kinds["double"] and kinds["single"] and kinds["first"], kinds


def test_resisted_tributes_are_compared() -> None:
    """抗贡: hands whose payers hold both big jokers show them and pay nothing."""
    rules = Rules("guandan")
    resisted = 0
    for seed in range(4000):
        deal = GuandanDeal(rules, seed, previous_finish=[0, 2])
        if not deal.resisted:
            continue
        resisted += 1
        compare(deal)
        for _ in range(3):
            deal.push(deal.legal_moves[0])
            compare(deal)
        if resisted == 5:
            break
    assert resisted == 5


def test_a_seat_sees_its_own_tribute_card_before_the_others() -> None:
    rules = Rules("guandan")
    deal = next(
        d
        for d in (GuandanDeal(rules, s, previous_finish=[0, 2]) for s in range(100))
        if not d.resisted
    )
    payer = deal.current_player
    assert payer is not None and deal.phase == "tribute"
    deal.push(deal.legal_moves[0])
    mine = [p for p in deal.tribute_seen(payer) if p.payer == payer]
    assert mine[0].card is not None and mine[0].receiver is None  # 双上: who gets it is hidden
    other = (payer + 2) % 4
    assert all(p.card is None for p in deal.tribute_seen(other) if p.payer == payer)
    assert deal.first_leader_seen(other) is None
    assert deal.seen_history(other) == []
    with pytest.raises(ganzdy.RulesError, match="seat=4 is not a seat"):
        deal.tribute_seen(4)
