# Verification's line path (included by _core.pyx): one hand-history line, as bytes, read and checked in C with no
# Python object per token, and the continuity with the deal before it when it goes on the open session
# (lanterloo.history.fastline). Like the rest of the fast path it only ever accepts: a line it does not fully
# understand (an escape, a byte past ASCII, a fraction, a field it does not know, a deal the core does not cover,
# a session that starts or stops) gets 0, and the reference path reads it and gives the sentence.

from libc.string cimport memcmp
from lanterloo.engine.scoring import loo_stakes as _loo_stakes, settle_loo as _settle_loo
from lanterloo.engine.shape import deck_for as _deck_for

DEF LV_MAXA = 400  # actions of one deal the line path reads (a three-card deal of 16 takes under 70)
DEF LV_SESSION = 512  # the longest session name kept for the continuity check, in bytes
DEF LV_NAMES = 4096  # the players' names of one deal, in bytes
DEF LV_DIGITS = 15  # digits of a chip count or a seat (the core's limit is 10**18; sums of 24 stay in C integers)
DEF LV_SEED_DIGITS = 40  # digits of a seed: as many as the reference reads (lanterloo.wholetext.MAX_INT_DIGITS)

# the fields of a record, as bits of LVLine.seen
DEF F_ALL = 0x7FFF
DEF S_ALL = 0x1FFF
DEF R_ALL = 0xF

cdef struct LVLine:
    int version, deal_no, n, dealer, ante, nact, ndeck, has_result, game_over
    int n_antes, n_rstacks, n_won, n_paid, n_owed, n_looed, n_tricks, n_winners, n_points
    long long pool, pool_before, share, pool_after, r_pool
    Py_ssize_t sess_a, sess_b, var_a, var_b, rules_a, rules_b, kind_a, kind_b, rule_a, rule_b
    Py_ssize_t name_a[MAXN]
    Py_ssize_t name_b[MAXN]
    long long stacks[MAXN]
    long long r_antes[MAXN]
    long long r_stacks[MAXN]
    long long won[MAXN]
    long long paid[MAXN]
    long long owed[MAXN]
    long long looed[MAXN]
    long long tricks[MAXN]
    long long winners[MAXN]
    long long points[MAXN]
    unsigned char deck[52]
    short act_seat[LV_MAXA]
    short act_code[LV_MAXA]


cdef inline Py_ssize_t _lv_ws(const unsigned char* s, Py_ssize_t i, Py_ssize_t n) noexcept nogil:
    while i < n and (s[i] == 32 or s[i] == 10 or s[i] == 13 or s[i] == 9):  # JSON's white space, and only it
        i += 1
    return i


cdef Py_ssize_t _lv_str(const unsigned char* s, Py_ssize_t i, Py_ssize_t n, Py_ssize_t* a, Py_ssize_t* b) noexcept nogil:
    """A string of plain ASCII (no escape, no control character): its text is its bytes, so two are equal exactly
    when their bytes are. Returns the index after it, or -1."""
    cdef unsigned char ch
    if i >= n or s[i] != 34:
        return -1
    i += 1
    a[0] = i
    while i < n:
        ch = s[i]
        if ch == 34:
            b[0] = i
            return i + 1
        if ch == 92 or ch < 32 or ch >= 128:
            return -1
        i += 1
    return -1


cdef Py_ssize_t _lv_int(const unsigned char* s, Py_ssize_t i, Py_ssize_t n, long long* v, int most) noexcept nogil:
    """A JSON integer of at most ``most`` digits and no sign, not followed by a fraction or an exponent."""
    cdef Py_ssize_t start = i
    cdef long long x = 0
    while i < n and 48 <= s[i] <= 57:
        x = x * 10 + (s[i] - 48)
        i += 1
        if i - start > most:
            return -1
    if i == start or (s[start] == 48 and i - start > 1):
        return -1
    if i < n and (s[i] == 46 or s[i] == 101 or s[i] == 69):
        return -1
    v[0] = x
    return i


cdef Py_ssize_t _lv_digits(const unsigned char* s, Py_ssize_t i, Py_ssize_t n, int most) noexcept nogil:
    """A JSON integer of at most ``most`` digits and no sign, not read (a seed: any the reference reads)."""
    cdef Py_ssize_t start = i
    while i < n and 48 <= s[i] <= 57:
        i += 1
    if i == start or i - start > most or (s[start] == 48 and i - start > 1):
        return -1
    if i < n and (s[i] == 46 or s[i] == 101 or s[i] == 69):
        return -1
    return i


