"""Declaring (pass / play / take the Miss / defend the Miss / Lou's In-Out) and exchanging (five-card, Lou's draw).

A hand is worth what its cards are expected to win: each card's chance of taking a trick (see ``knowledge``) is
turned into a distribution of tricks and priced by the deal's payoff (``payoff``): a share of the pool per trick
against a loo (or Lou's match) for none. So the pool, the loo penalty and its kind (a pool-sized loo is far costlier
than a fixed one), the trumps, aces and guarded kings all enter through one number, the expected chips of standing.

Seats that have already declared are counted exactly (in or out); those still to declare count as in with the
style's assumed chance. A later seat therefore knows more, and the dealer knows everything. The blind Miss is worth
a random hand: each of its cards takes a trick with the average chance of an unknown card.

The bot stands when standing is expected to beat passing by the style's margin; passing costs nothing more (the
ante is already in).
"""

from __future__ import annotations

from dataclasses import dataclass

from lanterloo.actions import DEFEND_MISS, PASS, STAND, TAKE_MISS, Action, Discard
from lanterloo.bots.base import Decision
from lanterloo.bots.handwords import describe_hand, likely
from lanterloo.bots.knowledge import (
    EXCHANGED,
    FUTURE_THREAT,
    OVERRUFF,
    RUFF_IF_VOID,
    SELECTIVITY,
    Knowledge,
    avoid_row,
    suit_name,
    tables_for,
)
from lanterloo.bots.payoff import LINKED, Payoff, add_card, payoff_for, trick_distribution
from lanterloo.bots.style import Style
from lanterloo.cards import CARDS, SUIT_MASKS, Card, cards_of
from lanterloo.engine import Decl, Phase, View, shape_of, tricks
from lanterloo.tables import NO_TRUMP


@dataclass
class HandValue:
    ev: float  # expected chips of standing with this hand
    tricks: float  # expected tricks
    loo: float  # chance of paying: taking no trick (a loo, or Lou's match), or fewer than two in Lou's format B
    flush: float = 0.0  # chance of a flush (five-card exchange)


def prior_activity(view: View) -> float:
    """How likely a seat is to stand, before we have watched it: the richer a trick is against the cost of taking
    none, the more hands are worth playing (three-card Loo with everyone anteing: most; Lou's match: few)."""
    # payoff_for(view, seat, defending=False)'s share and loo, without building its table (asked every decision)
    stakes = view.stakes
    loo = stakes.match if shape_of(view.rules).pays_piles else stakes.loo
    ratio = stakes.share / max(1, loo)
    return min(0.9, max(0.2, 0.2 + 0.45 * ratio))


def _weigh_seats(k: Knowledge, style: Style, activity: list[float] | None = None) -> None:
    """Who will play against us: declared seats exactly, undeclared ones with their estimated chance to stand
    (``activity`` per seat, or the prior) shifted by the style."""
    view = k.view
    r = view.rules
    prior = prior_activity(view) if activity is None else 0.0
    for s in range(k.n):
        if s == k.seat:
            k.active[s] = 0.0
            continue
        d = view.declarations[s]
        if d is Decl.PASS:
            k.active[s] = 0.0
        elif d is not None:  # played, took the Miss or defends it
            k.active[s] = 1.0
        else:
            guess = activity[s] if activity is not None else prior
            k.active[s] = min(1.0, max(0.05, guess + style.activity))
        if k.hand_sizes[s] == 0 and d is not Decl.PASS:
            k.hand_sizes[s] = r.hand_size
    if not k.shape.loo_declarations or view.phase is not Phase.DECLARE or k.seat == view.dealer:
        return
    dealer = view.dealer
    if view.declarations[dealer] is None and r.lone_player == "dealer_must_play":
        # If nobody else stands, the dealer must play against us (or defend the Miss), so he is likelier in.
        k.active[dealer] = max(k.active[dealer], 0.8)


#: A seat that stood on its own hand while it could have taken the Miss judged its hand better than a blind one,
#: which the heuristic does with only about the best 40% of hands (the eldest takes the Miss 58% of the time): its
#: hand is as strong as that of a player who stands this often. Without it a late seat overrated both the Miss and
#: its own hand against the seats already in (docs/bots.md, "Reviewing the declarations: the Miss").
DECLINED_MISS = 0.4


