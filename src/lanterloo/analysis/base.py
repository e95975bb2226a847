"""What every report shares: the plan of a run, the report's interface, its seeds, and deals played at a table.

A report plays *units* (a block of deals at one table, a session, a Lou game, a Louse match), each from its own seed
drawn from (the report, the plan's seed, the unit's index): a unit is a pure function of the plan and its index, so
chunks of units can be played anywhere, in any order, and merged in order (lanterloo.workers).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from lanterloo.bots import Bot, make_bots
from lanterloo.engine import Deal
from lanterloo.errors import LooError
from lanterloo.rules import Rules
from lanterloo.session import Session
from lanterloo.sim import play_out

#: Chips each player starts a session with, as in ``loo simulate``: large, so sessions seldom end early.
STACK = 1000
#: The most deals one run plays (the C record loop counts deals in a C long; a run this long takes hours anyway).
MOST_DEALS = 10**10
#: The most deals a report plays deal by deal (through the public API, with Python bots).
MOST_PER_ACTION = 10**8


@dataclass(frozen=True)
class Plan:
    """One run of a report: the rules, the table, the bots (one style per seat), the deals and the seed."""

    report: str
    rules: Rules
    players: int
    bots: tuple[str, ...]
    deals: int
    seed: int
    stack: int = STACK

    def __post_init__(self) -> None:
        if self.deals < 1:
            raise LooError(f"A report plays at least one deal, not {self.deals}.")
        if self.deals > MOST_DEALS:
            raise LooError(f"A report plays at most {MOST_DEALS:,} deals, not {self.deals:,}.")
        if len(self.bots) != self.players:
            raise LooError(f"Give one bot per seat ({self.players}), not {len(self.bots)}.")
        owed = max(self.rules.ante_owed(s, 0) for s in range(self.players))
        if owed > self.stack:
            raise LooError(f"Every seat starts with {self.stack:,} chips, less than the ante of {owed:,} it would owe.")

    @property
    def all_random(self) -> bool:
        return all(b == "random" for b in self.bots)

    def seed_of(self, *parts: object) -> int:
        """A 63-bit seed for one part of the run (a unit, a session in it, its bots): a function of the plan's seed
        and the parts alone (a text seed hashes the same in every process)."""
        text = " ".join(str(p) for p in ("lanterloo analyze", self.report, self.seed, *parts))
        return random.Random(text).getrandbits(63)


@dataclass
class Table:
    """One CSV file of a report: its name (``looed.csv``), header and rows of plain cells."""

    name: str
    header: list[str]
    rows: list[list[str]] = field(default_factory=list)


class Report:
    """A report: what it measures, which rules it applies to, how it plays a chunk of units and what it writes.

    A *fixed* report knows its units in advance (``units``: the deals in each); a chunk returns one accumulator
    (``play``) and chunks are merged in order (``merge``). An *open-ended* one (``open_ended``) plays whole games or
    matches until at least ``plan.deals`` deals are played: a chunk returns, for each unit, its deals and its own
    accumulator, and the run merges units in order up to the one that reaches the target.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    unit: ClassVar[str] = "deal"
    open_ended: ClassVar[bool] = False
    #: What one unit does to the deals count, for the progress bar of an open-ended report (a rough mean).
    about: ClassVar[str] = ""

    def refusal(self, rules: Rules) -> str | None:
        """Why the report does not apply to these rules (one sentence), or None."""
        raise NotImplementedError

    def units(self, plan: Plan) -> list[int]:
        """A fixed report's units: the deals each plays."""
        raise NotImplementedError

    def most_deals(self, plan: Plan) -> int:
        """The most deals this plan may ask for: a run deal by deal at a few hundred deals a second would take
        years past it (and its list of units would not fit in memory)."""
        return MOST_PER_ACTION

    def units_text(self, plan: Plan, units: int) -> str:
        """How the deals were played, for ``summary.md``: ``12 sessions``, ``40 whole games``."""
        return f"{units:,} {'whole ' if self.open_ended else ''}{self.unit}{'s' if units != 1 else ''}"

    def chunk_units(self, plan: Plan, workers: int) -> int:
        """How many units a chunk holds: enough to pay for its trip to a worker, few enough to share the work."""
        return max(1, min(64, len(self.units(plan)) // (4 * max(1, workers)) or 1))

    def new(self, plan: Plan) -> Any:
        """An empty accumulator."""
        raise NotImplementedError

    def play(self, plan: Plan, units: range) -> Any:
        """A fixed report's chunk: the accumulator of these units. An open-ended one's: ``[(deals, acc), ...]``."""
        raise NotImplementedError

    def merge(self, acc: Any, part: Any) -> None:
        raise NotImplementedError

    def tables(self, plan: Plan, acc: Any) -> list[Table]:
        raise NotImplementedError

    def reading(self, plan: Plan, acc: Any) -> list[str]:
        """Two lines that say what the figures show."""
        raise NotImplementedError

    def plot(self, plan: Plan, acc: Any, folder: str) -> list[str]:
        """Draw the report's PNGs into ``folder`` (matplotlib, imported only here); return their file names."""
        raise NotImplementedError


def game_is(rules: Rules, game: str, report: str, what: str) -> str | None:
    """The refusal of a report that applies to one kind of game only."""
    if rules.game == game:
        return None
    return f"The {report} report measures {what}, and {rules.preset} is not a {game} game."


def deals_at_table(plan: Plan, key: object, quota: int, rules: Rules | None = None) -> Iterator[tuple[Deal, list[Bot]]]:
    """``quota`` deals at one table, played in sessions as ``loo simulate`` plays them (the dealer rotating, the
    pool carried, stacks kept); a session that ends early (a player cannot pay) is followed by a fresh one.

    Each deal is yielded before play with the seats' bots; the caller may play it (or leave it to be played out
    here) and read it; when the caller asks for the next, the deal is booked to its session.
    """
    rules = rules or plan.rules
    played = 0
    k = 0
    while played < quota:
        session = Session(rules, plan.players, stack=plan.stack, seed=plan.seed_of(key, k), keep_records=False)
        bots = make_bots(list(plan.bots), plan.seed_of(key, k, "bots"))
        k += 1
        while played < quota and not session.over:
            try:
                deal = session.new_deal()
            except LooError:
                if session.over:  # a player cannot pay the ante: a fresh session takes over
                    break
                raise
            yield deal, bots
            if not deal.is_over:
                play_out(deal, bots)
            session.finish_deal()
            played += 1


def split(total: int, size: int) -> list[int]:
    """``total`` deals in blocks of ``size`` (the last one shorter)."""
    return [min(size, total - i) for i in range(0, total, size)]


def mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m
