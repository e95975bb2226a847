# The heuristic bots' payoff and exchange in C (included by _core.pyx): bots/payoff.py (the payoff table, the
# distribution of tricks), and declare.best_exchange, _flush_chance, _own_value and decide_exchange transcribed
# without the reason strings, for five-card Pam-Loo (and any Loo game with an exchange). best_exchange shares the
# distribution of the kept cards between discards by its prefixes in Python; here each discard's distribution is
# built anew by the same operations in the same order, so the doubles are the same.


# ------------------------------------------------------------------------------------------------ payoff


cdef struct Pay:  # payoff.Payoff
    double vals[MAXT + 2]
    int top
    long long share, loo


cdef void _pay_loo(Pay* y, Core c, int seat, double weight, bint holds_pam, bint defending) noexcept:
    """payoff.payoff_for in the Loo game"""
    cdef Params p = c.p
    cdef int k = p.hand_size, t
    cdef long long pool = c.pool_
    y.share = pool // k
    y.loo = pool if p.loo_penalty == 0 else (p.loo_amount if p.loo_penalty == 1 else min(pool, p.loo_amount))
    y.top = k
    if defending:
        for t in range(k + 1):
            y.vals[t] = 0.5 * t * <double>y.share
        y.loo = 0
        return
    if p.f.holder_not_looed and holds_pam:
        y.loo = 0
    y.vals[0] = 0.0 - <double>y.loo * weight
    for t in range(1, k + 1):
        y.vals[t] = <double>(t * y.share)


cdef int _distribution(double* probs, int count, double* dist) noexcept nogil:
    """payoff.trick_distribution: P(exactly x of the cards take a trick), x = 0..count; returns count + 1."""
    cdef double ps[MAXT + 2]
    cdef double desc[MAXT + 3]
    cdef double miss, p, prev, d, last
    cdef int i, x, j
    dist[0] = 1.0
    for i in range(count):
        p = _min1(_max0(probs[i]))
        ps[i] = p
        miss = 1.0 - p
        last = dist[i]
        dist[i + 1] = last * p
        for x in range(i, 0, -1):
            dist[x] = dist[x - 1] * p + dist[x] * miss
        dist[0] = dist[0] * miss
    if H_LINKED <= 0.0 or count < 2:
        return count + 1
    for i in range(count):  # sorted(ps, reverse=True)
        j = i
        while j > 0 and desc[j - 1] < ps[i]:
            desc[j] = desc[j - 1]
            j -= 1
        desc[j] = ps[i]
    desc[count] = 0.0
    prev = 1.0
    for x in range(count + 1):
        d = desc[x]
        dist[x] = (1.0 - H_LINKED) * dist[x] + H_LINKED * (prev - d)
        prev = d
    return count + 1


cdef double _expected(Pay* y, double* probs, int count, int won) noexcept nogil:
    """Payoff.expected (and with won = 0, declare.value_of's ev)"""
    cdef double dist[MAXT + 3]
    cdef int n = _distribution(probs, count, dist), x
    cdef Acc acc
    acc.f = acc.c = 0.0
    for x in range(n):
        _acc_add(&acc, dist[x] * y.vals[won + x if won + x < y.top else y.top])
    return _acc_sum(&acc)


# ---------------------------------------------------------------------------------------------- the exchange


cdef double _flush_chance(uint64_t kept, int n_draw, uint64_t unknown, uint64_t pam_bit) noexcept nogil:
    """declare._flush_chance: the chance the kept cards and the draw make a flush."""
    cdef uint64_t rest = kept & ~pam_bit, need
    cdef int suits = 0, suit = -1, s, outs, total, i
    cdef double p = 1.0
    for s in range(4):
        if rest & ((<uint64_t>SUIT) << (13 * s)):
            suits += 1
            suit = s
    if suits != 1:
        return 0.0  # two suits, or drawing five (four to Pam) blind: negligible
    need = ((<uint64_t>SUIT) << (13 * suit)) | (0 if kept & pam_bit else pam_bit)
    outs = _popcount(unknown & need)
    total = _popcount(unknown)
    if n_draw == 0:
        return 1.0 if _popcount(kept & ~pam_bit) + (1 if kept & pam_bit else 0) == 5 else 0.0
    for i in range(n_draw):
        p *= <double>(outs - i if outs - i > 0 else 0) / <double>(total - i if total - i > 1 else 1)
    return p


cdef uint64_t _best_exchange(Core c, Know* k, Pay* y, HStyle* st, uint64_t* masks, int count,
                             double* ev_out) noexcept:
    """declare.best_exchange: the discard with the best expected chips (kept cards at their own chances, drawn
    ones at a blind card's, a flush sweeping the pool); its ev in ``ev_out``."""
    # shape.flush_check: with a Pam in play, or in five-card Loo
    return _best_exchange_k(k, y, st, masks, count, ev_out, k.t.pam >= 0 or c.p.hand_size == 5, c.pool_)