def declined_miss(k: Knowledge) -> None:
    """Raise the strength of the seats that stood while the Miss was still there (``DECLINED_MISS``)."""
    view = k.view
    if not view.rules.miss or view.miss_withdrawn:
        return
    n = k.n
    taker = view.miss_taker
    last = n if taker is None else (taker - k.eldest) % n  # seats before the taker found the Miss there
    strength = 1.0 + SELECTIVITY * (1.0 - DECLINED_MISS) + (EXCHANGED if k.shape.exchanges(view.rules) else 0.0)
    for s in range(n):
        if s != k.seat and view.declarations[s] is Decl.PLAY and (s - k.eldest) % n < last:
            k.strength[s] = max(k.strength[s], strength)


def _chances(k: Knowledge, cards: list[int], style: Style) -> list[float]:
    return [min(1.0, style.optimism * k.p_future(c)) for c in cards]


def average_chance(k: Knowledge, style: Style) -> float:
    """The chance that a card drawn blind (the Miss, a draw from the stock) takes a trick.

    The same odds as ``Knowledge.p_win_lead`` for every unknown card, computed suit by suit: before any card is
    played every opponent may hold any unknown card, so a card's odds depend only on how many unknown cards of
    its suit rank above it. That makes the average about forty times cheaper than asking card by card.
    """
    t = k.t
    unknown = k.unknown
    u = unknown.bit_count()
    if not u:
        return 0.0
    # (weight, hand size) per opponent: the strength of a choosy hand raises its weight, as in p_win_lead
    opps = [
        (k.active[s] * k.strength[s], k.hand_sizes[s]) for s in range(k.n) if k.active[s] > 0.0 and k.hand_sizes[s] > 0
    ]
    n_trumps = (t.trump_mask & unknown).bit_count()
    lou = k.mode == "lou"
    ace = tricks.civil_ace(t)
    threat = FUTURE_THREAT[k.mode]
    opps = [(a * threat, h) for a, h in opps]
    # p_avoid(u, j, h) for every j, per opponent: the same numbers, looked up rather than asked card by card.
    rows = [avoid_row(u, h) for _, h in opps]
    # A side suit's chances depend only on its length (the ace's civil call concerns trumps alone), so side suits
    # of equal length share their list of chances; they are still added one by one, in the same order.
    side: dict[int, list[float]] = {}
    total = 0.0
    for suit in range(4):
        cards = t.by_power(t.suit_mask[suit] & unknown)
        if not cards:
            continue
        is_trump = suit == t.trump
        in_suit = len(cards)
        terms = None if is_trump else side.get(in_suit)
        if terms is None:
            terms = _suit_chances(cards, is_trump, ace, n_trumps, opps, rows, lou, style.optimism)
            if not is_trump:
                side[in_suit] = terms
        for term in terms:
            total += term
    return total / u


def _suit_chances(
    cards: list[int],
    is_trump: bool,
    ace: int,
    n_trumps: int,
    opps: list[tuple[float, int]],
    rows: list[tuple[float, ...]],
    lou: bool,
    optimism: float,
) -> list[float]:
    """``average_chance``'s chance for each unknown card of one suit, highest first."""
    in_suit = len(cards)
    ruffs = [0.0 if is_trump else row[in_suit] - row[in_suit + n_trumps] for row in rows]
    out = []
    for hi, c in enumerate(cards):
        above = hi - 1 if (c == ace and hi > 0) else hi  # "Pam, be civil" bars Pam from the ace's trick
        p = 1.0
        keep = 1.0
        for (a, _), ruff, row in zip(opps, ruffs, rows, strict=True):
            if lou:
                beat = 1.0 - row[above + (0 if is_trump else n_trumps)]
            else:
                beat = min(1.0, 1.0 - row[above] + ruff)
                if is_trump:
                    keep *= 1.0 - a * OVERRUFF * (1.0 - row[hi])
            p *= 1.0 - min(1.0, a * beat)
        if is_trump and not lou:
            # a blind hand is void in some side suit more often than not
            p = 1.0 - (1.0 - p) * (1.0 - RUFF_IF_VOID * keep)
        out.append(min(1.0, optimism * p))
    return out


def value_of(probs: list[float], pays: Payoff) -> HandValue:
    dist = trick_distribution(probs)
    vals = pays.values
    top = len(vals) - 1
    ev = sum(q * vals[min(top, x)] for x, q in enumerate(dist))
    return HandValue(ev, sum(x * q for x, q in enumerate(dist)), paying_chance(dist, pays))


def paying_chance(dist: list[float], pays: Payoff) -> float:
    """The chance that the trick count ``dist`` gives ends in paying: where the payoff is a loss (no trick in Loo
    and Lou's formats A and C; under two tricks in format B, whose one-trick players match the pot too)."""
    vals = pays.values
    top = len(vals) - 1
    return sum(q for x, q in enumerate(dist) if vals[min(top, x)] < 0)


