"""The API refuses bad values with the library's own errors, in one sentence, and a refusal changes nothing.

The first tests pin each misuse the audit of issue 8 found (``view(99)``, ``Play(60)``, ``Discard(1 << 52)``,
``Card(-1)``, float and NaN stacks, ``Play(<int>)``, ``Session(rules, "abc")``...). The last is a fuzz test:
hypothesis draws random calls of the public API with arguments of the wrong type or out of range, for every
preset, at every phase a deal reaches; each call either works or raises ``LooError`` (``LooTypeError`` for a
wrong type) with a one-sentence message, and after a refusal the deal's ``state_key`` and chips are unchanged.
``LANTERLOO_FUZZ_SCALE`` multiplies the examples and ``LANTERLOO_FUZZ_REPORT`` collects the counts
(``tests/fuzzing.py``, ``make fuzz``); ``-s`` prints them too.
"""

from __future__ import annotations

import functools
import json
import math
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fuzzing
from lanterloo import (
    PASS,
    PRESET_NAMES,
    Card,
    Deal,
    Discard,
    LooError,
    NotationError,
    Play,
    Session,
    discard,
    parse_action,
    parse_card,
    rules_with,
)
from lanterloo.actions import PLAYS
from lanterloo.cards import cards_of, mask_of
from lanterloo.errors import LooTypeError
from lanterloo.history import deal_to_record, dumps, verify_record
from lanterloo.validate import MAX_NAME

THREE = rules_with("three-card")


def junk(value: object) -> Any:
    """What a careless client passes, past the type checker."""
    return value


def one_sentence(err: BaseException) -> str:
    text = str(err)
    assert text and "\n" not in text, repr(text)
    assert text.rstrip()[-1] in ".)", repr(text)
    return text


def refused(fn: Callable[[], object], kind: type[LooError] = LooError) -> str:
    with pytest.raises(LooError) as info:
        fn()
    assert isinstance(info.value, kind), info.value
    return one_sentence(info.value)


def fresh(seed: int = 1, players: int = 4) -> Deal:
    return Deal(THREE, [100] * players, 0, seed=seed)


def chips(deal: Deal) -> tuple[tuple[int, ...], int]:
    v = deal.view(None, with_events=False)
    return v.stacks, v.pool


# --- the misuses the audit found ------------------------------------------------------------------------------


def test_card_refuses_negative_bool_and_foreign_indices() -> None:
    assert "not -1" in refused(lambda: Card(-1), NotationError)  # was the ace of spades
    refused(lambda: Card(52), NotationError)
    refused(lambda: Card(True), LooTypeError)  # was the three of clubs
    refused(lambda: Card(junk(5.0)), LooTypeError)
    assert "Card.parse" in refused(lambda: Card("Ah"), LooTypeError)  # type: ignore[arg-type]
    assert "digits" in refused(lambda: Card(10**5000), NotationError)  # no repr of a 5,000-digit number
    assert "digits" in refused(lambda: fresh().view(10**5000))
    assert Card(Card(5)) is Card(5) is Card(int(Card(5)))


def test_play_of_a_plain_int_becomes_the_card_and_its_history_verifies() -> None:
    """``Play(<int>)`` used to keep the int, whose notation ("5") then failed the deal's own verification."""
    assert Play(junk(5)).card is Card(5) and Play(junk(5)) == PLAYS[5]
    refused(lambda: Play(junk(60)), NotationError)
    refused(lambda: Play(junk(-1)), NotationError)
    refused(lambda: Play(True), LooTypeError)  # type: ignore[arg-type]
    refused(lambda: Play(Card(5), civil=1), LooTypeError)  # type: ignore[arg-type]
    deal = Deal(THREE, [100] * 4, 0, seed=3)
    rng = random.Random(3)
    while not deal.is_over:
        action = rng.choice(deal.legal_actions())
        if isinstance(action, Play):
            action = Play(int(action.card))  # type: ignore[arg-type]  # what a careless client sends
        deal.apply(action)
    record = deal_to_record(deal)
    assert all(not text.isdigit() for _, text in record["actions"])
    verify_record(json.loads(dumps(record)), 1)  # through the text the hand history stores


