"""The table as the human's seat sees it: the seats, the game panel (pool, trumps, the Miss, the stock), the felt
in the middle and the order of the hand. Every function reads the ``View`` and nothing else, so it can be redrawn
from scratch after any change (undo included) and read in tests."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from lanterloo.actions import Stand
from lanterloo.cards import Card, Suit
from lanterloo.engine import Decl, Phase, TrickRecord, View, shape_of
from lanterloo.engine.events import Committed, TrumpSet
from lanterloo.rules import rule_applies
from lanterloo.tables import JACKS, Tables, loo_tables
from lanterloo.tui.text import BLACK, RED, YOU, Namer, card_style, card_text, declaration_word, pool_word

# What the ``remainder`` option does with the odd chips (LOO-POOL-2), in the game panel's words.
_REMAINDER = {
    "carry": "carried to the next pool",
    "first_trick_winner": "to the first trick's winner",
    "last_trick_winner": "to the last trick's winner",
    "most_tricks": "to the most tricks",
}


# --- the order of the cards -----------------------------------------------------------------------------


def card_tables(view: View) -> Tables:
    """Each card's effective suit and power in this deal, from the engine's own choice of trumps and Pam.

    The View does not carry the tables, so they are asked of the game shape for the turn-up shown; without a
    turn-up the first lead sets trumps (IRISH-TRUMP-1), and the View's trump suit says which."""
    r = view.rules
    t = shape_of(r).trumps(r, view.turnup)[2]
    if view.trump is not None and t.trump != view.trump:
        t = loo_tables(int(view.trump))
    return t


def sort_hand(view: View, cards: Sequence[Card]) -> list[Card]:
    """Group by effective suit (Pam with the trumps, Louse's jacks together), trumps at the right, plain suits
    alternating in colour where they can, and each group from high to low."""
    t = card_tables(view)
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


def trumps_of(view: View) -> set[Card]:
    """The human's cards that are trumps (Pam and Louse's jacks included)."""
    t = card_tables(view)
    return {c for c in view.hand if t.trump >= 0 and t.eff[c] == t.trump}


# --- the game panel ---------------------------------------------------------------------------------------


def share_line(view: View) -> Text:
    r = view.rules
    out = Text()
    if shape_of(r).scores_points:
        out.append("No pool: ", style="bold")
        out.append("points taken in tricks are penalties; ")
        out.append(str(r.louse_target), style="bold")
        out.append(" loses the match")
        return out
    pool = view.pool
    piles = shape_of(r).pays_piles
    if view.phase is Phase.ANTE:  # not "Pot 0": the dealer's ante is yet to make it
        out.append(f"{pool_word(r).capitalize()}: ", style="bold")
        out.append(f"{pool} carried, and the ante the dealer sets" if pool else "made by the ante the dealer sets")
        return out
    out.append(f"{pool_word(r).capitalize()} ", style="bold")
    out.append(f"{pool}", style="bold #87d75f")
    out.append(" chips")
    share = view.stakes.share
    if pool:
        out.append(f"  ·  {share} a {'pile' if piles else 'trick'}")
        # the View carries the share but not the odd chips it leaves: a share per trick, Lou's three piles
        rem = pool - share * (3 if piles else r.tricks)
        if rem:
            out.append(f" ({rem} over: {_REMAINDER.get(r.remainder, r.remainder)})", style="dim")
    return out


def trump_line(view: View) -> Text:
    r = view.rules
    out = Text()
    if shape_of(r).scores_points:
        t = card_tables(view)
        jacks = sorted((c for c in range(52) if t.eff[c] == JACKS), key=lambda c: -t.power[c])
        out.append("Trumps ", style="bold")
        out.append("the jacks, high to low: ")
        for i, c in enumerate(jacks):
            if i:
                out.append(" ")
            out.append_text(card_text(Card(c)))
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
        if any(isinstance(e, TrumpSet) for e in view.events):
            out.append(" (set by the first lead)", style="dim")
    if view.pam is not None:
        out.append("   Pam ", style="bold")
        out.append_text(card_text(view.pam))
        out.append(" the highest trump", style="dim")
    elif r.pam != "none" and view.turnup is not None:
        out.append("   Pam was turned up: out of play", style="dim")
    return out


