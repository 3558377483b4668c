"""Move generation speed, with the result of every timed call asserted.

Run: ``pytest bench --benchmark-only``. ``test_cpp_cost_per_call`` prints the cost
measured inside C++ (no Python boundary), which is what the speed budget means.
"""

from __future__ import annotations

import pytest

import ganzdy
from ganzdy import Move, Rules

RULES = Rules("gan_deng_yan", players=4)

# (name, hand, table, number of canonical legal moves)
LEADS = [
    ("lead_6_cards", "3s 5s 6h 8d Jc 2s", None, 6),
    ("lead_10_cards_2_jokers", "3s 4s 5s 7s 8s 9s Js Qs BJ RJ", None, 160),
    ("lead_16_cards_4_jokers", "3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As BJ BJ RJ RJ", None, 6503),
]
FOLLOWS = [
    ("follow_single_6_cards", "3s 5s 6h 8d Jc 2s", Move("single", "5", "5d"), 2),
    (
        "follow_straight_10_cards_2_jokers",
        "3s 4s 5s 7s 8s 9s Js Qs BJ RJ",
        Move("straight", "6", "6d 7d 8d"),
        7,
    ),
    (
        "follow_pair_16_cards_4_jokers",
        "3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As BJ BJ RJ RJ",
        Move("pair", "9", "9d 9c"),
        25,
    ),
]
READINGS = [
    ("readings_5WW", "5s BJ RJ", 4),
    ("readings_5WWW", "5s BJ BJ RJ", 6),
    ("readings_straight_3_A", "3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As", 1),
]


@pytest.mark.parametrize(
    ("name", "hand", "table", "count"),
    LEADS + FOLLOWS,
    ids=lambda x: x if isinstance(x, str) else "",
)
def test_legal_moves(benchmark, name: str, hand: str, table: Move | None, count: int) -> None:  # type: ignore[no-untyped-def]
    moves = benchmark(RULES.legal_moves, hand, table)
    assert len(moves) == count
    assert len(set(moves)) == count


@pytest.mark.parametrize(
    ("name", "cards", "count"), READINGS, ids=lambda x: x if isinstance(x, str) else ""
)
def test_readings(benchmark, name: str, cards: str, count: int) -> None:  # type: ignore[no-untyped-def]
    readings = benchmark(RULES.readings, cards)
    assert len(readings) == count


def test_cpp_cost_per_call() -> None:
    """Median ns per generation call inside C++, printed as a table (run with -s)."""
    print()
    for name, hand, table, count in LEADS + FOLLOWS:
        iterations = 200 if count > 1000 else 20000
        ns, moves = ganzdy._core.time_generation(
            RULES, hand, table, iterations=iterations, repeats=7
        )
        assert moves == count
        print(f"{name:40s} {count:6d} moves {ns:10.1f} ns/call {ns / max(count, 1):7.2f} ns/move")
