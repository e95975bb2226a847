# Legality (included by _core.pyx): the open declarations and the allowed cards of the seat to act, transcribed
# from the reference's declare.options, tricks.lead_constraint, loo_follow, bar_pam and top_trumps.

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
    """The cards that beat ``card`` as the best card on the table (tables.loo_tables): the higher cards of its
    effective suit, and every trump if it is not one. Pam is the highest trump (PAM-1)."""
    cdef int suit = card // 13
    cdef uint64_t m
    if card == d.x.pam:
        return 0
    m = ((<uint64_t>0x1FFF) << (suit * 13)) & ~(((<uint64_t>2) << card) - 1) & ~d.x.pambit
    if suit == d.trump:
        return m | d.x.pambit
    if d.trump != NO_TRUMP:
        m |= d.x.trump_mask
    return m

cdef uint64_t _top_trumps(Core c, uint64_t trumps, uint64_t out_of_play):
    """tricks.top_trumps: the highest trump held, and with equivalent_cards those as good as it (every trump
    between them out of play). The trumps by power: Pam, then the ace down."""
    cdef int base = c.trump * 13, i, card, prev = -1, d, ok
    cdef int by_power[14]
    cdef int k = 0
    cdef uint64_t top = 0
    if c.x.pam >= 0:
        by_power[k] = c.x.pam
        k += 1
    for i in range(12, -1, -1):
        if base + i != c.x.pam:
            by_power[k] = base + i
            k += 1
    for i in range(k):
        card = by_power[i]
        if not (trumps >> card) & 1:
            continue
        if prev < 0:
            top = (<uint64_t>1) << card
            if not c.p.equivalent:
                return top
            prev = i
            continue
        ok = 1
        for d in range(prev + 1, i):
            if not (out_of_play >> by_power[d]) & 1:
                ok = 0
                break
        if not ok:
            break
        top |= (<uint64_t>1) << card
        prev = i
    return top

cdef uint64_t _play_mask(Core c):
    """The cards the seat to act may play: tricks.lead_constraint, or loo_follow after bar_pam."""
    cdef Params p = c.p
    cdef uint64_t hand = c.hands[c.to_act], f, tr, w, forced, out, pambit = c.x.pambit, privileged = 0
    cdef int led, n, duty, heads_up, ace
    if c.trick_len:
        if hand & pambit and hand != pambit:
            # bar_pam (PAM-2, PAM-4): after "Pam, be civil" Pam may not be played (unless it is the only trump,
            # with the option); a privileged Pam is exempt from every duty, added back below
            if c.x.civil:
                if not (p.f.civil_only_trump and (hand & c.x.trump_mask) == pambit):
                    hand &= ~pambit
            elif p.f.privileged:
                hand &= ~pambit
                privileged = pambit
        led = _eff(c, c.trick_first)
        f = hand & _suit_mask(c, led)
        tr = hand & c.x.trump_mask
        w = _beaten_by(c, c.best_card)
        if f:
            return ((f & w) if (f & w) else f) | privileged
        if tr & w:
            return (tr & w) | privileged
        if tr and p.void_always:
            return tr | privileged
        return hand | privileged
    if c.trump == NO_TRUMP:
        return hand
    tr = hand & c.x.trump_mask
    if p.f.privileged:
        tr &= ~pambit  # a privileged Pam is never compulsory (PAM-4)
    heads_up = c.hands_in_play == 2
    out = c.played | ((<uint64_t>1) << c.turnup_ if c.turnup_ >= 0 else 0)
    if c.trick_no == 0:
        if p.first_lead_forced:
            ace = c.trump * 13 + ACE
            forced = ((<uint64_t>1) << (c.trump * 13 + KING)) if c.turnup_ == ace else ((<uint64_t>1) << ace)
            if c.x.pam >= 0 and p.f.pam_or_ace and not p.f.privileged:
                forced |= pambit  # PAM-3
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

