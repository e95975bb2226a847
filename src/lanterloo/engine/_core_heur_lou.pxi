# The heuristic bots' decisions in Lou, in C (included by _core.pyx after _core_heur_loo.pxi): bots/ante.py and the
# Lou paths of bots/heuristic.py, declare.py (In or Out, the draw) and trickplay.py, without the reason strings, on
# the odds of _core_heur.pxi (mode H_LOU: beat the best card if able; with lou_follow_suit Loo's duty, H_LOO). What a
# seat knows is what its View of a LouCore holds: during the coin declare nobody's commitment shows and nobody is in
# play yet (commit.py reveals them together). tests/test_core_heur_lou.py compares every decision with HeuristicBot.

DEF LOU_POT_SHARE = 0.25  # bots/ante.py POT_SHARE


def heur_lou_constants():
    """The constants of the Lou policy, for a test against the Python modules."""
    return {"POT_SHARE": LOU_POT_SHARE}


cdef inline int _lou_decl_seen(LouState* s, int seat) noexcept nogil:
    """View.declarations[seat]: a commitment stays secret until every seat has committed (LOU-DECL-1)."""
    return D_NONE if s.phase == LP_COMMIT else s.decl[seat]


cdef void _know_lou(Know* k, LouCore c, int seat, uint64_t thrown) noexcept:
    """Knowledge(view) for the seat's view of a Lou deal (``thrown``: its own discards, when its view shows them)."""
    cdef LouState* s = &c.s
    cdef int i, p, n = s.n
    cdef uint64_t seen
    k.t = _loo_tab(s.trump, -1)  # Lou has no Pam
    k.n = n
    k.seat = seat
    k.mode = H_LOO if c.p.follow_suit else H_LOU
    k.void_always = c.p.void_always
    k.last_loses = 0
    k.hand = s.hands[seat]
    for p in range(n):
        k.hs[p] = _popcount(s.hands[p])
    k.played = s.played
    seen = k.hand | s.played | thrown
    if s.turnup >= 0:
        seen |= (<uint64_t>1) << s.turnup
    k.thrown = thrown
    k.unknown = (((<uint64_t>1) << 52) - 1) & ~seen
    k.eldest = s.eldest
    k.n_order = 0
    for i in range(n):
        p = (s.eldest + i) % n
        if _lou_decl_seen(s, p) == D_PLAY:  # View.in_play
            k.order[k.n_order] = p
            k.n_order += 1
    for p in range(n):
        k.possible[p] = k.unknown
    k.possible[seat] = 0
    for i in range(s.trick_no):
        _infer(k, &s.tr_seat[i * MAXN], &s.tr_card[i * MAXN], s.hands_in_play, 0, False)
    k.trick_len = s.trick_len if s.phase == P_PLAY else 0
    k.civil = 0
    for i in range(k.trick_len):
        k.trick_seat[i] = s.tr_seat[s.trick_no * MAXN + i]
        k.trick_card[i] = s.tr_card[s.trick_no * MAXN + i]
    _infer(k, k.trick_seat, k.trick_card, k.trick_len, 0, True)
    for p in range(n):
        if p != seat and _popcount(k.possible[p]) < k.hs[p]:
            k.possible[p] = k.unknown
        k.active[p] = 1.0 if (_lou_decl_seen(s, p) == D_PLAY and p != seat) else 0.0
        k.ruff_scale[p] = 1.0
        k.strength[p] = 1.0


cdef void _pay_lou(Pay* y, LouCore c, double weight) noexcept:
    """payoff.payoff_for in Lou: a pile (a third of the pot) per trick, or the pot for two tricks (formats B, C),
    and the match (capped by lou_match_cap) for none, scaled by ``weight``."""
    cdef long long pot = c.s.pool, cap = c.p.match_cap
    cdef double fee
    cdef int t
    y.share = pot // 3
    y.loo = pot if not cap or pot <= cap else cap
    y.top = 3
    fee = <double>y.loo * weight
    for t in range(4):
        if c.p.payout == 0:
            y.vals[t] = <double>(t * y.share) if t else 0.0 - fee
        elif t >= 2:
            y.vals[t] = <double>pot
        elif c.p.payout == 1 or t == 0:
            y.vals[t] = -fee
        else:
            y.vals[t] = 0.0


