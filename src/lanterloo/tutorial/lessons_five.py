"""The tutorial of five-card Pam-Loo (data): the first ideas as in the 3-card games, on five-card hands, then Pam,
the exchange, flushes and "Pam, be civil"."""

from __future__ import annotations

from lanterloo.tutorial import basics as B
from lanterloo.tutorial import say
from lanterloo.tutorial.model import Drill, Guided, Position, Tutorial

P = Position
T = B.Table("five-card")
# Basil leads the 9♥ to the first trick, Cora heads it with the Q♥, Dexter has no heart and no trump.
OTHERS = {1: "9♥ 2♦ 3♣ 4♠ 8♦", 2: "Q♥ 4♦ 6♣ 3♠ K♦", 3: "2♣ 5♦ 8♣ 6♦ 10♣"}


def _first_trick(hand: str) -> Position:
    return T.position({0: hand, **OTHERS}, 0, (*T.declarations(0), "9♥", "Q♥", "2♣"))


def _not_sure(card: str, above: str) -> str:
    return f"Any {above} above the {card} beats it: it is not sure to win."


def _basics() -> list[Drill]:
    r = T.rules
    lead = T.position(
        {0: "A♥ K♦ 4♣ 9♦ 3♣", 1: "9♥ A♦ 5♣ 2♠ 8♦", 2: "Q♥ 4♦ 6♣ 3♠ 10♣", 3: "2♥ 5♦ 8♣ 4♠ 7♦"}, 3, T.declarations(3)
    )
    trumps = _first_trick("5♠ A♣ J♦ 7♦ 9♣")
    return [
        Drill(
            "Tricks",
            "best",
            lead,
            "You lead the first trick. Which card is sure to win it?",
            ("3♣", "4♣", "9♦", "K♦", "A♥"),
            "A♥",
            {
                "A♥": "Right: no heart is higher than the ace, so whatever hearts the others play, the A♥ wins.",
                "K♦": "The K♦ wins only if nobody plays the A♦, the one diamond above it: it is not sure to win.",
                "9♦": _not_sure("9♦", "diamond"),
                "4♣": _not_sure("4♣", "club"),
                "3♣": _not_sure("3♣", "club"),
            },
            check="wins",
            text=B.trick_text(r),
            teaches=("trick", "lead"),
            rules=("COMMON-5", "COMMON-6", "LOO-LEAD-1"),
        ),
        Drill(
            "Following suit",
            "legal",
            _first_trick("5♥ 3♥ A♣ 7♦ 9♣"),
            "Basil led the 9♥. Pick a card you may play.",
            ("3♥", "5♥"),
            "3♥",
            {
                **{c: "You hold hearts, so you must play one." for c in ("9♣", "A♣", "7♦")},
                "3♥": "Right: you hold hearts, so you must play one. Neither beats Cora's Q♥, so either will do.",
                "5♥": "Right: you hold hearts, so you must play one. Neither beats Cora's Q♥, so either will do.",
            },
            text=B.follow_text(r),
            teaches=("follow",),
            rules=("LOO-PLAY-1",),
        ),
        Drill(
            "Trumps",
            "legal",
            trumps,
            "Hearts were led again, and this time you hold no heart. Pick a card you may play.",
            ("5♠",),
            "5♠",
            {
                **{c: "You hold a trump, so you must play it." for c in ("9♣", "A♣", "7♦", "J♦")},
                "5♠": "Right: you are void in hearts, so you must trump, and the 5♠ is your only trump. It beats "
                "every heart: the trick is yours.",
            },
            text=B.trumps_text(r, B.view_of(trumps).turnup),
            teaches=("trump", "void"),
            rules=("LOO-TRUMP-1", "LOO-PLAY-3", "LOO-PLAY-5", "COMMON-5"),
        ),
        Drill(
            "Follow and head",
            "legal",
            _first_trick("K♥ 5♥ A♣ 7♦ 9♣"),
            "Hearts were led and Cora's Q♥ is best. Pick a card you may play.",
            ("K♥",),
            "K♥",
            {
                **{c: "You hold hearts, so you must follow hearts." for c in ("9♣", "A♣", "7♦")},
                "5♥": "A heart, but you can beat the Q♥, so you must: the 5♥ is refused.",
                "K♥": "Right: you hold hearts, so you follow, and the K♥ beats the Q♥, so you must head the trick "
                "with it.",
            },
            text=B.head_text(r),
            teaches=("head",),
            rules=("LOO-PLAY-2", "LOO-PLAY-4"),
        ),
    ]


