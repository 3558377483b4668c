"""Issue 16 (12): a return card between two other seats stays hidden from a seat, in its
observation and in the worlds it samples. Twin deals that differ only in that card look
the same to the seat."""

from __future__ import annotations

import random

import ganzdy
from ganzdy import GuandanDeal

RULES = ganzdy.Rules("guandan")


def tribute_of(deal: GuandanDeal) -> list[tuple[int, int, str | None, str | None]]:
    return [(p.payer, p.receiver, p.card, p.returned) for p in deal.tribute]


def twins(count: int) -> list[tuple[GuandanDeal, GuandanDeal]]:
    """Pairs of deals just after a single tribute (seat 3 pays seat 0) in which seat 0
    gave back different cards; seats 1 and 2 saw neither."""
    rng = random.Random(12)
    found: list[tuple[GuandanDeal, GuandanDeal]] = []
    while len(found) < count:
        seed = rng.randrange(2**63)
        one = GuandanDeal(RULES, seed, previous_finish=[0, 1, 2, 3])
        if one.phase != "tribute":
            continue
        one.push(one.legal_moves[0])
        choices = list(one.legal_moves)
        if one.phase != "return" or len(choices) < 2:
            continue
        two = GuandanDeal(RULES, seed, previous_finish=[0, 1, 2, 3])
        two.push(two.legal_moves[0])
        first, second = rng.sample(choices, 2)
        one.push(first)
        two.push(second)
        assert one.phase == two.phase == "play"
        found.append((one, two))
    return found


def test_a_hidden_return_is_the_same_to_the_seats_that_did_not_see_it() -> None:
    # On main a sampled world kept the real return card in tribute[i].returned and in the
    # payer's and receiver's observations of that world.
    for one, two in twins(5):
        assert one.tribute[0].returned != two.tribute[0].returned
        for seat in (1, 2):
            assert one.hand(seat) == two.hand(seat)
            assert one.observation(seat).tolist() == two.observation(seat).tolist()
            for k in range(6):
                a, b = one.sample_world(seat, seed=k), two.sample_world(seat, seed=k)
                assert a.hash() == b.hash()
                assert tribute_of(a) == tribute_of(b)
                for other in range(4):
                    assert a.observation(other).tolist() == b.observation(other).tolist()
                # The world's return is a card its payer holds, as the rules allow.
                assert a.tribute[0].returned in list(a.hand(3))
            infos = (ganzdy.GuandanInformationSet(d, seat) for d in (one, two))
            worlds = [info.sample_world(3) for info in infos]
            assert worlds[0].hash() == worlds[1].hash()
            assert tribute_of(worlds[0]) == tribute_of(worlds[1])
        # The two seats concerned do see it.
        assert one.observation(0).tolist() != two.observation(0).tolist()
