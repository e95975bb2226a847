# `loo simulate` with every seat a random bot, in one C loop (included by _core.pyx): the same sessions, shuffles and
# choices as lanterloo.sim plays through the public API, drawn from the same Mersenne Twister streams, so one seed
# gives the same summary on either path (tests/test_sim_batch.py). lanterloo.simbatch is its Python side.
#
# What the per-action path draws, and where: Session(seed) draws the first dealer (randrange(n)) and one
# getrandbits(63) per deal; Deal(rng=Random(that)) shuffles by Fisher-Yates on rng.random(); RandomBot.pick takes
# legal[int(rng.random() * len(legal))] from the seat's own stream, and the legal list is in the order of the
# allowed mask's bits. Python's random module is MT19937; its seeding from an int, random(), getrandbits() and
# randrange() are transcribed below from CPython's Modules/_randommodule.c and Lib/random.py.

from libc.stdint cimport uint32_t
from libc.string cimport memcpy

DEF MT_N = 624
DEF MT_M = 397


cdef struct MT:
    uint32_t mt[MT_N]
    int index  # the next word to give out
    int ready  # words [0, ready) hold this generation (the rest are the last one's, twisted on demand)


cdef void _mt_genrand_init(MT* r, uint32_t s) noexcept nogil:
    cdef int i
    r.mt[0] = s
    for i in range(1, MT_N):
        r.mt[i] = <uint32_t>1812433253 * (r.mt[i - 1] ^ (r.mt[i - 1] >> 30)) + <uint32_t>i
    r.index = r.ready = MT_N


# Every seeding from an int starts from the state init_genrand(19650218) makes: made once.
cdef MT _MT_BASE
_mt_genrand_init(&_MT_BASE, 19650218)


cdef void _mt_seed(MT* r, uint64_t seed) noexcept nogil:
    """random.Random(seed) for 0 <= seed < 2**64: init_by_array with the seed's 32-bit words, low word first."""
    cdef uint32_t key[2]
    cdef int i = 1, j = 0, k, length = 2 if seed >> 32 else 1
    key[0] = <uint32_t>seed
    key[1] = <uint32_t>(seed >> 32)
    memcpy(r.mt, _MT_BASE.mt, sizeof(r.mt))
    cdef uint32_t* mt = r.mt
    for k in range(MT_N if MT_N > length else length, 0, -1):
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * <uint32_t>1664525)) + key[j] + <uint32_t>j
        i += 1
        j += 1
        if i >= MT_N:
            mt[0] = mt[MT_N - 1]
            i = 1
        if j >= length:
            j = 0
    for k in range(MT_N - 1, 0, -1):
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * <uint32_t>1566083941)) - <uint32_t>i
        i += 1
        if i >= MT_N:
            mt[0] = mt[MT_N - 1]
            i = 1
    mt[0] = 0x80000000U
    r.index = r.ready = MT_N


cdef void _mt_twist(MT* r) noexcept nogil:
    """The next few words of the next generation, in place. Word k of a generation needs words below k already
    new and words above it still old, so twisting in order on demand gives CPython's words: a deal's shuffle reads
    about a sixth of the 624 and twists no more."""
    cdef uint32_t y
    cdef int kk, end
    cdef uint32_t* mt = r.mt
    if r.index >= MT_N:
        r.index = r.ready = 0
    end = r.ready + 32 if r.ready + 32 < MT_N else MT_N
    for kk in range(r.ready, end):
        y = (mt[kk] & 0x80000000U) | (mt[(kk + 1) % MT_N] & 0x7FFFFFFFU)
        mt[kk] = mt[(kk + MT_M) % MT_N] ^ (y >> 1) ^ (0x9908B0DFU if y & 1 else 0)
    r.ready = end


cdef inline uint32_t _mt_next(MT* r) noexcept nogil:
    cdef uint32_t y
    if r.index >= r.ready:
        _mt_twist(r)
    y = r.mt[r.index]
    r.index += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680U
    y ^= (y << 15) & 0xEFC60000U
    y ^= y >> 18
    return y


cdef inline double _mt_random(MT* r) noexcept nogil:
    """random.random(): 53 bits from two draws."""
    cdef uint32_t a = _mt_next(r) >> 5, b = _mt_next(r) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


cdef inline uint64_t _mt_bits63(MT* r) noexcept nogil:
    """random.getrandbits(63): the low word first."""
    cdef uint64_t lo = _mt_next(r)
    return lo | (<uint64_t>(_mt_next(r) >> 1) << 32)


cdef int _mt_below(MT* r, int n) noexcept nogil:
    """random.randrange(n), 1 <= n < 2**31: getrandbits(n.bit_length()) until below n."""
    cdef int k = 32 - __builtin_clz(<unsigned int>n)
    cdef uint32_t x = _mt_next(r) >> (32 - k)
    while x >= <uint32_t>n:
        x = _mt_next(r) >> (32 - k)
    return <int>x


