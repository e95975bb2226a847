"""The first ideas of every Loo game with a pool, as lesson steps: a trick, following suit, trumps, heading the
trick, the pool, declaring, being looed, the Miss and the first lead. One idea a step, each with its drill.

The texts are made from the rules of the step's own position (``say``), so a house rule changes what they say.
The positions are built for a ``Table`` (a preset, its players and the pool carried): the 3-card games share them
(``three-card``, ``mississippi``, ``rams-loo`` and, where trumps do not matter, ``irish``); five-card Pam-Loo,
whose hands are longer, has its own positions and shares the texts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from lanterloo.cards import Card
from lanterloo.engine import View
from lanterloo.rules import Rules, rules_with
from lanterloo.tutorial import say
from lanterloo.tutorial.model import Drill, Position, Read
from lanterloo.tutorial.table import NAMES


@dataclass(frozen=True)
class Table:
    """Where a tutorial's drills are dealt: the preset, how many players, the chips carried in the pool."""

    preset: str
    players: int = 4
    pool: int = 0
    options: Mapping[str, str] = field(default_factory=dict)

    @property
    def rules(self) -> Rules:
        return rules_with(self.preset, dict(self.options))

    def position(
        self,
        hands: Mapping[int, str],
        dealer: int,
        moves: tuple[str, ...] = (),
        *,
        turnup: str = "7♠",
        stock: str | None = None,
    ) -> Position:
        """A position at this table; ``turnup`` only where the rules turn a card up."""
        return Position(
            self.preset,
            hands,
            players=self.players,
            dealer=dealer,
            turnup=turnup if self.rules.has_turnup else None,
            stock=stock,
            pool=self.pool,
            moves=moves,
            options=self.options,
        )

    def declarations(self, dealer: int, said: Mapping[int, str] | None = None) -> tuple[str, ...]:
        """Every declaration from the dealer's left: seats 0 to 3 play (and keep their cards, where there is an
        exchange), any other seat passes; ``said`` gives a seat another declaration."""
        keep = self.rules.exchange == "own_turn"
        out: list[str] = []
        for k in range(1, self.players + 1):
            seat = (dealer + k) % self.players
            word = (said or {}).get(seat, "play" if seat < 4 else "pass")
            out += [word, "discard"] if keep and word == "play" else [word]
        return tuple(out)


def view_of(position: Position) -> View:
    return position.deal().view(0)


# --- the texts ----------------------------------------------------------------------------------------------------


def intro(title: str, rules: Rules, players: int, more: str = "") -> Read:
    """The opening step: what the learner needs (a pack of cards) and what the steps will do."""
    others = NAMES[1:players]
    if rules.game == "louse":
        aim = "nobody bets anything: instead, cards you take count points against you, and the aim is to take few"
    else:
        aim = "the game is played for chips: the aim is to end with more of them"
    return Read(
        "Before you start",
        f"{more}{title} needs nothing but {say.pack(rules)}. {say.dealt(rules, players)}, and {aim}. Each step here "
        "teaches one idea and asks a question "
        f"about it on a real deal, seen from your seat: you are You, and the other players are "
        f"{', '.join(others[:-1])} and {others[-1]}. The last step is a whole deal against the computer, with a "
        "tip at each of your choices.",
    )


def trick_text(rules: Rules) -> str:
    same = rules.game == "lou" and rules.lou_later_leads == "same_leader"
    nxt = "whoever led the first trick leads every one" if same else "whoever wins it leads the next"
    return (
        "The cards are played in tricks. In a trick, each player taking part plays one card, in turn to the left. "
        "The first card leads the trick, and its suit is the suit led. The highest card of the suit led wins the "
        "trick (a card of another suit cannot, however high it is, but for one exception that a later step "
        f"explains), and {nxt}. With {say.count(rules.hand_size)} cards each, a deal is "
        f"{say.count(rules.tricks)} tricks."
    )


def follow_text(rules: Rules) -> str:
    return (
        "After the lead, each player must follow suit: play a card of the suit led whenever he holds one. Only a "
        "player with none of that suit may play another suit; a later step says what he must play then."
    )


def void_text(rules: Rules) -> str:
    return f"A player with no card of the suit led is void in it, and when void, {say.void_duty(rules)}."


