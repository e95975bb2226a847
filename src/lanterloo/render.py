"""Plain-text rendering of a deal, as ``loo watch`` and ``loo replay`` print it.

The text tells the deal as a spectator saw it: the dealer, the antes and the pool, the turn-up, the declarations,
the exchanges (as counts), every trick with who played what and who won it, the settlement, and the stacks after.
``hands=True`` also shows what only the players saw: the hands as dealt, the Miss, and the cards exchanged.
"""

from __future__ import annotations

from collections.abc import Sequence

from lanterloo.actions import DefendMiss, Pass, Stand, TakeMiss
from lanterloo.cards import Card, Suit, cards_of, fmt_cards
from lanterloo.engine import Deal
from lanterloo.engine.events import DealerTakesPool, Declared, Exchanged, Forced, PlayBegins, Revealed, TrumpSet
from lanterloo.engine.scoring import Settlement


def _plural(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def _signed(x: int) -> str:
    return f"+{x}" if x > 0 else ("±0" if x == 0 else f"−{-x}")


def _cards(cards: Sequence[int]) -> str:
    return fmt_cards(cards, unicode=True)


def _list(parts: Sequence[str]) -> str:
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


class _Teller:
    def __init__(self, deal: Deal, names: Sequence[str]) -> None:
        self.deal = deal
        self.names = list(names) + [f"Seat {i}" for i in range(len(names), deal.n)]
        self.lou = deal.rules.game == "lou"
        self.louse = deal.rules.game == "louse"

    def who(self, seat: int) -> str:
        name = self.names[seat]
        return f"{name} (dealer)" if seat == self.deal.dealer else name

    # --- the parts of a deal ---

    def stakes(self) -> list[str]:
        d = self.deal
        if self.louse:
            return []
        pot = "pot" if self.lou else "pool"
        total = sum(d.antes)
        if not d.anted:
            return [f"No antes (the game goes on). The {pot} holds {d.carried}."]
        paid = [(s, a) for s, a in enumerate(d.antes) if a]
        if not paid:
            ante = "No antes."
        elif len(paid) == d.n and len({a for _, a in paid}) == 1:
            ante = f"Everyone antes {paid[0][1]} ({total} in all)."
        else:
            ante = "Antes: " + _list([f"{self.who(s)} {a}" for s, a in paid]) + f" ({total} in all)."
        carried = f"; {d.carried} carried from the last deal" if d.carried else ""
        return [f"{ante} The {pot} holds {d.carried + total}{carried}."]

    def dealt(self) -> list[str]:
        """The hands as dealt: rebuilt from the deck by dealing it again, so the text never drifts from deal.py."""
        d = self.deal
        fresh = Deal(d.rules, d.stacks_before, d.dealer, pool=d.carried, deck=d.deck, ante=d.anted)
        out = [f"  {self.who(s)}: {_cards(self._by_power(fresh.hand(s)))}" for s in range(d.n)]
        if fresh.miss:
            out.append(f"  the Miss: {_cards(self._by_power(cards_of(fresh.miss)))}")
        if fresh.widow:
            out.append(f"  the widow: {_cards(cards_of(fresh.widow))}")
        return ["Hands as dealt:", *out]

    def _by_power(self, cards: list[Card]) -> list[Card]:
        # suits together, high cards first, as a player would sort them
        return sorted(cards, key=lambda c: (-int(c.suit), -c.rank))

    def trumps(self) -> list[str]:
        d = self.deal
        r = d.rules
        if self.louse:
            return ["The four jacks are trumps."]
        if d.turnup is None:
            return ["No turn-up: the first card led sets trumps."]
        suit = Suit(d.turnup.suit)
        text = f"Turn-up {d.turnup.unicode}: {suit.plural} are trumps."
        if d.pam >= 0:
            text += f" Pam ({Card(d.pam).unicode}) is the highest trump."
        elif r.pam != "none":
            text += " Pam is turned up, so it is out of play."
        return [text]

    def declarations(self, hands: bool) -> list[str]:
        d = self.deal
        out: list[str] = []
        said: list[str] = []

        def flush() -> None:
            # consecutive declarations and exchanges read as one sentence
            if said:
                text = "; ".join(said)
                out.append(text[0].upper() + text[1:] + ".")
                said.clear()

        for ev in d.events:
            if ev.kind in ("forced", "revealed"):
                flush()
            if isinstance(ev, Forced):
                rule = ev.rule
                why = (
                    "Club Law: clubs are trumps, so everyone must play"
                    if rule == "LOO-DECL-7"
                    else "Bold Stand: the pool holds only this deal's antes, so everyone must play"
                )
                aside = " (the Miss is set aside)" if ev.miss_withdrawn else ""
                out.append(f"{why}{aside} ({rule}).")
            elif isinstance(ev, Declared):
                a = ev.action
                if isinstance(a, Pass):
                    verb = "stays Out" if self.lou else "passes"
                elif isinstance(a, Stand):
                    verb = "goes In" if self.lou else "plays"
                elif isinstance(a, TakeMiss):
                    verb = "takes the Miss"
                elif isinstance(a, DefendMiss):
                    verb = "defends the Miss"
                else:
                    verb = str(a)
                said.append(f"{self.who(ev.seat)} {verb}")
            elif isinstance(ev, Exchanged) and ev.action is not None:
                k = ev.action.count
                word = "draws" if self.lou else "exchanges"
                if hands and k:
                    said.append(f"{self.who(ev.seat)} {word} {_cards(ev.action.cards)} for {_cards(ev.drawn)}")
                else:
                    said.append(
                        f"{self.who(ev.seat)} {word} {_plural(k, 'card')}"
                        if k
                        else f"{self.who(ev.seat)} keeps his hand"
                    )
            elif ev.kind == "reshuffled":
                said.append("the stock runs out, so the discards are shuffled into a new stock (PAM-EXCH-2)")
            elif isinstance(ev, Revealed):
                ins = [self.who(s) for s, v in enumerate(ev.in_play) if v]
                outs = [self.who(s) for s, v in enumerate(ev.in_play) if not v]
                out.append(f"The coins are shown. In: {_list(ins) or 'nobody'}. Out: {_list(outs) or 'nobody'}.")
            elif isinstance(ev, DealerTakesPool):
                said.append(f"everyone before {self.names[ev.seat]} passed, so the dealer takes the pool (LOO-DECL-3)")
        flush()
        return out

    def tricks(self) -> list[str]:
        d = self.deal
        out: list[str] = []
        trump_set: dict[int, str] = {}
        flush_lines: list[str] = []
        trick_no = 0
        for ev in d.events:
            if isinstance(ev, PlayBegins):
                out.append(f"{self.names[ev.seat]} leads.")
            elif isinstance(ev, TrumpSet):
                trump_set[trick_no] = ev.suit.symbol
            elif ev.kind == "trick":
                trick_no += 1
        for s, cards in d.flushes.items():
            flush_lines.append(f"{self.who(s)} shows {_cards(cards)}.")
        for i, t in enumerate(d.tricks):
            plays = [f"{self.names[s]} {c.unicode}" for s, c in t.cards]
            if t.civil:
                plays[0] += " (Pam, be civil)"
            if i in trump_set:
                plays[0] += f" (sets trumps: {trump_set[i]})"
            out.append(f"Trick {i + 1}: {', '.join(plays)} → {self.names[t.winner]}.")
        return flush_lines + out

    def settlement(self, st: Settlement) -> list[str]:
        d = self.deal
        pot = "pot" if self.lou else "pool"
        rule = f" ({st.rule})"
        lines: list[str] = []
        if st.kind == "louse":
            pts = ", ".join(f"{self.names[s]} {p}" for s, p in enumerate(st.points))
            taken = ", ".join(f"{self.names[s]} {_plural(t, 'trick')}" for s, t in enumerate(st.tricks))
            return [f"Tricks: {taken}.", f"Penalty points: {pts}{rule}."]
        if st.kind == "no_play":
            more = " Everyone antes again (LOU-DECL-2)." if self.lou and st.game_over else ""
            return [f"Nobody plays: the {pot} of {st.pool_before} is carried{rule}.{more}"]
        if st.kind == "uncontested":
            s = st.winners[0]
            what = "the three piles" if self.lou else "the pool"
            return [f"{self.who(s)} takes {what}, {st.won[s]}, without play{rule}."]
        winners = [s for s in range(d.n) if st.won[s]]
        if st.kind == "flush":
            flushers = _list([self.who(s) for s in st.winners])
            lines.append(
                f"The best flush, {flushers}'s, sweeps the {pot} of {st.pool_before}: "
                + _list([f"{self.names[s]} takes {st.won[s]}" for s in winners])
                + "."
            )
        else:
            unit = "a pile" if self.lou else "a share"
            lines.append(f"The {pot} of {st.pool_before} pays {st.share} a trick ({unit} per trick).")
            if winners:
                lines.append(
                    "Won: "
                    + _list([f"{self.names[s]} {st.won[s]} ({_plural(st.tricks[s], 'trick')})" for s in winners])
                    + "."
                )
            if d.defended:
                lines.append("The dealer defended the Miss: its tricks leave their shares in the pool (LOO-DECL-6).")
        if st.looed:
            verb = "Match the pot" if self.lou else "Looed"
            parts = []
            for s in st.looed:
                owed, paid = st.owed[s], st.paid[s]
                parts.append(
                    f"{self.names[s]} pays {paid}"
                    if paid == owed
                    else f"{self.names[s]} pays {paid} of {owed} (all he has, SESSION-3)"
                )
            lines.append(f"{verb}: {_list(parts)}{rule}.")
        elif st.kind == "tricks" and not self.lou:
            lines.append(f"Nobody is looed{rule}.")
        lines.append(f"The next {pot} starts with {st.pool_after}.")
        if self.lou and st.kind == "tricks":
            lines.append(
                "The game is over: everyone antes again (LOU-GAME-1)."
                if st.game_over
                else "The game goes on: no antes next deal (LOU-GAME-1)."
            )
        return lines

    def after(self, totals: Sequence[int] | None) -> list[str]:
        d = self.deal
        if self.louse:
            return (
                [f"Match totals: {', '.join(f'{self.names[s]} {t}' for s, t in enumerate(totals))}."]
                if totals is not None
                else []
            )
        before = d.stacks_before
        parts = [f"{self.names[s]} {d.stacks[s]} ({_signed(d.stacks[s] - before[s])})" for s in range(d.n)]
        return [f"Stacks after: {', '.join(parts)}."]


def render_deal(
    deal: Deal,
    names: Sequence[str],
    *,
    number: int | None = None,
    title: str | None = None,
    totals: Sequence[int] | None = None,
    hands: bool = False,
) -> str:
    """The deal told in plain text, one fact per line. ``names`` are the seats' names, clockwise from seat 0.

    ``number`` (or a whole ``title``) heads the deal, ``totals`` are Louse's match totals after it, and ``hands``
    shows the hidden cards.
    """
    t = _Teller(deal, names)
    r = deal.rules
    if title is None:
        title = f"Deal {number}" if number is not None else "Deal"
    lines = [f"{title} · {r.preset} · {deal.n} players · {t.names[deal.dealer]} deals"]
    lines += t.stakes()
    if hands:
        lines += t.dealt()
    lines += t.trumps()
    lines += t.declarations(hands)
    lines += t.tricks()
    if deal.settlement is not None:
        lines += t.settlement(deal.settlement)
        lines += t.after(totals)
    else:
        lines.append("(The deal is not finished.)")
    return "\n".join(lines)
