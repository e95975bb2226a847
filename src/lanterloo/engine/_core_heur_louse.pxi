# The heuristic bots in Louse, in C (included by _core.pyx): bots/louse.py's LouseJudge and decide_louse
# transcribed without the reason strings, on the odds of _core_heur.pxi, and `loo simulate`'s loop for Louse
# matches (random and heuristic seats), which plays the matches lanterloo.sim plays through Session.

DEF L_JACKS = 4
DEF L_QUEENS = (1 << 10) | (1 << 23) | (1 << 36) | (1 << 49)

cdef double _PLAIN_RISK[6]
cdef double _JACK_RISK[4]
for _i, _x in enumerate((0.9, 0.45, 0.25, 0.14, 0.08, 0.05)):
    _PLAIN_RISK[_i] = _x
for _i, _x in enumerate((0.95, 0.6, 0.4, 0.25)):
    _JACK_RISK[_i] = _x
cdef double H_VOLUNTARY = 0.3
cdef double H_JACK_RUFF = 0.3


def heur_louse_constants():
    """bots/louse.py's constants as the C policy has them (a test compares them)."""
    return {"_PLAIN_RISK": tuple([_PLAIN_RISK[i] for i in range(6)]),
            "_JACK_RISK": tuple([_JACK_RISK[i] for i in range(4)]), "_VOLUNTARY": H_VOLUNTARY,
            "_JACK_RUFF": H_JACK_RUFF}


cdef struct LH:  # what every Louse decision of one Rules reads
    Tab tab
    int values[52]  # each card's penalty points, queen bonus included (view.stakes.card_points)
    int mode  # the queen of diamonds rule, as LouseParams.dq_mode
    int qp  # louse_queen_points
    uint64_t deck[LN + 1]  # the pack by the number of players


cdef int _lh_load(LH* h, LouseParams p) except -1:
    cdef int c, n, i
    t = p.shape.trumps(p.rules, None)[2]
    for c in range(52):
        h.tab.eff[c] = t.eff[c]
        h.tab.power[c] = t.power[c]
        h.tab.beaten_by[c] = t.beaten_by[c]
        h.values[c] = p.points[c] + p.bonus[c]
    for i in range(5):
        h.tab.suit_mask[i] = t.suit_mask[i]
    h.tab.trump_mask = t.trump_mask
    h.tab.trump = t.trump
    h.tab.pam = t.pam
    h.mode = p.dq_mode
    h.qp = p.rules.louse_queen_points
    for n in range(3, LN + 1):
        h.deck[n] = 0
        for i in range(p.pack_len[n]):
            h.deck[n] |= (<uint64_t>1) << p.pack[n][i]
    return 0


cdef void _know_louse(Know* k, LouseCore c, int seat, LH* h) noexcept:
    """Knowledge(view) for the seat's view of a Louse deal."""
    cdef int s, i, n = c.n
    cdef uint64_t played = 0
    k.t = &h.tab
    k.n = n
    k.seat = seat
    k.mode = H_LOUSE
    k.void_always = k.last_loses = k.civil = 0
    k.hand = c.hands[seat]
    for s in range(n):
        k.hs[s] = _popcount(c.hands[s])
    for i in range(c.trick_no * LN):
        if i % LN < n:
            played |= (<uint64_t>1) << c.tr_card[i]
    k.trick_len = c.trick_len
    for i in range(c.trick_len):
        k.trick_seat[i] = c.tr_seat[c.trick_no * LN + i]
        k.trick_card[i] = c.tr_card[c.trick_no * LN + i]
        played |= (<uint64_t>1) << k.trick_card[i]
    k.played = played
    k.unknown = h.deck[n] & ~(k.hand | played)
    k.eldest = (c.dealer_ + 1) % n
    k.n_order = n
    for i in range(n):
        k.order[i] = (k.eldest + i) % n
    for s in range(n):
        k.possible[s] = k.unknown
    k.possible[seat] = 0
    for i in range(c.trick_no):
        _infer(k, &c.tr_seat[i * LN], &c.tr_card[i * LN], n, 0, False)
    _infer(k, k.trick_seat, k.trick_card, k.trick_len, 0, True)
    for s in range(n):
        if s != seat and _popcount(k.possible[s]) < k.hs[s]:
            k.possible[s] = k.unknown
        k.active[s] = 0.0 if s == seat else 1.0
        k.ruff_scale[s] = 1.0
        k.strength[s] = 1.0