cdef uint64_t _best_exchange_k(Know* k, Pay* y, HStyle* st, uint64_t* masks, int count, double* ev_out,
                               bint flushes, long long pool) noexcept:
    """_best_exchange for any game: ``flushes``, whether a flush can sweep the ``pool`` (Lou's draw: never)."""
    cdef double chance[52]
    cdef double dist[MAXT + 3]
    cdef double ps[MAXT + 3]
    cdef double desc[MAXT + 3]
    cdef double draw_p, miss, ev, q, prev, d, pf, best_ev = 0.0, last
    cdef uint64_t hand = k.hand, kept, mask, rest, pam_bit, best_mask = 0
    cdef int i, x, n, j, n_draw, top = y.top, best_draws = 0, card, found = 0
    cdef Tab* t = k.t
    mask = hand
    while mask:  # clamped as trick_distribution clamps them
        card = _low(mask)
        mask &= mask - 1
        chance[card] = _min1(_max0(_min1(st.optimism * _p_future(k, card))))
    draw_p = _min1(_max0(_average_chance(k, st)))
    miss = 1.0 - draw_p
    pam_bit = ((<uint64_t>1) << t.pam) if t.pam >= 0 else 0
    for i in range(count):
        mask = masks[i]
        kept = hand & ~mask
        n_draw = _popcount(mask)
        dist[0] = 1.0
        n = 0
        rest = kept
        while rest:  # payoff.add_card for each kept card, in card order
            card = _low(rest)
            rest &= rest - 1
            ps[n] = chance[card]
            dist[n + 1] = dist[n] * chance[card]
            for x in range(n, 0, -1):
                dist[x] = dist[x - 1] * chance[card] + dist[x] * (1.0 - chance[card])
            dist[0] = dist[0] * (1.0 - chance[card])
            n += 1
        for j in range(n_draw):
            last = dist[n]
            dist[n + 1] = last * draw_p
            for x in range(n, 0, -1):
                dist[x] = dist[x - 1] * draw_p + dist[x] * miss
            dist[0] = dist[0] * miss
            ps[n] = draw_p
            n += 1
        ev = 0.0
        if H_LINKED > 0.0 and n >= 2:
            for j in range(n):  # sorted(ps, reverse=True)
                x = j
                while x > 0 and desc[x - 1] < ps[j]:
                    desc[x] = desc[x - 1]
                    x -= 1
                desc[x] = ps[j]
            desc[n] = 0.0
            prev = 1.0
            for x in range(n + 1):
                d = desc[x]
                q = (1.0 - H_LINKED) * dist[x] + H_LINKED * (prev - d)
                prev = d
                ev += q * y.vals[x if x < top else top]
        else:
            for x in range(n + 1):
                ev += dist[x] * y.vals[x if x < top else top]
        pf = 0.0
        rest = kept & ~pam_bit
        if flushes and rest and not rest & ~((<uint64_t>SUIT) << (13 * (_low(rest) // 13))):
            pf = _flush_chance(kept, n_draw, k.unknown, pam_bit)
            if pf > 0.0:
                ev = pf * <double>pool + (1.0 - pf) * ev
        if not found or ev > best_ev + 1e-9 or (fabs(ev - best_ev) <= 1e-9 and n_draw < best_draws):
            found = 1
            best_ev, best_mask, best_draws = ev, mask, n_draw
    ev_out[0] = best_ev
    return best_mask


cdef double _own_with_exchange(Core c, Know* k, Pay* y, HStyle* st, int nh, bint* done) noexcept:
    """declare._own_value when an exchange follows standing: the best exchange's value (``done``: there was one)."""
    cdef uint64_t masks[64]
    cdef uint64_t sub = k.hand
    cdef int count = 0, limit = c.x.stock_len - c.x.stock_pos
    cdef double ev
    if nh < limit:
        limit = nh
    done[0] = limit > 0
    if limit <= 0:
        return 0.0
    while True:  # _submasks: the hand first, down to nothing
        if _popcount(sub) <= limit:
            masks[count] = sub
            count += 1
        if sub == 0:
            break
        sub = (sub - 1) & k.hand
    _best_exchange(c, k, y, st, masks, count, &ev)
    return ev


cdef uint64_t _exchange_choice(Core c, Know* k, HStyle* st, double* activity) noexcept:
    """declare.decide_exchange's discard, among the legal ones in their listed order (exchange.legal)."""
    cdef uint64_t masks[64]
    cdef uint64_t hand = k.hand, sub = 0
    cdef int count = 0, most = _xlimit(c)
    cdef double ev
    cdef Pay y
    _weigh_seats(k, c, st, activity)
    _pay_loo(&y, c, k.seat, 1.0, k.t.pam >= 0 and (k.hand >> k.t.pam) & 1, False)
    while True:
        if _popcount(sub) <= most:
            masks[count] = sub
            count += 1
        if sub == hand:
            break
        sub = (sub - hand) & hand
    return _best_exchange(c, k, &y, st, masks, count, &ev)
