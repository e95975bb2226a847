"""Phase.FLUSH_CHECK and Phase.PLAY: the flush check before play, the start of play, and the tricks.

Which cards are legal comes from the pure functions of ``tricks`` (the lead duties, and the game shape's duty for
the other cards); this module keeps the deal's state: the trick on the table, the best card so far, the tricks won.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lanterloo.actions import PLAYS, PLAYS_CIVIL, Action, Play
from lanterloo.cards import ACE, Suit, cards_of
from lanterloo.engine import tricks
from lanterloo.engine.events import Event, PlayBegins, Played, TrickWon, TrumpSet
from lanterloo.engine.phases import Phase, TrickRecord
from lanterloo.engine.scoring import SettlementKind, find_flushes
from lanterloo.engine.shape import tables_once_led
from lanterloo.engine.tricks import Constraint
from lanterloo.errors import IllegalActionError
from lanterloo.tables import NO_TRUMP

if TYPE_CHECKING:
    from lanterloo.engine.state import Deal

# Legal card lists by mask, shared by all deals (read-only): listing legal cards is the hottest path of play.
_PLAY_LISTS: dict[int, list[Action]] = {}
# Builds a record without NamedTuple's Python-level __new__: one is made per card played.
_new = tuple.__new__
_TRICKS, _LOUSE = SettlementKind.TRICKS, SettlementKind.LOUSE  # enum attribute access is slow in 3.11
_PLAY = Phase.PLAY


def run_flush_check(deal: Deal) -> None:
    """Phase.FLUSH_CHECK: with Pam (or in five-card Loo) a flush sweeps the pool before play (PAM-FLUSH-1..3)."""
    if deal._shape.flush_check(deal._rules, deal._pam):
        # PAM-4 and the flush exemptions look at who holds Pam now; begin() finds the same seat
        deal._pam_holder = next((s for s in range(deal._n) if deal._pam >= 0 and (deal._hands[s] >> deal._pam) & 1), -1)
        seats = [s for s in deal._ring(deal._eldest) if deal._in_play[s]]
        flush = find_flushes(deal._hands, seats, deal._pam, deal._trump, deal._rules)
        if flush is not None:
            deal._flushes = {s: cards_of(deal._hands[s]) for s in flush.holders}
            deal._end(SettlementKind.FLUSH, "PAM-FLUSH-3", flush.winners, flush.holders)
            return
    begin(deal)


def begin(deal: Deal) -> None:
    """The seats in play, who holds Pam, and who leads (LOO-LEAD-1, LOO-DECL-2 option, LOU-LEAD-1)."""
    r = deal._rules
    n = deal._n
    deal._phase = _PLAY
    in_play = deal._in_play
    deal._order = order = [s for s in deal._ring(deal._eldest) if in_play[s]]
    deal._hands_in_play = k = len(order)
    nxt = [-1] * n
    for i, s in enumerate(order):
        nxt[s] = order[(i + 1) % k]
    deal._next_seat = nxt
    if deal._pam >= 0:
        for s in order:
            if (deal._hands[s] >> deal._pam) & 1:
                deal._pam_holder = s
    leader = order[0]
    if r.miss_holder_leads and deal._miss_taker is not None:
        leader = deal._miss_taker
    if deal._shape.lou_leads and r.lou_first_lead != "eldest_in" and deal._turnup is not None:
        v = 1 if deal._turnup.rank == ACE else deal._turnup.rank + 2  # ace = 1 ... king = 13
        if r.lou_first_lead == "count_in_players":
            leader = order[(v - 1) % k]
        else:
            seat = (deal._dealer + v) % n
            while not deal._in_play[seat]:
                seat = (seat + 1) % n
            leader = seat
    deal._leader = leader
    deal._to_act = leader
    deal._invalidate()
    deal._events.append(_new(PlayBegins, (leader, tuple(order))))


def civil_choice_card(deal: Deal) -> int:
    """The ace of trumps, when leading it lets the leader choose to say "Pam, be civil" (PAM-2), or -1."""
    if deal._pam < 0 or deal._trick or deal._rules.pam_civil != "ask":
        return -1
    return tricks.civil_ace(deal._tables)


def constraint(deal: Deal) -> Constraint:
    """The cards the seat to act may play, with the rule that binds them."""
    hand = deal._hands[deal._to_act]
    trick = deal._trick
    if trick:
        t = deal._tables
        return deal._shape.follow(hand, t.eff[trick[0][1]], deal._best_card, t, deal._rules, deal._trick_civil)
    if not deal._shape.lead_duties:
        return _new(Constraint, (hand, "", -1))
    turnup = deal._turnup
    return tricks.lead_constraint(
        hand,
        deal._tables,
        deal._rules,
        deal._trick_no == 0,
        deal._hands_in_play == 2,
        turnup if turnup is not None else -1,
        deal._played,
    )


def allowed(deal: Deal) -> int:
    """The allowed mask, computed once per state (``apply`` reuses what ``legal`` found)."""
    mask = deal._play_mask
    if mask < 0:
        mask = deal._play_mask = constraint(deal).allowed
    return mask


def legal(deal: Deal, seat: int) -> list[Action]:
    mask = deal._play_mask
    if mask < 0:
        mask = deal._play_mask = constraint(deal).allowed
    civil_ace = civil_choice_card(deal) if deal._pam >= 0 else -1
    if civil_ace < 0:
        cached = _PLAY_LISTS.get(mask)
        if cached is not None:
            return cached
    out: list[Action] = []
    m = mask
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        out.append(PLAYS[c])
        if c == civil_ace:
            out.append(PLAYS_CIVIL[c])
    if civil_ace < 0 and len(_PLAY_LISTS) < 500_000:
        _PLAY_LISTS[mask] = out
    return out


def check(deal: Deal, action: Action, seat: int | None) -> None:
    deal._require_turn(seat)
    if not isinstance(action, Play):
        raise IllegalActionError("Now is the time to play a card", "COMMON-4")
    card = action.card
    hand = deal._hands[deal._to_act]
    if not (hand >> card) & 1:
        raise IllegalActionError(f"You do not hold the {card.unicode}", "COMMON-4")
    if action.civil and card != civil_choice_card(deal):
        if not deal._trick and card == tricks.civil_ace(deal._tables):
            # pam_civil=auto: the call goes with every such lead, so there is only one move to list
            raise IllegalActionError(
                f"'Pam, be civil' is said automatically under these rules: just play the {card.unicode}", "PAM-2"
            )
        raise IllegalActionError("Only a lead of the ace of trumps can say 'Pam, be civil'", "PAM-2")
    c = constraint(deal)
    if (c.allowed >> card) & 1:
        return
    led = deal._tables.eff[deal._trick[0][1]] if deal._trick else -1
    reason, rule = tricks.explain_refusal(card, hand, led, c, deal._tables, deal._trick_civil)
    raise IllegalActionError(reason, rule)


def apply(deal: Deal, action: Action, seat: int | None) -> Event:
    # The hot path of random play: a card of the allowed mask (usually computed by legal already) needs no other
    # check; anything else gets the full check, which explains a refusal.
    mask = deal._play_mask
    if (
        type(action) is not Play
        or (seat is not None and seat != deal._to_act)
        or action.civil
        or not ((mask if mask >= 0 else allowed(deal)) >> action.card) & 1
    ):
        check(deal, action, seat)
    if TYPE_CHECKING:  # for mypy: the test above or check() has made sure, and this runs for every card
        assert isinstance(action, Play)
    s = deal._to_act
    card = action.card
    deal._legal_cache = None
    deal._play_mask = -1
    deal._hands[s] &= ~(1 << card)
    trick = deal._trick
    t = deal._tables
    if not trick:
        if deal._trump == NO_TRUMP:  # IRISH-TRUMP-1: the first card led sets trumps
            deal._trump = card // 13
            deal._tables = t = tables_once_led(deal._trump)
            deal._events.append(TrumpSet(s, Suit(deal._trump)))
        deal._trick_civil = deal._pam >= 0 and tricks.civil_lead(card, t, deal._rules, action.civil)
        deal._best_card = card
        deal._best_seat = s
    elif (t.beaten_by[deal._best_card] >> card) & 1 and not (
        # tricks.takes_lead, spelled out on the hot path: a civil Pam may lose (PAM-2)
        card == deal._pam and deal._trick_civil and tricks.civil_pam_loses(deal._rules, not deal._hands[s])
    ):
        deal._best_card = card
        deal._best_seat = s
    trick.append((s, card))
    pair = (s, action)  # one tuple for the record of actions and the event's fields
    deal._actions.append(pair)
    ev = _new(Played, pair)
    deal._events.append(ev)
    if len(trick) < deal._hands_in_play:
        deal._to_act = deal._next_seat[s]
        return ev
    _trick_complete(deal)
    return ev


def _trick_complete(deal: Deal) -> None:
    """COMMON-5: the best card takes the trick; its winner leads next (Lou: option same_leader)."""
    trick = deal._trick
    w = deal._best_seat
    deal._tricks.append(_new(TrickRecord, (trick[0][0], tuple(trick), w, deal._trick_civil)))
    deal._tricks_won[w] += 1
    m = 0
    for _, c in trick:
        m |= 1 << c
    deal._played |= m
    deal._taken[w] |= m
    deal._events.append(_new(TrickWon, (w, deal._trick_no + 1)))
    deal._trick = []
    deal._trick_civil = False
    deal._trick_no += 1
    if not deal._hands[w]:  # every hand in play holds the same number of cards
        deal._end(_LOUSE if deal._shape.scores_points else _TRICKS, "")
        return
    if deal._shape.lou_leads and deal._rules.lou_later_leads == "same_leader":
        w = deal._leader
    deal._to_act = w
