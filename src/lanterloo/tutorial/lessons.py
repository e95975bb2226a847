"""The tutorials, one per preset: read steps, drills and a guided deal, written as data.

Every position is a fixed deal (``Position``), so the same lesson always shows the same cards. The claims a lesson
makes (the legal set, the best choice, an explanation for every choice offered) are checked against the engine by
tests/test_tutorial.py. The 3-card games share most of their lessons; ``_loo_basics`` builds them for a preset.
"""

from __future__ import annotations

from lanterloo.errors import LooError
from lanterloo.rules import resolve_preset
from lanterloo.tutorial.lessons_more import five_card, lou, louse
from lanterloo.tutorial.model import Drill, Guided, Position, Read, Step, Tutorial

P = Position
ALL_PLAY = ("play",) * 4


def _loo_basics(preset: str, *, miss: bool = True, players: int = 4, pool: int = 0) -> list[Step]:
    """The pool, declaring and (with ``miss``) the Miss, as every 3-card Loo with every player anteing has them."""
    steps: list[Step] = [
        Read(
            "The pool and the antes",
            "Loo is played for a pool of chips. Before each deal every player antes 3 chips into it "
            "(LOO-ANTE-1): four players make a pool of 12. Each of the three tricks takes an equal share, here 4 "
            "(LOO-POOL-1), and what does not divide stays for the next deal (LOO-POOL-2).",
            P(preset, {0: "A♠ Q♠ 9♥"}, players=players, dealer=players - 1, turnup="7♠", pool=pool),
        ),
        Read(
            "Declaring",
            "After the deal a card is turned up: its suit is trumps (LOO-TRUMP-1). Then, from the dealer's left, "
            "each player declares once and for good (LOO-DECL-1, LOO-DECL-9): pass (drop out and risk nothing "
            "more) or play (stay in for the tricks)"
            + (", or take the Miss" if miss else "")
            + ". Whoever plays wins a share for each trick he takes, and pays if he takes none.",
        ),
        Drill(
            "Play or pass?",
            "best",
            P(preset, {0: "A♠ Q♠ 9♥"}, players=players, dealer=players - 1, turnup="7♠", pool=pool),
            "Spades are trumps and you hold the A♠ and Q♠. Declare.",
            ("play", "pass", "miss") if miss else ("play", "pass"),
            "play",
            {
                "play": "Right: two trumps, one of them the ace, make two tricks likely, and the ace alone is a sure "
                "trick, so you cannot be looed.",
                "pass": "Too timid: with the A♠ you are sure of a trick, and likely two. Passing gives up the shares "
                "of one or two tricks.",
                **(
                    {
                        "miss": "The Miss is a blind hand: you would throw away a sure trick (the A♠) for three "
                        "unseen cards."
                    }
                    if miss
                    else {}
                ),
            },
        ),
    ]
    if miss:
        steps += [
            Read(
                "The Miss",
                "A spare hand of three, the Miss, is dealt face down (LOO-DEAL-2). The first player who wants it "
                "takes it unseen instead of his own hand, and must then play (LOO-DECL-2). It is a gamble: a blind "
                "hand is worth taking when your own cannot win a trick.",
            ),
            Drill(
                "A weak hand",
                "best",
                P(preset, {0: "2♣ 4♦ 7♥"}, players=players, dealer=players - 1, turnup="K♠", pool=pool),
                "Spades are trumps; you hold no trump and no ace. Declare.",
                ("play", "pass", "miss"),
                "miss",
                {
                    "miss": "Right: your hand can hardly take a trick, and a blind hand of three is worth more on "
                    "average. You must play it, but three unseen cards often hold a trump or an ace.",
                    "play": "Playing 2♣ 4♦ 7♥ with no trump and no ace is asking to be looed (3 chips).",
                    "pass": "Passing is safe and costs nothing more, but the Miss is worth more than nothing here: "
                    "you are the first to choose, so it is still there for you.",
                },
            ),
        ]
    return steps


FOLLOW = Read(
    "Follow, head, trump",
    "Each trick, the players in the deal play one card each, clockwise. You must follow the suit led if you can "
    "(LOO-PLAY-1), and beat the best card on the table if you can: that is heading the trick (LOO-PLAY-2). With no "
    "card of the suit led you must trump (LOO-PLAY-3), and overtrump a trick already trumped if you can "
    "(LOO-PLAY-4). The highest trump wins, else the highest card of the suit led (COMMON-5), and the winner leads "
    "next (COMMON-6).",
)