def _stakes() -> list[Drill]:
    r = T.rules
    king = T.position(
        {0: "K♥ 3♥ A♣ 7♦ 9♣", 1: "A♥ 2♦ 3♣ 4♠ 8♦", 2: "Q♥ 4♦ 6♣ 3♠ K♦", 3: "2♣ 5♦ 8♣ 6♦ 10♣"},
        0,
        (*T.declarations(0), "A♥", "Q♥", "2♣"),
    )
    strong = T.position({0: "A♠ Q♠ 9♥ 4♦ 2♣"}, 3)
    weak = T.position({0: "2♣ 3♦ 4♥ 6♣ 2♦"}, 0, T.declarations(0)[:-2])
    view = B.view_of(king)
    cost = say.loo_cost(r, view.stakes.pool)
    return [
        Drill(
            "The pool",
            "best",
            king,
            "Basil led the A♥. Which heart do you play?",
            ("3♥", "K♥"),
            "3♥",
            {
                **{c: "You hold hearts, so you must play one." for c in ("9♣", "A♣", "7♦")},
                "3♥": "Right: neither heart beats the ace, so play the low one and keep the K♥: it is now the "
                f"highest heart left, a trick to come, and a share of {say.chips(view.stakes.share)}.",
                "K♥": "The K♥ cannot beat the A♥, so it is wasted here, and the highest heart left would be "
                "someone else's.",
            },
            text=B.pool_text(r, view, T.players, T.pool),
            teaches=("pool", "ante", "share"),
            rules=("LOO-ANTE-1", "PAM-POOL-1", "LOO-POOL-2"),
        ),
        Drill(
            "Play or pass?",
            "best",
            strong,
            "Spades are trumps and you hold the A♠ and Q♠. You speak first. Declare.",
            ("play", "pass"),
            "play",
            {
                "play": "Right: two trumps, one of them the ace, make two tricks likely, and the ace of trumps alone "
                "is a sure trick.",
                "pass": "Too timid: with the A♠ you are sure of a trick, and likely two. Passing gives up their "
                "shares.",
            },
            text=B.declare_text(r),
            teaches=("declare",),
            rules=("LOO-DECL-1", "LOO-DECL-9", "LOO-DECL-3", "LOO-DECL-4"),
        ),
        Drill(
            "Looed",
            "best",
            weak,
            "Spades are trumps. You deal, so you speak last: Basil, Cora and Dexter all play. Declare.",
            ("play", "pass"),
            "pass",
            {
                "pass": f"Right: no trump, no ace, and three players against you: playing would likely cost you "
                f"{cost}. Passing risks nothing more.",
                "play": f"Playing 2♣ 2♦ 3♦ 4♥ 6♣ against three players is asking to be looed: {cost}.",
            },
            text=B.looed_text(r, B.view_of(weak)),
            teaches=("looed",),
            rules=("LOO-POOL-3", "LOO-POOL-4"),
        ),
    ]


def _pam_text() -> str:
    if T.rules.pam == "jack_of_trump_suit":
        return "Pam, the jack of the trump suit, is the highest trump in every deal, above the ace of trumps."
    return (
        "Pam, the jack of clubs, is the highest trump in every deal, above the ace of trumps, whatever suit is "
        "trumps. It belongs to the trumps, not to the clubs: when clubs are not trumps, Pam does not follow a club "
        "lead."
    )


