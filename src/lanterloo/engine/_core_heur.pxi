# The heuristic bots' odds in C (included by _core.pyx): bots/knowledge.py transcribed (the payoff is in
# _core_heur_five.pxi), for the decisions of _core_heur_loo.pxi and _core_heur_louse.pxi. Every double is computed
# by the same operations in the same order as the Python (a product or a sum reordered would move a choice by an
# ulp now and then), so the C policy makes exactly the decisions HeuristicBot makes (tests/test_core_heuristic.py
# compares them at every decision point).
#
# What a seat knows (Know) is built from the core's state, restricted to what that seat's View holds: its hand, the
# public record (cards played, tricks, turn-up, declarations, who is in play, hand sizes) and the stakes.

import sys

from libc.math cimport fabs, isfinite

DEF MAXH = 16  # hand sizes the table of p_avoid holds (Loo 3..5, Louse 10); larger ones are computed
DEF H_LOO = 0
DEF H_LOU = 1  # Lou: beat the best card if able (Lou with lou_follow_suit is H_LOO)
DEF H_LOUSE = 2

# bots/knowledge.py, bots/payoff.py, bots/heuristic.py (tests/test_core_heuristic.py checks they are the same)
cdef double H_RUFF_IF_VOID = 0.35
cdef double H_RUFF_OTHERWISE = 0.2
cdef double H_OVERRUFF = 0.5
cdef double H_SELECTIVITY = 0.6
cdef double H_EXCHANGED = 0.15
cdef double H_LINKED = 0.35
cdef double H_PRIOR_WEIGHT = 10.0
cdef double H_DECLINED_MISS = 0.4  # bots/declare.py
cdef double H_THREAT[3]  # FUTURE_THREAT by mode: loo, lou, louse
H_THREAT[0] = 0.9
H_THREAT[1] = 0.9
H_THREAT[2] = 1.0
# Python 3.12 made sum() of floats compensated (Neumaier); the C sums follow the interpreter they run under.
cdef bint _NEUMAIER = sys.version_info >= (3, 12)


def heur_constants():
    """The constants the C policy was written with, for a test against the Python modules."""
    return {
        "RUFF_IF_VOID": H_RUFF_IF_VOID, "RUFF_OTHERWISE": H_RUFF_OTHERWISE, "OVERRUFF": H_OVERRUFF,
        "SELECTIVITY": H_SELECTIVITY, "EXCHANGED": H_EXCHANGED, "LINKED": H_LINKED, "PRIOR_WEIGHT": H_PRIOR_WEIGHT,
        "DECLINED_MISS": H_DECLINED_MISS,
        "FUTURE_THREAT": {"loo": H_THREAT[0], "lou": H_THREAT[1], "louse": H_THREAT[2]},
    }


cdef struct HStyle:
    double margin, optimism, activity, loo_fear


cdef struct Acc:  # a running sum() of floats
    double f, c


cdef inline void _acc_add(Acc* a, double x) noexcept nogil:
    cdef double t
    if _NEUMAIER:
        t = a.f + x
        if fabs(a.f) >= fabs(x):
            a.c += (a.f - t) + x
        else:
            a.c += (x - t) + a.f
        a.f = t
    else:
        a.f += x


cdef inline double _acc_sum(Acc* a) noexcept nogil:
    if _NEUMAIER and a.c != 0.0 and isfinite(a.c):
        return a.f + a.c
    return a.f


cdef inline double _min1(double x) noexcept nogil:
    """min(1.0, x)"""
    return x if x < 1.0 else 1.0


cdef inline double _max0(double x) noexcept nogil:
    """max(0.0, x)"""
    return x if x > 0.0 else 0.0


# ------------------------------------------------------------------------------------------------ tables


cdef struct Tab:  # lanterloo.tables.Tables
    int trump, pam
    signed char eff[52]
    signed char power[52]
    uint64_t beaten_by[52]
    uint64_t suit_mask[5]
    uint64_t trump_mask


cdef void _tab_build(Tab* t, signed char* eff, signed char* power, uint64_t present, int trump, int pam) noexcept nogil:
    """tables._build"""
    cdef int c, d
    cdef uint64_t m
    for c in range(5):
        t.suit_mask[c] = 0
    for c in range(52):
        t.eff[c] = eff[c]
        t.power[c] = power[c]
        if (present >> c) & 1:
            t.suit_mask[eff[c]] |= (<uint64_t>1) << c
    t.trump_mask = t.suit_mask[trump] if trump != NO_TRUMP else 0
    for c in range(52):
        t.beaten_by[c] = 0
        if not (present >> c) & 1:
            continue
        m = 0
        for d in range(52):
            if (t.suit_mask[eff[c]] >> d) & 1 and power[d] > power[c]:
                m |= (<uint64_t>1) << d
        if eff[c] != trump:
            m |= t.trump_mask
        t.beaten_by[c] = m
    t.trump = trump
    t.pam = pam