def _follow_steps(preset: str, trump: str = "7♠") -> list[Step]:
    """Follow, head, trump: the strict Loo duties, with the learner last to play to the first trick."""
    first = P(
        preset,
        {0: "K♥ 5♥ A♣", 1: "9♥ 2♦ 3♣", 2: "Q♥ 4♦ 6♣", 3: "2♣ 5♦ 8♣"},
        dealer=0,
        turnup=trump,
        moves=(*ALL_PLAY, "9♥", "Q♥", "2♣"),
    )
    void = P(
        preset,
        {0: "3♠ A♣ K♦", 1: "9♥ 2♦ 3♣", 2: "Q♥ 4♦ 6♣", 3: "2♣ 5♦ 8♣"},
        dealer=0,
        turnup=trump,
        moves=(*ALL_PLAY, "9♥", "Q♥", "2♣"),
    )
    return [
        FOLLOW,
        Drill(
            "Follow and head",
            "legal",
            first,
            "Hearts were led and Cora's Q♥ is best. Pick a card you may play.",
            ("K♥",),
            "K♥",
            {
                "K♥": "Right: you hold hearts, so you follow, and the K♥ beats the Q♥, so you must head the trick "
                "with it.",
                "5♥": "A heart, but you can beat the Q♥, so you must: the 5♥ is refused.",
                "A♣": "You hold hearts, so you must follow hearts.",
            },
        ),
        Drill(
            "No heart: trump",
            "legal",
            void,
            "Hearts were led again; this time you hold no heart. Pick a card you may play.",
            ("3♠",),
            "3♠",
            {
                "3♠": "Right: with no heart you must trump, and the 3♠ is your only trump. It takes the trick.",
                "A♣": "The A♣ cannot win a heart trick, and you hold a trump, so you must play it.",
                "K♦": "With no heart you must trump if you can: the K♦ is refused.",
            },
        ),
    ]


def _looed_steps(preset: str, loo: int = 3) -> list[Step]:
    keep = P(
        preset,
        {0: "2♣ K♥ 3♥", 1: "A♣ A♥ 4♥", 2: "5♣ 3♦ 4♦", 3: "6♣ 5♦ 6♦"},
        dealer=0,
        turnup="7♠",
        moves=(*ALL_PLAY, "A♣", "5♣", "6♣", "2♣", "A♥", "3♦", "5♦"),
    )
    return [
        Read(
            "Looed",
            f"A player who played and took no trick is looed: he pays {loo} chips into the next pool "
            "(LOO-POOL-3; with --option loo_penalty=pool he pays as much as the pool held, Unlimited Loo). The "
            "next pool is what stayed, the loos, and the next antes (LOO-POOL-4).",
        ),
        Drill(
            "Save the king",
            "best",
            keep,
            "Basil took the first trick and led the A♥; you have no trick yet. Which heart do you play?",
            ("3♥", "K♥"),
            "3♥",
            {
                "3♥": "Right: neither heart beats the ace, so throw the low one. The K♥ is then the best heart "
                "left, and Basil's last card, the 4♥, must lead into it: your trick, and no loo.",
                "K♥": "The K♥ cannot beat the A♥, so it is wasted here; your 3♥ then loses to Basil's 4♥ and you "
                "are looed.",
            },
            check="guarantee",
        ),
    ]


def _lead_steps(preset: str) -> list[Step]:
    return [
        Read(
            "The first lead",
            "The eldest player in the deal, the first on the dealer's left, leads to the first trick (LOO-LEAD-1). "
            "Holding the ace of trumps he must lead it (the king if the ace is the turn-up, LOO-LEAD-2), and "
            "holding two or more trumps he must lead a trump, the highest when only two hands play (LOO-LEAD-3, "
            "LOO-LEAD-4).",
        ),
        Drill(
            "Lead the ace of trumps",
            "legal",
            P(preset, {0: "A♦ K♣ 2♥"}, turnup="7♦", moves=ALL_PLAY),
            "Diamonds are trumps and you lead. Pick a card you may lead.",
            ("A♦",),
            "A♦",
            {
                "A♦": "Right: the leader holding the ace of trumps must lead it.",
                "K♣": "A fine card, but the ace of trumps must lead first.",
                "2♥": "The ace of trumps must lead first.",
            },
        ),
    ]


def _guided_loo(preset: str, title: str) -> Guided:
    return Guided(
        title,
        P(
            preset,
            {0: "K♠ Q♥ 9♣", 1: "A♥ 7♦ 3♣", 2: "8♠ J♦ 4♥", 3: "K♣ 10♥ 6♦"},
            turnup="5♠",
            miss="2♠ A♦ 5♣",
        ),
        "A whole deal against three bots. At each choice the tutorial shows what is at stake, the lesson's "
        "reminder, and what the balanced bot would do; any legal choice is yours to make.",
        {
            "declare": "Play with a trump or an ace; take the Miss with a hopeless hand; otherwise pass.",
            "play": "Follow suit and head the trick if you can; void, trump. Keep a winner for later if this "
            "trick is lost anyway.",
        },
    )


