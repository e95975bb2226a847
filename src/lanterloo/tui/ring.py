"""The seats round the table, as the web page lays them: the terminal game's felt when the screen has room.

Each seat is a plate on an ellipse, the human at the bottom and the others clockwise from his left, as the deal
passes: its name, the dealer's button, the turn marker, its chips (Louse: points), what it declared, its cards in
hand and tricks taken. The card a seat played to the trick lies between its plate and the middle, where the
middle says what the trick is (or shows the turn-up before play). On a small screen (80×24) the board keeps the
list of seats (``table.seat_table``) and the felt of ``table.felt`` instead.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from rich.text import Text

from lanterloo.engine import Decl, Phase, View, shape_of
from lanterloo.tui.table import declared_cell
from lanterloo.tui.text import YOU, Namer, card_text

#: The smallest felt (inside its border) worth trying the ring in; ``fits`` then checks that no plates overlap.
MIN_WIDTH, MIN_HEIGHT = 56, 13
#: The widest plate the ring lays out (names longer than this are shown whole on the list layout instead).
PLATE = 22


def _boxes(view: View, namer: Namer, width: int, height: int, totals: Sequence[int] | None) -> list[tuple[int, ...]]:
    """Each plate's (left, top, right, bottom), as ``ring`` draws it."""
    out: list[tuple[int, ...]] = []
    for seat, (x, y) in places(view.players, namer.human, width, height).items():
        w = max(len(line.plain) for line in _plate(view, namer, seat, totals))
        left = max(0, min(x - w // 2, width - w))
        out.append((left, y - 1, left + w - 1, y + 1))
    return out


def fits(view: View, namer: Namer, width: int, height: int, totals: Sequence[int] | None = None) -> bool:
    """Whether the ring fits the felt's room: every plate whole, inside the felt and clear of the others (a
    column between two plates side by side), the middle's two lines clear of them too."""
    if width < MIN_WIDTH or height < MIN_HEIGHT or view.players > 8:
        return False
    if any(len(namer(s)) + 4 > PLATE for s in range(view.players)):
        return False
    boxes = _boxes(view, namer, width, height, totals)
    if any(top < 0 or bottom >= height for _, top, _, bottom in boxes):
        return False
    middle = (width // 2 - 12, height // 2 - 1, width // 2 + 12, height // 2)
    for i, a in enumerate([*boxes, middle]):
        for b in boxes[i + 1 :]:
            if a[0] <= b[2] + 1 and b[0] <= a[2] + 1 and a[1] <= b[3] and b[1] <= a[3]:
                return False
    return True


def places(players: int, human: int, width: int, height: int) -> dict[int, tuple[int, int]]:
    """Each seat's plate centre (column, row): the human at the bottom, the next seat to his left and so on
    clockwise round the ellipse, the plates kept inside the felt."""
    cx, cy = width / 2, height / 2
    rx, ry = width / 2 - PLATE / 2 - 1, height / 2 - 2
    out: dict[int, tuple[int, int]] = {}
    for k in range(players):
        seat = (human + k) % players
        angle = math.pi / 2 + 2 * math.pi * k / players  # screen rows grow downwards: pi/2 is the bottom
        out[seat] = (round(cx + rx * math.cos(angle)), round(cy + ry * math.sin(angle)))
    return out


class Canvas:
    """Rows of styled text, written at a column: the felt's picture."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.rows = [Text(" " * width) for _ in range(height)]

    def put(self, col: int, row: int, text: Text) -> None:
        if not 0 <= row < len(self.rows):
            return
        col = max(0, min(col, self.width - len(text.plain)))
        line = self.rows[row]
        self.rows[row] = line[:col] + text[: self.width - col] + line[col + len(text.plain) :]

    def centred(self, col: int, row: int, text: Text) -> None:
        self.put(col - len(text.plain) // 2, row, text)

    def text(self) -> Text:
        return Text("\n").join(self.rows)


def _plate(view: View, namer: Namer, seat: int, totals: Sequence[int] | None) -> list[Text]:
    """A seat's three lines: marker, name and dealer's button; chips or points; what it declared and holds."""
    head = Text()
    if seat in view.seats_to_act:
        head.append("▶ ", style="bold #ffd75f")
    head.append_text(Text(namer(seat), style=YOU if seat == namer.human else "bold"))
    if seat == view.dealer:
        head.append(" ")
        head.append("D", style="bold black on #d7af5f")
    if shape_of(view.rules).scores_points:
        total = totals[seat] if totals is not None else 0
        live = view.points[seat] if view.points else 0
        money = Text(f"{total} points", style="bold #ff8787")
        if live:
            money.append(f" (+{live})", style="#ff8787")
    else:
        money = Text(f"{view.stacks[seat]} chips", style="bold #87d75f")
    out_of_deal = view.phase is not Phase.COMMIT and view.declarations[seat] is Decl.PASS
    status = Text("out", style="dim") if out_of_deal else declared_cell(view, seat, namer)
    if not out_of_deal and (view.phase is Phase.PLAY or view.tricks):
        won = view.tricks_won[seat]
        status.append(("  " if status.plain else "") + f"{won} trick{'s' if won != 1 else ''}", style="bold")
    elif not out_of_deal and view.hand_sizes[seat]:
        status.append(("  " if status.plain else "") + "▮" * view.hand_sizes[seat], style="#5f87af")
    return [head, money, status]


def _middle(view: View, namer: Namer) -> list[Text]:
    """What the middle of the table says: the trick and who is best, or the turn-up before play."""
    r = view.rules
    if view.phase is Phase.PLAY and view.trick:
        best = view.best_seat
        line = Text(f"Trick {len(view.tricks) + 1} of {r.tricks}", style="bold #d7af5f")
        out = [line]
        if best is not None and len(view.trick) > 1:
            out.append(Text(f"★ best: {namer(best)}", style="bold #ffd75f"))
        return out
    if view.tricks:
        last = view.tricks[-1]
        out = [Text(f"Trick {len(view.tricks)} of {r.tricks} to {namer(last.winner)}", style="bold #87d75f")]
        if view.phase is Phase.PLAY:
            out.append(Text(f"{namer.say(view.to_act, 'lead', 'leads')} next", style="#8a8a8a"))
        return out
    if view.turnup is not None:
        turn = Text("Turn-up ", style="#8a8a8a")
        turn.append_text(card_text(view.turnup, "bold"))
        return [turn]
    if view.trump is None and not shape_of(r).scores_points:
        return [Text("Trumps: set by the first lead", style="italic #8a8a8a")]
    return []


def ring(view: View, namer: Namer, width: int, height: int, totals: Sequence[int] | None = None) -> Text:
    """The felt with the seats round it: plates, each seat's card to the trick (the last trick's, dimmed, between
    tricks), and the middle's words."""
    canvas = Canvas(width, height)
    at = places(view.players, namer.human, width, height)
    cx, cy = width // 2, height // 2
    if view.phase is Phase.PLAY and view.trick:
        on_table, winner = list(view.trick), None
    elif view.tricks:
        on_table, winner = list(view.tricks[-1].cards), view.tricks[-1].winner
    else:
        on_table, winner = [], None
    for seat, (x, y) in at.items():
        lines = _plate(view, namer, seat, totals)
        for k, line in enumerate(lines):
            canvas.centred(x, y - 1 + k, line)
    best = view.best_seat if view.phase is Phase.PLAY and view.trick else winner
    for seat, card in on_table:
        x, y = at[seat]
        # between the plate and the middle, nearer the plate: the card "in front of" its player
        px, py = round(x + (cx - x) * 0.45), round(y + (cy - y) * 0.5)
        mark = "★" if seat == best and len(on_table) > 1 else " "
        shown = Text(f"{mark}", style="bold #ffd75f")
        shown.append_text(card_text(card, "bold" if winner is None else "dim"))
        canvas.centred(px, py, shown)
    for k, line in enumerate(_middle(view, namer)):
        canvas.centred(cx, cy - 1 + k, line)
    return canvas.text()