cdef void _lou_watch(LouCore c, Mem* mem, int seat) noexcept:
    """HeuristicBot._watch in Lou's sequential declare (Out is always allowed, so only the dealer sees nothing)."""
    cdef int p
    if seat == c.s.dealer:
        return
    for p in range(c.s.n):
        if p != seat and _lou_decl_seen(&c.s, p) != D_NONE:
            mem.seen[p] += 1
            mem.stood[p] += _lou_decl_seen(&c.s, p) != D_PASS


cdef void _lou_activity(LouCore c, Mem* mem, double* out) noexcept:
    """HeuristicBot._activity, with declare.prior_activity on Lou's stakes (a pile against the match)."""
    cdef Pay y
    cdef double ratio, prior
    cdef int p
    _pay_lou(&y, c, 1.0)
    ratio = <double>y.share / <double>(y.loo if y.loo > 1 else 1)
    prior = _min_(0.9, _max_(0.2, 0.2 + 0.45 * ratio))
    for p in range(c.s.n):
        out[p] = (<double>mem.stood[p] + H_PRIOR_WEIGHT * prior) / (<double>mem.seen[p] + H_PRIOR_WEIGHT)


cdef void _lou_weigh(Know* k, LouCore c, HStyle* st, double* activity, bint seats) noexcept:
    """Knowledge.weigh_strength (Lou declares; the draw improves an In hand), then with ``seats`` declare._weigh_seats
    (Lou has no dealer's privilege to weigh)."""
    cdef int p, d
    cdef double ex = H_EXCHANGED if c.p.draw > 0 else 0.0
    for p in range(k.n):
        if p != k.seat:
            k.strength[p] = 1.0 + H_SELECTIVITY * (1.0 - activity[p]) + ex
    if not seats:
        return
    for p in range(k.n):
        if p == k.seat:
            k.active[p] = 0.0
            continue
        d = _lou_decl_seen(&c.s, p)
        if d == D_PASS:
            k.active[p] = 0.0
        elif d != D_NONE:
            k.active[p] = 1.0
        else:
            k.active[p] = _min_(1.0, _max_(0.05, activity[p] + st.activity))
        if k.hs[p] == 0 and d != D_PASS:
            k.hs[p] = LOU_TRICKS


cdef int _lou_in(LouCore c, Know* k, HStyle* st, double* activity) noexcept:
    """declare.decide_declare in Lou: In (D_PLAY) when the hand, after the best draw if one follows, is worth more
    than the style's margin; otherwise Out (D_PASS), which the Python lists first."""
    cdef Pay y
    cdef int cards[MAXT + 2]
    cdef uint64_t masks[64]
    cdef uint64_t sub = k.hand
    cdef int nh = _hand_cards(k.hand, cards), count = 0, limit = c.s.stock_len - c.s.stock_pos
    cdef double own
    _pay_lou(&y, c, 1.0)
    if c.p.draw < limit:
        limit = c.p.draw
    if c.p.draw > 0 and limit > 0:  # declare._own_value: the best draw's value (_submasks: the hand first)
        while True:
            if _popcount(sub) <= limit:
                masks[count] = sub
                count += 1
            if sub == 0:
                break
            sub = (sub - 1) & k.hand
        _best_exchange_k(k, &y, st, masks, count, &own, False, 0)
    else:
        own = _value(k, &y, st, cards, nh)
    return D_PLAY if own - st.margin * <double>(y.share if y.share > 1 else 1) > 0.0 else D_PASS


