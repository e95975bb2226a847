# What every core deal shows rather than decides (included by _core.pyx, before the deal classes): the part of the
# public surface that its shadow, a reference deal, answers. Loo's ``Core`` and Louse's ``LouseCore`` both derive
# from ``Shadowed``; each makes its own shadow (``_ref``), since each keeps its start record in its own C fields.


cdef class Shadowed:
    """The shadow-backed surface of a core deal: the event log, views, the referee's record and the state key."""

    cdef object _ref(self):
        """The reference Deal in this deal's state (made when first asked for, then brought up to date)."""
        raise NotImplementedError

    @property
    def started(self):
        return self._ref().started

    @property
    def events(self):
        return self._ref().events

    def view(self, seat, *, with_events=True):
        return self._ref().view(seat, with_events=with_events)

    def hidden(self):
        return self._ref().hidden()

    def start_record(self):
        return self._ref().start_record()

    def state_key(self):
        return self._ref().state_key()


cdef object _action_of(int code):
    """The action of a core action code: a card (0..51), or 52 + a declaration."""
    return PLAYS[code] if code < 52 else _DECL_ACTIONS[code - 52]


cdef int _catch_up(object shadow, list codes, int* synced) except -1:
    """Apply to the shadow the actions (seat * 64 + code) it has not taken yet."""
    cdef int k
    while synced[0] < len(codes):
        k = codes[synced[0]]
        shadow.apply(_action_of(k % 64), k // 64)
        synced[0] += 1
    return 0
