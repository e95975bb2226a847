# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled core: one Loo deal with C-typed state behind the public ``Deal`` surface (docs/architecture.md,
"The compiled core").

It owns what random play touches on every action: the hands as bitmasks, the declarations, the trick, the pool and
the stacks, the phase, legality and apply. No Python object is made per action but the event ``apply`` returns and
the copy of the legal list a caller may keep. Everything else (the event log, views, the referee's record, the
settlement, the plain-words reason for a refusal) comes from a *shadow*: a pure-Python reference ``Deal`` rebuilt
from the start record and brought up to date with the actions taken since it was last asked, only when one of those
is asked for. So a refusal's sentence, a view and the settlement are the reference's own, by construction.

``Params`` holds one ``Rules`` in C fields; ``lanterloo.engine.core`` decides which rules the core covers.
"""

cimport cython
from libc.stdint cimport uint64_t

from lanterloo import validate
from lanterloo.actions import DEFEND_MISS, PASS, PLAYS, STAND, TAKE_MISS, DefendMiss, Pass, Play, Stand, TakeMiss
from lanterloo.cards import CARDS
from lanterloo.engine.events import Declared, Played, Settled
from lanterloo.engine.phases import Phase, TrickRecord
from lanterloo.engine.scoring import Outcome, SettlementKind, settle
from lanterloo.engine.shape import shape_of

DEF MAXN = 24
DEF MAXT = 10  # tricks a deal can have
DEF D_NONE = -1
DEF D_PASS = 0
DEF D_PLAY = 1
DEF D_MISS = 2
DEF D_DEFEND = 3
DEF P_DECLARE = 0
DEF P_PLAY = 1
DEF P_DONE = 2
DEF P_EXCHANGE = 3
DEF NO_TRUMP = -1
DEF ACE = 12
DEF KING = 11
DEF K_DEALER_TAKES = 0
DEF K_UNCONTESTED = 1
DEF K_NO_PLAY = 2
DEF K_TRICKS = 3
DEF K_FLUSH = 4
DEF C_CIVIL = 56  # action codes past the cards and declarations: the ace of trumps led with "Pam, be civil"
DEF C_DISCARD = 57  # an exchange (its mask kept beside the code)

cdef object _new = tuple.__new__
cdef tuple _PHASES = (Phase.DECLARE, Phase.PLAY, Phase.DONE, Phase.EXCHANGE)
cdef tuple _KINDS = (
    SettlementKind.UNCONTESTED, SettlementKind.UNCONTESTED, SettlementKind.NO_PLAY, SettlementKind.TRICKS,
    SettlementKind.FLUSH,
)
cdef tuple _DECL_ACTIONS = (PASS, STAND, TAKE_MISS, DEFEND_MISS)
cdef dict _DECL_CODE = {Pass: D_PASS, Stand: D_PLAY, TakeMiss: D_MISS, DefendMiss: D_DEFEND}
# The legal declaration lists by their 4-bit mask (pass, play, Miss, defend): shared, handed out as copies.
cdef list _DECL_LISTS = [[_DECL_ACTIONS[i] for i in range(4) if (m >> i) & 1] for m in range(16)]
cdef dict _PLAY_LISTS = {}
cdef tuple _PLAYS = PLAYS
cdef list _EVENTS = [None] * (MAXN * 56)
cdef object _shadow_class = None
from random import Random as _Random


cdef inline int _popcount(uint64_t m) nogil:
    return __builtin_popcountll(m)


cdef inline int _low(uint64_t m) nogil:
    return __builtin_ctzll(m)


cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil


include "_core_five_types.pxi"
include "_core_params.pxi"
include "_core_shadow.pxi"


@cython.final  # not subclassed: its C methods are called directly, not through a table
cdef class Core(Shadowed):
    cdef Params p
    cdef object shadow
    cdef readonly bint is_over
    cdef int n, dealer_, eldest_, phase_, to_act, anted, carried, pool_
    cdef long long stacks_[MAXN]
    cdef long long before[MAXN]
    cdef uint64_t hands[MAXN]
    cdef signed char decl[MAXN]
    cdef signed char in_play[MAXN]
    cdef signed char order[MAXN]
    cdef signed char next_seat[MAXN]
    cdef unsigned char deck[52]
    cdef uint64_t miss_, dead, played
    cdef int turnup_, trump, miss_taker, defended, forced_all, miss_withdrawn, stock_from
    cdef int trick_len, trick_first, best_card, best_seat, leader, trick_no, hands_in_play
    cdef uint64_t allowed  # the legal cards (PLAY) or declarations (DECLARE) of this state; 0: not computed yet
    cdef int end_kind, end_winner  # how the deal ended (an index of _KINDS), and an uncontested winner or -1
    cdef signed char tr_leader[MAXT]
    cdef signed char tr_winner[MAXT]
    cdef signed char tr_seat[MAXT * MAXN]
    cdef signed char tr_card[MAXT * MAXN]
    cdef int tricks_won[MAXN]
    cdef uint64_t taken[MAXN]
    cdef object settled  # the Settlement, made when first asked for
    cdef bint record  # keep the action codes (False only in the batch loop, which makes no Python object per action)
    cdef list codes  # every action so far: seat * 64 + code (a card, or 52 + a declaration)
    cdef int synced  # how many of them the shadow has taken
    cdef Five x  # Pam, the exchange, the flush check (_core_five.pxi)
    cdef object rng, seed_  # the deal's random source, for a reshuffle of the stock (PAM-EXCH-2)
    cdef list reshuffled  # the order of each reshuffle so far, for the shadow

    cdef int _setup(self, Params p, rules, stacks, dealer, pool, deck, seed, rng, ante) except -1:
        cdef int i, j, s, n
        cdef double x
        stack_list = stacks
        order = deck
        n = len(stack_list)
        self.p = p
        self.n = n
        self.dealer_ = dealer
        self.eldest_ = (dealer + 1) % n
        self.anted = bool(ante)
        self.carried = self.pool_ = pool
        self.codes = []
        self.record = True
        self.synced = 0
        self.shadow = None
        self.reshuffled = []
        self.seed_ = seed
        if order is None:
            if rng is None:
                rng = _Random(seed)
            rnd = rng.random
            for i in range(52):
                self.deck[i] = i
            for i in range(51, 0, -1):  # Fisher-Yates on rng.random(), exactly as dealing.shuffled
                x = rnd()
                j = <int>(x * (i + 1))
                self.deck[i], self.deck[j] = self.deck[j], self.deck[i]
        else:
            for i in range(52):
                self.deck[i] = order[i]
        self.rng = rng
        for s in range(n):
            self.stacks_[s] = self.before[s] = stack_list[s]
            self.hands[s] = 0
            self.decl[s] = D_NONE
            self.in_play[s] = 0
        self._start()
        return 0

    cdef void _start(self):
        """The antes, the deal, the turn-up and the forced declarations, as the reference's automatic steps."""
        cdef Params p = self.p
        cdef int n = self.n, s, k, pos = 0, share
        cdef long long owed
        if self.anted and p.ante > 0:
            for s in range(n):
                share = 1 if s == self.dealer_ else (0 if p.ante_mode == 1 else 1)
                if s == self.dealer_ and p.ante_mode == 2:
                    share = 2
                owed = p.ante * share
                if owed > self.stacks_[s]:
                    owed = self.stacks_[s]
                self.stacks_[s] -= owed
                self.pool_ += owed
        self.miss_ = self.dead = self.played = 0
        for k in range(p.hand_size):
            for s in range(n):
                self.hands[(self.eldest_ + s) % n] |= (<uint64_t>1) << self.deck[pos]
                pos += 1
            if p.miss:
                self.miss_ |= (<uint64_t>1) << self.deck[pos]
                pos += 1
        self.turnup_ = -1
        self.trump = NO_TRUMP
        if p.turnup:
            self.turnup_ = self.deck[pos]
            self.trump = self.turnup_ // 13
            pos += 1
        self.stock_from = pos
        _five_start(self)
        self.miss_taker = -1
        self.defended = self.forced_all = self.miss_withdrawn = 0
        self.trick_len = self.trick_no = self.hands_in_play = 0
        self.best_card = self.best_seat = self.leader = -1
        club = p.club_law and self.trump == 0 and p.turnup
        if (self.carried == 0 and p.bold_stand == 1) or club:
            self.forced_all = 1
            self.miss_withdrawn = p.miss and (club or p.withdraw_miss)
        for s in range(n):
            self.tricks_won[s] = 0
            self.taken[s] = 0
        self.end_winner = -1
        self.settled = None
        self.to_act = self.eldest_
        self.phase_ = P_DECLARE
        self.is_over = False
        self.allowed = 0

    # ------------------------------------------------------------------------------------------ legality

    cdef inline uint64_t _allowed(self):
        if self.allowed == 0 and self.phase_ != P_DONE:
            self.allowed = _decl_mask(self) if self.phase_ == P_DECLARE else _play_mask(self)
        return self.allowed

    cdef int _code_of(self, action):
        """The core's code of a listed action object (by identity), or -1: anything else takes the slow path."""
        cdef int c
        if type(action) is Play:
            c = action.card
            if _PLAYS[c] is action:  # the interned, plain Play of the card
                return c
            return C_CIVIL if _PLAYS_CIVIL[c] is action else -1
        if type(action) is Discard:
            return C_DISCARD
        for i in range(4):
            if action is _DECL_ACTIONS[i]:
                return 52 + i
        return -1

    cdef int _fast_ok(self, action, seat):
        """Whether the action is one the core lists now, for the seat to act: then no check can refuse it."""
        cdef int code
        if seat is not None and (type(seat) is not int or seat != self.to_act):
            return -1
        if self.phase_ == P_DONE:
            return -1
        code = self._code_of(action)
        if code < 0:
            return -1
        if self.phase_ == P_EXCHANGE:
            return code if code == C_DISCARD and _discard_ok(self, action) else -1
        if self.phase_ == P_PLAY:
            if code == C_CIVIL:
                code = action.card
                return C_CIVIL if code == _civil_choice(self) and (self._allowed() >> code) & 1 else -1
            return code if code < 52 and (self._allowed() >> code) & 1 else -1
        return code if 52 <= code < C_CIVIL and (self._allowed() >> (code - 52)) & 1 else -1

    def legal_actions(self, seat=None):
        """Every legal action of ``seat`` (default: the current player): a new list each call."""
        cdef uint64_t m
        if seat is not None and (type(seat) is not int or seat != self.to_act):
            seat = validate.seat(seat, self.n)
            if seat != self.to_act:
                return []
        if self.phase_ == P_DONE:
            return []
        if self.phase_ == P_EXCHANGE:
            return _exchange_list(self)
        m = self._allowed()
        if self.phase_ == P_DECLARE:
            return list(<list>_DECL_LISTS[m])
        civil = _civil_choice(self) if self.x.pam >= 0 else -1
        if civil >= 0 and (m >> civil) & 1:
            # the ace of trumps may be led with the call or without it: both are listed, the call second (PAM-2)
            return _play_list(m, civil)
        if _popcount(m) > 3:
            return _play_list(m, -1)  # as fast as a cached list's copy, and five-card hands have too many masks
        key = m
        got = _PLAY_LISTS.get(key)
        if got is None:
            got = [PLAYS[c] for c in range(52) if (m >> c) & 1]
            if len(_PLAY_LISTS) < 500_000:
                _PLAY_LISTS[key] = got
        return list(<list>got)

    def check(self, action, seat=None):
        """Raise IllegalActionError with the reference's plain reason if ``action`` is not legal now."""
        if self._fast_ok(action, seat) >= 0:
            return None
        self._ref().check(action, seat)  # raises the reference's refusal
        self._accepted(action)  # an equal action built anew (not the interned one): legal here too
        return None

    def is_legal(self, action, seat=None):
        if self._fast_ok(action, seat) >= 0:
            return True
        return self._ref().is_legal(action, seat)

    def apply(self, action, seat=None):
        """Apply a player's action (checked first; an illegal one changes nothing). Returns its event."""
        cdef int code = self._fast_ok(action, seat), s = self.to_act
        if code < 0:
            # Not a listed action for the seat to act: the reference checks it (and raises its own reason), and
            # an accepted one (an equal action built anew) is then applied here too.
            ev = self._ref().apply(action, seat)
            code = self._accepted(action)
            self._do(code, self._code_arg(code, action))
            self.synced += 1
            return ev
        self._do(code, self._code_arg(code, action))
        if code >= C_CIVIL:
            if code == C_DISCARD:
                return _exchanged_event(self, s, action)
            return _new(Played, (s, action))
        if code >= 52 + D_MISS:
            return _new(Declared, (s, action, tuple(_cards(self.hands[s]))))
        # Events are immutable records: the plain ones are made once per (seat, action) and shared.
        ev = _EVENTS[s * 56 + code]
        if ev is None:
            ev = _EVENTS[s * 56 + code] = _new(Played, (s, action)) if code < 52 else _new(Declared, (s, action, ()))
        return ev

    cdef int _accepted(self, action) except -1:
        """The code of an action the reference has just accepted (an equal action built anew, not the interned
        one), which the core must list too."""
        if isinstance(action, Play):
            action = _PLAYS_CIVIL[action.card] if action.civil else PLAYS[action.card]
        elif not isinstance(action, Discard):
            action = _DECL_ACTIONS[_DECL_CODE[type(action)]]
        code = self._fast_ok(action, None)
        if code < 0:
            raise AssertionError(f"the compiled core refused {action!r}, which the reference accepts")
        return code

    # ----------------------------------------------------------------------------------------------- apply

    cdef uint64_t _code_arg(self, int code, action):
        """What an action code needs beside it: the card of a civil lead, the mask of a discard."""
        if code == C_CIVIL:
            return action.card
        return action.mask if code == C_DISCARD else 0

    cdef void _do(self, int code, uint64_t arg=0):
        cdef int s = self.to_act
        if self.record:
            # seat and code in the low 11 bits (seat * 64 + code), the civil card or the discard above them
            self.codes.append((arg << 11) | <uint64_t>(s * 64 + code))
        self.allowed = 0
        if code < 52:
            self._play(s, code, 0)
        elif code < C_CIVIL:
            self._declare(s, code - 52)
        elif code == C_CIVIL:
            self._play(s, <int>arg, 1)
        else:
            _exchange(self, s, arg)

    cdef void _declare(self, int s, int d):
        self.decl[s] = d
        if d == D_MISS or d == D_DEFEND:
            self.dead |= self.hands[s]
            self.hands[s] = self.miss_
            self.miss_ = 0
            if d == D_MISS:
                self.miss_taker = s
            else:
                self.defended = 1
        if d == D_PASS:
            self.dead |= self.hands[s]
            self.hands[s] = 0
        else:
            self.in_play[s] = 1
        _after_declaration(self, s, d)  # the exchange, the next declarer, the flush check, play (_core_five.pxi)

    cdef void _play(self, int s, int card, int called):
        cdef uint64_t bit = (<uint64_t>1) << card
        cdef int w
        self.hands[s] &= ~bit
        cdef int t = self.trick_no * MAXN + self.trick_len, i
        self.tr_seat[t] = s
        self.tr_card[t] = card
        if self.trick_len == 0:
            self.tr_leader[self.trick_no] = s
            if self.trump == NO_TRUMP:  # IRISH-TRUMP-1: the first card led sets trumps
                self.trump = card // 13
                self.x.trump_mask = (<uint64_t>0x1FFF) << (self.trump * 13)
            # PAM-2: the call, or under pam_civil=auto every lead of the ace of trumps
            self.x.civil = self.x.pam >= 0 and (called or (not self.p.f.civil_ask and card == self.trump * 13 + ACE))
            self.trick_first = card
            self.best_card = card
            self.best_seat = s
        elif (_beaten_by(self, self.best_card) >> card) & 1 and not (
            # a civil Pam played as the last card may lose (PAM-2)
            card == self.x.pam and self.x.civil and self.p.f.civil_last_loses and not self.hands[s]
        ):
            self.best_card = card
            self.best_seat = s
        self.played |= bit
        self.trick_len += 1
        if self.trick_len < self.hands_in_play:
            self.to_act = self.next_seat[s]
            return
        w = self.best_seat
        self.tr_winner[self.trick_no] = w
        self.x.tr_civil[self.trick_no] = self.x.civil
        self.x.civil = 0
        self.tricks_won[w] += 1
        for i in range(self.trick_len):
            self.taken[w] |= (<uint64_t>1) << self.tr_card[self.trick_no * MAXN + i]
        self.trick_len = 0
        self.trick_no += 1
        if not self.hands[w]:
            self._end(K_TRICKS)
            return
        self.to_act = w

    cdef void _end(self, int kind):
        """The deal is over: the settlement is made when first asked for, by the reference's own ``settle``."""
        self.end_kind = kind
        self.phase_ = P_DONE
        self.is_over = True
        self.to_act = -1

    # --------------------------------------------------------------------------------------- the shadow

    cdef object _ref(self):
        """The reference Deal in this deal's state: made from the start record when first needed, then only the
        actions since it was last asked are applied to it."""
        if self.shadow is None:
            self.shadow = _shadow_class(
                self.p.rules,
                [self.before[s] for s in range(self.n)],
                self.dealer_,
                pool=self.carried,
                deck=[CARDS[self.deck[i]] for i in range(52)],
                ante=bool(self.anted),
                reshuffles=self.reshuffled,  # the orders this deal's reshuffles drew, and later ones as they come
            )
            self.synced = 0
        _catch_up(self.shadow, self.codes, &self.synced)
        if self.is_over:
            _share_settlement(self.shadow, _settle(self))
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
        return _PHASES[self.phase_]

    cdef object _settle(self):
        return _settle(self)

    cdef long long _settle_c(self, long long* won, long long* paid):
        return _settle_c(self, won, paid)

    @property
    def pool(self):
        if self.is_over:
            self._settle()
        return self.pool_

    @property
    def stacks(self):
        if self.is_over:
            self._settle()
        return tuple([self.stacks_[s] for s in range(self.n)])

    @property
    def stacks_before(self):
        return [self.before[s] for s in range(self.n)]

    @property
    def settlement(self):
        return self._settle() if self.is_over else None

    @property
    def actions(self):
        return tuple([_action_of(k) for k in self.codes])

    def current_player(self):
        return self.to_act

    def seats_to_act(self):
        return [] if self.phase_ == P_DONE else [self.to_act]

    def hand(self, seat):
        if type(seat) is not int or not 0 <= seat < self.n:
            seat = validate.seat(seat, self.n)
        return _cards(self.hands[seat])

    def stock_left(self):
        return self.x.stock_len - self.x.stock_pos

    def exchange_limit(self):
        return _xlimit(self) if self.phase_ == P_EXCHANGE else 0

    def copy(self):
        """An independent copy (for search bots): the C state is copied; the copy makes its own shadow if asked."""
        return _copy(self)


include "_core_legal.pxi"
include "_core_five.pxi"
include "_core_settle.pxi"
include "_core_entry.pxi"
include "_core_louse.pxi"
include "_core_lou.pxi"
include "_core_lou_end.pxi"
include "_core_verify.pxi"
include "_core_jsonline.pxi"
include "_core_verifyline.pxi"
include "_core_sim.pxi"
include "_core_records.pxi"
include "_core_heur.pxi"
include "_core_heur_five.pxi"
include "_core_heur_loo.pxi"
include "_core_heur_louse.pxi"
include "_core_heur_lou.pxi"
include "_core_sim_lou.pxi"
include "_core_rollout.pxi"
include "_core_rollout_louse.pxi"
