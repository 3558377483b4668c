"""The least and the most points one seat can get in one deal of Gan Deng Yan (OpenSpiel's
utility bounds: ``ganzdy.games.Game.point_bounds``)."""

from __future__ import annotations

from typing import cast

from ganzdy._core import Rules

# Payments saturate here (docs/rules/gan_deng_yan.md, Scoring).
_SATURATION = 2**53


def point_bounds(rules: Rules) -> tuple[float, float]:
    """``(min_utility, max_utility)``: bounds on any seat's points in any deal of ``rules``.

    The most one loser can pay, and the most a winner can collect, maximised over every
    way to split the deck between the losers' hands and bombs played (king bombs, bombs
    of the smallest size, 4-card bombs), with every doubling the scoring options allow
    at its largest for the cards held, then the caps. A deal is zero-sum, so the winner
    collects what the losers pay. These are worst cases, far from typical deals.
    """
    opt = rules.option
    players = rules.players
    deck = rules.deck
    size, jokers, packs = len(deck), deck.jokers, rules.packs
    m = int(cast(int, opt("bomb_min_size")))
    king = opt("king_bomb") != "none"
    weight = bool(opt("bomb_weight"))
    additive = bool(opt("additive_bombs"))
    once = bool(opt("joker_factor_once"))
    held = bool(opt("bomb_held_factor"))
    twos = bool(opt("two_held_factor"))
    shutout = bool(opt("shutout_factor"))
    base = int(cast(int, opt("base")))
    flat = cast("int | None", opt("shutout_flat"))
    mult_cap = cast("int | None", opt("multiplier_cap"))
    score_cap = cast("int | None", opt("score_cap"))

    def doublings(cards: int, held_jokers: int) -> int:
        """The largest doubling count of a hand of ``cards`` cards, bombs played aside."""
        naturals = cards - held_jokers
        d = (1 if held_jokers else 0) if once else held_jokers
        if held:
            d += min(13, naturals // m) + (1 if king and held_jokers >= 2 else 0)
        if twos:
            d += min(4 * packs, naturals)
        if shutout:
            d += 1
        return d

    def payment(count: int, exponent: int, bombs: int, cap_count: int = 1) -> int:
        multiplier = min(1 << exponent, _SATURATION) * ((1 + bombs) if additive else 1)
        if mult_cap is not None:
            multiplier = min(multiplier, mult_cap)
        pay = min(base * count * multiplier, _SATURATION * cap_count)
        if score_cap is not None:
            pay = min(pay, score_cap * cap_count)
        return pay

    # Bomb kinds: (cards, doublings under bomb_weight, how many at most).
    kinds: list[tuple[int, int, int]] = []
    if king:
        kinds.append((2, 2, jokers // 2))
    kinds.append((m, 1 if m == 3 else 2, size // m))
    if m == 3:
        kinds.append((4, 2, size // 4))
    while len(kinds) < 3:
        kinds.append((1, 0, 0))

    single = 0  # the most one loser pays
    pooled = 0  # the most all losers pay together, their hands taken as one pool
    (c0, w0, n0), (c1, w1, n1), (c2, w2, n2) = kinds
    for k0 in range(n0 + 1):
        for k1 in range(n1 + 1):
            for k2 in range(n2 + 1):
                bomb_cards = k0 * c0 + k1 * c1 + k2 * c2
                bombs = k0 + k1 + k2
                # The winner's last play holds at least one card, every loser one.
                pool = size - 1 - bomb_cards
                if pool < players - 1:
                    break
                bomb_d = 0 if additive else (k0 * w0 + k1 * w1 + k2 * w2 if weight else bombs)
                free_jokers = jokers - (2 * k0 if king else 0)
                one = pool - (players - 2)  # one loser's cards, the others holding one each
                for j in range(min(free_jokers, one) + 1):
                    count = max(one, flat) if flat is not None else one
                    single = max(single, payment(count, doublings(one, j) + bomb_d, bombs))
                for j in range(min(free_jokers, pool) + 1):
                    count = pool + (players - 1) * flat if flat is not None else pool
                    total = payment(count, doublings(pool, j) + bomb_d, bombs, players - 1)
                    pooled = max(pooled, total)
    most = min((players - 1) * single, pooled)
    return (-float(single), float(most))
