# Five-card Pam-Loo in the core (included by _core.pyx): Pam, the exchange from the stock, the end of the
# declarations, the flush check and its settlement, transcribed from the reference's dealing.run_turnup,
# declare.apply/next_declarer/prepare/finish, exchange.py, play.run_flush_check/begin and scoring.find_flushes/
# settle_flush. Any hand size uses them: Pam and the exchange are options of three-card Loo too.

from cpython.object cimport PyObject, PyTypeObject
from cpython.ref cimport Py_DECREF, Py_INCREF
from cpython.tuple cimport PyTuple_GET_ITEM

from lanterloo.actions import PLAYS_CIVIL, Discard, discard
from lanterloo.engine.events import Exchanged

DEF JACK = 9
DEF SUIT = 0x1FFF

cdef tuple _PLAYS_CIVIL = PLAYS_CIVIL


cdef extern from "Python.h":
    ctypedef struct PyMemberDef:
        Py_ssize_t offset
    ctypedef struct PyMemberDescrObject:
        PyMemberDef* d_member
    PyObject* PyType_GenericAlloc(PyTypeObject* t, Py_ssize_t n) except NULL


# An exchange lists up to 32 discards, most of them masks never seen before: actions.discard makes each through
# two Python calls. Here a Discard is allocated and its one slot filled in C, as object.__new__ and the slot's
# descriptor do, when Discard is the plain slotted class it is (else the Python path).
cdef Py_ssize_t _mask_offset = -1
_slot = Discard.__dict__.get("mask")
if type(_slot).__name__ == "member_descriptor" and Discard.__slots__ == ("mask",) and Discard.__new__ is object.__new__:
    _mask_offset = (<PyMemberDescrObject*><PyObject*>_slot).d_member.offset


cdef object _discard(uint64_t mask):
    """A Discard of ``mask`` (not interned: equal to actions.discard's, which is all a legal list needs)."""
    cdef PyObject* o
    cdef object m = mask
    if _mask_offset < 0:
        return discard(m)
    o = PyType_GenericAlloc(<PyTypeObject*>Discard, 0)
    Py_INCREF(m)
    (<PyObject**>((<char*>o) + _mask_offset))[0] = <PyObject*>m
    d = <object>o  # takes a reference of its own: the one PyType_GenericAlloc returned is dropped
    Py_DECREF(d)
    return d


cdef void _five_start(Core c):
    """Pam from the turn-up (PAM-1: a Pam turned up is out of play), the stock, and the per-deal state."""
    cdef FiveOpts* o = &c.p.f
    cdef int pam = -1, s, i
    if o.pam and c.turnup_ >= 0:
        pam = JACK if o.pam == 1 else c.trump * 13 + JACK
        if pam == c.turnup_:
            pam = -1
    c.x.pam = pam
    c.x.pambit = (<uint64_t>1) << pam if pam >= 0 else 0
    c.x.trump_mask = ((<uint64_t>SUIT) << (c.trump * 13)) | c.x.pambit if c.trump != NO_TRUMP else 0
    c.x.pam_holder = -1
    c.x.civil = 0
    c.x.n_winners = c.x.n_holders = 0
    for s in range(c.n):
        c.x.exchanged[s] = -1
    c.x.stock_len = 52 - c.stock_from
    c.x.stock_pos = 0
    if o.exchange:
        for i in range(c.x.stock_len):
            c.x.stock[i] = c.deck[c.stock_from + i]


cdef inline int _eff(Core c, int card):
    """A card's effective suit: Pam is a trump wherever it is printed."""
    return c.trump if card == c.x.pam else card // 13


cdef inline uint64_t _suit_mask(Core c, int suit):
    """The cards of an effective suit: Pam out of its printed suit, into trumps."""
    cdef uint64_t m = ((<uint64_t>SUIT) << (suit * 13)) & ~c.x.pambit
    return m | c.x.pambit if suit == c.trump else m


cdef inline int _civil_choice(Core c):
    """The ace of trumps when its lead may carry "Pam, be civil" at the leader's choice (play.civil_choice_card)."""
    if c.x.pam < 0 or c.trick_len or not c.p.f.civil_ask:
        return -1
    return c.trump * 13 + ACE


# ------------------------------------------------------------------------------------- the end of declarations

cdef void _after_declaration(Core c, int s, int d):
    """declare.apply's tail: the exchange at one's own turn, or the next declarer."""
    if (d == D_PLAY or d == D_MISS) and c.p.f.exchange == 1 and _xlimit(c) > 0:
        c.phase_ = P_EXCHANGE
        return
    _next_declarer(c, s)


