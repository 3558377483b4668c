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
    moves = list(moves)
    wild = set(wild_cards(rules, {card for move in moves for card in move.cards}))
    grouped: dict[tuple[str, str, int, int], list[Move]] = {}
    for move in moves:
        wilds = sum(1 for card in move.cards if card in wild)
        grouped.setdefault((move.kind, move.rank, move.length, wilds), []).append(move)

    def spent(move: Move) -> list[int]:
        # The strengths of the wild cards a move spends, strongest first, so the move
        # spending the weakest sorts first.
        used = [card if card in ("BJ", "RJ") else card[0] for card in move.cards if card in wild]
        return sorted((_STRENGTH.index(rank) for rank in used), reverse=True)

    groups = []
    for (kind, rank, length, wilds), members in grouped.items():
        if wilds:
            # A stable sort: among equal spendings the engine's order stands.
            members.sort(key=spent)
        groups.append(MoveGroup(kind, rank, length, wilds, tuple(members)))
    return groups


def ranks_of(cards: Sequence[str] | Cards) -> list[str]:
    """The cards' ranks as a person types them without suits: jokers stay BJ and RJ."""
    return sorted(card if card in ("BJ", "RJ") else card[0] for card in cards)


__all__ = ["MoveGroup", "group_moves", "ranks_of", "wild_cards"]
