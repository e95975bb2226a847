# Louse in the core (included by _core.pyx): the 32-card game of penalty points, a different deal from Loo's
# ``Core`` (no antes, no declarations, the jacks a trump suit of their own, 8 or 10 tricks, points not chips), so a
# class of its own. What it shows rather than decides comes from its shadow, as for ``Core`` (``Shadowed``).
#
# The reference's steps it mirrors: dealing.run_deal (the packets, the widow), play.begin (everyone plays, the
# eldest leads), tricks.louse_follow (follow the suit led, the jacks being one), play._trick_complete, and
# scoring.settle_louse (penalty points, LOUSE-SCORE-1..3, LOUSE-3P-1). Every table is read from the reference.

from lanterloo.engine.scoring import Settlement, louse_card_points, louse_card_values

DEF LN = 4  # Louse is played by 3 or 4
DEF LTRICKS = 10
DEF L_QUEEN = 10
DEF L_DQ = 1 * 13 + L_QUEEN  # the queen of diamonds (LOUSE-SCORE-3)

cdef object _LOUSE_KIND = SettlementKind.LOUSE
cdef tuple _DQ_MODES = ("none", "cancel_own_queens", "cancel_own_bonuses", "cancel_all_queens", "collect_all_queens")


@cython.final
cdef class LouseParams:
    """One Louse Rules in C fields: the pack and packets for 3 and 4 players, the trick tables, the card points."""
    cdef public object rules
    cdef public object shape
    cdef int min_players, max_players, widow_to_last, dq_mode
    cdef int pack_len[LN + 1]
    cdef unsigned char pack[LN + 1][32]
    cdef int packets[LN + 1][3]
    cdef int widow[LN + 1]
    cdef signed char eff[52]
    cdef uint64_t suit_mask[5]
    cdef uint64_t beaten[52]
    cdef int points[52]  # card points, queen bonus not included (LOUSE-SCORE-1)
    cdef int bonus[52]  # a queen's bonus (LOUSE-SCORE-2)
    cdef object stakes  # louse_stakes does not depend on the pool

    def __init__(self, rules):
        cdef int n, i, c
        r = rules
        self.rules = r
        self.shape = shape = shape_of(r)
        self.min_players, self.max_players = r.player_range()
        self.widow_to_last = r.widow_points == "last_trick_winner"
        self.dq_mode = _DQ_MODES.index(r.diamond_queen)
        for n in range(3, LN + 1):
            pack = shape.pack(r, n)
            self.pack_len[n] = len(pack)
            for i in range(len(pack)):
                self.pack[n][i] = pack[i]
            sizes = shape.packets(r, n)
            for i in range(3):
                self.packets[n][i] = sizes[i]
            self.widow[n] = shape.widow(r, n)
        t = shape.trumps(r, None)[2]
        for c in range(52):
            self.eff[c] = t.eff[c]
            self.beaten[c] = t.beaten_by[c]
        for i in range(5):
            self.suit_mask[i] = t.suit_mask[i]
        values = louse_card_values(r.louse_queen_points)
        for c in range(52):
            self.points[c] = louse_card_points(c, r.louse_queen_points)
            self.bonus[c] = values[c] - self.points[c]
        self.stakes = shape.stakes(r, 0)