def miss_line(view: View, namer: Namer) -> Text | None:
    if not view.rules.miss:
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
    if not (rule_applies(r, "PAM-EXCH-1") or rule_applies(r, "LOU-DRAW-1")):
        return None
    return Text.assemble(("Stock ", "bold"), f"{view.stock_size} cards")


# --- the seats --------------------------------------------------------------------------------------------


def seat_table(
    view: View,
    namer: Namer,
    bots: Sequence[str | None],
    totals: Sequence[int] | None = None,
    *,
    styles: bool = True,
) -> Table:
    """One row per seat: turn marker, dealer button, name (and bot style, if ``styles``), chips (points in
    Louse), declaration, cards in hand and tricks won. A name is never cut: its column is as wide as the longest."""
    louse = shape_of(view.rules).scores_points
    t = Table(expand=True, box=None, padding=(0, 1), show_edge=False, header_style="bold #8a8a8a")
    t.add_column("", width=1, no_wrap=True)
    t.add_column("", width=1, no_wrap=True)
    longest = max(len(namer(s)) + (len(f" · {bots[s]}") if styles and bots[s] else 0) for s in range(view.players))
    t.add_column("Player", ratio=1, no_wrap=True, min_width=longest)
    t.add_column("Points" if louse else "Chips", justify="right", no_wrap=True)
    if louse:
        t.add_column("This deal", justify="right", no_wrap=True)
    else:
        t.add_column("Declared", ratio=1, no_wrap=True)
    t.add_column("Hand", no_wrap=True)
    t.add_column("Tricks", justify="center", no_wrap=True)
    to_act = set(view.seats_to_act)
    for s in range(view.players):
        marker = Text("▶", style="bold #ffd75f") if s in to_act else Text("")
        dealer = Text("D", style="bold black on #d7af5f") if s == view.dealer else Text("")
        name = namer.styled(s)
        if styles and bots[s]:
            name.append(f" · {bots[s]}", style="dim italic")
        row: list[RenderableType] = [marker, dealer, name]
        if louse:
            row.append(Text(str(totals[s] if totals is not None else 0), style="bold #ff8787"))
            live = view.points[s] if view.points else 0
            row.append(Text(str(live) if live else "·", style="#ff8787" if live else "dim"))
        else:
            row.append(Text(str(view.stacks[s]), style="bold #87d75f"))
            row.append(declared_cell(view, s, namer))
        out_of_deal = view.phase is not Phase.COMMIT and view.declarations[s] is Decl.PASS
        row.append(Text("out", style="dim") if out_of_deal else Text("▮" * view.hand_sizes[s], style="#5f87af"))
        played = view.phase is Phase.PLAY or bool(view.tricks)
        row.append(Text(str(view.tricks_won[s]) if played and not out_of_deal else "", style="bold"))
        t.add_row(*row)
    return t


def declared_cell(view: View, s: int, namer: Namer) -> Text:
    if view.phase is Phase.COMMIT:
        if not view.committed[s]:
            return Text("choosing…", style="dim italic")
        if s == namer.human:
            mine = next((e.action for e in reversed(view.events) if isinstance(e, Committed) and e.seat == s), None)
            word = declaration_word(Decl.PLAY if isinstance(mine, Stand) else Decl.PASS, view.rules)  # In, Out
            return Text(f"committed ({word}, secret)", style="italic #d7af5f")
        return Text("committed", style="italic #d7af5f")
    d = view.declarations[s]
    if d is None:
        return Text("")
    style = {Decl.PASS: "dim", Decl.PLAY: "bold #87d75f", Decl.MISS: "bold #af87ff", Decl.DEFEND: "bold #5fafff"}[d]
    out = Text(declaration_word(d, view.rules), style=style)
    ex = view.exchanged[s]
    if ex is not None and d is not Decl.PASS:
        out.append(f" · {'kept all' if ex == 0 else f'drew {ex}'}", style="dim")
    return out


# --- the felt ---------------------------------------------------------------------------------------------

