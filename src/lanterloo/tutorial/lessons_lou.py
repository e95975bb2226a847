"""The tutorial of Lou (data): a trick, beating the best card (no duty to follow suit), trumps, the pot in piles,
the secret In or Out, and matching the pot."""

from __future__ import annotations

from lanterloo.engine import View
from lanterloo.tutorial import basics as B
from lanterloo.tutorial import say
from lanterloo.tutorial.model import Drill, Guided, Position, Tutorial

P = Position
T = B.Table("lou")
IN = ("0:in", "1:in", "2:in", "3:in")
# Cora leads the 7♥ and Dexter beats it with the J♥; you play third.
TRICK = ("2:in", "3:in", "0:in", "1:in", "7♥", "J♥")


def _beat_text() -> str:
    r = T.rules
    if r.lou_follow_suit:
        return f"{B.follow_text(r)} {B.head_text(r)}"
    return (
        "Lou has no duty to follow suit, that is, to play the suit led. Instead, each player after the lead must "
        "beat the best card so far if he can, with a higher card of its suit; the card that beats it is then the "
        "one to beat. A player who cannot beat it may play any card at all."
    )


def _trumps_text() -> str:
    return (
        "After the deal, the next card of the pack is turned face up: the turn-up. Its suit is trumps for the "
        "whole deal. A trump beats every card of the other suits, so a trump also beats the best card; once a "
        "trump is played, only a higher trump beats it. A trick with a trump in it is won by the highest trump."
    )


def _pot_text(view: View) -> str:
    r = T.rules
    return (
        f"{say.antes(r)}: the pot. It holds {view.stakes.pool} chips here, {say.lou_payout(r, view)}. No antes are "
        "taken again until the game ends, as a later step explains."
    )


