# The heuristic bots' decisions in the Loo game, in C (included by _core.pyx): bots/heuristic.py, bots/declare.py
# and bots/trickplay.py transcribed without the reason strings, on the odds of _core_heur.pxi. ``_heur_decide``
# makes HeuristicBot(style).decide(deal.view(seat)).action's choice for the seat to act, as an action code; ``Mem``
# is the bot's memory across deals (how often each seat stood when it watched it declare).


cdef struct Mem:  # HeuristicBot._seen, HeuristicBot._stood
    long long seen[MAXN]
    long long stood[MAXN]


cdef void _watch(Core c, Mem* mem, int seat, uint64_t legal) noexcept:
    """HeuristicBot._watch"""
    cdef int s
    if seat == c.dealer_ or not (legal >> D_PASS) & 1:
        return
    for s in range(c.n):
        if s != seat and c.decl[s] != D_NONE:
            mem.seen[s] += 1
            mem.stood[s] += c.decl[s] != D_PASS


cdef void _activity(Core c, Mem* mem, double* out) noexcept:
    """HeuristicBot._activity, with declare.prior_activity"""
    cdef Pay y
    cdef double ratio, prior
    cdef int s
    _pay_loo(&y, c, 0, 1.0, False, False)  # only its share and loo, which no option here changes
    ratio = <double>y.share / <double>(y.loo if y.loo > 1 else 1)
    prior = _min_(0.9, _max_(0.2, 0.2 + 0.45 * ratio))
    for s in range(c.n):
        out[s] = (<double>mem.stood[s] + H_PRIOR_WEIGHT * prior) / (<double>mem.seen[s] + H_PRIOR_WEIGHT)


cdef inline double _min_(double a, double b) noexcept nogil:
    """Python's min(a, b): b only when it is smaller."""
    return b if b < a else a


cdef inline double _max_(double a, double b) noexcept nogil:
    """Python's max(a, b): b only when it is larger."""
    return b if b > a else a


cdef void _weigh_strength(Know* k, Core c, double* activity) noexcept:
    """Knowledge.weigh_strength (the Loo game declares)"""
    cdef int s
    cdef double ex = H_EXCHANGED if c.p.f.exchange else 0.0
    for s in range(k.n):
        if s == k.seat or c.decl[s] == D_MISS:
            continue
        k.strength[s] = 1.0 + H_SELECTIVITY * (1.0 - activity[s]) + ex


cdef void _declined_miss(Know* k, Core c) noexcept:
    """declare.declined_miss: the seats that stood while the Miss was still there hold stronger hands"""
    cdef int s, last
    cdef double strength
    if not c.p.miss or c.miss_withdrawn:
        return
    last = k.n if c.miss_taker < 0 else (c.miss_taker - k.eldest + k.n) % k.n
    strength = 1.0 + H_SELECTIVITY * (1.0 - H_DECLINED_MISS) + (H_EXCHANGED if c.p.f.exchange else 0.0)
    for s in range(k.n):
        if s != k.seat and c.decl[s] == D_PLAY and (s - k.eldest + k.n) % k.n < last:
            k.strength[s] = _max_(k.strength[s], strength)


cdef void _weigh_seats(Know* k, Core c, HStyle* st, double* activity) noexcept:
    """declare._weigh_seats with the bot's activity"""
    cdef int s, d, dealer = c.dealer_
    for s in range(k.n):
        if s == k.seat:
            k.active[s] = 0.0
            continue
        d = c.decl[s]
        if d == D_PASS:
            k.active[s] = 0.0
        elif d != D_NONE:
            k.active[s] = 1.0
        else:
            k.active[s] = _min_(1.0, _max_(0.05, activity[s] + st.activity))
        if k.hs[s] == 0 and d != D_PASS:
            k.hs[s] = c.p.hand_size
    if c.phase_ != P_DECLARE or k.seat == dealer:
        return
    if c.decl[dealer] == D_NONE and c.p.dealer_must_play:
        k.active[dealer] = _max_(k.active[dealer], 0.8)


cdef int _hand_cards(uint64_t hand, int* out) noexcept nogil:
    cdef int n = 0
    while hand:
        out[n] = _low(hand)
        hand &= hand - 1
        n += 1
    return n


