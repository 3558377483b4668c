"""Which cards are wild, told the slow way: from the readings of two cards of different
ranks. This is how the web page and the terminal told it before the engine had
``Rules.wild_cards``; the tests compare the two on every face under several rules."""

from __future__ import annotations

from ganzdy import Cards, GanzdyError, Rules


def is_wild(rules: Rules, card: str) -> bool:
    """Whether ``card`` stands in for a 5 (or, being a 5, for a 6) beside one: the pair
    of different ranks reads as the partner's rank only then. Not a 3 as the partner:
    Gouji's 3s take no wild card under 憋三."""
    partner = "6s" if card[0] == "5" else "5s"
    try:
        readings = rules.readings(Cards(f"{partner} {card}"))
    except GanzdyError:
        return False
    return any(move.rank == partner[0] for move in readings)
