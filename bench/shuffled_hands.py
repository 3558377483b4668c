"""Hands of random deals, for the benchmarks that time generation on fresh hands."""

from __future__ import annotations

import random


def shuffled_hands(deck: list[str], players: int, deals: int, seed: int) -> list[str]:
    """Every player's hand of each of `deals` shuffles of `deck` (the whole deck dealt out)."""
    rng = random.Random(seed)
    cards = list(deck)
    size = len(cards) // players
    hands = []
    for _ in range(deals):
        rng.shuffle(cards)
        hands += [" ".join(cards[size * s : size * s + size]) for s in range(players)]
    return hands
