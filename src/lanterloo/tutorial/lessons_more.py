"""The tutorials of the games that differ most from 3-card Loo: five-card Pam-Loo, Lou and Louse (data)."""

from __future__ import annotations

from lanterloo.tutorial.model import Drill, Guided, Position, Read, Tutorial

P = Position
# Five-card: each player who plays exchanges at his own turn; "discard" alone keeps every card.
FIVE_ALL_KEEP = ("play", "discard") * 4


def five_card() -> Tutorial:
    hearts = P("five-card", {0: "A♥ K♥ 9♥ 4♥ 2♠"}, turnup="7♥", stock="5♦ 3♣ 8♥")
    pam = P(
        "five-card",
        {0: "J♣ 5♦ 2♥ 7♠ 8♠", 1: "K♣ 2♣ 3♦ 4♦ 6♦", 2: "3♣ 9♦ 10♦ 2♠ 3♠", 3: "4♣ 5♣ 6♣ 4♠ 5♠"},
        dealer=0,
        turnup="7♥",
        moves=(*FIVE_ALL_KEEP, "K♣", "3♣", "4♣"),
    )
    return Tutorial(
        "five-card",
        "5-card Pam-Loo",
        "five shares, Pam the top trump, the exchange, flushes, “Pam, be civil”",
        (
            Read(
                "Five cards, five shares",
                "Every player antes 5 (LOO-ANTE-1) and gets five cards (LOO-DEAL-1); there is no Miss. A card is "
                "turned up for trumps. Five tricks are played, each taking a fifth of the pool (PAM-POOL-1): four "
                "players make a pool of 20, 4 a trick. A player who plays and takes no trick pays 5 (LOO-POOL-3).",
                hearts,
            ),
            Read(
                "Pam",
                "Pam, the jack of clubs, is the highest trump in every deal, above the ace of trumps, whatever suit "
                "is trumps (PAM-1). It belongs to the trump suit, not to clubs: when clubs are not trumps, Pam does "
                "not follow a club lead.",
            ),
            Drill(
                "Pam is a trump",
                "legal",
                pam,
                "Hearts are trumps and Basil led the K♣. You hold Pam and no real club. Pick a card you may play.",
                ("J♣", "2♥"),
                "2♥",
                {
                    "2♥": "Right: Pam is no club, so you have no club and must trump; the 2♥ beats the K♣ and "
                    "keeps Pam for later.",
                    "J♣": "Also legal: Pam is a trump and beats the K♣. But the 2♥ wins this trick too, and Pam "
                    "can take a later one.",
                    "5♦": "You have no club (Pam is a trump), so you must trump: the 5♦ is refused.",
                    "7♠": "With no club you must trump: the 7♠ is refused.",
                    "8♠": "With no club you must trump: the 8♠ is refused.",
                },
            ),
            Read(
                "The exchange",
                "A player who plays may then, at his own turn, throw away any of his cards and draw as many from "
                "the stock, once (PAM-EXCH-1). Keep your trumps and aces; throw what cannot win.",
            ),
            Drill(
                "Draw to a flush",
                "best",
                P("five-card", {0: "A♥ K♥ 9♥ 4♥ 2♠"}, turnup="7♥", stock="5♦ 3♣ 8♥", moves=("play",)),
                "You play with four hearts, the trumps, and the 2♠. What do you exchange?",
                ("discard", "discard 2♠", "discard 4♥ 2♠"),
                "discard 2♠",
                {
                    "discard 2♠": "Right: the 2♠ cannot win a trick. Drawing one card gives a chance of a fifth "
                    "heart, a flush, and keeps four trumps.",
                    "discard": "Keeping the 2♠ keeps a card that wins nothing; a draw costs nothing and may make a "
                    "flush.",
                    "discard 4♥ 2♠": "The 4♥ is a trump: throwing it swaps a sure trump for an unknown card and makes "
                    "a flush far less likely.",
                },
            ),
            Read(
                "Flushes",
                "Five cards of one suit, or four and Pam, are a flush (PAM-FLUSH-1). A flush is shown before any "
                "trick: it sweeps the whole pool, and every other player who stayed in is looed (PAM-FLUSH-3). "
                "Pam's flush beats a trump flush, which beats a plain one (PAM-FLUSH-2).",
            ),
            Read(
                "“Pam, be civil”",
                "The ace of trumps led with the call “Pam, be civil” may not be taken by Pam: Pam's holder must play "
                "another card to that trick (PAM-2). In this preset the call goes with every lead of the ace of "
                "trumps; with --option pam_civil=ask the leader chooses, and the game asks.",
            ),
            Guided(
                "A deal of 5-card Pam-Loo",
                P(
                    "five-card",
                    {
                        0: "J♣ A♥ 9♥ 4♦ 2♠",
                        1: "K♥ 8♦ 6♠ 5♣ 3♦",
                        2: "Q♥ 10♣ 9♠ 7♦ 4♣",
                        3: "A♠ K♦ 8♣ 6♥ 3♠",
                    },
                    turnup="7♥",
                ),
                "A whole deal against three bots: you hold Pam and the A♥, with hearts trumps.",
                {
                    "declare": "Two top trumps (Pam and the ace) make two tricks: play.",
                    "exchange": "Throw the cards that cannot win; keep trumps and aces.",
                    "play": "Pam beats everything; keep it for a trick you must win.",
                },
            ),
        ),
    )


