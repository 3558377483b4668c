"""One front door to make a deal: rules.new_deal(seed, dealer, **setup) and the three deal
constructors, which take the same leading arguments (rules, seed=None, dealer=0)."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

import ganzdy
from ganzdy import GanDengYanDeal, GoujiDeal, GuandanDeal, Rules, RulesError

GAMES: list[tuple[str, type[Any], int]] = [
    ("gan_deng_yan", GanDengYanDeal, 4),
    ("guandan", GuandanDeal, 4),
    ("gouji", GoujiDeal, 6),
]
IDS = [game for game, _, _ in GAMES]


def hands(deal: Any) -> list[str]:
    return [str(deal.hand(seat)) for seat in range(deal.players)]


@pytest.mark.parametrize(("game", "kind", "players"), GAMES, ids=IDS)
def test_new_deal_makes_the_games_deal(game: str, kind: type[Any], players: int) -> None:
    rules = Rules(game)
    deal = rules.new_deal(seed=11)
    assert type(deal) is kind
    assert deal.rules == rules and deal.seed == 11 and deal.dealer == 0
    assert deal.players == players
    same = kind(rules, seed=11)
    assert same.deck == deal.deck and hands(same) == hands(deal)
    assert hands(kind(rules, 11, 0)) == hands(deal)


@pytest.mark.parametrize(("game", "kind", "players"), GAMES[1:], ids=IDS[1:])
def test_dealer_zero_deals_card_i_to_seat_i(game: str, kind: type[Any], players: int) -> None:
    """The default is the deal every earlier version made: deck card i to seat i % n
    (recorded golden deals depend on it); dealer k turns the deal k seats on."""
    rules = Rules(game)
    for seed in range(5):
        deal = rules.new_deal(seed=seed)
        dealt = [str(ganzdy.Cards(" ".join(deal.deck[s::players]))) for s in range(players)]
        assert hands(deal) == dealt
        for dealer in range(1, players):
            turned = rules.new_deal(seed=seed, dealer=dealer)
            assert turned.deck == deal.deck and turned.dealer == dealer
            assert hands(turned) == [dealt[(s - dealer) % players] for s in range(players)]


def test_guandan_dealer_leaves_the_first_lead_to_its_rule() -> None:
    rules = Rules("guandan")
    for seed in range(8):
        leaders = {rules.new_deal(seed=seed, dealer=k).first_leader for k in range(4)}
        assert len(leaders) == 1
    # Under first_lead_first_hand='turned_card' the turned card's holder leads, wherever
    # the deal began.
    turned = Rules("guandan", first_lead_first_hand="turned_card")
    for dealer in range(4):
        deal = turned.new_deal(seed=3, dealer=dealer)
        position = deal.turned_position
        assert position is not None
        assert deal.first_leader == (dealer + position) % 4
        assert deal.deck[position] in deal.hand(deal.first_leader)


def test_gan_deng_yan_dealer_takes_the_extra_card_and_leads() -> None:
    rules = Rules("gan_deng_yan", players=5)
    for dealer in range(5):
        deal = GanDengYanDeal(rules, seed=2, dealer=dealer)
        assert deal.hand_sizes[dealer] == 6
        assert deal.current_player == dealer
        assert hands(deal) == hands(rules.new_deal(seed=2, dealer=dealer))


@pytest.mark.parametrize(("game", "kind", "players"), GAMES, ids=IDS)
def test_bad_seed_dealer_or_rules_quote_the_input(game: str, kind: type[Any], players: int) -> None:
    rules = Rules(game)
    for seed in ("x", 1.5, True):
        with pytest.raises(RulesError, match=rf"seed={seed!r} is not allowed"):
            rules.new_deal(seed=seed)
        with pytest.raises(RulesError, match=rf"seed={seed!r} is not allowed"):
            kind(rules, seed=seed)
    for dealer in (players, -1, "0", None, 2**70):
        message = rf"dealer={dealer!r} is not a seat: expected 0 to {players - 1}"
        with pytest.raises(RulesError, match=message):
            rules.new_deal(seed=1, dealer=dealer)
        with pytest.raises(RulesError, match=message):
            kind(rules, 1, dealer)
    for other, other_kind, _ in GAMES:
        if other != game:
            with pytest.raises(RulesError, match=rf"needs .* rules, not {other}"):
                kind(Rules(other), seed=1)
            assert type(Rules(other).new_deal(seed=1)) is other_kind


def test_new_deal_passes_the_games_setup_on() -> None:
    guandan = Rules("guandan").new_deal(seed=4, dealer=1, previous_finish=[2, 0, 1, 3])
    assert guandan.previous_finish == [2, 0, 1, 3] and guandan.phase == "tribute"
    gouji = Rules("gouji").new_deal(seed=4, first_leader=5)
    assert gouji.setup["first_leader"] == 5
    gdy_rules = Rules("gan_deng_yan")
    deck = list(gdy_rules.new_deal(seed=9).deck)
    assert gdy_rules.new_deal(deck=deck, dealer=2).deck == deck
    with pytest.raises(TypeError):
        gdy_rules.new_deal(seed=1, previous_finish=[0, 1])


@pytest.mark.parametrize(("game", "kind", "players"), GAMES[1:], ids=IDS[1:])
def test_a_dealer_survives_setup_pickle_and_play(game: str, kind: type[Any], players: int) -> None:
    rules = Rules(game)
    assert "dealer" not in rules.new_deal(seed=1).setup
    deal = rules.new_deal(seed=6, dealer=players - 1)
    assert deal.setup["dealer"] == players - 1
    again = kind(rules, 6, **deal.setup)
    assert hands(again) == hands(deal)
    chooser = random.Random(6)
    while not deal.is_terminal:
        deal.push(chooser.choice(list(deal.legal_moves)))
        deal.check_invariants()
        if deal.ply % 17 == 0:
            world = deal.sample_world(seed=deal.ply)
            world.check_invariants()
            assert world.dealer == deal.dealer
    restored = pickle.loads(pickle.dumps(deal))
    assert restored.dealer == deal.dealer and restored.history == deal.history
    assert restored.outcome == deal.outcome
