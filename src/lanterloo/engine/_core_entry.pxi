# The module's entry points (included by _core.pyx): Deal.__new__'s choice, the binding to the Python side, the
# check of the usual arguments, and the batch simulator.

cdef dict _PARAMS = {}
cdef object _Rules = None


cdef object _Deal = None
cdef bint _enabled = True
cdef object _object_new = object.__new__


def enable(bint on):
    """Whether new deals run on the core where it covers their rules (``core.select``)."""
    global _enabled
    _enabled = on


def new(cls, rules, stacks, dealer=0, *, pool=0, deck=None, seed=None, rng=None, ante=True, reshuffles=None):
    """``Deal.__new__`` where the core is built: the same choice as the Python one it replaces (engine/state.py), in C,
    which saves a Python call with keywords on every deal."""
    if _enabled and cls is _Deal:
        made = make(rules, stacks, dealer, pool, deck, seed, rng, ante, reshuffles)
        if made is not None:
            return made
    return _object_new(cls)


def make(rules, stacks, dealer, pool, deck, seed, rng, ante, reshuffles):
    """A core deal for ``Deal(...)``'s arguments, or None when the reference must play it (engine/core.py)."""
    cdef Core c
    cdef Params p
    if type(rules) is not _Rules or reshuffles or (type(stacks) is not list and type(stacks) is not tuple):
        return None
    if reshuffles is not None and rules.exchange_shortfall == "reshuffle":
        # a replay that records no reshuffle where the rules allow one: the reference refuses a reshuffle the
        # record lacks (PAM-EXCH-2), where the core would draw one from its own stream
        return None
    if not 2 <= len(stacks) < MAXN:
        return None
    hit = _PARAMS.get(id(rules))
    if hit is None or (<tuple>hit)[0] is not rules:
        hit = (rules, _params(rules) if _covers(rules) else None)
        if len(_PARAMS) >= 10_000:
            _PARAMS.clear()
        _PARAMS[id(rules)] = hit
    if (<tuple>hit)[1] is None:
        return None
    if type((<tuple>hit)[1]) is LouseParams:
        return _louse_make((<tuple>hit)[1], rules, stacks, dealer, pool, deck, seed, rng, ante)
    if type((<tuple>hit)[1]) is LouParams:
        return _lou_make((<tuple>hit)[1], rules, stacks, dealer, pool, deck, seed, rng, ante)
    p = (<tuple>hit)[1]
    if not _plain_arguments(p.min_players, p.max_players, stacks, dealer, pool, deck, seed, rng, ante):
        # anything but the usual values: the reference's checks refuse or normalise them
        rules, stacks, dealer, pool, deck, seed, _ = validate.deal_arguments(
            rules, stacks, dealer, pool, deck, seed, rng, ante, None
        )
        if deck is not None and sorted(deck) != list(range(52)):
            from lanterloo.engine.dealing import deck_order
            deck_order(list(CARDS), deck, None)  # raises the reference's refusal: not the pack, each card once
        if pool >= _BIG or any(x >= _BIG for x in stacks):
            return None  # chips past the core's C integers: the reference's Python ints hold them
    c = Core.__new__(Core)
    c._setup(p, rules, stacks, dealer, pool, deck, seed, rng, ante)
    return c


cdef object _covers = None


cdef object _params(rules):
    """The C parameters of covered rules: each game shape has its own class (Loo's is Params)."""
    if rules.game == "louse":
        return LouseParams(rules)
    return LouParams(rules) if rules.game == "lou" else Params(rules)
cdef object _BIG = 1 << 62


def bind(rules_class, covers, deal_class, shadow_class):
    """The Rules class, which rules the core covers, the public Deal class and the reference class of the shadow
    (from ``engine/core.py`` and ``engine/state.py``, which this module may not import: they import it)."""
    global _Rules, _covers, _Deal, _shadow_class
    _Rules, _covers, _Deal, _shadow_class = rules_class, covers, deal_class, shadow_class


