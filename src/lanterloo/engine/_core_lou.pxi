# Lou in the core (included by _core.pyx): Loo in guts format, a deal of another shape than Loo's ``Core`` (the
# dealer may set the ante first, everyone commits In or Out in secret, In players may draw, every card must beat the
# best card if it can, piles and matches instead of shares and loos), so a class of its own, as Louse has.
# Its C state is one struct, so that ``copy`` is one assignment; its settlement, batch loop and the rest are in
# _core_lou_end.pxi. What it shows rather than decides comes from its shadow, as for ``Core`` (``Shadowed``).
#
# The reference's steps it mirrors: dealing.run_ante/ante_choices/pay_antes/run_deal/run_turnup, commit.py (the
# coin declare, LOU-DECL-1), declare.apply/next_declarer/finish (in turn, with declare = sequential), exchange.py
# (the draw, LOU-DRAW-1), play.begin (LOU-LEAD-1), play.apply/_trick_complete (LOU-LEAD-2) and tricks.lou_follow
# (LOU-PLAY-1, or loo_follow with lou_follow_suit).

from lanterloo.actions import Ante
from lanterloo.engine.events import AnteSet, Committed

DEF LP_ANTE = 4  # phases past Core's four (P_DECLARE, P_PLAY, P_DONE, P_EXCHANGE)
DEF LP_COMMIT = 5
DEF C_ANTE = 58  # action code of the dealer's ante, its amount kept above the code (C_DISCARD is 57)
DEF LOU_TRICKS = 3

cdef tuple _LOU_PHASES = (Phase.DECLARE, Phase.PLAY, Phase.DONE, Phase.EXCHANGE, Phase.ANTE, Phase.COMMIT)
cdef list _COMMITTED = [None] * (MAXN * 2)  # Committed(seat, Out or In): shared, as the plain events are


@cython.final
cdef class LouParams:
    """One Lou Rules in C fields, decided once per Rules object."""
    cdef public object rules
    cdef public object shape
    cdef int min_players, max_players, ante, ante_mode, dealer_sets, ante_min, ante_max, coin, draw, reshuffle
    cdef int follow_suit, void_always, payout, no_winner, first_lead, same_leader, reante, remainder
    cdef long long match_cap

    def __init__(self, rules):
        r = rules
        self.rules = r
        self.shape = shape_of(r)
        self.min_players, self.max_players = r.player_range()
        self.ante = r.ante
        self.ante_mode = ("everyone", "dealer", "everyone_dealer_double").index(r.ante_mode)
        self.dealer_sets = r.dealer_sets_ante
        self.ante_min, self.ante_max = r.lou_ante_min, r.lou_ante_max
        self.coin = r.declare == "coin"
        self.draw = r.lou_draw
        self.reshuffle = r.exchange_shortfall == "reshuffle"
        self.follow_suit = r.lou_follow_suit
        self.void_always = r.void_trump_duty == "always"
        self.payout = ("A", "B", "C").index(r.lou_payout)
        self.no_winner = ("carry", "split_by_tricks", "split_equally").index(r.lou_no_winner)
        self.first_lead = ("eldest_in", "count_in_players", "count_all_seats").index(r.lou_first_lead)
        self.same_leader = r.lou_later_leads == "same_leader"
        self.reante = r.lou_zero_in == "reante"
        self.remainder = ("carry", "first_trick_winner", "last_trick_winner", "most_tricks").index(r.remainder)
        self.match_cap = r.lou_match_cap


