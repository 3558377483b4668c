"""Writes deals.json: the procedure (§8.3) and scoring (§8.4) vectors as scripted deals.

Run ``python tests/data/gan_deng_yan/make_deals.py`` after editing a vector here. The JSON is the
test data; this file only spares a person from writing 54- or 108-card deck orders by hand.

Every vector is authored as the hands each seat must be dealt (in the order the seat receives
them) plus the top of the stock; ``build_deck`` turns that into the one explicit deck order (top
card first) that deals exactly those hands under the spec's deal procedure (§2.3), and fills the
rest of the deck in a fixed order. Nothing here runs the engine: every expectation (hands after a
trick, who drew which card, who acts, the points) is worked out by hand from the rules text, so
the JSON is an independent oracle.

Vector fields:
  id, ref (rules section), title, players, options (Rules keyword options), dealer,
  hands (per seat, in the order dealt), stock (the top of the stock), deck (all cards, top first),
  start (expectations before the first move), steps [{seat, move, expect}], variants (extra
  options replayed over the same script, with the final points they must give).
Moves are "pass" or "<cards> as <kind> [<rank>]"; the rank of a run is its lowest rank.
Expectation keys: current (seat or null), stock_size, hand_sizes, hands {seat: cards},
draws [[seat, card], ...] (cards drawn after this move, in stock order; every step not naming
draws must draw nothing), table_owner (seat or null: null means the player to act leads),
bombs_played, terminal, drawn, winner, finish_order, points, legal (moves that must be legal),
illegal (moves that must be refused), legal_exact (the complete legal move set, compared by
kind, rank, length and card classes), outcome_consistent (drawn iff no winner, a drawn deal pays
nothing, a ranking deal ranks every seat).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

OUT = Path(__file__).with_name("deals.json")

RANKS = "3456789TJQKA2"
SUITS = "shdc"

Expect = dict[str, Any]
Step = dict[str, Any]


def full_deck(packs: int) -> list[str]:
    """The rules' deck in a fixed order: each face `packs` times, naturals then jokers."""
    faces = [r + s for r in RANKS for s in SUITS] + ["BJ", "RJ"]
    return [f for f in faces for _ in range(packs)]


def deal_order(players: int, dealer: int, clockwise: bool) -> list[int]:
    """Seats in the order they take cards: the dealer first, then the direction of play."""
    step = -1 if clockwise else 1
    return [(dealer + step * k) % players for k in range(players)]


def build_deck(
    players: int,
    packs: int,
    dealer: int,
    hands: list[str],
    stock: str = "",
    hand_size: int = 5,
    extra: int = 1,
    clockwise: bool = False,
) -> list[str]:
    """The deck order (top first) that deals `hands` and then has `stock` on top of the stock.

    §2.3: one card at a time from the dealer round the table, `hand_size` rounds, then the
    dealer's extra cards; the stock is what is left.
    """
    cards = [h.split() for h in hands]
    assert len(cards) == players
    for seat, h in enumerate(cards):
        want = hand_size + (extra if seat == dealer else 0)
        assert len(h) == want, f"seat {seat} is dealt {want} cards, not {len(h)}: {h}"
    order = deal_order(players, dealer, clockwise)
    deck = [cards[seat][r] for r in range(hand_size) for seat in order]
    deck += cards[dealer][hand_size:]
    deck += stock.split()
    full = full_deck(packs)
    over = Counter(deck) - Counter(full)
    assert not over, f"cards beyond the {len(full)}-card deck: {dict(over)}"
    rest = Counter(full) - Counter(deck)
    for face in full:
        if rest[face] > 0:
            deck.append(face)
            rest[face] -= 1
    assert Counter(deck) == Counter(full)
    return deck