cdef void _next_declarer(Core c, int s):
    """declare.next_declarer and declare.prepare: the dealer takes the pool when all before him passed (LOO-DECL-3)."""
    cdef int i
    c.phase_ = P_DECLARE
    c.to_act = (s + 1) % c.n
    if c.to_act == c.eldest_:
        _finish(c)
    elif c.to_act == c.dealer_ and c.p.takes_all_pass and not c.forced_all:
        for i in range(c.n):
            if c.in_play[i]:
                return
        c.decl[c.to_act] = D_PLAY
        c.in_play[c.to_act] = 1
        c.end_winner = c.to_act
        c._end(K_DEALER_TAKES)


cdef void _finish(Core c):
    """declare.finish: the exchange after the declarations, a deal nobody or one alone plays, or the flush check."""
    cdef int n = c.n, i, s, standing = 0, first = -1, last = -1
    for i in range(n):
        s = (c.eldest_ + i) % n
        if c.in_play[s]:
            standing += 1
            last = s
            if first < 0 and c.x.exchanged[s] < 0:
                first = s
    if c.p.f.exchange == 2 and first >= 0 and standing >= 2:
        c.to_act = first
        if _xlimit(c) > 0:
            c.phase_ = P_EXCHANGE
            return
        for s in range(n):
            if c.in_play[s] and c.x.exchanged[s] < 0:
                c.x.exchanged[s] = 0
    if standing == 0:
        c._end(K_NO_PLAY)
    elif standing == 1 and not c.defended:
        c.end_winner = last
        c._end(K_UNCONTESTED)
    else:
        _flush_check(c)


cdef void _flush_check(Core c):
    """play.run_flush_check: with Pam in play, or five cards a hand, a flush sweeps the pool (PAM-FLUSH-1..3)."""
    cdef int n = c.n, i, s, top = -1, k
    cdef long long key, best = -1
    cdef long long keys[MAXN]
    if c.x.pam < 0 and c.p.hand_size != 5:
        _begin(c)
        return
    if c.x.pam >= 0:
        for s in range(n):
            if c.hands[s] & c.x.pambit:
                c.x.pam_holder = s
                break
    c.x.n_holders = 0
    for i in range(n):
        s = (c.eldest_ + i) % n
        if not c.in_play[s]:
            continue
        key = _flush_key(c, c.hands[s])
        if key >= 0:
            keys[c.x.n_holders] = key
            c.x.holders[c.x.n_holders] = s
            c.x.n_holders += 1
            if key > best:
                best = key
    if not c.x.n_holders:
        _begin(c)
        return
    c.x.n_winners = 0
    if c.p.f.flush_elder_only:
        # the elder hand wins among the flushes; a blaze still ranks below every flush
        top = <int>(best >> 28)
        for k in range(c.x.n_holders):
            if <int>(keys[k] >> 28) == top:
                c.x.winners[0] = c.x.holders[k]
                c.x.n_winners = 1
                break
    else:
        for k in range(c.x.n_holders):
            if keys[k] == best:
                c.x.winners[c.x.n_winners] = c.x.holders[k]
                c.x.n_winners += 1
                if not c.p.f.flush_split:
                    break
    c._end(K_FLUSH)


cdef long long _flush_key(Core c, uint64_t hand):
    """scoring._flush_key as one number, or -1: (kind, holds Pam, trump suit) then the ranks from the highest,
    four bits each, so that comparing numbers compares the reference's tuples (every hand in play holds as many
    cards). Kind 2 is a flush (five of a suit, or four and Pam), 1 a blaze of court cards (PAM-FLUSH-1/2)."""
    cdef int has_pam = c.x.pam >= 0 and (hand & c.x.pambit) != 0, need, s, r, kind = 0, trumpish = 0
    cdef uint64_t rest = hand & ~c.x.pambit, col
    cdef long long ranks = 0
    need = 4 if has_pam else 5
    for s in range(4):
        if (rest & ~((<uint64_t>SUIT) << (s * 13))) == 0 and _popcount(rest) == need:
            kind = 2
            trumpish = s == c.trump
            break
    if not kind and c.p.f.blaze:
        kind = 1
        for s in range(4):
            if rest & ((<uint64_t>0x1FF) << (s * 13)):  # two to ten, or an ace: not a court card
                kind = 0
            if rest & ((<uint64_t>1) << (s * 13 + ACE)):
                kind = 0
    if not kind:
        return -1
    if has_pam:
        ranks = 13
    for r in range(12, -1, -1):
        col = rest & ((<uint64_t>1 | (<uint64_t>1) << 13 | (<uint64_t>1) << 26 | (<uint64_t>1) << 39) << r)
        while col:
            ranks = (ranks << 4) | r
            col &= col - 1
    return (<long long>((kind * 2 + has_pam) * 2 + trumpish) << 26) | ranks


