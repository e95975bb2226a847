"""Louse: take as few penalty points as possible.

Every card is weighed by two costs. *Now*: if it would take the trick, the points of the trick (the cards on the
table and this one, priced exactly by the scoring rules, so the ♦Q that cancels our own queens is a gain) plus what
the players still to come are expected to add (a void player throws his worst card). *Later*: each card kept is a
risk, the chance it is forced to take a trick later times what such a trick costs; a master ace or a bonus queen is
a big risk, a seven under outstanding higher cards almost none. The bot plays the card that minimises the cost now
minus the risk it gets rid of, which gives the usual rules of thumb: duck under the best card with the highest card
that stays under, throw bonus queens and aces onto tricks others win, lead low cards that others must overtake, and
take the ♦Q trick when it wipes out our own queens.

Opponents are assumed to duck when they can: a later player overtakes our card for sure only when all his cards of
the suit are higher, and otherwise only now and then.
"""

from __future__ import annotations

from lanterloo.actions import Play
from lanterloo.bots.base import Decision
from lanterloo.bots.knowledge import Knowledge, suit_name
from lanterloo.bots.style import Style
from lanterloo.bots.trickplay import forced_reason
from lanterloo.cards import QUEEN, Card, Suit, cards_of
from lanterloo.engine.scoring import louse_card_values
from lanterloo.tables import JACKS

# Chance that a plain card is forced to take a trick later, by the number of higher cards of its suit still out.
_PLAIN_RISK = (0.9, 0.45, 0.25, 0.14, 0.08, 0.05)
_JACK_RISK = (0.95, 0.6, 0.4, 0.25)
_VOLUNTARY = 0.3  # how often a player who could duck overtakes anyway
_JACK_RUFF = 0.3  # how often a void player throws a jack (which takes a plain trick)
_DQ = Suit.DIAMONDS * 13 + QUEEN
_QUEENS = sum(1 << (s * 13 + QUEEN) for s in range(4))


def _sum_points(mask: int, values: tuple[int, ...]) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += values[low.bit_length() - 1]
        mask ^= low
    return total


def seat_points(taken: list[int], seat: int, mode: str, queen_points: int) -> int:
    """``louse_points(taken, mode, queen_points)[seat]`` (LOUSE-SCORE-1..3) for one seat only: the bots ask it
    for every card they weigh, and it need not count the other seats' piles except under the ♦Q rules that do."""
    values = louse_card_values(queen_points)
    mine = taken[seat]
    base = _sum_points(mine & ~_QUEENS, values)
    own = _sum_points(mine & _QUEENS, values)
    holder = next((s for s, pile in enumerate(taken) if (pile >> _DQ) & 1), -1)
    if holder < 0:
        return base + own
    if mode == "cancel_own_queens":
        return base if holder == seat else base + own
    if mode == "cancel_own_bonuses":
        return base + (queen_points * (mine & _QUEENS).bit_count() if holder == seat else own)
    if mode == "cancel_all_queens":
        return base
    if mode == "collect_all_queens":
        return base + sum(_sum_points(p & _QUEENS, values) for p in taken) if holder == seat else base
    return base + own