def vector(
    vid: str,
    ref: str,
    title: str,
    players: int,
    hands: list[str],
    steps: list[tuple[int, str, Expect | None]],
    *,
    dealer: int = 0,
    options: dict[str, Any] | None = None,
    stock: str = "",
    start: Expect | None = None,
    variants: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    opts = dict(options or {})
    packs = int(opts.get("packs", 1 if players == 2 else 2))
    deck = build_deck(
        players,
        packs,
        dealer,
        hands,
        stock,
        int(opts.get("initial_hand_size", 5)),
        int(opts.get("dealer_extra_cards", 1)),
        opts.get("direction") == "clockwise",
    )
    return {
        "id": vid,
        "ref": ref,
        "title": title,
        "players": players,
        "options": opts,
        "dealer": dealer,
        "hands": hands,
        "stock": stock.split(),
        "deck": " ".join(deck),
        "start": start or {},
        "steps": [{"seat": s, "move": m, "expect": e or {}} for s, m, e in steps],
        "variants": variants or [],
    }


PASS = "pass"


def passes(*seats: int) -> list[tuple[int, str, Expect | None]]:
    return [(s, PASS, None) for s in seats]


def p01_p02() -> list[dict[str, Any]]:
    out = []
    # P01: the literal positions of the spec, c1..c21 for 4 players with dealer P0.
    out.append(
        vector(
            "P01",
            "§8.3 P01, §2.3",
            "4 players, dealer P0: P0 = c1 c5 .. c21, Pk = c(1+k) c(5+k) .., stock from c22",
            4,
            ["3s 4s 5s 6s 7s 8s", "3h 4h 5h 6h 7h", "3d 4d 5d 6d 7d", "3c 4c 5c 6c 7c"],
            [],
            stock="9s 9h",
            start={
                "current": 0,
                "table_owner": None,
                "stock_size": 87,
                "hand_sizes": [6, 5, 5, 5],
                "positions": {
                    "0": [1, 5, 9, 13, 17, 21],
                    "1": [2, 6, 10, 14, 18],
                    "2": [3, 7, 11, 15, 19],
                    "3": [4, 8, 12, 16, 20],
                },
                "stock_from": 22,
            },
        )
    )
    # The same with dealer P2: the deal starts at the dealer and the dealer leads.
    out.append(
        vector(
            "P01-dealer2",
            "§8.3 P01, §2.3",
            "4 players, dealer P2: P2 = c1 c5 .. c21, P3 = c2 .., P0 = c3 .., P1 = c4 ..",
            4,
            ["3s 4s 5s 6s 7s", "3h 4h 5h 6h 7h", "3d 4d 5d 6d 7d 8d", "3c 4c 5c 6c 7c"],
            [],
            dealer=2,
            start={
                "current": 2,
                "stock_size": 87,
                "hand_sizes": [5, 5, 6, 5],
                "positions": {
                    "2": [1, 5, 9, 13, 17, 21],
                    "3": [2, 6, 10, 14, 18],
                    "0": [3, 7, 11, 15, 19],
                    "1": [4, 8, 12, 16, 20],
                },
                "stock_from": 22,
            },
        )
    )
    # P02: deck sizes. Hands are the first cards of a fixed order; only the counts matter here.
    for players, deck_size, dealt in (
        (2, 54, 11),
        (3, 108, 16),
        (4, 108, 21),
        (5, 108, 26),
        (6, 108, 31),
    ):
        packs = 1 if players == 2 else 2
        order = full_deck(packs)
        seats = deal_order(players, 0, False)
        hands: list[list[str]] = [[] for _ in range(players)]
        for i in range(5 * players):
            hands[seats[i % players]].append(order[i])
        hands[0].append(order[5 * players])
        out.append(
            vector(
                f"P02-{players}p",
                "§8.3 P02, §2.1",
                f"{players} players: {deck_size} cards, {dealt} dealt, stock {deck_size - dealt}",
                players,
                [" ".join(h) for h in hands],
                [],
                start={
                    "deck_size": deck_size,
                    "stock_size": deck_size - dealt,
                    "hand_sizes": [6] + [5] * (players - 1),
                    "current": 0,
                },
            )
        )
    return out


# P03 / P06 / P08: 4 players, one pack, 13 cards each and no dealer extra: 52 dealt, the stock is
# exactly [s1, s2] = [BJ, RJ]. Dealer P1 so that P1 leads as in the spec.
P03_OPTIONS = {"packs": 1, "initial_hand_size": 13, "dealer_extra_cards": 0}
P03_HANDS = [
    "3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2c",
    "5s 3h 4h 7h 8h 9h Th Jh Qh Kh Ah 2s 2h",
    "3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad 2d",
    "6s 3s 4s 5h 6h 7s 8s 9s Ts Js Qs Ks As",
]
P03_TRICK = [
    (1, "5s as single 5", None),
    (2, PASS, None),
    (3, "6s as single 6", {"table_owner": 3, "current": 0}),
    (0, PASS, None),
    (1, PASS, {"current": 2, "passes": 2}),
]
P03_START = {"current": 1, "stock_size": 2, "hand_sizes": [13, 13, 13, 13], "table_owner": None}
P3_AFTER = "3s 4s 5h 6h 7s 8s 9s Ts Js Qs Ks As"
P3_STRAIGHT = f"{P3_AFTER} as straight 3"


def p03_p08() -> list[dict[str, Any]]:
    out = []
    end_of_trick = {
        "draws": [[3, "BJ"], [0, "RJ"]],
        "stock_size": 0,
        "current": 3,
        "table_owner": None,
        "hands": {
            "0": P03_HANDS[0] + " RJ",
            "1": "3h 4h 7h 8h 9h Th Jh Qh Kh Ah 2s 2h",
            "2": P03_HANDS[2],
            "3": P3_AFTER + " BJ",
        },
    }
    out.append(
        vector(
            "P03-P06-P08",
            "§8.3 P03, P06, P08; §3.3, §3.6",
            "stock [s1, s2]: P3 wins the trick, P3 draws s1, P0 draws s2, P1 and P2 nothing, P3 "
            "leads; then with the stock empty nobody draws, and P3, left with a lone joker after "
            "winning a trick, hands the lead to P0",
            4,
            P03_HANDS,
            [
                *P03_TRICK,
                (2, PASS, end_of_trick),
                # P06 + P08: P3 leads its 12-card straight; only a bomb could beat it.
                (3, P3_STRAIGHT, {"current": 0, "table_owner": 3}),
                (0, PASS, None),
                (1, PASS, None),
                (
                    2,
                    PASS,
                    {
                        # No draw (the stock is empty); P3 holds only BJ, so P0 leads.
                        "stock_size": 0,
                        "current": 0,
                        "table_owner": None,
                        "hands": {"3": "BJ"},
                        "hand_sizes": [14, 12, 13, 1],
                        "terminal": False,
                        "illegal": ["RJ as jokers", PASS],
                    },
                ),
                (0, "3c as single 3", None),
                (1, "4h as single 4", {"current": 2}),
                # P3 is still in the deal but can only pass.
                (2, PASS, {"current": 3, "legal_exact": [PASS]}),
                (3, PASS, None),
                (0, PASS, {"current": 1, "table_owner": None, "stock_size": 0}),
            ],
            dealer=1,
            options=P03_OPTIONS,
            stock="BJ RJ",
            start=P03_START,
        )
    )
    out.append(
        vector(
            "P03-winner-only",
            "§8.3 P03, §3.3 draw_policy",
            "draw_policy='winner_only': only the trick winner P3 draws s1; one card stays",
            4,
            P03_HANDS,
            [
                *P03_TRICK,
                (
                    2,
                    PASS,
                    {"draws": [[3, "BJ"]], "stock_size": 1, "current": 3, "table_owner": None},
                ),
            ],
            dealer=1,
            options={**P03_OPTIONS, "draw_policy": "winner_only"},
            stock="BJ RJ",
            start=P03_START,
        )
    )
    out.append(
        vector(
            "P03-no-draw",
            "§8.3 P03, §3.3 draw_policy",
            "draw_policy='none': nobody draws; the stock keeps both cards",
            4,
            P03_HANDS,
            [
                *P03_TRICK,
                (2, PASS, {"draws": [], "stock_size": 2, "current": 3, "table_owner": None}),
            ],
            dealer=1,
            options={**P03_OPTIONS, "draw_policy": "none"},
            stock="BJ RJ",
            start=P03_START,
        )
    )
    # P08 with stuck_leader='allow_joker_only_final': the lone joker is P3's final play.
    out.append(
        vector(
            "P08-allow-joker-final",
            "§8.3 P08, §3.6 stuck_leader",
            "stuck_leader='allow_joker_only_final': P3, holding only BJ, leads it and goes out",
            4,
            P03_HANDS,
            [
                *P03_TRICK,
                (2, PASS, end_of_trick),
                (3, P3_STRAIGHT, None),
                (0, PASS, None),
                (1, PASS, None),
                (2, PASS, {"current": 3, "table_owner": None, "legal_exact": ["BJ as jokers"]}),
                (
                    3,
                    "BJ as jokers",
                    {
                        "terminal": True,
                        "current": None,
                        "winner": 3,
                        "drawn": False,
                        "finish_order": [3],
                        # P0: 14 cards with RJ -> 28; P1: 12; P2: 13. B = 0.
                        "points": [-28, -12, -13, 53],
                    },
                ),
            ],
            dealer=1,
            options={**P03_OPTIONS, "stuck_leader": "allow_joker_only_final"},
            stock="BJ RJ",
            start=P03_START,
        )
    )
    # P08: the lead skips two stuck players. No drawing, so the jokers stay alone.
    skip_hands = ["6s RJ", "9s 9h", "Ks Kh", "5s 7s BJ"]
    skip_trick = [
        (3, "5s as single 5", None),
        (0, "6s as single 6", None),
        *passes(1, 2),
        # Jokers alone are never a follow, under either stuck_leader value.
        (3, "7s as single 7", {"current": 0, "legal_exact": [PASS], "illegal": ["RJ as jokers"]}),
    ]
    out.append(
        vector(
            "P08-skip-two",
            "§8.3 P08, §3.6",
            "P3 wins a trick holding only BJ, P0 holds only RJ: the lead goes to P1",
            4,
            skip_hands,
            [
                *skip_trick,
                (0, PASS, None),
                (1, PASS, None),
                (
                    2,
                    PASS,
                    {
                        "current": 1,
                        "table_owner": None,
                        "legal_exact": ["9s as single 9", "9s 9h as pair 9"],
                    },
                ),
                # P1 goes out: P0 (RJ) and P3 (BJ) pay 2 each, P2 pays 2.
                (1, "9s 9h as pair 9", {"terminal": True, "winner": 1, "points": [-2, 6, -2, -2]}),
            ],
            dealer=3,
            options={"draw_policy": "none", "initial_hand_size": 2, "dealer_extra_cards": 1},
            start={"current": 3, "stock_size": 99},
        )
    )
    out.append(
        vector(
            "P08-skip-two-allow",
            "§8.3 P08, §3.6 stuck_leader",
            "allow_joker_only_final: jokers alone are only a lead, so P0 still passes; P3 leads BJ",
            4,
            skip_hands,
            [
                *skip_trick,
                (0, PASS, None),
                (1, PASS, None),
                (2, PASS, {"current": 3, "legal_exact": ["BJ as jokers"]}),
                (3, "BJ as jokers", {"terminal": True, "winner": 3, "points": [-2, -2, -2, 6]}),
            ],
            dealer=3,
            options={
                "draw_policy": "none",
                "initial_hand_size": 2,
                "dealer_extra_cards": 1,
                "stuck_leader": "allow_joker_only_final",
            },
        )
    )
    # Drawn deals. A +1 ladder leaves both players of a 2-player deal with one joker each.
    ladder = [
        (0, "3s as single 3", None),
        (1, "4s as single 4", None),
        (0, "5s as single 5", None),
        (1, "6s as single 6", None),
        (0, "7s as single 7", None),
        (1, "8s as single 8", None),
        (0, "9s as single 9", None),
        (1, "Ts as single T", None),
        (0, "Js as single J", {"current": 1, "legal_exact": [PASS], "hands": {"0": "BJ"}}),
    ]
    drawn = {
        "terminal": True,
        "drawn": True,
        "winner": None,
        "finish_order": [],
        "points": [0, 0],
        "current": None,
        "legal_exact": [],
    }
    out.append(
        vector(
            "P08-drawn",
            "§8.3 P08, §3.6",
            "no drawing; P0 wins a trick holding BJ and P1 holds RJ: nobody can lead, a drawn deal",
            2,
            ["3s 5s 7s 9s Js BJ", "4s 6s 8s Ts RJ"],
            [*ladder, (1, PASS, {**drawn, "hands": {"0": "BJ", "1": "RJ"}, "stock_size": 43})],
            options={"draw_policy": "none"},
        )
    )
    out.append(
        vector(
            "P08-drawn-after-draw",
            "§8.3 P08, §3.6",
            "the draw completes first: both players draw a joker, hold only jokers, a drawn deal",
            2,
            ["3s 5s 7s 9s Js BJ", "4s 6s 8s Ts BJ"],
            [
                *ladder,
                (
                    1,
                    PASS,
                    {
                        **drawn,
                        "draws": [[0, "RJ"], [1, "RJ"]],
                        "hands": {"0": "BJ RJ", "1": "BJ RJ"},
                        "stock_size": 95,
                    },
                ),
            ],
            options={"packs": 2},
            stock="RJ RJ",
        )
    )
    out.append(
        vector(
            "P08-allow-after-draw",
            "§3.6 stuck_leader",
            "allow_joker_only_final: after drawing, P0 leads BJ RJ as its final play",
            2,
            ["3s 5s 7s 9s Js BJ", "4s 6s 8s Ts BJ"],
            [
                *ladder,
                (
                    1,
                    PASS,
                    {
                        "draws": [[0, "RJ"], [1, "RJ"]],
                        "current": 0,
                        "legal_exact": ["BJ RJ as jokers"],
                        "illegal": ["BJ as jokers"],
                    },
                ),
                # P1 holds two jokers: 2 cards x 2^2 = 8.
                (0, "BJ RJ as jokers", {"terminal": True, "winner": 0, "points": [8, -8]}),
            ],
            options={"packs": 2, "stuck_leader": "allow_joker_only_final"},
            stock="RJ RJ",
        )
    )
    out.append(
        vector(
            "P08-stuck-dealer",
            "§3.6",
            "the dealer is dealt only jokers: P1 leads the first trick; P0 can only pass",
            3,
            ["BJ RJ", "5s 6s", "7s 8s"],
            [
                (1, "5s as single 5", None),
                (2, PASS, {"current": 0, "legal_exact": [PASS]}),
                (
                    0,
                    PASS,
                    {
                        "draws": [[1, "9s"], [2, "9h"], [0, "9d"]],
                        "current": 1,
                        "hands": {"0": "BJ RJ 9d", "1": "6s 9s", "2": "7s 8s 9h"},
                    },
                ),
            ],
            options={"initial_hand_size": 2, "dealer_extra_cards": 0},
            stock="9s 9h 9d",
            start={"current": 1, "table_owner": None, "stock_size": 102},
        )
    )
    return out


def p04_p09() -> list[dict[str, Any]]:
    out = []
    out.append(
        vector(
            "P04",
            "§8.3 P04, §3.2",
            "a pass is not final: P1 plays 7 after P0 passes; P2, who passed, may play 8 or 2",
            4,
            ["Qc Kc 3c 4c 9c", "5s 7s Jh Qh Kh As", "8d 2d 3d 4d 9d", "6s Ts Js 3h 4h"],
            [
                (1, "5s as single 5", None),
                (2, PASS, None),
                (3, "6s as single 6", None),
                (0, PASS, {"current": 1, "legal": ["7s as single 7"]}),
                (
                    1,
                    "7s as single 7",
                    {
                        "current": 2,
                        "legal_exact": [PASS, "8d as single 8", "2d as single 2"],
                        "illegal": ["9d as single 9"],
                    },
                ),
                (2, "8d as single 8", None),
                *passes(3, 0),
                (
                    1,
                    PASS,
                    {
                        "draws": [[2, "Ah"], [3, "Ad"], [0, "Ac"], [1, "Ks"]],
                        "current": 2,
                        "stock_size": 83,
                        "hands": {
                            "0": "Qc Kc 3c 4c 9c Ac",
                            "1": "Jh Qh Kh As Ks",
                            "2": "2d 3d 4d 9d Ah",
                            "3": "Ts Js 3h 4h Ad",
                        },
                    },
                ),
            ],
            dealer=1,
            stock="Ah Ad Ac Ks",
        )
    )
    p05_hands = ["3s 9s 9h Ks Kh Ah", "4s 5s 6s 7s 8s"]
    out.append(
        vector(
            "P05",
            "§8.3 P05",
            "two players: one pass ends the trick; P0 draws, then P1; P0 leads",
            2,
            p05_hands,
            [
                (0, "Ah as single A", {"current": 1}),
                (
                    1,
                    PASS,
                    {
                        "draws": [[0, "2s"], [1, "2h"]],
                        "stock_size": 41,
                        "current": 0,
                        "table_owner": None,
                        "hands": {"0": "3s 9s 9h Ks Kh 2s", "1": "4s 5s 6s 7s 8s 2h"},
                    },
                ),
            ],
            stock="2s 2h",
            start={"stock_size": 43},
        )
    )
    out.append(
        vector(
            "P05-winner-only",
            "§8.3 P05, §3.3 draw_policy",
            "two players, draw_policy='winner_only': only P0 draws",
            2,
            p05_hands,
            [
                (0, "Ah as single A", None),
                (1, PASS, {"draws": [[0, "2s"]], "stock_size": 42, "current": 0}),
            ],
            options={"draw_policy": "winner_only"},
            stock="2s 2h",
        )
    )
    out.append(
        vector(
            "P06",
            "§8.3 P06, §3.3",
            "3 players, one pack, 18 cards each: the stock is empty from the start; nobody draws",
            3,
            [
                "3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As 2s 3h 4h 5h 6h 7h",
                "8h 9h Th Jh Qh Kh Ah 2h 4d 3d 5d 6d 7d 8d 9d Td Jd Qd",
                "Kd Ad 2d 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2c BJ RJ",
            ],
            [
                (0, "3s as single 3", None),
                (1, "4d as single 4", None),
                (2, PASS, None),
                (
                    0,
                    PASS,
                    {
                        "stock_size": 0,
                        "current": 1,
                        "table_owner": None,
                        "hand_sizes": [17, 17, 18],
                    },
                ),
            ],
            options={"packs": 1, "initial_hand_size": 18, "dealer_extra_cards": 0},
            start={"stock_size": 0},
        )
    )
    out.append(
        vector(
            "P07-follow",
            "§8.3 P07, §3.4",
            "P2 follows with its last two cards as a pair: it wins at once; nobody draws",
            4,
            ["3s 5s 7s 8s 8h Ks", "3h 4h 6h Qh Qd", "4s 6s 9s 9h Js", "Ts Th 2s 2h Ad"],
            [
                (0, "3s as single 3", None),
                (1, PASS, None),
                (2, "4s as single 4", None),
                (3, PASS, None),
                (0, "5s as single 5", None),
                (1, PASS, None),
                (2, "6s as single 6", None),
                (3, PASS, None),
                (0, "7s as single 7", None),
                *passes(1, 2),
                (
                    3,
                    PASS,
                    {
                        "draws": [[0, "Kh"], [1, "Jd"], [2, "Jh"], [3, "Ac"]],
                        "current": 0,
                        "hands": {
                            "0": "8s 8h Ks Kh",
                            "1": "3h 4h 6h Qh Qd Jd",
                            "2": "9s 9h Js Jh",
                            "3": "Ts Th 2s 2h Ad Ac",
                        },
                    },
                ),
                (0, "8s 8h as pair 8", None),
                (1, PASS, None),
                (2, "9s 9h as pair 9", None),
                (3, "Ts Th as pair T", None),
                *passes(0, 1),
                (
                    2,
                    "Js Jh as pair J",
                    {
                        "terminal": True,
                        "winner": 2,
                        "finish_order": [2],
                        "stock_size": 83,
                        "current": None,
                        "legal_exact": [],
                        # Losers keep 2, 6 and 4 cards, no jokers, no bombs.
                        "points": [-2, -6, 12, -4],
                    },
                ),
            ],
            stock="Kh Jd Jh Ac",
        )
    )
    out.append(
        vector(
            "P07-lead",
            "§8.3 P07, §3.4",
            "the dealer leads all six cards as straight 5-T and wins on the first play",
            4,
            ["5s 6s 7s 8s 9s Ts", "3h 4h Kd Qc BJ", "3d 4d Kc BJ RJ", "3c 4c Jd Qd Kh"],
            [
                (
                    0,
                    "5s 6s 7s 8s 9s Ts as straight 5",
                    {
                        "terminal": True,
                        "winner": 0,
                        "drawn": False,
                        "finish_order": [0],
                        "stock_size": 87,
                        # 5 x 2^1, 5 x 2^2, 5.
                        "points": [35, -10, -20, -5],
                    },
                ),
            ],
        )
    )
    out.append(
        vector(
            "P09",
            "§8.3 P09",
            "P2's bomb stands: P2 draws first, then P3, P0, P1; P2 leads; B = 1 doubles the stakes",
            4,
            ["3s 8c 9c Tc Jc Qd", "4s Kh Kd Qh Jh", "5s 5h 5d 5c Ah", "6s 7s 8s 9s Ts"],
            [
                (0, "3s as single 3", None),
                (1, "4s as single 4", None),
                (2, "5s 5h 5d 5c as bomb 5", {"bombs_played": 1, "current": 3}),
                *passes(3, 0),
                (
                    1,
                    PASS,
                    {
                        "draws": [[2, "As"], [3, "3h"], [0, "3d"], [1, "4h"]],
                        "current": 2,
                        "table_owner": None,
                        "bombs_played": 1,
                        "stock_size": 83,
                        "hand_sizes": [6, 5, 2, 6],
                    },
                ),
                # 6, 5 and 6 cards left, no jokers, x2 for the bomb.
                (
                    2,
                    "Ah As as pair A",
                    {"terminal": True, "winner": 2, "points": [-12, -10, 34, -12]},
                ),
            ],
            stock="As 3h 3d 4h",
        )
    )
    return out


def scoring() -> list[dict[str, Any]]:
    out = []
    out.append(
        vector(
            "S01",
            "§8.4 S01, §6.1",
            "the base text's example: 5 cards, one a joker, B = 0: pays 10",
            2,
            ["5s 6s 7s 8s 9s Ts", "3h 4h Jh Qh BJ"],
            [(0, "5s 6s 7s 8s 9s Ts as straight 5", {"terminal": True, "points": [10, -10]})],
            variants=[
                {"options": {"base": 3}, "points": [30, -30]},
                {"options": {"joker_factor_once": True}, "points": [10, -10]},
            ],
        )
    )
    out.append(
        vector(
            "S02",
            "§8.4 S02, §6.2",
            "3 cards, no joker, B = 2: pays 12 (two bombs in one trick)",
            2,
            ["7s 7h 7d 7c 3s 4s", "8s 8h 8d 8c Kh"],
            [
                (0, "7s 7h 7d 7c as bomb 7", None),
                (1, "8s 8h 8d 8c as bomb 8", {"bombs_played": 2}),
                (
                    0,
                    PASS,
                    {
                        "draws": [[1, "Ks"], [0, "9s"]],
                        "current": 1,
                        "hands": {"0": "3s 4s 9s", "1": "Kh Ks"},
                    },
                ),
                (1, "Kh Ks as pair K", {"terminal": True, "winner": 1, "points": [-12, 12]}),
            ],
            stock="Ks 9s",
            variants=[
                # cards x (1 + bombs) = 3 x 3.
                {"options": {"additive_bombs": True}, "points": [-9, 9]},
                # the x4 multiplier capped at x2.
                {"options": {"multiplier_cap": 2}, "points": [-6, 6]},
                {"options": {"score_cap": 10}, "points": [-10, 10]},
                # two 4-card bombs quadruple each: 3 x 16.
                {"options": {"bomb_weight": True}, "points": [-48, 48]},
                {"options": {"base": 2}, "points": [-24, 24]},
            ],
        )
    )
    out.append(
        vector(
            "S03",
            "§8.4 S03",
            "4 cards with 2 jokers, B = 1: pays 4 x 2^2 x 2 = 32; with joker_factor_once 16",
            3,
            ["3s 9s 9h 9d 9c 9s", "4s Kh Qh BJ RJ", "5h 6h 7h Th Jh"],
            [
                (0, "3s as single 3", None),
                (1, "4s as single 4", None),
                (2, PASS, None),
                (
                    0,
                    "9s 9s 9h 9d 9c as bomb 9",
                    {
                        "terminal": True,
                        "winner": 0,
                        "bombs_played": 1,
                        "hands": {"1": "Kh Qh BJ RJ"},
                        # P2: 5 cards x 2 (bomb) = 10.
                        "points": [42, -32, -10],
                    },
                ),
            ],
            variants=[
                {"options": {"joker_factor_once": True}, "points": [26, -16, -10]},
                # P1's x8 capped at x2: 8; P2's x2 stays: 10.
                {"options": {"multiplier_cap": 2}, "points": [18, -8, -10]},
                {"options": {"score_cap": 20}, "points": [30, -20, -10]},
                # a 5-card bomb quadruples: P1 4 x 4 x 4, P2 5 x 4.
                {"options": {"bomb_weight": True}, "points": [84, -64, -20]},
                # additive: P1 4 x 2^2 x (1 + 1) = 32, P2 5 x 2 = 10: the same as the default here.
                {"options": {"additive_bombs": True}, "points": [42, -32, -10]},
            ],
        )
    )
    out.append(
        vector(
            "S04",
            "§8.4 S04",
            "the winner collects every loser's payment: 12 + 10 = 22",
            3,
            ["3s Kc 2d 2h Ad BJ", "4s 6s 9h Th Jh", "5s 7c 8c 2c RJ"],
            [
                (0, "3s as single 3", None),
                (1, "4s as single 4", None),
                (2, "5s as single 5", None),
                (0, PASS, None),
                (1, "6s as single 6", None),
                (2, PASS, None),
                (
                    0,
                    PASS,
                    {
                        "draws": [[1, "Qh"], [2, "8d"], [0, "7d"]],
                        "current": 1,
                        "hands": {
                            "0": "Kc 2d 2h Ad BJ 7d",
                            "1": "9h Th Jh Qh",
                            "2": "7c 8c 2c RJ 8d",
                        },
                    },
                ),
                # P0: 6 cards with a joker = 12; P2: 5 cards with a joker = 10.
                (
                    1,
                    "9h Th Jh Qh as straight 9",
                    {"terminal": True, "winner": 1, "points": [-12, 22, -10]},
                ),
            ],
            stock="Qh 8d 7d",
            variants=[
                # two_held_factor: P0 holds two 2s (x4), P2 one (x2).
                {"options": {"two_held_factor": True}, "points": [-48, 68, -20]},
            ],
        )
    )
    out.append(
        vector(
            "S05",
            "§8.4 S05",
            "bomb_held_factor: a loser holding 5555 7 with B = 1 pays 5 x 2 x 2 = 20",
            3,
            ["9s 9h 9d 9c 9s 9h", "5s 5h 5d 5c 7s", "3h 4h 6h BJ RJ"],
            [
                (
                    0,
                    "9s 9s 9h 9h 9d 9c as bomb 9",
                    # P1: 5 x 2 = 10; P2: 5 x 2^2 x 2 = 40.
                    {"terminal": True, "winner": 0, "bombs_played": 1, "points": [50, -10, -40]},
                )
            ],
            variants=[
                {"options": {"bomb_held_factor": True}, "points": [60, -20, -40]},
                # With a king bomb, BJ + RJ held is a bomb held too.
                {
                    "options": {"bomb_held_factor": True, "king_bomb": "small_plus_big"},
                    "points": [100, -20, -80],
                },
                {
                    "options": {"bomb_held_factor": True, "king_bomb": "any_two_jokers"},
                    "points": [100, -20, -80],
                },
            ],
        )
    )
    out.append(
        vector(
            "S06",
            "§8.4 S06, §6.2 shutout",
            "shutout: P2 never played and holds 7 cards, no joker: 14; P0, the dealer, played only "
            "the opening lead and counts as shut out too; P1 played once and does not",
            4,
            ["3s 7c 8c Kc Kd BJ", "4s 7d 8d Qd Qc", "3h 4h 9c Tc Jc", "5s 6s 9h Th Jh"],
            [
                (0, "3s as single 3", None),
                (1, "4s as single 4", None),
                (2, PASS, None),
                (3, "5s as single 5", None),
                *passes(0, 1),
                (2, PASS, {"draws": [[3, "Qh"], [0, "3d"], [1, "4d"], [2, "5d"]], "current": 3}),
                (3, "6s as single 6", None),
                *passes(0, 1),
                (
                    2,
                    PASS,
                    {
                        "draws": [[3, "Kh"], [0, "3c"], [1, "4c"], [2, "5c"]],
                        "current": 3,
                        "hands": {
                            "0": "7c 8c Kc Kd BJ 3d 3c",
                            "1": "7d 8d Qd Qc 4d 4c",
                            "2": "3h 4h 9c Tc Jc 5d 5c",
                            "3": "9h Th Jh Qh Kh",
                        },
                    },
                ),
                (
                    3,
                    "9h Th Jh Qh Kh as straight 9",
                    # P0 7 x 2 (joker), P1 6, P2 7.
                    {"terminal": True, "winner": 3, "points": [-14, -6, -7, 27]},
                ),
            ],
            stock="Qh 3d 4d 5d Kh 3c 4c 5c",
            variants=[
                {"options": {"shutout_factor": True}, "points": [-28, -6, -14, 48]},
                # a flat 20 instead of the cards left, still doubled by P0's joker.
                {"options": {"shutout_flat": 20}, "points": [-40, -6, -20, 66]},
                {
                    "options": {"shutout_flat": 20, "shutout_factor": True},
                    "points": [-80, -6, -40, 126],
                },
            ],
        )
    )
    out.append(
        vector(
            "S07",
            "§8.4 S07",
            "alarm_exempt: a loser left with exactly one card pays nothing",
            3,
            ["3s 3h 5s 5h 7s 7h", "4s 4h 6s 6h Ks", "8c 9c Tc Jc Qd"],
            [
                (0, "3s 3h as pair 3", None),
                (1, "4s 4h as pair 4", None),
                (2, PASS, None),
                (0, "5s 5h as pair 5", None),
                (1, "6s 6h as pair 6", None),
                (2, PASS, None),
                (0, "7s 7h as pair 7", {"terminal": True, "winner": 0, "points": [6, -1, -5]}),
            ],
            variants=[{"options": {"alarm_exempt": True}, "points": [5, 0, -5]}],
        )
    )
    out.append(
        vector(
            "S08-bomb-weight",
            "§6.2 bomb_weight",
            "triple_mode='bomb': a 3-card bomb then a 4-card bomb; bomb_weight makes it x2 x4",
            3,
            ["4s 4h 4d 7s 7h 7d", "3h 5h 6h 9c Jc", "3d 5d 6d 9d Jd"],
            [
                (0, "4s 4h 4d as bomb 4", {"bombs_played": 1}),
                (1, PASS, None),
                (2, PASS, {"draws": [[0, "7c"], [1, "Kc"], [2, "Kd"]], "current": 0}),
                # B = 2: 6 cards x 4 each.
                (
                    0,
                    "7s 7h 7d 7c as bomb 7",
                    {"terminal": True, "bombs_played": 2, "points": [48, -24, -24]},
                ),
            ],
            options={"triple_mode": "bomb"},
            stock="7c Kc Kd",
            variants=[{"options": {"bomb_weight": True}, "points": [96, -48, -48]}],
        )
    )
    out.append(
        vector(
            "S09-bomb-weight-king",
            "§6.2 bomb_weight, §7 king_bomb",
            "a king bomb played: x2 by default; bomb_weight makes a king bomb quadruple",
            3,
            ["BJ RJ 5s 6s 7s 8s", "3h 4h Th Jc Qc", "3d 4d Td Jd Qd"],
            [
                (0, "BJ RJ as king_bomb", {"bombs_played": 1}),
                (1, PASS, None),
                (2, PASS, {"draws": [[0, "9s"], [1, "Kc"], [2, "Kd"]], "current": 0}),
                (0, "5s 6s 7s 8s 9s as straight 5", {"terminal": True, "points": [24, -12, -12]}),
            ],
            options={"king_bomb": "small_plus_big"},
            stock="9s Kc Kd",
            variants=[
                {"options": {"bomb_weight": True}, "points": [48, -24, -24]},
                {
                    "options": {"bomb_weight": True, "king_bomb": "any_two_jokers"},
                    "points": [48, -24, -24],
                },
            ],
        )
    )
    return out


def deal_options() -> list[dict[str, Any]]:
    out = []
    out.append(
        vector(
            "R01-ranking",
            "§3.4 end_condition='ranking'",
            "play goes on after P0 goes out: P0 is skipped in turn and when drawing; the deal "
            "ends when one player is left",
            4,
            ["3s 4s 5s 6s 7s 8s", "3h 9h 9c Th BJ", "5h 5h 5d 5c Kd", "3d 4d 5d 6d 7d"],
            [
                (
                    0,
                    "3s 4s 5s 6s 7s 8s as straight 3",
                    {
                        "terminal": False,
                        "current": 1,
                        "finish_order": [0],
                        "winner": 0,
                        # Settled when the first player goes out: 5 x 2 (P1's joker), 5, 5.
                        "points": [20, -10, -5, -5],
                    },
                ),
                (1, PASS, None),
                (2, "5h 5h 5d 5c as bomb 5", {"current": 3, "bombs_played": 1}),
                (3, PASS, {"current": 1}),
                (
                    1,
                    PASS,
                    {
                        "draws": [[2, "Kh"], [3, "8d"], [1, "2c"]],
                        "current": 2,
                        "stock_size": 84,
                        "hand_sizes": [0, 6, 2, 6],
                    },
                ),
                (2, "Kd Kh as pair K", {"current": 3, "finish_order": [0, 2], "terminal": False}),
                (3, PASS, {"current": 1}),
                (
                    1,
                    PASS,
                    {
                        # P2 won the trick but is out: P3 and P1 draw; P3, next after P2, leads.
                        "draws": [[3, "9d"], [1, "2d"]],
                        "current": 3,
                        "table_owner": None,
                    },
                ),
                (
                    3,
                    "3d 4d 5d 6d 7d 8d 9d as straight 3",
                    {
                        "terminal": True,
                        "drawn": False,
                        "winner": 0,
                        "finish_order": [0, 2, 3, 1],
                        "points": [20, -10, -5, -5],
                        "hands": {"1": "3h 9h 9c Th BJ 2c 2d"},
                        "outcome_consistent": True,
                    },
                ),
            ],
            options={"end_condition": "ranking"},
            stock="Kh 8d 2c 9d 2d",
        )
    )
    out.append(
        vector(
            "R02-ranking-stuck",
            "§3.4 ranking, §3.6",
            "ranking: after P0 has gone out, the two players left hold only jokers; P0 has won, so "
            "the outcome must stay consistent (a winner is not a drawn deal)",
            3,
            ["3s 4s 5s", "6s BJ", "7s RJ"],
            [
                (0, "3s 4s 5s as straight 3", {"winner": 0, "points": [8, -4, -4]}),
                *passes(1, 2),
                (1, "6s as single 6", None),
                (2, "7s as single 7", None),
                (
                    1,
                    PASS,
                    {
                        "terminal": True,
                        "winner": 0,
                        "points": [8, -4, -4],
                        "outcome_consistent": True,
                    },
                ),
            ],
            options={
                "end_condition": "ranking",
                "draw_policy": "none",
                "initial_hand_size": 2,
                "dealer_extra_cards": 1,
            },
        )
    )
    out.append(
        vector(
            "D01-clockwise",
            "§7 direction",
            "direction='clockwise': the deal, the turn and the draw go P0, P3, P2, P1",
            4,
            ["3s 9s Jc Qc Kc Ac", "3c 4c 6c 7c 8c", "5d 6d 7d 8d Td", "4s 5h 6h 7h 8h"],
            [
                (0, "3s as single 3", {"current": 3}),
                (3, "4s as single 4", {"current": 2}),
                (2, PASS, {"current": 1}),
                (1, PASS, {"current": 0}),
                (
                    0,
                    PASS,
                    {
                        "draws": [[3, "Kh"], [2, "Kd"], [1, "Ks"], [0, "Ah"]],
                        "current": 3,
                        "table_owner": None,
                    },
                ),
                (3, "5h as single 5", {"current": 2}),
                (2, "6d as single 6", {"current": 1}),
                (1, "7c as single 7", {"current": 0}),
            ],
            options={"direction": "clockwise"},
            stock="Kh Kd Ks Ah",
            start={"current": 0},
        )
    )
    out.append(
        vector(
            "L01-lowest-card",
            "§2.3 first_leader='lowest_card'",
            "the holder of the lowest card (3h, held by P2 alone) leads and must include it; "
            "later leads are free",
            4,
            ["4s 5s 6s 7s 8s 9s", "4h 5d 6h Kd Kh", "3h 4d 5h Kc Ks", "4c 6c 7c 8c 9c"],
            [
                (2, "3h as single 3", None),
                (3, "4c as single 4", None),
                (0, "5s as single 5", None),
                *passes(1, 2),
                (
                    3,
                    PASS,
                    {
                        "draws": [[0, "Ts"], [1, "Th"], [2, "Td"], [3, "Tc"]],
                        "current": 0,
                        "legal": ["9s as single 9"],
                    },
                ),
            ],
            options={"first_leader": "lowest_card"},
            stock="Ts Th Td Tc",
            start={
                "current": 2,
                "legal_exact": ["3h as single 3", "3h 4d 5h as straight 3"],
                "illegal": ["Kc Ks as pair K", "4d as single 4"],
            },
        )
    )
    out.append(
        vector(
            "L02-lowest-card-tie",
            "§2.3 first_leader='lowest_card'",
            "two packs, both 3h dealt (to P3 and P1), dealer P2: the first holder in turn order "
            "from the dealer, P3, leads",
            4,
            ["4d 5d 6d 7d 8d", "3h 9h Th Jh Qh", "4s 5s 6s 7s 8s 9s", "3h 4h 5h 6h 7h"],
            [(3, "3h 4h 5h as straight 3", {"current": 0})],
            dealer=2,
            options={"first_leader": "lowest_card"},
            start={"current": 3, "illegal": ["4h as single 4"]},
        )
    )
    out.append(
        vector(
            "F01-final-two-follow",
            "§3.4 forbid_final_single_two",
            "a player whose last card is a 2 may not follow with it",
            2,
            ["Ks 5s", "2s"],
            [
                (0, "Ks as single K", {"legal_exact": [PASS], "illegal": ["2s as single 2"]}),
                (1, PASS, {"draws": [[0, "9s"], [1, "9h"]], "current": 0}),
            ],
            options={
                "forbid_final_single_two": True,
                "initial_hand_size": 1,
                "dealer_extra_cards": 1,
            },
            stock="9s 9h",
        )
    )
    out.append(
        vector(
            "F01-final-two-follow-off",
            "§3.4",
            "without forbid_final_single_two the 2 beats the K and goes out",
            2,
            ["Ks 5s", "2s"],
            [
                (0, "Ks as single K", {"legal_exact": [PASS, "2s as single 2"]}),
                (1, "2s as single 2", {"terminal": True, "winner": 1, "points": [-1, 1]}),
            ],
            options={"initial_hand_size": 1, "dealer_extra_cards": 1},
        )
    )
    out.append(
        vector(
            "F02-final-two-lead",
            "§3.4 forbid_final_single_two, §3.6",
            "a dealer holding only a 2 has no legal lead: the lead passes on",
            2,
            ["2s", "5s"],
            [(1, "5s as single 5", {"terminal": True, "winner": 1, "points": [-1, 1]})],
            options={
                "forbid_final_single_two": True,
                "initial_hand_size": 1,
                "dealer_extra_cards": 0,
            },
            start={"current": 1, "legal_exact": ["5s as single 5"]},
        )
    )
    out.append(
        vector(
            "F02-final-two-lead-off",
            "§3.4",
            "without the option the dealer leads its lone 2 and wins",
            2,
            ["2s", "5s"],
            [(0, "2s as single 2", {"terminal": True, "winner": 0, "points": [1, -1]})],
            options={"initial_hand_size": 1, "dealer_extra_cards": 0},
            start={"current": 0, "legal_exact": ["2s as single 2"]},
        )
    )
    out.append(
        vector(
            "F03-final-pair-of-twos",
            "§3.4 forbid_final_single_two",
            "only a single 2 is barred: a final pair of 2s is fine",
            2,
            ["2s 2h", "5s"],
            [(0, "2s 2h as pair 2", {"terminal": True, "winner": 0, "points": [1, -1]})],
            options={
                "forbid_final_single_two": True,
                "initial_hand_size": 1,
                "dealer_extra_cards": 1,
            },
            start={"legal_exact": ["2s as single 2", "2s 2h as pair 2"]},
        )
    )
    out.append(
        vector(
            "M01-two-first-follow",
            "§3.4 must_play_two_first",
            "holding 2s 7h, a player must play the 2, even though the 7 beats the 6",
            2,
            ["3s 6s Qs", "2s 7h"],
            [
                (
                    0,
                    "6s as single 6",
                    {"legal_exact": [PASS, "2s as single 2"], "illegal": ["7h as single 7"]},
                ),
                (1, "2s as single 2", None),
                (0, PASS, {"draws": [[1, "9s"], [0, "9h"]], "current": 1}),
            ],
            options={"must_play_two_first": True, "initial_hand_size": 2, "dealer_extra_cards": 1},
            stock="9s 9h",
        )
    )
    out.append(
        vector(
            "M01-two-first-follow-off",
            "§3.4",
            "without must_play_two_first the 7 may follow the 6",
            2,
            ["3s 6s Qs", "2s 7h"],
            [(0, "6s as single 6", {"legal_exact": [PASS, "7h as single 7", "2s as single 2"]})],
            options={"initial_hand_size": 2, "dealer_extra_cards": 1},
        )
    )
    out.append(
        vector(
            "M02-two-first-lead",
            "§3.4 must_play_two_first",
            "leading with 2s 7h: only the 2 may be led",
            2,
            ["3s 4s", "2s 7h"],
            [(1, "2s as single 2", {"current": 0})],
            dealer=1,
            options={"must_play_two_first": True, "initial_hand_size": 2, "dealer_extra_cards": 0},
            start={"current": 1, "legal_exact": ["2s as single 2"], "illegal": ["7h as single 7"]},
        )
    )
    return out


def main() -> None:
    vectors = p01_p02() + p03_p08() + p04_p09() + scoring() + deal_options()
    ids = [v["id"] for v in vectors]
    assert len(ids) == len(set(ids)), "duplicate vector ids"
    # One vector per line keeps diffs readable without a 100-line-per-vector layout.
    lines = ",\n".join(json.dumps(v, ensure_ascii=False) for v in vectors)
    OUT.write_text('{"format": 1, "vectors": [\n' + lines + "\n]}\n", encoding="utf-8")
    print(f"wrote {len(vectors)} vectors to {OUT}")


if __name__ == "__main__":
    main()
