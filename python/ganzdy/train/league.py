"""The league: who sits at each training deal's table.

Every deal the learner holds some seats and the others are played by one opponent
drawn from the mix: the built-in greedy bot, uniform random play, a past snapshot of
the learner, or the learner itself (self-play: every seat the learner's). In Gan Deng
Yan the learner holds one seat; in the team games (Guandan, Gouji) one team, the
other team is the opponent's. Snapshots of the learner are taken every so many
samples and the oldest dropped past a limit, so the past it plays is recent enough to
be a match and varied enough not to be one policy.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ganzdy._core import GanzdyError

# What plays a seat: the learner, a built-in bot, or (0, 1, ...) a snapshot's number.
LEARNER = -1
GREEDY = -2
RANDOM = -3

Table = tuple[int, ...]

KINDS = ("greedy", "random", "past", "self")


@dataclass(frozen=True)
class LeagueMix:
    """How often each kind of opponent is drawn (weights, normalised when drawn)."""

    greedy: float = 0.4
    random: float = 0.1
    past: float = 0.25
    self: float = 0.25

    def __post_init__(self) -> None:
        weights = self.weights()
        if any(not np.isfinite(w) or w < 0 for w in weights) or sum(weights) <= 0:
            raise GanzdyError(
                f"league mix {self.spec()!r}: the weights must be finite, not negative, "
                "and not all zero"
            )

    def weights(self) -> tuple[float, float, float, float]:
        return (self.greedy, self.random, self.past, self.self)

    def spec(self) -> str:
        return ",".join(f"{k}={w:g}" for k, w in zip(KINDS, self.weights(), strict=True))

    @classmethod
    def parse(cls, text: str) -> LeagueMix:
        """``greedy=0.4,random=0.1,past=0.25,self=0.25``; kinds left out weigh 0."""
        given: dict[str, float] = dict.fromkeys(KINDS, 0.0)
        for part in text.split(","):
            name, sep, value = part.strip().partition("=")
            if not sep or name not in given:
                raise GanzdyError(
                    f"league mix {text!r}: {part.strip()!r} is not kind=weight with a kind "
                    f"among {', '.join(KINDS)}"
                )
            try:
                given[name] = float(value)
            except ValueError:
                raise GanzdyError(f"league mix {text!r}: {value!r} is not a number") from None
        return cls(**given)


# The default mix per game. In the team games the learner trains mostly against greedy:
# with the old default's half of deals against itself and its snapshots, a Gouji run's
# rating against greedy fell while its loss did (docs/training.md); in Gan Deng Yan,
# one seat against three, the old mix kept improving.
DEFAULT_MIXES = {
    "gan_deng_yan": "greedy=0.4,random=0.1,past=0.25,self=0.25",
    "guandan": "greedy=0.7,random=0.05,past=0.15,self=0.1",
    "gouji": "greedy=0.7,random=0.05,past=0.15,self=0.1",
}


def default_mix(game: str) -> LeagueMix:
    """The league mix ``ganzdy train --game game`` uses unless ``--league`` is given."""
    return LeagueMix.parse(DEFAULT_MIXES.get(game, DEFAULT_MIXES["gan_deng_yan"]))


def learner_seats(players: int, teams: bool, first: int) -> list[int]:
    """The seats the learner holds when it is not playing itself: ``first`` alone, or in
    a team game every seat of ``first``'s team (teams alternate around the table)."""
    if not teams:
        return [first]
    return [seat for seat in range(players) if seat % 2 == first % 2]


def draw_table(
    rng: np.random.Generator,
    mix: LeagueMix,
    players: int,
    teams: bool,
    snapshots: list[int],
) -> Table:
    """One deal's table: for each seat, ``LEARNER``, ``GREEDY``, ``RANDOM`` or a snapshot.

    With no snapshot yet a draw of ``past`` is self-play: the learner's only past is
    itself."""
    weights = np.array(mix.weights())
    kind = KINDS[int(rng.choice(len(KINDS), p=weights / weights.sum()))]
    first = int(rng.integers(players))
    if kind == "past" and not snapshots:
        kind = "self"
    if kind == "self":
        return (LEARNER,) * players
    opponent = {"greedy": GREEDY, "random": RANDOM}.get(kind)
    if opponent is None:
        opponent = snapshots[int(rng.integers(len(snapshots)))]
    mine = set(learner_seats(players, teams, first))
    return tuple(LEARNER if seat in mine else opponent for seat in range(players))
