# Lou in the core, continued (included by _core.pyx after _core_lou.pxi): the end of the declarations, the draw, the
# start of play, the settlement (made in C when the deal ends, the Settlement object when first asked for), the
# record of actions, ``make``'s part for Lou, and the batch loop.
#
# The reference's steps: declare.finish, exchange.apply/limit/reshuffle (LOU-DRAW-1), play.begin (LOU-LEAD-1), and
# scoring.settle_no_play, settle_uncontested, settle_lou and _remainder_to (LOU-DECL-2, LOU-PAY-1..4, LOU-GAME-1,
# LOO-POOL-2 on the piles, SESSION-3).

DEF R_DECL2 = 0
DEF R_PAY1 = 1  # R_PAY1 + lou_payout: LOU-PAY-1, -2 or -3
DEF R_PAY4 = 4

cdef tuple _LOU_RULES = ("LOU-DECL-2", "LOU-PAY-1", "LOU-PAY-2", "LOU-PAY-3", "LOU-PAY-4")
cdef dict _ANTES = {}  # Ante(amount), one per amount: a legal list of antes is made when every Lou game starts


cdef object _ante(long long amount):
    got = _ANTES.get(amount)
    if got is None:
        got = Ante(amount)
        if len(_ANTES) < 100_000:
            _ANTES[amount] = got
    return got


cdef inline int _lou_share(LouParams p, int seat, int dealer):
    """Rules.ante_share: how many antes ``seat`` pays (LOO-ANTE-1's ante_mode)."""
    if seat == dealer:
        return 2 if p.ante_mode == 2 else 1
    return 0 if p.ante_mode == 1 else 1


cdef inline uint64_t _lou_beaten_by(LouState* s, int card):
    """The cards that beat ``card`` as the best card on the table: the higher cards of its suit, and every trump
    if it is not one (tables.loo_tables, with no Pam)."""
    cdef int suit = card // 13
    cdef uint64_t m = ((<uint64_t>0x1FFF) << (suit * 13)) & ~(((<uint64_t>2) << card) - 1)
    return m if suit == s.trump else m | s.trump_mask


cdef void _lou_commit(LouCore c, int who, int d):
    """commit.apply: a secret In or Out; when every seat has committed, the reveal (Out hands are dead)."""
    cdef LouState* s = &c.s
    cdef int i, k
    s.decl[who] = d
    for k in range(s.n):
        i = (s.eldest + k) % s.n
        if s.decl[i] < 0:
            s.to_act = i
            return
    for i in range(s.n):
        if s.decl[i] != D_PLAY:
            s.dead |= s.hands[i]
            s.hands[i] = 0
    _lou_finish(c)

cdef void _lou_declare(LouCore c, int who, int d):
    """declare.apply and next_declarer, in turn from the eldest hand (Lou has no dealer's privileges)."""
    cdef LouState* s = &c.s
    s.decl[who] = d
    if d == D_PASS:
        s.dead |= s.hands[who]
        s.hands[who] = 0
    s.to_act = (who + 1) % s.n
    if s.to_act == s.eldest:
        _lou_finish(c)


cdef int _lou_accepted(LouCore c, action, seat, int* who) except -1:
    """The code of an action the reference has just accepted, which the core must list too: an equal action
    built anew stands for the interned one."""
    if type(action) is Play:
        action = PLAYS[action.card]
    elif isinstance(action, (Pass, Stand)):
        action = _DECL_ACTIONS[_DECL_CODE[type(action)]]
    code = c._fast_ok(action, None if seat is None else validate.seat(seat, c.s.n), who)
    if code < 0:
        raise AssertionError(f"the compiled core refused {action!r}, which the reference accepts")
    return code

cdef uint64_t _lou_arg(int code, action):
    """What an action code needs beside it: the mask of a discard, the amount of an ante."""
    if code == C_DISCARD:
        return action.mask
    return action.amount if code == C_ANTE else 0


cdef void _lou_finish(LouCore c):
    """declare.finish: the draw in turn from the eldest hand, a deal nobody or one alone plays, or play."""
    cdef LouState* s = &c.s
    cdef int n = s.n, i, k, standing = 0, first = -1, last = -1
    for k in range(n):
        i = (s.eldest + k) % n
        if s.decl[i] == D_PLAY:
            standing += 1
            last = i
            if first < 0 and s.exchanged[i] < 0:
                first = i
    if c.p.draw and first >= 0 and standing >= 2:
        s.to_act = first
        if c._xlimit() > 0:
            s.phase = P_EXCHANGE
            return
        for i in range(n):
            if s.decl[i] == D_PLAY and s.exchanged[i] < 0:
                s.exchanged[i] = 0
    if standing == 0:
        _lou_end(c, K_NO_PLAY)
    elif standing == 1:
        s.end_winner = last
        _lou_end(c, K_UNCONTESTED)
    else:
        _lou_begin(c)


