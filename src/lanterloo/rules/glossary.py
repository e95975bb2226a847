"""The words of a game, each in a sentence for someone who knows only what a pack of cards is.

Generated from the rules values, so a table lists the words its game uses, in its own vocabulary (Lou's pot, In
and Out; Loo's pool, play and pass; Louse's points) and with its house rules (a fixed or an unlimited loo, the Miss
or none). The web table's "Words of the game" panel, the tutorial page and the terminal game's glossary key all
show this list; ``loo rules`` states the rules themselves, with their IDs.
"""

from __future__ import annotations

from dataclasses import dataclass

from lanterloo.cards import JACK, Card
from lanterloo.rules.options import Rules
from lanterloo.rules.optionwords import said
from lanterloo.tables import louse_tables


@dataclass(frozen=True)
class Term:
    """One word of the game and what it means here."""

    term: str
    meaning: str


def _trumps(r: Rules) -> str:
    if r.game == "louse":
        return "The four jacks form a suit of their own that beats every other card: they are always trumps."
    if r.trump_mode == "first_lead":
        return (
            "The suit that beats every other suit. In Irish Loo no card is turned up: the first card led in a deal "
            "makes its suit trumps."
        )
    return "The suit that beats every other suit: any trump beats any card of another suit."


def _trick(r: Rules) -> str:
    who = "every player" if r.game == "louse" else "each player still in the deal"
    return (
        f"One card from {who}, played in turn. The highest trump wins it; if no trump was played, the highest card "
        "of the suit led wins. The winner leads the next trick."
    )


def _looed(r: Rules) -> Term:
    if r.loo_penalty == "pool":
        cost = "as many chips as the pool held"
    elif r.loo_penalty == "capped":
        cost = f"as many chips as the pool held, at most {r.loo_amount}"
    else:
        cost = f"{r.loo_amount} chips"
    return Term("Looed", f"Playing a deal and taking no trick. A looed player pays {cost} into the next pool.")


def _loo_terms(r: Rules) -> list[Term]:
    share = "a third" if r.hand_size == 3 else "a fifth"
    out = [
        Term("Pool", "The chips on the table. The tricks of a deal win them; what is not won stays for the next deal."),
        Term("Share", f"What one trick wins: {share} of the pool."),
        Term(
            "Play or pass",
            "Before the cards are played, each player in turn says whether he plays the deal or passes (throws his "
            "hand in). Only those who play can win a share or be looed.",
        ),
        _looed(r),
    ]
    if r.miss:
        out.append(
            Term(
                "The Miss",
                "A spare hand dealt face down. Instead of playing his own cards, a player may take the Miss, unseen; "
                "he must then play it.",
            )
        )
    if r.defend_miss != "never":
        out.append(
            Term(
                "Defend the Miss",
                "When nobody else plays, the dealer may play the Miss against the one player who does: the dealer "
                "neither wins nor pays, and the Miss's tricks leave their shares in the pool.",
            )
        )
    if r.pam != "none":
        jack = "The jack of clubs" if r.pam == "jack_of_clubs" else "The jack of the trump suit"
        out.append(Term("Pam", f"{jack}: the highest trump of all, above the ace of trumps."))
    if r.hand_size == 5 and r.exchange != "none":
        out.append(Term("Exchange", "Discarding some of your cards and drawing as many new ones from the stock."))
    if r.hand_size == 5:
        out.append(Term("Flush", "Five cards of one suit (Pam counts as any suit): its holder takes the whole pool."))
    if r.club_law:
        out.append(Term("Club Law", "When clubs are trumps, nobody may pass: everyone plays the deal."))
    if r.bold_stand != "off":
        out.append(Term("Bold Stand", "When the pool holds only this deal's antes, everyone must play."))
    return out