cdef struct LouState:
    int n, dealer, eldest, phase, to_act, anted
    long long carried, pool
    long long stacks[MAXN]
    long long before[MAXN]
    uint64_t hands[MAXN]
    signed char decl[MAXN]  # -1: not yet; 0: Out (pass); 1: In (play)
    signed char exchanged[MAXN]  # cards each seat drew; -1: not yet
    signed char order[MAXN]  # the seats In, from the eldest hand
    signed char next_seat[MAXN]
    unsigned char deck[52]
    unsigned char stock[52]
    int stock_len, stock_pos, hands_in_play
    uint64_t dead, allowed, trump_mask  # allowed: the legal cards of this state; 0: not computed yet
    int turnup, trump, trick_len, led, best_card, best_seat, leader, trick_no
    signed char tr_winner[LOU_TRICKS]
    # each trick's cards in the order played, and every card played (for the heuristic policy, _core_heur_lou.pxi)
    uint64_t played
    signed char tr_seat[LOU_TRICKS * MAXN]
    signed char tr_card[LOU_TRICKS * MAXN]
    int tricks_won[MAXN]
    # how the deal ended and its settlement, made in C when it ends (_core_lou_end.pxi)
    int end_kind, end_winner, rule, game_over, n_looed
    long long won[MAXN]
    long long paid[MAXN]
    long long owed[MAXN]
    signed char looed[MAXN]
    long long pool_before, share, pool_after
    uint64_t rstate  # the batch loop's splitmix64 state, for a reshuffle