def trumps_text(rules: Rules, turnup: Card | None, *, void: bool = True) -> str:
    """What trumps are: the turn-up's suit (``turnup``, the position's own) or the first card led's."""
    if turnup is not None:
        where = (
            "After the deal, the next card of the pack is turned face up: the turn-up. Its suit is trumps for "
            f"the whole deal (here the {turnup.unicode}: {turnup.suit.plural})."
        )
    else:
        where = (
            "No card is turned up in this game: the first card led in a deal makes its suit trumps for the whole "
            "deal, so the first player to lead chooses them."
        )
    text = (
        f"{where} A trump beats every card of the other suits: a trick with a trump in it is won by the highest "
        "trump, whatever suit was led."
    )
    return f"{text} {void_text(rules)}" if void else text


def head_text(rules: Rules) -> str:
    return (
        "One more duty: head the trick, that is, beat the best card so far whenever you can. Following suit, play "
        "a higher card of the suit led if you hold one; trumping, play a trump higher than any trump already "
        "played, if you hold one. You may not keep a winning card back."
    )


def pool_text(rules: Rules, view: View, players: int, carried: int) -> str:
    st = view.stakes
    if carried:
        holds = f"here {carried} chips were left from the deals before, so the pool holds {st.pool}"
    else:
        holds = f"with {players} players the pool holds {st.pool}"
    return (
        f"{say.antes(rules)}. The chips on the table are the pool: {holds}. Each of the "
        f"{say.count(rules.tricks)} tricks wins an equal share of it, here {say.chips(st.share)}, for whoever takes "
        f"it; {say.remainder(rules)}. Each trick you take is a share for you."
    )


def declare_text(rules: Rules) -> str:
    dealer = []
    if rules.dealer_takes_all_pass:
        dealer.append("if everyone before the dealer passes, the dealer takes the pool without play")
    dealer.append("a player left alone in the deal takes the pool without play")
    forced = ""
    if rules.club_law and rules.has_turnup:
        forced = " When clubs are trumps, nobody may pass."
    if rules.bold_stand == "everyone":
        forced += " When the pool holds only this deal's antes, nobody may pass."
    return (
        "Before the first trick, each player declares, once and for good, in turn from the dealer's left (the "
        "dealer speaks last): play, to take part in the tricks and win a share for each one he takes, or pass, to "
        f"put his cards down and sit the deal out, risking nothing more.{forced} The chips already in the pool "
        f"stay there either way; {'; '.join(dealer)}."
    )


def looed_text(rules: Rules, view: View) -> str:
    cost = say.loo_cost(rules, view.stakes.pool)
    pam = " (a player holding Pam cannot be looed)" if rules.pam_holder_not_looed else ""
    return (
        f"A player who plays and takes no trick at all is looed: he pays {cost} into the pool, for the next "
        f"deal{pam}. Passing costs nothing more, so a hand that can hardly take a trick is better passed."
    )


def miss_text(rules: Rules) -> str:
    return (
        f"With the hands, a spare hand of {say.count(rules.hand_size)} cards, the Miss, is dealt face down. When "
        "you declare, you may take the Miss instead of your own hand, unseen; you must then play it. Only the "
        "first player who wants it can take it: in the last steps it was already gone. A blind hand is a gamble "
        "worth taking when your own cards can hardly take a trick."
    )


def first_lead_text(rules: Rules) -> str:
    who = (
        "The eldest hand is the player on the dealer's left. He leads the first trick, or, if he passed, the "
        "first player after him who plays."
    )
    if rules.miss_holder_leads:
        who += " Whoever took the Miss leads instead."
    duties = say.first_lead_duties(rules)
    return f"{who} {' '.join(duties) if duties else 'He may lead any card.'}"


# --- the 3-card drills --------------------------------------------------------------------------------------------


def tricks_drill(t: Table) -> Drill:
    """Lead the one card sure to win the trick: the idea of a trick, the lead and what wins it."""
    r = t.rules
    dealer = t.players - 1
    where = t.position(
        {0: "A♥ K♦ 4♣", 1: "9♥ A♦ 5♣", 2: "Q♥ 4♦ 6♣", 3: "2♥ 5♦ 8♣"},
        dealer,
        t.declarations(dealer),
    )
    return Drill(
        "Tricks",
        "best",
        where,
        "You lead the first trick. Which card is sure to win it?",
        ("4♣", "K♦", "A♥"),
        "A♥",
        {
            "A♥": "Right: no heart is higher than the ace, so whatever hearts the others play, the A♥ wins.",
            "K♦": "The K♦ wins only if nobody plays the A♦, the one diamond above it: it is not sure to win.",
            "4♣": "Any club above the 4 beats it: it is far from sure to win.",
        },
        check="wins",
        text=trick_text(r),
        teaches=("trick", "lead"),
        rules=("COMMON-5", "COMMON-6", "LOO-LEAD-1"),
    )