cdef double _value(Know* k, Pay* y, HStyle* st, int* cards, int count) noexcept nogil:
    """declare.value_of(_chances(k, cards, style), pays).ev"""
    cdef double probs[MAXT + 2]
    cdef int i
    for i in range(count):
        probs[i] = _min1(st.optimism * _p_future(k, cards[i]))
    return _expected(y, probs, count, 0)


cdef double _average_chance(Know* k, HStyle* st) noexcept nogil:
    """declare.average_chance: the chance a blind card takes a trick (suit by suit, as the Python does)."""
    cdef Tab* t = k.t
    cdef uint64_t unknown = k.unknown
    cdef int u = _popcount(unknown), s, i, n_opp = 0, n_trumps, ace, suit, in_suit, hi, above
    cdef double a_w[MAXN]
    cdef int h_w[MAXN]
    cdef int cards[14]
    cdef double ruffs[MAXN]
    cdef double side[15][14]  # a side suit's chances by its length, worked out once
    cdef bint side_made[15]
    cdef double terms[14]
    cdef double total = 0.0, p, keep, beat, a
    cdef bint is_trump, lou = k.mode == H_LOU
    if not u:
        return 0.0
    for s in range(k.n):
        if k.active[s] > 0.0 and k.hs[s] > 0:
            a_w[n_opp] = k.active[s] * k.strength[s]
            h_w[n_opp] = k.hs[s]
            n_opp += 1
    n_trumps = _popcount(t.trump_mask & unknown)
    ace = _civil_ace(t)
    for i in range(n_opp):
        a_w[i] = a_w[i] * H_THREAT[k.mode]
    for i in range(15):
        side_made[i] = False
    for suit in range(4):
        in_suit = _by_power(t, t.suit_mask[suit] & unknown, cards)
        if not in_suit:
            continue
        is_trump = suit == t.trump
        if not is_trump and side_made[in_suit]:
            for hi in range(in_suit):
                total += side[in_suit][hi]
            continue
        for i in range(n_opp):
            ruffs[i] = 0.0 if is_trump else _avoid(u, in_suit, h_w[i]) - _avoid(u, in_suit + n_trumps, h_w[i])
        for hi in range(in_suit):
            above = hi - 1 if (cards[hi] == ace and hi > 0) else hi
            p = 1.0
            keep = 1.0
            for i in range(n_opp):
                a = a_w[i]
                if lou:
                    beat = 1.0 - _avoid(u, above + (0 if is_trump else n_trumps), h_w[i])
                else:
                    beat = _min1(1.0 - _avoid(u, above, h_w[i]) + ruffs[i])
                    if is_trump:
                        keep *= 1.0 - a * H_OVERRUFF * (1.0 - _avoid(u, hi, h_w[i]))
                p *= 1.0 - _min1(a * beat)
            if is_trump and not lou:
                p = 1.0 - (1.0 - p) * (1.0 - H_RUFF_IF_VOID * keep)
            terms[hi] = _min1(st.optimism * p)
        if not is_trump:
            side_made[in_suit] = True
            for hi in range(in_suit):
                side[in_suit][hi] = terms[hi]
        for hi in range(in_suit):
            total += terms[hi]
    return total / u


