"""``Rules.wild_cards``: the engine says which cards the rules make wild (issue 18: the
web page had inferred it from readings). Compared with that inference on every face
under the rules options that change it, and on whole hands."""

from __future__ import annotations

import random

import pytest

import ganzdy
from ganzdy import Cards, Rules
from wild_reference import is_wild

FACES = Cards.parse(" ".join(Rules("gan_deng_yan").deck))

RULES = [
    Rules("gan_deng_yan"),
    Rules("gan_deng_yan", joker_wild=False),
    Rules("gan_deng_yan", joker_can_be_two=True),
    *(Rules("guandan", level=level) for level in "25TA"),
    Rules("guandan", wild_enabled=False),
    Rules("gouji"),
    Rules("gouji", biesan=False),
    Rules("gouji", beat_mode="wild"),
]


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_every_face_is_wild_as_its_readings_say(rules: Rules) -> None:
    wild = rules.wild_cards(FACES)
    assert isinstance(wild, Cards)
    assert sorted(wild) == sorted(card for card in FACES if is_wild(rules, card))


def test_the_wild_cards_of_each_game_by_its_rules() -> None:
    assert str(Rules("gan_deng_yan").wild_cards("3s 2h BJ RJ")) == "BJ RJ"
    assert str(Rules("gan_deng_yan", joker_wild=False).wild_cards("3s 2h BJ RJ")) == ""
    # Guandan: the two hearts of the level, not its other suits, not the jokers.
    assert str(Rules("guandan", level="T").wild_cards("Th Th Ts 2h BJ")) == "Th Th"
    assert str(Rules("guandan").wild_cards("Th 2h 2s RJ")) == "2h"
    # Gouji: every 2 and every joker.
    assert str(Rules("gouji").wild_cards("3s 2h 2c BJ RJ RJ As")) == "2h 2c BJ RJ RJ"


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_dealt_hands_keep_every_copy_of_their_wild_cards(game: str) -> None:
    rules = Rules(game)
    rng = random.Random(18)
    for _ in range(20):
        deal = rules.new_deal(seed=rng.getrandbits(64))
        for seat in range(deal.players):
            hand = deal.hand(seat)
            wild = rules.wild_cards(hand)
            assert list(wild) == [card for card in hand if is_wild(rules, card)]


def test_bad_cards_are_refused_with_the_input_quoted() -> None:
    rules = Rules("guandan")
    with pytest.raises(ganzdy.ParseError, match="zz"):
        rules.wild_cards("2h zz")
    with pytest.raises(TypeError, match="cards"):
        rules.wild_cards(7)  # type: ignore[arg-type]
    # More copies than the rules' deck holds.
    with pytest.raises(ganzdy.GanzdyError, match="2h"):
        rules.wild_cards("2h 2h 2h")
