"""The error family. Every error is a ``ValueError`` whose message is one plain sentence naming the problem."""

from __future__ import annotations

from collections.abc import Mapping, Sequence


class LooError(ValueError):
    """Base class of every error lanterloo raises on bad input."""


class LooTypeError(LooError, TypeError):
    """An argument of the wrong type: a float where a seat belongs, a string where an action belongs.

    Both a ``LooError`` (so one ``except LooError`` catches every refusal of bad input) and a ``TypeError`` (so code
    that tells wrong types from wrong values still can).
    """


def shown(value: object) -> str:
    """A refused value as a message shows it: its repr, cut short, and never an error of its own.

    A huge int has no repr past 4,300 digits, and a foreign object's ``__repr__`` may raise or run long.
    """
    if isinstance(value, int) and value.bit_length() > 64:
        sign = "negative " if value < 0 else ""
        return f"a {sign}number of about {int(value.bit_length() * 0.30103) + 1:,} digits"
    try:
        text = repr(value)
    except Exception:  # a foreign __repr__ that fails still gets a sentence
        text = f"a {type(value).__name__}"
    return text if len(text) <= 40 else text[:37] + "..."


class NotationError(LooError):
    """A card, action or option could not be parsed."""


class RulesError(LooError):
    """A rules option, preset name or player count is not valid."""


class IllegalActionError(LooError):
    """An action is not legal in the current state. Carries the plain reason and the rule ID it breaks.

    A reason that mentions seats is written as a template, ``"It is {to_act}'s turn, not {seat}'s"``, with the
    seats as data in ``seats`` (``{"to_act": 3, "seat": 1}``). ``reason`` and ``str(err)`` say "seat 3", which is
    all the engine knows; a client whose players have names shows ``err.describe(names)``:
    "It is Dora's turn, not Basil's (COMMON-4)".
    """

    def __init__(self, reason: str, rule_id: str, seats: Mapping[str, int] | None = None) -> None:
        self.template = reason
        self.seats: dict[str, int] = dict(seats or {})
        self.rule_id = rule_id
        self.reason = self._fill(())
        super().__init__(f"{self.reason} ({rule_id})")

    def _fill(self, names: Sequence[str]) -> str:
        if not self.seats:
            return self.template
        text = self.template.format_map(
            {k: names[s] if 0 <= s < len(names) else f"seat {s}" for k, s in self.seats.items()}
        )
        return text[0].upper() + text[1:] if text.startswith("seat ") else text

    def describe(self, names: Sequence[str], *, rule: bool = True) -> str:
        """The reason with the seats called by ``names`` (index = seat), and the rule ID unless ``rule=False``."""
        text = self._fill(names)
        return f"{text} ({self.rule_id})" if rule else text


class HistoryError(LooError):
    """A hand-history line is malformed, or does not re-verify."""

    def __init__(self, message: str, line: int | None = None, rule_id: str | None = None) -> None:
        self.line = line
        self.rule_id = rule_id
        prefix = f"deal on line {line}: " if line is not None else ""
        super().__init__(prefix + message)