cdef inline Py_ssize_t _lv_word(const unsigned char* s, Py_ssize_t i, Py_ssize_t n, const char* w, int k) noexcept nogil:
    if i + k <= n and memcmp(s + i, w, k) == 0:
        return i + k
    return -1


cdef inline Py_ssize_t _lv_bool(const unsigned char* s, Py_ssize_t i, Py_ssize_t n, int* v) noexcept nogil:
    cdef Py_ssize_t j = _lv_word(s, i, n, b"true", 4)
    if j >= 0:
        v[0] = 1
        return j
    v[0] = 0
    return _lv_word(s, i, n, b"false", 5)


cdef inline bint _lv_is(const unsigned char* s, Py_ssize_t a, Py_ssize_t b, const char* w, int k) noexcept nogil:
    return b - a == k and memcmp(s + a, w, k) == 0


cdef Py_ssize_t _lv_key(const unsigned char* s, Py_ssize_t i, Py_ssize_t n, Py_ssize_t* a, Py_ssize_t* b) noexcept nogil:
    """A key and its colon, white space around; the index of its value."""
    i = _lv_str(s, _lv_ws(s, i, n), n, a, b)
    if i < 0:
        return -1
    i = _lv_ws(s, i, n)
    if i >= n or s[i] != 58:
        return -1
    return _lv_ws(s, i + 1, n)


cdef inline Py_ssize_t _lv_next(const unsigned char* s, Py_ssize_t i, Py_ssize_t n, unsigned char close, int* more) noexcept nogil:
    """After a member: a comma (more follow) or the closing bracket."""
    i = _lv_ws(s, i, n)
    if i < n and s[i] == 44:
        more[0] = 1
        return i + 1
    more[0] = 0
    return i + 1 if i < n and s[i] == close else -1


cdef Py_ssize_t _lv_ints(const unsigned char* s, Py_ssize_t i, Py_ssize_t n, long long* out, int* count) noexcept nogil:
    """An array of at most MAXN integers."""
    cdef int k = 0, more = 1
    if i >= n or s[i] != 91:
        return -1
    i = _lv_ws(s, i + 1, n)
    if i < n and s[i] == 93:
        count[0] = 0
        return i + 1
    while more:
        if k >= MAXN:
            return -1
        i = _lv_int(s, _lv_ws(s, i, n), n, &out[k], LV_DIGITS)
        if i < 0:
            return -1
        k += 1
        i = _lv_next(s, i, n, 93, &more)
        if i < 0:
            return -1
    count[0] = k
    return i


cdef Py_ssize_t _lv_rules(const unsigned char* s, Py_ssize_t i, Py_ssize_t n) noexcept nogil:
    """An object of plain values (ASCII strings, integers, true, false): the only rules object the cache holds."""
    cdef int more = 1, flag
    cdef long long x
    cdef Py_ssize_t a, b
    if i >= n or s[i] != 123:
        return -1
    if _lv_ws(s, i + 1, n) < n and s[_lv_ws(s, i + 1, n)] == 125:
        return _lv_ws(s, i + 1, n) + 1
    i += 1
    while more:
        i = _lv_key(s, i, n, &a, &b)
        if i < 0:
            return -1
        if s[i] == 34:
            i = _lv_str(s, i, n, &a, &b)
        elif 48 <= s[i] <= 57:
            i = _lv_int(s, i, n, &x, LV_DIGITS)
        else:
            i = _lv_bool(s, i, n, &flag)
        if i < 0:
            return -1
        i = _lv_next(s, i, n, 125, &more)
        if i < 0:
            return -1
    return i


@cython.final
cdef class _LVRules:
    """A rules object's text (with the record's version and variant) that the reference path has read."""
    cdef object rules, house
    cdef Params p
    cdef int version
    cdef bytes variant, text, uncontested_rule, no_play_rule
    cdef bint ok


cdef inline int _lv_share(Params p, int s, int dealer) noexcept:
    """The antes ``s`` owes (as Core._start counts them; checked against Rules.ante_owed when an entry is made)."""
    if s == dealer:
        return 2 if p.ante_mode == 2 else 1
    return 0 if p.ante_mode == 1 else 1


