"""Adapters to the RL and game-theory ecosystems, over the public engine API (docs/adapters.md).

``spaces`` (a fixed action index space and observation encoding per set of rules) needs nothing outside the
standard library; ``openspiel`` needs pyspiel (the ``rl`` extra) and registers every preset with it on import. Its
``resample_from_infostate`` draws deals with ``lanterloo.bots.worlds``, the search bots' sampler. ``pettingzoo``
(AEC environments for every preset and house variant) and ``gym`` (one learning seat against ``lanterloo.bots``,
registered as ``lanterloo/Loo-v0``) need the ``rl`` extra too and share ``envtable``.
"""