class LouseJudge:
    def __init__(self, k: Knowledge, style: Style) -> None:
        self.k = k
        view = k.view
        r = view.rules
        self.mode = r.diamond_queen
        self.qp = r.louse_queen_points
        self.values = view.stakes.card_points
        self.taken = [0] * k.n
        for tr in view.tricks:
            for _, c in tr.cards:
                self.taken[tr.winner] |= 1 << c
        self._cache: dict[int, int] = {}
        self._dumps: dict[int, float] = {}
        self.base = self._points(0)
        self.caution = style.optimism  # a cautious bot (optimism < 1) fears later tricks more
        self.others = [s for s in range(k.n) if s != k.seat]
        self.escape = self._escape()

    def _escape(self) -> float:
        """How likely we keep a costly plain card out of trouble: a void (or nearly void) suit that the others
        still hold lets us throw it onto someone else's trick."""
        k = self.k
        t = k.t
        lengths = [((k.hand & t.suit_mask[s]).bit_count(), bool(t.suit_mask[s] & k.unknown)) for s in range(5)]
        if any(n == 0 and out for n, out in lengths):
            return 0.55
        if any(n == 1 and out for n, out in lengths):
            return 0.75
        return 0.9

    def pts(self, card: int) -> int:
        """A card's penalty points with any queen bonus (the engine's ``view.stakes.card_points``)."""
        return self.values[card]

    def _points(self, extra: int) -> int:
        got = self._cache.get(extra)
        if got is None:
            taken = list(self.taken)
            taken[self.k.seat] |= extra
            got = self._cache[extra] = seat_points(taken, self.k.seat, self.mode, self.qp)
        return got

    def take_cost(self, extra: int) -> int:
        """Exactly what taking these cards adds to our points this deal (negative: the ♦Q cancels queens)."""
        return self._points(extra) - self.base

    def _avg_points(self, mask: int) -> float:
        return _sum_points(mask, self.values) / mask.bit_count() if mask else 0.0

    # --- opponents ---

    def p_overtake(self, o: int, card: int, led: int) -> float:
        """The chance that opponent ``o``, playing after us, takes the trick away from our ``card``."""
        k = self.k
        t = k.t
        suit = t.suit_mask[led]
        jacks = t.suit_mask[JACKS]
        if t.eff[card] == led:
            higher = suit & t.beaten_by[card]
            lower = suit & ~t.beaten_by[card] & ~(1 << card)
            has_higher = 1.0 - k.none_of(o, higher)
            forced = max(0.0, k.none_of(o, lower) - k.none_of(o, suit))
            p = forced + _VOLUNTARY * max(0.0, has_higher - forced)
            if led != JACKS:
                p += _JACK_RUFF * max(0.0, k.none_of(o, suit) - k.none_of(o, suit | jacks))
            return min(1.0, p)
        higher_jacks = jacks & t.beaten_by[card]
        return _JACK_RUFF * max(0.0, k.none_of(o, suit) - k.none_of(o, suit | higher_jacks))

    def contribution(self, o: int, card: int, led: int) -> float:
        """Points opponent ``o`` is expected to add to a trick our ``card`` wins."""
        k = self.k
        t = k.t
        suit = t.suit_mask[led]
        poss = k.possible[o]
        void = k.none_of(o, suit)
        lower = poss & suit & ~t.beaten_by[card]
        follow = self._avg_points(lower)
        return void * self._dump(o, led) + (1.0 - void) * follow

    def _dump(self, o: int, led: int) -> float:
        """What opponent ``o``, void in ``led``, is expected to throw: the largest penalty among what he may hold
        (it does not depend on our card, so it is worked out once per decision)."""
        key = o * 8 + led
        got = self._dumps.get(key)
        if got is None:
            k = self.k
            poss = k.possible[o]
            hold = min(1.0, k.hand_sizes[o] / max(1, poss.bit_count()))
            rest = sorted((self.pts(c) for c in cards_of(poss & ~k.t.suit_mask[led])), reverse=True)
            dump = 0.0
            left = 1.0
            for p in rest:
                dump += left * hold * p
                left *= 1.0 - hold
            got = self._dumps[key] = dump
        return got

    # --- our cards ---

    def _win_chance(self, card: int) -> tuple[float, int]:
        """(chance this card is forced to take a trick some time, how many higher cards of its suit are out)."""
        k = self.k
        t = k.t
        eff = t.eff[card]
        out = t.suit_mask[eff] & k.unknown
        hi = (out & t.beaten_by[card]).bit_count()
        if eff == JACKS:
            return _JACK_RISK[min(hi, 3)], hi
        if not out:
            return 0.6, 0  # nobody else holds the suit: it takes a trick whenever we have to lead it
        lo = (out & ~t.beaten_by[card]).bit_count()
        return _PLAIN_RISK[min(hi, 5)] * (0.5 if (lo == 0 and hi) else 1.0), hi

    def risk(self, card: int) -> float:
        """Expected points this card costs us later if we keep it: the chance it is forced to take a trick
        times what such a trick holds (its own points, and what the others add: a void player throws his worst).
        """
        k = self.k
        t = k.t
        eff = t.eff[card]
        w, hi = self._win_chance(card)
        own = self.take_cost(1 << card)
        if eff != JACKS:
            # Of our cards of one suit that win as surely, we choose which takes the forced tricks: the cheap
            # ones do, and the costly one is kept back to be thrown away when we are void in a suit led.
            for c in cards_of(k.hand & t.suit_mask[eff] & ~(1 << card)):
                if self._win_chance(c)[1] <= hi and self.take_cost(1 << c) < own:
                    w *= 0.5
            w *= self.escape
        extra = sum(self.contribution(o, card, eff) for o in self.others)
        return min(1.0, w / self.caution) * (own + extra)

    def cost_now(self, card: int) -> tuple[float, float]:
        """(expected points of playing ``card`` to the current trick, chance it takes the trick)."""
        k = self.k
        t = k.t
        trick = k.view.trick
        if trick:
            best, _ = k.current_best()
            if not (t.beaten_by[best] >> card) & 1:
                return 0.0, 0.0
            led = t.eff[trick[0][1]]
        else:
            led = t.eff[card]
        later = k.later_seats()
        p = 1.0
        add = 0.0
        for o in later:
            p *= 1.0 - self.p_overtake(o, card, led)
            add += self.contribution(o, card, led)
        table = 0
        for _, c in trick:
            table |= 1 << c
        return p * (self.take_cost(table | (1 << card)) + add), p


