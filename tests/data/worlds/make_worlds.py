"""Writes sampled_worlds.json: one world sampled in the middle of a deal of each game,
as its record, with how it was sampled. Run from the repository root after a change that
is meant to change the worlds sampled; tests/core/test_sampled_world_golden.py reads it.

    python tests/data/worlds/make_worlds.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import ganzdy

# game, options, setup, deal seed, plies (random.Random(seed) choices), seat, world seed.
CASES: list[dict[str, Any]] = [
    # Gan Deng Yan after draws: the seat's own draws are real, the others' its own.
    {
        "game": "gan_deng_yan",
        "options": {"players": 4},
        "setup": {"dealer": 0},
        "seed": 11,
        "plies": 30,
        "seat": 1,
        "world_seed": 4,
    },
    # Guandan after a tribute whose return the seat did not see.
    {
        "game": "guandan",
        "options": {},
        "setup": {"previous_finish": [1, 0, 3]},
        "seed": 5,
        "plies": 12,
        "seat": 3,
        "world_seed": 9,
    },
    # Gouji after its purchases, in play.
    {
        "game": "gouji",
        "options": {},
        "setup": {},
        "seed": 3,
        "plies": 40,
        "seat": 4,
        "world_seed": 6,
    },
]


def sampled(case: dict[str, Any]) -> Any:
    """The deal of `case` played to its ply, and the world its seat samples."""
    rules = ganzdy.Rules(case["game"], **case["options"])
    deal = rules.new_deal(seed=case["seed"], **case["setup"])
    rng = random.Random(case["seed"])
    while deal.ply < case["plies"]:
        deal.push(rng.choice(list(deal.legal_moves)))
    return deal, deal.sample_world(case["seat"], seed=case["world_seed"])


def main() -> None:
    out = [{**case, "record": sampled(case)[1].to_record()} for case in CASES]
    path = Path(__file__).with_name("sampled_worlds.json")
    path.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
