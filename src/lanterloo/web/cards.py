"""The card faces of the web table, drawn as SVG by the project: 52 faces and a back, no font-dependent suit glyphs.

The files under ``static/cards/`` are this module's output, committed so that a plain static file server serves
them; ``python -m lanterloo.web.cards`` writes them again, and tests/test_web_cards.py checks that they match.
Suits are paths (a font may lack ♣ or draw it as an emoji); ranks are text in a generic font family. The corner
index is large because a phone shows a hand of overlapping cards by their corners only.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Final

from lanterloo.cards import CARDS, RANK_NAMES, Card, Suit

WIDTH: Final = 200
HEIGHT: Final = 280
CARD_DIR: Final = Path(__file__).parent / "static" / "cards"

# Red and black, each with a second shade so diamonds and clubs are told from hearts and spades at a glance.
COLOURS: Final = {Suit.CLUBS: "#1b1b1b", Suit.DIAMONDS: "#c0131b", Suit.HEARTS: "#c0131b", Suit.SPADES: "#1b1b1b"}
TINTS: Final = {Suit.CLUBS: "#eef0f4", Suit.DIAMONDS: "#fdecec", Suit.HEARTS: "#fdecec", Suit.SPADES: "#eef0f4"}

# Each suit in a 100 x 100 box.
SUIT_PATHS: Final = {
    Suit.DIAMONDS: "M50 0L88 50L50 100L12 50Z",
    Suit.HEARTS: (
        "M50 96C22 72 0 54 0 30C0 12 13 0 28 0C39 0 47 7 50 17C53 7 61 0 72 0C87 0 100 12 100 30C100 54 78 72 50 96Z"
    ),
    Suit.SPADES: (
        "M50 0C72 22 100 38 100 62C100 78 88 88 74 88C64 88 57 83 53 77C54 87 59 94 67 100L33 100C41 94 46 87 47 77"
        "C43 83 36 88 26 88C12 88 0 78 0 62C0 38 28 22 50 0Z"
    ),
    Suit.CLUBS: (
        "M50 2A22 22 0 1 1 49.9 2ZM25 38A22 22 0 1 1 24.9 38ZM75 38A22 22 0 1 1 74.9 38Z"
        "M45 50L55 50C55 78 59 91 67 100L33 100C41 91 45 78 45 50Z"
    ),
}

RANK_TEXT: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
FONT: Final = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif"

# Pip centres for the number cards (x, y), on the usual layout; a pip below the middle is drawn upside down.
_L, _M, _R = 68, 100, 132
_PIPS: Final[dict[int, tuple[tuple[int, int], ...]]] = {
    2: ((_M, 78), (_M, 202)),
    3: ((_M, 78), (_M, 140), (_M, 202)),
    4: ((_L, 78), (_R, 78), (_L, 202), (_R, 202)),
    5: ((_L, 78), (_R, 78), (_M, 140), (_L, 202), (_R, 202)),
    6: ((_L, 78), (_R, 78), (_L, 140), (_R, 140), (_L, 202), (_R, 202)),
    7: ((_L, 78), (_R, 78), (_M, 109), (_L, 140), (_R, 140), (_L, 202), (_R, 202)),
    8: ((_L, 78), (_R, 78), (_M, 109), (_L, 140), (_R, 140), (_M, 171), (_L, 202), (_R, 202)),
    9: ((_L, 78), (_R, 78), (_L, 119), (_R, 119), (_M, 140), (_L, 161), (_R, 161), (_L, 202), (_R, 202)),
    10: ((_L, 78), (_R, 78), (_M, 99), (_L, 119), (_R, 119), (_L, 161), (_R, 161), (_M, 181), (_L, 202), (_R, 202)),
}


def card_code(card: Card) -> str:
    """The file stem of a card's face: rank letter and suit letter, upper case (``TH`` for the ten of hearts)."""
    return str(card).upper()


def _pip(x: float, y: float, size: float, *, flip: bool = False) -> str:
    s = size / 100
    turn = f" rotate(180 {x:g} {y:g})" if flip else ""
    return f'<use href="#suit" transform="{turn.strip()} translate({x - size / 2:g} {y - size / 2:g}) scale({s:g})"/>'


