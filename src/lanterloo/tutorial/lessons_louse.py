"""The tutorial of Louse (data): a trick, following suit, the jacks as trumps, penalty points, being void, and
the queens."""

from __future__ import annotations

from lanterloo.cards import Card
from lanterloo.engine.scoring import louse_card_values
from lanterloo.tutorial import basics as B
from lanterloo.tutorial import say
from lanterloo.tutorial.model import Drill, Guided, Position, Tutorial

P = Position
T = B.Table("louse")
# Dexter (the eldest: the dealer is Cora) leads the 7♥; you play second.
HEARTS = "7♥ 8♥ 9♥ 10♥ K♥ A♥ Q♥ 9♦"


def _points(card: str) -> int:
    return louse_card_values(T.rules.louse_queen_points)[Card.parse(card)]


def _texts() -> dict[str, str]:
    r = T.rules
    return {
        "trick": f"{B.trick_text(r)} In Louse you will mostly try not to win tricks, as you will see; first, what "
        "wins one.",
        "follow": "After the lead, each player must follow suit: play a card of the suit led whenever he holds one. "
        "Only a player with none of that suit may play another suit, and then any card he likes.",
        "jacks": f"The four jacks leave their suits and are trumps, a suit of their own: {say.jack_order(r)}. A "
        "jack beats every card of the other suits, so a trick with a jack in it is won by the highest jack. A jack "
        "belongs to no other suit: the J♥ does not follow hearts. A jack led calls for a jack, if you hold one. "
        "There is no duty to beat the best card, nor to play a jack when another suit is led.",
        "points": f"No chips are played for: instead {say.louse_points(r)}. Points add up deal after deal, and the "
        f"first player to reach {r.louse_target} loses the match. So take as few points as you can: on a trick "
        "somebody else will win, put your points.",
        "void": "A player with no card of the suit led is void in it, and may then play any card at all, a jack or "
        "not. That is the moment to unload points onto a trick that is not yours.",
        "queens": f"{say.queen_bonuses(r)}. {say.diamond_queen(r)}.",
    }