cdef Tab _LOO_TABS[5][53]
cdef bint _LOO_MADE[5][53]


cdef Tab* _loo_tab(int trump, int pam) noexcept nogil:
    """tables.loo_tables(trump, pam), made once."""
    cdef Tab* t = &_LOO_TABS[trump + 1][pam + 1]
    cdef signed char eff[52]
    cdef signed char power[52]
    cdef int c
    if not _LOO_MADE[trump + 1][pam + 1]:
        for c in range(52):
            eff[c] = c // 13
            power[c] = c % 13
        if pam >= 0 and trump != NO_TRUMP:
            eff[pam] = trump
            power[pam] = 13
        _tab_build(t, eff, power, (<uint64_t>1 << 52) - 1, trump, pam)
        _LOO_MADE[trump + 1][pam + 1] = 1
    return t


cdef int _highest(Tab* t, uint64_t mask) noexcept nogil:
    """Tables.highest"""
    cdef int best = -1, bp = -1, c
    while mask:
        c = _low(mask)
        mask &= mask - 1
        if t.power[c] > bp:
            best = c
            bp = t.power[c]
    return best


cdef int _by_power(Tab* t, uint64_t mask, int* out) noexcept nogil:
    """Tables.by_power: the cards highest power first (a stable sort of the ascending cards); returns the count."""
    cdef int n = 0, i, c
    while mask:
        c = _low(mask)
        mask &= mask - 1
        i = n
        while i > 0 and t.power[out[i - 1]] < t.power[c]:
            out[i] = out[i - 1]
            i -= 1
        out[i] = c
        n += 1
    return n


def heur_tables(int trump, int pam):
    """The C tables of (trump, pam), as the fields of lanterloo.tables.Tables (a test compares them)."""
    cdef Tab* t = _loo_tab(trump, pam)
    return (t.trump, t.pam, tuple([t.eff[c] for c in range(52)]), tuple([t.suit_mask[i] for i in range(5)]),
            tuple([t.power[c] for c in range(52)]), tuple([t.beaten_by[c] for c in range(52)]), t.trump_mask)


# ------------------------------------------------------------------------------------------------ odds


cdef double _AV[53][MAXH + 1][53]


cdef double _avoid_calc(int u, int k, int h) noexcept nogil:
    """knowledge.p_avoid"""
    cdef double p = 1.0
    cdef int i
    if k <= 0 or h <= 0:
        return 1.0
    if k + h > u:
        return 0.0
    for i in range(h):
        p *= <double>(u - k - i) / <double>(u - i)
    return p


cdef void _avoid_init() noexcept nogil:
    cdef int u, h, k
    for u in range(53):
        for h in range(MAXH + 1):
            for k in range(u + 1):
                _AV[u][h][k] = _avoid_calc(u, k, h)


_avoid_init()


cdef inline double _avoid(int u, int k, int h) noexcept nogil:
    if k <= 0 or h <= 0:
        return 1.0
    if k + h > u:
        return 0.0
    if h > MAXH or u > 52:
        return _avoid_calc(u, k, h)
    return _AV[u][h][k]


cdef struct Know:  # knowledge.Knowledge
    Tab* t
    int n, seat, mode, eldest, n_order, void_always, last_loses, trick_len, civil
    uint64_t hand, played, unknown, thrown
    uint64_t possible[MAXN]
    int hs[MAXN]
    double active[MAXN]
    double ruff_scale[MAXN]
    double strength[MAXN]
    signed char order[MAXN]
    signed char trick_seat[MAXN]
    signed char trick_card[MAXN]


cdef void _infer(Know* k, signed char* seats, signed char* cards, int count, int civil, bint current) noexcept nogil:
    """Knowledge._infer: what the cards played to one trick show each opponent does not hold."""
    cdef Tab* t = k.t
    cdef int lead, led, best, i, s, c, mode = k.mode
    cdef bint beats
    cdef uint64_t excl, pam_bit
    if count == 0 or (t.trump == NO_TRUMP and mode != H_LOUSE):
        return
    lead = cards[0]
    led = t.eff[lead]
    best = lead
    pam_bit = ((<uint64_t>1) << t.pam) if t.pam >= 0 else 0
    for i in range(1, count):
        s = seats[i]
        c = cards[i]
        beats = (t.beaten_by[best] >> c) & 1
        if s != k.seat and c != t.pam:
            excl = 0
            if mode == H_LOUSE:
                if t.eff[c] != led:
                    excl = t.suit_mask[led]
            elif mode == H_LOU:
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
                    excl |= t.trump_mask if k.void_always else (t.trump_mask & t.beaten_by[best])
            k.possible[s] &= ~(excl & ~pam_bit)
        if beats and not (c == t.pam and civil and current and k.hs[s] == 0 and k.last_loses):
            best = c


