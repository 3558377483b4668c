"""A Python agent's decision through ``play_deal`` against the raw loop, in every game.

Three ways to play the same deals with the same random choices:

* ``raw``: the loop a script writes without agents: the legal moves as a tuple, one
  drawn by a seeded ``random.Random``, ``push``;
* ``play_deal``: ``ganzdy.play_deal`` with seeded ``RandomAgent`` objects, whose views are
  lazy (the agent reads the legal moves only);
* ``eager``: the same with agents that read every field of their view, the information
  set included: what every decision cost before views were lazy.

Every run asserts that the three played the very same deals (same moves, same hash), so a
fast wrong driver fails. Run ``pytest bench/test_bench_play_deal.py --benchmark-only``;
``python bench/test_bench_play_deal.py`` prints the cost of a decision each way and the
ratios to the raw loop (design.md's budget: ``play_deal`` within 2x of the raw loop).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pytest

import ganzdy

DEALS = 20


def raw(rules: ganzdy.Rules, seeds: range) -> list[ganzdy.Deal]:
    """The deals played by a bare loop, seat s drawing from random.Random(seed * 8 + s)."""
    deals = []
    for seed in seeds:
        deal = ganzdy.match.new_deal(rules, seed)
        streams = [random.Random(seed * 8 + s) for s in range(rules.players)]
        while (seat := deal.current_player) is not None:
            deal.push(streams[seat].choice(tuple(deal.legal_moves)))
        deals.append(deal)
    return deals


class EagerRandom(ganzdy.RandomAgent):
    """A random agent that reads its whole view first, as every view was once built."""

    def act(self, view: ganzdy.SeatView) -> ganzdy.Move:
        view.settle()
        return super().act(view)


def through_play_deal(
    agent: Callable[[int], ganzdy.Agent]
) -> Callable[[ganzdy.Rules, range], list[ganzdy.Deal]]:
    def play(rules: ganzdy.Rules, seeds: range) -> list[ganzdy.Deal]:
        return [
            ganzdy.play_deal(rules, [agent(seed * 8 + s) for s in range(rules.players)], seed)
            for seed in seeds
        ]

    return play


WAYS: dict[str, Callable[[ganzdy.Rules, range], list[ganzdy.Deal]]] = {
    "raw": raw,
    "play_deal": through_play_deal(ganzdy.RandomAgent),
    "eager": through_play_deal(EagerRandom),
}


def played(deals: list[ganzdy.Deal]) -> list[tuple[int, int]]:
    return [(deal.hash(), deal.ply) for deal in deals]


@pytest.mark.parametrize("way", list(WAYS))
@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_random_decisions(benchmark, game: str, way: str) -> None:  # type: ignore[no-untyped-def]
    rules = ganzdy.Rules(game)
    seeds = range(DEALS)
    deals = benchmark(WAYS[way], rules, seeds)
    assert all(deal.is_terminal for deal in deals)
    assert played(deals) == played(raw(rules, seeds))


def main() -> None:
    """Microseconds a decision each way, every way timed in alternating rounds."""
    rounds = 5
    for game in ganzdy.GAMES:
        rules = ganzdy.Rules(game)
        seeds = range(DEALS)
        plies = sum(deal.ply for deal in raw(rules, seeds))
        best = dict.fromkeys(WAYS, float("inf"))
        for _ in range(rounds):
            for way, play in WAYS.items():
                start = time.perf_counter()
                play(rules, seeds)
                best[way] = min(best[way], time.perf_counter() - start)
        us = {way: 1e6 * seconds / plies for way, seconds in best.items()}
        print(
            f"{game:>13}: raw {us['raw']:.2f} us, play_deal {us['play_deal']:.2f} us "
            f"({us['play_deal'] / us['raw']:.2f}x), eager views {us['eager']:.2f} us "
            f"({us['eager'] / us['raw']:.2f}x); {plies / DEALS:.0f} decisions a deal"
        )


if __name__ == "__main__":
    main()
