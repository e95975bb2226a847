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
from lanterloo.engine.tricks import Constraint
from lanterloo.errors import IllegalActionError
from lanterloo.tables import NO_TRUMP, loo_tables

if TYPE_CHECKING:
    from lanterloo.engine.state import Deal

# Legal card lists by mask, shared by all deals (read-only): listing legal cards is the hottest path of play.
_PLAY_LISTS: dict[int, list[Action]] = {}
# Builds a record without NamedTuple's Python-level __new__: one is made per card played.
_new = tuple.__new__
_TRICKS, _LOUSE = SettlementKind.TRICKS, SettlementKind.LOUSE  # enum attribute access is slow in 3.11


def run_flush_check(deal: Deal) -> None:
    """Phase.FLUSH_CHECK: with Pam (or in five-card Loo) a flush sweeps the pool before play (PAM-FLUSH-1..3)."""
    if deal.pam >= 0 or deal.shape.flushes(deal.rules):
        # PAM-4 and the flush exemptions look at who holds Pam now; begin() finds the same seat
        deal.pam_holder = next((s for s in range(deal.n) if deal.pam >= 0 and (deal.hands[s] >> deal.pam) & 1), -1)
        seats = [s for s in deal.ring(deal.eldest) if deal.in_play[s]]
        flush = find_flushes(deal.hands, seats, deal.pam, deal.trump, deal.rules)
        if flush is not None:
            deal.flushes = {s: cards_of(deal.hands[s]) for s in flush.holders}
            deal.end(SettlementKind.FLUSH, "PAM-FLUSH-3", flush.winners, flush.holders)
            return
    begin(deal)


def begin(deal: Deal) -> None:
    """The seats in play, who holds Pam, and who leads (LOO-LEAD-1, LOO-DECL-2 option, LOU-LEAD-1)."""
    r = deal.rules
    n = deal.n
    deal.phase = Phase.PLAY
    deal.order = [s for s in deal.ring(deal.eldest) if deal.in_play[s]]
    deal.hands_in_play = len(deal.order)
    nxt = [-1] * n
    for i, s in enumerate(deal.order):
        nxt[s] = deal.order[(i + 1) % len(deal.order)]
    deal.next_seat = nxt
    if deal.pam >= 0:
        for s in deal.order:
            if (deal.hands[s] >> deal.pam) & 1:
                deal.pam_holder = s
    leader = deal.order[0]
    if r.miss_holder_leads and deal.miss_taker is not None:
        leader = deal.miss_taker
    if deal.shape.lou_leads and r.lou_first_lead != "eldest_in" and deal.turnup is not None:
        v = 1 if deal.turnup.rank == ACE else deal.turnup.rank + 2  # ace = 1 ... king = 13
        if r.lou_first_lead == "count_in_players":
            leader = deal.order[(v - 1) % len(deal.order)]
        else:
            seat = (deal.dealer + v) % n
            while not deal.in_play[seat]:
                seat = (seat + 1) % n
            leader = seat
    deal.leader = leader
    deal.to_act = leader
    deal.invalidate()
    deal.events.append(_new(PlayBegins, (leader, tuple(deal.order))))


def civil_choice_card(deal: Deal) -> int:
    """The ace of trumps, when leading it lets the leader choose to say "Pam, be civil" (PAM-2), or -1."""
    if deal.pam < 0 or deal.trick or deal.rules.pam_civil != "ask":
        return -1
    return deal.trump * 13 + ACE


def constraint(deal: Deal) -> Constraint:
    """The cards the seat to act may play, with the rule that binds them."""
    hand = deal.hands[deal.to_act]
    trick = deal.trick
    if trick:
        t = deal.tables
        return deal.shape.follow(hand, t.eff[trick[0][1]], deal.best_card, t, deal.rules, deal.trick_civil)
    if not deal.shape.lead_duties:
        return Constraint(hand)
    turnup = deal.turnup
    return tricks.lead_constraint(
        hand,
        deal.tables,
        deal.rules,
        deal.trick_no == 0,
        deal.hands_in_play == 2,
        turnup if turnup is not None else -1,
        deal.played,
    )


def allowed(deal: Deal) -> int:
    """The allowed mask, computed once per state (``apply`` reuses what ``legal`` found)."""
    mask = deal.play_mask
    if mask < 0:
        mask = deal.play_mask = constraint(deal).allowed
    return mask


