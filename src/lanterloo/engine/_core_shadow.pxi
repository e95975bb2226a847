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


cdef int _catch_up(object shadow, list codes, int* synced) except -1:
    """Apply to the shadow the actions (codes as ``Core._do`` records them; ``_action_of`` reads them) it has not
    taken yet."""
    while synced[0] < len(codes):
        seat, action = _action_of(codes[synced[0]])
        shadow.apply(action, seat)
        synced[0] += 1
    return 0
