"""Copying and comparing a Deal's slots: ``Deal.copy`` and ``Deal.state_key`` use these for every slot, so a field
added later is covered without an edit here."""

from __future__ import annotations

import random
from typing import Any


def copied(value: Any) -> Any:
    """An independent copy of a slot's value: lists and dicts are copied (a list of lists deeply), a random
    generator is cloned with its state; everything else in a Deal is immutable and shared."""
    if type(value) is list:
        return [copied(x) if type(x) is list else x for x in value]
    if type(value) is dict:
        return dict(value)
    if isinstance(value, random.Random):
        clone = random.Random()
        clone.setstate(value.getstate())
        return clone
    return value


def frozen(value: Any) -> Any:
    """A slot's value as a hashable, comparable value: lists and dicts become tuples."""
    if type(value) is list:
        return tuple(frozen(x) for x in value)
    if type(value) is dict:
        return tuple((k, frozen(v)) for k, v in value.items())
    return value
