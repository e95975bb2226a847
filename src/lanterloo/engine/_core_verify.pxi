# Verification's fast path on the core (included by _core.pyx): a hand-history line scanned in one C pass, and a
# recorded deal's actions applied in one C loop (lanterloo.history.quick). Neither refuses anything itself: each
# only says whether the line or the deal is plain enough for the fast path, and anything else goes to the reference
# path (history.reader, history.verifier), which gives the sentence. So the fast path can only be less strict by
# accepting what the reference refuses, which is what the caller's checks and the tests guard against.

cdef extern from "Python.h":
    int PyUnicode_KIND(object)
    void* PyUnicode_DATA(object)
    Py_UCS4 PyUnicode_READ(int, void*, Py_ssize_t)

DEF MAX_NESTING = 4  # history.reader.MAX_DEPTH
DEF MAX_DIGITS = 40  # lanterloo.wholetext.MAX_INT_DIGITS


def scan_line(str text):
    """One pass over a line, as a JSON lexer sees it: ``(plain, start, end)``. ``plain`` is true when no array or
    object nests deeper than MAX_NESTING, no number outside a string has more than MAX_DIGITS digits, and no
    surrogate is in the text or spelled by a ``\\u`` escape: then the fast reader needs none of the reference
    reader's hooks for these. ``start:end`` is the value of the first ``"rules":{`` key of the top-level object
    (-1, -1 when there is none), so that a rules object already read can be recognised by its text."""
    cdef Py_ssize_t i, n = len(text), start = -1, end = -1, run = 0
    cdef int depth = 0, in_string = 0, rules_depth = -1
    cdef Py_UCS4 ch, nx
    cdef int kind = PyUnicode_KIND(text)
    cdef void* data = PyUnicode_DATA(text)
    i = 0
    while i < n:
        ch = PyUnicode_READ(kind, data, i)
        if 0xD800 <= ch <= 0xDFFF:
            return (False, -1, -1)
        if in_string:
            if ch == u'"':
                in_string = 0
            elif ch == u'\\':
                i += 1
                if i + 2 < n and PyUnicode_READ(kind, data, i) == u'u':
                    nx = PyUnicode_READ(kind, data, i + 1)
                    if (nx == u'd' or nx == u'D') and PyUnicode_READ(kind, data, i + 2) in u'89abcdefABCDEF':
                        return (False, -1, -1)
            i += 1
            continue
        if u'0' <= ch <= u'9':
            run += 1
            if run > MAX_DIGITS:
                return (False, -1, -1)
            i += 1
            continue
        run = 0
        if ch == u'"':
            if depth == 1 and start < 0 and text.startswith(u'"rules":{', i):
                start = i + 8
                rules_depth = 2
            in_string = 1
        elif ch == u'{' or ch == u'[':
            depth += 1
            if depth > MAX_NESTING:
                return (False, -1, -1)
        elif ch == u'}' or ch == u']':
            depth -= 1
            if depth == 1 and rules_depth == 2:
                end = i + 1
                rules_depth = -1
        i += 1
    return (True, start, end if end > 0 else -1)


def replay_record(rules, stacks, dealer, pool, ante, list deck, dict cards, list actions, dict codes):
    """The core deal a record replays to, or None when the record is anything but a deal the core covers, dealt
    from the whole pack (``deck``: the cards' texts, looked up in ``cards``) with plain arguments, whose every
    action (``[seat, text]``, the text looked up in ``codes``) is by the seat to act and legal when taken."""
    cdef Core c
    cdef Params p
    cdef Py_ssize_t i
    cdef int seat, code, x
    cdef uint64_t seen = 0
    if type(rules) is not _Rules or type(stacks) is not list or not 2 <= len(stacks) < MAXN or len(deck) != 52:
        return None
    if rules.game != "loo":  # the Loo core's own set-up below; Louse and the rest verify on the other paths
        return None
    hit = _PARAMS.get(id(rules))
    if hit is None or (<tuple>hit)[0] is not rules:
        hit = (rules, Params(rules) if _covers(rules) else None)
        if len(_PARAMS) >= 10_000:
            _PARAMS.clear()
        _PARAMS[id(rules)] = hit
    if (<tuple>hit)[1] is None:
        return None
    p = (<tuple>hit)[1]
    if not _plain_arguments(p.min_players, p.max_players, stacks, dealer, pool, None, None, None, ante):
        return None
    order = [None] * 52
    for i in range(52):
        item = deck[i]
        if type(item) is not str:
            return None
        got = cards.get(item)
        if got is None:
            return None
        x = got
        if not 0 <= x < 52 or (seen >> x) & 1:
            return None
        seen |= (<uint64_t>1) << x
        order[i] = got
    c = Core.__new__(Core)
    c._setup(p, rules, stacks, dealer, pool, order, None, None, ante)
    for i in range(len(actions)):
        item = actions[i]
        if type(item) is not list or len(<list>item) != 2 or type((<list>item)[0]) is not int:
            return None
        got = codes.get((<list>item)[1])
        if got is None or c.phase_ == P_DONE or (<list>item)[0] != c.to_act:
            return None
        code = got
        if c.phase_ == P_PLAY:
            if code >= 52 or not (c._allowed() >> code) & 1:
                return None
        elif code < 52 or not (c._allowed() >> (code - 52)) & 1:
            return None
        c._do(code)
    return c
