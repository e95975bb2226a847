# `loo simulate` for Lou in one C loop (included by _core.pyx after _core_heur_lou.pxi): simulate_random's sessions
# for Lou's deals. What Session and sim.decide do differently here: the pot is carried and antes are taken only when a
# game starts (LOU-GAME-1), and the ante a dealer may set starts at lou_ante_min (SESSION-2); during the coin declare
# every seat yet to commit chooses before any choice is applied (sim.decide); a reshuffle of a short stock draws
# from the deal's own stream, here the copy of Random(deal seed) that shuffled the deck; SESSION-4 plays on while
# the pot holds chips or a game goes on.


cdef void _lou_mt_reshuffle(LouCore c, MT* rng) noexcept:
    """exchange.reshuffle as LouCore._lou_reshuffle makes it, with random.shuffle of the dead cards in card order
    drawn from ``rng`` (randbelow by getrandbits, as CPython's shuffle)."""
    cdef LouState* s = &c.s
    cdef int i, j, k = 0, left = s.stock_len - s.stock_pos
    cdef unsigned char t
    cdef uint64_t m = s.dead
    for i in range(left):
        s.stock[i] = s.stock[s.stock_pos + i]
    while m:
        s.stock[left + k] = _low(m)
        k += 1
        m &= m - 1
    for i in range(k - 1, 0, -1):
        j = _mt_below(rng, i + 1)
        t = s.stock[left + i]
        s.stock[left + i] = s.stock[left + j]
        s.stock[left + j] = t
    s.dead = 0
    s.stock_len = left + k
    s.stock_pos = 0