def _corner(rank: str, *, flip: bool) -> str:
    turn = f' transform="rotate(180 {WIDTH / 2:g} {HEIGHT / 2:g})"' if flip else ""
    size = 40 if rank == "10" else 46
    spacing = ' letter-spacing="-3"' if rank == "10" else ""
    return (
        f"<g{turn}>"
        f'<text x="25" y="50" font-size="{size}" font-weight="bold" text-anchor="middle"{spacing}>{rank}</text>'
        f"{_pip(25, 74, 30)}"
        "</g>"
    )


def _centre(card: Card) -> str:
    rank = card.rank
    if rank == 12:
        return _pip(100, 140, 84)
    if rank >= 9:  # jack, queen, king: a framed panel with the letter, a pip above it and one below, turned
        tint = TINTS[card.suit]
        letter = RANK_TEXT[rank]
        return (
            f'<rect x="48" y="46" width="104" height="188" rx="8" fill="{tint}" stroke="currentColor" '
            'stroke-width="3"/>'
            f"{_pip(100, 80, 40)}{_pip(100, 200, 40, flip=True)}"
            f'<text x="100" y="166" font-size="78" font-weight="bold" text-anchor="middle">{letter}</text>'
        )
    return "".join(_pip(x, y, 34, flip=y > 140) for x, y in _PIPS[rank + 2])


def face_svg(card: Card) -> str:
    """The SVG of one face: a white card, the rank and suit in two corners, the pips or the court panel."""
    suit = card.suit
    title = f"{RANK_NAMES[card.rank]} of {suit.plural}"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
        f'role="img" aria-label="{title}">\n'
        f"<title>{title}</title>\n"
        f'<defs><path id="suit" d="{SUIT_PATHS[suit]}"/></defs>\n'
        f'<rect x="1.5" y="1.5" width="{WIDTH - 3}" height="{HEIGHT - 3}" rx="14" fill="#fff" stroke="#8a8a8a" '
        'stroke-width="3"/>\n'
        f'<g fill="{COLOURS[suit]}" color="{COLOURS[suit]}" font-family="{FONT}">\n'
        f"{_corner(RANK_TEXT[card.rank], flip=False)}\n{_corner(RANK_TEXT[card.rank], flip=True)}\n"
        f"{_centre(card)}\n"
        "</g>\n</svg>\n"
    )


def back_svg() -> str:
    """The back: a navy lattice inside a white border, the same for every card."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
        'role="img" aria-label="a card, face down">\n'
        "<title>a card, face down</title>\n"
        '<defs><pattern id="lattice" width="20" height="20" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)">'
        '<rect width="20" height="20" fill="#1d3a6e"/><path d="M0 10H20M10 0V20" stroke="#5d7fc0" stroke-width="3"/>'
        "</pattern></defs>\n"
        f'<rect x="1.5" y="1.5" width="{WIDTH - 3}" height="{HEIGHT - 3}" rx="14" fill="#fff" stroke="#8a8a8a" '
        'stroke-width="3"/>\n'
        f'<rect x="14" y="14" width="{WIDTH - 28}" height="{HEIGHT - 28}" rx="8" fill="url(#lattice)"/>\n'
        "</svg>\n"
    )


def all_svgs() -> dict[str, str]:
    """Every file this module draws: ``AS.svg`` … ``2C.svg`` and ``back.svg``, by file name."""
    files = {f"{card_code(c)}.svg": face_svg(c) for c in CARDS}
    files["back.svg"] = back_svg()
    return files


def write_all(folder: Path = CARD_DIR) -> list[Path]:
    """Write every card into ``folder`` (the package's static cards by default) and return the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in all_svgs().items():
        path = folder / name
        path.write_text(text, encoding="utf-8", newline="\n")
        written.append(path)
    return written


def main() -> int:
    written = write_all(Path(sys.argv[1]) if len(sys.argv) > 1 else CARD_DIR)
    print(f"wrote {len(written)} cards to {written[0].parent}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
