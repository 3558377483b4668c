"""Deep Monte Carlo on Gan Deng Yan: a short run of ``ganzdy train``.

The learner that used to live here is now ``ganzdy train`` (``ganzdy.train``, see
docs/training.md): DouZero's method against a league of greedy, random and past
selves, with checkpoints, evaluation against greedy, a learning curve and an exported
network file. This wrapper keeps the old entry point as a smoke run:

    pip install ".[train]"
    python examples/dmc_gan_deng_yan.py --steps 8000 --imitate-steps 1000 --out /tmp/dmc

Any other ``ganzdy train`` option is passed through.
"""

from __future__ import annotations

import sys

from ganzdy.cli import main

if __name__ == "__main__":
    sys.exit(main(["train", "--game", "gan_deng_yan", "--players", "4", *sys.argv[1:]]))