cdef void _lou_begin(LouCore c):
    """play.begin: the seats In from the eldest hand, and the first leader: the first of them, or counted by the
    turn-up's value (ace 1 ... king 13) among them or round every seat (LOU-LEAD-1)."""
    cdef LouState* s = &c.s
    cdef int n = s.n, i, k = 0, v, seat
    for i in range(n):
        seat = (s.eldest + i) % n
        if s.decl[seat] == D_PLAY:
            s.order[k] = seat
            k += 1
    for i in range(k):
        s.next_seat[s.order[i]] = s.order[(i + 1) % k]
    s.hands_in_play = k
    s.leader = s.order[0]
    if c.p.first_lead:
        v = 1 if s.turnup % 13 == ACE else s.turnup % 13 + 2
        if c.p.first_lead == 1:
            s.leader = s.order[(v - 1) % k]
        else:
            seat = (s.dealer + v) % n
            while s.decl[seat] != D_PLAY:
                seat = (seat + 1) % n
            s.leader = seat
    s.to_act = s.leader
    s.phase = P_PLAY


# ------------------------------------------------------------------------------------------------ the draw

cdef list _lou_exchange_list(LouCore c):
    """exchange.legal: every sub-mask of the hand of at most the limit's cards, in increasing order."""
    cdef uint64_t hand = c.s.hands[c.s.to_act], sub = 0
    cdef int most = c._xlimit()
    out = []
    while True:
        if _popcount(sub) <= most:
            out.append(_discard(sub))
        if sub == hand:
            return out
        sub = (sub - hand) & hand


cdef void _lou_draw(LouCore c, int who, uint64_t mask):
    """exchange.apply: discard ``mask``, draw as many from the stock (reshuffled from the dead cards when short,
    with exchange_shortfall = reshuffle), and the next In player draws, or play begins (LOU-DRAW-1)."""
    cdef LouState* s = &c.s
    cdef int k = _popcount(mask), i, j
    cdef uint64_t drawn = 0
    if k > s.stock_len - s.stock_pos:
        _lou_reshuffle(c, who)
    for i in range(k):
        drawn |= (<uint64_t>1) << s.stock[s.stock_pos + i]
    s.stock_pos += k
    s.hands[who] = (s.hands[who] & ~mask) | drawn
    s.dead |= mask
    s.exchanged[who] = k
    for j in range(s.n):
        i = (s.eldest + j) % s.n
        if s.decl[i] == D_PLAY and s.exchanged[i] < 0:
            s.to_act = i
            if c._xlimit() > 0:
                return
            for j in range(s.n):
                if s.decl[j] == D_PLAY and s.exchanged[j] < 0:
                    s.exchanged[j] = 0
            break
    _lou_finish(c)


cdef void _lou_reshuffle(LouCore c, int who):
    """exchange.reshuffle: the dead cards (Out hands, earlier discards; never the drawer's own) shuffled under the
    stock, through the deal's own random generator as the reference shuffles, and recorded for the shadow; the batch
    loop shuffles with its splitmix64 stream."""
    cdef LouState* s = &c.s
    cdef int i, j, k = 0, left = s.stock_len - s.stock_pos
    cdef unsigned char t
    cdef uint64_t m = s.dead
    for i in range(left):
        s.stock[i] = s.stock[s.stock_pos + i]
    if c.record:
        order = _cards(m)
        if c.rng is None:
            c.rng = _Random(c.seed_)
        c.rng.shuffle(order)
        c.reshuffled.append(order)
        if c.shadow is not None:
            c.shadow._recorded_reshuffles.append(list(order))
        for card in order:
            s.stock[left + k] = card
            k += 1
    else:
        while m:
            s.stock[left + k] = _low(m)
            k += 1
            m &= m - 1
        for i in range(k - 1, 0, -1):
            j = <int>(_splitmix(&s.rstate) % <uint64_t>(i + 1))
            t = s.stock[left + i]
            s.stock[left + i] = s.stock[left + j]
            s.stock[left + j] = t
    s.dead = 0
    s.stock_len = left + k
    s.stock_pos = 0


cdef object _lou_exchanged_event(LouCore c, int who, action):
    """The event of the draw just made: the cards drawn, in the order they came off the stock."""
    cdef int k = c.s.exchanged[who], i
    drawn = tuple([CARDS[c.s.stock[c.s.stock_pos - k + i]] for i in range(k)])
    return _new(Exchanged, (who, action, k, drawn))


