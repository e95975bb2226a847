# Five-card Pam-Loo's C records (included by _core.pyx before Params and Core): the options Params reads once per
# Rules, and the state a Core keeps for Pam, the exchange and the flush check. Structs, so Core.copy copies each
# with one assignment.


cdef struct FiveOpts:
    int pam  # 0: none, 1: the jack of clubs, 2: the jack of the trump suit (PAM-1)
    int civil_ask  # "Pam, be civil" is the leader's choice, not said with every lead of the ace of trumps (PAM-2)
    int civil_only_trump  # a civil call does not bind a holder whose only trump is Pam (PAM-2)
    int civil_last_loses  # Pam played to a civil trick as the last card loses (PAM-2)
    int privileged  # Pam may be played at any time and is never compulsory (PAM-4)
    int holder_not_looed  # a player holding Pam cannot be looed (PAM-4)
    int pam_or_ace  # the forced first lead may be Pam or the ace of trumps (PAM-3)
    int exchange  # 0: none, 1: at one's own turn, 2: after the declarations (PAM-EXCH-1)
    int reshuffle  # a short stock is made up from the dead cards (PAM-EXCH-2)
    int flush_split, flush_elder_only, flush_exempt, flush_all_payers, flush_to_holder, blaze  # PAM-FLUSH-1..3


cdef struct Five:
    int pam  # Pam's card this deal, or -1 (no Pam, or Pam turned up)
    uint64_t pambit
    uint64_t trump_mask  # the trumps, Pam among them; 0 while trumps are not known
    int pam_holder  # the seat in play holding Pam as play begins, or -1
    int civil  # the trick on the table was led with "Pam, be civil"
    signed char tr_civil[MAXT]
    signed char exchanged[MAXN]  # cards each seat exchanged; -1: not yet
    unsigned char stock[52]
    int stock_len, stock_pos
    int n_winners, n_holders  # the flush winners and holders, elder hand first
    signed char winners[MAXN]
    signed char holders[MAXN]
    uint64_t rstate  # the batch loop's splitmix64 state, for a reshuffle


cdef FiveOpts _five_opts(r):
    cdef FiveOpts f
    f.pam = ("none", "jack_of_clubs", "jack_of_trump_suit").index(r.pam)
    f.civil_ask = r.pam_civil == "ask"
    f.civil_only_trump = r.pam_civil_only_trump_exception
    f.civil_last_loses = r.pam_civil_last_card == "loses"
    f.privileged = r.pam_privileged
    f.holder_not_looed = r.pam_holder_not_looed
    f.pam_or_ace = r.forced_lead_cards == "pam_or_ace"
    f.exchange = ("none", "own_turn", "after_declarations").index(r.exchange)
    f.reshuffle = r.exchange_shortfall == "reshuffle"
    f.flush_split = r.flush_tie == "split"
    f.flush_elder_only = r.flush_order == "elder_hand_only"
    f.flush_exempt = r.flush_exempt == "pam_and_flush_holders"
    f.flush_all_payers = r.flush_payers == "all_players"
    f.flush_to_holder = r.flush_paid_to_holder
    f.blaze = r.blaze
    return f
