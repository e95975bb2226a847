"""The simulator: bots play many seeded deals, optionally writing every deal to a hand history.

Deals are played in ``Session``s, as at a real table: the dealer rotates, the pool is carried, stacks are kept.
Stacks start large (``STACK``); when a session ends because a player cannot pay, a fresh one starts and the deal
count runs on. The last session follows the session-end rule: under ``session_end = settle`` it plays on past the
deals asked for until its pool is empty (SESSION-4), so a simulation may play a few more deals than asked; the
summary counts them, and the chips that sessions cut short left in the pool. Louse is played in whole matches
instead: matches are played until at least ``deals`` deals have been played, and the match in progress is always
finished, so every match ends by the target rule.

Everything is reproducible from ``seed``: the shuffles come from one seeded stream, each bot from its own.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from lanterloo import history as hh
from lanterloo import simbatch
from lanterloo.actions import Action
from lanterloo.bots import Bot, RandomBot, make_bots
from lanterloo.bots.base import bot_names
from lanterloo.engine import Deal, shape_of
from lanterloo.errors import LooError
from lanterloo.rules import Rules
from lanterloo.session import DealRecord, Session

#: Chips each player starts a session with: large, so that sessions run long before someone goes broke.
STACK = 1000
#: The most deals a simulation may ask for: hours in the compiled core's loop (a hundred thousand deals a second or
#: more), years deal by deal with search bots, and a terabyte of hand history.
MOST_DEALS = 10**9

# fmt: off
_NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lee", "Max", "Ned", "Oli",
          "Pat", "Quy", "Ray", "Sue", "Tom")
# fmt: on

Progress = Callable[[int, int], None]
"""``progress(deals_done, deals_target)``, called after every deal."""


def seat_names(n: int) -> list[str]:
    """Short distinct names for ``n`` seats, clockwise from seat 0."""
    return [_NAMES[i] if i < len(_NAMES) else f"P{i + 1}" for i in range(n)]


def bot_specs(specs: Sequence[str] | None, players: int) -> list[str]:
    """One bot style per seat: none given means all ``random``; a single style plays every seat."""
    if not specs:
        return ["random"] * players
    names = [s.strip().lower() for s in specs]
    known = bot_names()
    for s in names:
        if s not in known:
            raise LooError(f"Unknown bot {s!r}: choose one of {', '.join(known)}.")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise LooError(f"Give one bot per seat ({players}), or one for every seat, not {len(names)}.")
    return names


def decide(deal: Deal, bots: Sequence[Bot]) -> list[tuple[int, Action]]:
    """The next actions: of every seat that may act now (``seats_to_act``: one seat, or during Lou's coin declare
    every pending seat), chosen together.

    The coin declare is secret and simultaneous, so each pending seat decides before any of them is applied:
    nobody's view can then reflect a commitment made in the same round.
    """
    seats = deal.seats_to_act()
    return [(s, _choose(bots[s], deal, s)) for s in seats]


def _choose(bot: Bot, deal: Deal, seat: int) -> Action:
    # A random player needs only the legal actions; building a full view for it would triple a simulation's cost.
    if isinstance(bot, RandomBot):
        return bot.pick(deal.legal_actions(seat))
    # Views without the event list are cheaper; a bot that reads the record (a search bot) says so.
    return bot.decide(deal.view(seat, with_events=getattr(bot, "needs_events", False))).action


def play_out(deal: Deal, bots: Sequence[Bot]) -> None:
    """Play a deal to its end with the bots choosing every move."""
    while not deal.is_over:
        for seat, action in decide(deal, bots):
            deal.apply(action, seat)


@dataclass
class SimSummary:
    """What a simulation measured. ``to_dict`` is the ``loo simulate --json`` object."""

    variant: str
    players: int
    seed: int | None
    bots: list[str]
    names: list[str]
    differences: dict[str, Any]
    deals: int = 0
    sessions: int = 0  # sessions for the pool games; matches for Louse (a match is a session)
    elapsed: float = 0.0
    pool_total: int = 0  # summed pool at the start of play (after antes)
    looed_players: int = 0
    deals_with_loo: int = 0
    kinds: dict[str, int] = field(default_factory=dict)  # how deals ended: tricks, uncontested, no_play, flush ...
    net: list[int] = field(default_factory=list)  # chips won minus chips paid and anted, per seat
    points: list[int] = field(default_factory=list)  # Louse: penalty points per seat over all deals
    match_losers: list[list[int]] = field(default_factory=list)  # Louse: each match's loser(s), by seat
    session_ends: dict[str, int] = field(default_factory=dict)  # why sessions ended, and how often
    asked: int = 0  # the deals asked for; ``deals`` may be more (SESSION-4 plays on to empty the pool)
    pool_left: int = 0  # chips left in the pool when sessions ended, won by nobody (SESSION-4)
    history_path: str | None = None

    @property
    def is_louse(self) -> bool:
        return self.variant == "louse"

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def mean_pool(self) -> float:
        return self.pool_total / self.deals if self.deals else 0.0

    @property
    def loo_rate(self) -> float:
        """Looed players per deal (Lou: players who matched the pot)."""
        return self.looed_players / self.deals if self.deals else 0.0

    @property
    def loo_deal_share(self) -> float:
        """The share of deals in which somebody was looed."""
        return self.deals_with_loo / self.deals if self.deals else 0.0

    @property
    def uncontested_rate(self) -> float:
        return self.kinds.get("uncontested", 0) / self.deals if self.deals else 0.0

    @property
    def flushes(self) -> int:
        return self.kinds.get("flush", 0)

    @property
    def net_per_100(self) -> list[float]:
        return [round(100 * x / self.deals, 2) if self.deals else 0.0 for x in self.net]

    @property
    def matches_lost(self) -> list[int]:
        lost = [0] * self.players
        for losers in self.match_losers:
            for s in losers:
                lost[s] += 1
        return lost

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "variant": self.variant,
            "players": self.players,
            "seed": self.seed,
            "bots": list(self.bots),
            "names": list(self.names),
            "options": dict(self.differences),
            "deals": self.deals,
            "deals_asked": self.asked,
            "sessions": self.sessions,
            "pool_left": self.pool_left,
            "session_ends": dict(self.session_ends),
            "elapsed_seconds": round(self.elapsed, 4),
            "deals_per_second": round(self.deals_per_second, 1),
            "mean_pool": round(self.mean_pool, 3),
            "loo_rate": round(self.loo_rate, 4),
            "loo_deal_share": round(self.loo_deal_share, 4),
            "uncontested_rate": round(self.uncontested_rate, 4),
            "flushes": self.flushes,
            "endings": dict(sorted(self.kinds.items())),
            "net": list(self.net),
            "net_per_100_deals": self.net_per_100,
            "history": self.history_path,
        }
        if self.is_louse:
            out["matches"] = self.sessions
            out["penalty_points"] = list(self.points)
            out["match_losers"] = [list(x) for x in self.match_losers]
            out["matches_lost"] = self.matches_lost
        return out


def simulate(
    rules: Rules,
    players: int,
    deals: int,
    seed: int | None = None,
    bots: Sequence[str] | None = None,
    history: str | Path | IO[str] | None = None,
    progress: Progress | None = None,
) -> SimSummary:
    """Play ``deals`` deals (Louse: whole matches, at least ``deals`` deals) and summarise them.

    ``bots`` gives one style per seat (default: all ``random``); ``history`` is a path or an open text file that
    receives every deal as a JSON line. Raises LooError (one sentence) on a bad player count, bot or deal count.
    """
    rules.check_players(players)
    if deals < 1:
        raise LooError(f"The number of deals must be at least 1, not {deals}.")
    if deals > MOST_DEALS:
        raise LooError(f"A simulation plays at most {MOST_DEALS:,} deals, not {deals:,}.")
    specs = bot_specs(bots, players)
    names = seat_names(players)
    summary = SimSummary(
        rules.preset,
        players,
        seed,
        specs,
        names,
        rules.differences(),
        net=[0] * players,
        points=[0] * players,
        asked=deals,
    )
    players_bots = make_bots(specs, seed)
    # The shuffles draw from their own stream, apart from the bots' (a string seed hashes deterministically).
    session_seeds = random.Random(f"lanterloo-sim:{seed}") if seed is not None else random.Random()
    louse = shape_of(rules).scores_points  # a match to a points target, not a number of deals
    start = time.perf_counter()
    if simbatch.usable(rules, players_bots, history, deals):
        # every seat random and no history: whole sessions in the core's C loop, from the same streams
        simbatch.run(summary, rules, players_bots, deals, session_seeds, STACK, names, progress)
        summary.elapsed = time.perf_counter() - start
        return summary
    with ExitStack() as stack:
        out: IO[str] | None = None
        if isinstance(history, (str, Path)):
            summary.history_path = str(history)
            try:
                out = stack.enter_context(Path(history).open("w", encoding="utf-8"))
            except OSError as e:
                raise LooError(f"Cannot write the hand history {str(history)!r}: {e.strerror}.") from None
        elif history is not None:
            out = history
        while summary.deals < deals:
            summary.sessions += 1
            session_id = f"sim-{seed if seed is not None else 'unseeded'}-{summary.sessions}"
            # Louse: no deal limit, so the match runs until somebody reaches the target.
            limit = None if louse else deals - summary.deals
            session = Session(
                rules, names, stack=STACK, seed=session_seeds.getrandbits(63), max_deals=limit, keep_records=False
            )
            while not session.over:
                try:
                    deal = session.new_deal()
                except LooError:
                    if session.over:  # a player cannot pay the ante: this session is finished
                        break
                    raise
                play_out(deal, players_bots)
                rec = session.finish_deal()
                _count(summary, rec)
                if out is not None:
                    out.write(
                        hh.dumps(
                            hh.deal_to_record(
                                rec.deal,
                                number=rec.number,
                                names=names,
                                seed=rec.seed,
                                session=session_id,
                                totals_after=rec.totals_after if louse else None,
                            )
                        )
                        + "\n"
                    )
                if progress is not None:
                    progress(summary.deals, deals)
            if not session.deals_played:
                raise LooError(
                    f"The session ended before its first deal: {session.end_reason} (stacks start at {STACK})."
                )
            summary.pool_left += session.pool
            reason = _reason_kind(session)
            summary.session_ends[reason] = summary.session_ends.get(reason, 0) + 1
            if louse:
                summary.match_losers.append(list(session.losers))
    summary.elapsed = time.perf_counter() - start
    return summary


def _count(summary: SimSummary, rec: DealRecord) -> None:
    deal = rec.deal
    st = deal.settlement
    assert st is not None  # finish_deal books only settled deals
    summary.deals += 1
    summary.pool_total += st.pool_before
    summary.kinds[st.kind] = summary.kinds.get(st.kind, 0) + 1
    if st.looed:
        summary.looed_players += len(st.looed)
        summary.deals_with_loo += 1
    before = deal.stacks_before
    for s in range(deal.players):
        summary.net[s] += deal.stacks[s] - before[s]
    if st.points:
        for s in range(deal.players):
            summary.points[s] += st.points[s]


def _reason_kind(session: Session) -> str:
    """Why a session ended, without the player's name, so that reasons can be counted."""
    reason = session.end_reason or ""
    if session.losers:
        return "a player reached the target and lost the match"
    if reason.endswith("cannot pay the ante"):
        return "a player could not pay the ante"
    if reason.endswith("could not pay in full"):
        return "a player could not pay in full"
    if reason.endswith(("deals were played", "deal was played")):
        return "the deals were all played"
    if reason.endswith("more to empty the pool"):
        return "the deals were all played, and more to empty the pool"
    if reason.endswith("did not empty the pool"):
        return "the deals were all played, and the pool was never emptied"
    return reason or "unfinished"