def _drills() -> list[Drill]:
    r = T.rules
    lead = T.position({0: "A♥ K♦ 4♣", 1: "9♥ A♦ 5♣", 2: "Q♥ 4♦ 6♣", 3: "2♥ 5♦ 8♣"}, 3, IN)
    beat = T.position({0: "K♥ 5♥ A♦", 2: "7♥ 3♣ 4♣", 3: "J♥ 5♣ 6♣"}, 1, TRICK, turnup="8♠")
    trump = T.position({0: "5♥ 2♣ A♦", 2: "7♥ 3♠ 4♠", 3: "J♥ 5♠ 6♠"}, 1, TRICK, turnup="8♣")
    cannot = T.position({0: "5♥ A♦ 3♠", 2: "7♥ 4♠ 5♠", 3: "J♥ 6♠ 7♠"}, 1, TRICK, turnup="8♣")
    weak = T.position({0: "2♣ 4♦ 7♥"}, 3, turnup="K♠")
    strong = T.position({0: "A♠ K♠ 9♥"}, 3)
    view = B.view_of(cannot)
    match = B.view_of(weak).stakes.match
    leads = {
        "eldest_in": " The first In player on the dealer's left leads the first trick.",
        "count_in_players": " The turn-up's value (ace 1, king 13) counts round the In players from the dealer's "
        "left to the one who leads the first trick.",
        "count_all_seats": " The turn-up's value (ace 1, king 13) counts round the table from the dealer's left "
        "to the one who leads the first trick (the next In player, if it stops on an Out one).",
    }[r.lou_first_lead]
    coin = (
        " In Lou everyone declares at once and in secret, by the coin declare: each player holds out a closed "
        "fist, a coin in it for In, empty for Out, and all open together."
        if r.declare == "coin"
        else " Each declares in turn from the dealer's left."
    )
    return [
        Drill(
            "Tricks",
            "best",
            lead,
            "You lead the first trick. Which card is sure to win it?",
            ("4♣", "K♦", "A♥"),
            "A♥",
            {
                "A♥": "Right: no heart is higher than the ace, so whatever hearts the others play, the A♥ wins.",
                "K♦": "The K♦ wins only if nobody plays the A♦, the one diamond above it: it is not sure to win.",
                "4♣": "Any club above the 4 beats it: it is far from sure to win.",
            },
            check="wins",
            text=B.trick_text(r),
            teaches=("trick", "lead"),
            rules=("COMMON-5", "COMMON-6", "LOU-LEAD-1", "LOU-LEAD-2"),
        ),
        Drill(
            "Beat the best card",
            "legal",
            beat,
            "Cora led the 7♥ and Dexter beat it with the J♥. Pick a card you may play.",
            ("K♥",),
            "K♥",
            {
                "K♥": "Right: the K♥ beats the J♥, and you must beat it if you can.",
                "5♥": "A heart, but holding the suit led is no duty in Lou: you must beat the J♥, and the 5♥ cannot.",
                "A♦": "A diamond cannot beat a heart, and your K♥ can: you must play it.",
            },
            text=_beat_text(),
            teaches=("follow", "beat"),
            rules=("LOU-PLAY-1",),
        ),
        Drill(
            "Trumps",
            "legal",
            trump,
            "Clubs are trumps; Cora led the 7♥ and Dexter beat it with the J♥. Pick a card you may play.",
            ("2♣",),
            "2♣",
            {
                "2♣": "Right: the 2♣ is a trump and beats the J♥, and you must beat it if you can.",
                "5♥": "The 5♥ cannot beat the J♥, and your 2♣ can: you must play it.",
                "A♦": "The A♦ cannot beat a heart; your 2♣ can, so you must play it.",
            },
            text=_trumps_text(),
            teaches=("trump",),
            rules=("LOU-PLAY-1", "LOO-TRUMP-1"),
        ),
        Drill(
            "The pot",
            "best",
            cannot,
            "The same trick; this time you hold no trump and no heart above the jack. Which card do you play?",
            ("5♥", "A♦", "3♠"),
            "3♠",
            {
                "3♠": "Right: nothing you hold beats the J♥, so any card may go. Throw your lowest and keep the A♦, "
                "which may take a pile later.",
                "5♥": "Legal, as any card is here, but the 3♠ is lower, and the 5♥ could still beat a low heart "
                "led later.",
                "A♦": "Legal, as any card is here, but keep the ace: it may take a pile on a later trick.",
            },
            text=_pot_text(view),
            teaches=("pot", "ante"),
            rules=("LOU-ANTE-1", "LOU-ANTE-2", "LOU-PAY-1"),
        ),
        Drill(
            "In or Out",
            "best",
            strong,
            "Spades are trumps; you hold A♠ K♠ 9♥. In or Out?",
            ("play", "pass"),
            "play",
            {
                "play": "Right: nothing beats the A♠, so it takes a pile for sure, and the K♠ may take another.",
                "pass": "The A♠ alone wins a pile for sure: Out gives it away.",
            },
            text="Before the first trick each player declares In, to play the deal, or Out, to sit it out and risk "
            f"nothing more.{coin}{leads}",
            teaches=("declare",),
            rules=("LOU-DECL-1", "LOU-DECL-2"),
        ),
        Drill(
            "Matching the pot",
            "best",
            weak,
            "Spades are trumps; you hold 2♣ 4♦ 7♥. In or Out?",
            ("play", "pass"),
            "pass",
            {
                "pass": f"Right: with no trump and no ace you may well take no trick, and then you would match the "
                f"pot: {match} chips. Out costs nothing.",
                "play": f"Going In and taking no trick costs a match of {match} chips: far too much for a hand with "
                "no trump and no ace.",
            },
            text=f"{say.lou_match(r, B.view_of(weak))}. A game of Lou goes on, deal after deal, with no new antes, "
            "until a deal in which nobody matches; then it ends, and the next deal starts a new game with fresh "
            "antes.",
            teaches=("match",),
            rules=("LOU-PAY-1", "LOU-GAME-1"),
        ),
    ]


def lou() -> Tutorial:
    return Tutorial(
        "lou",
        "Lou",
        "from the first trick: beating the best card, trumps, the pot in three piles, the secret In or Out, "
        "matching the pot",
        (
            B.intro("Lou", T.rules, T.players),
            *_drills(),
            Guided(
                "A deal of Lou",
                P("lou", {0: "A♣ K♦ 6♥", 1: "Q♣ 9♠ 4♦", 2: "J♠ 8♥ 3♣", 3: "10♦ 7♠ 2♥"}, turnup="8♣"),
                "A whole deal against three bots. Everyone chooses In or Out in secret; the coins are shown together.",
                {
                    "commit": "Go In with a trump or an ace; an In player who takes no trick matches the pot.",
                    "play": "Beat the best card if you can, else throw your cheapest card.",
                },
            ),
        ),
    )