# How the cards on the felt are drawn: five lines high when there is room, three, or as plain text on one line.
BIG, BOX, INLINE = "big", "box", "inline"
_CARD_HEIGHT = {BIG: 5, BOX: 3, INLINE: 1}
_CARD_WIDTH = {BIG: 7, BOX: 6, INLINE: 3}


def card_box(card: Card | None, style: str = "", border: str = "#8a8a8a", size: str = BOX) -> Text:
    """A drawn card (``size`` BIG: five lines, BOX: three, INLINE: its name); None draws a face-down card."""
    if size == INLINE:
        if card is None:
            return Text("▒▒", style="#5f87af")
        return card_text(card, style)
    face = f"{card_style(card)} {style}".strip() if card is not None else "#5f87af"
    if size == BOX:
        middle = Text("▒▒▒▒" if card is None else f"{card.unicode:^4}", style=face)
        return Text.assemble(("╭────╮\n│", border), middle, ("│\n╰────╯", border))
    rows = ["▒▒▒▒▒"] * 3 if card is None else [f"{card.unicode:<5}", "     ", f"{card.suit.symbol:^5}"]
    out = Text("╭─────╮\n", style=border)
    for row in rows:
        out.append("│", style=border)
        out.append(row, style=face)
        out.append("│\n", style=border)
    out.append("╰─────╯", style=border)
    return out


def empty_box(border: str, size: str = BOX) -> Text:
    """The place of a card not played yet."""
    if size == INLINE:
        return Text("··", style=border)
    inner = _CARD_WIDTH[size] - 2
    middle = "".join(f"┆{' ' * inner}┆\n" for _ in range(_CARD_HEIGHT[size] - 2))
    return Text(f"╭{'┄' * inner}╮\n{middle}╰{'┄' * inner}╯", style=border)


def waiting_seats(view: View) -> list[int]:
    """The seats still to play to the trick on the table, in turn from the one to act."""
    played = {s for s, _ in view.trick}
    ring = [(view.to_act + k) % view.players for k in range(view.players)]
    return [s for s in ring if view.in_play[s] and s not in played]


def felt_size(height: int, compact: bool) -> str:
    """The largest drawing of the cards that leaves a trick (names, cards, marks) whole in ``height`` lines."""
    if compact:
        return INLINE
    if height == 0 or height >= 2 + _CARD_HEIGHT[BIG]:
        return BIG
    return BOX if height >= 2 + _CARD_HEIGHT[BOX] else INLINE


def felt(
    view: View, namer: Namer, *, width: int = 0, height: int = 0, compact: bool = False
) -> tuple[str, RenderableType]:
    """The middle of the table: the trick being played (or the last one), else the turn-up and the Miss.
    ``width`` and ``height`` are the room inside the panel (0: not known yet); ``compact`` draws for a short
    screen. Returns the panel's title and its body."""
    r = view.rules
    size = felt_size(height, compact)
    rows_used = 2 + _CARD_HEIGHT[size]
    if view.phase is Phase.PLAY and view.trick:
        head = f"Trick {len(view.tricks) + 1} of {r.tricks}"
        best = view.best_seat
        notes = {best: ("★ best", "bold #ffd75f")} if len(view.trick) > 1 and best is not None else {}
        if view.trick_civil:
            head += " · “Pam, be civil”"
        row = _card_row(view.trick, namer, notes, False, waiting_seats(view), size, width)
        return head, _with_earlier(row, namer, view.tricks, height - rows_used)
    if view.tricks:
        last = view.tricks[-1]
        head = f"Trick {len(view.tricks)} of {r.tricks} to {namer(last.winner)}"
        if view.phase is Phase.PLAY:
            head += f" · {namer.say(view.to_act, 'lead', 'leads')} next"
        took = {last.winner: ("★ took it", "bold #87d75f")}
        row = _card_row(last.cards, namer, took, view.phase is Phase.PLAY, (), size, width)
        return head, _with_earlier(row, namer, view.tricks[:-1], height - rows_used)
    if view.phase is Phase.PLAY:
        return "Trick 1", Text(f"{namer.say(view.to_act, 'lead', 'leads')}.", style="italic #8a8a8a")
    items: list[tuple[str, Text]] = []
    if view.turnup is not None:
        items.append(("Turn-up", card_box(view.turnup, border="#d7af5f", size=size)))
    if r.miss and view.miss_taker is None and not view.defended and not view.miss_withdrawn:
        items.append(("The Miss", card_box(None, size=size)))
    if not items:
        word = "Trumps: set by the first lead" if view.trump is None else ""
        return "The table", Text(word, style="italic #8a8a8a")
    t = Table(box=None, padding=(0, 2), show_edge=False, show_header=False)
    for _ in items:
        t.add_column(no_wrap=True)
    t.add_row(*(Text(label, style="#8a8a8a") for label, _ in items))
    t.add_row(*(box for _, box in items))
    return "The table", t


