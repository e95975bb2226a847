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
from lanterloo.engine.events import Declared, Played
from lanterloo.engine.phases import Phase, TrickRecord
from lanterloo.engine.scoring import Outcome, SettlementKind, settle
from lanterloo.engine.shape import shape_of

DEF MAXN = 24
DEF D_NONE = -1
DEF D_PASS = 0
DEF D_PLAY = 1
DEF D_MISS = 2
DEF D_DEFEND = 3
DEF P_DECLARE = 0
DEF P_PLAY = 1
DEF P_DONE = 2
DEF NO_TRUMP = -1
DEF ACE = 12
DEF KING = 11
DEF K_DEALER_TAKES = 0
DEF K_UNCONTESTED = 1
DEF K_NO_PLAY = 2
DEF K_TRICKS = 3

cdef object _new = tuple.__new__
cdef tuple _PHASES = (Phase.DECLARE, Phase.PLAY, Phase.DONE)
cdef tuple _KINDS = (SettlementKind.UNCONTESTED, SettlementKind.UNCONTESTED, SettlementKind.NO_PLAY, SettlementKind.TRICKS)
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


@cython.final
cdef class Params:
    """One covered Rules, in C fields: read on every action, decided once per Rules object."""
    cdef public object rules
    cdef public object shape
    cdef int hand_size, miss, turnup, ante, ante_mode, bold_stand, withdraw_miss, club_law, takes_all_pass
    cdef int dealer_must_play, defend_miss, miss_holder_leads, first_lead_forced, first_trump_lead
    cdef int trump_lead_highest, equivalent, later_trump_lead, void_always, min_players, max_players
    cdef int remainder, loo_penalty
    cdef long long loo_amount

    def __init__(self, rules):
        r = rules
        self.rules = r
        self.shape = shape_of(r)
        self.hand_size = r.hand_size
        self.miss = r.miss
        self.turnup = r.trump_mode == "turnup"
        self.ante = r.ante
        self.ante_mode = ("everyone", "dealer", "everyone_dealer_double").index(r.ante_mode)
        self.bold_stand = ("off", "everyone", "dealer_and_last").index(r.bold_stand)
        self.withdraw_miss = r.bold_stand_withdraw_miss
        self.club_law = r.club_law
        self.takes_all_pass = r.dealer_takes_all_pass
        self.dealer_must_play = r.lone_player == "dealer_must_play"
        self.defend_miss = ("exactly_one", "at_least_one", "never").index(r.defend_miss)
        self.miss_holder_leads = r.miss_holder_leads
        self.first_lead_forced = r.first_lead_forced
        self.first_trump_lead = ("none", "two_trumps", "any_trump", "heads_up_only").index(r.first_trump_lead)
        self.trump_lead_highest = ("never", "heads_up", "always").index(r.trump_lead_highest)
        self.equivalent = r.equivalent_cards
        self.later_trump_lead = ("off", "any", "highest", "highest_if_two_active").index(r.later_trump_lead)
        self.void_always = r.void_trump_duty == "always"
        self.min_players, self.max_players = r.player_range()
        self.remainder = ("carry", "first_trick_winner", "last_trick_winner", "most_tricks").index(r.remainder)
        self.loo_penalty = ("pool", "fixed", "capped").index(r.loo_penalty)
        self.loo_amount = r.loo_amount