def test_discard_refuses_masks_outside_the_pack_bools_and_cards() -> None:
    refused(lambda: Discard(1 << 52), NotationError)
    refused(lambda: Discard(-1), NotationError)
    refused(lambda: Discard(True), LooTypeError)
    assert "mask_of" in refused(lambda: Discard(Card(5)), LooTypeError)
    refused(lambda: discard(True), LooTypeError)  # would have found the interned Discard(1)
    refused(lambda: discard(1.5), LooTypeError)  # type: ignore[arg-type]
    assert discard(0b101) == Discard(0b101)
    refused(lambda: cards_of(1 << 52), NotationError)
    refused(lambda: cards_of(-1), NotationError)
    refused(lambda: mask_of([60]), NotationError)
    refused(lambda: mask_of([-1]), NotationError)
    refused(lambda: mask_of(5), LooTypeError)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [99, -1, 4])
def test_view_of_a_seat_out_of_range_is_refused(seat: int) -> None:
    assert f"There is no seat {seat}" in refused(lambda: fresh().view(seat))


@pytest.mark.parametrize("seat", [True, 1.0, "1", math.nan, [1]])
def test_seat_arguments_of_the_wrong_type_are_refused_everywhere(seat: Any) -> None:
    deal = fresh()
    key = deal.state_key()
    for call in (
        lambda: deal.view(seat),
        lambda: deal.legal_actions(seat),
        lambda: deal.check(PASS, seat),
        lambda: deal.is_legal(PASS, seat),
        lambda: deal.apply(PASS, seat),  # 1.0 == seat 1 used to be accepted
        lambda: deal.hand(seat),
    ):
        refused(call, LooTypeError)
    assert deal.state_key() == key


def test_seat_out_of_range_in_apply_and_legal_actions_is_named() -> None:
    deal = fresh()
    key = deal.state_key()
    assert "There is no seat 99" in refused(lambda: deal.legal_actions(99))  # used to return []
    assert "There is no seat 99" in refused(lambda: deal.apply(PASS, 99))
    assert "There is no seat -1" in refused(lambda: deal.check(PASS, -1))
    assert deal.state_key() == key


@pytest.mark.parametrize("action", ["pass", None, 5, Card(5), PASS.__class__])
def test_apply_and_check_refuse_what_is_not_an_action(action: Any) -> None:
    deal = fresh()
    key = deal.state_key()
    assert "parse_action" in refused(lambda: deal.apply(action), LooTypeError)
    refused(lambda: deal.check(action), LooTypeError)
    refused(lambda: deal.is_legal(action), LooTypeError)
    assert deal.state_key() == key


@pytest.mark.parametrize(
    "stacks",
    [[100, 100, 1.5], [100, 100, math.nan], [100, 100, math.inf], [100, 100, True], [100, 100, "9"], "abc", 300],
)
def test_deal_stacks_must_be_whole_numbers(stacks: Any) -> None:
    refused(lambda: Deal(THREE, stacks, 0, seed=1), LooTypeError)


def test_deal_arguments_are_checked() -> None:
    refused(lambda: Deal("three-card", [100] * 3, 0), LooTypeError)  # type: ignore[arg-type]
    refused(lambda: Deal(THREE, [100, 100, -1], 0))
    refused(lambda: Deal(THREE, [100] * 3, True), LooTypeError)
    refused(lambda: Deal(THREE, [100] * 3, 3))
    refused(lambda: Deal(THREE, [100] * 3, 0, pool=-1))
    refused(lambda: Deal(THREE, [100] * 3, 0, pool=2.5), LooTypeError)  # type: ignore[arg-type]
    refused(lambda: Deal(THREE, [100] * 3, 0, deck=["Ah"] * 52), LooTypeError)  # type: ignore[list-item]
    refused(lambda: Deal(THREE, [100] * 3, 0, seed=1.5), LooTypeError)  # type: ignore[arg-type]
    refused(lambda: Deal(THREE, [100] * 3, 0, rng=7), LooTypeError)  # type: ignore[arg-type]
    refused(lambda: Deal(THREE, [100] * 3, 0, ante="yes"), LooTypeError)  # type: ignore[arg-type]
    # an integer type that is not int (numpy's, say) is a whole number: converted, not refused
    assert (
        Deal(THREE, junk([Count(100)] * 3), junk(Count(1)), pool=junk(Count(2)), seed=junk(Count(1)))
        .view(None)
        .stacks[0]
        == 97
    )


class Count:
    """An integer type of another library: it has ``__index__`` and is not an int."""

    def __init__(self, v: int) -> None:
        self.v = v

    def __index__(self) -> int:
        return self.v