def _with_earlier(row: RenderableType, namer: Namer, earlier: Sequence[TrickRecord], room: int) -> RenderableType:
    """The trick, and under it the deal's earlier tricks on one line each, as many as there is room for."""
    if room < 2 or not earlier:
        return row
    shown = list(earlier)[-(room - 1) :]
    lines: list[RenderableType] = [row, Text("")]
    for i, tr in enumerate(shown, len(earlier) - len(shown) + 1):  # the earlier tricks start at trick 1
        line = Text.assemble((f"Trick {i} → ", "#6c6c6c"), (namer(tr.winner), "#8a8a8a"), (":  ", "#6c6c6c"))
        for j, (s, c) in enumerate(tr.cards):
            if j:
                line.append("  ")
            line.append(f"{namer(s)} ", style="#6c6c6c")
            line.append_text(card_text(c, "underline" if s == tr.winner else "dim"))
        lines.append(line)
    return Group(*lines)


def _card_row(
    cards: Sequence[tuple[int, Card]],
    namer: Namer,
    notes: dict[int, tuple[str, str]],
    dim: bool,
    waiting: Sequence[int],
    size: str,
    width: int,
) -> RenderableType:
    """Cards on the table, each under its player's full name with its mark (``★ best``, ``▶ next``) under it;
    ``waiting`` seats get an empty place. Too many for the width: one line of text instead."""
    seats = [s for s, _ in cards] + list(waiting)
    widths = [max(_CARD_WIDTH[size], len(namer(s)), len(notes[s][0]) if s in notes else 6) for s in seats]
    if width and sum(widths) + 2 * (len(widths) - 1) > width:
        return _card_line(cards, namer, notes, waiting)
    t = Table(box=None, padding=(0, 1), show_edge=False, show_header=False)
    for w in widths:
        t.add_column(no_wrap=True, width=w)
    names = [Text(namer(s), style=YOU if s == namer.human else "#bcbcbc") for s, _ in cards]
    names += [Text(namer(s), style="#6c6c6c") for s in waiting]
    border = "#585858" if dim else "#8a8a8a"
    boxes = [card_box(c, "dim" if dim and s not in notes else "", border, size) for s, c in cards]
    boxes += [empty_box("#ffd75f" if i == 0 else "#4e4e4e", size) for i in range(len(waiting))]
    marks = [Text(*notes[s]) if s in notes else Text("") for s, _ in cards]
    marks += [Text("▶ next" if i == 0 else "", style="#ffd75f") for i in range(len(waiting))]
    t.add_row(*names)
    t.add_row(*boxes)
    t.add_row(*marks)
    return t


def _card_line(
    cards: Sequence[tuple[int, Card]], namer: Namer, notes: dict[int, tuple[str, str]], waiting: Sequence[int]
) -> Text:
    """A big table's trick as text that wraps: each player's card, the marks in words."""
    line = Text()
    for i, (s, c) in enumerate(cards):
        if i:
            line.append("   ")
        line.append(f"{namer(s)} ", style=YOU if s == namer.human else "#8a8a8a")
        line.append_text(card_text(c))
        if s in notes:
            line.append(f" {notes[s][0]}", style=notes[s][1])
    if waiting:
        line.append("   ▶ next: ", style="#ffd75f")
        line.append(", ".join(namer(s) for s in waiting), style="dim")
    return line
