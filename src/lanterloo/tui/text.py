"""What the terminal game says: cards, seats, the log, deal summaries, the session table and the rules, as Rich
renderables. Pure functions of the game state, so every panel can be redrawn from scratch after any change (undo
included) and read in tests."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from lanterloo.actions import Action, DefendMiss, Discard, Pass, Play, Stand, TakeMiss
from lanterloo.cards import Card, Suit
from lanterloo.engine import Deal, Phase, View
from lanterloo.engine.events import (
    Committed,
    DealStarted,
    Dealt,
    Forced,
    PlayBegins,
    Reshuffled,
    Revealed,
    Settled,
    TrickWon,
    TrumpSet,
)
from lanterloo.engine.narrate import Narrator
from lanterloo.engine.scoring import Settlement, louse_card_points
from lanterloo.rules import Rules
from lanterloo.rules import title as title  # re-exported: the app reads it from here
from lanterloo.session import DealRecord, Session
from lanterloo.tables import JACKS
from lanterloo.tui.rulespanel import rules_panel as rules_panel  # re-exported

RED = "bold #ff5f5f"
BLACK = "bold #f0f0f0"
YOU = "bold #ffd75f"


def card_style(card: Card) -> str:
    return RED if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else BLACK


def card_text(card: Card, style: str = "") -> Text:
    return Text(card.unicode, style=f"{card_style(card)} {style}".strip())


def cards_text(cards: Sequence[Card], sep: str = " ") -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(c))
    return out


def sort_hand(deal: Deal, cards: Sequence[Card]) -> list[Card]:
    """Group by effective suit (Pam with the trumps, Louse's jacks together), trumps at the right, plain suits
    alternating in colour where they can, and each group from high to low."""
    t = deal.view(None, with_events=False).tables
    groups: dict[int, list[Card]] = {}
    for c in cards:
        groups.setdefault(t.eff[c], []).append(c)
    trump = t.trump
    plain = [s for s in groups if s != trump and s != JACKS]
    black = [s for s in (Suit.SPADES, Suit.CLUBS) if s in plain]
    red = [s for s in (Suit.HEARTS, Suit.DIAMONDS) if s in plain]
    first, second = (black, red) if len(black) >= len(red) else (red, black)
    order: list[int] = []
    while first or second:
        if first:
            order.append(first.pop(0))
        if second:
            order.append(second.pop(0))
    order += [s for s in groups if s in (trump, JACKS)]
    out: list[Card] = []
    for s in order:
        out += sorted(groups[s], key=lambda c: -t.power[c])
    return out


def is_trump(deal: Deal, card: Card) -> bool:
    t = deal.view(None, with_events=False).tables
    return t.trump >= 0 and t.eff[card] == t.trump


# --- names and phrases --------------------------------------------------------------------------------------


class Namer:
    """Names seats and conjugates verbs: "You play" for the human, "Basil plays" for the others."""

    def __init__(self, names: Sequence[str], human: int) -> None:
        self.names = list(names)
        self.human = human

    def __call__(self, seat: int) -> str:
        return self.names[seat]

    def subject(self, seat: int) -> str:
        return "You" if seat == self.human else self.names[seat]

    def say(self, seat: int, verb: str, verb3: str | None = None) -> str:
        """``say(1, "play")`` -> "Basil plays"; for the human "You play"."""
        if seat == self.human:
            return f"You {verb}"
        return f"{self.names[seat]} {verb3 or verb + 's'}"

    def styled(self, seat: int) -> Text:
        return Text(self.names[seat], style=YOU if seat == self.human else "bold")


def rule_ref(rule_id: str) -> str:
    return f"({rule_id})"


def declaration_word(decl: str | None, rules: Rules) -> str:
    lou = rules.game == "lou"
    return {
        "pass": "Out" if lou else "passed",
        "play": "In" if lou else "plays",
        "miss": "took the Miss",
        "defend": "defends the Miss",
        None: "",
    }[decl]


def action_phrase(action: Action, rules: Rules) -> str:
    """What an action is called on a button or in the log."""
    lou = rules.game == "lou"
    if isinstance(action, Stand):
        return "In" if lou else "Play"
    if isinstance(action, Pass):
        return "Out" if lou else "Pass"
    if isinstance(action, TakeMiss):
        return "Take the Miss"
    if isinstance(action, DefendMiss):
        return "Defend the Miss"
    if isinstance(action, Discard):
        return "Discard " + " ".join(c.unicode for c in action.cards) if action.mask else "Keep all"
    if isinstance(action, Play):
        return f"{action.card.unicode}{' (Pam, be civil)' if action.civil else ''}"
    return str(action)


# --- the table ----------------------------------------------------------------------------------------------


def share_line(view: View) -> Text:
    r = view.rules
    out = Text()
    if r.game == "louse":
        out.append("No pool: ", style="bold")
        out.append("points taken in tricks are penalties; ")
        out.append(str(r.louse_target), style="bold")
        out.append(" loses the match")
        return out
    tricks = r.tricks
    pool = view.pool
    word = "Pot" if r.game == "lou" else "Pool"
    out.append(f"{word} ", style="bold")
    out.append(f"{pool}", style="bold #87d75f")
    out.append(" chips")
    if pool:
        share = pool // 3 if r.game == "lou" else pool // tricks
        piece = "pile" if r.game == "lou" else "trick"
        out.append(f"  ·  {share} a {piece}")
        rem = pool - share * (3 if r.game == "lou" else tricks)
        if rem and r.game != "lou":
            where = {
                "carry": "carried to the next pool",
                "first_trick_winner": "to the first trick's winner",
                "last_trick_winner": "to the last trick's winner",
                "most_tricks": "to the most tricks",
            }
            out.append(f" ({rem} over: {where[r.remainder]})", style="dim")
    return out


def trump_line(view: View, deal: Deal) -> Text:
    r = view.rules
    out = Text()
    if r.game == "louse":
        out.append("Trumps ", style="bold")
        order = ("♦", "♥", "♠", "♣") if r.louse_jack_order == "diamonds_high" else ("♣", "♠", "♥", "♦")
        out.append("the jacks, high to low: ")
        for i, s in enumerate(order):
            if i:
                out.append(" ")
            out.append(f"J{s}", style=RED if s in "♥♦" else BLACK)
        out.append(" (a suit of their own)", style="dim")
        return out
    if view.turnup is not None:
        out.append("Turn-up ", style="bold")
        out.append_text(card_text(view.turnup))
        out.append("   ")
    out.append("Trumps ", style="bold")
    if view.trump is None:
        out.append("set by the first lead", style="italic")
    else:
        out.append(
            f"{view.trump.symbol} {view.trump.plural}",
            style=RED if view.trump in (Suit.HEARTS, Suit.DIAMONDS) else BLACK,
        )
        if r.trump_mode == "first_lead":
            out.append(" (set by the first lead)", style="dim")
    if view.pam is not None:
        out.append("   Pam ", style="bold")
        out.append_text(card_text(view.pam))
        out.append(" the highest trump", style="dim")
    elif r.pam != "none" and view.turnup is not None:
        out.append("   Pam was turned up: out of play", style="dim")
    return out


def miss_line(view: View, namer: Namer) -> Text | None:
    r = view.rules
    if not r.miss:
        return None
    out = Text("The Miss ", style="bold")
    if view.miss_withdrawn:
        out.append("set aside this deal")
    elif view.defended:
        out.append(f"defended by the dealer, {namer(view.dealer)}")
    elif view.miss_taker is not None:
        out.append(f"taken by {namer(view.miss_taker)}")
    else:
        out.append("face down, waiting for a taker")
    return out


def stock_line(view: View) -> Text | None:
    r = view.rules
    if r.exchange == "none" and not (r.game == "lou" and r.lou_draw > 0):
        return None
    return Text.assemble(("Stock ", "bold"), f"{view.stock_size} cards")


def seat_table(
    view: View, deal: Deal, namer: Namer, bots: Sequence[str | None], totals: Sequence[int] | None = None
) -> Table:
    """One row per seat: turn marker, dealer button, name (and bot style), chips (points in Louse),
    declaration, cards in hand and tricks won."""
    r = view.rules
    louse = r.game == "louse"
    t = Table(expand=True, box=None, padding=(0, 1), show_edge=False, header_style="bold #8a8a8a")
    t.add_column("", width=1, no_wrap=True)
    t.add_column("", width=1, no_wrap=True)
    t.add_column("Player", ratio=1, no_wrap=True)
    t.add_column("Points" if louse else "Chips", justify="right", no_wrap=True)
    if louse:
        t.add_column("This deal", justify="right", no_wrap=True)
        live = list(view.points)
    if not louse:
        t.add_column("Declared", ratio=1, no_wrap=True)
    t.add_column("Hand", no_wrap=True)
    t.add_column("Tricks", justify="center", no_wrap=True)
    to_act = set(deal.seats_to_act())
    for s in range(view.players):
        marker = Text("▶", style="bold #ffd75f") if s in to_act else Text("")
        dealer = Text("D", style="bold black on #d7af5f") if s == view.dealer else Text("")
        name = namer.styled(s)
        if bots[s]:
            name.append(f" · {bots[s]}", style="dim italic")
        if louse:
            stack = Text(str(totals[s] if totals is not None else 0), style="bold #ff8787")
        else:
            stack = Text(str(view.stacks[s]), style="bold #87d75f")
        row: list[RenderableType] = [marker, dealer, name, stack]
        if louse:
            row.append(Text(str(live[s]) if live[s] else "·", style="#ff8787" if live[s] else "dim"))
        if not louse:
            row.append(_declared_cell(view, s, namer))
        size = view.hand_sizes[s]
        out_of_deal = not louse and view.phase is not Phase.COMMIT and view.declarations[s] == "pass"
        row.append(Text("out", style="dim") if out_of_deal else Text("▮" * size, style="#5f87af"))
        played = view.phase is Phase.PLAY or bool(view.tricks)
        row.append(Text(str(view.tricks_won[s]) if played and not out_of_deal else "", style="bold"))
        t.add_row(*row)
    return t


def _box(top: str, middle: Text, bottom: str, style: str) -> Text:
    out = Text(top + "\n", style=style)
    out.append("│", style=style)
    out.append_text(middle)
    out.append("│\n", style=style)
    out.append(bottom, style=style)
    return out


def card_box(card: Card | None, style: str = "", border: str = "#8a8a8a") -> Text:
    """A small drawn card, three lines high; None draws a face-down card."""
    if card is None:
        return _box("╭────╮", Text("▒▒▒▒", style="#5f87af"), "╰────╯", border)
    return _box("╭────╮", Text(f"{card.unicode:^4}", style=f"{card_style(card)} {style}".strip()), "╰────╯", border)


def felt(view: View, deal: Deal, namer: Namer) -> tuple[str, RenderableType]:
    """The middle of the table: the trick being played (or the last one), else the turn-up and the Miss.
    Returns the panel's title and its body."""
    r = view.rules
    if view.phase is Phase.PLAY and view.trick:
        cards = view.trick
        best = view.best_seat
        head = f"Trick {len(view.tricks) + 1} of {r.tricks}"
        notes = {best: ("★ best", "bold #ffd75f")} if len(cards) > 1 and best is not None else {}
        if view.trick_civil:
            head += " · “Pam, be civil”"
        waiting: list[int] = []
        order = view.order
        s = order[(order.index(cards[-1][0]) + 1) % len(order)]
        while s != cards[0][0] and len(waiting) < view.players:
            waiting.append(s)
            s = order[(order.index(s) + 1) % len(order)]
        return head, _card_row(cards, namer, notes, dim=False, waiting=waiting)
    if view.tricks:
        last = view.tricks[-1]
        head = f"Trick {len(view.tricks)} of {r.tricks} to {namer(last.winner)}"
        if view.phase is Phase.PLAY:
            head += f" · {namer.say(view.to_act, 'lead', 'leads')} next"
        return head, _card_row(
            last.cards, namer, {last.winner: ("★ took it", "bold #87d75f")}, dim=view.phase is Phase.PLAY
        )
    if view.phase is Phase.PLAY:
        return "Trick 1", Text(f"{namer.say(view.to_act, 'lead', 'leads')}.", style="italic #8a8a8a")
    items: list[tuple[str, Text]] = []
    if view.turnup is not None:
        items.append(("Turn-up", card_box(view.turnup, border="#d7af5f")))
    if r.miss and view.miss_taker is None and not view.defended and not view.miss_withdrawn:
        items.append(("The Miss", card_box(None)))
    if not items:
        word = "Trumps: set by the first lead" if view.trump is None else ""
        return "The table", Text(word, style="italic #8a8a8a")
    t = Table(box=None, padding=(0, 2), show_edge=False, show_header=False)
    for _ in items:
        t.add_column(no_wrap=True)
    t.add_row(*(Text(label, style="#8a8a8a") for label, _ in items))
    t.add_row(*(box for _, box in items))
    return "The table", t


def _card_row(
    cards: Sequence[tuple[int, Card]],
    namer: Namer,
    notes: dict[int, tuple[str, str]],
    dim: bool,
    waiting: Sequence[int] = (),
) -> RenderableType:
    """Cards on the table, each under its player's name; ``waiting`` seats get an empty place."""
    if len(cards) + len(waiting) > 9:  # a big Rams table: one line instead of drawn cards
        line = Text()
        for i, (s, c) in enumerate(cards):
            if i:
                line.append("  ")
            line.append(f"{namer(s)} ", style="#8a8a8a")
            line.append_text(card_text(c, "underline" if s in notes else ""))
        if waiting:
            line.append(f"   then {', '.join(namer(s) for s in waiting)}", style="dim")
        return line
    t = Table(box=None, padding=(0, 1), show_edge=False, show_header=False)
    for _ in range(len(cards) + len(waiting)):
        t.add_column(no_wrap=True, width=8)
    names = [Text(namer(s)[:8], style=YOU if s == namer.human else "#bcbcbc") for s, _ in cards]
    names += [Text(namer(s)[:8], style="#6c6c6c") for s in waiting]
    border = "#585858" if dim else "#8a8a8a"
    boxes = [card_box(c, "dim" if dim and s not in notes else "", border) for s, c in cards]
    boxes += [empty_box("#ffd75f" if i == 0 else "#4e4e4e") for i in range(len(waiting))]
    marks = [Text(*notes[s]) if s in notes else Text("") for s, _ in cards]
    marks += [Text("▶ next" if i == 0 else "", style="#ffd75f") for i in range(len(waiting))]
    t.add_row(*names)
    t.add_row(*boxes)
    t.add_row(*marks)
    return t


def empty_box(border: str) -> Text:
    """The place of a card not played yet."""
    return Text("╭┄┄┄┄╮\n┆    ┆\n╰┄┄┄┄╯", style=border)


def _declared_cell(view: View, s: int, namer: Namer) -> Text:
    r = view.rules
    if view.phase is Phase.COMMIT:
        if not view.committed[s]:
            return Text("choosing…", style="dim italic")
        if s == namer.human:
            mine = next((e.action for e in reversed(view.events) if e.kind == "committed" and e.seat == s), None)
            word = "In" if isinstance(mine, Stand) else "Out"
            return Text(f"committed ({word}, secret)", style="italic #d7af5f")
        return Text("committed", style="italic #d7af5f")
    d = view.declarations[s]
    if d is None:
        return Text("")
    style = {"pass": "dim", "play": "bold #87d75f", "miss": "bold #af87ff", "defend": "bold #5fafff"}[d]
    out = Text(declaration_word(d, r), style=style)
    ex = view.exchanged[s]
    if ex is not None and d != "pass" and (r.exchange != "none" or r.lou_draw):
        out.append(f" · {'kept all' if ex == 0 else f'drew {ex}'}", style="dim")
    return out


# --- the log ------------------------------------------------------------------------------------------------


_CARD = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")

# How the log styles each kind of event; the words are the narrator's.
_EVENT_STYLE: dict[type, str] = {
    Forced: "#ffaf00",
    Revealed: "bold",
    Reshuffled: "dim",
    PlayBegins: "bold",
    TrumpSet: "#ffaf00",
    TrickWon: "bold #87d75f",
    Settled: "bold",
}


def narrator(namer: Namer, rules: Rules) -> Narrator:
    """The narrator for this table: the players' names, and "You" for the human."""
    return Narrator(rules, namer.names, you=namer.human)


def styled(sentence: str, style: str = "") -> Text:
    """A narrator's sentence with its cards in their suit colours."""
    out = Text(sentence, style=style)
    for m in _CARD.finditer(sentence):
        out.stylize(card_style(Card.parse(m.group())), m.start(), m.end())
    return out


def event_lines(view: View, namer: Namer, deal_number: int) -> list[Text]:
    """The deal so far, one line per event, as the human's seat saw it."""
    n = narrator(namer, view.rules)
    lines: list[Text] = []
    for e in view.events:
        if isinstance(e, Dealt):
            continue  # "Deal N: Ada deals." already says it
        said = n.event(e)
        if said is None:
            continue
        style = _EVENT_STYLE.get(type(e), "")
        if isinstance(e, Committed) and e.seat != namer.human:
            style = "dim"
        line = styled(said, style)
        if isinstance(e, DealStarted):
            line = Text.assemble((f"Deal {deal_number}", "bold"), ": ", line)
        lines.append(line)
    return lines


def trick_log(view: View, namer: Namer) -> Group | Text:
    """The finished tricks of this deal: every card in order of play, and who took the trick."""
    if not view.tricks:
        return Text("No trick has been played yet in this deal.", style="dim")
    lines: list[RenderableType] = []
    for i, tr in enumerate(view.tricks, 1):
        head = Text.assemble((f"Trick {i}", "bold"), " → ", namer.styled(tr.winner))
        if tr.civil:
            head.append("  “Pam, be civil”", style="italic dim")
        cells = Text("  ")
        for j, (s, c) in enumerate(tr.cards):
            if j:
                cells.append("  ")
            cells.append(f"{namer(s)} ", style="#8a8a8a")
            cells.append_text(card_text(c, "underline" if s == tr.winner else ""))
        lines += [head, cells]
    return Group(*lines)


# --- settlement ---------------------------------------------------------------------------------------------


def pool_word(rules: Rules) -> str:
    return "pot" if rules.game == "lou" else "pool"


def outcome_sentence(st: Settlement, rules: Rules, namer: Namer) -> str:
    """One sentence that says how the deal ended (the narrator's)."""
    return narrator(namer, rules).outcome(st)


def _seat_tricks(deal: Deal) -> dict[int, list[int]]:
    won: dict[int, list[int]] = {}
    for i, tr in enumerate(deal.view(None, with_events=False).tricks, 1):
        won.setdefault(tr.winner, []).append(i)
    return won


def _taken(deal: Deal, seat: int) -> list[Card]:
    return [c for tr in deal.view(None, with_events=False).tricks if tr.winner == seat for _, c in tr.cards]


def louse_breakdown(deal: Deal, seat: int) -> Text:
    """The penalty cards a seat took, with their points (the queens' bonuses are in the total)."""
    q = deal.rules.louse_queen_points
    cards = sorted((c for c in _taken(deal, seat) if louse_card_points(c, q)), key=lambda c: -louse_card_points(c, q))
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(" ")
        out.append_text(card_text(c))
    return out


def _personal_line(record: DealRecord, human: int, totals_before: Sequence[int] | None) -> Text:
    deal = record.deal
    st = deal.settlement
    assert st is not None
    if deal.rules.game == "louse":
        pts = st.points[human] if st.points else 0
        after = record.totals_after[human] if record.totals_after else pts
        return Text(
            f"You: {pts} penalty points this deal; {after} in the match (the target is {deal.rules.louse_target}).",
            style=YOU,
        )
    before = deal.stacks_before[human]
    delta = deal.stacks[human] - before
    word = "won" if delta > 0 else "lost" if delta < 0 else "broke even"
    amount = f" {abs(delta)} chip{'s' if abs(delta) != 1 else ''}" if delta else ""
    return Text(f"You {word}{amount} this deal ({before} → {deal.stacks[human]}).", style=YOU)


def deal_summary(
    record: DealRecord, names: Sequence[str], human: int, totals_before: Sequence[int] | None = None
) -> Group:
    """The end of one deal: how it ended, who took which tricks, shares, loos, flushes, penalties, and stacks
    (or points) before and after."""
    deal = record.deal
    st = deal.settlement
    assert st is not None
    r = deal.rules
    namer = Namer(names, human)
    n = narrator(namer, r)
    end = deal.view(None)
    parts: list[RenderableType] = []
    head = Text(f"Deal {record.number} · {title(r)} · dealer {namer(deal.dealer)}", style="bold #ffd75f")
    parts.append(head)
    parts.append(styled(n.outcome(st), "bold"))
    parts.append(_personal_line(record, human, totals_before))
    if r.game == "louse":
        parts += [styled(note, "dim") for note in n.louse_notes(end)]
    else:
        line = Text(f"{pool_word(r).capitalize()} {st.pool_before} after the antes")
        if st.kind == "tricks" and st.share:
            piece = "pile" if r.game == "lou" else "trick"
            line.append(f"; {st.share} a {piece}")
        line.append(f"; next deal starts with {st.pool_after} carried.")
        if r.game == "lou" and st.kind == "tricks" and not st.game_over:
            line.append(" " + n.lou_game(st))
        parts.append(line)
    if end.defended:
        parts.append(styled(n.defended(end.dealer), "italic"))
    for seat, cards in end.flushes:
        line = styled(n.flush(seat, sort_hand(deal, cards)))
        if seat in st.winners:
            line.append("  — sweeps the pool", style="bold")
        parts.append(line)
    won_tricks = _seat_tricks(deal)
    t = Table(box=None, padding=(0, 1), header_style="bold #8a8a8a", show_edge=False, expand=False)
    t.add_column("Player")
    if r.game != "louse":
        t.add_column("Declared")
    t.add_column("Tricks")
    if r.game == "louse":
        t.add_column("Penalty cards")
        t.add_column("Points", justify="right")
        t.add_column("Match", justify="right")
    else:
        t.add_column("Ante", justify="right")
        t.add_column("Won", justify="right")
        t.add_column("Paid", justify="right")
        t.add_column("Chips", justify="right")
    before = deal.stacks_before
    for s in range(deal.players):
        row: list[RenderableType] = [namer.styled(s)]
        if r.game != "louse":
            d = end.declarations[s]
            row.append(Text(declaration_word(d, r) or "—", style="dim" if d in (None, "pass") else ""))
        tricks = won_tricks.get(s, [])
        row.append(Text(", ".join(f"#{i}" for i in tricks) if tricks else "—"))
        if r.game == "louse":
            pts = st.points[s] if st.points else 0
            row.append(louse_breakdown(deal, s))
            row.append(Text(str(pts), style="bold #ff8787" if pts else "dim"))
            after = record.totals_after[s] if record.totals_after else pts
            prev = totals_before[s] if totals_before is not None else after - pts
            row.append(Text(f"{prev} → {after}"))
        else:
            row.append(Text(f"−{deal.started.antes[s]}" if deal.started.antes[s] else "", style="#8a8a8a"))
            row.append(Text(f"+{st.won[s]}" if st.won[s] else "", style="bold #87d75f"))
            paid = Text("")
            if st.owed[s]:
                paid = Text(f"−{st.paid[s]}", style="bold #ff8787")
                if s in st.looed:
                    paid.append(" matched" if r.game == "lou" else " looed", style="#ff8787")
                if st.paid[s] < st.owed[s]:
                    paid.append(f" (owed {st.owed[s]})", style="dim")
            row.append(paid)
            delta = deal.stacks[s] - before[s]
            chips = Text(f"{before[s]} → {deal.stacks[s]}")
            chips.append(f" ({delta:+d})", style="#87d75f" if delta > 0 else "#ff8787" if delta < 0 else "dim")
            row.append(chips)
        t.add_row(*row)
    parts.append(Text(""))
    parts.append(t)
    cost = n.loo_cost(st)
    if cost is not None:
        parts.append(Text(cost, style="dim"))
    if end.tricks:
        parts.append(Text(""))
        parts.append(Text("Tricks", style="bold"))
        parts.append(trick_log(end, namer))
    return Group(*parts)


def session_table(records: Sequence[DealRecord], names: Sequence[str], human: int, louse: bool) -> Table | Text:
    """Every deal so far: dealer, outcome, and each player's chips (points in Louse) after it."""
    if not records:
        return Text("No deal has finished yet.", style="dim")
    namer = Namer(names, human)
    t = Table(box=None, padding=(0, 1), header_style="bold #8a8a8a", show_edge=False)
    t.add_column("#", justify="right")
    t.add_column("Dealer")
    t.add_column("Result")
    for s, n in enumerate(names):
        t.add_column(n[:8], justify="right", header_style=YOU if s == human else "bold #8a8a8a")
    if not louse:
        t.add_column("Pool", justify="right")
    for rec in records:
        deal = rec.deal
        st = deal.settlement
        assert st is not None
        cells: list[RenderableType] = [str(rec.number), namer(deal.dealer), _short_result(st, namer)]
        for s in range(len(names)):
            if louse:
                pts = st.points[s] if st.points else 0
                cells.append(
                    Text.assemble(
                        str(rec.totals_after[s] if rec.totals_after else pts), (f" +{pts}" if pts else "", "#ff8787")
                    )
                )
            else:
                delta = rec.stacks_after[s] - deal.stacks_before[s]
                cells.append(
                    Text.assemble(
                        str(rec.stacks_after[s]),
                        (f" {delta:+d}" if delta else "", "#87d75f" if delta > 0 else "#ff8787"),
                    )
                )
        if not louse:
            cells.append(str(rec.pool_after))
        t.add_row(*cells)
    return t


def final_standings(session: Session, names: Sequence[str], human: int, start_stack: int) -> Group:
    """The end of a session: everyone ranked, best first (fewest penalty points in Louse)."""
    namer = Namer(names, human)
    louse = session.rules.game == "louse"
    seats = sorted(range(session.n), key=(lambda s: session.totals[s]) if louse else (lambda s: -session.stacks[s]))
    t = Table(box=None, padding=(0, 1), header_style="bold #8a8a8a", show_edge=False)
    t.add_column("", justify="right")
    t.add_column("Player")
    t.add_column("Points" if louse else "Chips", justify="right")
    if not louse:
        t.add_column("Net", justify="right")
    for place, s in enumerate(seats, 1):
        row: list[RenderableType] = [f"{place}.", namer.styled(s)]
        if louse:
            row.append(Text(str(session.totals[s]), style="bold #ff8787" if s in session.losers else ""))
        else:
            net = session.stacks[s] - start_stack
            row += [str(session.stacks[s]), Text(f"{net:+d}", style="#87d75f" if net > 0 else "#ff8787" if net else "")]
        t.add_row(*row)
    head = Text(
        f"Final standings after {len(session.records)} deal{'s' if len(session.records) != 1 else ''}",
        style="bold #ffd75f",
    )
    return Group(head, Text(""), t)


def _short_result(st: Settlement, namer: Namer) -> str:
    if st.kind == "no_play":
        return "all out, carried"
    if st.kind == "uncontested":
        return f"{namer(st.winners[0])} unopposed"
    if st.kind == "flush":
        return f"flush: {', '.join(namer(w) for w in st.winners)}"
    if st.kind == "louse":
        top = max(st.points) if st.points else 0
        worst = next((s for s, p in enumerate(st.points) if p == top), None)
        return f"most: {namer(worst)} {top}" if top and worst is not None else "no points"
    if st.looed:
        return f"looed: {', '.join(namer(s) for s in st.looed)}"
    return "no loo"
