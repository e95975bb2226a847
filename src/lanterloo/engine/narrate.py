"""The narrator: the one place where events and settlements become sentences.

``loo watch``, ``loo replay``, the golden playthroughs and the terminal game's log and deal summary all tell a
deal with these sentences and only style them (colour, layout). The narrator reads typed events, the ``View`` and
the ``Settlement``, never a deal's internals, and names seats with the names the caller gives::

    n = Narrator(rules, ["Ada", "Basil", "Cleo"], you=0)
    n.event(ev)          # "Basil takes the Miss." / "You play 9♥." / None for an event with nothing to say
    n.outcome(st)        # one sentence: how the deal ended
    n.settlement(st, view)   # the settlement in full, one fact per line

A censored event says only what its viewer may know: the same code tells the deal to a player, a spectator or
the referee (who passes the uncensored events and sees every exchange and commitment).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from lanterloo.actions import DefendMiss, Pass, Stand, TakeMiss
from lanterloo.cards import Card, Suit, cards_of, fmt_cards
from lanterloo.engine.events import (
    AnteSet,
    Committed,
    DealerTakesPool,
    DealStarted,
    Dealt,
    Declared,
    Event,
    Exchanged,
    Forced,
    PlayBegins,
    Played,
    Reshuffled,
    Revealed,
    Settled,
    TrickWon,
    TrumpSet,
    TurnedUp,
)
from lanterloo.engine.scoring import Settlement, SettlementKind, louse_card_points, louse_card_values
from lanterloo.engine.words import Words
from lanterloo.rules import Rules

if TYPE_CHECKING:
    from lanterloo.engine import View


def plural(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def signed(x: int) -> str:
    return f"+{x}" if x > 0 else ("±0" if x == 0 else f"−{-x}")


def cards(cs: Sequence[int]) -> str:
    return fmt_cards(cs, unicode=True)


def join(parts: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


# What the ♦Q does in Louse, by the ``diamond_queen`` option (LOUSE-SCORE-3).
DIAMOND_QUEEN = {
    "cancel_own_queens": "cancels the queens' points of whoever takes it",
    "cancel_own_bonuses": "cancels the queen bonuses of whoever takes it",
    "cancel_all_queens": "cancels every player's queen points",
    "collect_all_queens": "gives whoever takes it every queen's points",
}


class Narrator:
    """Tells a deal in sentences. ``names`` name the seats clockwise from seat 0 (missing ones are "Seat N");
    ``you`` is the seat being spoken to, if any: "You play" rather than "Ada plays"."""

    def __init__(
        self, rules: Rules, names: Sequence[str] | None = None, *, you: int | None = None, cite: bool = True
    ) -> None:
        self.rules = rules
        # Rule IDs belong in a record and on the rules page; a player at the table reads the sentence alone.
        self.cites = cite
        self.names = list(names or ())
        if you is None:
            # A player named "You" (the terminal game's default name, kept in exported histories) is spoken to as
            # "you" even when the teller was not told so: "You deal", never "You deals".
            you = next((s for s, n in enumerate(self.names) if n.strip().lower() == "you"), None)
        self.you = you
        words = Words(rules)  # the table's vocabulary: one place says what Lou calls its pot
        self.lou, self.louse, self.pot = words.lou, words.louse, words.pot

    def cite(self, rule: str) -> str:
        """`` (RULE-ID)`` after a sentence's claim, or nothing when this narrator speaks to a player."""
        return f" ({rule})" if self.cites else ""

    def also(self, rule: str) -> str:
        """``, RULE-ID`` inside a parenthesis that says more, or nothing when this narrator speaks to a player."""
        return f", {rule}" if self.cites else ""

    # --- names ---

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"Seat {seat}"

    def subject(self, seat: int) -> str:
        """The seat as the subject of a sentence: "You" for the seat spoken to."""
        return "You" if seat == self.you else self.name(seat)

    def obj(self, seat: int) -> str:
        """The seat as an object: "you" for the seat spoken to."""
        return "you" if seat == self.you else self.name(seat)

    def possessive(self, seat: int) -> str:
        return "Your" if seat == self.you else f"{self.name(seat)}'s"

    def say(self, seat: int, verb: str, verb3: str | None = None) -> str:
        """``say(1, "play")`` -> "Basil plays"; for the seat spoken to, "You play"."""
        if seat == self.you:
            return f"You {verb}"
        return f"{self.name(seat)} {verb3 or verb + 's'}"

    def _his(self, seat: int) -> str:
        return "your" if seat == self.you else "his"

    # --- events ---

    def event(self, ev: Event) -> str | None:
        """One event in one sentence (None only for a record this narrator does not know)."""
        if isinstance(ev, DealStarted):
            return self.say(ev.dealer, "deal") + "."
        if isinstance(ev, AnteSet):
            return self.say(ev.seat, "set") + f" the ante for this game at {ev.action.amount}{self.cite('LOU-ANTE-2')}."
        if isinstance(ev, Dealt):
            return "The cards are dealt."
        if isinstance(ev, TurnedUp):
            return f"The turn-up is {ev.card.unicode}: {ev.card.suit.plural} are trumps."
        if isinstance(ev, Forced):
            return self.forced(ev)
        if isinstance(ev, Declared):
            return self.declared(ev)
        if isinstance(ev, DealerTakesPool):
            return f"Everyone before {self.obj(ev.seat)} passed, so the dealer takes the pool{self.cite(ev.rule)}."
        if isinstance(ev, Committed):
            if ev.action is None:
                return self.say(ev.seat, "commit") + ", in secret."
            word = "In" if isinstance(ev.action, Stand) else "Out"
            return self.say(ev.seat, "commit") + f" {word}, in secret."
        if isinstance(ev, Revealed):
            ins = [self.subject(s) for s, v in enumerate(ev.in_play) if v]
            outs = [self.subject(s) for s, v in enumerate(ev.in_play) if not v]
            return f"The coins are shown. In: {join(ins) or 'nobody'}. Out: {join(outs) or 'nobody'}."
        if isinstance(ev, Exchanged):
            return self.exchanged(ev)
        if isinstance(ev, Reshuffled):
            who = self.obj(ev.seat)
            return (
                f"The stock runs short for {who}: the discards are shuffled into a new stock{self.cite('PAM-EXCH-2')}."
            )
        if isinstance(ev, PlayBegins):
            who = join([self.subject(s) for s in ev.in_play])
            return "Play begins: " + self.say(ev.seat, "lead") + f"; in play: {who}."
        if isinstance(ev, TrumpSet):
            return f"{self.possessive(ev.seat)} lead sets trumps: {ev.suit.plural}{self.cite('IRISH-TRUMP-1')}."
        if isinstance(ev, Played):
            a = ev.action
            if a.civil:
                return self.say(ev.seat, "lead") + f" {a.card.unicode}, saying “Pam, be civil”{self.cite('PAM-2')}."
            return self.say(ev.seat, "play") + f" {a.card.unicode}."
        if isinstance(ev, TrickWon):
            return f"Trick {ev.no} to {self.obj(ev.seat)}."
        if isinstance(ev, Settled):
            return self.outcome(ev.settlement)
        return None

    def forced(self, ev: Forced) -> str:
        why = (
            "Clubs are trumps: under Club Law everyone must play"
            if ev.rule == "LOO-DECL-7"
            else "Bold Stand: the pool holds only this deal's antes, so everyone must play"
        )
        aside = " (the Miss is set aside)" if ev.miss_withdrawn else ""
        return f"{why}{aside}{self.cite(ev.rule)}."

    def declared(self, ev: Declared) -> str:
        a = ev.action
        if isinstance(a, Pass):
            text = self.say(ev.seat, "stay", "stays") + " Out" if self.lou else self.say(ev.seat, "pass", "passes")
        elif isinstance(a, Stand):
            text = self.say(ev.seat, "go", "goes") + " In" if self.lou else self.say(ev.seat, "play")
        elif isinstance(a, TakeMiss):
            text = self.say(ev.seat, "take") + " the Miss"
        elif isinstance(a, DefendMiss):
            text = self.say(ev.seat, "defend") + " the Miss"
        else:
            text = self.say(ev.seat, "declare") + f" {a}"
        if ev.hand:
            text += f": {self._his(ev.seat)} new hand is {cards(ev.hand)}"
        return text + "."

    def exchanged(self, ev: Exchanged) -> str:
        draw = ("draw", "draws") if self.lou else ("exchange", "exchanges")
        if ev.action is not None and ev.action.mask:
            return (
                self.say(ev.seat, "discard")
                + f" {cards(ev.action.cards)} and "
                + ("draw" if ev.seat == self.you else "draws")
                + f" {cards(ev.drawn)}."
            )
        if ev.number:
            return self.say(ev.seat, *draw) + f" {plural(ev.number, 'card')}."
        return self.say(ev.seat, "keep") + f" {self._his(ev.seat)} hand."

    # --- the settlement ---

    def outcome(self, st: Settlement) -> str:
        """One sentence that says how the deal ended."""
        pot = self.pot
        if st.kind is SettlementKind.NO_PLAY:
            who = "Nobody went In" if self.lou else "Nobody played"
            more = f" Everyone antes again{self.cite('LOU-DECL-2')}." if self.lou and st.game_over else ""
            return f"{who}: the {pot} of {st.pool_before} carries to the next deal{self.cite(st.rule)}.{more}"
        if st.kind is SettlementKind.UNCONTESTED:
            s = st.winners[0]
            why = (
                "everyone before the dealer passed"
                if st.rule == "LOO-DECL-3"
                else "nobody else went In"
                if self.lou
                else "nobody else stayed in"
            )
            what = f"the three piles, {st.won[s]}," if self.lou else f"the pool of {st.won[s]}"
            return self.say(s, "take") + f" {what} without play: {why}{self.cite(st.rule)}."
        if st.kind is SettlementKind.FLUSH:
            verb = "sweep" if len(st.winners) > 1 or self.you in st.winners else "sweeps"
            return f"Flush! {join([self.subject(w) for w in st.winners])} {verb} the pool{self.cite(st.rule)}."
        if st.kind is SettlementKind.LOUSE:
            top = max(st.points, default=0)
            # the points are LOUSE-SCORE-1's, whatever the settlement's rule (LOUSE-SCORE-3 once the Q♦ is taken),
            # which the Q♦'s own note cites
            if top == 0:
                return f"Nobody took a penalty point{self.cite('LOUSE-SCORE-1')}."
            worst = [self.subject(s) for s, p in enumerate(st.points) if p == top]
            return f"Most penalty points: {join(worst)}, {top}{self.cite('LOUSE-SCORE-1')}."
        looed = [self.subject(s) for s in st.looed]
        if self.lou:
            if not looed:
                return (
                    "Every In player took a trick, so nobody matches the pot: this game of Lou ends, and the next "
                    f"deal starts a new one with fresh antes{self.cite('LOU-GAME-1')}."
                )
            verb = "match" if len(looed) > 1 or self.you in st.looed else "matches"
            return f"{join(looed)} {verb} the pot{self.cite(st.rule)}."
        if looed:
            return f"Looed: {join(looed)}{self.cite(st.rule)}."
        return f"Nobody was looed: the shares are paid{self.cite(st.rule)}."

    def settlement(self, st: Settlement, view: View) -> list[str]:
        """The settlement in full, one fact per line: shares, who won what, loos and what they paid, the pool
        carried, and (Lou) whether the game goes on. ``view`` is the deal's view at its end."""
        pot = self.pot
        n = view.players
        if st.kind is SettlementKind.LOUSE:
            pts = ", ".join(f"{self.name(s)} {p}" for s, p in enumerate(st.points))
            taken = ", ".join(f"{self.name(s)} {plural(t, 'trick')}" for s, t in enumerate(st.tricks))
            return [f"Tricks: {taken}.", f"Penalty points: {pts}{self.cite('LOUSE-SCORE-1')}."]
        if st.kind in (SettlementKind.NO_PLAY, SettlementKind.UNCONTESTED):
            return [self.outcome(st)]
        lines: list[str] = []
        winners = [s for s in range(n) if st.won[s]]
        if st.kind is SettlementKind.FLUSH:
            lines.append(
                f"The best flush, {join([self.name(s) for s in st.winners])}'s, sweeps the {pot} of "
                f"{st.pool_before}: " + join([f"{self.name(s)} takes {st.won[s]}" for s in winners]) + "."
            )
        else:
            unit = "a pile" if self.lou else "a share"
            lines.append(f"The {pot} of {st.pool_before} pays {st.share} a trick ({unit} per trick).")
            if winners:
                won = [f"{self.name(s)} {st.won[s]} ({plural(st.tricks[s], 'trick')})" for s in winners]
                lines.append("Won: " + join(won) + ".")
            if view.defended:
                lines.append(self.defended(view.dealer))
        if st.looed:
            parts = [
                f"{self.name(s)} pays {st.paid[s]}"
                if st.paid[s] == st.owed[s]
                else f"{self.name(s)} pays {st.paid[s]} of {st.owed[s]} (all he has{self.also('SESSION-3')})"
                for s in st.looed
            ]
            lines.append(f"{'Match the pot' if self.lou else 'Looed'}: {join(parts)}{self.cite(st.rule)}.")
        elif st.kind is SettlementKind.TRICKS and not self.lou:
            lines.append(f"Nobody is looed{self.cite(st.rule)}.")
        lines.append(f"The next {pot} starts with {st.pool_after}.")
        if self.lou and st.kind is SettlementKind.TRICKS:
            lines.append(self.lou_game(st))
        return lines

    def lou_game(self, st: Settlement) -> str:
        if st.game_over:
            return (
                f"This game of Lou ends: the next deal starts a new one, and everyone antes{self.cite('LOU-GAME-1')}."
            )
        return f"This game of Lou goes on: nobody antes, the matched chips make the next pot{self.cite('LOU-GAME-1')}."

    def defended(self, dealer: int) -> str:
        return (
            f"{self.name(dealer)} defended the Miss: the dealer's tricks leave their shares in the pool, and the "
            f"dealer wins and pays nothing{self.cite('LOO-DECL-6')}."
        )

    def flush(self, seat: int, shown: Sequence[Card]) -> str:
        """A flush shown before play (PAM-FLUSH-1)."""
        return self.say(seat, "hold") + f" a flush: {cards(shown)}"

    def loo_cost(self, st: Settlement) -> str | None:
        """What a loo cost under the rules in force (LOO-POOL-3), when somebody was looed in Loo."""
        if not st.looed or self.rules.game != "loo" or st.kind is not SettlementKind.TRICKS:
            return None
        kind = {"pool": "the whole pool", "fixed": "a fixed loo", "capped": "the pool up to the cap"}
        return (
            f"A looed player pays {kind.get(self.rules.loo_penalty, 'a loo')}: {max(st.owed)} chips into the next "
            f"pool{self.cite('LOO-POOL-3')}."
        )

    def louse_notes(self, view: View) -> list[str]:
        """The Louse penalties that need a word: what the ♦Q did and the queen bonuses (LOUSE-SCORE-2/3)."""
        taken: dict[Card, int] = {c: tr.winner for tr in view.tricks for _, c in tr.cards}
        mode = self.rules.diamond_queen
        dq = Card.parse("Qd")
        taker = taken.get(dq)
        out: list[str] = []
        if taker is not None and mode in DIAMOND_QUEEN:
            out.append(
                f"{self.say(taker, 'took', 'took')} the Q♦, which {DIAMOND_QUEEN[mode]}{self.cite('LOUSE-SCORE-3')}."
            )
        for suit in (Suit.CLUBS, Suit.SPADES, Suit.HEARTS):
            queen = Card(suit * 13 + 10)
            holder = taken.get(queen)
            if holder is None:
                continue
            # the bonus is what the queen scores beyond its plain value (the scoring module's table)
            qp = self.rules.louse_queen_points
            bonus = louse_card_values(qp)[queen] - louse_card_points(queen, qp)
            note = ""
            if taker is not None:
                if (mode in ("cancel_own_queens", "cancel_own_bonuses") and holder == taker) or (
                    mode == "cancel_all_queens"
                ):
                    note = ", cancelled by the Q♦"
                elif mode == "collect_all_queens" and holder != taker:
                    note = f", charged to {self.subject(taker)} with the Q♦"
            took = f"{self.say(holder, 'took', 'took')} the {queen.unicode}: +{bonus} bonus{note}"
            out.append(f"{took}{self.cite('LOUSE-SCORE-2')}.")
        return out

    # --- a whole deal, told after it ---

    def who(self, seat: int, dealer: int) -> str:
        return f"{self.name(seat)} (dealer)" if seat == dealer else self.name(seat)

    def stakes(self, start: DealStarted) -> str | None:
        """The antes and what the pool holds when the cards are dealt."""
        if self.louse:
            return None
        total = sum(start.antes)
        if not start.ante:
            return f"No antes (the game goes on). The {self.pot} holds {start.pool}."
        paid = [(s, a) for s, a in enumerate(start.antes) if a]
        if not paid:
            ante = "No antes."
        elif len(paid) == len(start.antes) and len({a for _, a in paid}) == 1:
            ante = f"Everyone antes {paid[0][1]} ({total} in all)."
        else:
            each = join([f"{self.who(s, start.dealer)} {a}" for s, a in paid])
            ante = f"Antes: {each} ({total} in all)."
        carried = f"; {start.pool} carried from the last deal" if start.pool else ""
        return f"{ante} The {self.pot} holds {start.pool + total}{carried}."

    def trumps(self, view: View) -> str:
        """Which suit is trumps, and Pam."""
        if self.louse:
            return "The four jacks are trumps."
        if view.turnup is None:
            return "No turn-up: the first card led sets trumps."
        text = f"Turn-up {view.turnup.unicode}: {view.turnup.suit.plural} are trumps."
        if view.pam is not None:
            text += f" Pam ({view.pam.unicode}) is the highest trump."
        elif self.rules.pam != "none":
            text += " Pam is turned up, so it is out of play."
        return text

    def declarations(self, events: Sequence[Event], dealer: int) -> list[str]:
        """The declarations, commitments and exchanges; consecutive ones read as one sentence."""
        out: list[str] = []
        said: list[str] = []

        def flush() -> None:
            if said:
                out.append("; ".join(said) + ".")
                said.clear()

        for ev in events:
            if isinstance(ev, (Declared, Exchanged, DealerTakesPool, Reshuffled)):
                text = self.event(ev) or ""
                # the dealer named once, as "(dealer)", and the sentence's full stop dropped to join the next
                if ev.seat is not None and ev.seat == dealer and text.startswith(self.name(dealer) + " "):
                    text = self.who(dealer, dealer) + text[len(self.name(dealer)) :]
                text = text.rstrip(".")
                if said and isinstance(ev, (DealerTakesPool, Reshuffled)):
                    text = text[0].lower() + text[1:]  # mid-sentence; the others start with a name
                said.append(text)
            elif isinstance(ev, (Forced, Revealed)):
                flush()
                out.append(self.event(ev) or "")
        flush()
        return out

    def tricks(self, view: View, events: Sequence[Event]) -> list[str]:
        """Who leads, the flushes shown, and every trick with who played what and who won it."""
        out = [f"{self.name(ev.seat)} leads." for ev in events if isinstance(ev, PlayBegins)]
        sets: dict[int, Suit] = {}
        done = 0
        for ev in events:
            if isinstance(ev, TrumpSet):
                sets[done] = ev.suit
            elif isinstance(ev, TrickWon):
                done += 1
        shown = [f"{self.who(s, view.dealer)} shows {cards(cs)}." for s, cs in view.flushes]
        for i, t in enumerate(view.tricks):
            plays = [f"{self.name(s)} {c.unicode}" for s, c in t.cards]
            if t.civil:
                plays[0] += " (Pam, be civil)"
            if i in sets:
                plays[0] += f" (sets trumps: {sets[i].symbol})"
            out.append(f"Trick {i + 1}: {', '.join(plays)} → {self.name(t.winner)}.")
        return shown + out

    def hands(self, dealt: Sequence[Sequence[Card]], dealer: int, miss: int = 0, widow: int = 0) -> list[str]:
        """The hands as dealt (what only the players saw), each sorted as a player would hold it."""

        def held(cs: Sequence[Card]) -> str:
            # suits together, high cards first
            ordered: list[Card] = sorted(cs, key=lambda c: (-int(c.suit), -c.rank))
            return cards(ordered)

        out = [f"  {self.who(s, dealer)}: {held(h)}" for s, h in enumerate(dealt)]
        if miss:
            out.append(f"  the Miss: {held(cards_of(miss))}")
        if widow:
            out.append(f"  the widow: {cards(cards_of(widow))}")
        return ["Hands as dealt:", *out]

    def after(self, view: View, start: DealStarted, totals: Sequence[int] | None = None) -> str | None:
        """The stacks after the deal, with what each seat won or lost (Louse: the match totals)."""
        if self.louse:
            return (
                None
                if totals is None
                else f"Match totals: {', '.join(f'{self.name(s)} {t}' for s, t in enumerate(totals))}."
            )
        parts = [f"{self.name(s)} {v} ({signed(v - start.stacks[s])})" for s, v in enumerate(view.stacks)]
        return f"Stacks after: {', '.join(parts)}."