def three_card(preset: str = "three-card", title: str = "3-card Loo") -> Tutorial:
    intro: list[Step] = []
    if preset == "mississippi":
        intro.append(
            Read(
                "Mississippi",
                "Mississippi is the 3-card Loo with the Miss under another name: the seed names it and gives no "
                "rule of its own, so the game plays exactly as 3-card Loo (docs/rules/preset-mississippi.md).",
            )
        )
    return Tutorial(
        preset,
        title,
        "the pool and antes, declaring, the Miss, follow / head / trump, the first lead, the loo",
        (
            *intro,
            *_loo_basics(preset),
            *_follow_steps(preset),
            *_lead_steps(preset),
            *_looed_steps(preset),
            _guided_loo(preset, f"A deal of {title}"),
        ),
    )


def irish() -> Tutorial:
    two = P("irish", {0: "A♥ Q♥ 9♣"})
    lead = P("irish", {0: "A♥ 9♥ 2♣"}, moves=ALL_PLAY)
    after = P("irish", {0: "3♦ A♠ K♣", 3: "8♦ 2♥ 3♥"}, dealer=2, moves=(*ALL_PLAY, "8♦"))
    return Tutorial(
        "irish",
        "Irish Loo",
        "no Miss, no turn-up: the first card led sets trumps; a lone player takes the pool",
        (
            Read(
                "The pool and the antes",
                "Loo is played for a pool of chips. Before each deal every player antes 3 chips into it "
                "(LOO-ANTE-1): four players make a pool of 12. Each of the three tricks takes an equal share, "
                "here 4 (LOO-POOL-1), and what does not divide stays for the next deal (LOO-POOL-2). Irish Loo "
                "has no Miss.",
                two,
            ),
            Read(
                "Declaring",
                "From the dealer's left, each player declares once and for good (LOO-DECL-1, LOO-DECL-9): pass "
                "(drop out and risk nothing more) or play (stay in for the tricks). Whoever plays wins a share for "
                "each trick he takes, and pays if he takes none. A player left alone in the deal takes the pool "
                "without play (LOO-DECL-4).",
            ),
            Drill(
                "Play or pass?",
                "best",
                two,
                "Nobody knows trumps yet, but you are the eldest hand: if you play, you lead first. Declare.",
                ("play", "pass"),
                "play",
                {
                    "play": "Right: you lead first, so you choose trumps. Lead the A♥ and hearts are trumps: your "
                    "ace is then a sure trick and your queen a second trump.",
                    "pass": "Too timid: as the leader you can make hearts trumps, and your A♥ then cannot lose.",
                },
            ),
            Read(
                "The first card led sets trumps",
                "Irish Loo has no turn-up: nobody knows trumps while declaring. The first card led to the first "
                "trick sets them (IRISH-TRUMP-1), so the leader chooses trumps, and the lead itself has no duty.",
                lead,
            ),
            Drill(
                "Choose trumps",
                "best",
                lead,
                "You lead the first trick. Which card do you lead?",
                ("2♣", "9♥", "A♥"),
                "A♥",
                {
                    "A♥": "Right: hearts, your longest suit, become trumps, and the A♥ is now the top trump: it "
                    "wins this trick for sure, and your 9♥ is a trump too.",
                    "9♥": "Hearts are the right trumps, but the 9♥ can be beaten by a higher heart; lead the A♥, "
                    "which cannot.",
                    "2♣": "That makes clubs trumps: your only trump would be the 2♣, and your hearts plain cards.",
                },
            ),
            Drill(
                "Follow the new trumps",
                "legal",
                after,
                "Dexter led the 8♦, so diamonds are trumps. Pick a card you may play.",
                ("3♦",),
                "3♦",
                {
                    "3♦": "Right: you must follow diamonds, and the 3♦ is your only one.",
                    "A♠": "You hold a diamond, so you must follow diamonds.",
                    "K♣": "You hold a diamond, so you must follow diamonds.",
                },
            ),
            FOLLOW,
            *_looed_steps("irish")[0:1],
            Guided(
                "A deal of Irish Loo",
                P("irish", {0: "A♦ K♦ 5♣", 1: "Q♠ 8♥ 3♦", 2: "J♣ 9♥ 6♠", 3: "10♦ 4♥ 7♣"}),
                "A whole deal against three bots. You are the eldest hand: if you play, your first lead will set "
                "trumps.",
                {
                    "declare": "Play with a long suit headed by an ace or king: as the leader you will make it trumps.",
                    "play": "The first card led sets trumps; after it, follow suit, head, and trump when void.",
                },
            ),
        ),
    )


