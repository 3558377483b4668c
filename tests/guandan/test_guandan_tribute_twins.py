"""Issue 16 (11): after 双上 a payer cannot tell from its view whether the other payer's
hidden highest card beats its own. Twin deals, which differ only in cards the payer has
not seen, show it the same observation, view and information set."""

from __future__ import annotations

import random

import ganzdy
from ganzdy import GuandanDeal
from ganzdy.agents import view_for

RULES = ganzdy.Rules("guandan")
SEATS = range(4)


def swapped(deal: GuandanDeal, a: int, b: int) -> list[str]:
    """The deck of ``deal`` with the hands of seats ``a`` and ``b`` exchanged (card i goes
    to seat i % 4)."""
    hands = [list(deal.hand(s)) for s in SEATS]
    hands[a], hands[b] = hands[b], hands[a]
    return [hands[i % 4][i // 4] for i in range(108)]


def twins(count: int) -> list[tuple[GuandanDeal, GuandanDeal, int]]:
    """Pairs of double-tribute deals in which seats 1 and 3 pay and the twin swaps seat
    3's hand with seat 0's, so that the payer to act (seat 1 or 3's partner in paying)
    sees the same thing while who pays whom differs."""
    rng = random.Random(11)
    found: list[tuple[GuandanDeal, GuandanDeal, int]] = []
    while len(found) < count:
        deck = GuandanDeal(RULES, rng.randrange(2**63)).deck
        one = GuandanDeal(RULES, deck=deck, previous_finish=[0, 2])
        if one.resisted or one.phase != "tribute":
            continue
        payer = one.current_player
        other = 4 - payer  # seats 1 and 3 pay
        two = GuandanDeal(RULES, deck=swapped(one, other, 0), previous_finish=[0, 2])
        if two.resisted or two.current_player != payer:
            continue
        receivers = [p.receiver for p in one.tribute], [p.receiver for p in two.tribute]
        if receivers[0] != receivers[1]:
            found.append((one, two, payer))
    return found


def public_view(deal: GuandanDeal) -> ganzdy.SeatView:
    return view_for(deal)  # `information` takes no part in comparing views


def test_twins_differing_in_who_receives_look_the_same_to_the_payer() -> None:
    # On main the view's tribute receivers and dealer were set at deal time from the
    # payers' highest cards: a payer learned whether the other's hidden card beat its own.
    for one, two, payer in twins(6):
        assert one.hand(payer) == two.hand(payer)
        assert public_view(one) == public_view(two)
        assert all(p.receiver is None for p in public_view(one).tribute)
        assert public_view(one).dealer == -1
        assert one.observation(payer).tolist() == two.observation(payer).tolist()
        infos = ganzdy.GuandanInformationSet(one, payer), ganzdy.GuandanInformationSet(two, payer)
        for k in range(5):
            a, b = (info.sample_world(k) for info in infos)
            assert a.hash() == b.hash()
        # Once both tribute cards are shown, who pays whom is public.
        for deal in (one, two):
            while deal.phase == "tribute":
                deal.push(deal.legal_moves[0])
            assert public_view(deal).dealer == deal.first_leader
            assert [p.receiver for p in public_view(deal).tribute] == [
                p.receiver for p in deal.tribute
            ]