def _first_trick(t: Table, hand: str) -> Position:
    """Basil leads the 9♥ to the first trick; Cora heads it with the Q♥, Dexter has no heart; you play last."""
    return t.position(
        {0: hand, 1: "9♥ 2♦ 3♣", 2: "Q♥ 4♦ 6♣", 3: "2♣ 5♦ 8♣"},
        0,
        (*t.declarations(0), "9♥", "Q♥", "2♣"),
    )


def follow_drill(t: Table) -> Drill:
    return Drill(
        "Following suit",
        "legal",
        _first_trick(t, "5♥ 3♥ A♣"),
        "Basil led the 9♥. Pick a card you may play.",
        ("5♥", "3♥"),
        "3♥",
        {
            "3♥": "Right: you hold hearts, so you must play one. Neither beats Cora's Q♥, so either will do.",
            "5♥": "Right: you hold hearts, so you must play one. Neither beats Cora's Q♥, so either will do.",
            "A♣": "The ace is high, but a club cannot win a heart trick, and you hold hearts: you must play one.",
        },
        text=follow_text(t.rules),
        teaches=("follow",),
        rules=("LOO-PLAY-1",),
    )


def trumps_drill(t: Table) -> Drill:
    r = t.rules
    where = _first_trick(t, "3♠ A♣ K♦")
    return Drill(
        "Trumps",
        "legal",
        where,
        "Hearts were led again, and this time you hold no heart. Pick a card you may play.",
        ("3♠",),
        "3♠",
        {
            "3♠": "Right: you are void in hearts, so you must trump, and the 3♠ is your only trump. It beats every "
            "heart: the trick is yours.",
            "A♣": "The A♣ cannot win a heart trick, and you hold a trump, so you must play it.",
            "K♦": "The K♦ cannot win a heart trick, and you hold a trump, so you must play it.",
        },
        text=trumps_text(r, view_of(where).turnup),
        teaches=("trump", "void"),
        rules=("LOO-TRUMP-1", "LOO-PLAY-3", "LOO-PLAY-5", "COMMON-5"),
    )


def head_drill(t: Table) -> Drill:
    return Drill(
        "Follow and head",
        "legal",
        _first_trick(t, "K♥ 5♥ A♣"),
        "Hearts were led and Cora's Q♥ is best. Pick a card you may play.",
        ("K♥",),
        "K♥",
        {
            "K♥": "Right: you hold hearts, so you follow, and the K♥ beats the Q♥, so you must head the trick with it.",
            "5♥": "A heart, but you can beat the Q♥, so you must: the 5♥ is refused.",
            "A♣": "You hold hearts, so you must follow hearts.",
        },
        text=head_text(t.rules),
        teaches=("head",),
        rules=("LOO-PLAY-2", "LOO-PLAY-4"),
    )


def pool_drill(t: Table) -> Drill:
    """Keep the king: the idea of the pool, and that each trick taken is a share of it."""
    where = t.position(
        {0: "2♣ K♥ 3♥", 1: "A♣ A♥ 4♥", 2: "5♣ 3♦ 4♦", 3: "6♣ 5♦ 6♦"},
        0,
        (*t.declarations(0), "A♣", "5♣", "6♣", "2♣", "A♥", "3♦", "5♦"),
    )
    view = view_of(where)
    share = say.chips(view.stakes.share)
    return Drill(
        "The pool",
        "best",
        where,
        "Basil took the first trick with the A♣ and led the A♥; you have no trick yet. Which heart do you play?",
        ("3♥", "K♥"),
        "3♥",
        {
            "3♥": "Right: neither heart beats the ace, so play the low one. The K♥ is then the highest heart left, "
            f"and Basil's last card, the 4♥, must lead into it: the last trick is yours, and its share of {share}.",
            "K♥": "The K♥ cannot beat the A♥, so it is wasted here; your 3♥ then loses to Basil's 4♥, and you "
            "take no trick and no share.",
        },
        check="guarantee",
        text=pool_text(t.rules, view, t.players, t.pool),
        teaches=("pool", "ante", "share"),
        rules=("LOO-ANTE-1", "LOO-POOL-1", "LOO-POOL-2"),
    )


