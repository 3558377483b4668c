"""What the contract suite plays: every game, the option sets that change its flow, and
what its rules say of the points; plus the random play and snapshots shared by its tests.

Nothing here names a game's class or branches on the game: a deal comes from
``rules.new_deal(seed=..., dealer=...)`` and is driven through the members every deal
has (``ganzdy.Deal``). What differs between the games is data, in the tables below.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

import ganzdy
import later_hands
from ganzdy import Move, Rules

# The option sets of each game that change the flow of a deal, not only its scoring:
# players and turn order, drawing, who leads, wilds and bombs (Gan Deng Yan,
# docs/rules/gan_deng_yan.md); the level (so the wild card), the first lead and the
# jiefeng rule (Guandan, docs/rules/guandan.md); burns, revolutions, yields, purchases
# of 3s, graces and the beat mode (Gouji, docs/rules/gouji.md).
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "gan_deng_yan": [
        {},
        {"players": 2},
        {"players": 3, "end_condition": "ranking", "direction": "clockwise"},
        {"players": 5, "draw_policy": "winner_only"},
        {"players": 6, "draw_policy": "none", "first_leader": "lowest_card"},
        {
            "triple_mode": "bomb",
            "king_bomb": "small_plus_big",
            "stuck_leader": "allow_joker_only_final",
        },
        {"forbid_final_single_two": True, "must_play_two_first": True, "packs": 1},
        {"joker_wild": False, "king_bomb": "any_two_jokers", "max_jokers_per_combo": 1},
    ],
    "guandan": [
        {},
        {"level": "7"},
        {"level": "A", "wild_enabled": False, "first_lead_first_hand": "turned_card"},
        {"level": "T", "jiefeng_to_partner": False, "first_lead_first_hand": "seat0"},
        {"level": "3", "prune_redundant_wild": True},
    ],
    "gouji": [
        {},
        {"burn_illegal_mode": "penalize", "biesan": False, "dipai_grace": True},
        {"xuandian": True, "point_check_time": "end_of_hand"},
        {"burn_priority": "turn_order", "lead_after_finished_winner": "teammate"},
        {"men_immediate_bottom": True, "buy_four": True, "scoring": "4,2,0,0,-2,-4"},
        {"revolution": False, "yield_enabled": False, "headless_free_response": False},
        {"beat_mode": "cover", "burn_requires_open_point": True},
    ],
}

# What the points of one deal add up to, from each game's rules file: Gan Deng Yan's
# losers pay the winner (or each other, ranked) what they owe (Scoring); a Guandan hand
# gives the winners +upgrade and the losers -upgrade (§8); Gouji pays +2 +1 0 0 -1 -2 by
# place, doubled after 串三户 (§8), and the custom table above sums to zero as well.
POINT_SUMS: dict[str, int] = {"gan_deng_yan": 0, "guandan": 0, "gouji": 0}

# How the deals of a case start, one after another: a first hand, or a later one whose
# setup is what the previous hand left (tests/references/later_hands.py).
SETUPS: dict[str, list[dict[str, Any]]] = {
    "gan_deng_yan": [{}],
    "guandan": [{}, *later_hands.GUANDAN],
    "gouji": [{}, *later_hands.GOUJI],
}

# What a deal built from a deck order needs besides it, and the OpenSpiel game's
# parameters that say the same: a deck order leaves the first leader to chance in
# Guandan (first_lead_first_hand="random") and breaks Gouji's 上班 ties by an order
# drawn from the whole deck, so twin deck orders could lead differently. Both take
# the first leader as given; Gan Deng Yan's dealer leads.
DECK_SETUP: dict[str, dict[str, int]] = {
    "gan_deng_yan": {},
    "guandan": {"first_leader": 0},
    "gouji": {"first_leader": 0},
}
OPENSPIEL_SETUP: dict[str, dict[str, int]] = {
    "gan_deng_yan": {},
    "guandan": {"leader": 0},
    "gouji": {"leader": 0},
}

GAME_NAMES = tuple(OPTION_SETS)


def game_names() -> tuple[str, ...]:
    """Every game the package plays: ``ganzdy.GAMES`` once it exists, checked against
    the tables above so a new game cannot be left out of the suite."""
    games = getattr(ganzdy, "GAMES", None)
    if games is None:
        return GAME_NAMES
    assert set(games) == set(GAME_NAMES), f"the contract suite has no cases for {games}"
    return tuple(games)


@dataclass(frozen=True)
class Case:
    """One game under one option set."""

    game: str
    options: tuple[tuple[str, Any], ...]

    @property
    def rules(self) -> Rules:
        return Rules(self.game, **dict(self.options))

    @property
    def id(self) -> str:
        text = ",".join(f"{k}={v}" for k, v in self.options)
        return f"{self.game}[{text or 'default'}]"


CASES = [
    Case(game, tuple(options.items())) for game in game_names() for options in OPTION_SETS[game]
]


def new_deal(rules: Rules, seed: int, dealer: int = 0, setup: dict[str, Any] | None = None) -> Any:
    return rules.new_deal(seed=seed, dealer=dealer, **(setup or {}))


def declared_size(rules: Rules, deal: Any) -> int:
    """The observation size the game declares, on its rules (the one door for every game)."""
    return int(rules.observation_shape[0])


def counts(cards: Any) -> Counter[str]:
    return Counter(iter(cards))


def snapshot(deal: Any) -> tuple[Any, ...]:
    """Everything pop() must restore: hash, hands, played cards, turn, legal moves, table."""
    return (
        deal.hash(),
        deal.ply,
        tuple(str(deal.hand(s)) for s in range(deal.players)),
        tuple(deal.hand_sizes),
        str(deal.played),
        deal.current_player,
        deal.is_terminal,
        tuple(deal.legal_moves),
        deal.table,
        deal.table_owner,
        str(deal),
    )


def choose(deal: Any, rng: random.Random) -> Move:
    """A random legal move; following, the pass one time in two, so tricks end."""
    moves = deal.legal_moves
    assert len(moves) > 0, f"no legal move at ply {deal.ply} of a deal not over:\n{deal}"
    if not deal.table.is_pass and moves[0].is_pass and rng.random() < 0.5:
        return moves[0]  # type: ignore[no-any-return]
    return moves[rng.randrange(len(moves))]  # type: ignore[no-any-return]


def play_out(deal: Any, rng: random.Random, limit: int = 20_000) -> list[Move]:
    """Play ``deal`` to its end with ``choose``; the moves played."""
    moves: list[Move] = []
    while not deal.is_terminal:
        move = choose(deal, rng)
        deal.push(move)
        moves.append(move)
        assert len(moves) < limit, f"no end after {limit} plies"
    return moves
