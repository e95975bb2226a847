# Verification's line path, its checks (included by _core.pyx): a line read into LVLine (_core_jsonline.pxi) is
# replayed on the core and its result compared in C, and its continuity with the open session's last deal checked
# (lanterloo.history.fastline). Like the rest of the fast path it only ever accepts: a deal the core does not
# cover, rules the reference path has not read yet, a session that starts, stops or skips a deal, and any line
# the reader gives up on, get 0, and the reference path reads that line and gives the sentence.

from lanterloo.engine.scoring import loo_stakes as _loo_stakes, settle_loo as _settle_loo
from lanterloo.engine.shape import deck_for as _deck_for


@cython.final
cdef class _LVRules:
    """A rules object's text (with the record's version and variant) that the reference path has read."""
    cdef object rules, house
    cdef Params p
    cdef int version
    cdef bytes variant, text, uncontested_rule, no_play_rule
    cdef bint ok


cdef inline int _lv_share(Params p, int s, int dealer) noexcept:
    """The antes ``s`` owes (as Core._start counts them; checked against Rules.ante_owed when an entry is made)."""
    if s == dealer:
        return 2 if p.ante_mode == 2 else 1
    return 0 if p.ante_mode == 1 else 1


cdef _LVRules _lv_entry(int version, bytes variant, bytes text, rules):
    """An entry for rules the reference read: ``ok`` when the line path covers them (Loo on the core, whose
    settlement of tricks, stakes, antes and pack are the ones this file computes in C)."""
    cdef _LVRules e = _LVRules.__new__(_LVRules)
    cdef int n, d, s
    e.version, e.variant, e.text, e.rules, e.ok, e.house = version, variant, text, rules, False, None
    if type(rules) is not _Rules or rules.game != "loo" or _covers is None or not _covers(rules):
        return e
    p = Params(rules)
    shape = p.shape
    if shape.settle_tricks is not _settle_loo or shape.stakes is not _loo_stakes or shape.pays_piles:
        return e
    if shape.games_span_deals or p.max_players >= MAXN or p.min_players < 2:
        return e
    for n in range(p.min_players, p.max_players + 1):
        if sorted(_deck_for(rules, n)) != list(CARDS):
            return e
        for d in range(n):
            for s in range(n):
                if rules.ante_owed(s, d) != p.ante * _lv_share(p, s, d):
                    return e
    for n in range(0, 200):
        if rules.loo_owed(n) != (n if p.loo_penalty == 0 else (p.loo_amount if p.loo_penalty == 1 else min(n, p.loo_amount))):
            return e
    e.p = p
    e.uncontested_rule = shape.uncontested_rule.encode()
    e.no_play_rule = shape.no_play_rule.encode()
    differs = rules.differences()
    e.house = (rules.preset, differs) if differs else None
    e.ok = True
    return e


#: Entries by (version, variant, rules text): the reference's reading of each, kept for every LineVerifier of the
#: process (a worker verifies several chunks of one file).
cdef dict _LV_ENTRIES = {}
cdef object _lv_tables = None  # the tables _lv_card2 and _lv_words were filled from