cdef uint64_t _lou_draw_choice(LouCore c, Know* k, HStyle* st) noexcept:
    """declare.decide_exchange in Lou: the best discard among the legal ones, in their listed order."""
    cdef uint64_t masks[64]
    cdef uint64_t hand = k.hand, sub = 0
    cdef int count = 0, most = c._xlimit()
    cdef double ev
    cdef Pay y
    _pay_lou(&y, c, 1.0)
    while True:
        if _popcount(sub) <= most:
            masks[count] = sub
            count += 1
        if sub == hand:
            break
        sub = (sub - hand) & hand
    return _best_exchange_k(k, &y, st, masks, count, &ev, False, 0)


cdef long long _lou_ante_choice(LouCore c, HStyle* st) noexcept:
    """ante.decide_ante: the largest legal ante whose pot stays within the style's share of the dealer's stack;
    the smallest if none does."""
    cdef LouState* s = &c.s
    cdef long long top = c._ante_top(), a = c.p.ante_min, best = -1, payers = 0
    cdef double limit = LOU_POT_SHARE / st.loo_fear * <double>s.stacks[s.dealer]
    cdef int p
    for p in range(s.n):
        payers += _lou_share(c.p, p, s.dealer)
    while a <= top:
        if <double>(s.pool + payers * a) <= limit:
            best = a
        a += 3
    return best if best >= 0 else c.p.ante_min


cdef int _lou_trick(Know* k, HStyle* st, Pay* y, int won, uint64_t allowed) noexcept:
    """trickplay.decide_trick's card in Lou (two or more candidates): _trick without Irish trumps or Pam."""
    cdef double fut[52]
    cdef double later[52]
    cdef double probs[MAXT + 2]
    cdef double saved[MAXN]
    cdef int hand[MAXT + 2]
    cdef int nh = _hand_cards(k.hand, hand), i, j, card, key, best_card = -1, best_key = 0
    cdef double now, ev, best_ev = 0.0, best_later = 0.0
    cdef Tab* t = k.t
    cdef uint64_t m = allowed
    _futures(k, st, hand, nh, fut)
    while m:
        card = _low(m)
        m &= m - 1
        now = _min1(_p_win_now(k, card) * (st.optimism if not k.trick_len else 1.0))
        for i in range(nh):
            later[hand[i]] = fut[hand[i]]
        if (not k.trick_len and k.mode == H_LOO and t.eff[card] == t.trump and t.trump_mask & k.unknown):
            # trickplay.after_trump_lead (Lou with lou_follow_suit): fewer opponents can ruff our side cards
            for i in range(k.n):
                saved[i] = k.ruff_scale[i]
            for i in range(k.n):
                if k.active[i] > 0.0:
                    k.ruff_scale[i] = 0.5 + 0.5 * _p_two_trumps(k, i)
            for i in range(nh):
                if hand[i] != card and t.eff[hand[i]] != t.trump:
                    later[hand[i]] = _min1(st.optimism * _p_future(k, hand[i]))
            for i in range(k.n):
                k.ruff_scale[i] = saved[i]
        probs[0] = now
        j = 1
        for i in range(nh):
            if hand[i] != card:
                probs[j] = later[hand[i]]
                j += 1
        ev = _expected(y, probs, j, won) + _lead_bonus(k, card, nh, y)
        key = (100 if t.eff[card] == t.trump else 0) + t.power[card]
        if best_card < 0 or -ev < -best_ev or (-ev == -best_ev and (
                fut[card] < best_later or (fut[card] == best_later and key < best_key))):
            best_card, best_ev, best_later, best_key = card, ev, fut[card], key
    return best_card