@cython.final  # not subclassed: its C methods are called directly, not through a table
cdef class Core:
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
    cdef signed char tr_leader[3]
    cdef signed char tr_winner[3]
    cdef signed char tr_seat[3 * MAXN]
    cdef signed char tr_card[3 * MAXN]
    cdef int tricks_won[MAXN]
    cdef uint64_t taken[MAXN]
    cdef object settled  # the Settlement, made when first asked for
    cdef bint record  # keep the action codes (False only in the batch loop, which makes no Python object per action)
    cdef list codes  # every action so far: seat * 64 + code (a card, or 52 + a declaration)
    cdef int synced  # how many of them the shadow has taken

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
        if order is None:
            if rng is None:
                import random
                rng = random.Random(seed)
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

    cdef uint64_t _decl_mask(self):
        """The open declarations as a 4-bit mask: declare.options, the rows whose refusal is None."""
        cdef Params p = self.p
        cdef int s = self.to_act, standing = 0, first = -1, i, lone, free, defend
        cdef uint64_t m = 1 << D_PLAY
        for i in range(self.n):
            if self.in_play[i]:
                standing += 1
                if first < 0:
                    first = i
        lone = standing == 1 and first != self.miss_taker
        free = p.miss and self.miss_taker < 0 and not self.miss_withdrawn and not self.defended
        if not self.forced_all and not (self._bold_binds() or (s == self.dealer_ and lone and p.dealer_must_play)):
            m |= 1 << D_PASS
        if p.miss and not self.miss_withdrawn and free:
            m |= 1 << D_MISS
        defend = 0
        if s == self.dealer_ and not self.forced_all:
            if lone:
                defend = p.miss and free and p.defend_miss != 2
            elif standing >= 2 and p.defend_miss == 1 and free:
                defend = 1
        if defend:
            m |= 1 << D_DEFEND
        return m

    cdef int _bold_binds(self):
        cdef int n = self.n, k
        if self.p.bold_stand != 2 or self.carried != 0:
            return 0
        if self.to_act != (self.dealer_ - 1 + n) % n and self.to_act != self.dealer_:
            return 0
        for k in range(n - 2):
            if self.decl[(self.eldest_ + k) % n] != D_PASS:
                return 0
        return 1

    cdef inline uint64_t _beaten_by(self, int c):
        """The cards that beat ``c`` as the best card on the table (tables.loo_tables without Pam)."""
        cdef int suit = c // 13
        cdef uint64_t m = ((<uint64_t>0x1FFF) << (suit * 13)) & ~(((<uint64_t>2) << c) - 1)
        if suit != self.trump and self.trump != NO_TRUMP:
            m |= (<uint64_t>0x1FFF) << (self.trump * 13)
        return m

    cdef uint64_t _top_trumps(self, uint64_t trumps, uint64_t out_of_play):
        """tricks.top_trumps without Pam: the highest trump, and with equivalent_cards those as good as it."""
        cdef int base = self.trump * 13, r, prev = -1, d, ok
        cdef uint64_t top = 0
        for r in range(12, -1, -1):
            if not (trumps >> (base + r)) & 1:
                continue
            if prev < 0:
                top = (<uint64_t>1) << (base + r)
                if not self.p.equivalent:
                    return top
                prev = r
                continue
            ok = 1
            for d in range(r + 1, prev):
                if not (out_of_play >> (base + d)) & 1:
                    ok = 0
                    break
            if not ok:
                break
            top |= (<uint64_t>1) << (base + r)
            prev = r
        return top

    cdef uint64_t _play_mask(self):
        """The cards the seat to act may play: tricks.lead_constraint, or loo_follow (no Pam in the core)."""
        cdef Params p = self.p
        cdef uint64_t hand = self.hands[self.to_act], f, tr, w, forced, out
        cdef int led, n, duty, heads_up, ace
        if self.trick_len:
            led = self.trick_first // 13
            f = hand & ((<uint64_t>0x1FFF) << (led * 13))
            tr = hand & ((<uint64_t>0x1FFF) << (self.trump * 13)) if self.trump != NO_TRUMP else 0
            w = self._beaten_by(self.best_card)
            if f:
                return (f & w) if (f & w) else f
            if tr & w:
                return tr & w
            if tr and p.void_always:
                return tr
            return hand
        if self.trump == NO_TRUMP:
            return hand
        tr = hand & ((<uint64_t>0x1FFF) << (self.trump * 13))
        heads_up = self.hands_in_play == 2
        out = self.played | ((<uint64_t>1) << self.turnup_ if self.turnup_ >= 0 else 0)
        if self.trick_no == 0:
            if p.first_lead_forced:
                ace = self.trump * 13 + ACE
                forced = ((<uint64_t>1) << (self.trump * 13 + KING)) if self.turnup_ == ace else ((<uint64_t>1) << ace)
                if hand & forced:
                    return hand & forced
            n = _popcount(tr)
            duty = ((p.first_trump_lead == 1 and n >= 2) or (p.first_trump_lead == 2 and n >= 1)
                    or (p.first_trump_lead == 3 and n >= 1 and heads_up))
            if not duty:
                return hand
            if p.trump_lead_highest == 2 or (p.trump_lead_highest == 1 and heads_up) or p.first_trump_lead == 3:
                return self._top_trumps(tr, out)
            return tr
        if p.later_trump_lead == 0 or not tr:
            return hand
        if p.later_trump_lead == 2 or (p.later_trump_lead == 3 and heads_up):
            return self._top_trumps(tr, out)
        return tr

    cdef inline uint64_t _allowed(self):
        if self.allowed == 0 and self.phase_ != P_DONE:
            self.allowed = self._decl_mask() if self.phase_ == P_DECLARE else self._play_mask()
        return self.allowed

    cdef int _code_of(self, action):
        """The core's code of a listed action object (by identity), or -1: anything else takes the slow path."""
        cdef int c
        if type(action) is Play:
            c = action.card
            return c if _PLAYS[c] is action else -1  # the interned, plain Play of the card
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
        if self.phase_ == P_PLAY:
            return code if code < 52 and (self._allowed() >> code) & 1 else -1
        return code if code >= 52 and (self._allowed() >> (code - 52)) & 1 else -1

    def legal_actions(self, seat=None):
        """Every legal action of ``seat`` (default: the current player): a new list each call."""
        cdef uint64_t m
        if seat is not None and (type(seat) is not int or seat != self.to_act):
            seat = validate.seat(seat, self.n)
            if seat != self.to_act:
                return []
        if self.phase_ == P_DONE:
            return []
        m = self._allowed()
        if self.phase_ == P_DECLARE:
            return list(<list>_DECL_LISTS[m])
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
        self._ref().check(action, seat)
        raise AssertionError(f"the compiled core refused {action!r}, which the reference accepts")

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
            code = action.card if type(action) is Play else 52 + _DECL_CODE[type(action)]
            if not (self._allowed() >> (code if code < 52 else code - 52)) & 1:
                raise AssertionError(f"the compiled core refused {action!r}, which the reference accepts")
            self._do(code)
            self.synced += 1
            return ev
        self._do(code)
        if code >= 52 + D_MISS:
            return _new(Declared, (s, action, tuple(_cards(self.hands[s]))))
        # Events are immutable records: the plain ones are made once per (seat, action) and shared.
        ev = _EVENTS[s * 56 + code]
        if ev is None:
            ev = _EVENTS[s * 56 + code] = _new(Played, (s, action)) if code < 52 else _new(Declared, (s, action, ()))
        return ev

    # ----------------------------------------------------------------------------------------------- apply

    cdef void _do(self, int code):
        cdef int s = self.to_act
        if self.record:
            self.codes.append(s * 64 + code)
        self.allowed = 0
        if code >= 52:
            self._declare(s, code - 52)
        else:
            self._play(s, code)

    cdef void _declare(self, int s, int d):
        cdef int n = self.n, i, standing = 0, first = -1
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
        self.to_act = (s + 1) % n
        if self.to_act == self.dealer_:
            # declare.prepare: everyone before the dealer passed, he takes the pool (LOO-DECL-3)
            if self.p.takes_all_pass and not self.forced_all:
                for i in range(n):
                    if self.in_play[i]:
                        return
                self.decl[self.to_act] = D_PLAY
                self.in_play[self.to_act] = 1
                self.end_winner = self.to_act
                self._end(K_DEALER_TAKES)
            return
        if self.to_act != self.eldest_:
            return
        # declare.finish: nobody or one player stands, or the tricks begin (play.begin)
        for i in range(n):
            if self.in_play[(self.eldest_ + i) % n]:
                self.order[standing] = (self.eldest_ + i) % n
                standing += 1
        if standing == 0:
            self._end(K_NO_PLAY)
            return
        if standing == 1 and not self.defended:
            self.end_winner = self.order[0]
            self._end(K_UNCONTESTED)
            return
        for i in range(standing):
            self.next_seat[self.order[i]] = self.order[(i + 1) % standing]
        self.hands_in_play = standing
        self.leader = self.order[0]
        if self.p.miss_holder_leads and self.miss_taker >= 0:
            self.leader = self.miss_taker
        self.to_act = self.leader
        self.phase_ = P_PLAY

    cdef void _play(self, int s, int card):
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
            self.trick_first = card
            self.best_card = card
            self.best_seat = s
        elif (self._beaten_by(self.best_card) >> card) & 1:
            self.best_card = card
            self.best_seat = s
        self.played |= bit
        self.trick_len += 1
        if self.trick_len < self.hands_in_play:
            self.to_act = self.next_seat[s]
            return
        w = self.best_seat
        self.tr_winner[self.trick_no] = w
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
        cdef int k, code
        if self.shadow is None:
            self.shadow = _shadow_class(
                self.p.rules,
                [self.before[s] for s in range(self.n)],
                self.dealer_,
                pool=self.carried,
                deck=[CARDS[self.deck[i]] for i in range(52)],
                ante=bool(self.anted),
            )
            self.synced = 0
        codes = self.codes
        while self.synced < len(codes):
            k = codes[self.synced]
            code = k % 64
            self.shadow.apply(PLAYS[code] if code < 52 else _DECL_ACTIONS[code - 52], k // 64)
            self.synced += 1
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
        """The settlement, from an Outcome frozen as Deal.end freezes it, through scoring.settle (as run_settle)."""
        cdef int n = self.n, s, t, k, m = self.hands_in_play
        if self.settled is not None:
            return self.settled
        p = self.p
        shape, rules = p.shape, p.rules
        tricks = []
        for t in range(self.trick_no):
            cards = tuple([(self.tr_seat[t * MAXN + k], CARDS[self.tr_card[t * MAXN + k]]) for k in range(m)])
            tricks.append(_new(TrickRecord, (self.tr_leader[t], cards, self.tr_winner[t], False)))
        kind = self.end_kind
        rule = ("LOO-DECL-3", shape.uncontested_rule, shape.no_play_rule, "")[kind]
        stacks = tuple([self.stacks_[s] for s in range(n)])
        outcome = _new(Outcome, (
            shape, rules, _KINDS[kind], rule, n, self.dealer_, self.pool_, stacks, shape.stakes(rules, self.pool_),
            tuple([bool(self.in_play[s]) for s in range(n)]), tuple([self.order[k] for k in range(m)]),
            tuple([self.hands[s] for s in range(n)]), tuple(tricks), tuple([self.tricks_won[s] for s in range(n)]),
            tuple([self.taken[s] for s in range(n)]), 0, bool(self.defended), -1, -1,
            (self.end_winner,) if self.end_winner >= 0 else (), (),
        ))
        st = settle(outcome)
        # the batch loop settles in C (_settle_c): it must agree with the reference's settle on every deal
        cdef long long cwon[MAXN]
        cdef long long cpaid[MAXN]
        after = self._settle_c(cwon, cpaid)
        if after != st.pool_after or any(cwon[s] != st.won[s] or cpaid[s] != st.paid[s] for s in range(n)):
            raise AssertionError(f"the compiled core's settlement differs from the reference's: {st}")
        won, paid = st.won, st.paid
        for s in range(n):
            self.stacks_[s] += won[s] - paid[s]
        self.pool_ = st.pool_after
        self.settled = st
        return st

    cdef long long _settle_c(self, long long* won, long long* paid):
        """scoring.settle for the deals the core covers, in C: what each seat takes and pays; returns the pool after
        (LOO-POOL-1..4, LOO-DECL-3/4/6)."""
        cdef Params p = self.p
        cdef int n = self.n, s, t, w, defended = self.dealer_ if self.defended else -1, target = -1, most = 0
        cdef long long pool = self.pool_, share, rem, loo, have, total_won = 0, total_paid = 0
        for s in range(n):
            won[s] = paid[s] = 0
        if self.end_kind == K_NO_PLAY:
            return pool
        if self.end_kind != K_TRICKS:
            won[self.end_winner] = pool
            return 0
        share = pool // p.hand_size
        for t in range(self.trick_no):
            w = self.tr_winner[t]
            if w != defended:
                won[w] += share
        rem = pool - share * self.trick_no
        if rem and p.remainder and self.trick_no:
            if p.remainder == 1:
                target = self.tr_winner[0]
            elif p.remainder == 2:
                target = self.tr_winner[self.trick_no - 1]
            else:
                for s in range(n):
                    if self.tricks_won[s] > most:
                        most = self.tricks_won[s]
                for t in range(self.trick_no):
                    if self.tricks_won[self.tr_winner[t]] == most:
                        target = self.tr_winner[t]
                        break
        if target >= 0 and target != defended:
            won[target] += rem
        loo = pool if p.loo_penalty == 0 else (p.loo_amount if p.loo_penalty == 1 else min(pool, p.loo_amount))
        for t in range(self.hands_in_play):
            s = self.order[t]
            if self.tricks_won[s] == 0 and s != defended:
                have = self.stacks_[s] + won[s]
                paid[s] = loo if loo <= have else have
        for s in range(n):
            total_won += won[s]
            total_paid += paid[s]
        return pool - total_won + total_paid

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
    def started(self):
        return self._ref().started

    @property
    def events(self):
        return self._ref().events

    @property
    def actions(self):
        return tuple([(k // 64, PLAYS[k % 64] if k % 64 < 52 else _DECL_ACTIONS[k % 64 - 52]) for k in self.codes])

    def current_player(self):
        return self.to_act

    def seats_to_act(self):
        return [] if self.phase_ == P_DONE else [self.to_act]

    def hand(self, seat):
        if type(seat) is not int or not 0 <= seat < self.n:
            seat = validate.seat(seat, self.n)
        return _cards(self.hands[seat])

    def stock_left(self):
        return 52 - self.stock_from

    def exchange_limit(self):
        return 0

    def view(self, seat, *, with_events=True):
        return self._ref().view(seat, with_events=with_events)

    def hidden(self):
        return self._ref().hidden()

    def start_record(self):
        return self._ref().start_record()

    def state_key(self):
        return self._ref().state_key()

    def copy(self):
        """An independent copy (for search bots): the C state is copied; the copy makes its own shadow if asked."""
        cdef Core c = Core.__new__(Core)
        c.p = self.p
        c.shadow = None
        c.is_over = self.is_over
        c.n, c.dealer_, c.eldest_, c.phase_, c.to_act = self.n, self.dealer_, self.eldest_, self.phase_, self.to_act
        c.anted, c.carried, c.pool_ = self.anted, self.carried, self.pool_
        c.stacks_ = self.stacks_
        c.before = self.before
        c.hands = self.hands
        c.decl = self.decl
        c.in_play = self.in_play
        c.order = self.order
        c.next_seat = self.next_seat
        c.deck = self.deck
        c.miss_, c.dead, c.played, c.turnup_, c.trump = self.miss_, self.dead, self.played, self.turnup_, self.trump
        c.miss_taker, c.defended, c.forced_all = self.miss_taker, self.defended, self.forced_all
        c.miss_withdrawn, c.stock_from, c.trick_len = self.miss_withdrawn, self.stock_from, self.trick_len
        c.best_card, c.best_seat, c.leader, c.trick_no = self.best_card, self.best_seat, self.leader, self.trick_no
        c.hands_in_play, c.allowed, c.trick_first = self.hands_in_play, self.allowed, self.trick_first
        c.end_kind, c.end_winner, c.settled = self.end_kind, self.end_winner, self.settled
        c.tr_leader = self.tr_leader
        c.tr_winner = self.tr_winner
        c.tr_seat = self.tr_seat
        c.tr_card = self.tr_card
        c.tricks_won = self.tricks_won
        c.taken = self.taken
        c.codes = list(self.codes)
        c.record = True
        c.synced = 0
        return c


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
    if not 2 <= len(stacks) < MAXN:
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
    if not _plain_arguments(p, stacks, dealer, pool, deck, seed, rng, ante):
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
cdef object _BIG = 1 << 62


def bind(rules_class, covers, deal_class, shadow_class):
    """The Rules class, which rules the core covers, the public Deal class and the reference class of the shadow
    (from ``engine/core.py`` and ``engine/state.py``, which this module may not import: they import it)."""
    global _Rules, _covers, _Deal, _shadow_class
    _Rules, _covers, _Deal, _shadow_class = rules_class, covers, deal_class, shadow_class


cdef bint _plain_arguments(Params p, stacks, dealer, pool, deck, seed, rng, ante):
    """Whether the arguments are the usual ones, which every check of validate.deal_arguments passes."""
    cdef Py_ssize_t n = len(stacks)
    if n < p.min_players or n > p.max_players:
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
    ``{"deals", "actions", "tricks" (per seat), "net" (chips per seat), "pool"}``."""
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
    p = Params(rules)
    if not p.min_players <= n <= p.max_players or n >= MAXN:
        raise ValueError(f"{rules.preset} is not played by {n} players")
    c = Core.__new__(Core)
    c.p, c.n, c.record, c.codes, c.anted, c.pool_ = p, n, False, [], 1, 0
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
