"""Trick legality as pure functions: which cards may be led or played, which card beats which, and why not.

Nothing here reads a ``Deal``. Hands, tricks and allowed sets are ``int`` bitmasks of card indexes; ``Tables``
(``lanterloo.tables``) give each card's effective suit, power and the mask of cards that beat it, for the deal's
trumps and Pam. Every constraint comes back as a ``Constraint``: the allowed mask, the rule that binds it ("" when
any card may be played) and one number the explanation needs. The engine, the bots and any client ask these
functions, so the duties are encoded once:

* ``lead_constraint``: the Loo lead duties (LOO-LEAD-2..5, PAM-3);
* ``loo_follow`` (follow, head, trump, overtrump; LOO-PLAY-1..5), ``lou_follow`` (Lou's L2, beat if able;
  LOU-PLAY-1) and ``louse_follow`` (follow suit; LOUSE-PLAY-1): each game's whole duty for a card that is not a
  lead, built on ``beat_if_able``, ``follow_suit_only`` and ``bar_pam`` (where Pam may not be played, PAM-2);
* ``heads`` and ``top_trumps``: which card beats which;
* "Pam, be civil" (PAM-2), in one place: ``civil_ace`` (the lead that may carry the call), ``civil_lead`` (whether
  a lead does), ``bar_pam`` (Pam may not follow to it) and ``civil_pam_loses`` (when a Pam so played loses);
* ``follow_duty``: which of these duties binds a follower, by name, for clients that reason about them;
* ``explain_refusal``: the plain-language reason a card is refused, and the rule it breaks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from lanterloo.cards import ACE, KING, Card, Suit, cards_of, fmt_cards
from lanterloo.rules import Rules
from lanterloo.tables import JACKS, NO_TRUMP, Tables


class Constraint(NamedTuple):
    """The cards a seat may play now, the rule that binds them ("" if none), and a detail for the reason.

    ``detail`` is the suit led (LOO-PLAY-1/5, LOUSE-PLAY-1), the card to beat (LOO-PLAY-2..4, LOU-PLAY-1), the
    number of trumps held (LOO-LEAD-3), 1 when heads-up (LOO-LEAD-4), 1 for "the highest trump" (LOO-LEAD-5).
    """

    allowed: int
    rule: str = ""
    detail: int = -1


# A Constraint is built for every card played. ``_new(Constraint, (allowed, rule, detail))`` skips the NamedTuple's
# Python-level __new__ (half the cost), so every field is given: ("", -1) when no duty binds.
_new = tuple.__new__

#: A game's duty for a card that is not a lead: (hand, suit led, best card so far, tables, rules, civil trick).
Follow = Callable[[int, int, int, Tables, Rules, bool], Constraint]


def heads(card: int, best: int, t: Tables) -> bool:
    """Whether ``card`` heads a trick whose best card so far is ``best`` (COMMON-5)."""
    return bool((t.beaten_by[best] >> card) & 1)


def civil_ace(t: Tables) -> int:
    """The card whose lead may carry "Pam, be civil" (PAM-2): the ace of trumps when Pam is in play, else -1."""
    return t.trump * 13 + ACE if t.pam >= 0 and t.trump != NO_TRUMP else -1


def civil_lead(card: int, t: Tables, rules: Rules, called: bool) -> bool:
    """Whether a trick led with ``card`` is civil (PAM-2): the call was ``called`` by the leader, or under
    ``pam_civil = auto`` every lead of the ace of trumps carries it."""
    return called or (rules.pam_civil == "auto" and card == civil_ace(t))


def civil_pam_loses(rules: Rules, last_card: bool) -> bool:
    """Whether Pam, played to a civil trick (only as the ``last_card``, or under the only-trump exception), loses
    to the card it beats: only the last card, and only under ``pam_civil_last_card = loses`` (PAM-2)."""
    return last_card and rules.pam_civil_last_card == "loses"


def takes_lead(card: int, best: int, t: Tables, rules: Rules, civil: bool, last_card: bool) -> bool:
    """Whether ``card`` becomes the best card of a trick whose best so far is ``best`` (COMMON-5, PAM-2)."""
    return bool((t.beaten_by[best] >> card) & 1) and not (card == t.pam and civil and civil_pam_loses(rules, last_card))


def follow_duty(follow: Follow, rules: Rules) -> str:
    """Which duty binds a follower under ``follow`` (a ``GameShape.follow``): ``loo`` (follow suit, head, trump),
    ``lou`` (beat the best card if able) or ``louse`` (follow suit only)."""
    if follow is louse_follow:
        return "louse"
    if follow is lou_follow and not rules.lou_follow_suit:
        return "lou"
    return "loo"


def follow_suit_only(hand: int, led: int, t: Tables) -> Constraint:
    """LOUSE-PLAY-1: follow the suit led (the jacks are a suit of their own) if able, otherwise anything."""
    f = hand & t.suit_mask[led]
    return _new(Constraint, (f, "LOUSE-PLAY-1", led)) if f else _new(Constraint, (hand, "", -1))


def beat_if_able(hand: int, best: int, t: Tables) -> Constraint:
    """LOU-PLAY-1 (Lou's L2): beat the best card on the table if able, otherwise throw anything."""
    w = hand & t.beaten_by[best]
    return _new(Constraint, (w, "LOU-PLAY-1", best)) if w else _new(Constraint, (hand, "", -1))


def bar_pam(hand: int, t: Tables, rules: Rules, civil: bool) -> tuple[int, bool]:
    """The hand less a Pam that may not be played to this trick (PAM-2), and whether Pam is privileged.

    After "Pam, be civil" Pam may not be played (unless it is the last card, or, with the option, the only trump);
    a privileged Pam is exempt from every duty, so the caller adds it back to the allowed set.
    """
    pam = t.pam
    if pam < 0 or not (hand >> pam) & 1 or hand == (1 << pam):
        return hand, False
    if civil:
        only_trump = (hand & t.trump_mask) == (1 << pam)
        if rules.pam_civil_only_trump_exception and only_trump:
            return hand, False
        return hand & ~(1 << pam), False
    if rules.pam_privileged:
        return hand & ~(1 << pam), True
    return hand, False


def loo_follow(hand: int, led: int, best: int, t: Tables, rules: Rules, civil: bool) -> Constraint:
    """Loo's duty for a card that is not a lead (LOO-PLAY-1..5): follow suit and head the trick if able; void,
    trump (overtrump) if able, and under ``void_trump_duty = always`` a trump even when it cannot win. Pam first
    obeys its own bar (PAM-2); a privileged Pam may always be played.
    """
    privileged = False
    if t.pam >= 0:
        hand, privileged = bar_pam(hand, t, rules, civil)
    f = hand & t.suit_mask[led]
    tr = hand & t.trump_mask
    if f:
        w = f & t.beaten_by[best]
        c = _new(Constraint, (w, "LOO-PLAY-2", best)) if w else _new(Constraint, (f, "LOO-PLAY-1", led))
    elif tr & t.beaten_by[best]:
        c = _new(Constraint, (tr & t.beaten_by[best], "LOO-PLAY-4" if t.eff[best] == t.trump else "LOO-PLAY-3", best))
    elif tr and rules.void_trump_duty == "always":
        c = _new(Constraint, (tr, "LOO-PLAY-5", led))
    else:
        c = _new(Constraint, (hand, "", -1))
    return c._replace(allowed=c.allowed | (1 << t.pam)) if privileged else c


def lou_follow(hand: int, led: int, best: int, t: Tables, rules: Rules, civil: bool) -> Constraint:
    """Lou's duty: beat the best card if able (LOU-PLAY-1), or Loo's duty with the option ``lou_follow_suit``."""
    if rules.lou_follow_suit:
        return loo_follow(hand, led, best, t, rules, civil)
    rest, privileged = bar_pam(hand, t, rules, civil)
    c = beat_if_able(rest, best, t)
    return c._replace(allowed=c.allowed | (1 << t.pam)) if privileged else c


def louse_follow(hand: int, led: int, best: int, t: Tables, rules: Rules, civil: bool) -> Constraint:
    """Louse's duty: follow suit if able, nothing more (LOUSE-PLAY-1)."""
    return follow_suit_only(hand, led, t)


def top_trumps(trumps: int, t: Tables, equivalent_cards: bool, out_of_play: int) -> int:
    """The highest trump held, or (option ``equivalent_cards``) every trump as good as it (LOO-LEAD-4).

    A lower trump is as good as the top one when every trump between them is out of play (``out_of_play``: the
    cards of finished tricks and the turn-up).
    """
    order = t.by_power(trumps)
    top = 1 << order[0]
    if not equivalent_cards:
        return top
    all_trumps = t.by_power(t.trump_mask)
    prev = order[0]
    for c in order[1:]:
        between = [d for d in all_trumps if t.power[c] < t.power[d] < t.power[prev]]
        if not all((out_of_play >> d) & 1 for d in between):
            break
        top |= 1 << c
        prev = c
    return top


def lead_constraint(
    hand: int, t: Tables, rules: Rules, first: bool, heads_up: bool, turnup: int, played: int
) -> Constraint:
    """The Loo lead duties (LOO-LEAD-2..5, PAM-3) for a leader holding ``hand``.

    ``first``: this is the first trick; ``heads_up``: two hands are in play; ``turnup``: the turn-up card or -1;
    ``played``: the cards of finished tricks. No duty binds before trumps are known (Irish).
    """
    if t.trump == NO_TRUMP:
        return _new(Constraint, (hand, "", -1))
    pam = t.pam
    trumps = hand & t.trump_mask
    if rules.pam_privileged and pam >= 0:
        trumps &= ~(1 << pam)  # a privileged Pam is never compulsory
    out_of_play = played | (1 << turnup if turnup >= 0 else 0)
    if first:
        if rules.first_lead_forced:
            ace = t.trump * 13 + ACE
            forced = 1 << (t.trump * 13 + KING) if turnup == ace else 1 << ace
            rid = "LOO-LEAD-2"
            if pam >= 0 and rules.forced_lead_cards == "pam_or_ace":
                rid = "PAM-3"
                if not rules.pam_privileged:
                    forced |= 1 << pam
            f = hand & forced
            if f:
                return _new(Constraint, (f, rid, -1))
        mode = rules.first_trump_lead
        n = trumps.bit_count()
        duty = (
            (mode == "two_trumps" and n >= 2)
            or (mode == "any_trump" and n >= 1)
            or (mode == "heads_up_only" and n >= 1 and heads_up)
        )
        if not duty:
            return _new(Constraint, (hand, "", -1))
        hi = rules.trump_lead_highest
        if hi == "always" or (hi == "heads_up" and heads_up) or mode == "heads_up_only":
            top = top_trumps(trumps, t, rules.equivalent_cards, out_of_play)
            return _new(Constraint, (top, "LOO-LEAD-4", int(heads_up)))
        return _new(Constraint, (trumps, "LOO-LEAD-3", n))
    mode2 = rules.later_trump_lead
    if mode2 == "off" or not trumps:
        return _new(Constraint, (hand, "", -1))
    if mode2 == "highest" or (mode2 == "highest_if_two_active" and heads_up):
        return _new(Constraint, (top_trumps(trumps, t, rules.equivalent_cards, out_of_play), "LOO-LEAD-5", 1))
    return _new(Constraint, (trumps, "LOO-LEAD-5", 0))


def suit_name(eff: int) -> str:
    return "jacks" if eff == JACKS else Suit(eff).plural


def explain_refusal(card: Card, hand: int, led: int, c: Constraint, t: Tables, civil: bool) -> tuple[str, str]:
    """Why ``card`` (held, and not in ``c.allowed``) may not be played: the reason and the rule ID.

    ``led`` is the effective suit led, or -1 for a lead; ``civil``: the trick was led with "Pam, be civil".
    A card that breaks several duties names the first: a card off the suit led breaks "follow suit" before
    "head the trick", and a plain card on a trick one must trump breaks "trump" before "overtrump".
    """
    if card == t.pam and civil:
        return (
            "Pam, be civil: the ace of trumps was led with the call, so Pam may not be played to this trick",
            "PAM-2",
        )
    mask, rid = c.allowed, c.rule
    if led >= 0 and rid == "LOO-PLAY-2" and t.eff[card] != led:
        held = fmt_cards(t.by_power(hand & t.suit_mask[led]), unicode=True)
        heads_with = fmt_cards(t.by_power(mask), unicode=True)
        return (
            f"You must follow {Suit(led).plural}: you hold {held}, and your {heads_with} must head the trick",
            "LOO-PLAY-1",
        )
    if led >= 0 and rid == "LOO-PLAY-4" and t.eff[card] != t.trump and not hand & t.suit_mask[led]:
        held = fmt_cards(t.by_power(hand & t.trump_mask), unicode=True)
        return f"You have no {suit_name(led)}, so you must trump: you hold {held}", "LOO-PLAY-3"
    return _reason(card, c, t, led), rid or "COMMON-4"


def _reason(card: Card, c: Constraint, t: Tables, led: int) -> str:
    mask, rid, detail = c
    allowed = fmt_cards(t.by_power(mask), unicode=True)
    if rid == "LOO-PLAY-1":
        return f"You must follow {Suit(detail).plural}: you hold {allowed}"
    if rid == "LOO-PLAY-2":
        return f"You must head the trick: your {allowed} beats the {Card(detail).unicode} on the table"
    if rid == "LOO-PLAY-3":
        return f"You have no {suit_name(led)}, so you must trump: you hold {allowed}"
    if rid == "LOO-PLAY-4":
        return f"You must overtrump: your {allowed} beats the {Card(detail).unicode} on the table"
    if rid == "LOO-PLAY-5":
        return (
            f"You have no {suit_name(detail)}, so you must play a trump even though it cannot win: you hold {allowed}"
        )
    if rid == "LOU-PLAY-1":
        return (
            f"You must beat the {Card(detail).unicode} if you can: your {allowed} beats it, the {card.unicode} does not"
        )
    if rid == "LOUSE-PLAY-1":
        if detail == JACKS:
            return f"A jack was led, so you must play a jack: you hold {allowed}"
        return f"You must follow {Suit(detail).plural} (a jack is not one of them): you hold {allowed}"
    if rid == "LOO-LEAD-2":
        return f"You must lead the {fmt_cards(cards_of(mask), True)}: the top trump leads the first trick"
    if rid == "PAM-3":
        return f"You must lead Pam or the ace of trumps: you hold {allowed}"
    if rid == "LOO-LEAD-3":
        if detail == 1:
            return f"You hold a trump, so you must lead it: {allowed}"
        return f"You hold {detail} trumps, so you must lead one: {allowed}"
    if rid == "LOO-LEAD-4":
        if detail == 1:
            return f"Only two hands are in play: you must lead your highest trump, {allowed}"
        return f"You must lead a trump, and under these rules your highest: {allowed}"
    if rid == "LOO-LEAD-5":
        what = "your highest trump" if detail == 1 else "a trump"
        return f"The winner of a trick must lead {what}: you hold {allowed}"
    return f"The {card.unicode} cannot be played now"