cdef int _lou_random_code(LouCore c, int seat, MT* rng, uint64_t* arg) noexcept:
    """RandomBot.pick's choice from LouCore.legal_actions(seat)'s list, as an action code (``arg``: the ante's
    amount or the discard's mask)."""
    cdef LouState* s = &c.s
    cdef uint64_t m, hand, sub = 0
    cdef int t, count, most
    arg[0] = 0
    if s.phase == P_PLAY:
        m = c._allowed()
        t = <int>(_mt_random(rng) * _popcount(m))
        while t > 0:
            m &= m - 1
            t -= 1
        return _low(m)
    if s.phase == LP_COMMIT:  # [STAND, PASS]
        return 52 + (D_PLAY if _mt_random(rng) * 2 < 1.0 else D_PASS)
    if s.phase == P_DECLARE:  # [PASS, STAND]
        return 52 + (D_PASS if _mt_random(rng) * 2 < 1.0 else D_PLAY)
    if s.phase == LP_ANTE:
        count = <int>((c._ante_top() - c.p.ante_min) // 3 + 1)
        arg[0] = <uint64_t>(c.p.ante_min + 3 * <long long>(<int>(_mt_random(rng) * count)))
        return C_ANTE
    hand = s.hands[seat]  # the draw: every sub-mask of at most the limit's cards, in increasing order
    most = c._xlimit()
    count = 0
    while True:
        count += _popcount(sub) <= most
        if sub == hand:
            break
        sub = (sub - hand) & hand
    t = <int>(_mt_random(rng) * count)
    sub = 0
    while True:
        if _popcount(sub) <= most:
            if t == 0:
                arg[0] = sub
                return C_DISCARD
            t -= 1
        sub = (sub - hand) & hand


def simulate_lou(rules, int n, long long deals, sessions_rng, bot_rngs, long long stack, bint exact,
                 int settle_limit, progress, long long step, heuristics=None):
    """simulate_random for Lou: the same arguments, the same totals and session ends."""
    cdef LouParams p
    cdef LouCore c
    cdef LouState* s
    cdef MT streams, session, deck_rng
    cdef MT bots[MAXN]
    cdef HStyle styles[MAXN]
    cdef Mem mems[MAXN]
    cdef bint heur[MAXN]
    cdef long long stacks[MAXN]
    cdef long long net[MAXN]
    cdef long long kinds[5]
    cdef int seats[MAXN]
    cdef int codes[MAXN]
    cdef uint64_t args[MAXN]
    cdef long long done = 0, played, limit, pool, pool_total = 0, looed_players = 0, with_loo = 0, mark = step
    cdef int q, i, j, k, cnt, dealer, reason, who, code
    cdef bint ante_due
    cdef uint64_t arg
    if _covers is None or rules.game != "lou" or not _covers(rules):
        raise ValueError("the batch loop of loo simulate does not cover these rules")
    p = LouParams(rules)
    if not p.min_players <= n <= p.max_players or n >= MAXN or len(bot_rngs) != n:
        raise ValueError(f"{rules.preset} is not played by {n} players")
    _mt_load(&streams, sessions_rng)
    for q in range(n):
        heur[q] = heuristics is not None and heuristics[q] is not None
        if heur[q]:
            _mem_load(&mems[q], &styles[q], heuristics[q], n)
        else:
            _mt_load(&bots[q], bot_rngs[q])
        net[q] = 0
    for i in range(5):
        kinds[i] = 0
    c = LouCore.__new__(LouCore)
    c.p, c.record, c.codes, c.reshuffled = p, False, [], []
    s = &c.s
    s.n = n
    ends = []
    while done < deals:
        _mt_seed(&session, _mt_bits63(&streams))
        dealer = _mt_below(&session, n)
        for q in range(n):
            stacks[q] = stack
        pool = played = 0
        ante_due = True
        limit = deals - done
        reason = who = -1
        while reason < 0:
            if ante_due:  # Session._ante_shortfall (Rules.ante_owed)
                for q in range(n):
                    if stacks[q] < (p.ante_min if p.dealer_sets else p.ante) * _lou_share(p, q, dealer):
                        reason, who = END_ANTE, q
                        break
            if reason >= 0:
                break
            _mt_seed(&deck_rng, _mt_bits63(&session))
            for i in range(52):
                s.deck[i] = i
            for i in range(51, 0, -1):
                j = <int>(_mt_random(&deck_rng) * (i + 1))
                s.deck[i], s.deck[j] = s.deck[j], s.deck[i]
            s.dealer = dealer
            s.anted = ante_due
            s.carried = s.pool = pool
            for q in range(n):
                s.stacks[q] = s.before[q] = stacks[q]
            c._start()
            while not c.is_over:
                cnt = 0
                if s.phase == LP_COMMIT:  # sim.decide: every seat yet to commit, from the eldest hand
                    for k in range(n):
                        q = (s.eldest + k) % n
                        if s.decl[q] < 0:
                            seats[cnt] = q
                            cnt += 1
                else:
                    seats[0] = s.to_act
                    cnt = 1
                for k in range(cnt):  # all choose before any choice is applied
                    q = seats[k]
                    if heur[q]:
                        codes[k] = _lou_decide(c, q, &styles[q], &mems[q], &arg, 0)  # sim's views hold no events
                    else:
                        codes[k] = _lou_random_code(c, q, &bots[q], &arg)
                    args[k] = arg
                for k in range(cnt):
                    if codes[k] == C_DISCARD and _popcount(args[k]) > s.stock_len - s.stock_pos:
                        _lou_mt_reshuffle(c, &deck_rng)
                    c._do(seats[k], codes[k], args[k])
            pool_total += s.pool_before
            kinds[s.end_kind] += 1
            looed_players += s.n_looed
            with_loo += s.n_looed > 0
            for q in range(n):
                stacks[q] = s.stacks[q]
                net[q] += s.stacks[q] - s.before[q]
                if s.paid[q] < s.owed[q] and who < 0:
                    who = q  # Session._check_end names the lowest seat that paid less than it owed
            pool = s.pool_after
            ante_due = s.game_over
            played += 1
            done += 1
            dealer = (dealer + 1) % n
            if who >= 0:
                reason = END_SHORT
            elif played >= limit:  # Session._check_settled: a game still going on is not settled
                if exact or (pool == 0 and ante_due):
                    reason = END_DEALS
                elif played - limit >= settle_limit:
                    reason = END_NEVER
            if progress is not None and done >= mark:
                mark = done + step
                progress(done, deals)
        if played == 0:
            ends.append((reason, who, 0, pool, 0))
            break
        ends.append((reason, who, played - limit if played > limit else 0, pool, played))
    for q in range(n):
        if heur[q]:
            _mem_store(&mems[q], heuristics[q], n)
    return {
        "deals": done,
        "pool_total": pool_total,
        "looed_players": looed_players,
        "deals_with_loo": with_loo,
        "kinds": {"dealer_takes": 0, "uncontested": kinds[K_UNCONTESTED], "no_play": kinds[K_NO_PLAY],
                  "tricks": kinds[K_TRICKS], "flush": 0},
        "net": [net[q] for q in range(n)],
        "sessions": ends,
    }