cdef _LVRules _lv_entry(int version, bytes variant, bytes text, rules):
    """An entry for rules the reference read: ``ok`` when the line path covers them (Loo on the core, whose
    settlement of tricks, stakes, antes and pack are the ones this file computes in C)."""
    cdef _LVRules e = _LVRules.__new__(_LVRules)
    cdef int n, d, s
    e.version, e.variant, e.text, e.rules, e.ok, e.house = version, variant, text, rules, False, None
    if type(rules) is not _Rules or rules.game != "loo" or _covers is None or not _covers(rules):
        return e
    p = Params(rules)
    shape = p.shape
    if shape.settle_tricks is not _settle_loo or shape.stakes is not _loo_stakes or shape.pays_piles:
        return e
    if shape.games_span_deals or p.max_players >= MAXN or p.min_players < 2:
        return e
    for n in range(p.min_players, p.max_players + 1):
        if sorted(_deck_for(rules, n)) != list(CARDS):
            return e
        for d in range(n):
            for s in range(n):
                if rules.ante_owed(s, d) != p.ante * _lv_share(p, s, d):
                    return e
    for n in range(0, 200):
        if rules.loo_owed(n) != (n if p.loo_penalty == 0 else (p.loo_amount if p.loo_penalty == 1 else min(n, p.loo_amount))):
            return e
    e.p = p
    e.uncontested_rule = shape.uncontested_rule.encode()
    e.no_play_rule = shape.no_play_rule.encode()
    differs = rules.differences()
    e.house = (rules.preset, differs) if differs else None
    e.ok = True
    return e