def legal(deal: Deal, seat: int) -> list[Action]:
    mask = deal.play_mask
    if mask < 0:
        mask = deal.play_mask = constraint(deal).allowed
    civil_ace = civil_choice_card(deal) if deal.pam >= 0 else -1
    cached = _PLAY_LISTS.get(mask) if civil_ace < 0 else None
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
    deal.require_turn(seat)
    if not isinstance(action, Play):
        raise IllegalActionError("Now is the time to play a card", "COMMON-4")
    card = action.card
    hand = deal.hands[deal.to_act]
    if not (hand >> card) & 1:
        raise IllegalActionError(f"You do not hold the {card.unicode}", "COMMON-4")
    if action.civil and card != civil_choice_card(deal):
        if deal.pam >= 0 and not deal.trick and card == deal.trump * 13 + ACE:
            # pam_civil=auto: the call goes with every such lead, so there is only one move to list
            raise IllegalActionError(
                f"'Pam, be civil' is said automatically under these rules: just play the {card.unicode}", "PAM-2"
            )
        raise IllegalActionError("Only a lead of the ace of trumps can say 'Pam, be civil'", "PAM-2")
    c = constraint(deal)
    if (c.allowed >> card) & 1:
        return
    led = deal.tables.eff[deal.trick[0][1]] if deal.trick else -1
    reason, rule = tricks.explain_refusal(card, hand, led, c, deal.tables, deal.trick_civil)
    raise IllegalActionError(reason, rule)


def apply(deal: Deal, action: Action, seat: int | None) -> Event:
    # The hot path of random play: a card of the allowed mask (usually computed by legal already) needs no other
    # check; anything else gets the full check, which explains a refusal.
    mask = deal.play_mask
    if (
        type(action) is not Play
        or (seat is not None and seat != deal.to_act)
        or action.civil
        or not ((mask if mask >= 0 else allowed(deal)) >> action.card) & 1
    ):
        check(deal, action, seat)
    assert isinstance(action, Play)
    s = deal.to_act
    card = action.card
    deal.legal_cache = None
    deal.play_mask = -1
    deal.hands[s] &= ~(1 << card)
    trick = deal.trick
    t = deal.tables
    if not trick:
        if deal.trump == NO_TRUMP:  # IRISH-TRUMP-1: the first card led sets trumps
            deal.trump = card // 13
            deal.tables = t = loo_tables(deal.trump)
            deal.events.append(TrumpSet(s, Suit(deal.trump)))
        deal.trick_civil = action.civil or (
            deal.pam >= 0 and deal.rules.pam_civil == "auto" and card == deal.trump * 13 + ACE
        )
        deal.best_card = card
        deal.best_seat = s
    elif (t.beaten_by[deal.best_card] >> card) & 1 and not (
        # PAM-2: only a Pam played because it was the last card (the hand is now empty) can be made to lose
        card == deal.pam and deal.trick_civil and not deal.hands[s] and deal.rules.pam_civil_last_card == "loses"
    ):
        deal.best_card = card
        deal.best_seat = s
    trick.append((s, card))
    deal.actions.append((s, action))
    ev = _new(Played, (s, action))
    deal.events.append(ev)
    if len(trick) < deal.hands_in_play:
        deal.to_act = deal.next_seat[s]
        return ev
    _trick_complete(deal)
    return ev


def _trick_complete(deal: Deal) -> None:
    """COMMON-5: the best card takes the trick; its winner leads next (Lou: option same_leader)."""
    trick = deal.trick
    w = deal.best_seat
    deal.tricks.append(_new(TrickRecord, (trick[0][0], tuple(trick), w, deal.trick_civil)))
    deal.tricks_won[w] += 1
    m = 0
    for _, c in trick:
        m |= 1 << c
    deal.played |= m
    deal.taken[w] |= m
    deal.events.append(_new(TrickWon, (w, deal.trick_no + 1)))
    deal.trick = []
    deal.trick_civil = False
    deal.trick_no += 1
    if not deal.hands[w]:  # every hand in play holds the same number of cards
        deal.end(_LOUSE if deal.shape.scores_points else _TRICKS, "")
        return
    if deal.shape.lou_leads and deal.rules.lou_later_leads == "same_leader":
        w = deal.leader
    deal.to_act = w
