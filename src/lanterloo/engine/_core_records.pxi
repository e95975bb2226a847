# `loo analyze looed` with every seat random, in one C loop (included by _core.pyx): whole deals played as the batch
# simulator plays them, each seat's record of the deal written into a buffer the caller owns (lanterloo.analysis.batch
# counts them). No Python object is made per deal or per action.

cdef extern from *:
    int __builtin_clzll(unsigned long long) nogil


DEF R_NET = 1099511627776  # 2**40: added to a seat's net so that its field in the record is never negative
DEF R_AK = 0x1800  # the king and the ace of one suit, as a card mask (ranks 11 and 12)


def looed_records(rules, int players, long long deals, uint64_t seed, long long stack, long long[:] seats,
                  long long[:] pools):
    """Random play of ``deals`` deals at one table (the dealer drawn from ``seed``, then passing to the left; the
    pool carried; every stack topped up to ``stack`` before each deal, so a loo is always paid in full), the deck
    shuffled and every choice made by splitmix64 from ``seed``, as ``batch`` plays them.

    For deal ``d``, ``pools[d]`` is the pool as play began (the settlement's ``pool_before``) and ``seats[d * n +
    s]`` is seat ``s``'s record, one integer of bit fields: the hands in play (bits 0-4), then the seat's hand class
    as it declared (its dealt hand, or the Miss it took or defended): its trumps, Pam included (5-7), its top trump
    (8-10: 0 none, 1 a ten or lower, 2 J, 3 Q, 4 K, 5 A, 6 Pam), its side aces and kings (11-13); whether it played
    (14), whether it was looed (15: it paid into the pool), and its net for the deal plus 2**40 (from 16 on)."""
    cdef Params p
    cdef Core c
    cdef long long d, k, net
    cdef int i, j, s, n = players, dealer, active, trumps, top, high, stood, looed, best
    cdef uint64_t m, state = seed, hand, tmask, miss, suit_ak = 0
    cdef uint64_t dealt[MAXN]
    cdef long long won[MAXN]
    cdef long long paid[MAXN]
    if _covers is None or not _covers(rules) or rules.game != "loo" or rules.trump_mode != "turnup":
        raise ValueError("the record loop of loo analyze does not cover these rules")
    p = Params(rules)
    if not p.min_players <= n <= p.max_players or n >= MAXN:
        raise ValueError(f"{rules.preset} is not played by {n} players")
    if deals < 0 or seats.shape[0] < deals * n or pools.shape[0] < deals or not 0 < stack < (<long long>1 << 40):
        raise ValueError("the record buffers are too small for the deals, or the stack is out of range")
    for i in range(4):
        suit_ak |= (<uint64_t>R_AK) << (13 * i)
    c = Core.__new__(Core)
    c.p, c.n, c.record, c.codes, c.anted, c.pool_ = p, n, False, [], 1, 0
    c.x.rstate = seed ^ <uint64_t>0xD1B54A32D192ED03  # a reshuffle's own stream (_core_five.pxi)
    dealer = <int>(_splitmix(&state) % <uint64_t>n)
    for d in range(deals):
        c.dealer_ = dealer
        c.eldest_ = (dealer + 1) % n
        c.carried = c.pool_
        for i in range(52):
            c.deck[i] = i
        for i in range(51, 0, -1):
            j = <int>(_splitmix(&state) % <uint64_t>(i + 1))
            c.deck[i], c.deck[j] = c.deck[j], c.deck[i]
        for s in range(n):
            c.stacks_[s] = c.before[s] = stack
            c.hands[s] = 0
            c.decl[s] = D_NONE
            c.in_play[s] = 0
        c._start()
        for s in range(n):
            dealt[s] = c.hands[s]
        miss = c.miss_
        tmask = c.x.trump_mask
        while not c.is_over:
            if c.x.pam >= 0 or c.phase_ == P_EXCHANGE:
                _batch_step(c, &state)  # the civil lead and the exchange are choices too (_core_five.pxi)
            else:
                m = c._allowed()
                k = <long long>(_splitmix(&state) % <uint64_t>_popcount(m))
                while k > 0:
                    m &= m - 1
                    k -= 1
                code = _low(m)
                c._do(code if c.phase_ == P_PLAY else code + 52)
        pools[d] = c.pool_
        c.pool_ = c._settle_c(won, paid)
        active = 0
        for s in range(n):
            if c.in_play[s] or c.decl[s] == D_PLAY or c.decl[s] == D_MISS or c.decl[s] == D_DEFEND:
                active += 1
        for s in range(n):
            stood = c.in_play[s] or c.decl[s] == D_PLAY or c.decl[s] == D_MISS or c.decl[s] == D_DEFEND
            hand = miss if c.decl[s] == D_MISS or c.decl[s] == D_DEFEND else dealt[s]
            trumps = _popcount(hand & tmask)
            top = 0
            if hand & c.x.pambit:
                top = 6
            elif hand & tmask:
                best = 63 - __builtin_clzll(hand & tmask) - 13 * c.trump  # the highest rank of the trump suit held
                top = 5 if best == ACE else 4 if best == KING else 3 if best == 10 else 2 if best == 9 else 1
            high = _popcount(hand & ~tmask & suit_ak)
            looed = paid[s] > 0
            net = c.stacks_[s] + won[s] - paid[s] - c.before[s]
            seats[d * n + s] = (active | trumps << 5 | top << 8 | high << 11 | stood << 14 | looed << 15
                                | (net + R_NET) << 16)
        dealer = (dealer + 1) % n
    return deals