cdef void _know(Know* k, Core c, int seat, Tab* t, uint64_t thrown) noexcept:
    """Knowledge(view) for the seat's view of a Loo deal, with the tables ``t``; ``thrown``: the seat's own
    discards when its view holds the events that show them (a view without events does not)."""
    cdef int s, i, j, n = c.n
    cdef uint64_t seen
    k.t = t
    k.n = n
    k.seat = seat
    k.mode = H_LOO
    k.void_always = c.p.void_always
    k.last_loses = c.p.f.civil_last_loses
    k.hand = c.hands[seat]
    for s in range(n):
        k.hs[s] = _popcount(c.hands[s])
    k.played = c.played
    seen = k.hand | c.played
    if c.turnup_ >= 0:
        seen |= (<uint64_t>1) << c.turnup_
    k.thrown = thrown
    seen |= thrown
    k.unknown = (((<uint64_t>1) << 52) - 1) & ~seen
    k.eldest = (c.dealer_ + 1) % n
    k.n_order = 0
    for i in range(n):
        s = (k.eldest + i) % n
        if c.in_play[s]:
            k.order[k.n_order] = s
            k.n_order += 1
    for s in range(n):
        k.possible[s] = k.unknown
    k.possible[seat] = 0
    for i in range(c.trick_no):
        _infer(k, &c.tr_seat[i * MAXN], &c.tr_card[i * MAXN], c.hands_in_play, c.x.tr_civil[i], False)
    k.trick_len = c.trick_len if c.phase_ == P_PLAY else 0
    k.civil = c.x.civil
    j = c.trick_no * MAXN
    for i in range(k.trick_len):
        k.trick_seat[i] = c.tr_seat[j + i]
        k.trick_card[i] = c.tr_card[j + i]
    _infer(k, k.trick_seat, k.trick_card, k.trick_len, k.civil, True)
    for s in range(n):
        if s != seat and _popcount(k.possible[s]) < k.hs[s]:
            k.possible[s] = k.unknown
        k.active[s] = 1.0 if (c.in_play[s] and s != seat) else 0.0
        k.ruff_scale[s] = 1.0
        k.strength[s] = 1.0


cdef inline double _none_of(Know* k, int s, uint64_t mask) noexcept nogil:
    cdef uint64_t poss = k.possible[s]
    return _avoid(_popcount(poss), _popcount(mask & poss), k.hs[s])


cdef double _p_beats(Know* k, int s, int card, int led, bint civil) noexcept nogil:
    """Knowledge.p_beats (Loo)"""
    cdef Tab* t = k.t
    cdef int ec = t.eff[card]
    cdef uint64_t hi = t.beaten_by[card] & t.suit_mask[ec], trumps = t.trump_mask, suit
    cdef double ruff
    if k.mode == H_LOU:
        return 1.0 - _none_of(k, s, t.beaten_by[card])
    if civil and t.pam >= 0:
        hi &= ~((<uint64_t>1) << t.pam)
        trumps &= ~((<uint64_t>1) << t.pam)
    if ec == led:
        if led == t.trump or t.trump == NO_TRUMP:
            return 1.0 - _none_of(k, s, hi)
        suit = t.suit_mask[led]
        ruff = k.ruff_scale[s] * (_none_of(k, s, suit) - _none_of(k, s, suit | trumps))
        return _min1(_max0(1.0 - _none_of(k, s, hi) + ruff))
    if ec == t.trump:
        suit = t.suit_mask[led]
        return _max0(_none_of(k, s, suit) - _none_of(k, s, suit | hi))
    return 1.0


cdef inline int _civil_ace(Tab* t) noexcept nogil:
    return t.trump * 13 + ACE if t.pam >= 0 and t.trump != NO_TRUMP else -1


