"""The error family. Every error is a ``ValueError`` whose message is one plain sentence naming the problem."""

from __future__ import annotations


class LooError(ValueError):
    """Base class of every error lanterloo raises on bad input."""


class NotationError(LooError):
    """A card, action or option could not be parsed."""


class RulesError(LooError):
    """A rules option, preset name or player count is not valid."""


class IllegalActionError(LooError):
    """An action is not legal in the current state. Carries the plain reason and the rule ID it breaks."""

    def __init__(self, reason: str, rule_id: str) -> None:
        self.reason = reason
        self.rule_id = rule_id
        super().__init__(f"{reason} ({rule_id})")


class HistoryError(LooError):
    """A hand-history line is malformed, or does not re-verify."""

    def __init__(self, message: str, line: int | None = None, rule_id: str | None = None) -> None:
        self.line = line
        self.rule_id = rule_id
        prefix = f"deal on line {line}: " if line is not None else ""
        super().__init__(prefix + message)