cdef int _declare(Core c, Know* k, HStyle* st, double* activity, uint64_t legal) noexcept:
    """declare.decide_declare's choice (without an exchange to follow): 0 pass, 1 play, 2 the Miss, 3 defend."""
    cdef Pay y
    cdef Know kk
    cdef int cards[MAXT + 2]
    cdef int nh = _hand_cards(k.hand, cards), i, suit, s, choice
    cdef double own, margin, best, v, p
    cdef double probs[MAXT + 2]
    cdef Acc acc
    cdef bint leads
    _weigh_seats(k, c, st, activity)
    _declined_miss(k, c)
    _pay_loo(&y, c, k.seat, 1.0, k.t.pam >= 0 and (k.hand >> k.t.pam) & 1, False)
    if k.t.trump == NO_TRUMP:  # declare._irish_value: the first player in names trumps with his lead
        leads = True
        for i in range((k.seat - k.eldest + k.n) % k.n):
            if c.in_play[(k.eldest + i) % k.n]:
                leads = False
        acc.f = acc.c = 0.0
        for suit in range(4):
            _know(&kk, c, k.seat, _loo_tab(suit, -1), k.thrown)
            for s in range(k.n):
                kk.strength[s] = k.strength[s]
            _weigh_seats(&kk, c, st, activity)
            v = _value(&kk, &y, st, cards, nh)
            if suit == 0 or (leads and v > own):
                own = v
            _acc_add(&acc, v)
        if not leads:
            own = _acc_sum(&acc) / 4
    else:
        own = _own_with_exchange(c, k, &y, st, nh, &leads) if c.p.f.exchange else 0.0
        if not c.p.f.exchange or not leads:
            own = _value(k, &y, st, cards, nh)
    margin = st.margin * <double>(y.share if y.share > 1 else 1)
    # the options in the order the Python lists them; the first of the best wins (a stable sort)
    choice = -1
    if (legal >> D_PASS) & 1:
        choice, best = D_PASS, 0.0
    if (legal >> D_DEFEND) & 1 and (choice < 0 or 0.01 > best):
        choice, best = D_DEFEND, 0.01
    if (legal >> D_PLAY) & 1 and (choice < 0 or own - margin > best):
        choice, best = D_PLAY, own - margin
    if (legal >> D_MISS) & 1:
        p = _average_chance(k, st)
        for i in range(c.p.hand_size):
            probs[i] = p
        v = _expected(&y, probs, c.p.hand_size, 0) - margin
        if choice < 0 or v > best:
            choice = D_MISS
    return choice


cdef void _futures(Know* k, HStyle* st, int* hand, int nh, double* out) noexcept nogil:
    """trickplay.future_chances, by card"""
    cdef int i
    for i in range(nh):
        out[hand[i]] = _min1(st.optimism * _p_future(k, hand[i]))


cdef double _lead_bonus(Know* k, int card, int nh, Pay* y) noexcept nogil:
    """trickplay._lead_bonus: leading low under a guarded honour"""
    cdef Tab* t = k.t
    cdef uint64_t suit, mine_higher, above_top
    if k.trick_len or k.mode != H_LOO or nh < 3:
        return 0.0
    suit = t.suit_mask[t.eff[card]]
    mine_higher = k.hand & suit & t.beaten_by[card]
    if not mine_higher:
        return 0.0
    above_top = t.beaten_by[_highest(t, mine_higher)] & suit & k.unknown
    if not above_top or _popcount(above_top) > 2:
        return 0.0
    return 0.15 * <double>y.share


cdef int _trick(Core c, Know* vk, HStyle* st, uint64_t allowed, uint64_t* arg) noexcept:
    """trickplay.decide_trick's card (two or more candidates)"""
    cdef Know kk[4]
    cdef bint made[4]
    cdef double fut[4][52]
    cdef double later[52]
    cdef double probs[MAXT + 2]
    cdef int hand[MAXT + 2]
    cdef int nh = _hand_cards(vk.hand, hand), seat = vk.seat, won = c.tricks_won[seat], i, j, card, slot, key
    cdef int best_card = -1, best_key = 0, civil
    cdef double now, ev, best_ev = 0.0, best_later = 0.0
    cdef double saved[MAXN]
    cdef bint irish = vk.t.trump == NO_TRUMP
    cdef Know* k
    cdef Tab* t
    cdef Pay y
    cdef uint64_t m = allowed
    _pay_loo(&y, c, seat, st.loo_fear, vk.t.pam >= 0 and (vk.hand >> vk.t.pam) & 1,
             c.defended and seat == c.dealer_)
    for i in range(4):
        made[i] = False
    while m:
        card = _low(m)
        m &= m - 1
        slot = card // 13 if irish else 0
        if irish:
            # Irish Loo: this lead makes its own suit trumps, so the whole hand is judged under that trump
            k = &kk[slot]
            if not made[slot]:
                _know(k, c, seat, _loo_tab(slot, -1), vk.thrown)
        else:
            k = vk
        if not made[slot]:
            _futures(k, st, hand, nh, fut[slot])
            made[slot] = True
        t = k.t
        now = _min1(_p_win_now(k, card) * (st.optimism if not k.trick_len else 1.0))
        for i in range(nh):
            later[hand[i]] = fut[slot][hand[i]]
        if (not k.trick_len and k.mode == H_LOO and t.trump != NO_TRUMP and t.eff[card] == t.trump
                and t.trump_mask & k.unknown):
            # trickplay.after_trump_lead: every opponent spends a trump, so fewer can ruff our side cards
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
        ev = _expected(&y, probs, j, won) + _lead_bonus(k, card, nh, &y)
        key = (100 if t.eff[card] == t.trump else 0) + t.power[card]
        # ties go to the card worth least later, then to the lower card (trickplay's sort key)
        if best_card < 0 or -ev < -best_ev or (-ev == -best_ev and (
                fut[slot][card] < best_later or (fut[slot][card] == best_later and key < best_key))):
            best_card, best_ev, best_later, best_key = card, ev, fut[slot][card], key
    civil = _civil_choice(c) if c.x.pam >= 0 else -1
    if best_card == civil:
        arg[0] = best_card
        return C_CIVIL
    return best_card