def decide_louse(k: Knowledge, style: Style) -> Decision:
    view = k.view
    cands: dict[Card, Play] = {}
    for a in view.legal:
        if isinstance(a, Play):
            cands[a.card] = a
    if len(cands) == 1:
        card, action = next(iter(cands.items()))
        return Decision(action, forced_reason(k, card))
    judge = LouseJudge(k, style)
    rows = []
    for c in cands:
        now, p = judge.cost_now(c)
        rows.append((now - judge.risk(c), -judge.pts(c), k.t.power[c], c, now, p))
    rows.sort(key=lambda r: (r[0], r[1], r[2]))
    _, _, _, card, now, p = rows[0]
    return Decision(cands[card], _reason(k, judge, card, now, p, [r[3] for r in rows]))


def _reason(k: Knowledge, judge: LouseJudge, card: Card, now: float, p: float, cands: list[Card]) -> str:
    view = k.view
    t = k.t
    name = card.unicode
    pts = judge.pts(card)
    if not view.trick:
        if p < 0.5:
            return (
                f"Lead the {name}: someone else should have to take this {suit_name(t.eff[card], False)} "
                f"trick ({1 - p:.0%})"
            )
        return f"Lead the {name}: every lead risks the trick, and this one costs least"
    best, who = k.current_best()
    led = t.eff[view.trick[0][1]]
    if p == 0.0:
        if t.eff[card] != led:
            tail = f" ({pts} points)" if pts else ""
            return f"No {suit_name(led)}: throw the {name}{tail} onto seat {who}'s trick"
        if pts >= 10:
            return f"Dump the {name} ({pts} points) under the {Card(best).unicode}: seat {who} takes the trick"
        return f"Duck under the {Card(best).unicode} with the {name}"
    if now < 0:
        table = 0
        for _, c in view.trick:
            table |= 1 << c
        if (table | (1 << card)) >> _DQ & 1:
            saved = -judge.take_cost(table | (1 << card))
            return f"Take this trick: the ♦Q in it cancels the points of my queens ({saved} saved)"
    if all((t.beaten_by[best] >> c) & 1 for c in cands):
        if p > 0.9:
            return f"I must take this trick: get rid of the {name} now, it would cost more later"
        return (
            f"Every card I may play beats the {Card(best).unicode}: the {name} leaves the trick to a later "
            f"player most often ({1 - p:.0%})"
        )
    return f"Play the {name}: a later player should overtake it ({1 - p:.0%})"
