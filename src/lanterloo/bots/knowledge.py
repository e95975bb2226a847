"""What one seat can work out from its view: the cards still out, what each opponent may hold, and odds.

A heuristic bot never sees the deal. Everything here is built from ``View``: its own hand, the turn-up, the cards
played so far (finished tricks and the current one) and its own discards are known; every other card of the pack
is *unknown*. Play also reveals what an opponent does *not* hold. The duties of the game make that precise: in Loo
a player who fails to follow suit is void in it (and holds no trump either, when he did not trump), and one who
follows without heading the trick holds no card that would have headed it. Each opponent therefore gets his own
mask of *possible* cards.

Odds treat an opponent's hand as a random draw from his possible cards (hypergeometric), and different opponents
as independent. That is rough, but it costs a few multiplications, which keeps a decision near 0.1 ms.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from lanterloo.actions import Discard
from lanterloo.cards import Card, Suit, mask_of
from lanterloo.engine import Decl, View, deck_for, shape_of, tables_once_led, tricks
from lanterloo.rules import Rules
from lanterloo.tables import JACKS, NO_TRUMP, Tables

# Ruffing: how often a trump gets the chance to ruff a side suit (we are void in one, or not yet), and how often
# an opponent who holds a higher trump is placed and void to overruff it.
RUFF_IF_VOID = 0.35
RUFF_OTHERWISE = 0.2
OVERRUFF = 0.5
# A card of ours met by an opponent's higher card in a *later* trick loses only if that card is still there:
# each opponent card beats at most one of ours, and the duties to head and to beat make players spend their
# high cards on other tricks. So the odds of later tricks scale every opponent's threat down by this much
# (calibrated in self-play: predicted tricks then match the tricks taken; see docs/bots.md).
FUTURE_THREAT = {"loo": 0.9, "lou": 0.9, "louse": 1.0}
# How much a choosy player's hand beats a random one (times the share of hands he folds), and what an exchange adds.
SELECTIVITY = 0.6
EXCHANGED = 0.15


@cache
def p_avoid(unknown: int, k: int, h: int) -> float:
    """The chance that ``h`` cards drawn from ``unknown`` cards include none of ``k`` given ones."""
    if k <= 0 or h <= 0:
        return 1.0
    if k + h > unknown:
        return 0.0
    p = 1.0
    for i in range(h):
        p *= (unknown - k - i) / (unknown - i)
    return p


@cache
def avoid_row(unknown: int, h: int) -> tuple[float, ...]:
    """``p_avoid(unknown, k, h)`` for k = 0 .. unknown, to look up in inner loops."""
    return tuple(p_avoid(unknown, k, h) for k in range(unknown + 1))


_DECKS: dict[tuple[int, int], tuple[Rules, int]] = {}


def _deck_mask(rules: Rules, players: int) -> int:
    """The mask of the deal's pack, remembered per rules object (held, so its id is not reused)."""
    got = _DECKS.get((id(rules), players))
    if got is None or got[0] is not rules:
        if len(_DECKS) > 256:
            _DECKS.clear()
        got = _DECKS[(id(rules), players)] = (rules, mask_of(deck_for(rules, players)))
    return got[1]


def tables_for(view: View, trump: int | None = None) -> Tables:
    """The view's card tables, or (Irish Loo before the first lead) those the engine will use once a lead of
    ``trump`` sets trumps."""
    return view.tables if trump is None else tables_once_led(trump)


def suit_name(eff: int, plural: bool = True) -> str:
    if eff == JACKS:
        return "jacks" if plural else "jack"
    name = Suit(eff).plural
    return name if plural else name[:-1]


