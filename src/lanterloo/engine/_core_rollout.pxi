# The search bots' play-outs in C (included by _core.pyx): a sampled world, a core deal, played to its end by the
# heuristic policy of _core_heur_loo.pxi in every seat, as SearchBot._play_out does with fresh HeuristicBots. No
# Python object is made per action: a play-out of a three-card deal is a few microseconds of C. The Loo game whole
# (five-card's exchange, Pam and flushes included) plays out here; Louse in _core_rollout_louse.pxi, chosen by the
# world's type in ``rollout`` and ``playouts``.

#: The games whose worlds ``rollout`` plays out (bots/search.py's ``c_rollouts`` asks, so that an extension built
#: before a game was added here leaves that game's play-outs to Python).
ROLLOUT_GAMES = frozenset({"loo", "louse"})


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
        s = c.to_act
        # a play-out view has no events, so it shows no seat its own discards (thrown = 0), as in Python
        code = _heur_decide(c, st, &mems[s], &arg, 0)
        c._do(code, arg)
    c._settle_c(won, paid)
    return c.stacks_[seat] + won[seat] - paid[seat]


def rollout(world, int seat, actions, style):
    """For each of ``actions`` (legal for ``seat``, the seat to act in ``world``): a copy of ``world`` with the
    action taken, played to its end by the heuristic of ``style`` in every seat (``_play_to_end``). Returns how
    many chips ``seat`` gained or lost from here, one float per action (Louse: the penalty points it avoided, so
    minus those it takes from here on); ``world`` itself is not changed."""
    if type(world) is LouseCore:
        return _rollout_louse(world, seat, actions, style)
    return _rollout_loo(world, seat, actions, style)


def playouts(world, long long count, style):
    """Play ``count`` copies of ``world`` to their end (the benchmark of bench/playouts.py). Returns the sum of the
    stacks (Louse: the penalty points) of seat 0 after them, so that the work cannot be skipped."""
    if type(world) is LouseCore:
        return _playouts_louse(world, count, style)
    return _playouts_loo(world, count, style)


cdef list _rollout_loo(Core world, int seat, actions, style):
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


cdef long long _playouts_loo(Core world, long long count, style) except? -1:
    cdef HStyle st = _style_of(style)
    cdef long long i, total = 0
    cdef Core c
    for i in range(count):
        c = _copy(world)
        c.record = False
        total += _play_to_end(c, &st, 0)
    return total