cdef struct Judge:  # louse.LouseJudge
    Know* k
    LH* h
    uint64_t taken[LN]
    long long base
    double caution, escape
    double dumps[LN][5]
    bint dumped[LN][5]


cdef inline long long _sum_points(uint64_t mask, int* values) noexcept nogil:
    cdef long long total = 0
    while mask:
        total += values[_low(mask)]
        mask &= mask - 1
    return total


cdef long long _points(Judge* j, uint64_t extra) noexcept nogil:
    """louse.seat_points for our seat with ``extra`` cards added to our pile."""
    cdef Know* k = j.k
    cdef int* values = j.h.values
    cdef uint64_t mine = j.taken[k.seat] | extra, pile
    cdef long long base = _sum_points(mine & ~(<uint64_t>L_QUEENS), values)
    cdef long long own = _sum_points(mine & <uint64_t>L_QUEENS, values), total = 0
    cdef int holder = -1, s, mode = j.h.mode
    for s in range(k.n):
        pile = mine if s == k.seat else j.taken[s]
        if (pile >> L_DQ) & 1:
            holder = s
            break
    if holder < 0:
        return base + own
    if mode == 1:  # cancel_own_queens
        return base if holder == k.seat else base + own
    if mode == 2:  # cancel_own_bonuses
        return base + (j.h.qp * _popcount(mine & <uint64_t>L_QUEENS) if holder == k.seat else own)
    if mode == 3:  # cancel_all_queens
        return base
    if mode == 4:  # collect_all_queens
        if holder != k.seat:
            return base
        for s in range(k.n):
            total += _sum_points((mine if s == k.seat else j.taken[s]) & <uint64_t>L_QUEENS, values)
        return base + total
    return base + own


cdef inline long long _take_cost(Judge* j, uint64_t extra) noexcept nogil:
    return _points(j, extra) - j.base


cdef double _avg_points(Judge* j, uint64_t mask) noexcept nogil:
    if not mask:
        return 0.0
    return <double>_sum_points(mask, j.h.values) / <double>_popcount(mask)


cdef double _p_overtake(Judge* j, int o, int card, int led) noexcept nogil:
    """LouseJudge.p_overtake"""
    cdef Know* k = j.k
    cdef Tab* t = k.t
    cdef uint64_t suit = t.suit_mask[led], jacks = t.suit_mask[L_JACKS], higher, lower
    cdef double has_higher, forced, p
    if t.eff[card] == led:
        higher = suit & t.beaten_by[card]
        lower = suit & ~t.beaten_by[card] & ~((<uint64_t>1) << card)
        has_higher = 1.0 - _none_of(k, o, higher)
        forced = _max0(_none_of(k, o, lower) - _none_of(k, o, suit))
        p = forced + H_VOLUNTARY * _max0(has_higher - forced)
        if led != L_JACKS:
            p += H_JACK_RUFF * _max0(_none_of(k, o, suit) - _none_of(k, o, suit | jacks))
        return _min1(p)
    higher = jacks & t.beaten_by[card]
    return H_JACK_RUFF * _max0(_none_of(k, o, suit) - _none_of(k, o, suit | higher))


cdef double _dump(Judge* j, int o, int led) noexcept nogil:
    """LouseJudge._dump: what a void opponent throws, worked out once per (opponent, suit)"""
    cdef Know* k = j.k
    cdef uint64_t poss = k.possible[o], rest
    cdef int pts[32]
    cdef int n = 0, i, x
    cdef double hold, dump = 0.0, left = 1.0
    if j.dumped[o][led]:
        return j.dumps[o][led]
    hold = _min_(1.0, <double>k.hs[o] / <double>(_popcount(poss) if _popcount(poss) > 1 else 1))
    rest = poss & ~k.t.suit_mask[led]
    while rest:  # sorted(..., reverse=True)
        x = j.h.values[_low(rest)]
        rest &= rest - 1
        i = n
        while i > 0 and pts[i - 1] < x:
            pts[i] = pts[i - 1]
            i -= 1
        pts[i] = x
        n += 1
    for i in range(n):
        dump += left * hold * pts[i]
        left *= 1.0 - hold
    j.dumps[o][led] = dump
    j.dumped[o][led] = True
    return dump


cdef double _contribution(Judge* j, int o, int card, int led) noexcept nogil:
    """LouseJudge.contribution"""
    cdef Know* k = j.k
    cdef Tab* t = k.t
    cdef uint64_t suit = t.suit_mask[led]
    cdef double void = _none_of(k, o, suit)
    cdef double follow = _avg_points(j, k.possible[o] & suit & ~t.beaten_by[card])
    return void * _dump(j, o, led) + (1.0 - void) * follow