cdef double _p_win_lead(Know* k, int card, signed char* seats, int count, double threat) noexcept nogil:
    """Knowledge.p_win_lead: against the active seats weighted (``seats`` NULL), or against ``seats`` each in."""
    cdef Tab* t = k.t
    cdef int led = t.eff[card], i, s, u, h
    cdef uint64_t hi = t.beaten_by[card] & t.suit_mask[led], trumps = t.trump_mask, suit = t.suit_mask[led], poss
    cdef bint ruffs = not (led == t.trump or t.trump == NO_TRUMP)
    cdef double p = 1.0, a, beat, ruff
    if k.mode == H_LOU:  # any higher card beats it, whatever its suit: no ruff to weigh
        hi = t.beaten_by[card]
        ruffs = False
    elif t.pam >= 0 and card == _civil_ace(t):
        hi &= ~((<uint64_t>1) << t.pam)
        trumps &= ~((<uint64_t>1) << t.pam)
    for i in range(k.n if seats == NULL else count):
        s = i if seats == NULL else seats[i]
        a = (k.active[s] if seats == NULL else 1.0) * threat
        if a > 0.0:
            poss = k.possible[s]
            u = _popcount(poss)
            h = k.hs[s]
            if ruffs:
                ruff = k.ruff_scale[s] * (_avoid(u, _popcount(suit & poss), h)
                                          - _avoid(u, _popcount((suit | trumps) & poss), h))
                beat = _min1(_max0(1.0 - _avoid(u, _popcount(hi & poss), h) + ruff))
            else:
                beat = 1.0 - _avoid(u, _popcount(hi & poss), h)
            p *= 1.0 - a * _min1(k.strength[s] * beat)
    return p


cdef double _p_future(Know* k, int card) noexcept nogil:
    """Knowledge.p_future"""
    cdef double threat = H_THREAT[k.mode], p, chance, keep = 1.0, a
    cdef Tab* t = k.t
    cdef uint64_t rest, higher
    cdef bint void = False
    cdef int s
    p = _p_win_lead(k, card, NULL, 0, threat)
    if k.mode != H_LOO or t.trump == NO_TRUMP or t.eff[card] != t.trump:
        return p
    rest = k.hand & ~((<uint64_t>1) << card)
    for s in range(4):
        if s != t.trump and not (rest & t.suit_mask[s]):
            void = True
            break
    chance = H_RUFF_IF_VOID if void else H_RUFF_OTHERWISE
    higher = t.beaten_by[card] & t.trump_mask
    for s in range(k.n):
        a = k.active[s] * threat
        if a > 0.0:
            keep *= 1.0 - a * H_OVERRUFF * (1.0 - _none_of(k, s, higher))
    return 1.0 - (1.0 - p) * (1.0 - chance * keep)


cdef double _p_two_trumps(Know* k, int s) noexcept nogil:
    """Knowledge.p_two_trumps"""
    cdef uint64_t poss = k.possible[s]
    cdef int u = _popcount(poss), n_t = _popcount(k.t.trump_mask & poss), h = k.hs[s]
    cdef double some = 1.0 - _avoid(u, n_t, h), one
    if some <= 0.0 or u <= 0:
        return 0.0
    one = <double>(n_t * h) / <double>u * _avoid(u - 1, n_t - 1, h - 1) if h >= 1 else 0.0
    return _max0(some - one) / some


cdef int _later_seats(Know* k, signed char* out) noexcept nogil:
    """Knowledge.later_seats: the opponents who play to the current trick after this seat."""
    cdef int i, start = -1, me = -1, who, count = 0
    who = k.trick_seat[0] if k.trick_len else k.seat
    for i in range(k.n_order):
        if k.order[i] == who:
            start = i
        if k.order[i] == k.seat:
            me = i
    if me < 0:
        return 0
    i = (me - start + k.n_order) % k.n_order + 1
    while i < k.n_order:
        out[count] = k.order[(start + i) % k.n_order]
        count += 1
        i += 1
    return count


cdef int _current_best(Know* k) noexcept nogil:
    """Knowledge.current_best's card"""
    cdef Tab* t = k.t
    cdef int best = k.trick_card[0], i, c
    for i in range(1, k.trick_len):
        c = k.trick_card[i]
        if (t.beaten_by[best] >> c) & 1 and not (
            c == t.pam and k.civil and k.hs[k.trick_seat[i]] == 0 and k.last_loses
        ):
            best = c
    return best


cdef double _p_win_now(Know* k, int card) noexcept nogil:
    """Knowledge.p_win_now"""
    cdef signed char later[MAXN]
    cdef int count = _later_seats(k, later), best, led, i
    cdef Tab* t = k.t
    cdef double p = 1.0
    if k.trick_len == 0:
        return _p_win_lead(k, card, later, count, 1.0)
    best = _current_best(k)
    if not (t.beaten_by[best] >> card) & 1:
        return 0.0
    led = t.eff[k.trick_card[0]]
    for i in range(count):
        p *= 1.0 - _min1(k.strength[later[i]] * _p_beats(k, later[i], card, led, k.civil))
    return p


def heur_sum(values):
    """sum(values) of floats as the C policy adds them (a test compares it with the interpreter's own sum)."""
    cdef Acc acc
    acc.f = acc.c = 0.0
    for v in values:
        _acc_add(&acc, v)
    return _acc_sum(&acc)