def test_session_refuses_text_for_players_and_bad_names_and_stacks() -> None:
    assert "[name]" in refused(lambda: Session(THREE, "abc"), LooTypeError)  # was three players a, b, c
    refused(lambda: Session(THREE, True), LooTypeError)
    refused(lambda: Session(THREE, 10**9))  # refused before a billion names are made
    refused(lambda: Session(THREE, ["Ann", "", "Cat"]))
    refused(lambda: Session(THREE, ["Ann", "x" * (MAX_NAME + 1), "Cat"]))
    refused(lambda: Session(THREE, ["Ann", "\x1b]0;pwned\x07", "Cat"]))
    refused(lambda: Session(THREE, ["Ann", "\ud800", "Cat"]))
    refused(lambda: Session(THREE, ["Ann", 7, "Cat"]), LooTypeError)  # type: ignore[list-item]
    for stack in (math.nan, math.inf, 1.5, -1, [1, 2, math.nan], [1, 2]):
        refused(functools.partial(Session, THREE, 3, stack=junk(stack)))
    refused(lambda: Session(THREE, 3, dealer=3))
    refused(lambda: Session(THREE, 3, max_deals=0))
    refused(lambda: Session(THREE, 3, seed="x"), LooTypeError)  # type: ignore[arg-type]
    s = Session(THREE, ["Ann", "Ben", "Cat"], stack=[5, 6, 7], dealer=1, seed=2)
    assert s.names == ["Ann", "Ben", "Cat"] and s.stacks == [5, 6, 7] and s.dealer == 1


def test_session_methods_refuse_bad_arguments_and_change_nothing() -> None:
    s = Session(THREE, 3, seed=5)
    before = (s.rng.getstate(), s.stacks, s.pool, s.deals_played)
    refused(lambda: s.new_deal(deck=[Card(0)] * 52))
    refused(lambda: s.new_deal(deck="Ah Kh"), LooTypeError)  # type: ignore[arg-type]
    refused(lambda: s.play_deal(42), LooTypeError)  # type: ignore[arg-type]
    refused(lambda: s.play(lambda d, seat: PASS, progress=3), LooTypeError)  # type: ignore[arg-type]
    refused(lambda: s.stop(3), LooTypeError)  # type: ignore[arg-type]
    assert (s.rng.getstate(), s.stacks, s.pool, s.deals_played) == before and s.current is None and not s.over


def test_parsers_refuse_what_is_not_text() -> None:
    refused(lambda: parse_card(None), LooTypeError)  # type: ignore[arg-type]
    refused(lambda: parse_action(None), LooTypeError)  # type: ignore[arg-type]
    refused(lambda: parse_action(b"pass"), LooTypeError)  # type: ignore[arg-type]


# --- the fuzz test -------------------------------------------------------------------------------------------

TRIED: Counter[str] = Counter()
OUTCOMES: Counter[str] = Counter()

ODD_INTS = st.sampled_from([-1, -(10**30), 52, 60, 99, 1 << 52, 1 << 64, 10**5000, 0, 1, 2, 3])
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    ODD_INTS,
    st.integers(-5, 60),
    st.sampled_from([math.nan, math.inf, -math.inf, 2.0, -0.0, 1.5]),
    st.text(max_size=6),
    st.binary(max_size=4),
    st.sampled_from([Card(0), Card(51), PASS, Count(1), Count(99), object(), [], (), {}, [1, 2], {"a": 1}]),
    st.lists(st.integers(-2, 60), max_size=4),
)


def actions_of(deal: Deal) -> st.SearchStrategy[Any]:
    legal = deal.legal_actions()
    own: list[Any] = list(legal) if legal else [PASS]
    return st.one_of(
        st.sampled_from(own),
        st.sampled_from(own).map(lambda a: Play(int(a.card)) if isinstance(a, Play) else a),  # type: ignore[arg-type]
        st.sampled_from(list(PLAYS)),
        st.integers(0, (1 << 52) - 1).map(discard),
        JUNK,
    )


def seats_of(deal: Deal) -> st.SearchStrategy[Any]:
    n = deal.view(None, with_events=False).players
    return st.one_of(st.none(), st.integers(-1, n), JUNK)


def _call(name: str, fn: Callable[[], object], deal: Deal | None = None) -> None:
    """Call ``fn``; a refusal must be the library's, in one sentence, and leave the deal as it was."""
    TRIED[name] += 1
    key = deal.state_key() if deal is not None else None
    money = chips(deal) if deal is not None else None
    try:
        fn()
    except LooError as err:
        OUTCOMES["refused"] += 1
        one_sentence(err)
        if deal is not None:
            assert deal.state_key() == key, name
            assert chips(deal) == money, name
    except Exception as err:  # anything else escaping the boundary is the bug this test looks for
        raise AssertionError(f"{name} raised {type(err).__name__}: {err}") from err
    else:
        OUTCOMES["worked"] += 1


