"""Card and action notation: lenient on input, one canonical printed form, one-sentence errors."""

from __future__ import annotations

import pytest

from lanterloo import (
    DEFEND_MISS,
    PASS,
    STAND,
    TAKE_MISS,
    Action,
    Card,
    NotationError,
    Play,
    Suit,
    discard,
    parse_action,
    parse_card,
    parse_cards,
)
from lanterloo.cards import mask_of


@pytest.mark.parametrize("text", ["10h", "Th", "T♥", "10♥", "th", "TH", "h10", "♥10", " 10h ", "10♡"])
def test_notation_lenient_ten_of_hearts(text: str) -> None:
    card = parse_card(text)
    assert card.suit is Suit.HEARTS
    assert card.rank == 8  # 0 is a two ... 12 an ace
    assert str(card) == "Th"
    assert card.unicode == "10♥"
    assert card.name == "ten of hearts"


@pytest.mark.parametrize(
    ("text", "canonical", "unicode"),
    [("As", "As", "A♠"), ("2c", "2c", "2♣"), ("J♦", "Jd", "J♦"), ("qh", "Qh", "Q♥"), ("1s", "As", "A♠")],
)
def test_notation_canonical_forms(text: str, canonical: str, unicode: str) -> None:
    card = parse_card(text)
    assert str(card) == canonical
    assert card.unicode == unicode
    assert parse_card(str(card)) is card  # the printed form parses back to the same (interned) card
    assert parse_card(card.unicode) is card
    assert eval(repr(card), {"Card": Card}) is card  # the repr round-trips


def test_notation_parse_cards_lists() -> None:
    assert parse_cards("Ah, 10h  T♥") == [parse_card("Ah"), parse_card("Th"), parse_card("Th")]
    assert parse_cards(["2c", "3♦"]) == [Card(0), Card(14)]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "write a rank and a suit"),
        ("h", "write a rank and a suit"),
        ("10x", "it has no suit"),
        ("Zh", "'z' is not a rank"),
        ("11h", "'11' is not a rank"),
    ],
)
def test_notation_bad_card_is_one_sentence(text: str, problem: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(text)
    message = str(info.value)
    assert problem in message
    assert repr(text) in message  # it names the input
    assert message.endswith(".") and message.count(". ") == 0 and "\n" not in message


def test_notation_bad_card_index() -> None:
    with pytest.raises(NotationError, match=r"^A card index must be a whole number from 0 to 51, not 52\.$"):
        Card(52)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("pass", PASS),
        ("out", PASS),
        ("fold", PASS),
        ("PASS", PASS),
        ("play", STAND),
        ("in", STAND),
        ("stand", STAND),
        ("miss", TAKE_MISS),
        ("take the miss", TAKE_MISS),
        ("defend", DEFEND_MISS),
        ("defend  the   Miss", DEFEND_MISS),
        ("discard", discard(0)),
        ("discard 4c 7h", discard(mask_of(parse_cards("4c 7h")))),
        ("discard 4♣,7♥", discard(mask_of(parse_cards("4c 7h")))),
        ("10h", Play(parse_card("Th"))),
        ("play Th", Play(parse_card("Th"))),
        ("Ah civil", Play(parse_card("Ah"), True)),
    ],
)
def test_notation_parse_action(text: str, action: object) -> None:
    assert parse_action(text) == action


@pytest.mark.parametrize(
    "action",
    [
        PASS,
        STAND,
        TAKE_MISS,
        DEFEND_MISS,
        discard(0),
        discard(mask_of(parse_cards("4c 7h"))),
        Play(parse_card("Th")),
        Play(parse_card("Ah"), True),
    ],
)
def test_notation_action_round_trip(action: Action) -> None:
    assert parse_action(action.notation()) == action


def test_notation_action_forms() -> None:
    assert Play(parse_card("Th")).notation() == "Th"
    assert str(Play(parse_card("Th"))) == "10♥"
    assert Play(parse_card("Ah"), True).notation() == "Ah civil"
    assert discard(mask_of(parse_cards("7h 4c"))).notation() == "discard 4c 7h"
    assert str(discard(0)) == "keep all cards"


@pytest.mark.parametrize("text", ["jump", "", "discard 4x", "play Zz", "Zh civil"])
def test_notation_bad_action_is_one_sentence(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_action(text)
    message = str(info.value)
    assert message.endswith(".") and message.count(". ") == 0 and "\n" not in message