@cython.final
cdef class LouseCore(Shadowed):
    cdef LouseParams p
    cdef object shadow
    cdef readonly bint is_over
    cdef int n, dealer_, eldest_, to_act, anted, deck_len
    cdef long long carried
    cdef long long before[LN]
    cdef uint64_t hands[LN]
    cdef uint64_t taken[LN]
    cdef int tricks_won[LN]
    cdef unsigned char deck[32]
    cdef uint64_t widow, allowed  # allowed: the legal cards of this state; 0: not computed yet
    cdef int trick_len, led, best_card, best_seat, trick_no
    cdef signed char tr_leader[LTRICKS]
    cdef signed char tr_winner[LTRICKS]
    cdef signed char tr_seat[LTRICKS * LN]
    cdef signed char tr_card[LTRICKS * LN]
    cdef object settled
    cdef bint record
    cdef list codes  # every card played: seat * 64 + card
    cdef int synced

    cdef int _setup(self, LouseParams p, stacks, int dealer, long long pool, deck, seed, rng, ante) except -1:
        cdef int i, j, n = len(stacks)
        cdef double x
        self.p = p
        self.n = n
        self.dealer_ = dealer
        self.eldest_ = (dealer + 1) % n
        self.anted = bool(ante)
        self.carried = pool
        self.codes = []
        self.record = True
        self.synced = 0
        self.shadow = None
        self.deck_len = p.pack_len[n]
        if deck is None:
            if rng is None:
                import random
                rng = random.Random(seed)
            rnd = rng.random
            for i in range(self.deck_len):
                self.deck[i] = p.pack[n][i]
            for i in range(self.deck_len - 1, 0, -1):  # Fisher-Yates on rng.random(), exactly as dealing.shuffled
                x = rnd()
                j = <int>(x * (i + 1))
                self.deck[i], self.deck[j] = self.deck[j], self.deck[i]
        else:
            for i in range(self.deck_len):
                self.deck[i] = deck[i]
        for i in range(n):
            self.before[i] = stacks[i]
        self._start()
        return 0

    cdef void _start(self):
        """No antes (LOUSE has no pool of its own); the packets from the eldest hand on, the widow; everyone plays,
        the eldest leads (LOUSE-DEAL-1)."""
        cdef LouseParams p = self.p
        cdef int n = self.n, s, k, i, pos = 0
        for s in range(n):
            self.hands[s] = self.taken[s] = 0
            self.tricks_won[s] = 0
        for k in range(3):
            for s in range(n):
                for i in range(p.packets[n][k]):
                    self.hands[(self.eldest_ + s) % n] |= (<uint64_t>1) << self.deck[pos]
                    pos += 1
        self.widow = 0
        for i in range(p.widow[n]):
            self.widow |= (<uint64_t>1) << self.deck[pos]
            pos += 1
        self.trick_len = self.trick_no = 0
        self.best_card = self.best_seat = self.led = -1
        self.settled = None
        self.to_act = self.eldest_
        self.is_over = False
        self.allowed = 0

    # ------------------------------------------------------------------------------------------ play

    cdef inline uint64_t _allowed(self):
        """tricks.louse_follow: follow the suit led (the jacks are one) if able, else anything; any card leads."""
        cdef uint64_t hand, f
        if self.allowed == 0 and not self.is_over:
            hand = self.hands[self.to_act]
            f = hand & self.p.suit_mask[self.led] if self.trick_len else 0
            self.allowed = f if f else hand
        return self.allowed

    cdef int _fast_ok(self, action, seat):
        """The card, if the action is a listed one for the seat to act (then no check can refuse it), else -1."""
        cdef int c
        if seat is not None and (type(seat) is not int or seat != self.to_act):
            return -1
        if self.is_over or type(action) is not Play:
            return -1
        c = action.card
        if _PLAYS[c] is not action:  # not the interned, plain Play of the card
            return -1
        return c if (self._allowed() >> c) & 1 else -1

    cdef void _do(self, int card):
        cdef int s = self.to_act, w, i, t = self.trick_no * LN + self.trick_len
        cdef uint64_t bit = (<uint64_t>1) << card, m = 0
        if self.record:
            self.codes.append(s * 64 + card)
        self.allowed = 0
        self.hands[s] &= ~bit
        self.tr_seat[t] = s
        self.tr_card[t] = card
        if self.trick_len == 0:
            self.tr_leader[self.trick_no] = s
            self.led = self.p.eff[card]
            self.best_card = card
            self.best_seat = s
        elif (self.p.beaten[self.best_card] >> card) & 1:
            self.best_card = card
            self.best_seat = s
        self.trick_len += 1
        if self.trick_len < self.n:
            self.to_act = (s + 1) % self.n
            return
        w = self.best_seat
        self.tr_winner[self.trick_no] = w
        self.tricks_won[w] += 1
        for i in range(self.n):
            m |= (<uint64_t>1) << self.tr_card[self.trick_no * LN + i]
        self.taken[w] |= m
        self.trick_len = 0
        self.trick_no += 1
        if not self.hands[w]:
            self.is_over = True
            self.to_act = -1
            return
        self.to_act = w

    def legal_actions(self, seat=None):
        """Every legal action of ``seat`` (default: the current player): a new list each call."""
        cdef uint64_t m
        if seat is not None and (type(seat) is not int or seat != self.to_act):
            seat = validate.seat(seat, self.n)
            if seat != self.to_act:
                return []
        if self.is_over:
            return []
        m = self._allowed()
        got = _PLAY_LISTS.get(m)
        if got is None:
            got = [PLAYS[c] for c in range(52) if (m >> c) & 1]
            if len(_PLAY_LISTS) < 500_000:
                _PLAY_LISTS[m] = got
        return list(<list>got)

    def check(self, action, seat=None):
        """Raise IllegalActionError with the reference's plain reason if ``action`` is not legal now."""
        if self._fast_ok(action, seat) >= 0:
            return None
        self._ref().check(action, seat)  # raises the reference's refusal
        if not (self._allowed() >> action.card) & 1:  # an equal Play built anew is accepted, as apply accepts it
            raise AssertionError(f"the compiled core refused {action!r}, which the reference accepts")
        return None

    def is_legal(self, action, seat=None):
        if self._fast_ok(action, seat) >= 0:
            return True
        return self._ref().is_legal(action, seat)

    def apply(self, action, seat=None):
        """Apply a player's action (checked first; an illegal one changes nothing). Returns its event."""
        cdef int card = self._fast_ok(action, seat), s = self.to_act
        if card < 0:
            # not a listed card for the seat to act: the reference checks it (and raises its own reason); an
            # accepted one (an equal Play built anew) is then played here too
            ev = self._ref().apply(action, seat)
            card = action.card
            if not (self._allowed() >> card) & 1:
                raise AssertionError(f"the compiled core refused {action!r}, which the reference accepts")
            self._do(card)
            self.synced += 1
            return ev
        self._do(card)
        ev = _EVENTS[s * 56 + card]
        if ev is None:
            ev = _EVENTS[s * 56 + card] = _new(Played, (s, action))
        return ev

    # --------------------------------------------------------------------------------------- the shadow

    cdef object _ref(self):
        if self.shadow is None:
            self.shadow = _shadow_class(
                self.p.rules,
                [self.before[s] for s in range(self.n)],
                self.dealer_,
                pool=self.carried,
                deck=[CARDS[self.deck[i]] for i in range(self.deck_len)],
                ante=bool(self.anted),
            )
            self.synced = 0
        _catch_up(self.shadow, self.codes, &self.synced)
        if self.is_over:
            _share_settlement(self.shadow, _louse_settle(self))  # the same Settlement object (_core_settle.pxi)
        return self.shadow

    # ------------------------------------------------------------------------------------ the public surface

    @property
    def rules(self):
        return self.p.rules

    @property
    def shape(self):
        return self.p.shape

    @property
    def players(self):
        return self.n

    @property
    def dealer(self):
        return self.dealer_

    @property
    def eldest(self):
        return self.eldest_

    @property
    def phase(self):
        return _PHASES[P_DONE if self.is_over else P_PLAY]

    @property
    def pool(self):
        return self.carried  # Louse moves no chips

    @property
    def stacks(self):
        return tuple([self.before[s] for s in range(self.n)])

    @property
    def stacks_before(self):
        return [self.before[s] for s in range(self.n)]

    @property
    def settlement(self):
        return _louse_settle(self) if self.is_over else None

    @property
    def actions(self):
        return tuple([(k // 64, PLAYS[k % 64]) for k in self.codes])

    def current_player(self):
        return self.to_act

    def seats_to_act(self):
        return [] if self.is_over else [self.to_act]

    def hand(self, seat):
        if type(seat) is not int or not 0 <= seat < self.n:
            seat = validate.seat(seat, self.n)
        return _cards(self.hands[seat])

    def stock_left(self):
        return 0  # the packets and the widow take the whole pack

    def exchange_limit(self):
        return 0

    def copy(self):
        """An independent copy (for search bots): the C state is copied; the copy makes its own shadow if asked."""
        cdef LouseCore c = LouseCore.__new__(LouseCore)
        c.p = self.p
        c.shadow = None
        c.is_over = self.is_over
        c.n, c.dealer_, c.eldest_, c.to_act, c.anted = self.n, self.dealer_, self.eldest_, self.to_act, self.anted
        c.deck_len, c.carried = self.deck_len, self.carried
        c.before = self.before
        c.hands = self.hands
        c.taken = self.taken
        c.tricks_won = self.tricks_won
        c.deck = self.deck
        c.widow, c.allowed = self.widow, self.allowed
        c.trick_len, c.led, c.best_card, c.best_seat = self.trick_len, self.led, self.best_card, self.best_seat
        c.trick_no = self.trick_no
        c.tr_leader = self.tr_leader
        c.tr_winner = self.tr_winner
        c.tr_seat = self.tr_seat
        c.tr_card = self.tr_card
        c.settled = self.settled
        c.codes = list(self.codes)
        c.record = True
        c.synced = 0
        return c


cdef int _louse_points(LouseCore c, long long* points) except -1:
    """scoring.louse_points in C: each seat's penalty points of the deal (LOUSE-SCORE-1..3, LOUSE-3P-1). Returns
    whether someone took the queen of diamonds."""
    cdef LouseParams p = c.p
    cdef int n = c.n, s, card, holder = -1
    cdef long long base[LN]
    cdef long long queen[LN]
    cdef long long plain[LN]  # the queens' card points, without their bonuses
    cdef long long total = 0
    cdef uint64_t pile
    for s in range(n):
        base[s] = queen[s] = plain[s] = 0
        pile = c.taken[s]
        if c.widow and p.widow_to_last and s == c.tr_winner[c.trick_no - 1]:
            pile |= c.widow
        if (c.taken[s] >> L_DQ) & 1:  # a queen of diamonds from the widow cancels nothing
            holder = s
        while pile:
            card = _low(pile)
            pile &= pile - 1
            if card % 13 == L_QUEEN:
                queen[s] += p.points[card] + p.bonus[card]
                plain[s] += p.points[card]
            else:
                base[s] += p.points[card]
    if holder >= 0:
        if p.dq_mode == 1:
            queen[holder] = 0
        elif p.dq_mode == 2:
            queen[holder] = plain[holder]
        elif p.dq_mode == 3:
            for s in range(n):
                queen[s] = 0
        elif p.dq_mode == 4:
            for s in range(n):
                total += queen[s]
                queen[s] = 0
            queen[holder] = total
    for s in range(n):
        points[s] = base[s] + queen[s]
    return holder >= 0


cdef object _louse_settle(LouseCore c):
    """scoring.settle_louse: nobody pays, the pool is carried, each seat scores its points."""
    cdef long long points[LN]
    cdef int n = c.n, s
    if c.settled is not None:
        return c.settled
    rule = "LOUSE-SCORE-3" if _louse_points(c, points) else "LOUSE-SCORE-1"
    zero = (0,) * n
    c.settled = _new(Settlement, (
        _LOUSE_KIND, rule, c.carried, 0, zero, zero, zero, (), c.carried,
        tuple([c.tricks_won[s] for s in range(n)]), (), tuple([points[s] for s in range(n)]), True,
    ))
    return c.settled


cdef bint _is_pack(LouseParams p, int n, list deck) except -1:
    """Whether ``deck`` (validated cards) holds each card of the pack for ``n`` players once: by bitmask, since a
    search bot deals hundreds of sampled Louse deals a decision and building the pack as a list was most of it."""
    cdef uint64_t want = 0, got = 0, bit
    cdef int i
    if not 3 <= n <= LN or len(deck) != p.pack_len[n]:
        return False
    for i in range(p.pack_len[n]):
        want |= (<uint64_t>1) << p.pack[n][i]
    for c in deck:
        bit = (<uint64_t>1) << <int>c
        if got & bit:
            return False
        got |= bit
    return got == want


cdef object _louse_make(LouseParams p, rules, stacks, dealer, pool, deck, seed, rng, ante):
    """A LouseCore for ``Deal(...)``'s arguments (``make``), or None when the reference must play it."""
    cdef LouseCore c
    if not _plain_arguments(p.min_players, p.max_players, stacks, dealer, pool, deck, seed, rng, ante):
        rules, stacks, dealer, pool, deck, seed, _ = validate.deal_arguments(
            rules, stacks, dealer, pool, deck, seed, rng, ante, None
        )
        if pool >= _BIG or any(x >= _BIG for x in stacks):
            return None  # chips past the core's C integers: the reference's Python ints hold them
        if deck is not None and not _is_pack(p, len(stacks), deck):
            from lanterloo.engine.dealing import deck_order
            deck_order(p.shape.pack(rules, len(stacks)), deck, None)  # raises the reference's refusal
    c = LouseCore.__new__(LouseCore)
    c._setup(p, stacks, dealer, pool, deck, seed, rng, ante)
    return c


def louse_batch(rules, int players, long long deals, uint64_t seed):
    """``batch`` for Louse: random play of whole deals in C, the dealer moving on each deal. Returns the totals:
    ``{"deals", "actions", "tricks" (per seat), "points" (per seat)}``."""
    cdef LouseParams p = LouseParams(rules)
    cdef LouseCore c
    cdef long long d, actions = 0, k
    cdef int i, j, s, n = players
    cdef uint64_t m, state = seed
    cdef long long tricks[LN]
    cdef long long total[LN]
    cdef long long points[LN]
    if not p.min_players <= n <= p.max_players:
        raise ValueError(f"{rules.preset} is not played by {n} players")
    c = LouseCore.__new__(LouseCore)
    c.p, c.n, c.record, c.codes, c.deck_len = p, n, False, [], p.pack_len[n]
    for s in range(n):
        tricks[s] = total[s] = 0
    for d in range(deals):
        c.dealer_ = d % n
        c.eldest_ = (c.dealer_ + 1) % n
        for i in range(c.deck_len):
            c.deck[i] = p.pack[n][i]
        for i in range(c.deck_len - 1, 0, -1):
            j = <int>(_splitmix(&state) % <uint64_t>(i + 1))
            c.deck[i], c.deck[j] = c.deck[j], c.deck[i]
        c._start()
        while not c.is_over:
            m = c._allowed()
            k = <long long>(_splitmix(&state) % <uint64_t>_popcount(m))
            while k > 0:
                m &= m - 1
                k -= 1
            c._do(_low(m))
            actions += 1
        _louse_points(c, points)
        for s in range(n):
            total[s] += points[s]
            tricks[s] += c.tricks_won[s]
    return {
        "deals": deals, "actions": actions, "tricks": [tricks[s] for s in range(n)],
        "points": [total[s] for s in range(n)],
    }
