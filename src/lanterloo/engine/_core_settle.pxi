# The settlement of a deal the core played (included by _core.pyx): the Settlement object through the reference's
# own scoring.settle, and the same arithmetic in C for the batch loop, checked against it on every deal; and
# Core.copy.

cdef object _settle(Core c):
    """The settlement, from an Outcome frozen as Deal.end freezes it, through scoring.settle (as run_settle)."""
    cdef int n = c.n, s, t, k, m = c.hands_in_play
    if c.settled is not None:
        return c.settled
    p = c.p
    shape, rules = p.shape, p.rules
    tricks = []
    for t in range(c.trick_no):
        cards = tuple([(c.tr_seat[t * MAXN + k], CARDS[c.tr_card[t * MAXN + k]]) for k in range(m)])
        tricks.append(_new(TrickRecord, (c.tr_leader[t], cards, c.tr_winner[t], bool(c.x.tr_civil[t]))))
    kind = c.end_kind
    rule = ("LOO-DECL-3", shape.uncontested_rule, shape.no_play_rule, "", "PAM-FLUSH-3")[kind]
    if kind == K_FLUSH:
        winners = tuple([c.x.winners[k] for k in range(c.x.n_winners)])
        holders = tuple([c.x.holders[k] for k in range(c.x.n_holders)])
    else:
        winners = (c.end_winner,) if c.end_winner >= 0 else ()
        holders = ()
    stacks = tuple([c.stacks_[s] for s in range(n)])
    outcome = _new(Outcome, (
        shape, rules, _KINDS[kind], rule, n, c.dealer_, c.pool_, stacks, shape.stakes(rules, c.pool_),
        tuple([bool(c.in_play[s]) for s in range(n)]), tuple([c.order[k] for k in range(m)]),
        tuple([c.hands[s] for s in range(n)]), tuple(tricks), tuple([c.tricks_won[s] for s in range(n)]),
        tuple([c.taken[s] for s in range(n)]), 0, bool(c.defended), c.x.pam, c.x.pam_holder, winners, holders,
    ))
    st = settle(outcome)
    # the batch loop settles in C (_settle_c): it must agree with the reference's settle on every deal
    cdef long long cwon[MAXN]
    cdef long long cpaid[MAXN]
    after = _settle_c(c, cwon, cpaid)
    if after != st.pool_after or any(cwon[s] != st.won[s] or cpaid[s] != st.paid[s] for s in range(n)):
        raise AssertionError(f"the compiled core's settlement differs from the reference's: {st}")
    won, paid = st.won, st.paid
    for s in range(n):
        c.stacks_[s] += won[s] - paid[s]
    c.pool_ = st.pool_after
    c.settled = st
    return st

cdef long long _settle_c(Core c, long long* won, long long* paid):
    """scoring.settle for the deals the core covers, in C: what each seat takes and pays; returns the pool after
    (LOO-POOL-1..4, LOO-DECL-3/4/6)."""
    cdef Params p = c.p
    cdef int n = c.n, s, t, w, defended = c.dealer_ if c.defended else -1, target = -1, most = 0
    cdef long long pool = c.pool_, share, rem, loo, have, total_won = 0, total_paid = 0
    for s in range(n):
        won[s] = paid[s] = 0
    if c.end_kind == K_NO_PLAY:
        return pool
    if c.end_kind == K_FLUSH:
        return _settle_flush_c(c, won, paid)
    if c.end_kind != K_TRICKS:
        won[c.end_winner] = pool
        return 0
    share = pool // p.hand_size
    for t in range(c.trick_no):
        w = c.tr_winner[t]
        if w != defended:
            won[w] += share
    rem = pool - share * c.trick_no
    if rem and p.remainder and c.trick_no:
        if p.remainder == 1:
            target = c.tr_winner[0]
        elif p.remainder == 2:
            target = c.tr_winner[c.trick_no - 1]
        else:
            for s in range(n):
                if c.tricks_won[s] > most:
                    most = c.tricks_won[s]
            for t in range(c.trick_no):
                if c.tricks_won[c.tr_winner[t]] == most:
                    target = c.tr_winner[t]
                    break
    if target >= 0 and target != defended:
        won[target] += rem
    loo = pool if p.loo_penalty == 0 else (p.loo_amount if p.loo_penalty == 1 else min(pool, p.loo_amount))
    for t in range(c.hands_in_play):
        s = c.order[t]
        if c.tricks_won[s] == 0 and s != defended and not (p.f.holder_not_looed and s == c.x.pam_holder):
            have = c.stacks_[s] + won[s]
            paid[s] = loo if loo <= have else have
    for s in range(n):
        total_won += won[s]
        total_paid += paid[s]
    return pool - total_won + total_paid


cdef Core _copy(Core self):
    """Core.copy: every C field, the action codes; not the shadow."""
    cdef Core c = Core.__new__(Core)
    c.p = self.p
    c.shadow = None
    c.is_over = self.is_over
    c.n, c.dealer_, c.eldest_, c.phase_, c.to_act = self.n, self.dealer_, self.eldest_, self.phase_, self.to_act
    c.anted, c.carried, c.pool_ = self.anted, self.carried, self.pool_
    c.stacks_ = self.stacks_
    c.before = self.before
    c.hands = self.hands
    c.decl = self.decl
    c.in_play = self.in_play
    c.order = self.order
    c.next_seat = self.next_seat
    c.deck = self.deck
    c.miss_, c.dead, c.played, c.turnup_, c.trump = self.miss_, self.dead, self.played, self.turnup_, self.trump
    c.miss_taker, c.defended, c.forced_all = self.miss_taker, self.defended, self.forced_all
    c.miss_withdrawn, c.stock_from, c.trick_len = self.miss_withdrawn, self.stock_from, self.trick_len
    c.best_card, c.best_seat, c.leader, c.trick_no = self.best_card, self.best_seat, self.leader, self.trick_no
    c.hands_in_play, c.allowed, c.trick_first = self.hands_in_play, self.allowed, self.trick_first
    c.end_kind, c.end_winner, c.settled = self.end_kind, self.end_winner, self.settled
    c.tr_leader = self.tr_leader
    c.tr_winner = self.tr_winner
    c.tr_seat = self.tr_seat
    c.tr_card = self.tr_card
    c.tricks_won = self.tricks_won
    c.taken = self.taken
    c.codes = list(self.codes)
    _copy_five(c, self)
    c.record = True
    c.synced = 0
    return c


cdef void _share_settlement(object sh, object st) except *:
    """Give the shadow ``sh`` of a finished core deal the core's own Settlement object ``st``, in its
    ``settlement`` and its last event, so that ``deal.events[-1].settlement is deal.settlement`` holds on the core as
    on the reference (the two are equal; a client may rely on the identity). The list is indexed by ``len - 1``:
    this module is compiled with ``wraparound=False``, under which ``[-1]`` reads before the list's start (an earlier
    fix crashed on it)."""
    if sh._settlement is st:
        return
    log = sh._events
    last = len(log) - 1
    if last < 0 or type(log[last]) is not Settled or log[last].settlement != st:
        raise AssertionError(f"the compiled core's settlement differs from the reference's: {st}")
    sh._settlement = st
    log[last] = _new(Settled, (st,))
