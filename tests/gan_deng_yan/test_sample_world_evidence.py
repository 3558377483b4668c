"""Determinization keeps what forced rule actions revealed.

A seat passed over as leader held only cards that cannot lead alone; under
first_leader='lowest_card' nobody was dealt a card below the opening lead's lowest.
``GanDengYanDeal.sample_world`` must deal no world without a past that explains both: each sampled
world is checked by ``world_reference``, which finds a deck order and replays the deal's
moves on it through the engine. The uniform sampler that ignores the evidence fails that
check on these positions, so the tests can tell the two apart.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import ganzdy
import world_reference as ref
from test_sample_world import chi_square_critical


def passed_over_somewhere(deal: ganzdy.GanDengYanDeal, move: ganzdy.Move, owner: int | None) -> bool:
    """Whether the trick ``move`` just ended went to a leader other than its winner."""
    return (
        move.is_pass
        and deal.table.is_pass
        and not deal.is_terminal
        and owner is not None
        and not deal.is_out(owner)
        and deal.current_player != owner
    )


def positions_after_a_pass_over(
    rules: ganzdy.Rules, count: int, seed: int, plies_after: int = 0
) -> list[ganzdy.GanDengYanDeal]:
    """Random deals played until a leader was passed over (and up to ``plies_after`` more)."""
    rng = random.Random(seed)
    found: list[ganzdy.GanDengYanDeal] = []
    while len(found) < count:
        deal = rules.new_deal(seed=rng.randrange(2**32), dealer=rng.randrange(rules.players))
        while not deal.is_terminal:
            owner = deal.table_owner
            move = rng.choice(list(deal.legal_moves))
            deal.push(move)
            if passed_over_somewhere(deal, move, owner):
                for _ in range(rng.randrange(plies_after + 1)):
                    if not deal.is_terminal:
                        deal.push(rng.choice(list(deal.legal_moves)))
                found.append(deal)
                break
    return found


def uniform_world(deal: ganzdy.GanDengYanDeal, seat: int, rng: random.Random) -> ganzdy.GanDengYanDeal:
    """The sample that ignores the evidence: the unseen cards cut into hands and stock."""
    rules = deal.rules
    unseen = list(rules.deck - deal.hand(seat) - deal.played)
    rng.shuffle(unseen)
    hands: list[str] = []
    for s in range(rules.players):
        if s == seat:
            hands.append(str(deal.hand(s)))
        else:
            size = deal.hand_sizes[s]
            hands.append(" ".join(unseen[:size]))
            unseen = unseen[size:]
    return _World(hands, unseen)  # type: ignore[return-value]


class _World:
    """Just enough of a Deal for world_reference: hands and a stock."""

    def __init__(self, hands: list[str], stock: list[str]) -> None:
        self._hands = [ganzdy.Cards(h) for h in hands]
        self.deck = stock
        self.stock_size = len(stock)

    def hand(self, seat: int) -> ganzdy.Cards:
        return self._hands[seat]


def check_every_seat(deal: ganzdy.GanDengYanDeal, rng: random.Random, samples: int, uniform: int) -> int:
    """Asserts that ``samples`` worlds of each seat have a past; returns how many of
    ``uniform`` evidence-blind worlds of each seat have none."""
    inconsistent = 0
    for seat in range(deal.players):
        for _ in range(samples):
            world = deal.sample_world(seat, seed=rng.randrange(2**32))
            assert ref.has_past(deal, seat, world), (deal.to_record(), seat)
        worlds = [uniform_world(deal, seat, rng) for _ in range(uniform)]
        inconsistent += sum(ref.find_deck(deal, seat, w) is None for w in worlds)  # type: ignore[arg-type]
    return inconsistent


PASS_OVER_RULES = [
    ganzdy.Rules("gan_deng_yan", players=2, draw_policy="winner_only"),
    ganzdy.Rules("gan_deng_yan", players=3),
    ganzdy.Rules("gan_deng_yan", players=6),
    ganzdy.Rules("gan_deng_yan", players=4, forbid_final_single_two=True),
    ganzdy.Rules(
        "gan_deng_yan", players=3, forbid_final_single_two=True, draw_policy="winner_only"
    ),
]


@pytest.mark.parametrize("rules", PASS_OVER_RULES, ids=str)
def test_worlds_keep_the_leaders_passed_over(rules: ganzdy.Rules) -> None:
    rng = random.Random(7)
    inconsistent_uniform = 0
    for deal in positions_after_a_pass_over(rules, 3, seed=rules.players, plies_after=6):
        inconsistent_uniform += check_every_seat(deal, rng, samples=8, uniform=12)
    # The evidence matters here: ignoring it deals worlds that have no past.
    assert inconsistent_uniform > 0


# A position where the card can be either of two faces (found by trying seeds).
SEED_WITH_CHOICES = 20


def test_a_leader_passed_over_holds_a_card_that_cannot_lead_with_the_expected_frequency() -> None:
    # Four players, forbid_final_single_two: a seat left with one card was passed over as
    # leader, so that card is a 2 or a joker; the other hands are unconstrained, so the
    # card is any unseen 2 or joker in proportion to its copies among the unseen cards.
    rules = ganzdy.Rules("gan_deng_yan", players=4, forbid_final_single_two=True)
    deal = positions_after_a_pass_over(rules, 1, seed=SEED_WITH_CHOICES)[0]
    past = ref.read_past(deal)
    stuck = next(s for s in range(4) if past.skips[s])
    assert deal.hand_sizes[stuck] == 1 and deal.stock_size == 0
    seat = (stuck + 1) % 4
    unseen = Counter(deal.rules.deck - deal.hand(seat) - deal.played)
    # Which cards the seat can hold, by the reference: that card there, the rest anywhere.
    possible: dict[str, int] = {}
    for card, copies in sorted(unseen.items()):
        rest = list(ganzdy.Cards(" ".join(unseen.elements())) - card)
        hands = []
        for s in range(4):
            size = 0 if s == stuck else deal.hand_sizes[s]
            hands.append(str(deal.hand(s)) if s == seat else " ".join(rest[:size]))
            rest = rest if s == seat else rest[size:]
        hands[stuck] = card
        if ref.has_past(deal, seat, _World(hands, [])):  # type: ignore[arg-type]
            possible[card] = copies
    assert len(possible) >= 2 and all(c[0] == "2" or c in ref.JOKERS for c in possible)
    n = 2000
    counts = Counter(str(deal.sample_world(seat, seed=k).hand(stuck)) for k in range(n))
    assert set(counts) <= set(possible)
    total = sum(possible.values())
    chi2 = sum((counts[c] - n * w / total) ** 2 / (n * w / total) for c, w in possible.items())
    assert chi2 < chi_square_critical(len(possible) - 1)


LOWEST_CARD = ganzdy.Rules("gan_deng_yan", players=4, first_leader="lowest_card")


def lowest_holder(rules: ganzdy.Rules, dealer: int, hands: list[ganzdy.Cards]) -> int:
    """Who holds the lowest natural card, the first in turn order from the dealer on a tie."""
    order = [dealer]
    while len(order) < rules.players:
        order.append(ref.next_seat(rules, order[-1]))
    return min(
        order,
        key=lambda s: (
            min((ref.card_order(c) for c in hands[s] if c not in ref.JOKERS), default=(99, 0)),
            order.index(s),
        ),
    )


def test_before_the_opening_lead_the_leader_holds_the_lowest_card_in_every_world() -> None:
    rng = random.Random(3)
    for _ in range(20):
        deal = LOWEST_CARD.new_deal(seed=rng.randrange(2**32), dealer=rng.randrange(4))
        assert (
            lowest_holder(LOWEST_CARD, deal.dealer, [deal.hand(s) for s in range(4)])
            == deal.current_player
        )
        for seat in range(4):
            for _ in range(5):
                world = deal.sample_world(seat, seed=rng.randrange(2**32))
                hands = [world.hand(s) for s in range(4)]
                assert lowest_holder(LOWEST_CARD, deal.dealer, hands) == world.current_player
                # The world's own opening lead must include its lowest card.
                world.push(rng.choice(list(world.legal_moves)))


def test_worlds_keep_that_nobody_was_dealt_below_the_opening_lead() -> None:
    rng = random.Random(5)
    inconsistent_uniform = 0
    for _ in range(12):
        deal = LOWEST_CARD.new_deal(seed=rng.randrange(2**32), dealer=rng.randrange(4))
        for _ in range(rng.randrange(1, 12)):
            deal.push(rng.choice(list(deal.legal_moves)))
        inconsistent_uniform += check_every_seat(deal, rng, samples=4, uniform=6)
    assert inconsistent_uniform > 0


def test_search_worlds_keep_the_evidence_too() -> None:
    # ISMCTS samples from an InformationSet, which holds a world of its own: sampling
    # again from that world must keep what the real deal's history showed.
    rng = random.Random(11)
    rules = ganzdy.Rules("gan_deng_yan", players=6)
    for deal in positions_after_a_pass_over(rules, 2, seed=6, plies_after=3):
        for seat in range(rules.players):
            info = ganzdy.GanDengYanInformationSet(deal, seat)
            for _ in range(6):
                world = info.sample_world(rng.randrange(2**32))
                assert ref.has_past(deal, seat, world), (deal.to_record(), seat)
                again = world.sample_world(seat, seed=rng.randrange(2**32))
                assert ref.has_past(deal, seat, again), (deal.to_record(), seat)


def test_worlds_keep_that_a_seat_playing_no_two_from_two_cards_held_none() -> None:
    rules = ganzdy.Rules(
        "gan_deng_yan", players=2, must_play_two_first=True, draw_policy="winner_only"
    )
    rng = random.Random(9)
    inconsistent_uniform = checked = 0
    while checked < 20:
        deal = rules.new_deal(seed=rng.randrange(2**32), dealer=rng.randrange(2))
        for _ in range(rng.randrange(20, 80)):
            if not deal.is_terminal:
                deal.push(rng.choice(list(deal.legal_moves)))
        if deal.is_terminal or not any(ref.read_past(deal).without_two.values()):
            continue
        checked += 1
        inconsistent_uniform += check_every_seat(deal, rng, samples=4, uniform=8)
    assert inconsistent_uniform > 0
