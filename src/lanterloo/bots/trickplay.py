"""Trick play for the pool games (every Loo preset and Lou).

Each candidate card is scored by the chips it leads to: the chance that it takes this trick, plus the chance that
each card kept takes a later one (as if led against the opponents still in), turned into a distribution of tricks
and priced by the payoff table (a share per trick, a loo for none). That one number carries the rules of thumb:

- it wins cheaply: when two cards take the trick equally surely, the lower one keeps more for later;
- it keeps high trumps when the trick is safe or lost: throwing a low card costs the future least;
- it tries hardest for its first trick, because the loo makes the first trick worth more than the rest;
- it remembers the play: the odds come from the cards still unknown and what each opponent can still hold.

Leads add one idea the score does not see: leading low under a guarded honour makes the holders of the higher
cards head the trick with them, so the honour becomes master.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lanterloo.actions import Action, Play
from lanterloo.bots.base import Decision
from lanterloo.bots.knowledge import Knowledge, suit_name, tables_for
from lanterloo.bots.payoff import Payoff, payoff_for
from lanterloo.bots.style import Style
from lanterloo.cards import Card
from lanterloo.tables import NO_TRUMP

EPS = 1e-9


def future_chances(k: Knowledge, cards: list[Card], style: Style) -> dict[int, float]:
    """For each card, the chance it takes a later trick (see ``Knowledge.p_future``)."""
    opt = style.optimism
    return {c: min(1.0, opt * k.p_future(c)) for c in cards}


def after_trump_lead(k: Knowledge, cards: list[Card], lead: int, style: Style) -> dict[int, float]:
    """Later chances of our side cards once a trump lead has made every opponent spend a trump (Loo's follow
    duty): an opponent who had a single trump can no longer ruff them. Counted at half weight: the winner of
    the trick leads next, and may not give us the chance to use the cards it protects."""
    t = k.t
    saved = list(k.ruff_scale)
    for s in range(k.n):
        if k.active[s] > 0.0:
            k.ruff_scale[s] = 0.5 + 0.5 * k.p_two_trumps(s)
    try:
        opt = style.optimism
        return {c: min(1.0, opt * k.p_future(c)) for c in cards if c != lead and t.eff[c] != t.trump}
    finally:
        k.ruff_scale = saved


def play_candidates(legal: Sequence[Action]) -> dict[Card, Play]:
    """One action per card; a lead of the ace of trumps that may say "Pam, be civil" says it (it bars Pam)."""
    out: dict[Card, Play] = {}
    for a in legal:
        if isinstance(a, Play) and (a.card not in out or a.civil):
            out[a.card] = a
    return out


def forced_reason(k: Knowledge, card: Card) -> str:
    """Why the only legal card is the only one."""
    view = k.view
    t = k.t
    name = card.unicode
    if len(view.hand) == 1:
        return f"Last card: the {name}"
    if not view.trick:
        if not view.tricks and k.mode == "loo" and t.trump != NO_TRUMP and t.eff[card] == t.trump:
            return f"The first lead is forced: the {name} must lead"
        if k.mode == "loo" and t.trump != NO_TRUMP and t.eff[card] == t.trump:
            return f"A trump lead is due: the {name} is the one allowed"
        return f"Only legal lead: the {name}"
    best, _ = k.current_best()
    led = t.eff[view.trick[0][1]]
    beats = bool((t.beaten_by[best] >> card) & 1)
    if k.mode == "lou":
        if beats:
            return f"Must beat the {Card(best).unicode}: the {name} is the only card that does"
        return f"Only legal card: the {name}"
    if t.eff[card] == led:
        if beats and k.mode == "loo":
            return f"Must head the trick: the {name} is my only card that beats the {Card(best).unicode}"
        return f"Must follow {suit_name(led)}: the {name} is my only one"
    if k.mode == "loo" and t.eff[card] == t.trump:
        return f"No {suit_name(led)}, so I must trump: the {name}"
    return f"Only legal card: the {name}"


@dataclass
class _Option:
    card: Card
    ev: float
    now: float  # chance of taking this trick
    later: float  # chance of taking a later trick if kept
    bonus: float  # the guarded-honour lead bonus included in ev
    draws: float  # what drawing trumps adds to the later chances of our side cards
    k: Knowledge


def decide_trick(view_k: Knowledge, style: Style) -> Decision:
    view = view_k.view
    cands = play_candidates(view.legal)
    if not cands:
        raise ValueError("The bot was asked to play, but it has no legal card.")
    if len(cands) == 1:
        card, action = next(iter(cands.items()))
        return Decision(action, forced_reason(view_k, card))
    seat = view_k.seat
    won = view.tricks_won[seat]
    hand = list(view.hand)
    irish_lead = view_k.t.trump == NO_TRUMP
    pays = payoff_for(view, seat, style.loo_fear, holds_pam=view_k.t.pam >= 0 and view_k.t.pam in hand)

    options: list[_Option] = []
    by_trump: dict[int, tuple[Knowledge, dict[int, float]]] = {}
    for card in cands:
        if irish_lead:
            # Irish Loo: this lead makes its own suit trumps, so judge the whole hand under that trump.
            suit = card // 13
            if suit not in by_trump:
                kk = Knowledge(view, tables_for(view, suit))
                by_trump[suit] = (kk, future_chances(kk, hand, style))
            k, fut = by_trump[suit]
        else:
            if -1 not in by_trump:
                by_trump[-1] = (view_k, future_chances(view_k, hand, style))
            k, fut = by_trump[-1]
        t = k.t
        now = min(1.0, k.p_win_now(card) * (style.optimism if not view.trick else 1.0))
        later = fut
        draws = 0.0
        if (
            not view.trick
            and k.mode == "loo"
            and t.trump != NO_TRUMP
            and t.eff[card] == t.trump
            and t.trump_mask & k.unknown
        ):
            drawn = after_trump_lead(k, hand, card, style)
            draws = sum(drawn[d] - fut[d] for d in drawn)
            later = {**fut, **drawn}
        bonus = _lead_bonus(k, card, pays)
        ev = pays.expected([now] + [later[d] for d in hand if d != card], won) + bonus
        options.append(_Option(card, ev, now, fut[card], bonus, draws, k))
    # Ties go to the card worth least later, then to the lower card.
    options.sort(key=lambda o: (-o.ev, o.later, _power_key(o.k, o.card)))
    best = options[0]
    action = cands[best.card]
    reason = _reason(best, options, pays, won)
    if action.civil:
        reason += "; I say 'Pam, be civil', so Pam may not take it"
    return Decision(action, reason)


def _power_key(k: Knowledge, card: int) -> int:
    t = k.t
    return (100 if t.eff[card] == t.trump else 0) + t.power[card]


def _lead_bonus(k: Knowledge, card: int, pays: Payoff) -> float:
    """Leading low under a guarded honour: whoever holds the higher cards must head the trick with them, and
    our honour is promoted. Worth a little when one or two higher cards are out and several tricks remain."""
    view = k.view
    if view.trick or k.mode != "loo" or len(view.hand) < 3:
        return 0.0
    t = k.t
    suit = t.suit_mask[t.eff[card]]
    mine_higher = k.hand & suit & t.beaten_by[card]
    if not mine_higher:
        return 0.0
    top = t.highest(mine_higher)
    above_top = t.beaten_by[top] & suit & k.unknown
    if not above_top or above_top.bit_count() > 2:
        return 0.0
    return 0.15 * pays.share


def _lowest_of_suit(k: Knowledge, card: int) -> bool:
    t = k.t
    same = k.hand & t.suit_mask[t.eff[card]]
    return t.by_power(same)[-1] == card


def _reason(o: _Option, options: list[_Option], pays: Payoff, won: int) -> str:
    k = o.k
    card = o.card
    now = o.now
    view = k.view
    t = k.t
    name = card.unicode
    suit = t.eff[card]
    trump = suit == t.trump
    if not view.trick:
        if view.trump is None and view.rules.trump_mode == "first_lead":
            return f"Lead the {name}: it makes {suit_name(suit)} trumps, my best suit"
        if now > 0.97:
            extra = " and draws their trumps" if trump and (t.trump_mask & k.unknown) else ""
            return f"Lead the {name}: nothing still out can beat it, a sure trick{extra}"
        if o.draws > 0.1 and trump:
            return f"Lead the {name}: it makes the others spend their trumps, so my side cards are not ruffed"
        if o.bonus > 0.0:
            keep = Card(t.highest(k.hand & t.suit_mask[suit] & t.beaten_by[card])).unicode
            return (
                f"Lead the {name} under my {keep}: whoever holds a higher card must head the trick with it, "
                f"and my {keep} is promoted"
            )
        if now >= max(x.now for x in options) - 1e-9 and now >= 0.3:
            return f"Lead the {name}: my best chance of a trick (about {now:.0%})"
        if won:
            return f"Lead the {name}, my least useful card: I have my trick, and my better cards keep their chances"
        return f"Lead the {name}, my least useful card: no lead is likely to win now, so I keep the better ones"
    if now <= 0.0:
        if trump and t.eff[view.trick[0][1]] != t.trump and k.mode == "loo":
            return f"Cannot win this trick and must trump: play the lowest trump, the {name}"
        if _lowest_of_suit(k, card):
            return f"Cannot win this trick: throw the lowest {suit_name(suit, plural=False)}, the {name}"
        return f"Cannot win this trick: throw the {name}, the card I need least"
    best, _ = k.current_best()
    winners = [c for c in view.hand if (t.beaten_by[best] >> c) & 1 and any(x.card == c for x in options)]
    lowest = min(winners, key=lambda c: _power_key(k, c))
    if card == lowest:
        if now > 0.97:
            return "Lowest card that still wins the trick"
        return f"Head the trick with the {name}, my cheapest winner (it holds about {now:.0%})"
    why = (
        f", to be sure of a trick (a {'match' if k.rules.game == 'lou' else 'loo'} costs {pays.loo})"
        if (won == 0 and pays.loo)
        else ""
    )
    return f"Play the {name} rather than a lower winner: it holds about {now:.0%}{why}"
