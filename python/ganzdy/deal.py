"""``ganzdy.Deal``: the one contract every game's deal fulfils.

``GanDengYanDeal``, ``GuandanDeal`` and ``GoujiDeal`` are engine classes with no common
base at run time; this protocol names what they share, so code written once for every
game (matches, records, agents, search drivers) is typed against it rather than a
union of the three. ``isinstance(deal, ganzdy.Deal)`` holds for a deal of any game.
What a game adds (Gan Deng Yan's stock, Guandan's levels and tribute, Gouji's roles)
is extra members of its class, never another name for one of these.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

import numpy as np
import numpy.typing as npt

from ganzdy._core import Cards, Move, Rules

_D = TypeVar("_D", bound="Deal")


@runtime_checkable
class LegalMoves(Protocol):
    """The legal moves now: a lazy, list-like view (the pass first when following)."""

    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Move]: ...
    def __getitem__(self, index: int) -> Move: ...
    def __contains__(self, move: object) -> bool: ...
    def index(self, move: object) -> int:
        """The index of ``move`` among the legal moves; IllegalMoveError when it is not one."""
        ...


@runtime_checkable
class Outcome(Protocol):
    """What a deal came to, in every game (each game's outcome adds its own members)."""

    @property
    def over(self) -> bool:
        """Whether the deal has ended."""
        ...

    @property
    def finish_order(self) -> list[int]:
        """The seats in the order they went out."""
        ...

    @property
    def points(self) -> list[int]:
        """What each seat won in this deal, by seat (zero until it is over)."""
        ...


@runtime_checkable
class Deal(Protocol):
    """One deal of any game: the in-deal state machine (see docs/deal.md)."""

    @property
    def rules(self) -> Rules:
        """The rules the deal is played under (they name the game)."""
        ...

    @property
    def players(self) -> int:
        """How many seats there are, numbered from 0."""
        ...

    @property
    def seed(self) -> int | None:
        """The seed the deck was shuffled from; None for a deal dealt from a given deck."""
        ...

    @property
    def dealer(self) -> int:
        """The seat dealt the deck's first card (in Gan Deng Yan it also leads first)."""
        ...

    @property
    def deck(self) -> list[str]:
        """The deck order as dealt, top card first (card text)."""
        ...

    @property
    def current_player(self) -> int | None:
        """The seat to act; None once the deal is over."""
        ...

    @property
    def is_terminal(self) -> bool:
        """Whether the deal is over."""
        ...

    @property
    def outcome(self) -> Outcome:
        """What the deal came to (``over`` is False while it is played)."""
        ...

    @property
    def legal_moves(self) -> LegalMoves:
        """The moves the seat to act may make, as a lazy list-like view."""
        ...

    @property
    def table(self) -> Move:
        """The move to beat; the pass move when the seat to act leads."""
        ...

    @property
    def table_owner(self) -> int | None:
        """Who played the table move; None when nobody has."""
        ...

    @property
    def played(self) -> Cards:
        """Every card played so far, by anyone."""
        ...

    @property
    def hand_sizes(self) -> list[int]:
        """How many cards each seat holds, by seat (public)."""
        ...

    @property
    def ply(self) -> int:
        """How many moves have been made since the deal was dealt."""
        ...

    @property
    def root_ply(self) -> int:
        """The ply a copy without history was made at (0 for a deal with its whole
        history): the moves before it are gone, so it can be neither recorded nor
        replayed."""
        ...

    @property
    def history(self) -> list[tuple[int, Move]]:
        """Every move since ``root_ply`` as (seat, move), passes included (built on each
        read, in time linear in the ply)."""
        ...

    def hand(self, seat: int) -> Cards:
        """The cards ``seat`` holds (hidden information: agents see only their own)."""
        ...

    def is_out(self, seat: int) -> bool:
        """Whether ``seat`` has gone out (or no longer plays)."""
        ...

    def why_illegal(self, move: Move) -> str | None:
        """Why ``move`` is illegal now, or None when it is legal."""
        ...

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal now."""
        ...

    def push(self, move: Move) -> None:
        """Make ``move``, checked: an illegal one raises IllegalMoveError saying why."""
        ...

    def apply(self, move: Move) -> None:
        """Make ``move`` without the legality check (the fast path for search)."""
        ...

    def pop(self) -> Move:
        """Undo the last move and return it."""
        ...

    def parse_move(self, text: str) -> Move:
        """The legal move ``text`` means now ('8h 8d', 'pass', '5 BJ as pair 5')."""
        ...

    def copy(self: _D, history: bool = True) -> _D:
        """An independent copy; ``history=False`` keeps no moves (cheaper, for search)."""
        ...

    def hash(self) -> int:
        """A 64-bit hash of the whole state: equal deals hash equal."""
        ...

    def observation(
        self,
        seat: int | None = None,
        *,
        perfect: bool = False,
        out: npt.NDArray[np.float32] | None = None,
    ) -> npt.NDArray[np.float32]:
        """What ``seat`` (default: the seat to act) may know, as a float32 vector."""
        ...

    def sample_world(self: _D, seat: int | None = None, seed: int | None = None) -> _D:
        """A whole deal consistent with what ``seat`` knows, hidden cards redealt."""
        ...

    def greedy_index(self) -> int:
        """The index in ``legal_moves`` of the built-in greedy policy's choice for the
        seat to act, from what that seat may know."""
        ...

    def playout(self, agents: str | Sequence[str] = "random", seed: int | None = None) -> Any:
        """Play the deal to its end in C++ with built-in policies; returns the outcome."""
        ...

    def to_record(self, agents: Sequence[str] | None = None) -> dict[str, Any]:
        """The deal as a JSON-compatible game record (``ganzdy.from_record`` replays it)."""
        ...


__all__ = ["Deal", "LegalMoves", "Outcome"]