cdef extern from *:
    int __builtin_clz(unsigned int) nogil


cdef void _mt_load(MT* r, rng) except *:
    """The state of a random.Random, copied (the Python object is not advanced)."""
    cdef int i
    words = rng.getstate()[1]
    for i in range(MT_N):
        r.mt[i] = words[i]
    r.index = words[MT_N]
    r.ready = MT_N


def mt_sample(rng, int count):
    """``count`` draws of random() from a copy of ``rng``'s state, then getrandbits(63), randrange(5) and the
    first random() of Random(that getrandbits) (a test of the transcription against Python's random module)."""
    cdef MT r, q
    _mt_load(&r, rng)
    out = [_mt_random(&r) for _ in range(count)]
    seed = _mt_bits63(&r)
    out.append(seed)
    out.append(_mt_below(&r, 5))
    _mt_seed(&q, seed)
    out.append(_mt_random(&q))
    return out


# Why a session ended (lanterloo.simbatch words them as Session does).
DEF END_ANTE = 0  # a seat cannot pay the ante (before a deal)
DEF END_SHORT = 1  # a looed seat could not pay in full
DEF END_DEALS = 2  # the deals asked for were played (and then the pool was empty, or session_end = exact)
DEF END_NEVER = 3  # SESSION-4's extra deals reached the limit without emptying the pool


def simulate_random(rules, int n, long long deals, sessions_rng, bot_rngs, long long stack, bint exact,
                    int settle_limit, progress, long long step, heuristics=None):
    """Random play of ``deals`` deals in sessions, as lanterloo.sim.simulate plays them with every seat a random bot
    (``sessions_rng``: the stream of session seeds; ``bot_rngs``: each seat's bot stream; both copied, not
    advanced). ``progress(done, deals)`` is called every ``step`` deals. Returns the totals and each session's end.

    ``heuristics``, one entry per seat, makes seats heuristic bots: None for a random seat (its stream in
    ``bot_rngs``), or a HeuristicBot, whose choices the C policy makes (_core_heur_loo.pxi) and whose memory of
    the table is read before the run and written back after it."""
    cdef Params p
    cdef Core c
    cdef MT streams, session, deck_rng
    cdef MT bots[MAXN]
    cdef long long stacks[MAXN]
    cdef long long won[MAXN]
    cdef long long paid[MAXN]
    cdef long long net[MAXN]
    cdef long long kinds[5]
    cdef long long done = 0, played, limit, pool, loo, pool_total = 0, looed_players = 0, with_loo = 0, mark = step
    cdef int s, i, j, t, code, dealer, reason, who, looed
    cdef uint64_t m, arg
    cdef double x
    cdef HStyle styles[MAXN]
    cdef Mem mems[MAXN]
    cdef bint heur[MAXN]
    if _covers is None or not _covers(rules) or rules.game != "loo" or (
            rules.exchange != "none" and rules.exchange_shortfall == "reshuffle"):
        # a reshuffle of the stock draws from each deal's own stream, which this loop does not carry on
        raise ValueError("the batch loop of loo simulate does not cover these rules")
    p = Params(rules)
    if not p.min_players <= n <= p.max_players or n >= MAXN or len(bot_rngs) != n:
        raise ValueError(f"{rules.preset} is not played by {n} players")
    _mt_load(&streams, sessions_rng)
    for s in range(n):
        heur[s] = heuristics is not None and heuristics[s] is not None
        if heur[s]:
            _mem_load(&mems[s], &styles[s], heuristics[s], n)
        else:
            _mt_load(&bots[s], bot_rngs[s])
        net[s] = 0
    for i in range(5):
        kinds[i] = 0
    c = Core.__new__(Core)
    c.p, c.n, c.record, c.codes, c.anted = p, n, False, [], 1
    ends = []
    while done < deals:
        _mt_seed(&session, _mt_bits63(&streams))
        dealer = _mt_below(&session, n)
        for s in range(n):
            stacks[s] = stack
        pool = played = 0
        limit = deals - done
        reason = who = -1
        while reason < 0:
            for s in range(n):  # Session._ante_shortfall
                if stacks[s] < p.ante * _ante_share(p, s, dealer):
                    reason, who = END_ANTE, s
                    break
            if reason >= 0:
                break
            _mt_seed(&deck_rng, _mt_bits63(&session))
            for i in range(52):
                c.deck[i] = i
            for i in range(51, 0, -1):
                x = _mt_random(&deck_rng)
                j = <int>(x * (i + 1))
                c.deck[i], c.deck[j] = c.deck[j], c.deck[i]
            c.dealer_ = dealer
            c.eldest_ = (dealer + 1) % n
            c.carried = c.pool_ = pool
            for s in range(n):
                c.stacks_[s] = c.before[s] = stacks[s]
                c.hands[s] = 0
                c.decl[s] = D_NONE
                c.in_play[s] = 0
            c._start()
            while not c.is_over:
                if heur[c.to_act]:
                    s = c.to_act
                    code = _heur_decide(c, &styles[s], &mems[s], &arg, 0)  # sim's views hold no events
                    c._do(code, arg)
                    continue
                code = _random_code(c, &bots[c.to_act], &arg)
                c._do(code, arg)
            pool = c.pool_  # what the pool held as play began: the settlement's pool_before
            pool_total += pool
            kinds[c.end_kind] += 1
            loo = pool if p.loo_penalty == 0 else (p.loo_amount if p.loo_penalty == 1 else min(pool, p.loo_amount))
            pool = c._settle_c(won, paid)
            looed = 0
            if c.end_kind == K_TRICKS or c.end_kind == K_FLUSH:
                for s in range(n):
                    if (_flush_payer(c, s) if c.end_kind == K_FLUSH else c.tricks_won[s] == 0 and _looed(c, s)):
                        looed += 1
                        if paid[s] < loo and who < 0:
                            who = s  # Session._check_end names the lowest seat that paid less than it owed
            looed_players += looed
            with_loo += looed > 0
            for s in range(n):
                stacks[s] = c.stacks_[s] + won[s] - paid[s]
                net[s] += stacks[s] - c.before[s]
            played += 1
            done += 1
            dealer = (dealer + 1) % n
            if who >= 0:
                reason = END_SHORT
            elif played >= limit:  # Session._check_settled
                if exact or pool == 0:
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
    for s in range(n):
        if heur[s]:
            _mem_store(&mems[s], heuristics[s], n)
    return {
        "deals": done,
        "pool_total": pool_total,
        "looed_players": looed_players,
        "deals_with_loo": with_loo,
        "kinds": {"dealer_takes": kinds[K_DEALER_TAKES], "uncontested": kinds[K_UNCONTESTED],
                  "no_play": kinds[K_NO_PLAY], "tricks": kinds[K_TRICKS], "flush": kinds[K_FLUSH]},
        "net": [net[s] for s in range(n)],
        "sessions": ends,
    }