cdef void _begin(Core c):
    """play.begin: the seats in play from the eldest hand, who holds Pam, and who leads (LOO-LEAD-1)."""
    cdef int n = c.n, i, s, standing = 0
    for i in range(n):
        s = (c.eldest_ + i) % n
        if c.in_play[s]:
            c.order[standing] = s
            standing += 1
            if c.hands[s] & c.x.pambit:
                c.x.pam_holder = s
    for i in range(standing):
        c.next_seat[c.order[i]] = c.order[(i + 1) % standing]
    c.hands_in_play = standing
    c.leader = c.order[0]
    if c.p.miss_holder_leads and c.miss_taker >= 0:
        c.leader = c.miss_taker
    c.to_act = c.leader
    c.phase_ = P_PLAY


# ---------------------------------------------------------------------------------------------- the exchange

cdef int _xlimit(Core c):
    """exchange.limit: how many cards the seat to act may exchange now (PAM-EXCH-2)."""
    cdef int left = c.x.stock_len - c.x.stock_pos, cap = _popcount(c.hands[c.to_act])
    if c.p.f.reshuffle:
        left += _popcount(c.dead)
    return cap if cap < left else left


cdef list _exchange_list(Core c):
    """exchange.legal: every sub-mask of the hand of at most the limit's cards, in increasing order."""
    cdef uint64_t hand = c.hands[c.to_act], sub = 0
    cdef int most = _xlimit(c)
    out = []
    while True:
        if _popcount(sub) <= most:
            out.append(_discard(sub))
        if sub == hand:
            return out
        sub = (sub - hand) & hand


cdef int _discard_ok(Core c, action):
    """Whether a Discard is one the seat to act may make now."""
    m = action.mask
    if type(m) is not int or not 0 <= m < (1 << 52):
        return 0
    cdef uint64_t mask = m
    return (mask & ~c.hands[c.to_act]) == 0 and _popcount(mask) <= _xlimit(c)


cdef void _exchange(Core c, int s, uint64_t mask):
    """exchange.apply: discard ``mask``, draw as many from the stock, and go on (PAM-EXCH-1/2)."""
    cdef int k = _popcount(mask), i
    cdef uint64_t drawn = 0
    if k > c.x.stock_len - c.x.stock_pos:
        _reshuffle(c, s)
    for i in range(k):
        drawn |= (<uint64_t>1) << c.x.stock[c.x.stock_pos + i]
    c.x.stock_pos += k
    c.hands[s] = (c.hands[s] & ~mask) | drawn
    c.dead |= mask
    c.x.exchanged[s] = k
    if c.p.f.exchange == 1:
        _next_declarer(c, s)
    else:
        _finish(c)


cdef void _reshuffle(Core c, int s):
    """exchange.reshuffle: the dead cards (never the asker's own discards, not dead yet) shuffled under the stock.
    Through the deal's own random generator, as the reference shuffles, and recorded for the shadow; the batch loop
    shuffles with its splitmix64 stream."""
    cdef int i, j, n = 0, left = c.x.stock_len - c.x.stock_pos
    cdef unsigned char t
    cdef uint64_t m = c.dead
    for i in range(left):
        c.x.stock[i] = c.x.stock[c.x.stock_pos + i]
    if c.record:
        order = _cards(m)
        if c.rng is None:
            c.rng = _Random(c.seed_)
        c.rng.shuffle(order)
        c.reshuffled.append(order)
        if c.shadow is not None:
            c.shadow._recorded_reshuffles.append(list(order))
        for card in order:
            c.x.stock[left + n] = card
            n += 1
    else:
        while m:
            c.x.stock[left + n] = _low(m)
            n += 1
            m &= m - 1
        for i in range(n - 1, 0, -1):
            j = <int>(_splitmix(&c.x.rstate) % <uint64_t>(i + 1))
            t = c.x.stock[left + i]
            c.x.stock[left + i] = c.x.stock[left + j]
            c.x.stock[left + j] = t
    c.dead = 0
    c.x.stock_len = left + n
    c.x.stock_pos = 0


cdef object _exchanged_event(Core c, int s, action):
    """The event of the exchange just made: the cards drawn, in the order they came off the stock."""
    cdef int k = c.x.exchanged[s], i
    drawn = tuple([CARDS[c.x.stock[c.x.stock_pos - k + i]] for i in range(k)])
    return _new(Exchanged, (s, action, k, drawn))


