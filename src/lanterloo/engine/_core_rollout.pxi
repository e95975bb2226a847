# The search bots' play-outs in C (included by _core.pyx): a sampled world, a core deal, played to its end by the
# heuristic policy of _core_heur_loo.pxi in every seat, as SearchBot._play_out does with fresh HeuristicBots. No
# Python object is made per action: a play-out of a three-card deal is a few microseconds of C.


cdef long long _play_to_end(Core c, HStyle* st, int seat) except? -1:
    """Play ``c`` to its end with the heuristic in every seat, each with a memory of its own that starts empty (a
    fresh HeuristicBot per seat, per play-out: what one play-out shows must not carry into the next). Returns
    ``seat``'s stack after the settlement, which counts the chips the deal leaves in the pool against everyone."""
    cdef Mem mems[MAXN]
    cdef long long won[MAXN]
    cdef long long paid[MAXN]
    cdef int s, code
    cdef uint64_t arg
    for s in range(c.n):
        for code in range(c.n):  # only the seats below n are read
            mems[s].seen[code] = 0
            mems[s].stood[code] = 0
    while not c.is_over:
        if c.phase_ == P_EXCHANGE:
            raise ValueError("the C play-out covers the Loo game without the exchange")
        s = c.to_act
        code = _heur_decide(c, st, &mems[s], &arg, 0)  # a play-out view has no events: no own discards shown
        c._do(code, arg)
    c._settle_c(won, paid)
    return c.stacks_[seat] + won[seat] - paid[seat]


def rollout(world_, int seat, actions, style):
    """For each of ``actions`` (legal for ``seat``, the seat to act in ``world``): a copy of ``world`` with the
    action taken, played to its end by the heuristic of ``style`` in every seat (``_play_to_end``). Returns how
    many chips ``seat`` gained or lost from here, one float per action; ``world`` itself is not changed."""
    if type(world_) is LouCore:  # Lou: _core_heur_lou.pxi
        return _lou_rollout(world_, seat, actions, style)
    cdef Core world = world_
    cdef HStyle st = _style_of(style)
    cdef Core c
    cdef int code
    cdef long long before
    if world.is_over or world.to_act != seat:
        raise ValueError(f"seat {seat} is not the seat to act in this deal")
    before = world.stacks_[seat]
    out = []
    for action in actions:
        code = world._fast_ok(action, seat)
        if code < 0:
            raise ValueError(f"{action!r} is not legal for seat {seat} now")
        c = _copy(world)
        c.record = False  # no action codes kept: nothing will ask this copy for its record
        c._do(code, world._code_arg(code, action))
        out.append(<double>(_play_to_end(c, &st, seat) - before))
    return out


def playouts(Core world, long long count, style):
    """Play ``count`` copies of ``world`` to their end (the benchmark of bench/playouts.py). Returns the sum of the
    stacks of seat 0 after them, so that the work cannot be skipped."""
    cdef HStyle st = _style_of(style)
    cdef long long i, total = 0
    cdef Core c
    for i in range(count):
        c = _copy(world)
        c.record = False
        total += _play_to_end(c, &st, 0)
    return total