# --- evaluating options -------------------------------------------------------------------------------------


def _own_value(k: Knowledge, pays: Payoff, style: Style, exchange: bool) -> tuple[HandValue, int]:
    """Value of standing on the hand, after the best exchange when one follows. Returns (value, discard mask)."""
    hand = k.view.hand
    if exchange:
        limit = _exchange_limit(k)
        if limit > 0:
            return best_exchange(k, pays, style, [m for m in _submasks(k.hand) if m.bit_count() <= limit])
    return value_of(_chances(k, list(hand), style), pays), 0


def _exchange_limit(k: Knowledge) -> int:
    """How many cards the seat could exchange (or draw) if it stands: the engine's cap, and the stock left."""
    return min(k.shape.exchange_cap(k.rules, len(k.view.hand)), k.view.stock_size)


def _submasks(mask: int) -> list[int]:
    out = []
    sub = mask
    while True:
        out.append(sub)
        if sub == 0:
            break
        sub = (sub - 1) & mask
    return out


def _flush_game(k: Knowledge) -> bool:
    return k.shape.flush_check(k.rules, k.t.pam)


def best_exchange(k: Knowledge, pays: Payoff, style: Style, masks: list[int]) -> tuple[HandValue, int]:
    """The discard (bitmask) with the best expected value: kept cards at their own odds, each drawn card at the
    average odds of an unknown card, plus (five-card) the chance of drawing to a flush, which sweeps the pool."""
    hand = k.hand
    # Clamped as trick_distribution clamps them (both are idempotent), so the prefixes below can be shared.
    chance = {c: min(1.0, max(0.0, p)) for c, p in zip(k.view.hand, _chances(k, list(k.view.hand), style), strict=True)}
    draw_p = min(1.0, max(0.0, average_chance(k, style)))
    miss = 1.0 - draw_p
    flushes = _flush_game(k)
    pam = k.t.pam
    pam_bit = (1 << pam) if pam >= 0 else 0
    unknown = k.unknown
    pool = k.view.pool
    vals = pays.values
    top = len(vals) - 1
    # The distribution of tricks of the kept cards (and their chances), in card order, shared between discards by
    # its prefixes: the same floating-point operations in the same order as value_of(trick_distribution(...)), so
    # the same numbers to the last bit, at a fraction of the cost (this runs for every subset of a five-card hand).
    memo: dict[int, tuple[list[float], list[float]]] = {0: ([1.0], [])}
    mix = LINKED > 0.0
    best_ev = 0.0
    best_mask = -1
    best_draws = 0
    best_dist: list[float] = []
    best_pf = 0.0
    for mask in masks:
        kept = hand & ~mask
        n_draw = mask.bit_count()
        dist, ps = _kept(kept, chance, memo)
        for _ in range(n_draw):  # add_card, written out
            last = len(dist) - 1
            dist = [
                dist[0] * miss,
                *[dist[x - 1] * draw_p + dist[x] * miss for x in range(1, last + 1)],
                dist[last] * draw_p,
            ]
        if n_draw:
            ps = ps + [draw_p] * n_draw
        ev = 0.0
        if mix and len(ps) >= 2:
            desc = sorted(ps, reverse=True)
            desc.append(0.0)
            prev = 1.0
            mixed = []
            for x, q in enumerate(dist):
                d = desc[x]
                q = (1.0 - LINKED) * q + LINKED * (prev - d)
                prev = d
                mixed.append(q)
                ev += q * vals[min(top, x)]
            dist = mixed
        else:
            for x, q in enumerate(dist):
                ev += q * vals[min(top, x)]
        pf = 0.0
        rest = kept & ~pam_bit
        # _flush_chance is 0 unless the kept cards other than Pam are of one suit: skip it cheaply otherwise.
        if flushes and rest and not rest & ~SUIT_MASKS[((rest & -rest).bit_length() - 1) // 13]:
            pf = _flush_chance(kept, n_draw, unknown, pam_bit)
            if pf > 0.0:
                ev = pf * pool + (1.0 - pf) * ev
        if best_mask < 0 or ev > best_ev + 1e-9 or (abs(ev - best_ev) <= 1e-9 and n_draw < best_draws):
            best_ev, best_mask, best_draws, best_dist, best_pf = ev, mask, n_draw, dist, pf
    assert best_mask >= 0
    paying = paying_chance(best_dist, pays)
    loo = paying if best_pf <= 0.0 else (1.0 - best_pf) * paying
    return HandValue(best_ev, sum([x * q for x, q in enumerate(best_dist)]), loo, best_pf), best_mask


def _kept(
    kept: int, chance: dict[Card, float], memo: dict[int, tuple[list[float], list[float]]]
) -> tuple[list[float], list[float]]:
    """(distribution of tricks, chances) of the kept cards, in card order: the parent prefix plus the top card."""
    got = memo.get(kept)
    if got is None:
        i = kept.bit_length() - 1
        dist, ps = _kept(kept ^ (1 << i), chance, memo)
        p = chance[CARDS[i]]
        got = memo[kept] = (add_card(dist, p), [*ps, p])
    return got


def _flush_chance(kept: int, n_draw: int, unknown: int, pam_bit: int) -> float:
    rest = kept & ~pam_bit
    suits = [s for s in range(4) if rest & SUIT_MASKS[s]]
    if len(suits) > 1:
        return 0.0
    if not suits:
        return 0.0  # drawing five (or four to Pam) blind: negligible
    need = SUIT_MASKS[suits[0]] | (0 if kept & pam_bit else pam_bit)
    outs = (unknown & need).bit_count()
    total = unknown.bit_count()
    if n_draw == 0:
        return 1.0 if (kept & ~pam_bit).bit_count() + (1 if kept & pam_bit else 0) == 5 else 0.0
    p = 1.0
    for i in range(n_draw):
        p *= max(0, outs - i) / max(1, total - i)
    return p


def _irish_value(
    k: Knowledge, pays: Payoff, style: Style, activity: list[float] | None
) -> tuple[HandValue, str, Knowledge]:
    """Irish Loo before the first lead: the first player in names trumps with his lead. Returns the value, a
    note for the reason, and the knowledge to describe the hand with."""
    view = k.view
    before = k.ring(k.eldest)[: (k.seat - k.eldest) % k.n]
    leads = not any(view.in_play[s] for s in before)
    values = []
    for suit in range(4):
        kk = Knowledge(view, tables_for(view, suit))
        kk.strength = list(k.strength)
        _weigh_seats(kk, style, activity)
        values.append((value_of(_chances(kk, list(view.hand), style), pays), suit, kk))
    if leads:
        hv, suit, kk = max(values, key=lambda v: v[0].ev)
        return hv, f"I lead first and will make {suit_name(suit)} trumps", kk
    n = len(values)
    ev = sum(v[0].ev for v in values) / n
    hv = HandValue(ev, sum(v[0].tricks for v in values) / n, sum(v[0].loo for v in values) / n)
    return hv, "trumps are not known yet", k


@dataclass
class Options:
    """What ``decide_declare`` weighs: each legal declaration's value in chips (margin taken off), best first, and
    the values of the hand and of the blind Miss behind them. bench/miss_review.py reads these too."""

    ranked: list[tuple[float, Action]]  # (value, action), best first; the first of equal values wins
    own: HandValue  # standing on the hand (after its best exchange)
    miss: HandValue | None  # the blind Miss, when it may be taken
    pays: Payoff
    own_mask: int  # the exchange that standing counts on
    note: str  # Irish Loo: how trumps will be named
    describe_k: Knowledge  # the knowledge to describe the hand with


def declare_options(k: Knowledge, style: Style, activity: list[float] | None = None) -> Options:
    """Every legal declaration's value for the seat of ``k`` (see ``decide_declare``)."""
    view = k.view
    r = view.rules
    legal = view.legal
    _weigh_seats(k, style, activity)
    declined_miss(k)
    pays = payoff_for(view, k.seat, defending=False, holds_pam=k.t.pam >= 0 and (k.hand >> k.t.pam) & 1 == 1)
    exchange = k.shape.exchanges(r)
    note = ""
    own_mask = 0
    describe_k = k
    if k.t.trump == NO_TRUMP:
        own, note, describe_k = _irish_value(k, pays, style, activity)
    else:
        own, own_mask = _own_value(k, pays, style, exchange)
    margin = style.margin * max(1, pays.share)
    miss: HandValue | None = None
    if TAKE_MISS in legal:
        p = average_chance(k, style)
        miss = value_of([p] * r.hand_size, pays)

    # (value, action); passing and defending are worth nothing more than the ante already paid
    options: list[tuple[float, Action]] = []
    if PASS in legal:
        options.append((0.0, PASS))
    if DEFEND_MISS in legal:
        options.append((0.01, DEFEND_MISS))  # a shade better than passing: the Miss's tricks stay in the pool
    if STAND in legal:
        options.append((own.ev - margin, STAND))
    if miss is not None:
        options.append((miss.ev - margin, TAKE_MISS))
    options.sort(key=lambda o: o[0], reverse=True)
    return Options(options, own, miss, pays, own_mask, note, describe_k)


def decide_declare(
    k: Knowledge, style: Style, activity: list[float] | None = None
) -> tuple[Decision, HandValue | None]:
    """The declaration, and the value of the hand it stands on (None when it passes or defends the Miss)."""
    view = k.view
    o = declare_options(k, style, activity)
    choice = o.ranked[0][1]
    own, miss = o.own, o.miss
    reason = _declare_reason(choice, describe_hand(o.describe_k, view.hand), own, miss, o.pays, o.own_mask, view)
    value = own if choice is STAND else miss if choice is TAKE_MISS else None
    return Decision(choice, f"{reason}; {o.note}" if o.note else reason), value


def _declare_reason(
    choice: Action, desc: str, own: HandValue, miss: HandValue | None, pays: Payoff, own_mask: int, view: View
) -> str:
    r = view.rules
    legal = view.legal
    lou = r.game == "lou"
    word_in = "In" if lou else "Play"
    loss = "match the pot" if lou else "pay the loo"
    stats = f"{own.tricks:.1f} tricks expected, {own.loo:.0%} chance to {loss} ({pays.loo})"
    if choice is STAND:
        if PASS not in legal and TAKE_MISS not in legal and DEFEND_MISS not in legal:
            return f"{word_in}: it is compulsory; {desc}"
        if PASS not in legal and own.ev < 0:
            return f"{word_in}: I may not pass, and my own hand ({desc}) beats the blind Miss"
        if own.flush >= 1.0:
            return f"{word_in}: my cards make a flush, which sweeps the pool"
        if own.flush >= 0.1:
            return f"{word_in}: {desc}, and a draw to a flush ({own.flush:.0%}), which would sweep the pool"
        if own_mask and r.exchange != "none":
            return f"{word_in}: {desc}, and an exchange to improve it ({stats})"
        if own.tricks >= 0.75:
            verb = "makes" if _singular(desc) else "make"
            return f"{word_in}: {desc} {verb} {likely(own.tricks)} ({stats})"
        cost = "a match" if lou else "a loo"
        return (
            f"{word_in}: {desc}, {own.tricks:.1f} tricks expected; a trick pays {pays.share} and {cost} "
            f"costs only {pays.loo} ({own.loo:.0%} risk)"
        )
    weak = f"a hand with {desc}" if desc.startswith("no ") else desc
    if choice is TAKE_MISS:
        assert miss is not None
        return (
            f"Take the Miss: {weak} is too weak ({own.ev:+.1f} chips); a blind hand is worth {miss.ev:+.1f} on average"
        )
    if choice is DEFEND_MISS:
        return f"Defend the Miss: {weak} is too weak to risk a loo ({own.ev:+.1f} chips), and defending costs nothing"
    lead = desc if desc.startswith("no ") else f"only {desc}"
    return f"{'Out' if lou else 'Pass'}: {lead}; {stats}"


def _singular(desc: str) -> bool:
    return " and " not in desc and not desc.startswith(("two", "three", "four", "five"))


def decide_exchange(k: Knowledge, style: Style, activity: list[float] | None = None) -> Decision:
    view = k.view
    _weigh_seats(k, style, activity)
    pays = payoff_for(view, k.seat, defending=False, holds_pam=k.t.pam >= 0 and (k.hand >> k.t.pam) & 1 == 1)
    masks = {a.mask: a for a in view.legal if isinstance(a, Discard)}
    hv, mask = best_exchange(k, pays, style, list(masks))
    action = masks[mask]
    if not mask:
        if hv.flush >= 1.0:
            return Decision(action, "Keep all my cards: they make a flush, which sweeps the pool")
        return Decision(action, f"Keep all my cards: {describe_hand(k, view.hand)} (no exchange improves them)")
    thrown = " ".join(c.unicode for c in cards_of(mask))
    if hv.flush >= 0.1:
        return Decision(action, f"Discard {thrown} and draw to a flush ({hv.flush:.0%}): a flush sweeps the pool")
    kept = [c for c in view.hand if not (mask >> c) & 1]
    what = describe_hand(k, kept) if kept else "nothing worth keeping"
    return Decision(action, f"Discard {thrown}: keep {what} and draw for better ({hv.tricks:.1f} tricks expected)")
