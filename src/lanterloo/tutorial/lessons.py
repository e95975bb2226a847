"""The tutorials, one per preset, written as data: the 3-card games here, the others in their own modules.

Each tutorial starts from nothing (a pack of cards) and teaches one idea a step, each with a drill on a fixed deal
(``Position``), so the same lesson always shows the same cards: a trick, following suit, trumps, heading, the pool,
then the game's own ideas, and a guided deal at the end. The claims a lesson makes (the legal set, the best choice,
an explanation for every choice offered) are checked against the engine by tests/test_tutorial.py, which also
checks that no step uses a word of the game before the step that teaches it. The 3-card games share their first
steps (``basics``).
"""

from __future__ import annotations

from lanterloo.errors import LooError
from lanterloo.rules import resolve_preset
from lanterloo.tutorial import basics as B
from lanterloo.tutorial import say
from lanterloo.tutorial.lessons_five import five_card
from lanterloo.tutorial.lessons_lou import lou
from lanterloo.tutorial.lessons_louse import louse
from lanterloo.tutorial.model import Drill, Guided, Position, Step, Tutorial

P = Position


def _guided_loo(preset: str, title: str) -> Guided:
    return Guided(
        f"A deal of {title}",
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
    t = B.Table(preset)
    more = ""
    if preset == "mississippi":
        more = (
            "Mississippi is 3-card Loo under another name: the rules give it nothing of its own, so it is played "
            "exactly as 3-card Loo. "
        )
    return Tutorial(
        preset,
        title,
        "from the first trick: following suit, trumps, heading, the pool, play or pass, the loo, the Miss, the "
        "first lead",
        (
            B.intro(title, t.rules, t.players, more),
            B.tricks_drill(t),
            B.follow_drill(t),
            B.trumps_drill(t),
            B.head_drill(t),
            B.pool_drill(t),
            B.declare_drill(t),
            B.looed_drill(t),
            B.miss_drill(t),
            B.first_lead_drill(t),
            _guided_loo(preset, title),
        ),
    )


def _irish_steps(t: B.Table) -> list[Step]:
    """Irish Loo's trumps: the first card led sets them; then being void in a suit led."""
    r = t.rules
    lead = t.position({0: "A♥ 9♥ 2♣"}, 3, t.declarations(3))
    void = t.position(
        {0: "2♦ 5♦ A♣", 1: "9♦ K♥ 3♠", 2: "4♦ 7♥ 6♠", 3: "2♣ 5♥ 8♠"},
        0,
        (*t.declarations(0), "9♦", "4♦", "2♣", "2♦", "K♥", "7♥", "5♥"),
    )
    return [
        Drill(
            "Trumps",
            "best",
            lead,
            "You lead the first trick, so your card will set trumps. Which card do you lead?",
            ("2♣", "9♥", "A♥"),
            "A♥",
            {
                "A♥": "Right: hearts, your longest suit, become trumps, and the A♥ is now the highest trump: it "
                "wins this trick for sure, and your 9♥ is a trump too.",
                "9♥": "Hearts are the right trumps, but a higher heart can beat the 9♥; lead the A♥, which nothing "
                "can beat.",
                "2♣": "That makes clubs trumps: your only trump would be the 2♣, and your hearts plain cards.",
            },
            text=B.trumps_text(r, None, void=False),
            teaches=("trump",),
            rules=("IRISH-TRUMP-1", "COMMON-5"),
        ),
        Drill(
            "Void in a suit",
            "legal",
            void,
            "Basil's 9♦ led the first trick, so diamonds are trumps, and he won it. Now he leads the K♥, and you "
            "hold no heart. Pick a card you may play.",
            ("5♦",),
            "5♦",
            {
                "5♦": "Right: void in hearts, you must trump, and the 5♦ is your only trump. It beats every heart: "
                "the trick is yours.",
                "A♣": "The A♣ cannot win a heart trick, and you hold a trump, so you must play it.",
            },
            text=B.void_text(r),
            teaches=("void",),
            rules=("LOO-PLAY-3", "LOO-PLAY-5"),
        ),
    ]


def irish() -> Tutorial:
    t = B.Table("irish")
    trumps, void = _irish_steps(t)
    return Tutorial(
        "irish",
        "Irish Loo",
        "from the first trick: following suit, trumps set by the first card led, heading, the pool, play or "
        "pass, the loo",
        (
            B.intro("Irish Loo", t.rules, t.players),
            B.tricks_drill(t),
            B.follow_drill(t),
            trumps,
            void,
            B.head_drill(t),
            B.pool_drill(t),
            B.declare_drill(t),
            B.looed_drill(t),
            Guided(
                "A deal of Irish Loo",
                P("irish", {0: "A♦ K♦ 5♣", 1: "Q♠ 8♥ 3♦", 2: "J♣ 9♥ 6♠", 3: "10♦ 4♥ 7♣"}),
                "A whole deal against three bots. You are on the dealer's left, so you speak first, and if you play, "
                "you lead the first trick: your card will set trumps.",
                {
                    "declare": "Play with a long suit holding its ace or king: as the leader you will make it trumps.",
                    "play": "The first card led sets trumps; after it, follow suit, head, and trump when void.",
                },
            ),
        ),
    )


def _rams_steps(t: B.Table) -> list[Step]:
    """The Rams game's own steps: the dealer against a lone player, and the trump-lead duties."""
    r = t.rules
    lone = t.position({0: "9♥ 4♣ 2♦"}, 0, ("play", "pass", "pass", "pass"))
    single = t.position({0: "9♣ A♥ 2♥"}, 4, ("play",) * 5, turnup="5♣")
    again = t.position(
        {0: "A♣ A♥ 4♣", 1: "2♥ 3♥ 4♥", 2: "2♦ 3♦ 4♦", 3: "5♦ 6♦ 7♦", 4: "8♦ 9♦ 10♦"},
        4,
        (*("play",) * 5, "A♣", "2♥", "2♦", "5♦", "8♦"),
        turnup="5♣",
    )
    cost = say.loo_cost(r, B.view_of(lone).stakes.pool)
    dealer_may = ["play his own hand", "take the Miss"]
    if r.defend_miss != "never":
        dealer_may.append("defend the Miss: play it for the pool")
    must = "may not pass: he must" if r.lone_player == "dealer_must_play" else "may pass, or"
    defend = (
        f"If exactly one player before the dealer plays on his own hand, the dealer {must} "
        f"{', or '.join(dealer_may)}. Defending, the dealer neither wins nor pays: the tricks the Miss takes leave "
        "their shares in the pool, and the lone player must still take a trick or be looed."
    )
    lead = B.first_lead_text(r)
    return [
        Drill(
            "Defending the Miss",
            "legal",
            lone,
            "Basil plays on his own hand and everyone else passed. You deal. Pick a declaration you may make.",
            ("play", "miss", "defend"),
            "defend",
            {
                "defend": f"Right, and safe: you play the Miss for the pool, winning and paying nothing, and Basil "
                f"must take a trick or pay {cost}.",
                "play": "Allowed, but your 9♥ 4♣ 2♦ will hardly take a trick, and you would be looed.",
                "miss": "Allowed: a blind hand for yourself, with your own chips at risk.",
                "pass": "Against a lone player the dealer may not pass.",
            },
            text=defend,
            teaches=("defend",),
            rules=("LOO-DECL-5", "LOO-DECL-6"),
        ),
        Drill(
            "The first lead",
            "legal",
            single,
            "Clubs are trumps and you are the eldest hand. Pick a card you may lead.",
            ("9♣",),
            "9♣",
            {
                "9♣": "Right: in the Rams game a single trump must lead too.",
                "A♥": "You hold a trump, so a trump must lead: the A♥ is refused.",
                "2♥": "You hold a trump, so a trump must lead.",
            },
            text=lead,
            teaches=("eldest",),
            rules=("LOO-LEAD-1", "LOO-LEAD-2", "LOO-LEAD-3", "LOO-LEAD-4"),
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
            text=say.later_lead_duty(r) or "The winner of a trick may lead any card to the next.",
            rules=("LOO-LEAD-5",),
        ),
    ]


def rams_loo() -> Tutorial:
    t = B.Table("rams-loo", players=5, pool=6)
    return Tutorial(
        "rams-loo",
        "Rams Loo",
        "from the first trick: following suit, trumps, heading, the dealer's pool, play or pass, the loo, the "
        "Miss and defending it, the trump-lead duties",
        (
            B.intro("Rams Loo", t.rules, t.players),
            B.tricks_drill(t),
            B.follow_drill(t),
            B.trumps_drill(t),
            B.head_drill(t),
            B.pool_drill(t),
            B.declare_drill(t),
            B.looed_drill(t),
            B.miss_drill(t),
            *_rams_steps(t),
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