def _lou_terms(r: Rules) -> list[Term]:
    match = "as many chips as the pot holds" if r.lou_match_cap == 0 else f"the pot, at most {r.lou_match_cap} chips"
    pays = {
        "A": "Each trick wins one pile: a third of the pot.",
        "B": "Two tricks win the whole pot; every other In player matches it.",
        "C": "Two tricks win the whole pot; In players without a trick match it.",
    }[r.lou_payout]
    out = [
        Term("Pot", "The chips on the table that the tricks win. " + pays),
        Term(
            "In or Out",
            "Before play each player says In (he plays the deal) or Out (he sits it out and risks nothing)."
            + (" Everyone chooses at once, in secret." if r.declare == "coin" else ""),
        ),
        Term("Match the pot", f"An In player who takes no trick pays {match} into the next pot."),
        Term(
            "Game of Lou",
            "A run of deals played for one pot: nobody antes while it lasts. It ends when every In player takes "
            "a trick, and the next deal starts a new game with fresh antes.",
        ),
    ]
    if r.lou_draw:
        out.append(Term("Draw", f"In players may discard up to {r.lou_draw} cards and draw new ones from the stock."))
    if not r.lou_follow_suit:
        out.append(
            Term("Beat", "There is no duty to follow suit: you must beat the best card on the table if you can.")
        )
    return out


def _jacks(r: Rules) -> str:
    """The four jacks from lowest to highest, as the game's card tables rank them."""
    tables = louse_tables(r.louse_rank, r.louse_jack_order)
    jacks = sorted((Card(s * 13 + JACK) for s in range(4)), key=lambda c: tables.power[c])
    return ", ".join(c.unicode for c in jacks[:-1]) + f" and {jacks[-1].unicode}, the highest"


def _louse_terms(r: Rules) -> list[Term]:
    queen = said("diamond_queen", r.diamond_queen)
    return [
        Term("The jacks", f"The four jacks are trumps, above every other card, from lowest to highest: {_jacks(r)}."),
        Term(
            "Penalty points",
            f"Every card taken in a trick costs points: ace 11, ten 10, king 4, queen {r.louse_queen_points}, jack 2. "
            "Fewer points is better.",
        ),
        Term("Queen bonuses", "The queens of clubs, spades and hearts cost extra points to whoever takes them."),
        Term("The queen of diamonds", queen[:1].upper() + queen[1:] + "."),
        Term("Match", f"Deals are played until somebody reaches {r.louse_target} points: that player loses."),
    ]


def glossary(rules: Rules) -> list[Term]:
    """The words a player meets at a table under ``rules``, most basic first."""
    r = rules
    out = [
        Term("Trick", _trick(r)),
        Term("Lead", "Playing the first card of a trick."),
    ]
    if r.game == "lou" and not r.lou_follow_suit:
        out.append(Term("Follow suit", "Playing a card of the suit led. In Lou you need not, but you must beat."))
    else:
        out.append(Term("Follow suit", "Playing a card of the suit that was led: you must, whenever you have one."))
    out.append(Term("Trumps", _trumps(r)))
    if r.trump_mode == "turnup" and r.game != "louse":
        out.append(Term("Turn-up", "The card turned face up after the deal: its suit is trumps."))
    if r.game == "loo" or (r.game == "lou" and r.lou_follow_suit):
        void = (
            "with none of the suit led, you must play a trump"
            if r.void_trump_duty == "always"
            else "with none of the suit led, you must trump when your trump would win"
        )
        out.append(
            Term(
                "Head the trick", f"Playing a card that beats the best card so far: whenever you can, you must; {void}."
            )
        )
    out.append(Term("Dealer", "The player who deals this deal; the deal passes to the left."))
    out.append(Term("Eldest", "The player on the dealer's left: he speaks first and leads the first trick."))
    if r.game != "louse":
        out.append(Term("Ante", "Chips put on the table before the cards are dealt."))
    if r.game == "louse":
        out += _louse_terms(r)
    elif r.game == "lou":
        out += _lou_terms(r)
    else:
        out += _loo_terms(r)
    return out