def lou() -> Tutorial:
    weak = P("lou", {0: "2♣ 4♦ 7♥"}, turnup="K♠")
    strong = P("lou", {0: "A♠ K♠ 9♥"}, turnup="7♠")
    beat = P(
        "lou",
        {0: "5♥ 2♣ A♦", 2: "7♥ 3♠ 4♠", 3: "J♥ 5♠ 6♠"},
        dealer=1,
        turnup="8♣",
        moves=("2:in", "3:in", "0:in", "1:in", "7♥", "J♥"),
    )
    cannot = P(
        "lou",
        {0: "5♥ A♦ 3♠", 2: "7♥ 4♠ 5♠", 3: "J♥ 6♠ 7♠"},
        dealer=1,
        turnup="8♣",
        moves=("2:in", "3:in", "0:in", "1:in", "7♥", "J♥"),
    )
    return Tutorial(
        "lou",
        "Lou",
        "the pot in three piles, the coin declare, beating the best card, matching the pot",
        (
            Read(
                "The pot in three piles",
                "At the start of a game everyone antes, and the pot is split into three piles, one for each trick "
                "(LOU-ANTE-1): four players anteing 3 make a pot of 12, piles of 4.",
                strong,
            ),
            Read(
                "The coin declare",
                "Everyone decides In or Out at once and in secret, by the coin declare: a coin in the fist is In, "
                "an empty fist Out (LOU-DECL-1). Nobody sees another's choice until all have chosen. If nobody, or "
                "only one player, goes In, there is no play (LOU-DECL-2).",
            ),
            Drill(
                "In or Out? A weak hand",
                "best",
                weak,
                "Spades are trumps; you hold 2♣ 4♦ 7♥. In or Out?",
                ("play", "pass"),
                "pass",
                {
                    "pass": "Right: with no trump and no ace you may well take no trick, and going In then costs "
                    "a match of the whole pot, 12. Out costs nothing.",
                    "play": "Going In and taking no trick costs the whole pot, 12 chips: far too much for a hand "
                    "with no trump and no ace.",
                },
            ),
            Drill(
                "In or Out? A strong hand",
                "best",
                strong,
                "Spades are trumps; you hold A♠ K♠ 9♥. In or Out?",
                ("play", "pass"),
                "play",
                {
                    "play": "Right: the A♠ is a sure trick, so you cannot be made to match, and the K♠ may take "
                    "another pile.",
                    "pass": "The A♠ alone wins a pile for sure: Out gives it away.",
                },
            ),
            Read(
                "Beat the best card",
                "Lou has no duty to follow suit. Each player must beat the best card on the table if he can, with a "
                "higher card of its suit or a trump (a higher trump once it is trumped); if he cannot, he throws "
                "any card (LOU-PLAY-1). The first In player on the dealer's left leads (LOU-LEAD-1).",
            ),
            Drill(
                "Must beat",
                "legal",
                beat,
                "Clubs are trumps; Cora led the 7♥ and Dexter beat it with the J♥. Pick a card you may play.",
                ("2♣",),
                "2♣",
                {
                    "2♣": "Right: the 2♣ is a trump and beats the J♥, and you must beat it if you can.",
                    "5♥": "In Lou, holding the suit led creates no duty, but you must beat the J♥, and the 5♥ cannot.",
                    "A♦": "The A♦ cannot beat a heart; your 2♣ can, so you must play it.",
                },
            ),
            Drill(
                "Cannot beat: anything",
                "legal",
                cannot,
                "The same trick; this time you hold no trump and no heart above the jack. Pick a card you may play.",
                ("5♥", "A♦", "3♠"),
                "3♠",
                {
                    "3♠": "Right, and the cheapest: nothing you hold beats the J♥, so any card may go.",
                    "5♥": "Legal: nothing you hold beats the J♥, so any card may go.",
                    "A♦": "Legal, as any card is, but keep the ace: it may win a later trick.",
                },
            ),
            Read(
                "Matching the pot",
                "Each trick takes a pile. An In player who took no trick matches the pot: he pays as much as the "
                "pot held, and the matches make the next pot (LOU-PAY-1). When every In player took a trick, the "
                "game is over and everyone antes again (LOU-GAME-1).",
            ),
            Guided(
                "A deal of Lou",
                P("lou", {0: "A♣ K♦ 6♥", 1: "Q♣ 9♠ 4♦", 2: "J♠ 8♥ 3♣", 3: "10♦ 7♠ 2♥"}, turnup="8♣"),
                "A whole deal against three bots. Everyone chooses In or Out in secret; the coins are shown together.",
                {
                    "commit": "Go In with a trump or an ace; a trickless In player matches the whole pot.",
                    "play": "Beat the best card if you can, else throw your cheapest card.",
                },
            ),
        ),
    )


