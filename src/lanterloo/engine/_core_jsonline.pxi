# Verification's line path, its reading (included by _core.pyx before _core_verifyline.pxi): one hand-history
# line, as bytes, read into the C record LVLine in one pass, with no Python object per token. The reader is JSON's
# grammar for exactly the record docs/hand-history.md defines, and narrower: it gives up (False, -1) on anything it
# does not fully understand (an escape, a byte past ASCII, a sign, a fraction, an exponent, a long number, a field
# the format does not define or one given twice, "fair", a reshuffle), and the reference path reads that line.

from libc.string cimport memcmp

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


# the words and cards of the actions, by spelling (LineVerifier fills them from history.quick's tables)
cdef signed char _lv_card2[128 * 128]
cdef list _lv_words = []


cdef int _lv_code(const unsigned char* s, Py_ssize_t a, Py_ssize_t b):
    cdef Py_ssize_t k = b - a
    cdef bytes w
    if k == 2:
        return _lv_card2[s[a] * 128 + s[a + 1]]
    for w, code in _lv_words:
        if len(w) == k and memcmp(s + a, <const char*>w, k) == 0:
            return code
    return -1


cdef Py_ssize_t _lv_seats(LVLine* L, const unsigned char* s, Py_ssize_t i, Py_ssize_t n):
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


cdef Py_ssize_t _lv_deck(LVLine* L, const unsigned char* s, Py_ssize_t i, Py_ssize_t n):
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
        c = _lv_card2[s[a] * 128 + s[a + 1]]
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


cdef Py_ssize_t _lv_actions(LVLine* L, const unsigned char* s, Py_ssize_t i, Py_ssize_t n):
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
        c = _lv_code(s, a, b)
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


cdef Py_ssize_t _lv_settlement(LVLine* L, const unsigned char* s, Py_ssize_t i, Py_ssize_t n):
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


cdef Py_ssize_t _lv_result(LVLine* L, const unsigned char* s, Py_ssize_t i, Py_ssize_t n):
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
            bit, i = 1, _lv_settlement(L, s, i, n)
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


cdef bint _lv_parse(LVLine* L, bytes raw, bytes known):
    """Read a whole line into ``L``; False for anything the line path does not fully understand. ``known``: a rules
    text this reader found in a line before (or None): the same bytes here are the same object, which ends where
    it ends there, so they are compared, not read again (three quarters of a line's bytes)."""
    cdef const unsigned char* s = <const unsigned char*><const char*>raw
    cdef Py_ssize_t n = len(raw), i, a, b, k
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
            k = len(known) if known is not None else 0
            if k and i + k <= n and memcmp(s + i, <const char*>known, k) == 0:
                bit, i = 32, i + k
            else:
                bit, i = 32, _lv_rules(s, i, n)
            L.rules_b = i
        elif _lv_is(s, a, b, b"seats", 5):
            bit, i = 64, _lv_seats(L, s, i, n)
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
            bit, i = 2048, _lv_deck(L, s, i, n)
        elif _lv_is(s, a, b, b"reshuffles", 10):  # none: a reshuffle takes the reference path
            bit = 4096
            if i < n and s[i] == 91:
                i = _lv_ws(s, i + 1, n)
                i = i + 1 if i < n and s[i] == 93 else -1
            else:
                i = -1
        elif _lv_is(s, a, b, b"actions", 7):
            bit, i = 8192, _lv_actions(L, s, i, n)
        elif _lv_is(s, a, b, b"result", 6):
            bit, i = 16384, _lv_result(L, s, i, n)
        if i < 0 or bit == 0 or seen & bit:  # "fair", a field the format does not define, or one twice
            return False
        seen |= bit
        i = _lv_next(s, i, n, 125, &more)
        if i < 0:
            return False
    return seen == F_ALL and _lv_ws(s, i, n) == n