cdef int _heur_decide(Core c, HStyle* st, Mem* mem, uint64_t* arg, uint64_t thrown) noexcept:
    """HeuristicBot.decide's action for the seat to act, as a code for Core._do (``arg``: its civil card, or the
    mask of its discard); ``thrown``: the seat's own discards if its view shows them (see _know)."""
    cdef int seat = c.to_act, card, civil
    cdef uint64_t m = c._allowed()
    cdef Know k
    cdef double activity[MAXN]
    arg[0] = 0
    if c.phase_ == P_PLAY and _popcount(m) == 1:  # a forced card needs no odds
        card = _low(m)
        civil = _civil_choice(c) if c.x.pam >= 0 else -1
        if card == civil:
            arg[0] = card
            return C_CIVIL
        return card
    _know(&k, c, seat, _loo_tab(c.trump, c.x.pam), thrown)
    if c.phase_ == P_DECLARE:
        _watch(c, mem, seat, m)
    _activity(c, mem, activity)
    _weigh_strength(&k, c, activity)
    if c.phase_ == P_PLAY:
        return _trick(c, &k, st, m, arg)
    if c.phase_ == P_EXCHANGE:
        arg[0] = _exchange_choice(c, &k, st, activity)
        return C_DISCARD
    return 52 + _declare(c, &k, st, activity, m)


cdef HStyle _style_of(style) except *:
    cdef HStyle st
    st.margin = style.margin
    st.optimism = style.optimism
    st.activity = style.activity
    st.loo_fear = style.loo_fear
    return st


cdef int _mem_load(Mem* mem, HStyle* st, bot, int n) except -1:
    """A HeuristicBot's style and memory, into C."""
    cdef int s
    st[0] = _style_of(bot.style)
    for s in range(n):
        mem.seen[s] = bot._seen.get(s, 0)
        mem.stood[s] = bot._stood.get(s, 0)
    return 0


cdef int _mem_store(Mem* mem, bot, int n) except -1:
    """The memory back into the HeuristicBot (the seats it has watched, as its dicts hold them)."""
    cdef int s
    for s in range(n):
        if mem.seen[s]:
            bot._seen[s] = mem.seen[s]
            bot._stood[s] = mem.stood[s]
    return 0


def heur_decide(Core deal, style, seen, stood, bint with_events=True):
    """The action HeuristicBot(style) with memory ``seen``/``stood`` (its dicts) chooses for the seat to act from
    ``deal.view(seat, with_events=with_events)``, and the memory after the choice: (action, seen, stood) as lists
    by seat. For the differential test."""
    cdef HStyle st = _style_of(style)
    cdef Mem mem
    cdef uint64_t arg, thrown = 0
    cdef int s, code
    if deal.is_over:
        raise ValueError("the deal is over")
    for s in range(deal.n):
        mem.seen[s] = seen.get(s, 0)
        mem.stood[s] = stood.get(s, 0)
    if with_events:  # the seat's own discards, which its events show it
        for k in deal.codes:
            if k & 63 == C_DISCARD and (k >> 6) & 31 == deal.to_act:
                thrown |= <uint64_t>(k >> 11)
    code = _heur_decide(deal, &st, &mem, &arg, thrown)
    _, action = _action_of((arg << 11) | <uint64_t>code)
    return action, [mem.seen[s] for s in range(deal.n)], [mem.stood[s] for s in range(deal.n)]
