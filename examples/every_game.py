"""One front door for every game: the same lines play Gan Deng Yan, Guandan and Gouji.

    python examples/every_game.py [--openspiel]

For each game the package lists, with no branch on the game: a deal from the rules, a random
game to the end through ``legal_moves``/``push`` with ``pop``/``copy`` checks, a record round
trip to the same hash, ``play_deal`` with agents by name, one ISMCTS move, C++ playouts, and
(with ``--openspiel``) OpenSpiel's own ``random_sim_test`` on the game's pyspiel adapter.
"""

from __future__ import annotations

import argparse
import random

import ganzdy


def exercise(game: str, openspiel: bool) -> None:
    rules = ganzdy.Rules(game)
    deal = rules.new_deal(seed=7)
    assert isinstance(deal, ganzdy.Deal)
    rng = random.Random(7)
    while not deal.is_terminal:
        before = deal.hash()
        move = rng.choice(list(deal.legal_moves))
        twin = deal.copy()
        deal.push(move)
        assert deal.pop() == move and deal.hash() == before
        deal.push(move)
        twin.push(move)
        assert twin.hash() == deal.hash()
    again = ganzdy.from_record(deal.to_record())
    assert again.hash() == deal.hash()
    agents = ["greedy"] + ["random"] * (rules.players - 1)
    played = ganzdy.play_deal(rules, agents, seed=11)
    fresh = rules.new_deal(seed=3)
    info = ganzdy.view_for(fresh).information
    searched = ganzdy.ismcts(info, iterations=50, seed=1)
    assert searched.move in fresh.legal_moves
    batch = ganzdy.playouts(rules, 200, agents="greedy", seed=1, threads=2)
    line = (
        f"{game}: {deal.ply} plies, outcome {deal.outcome!r}; play_deal points "
        f"{list(played.outcome.points)}; ISMCTS chose {searched.move}; {len(batch.points)} playouts"
    )
    if openspiel:
        import pyspiel

        from ganzdy.env import openspiel  # importing it registers every game

        pyspiel.random_sim_test(
            openspiel.load_game(game), num_sims=2, serialize=True, verbose=False
        )
        line += "; OpenSpiel random_sim_test passed"
    print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--openspiel", action="store_true", help="also run OpenSpiel's random_sim_test"
    )
    args = parser.parse_args()
    for game in ganzdy.GAMES:
        exercise(game, args.openspiel)


if __name__ == "__main__":
    main()
