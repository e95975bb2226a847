# One covered Rules in C fields (included by _core.pyx).


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
    cdef FiveOpts f  # Pam, the exchange and the flushes (_core_five_types.pxi)

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
        self.f = _five_opts(r)
