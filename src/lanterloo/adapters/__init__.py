"""Adapters to the RL and game-theory ecosystems, over the public engine API (docs/adapters.md).

``spaces`` (a fixed action index space and observation encoding per set of rules) and ``worlds`` (deals a seat
cannot tell from the real one) need nothing outside the standard library; ``openspiel`` needs pyspiel (the ``rl``
extra) and registers every preset with it on import.
"""