@cython.final
cdef class LineVerifier:
    """Hand-history lines verified in C while they go on one session deal after deal (``line``), and what the
    reference path verified in between (``sync``): see lanterloo.history.fastline."""
    cdef _LVRules last
    cdef Core core
    cdef LVLine L
    cdef readonly int pending_deals, pending_unfinished
    cdef readonly object last_raw, house
    cdef readonly Py_ssize_t last_line
    cdef bint open_
    cdef int o_deal, o_dealer, o_n, o_res, o_ended, o_sess_len
    cdef _LVRules o_entry
    cdef long long o_stacks[MAXN]
    cdef long long o_pool
    cdef unsigned char o_sess[LV_SESSION]
    cdef unsigned char o_names[LV_NAMES]
    cdef int o_name_at[MAXN + 1]

    def __init__(self, dict cards, dict codes):
        """``cards``: each card's spelling and index (quick.CARD_INDEX); ``codes``: each action's spelling and core
        code (quick.CORE_CODES)."""
        global _lv_tables
        cdef int i
        if _lv_tables is not (cards, codes):
            for i in range(128 * 128):
                _lv_card2[i] = -1
            del _lv_words[:]
            for text, code in codes.items():
                raw = text.encode("ascii")
                if len(raw) == 2 and raw[0] < 128 and raw[1] < 128 and code < 52 and cards.get(text) == code:
                    _lv_card2[raw[0] * 128 + raw[1]] = code
                elif len(raw) != 2 and 52 <= code < C_CIVIL:
                    _lv_words.append((raw, code))
            _lv_tables = (cards, codes)
        self.last = None
        self.core = Core.__new__(Core)
        self.core.codes = []
        self.core.reshuffled = []
        self.open_ = False
        self.pending_deals = self.pending_unfinished = 0

    def take(self):
        """The deals and unfinished deals accepted since last asked, and the line and bytes of the last."""
        got = (self.pending_deals, self.pending_unfinished, self.last_line, self.last_raw)
        self.pending_deals = self.pending_unfinished = 0
        return got

    cdef _LVRules _entry(self, bytes raw):
        """The entry of the line's rules text, version and variant, if the reference has read them."""
        cdef const char* s = <const char*>raw
        cdef LVLine* L = &self.L
        cdef _LVRules e = self.last
        cdef Py_ssize_t k = L.rules_b - L.rules_a, v = L.var_b - L.var_a
        if e is not None and e.version == L.version and len(e.text) == k and len(e.variant) == v:
            if memcmp(s + L.rules_a, <const char*>e.text, k) == 0 and memcmp(s + L.var_a, <const char*>e.variant, v) == 0:
                return e
        e = _LV_ENTRIES.get((L.version, raw[L.var_a:L.var_b], raw[L.rules_a:L.rules_b]))
        if e is not None:
            self.last = e
        return e

    def sync(self, bytes raw, Py_ssize_t number, rules):
        """The line ``number``, which the reference path has just verified (as deal of ``rules``): remember its rules
        text, and go on from it as the reference's Verifier does (its session is the open one, unless it stands
        alone)."""
        cdef LVLine* L = &self.L
        cdef const unsigned char* s = <const unsigned char*><const char*>raw
        cdef int k, at = 0
        cdef Py_ssize_t i
        cdef _LVRules e
        self.open_ = False
        if not _lv_parse(&self.L, raw, self.last.text if self.last is not None else None):
            return
        e = self._entry(raw)
        if e is None:
            if len(_LV_ENTRIES) >= 100:
                _LV_ENTRIES.clear()
            e = _lv_entry(L.version, raw[L.var_a:L.var_b], raw[L.rules_a:L.rules_b], rules)
            _LV_ENTRIES[(L.version, e.variant, e.text)] = e
            self.last = e
        if (e.rules is not rules and e.rules != rules) or L.sess_a < 0 or L.sess_b - L.sess_a > LV_SESSION or L.n >= MAXN:
            return
        for k in range(L.n):
            if at + L.name_b[k] - L.name_a[k] > LV_NAMES:
                return
            self.o_name_at[k] = at
            for i in range(L.name_a[k], L.name_b[k]):
                self.o_names[at] = s[i]
                at += 1
        self.o_name_at[L.n] = at
        self.o_sess_len = L.sess_b - L.sess_a
        for k in range(self.o_sess_len):
            self.o_sess[k] = s[L.sess_a + k]
        self._went_on(e)
        self.open_ = True

    cdef void _went_on(self, _LVRules e):
        """The open session's last deal is now the one in self.L."""
        cdef LVLine* L = &self.L
        cdef int k
        self.o_entry = e
        self.o_deal, self.o_dealer, self.o_n, self.o_res = L.deal_no, L.dealer, L.n, L.has_result
        self.o_ended = 0
        if L.has_result:
            if L.n_rstacks != L.n or L.n_paid != L.n_owed:
                self.o_res = 0  # not a result the reference accepts: the next line takes the reference path
                return
            for k in range(L.n):
                self.o_stacks[k] = L.r_stacks[k]
            for k in range(L.n_paid):
                if L.paid[k] < L.owed[k]:
                    self.o_ended = 1  # a player could not pay in full (SESSION-2)
            self.o_pool = L.r_pool

    def line(self, bytes raw, Py_ssize_t number):
        """1 when line ``number`` is a deal the reference would accept that goes on the open session from its last
        deal (2: the same, played with house rules, ``house``); 0 when the reference path must read it."""
        cdef LVLine* L = &self.L
        cdef const unsigned char* s = <const unsigned char*><const char*>raw
        cdef int k
        cdef _LVRules e
        if not self.open_ or not _lv_parse(&self.L, raw, self.o_entry.text):
            return 0
        if L.sess_a < 0 or L.sess_b - L.sess_a != self.o_sess_len or memcmp(s + L.sess_a, self.o_sess, self.o_sess_len):
            return 0
        if L.deal_no != self.o_deal + 1 or not self.o_res or self.o_ended or L.n != self.o_n:
            return 0
        if L.dealer != (self.o_dealer + 1) % L.n or L.pool != self.o_pool:
            return 0
        for k in range(L.n):
            if L.stacks[k] != self.o_stacks[k]:
                return 0
            if L.name_b[k] - L.name_a[k] != self.o_name_at[k + 1] - self.o_name_at[k]:
                return 0
            if memcmp(s + L.name_a[k], self.o_names + self.o_name_at[k], L.name_b[k] - L.name_a[k]):
                return 0
        e = self._entry(raw)
        if e is None or not e.ok or (e is not self.o_entry and e.rules != self.o_entry.rules):
            return 0  # rules of another text: the same rules (the reference's test), or the reference decides
        if not self._replays(s, e):
            return 0
        self._went_on(e)
        self.pending_deals += 1
        self.pending_unfinished += not L.has_result
        self.last_raw, self.last_line = raw, number
        if e.house is not None:
            self.house = e.house
            return 2
        return 1

    cdef bint _replays(self, const unsigned char* s_, _LVRules e):
        """Whether the deal in self.L, under the rules of ``e``, replays on the core to exactly its recorded result:
        each action by the seat to act and legal, the settlement, the antes, the stacks and the pool (what
        history.quick.replay and _result_matches check, in C)."""
        cdef LVLine* L = &self.L
        cdef Params p = e.p
        cdef Core c = self.core
        cdef int n = L.n, s, k, code, kind, looed = 0, defended
        cdef long long won[MAXN]
        cdef long long paid[MAXN]
        cdef long long owed[MAXN]
        cdef long long pool, after, loo, share = 0
        if not p.min_players <= n <= p.max_players or L.dealer >= n or not L.ante or L.ndeck != 52:
            return False
        for s in range(n):
            if L.stacks[s] < p.ante * _lv_share(p, s, L.dealer):  # who cannot pay the ante ends the session
                return False
        # Core._setup, from C arrays
        c.p, c.n, c.dealer_, c.eldest_ = p, n, L.dealer, (L.dealer + 1) % n
        c.anted, c.carried, c.pool_ = 1, L.pool, L.pool
        c.record, c.synced, c.shadow, c.seed_, c.rng = False, 0, None, None, None
        for k in range(52):
            c.deck[k] = L.deck[k]
        for s in range(n):
            c.stacks_[s] = c.before[s] = L.stacks[s]
            c.hands[s] = 0
            c.decl[s] = D_NONE
            c.in_play[s] = 0
        c._start()
        for k in range(L.nact):
            code = L.act_code[k]
            if c.phase_ == P_DONE or L.act_seat[k] != c.to_act:
                return False
            if c.phase_ == P_PLAY:
                if code >= 52 or not (c._allowed() >> code) & 1:
                    return False
            elif c.phase_ != P_DECLARE or code < 52 or not (c._allowed() >> (code - 52)) & 1:
                return False
            c._do(code, 0)
        if not c.is_over:
            return not L.has_result
        kind = c.end_kind
        if not L.has_result or kind == K_FLUSH:
            return False
        pool = c.pool_
        after = _settle_c(c, won, paid)
        for s in range(n):
            owed[s] = 0
        if kind == K_TRICKS:
            # scoring.settle_loo: the loo of each seat in play, from the eldest hand on, that took no trick
            share = pool // p.hand_size
            loo = pool if p.loo_penalty == 0 else (p.loo_amount if p.loo_penalty == 1 else min(pool, p.loo_amount))
            defended = c.dealer_ if c.defended else -1
            for k in range(c.hands_in_play):
                s = c.order[k]
                if c.tricks_won[s] == 0 and s != defended and not (p.f.holder_not_looed and s == c.x.pam_holder):
                    if looed >= L.n_looed or L.looed[looed] != s:
                        return False
                    looed += 1
                    owed[s] = loo
        if looed != L.n_looed or L.share != share or L.pool_before != pool or L.pool_after != after:
            return False
        if L.game_over != 1 or L.n_points != 0 or L.n_tricks != n or L.n_won != n or L.n_paid != n or L.n_owed != n:
            return False
        if L.n_antes != n or L.n_rstacks != n or L.r_pool != after:
            return False
        for s in range(n):
            if L.won[s] != won[s] or L.paid[s] != paid[s] or L.owed[s] != owed[s] or L.tricks[s] != c.tricks_won[s]:
                return False
            if L.r_antes[s] != c.before[s] - c.stacks_[s] or L.r_stacks[s] != c.stacks_[s] + won[s] - paid[s]:
                return False
        return self._named(s_, e, kind, looed > 0, c.end_winner)

    cdef bint _named(self, const unsigned char* s, _LVRules e, int kind, bint looed, int winner):
        """The settlement's kind, rule and winners, as scoring.settle names them for the way the deal ended."""
        cdef LVLine* L = &self.L
        cdef bytes rule
        if kind == K_TRICKS:
            if not _lv_is(s, L.kind_a, L.kind_b, b"tricks", 6) or L.n_winners != 0:
                return False
            return _lv_is(s, L.rule_a, L.rule_b, b"LOO-POOL-3" if looed else b"LOO-POOL-1", 10)
        if kind == K_NO_PLAY:
            if not _lv_is(s, L.kind_a, L.kind_b, b"no_play", 7) or L.n_winners != 0:
                return False
            rule = e.no_play_rule
        elif kind == K_DEALER_TAKES or kind == K_UNCONTESTED:
            if not _lv_is(s, L.kind_a, L.kind_b, b"uncontested", 11) or L.n_winners != 1 or winner < 0:
                return False
            if L.winners[0] != winner:
                return False
            rule = b"LOO-DECL-3" if kind == K_DEALER_TAKES else e.uncontested_rule
        else:
            return False
        return _lv_is(s, L.rule_a, L.rule_b, <const char*>rule, len(rule))