def rams_loo() -> Tutorial:
    lone = P(
        "rams-loo", {0: "9♥ 4♣ 2♦"}, players=5, dealer=0, turnup="7♠", pool=6, moves=("play", "pass", "pass", "pass")
    )
    single = P("rams-loo", {0: "9♣ A♥ 2♥"}, players=5, dealer=4, turnup="5♣", moves=("play",) * 5)
    again = P(
        "rams-loo",
        {0: "A♣ A♥ 4♣", 1: "2♥ 3♥ 4♥", 2: "2♦ 3♦ 4♦", 3: "5♦ 6♦ 7♦", 4: "8♦ 9♦ 10♦"},
        players=5,
        dealer=4,
        turnup="5♣",
        moves=(*("play",) * 5, "A♣", "2♥", "2♦", "5♦", "8♦"),
    )
    return Tutorial(
        "rams-loo",
        "Rams Loo",
        "the dealer's ante, the dealer against a lone player, defending the Miss, the trump-lead duties",
        (
            Read(
                "The dealer antes",
                "The Rams game is 3-card Loo for 5 to 16 players, where only the dealer antes: 3 stakes "
                "(LOO-ANTE-1). What stays in the pool and the loos carry on, so the pool grows: here 6 chips "
                "carried and the dealer's 3 make 9, a share of 3 for each trick.",
                lone,
            ),
            *_loo_basics("rams-loo", players=5, pool=6)[1:],
            Read(
                "Defending the Miss",
                "If everyone before the dealer passes, he takes the pool (LOO-DECL-3). If exactly one player stands "
                "on his own hand, the dealer may not pass (LOO-DECL-5): he plays, takes the Miss, or defends the "
                "Miss, playing it for the pool (LOO-DECL-6). A defending dealer neither wins nor pays: the tricks "
                "he takes leave their shares in the pool, and the lone player must still take a trick.",
            ),
            Drill(
                "The dealer against one player",
                "legal",
                lone,
                "Basil plays on his own hand and everyone else passed. You deal. Pick a declaration you may make.",
                ("play", "miss", "defend"),
                "defend",
                {
                    "defend": "Right, and safe: you play the Miss for the pool, winning and paying nothing, and "
                    "Basil must take a trick or pay 3 stakes.",
                    "play": "Allowed, but your 9♥ 4♣ 2♦ will hardly take a trick, and you would be looed.",
                    "miss": "Allowed: a blind hand for yourself, with your own chips at risk.",
                    "pass": "Against a lone player the dealer may not pass.",
                },
            ),
            Read(
                "Trumps must lead",
                "On the first trick the leader must lead the ace of trumps if he holds it, and otherwise any trump "
                "he holds, the highest against a single opponent (LOO-LEAD-2, LOO-LEAD-3, LOO-LEAD-4). The winner "
                "of each trick must lead a trump to the next if he can (LOO-LEAD-5).",
            ),
            Drill(
                "One trump, still led",
                "legal",
                single,
                "Clubs are trumps and you lead the first trick. Pick a card you may lead.",
                ("9♣",),
                "9♣",
                {
                    "9♣": "Right: in the Rams game a single trump must lead too.",
                    "A♥": "You hold a trump, so a trump must lead: the A♥ is refused.",
                    "2♥": "You hold a trump, so a trump must lead.",
                },
            ),
            Drill(
                "The winner leads a trump",
                "legal",
                again,
                "Your A♣ took the first trick. Pick a card you may lead to the second.",
                ("4♣",),
                "4♣",
                {
                    "4♣": "Right: the winner of a trick must lead a trump if he can.",
                    "A♥": "You won the trick and hold a trump, so you must lead it.",
                },
            ),
            *_looed_steps("rams-loo")[0:1],
            Guided(
                "A deal of Rams Loo",
                P(
                    "rams-loo",
                    {0: "A♠ 9♥ 3♣", 1: "Q♥ 7♦ 2♣", 2: "8♠ J♦ 4♥", 3: "K♣ 10♥ 6♦", 4: "5♥ 9♦ 7♣"},
                    players=5,
                    turnup="5♠",
                    miss="2♠ A♦ 5♣",
                    pool=6,
                ),
                "A whole deal against four bots; you are the eldest hand.",
                {
                    "declare": "The ace of trumps is a sure trick: with it you cannot be looed.",
                    "play": "Lead trumps: the ace first, and after winning a trick any trump you hold.",
                },
            ),
        ),
    )


TUTORIALS: dict[str, Tutorial] = {
    t.name: t
    for t in (
        three_card(),
        three_card("mississippi", "Mississippi"),
        irish(),
        rams_loo(),
        five_card(),
        lou(),
        louse(),
    )
}


def find_tutorial(name: str) -> Tutorial:
    """The tutorial of a preset, by its name or alias; LooError with one sentence for anything else."""
    try:
        preset = resolve_preset(name)
    except LooError:
        preset = name
    if preset not in TUTORIALS:
        raise LooError(f"There is no tutorial {name!r}: choose one of {', '.join(TUTORIALS)}.")
    return TUTORIALS[preset]