def _drills() -> list[Drill]:
    lead = T.position(
        {
            0: "A♠ 7♥ 8♥ 7♣ 8♣ 7♦ 8♦ 9♦",
            1: "K♠ 9♥ 10♥ 9♣ 10♣ 10♦ J♣ Q♦",
            2: "Q♠ J♥ K♥ A♥ K♣ J♦ A♦ 7♠",
            3: "8♠ 9♠ 10♠ J♠ Q♥ Q♣ A♣ K♦",
        },
        3,
    )
    follow = T.position({0: "K♥ 9♥ A♠ 8♣ 7♠ 8♠ 9♣ 7♦", 3: "7♥ 8♥ 10♥ A♥ Q♥ J♥ 9♦ 8♦"}, 2, ("7♥",))
    jack = T.position({0: "K♥ J♥ A♠ 8♣ 7♠ 8♠ 9♣ 7♦", 3: "7♥ 8♥ 9♥ 10♥ A♥ Q♥ 9♦ 8♦"}, 2, ("7♥",))
    duck = T.position(
        {0: "K♣ 8♣ A♠ 7♠ 8♠ 7♦ 8♦ 9♦", 1: "A♣ 7♥ 8♥ 9♥ 10♥ K♥ A♥ 9♠", 2: "9♣ J♣ J♠ J♥ J♦ 10♠ K♠ Q♠"},
        0,
        ("A♣", "9♣", "7♣"),
    )
    void = T.position({0: "J♥ A♠ 8♣ 7♠ 8♠ 9♣ 7♦ 8♦", 3: HEARTS}, 2, ("7♥",))
    queen = T.position({0: "Q♠ 10♠ 8♣ 7♠ 8♠ 9♣ 7♦ 8♦", 3: HEARTS}, 2, ("7♥",))
    text = _texts()
    not_sure = "Another player may hold a higher card of its suit: it is not sure to win."
    follow_hearts = "You hold hearts, so you must follow hearts."
    return [
        Drill(
            "Tricks",
            "best",
            lead,
            "You lead the first trick. Which card is sure to win it?",
            ("7♣", "8♣", "7♦", "8♦", "9♦", "7♥", "8♥", "A♠"),
            "A♠",
            {
                "A♠": "Right: no spade is higher than the ace, so whatever spades the others play, the A♠ wins.",
                **{c: not_sure for c in ("7♣", "8♣", "7♦", "8♦", "9♦", "7♥", "8♥")},
            },
            check="wins",
            text=text["trick"],
            teaches=("trick", "lead"),
            rules=("LOUSE-DECK-1", "LOUSE-DEAL-1", "COMMON-6"),
        ),
        Drill(
            "Following suit",
            "legal",
            follow,
            "Dexter led the 7♥. Pick a card you may play.",
            ("9♥", "K♥"),
            "9♥",
            {
                "9♥": "Right: you hold hearts, so you must play one; the 9♥ or the K♥, as you like.",
                "K♥": "Right: you hold hearts, so you must play one; the 9♥ or the K♥, as you like.",
                **{c: follow_hearts for c in ("A♠", "8♣", "7♠", "8♠", "9♣", "7♦")},
            },
            text=text["follow"],
            teaches=("follow",),
            rules=("LOUSE-PLAY-1",),
        ),
        Drill(
            "The jacks are trumps",
            "legal",
            jack,
            "Dexter led the 7♥ again. Pick a card you may play.",
            ("K♥",),
            "K♥",
            {
                "K♥": "Right: the K♥ is your only heart, so it must go.",
                "J♥": "The J♥ is a trump, not a heart; you hold the K♥, so you must follow with it.",
                **{c: "You hold a heart, the K♥, so you must follow hearts." for c in ("A♠", "8♣", "7♠", "8♠")},
                **{c: "You hold a heart, the K♥, so you must follow hearts." for c in ("9♣", "7♦")},
            },
            text=text["jacks"],
            teaches=("trump",),
            rules=("LOUSE-PLAY-1", "LOUSE-PLAY-2"),
        ),
        Drill(
            "Penalty points",
            "best",
            duck,
            "Basil led the A♣, Cora played the 9♣ and Dexter the 7♣. Which club do you play?",
            ("8♣", "K♣"),
            "K♣",
            {
                "K♣": f"Right: the A♣ takes this trick whatever you play, so put your K♣ ({_points('K♣')} points) "
                "on it: Basil takes them.",
                "8♣": "Safe, but the K♣ stays in your hand, and a king can win you a trick full of points later.",
                **{c: "You hold clubs, so you must follow clubs." for c in ("A♠", "7♠", "8♠", "7♦", "8♦", "9♦")},
            },
            text=text["points"],
            teaches=("points",),
            rules=("LOUSE-SCORE-1", "LOUSE-MATCH-1"),
        ),
        Drill(
            "Void: unload",
            "best",
            void,
            "Dexter led the 7♥ and you have no heart. Which card do you play?",
            ("J♥", "A♠", "8♣", "7♠", "8♠", "9♣", "7♦", "8♦"),
            "A♠",
            {
                "A♠": f"Right: a spade cannot win a heart trick, so your A♠ and its {_points('A♠')} points go to "
                "whoever takes it, never to you.",
                "J♥": "The J♥ is a trump: it would take the trick, and every point in it.",
                **{
                    c: f"Legal, but the {c} scores nothing: unload the A♠, {_points('A♠')} points that can never "
                    "come back to you on this trick."
                    for c in ("8♣", "7♠", "8♠", "9♣", "7♦", "8♦")
                },
            },
            text=text["void"],
            teaches=("void",),
            rules=("LOUSE-PLAY-1",),
        ),
        Drill(
            "The queens",
            "best",
            queen,
            "Dexter led the 7♥ and you have no heart. Which card do you play?",
            ("Q♠", "10♠", "8♣", "7♠", "8♠", "9♣", "7♦", "8♦"),
            "Q♠",
            {
                "Q♠": f"Right: the Q♠ costs {_points('Q♠')} points to whoever takes it, and on this heart trick "
                "that is never you.",
                "10♠": f"Legal, and {_points('10♠')} points unloaded, but the Q♠ costs {_points('Q♠')}: get rid of "
                "it while it cannot come back to you.",
                **{
                    c: f"Legal, but the {c} scores nothing: unload the Q♠, {_points('Q♠')} points, while it cannot "
                    "come back to you."
                    for c in ("8♣", "7♠", "8♠", "9♣", "7♦", "8♦")
                },
            },
            text=text["queens"],
            teaches=("queens",),
            rules=("LOUSE-SCORE-2", "LOUSE-SCORE-3"),
        ),
    ]


def louse() -> Tutorial:
    return Tutorial(
        "louse",
        "Louse",
        "from the first trick: following suit, the jacks as trumps, penalty points, unloading them, the queens",
        (
            B.intro("Louse", T.rules, T.players),
            *_drills(),
            Guided(
                "A deal of Louse",
                P("louse", {0: "J♦ A♥ 10♥ 7♣ 8♣ 9♠ Q♦ 8♦"}),
                "A whole deal against three bots: eight tricks. Take as few points as you can.",
                {
                    "play": f"Follow suit if you can; void, unload your points. {say.diamond_queen(T.rules)}.",
                },
            ),
        ),
    )