class Knowledge:
    """The facts and odds one seat works with. Built fresh for every decision (it is cheap)."""

    __slots__ = (
        "active",
        "deck",
        "eldest",
        "hand",
        "hand_sizes",
        "mode",
        "n",
        "order",
        "played",
        "possible",
        "ruff_scale",
        "rules",
        "seat",
        "shape",
        "strength",
        "t",
        "unknown",
        "view",
    )

    def __init__(self, view: View, tables: Tables | None = None, *, infer: bool = True) -> None:
        """``infer=False`` builds only what explaining a forced card needs (the tables, the current trick, the
        hand sizes): no odds may be asked of it."""
        if view.seat is None:
            raise ValueError("A bot needs a seat's view, not a spectator's.")
        r = view.rules
        self.view = view
        self.rules = r
        self.seat: int = view.seat
        self.n = view.players
        self.shape = shape_of(r)
        self.t = tables if tables is not None else view.tables
        self.mode = self.shape.follow_duty(r)
        hand = 0
        for c in view.hand:
            hand |= 1 << c
        self.hand = hand
        self.hand_sizes = list(view.hand_sizes)
        if not infer:
            return
        played = 0
        for tr in view.tricks:
            for _, c in tr.cards:
                played |= 1 << c
        for _, c in view.trick:
            played |= 1 << c
        self.played = played
        seen = self.hand | played
        if view.turnup is not None:
            seen |= 1 << view.turnup
        for e in view.events:
            # Our own discards are dead cards we know; other seats' discards are censored (action None).
            if e.kind == "exchanged" and e.seat == self.seat and isinstance(e.action, Discard):
                seen |= e.action.mask
        self.deck = _deck_mask(r, self.n)
        self.unknown = self.deck & ~seen
        self.eldest = (view.dealer + 1) % self.n
        self.order = [s for s in self.ring(self.eldest) if view.in_play[s]]
        self.possible = [self.unknown] * self.n
        self.possible[self.seat] = 0
        for tr in view.tricks:
            self._infer(tr.cards, tr.civil, False)
        if view.trick:
            self._infer(view.trick, view.trick_civil, True)
        for s in range(self.n):
            if s != self.seat and self.possible[s].bit_count() < self.hand_sizes[s]:
                self.possible[s] = self.unknown  # an inference failed (an unusual rule): forget it
        # Seats that will play this deal, weighted 1; during the declaration the caller re-weights them.
        self.active = [1.0 if (view.in_play[s] and s != self.seat) else 0.0 for s in range(self.n)]
        # How likely each seat is to still hold a trump to ruff with, relative to now (lowered to judge the
        # effect of drawing trumps).
        self.ruff_scale = [1.0] * self.n
        # How much stronger than a random hand each opponent's hand is (see ``weigh_strength``).
        self.strength = [1.0] * self.n

    def weigh_strength(self, activity: list[float]) -> None:
        """Hands that chose to stand are better than random ones, the more so the choosier the player (a seat
        that stands on a third of its hands keeps only the best third). An exchange improves them further. A
        Miss taker holds a blind hand, and Louse has no choice at all."""
        view = self.view
        r = self.rules
        if not self.shape.declares:
            return
        exchange = self.shape.exchanges(r)
        for s in range(self.n):
            if s == self.seat or view.declarations[s] is Decl.MISS:
                continue
            self.strength[s] = 1.0 + SELECTIVITY * (1.0 - activity[s]) + (EXCHANGED if exchange else 0.0)

    def ring(self, start: int) -> list[int]:
        return [(start + k) % self.n for k in range(self.n)]

    # --- inference from the play -----------------------------------------------------------------------------

    def _infer(self, cards: Sequence[tuple[int, Card]], civil: bool, current: bool) -> None:
        t = self.t
        if not cards or (t.trump == NO_TRUMP and self.mode != "louse"):
            return
        lead = cards[0][1]
        led = t.eff[lead]
        best = lead
        mode = self.mode
        pam_bit = (1 << t.pam) if t.pam >= 0 else 0
        always = self.rules.void_trump_duty == "always"
        for seat, c in cards[1:]:
            beats = bool((t.beaten_by[best] >> c) & 1)
            if seat != self.seat and c != t.pam:
                excl = 0
                if mode == "louse":
                    if t.eff[c] != led:
                        excl = t.suit_mask[led]
                elif mode == "lou":
                    if not beats:
                        excl = t.beaten_by[best]
                elif t.eff[c] == led:
                    if not beats:
                        excl = t.suit_mask[led] & t.beaten_by[best]
                else:
                    excl = t.suit_mask[led]
                    if t.eff[c] == t.trump:
                        if not beats:
                            excl |= t.trump_mask & t.beaten_by[best]
                    else:
                        excl |= t.trump_mask if always else (t.trump_mask & t.beaten_by[best])
                # Pam's privileges (and "Pam, be civil") mean not playing Pam proves nothing.
                self.possible[seat] &= ~(excl & ~pam_bit)
            if beats and tricks.takes_lead(c, best, t, self.rules, civil, current and self._last_card(seat)):
                best = c

    # --- the current trick --------------------------------------------------------------------------------

    def current_best(self) -> tuple[int, int]:
        """(best card, its seat) of the current trick, or (-1, -1) when it is empty."""
        trick = self.view.trick
        if not trick:
            return -1, -1
        t = self.t
        best, who = trick[0][1], trick[0][0]
        civil = self.view.trick_civil
        for s, c in trick[1:]:
            if tricks.takes_lead(c, best, t, self.rules, civil, self._last_card(s)):
                best, who = c, s
        return best, who

    def _last_card(self, seat: int) -> bool:
        """Whether ``seat`` played its last card to the current trick (a finished trick never held anyone's last
        card: a bot is asked only while the deal goes on, and every hand in play holds as many cards)."""
        return self.hand_sizes[seat] == 0

    def later_seats(self) -> list[int]:
        """Opponents who play to the current trick after this seat."""
        order = self.order
        if self.seat not in order:
            return []
        trick = self.view.trick
        start = order.index(trick[0][0]) if trick else order.index(self.seat)
        seq = order[start:] + order[:start]
        return seq[seq.index(self.seat) + 1 :]

    # --- odds ---------------------------------------------------------------------------------------------

    def none_of(self, seat: int, mask: int) -> float:
        """The chance that ``seat`` holds none of the cards in ``mask``."""
        poss = self.possible[seat]
        return p_avoid(poss.bit_count(), (mask & poss).bit_count(), self.hand_sizes[seat])

    def p_beats(self, seat: int, card: int, led: int, civil: bool = False) -> float:
        """The chance that ``seat``, playing later to a trick whose best card is ``card``, takes it from us.

        Loo and Lou oblige a player who can beat the card to do so, so "can" is "will".
        """
        t = self.t
        if self.mode == "lou":
            return 1.0 - self.none_of(seat, t.beaten_by[card])
        ec = t.eff[card]
        hi = t.beaten_by[card] & t.suit_mask[ec]
        trumps = t.trump_mask
        if civil and t.pam >= 0:
            hi &= ~(1 << t.pam)
            trumps &= ~(1 << t.pam)
        if ec == led:
            if led == t.trump or t.trump == NO_TRUMP:
                return 1.0 - self.none_of(seat, hi)
            suit = t.suit_mask[led]
            ruff = self.ruff_scale[seat] * (self.none_of(seat, suit) - self.none_of(seat, suit | trumps))
            return min(1.0, max(0.0, 1.0 - self.none_of(seat, hi) + ruff))
        if ec == t.trump:
            suit = t.suit_mask[led]
            return max(0.0, self.none_of(seat, suit) - self.none_of(seat, suit | hi))
        return 1.0

    def civil_lead(self, card: int) -> bool:
        """Whether leading ``card`` (the ace of trumps, with Pam in the game) bars Pam from the trick."""
        return card == tricks.civil_ace(self.t)

    def p_win_lead(self, card: int, seats: list[int] | None = None, threat: float = 1.0) -> float:
        """The chance that ``card``, led, takes the trick against the active opponents (weighted), each of whose
        chances to beat it is scaled by ``threat``.

        ``p_beats`` for a lead, with the masks worked out once for every seat rather than seat by seat: the
        same expressions, so the same numbers."""
        t = self.t
        led = t.eff[card]
        lou = self.mode == "lou"
        hi = t.beaten_by[card]
        suit = trumps = 0
        ruffs = False
        if not lou:
            hi &= t.suit_mask[led]
            trumps = t.trump_mask
            if t.pam >= 0 and card == tricks.civil_ace(t):
                hi &= ~(1 << t.pam)
                trumps &= ~(1 << t.pam)
            ruffs = not (led == t.trump or t.trump == NO_TRUMP)
            suit = t.suit_mask[led]
        p = 1.0
        for s in range(self.n) if seats is None else seats:
            a = (self.active[s] if seats is None else 1.0) * threat
            if a > 0.0:
                poss = self.possible[s]
                row = avoid_row(poss.bit_count(), self.hand_sizes[s])
                if ruffs:
                    ruff = self.ruff_scale[s] * (
                        row[(suit & poss).bit_count()] - row[((suit | trumps) & poss).bit_count()]
                    )
                    beat = min(1.0, max(0.0, 1.0 - row[(hi & poss).bit_count()] + ruff))
                else:
                    beat = 1.0 - row[(hi & poss).bit_count()]
                p *= 1.0 - a * min(1.0, self.strength[s] * beat)
        return p

    def p_future(self, card: int) -> float:
        """The chance that ``card`` takes a later trick: led against everyone still in, or (a Loo trump) used
        to ruff a suit we are void in, unless someone overruffs."""
        threat = FUTURE_THREAT[self.mode]
        p = self.p_win_lead(card, threat=threat)
        t = self.t
        if self.mode != "loo" or t.trump == NO_TRUMP or t.eff[card] != t.trump:
            return p
        rest = self.hand & ~(1 << card)
        void = any(not (rest & t.suit_mask[s]) for s in range(4) if s != t.trump)
        chance = RUFF_IF_VOID if void else RUFF_OTHERWISE
        higher = t.beaten_by[card] & t.trump_mask
        keep = 1.0
        for s in range(self.n):
            a = self.active[s] * threat
            if a > 0.0:
                keep *= 1.0 - a * OVERRUFF * (1.0 - self.none_of(s, higher))
        return 1.0 - (1.0 - p) * (1.0 - chance * keep)

    def p_two_trumps(self, seat: int) -> float:
        """P(seat holds two or more trumps | it holds one): how often it can still ruff after a trump lead."""
        t = self.t
        poss = self.possible[seat]
        u = poss.bit_count()
        k = (t.trump_mask & poss).bit_count()
        h = self.hand_sizes[seat]
        some = 1.0 - p_avoid(u, k, h)
        if some <= 0.0 or u <= 0:
            return 0.0
        one = k * h / u * p_avoid(u - 1, k - 1, h - 1) if h >= 1 else 0.0
        return max(0.0, some - one) / some

    def p_win_now(self, card: int) -> float:
        """The chance that playing ``card`` now takes the current trick."""
        trick = self.view.trick
        if not trick:
            return self.p_win_lead(card, self.later_seats())
        best, _ = self.current_best()
        t = self.t
        if not (t.beaten_by[best] >> card) & 1:
            return 0.0
        led = t.eff[trick[0][1]]
        civil = self.view.trick_civil
        p = 1.0
        for s in self.later_seats():
            p *= 1.0 - min(1.0, self.strength[s] * self.p_beats(s, card, led, civil))
        return p

    def is_master(self, card: int) -> bool:
        """All higher cards of its effective suit are played, turned up or ours."""
        t = self.t
        higher = t.beaten_by[card] & t.suit_mask[t.eff[card]]
        return not (higher & self.unknown)
