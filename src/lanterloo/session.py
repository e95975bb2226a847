"""Sessions: many deals at one table, the dealer rotating, the pool carried, stacks kept (SESSION-1..3).

A session ends when ``max_deals`` deals have been played, when the players call ``stop()``, or when a player cannot
pay: a seat whose stack cannot cover the ante it owes before a deal, or who could not pay a loo or match in full
(table stakes, SESSION-3: he paid what he had). Louse is a match instead: penalty points accumulate and the first
player to reach the target loses (LOUSE-MATCH-1/2).

After the last agreed deal the session plays on until a deal leaves the pool empty (in Lou, until a game ends with
an empty pot), so that no loo money is left unpaid (SESSION-4, ``session_end = settle``); ``session_end = exact``
stops at once. A session that ends for another reason (a player cannot pay, the players stop) may leave chips in
the pool: ``pool`` and ``summary()`` say how many.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from lanterloo import fairdeal, validate
from lanterloo.actions import Action
from lanterloo.engine import Deal, shape_of
from lanterloo.errors import LooError, LooTypeError, shown
from lanterloo.rules import Rules

Policy = Callable[[Deal, int], Action]

#: SESSION-4 plays on until the pool is empty; at a big table where most players stand nearly every deal loos
#: someone, so past this many extra deals the session stops all the same and reports what is left.
SETTLE_LIMIT = 100


@dataclass
class DealRecord:
    """One finished deal of a session, as the hand history stores it."""

    number: int
    deal: Deal
    stacks_after: list[int]
    pool_after: int
    totals_after: list[int] = field(default_factory=list)  # Louse: match totals after this deal
    seed: int | None = None
    #: The published seed the deck came from (``new_deal(fair_seed=...)``): pass it to ``history.deal_to_record``.
    fair_seed: str | None = None


class Session:
    def __init__(
        self,
        rules: Rules,
        players: int | Sequence[str],
        *,
        stack: int | Sequence[int] = 100,
        seed: int | None = None,
        dealer: int | None = None,
        max_deals: int | None = None,
        pool: int = 0,
        keep_records: bool = True,
    ) -> None:
        rules = validate.rules(rules)
        names = validate.players(rules, players)
        n = len(names)
        stacks = validate.stacks_for(stack, n)
        seed, pool = validate.seed(seed), validate.count(pool, "The pool")
        dealer = None if dealer is None else validate.seat(dealer, n, "The dealer")
        max_deals = validate.optional(max_deals, "The max_deals limit", positive=True)
        validate.flag(keep_records, "The keep_records flag")
        self.rules = rules
        self.names = names
        self.n = n
        self.stacks = stacks
        self.seed = seed
        self.rng = random.Random(seed)
        # COMMON-3: the first dealer is chosen at random (by lot), then the deal passes to the left.
        self.dealer = self.rng.randrange(n) if dealer is None else dealer
        self.pool = pool
        self.max_deals = max_deals
        # A simulator playing millions of deals keeps only the last record; the terminal game keeps them all
        # (undo, export, the session table).
        self.keep_records = keep_records
        self.records: list[DealRecord] = []
        self.deals_played = 0
        self.current: Deal | None = None
        self.ante_due = True  # Lou antes only when a game starts (LOU-GAME-1)
        self.totals = [0] * n  # Louse penalty points
        self.losers: list[int] = []
        self.end_reason: str | None = None
        self.initial_chips = sum(self.stacks) + self.pool

    # --- state ---

    @property
    def over(self) -> bool:
        return self.end_reason is not None

    def stop(self, reason: str = "the players stopped") -> None:
        if not isinstance(reason, str):
            raise LooTypeError(f"The reason to stop must be text, not {shown(reason)}.")
        if not reason.strip():
            raise LooError("The reason to stop cannot be empty.")
        if self.end_reason is None:
            self.end_reason = reason

    def _ante_shortfall(self) -> int | None:
        r = self.rules
        if not shape_of(r).antes or not self.ante_due:
            return None
        for s in range(self.n):
            # Lou's dealer may set any ante from lou_ante_min: who cannot pay even that cannot play (LOU-ANTE-2)
            if self.stacks[s] < r.ante_owed(s, self.dealer):
                return s
        return None

    @property
    def settling(self) -> bool:
        """Whether the agreed deals are all played and the session plays on to empty the pool (SESSION-4)."""
        return self.max_deals is not None and self.deals_played >= self.max_deals and not self.over

    @property
    def extra_deals(self) -> int:
        """Deals played after the agreed number, to empty the pool (SESSION-4)."""
        return max(0, self.deals_played - self.max_deals) if self.max_deals is not None else 0

    # --- deals ---

    def new_deal(self, deck: Sequence[int] | None = None, *, fair_seed: str | None = None) -> Deal:
        """Start the next deal (the previous one must be finished).

        ``fair_seed`` (64 hex digits, ``fairdeal.new_seed()``) deals the deck the seed gives by the documented
        procedure (docs/fair-deals.md), whose commitment the caller publishes before the deal; the deal's record
        keeps the seed. It cannot be given with ``deck``.
        """
        if fair_seed is not None:
            if not isinstance(fair_seed, str):
                raise LooTypeError(f"A fair seed must be text of 64 hexadecimal digits, not {shown(fair_seed)}.")
            if deck is not None:
                raise LooError("Give a deal a deck or a fair seed, not both: the seed decides the deck.")
            deck = fairdeal.deck_from_seed(self.rules, self.n, fair_seed)
        if deck is not None:
            deck = validate.cards(deck, "The deck")
            pack = shape_of(self.rules).pack(self.rules, self.n)
            if sorted(deck) != sorted(pack):  # refused before the seed is drawn: a refusal changes nothing
                raise LooError(f"The deck must hold each of the {len(pack)} cards of this game exactly once.")
        if self.over:
            raise LooError(f"The session is over: {self.end_reason}.")
        if self.current is not None and not self.current.is_over:
            raise LooError("Finish the current deal before starting the next one.")
        short = self._ante_shortfall()
        if short is not None:
            self.stop(f"{self.names[short]} cannot pay the ante")
            raise LooError(f"The session is over: {self.end_reason}.")
        deal_seed = self.rng.getrandbits(63)
        self._deal_seed = deal_seed
        self._fair_seed = None if fair_seed is None else fair_seed.lower()
        self.current = Deal(
            self.rules,
            self.stacks,
            self.dealer,
            pool=self.pool,
            deck=deck,
            rng=random.Random(deal_seed),
            ante=self.ante_due,
        )
        return self.current

    def finish_deal(self) -> DealRecord:
        """Book a finished deal: stacks, pool, match totals, dealer rotation, and whether the session ends."""
        deal = self.current
        if deal is None or not deal.is_over or deal.settlement is None:
            raise LooError("There is no finished deal to book.")
        st = deal.settlement
        self.stacks = list(deal.stacks)
        self.pool = deal.pool
        self.ante_due = st.game_over if shape_of(self.rules).games_span_deals else True
        if st.points:
            self.totals = [a + b for a, b in zip(self.totals, st.points, strict=True)]
        self.deals_played += 1
        rec = DealRecord(
            self.deals_played, deal, list(self.stacks), self.pool, list(self.totals), self._deal_seed, self._fair_seed
        )
        if not self.keep_records:
            self.records.clear()
        self.records.append(rec)
        self.current = None
        self.dealer = (self.dealer + 1) % self.n
        self._check_end(st.owed, st.paid)
        return rec

    def _check_end(self, owed: Sequence[int], paid: Sequence[int]) -> None:
        r = self.rules
        if shape_of(r).scores_points:  # a Louse match ends at the points target
            over = [s for s in range(self.n) if self.totals[s] >= r.louse_target]
            if over:
                top = max(self.totals[s] for s in over)
                tied = [s for s in over if self.totals[s] == top]
                if len(tied) == 1 or r.louse_tie == "highest_total":
                    self.losers = tied
                    who = " and ".join(self.names[s] for s in tied)
                    self.stop(f"{who} reached {r.louse_target} penalty points and lost the match")
                    return
        else:
            short = [s for s in range(self.n) if paid[s] < owed[s]]
            if short:
                self.stop(f"{self.names[short[0]]} could not pay in full")
                return
        if self.max_deals is not None and self.deals_played >= self.max_deals:
            self._check_settled()

    def _check_settled(self) -> None:
        """The agreed deals are played: stop, or under SESSION-4 play on while the pool holds chips (in Lou, while a
        game goes on)."""
        r = self.rules
        deals = f"{self.max_deals} deal was played" if self.max_deals == 1 else f"{self.max_deals} deals were played"
        if r.session_end == "exact" or shape_of(r).scores_points:
            self.stop(deals)
            return
        game_on = shape_of(r).games_span_deals and not self.ante_due
        if self.pool == 0 and not game_on:
            extra = self.extra_deals
            self.stop(deals if extra == 0 else f"{deals}, and {extra} more to empty the pool")
        elif self.extra_deals >= SETTLE_LIMIT:
            self.stop(f"{deals}, and {self.extra_deals} more did not empty the pool")

    def play_deal(self, policy: Policy) -> DealRecord:
        """Play one whole deal with ``policy(deal, seat) -> action`` choosing every move."""
        validate.callable_(policy, "The policy")
        deal = self.new_deal()
        while not deal.is_over:
            for seat in deal.seats_to_act()[:1]:
                deal.apply(policy(deal, seat), seat)
        return self.finish_deal()

    def play(self, policy: Policy, progress: Callable[[int], None] | None = None) -> None:
        """Play deals until the session ends."""
        validate.callable_(policy, "The policy")
        if progress is not None:
            validate.callable_(progress, "The progress callback")
        while not self.over:
            try:
                self.play_deal(policy)
            except LooError:
                if self.over:
                    break
                raise
            if progress is not None:
                progress(self.deals_played)

    def chips(self) -> int:
        return sum(self.stacks) + self.pool

    def summary(self) -> dict[str, Any]:
        """The final standings: ``pool`` is what is left unpaid in the pool (0 when SESSION-4 emptied it)."""
        return {
            "deals": self.deals_played,
            "extra_deals": self.extra_deals,
            "stacks": list(self.stacks),
            "pool": self.pool,
            "totals": list(self.totals),
            "losers": [self.names[s] for s in self.losers],
            "end": self.end_reason,
        }

    def _pot(self) -> str:
        return "pot" if shape_of(self.rules).games_span_deals else "pool"

    def settling_line(self) -> str | None:
        """While the session plays on past its agreed deals to empty the pool (SESSION-4): why, and how far it may
        go. None before the agreed deals are played, and when the session is over."""
        if not self.settling or self.max_deals is None:
            return None
        extra = self.deals_played - self.max_deals + 1  # the deal in progress, or the next one between deals
        agreed = "The agreed deal is" if self.max_deals == 1 else f"The {self.max_deals} agreed deals are"
        until = "a game of Lou ends with its pot won" if shape_of(self.rules).games_span_deals else "the pool is empty"
        return (
            f"{agreed} played: playing on until {until}, so no loo is left unpaid: extra deal {extra} of "
            f"at most {SETTLE_LIMIT}."
        )

    def pool_left(self) -> str | None:
        """A sentence for the final standings on the chips in the pool: where those left went, or how the extra
        deals emptied it; None when nothing needs saying (Louse, or the pool empty after the agreed deals)."""
        if shape_of(self.rules).scores_points:
            return None
        pot = self._pot()
        if self.pool == 0:
            extra = self.extra_deals
            if not extra:
                return None
            more = "1 more deal" if extra == 1 else f"{extra} more deals"
            return f"After the agreed deals, {more} emptied the {pot}: every chip paid into it was won back by tricks."
        chips = "1 chip" if self.pool == 1 else f"{self.pool} chips"
        return (
            f"{chips} stayed in the {pot} when the session ended: nobody won them, so they are in no player's "
            "stack, and the standings leave them out."
        )
