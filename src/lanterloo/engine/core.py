"""Which engine a new ``Deal`` runs on: the compiled core where it covers the rules, else the pure-Python reference.

The core is the default wherever it is built: ``Deal(...)`` asks ``make`` first (the extension's ``new`` replaces
``Deal.__new__``), which returns a core deal (``lanterloo.engine._core.Core``, which has the whole public surface of
a ``Deal`` and counts as one for ``isinstance``) when the extension is built and imports, ``LANTERLOO_ENGINE`` is
not ``pure``, and the rules are ones the core covers; otherwise None, and the reference ``Deal`` is made as before.
The choice is silent: both engines give the same results (tests/test_core_differential.py), only at different
speeds. ``LANTERLOO_ENGINE=pure`` (or ``select("pure")``) forces the reference.

What the core covers (``covers``): the Loo game with sequential declarations and every one of its options: the
three-card, mississippi, irish, rams-loo and five-card presets and their house rules, five-card Pam-Loo whole (Pam
and every Pam option, the exchange from the stock at one's own turn or after the declarations with either
shortfall rule, the flush check and every flush option), at most 23 seats and chips below 2**62; Louse with
every option (``LouseCore``); and Lou with every option (``LouCore``: the dealer's ante, the coin declare or
declarations in turn, the draw, every lead, follow and payout option), its antes below 2**30 and the chips at the
table below 2**62 in all. Everything else runs on the reference: rules past those limits, and a replay that brings
recorded reshuffles of the stock (``Deal(..., reshuffles=...)``; a core deal that reshuffles draws from its own
random source, as the reference does, and hands the orders to its shadow, so its history records them).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from lanterloo.rules import Rules

try:
    from lanterloo.engine import _core as _ext  # type: ignore[attr-defined]
except ImportError:  # not built (no C compiler at install time): the pure-Python engine runs everything
    _ext = None


def available() -> bool:
    """Whether the compiled core is built and imported."""
    return _ext is not None


def ext() -> Any:
    """The extension module (its ``batch`` simulator), or None where it is not built."""
    return _ext


def engine() -> str:
    """The engine new deals use where the core covers their rules: ``core`` or ``pure``."""
    return "core" if MAKE is not None else "pure"


def select(name: str) -> None:
    """Choose the engine of deals made from now on: ``pure`` (the reference) or ``core`` (when it is built)."""
    global MAKE
    if name not in ("core", "pure"):
        raise ValueError(f"engine must be 'core' or 'pure', not {name!r}")
    MAKE = _ext.make if name == "core" and _ext is not None else None
    if _ext is not None:
        _ext.enable(MAKE is not None)


def covers(rules: Rules) -> bool:
    """Whether the compiled core plays deals under ``rules``."""
    if rules.game == "louse":
        return True  # every Louse option (_core_louse.pxi)
    if rules.game == "lou":
        # every Lou option (_core_lou.pxi); an ante, fixed or set by the dealer, is a C long long, as is the cap
        return 0 <= rules.ante < 2**30 and rules.lou_ante_max < 2**30 and 0 <= rules.lou_match_cap < 2**62
    return (
        rules.game == "loo"
        and rules.declare == "sequential"
        # the C fields of Params: an ante is a C int, the loo a 64-bit one (chips below 2**62, as the stacks)
        and 0 <= rules.ante < 2**30
        and 0 <= rules.loo_amount < 2**62
    )


#: ``Deal.__new__`` calls this, when set, with its arguments: it returns a core deal, or None when the reference must
#: play the deal (rules the core does not cover, recorded reshuffles, more seats or chips than its C arrays hold).
MAKE: Callable[..., Any] | None = None
# The default wherever the core is built: only LANTERLOO_ENGINE=pure (any case, spaces around) forces the reference.
select("pure" if os.environ.get("LANTERLOO_ENGINE", "").strip().lower() == "pure" else "core")


def sim_covers(rules: Rules) -> bool:
    """Whether ``loo simulate`` with every seat a random or heuristic bot can run in the core's C loop for the Loo game
    (``simulate_random``, _core_sim.pxi, with the heuristic policy of _core_heur*.pxi): the Loo game with sequential
    declarations and every option the core covers (five-card's exchange, Pam and flushes among them), except a
    reshuffle of a short stock, which draws from each deal's own stream."""
    return (
        MAKE is not None
        and hasattr(_ext, "heur_decide")  # an extension built before the heuristic policy existed has none
        and covers(rules)
        and rules.game == "loo"
        and (rules.exchange == "none" or rules.exchange_shortfall != "reshuffle")
    )


def louse_batch_covers(rules: Rules) -> bool:
    """Whether ``loo simulate`` with every seat a random or heuristic bot can play Louse matches in the core's C loop
    (``simulate_louse``, _core_heur_louse.pxi): every Louse option, where the core is selected."""
    return MAKE is not None and hasattr(_ext, "simulate_louse") and rules.game == "louse" and covers(rules)


def lou_sim_covers(rules: Rules) -> bool:
    """Whether ``loo simulate`` with every seat a random or heuristic bot can play Lou sessions in the core's C loop
    (``simulate_lou``, _core_sim_lou.pxi, with the policy of _core_heur_lou.pxi): every Lou option the core covers."""
    return MAKE is not None and hasattr(_ext, "simulate_lou") and rules.game == "lou" and covers(rules)


def bind(deal: type, reference: type) -> None:
    """Tell the core the public Deal class and the class of its shadow deals (the reference, without the dispatch),
    and give ``deal`` the core's ``__new__``: the same choice as its own, without a Python call per deal."""
    if _ext is not None:
        _ext.bind(Rules, covers, deal, reference)
        # isinstance(core_deal, Deal) holds: Deal is an ABC and Core a registered virtual subclass. Making a deal
        # does not ask isinstance (type.__call__ tests real subclassing), so the per-deal path is unchanged.
        deal.register(getattr(_ext, "Shadowed", _ext.Core))  # type: ignore[attr-defined]  # Core and LouseCore
        deal.__new__ = staticmethod(_ext.new)  # type: ignore[method-assign]