cdef double _win_chance(Judge* j, int card, int* hi_out) noexcept nogil:
    """LouseJudge._win_chance"""
    cdef Tab* t = j.k.t
    cdef int eff = t.eff[card], hi, lo
    cdef uint64_t out = t.suit_mask[eff] & j.k.unknown
    hi = _popcount(out & t.beaten_by[card])
    hi_out[0] = hi
    if eff == L_JACKS:
        return _JACK_RISK[hi if hi < 3 else 3]
    if not out:
        hi_out[0] = 0
        return 0.6
    lo = _popcount(out & ~t.beaten_by[card])
    return _PLAIN_RISK[hi if hi < 5 else 5] * (0.5 if (lo == 0 and hi) else 1.0)


cdef double _risk(Judge* j, int card) noexcept nogil:
    """LouseJudge.risk"""
    cdef Know* k = j.k
    cdef Tab* t = k.t
    cdef int eff = t.eff[card], hi, hi2, o, c
    cdef double w = _win_chance(j, card, &hi)
    cdef long long own = _take_cost(j, (<uint64_t>1) << card)
    cdef uint64_t same
    cdef Acc acc
    if eff != L_JACKS:
        same = k.hand & t.suit_mask[eff] & ~((<uint64_t>1) << card)
        while same:
            c = _low(same)
            same &= same - 1
            _win_chance(j, c, &hi2)
            if hi2 <= hi and _take_cost(j, (<uint64_t>1) << c) < own:
                w *= 0.5
        w *= j.escape
    acc.f = acc.c = 0.0
    for o in range(k.n):
        if o != k.seat:
            _acc_add(&acc, _contribution(j, o, card, eff))
    return _min1(w / j.caution) * (<double>own + _acc_sum(&acc))


cdef double _cost_now(Judge* j, int card) noexcept nogil:
    """LouseJudge.cost_now's expected points"""
    cdef Know* k = j.k
    cdef Tab* t = k.t
    cdef signed char later[MAXN]
    cdef int count, led, i
    cdef double p = 1.0, add = 0.0
    cdef uint64_t table = 0
    if k.trick_len:
        if not (t.beaten_by[_current_best(k)] >> card) & 1:
            return 0.0
        led = t.eff[k.trick_card[0]]
    else:
        led = t.eff[card]
    count = _later_seats(k, later)
    for i in range(count):
        p *= 1.0 - _p_overtake(j, later[i], card, led)
        add += _contribution(j, later[i], card, led)
    for i in range(k.trick_len):
        table |= (<uint64_t>1) << k.trick_card[i]
    return p * (<double>_take_cost(j, table | ((<uint64_t>1) << card)) + add)


cdef int _louse_decide(LouseCore c, HStyle* st, LH* h) noexcept:
    """HeuristicBot.decide's card in Louse (louse.decide_louse) for the seat to act."""
    cdef uint64_t m = c._allowed(), hand
    cdef Know k
    cdef Judge j
    cdef int card, s, best = -1, best_pts = 0, best_power = 0, n_cards, out_suit
    cdef double score, best_score = 0.0
    if _popcount(m) == 1:
        return _low(m)
    _know_louse(&k, c, c.to_act, h)
    j.k = &k
    j.h = h
    for s in range(c.n):
        j.taken[s] = c.taken[s]
        for card in range(5):
            j.dumped[s][card] = False
    j.base = _points(&j, 0)
    j.caution = st.optimism  # a cautious bot (optimism < 1) fears later tricks more
    j.escape = 0.9
    for s in range(5):  # LouseJudge._escape: a void (or nearly) suit the others hold lets a costly card out
        n_cards = _popcount(k.hand & k.t.suit_mask[s])
        out_suit = (k.t.suit_mask[s] & k.unknown) != 0
        if n_cards == 0 and out_suit:
            j.escape = 0.55
            break
        if n_cards == 1 and out_suit:
            j.escape = 0.75
    while m:
        card = _low(m)
        m &= m - 1
        score = _cost_now(&j, card) - _risk(&j, card)
        # sorted by (score, -points, power): the first of the least
        if best < 0 or score < best_score or (score == best_score and (
                -h.values[card] < best_pts or (-h.values[card] == best_pts and k.t.power[card] < best_power))):
            best, best_score, best_pts, best_power = card, score, -h.values[card], k.t.power[card]
    return best


