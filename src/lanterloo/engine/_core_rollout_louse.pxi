# The search bots' play-outs of Louse worlds in C (included by _core.pyx, dispatched to from _core_rollout.pxi's
# ``rollout`` and ``playouts``): a LouseCore played to its end by the heuristic policy of _core_heur_louse.pxi in every
# seat. The Louse heuristic keeps no memory of the table, so a fresh HeuristicBot per seat is the policy itself.


cdef long long _louse_now(LouseCore c, int seat) except? -1:
    """``seat``'s penalty points in the cards taken so far, as its view counts them (``View.points``): the widow
    is only anyone's when the deal is over, so it is left out here (and ``_louse_points`` then never asks for the
    winner of a trick not played yet)."""
    cdef long long points[LN]
    cdef uint64_t widow = c.widow
    c.widow = 0
    try:
        _louse_points(c, points)
    finally:
        c.widow = widow
    return points[seat]


cdef long long _louse_to_end(LouseCore c, HStyle* st, LH* h, int seat) except? -1:
    """Play ``c`` to its end with the heuristic in every seat; ``seat``'s penalty points of the deal."""
    cdef long long points[LN]
    while not c.is_over:
        c._do(_louse_decide(c, st, h))
    _louse_points(c, points)
    return points[seat]


cdef list _rollout_louse(LouseCore world, int seat, actions, style):
    """``rollout`` for Louse: minus the penalty points ``seat`` takes from here after each action (the search
    maximises its gain, and fewer points are better)."""
    cdef HStyle st = _style_of(style)
    cdef LH h
    cdef LouseCore c
    cdef int card
    cdef long long before
    if world.is_over or world.to_act != seat:
        raise ValueError(f"seat {seat} is not the seat to act in this deal")
    _lh_load(&h, world.p)
    before = _louse_now(world, seat)
    out = []
    for action in actions:
        card = world._fast_ok(action, seat)
        if card < 0:
            raise ValueError(f"{action!r} is not legal for seat {seat} now")
        c = world.copy()
        c.record = False  # no cards kept: nothing will ask this copy for its record
        c._do(card)
        out.append(<double>(before - _louse_to_end(c, &st, &h, seat)))
    return out


cdef long long _playouts_louse(LouseCore world, long long count, style) except? -1:
    cdef HStyle st = _style_of(style)
    cdef LH h
    cdef long long i, total = 0
    cdef LouseCore c
    _lh_load(&h, world.p)
    for i in range(count):
        c = world.copy()
        c.record = False
        total += _louse_to_end(c, &st, &h, 0)
    return total
