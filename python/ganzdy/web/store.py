"""The live games: reached only by unguessable ids, bounded in number, expiring when idle.

A game's id is ``secrets.token_urlsafe`` (128 bits), the only way to reach it. When the
store is full, the least recently used game makes room; a game untouched for
``idle_seconds`` is gone at the next look.
"""

from __future__ import annotations

import collections
import secrets
import threading
import time
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Store(Generic[T]):
    def __init__(
        self,
        max_games: int,
        idle_seconds: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if max_games < 1 or idle_seconds <= 0:
            raise ValueError(f"max_games={max_games}, idle_seconds={idle_seconds}: both positive")
        self.max_games = max_games
        self.idle_seconds = idle_seconds
        self.clock = clock
        self._games: collections.OrderedDict[str, tuple[T, float]] = collections.OrderedDict()
        self._lock = threading.Lock()

    def _expire(self, now: float) -> None:
        # Least recently used first: stop at the first game still fresh.
        while self._games:
            key, (_, used) = next(iter(self._games.items()))
            if now - used < self.idle_seconds:
                return
            del self._games[key]

    def add(self, game: T) -> str:
        with self._lock:
            now = self.clock()
            self._expire(now)
            while len(self._games) >= self.max_games:
                self._games.popitem(last=False)
            key = secrets.token_urlsafe(16)
            self._games[key] = (game, now)
            return key

    def get(self, key: str) -> T | None:
        """The game, marked used now; None if there is none by that id (or it expired)."""
        with self._lock:
            now = self.clock()
            self._expire(now)
            entry = self._games.get(key)
            if entry is None:
                return None
            self._games[key] = (entry[0], now)
            self._games.move_to_end(key)
            return entry[0]

    def __len__(self) -> int:
        with self._lock:
            self._expire(self.clock())
            return len(self._games)
