"""The samplers in positions reached by legal play (issue 16, item 6): hands of default
matches played by random and greedy agents, and at their decisions every seat's
``sample_world`` and the acting seat's view (``view_for``, its information set sampled).

A sampler that finds no world consistent with what a seat has seen raised a bare
``RuntimeError`` and stopped whole runs (about 1% of default Gouji matches). Every hand
is replayed from its record, so a failure is reported with the record, the ply, the seat
and the seed that reproduce it.

CI runs a few hands of each game; the soak is this file as a program::

    nice -n 15 python tests/stress/test_sampler_sweep.py gouji --hands 3000
    nice -n 15 python tests/stress/test_sampler_sweep.py guandan --hands 1000
    nice -n 15 python tests/stress/test_sampler_sweep.py gan_deng_yan --hands 100000 --every 7

It prints the hands, positions and samples, the time taken and every failure.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

import ganzdy
from ganzdy import GreedyAgent, RandomAgent, Rules
from ganzdy.agents import Agent, view_for


@dataclass
class Tally:
    hands: int = 0
    positions: int = 0
    samples: int = 0
    failures: list[dict[str, Any]] = field(default_factory=list)


def agents_for(game: str, match: int) -> list[Agent]:
    """Random agents, greedy agents, or the two mixed, by match number."""
    players = Rules(game).players
    kind = match % 3
    return [
        GreedyAgent() if kind == 1 or (kind == 2 and seat % 2) else RandomAgent(match * 8 + seat)
        for seat in range(players)
    ]


def hands_played(game: str, first_match: int) -> Iterator[tuple[str, dict[str, Any]]]:
    """(where, record) of every hand of default matches from ``first_match`` on (Gan Deng
    Yan: one deal a match, the dealer rotating)."""
    number = first_match
    while True:
        agents = agents_for(game, number)
        if game == "gan_deng_yan":
            deal = ganzdy.play_deal(Rules(game), agents, seed=number, dealer=number % 4)
            yield f"deal seed {number}", ganzdy.to_record(deal)
        else:
            match = ganzdy.Match(Rules(game), agents, seed=number, keep_records=True)
            hand = 0
            while not match.finished:
                hand += 1
                result = match.play_next()
                assert result.record is not None
                yield f"match seed {number} hand {hand}", result.record
        number += 1


def sample_hand(record: dict[str, Any], where: str, every: int, rng: random.Random) -> Tally:
    """Replays a hand from its record; at every ``every``-th decision samples every seat's
    world and the acting seat's information set, checking what the seat knows is kept."""
    tally = Tally(hands=1)
    deal = ganzdy.from_record(record)
    moves = [move for _, move in deal.history]
    while deal.ply:
        deal.pop()
    for ply, move in enumerate(moves):
        if ply % every == 0:
            tally.positions += 1
            for seat in range(deal.players):
                seed = rng.getrandbits(64)
                try:
                    world = deal.sample_world(seat, seed)
                    if isinstance(world, (ganzdy.GuandanDeal, ganzdy.GoujiDeal)):
                        world.check_invariants()
                    # A world whose seat to act has no move is one the deal cannot be in.
                    assert world.is_terminal or len(world.legal_moves) > 0, "no legal move"
                    assert world.hand(seat) == deal.hand(seat), "the seat's own hand changed"
                    assert world.hand_sizes == deal.hand_sizes, "the hand sizes changed"
                    # A deal like any other: its own past replays to it (issue 16, item 7).
                    assert world.root_ply == 0 and len(world.history) == deal.ply, "no past"
                    assert (world.observation(seat) == deal.observation(seat)).all(), (
                        "the seat's observation changed"
                    )
                    if seat == deal.current_player:
                        information = view_for(deal).information
                        assert information is not None
                        seen = information.sample_world(seed)
                        assert seen.hand(seat) == deal.hand(seat), "the view's world differs"
                        tally.samples += 1
                except Exception as error:  # every failure is reported, with its record
                    tally.failures.append(
                        {
                            "where": where,
                            "ply": ply,
                            "seat": seat,
                            "seed": seed,
                            "error": f"{type(error).__name__}: {error}",
                            "record": record,
                        }
                    )
                tally.samples += 1
        deal.push(move)
    return tally


def sweep(game: str, hands: int, every: int = 1, first_match: int = 1, seed: int = 16) -> Tally:
    total = Tally()
    rng = random.Random(seed)
    for where, record in hands_played(game, first_match):
        if total.hands >= hands:
            break
        one = sample_hand(record, where, every, rng)
        total.hands += 1
        total.positions += one.positions
        total.samples += one.samples
        total.failures += one.failures
    return total


@pytest.mark.parametrize(
    ("game", "hands", "every"), [("gouji", 3, 1), ("guandan", 4, 1), ("gan_deng_yan", 40, 3)]
)
def test_a_short_sweep_samples_every_seat_of_played_hands(
    game: str, hands: int, every: int
) -> None:
    # Imported here, where tests/conftest.py has put the references on the path: the
    # module also runs as a script (main, below). CI's ThreadSanitizer run sweeps a
    # quarter of the hands: the sweep is one thread, which that run is not for.
    from scale import scaled

    hands = scaled(hands)
    tally = sweep(game, hands, every)
    assert tally.failures == []
    assert tally.hands == hands and tally.positions > 10 * hands
    players = Rules(game).players
    assert tally.samples == tally.positions * (players + 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=ganzdy.GAMES)
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--every", type=int, default=1, help="sample at every N-th decision")
    parser.add_argument("--first-match", type=int, default=1)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--failures", help="write the failures (with records) to this JSON file")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    tally = Tally()
    rng = random.Random(args.seed)
    last = started
    for where, record in hands_played(args.game, args.first_match):
        if tally.hands >= args.hands:
            break
        one = sample_hand(record, where, args.every, rng)
        tally.hands += 1
        tally.positions += one.positions
        tally.samples += one.samples
        tally.failures += one.failures
        for failure in one.failures:
            print(
                f"FAILED {failure['where']} ply {failure['ply']} seat {failure['seat']} "
                f"seed {failure['seed']}: {failure['error']}",
                flush=True,
            )
        now = time.perf_counter()
        if now - last > 60:
            last = now
            print(
                f"{tally.hands} hands, {tally.positions} positions, {tally.samples} samples, "
                f"{len(tally.failures)} failures, {now - started:.0f} s",
                flush=True,
            )
    seconds = time.perf_counter() - started
    print(
        f"{args.game}: {tally.hands} hands (from match {args.first_match}), {tally.positions} "
        f"positions, {tally.samples} samples, {len(tally.failures)} failures, {seconds:.0f} s"
    )
    if args.failures and tally.failures:
        with open(args.failures, "w", encoding="utf-8") as out:
            json.dump(tally.failures, out)
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
