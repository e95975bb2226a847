"""The bot interface: ``decide(view) -> Decision``. A bot sees only its seat's view, never the deal itself."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from lanterloo.actions import Action
from lanterloo.engine import View
from lanterloo.errors import LooError


@dataclass(frozen=True)
class Decision:
    """An action and a one-line reason a person can read (the terminal game's hint key shows it)."""

    action: Action
    reason: str


class Bot(Protocol):
    name: str

    def decide(self, view: View) -> Decision: ...


class RandomBot:
    """Chooses uniformly among the legal actions. Seeded, so it is deterministic."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: View) -> Decision:
        return Decision(self.pick(view.legal), "a random legal move")

    def pick(self, legal: Sequence[Action]) -> Action:
        """The same choice as ``decide`` from the legal actions alone: simulators skip building a view."""
        if not legal:
            raise LooError("The bot was asked to act, but its seat has no legal action.")
        return legal[int(self.rng.random() * len(legal))]


BotFactory = Callable[[int | None], Bot]
_REGISTRY: dict[str, BotFactory] = {"random": RandomBot}


def register(name: str, factory: BotFactory) -> None:
    _REGISTRY[name] = factory


def bot_names() -> list[str]:
    _load_builtin()
    return sorted(_REGISTRY)


def _load_builtin() -> None:
    # Imported lazily so the engine core never pays for bot modules it does not use.
    with contextlib.suppress(ImportError):
        import lanterloo.bots.heuristic
        import lanterloo.bots.search  # noqa: F401


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """A bot from its name: ``random``, ``heuristic`` (= ``balanced``), ``cautious``, ``balanced``, ``bold``."""
    _load_builtin()
    key = spec.strip().lower()
    if key not in _REGISTRY:
        raise LooError(f"Unknown bot {spec!r}: choose one of {', '.join(sorted(_REGISTRY))}.")
    return _REGISTRY[key](seed)


def make_bots(specs: list[str], seed: int | None = None) -> list[Bot]:
    """One bot per seat, each seeded differently but reproducibly from ``seed``."""
    base = random.Random(seed)
    return [make_bot(s, base.getrandbits(63)) for s in specs]