# ------------------------------------------------------------------------------------------- the settlement

cdef void _lou_end(LouCore c, int kind):
    """The deal is over: the settlement in C (scoring.settle for Lou), the chips moved (SESSION-3), done."""
    cdef LouState* s = &c.s
    cdef LouParams p = c.p
    cdef int n = s.n, i, k, seat, two = -1, target = -1, most = 0, takers = 0, liable, distributed = 1
    cdef long long pot = s.pool, pile = s.pool // 3, match, rem, have, total_won = 0, total_paid = 0
    s.end_kind = kind
    s.pool_before = pot
    s.share = 0
    s.n_looed = 0
    s.game_over = 1
    s.rule = R_DECL2
    if kind == K_NO_PLAY:
        s.game_over = p.reante  # LOU-DECL-2: the game goes on, unless everyone antes again
    elif kind == K_UNCONTESTED:
        s.share = pile  # the lone In player takes the three piles; the remainder stays (LOU-DECL-2)
        s.won[s.end_winner] = pile * 3
    else:
        s.share = pile
        s.rule = R_PAY1 + p.payout
        match = pot if not p.match_cap or pot < p.match_cap else p.match_cap
        for k in range(s.hands_in_play):
            seat = s.order[k]
            if s.tricks_won[seat] >= 2 and two < 0:
                two = seat
            if s.tricks_won[seat]:
                takers += 1
        if p.payout == 0 or (two < 0 and p.no_winner == 1):
            for k in range(s.hands_in_play):
                seat = s.order[k]
                s.won[seat] = pile * s.tricks_won[seat]
            rem = pot - pile * 3  # the remainder options apply to Lou's piles (reading A-11)
            if rem and p.remainder and s.trick_no:
                if p.remainder == 1:
                    target = s.tr_winner[0]
                elif p.remainder == 2:
                    target = s.tr_winner[s.trick_no - 1]
                else:
                    for i in range(n):
                        if s.tricks_won[i] > most:
                            most = s.tricks_won[i]
                    for k in range(s.trick_no):
                        if s.tricks_won[s.tr_winner[k]] == most:
                            target = s.tr_winner[k]
                            break
            if target >= 0:
                s.won[target] += rem
            liable = 0  # the trickless In players match
            if p.payout:
                s.rule = R_PAY4
        elif two >= 0:
            s.won[two] = pot
            liable = 1 if p.payout == 1 else 0  # B: every other In player; C: the trickless ones
        elif p.no_winner == 2:
            for k in range(s.hands_in_play):
                seat = s.order[k]
                if s.tricks_won[seat]:
                    s.won[seat] = pot // takers
            liable = 0
            s.rule = R_PAY4
        else:  # carry: the pot is not won; those liable still match it
            liable = 2 if p.payout == 1 else 0
            distributed = 0
            s.rule = R_PAY4
        for k in range(s.hands_in_play):
            seat = s.order[k]
            if (liable == 0 and s.tricks_won[seat] == 0) or (liable == 1 and seat != two) or liable == 2:
                s.looed[s.n_looed] = seat
                s.n_looed += 1
                s.owed[seat] = match
                have = s.stacks[seat] + s.won[seat]
                s.paid[seat] = match if match <= have else have
        s.game_over = distributed and not s.n_looed
    for i in range(n):
        total_won += s.won[i]
        total_paid += s.paid[i]
        s.stacks[i] += s.won[i] - s.paid[i]
    s.pool_after = pot - total_won + total_paid
    s.pool = s.pool_after
    s.phase = P_DONE
    s.to_act = -1
    c.is_over = True


cdef object _lou_settlement(LouCore c):
    """The Settlement of the finished deal, as the reference's settle builds it (made once, then shared)."""
    cdef LouState* s = &c.s
    cdef int n = s.n, i
    if c.settled is not None:
        return c.settled
    c.settled = _new(Settlement, (
        _KINDS[s.end_kind], _LOU_RULES[s.rule], s.pool_before, s.share,
        tuple([s.won[i] for i in range(n)]), tuple([s.paid[i] for i in range(n)]),
        tuple([s.owed[i] for i in range(n)]), tuple([s.looed[i] for i in range(s.n_looed)]), s.pool_after,
        tuple([s.tricks_won[i] for i in range(n)]), (s.end_winner,) if s.end_kind == K_UNCONTESTED else (), (),
        bool(s.game_over),
    ))
    return c.settled


cdef tuple _lou_action_of(k):
    """(seat, action) of a recorded action code (LouCore._do)."""
    cdef int code = k & 63
    seat = (k >> 6) & 31
    if code < 52:
        return (seat, PLAYS[code])
    if code == C_DISCARD:
        return (seat, discard(k >> 11))
    if code == C_ANTE:
        return (seat, _ante(k >> 11))
    return (seat, _DECL_ACTIONS[code - 52])


