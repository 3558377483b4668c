"""``ganzdy train``: Deep Monte Carlo self-play training of the learned agents' networks.

One concern a module: ``model`` (the Q-network), ``features`` (a deal's move
vectors), ``reward`` (the target), ``league`` (who sits at a training table),
``actors`` (deals played in lockstep, here, in processes or on Ray), ``evaluation``
(duplicate deals against greedy), ``checkpoint``, ``export`` (the network file),
``curve`` (the PNG) and ``learner`` (the loop). Needs torch (``pip install
'ganzdy[train]'``) from ``model``, ``checkpoint`` and ``learner`` on; the rest,
and playing with the exported file, do not. The entry point is
``ganzdy.train.learner.train(TrainConfig(...), out)``.
"""