# ------------------------------------------------------------------------------------------- the settlement

cdef long long _settle_flush_c(Core c, long long* won, long long* paid):
    """scoring.settle_flush in C: the best flush sweeps the pool, the others are looed (PAM-FLUSH-3)."""
    cdef FiveOpts* o = &c.p.f
    cdef Params p = c.p
    cdef int n = c.n, s, k, nw = c.x.n_winners, skip
    cdef long long pool = c.pool_, each = pool // nw, loo, have, total_won = 0, total_paid = 0, per
    loo = pool if p.loo_penalty == 0 else (p.loo_amount if p.loo_penalty == 1 else min(pool, p.loo_amount))
    for s in range(n):
        won[s] = paid[s] = 0
    for k in range(nw):
        won[c.x.winners[k]] += each
    for s in range(n):
        if not o.flush_all_payers and not c.in_play[s]:
            continue
        skip = 0
        for k in range(nw):
            if c.x.winners[k] == s:
                skip = 1
        if o.flush_exempt:
            for k in range(c.x.n_holders):
                if c.x.holders[k] == s:
                    skip = 1
            if s == c.x.pam_holder:
                skip = 1
        if o.holder_not_looed and s == c.x.pam_holder:
            skip = 1
        if skip:
            continue
        have = c.stacks_[s] + won[s]
        paid[s] = loo if loo <= have else have
        total_paid += paid[s]
    if o.flush_to_holder:
        per = total_paid // nw
        for k in range(nw):
            won[c.x.winners[k]] += per
    for s in range(n):
        total_won += won[s]
    return pool - total_won + total_paid


# ---------------------------------------------------------------------------------------------- the batch loop

cdef void _batch_step(Core c, uint64_t* state):
    """One uniformly random legal action of the seat to act, as the batch loop takes it: an exchange among every
    allowed discard, and the civil lead of the ace of trumps as one more choice."""
    cdef uint64_t m, hand, sub
    cdef long long k, total
    cdef int most, civil, code
    if c.phase_ == P_EXCHANGE:
        hand = c.hands[c.to_act]
        most = _xlimit(c)
        total = 0
        sub = 0
        while True:  # how many discards are allowed, then the k-th of them
            if _popcount(sub) <= most:
                total += 1
            if sub == hand:
                break
            sub = (sub - hand) & hand
        k = <long long>(_splitmix(state) % <uint64_t>total)
        sub = 0
        while True:
            if _popcount(sub) <= most:
                if k == 0:
                    break
                k -= 1
            sub = (sub - hand) & hand
        c._do(C_DISCARD, sub)
        return
    m = c._allowed()
    civil = _civil_choice(c) if c.phase_ == P_PLAY else -1
    if civil >= 0 and not (m >> civil) & 1:
        civil = -1
    k = <long long>(_splitmix(state) % <uint64_t>(_popcount(m) + (civil >= 0)))
    if k == _popcount(m):
        c._do(C_CIVIL, civil)
        return
    while k > 0:
        m &= m - 1
        k -= 1
    code = _low(m)
    c._do(code if c.phase_ == P_PLAY else code + 52, 0)


cdef tuple _action_of(k):
    """(seat, action) of a recorded action code (Core._do)."""
    cdef int code = k & 63
    seat = (k >> 6) & 31
    if code < 52:
        return (seat, PLAYS[code])
    if code < C_CIVIL:
        return (seat, _DECL_ACTIONS[code - 52])
    if code == C_CIVIL:
        return (seat, _PLAYS_CIVIL[k >> 11])
    return (seat, discard(k >> 11))


cdef void _copy_five(Core c, Core self):
    """Core.copy's part for Pam and the exchange: the record, the random source (cloned, as Deal.copy clones it)."""
    c.x = self.x
    c.seed_ = self.seed_
    c.reshuffled = [list(o) for o in self.reshuffled]
    c.rng = self.rng
    if self.rng is not None and self.p.f.reshuffle:
        c.rng = _Random()
        c.rng.setstate(self.rng.getstate())


cdef list _play_list(uint64_t m, int civil):
    """The plays of an allowed mask, in card order, the civil lead of ``civil`` after its plain one (play.legal)."""
    cdef int c
    out = []
    while m:
        c = _low(m)
        out.append(<object>(<PyObject*>PyTuple_GET_ITEM(_PLAYS, c)))
        if c == civil:
            out.append(_PLAYS_CIVIL[c])
        m &= m - 1
    return out
