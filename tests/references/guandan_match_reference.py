"""A slow, obvious Guandan level keeper (guandan.md §6.3 and §7), for differential tests.

It follows the rules text line by line, with names and dicts rather than the
engine's tuples, and shares no code with ganzdy.guandan_match.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

LADDER = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]


@dataclass
class Options:
    double_win: int = 3  # 1-2 upgrade: 3, or 4 under upgrade_table='4-2-1'
    passing: tuple[str, ...] = ("1-2", "1-3")
    fail_limit: int | None = 3
    reset_to: str = "2"
    own_level_only: bool = True


@dataclass
class Keeper:
    options: Options
    level: dict[int, str] = field(default_factory=lambda: {0: "2", 1: "2"})
    banker: int | None = None
    failures: dict[int, int] = field(default_factory=lambda: {0: 0, 1: 0})
    last_finish: tuple[int, ...] | None = None
    champion: int | None = None

    def hand(self, finish: Sequence[int]) -> None:
        """Record one hand that finished in `finish` (the seats in the order they went out)."""
        assert self.champion is None
        first = finish[0]
        winners = first % 2
        partner = (first + 2) % 4
        # The partner's place: 2nd, 3rd, or 4th (not out at all, or listed last).
        place = finish.index(partner) + 1 if partner in finish else 4
        result = {2: "1-2", 3: "1-3", 4: "1-4"}[place]
        gain = {"1-2": self.options.double_win, "1-3": 2, "1-4": 1}[result]

        # Whose own level the hand was played at: the banker's, or both before the first hand.
        def own(team: int) -> bool:
            return self.banker is None or self.banker == team

        playing_own_a = [t for t in (0, 1) if own(t) and self.level[t] == "A"]
        wins_match = (
            self.level[winners] == "A"
            and result in self.options.passing
            and (own(winners) or not self.options.own_level_only)
        )
        if wins_match:
            self.champion = winners
        else:
            climbed = LADDER.index(self.level[winners]) + gain
            self.level[winners] = LADDER[min(climbed, len(LADDER) - 1)]
        for team in playing_own_a:
            if wins_match and team == winners:
                continue
            self.failures[team] += 1
            if (
                self.options.fail_limit is not None
                and self.failures[team] == self.options.fail_limit
            ):
                self.level[team] = self.options.reset_to
                self.failures[team] = 0
        self.banker = winners
        self.last_finish = tuple(finish)

    def snapshot(self) -> tuple[tuple[str, str], int | None, tuple[int, int], object, int | None]:
        return (
            (self.level[0], self.level[1]),
            self.banker,
            (self.failures[0], self.failures[1]),
            self.last_finish,
            self.champion,
        )