def _deal_calls(deal: Deal, data: st.DataObject) -> list[tuple[str, Callable[[], object]]]:
    act, seat = data.draw(actions_of(deal)), data.draw(seats_of(deal))
    return [
        ("apply", lambda: deal.apply(act, seat)),
        ("check", lambda: deal.check(act, seat)),
        ("is_legal", lambda: deal.is_legal(act, seat)),
        ("legal_actions", lambda: deal.legal_actions(seat)),
        ("view", lambda: deal.view(seat)),
        ("hand", lambda: deal.hand(seat)),
    ]


def _value_calls(data: st.DataObject, preset: str) -> list[tuple[str, Callable[[], object]]]:
    a, b, c = data.draw(JUNK), data.draw(JUNK), data.draw(JUNK)
    r = rules_with(preset)
    lo = r.player_range()[0]
    good = [100] * lo
    return [
        ("Card", lambda: Card(a)),
        ("Play", lambda: Play(a, b)),
        ("Discard", lambda: Discard(a)),
        ("discard", lambda: discard(a)),
        ("parse_action", lambda: parse_action(a)),
        ("parse_card", lambda: parse_card(a)),
        ("mask_of", lambda: mask_of(a)),
        ("cards_of", lambda: cards_of(a)),
        ("Deal stacks", lambda: Deal(r, [*good[:-1], a], 0, seed=1)),
        ("Deal", lambda: Deal(r, good if b is None else b, a, pool=0 if c is None else c, seed=1)),
        ("Deal deck", lambda: Deal(r, good, 0, deck=a)),
        ("Deal seed/ante", lambda: Deal(r, good, 0, seed=a, ante=b)),
        ("Session players", lambda: Session(r, a)),
        ("Session", lambda: Session(r, lo, stack=a, dealer=b, seed=c)),
        ("Session names", lambda: Session(r, [*(f"P{i}" for i in range(lo - 1)), a])),
        ("Session max_deals/pool", lambda: Session(r, lo, max_deals=a, pool=b)),
    ]


FUZZ = settings(
    max_examples=fuzzing.examples(12),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize("preset", PRESET_NAMES)
@FUZZ
@given(data=st.data())
def test_fuzz_api_misuse_is_refused_with_the_librarys_errors(preset: str, data: st.DataObject) -> None:
    r = rules_with(preset)
    lo, hi = r.player_range()
    n = data.draw(st.integers(lo, min(hi, 6)))
    deal = Deal(r, [data.draw(st.integers(0, 30)) for _ in range(n)], data.draw(st.integers(0, n - 1)), seed=7)
    rng = random.Random(data.draw(st.integers(0, 1000)))
    for _ in range(data.draw(st.integers(0, 12))):  # some legal play first, so every phase is reached
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    for _ in range(8):
        for name, fn in _deal_calls(deal, data):
            _call(name, fn, deal)
    for name, fn in _value_calls(data, preset):
        _call(name, fn)
    session = Session(r, n, seed=1)
    before = (session.rng.getstate(), session.stacks, session.pool, session.deals_played)
    junk = data.draw(JUNK)
    for name, fn in (
        ("new_deal", lambda: session.new_deal(junk)),
        ("stop", lambda: session.stop(junk)),
        ("play_deal", lambda: session.play_deal(junk)),
    ):
        TRIED[name] += 1
        try:
            fn()
        except LooError as err:
            OUTCOMES["refused"] += 1
            one_sentence(err)
            assert (session.rng.getstate(), session.stacks, session.pool, session.deals_played) == before
            assert session.current is None
        except Exception as err:
            raise AssertionError(f"Session.{name} raised {type(err).__name__}: {err}") from err
        else:
            OUTCOMES["worked"] += 1
            break  # it worked (a valid deck, a reason to stop): the session has moved on


@pytest.fixture(scope="module", autouse=True)
def _report_counts() -> Any:
    yield
    if TRIED:
        print(
            f"\nAPI misuse fuzz: {sum(TRIED.values()):,} calls tried ({OUTCOMES['worked']:,} worked, "
            f"{OUTCOMES['refused']:,} refused): {dict(sorted(TRIED.items()))}"
        )
        fuzzing.report("api misuse", Counter({"tried": sum(TRIED.values())}) + OUTCOMES)
        # a fuzz test that only ever refused (or only ever worked) would have tested little
        assert OUTCOMES["worked"] and OUTCOMES["refused"]
