"""The sentences a lesson says about the rules, each made from the rules in force (a ``Rules`` value, or the figures
of a position's ``View``), never written out as a fixed number: a house rule changes what the lesson says.

Plain words for a newcomer, and no rule IDs: the IDs a step stands on are data (``Read.rules``, ``Drill.rules``).
"""

from __future__ import annotations

from lanterloo.cards import ACE, JACK, KING, QUEEN, RANK_NAMES, TEN, Card, Suit
from lanterloo.engine import View
from lanterloo.engine.scoring import louse_card_values
from lanterloo.engine.stakewords import no_winner_words
from lanterloo.rules import Rules
from lanterloo.tables import louse_tables

#: How many of each trick a deal has, in words.
_COUNT = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def count(n: int) -> str:
    return _COUNT.get(n, str(n))


def chips(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"


def pack(rules: Rules) -> str:
    """The pack the game is played with, for someone who knows only what a pack of cards is."""
    if rules.deck_size == 32:
        order = "7, 8, 9, 10, queen, king, ace" if rules.louse_rank == "french" else "7, 8, 9, queen, king, 10, ace"
        return (
            "a short pack of 32 cards: the four suits, clubs ♣, diamonds ♦, hearts ♥ and spades ♠, from the 7 up, "
            f"and in each suit the cards rank, from low to high, {order} (the jacks are left out of that order: a "
            "later step says why)"
        )
    return (
        "a pack of 52 cards in four suits, clubs ♣, diamonds ♦, hearts ♥ and spades ♠; in each suit the 2 is the "
        "lowest card, then 3 to 10, jack, queen and king, and the ace is the highest"
    )


def first_up(text: str) -> str:
    return text[:1].upper() + text[1:]


def dealt(rules: Rules, players: int) -> str:
    """How many cards each player is dealt, and how."""
    if rules.game == "louse":
        return f"Each of the {count(players)} players is dealt {count(rules.hand_size)} cards, 3, 2 and 3 at a time"
    return f"Each player is dealt {count(rules.hand_size)} cards"


def antes(rules: Rules) -> str:
    """Who puts chips on the table before the cards are dealt, and how many."""
    if rules.game == "lou":
        if rules.dealer_sets_ante:
            return (
                f"When a game of Lou starts, the dealer sets the ante, a number of chips that divides by 3, from "
                f"{rules.lou_ante_min} to {rules.lou_ante_max}, and every player puts that many on the table"
            )
        return f"When a game of Lou starts, every player puts {chips(rules.ante)} on the table"
    if rules.ante_mode == "dealer":
        return f"Before each deal only the dealer antes: he puts {chips(rules.ante)} on the table"
    if rules.ante_mode == "everyone_dealer_double":
        return f"Before each deal every player antes {chips(rules.ante)}, the dealer {2 * rules.ante}"
    return f"Before each deal every player antes: puts {chips(rules.ante)} on the table"


def remainder(rules: Rules) -> str:
    """What happens to the chips of a pool that does not divide into equal shares."""
    return {
        "carry": "what does not divide equally stays for the next deal",
        "first_trick_winner": "what does not divide equally goes to the winner of the first trick",
        "last_trick_winner": "what does not divide equally goes to the winner of the last trick",
        "most_tricks": "what does not divide equally goes to the player with the most tricks",
    }[rules.remainder]


def loo_cost(rules: Rules, pool: int) -> str:
    """What a looed player pays, under the rules in force, when the pool holds ``pool``."""
    if rules.loo_penalty == "pool":
        return f"as many chips as the pool held (here {pool})"
    if rules.loo_penalty == "capped":
        return f"as many chips as the pool held, but at most {rules.loo_amount} (here {rules.loo_owed(pool)})"
    return chips(rules.loo_amount)


def void_duty(rules: Rules) -> str:
    """The duty of a player with no card of the suit led (after the word "void" has been taught)."""
    if rules.void_trump_duty == "always":
        return "you must play a trump if you hold one, even a trump that cannot win"
    return "you must play a trump if you hold one that would win the trick"


def first_lead_duties(rules: Rules) -> list[str]:
    """The duties of the player who leads the first trick, in sentences (none when the lead is free)."""
    out: list[str] = []
    if not rules.has_turnup:
        return out
    if rules.first_lead_forced:
        top = "Pam or the ace of trumps" if rules.pam != "none" and rules.forced_lead_cards == "pam_or_ace" else ""
        out.append(
            f"If he holds {top or 'the ace of trumps'} he must lead it"
            + ("" if top else " (the king of trumps instead, when the ace is the turn-up)")
            + "."
        )
    if rules.first_trump_lead != "none":
        duty = {
            "two_trumps": "holding two trumps or more",
            "any_trump": "holding any trump at all",
            "heads_up_only": "holding any trump when only two players are in the deal",
        }[rules.first_trump_lead]
        highest = {
            "never": "",
            "heads_up": ", and his highest when only two players are in the deal",
            "always": ", and always his highest",
        }[rules.trump_lead_highest]
        lead = "he must lead a trump" if rules.first_trump_lead != "two_trumps" else "he must lead one of them"
        out.append(first_up(f"{'otherwise, ' if out else ''}{duty}, {lead}{highest}."))
    return out


def later_lead_duty(rules: Rules) -> str:
    """The duty of a trick's winner when he leads the next one ("" when he may lead anything)."""
    return {
        "off": "",
        "any": "The winner of a trick must lead a trump to the next one if he holds one.",
        "highest": "The winner of a trick must lead his highest trump to the next one if he holds one.",
        "highest_if_two_active": "The winner of a trick must lead a trump to the next one if he holds one, his "
        "highest when only two players are in the deal.",
    }[rules.later_trump_lead]


def lou_payout(rules: Rules, view: View) -> str:
    """What the tricks of a deal of Lou win, from the view's figures: said after "the pot holds N"."""
    st = view.stakes
    if rules.lou_payout == "A":
        return f"in three equal piles of {st.share}, one for each trick: each trick takes a pile"
    return f"a player who takes two tricks, or all three, takes the whole of it ({no_winner_words(view)})"


def lou_match(rules: Rules, view: View) -> str:
    """Who matches the pot in Lou, and for how much (after the word "match" has been taught)."""
    st = view.stakes
    much = f"as many chips as the pot holds, here {st.match}"
    if rules.lou_match_cap:
        much = f"as many chips as the pot holds, but at most {rules.lou_match_cap}: here {st.match}"
    who = {
        "A": "An In player who takes no trick",
        "B": "Every In player but the one who takes two tricks",
        "C": "An In player who takes no trick",
    }[rules.lou_payout]
    return f"{who} matches the pot: he pays {much}, and the matches make the next pot"


def louse_points(rules: Rules) -> str:
    """The penalty points of the cards in Louse, from the engine's own card values."""
    values = louse_card_values(rules.louse_queen_points)
    hearts = Suit.HEARTS * 13
    each = ", ".join(f"{RANK_NAMES[r]} {values[hearts + r]}" for r in (ACE, TEN, KING, JACK))
    queen = values[Suit.DIAMONDS * 13 + QUEEN]  # the queen's own points: the Q♦ carries no bonus
    return f"every card you take in a trick scores penalty points: {each}, queen {queen}, and the 9, 8 and 7 nothing"


def queen_bonuses(rules: Rules) -> str:
    """What the three bonus queens cost in Louse, from the engine's own card values."""
    values = louse_card_values(rules.louse_queen_points)
    q = rules.louse_queen_points
    said = [f"the {Card(s * 13 + QUEEN).unicode} {values[s * 13 + QUEEN] - q}" for s in (0, 3, 2)]
    return f"Three queens cost more on top: {', '.join(said)} (so taking the Q♣ costs {values[QUEEN]} in all)"


def diamond_queen(rules: Rules) -> str:
    """What the queen of diamonds does in Louse, under the rules in force."""
    return {
        "cancel_own_queens": "Whoever takes the Q♦ has the points of every queen he took in that deal cancelled, "
        "the bonuses and the queens' own points, the Q♦'s included",
        "cancel_own_bonuses": "Whoever takes the Q♦ has the bonuses of the queens he took in that deal cancelled "
        "(the queens' own points still count)",
        "cancel_all_queens": "Whoever takes the Q♦, every queen's points in that deal are cancelled, for everyone",
        "collect_all_queens": "Whoever takes the Q♦ is charged the points of every queen taken in that deal",
        "none": "The Q♦ is an ordinary queen under these rules",
    }[rules.diamond_queen]


def jack_order(rules: Rules) -> str:
    """The four jacks from lowest to highest, as the engine ranks them."""
    tables = louse_tables(rules.louse_rank, rules.louse_jack_order)
    jacks = sorted((Card(s * 13 + JACK) for s in range(4)), key=lambda c: tables.power[c])
    return ", ".join(c.unicode for c in jacks[:-1]) + f" and {jacks[-1].unicode}, the highest"