def louse() -> Tutorial:
    heart = P("louse", {0: "K♥ J♥ A♠ 8♣ 7♠ 8♠ 9♣ 7♦", 3: "7♥ 8♥ 9♥ 10♥ A♥ Q♥ 9♦ 8♦"}, dealer=2, moves=("7♥",))
    void = P("louse", {0: "J♥ A♠ 8♣ 7♠ 8♠ 9♣ 7♦ 8♦", 3: "7♥ 8♥ 9♥ 10♥ K♥ A♥ Q♥ 9♦"}, dealer=2, moves=("7♥",))
    duck = P(
        "louse",
        {0: "K♣ 8♣ A♠ 7♠ 8♠ 7♦ 8♦ 9♦", 1: "A♣ 7♥ 8♥ 9♥ 10♥ K♥ A♥ 9♠", 2: "Q♣ J♣ J♠ J♥ J♦ 10♠ K♠ Q♠"},
        dealer=0,
        moves=("A♣", "Q♣", "7♣"),
    )
    return Tutorial(
        "louse",
        "Louse",
        "penalty points, the queen bonuses, the ♦Q, the jacks as trumps",
        (
            Read(
                "No pool: penalty points",
                "Louse is for four, with 32 cards, 7 to ace (LOUSE-DECK-1), eight each dealt 3-2-3 (LOUSE-DEAL-1). "
                "Nobody declares and there is no pool: everyone plays all eight tricks, and the cards you take "
                "score penalty points. Points add up over the deals; the first to reach 1500 loses (LOUSE-MATCH-1).",
            ),
            Read(
                "Card points and the queens",
                "Each card taken scores: ace 11, ten 10, king 4, queen 2, jack 2, the rest nothing (LOUSE-SCORE-1). "
                "Three queens carry a bonus on top: the Q♣ 300, the Q♠ 200, the Q♥ 100 (LOUSE-SCORE-2), so taking "
                "the Q♣ costs 302 points.",
            ),
            Read(
                "The queen of diamonds",
                "The Q♦ is the antidote: whoever takes it has all his queen points of the deal cancelled, the "
                "bonuses and the queens' own 2 points, the Q♦'s included (LOUSE-SCORE-3). A trick with the Q♣ and "
                "the Q♦ in it costs nothing for its queens.",
            ),
            Read(
                "The jacks are trumps",
                "The four jacks leave their suits and form a trump suit of their own, J♣ lowest, then J♠, J♥, J♦ "
                "(LOUSE-PLAY-2). Follow the suit led if you can (a jack is never a heart: J♥ does not follow "
                "hearts); otherwise play anything. There is no duty to beat the best card or to trump "
                "(LOUSE-PLAY-1).",
                heart,
            ),
            Drill(
                "Follow hearts",
                "legal",
                heart,
                "Dexter led the 7♥. Pick a card you may play.",
                ("K♥",),
                "K♥",
                {
                    "K♥": "Right: the K♥ is your only heart, so it must go.",
                    "J♥": "The J♥ is a trump, not a heart; you hold the K♥, so you must follow with it.",
                    **{c: "You hold a heart, the K♥, so you must follow hearts." for c in ("A♠", "8♣", "7♠", "8♠")},
                    **{c: "You hold a heart, the K♥, so you must follow hearts." for c in ("9♣", "7♦")},
                },
            ),
            Drill(
                "No heart: unload",
                "best",
                void,
                "Dexter led the 7♥ and you have no heart. Which card do you play?",
                ("J♥", "A♠", "8♣", "7♠", "8♠", "9♣", "7♦", "8♦"),
                "A♠",
                {
                    "A♠": "Right: a spade cannot win a heart trick, so your A♠ and its 11 points go to whoever "
                    "takes it, never to you.",
                    "J♥": "The J♥ is a trump: it would take the trick, and every point in it.",
                    **{
                        c: f"Legal, but the {c} scores nothing: unload the A♠, 11 points that can never come back "
                        "to you on this trick."
                        for c in ("8♣", "7♠", "8♠", "9♣", "7♦", "8♦")
                    },
                },
            ),
            Drill(
                "Under the ace",
                "best",
                duck,
                "Basil led the A♣, Cora dropped the Q♣ (302 points) and Dexter the 7♣. Which club do you play?",
                ("8♣", "K♣"),
                "K♣",
                {
                    "K♣": "Right: the A♣ takes this trick whatever you play, so put your K♣ (4 points) on it: "
                    "Basil takes them with the Q♣.",
                    "8♣": "Safe, but the K♣ stays in your hand, and a king can win you a trick full of points later.",
                    **{c: "You hold clubs, so you must follow clubs." for c in ("A♠", "7♠", "8♠", "7♦", "8♦", "9♦")},
                },
            ),
            Guided(
                "A deal of Louse",
                P("louse", {0: "J♦ A♥ 10♥ 7♣ 8♣ 9♠ Q♦ 8♦"}),
                "A whole deal against three bots: eight tricks. Take as few points as you can.",
                {
                    "play": "Follow suit if you can; void, unload your points. The Q♦ cancels the queen points of "
                    "whoever takes it.",
                },
            ),
        ),
    )