@cython.final
cdef class LouCore(Shadowed):
    cdef LouParams p
    cdef LouState s
    cdef object shadow
    cdef readonly bint is_over
    cdef object settled  # the Settlement, made when first asked for
    cdef bint record  # keep the action codes (False only in the batch loop)
    cdef list codes  # every action so far: (arg << 11) | seat * 64 + code (a card, 52 + Out/In, a discard, an ante)
    cdef int synced  # how many of them the shadow has taken
    cdef object rng, seed_  # the deal's random source, for a reshuffle of the stock (LOU-DRAW-1)
    cdef list reshuffled  # the order of each reshuffle so far, for the shadow

    cdef int _setup(self, LouParams p, stacks, int dealer, long long pool, deck, seed, rng, ante) except -1:
        cdef int i, j, n = len(stacks)
        cdef double x
        self.p = p
        self.s.n = n
        self.s.dealer = dealer
        self.s.anted = bool(ante)
        self.s.carried = self.s.pool = pool
        self.codes = []
        self.record = True
        self.synced = 0
        self.shadow = None
        self.reshuffled = []
        self.seed_ = seed
        if deck is None:
            if rng is None:
                rng = _Random(seed)
            rnd = rng.random
            for i in range(52):
                self.s.deck[i] = i
            for i in range(51, 0, -1):  # Fisher-Yates on rng.random(), exactly as dealing.shuffled
                x = rnd()
                j = <int>(x * (i + 1))
                self.s.deck[i], self.s.deck[j] = self.s.deck[j], self.s.deck[i]
        else:
            for i in range(52):
                self.s.deck[i] = deck[i]
        self.rng = rng
        for i in range(n):
            self.s.stacks[i] = self.s.before[i] = stacks[i]
        self._start()
        return 0

    cdef void _start(self):
        """Phase.ANTE: the dealer sets the ante when a game starts (LOU-ANTE-2), or the antes and the deal."""
        cdef LouState* s = &self.s
        cdef int i
        s.eldest = (s.dealer + 1) % s.n
        for i in range(s.n):
            s.hands[i] = 0
            s.decl[i] = s.exchanged[i] = -1
            s.tricks_won[i] = 0
            s.won[i] = s.paid[i] = s.owed[i] = 0
        s.dead = s.allowed = s.trump_mask = s.played = 0
        s.stock_len = s.stock_pos = s.hands_in_play = s.trick_len = s.trick_no = s.n_looed = 0
        s.turnup = s.trump = s.led = s.best_card = s.best_seat = s.leader = s.end_kind = s.end_winner = -1
        self.settled = None
        self.is_over = False
        if s.anted and self.p.dealer_sets:
            s.phase = LP_ANTE
            s.to_act = s.dealer
            return
        self._deal(self.p.ante)

    cdef void _deal(self, long long ante):
        """dealing.pay_antes, run_deal and run_turnup: the antes (no more than a stack holds, SESSION-3), three
        cards each from the eldest hand, the turn-up for trumps, the stock; then the declarations."""
        cdef LouState* s = &self.s
        cdef int n = s.n, i, k, pos = 0
        cdef long long owed
        if s.anted and ante > 0:
            for i in range(n):
                owed = ante * _lou_share(self.p, i, s.dealer)
                if owed > s.stacks[i]:
                    owed = s.stacks[i]
                s.stacks[i] -= owed
                s.pool += owed
        for k in range(3):
            for i in range(n):
                s.hands[(s.eldest + i) % n] |= (<uint64_t>1) << s.deck[pos]
                pos += 1
        s.turnup = s.deck[pos]
        s.trump = s.turnup // 13
        s.trump_mask = (<uint64_t>0x1FFF) << (s.trump * 13)
        pos += 1
        s.stock_len = 52 - pos
        if self.p.draw:
            for i in range(s.stock_len):
                s.stock[i] = s.deck[pos + i]
        s.to_act = s.eldest
        s.phase = LP_COMMIT if self.p.coin else P_DECLARE

    # ------------------------------------------------------------------------------------------ legality

    cdef inline uint64_t _allowed(self):
        """The cards the seat to act may play: any lead; then tricks.lou_follow (beat the best card if able), or
        loo_follow with lou_follow_suit (follow and head, else trump, LOO-PLAY-1..5). Lou has no Pam."""
        cdef LouState* s = &self.s
        cdef uint64_t hand, f, tr, w
        if s.allowed == 0 and s.phase == P_PLAY:
            hand = s.hands[s.to_act]
            if s.trick_len == 0:
                s.allowed = hand
                return hand
            w = hand & _lou_beaten_by(s, s.best_card)
            if not self.p.follow_suit:
                s.allowed = w if w else hand
                return s.allowed
            f = hand & ((<uint64_t>0x1FFF) << (s.led * 13))
            tr = hand & s.trump_mask
            if f:
                s.allowed = (f & w) if (f & w) else f
            elif tr & w:
                s.allowed = tr & w
            elif tr and self.p.void_always:
                s.allowed = tr
            else:
                s.allowed = hand
        return s.allowed

    cdef long long _ante_top(self):
        """The highest ante the dealer may set (dealing.ante_choices): ``lou_ante_max``, no more than the poorest
        player who antes can pay, and never below ``lou_ante_min``."""
        cdef long long top = self.p.ante_max
        cdef int i, share
        for i in range(self.s.n):
            share = _lou_share(self.p, i, self.s.dealer)
            if share and self.s.stacks[i] // share < top:
                top = self.s.stacks[i] // share
        return top if top > self.p.ante_min else self.p.ante_min

    cdef int _xlimit(self):
        """exchange.limit: the most cards the seat to act may draw now (``lou_draw``; a short stock, LOU-DRAW-1)."""
        cdef int left = self.s.stock_len - self.s.stock_pos
        if self.p.reshuffle:
            left += _popcount(self.s.dead)
        return self.p.draw if self.p.draw < left else left

    cdef int _fast_ok(self, action, seat, int* who):
        """The code of a listed action for ``seat`` (then no check can refuse it), its seat in ``who``; else -1."""
        cdef LouState* s = &self.s
        cdef int ph = s.phase, c
        if ph == LP_COMMIT and seat is not None:
            # several seats may act: any seat yet to commit (LOU-DECL-1)
            if type(seat) is not int or not 0 <= seat < s.n or s.decl[seat] >= 0:
                return -1
            who[0] = seat
        elif seat is not None and (type(seat) is not int or seat != s.to_act):
            return -1
        else:
            who[0] = s.to_act
        if ph == P_PLAY:
            if type(action) is not Play:
                return -1
            c = action.card
            return c if _PLAYS[c] is action and (self._allowed() >> c) & 1 else -1
        if ph == LP_COMMIT or ph == P_DECLARE:
            return 52 + D_PASS if action is PASS else (52 + D_PLAY if action is STAND else -1)
        if ph == P_EXCHANGE:
            if type(action) is not Discard:
                return -1
            m = action.mask
            if type(m) is not int or not 0 <= m < (1 << 52):
                return -1
            if (<uint64_t>m & ~s.hands[s.to_act]) or _popcount(<uint64_t>m) > self._xlimit():
                return -1
            return C_DISCARD
        if ph == LP_ANTE:
            if type(action) is not Ante:
                return -1
            a = action.amount
            if type(a) is not int or not self.p.ante_min <= a <= self._ante_top() or (a - self.p.ante_min) % 3:
                return -1
            return C_ANTE
        return -1

    def legal_actions(self, seat=None):
        """Every legal action of ``seat`` (default: the current player): a new list each call."""
        cdef LouState* s = &self.s
        cdef uint64_t m
        cdef long long a, top
        if seat is not None and (type(seat) is not int or seat != s.to_act):
            seat = validate.seat(seat, s.n)
            if seat != s.to_act:
                return [STAND, PASS] if s.phase == LP_COMMIT and s.decl[seat] < 0 else []
        if s.phase == P_PLAY:
            m = self._allowed()
            got = _PLAY_LISTS.get(m)
            if got is None:
                got = [PLAYS[c] for c in range(52) if (m >> c) & 1]
                if len(_PLAY_LISTS) < 500_000:
                    _PLAY_LISTS[m] = got
            return list(<list>got)
        if s.phase == LP_COMMIT:
            return [STAND, PASS]  # commit.legal's order
        if s.phase == P_DECLARE:
            return [PASS, STAND]
        if s.phase == P_EXCHANGE:
            return _lou_exchange_list(self)
        if s.phase == LP_ANTE:
            top = self._ante_top()
            a = self.p.ante_min
            out = []
            while a <= top:
                out.append(_ante(a))
                a += 3
            return out
        return []

    def check(self, action, seat=None):
        """Raise IllegalActionError with the reference's plain reason if ``action`` is not legal now."""
        cdef int who
        if self._fast_ok(action, seat, &who) >= 0:
            return None
        self._ref().check(action, seat)  # raises the reference's refusal
        _lou_accepted(self, action, seat, &who)  # an equal action built anew (not the interned one): legal here too
        return None

    def is_legal(self, action, seat=None):
        cdef int who
        if self._fast_ok(action, seat, &who) >= 0:
            return True
        return self._ref().is_legal(action, seat)

    def apply(self, action, seat=None):
        """Apply a player's action (checked first; an illegal one changes nothing). Returns its event."""
        cdef int who = -1, code
        if seat is not None and type(seat) is not int:
            seat = validate.seat(seat, self.s.n)  # as Deal.apply first does: numpy's int64, or the same refusal
        code = self._fast_ok(action, seat, &who)
        if code < 0:
            # Not a listed action: the reference checks it (and raises its own reason), and an accepted one (an
            # equal action built anew) is then applied here too.
            ev = self._ref().apply(action, seat)
            code = _lou_accepted(self, action, seat, &who)
            self._do(who, code, _lou_arg(code, action))
            self.synced += 1
            return ev
        ph = self.s.phase
        self._do(who, code, _lou_arg(code, action))
        if code < 52:
            ev = _EVENTS[who * 56 + code]
            if ev is None:
                ev = _EVENTS[who * 56 + code] = _new(Played, (who, action))
            return ev
        if code == C_DISCARD:
            return _lou_exchanged_event(self, who, action)
        if code == C_ANTE:
            return _new(AnteSet, (who, action))
        if ph == LP_COMMIT:
            ev = _COMMITTED[who * 2 + code - 52]
            if ev is None:
                ev = _COMMITTED[who * 2 + code - 52] = _new(Committed, (who, action))
            return ev
        ev = _EVENTS[who * 56 + code]
        if ev is None:
            ev = _EVENTS[who * 56 + code] = _new(Declared, (who, action, ()))
        return ev

    # ----------------------------------------------------------------------------------------------- apply

    cdef void _do(self, int who, int code, uint64_t arg=0):
        cdef LouState* s = &self.s
        if self.record:
            self.codes.append((arg << 11) | <uint64_t>(who * 64 + code))
        s.allowed = 0
        if code < 52:
            self._play(who, code)
        elif code == C_DISCARD:
            _lou_draw(self, who, arg)
        elif code == C_ANTE:
            self._deal(<long long>arg)
        elif s.phase == LP_COMMIT:
            _lou_commit(self, who, code - 52)
        else:
            _lou_declare(self, who, code - 52)

    cdef void _play(self, int who, int card):
        """play.apply and _trick_complete: the best card takes the trick (COMMON-5); the winner leads next, or the
        first leader with lou_later_leads = same_leader (LOU-LEAD-2)."""
        cdef LouState* s = &self.s
        cdef int w
        s.hands[who] &= ~((<uint64_t>1) << card)
        s.played |= (<uint64_t>1) << card
        s.tr_seat[s.trick_no * MAXN + s.trick_len] = who
        s.tr_card[s.trick_no * MAXN + s.trick_len] = card
        if s.trick_len == 0:
            s.led = card // 13
            s.best_card = card
            s.best_seat = who
        elif (_lou_beaten_by(s, s.best_card) >> card) & 1:
            s.best_card = card
            s.best_seat = who
        s.trick_len += 1
        if s.trick_len < s.hands_in_play:
            s.to_act = s.next_seat[who]
            return
        w = s.best_seat
        s.tr_winner[s.trick_no] = w
        s.tricks_won[w] += 1
        s.trick_len = 0
        s.trick_no += 1
        if not s.hands[w]:
            _lou_end(self, K_TRICKS)
            return
        s.to_act = s.leader if self.p.same_leader else w

    # --------------------------------------------------------------------------------------- the shadow

    cdef object _ref(self):
        """The reference Deal in this deal's state: made from the start record when first needed, then only the
        actions since it was last asked are applied to it."""
        cdef int i
        if self.shadow is None:
            self.shadow = _shadow_class(
                self.p.rules,
                [self.s.before[i] for i in range(self.s.n)],
                self.s.dealer,
                pool=self.s.carried,
                deck=[CARDS[self.s.deck[i]] for i in range(52)],
                ante=bool(self.s.anted),
                reshuffles=self.reshuffled,  # the orders this deal's reshuffles drew, and later ones as they come
            )
            self.synced = 0
        while self.synced < len(self.codes):
            who, action = _lou_action_of(self.codes[self.synced])
            self.shadow.apply(action, who)
            self.synced += 1
        if self.is_over:
            _share_settlement(self.shadow, _lou_settlement(self))  # the same Settlement object
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
        return self.s.n

    @property
    def dealer(self):
        return self.s.dealer

    @property
    def eldest(self):
        return self.s.eldest

    @property
    def phase(self):
        return _LOU_PHASES[self.s.phase]

    @property
    def pool(self):
        return self.s.pool

    @property
    def stacks(self):
        return tuple([self.s.stacks[i] for i in range(self.s.n)])

    @property
    def stacks_before(self):
        return [self.s.before[i] for i in range(self.s.n)]

    @property
    def settlement(self):
        return _lou_settlement(self) if self.is_over else None

    @property
    def actions(self):
        return tuple([_lou_action_of(k) for k in self.codes])

    def current_player(self):
        return self.s.to_act

    def seats_to_act(self):
        cdef int k, i
        if self.s.phase == P_DONE:
            return []
        if self.s.phase != LP_COMMIT:
            return [self.s.to_act]
        out = []
        for k in range(self.s.n):
            i = (self.s.eldest + k) % self.s.n
            if self.s.decl[i] < 0:
                out.append(i)
        return out

    def hand(self, seat):
        if type(seat) is not int or not 0 <= seat < self.s.n:
            seat = validate.seat(seat, self.s.n)
        return _cards(self.s.hands[seat])

    def stock_left(self):
        return self.s.stock_len - self.s.stock_pos

    def exchange_limit(self):
        return self._xlimit() if self.s.phase == P_EXCHANGE else 0

    def copy(self):
        """An independent copy (for search bots): the C state is copied; the copy makes its own shadow if asked."""
        cdef LouCore c = LouCore.__new__(LouCore)
        c.p = self.p
        c.s = self.s
        c.shadow = None
        c.is_over = self.is_over
        c.settled = self.settled
        c.codes = list(self.codes)
        c.record = True
        c.synced = 0
        c.seed_ = self.seed_
        c.reshuffled = [list(o) for o in self.reshuffled]
        c.rng = self.rng
        if self.rng is not None and self.p.reshuffle:
            c.rng = _Random()  # cloned, as Deal.copy clones it: the copy's reshuffles draw what the original's would
            c.rng.setstate(self.rng.getstate())
        return c