def _declaring(t: Table, hand: str, turnup: str, *, last: bool = False) -> tuple[Position, str]:
    """Where you declare. With the Miss, the player before you has taken it (shown as playing: he must play), so
    the Miss is not yet a choice; without it, you speak first, or (``last``) you deal and the others all play."""
    r = t.rules
    if not r.miss and last:
        others = t.declarations(0)
        return t.position({0: hand}, 0, others[: len(others) - 1], turnup=turnup), (
            f"You deal, so you speak last: {', '.join(NAMES[1:3])} and {NAMES[3]} all play."
        )
    if not r.miss:
        return t.position({0: hand}, t.players - 1, turnup=turnup), "You speak first."
    first = t.players - 1
    dealer = first - 1
    return (
        t.position({0: hand}, dealer, ("miss",), turnup=turnup),
        f"{NAMES[first]}, on the dealer's left, spoke first and plays.",
    )


def declare_drill(t: Table) -> Drill:
    r = t.rules
    where, before = _declaring(t, "A♠ Q♠ 9♥", "7♠")
    trumps = "Spades are trumps and you" if r.has_turnup else "Nobody knows trumps yet; you"
    return Drill(
        "Play or pass?",
        "best",
        where,
        f"{trumps} hold the A♠ and Q♠. {before} Declare.",
        ("play", "pass"),
        "play",
        {
            "play": "Right: two trumps, one of them the ace, make two tricks likely, and the ace of trumps alone is "
            "a sure trick."
            if r.has_turnup
            else "Right: if you lead the A♠, spades are trumps and your ace the highest of them: a sure trick.",
            "pass": "Too timid: with the A♠ you are sure of a trick, and likely two. Passing gives up the shares "
            "of one or two tricks.",
        },
        text=declare_text(r),
        teaches=("declare",),
        rules=("LOO-DECL-1", "LOO-DECL-9", "LOO-DECL-3", "LOO-DECL-4"),
    )


def looed_drill(t: Table) -> Drill:
    r = t.rules
    where, before = _declaring(t, "2♣ 4♦ 7♥", "K♠", last=True)
    view = view_of(where)
    cost = say.loo_cost(r, view.stakes.pool)
    trumps = "Spades are trumps; you hold no trump and no ace." if r.has_turnup else "You hold no ace."
    return Drill(
        "Looed",
        "best",
        where,
        f"{trumps} {before} Declare.",
        ("play", "pass"),
        "pass",
        {
            "pass": f"Right: these cards can hardly take a trick, and playing them would likely cost you {cost}. "
            "Passing risks nothing more.",
            "play": f"Playing 2♣ 4♦ 7♥ is asking to be looed: {cost} for a hand that can hardly take a trick.",
        },
        text=looed_text(r, view),
        teaches=("looed",),
        rules=("LOO-POOL-3", "LOO-POOL-4"),
    )


def miss_drill(t: Table) -> Drill:
    r = t.rules
    dealer = t.players - 1
    where = t.position({0: "2♣ 4♦ 7♥"}, dealer, turnup="K♠")
    cost = say.loo_cost(r, view_of(where).stakes.pool)
    return Drill(
        "The Miss",
        "best",
        where,
        "Spades are trumps; you hold no trump and no ace, and this time you speak first. Declare.",
        ("play", "pass", "miss"),
        "miss",
        {
            "miss": "Right: your own hand can hardly take a trick, and three unseen cards often hold a trump or an "
            "ace. You must play them, but the Miss is worth more than your hand.",
            "play": f"Playing 2♣ 4♦ 7♥ with no trump and no ace is asking to be looed: {cost}.",
            "pass": "Passing is safe and costs nothing more, but the Miss is worth more than nothing here: you speak "
            "first, so it is still there for you.",
        },
        text=miss_text(r),
        teaches=("miss",),
        rules=("LOO-DEAL-2", "LOO-DECL-2"),
    )


def first_lead_drill(t: Table) -> Drill:
    dealer = t.players - 1
    return Drill(
        "The first lead",
        "legal",
        t.position({0: "A♦ K♣ 2♥"}, dealer, t.declarations(dealer), turnup="7♦"),
        "Diamonds are trumps and you are the eldest hand. Pick a card you may lead.",
        ("A♦",),
        "A♦",
        {
            "A♦": "Right: the leader holding the ace of trumps must lead it to the first trick.",
            "K♣": "A fine card, but the ace of trumps must lead first.",
            "2♥": "The ace of trumps must lead first.",
        },
        text=first_lead_text(t.rules),
        teaches=("eldest",),
        rules=("LOO-LEAD-1", "LOO-LEAD-2", "LOO-LEAD-3", "LOO-LEAD-4"),
    )
