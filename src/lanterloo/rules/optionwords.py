"""Every rules option in words: its group, a short label, one line of description, and each of its choices said in
plain words, for the clients that offer house rules to people rather than to programs (the web lobby's "new
table" form, the table page's "house rules: ..." line; the terminal and the docs may use them too).

The engine keys stay what the API and the command line take (``loo_penalty=pool``); these are only how they are
said. tests/test_optionwords.py checks that every option has its words and every choice of every option is said,
so a new option cannot reach a player as a raw key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from lanterloo.rules.options import OPTION_HINTS, Rules

Group = Literal["stakes", "declaring", "play", "scoring", "deal"]

#: The groups in the order a form shows them, each with its heading.
GROUPS: dict[Group, str] = {
    "stakes": "Stakes",
    "declaring": "Declaring",
    "play": "Leads and play",
    "scoring": "Scoring",
    "deal": "The deal and the pack",
}

#: The options that name the variant rather than change it: never offered as house rules.
NOT_HOUSE_RULES = frozenset({"preset", "game"})


@dataclass(frozen=True, slots=True)
class OptionWords:
    """How one option is said. ``words`` says each choice (True and False for a toggle) as a phrase that reads on
    its own ("a loo costs the whole pool"); a whole-number option has ``amount`` instead, a phrase with ``{}`` for
    the number ("antes of {} chips")."""

    group: Group
    label: str
    line: str
    words: Mapping[Any, str] = field(default_factory=dict)
    amount: str = ""


W = OptionWords

OPTION_WORDS: dict[str, OptionWords] = {
    # --- the deal and the pack ---
    "hand_size": W("deal", "Cards in a hand", "How many cards each player is dealt.", amount="hands of {} cards"),
    "miss": W(
        "deal",
        "The Miss",
        "Deal a spare face-down hand that a player may take instead of his own.",
        {True: "a Miss is dealt", False: "no Miss"},
    ),
    "trump_mode": W(
        "deal",
        "Trumps",
        "How the trump suit is chosen.",
        {
            "turnup": "trumps from the turned-up card",
            "first_lead": "trumps are the suit of the first card led",
            "jacks": "the four jacks are the trump suit",
        },
    ),
    "pam": W(
        "deal",
        "Pam",
        "A jack that beats every other trump.",
        {"none": "no Pam", "jack_of_clubs": "the jack of clubs is Pam", "jack_of_trump_suit": "the trump jack is Pam"},
    ),
    "min_players": W(
        "deal", "Fewest players", "The least number of players the game may start with.", amount="at least {} players"
    ),
    # --- stakes ---
    "ante_mode": W(
        "stakes",
        "Who antes",
        "Who puts chips into the pool when antes are due.",
        {
            "everyone": "everyone antes",
            "dealer": "the dealer alone antes",
            "everyone_dealer_double": "everyone antes, the dealer double",
        },
    ),
    "ante": W("stakes", "Ante", "The chips in each ante.", amount="antes of {} chips"),
    "loo_penalty": W(
        "stakes",
        "A loo costs",
        "What a player who plays and takes no trick pays into the next pool.",
        {
            "fixed": "a loo costs a fixed amount (Limited Loo)",
            "pool": "a loo costs the whole pool (Unlimited Loo)",
            "capped": "a loo costs the pool, up to a cap (Mixed Loo)",
        },
    ),
    "loo_amount": W(
        "stakes", "Loo amount", "The fixed cost of a loo, or the cap on it.", amount="a loo of at most {} chips"
    ),
    "remainder": W(
        "stakes",
        "Odd chips",
        "Who gets the chips of a pool that does not divide into equal shares.",
        {
            "carry": "odd chips stay in the pool",
            "first_trick_winner": "odd chips go to the first trick's winner",
            "last_trick_winner": "odd chips go to the last trick's winner",
            "most_tricks": "odd chips go to whoever took the most tricks",
        },
    ),
    "session_end": W(
        "stakes",
        "After the last deal",
        "What happens when the agreed number of deals has been played.",
        {
            "settle": "play on until the pool is empty",
            "exact": "stop at once, chips left in the pool",
        },
    ),
    "lou_ante_choice": W(
        "stakes",
        "Lou's ante",
        "Who sets the ante when a game of Lou starts.",
        {"dealer": "the dealer sets the ante", "fixed": "a fixed ante"},
    ),
    "lou_ante_min": W(
        "stakes",
        "Least ante",
        "The smallest ante Lou's dealer may set (a multiple of 3).",
        amount="antes from {} chips",
    ),
    "lou_ante_max": W(
        "stakes", "Most ante", "The largest ante Lou's dealer may set (a multiple of 3).", amount="antes up to {} chips"
    ),
    "lou_match_cap": W(
        "stakes",
        "Cap on a match",
        "The most a Lou match costs (0: the whole pot).",
        amount="matches capped at {} chips",
    ),
    "lou_zero_in": W(
        "stakes",
        "Nobody In",
        "What happens in Lou when nobody goes In.",
        {"carry": "nobody In: the pot is carried", "reante": "nobody In: everyone antes again"},
    ),
    # --- declaring ---
    "declare": W(
        "declaring",
        "How players declare",
        "In turn from the dealer's left, or all at once in secret.",
        {"sequential": "declare in turn", "coin": "declare all at once, in secret"},
    ),
    "bold_stand": W(
        "declaring",
        "Bold Stand",
        "Who must play when the pool holds nothing but this deal's antes.",
        {
            "off": "no Bold Stand",
            "everyone": "Bold Stand: everyone must play",
            "dealer_and_last": "Bold Stand: the dealer and the last before him must play",
        },
    ),
    "bold_stand_withdraw_miss": W(
        "declaring",
        "No Miss under Bold Stand",
        "When Bold Stand makes everyone play, the Miss is set aside.",
        {True: "the Miss is set aside under Bold Stand", False: "the Miss stays under Bold Stand"},
    ),
    "club_law": W(
        "declaring",
        "Club Law",
        "When clubs are trumps, everyone must play.",
        {True: "Club Law: everyone plays when clubs are trumps", False: "no Club Law"},
    ),
    "dealer_takes_all_pass": W(
        "declaring",
        "Dealer takes a passed pool",
        "If everyone before the dealer passes, the dealer takes the pool without play.",
        {True: "the dealer takes the pool when all pass", False: "the dealer declares like anyone when all pass"},
    ),
    "lone_player": W(
        "declaring",
        "One player against the dealer",
        "When just one player before the dealer plays on his own hand.",
        {
            "dealer_must_play": "the dealer must play against a lone player",
            "wins_pool": "the dealer may pass and leave a lone player the pool",
        },
    ),
    "defend_miss": W(
        "declaring",
        "Defending the Miss",
        "When the dealer may play the Miss for the pool, neither winning nor paying.",
        {
            "exactly_one": "the dealer may defend the Miss against one player",
            "at_least_one": "the dealer may defend the Miss against any number",
            "never": "the Miss is never defended",
        },
    ),
    "exchange": W(
        "declaring",
        "Exchange",
        "Whether a player who plays may throw cards and draw new ones from the stock.",
        {
            "none": "no exchange",
            "own_turn": "exchange at one's own turn",
            "after_declarations": "exchange after everyone has declared",
        },
    ),
    "exchange_shortfall": W(
        "declaring",
        "A short stock",
        "When the stock cannot cover an exchange or a draw.",
        {"limit": "draw at most what the stock holds", "reshuffle": "reshuffle the discards into a new stock"},
    ),
    "lou_draw": W(
        "declaring",
        "Lou's draw",
        "In players may throw and draw up to this many cards (0: no draw).",
        amount="draws of up to {} cards",
    ),
    # --- leads and play ---
    "miss_holder_leads": W(
        "play",
        "The Miss leads",
        "The player who took the Miss leads to the first trick.",
        {True: "the Miss-holder leads first", False: "the eldest hand leads first"},
    ),
    "first_lead_forced": W(
        "play",
        "Forced ace lead",
        "The leader must lead the ace of trumps (the king if the ace is turned up).",
        {True: "the ace of trumps must be led", False: "no forced ace lead"},
    ),
    "forced_lead_cards": W(
        "play",
        "The forced lead with Pam",
        "Which cards satisfy the forced lead when there is a Pam.",
        {"ace": "the forced lead is the ace of trumps", "pam_or_ace": "the forced lead is Pam or the ace of trumps"},
    ),
    "first_trump_lead": W(
        "play",
        "Trump lead to the first trick",
        "When the first leader must lead a trump.",
        {
            "none": "no trump-lead duty",
            "two_trumps": "lead a trump when holding two or more",
            "any_trump": "lead a trump when holding any",
            "heads_up_only": "lead a trump only when two play",
        },
    ),
    "trump_lead_highest": W(
        "play",
        "Lead the highest trump",
        "When a trump lead that is due must be the highest trump held.",
        {
            "never": "any trump may be led",
            "heads_up": "the highest trump is led when two play",
            "always": "the highest trump is always led",
        },
    ),
    "equivalent_cards": W(
        "play",
        "Equal trumps",
        "A trump counts as the highest if every rank between them is out of play.",
        {True: "a trump equal to the highest counts as it", False: "only the highest trump counts as it"},
    ),
    "later_trump_lead": W(
        "play",
        "Trump lead to later tricks",
        "The winner of a trick must lead a trump to the next one.",
        {
            "off": "no later trump lead",
            "any": "a trick's winner leads a trump",
            "highest": "a trick's winner leads his highest trump",
            "highest_if_two_active": "a trick's winner leads a trump, the highest when two play",
        },
    ),
    "void_trump_duty": W(
        "play",
        "Trumping when void",
        "Whether a player out of the suit led must trump even when he cannot win the trick.",
        {"always": "a void player must always trump", "only_if_can_head": "a void player trumps only to win"},
    ),
    "lou_follow_suit": W(
        "play",
        "Lou with Loo's duties",
        "Lou played with the duties to follow suit, trump and head the trick.",
        {True: "Lou with follow, trump and head", False: "Lou with any card playable"},
    ),
    "lou_first_lead": W(
        "play",
        "Lou's first lead",
        "Who leads the first trick in Lou.",
        {
            "eldest_in": "the first In player leads",
            "count_in_players": "the lead is counted by the turn-up over the In players",
            "count_all_seats": "the lead is counted by the turn-up over every seat",
        },
    ),
    "lou_later_leads": W(
        "play",
        "Lou's later leads",
        "Who leads the second and third tricks in Lou.",
        {"trick_winner": "each trick's winner leads the next", "same_leader": "the first leader leads every trick"},
    ),
    "pam_civil": W(
        "play",
        "Pam, be civil",
        "Whether leading the ace of trumps always asks Pam's holder not to play it.",
        {"auto": "every ace-of-trumps lead says 'Pam, be civil'", "ask": "the ace's leader chooses to say it"},
    ),
    "pam_civil_only_trump_exception": W(
        "play",
        "Pam as the only trump",
        "A civil call does not bind a player whose only trump is Pam.",
        {True: "a lone Pam need not be civil", False: "a lone Pam must be civil too"},
    ),
    "pam_civil_last_card": W(
        "play",
        "Pam as the last card",
        "Pam played under a civil call because it is the last card in hand.",
        {"wins": "a last-card Pam still wins", "loses": "a last-card Pam loses to the ace"},
    ),
    "pam_privileged": W(
        "play",
        "Pam is free",
        "Pam may be played at any time and is never compulsory.",
        {True: "Pam may be played at any time", False: "Pam follows the duties like any trump"},
    ),
    "louse_rank": W(
        "play",
        "Louse's card order",
        "The order of the plain suits in Louse.",
        {"french": "plain suits rank 7 8 9 10 Q K A", "skat": "plain suits rank 7 8 9 Q K 10 A"},
    ),
    "louse_jack_order": W(
        "play",
        "The trump jacks",
        "The order of the four trump jacks in Louse.",
        {"diamonds_high": "the jack of diamonds is highest", "clubs_high": "the jack of clubs is highest"},
    ),
    "louse3_mode": W(
        "play",
        "Three-handed Louse",
        "How three players deal the 32 cards.",
        {"remove_two_sevens": "three players: 7♣ and 7♠ come out", "widow": "three players: two cards aside"},
    ),
    # --- scoring ---
    "pam_holder_not_looed": W(
        "scoring",
        "Pam is never looed",
        "A player holding Pam cannot be looed.",
        {True: "a player holding Pam cannot be looed", False: "a Pam holder can be looed"},
    ),
    "flush_tie": W(
        "scoring",
        "Equal flushes",
        "Who wins when two flushes are exactly equal.",
        {"elder_hand": "equal flushes: the elder hand wins", "split": "equal flushes share the pool"},
    ),
    "flush_order": W(
        "scoring",
        "Ranking flushes",
        "How two flushes are compared.",
        {"value": "flushes rank by their cards", "elder_hand_only": "the elder hand's flush always wins"},
    ),
    "flush_exempt": W(
        "scoring",
        "Who a flush spares",
        "Which players a flush does not loo.",
        {"none": "a flush loos everyone in", "pam_and_flush_holders": "a flush spares Pam and lesser flushes"},
    ),
    "flush_payers": W(
        "scoring",
        "Who a flush loos",
        "Whether a flush loos only the players who stayed in, or everyone.",
        {"active": "a flush loos the players in", "all_players": "a flush loos every player"},
    ),
    "flush_paid_to_holder": W(
        "scoring",
        "Flush loos paid to its holder",
        "The loos a flush causes go to its holder instead of the next pool.",
        {True: "a flush's loos are paid to its holder", False: "a flush's loos go to the next pool"},
    ),
    "blaze": W(
        "scoring",
        "Blaze",
        "Five court cards sweep the pool too, below every flush.",
        {True: "a blaze sweeps the pool", False: "no blaze"},
    ),
    "lou_payout": W(
        "scoring",
        "Lou's payout",
        "How Lou's pot is won.",
        {
            "A": "a pile for each trick",
            "B": "two tricks take the pot, all others match",
            "C": "two tricks take the pot, trickless players match",
        },
    ),
    "lou_no_winner": W(
        "scoring",
        "No two-trick winner",
        "In Lou's two-trick payouts, what happens when nobody takes two tricks.",
        {
            "carry": "no two-trick winner: the pot is carried",
            "split_by_tricks": "no two-trick winner: a pile for each trick",
            "split_equally": "no two-trick winner: trick takers share the pot",
        },
    ),
    "louse_queen_points": W(
        "scoring", "Points of a queen", "The card points a queen counts in Louse.", amount="queens count {} points"
    ),
    "diamond_queen": W(
        "scoring",
        "The queen of diamonds",
        "What taking the queen of diamonds does in Louse.",
        {
            "cancel_own_queens": "the Q♦ cancels its taker's queens",
            "cancel_own_bonuses": "the Q♦ cancels its taker's queen bonuses",
            "cancel_all_queens": "the Q♦ cancels every queen that deal",
            "collect_all_queens": "the Q♦ taker is charged every queen",
            "none": "the Q♦ is an ordinary card",
        },
    ),
    "louse_target": W("scoring", "Losing total", "The penalty points that lose the match.", amount="{} points lose"),
    "louse_tie": W(
        "scoring",
        "Reaching the total together",
        "When several players reach the losing total in one deal.",
        {"highest_total": "the highest total loses", "play_another_deal": "tied players play another deal"},
    ),
    "widow_points": W(
        "scoring",
        "The widow's points",
        "In three-handed Louse with two cards aside, who is charged their points.",
        {"none": "nobody is charged the widow", "last_trick_winner": "the last trick's winner is charged the widow"},
    ),
}


def option_words(name: str) -> OptionWords:
    """The words of option ``name`` (KeyError for a name that is not an option)."""
    return OPTION_WORDS[name]


def said(name: str, value: Any) -> str:
    """A setting of an option as a phrase: ``said("loo_penalty", "pool")`` is "a loo costs the whole pool (Unlimited
    Loo)"; a whole number goes into the option's ``amount``."""
    w = OPTION_WORDS[name]
    if OPTION_HINTS[name] is int:
        return w.amount.format(value)
    return w.words.get(value, f"{w.label}: {value}")


def house_rules_said(rules: Rules) -> list[str]:
    """The house rules of ``rules`` (what differs from its preset), each said in words, in the option order."""
    return [said(name, value) for name, value in rules.differences().items() if name not in NOT_HOUSE_RULES]