cdef LH _LH_LAST  # the tables of the LouseParams last asked about: a search bot asks about one Rules again and again
cdef object _LH_LAST_OF = None


def heur_decide_louse(LouseCore deal, style):
    """The card HeuristicBot(style) plays for the seat to act in a Louse deal, as its Play (the differential test,
    and the search bots' weights of sampled deals)."""
    global _LH_LAST_OF
    cdef HStyle st = _style_of(style)
    if deal.is_over:
        raise ValueError("the deal is over")
    if deal.p is not _LH_LAST_OF:
        _lh_load(&_LH_LAST, deal.p)
        _LH_LAST_OF = deal.p
    return PLAYS[_louse_decide(deal, &st, &_LH_LAST)]


def simulate_louse(rules, int n, long long deals, sessions_rng, bot_rngs, heuristics, long long stack, progress,
                   long long step):
    """Louse matches of at least ``deals`` deals, as lanterloo.sim.simulate plays them (Session: the first dealer
    by lot, a deal seed per deal, a match to the points target, LOUSE-END-1's tie rule) with each seat a random bot
    (its stream in ``bot_rngs``, copied) or a heuristic one (``heuristics[s]``, a HeuristicBot: its style). Returns
    the deals, the penalty points per seat and each match's losers."""
    cdef LouseParams p
    cdef LouseCore c
    cdef LH h
    cdef MT streams, session, deck_rng
    cdef MT bots[LN]
    cdef HStyle styles[LN]
    cdef bint heur[LN]
    cdef long long totals[LN]
    cdef long long points[LN]
    cdef long long sums[LN]
    cdef long long done = 0, mark = step, top, target = rules.louse_target
    cdef int s, i, j, t, dealer, tied, over
    cdef bint highest = rules.louse_tie == "highest_total"
    cdef uint64_t m
    if _covers is None or rules.game != "louse" or not _covers(rules):
        raise ValueError("the batch loop of loo simulate does not cover these rules")
    p = LouseParams(rules)
    if not p.min_players <= n <= p.max_players or len(bot_rngs) != n or len(heuristics) != n:
        raise ValueError(f"{rules.preset} is not played by {n} players")
    _lh_load(&h, p)
    _mt_load(&streams, sessions_rng)
    for s in range(n):
        heur[s] = heuristics[s] is not None
        if heur[s]:
            styles[s] = _style_of(heuristics[s].style)
        else:
            _mt_load(&bots[s], bot_rngs[s])
        sums[s] = 0
    c = LouseCore.__new__(LouseCore)
    c.p, c.n, c.record, c.codes, c.deck_len, c.carried, c.anted = p, n, False, [], p.pack_len[n], 0, 1
    for s in range(n):
        c.before[s] = stack
    matches = []
    while done < deals:
        _mt_seed(&session, _mt_bits63(&streams))
        dealer = _mt_below(&session, n)
        for s in range(n):
            totals[s] = 0
        losers = None
        while losers is None:
            _mt_seed(&deck_rng, _mt_bits63(&session))
            for i in range(c.deck_len):
                c.deck[i] = p.pack[n][i]
            for i in range(c.deck_len - 1, 0, -1):  # Fisher-Yates on rng.random(), as dealing.shuffled
                j = <int>(_mt_random(&deck_rng) * (i + 1))
                c.deck[i], c.deck[j] = c.deck[j], c.deck[i]
            c.dealer_ = dealer
            c.eldest_ = (dealer + 1) % n
            c._start()
            while not c.is_over:
                s = c.to_act
                if heur[s]:
                    c._do(_louse_decide(c, &styles[s], &h))
                    continue
                m = c._allowed()
                t = <int>(_mt_random(&bots[s]) * _popcount(m))
                while t > 0:
                    m &= m - 1
                    t -= 1
                c._do(_low(m))
            _louse_points(c, points)
            for s in range(n):
                totals[s] += points[s]
                sums[s] += points[s]
            done += 1
            dealer = (dealer + 1) % n
            top = over = 0
            for s in range(n):  # Session._check_end: the highest total at or past the target loses
                if totals[s] >= target:
                    if not over or totals[s] > top:
                        top = totals[s]
                    over = 1
            if over:
                tied = 0
                for s in range(n):
                    tied += totals[s] == top
                if tied == 1 or highest:
                    losers = [s for s in range(n) if totals[s] == top]
            if progress is not None and done >= mark:
                mark = done + step
                progress(done, deals)
        matches.append(losers)
    return {"deals": done, "points": [sums[s] for s in range(n)], "matches": matches}
