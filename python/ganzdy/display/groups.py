"""Legal plays grouped by what they do, so the suit variants of one play are one choice.

Guandan's two packs and Gouji's four make one tube or one group of fives legal in a
dozen suit combinations; a person means the play, not the suits. A group is one
(kind, key rank, length, number of wild cards used). The move played for a group is
the one spending the weakest wild cards (Gouji's 2s before its small and big jokers; in
Guandan and Gan Deng Yan the wilds are alike), the engine's first such move otherwise
(legal moves come in the engine's canonical order); another variant is chosen by typing
its cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ganzdy._core import Cards, Move, Rules


def wild_cards(rules: Rules, cards: Iterable[str]) -> list[str]:
    """The distinct cards among ``cards`` that the rules make wild (``Rules.wild_cards``)."""
    return sorted(set(rules.wild_cards(Cards(" ".join(set(cards))))))


# Ranks from weakest to strongest, jokers last: which wild card is the cheaper to spend.
_STRENGTH = [*"3456789TJQKA2", "BJ", "RJ"]


@dataclass(frozen=True)
class MoveGroup:
    """Legal moves that do the same thing: ``moves[0]`` is the one played for the group."""

    kind: str
    rank: str
    length: int
    wilds: int  # wild cards the play uses (Guandan's heart of the level, jokers, Gouji's 2s)
    moves: tuple[Move, ...]

    @property
    def move(self) -> Move:
        return self.moves[0]

    @property
    def is_pass(self) -> bool:
        return self.moves[0].is_pass

    def describe(self) -> str:
        """The group for a menu: the play and, when several suit variants were folded
        into it, how many; the cards are the ones the engine plays."""
        move = self.move
        if move.is_pass or not move.cards:
            return str(move)
        declared = f"{move.kind} {move.rank}".strip()
        wild = f", {self.wilds} wild" if self.wilds else ""
        variants = f", {len(self.moves)} ways" if len(self.moves) > 1 else ""
        return f"{declared}: {move.cards}{wild}{variants}"


def group_moves(moves: Iterable[Move], rules: Rules) -> list[MoveGroup]:
    """``moves`` grouped by (kind, key rank, length, wild cards used), in the order each
    group's first move comes."""
    # Each move's cards are read from the engine once: a Gouji lead lists hundreds of moves.
    cards_of = [(move, list(move.cards)) for move in moves]
    wild = set(wild_cards(rules, {card for _, cards in cards_of for card in cards}))
    # The strengths of the wild cards a move spends, strongest first, so that the move
    # spending the weakest sorts first.
    grouped: dict[tuple[str, str, int, int], list[tuple[list[int], Move]]] = {}
    for move, cards in cards_of:
        used = [
            _STRENGTH.index(card if card in ("BJ", "RJ") else card[0])
            for card in cards
            if card in wild
        ]
        key = (move.kind, move.rank, move.length, len(used))
        grouped.setdefault(key, []).append((sorted(used, reverse=True), move))

    groups = []
    for (kind, rank, length, wilds), members in grouped.items():
        if wilds:
            # A stable sort: among equal spendings the engine's order stands.
            members.sort(key=lambda member: member[0])
        groups.append(MoveGroup(kind, rank, length, wilds, tuple(move for _, move in members)))
    return groups


def ranks_of(cards: Sequence[str] | Cards) -> list[str]:
    """The cards' ranks as a person types them without suits: jokers stay BJ and RJ."""
    return sorted(card if card in ("BJ", "RJ") else card[0] for card in cards)


__all__ = ["MoveGroup", "group_moves", "ranks_of", "wild_cards"]
