"""The web table's card faces: the committed SVG files are exactly what the generator draws, and each is sound."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from lanterloo.cards import CARDS, Suit
from lanterloo.web.cards import CARD_DIR, COLOURS, all_svgs, card_code, face_svg, write_all

SVG = "{http://www.w3.org/2000/svg}"


def test_committed_faces_match_the_generator() -> None:
    expected = all_svgs()
    on_disk = {p.name for p in CARD_DIR.glob("*.svg")}
    assert on_disk == set(expected), "run `python -m lanterloo.web.cards` to redraw the faces"
    for name, text in expected.items():
        assert (CARD_DIR / name).read_text(encoding="utf-8") == text, f"{name} is stale: redraw the faces"


def test_fifty_two_faces_and_a_back_each_parse_as_svg() -> None:
    files = all_svgs()
    assert len(files) == 53
    assert "back.svg" in files
    for text in files.values():
        root = ET.fromstring(text)
        assert root.tag == f"{SVG}svg"
        assert root.get("viewBox") == "0 0 200 280"


def test_each_face_names_its_card_and_colours_red_and_black_apart() -> None:
    assert COLOURS[Suit.HEARTS] == COLOURS[Suit.DIAMONDS] != COLOURS[Suit.SPADES] == COLOURS[Suit.CLUBS]
    for card in CARDS:
        root = ET.fromstring(face_svg(card))
        title = root.find(f"{SVG}title")
        assert title is not None and title.text == card.name
        assert f'fill="{COLOURS[card.suit]}"' in face_svg(card)


def test_codes_are_distinct_and_readable() -> None:
    codes = [card_code(c) for c in CARDS]
    assert len(set(codes)) == 52
    assert card_code(CARDS[Suit.HEARTS * 13 + 8]) == "TH"
    assert card_code(CARDS[Suit.CLUBS * 13 + 9]) == "JC"


def test_write_all_writes_every_file(tmp_path: Path) -> None:
    written = write_all(tmp_path)
    assert sorted(p.name for p in written) == sorted(all_svgs())