cdef object _lou_make(LouParams p, rules, stacks, dealer, pool, deck, seed, rng, ante):
    """A LouCore for ``Deal(...)``'s arguments (``make``), or None when the reference must play it."""
    cdef LouCore c
    if not _plain_arguments(p.min_players, p.max_players, stacks, dealer, pool, deck, seed, rng, ante):
        # anything but the usual values: the reference's checks refuse or normalise them
        rules, stacks, dealer, pool, deck, seed, _ = validate.deal_arguments(
            rules, stacks, dealer, pool, deck, seed, rng, ante, None
        )
        if deck is not None and sorted(deck) != list(range(52)):
            from lanterloo.engine.dealing import deck_order
            deck_order(list(CARDS), deck, None)  # raises the reference's refusal: not the pack, each card once
    # Every chip of the table stays in the stacks and the pool, and a match can take a whole stack into the pot:
    # the core's 64-bit chips hold them all while their sum stays below 2**62.
    if pool + sum(stacks) >= _BIG:
        return None
    c = LouCore.__new__(LouCore)
    c._setup(p, stacks, dealer, pool, deck, seed, rng, ante)
    return c


def lou_batch(rules, int players, long long deals, uint64_t seed):
    """``batch`` for Lou: random play of whole deals in C (the ante, each commit or declaration, each draw and card
    a uniform choice), the dealer moving on each deal, each seat's stack topped up to a million before each deal,
    the pot carried and antes taken only when a game starts (LOU-GAME-1). Returns the totals: ``{"deals",
    "actions", "tricks" (per seat), "net" (chips per seat), "pool", "games"}``."""
    cdef LouParams p = LouParams(rules)
    cdef LouCore c
    cdef LouState* s
    cdef long long d, actions = 0, k, count, games = 0
    cdef int i, j, n = players, most
    cdef uint64_t m, state = seed, hand, sub
    cdef long long tricks[MAXN]
    if not p.min_players <= n <= p.max_players or n >= MAXN:
        raise ValueError(f"{rules.preset} is not played by {n} players")
    c = LouCore.__new__(LouCore)
    c.p, c.record, c.codes, c.reshuffled = p, False, [], []
    s = &c.s
    s.n, s.pool, s.anted = n, 0, 1
    s.rstate = seed ^ <uint64_t>0xD1B54A32D192ED03  # a reshuffle's own stream
    net = [0] * n
    for i in range(n):
        tricks[i] = 0
    for d in range(deals):
        s.dealer = d % n
        s.carried = s.pool
        games += s.anted
        for i in range(52):
            s.deck[i] = i
        for i in range(51, 0, -1):
            j = <int>(_splitmix(&state) % <uint64_t>(i + 1))
            s.deck[i], s.deck[j] = s.deck[j], s.deck[i]
        for i in range(n):
            s.stacks[i] = s.before[i] = 1000000
        c._start()
        while not c.is_over:
            if s.phase == P_PLAY:
                m = c._allowed()
                k = <long long>(_splitmix(&state) % <uint64_t>_popcount(m))
                while k > 0:
                    m &= m - 1
                    k -= 1
                c._do(s.to_act, _low(m))
            elif s.phase == LP_COMMIT or s.phase == P_DECLARE:
                c._do(s.to_act, 52 + <int>(_splitmix(&state) % 2))
            elif s.phase == LP_ANTE:
                count = (c._ante_top() - p.ante_min) // 3 + 1
                c._do(s.to_act, C_ANTE, <uint64_t>(p.ante_min + 3 * <long long>(_splitmix(&state) % <uint64_t>count)))
            else:  # the draw: a uniform choice among the allowed discards
                hand = s.hands[s.to_act]
                most = c._xlimit()
                count = 0
                sub = 0
                while True:
                    if _popcount(sub) <= most:
                        count += 1
                    if sub == hand:
                        break
                    sub = (sub - hand) & hand
                k = <long long>(_splitmix(&state) % <uint64_t>count)
                sub = 0
                while True:
                    if _popcount(sub) <= most:
                        if k == 0:
                            break
                        k -= 1
                    sub = (sub - hand) & hand
                c._do(s.to_act, C_DISCARD, sub)
            actions += 1
        s.anted = s.game_over
        for i in range(n):
            net[i] += s.stacks[i] - 1000000
            tricks[i] += s.tricks_won[i]
    return {
        "deals": deals, "actions": actions, "tricks": [tricks[i] for i in range(n)], "net": net, "pool": s.pool,
        "games": games,
    }