cdef int _lou_decide(LouCore c, int seat, HStyle* st, Mem* mem, uint64_t* arg, uint64_t thrown) noexcept:
    """HeuristicBot.decide's action for ``seat`` in a Lou deal, as a code for LouCore._do (``arg``: the ante's
    amount, or the discard's mask)."""
    cdef LouState* s = &c.s
    cdef Know k
    cdef Pay y
    cdef double activity[MAXN]
    cdef uint64_t m = 0
    arg[0] = 0
    if s.phase == LP_ANTE:
        arg[0] = <uint64_t>_lou_ante_choice(c, st)
        return C_ANTE
    if s.phase == P_PLAY:
        m = c._allowed()
        if _popcount(m) == 1:  # a forced card needs no odds
            return _low(m)
    _know_lou(&k, c, seat, thrown)
    if s.phase == P_DECLARE:
        _lou_watch(c, mem, seat)
    _lou_activity(c, mem, activity)
    _lou_weigh(&k, c, st, activity, s.phase != P_PLAY)
    if s.phase == P_PLAY:
        _pay_lou(&y, c, st.loo_fear)
        return _lou_trick(&k, st, &y, s.tricks_won[seat], m)
    if s.phase == P_EXCHANGE:
        arg[0] = _lou_draw_choice(c, &k, st)
        return C_DISCARD
    return 52 + _lou_in(c, &k, st, activity)


def heur_decide_lou(LouCore deal, style, seen, stood, seat=None, bint with_events=True):
    """heur_decide for a Lou deal: the action HeuristicBot(style) with memory ``seen``/``stood`` chooses for ``seat``
    (default: the seat to act; during the coin declare any seat yet to commit) from its view, and the memory after
    the choice: (action, seen, stood)."""
    cdef HStyle st = _style_of(style)
    cdef Mem mem
    cdef uint64_t arg, thrown = 0
    cdef int p, code, who = deal.s.to_act if seat is None else seat
    if deal.is_over:
        raise ValueError("the deal is over")
    for p in range(deal.s.n):
        mem.seen[p] = seen.get(p, 0)
        mem.stood[p] = stood.get(p, 0)
    if with_events:  # the seat's own discards, which its events show it
        for k in deal.codes:
            if k & 63 == C_DISCARD and (k >> 6) & 31 == who:
                thrown |= <uint64_t>(k >> 11)
    code = _lou_decide(deal, who, &st, &mem, &arg, thrown)
    _, action = _lou_action_of((arg << 11) | <uint64_t>(who * 64 + code))
    return action, [mem.seen[p] for p in range(deal.s.n)], [mem.stood[p] for p in range(deal.s.n)]


# ------------------------------------------------------------------------------------------------ play-outs


cdef long long _lou_play_to_end(LouCore c, HStyle* st, int seat) except? -1:
    """_core_rollout's _play_to_end for Lou: the heuristic in every seat, each with an empty memory of its own, the
    first seat of seats_to_act() acting (during the coin declare, one commitment at a time, as SearchBot._play_out
    applies them: none shows before all are in). Returns ``seat``'s stack after the settlement."""
    cdef Mem mems[MAXN]
    cdef int s, q, code
    cdef uint64_t arg
    for s in range(c.s.n):
        for q in range(c.s.n):
            mems[s].seen[q] = 0
            mems[s].stood[q] = 0
    while not c.is_over:
        s = c.s.to_act  # the first seat yet to commit, during the coin declare
        code = _lou_decide(c, s, st, &mems[s], &arg, 0)  # a play-out view has no events
        c._do(s, code, arg)
    return c.s.stacks[seat]


cdef list _lou_rollout(LouCore world, int seat, actions, style):
    """rollout (_core_rollout.pxi) for a Lou world: the seat's gain after each action, played out in C."""
    cdef HStyle st = _style_of(style)
    cdef LouCore c
    cdef int code, who
    cdef long long before
    if world.is_over or seat not in world.seats_to_act():
        raise ValueError(f"seat {seat} is not a seat to act in this deal")
    before = world.s.stacks[seat]
    out = []
    for action in actions:
        code = world._fast_ok(action, seat, &who)
        if code < 0:
            raise ValueError(f"{action!r} is not legal for seat {seat} now")
        c = world.copy()
        # Not recording, a reshuffle of the stock (LOU-DRAW-1) draws from the core's splitmix stream as copied, the
        # same for every action. (A sampled world has no seed, so the Python play-out's reshuffle draws from fresh
        # entropy: the two agree on every play-out without a reshuffle.)
        c.record = False
        c._do(who, code, _lou_arg(code, action))
        out.append(<double>(_lou_play_to_end(c, &st, seat) - before))
    return out