def _pam() -> list[Drill]:
    r = T.rules
    pam = T.position(
        {0: "J♣ 5♦ 2♥ 7♠ 8♠", 1: "K♣ 2♣ 3♦ 4♦ 6♦", 2: "3♣ 9♦ 10♦ 2♠ 3♠", 3: "4♣ 5♣ 6♣ 4♠ 5♠"},
        0,
        (*T.declarations(0), "K♣", "3♣", "4♣"),
        turnup="7♥",
    )
    civil = T.position(
        {0: "J♣ 5♥ 7♠ 8♦ 9♣", 1: "A♥ 2♦ 3♣ 4♠ 8♠", 2: "Q♥ 4♦ 6♣ 3♠ K♦", 3: "2♥ 5♦ 8♣ 6♦ 10♣"},
        0,
        (*T.declarations(0), "A♥", "Q♥", "2♥"),
        turnup="7♥",
    )
    hearts = T.position({0: "A♥ K♥ 9♥ 4♥ 2♠"}, 3, ("play",), turnup="7♥", stock="5♦ 3♣ 8♥")
    swap = T.position({0: "A♠ K♠ 2♥ 4♦ 6♣"}, 3, ("play",))
    most = B.view_of(swap).exchange_limit
    flushes = [
        f"{say.count(r.hand_size).capitalize()} cards of one suit, or four and Pam, are a flush.",
        "A flush is shown before the first trick and takes the whole pool at once, with no tricks played;",
        ("every other player" if r.flush_payers == "all_players" else "every other player still in the deal")
        + " is looed"
        + (", but for players holding Pam or a lower flush" if r.flush_exempt != "none" else "")
        + ".",
    ]
    if r.flush_order == "value":
        flushes.append("Of two flushes, Pam's beats a flush in trumps, which beats one in a plain suit.")
    if r.blaze:
        flushes.append("Five court cards, a blaze, take the pool too, below every flush.")
    civil_said = (
        "The leader of the ace of trumps says “Pam, be civil” with it, every time, under these rules"
        if r.pam_civil == "auto"
        else "The leader of the ace of trumps may say “Pam, be civil” with it"
    )
    return [
        Drill(
            "Pam",
            "legal",
            pam,
            "Hearts are trumps and Basil led the K♣. You hold Pam and no other club. Pick a card you may play.",
            ("J♣", "2♥"),
            "2♥",
            {
                "2♥": "Right: Pam is no club, so you have no club and must trump; the 2♥ beats the K♣ and keeps Pam "
                "for later.",
                "J♣": "Also legal: Pam is a trump and beats the K♣. But the 2♥ wins this trick too, and Pam can take "
                "a later one.",
                "5♦": "You have no club (Pam is a trump), so you must trump: the 5♦ is refused.",
                "7♠": "With no club you must trump: the 7♠ is refused.",
                "8♠": "With no club you must trump: the 8♠ is refused.",
            },
            text=_pam_text(),
            teaches=("pam",),
            rules=("PAM-1",),
        ),
        Drill(
            "The exchange",
            "best",
            swap,
            "Spades are trumps and you play with A♠ K♠ 2♥ 4♦ 6♣. What do you exchange?",
            ("discard", "discard 6♣ 4♦ 2♥", "discard 6♣ 4♦ 2♥ K♠"),
            "discard 6♣ 4♦ 2♥",
            {
                "discard 6♣ 4♦ 2♥": "Right: the two top trumps are likely tricks; the three low cards are not. "
                "Three new cards may hold another trump or an ace.",
                "discard": "Keeping the 2♥, 4♦ and 6♣ keeps three cards that will hardly win anything; the draw "
                "costs nothing.",
                "discard 6♣ 4♦ 2♥ K♠": "The K♠ is the second-highest trump: throwing it swaps a likely trick for "
                "an unknown card.",
            },
            text=f"A player who plays may then, at his own turn and once only, throw away some of his cards (up to "
            f"{most} here) and draw as many new ones from the stock, the cards left over after the deal. Keep your "
            "trumps and aces; throw what cannot win.",
            teaches=("exchange",),
            rules=("PAM-EXCH-1",),
        ),
        Drill(
            "Flushes",
            "best",
            hearts,
            "You play with four hearts, the trumps, and the 2♠. What do you exchange?",
            ("discard", "discard 2♠", "discard 4♥ 2♠"),
            "discard 2♠",
            {
                "discard 2♠": "Right: the 2♠ cannot win a trick. Drawing one card gives a chance of a fifth heart, "
                "a flush, and keeps four trumps.",
                "discard": "Keeping the 2♠ keeps a card that wins nothing; a draw costs nothing and may make a flush.",
                "discard 4♥ 2♠": "The 4♥ is a trump: throwing it swaps a sure trump for an unknown card and makes a "
                "flush far less likely.",
            },
            text=" ".join(flushes),
            teaches=("flush",),
            rules=("PAM-FLUSH-1", "PAM-FLUSH-2", "PAM-FLUSH-3"),
        ),
        Drill(
            "“Pam, be civil”",
            "legal",
            civil,
            "Hearts are trumps, and Basil led the A♥, saying “Pam, be civil”. You hold Pam. Pick a card you may play.",
            ("5♥",),
            "5♥",
            {
                "5♥": "Right: Pam may not take the civil ace, so you follow with your other trump, the 5♥.",
                "J♣": "Pam may not be played to a trick led with the ace of trumps and the call.",
                **{c: "You hold a trump other than Pam, the 5♥, so you must follow with it." for c in ("9♣", "8♦")},
                "7♠": "You hold a trump other than Pam, the 5♥, so you must follow with it.",
            },
            text=f"{civil_said}: then Pam may not be played to that trick, and its holder must play another card.",
            teaches=("civil",),
            rules=("PAM-2",),
        ),
    ]


def five_card() -> Tutorial:
    return Tutorial(
        "five-card",
        "5-card Pam-Loo",
        "from the first trick: following suit, trumps, heading, five shares, play or pass, the loo, Pam, the "
        "exchange, flushes, “Pam, be civil”",
        (
            B.intro("5-card Pam-Loo", T.rules, T.players),
            *_basics(),
            *_stakes(),
            *_pam(),
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
