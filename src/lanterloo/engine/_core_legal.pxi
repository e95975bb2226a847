# Legality (included by _core.pyx): the open declarations and the allowed cards of the seat to act, transcribed
# from the reference's declare.options, tricks.lead_constraint, loo_follow and top_trumps (no Pam in the core).

cdef uint64_t _decl_mask(Core c):
    """The open declarations as a 4-bit mask: declare.options, the rows whose refusal is None."""
    cdef Params p = c.p
    cdef int s = c.to_act, standing = 0, first = -1, i, lone, free, defend
    cdef uint64_t m = 1 << D_PLAY
    for i in range(c.n):
        if c.in_play[i]:
            standing += 1
            if first < 0:
                first = i
    lone = standing == 1 and first != c.miss_taker
    free = p.miss and c.miss_taker < 0 and not c.miss_withdrawn and not c.defended
    if not c.forced_all and not (_bold_binds(c) or (s == c.dealer_ and lone and p.dealer_must_play)):
        m |= 1 << D_PASS
    if p.miss and not c.miss_withdrawn and free:
        m |= 1 << D_MISS
    defend = 0
    if s == c.dealer_ and not c.forced_all:
        if lone:
            defend = p.miss and free and p.defend_miss != 2
        elif standing >= 2 and p.defend_miss == 1 and free:
            defend = 1
    if defend:
        m |= 1 << D_DEFEND
    return m

cdef int _bold_binds(Core c):
    cdef int n = c.n, k
    if c.p.bold_stand != 2 or c.carried != 0:
        return 0
    if c.to_act != (c.dealer_ - 1 + n) % n and c.to_act != c.dealer_:
        return 0
    for k in range(n - 2):
        if c.decl[(c.eldest_ + k) % n] != D_PASS:
            return 0
    return 1

cdef inline uint64_t _beaten_by(Core d, int card):
    """The cards that beat ``c`` as the best card on the table (tables.loo_tables without Pam)."""
    cdef int suit = card // 13
    cdef uint64_t m = ((<uint64_t>0x1FFF) << (suit * 13)) & ~(((<uint64_t>2) << card) - 1)
    if suit != d.trump and d.trump != NO_TRUMP:
        m |= (<uint64_t>0x1FFF) << (d.trump * 13)
    return m

cdef uint64_t _top_trumps(Core c, uint64_t trumps, uint64_t out_of_play):
    """tricks.top_trumps without Pam: the highest trump, and with equivalent_cards those as good as it."""
    cdef int base = c.trump * 13, r, prev = -1, d, ok
    cdef uint64_t top = 0
    for r in range(12, -1, -1):
        if not (trumps >> (base + r)) & 1:
            continue
        if prev < 0:
            top = (<uint64_t>1) << (base + r)
            if not c.p.equivalent:
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

cdef uint64_t _play_mask(Core c):
    """The cards the seat to act may play: tricks.lead_constraint, or loo_follow (no Pam in the core)."""
    cdef Params p = c.p
    cdef uint64_t hand = c.hands[c.to_act], f, tr, w, forced, out
    cdef int led, n, duty, heads_up, ace
    if c.trick_len:
        led = c.trick_first // 13
        f = hand & ((<uint64_t>0x1FFF) << (led * 13))
        tr = hand & ((<uint64_t>0x1FFF) << (c.trump * 13)) if c.trump != NO_TRUMP else 0
        w = _beaten_by(c, c.best_card)
        if f:
            return (f & w) if (f & w) else f
        if tr & w:
            return tr & w
        if tr and p.void_always:
            return tr
        return hand
    if c.trump == NO_TRUMP:
        return hand
    tr = hand & ((<uint64_t>0x1FFF) << (c.trump * 13))
    heads_up = c.hands_in_play == 2
    out = c.played | ((<uint64_t>1) << c.turnup_ if c.turnup_ >= 0 else 0)
    if c.trick_no == 0:
        if p.first_lead_forced:
            ace = c.trump * 13 + ACE
            forced = ((<uint64_t>1) << (c.trump * 13 + KING)) if c.turnup_ == ace else ((<uint64_t>1) << ace)
            if hand & forced:
                return hand & forced
        n = _popcount(tr)
        duty = ((p.first_trump_lead == 1 and n >= 2) or (p.first_trump_lead == 2 and n >= 1)
                or (p.first_trump_lead == 3 and n >= 1 and heads_up))
        if not duty:
            return hand
        if p.trump_lead_highest == 2 or (p.trump_lead_highest == 1 and heads_up) or p.first_trump_lead == 3:
            return _top_trumps(c, tr, out)
        return tr
    if p.later_trump_lead == 0 or not tr:
        return hand
    if p.later_trump_lead == 2 or (p.later_trump_lead == 3 and heads_up):
        return _top_trumps(c, tr, out)
    return tr