cdef inline int _ante_share(Params p, int s, int dealer) noexcept:
    """Rules.ante_share for the Loo game."""
    if s == dealer:
        return 2 if p.ante_mode == 2 else 1
    return 0 if p.ante_mode == 1 else 1


cdef inline bint _looed(Core c, int s) noexcept:
    """Whether ``s`` played out the deal and is looed (scoring.settle_loo's ``looed``)."""
    cdef int t
    if (c.defended and s == c.dealer_) or (c.p.f.holder_not_looed and s == c.x.pam_holder):
        return False
    for t in range(c.hands_in_play):
        if c.order[t] == s:
            return True
    return False


cdef bint _flush_payer(Core c, int s) noexcept:
    """Whether ``s`` is looed by a flush (scoring.settle_flush's payers, PAM-FLUSH-3, PAM-4)."""
    cdef int k
    cdef FiveOpts* o = &c.p.f
    if not o.flush_all_payers and not c.in_play[s]:
        return False
    for k in range(c.x.n_winners):
        if c.x.winners[k] == s:
            return False
    if o.flush_exempt:
        if s == c.x.pam_holder:
            return False
        for k in range(c.x.n_holders):
            if c.x.holders[k] == s:
                return False
    return not (o.holder_not_looed and s == c.x.pam_holder)


cdef int _random_code(Core c, MT* rng, uint64_t* arg) noexcept:
    """RandomBot.pick's choice from Core.legal_actions' list, as an action code for Core._do (``arg``: the civil
    card or the discard's mask): the list's length, one draw, the action at that index."""
    cdef uint64_t m, hand, sub = 0
    cdef int t, count, civil, most, card
    arg[0] = 0
    if c.phase_ == P_EXCHANGE:  # every sub-mask of at most the limit's cards, in increasing order
        hand = c.hands[c.to_act]
        most = _xlimit(c)
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
    m = c._allowed()
    if c.phase_ == P_DECLARE:
        t = <int>(_mt_random(rng) * _popcount(m))
        while t > 0:
            m &= m - 1
            t -= 1
        return 52 + _low(m)
    civil = _civil_choice(c) if c.x.pam >= 0 else -1
    count = _popcount(m) + (1 if civil >= 0 and (m >> civil) & 1 else 0)
    t = <int>(_mt_random(rng) * count)
    while True:  # the plays in card order, the civil lead right after its plain one (_play_list)
        card = _low(m)
        if t == 0:
            return card
        t -= 1
        if card == civil:
            if t == 0:
                arg[0] = card
                return C_CIVIL
            t -= 1
        m &= m - 1
