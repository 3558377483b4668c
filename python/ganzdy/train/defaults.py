"""Defaults of the warm start, here so ``ganzdy train --help`` shows them without
importing torch (``ganzdy.train.learner`` does)."""

from __future__ import annotations

# Greedy's decisions imitated before Deep Monte Carlo begins.
IMITATE_STEPS = 200_000
# The cross-entropy is over the legal moves' scores divided by this. Scores are
# rewards in [0, 1] and a deal's better and worse moves differ by a few hundredths,
# so at 1 the softmax would be nearly flat whatever the ranking.
IMITATE_TEMPERATURE = 0.05
# Decisions a warm-start step: each brings all its distinct legal moves (up to 64),
# so a step of 256 decisions already scores some 3,000 rows.
IMITATION_BATCH = 256