@cython.final
cdef class LineVerifier:
    """Hand-history lines verified in C while they go on one session deal after deal (``line``), and what the
    reference path verified in between (``sync``): see lanterloo.history.fastline."""
    cdef signed char card2[128 * 128]
    cdef list words  # (spelling, code) of the actions that are not a card
    cdef dict entries
    cdef _LVRules last
    cdef Core core
    cdef LVLine L
    cdef readonly int pending_deals, pending_unfinished
    cdef readonly object last_raw, house
    cdef readonly Py_ssize_t last_line
    cdef readonly int why
    cdef bint open_
    cdef int o_deal, o_dealer, o_n, o_res, o_ended, o_sess_len
    cdef _LVRules o_entry
    cdef long long o_stacks[MAXN]
    cdef long long o_pool
    cdef unsigned char o_sess[LV_SESSION]
    cdef unsigned char o_names[LV_NAMES]
    cdef int o_name_at[MAXN + 1]

    def __init__(self, dict cards, dict codes):
        """``cards``: each card's spelling and index (quick.CARD_INDEX); ``codes``: each action's spelling and core
        code (quick.CORE_CODES)."""
        cdef int i
        for i in range(128 * 128):
            self.card2[i] = -1
        self.words = []
        for text, code in codes.items():
            raw = text.encode("ascii")
            if len(raw) == 2 and raw[0] < 128 and raw[1] < 128 and code < 52 and cards.get(text) == code:
                self.card2[raw[0] * 128 + raw[1]] = code
            elif len(raw) != 2 and 52 <= code < C_CIVIL:
                self.words.append((raw, code))
        self.entries = {}
        self.last = None
        self.core = Core.__new__(Core)
        self.core.codes = []
        self.core.reshuffled = []
        self.open_ = False
        self.pending_deals = self.pending_unfinished = 0

    def take(self):
        """The deals and unfinished deals accepted since last asked, and the line and bytes of the last."""
        got = (self.pending_deals, self.pending_unfinished, self.last_line, self.last_raw)
        self.pending_deals = self.pending_unfinished = 0
        return got

    cdef int _code(self, const unsigned char* s, Py_ssize_t a, Py_ssize_t b):
        cdef Py_ssize_t k = b - a
        cdef bytes w
        if k == 2:
            return self.card2[s[a] * 128 + s[a + 1]]
        for w, code in self.words:
            if len(w) == k and memcmp(s + a, <const char*>w, k) == 0:
                return code
        return -1

    cdef Py_ssize_t _seats(self, const unsigned char* s, Py_ssize_t i, Py_ssize_t n):
        cdef LVLine* L = &self.L
        cdef int k = 0, more = 1, inner, seen
        cdef long long x
        cdef Py_ssize_t a, b
        if i >= n or s[i] != 91:
            return -1
        i += 1
        while more:
            if k >= MAXN - 1:
                return -1
            i = _lv_ws(s, i, n)
            if i >= n or s[i] != 123:
                return -1
            i += 1
            seen = 0
            inner = 1
            while inner:
                i = _lv_key(s, i, n, &a, &b)
                if i < 0:
                    return -1
                if _lv_is(s, a, b, b"seat", 4) and not seen & 1:
                    seen |= 1
                    i = _lv_int(s, i, n, &x, LV_DIGITS)
                    if i < 0 or x != k:
                        return -1
                elif _lv_is(s, a, b, b"name", 4) and not seen & 2:
                    seen |= 2
                    i = _lv_str(s, i, n, &L.name_a[k], &L.name_b[k])
                elif _lv_is(s, a, b, b"stack", 5) and not seen & 4:
                    seen |= 4
                    i = _lv_int(s, i, n, &L.stacks[k], LV_DIGITS)
                else:
                    return -1
                if i < 0:
                    return -1
                i = _lv_next(s, i, n, 125, &inner)
                if i < 0:
                    return -1
            if seen != 7:
                return -1
            k += 1
            i = _lv_next(s, i, n, 93, &more)
            if i < 0:
                return -1
        L.n = k
        return i

    cdef Py_ssize_t _deck(self, const unsigned char* s, Py_ssize_t i, Py_ssize_t n):
        cdef LVLine* L = &self.L
        cdef int k = 0, more = 1, c
        cdef uint64_t seen = 0
        cdef Py_ssize_t a, b
        if i >= n or s[i] != 91:
            return -1
        i += 1
        while more:
            if k >= 52:
                return -1
            i = _lv_str(s, _lv_ws(s, i, n), n, &a, &b)
            if i < 0 or b - a != 2:
                return -1
            c = self.card2[s[a] * 128 + s[a + 1]]
            if c < 0 or (seen >> c) & 1:
                return -1
            seen |= (<uint64_t>1) << c
            L.deck[k] = c
            k += 1
            i = _lv_next(s, i, n, 93, &more)
            if i < 0:
                return -1
        L.ndeck = k
        return i

    cdef Py_ssize_t _actions(self, const unsigned char* s, Py_ssize_t i, Py_ssize_t n):
        cdef LVLine* L = &self.L
        cdef int k = 0, more = 1, c
        cdef long long x
        cdef Py_ssize_t a, b
        if i >= n or s[i] != 91:
            return -1
        i = _lv_ws(s, i + 1, n)
        if i < n and s[i] == 93:
            L.nact = 0
            return i + 1
        while more:
            if k >= LV_MAXA:
                return -1
            i = _lv_ws(s, i, n)
            if i >= n or s[i] != 91:
                return -1
            i = _lv_int(s, _lv_ws(s, i + 1, n), n, &x, 3)
            if i < 0:
                return -1
            i = _lv_ws(s, i, n)
            if i >= n or s[i] != 44:
                return -1
            i = _lv_str(s, _lv_ws(s, i + 1, n), n, &a, &b)
            if i < 0:
                return -1
            c = self._code(s, a, b)
            i = _lv_ws(s, i, n)
            if c < 0 or i >= n or s[i] != 93:
                return -1
            L.act_seat[k] = x
            L.act_code[k] = c
            k += 1
            i = _lv_next(s, i + 1, n, 93, &more)
            if i < 0:
                return -1
        L.nact = k
        return i

    cdef Py_ssize_t _settlement(self, const unsigned char* s, Py_ssize_t i, Py_ssize_t n):
        cdef LVLine* L = &self.L
        cdef int more = 1, seen = 0, bit
        cdef Py_ssize_t a, b
        if i >= n or s[i] != 123:
            return -1
        i += 1
        while more:
            i = _lv_key(s, i, n, &a, &b)
            if i < 0:
                return -1
            bit = 0
            if _lv_is(s, a, b, b"kind", 4):
                bit, i = 1, _lv_str(s, i, n, &L.kind_a, &L.kind_b)
            elif _lv_is(s, a, b, b"rule", 4):
                bit, i = 2, _lv_str(s, i, n, &L.rule_a, &L.rule_b)
            elif _lv_is(s, a, b, b"pool_before", 11):
                bit, i = 4, _lv_int(s, i, n, &L.pool_before, LV_DIGITS)
            elif _lv_is(s, a, b, b"share", 5):
                bit, i = 8, _lv_int(s, i, n, &L.share, LV_DIGITS)
            elif _lv_is(s, a, b, b"won", 3):
                bit, i = 16, _lv_ints(s, i, n, L.won, &L.n_won)
            elif _lv_is(s, a, b, b"paid", 4):
                bit, i = 32, _lv_ints(s, i, n, L.paid, &L.n_paid)
            elif _lv_is(s, a, b, b"owed", 4):
                bit, i = 64, _lv_ints(s, i, n, L.owed, &L.n_owed)
            elif _lv_is(s, a, b, b"looed", 5):
                bit, i = 128, _lv_ints(s, i, n, L.looed, &L.n_looed)
            elif _lv_is(s, a, b, b"pool_after", 10):
                bit, i = 256, _lv_int(s, i, n, &L.pool_after, LV_DIGITS)
            elif _lv_is(s, a, b, b"tricks", 6):
                bit, i = 512, _lv_ints(s, i, n, L.tricks, &L.n_tricks)
            elif _lv_is(s, a, b, b"winners", 7):
                bit, i = 1024, _lv_ints(s, i, n, L.winners, &L.n_winners)
            elif _lv_is(s, a, b, b"points", 6):
                bit, i = 2048, _lv_ints(s, i, n, L.points, &L.n_points)
            elif _lv_is(s, a, b, b"game_over", 9):
                bit, i = 4096, _lv_bool(s, i, n, &L.game_over)
            if i < 0 or bit == 0 or seen & bit:
                return -1
            seen |= bit
            i = _lv_next(s, i, n, 125, &more)
            if i < 0:
                return -1
        return i if seen == S_ALL else -1

    cdef Py_ssize_t _result(self, const unsigned char* s, Py_ssize_t i, Py_ssize_t n):
        cdef LVLine* L = &self.L
        cdef int more = 1, seen = 0, bit
        cdef Py_ssize_t a, b
        if _lv_word(s, i, n, b"null", 4) >= 0:
            L.has_result = 0
            return i + 4
        L.has_result = 1
        if i >= n or s[i] != 123:
            return -1
        i += 1
        while more:
            i = _lv_key(s, i, n, &a, &b)
            if i < 0:
                return -1
            bit = 0
            if _lv_is(s, a, b, b"settlement", 10):
                bit, i = 1, self._settlement(s, i, n)
            elif _lv_is(s, a, b, b"antes", 5):
                bit, i = 2, _lv_ints(s, i, n, L.r_antes, &L.n_antes)
            elif _lv_is(s, a, b, b"stacks", 6):
                bit, i = 4, _lv_ints(s, i, n, L.r_stacks, &L.n_rstacks)
            elif _lv_is(s, a, b, b"pool", 4):
                bit, i = 8, _lv_int(s, i, n, &L.r_pool, LV_DIGITS)
            if i < 0 or bit == 0 or seen & bit:
                return -1
            seen |= bit
            i = _lv_next(s, i, n, 125, &more)
            if i < 0:
                return -1
        return i if seen == R_ALL else -1

    cdef bint _parse(self, bytes raw):
        """Read a whole line into self.L; False for anything the line path does not fully understand."""
        cdef const unsigned char* s = <const unsigned char*><const char*>raw
        cdef Py_ssize_t n = len(raw), i, a, b
        cdef LVLine* L = &self.L
        cdef int more = 1, seen = 0, bit, flag
        cdef long long x
        i = _lv_ws(s, 0, n)
        if i >= n or s[i] != 123:
            return False
        i += 1
        while more:
            i = _lv_key(s, i, n, &a, &b)
            if i < 0:
                return False
            bit = 0
            if _lv_is(s, a, b, b"format", 6):
                i = _lv_str(s, i, n, &a, &b)
                bit = 1 if i >= 0 and _lv_is(s, a, b, b"lanterloo-hand-history", 22) else 0
            elif _lv_is(s, a, b, b"version", 7):
                i = _lv_int(s, i, n, &x, 1)
                L.version = x
                bit = 2 if x == 1 or x == 2 else 0
            elif _lv_is(s, a, b, b"session", 7):
                bit = 4
                if _lv_word(s, i, n, b"null", 4) >= 0:
                    i += 4
                    L.sess_a = -1
                else:
                    i = _lv_str(s, i, n, &L.sess_a, &L.sess_b)
                    if L.sess_b == L.sess_a:  # the empty name: refused
                        return False
            elif _lv_is(s, a, b, b"deal", 4):
                i = _lv_int(s, i, n, &x, 9)
                L.deal_no = x
                bit = 8 if x >= 1 else 0
            elif _lv_is(s, a, b, b"variant", 7):
                bit, i = 16, _lv_str(s, i, n, &L.var_a, &L.var_b)
            elif _lv_is(s, a, b, b"rules", 5):
                L.rules_a = i
                bit, i = 32, _lv_rules(s, i, n)
                L.rules_b = i
            elif _lv_is(s, a, b, b"seats", 5):
                bit, i = 64, self._seats(s, i, n)
            elif _lv_is(s, a, b, b"dealer", 6):
                i = _lv_int(s, i, n, &x, 3)
                bit, L.dealer = 128, x
            elif _lv_is(s, a, b, b"pool", 4):
                bit, i = 256, _lv_int(s, i, n, &L.pool, LV_DIGITS)
            elif _lv_is(s, a, b, b"ante", 4):
                bit, i = 512, _lv_bool(s, i, n, &L.ante)
            elif _lv_is(s, a, b, b"seed", 4):
                bit = 1024
                if _lv_word(s, i, n, b"null", 4) >= 0:
                    i += 4
                else:
                    i = _lv_digits(s, i, n, LV_SEED_DIGITS)
            elif _lv_is(s, a, b, b"deck", 4):
                bit, i = 2048, self._deck(s, i, n)
            elif _lv_is(s, a, b, b"reshuffles", 10):  # none: a reshuffle takes the reference path
                bit = 4096
                if i < n and s[i] == 91:
                    i = _lv_ws(s, i + 1, n)
                    i = i + 1 if i < n and s[i] == 93 else -1
                else:
                    i = -1
            elif _lv_is(s, a, b, b"actions", 7):
                bit, i = 8192, self._actions(s, i, n)
            elif _lv_is(s, a, b, b"result", 6):
                bit, i = 16384, self._result(s, i, n)
            if i < 0 or bit == 0 or seen & bit:  # "fair", a field the format does not define, or one twice
                return False
            seen |= bit
            i = _lv_next(s, i, n, 125, &more)
            if i < 0:
                return False
        return seen == F_ALL and _lv_ws(s, i, n) == n

    cdef _LVRules _entry(self, bytes raw):
        """The entry of the line's rules text, version and variant, if the reference has read them."""
        cdef const char* s = <const char*>raw
        cdef LVLine* L = &self.L
        cdef _LVRules e = self.last
        cdef Py_ssize_t k = L.rules_b - L.rules_a, v = L.var_b - L.var_a
        if e is not None and e.version == L.version and len(e.text) == k and len(e.variant) == v:
            if memcmp(s + L.rules_a, <const char*>e.text, k) == 0 and memcmp(s + L.var_a, <const char*>e.variant, v) == 0:
                return e
        e = self.entries.get((L.version, raw[L.var_a:L.var_b], raw[L.rules_a:L.rules_b]))
        if e is not None:
            self.last = e
        return e

    def sync(self, bytes raw, Py_ssize_t number, rules):
        """The line ``number``, which the reference path has just verified (as deal of ``rules``): remember its rules
        text, and go on from it as the reference's Verifier does (its session is the open one, unless it stands
        alone)."""
        cdef LVLine* L = &self.L
        cdef const unsigned char* s = <const unsigned char*><const char*>raw
        cdef int k, at = 0
        cdef Py_ssize_t i
        cdef _LVRules e
        self.open_ = False
        if not self._parse(raw):
            return
        e = self._entry(raw)
        if e is None:
            if len(self.entries) >= 100:
                self.entries.clear()
            e = _lv_entry(L.version, raw[L.var_a:L.var_b], raw[L.rules_a:L.rules_b], rules)
            self.entries[(L.version, e.variant, e.text)] = e
            self.last = e
        if (e.rules is not rules and e.rules != rules) or L.sess_a < 0 or L.sess_b - L.sess_a > LV_SESSION or L.n >= MAXN:
            return
        for k in range(L.n):
            if at + L.name_b[k] - L.name_a[k] > LV_NAMES:
                return
            self.o_name_at[k] = at
            for i in range(L.name_a[k], L.name_b[k]):
                self.o_names[at] = s[i]
                at += 1
        self.o_name_at[L.n] = at
        self.o_sess_len = L.sess_b - L.sess_a
        for k in range(self.o_sess_len):
            self.o_sess[k] = s[L.sess_a + k]
        self._went_on(e)
        self.open_ = True

    cdef void _went_on(self, _LVRules e):
        """The open session's last deal is now the one in self.L."""
        cdef LVLine* L = &self.L
        cdef int k
        self.o_entry = e
        self.o_deal, self.o_dealer, self.o_n, self.o_res = L.deal_no, L.dealer, L.n, L.has_result
        self.o_ended = 0
        if L.has_result:
            if L.n_rstacks != L.n or L.n_paid != L.n_owed:
                self.o_res = 0  # not a result the reference accepts: the next line takes the reference path
                return
            for k in range(L.n):
                self.o_stacks[k] = L.r_stacks[k]
            for k in range(L.n_paid):
                if L.paid[k] < L.owed[k]:
                    self.o_ended = 1  # a player could not pay in full (SESSION-2)
            self.o_pool = L.r_pool

    def line(self, bytes raw, Py_ssize_t number):
        """1 when line ``number`` is a deal the reference would accept that goes on the open session from its last
        deal (2: the same, played with house rules, ``house``); 0 when the reference path must read it."""
        cdef LVLine* L = &self.L
        cdef const unsigned char* s = <const unsigned char*><const char*>raw
        cdef int k
        cdef _LVRules e
        if not self.open_ or not self._parse(raw):
            self.why = 1701
            return 0
        if L.sess_a < 0 or L.sess_b - L.sess_a != self.o_sess_len or memcmp(s + L.sess_a, self.o_sess, self.o_sess_len):
            self.why = 1702
            return 0
        if L.deal_no != self.o_deal + 1 or not self.o_res or self.o_ended or L.n != self.o_n:
            self.why = 1703
            return 0
        if L.dealer != (self.o_dealer + 1) % L.n or L.pool != self.o_pool:
            self.why = 1704
            return 0
        for k in range(L.n):
            if L.stacks[k] != self.o_stacks[k]:
                self.why = 1705
                return 0
            if L.name_b[k] - L.name_a[k] != self.o_name_at[k + 1] - self.o_name_at[k]:
                self.why = 1706
                return 0
            if memcmp(s + L.name_a[k], self.o_names + self.o_name_at[k], L.name_b[k] - L.name_a[k]):
                self.why = 1707
                return 0
        e = self._entry(raw)
        if e is None or e is not self.o_entry or not e.ok or not self._replays(s, e):
            self.why = 1708
            return 0
        self._went_on(e)
        self.pending_deals += 1
        self.pending_unfinished += not L.has_result
        self.last_raw, self.last_line = raw, number
        if e.house is not None:
            self.house = e.house
            return 2
        return 1

    cdef bint _replays(self, const unsigned char* s_, _LVRules e):
        """Whether the deal in self.L, under the rules of ``e``, replays on the core to exactly its recorded result:
        each action by the seat to act and legal, the settlement, the antes, the stacks and the pool (what
        history.quick.replay and _result_matches check, in C)."""
        cdef LVLine* L = &self.L
        cdef Params p = e.p
        cdef Core c = self.core
        cdef int n = L.n, s, k, code, kind, looed = 0, defended
        cdef long long won[MAXN]
        cdef long long paid[MAXN]
        cdef long long owed[MAXN]
        cdef long long pool, after, loo, share = 0
        if not p.min_players <= n <= p.max_players or L.dealer >= n or not L.ante or L.ndeck != 52:
            self.why = 2701
            return False
        for s in range(n):
            if L.stacks[s] < p.ante * _lv_share(p, s, L.dealer):  # who cannot pay the ante ends the session
                self.why = 2702
                return False
        # Core._setup, from C arrays
        c.p, c.n, c.dealer_, c.eldest_ = p, n, L.dealer, (L.dealer + 1) % n
        c.anted, c.carried, c.pool_ = 1, L.pool, L.pool
        c.record, c.synced, c.shadow, c.seed_, c.rng = False, 0, None, None, None
        for k in range(52):
            c.deck[k] = L.deck[k]
        for s in range(n):
            c.stacks_[s] = c.before[s] = L.stacks[s]
            c.hands[s] = 0
            c.decl[s] = D_NONE
            c.in_play[s] = 0
        c._start()
        for k in range(L.nact):
            code = L.act_code[k]
            if c.phase_ == P_DONE or L.act_seat[k] != c.to_act:
                self.why = 2703
                return False
            if c.phase_ == P_PLAY:
                if code >= 52 or not (c._allowed() >> code) & 1:
                    self.why = 2704
                    return False
            elif c.phase_ != P_DECLARE or code < 52 or not (c._allowed() >> (code - 52)) & 1:
                self.why = 2705
                return False
            c._do(code, 0)
        if not c.is_over:
            return not L.has_result
        kind = c.end_kind
        if not L.has_result or kind == K_FLUSH:
            self.why = 2706
            return False
        pool = c.pool_
        after = _settle_c(c, won, paid)
        for s in range(n):
            owed[s] = 0
        if kind == K_TRICKS:
            # scoring.settle_loo: the loo of each seat in play, from the eldest hand on, that took no trick
            share = pool // p.hand_size
            loo = pool if p.loo_penalty == 0 else (p.loo_amount if p.loo_penalty == 1 else min(pool, p.loo_amount))
            defended = c.dealer_ if c.defended else -1
            for k in range(c.hands_in_play):
                s = c.order[k]
                if c.tricks_won[s] == 0 and s != defended and not (p.f.holder_not_looed and s == c.x.pam_holder):
                    if looed >= L.n_looed or L.looed[looed] != s:
                        self.why = 2707
                        return False
                    looed += 1
                    owed[s] = loo
        if looed != L.n_looed or L.share != share or L.pool_before != pool or L.pool_after != after:
            self.why = 2708
            return False
        if L.game_over != 1 or L.n_points != 0 or L.n_tricks != n or L.n_won != n or L.n_paid != n or L.n_owed != n:
            self.why = 2709
            return False
        if L.n_antes != n or L.n_rstacks != n or L.r_pool != after:
            self.why = 2710
            return False
        for s in range(n):
            if L.won[s] != won[s] or L.paid[s] != paid[s] or L.owed[s] != owed[s] or L.tricks[s] != c.tricks_won[s]:
                self.why = 2711
                return False
            if L.r_antes[s] != c.before[s] - c.stacks_[s] or L.r_stacks[s] != c.stacks_[s] + won[s] - paid[s]:
                self.why = 2712
                return False
        return self._named(s_, e, kind, looed > 0, c.end_winner)

    cdef bint _named(self, const unsigned char* s, _LVRules e, int kind, bint looed, int winner):
        """The settlement's kind, rule and winners, as scoring.settle names them for the way the deal ended."""
        cdef LVLine* L = &self.L
        cdef bytes rule
        if kind == K_TRICKS:
            if not _lv_is(s, L.kind_a, L.kind_b, b"tricks", 6) or L.n_winners != 0:
                return False
            return _lv_is(s, L.rule_a, L.rule_b, b"LOO-POOL-3" if looed else b"LOO-POOL-1", 10)
        if kind == K_NO_PLAY:
            if not _lv_is(s, L.kind_a, L.kind_b, b"no_play", 7) or L.n_winners != 0:
                return False
            rule = e.no_play_rule
        elif kind == K_DEALER_TAKES or kind == K_UNCONTESTED:
            if not _lv_is(s, L.kind_a, L.kind_b, b"uncontested", 11) or L.n_winners != 1 or winner < 0:
                return False
            if L.winners[0] != winner:
                return False
            rule = b"LOO-DECL-3" if kind == K_DEALER_TAKES else e.uncontested_rule
        else:
            return False
        return _lv_is(s, L.rule_a, L.rule_b, <const char*>rule, len(rule))