cdef bint _plain_arguments(int lo, int hi, stacks, dealer, pool, deck, seed, rng, ante):
    """Whether the arguments are the usual ones, which every check of validate.deal_arguments passes (``lo`` to
    ``hi`` players)."""
    cdef Py_ssize_t n = len(stacks)
    if n < lo or n > hi:
        return False
    for x in stacks:
        if type(x) is not int or not 0 <= x < 1_000_000_000_000_000:
            return False
    if type(dealer) is not int or not 0 <= dealer < n or type(pool) is not int or not 0 <= pool < 1_000_000_000_000_000:
        return False
    if deck is not None or type(ante) is not bool:
        return False
    if rng is not None:
        return type(rng) is _Random
    return seed is None or type(seed) is int


cdef list _cards(uint64_t m):
    out = []
    while m:
        out.append(CARDS[_low(m)])
        m &= m - 1
    return out


# --- the batch simulator -----------------------------------------------------------------------------------------
# Whole deals in one C loop: the deck shuffled and every choice made by splitmix64, uniformly among the legal
# actions, through the same _start / _allowed / _do as the public API, with no Python object per action or deal.
# bench/cref.c is the same loop written in plain C (the benchmark's C reference); both draw the same numbers in the
# same order, so for one seed they must give the same totals, which the benchmark checks.

cdef inline uint64_t _splitmix(uint64_t* state) nogil:
    state[0] += <uint64_t>0x9E3779B97F4A7C15
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)


def batch(rules, int players, long long deals, uint64_t seed):
    """Random play of ``deals`` whole deals of ``players`` seats under ``rules`` (which the core must cover), each
    seat's stack topped up to a million before each deal, the pool starting empty and carried. Returns the totals:
    ``{"deals", "actions", "tricks" (per seat), "net" (chips per seat), "pool"}`` (Louse: ``louse_batch``'s)."""
    cdef Params p
    cdef Core c
    cdef long long d, actions = 0, k
    cdef int i, j, s, code, n = players
    cdef uint64_t m, state = seed
    cdef long long tricks[MAXN]
    cdef long long won[MAXN]
    cdef long long paid[MAXN]
    if _covers is None or not _covers(rules):
        raise ValueError("the compiled core does not cover these rules")
    if rules.game == "louse":
        return louse_batch(rules, players, deals, seed)
    if rules.game == "lou":
        return lou_batch(rules, players, deals, seed)
    p = Params(rules)
    if not p.min_players <= n <= p.max_players or n >= MAXN:
        raise ValueError(f"{rules.preset} is not played by {n} players")
    c = Core.__new__(Core)
    c.p, c.n, c.record, c.codes, c.anted, c.pool_ = p, n, False, [], 1, 0
    c.x.rstate = seed ^ <uint64_t>0xD1B54A32D192ED03  # a reshuffle's own stream (_core_five.pxi)
    net = [0] * n
    for s in range(n):
        tricks[s] = 0
    for d in range(deals):
        c.dealer_ = d % n
        c.eldest_ = (c.dealer_ + 1) % n
        c.carried = c.pool_
        for i in range(52):
            c.deck[i] = i
        for i in range(51, 0, -1):
            j = <int>(_splitmix(&state) % <uint64_t>(i + 1))
            c.deck[i], c.deck[j] = c.deck[j], c.deck[i]
        for s in range(n):
            c.stacks_[s] = c.before[s] = 1000000
            c.hands[s] = 0
            c.decl[s] = D_NONE
            c.in_play[s] = 0
        c._start()
        while not c.is_over:
            if c.x.pam >= 0 or c.phase_ == P_EXCHANGE:
                _batch_step(c, &state)  # the civil lead and the exchange are choices too (_core_five.pxi)
            else:
                m = c._allowed()
                k = <long long>(_splitmix(&state) % <uint64_t>_popcount(m))
                while k > 0:
                    m &= m - 1
                    k -= 1
                code = _low(m)
                c._do(code if c.phase_ == P_PLAY else code + 52)
            actions += 1
        c.pool_ = c._settle_c(won, paid)
        for s in range(n):
            net[s] += won[s] - paid[s] - (1000000 - c.stacks_[s])
            tricks[s] += c.tricks_won[s]
    return {"deals": deals, "actions": actions, "tricks": [tricks[s] for s in range(n)], "net": net, "pool": c.pool_}
