"""The narrator (``lanterloo.engine.narrate``): every event kind and every settlement kind of every preset becomes a
sentence with the caller's names, and a refusal names the seats with them too (issue 7, items 3 and 4)."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Iterator

import pytest
from rich.console import Console

from lanterloo.actions import PASS, STAND, TAKE_MISS, Ante, parse_action
from lanterloo.bots import Bot, Decision
from lanterloo.engine import Deal, Phase, View
from lanterloo.engine.events import EVENT_TYPES, Committed, DealStarted, Event, Exchanged, Settled
from lanterloo.engine.narrate import Narrator
from lanterloo.engine.scoring import SettlementKind
from lanterloo.errors import IllegalActionError
from lanterloo.render import render_deal
from lanterloo.rules import PRESETS, Rules, rules_with
from lanterloo.tui import Game, new_settings
from lanterloo.tui import text as tt
from lanterloo.tui.app import LooApp

NAMES = ["Ada", "Basil", "Cleo", "Dora", "Emil", "Fern", "Gus", "Hal", "Ivy", "Jon"]
SEAT_N = re.compile(r"\b[Ss]eat \d")

# The presets, and the house rules that bring in the rarer events: Club Law and Bold Stand (forced), a stock that
# runs short (reshuffled), "Pam, be civil" called on a lead (PAM-2).
TABLES: list[tuple[str, Rules, int]] = [
    *((name, rules, 0) for name, rules in PRESETS.items()),
    ("three-card club law", rules_with("three-card", {"club_law": True}), 0),
    ("three-card bold stand", rules_with("three-card", {"bold_stand": "everyone"}), 0),
    ("five-card reshuffle", rules_with("five-card", {"exchange_shortfall": "reshuffle", "pam_civil": "ask"}), 9),
]


def played_deals(rules: Rules, players: int, count: int) -> Iterator[Deal]:
    lo, hi = rules.player_range()
    for seed in range(count):
        n = players or lo + seed % (min(hi, 7) - lo + 1)
        deal = Deal(rules, [100] * n, seed % n, seed=seed)
        rng = random.Random(seed)
        while not deal.is_over:
            seats = deal.seats_to_act()
            seat = seats[int(rng.random() * len(seats))]
            legal = deal.legal_actions(seat)
            deal.apply(legal[int(rng.random() * len(legal))], seat)
        yield deal


def check_sentence(said: str | None, ev: Event, narrator: Narrator) -> None:
    assert said, f"no sentence for {ev!r}"
    assert not SEAT_N.search(said), said
    if ev.seat is not None:
        if ev.seat == narrator.you:
            assert re.search(r"\b([Yy]ou|Your)\b", said), (said, ev)
        else:
            assert narrator.name(ev.seat) in said, (said, ev)


@pytest.mark.parametrize(("label", "rules", "players"), TABLES, ids=[t[0] for t in TABLES])
def test_every_event_of_every_preset_is_told_with_the_callers_names(label: str, rules: Rules, players: int) -> None:
    for deal in played_deals(rules, players, 60 if players == 0 else 30):
        names = NAMES[: deal.players]
        referee = Narrator(rules, names)
        for ev in deal.events:
            check_sentence(referee.event(ev), ev, referee)
            for seat in [*range(deal.players), None]:
                mine = ev.censored(seat)
                n = Narrator(rules, names, you=seat)
                check_sentence(n.event(mine), mine, n)
                if mine is not ev and isinstance(ev, Exchanged) and ev.action is not None and ev.action.mask:
                    # a censored record tells only what the seat may know: never the cards it hides
                    assert not any(c.unicode in (n.event(mine) or "") for c in ev.drawn)
        st = deal.settlement
        assert st is not None
        view = deal.view(None)
        for line in [referee.outcome(st), *referee.settlement(st, view)]:
            assert line and not SEAT_N.search(line), line
        for seat in st.looed + st.winners:
            assert names[seat] in " ".join(referee.settlement(st, view))
        told = render_deal(deal, names, number=1, hands=True)
        assert not SEAT_N.search(told), told


def test_the_deals_above_hold_every_event_kind_and_every_settlement_kind() -> None:
    events: set[type] = set()
    settlements: set[SettlementKind] = set()
    for _, rules, players in TABLES:
        for deal in played_deals(rules, players, 60 if players == 0 else 30):
            events |= {type(ev) for ev in deal.events}
            settlements |= {deal.settlement.kind} if deal.settlement else set()
    assert set(EVENT_TYPES) == events
    assert set(SettlementKind) == settlements


def test_the_seat_spoken_to_is_you_and_secrets_stay_secret() -> None:
    rules = PRESETS["three-card"]
    deal = Deal(rules, [100] * 4, 0, seed=3)
    deal.apply(TAKE_MISS, 1)
    ev = deal.events[-1]
    mine = Narrator(rules, NAMES[:4], you=1).event(ev.censored(1)) or ""
    theirs = Narrator(rules, NAMES[:4], you=2).event(ev.censored(2)) or ""
    assert mine.startswith("You take the Miss: your new hand is ")
    assert theirs == "Basil takes the Miss."


def test_lou_commitments_are_secret_until_revealed_LOU_DECL_1() -> None:
    rules = PRESETS["lou"]
    deal = Deal(rules, [100] * 3, 0, seed=1)
    assert deal.phase is Phase.ANTE  # LOU-ANTE-2: the dealer sets the ante first
    deal.apply(Ante(6), 0)
    said = Narrator(rules, NAMES[:3], you=1).event(deal.events[1])
    assert said == "Ada sets the ante for this game at 6 (LOU-ANTE-2)."
    assert deal.view(1).phase is Phase.COMMIT
    deal.apply(STAND, 1)
    ev = deal.events[-1]
    assert isinstance(ev, Committed)
    assert Narrator(rules, NAMES[:3], you=1).event(ev.censored(1)) == "You commit In, in secret."
    assert Narrator(rules, NAMES[:3], you=0).event(ev.censored(0)) == "Basil commits, in secret."


def test_unnamed_seats_fall_back_to_seat_numbers() -> None:
    rules = PRESETS["three-card"]
    deal = Deal(rules, [100] * 3, 0, seed=1)
    start = deal.events[0]
    assert isinstance(start, DealStarted)
    assert Narrator(rules).event(start) == "Seat 0 deals."


# --- refusals name the seats they mention -------------------------------------------------------------------------


def test_a_refusal_out_of_turn_carries_its_seats_and_names_them_COMMON_4() -> None:
    deal = Deal(PRESETS["three-card"], [100] * 4, 0, seed=1)
    with pytest.raises(IllegalActionError) as info:
        deal.apply(PASS, 3)
    err = info.value
    assert str(err) == "It is seat 1's turn, not seat 3's (COMMON-4)"
    assert err.reason == "It is seat 1's turn, not seat 3's"
    assert err.seats == {"to_act": 1, "seat": 3}
    assert err.describe(NAMES) == "It is Basil's turn, not Dora's (COMMON-4)"
    assert err.describe(NAMES, rule=False) == "It is Basil's turn, not Dora's"


def test_a_refusal_of_a_taken_miss_names_its_taker_LOO_DECL_2() -> None:
    deal = Deal(PRESETS["three-card"], [100] * 4, 0, seed=1)
    deal.apply(TAKE_MISS, 1)
    with pytest.raises(IllegalActionError) as info:
        deal.apply(TAKE_MISS, 2)
    err = info.value
    assert str(err) == "Seat 1 has already taken the Miss (LOO-DECL-2)"
    assert err.seats == {"taker": 1}
    assert err.describe(NAMES) == "Basil has already taken the Miss (LOO-DECL-2)"


def test_a_second_commitment_is_refused_by_name_LOU_DECL_1() -> None:
    deal = Deal(PRESETS["lou"], [100] * 3, 0, seed=1)
    deal.apply(Ante(3), 0)
    deal.apply(STAND, 2)
    with pytest.raises(IllegalActionError) as info:
        deal.apply(PASS, 2)
    err = info.value
    assert str(err) == "Seat 2 has already committed (LOU-DECL-1)"
    assert err.describe(NAMES) == "Cleo has already committed (LOU-DECL-1)"
    assert err.describe([]) == "Seat 2 has already committed (LOU-DECL-1)"


def test_a_refusal_without_seats_reads_the_same_with_names() -> None:
    deal = Deal(PRESETS["three-card"], [100] * 4, 0, seed=1)
    with pytest.raises(IllegalActionError) as info:
        deal.apply(parse_action("discard"), 1)
    assert info.value.seats == {}
    assert info.value.describe(NAMES) == str(info.value)


# --- the terminal game's log --------------------------------------------------------------------------------------


def _plain(lines: list[object]) -> str:
    console = Console(width=200, color_system=None, record=True)
    for line in lines:
        console.print(line)
    return console.export_text()


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_terminal_log_uses_the_players_names(preset: str) -> None:
    rules = PRESETS[preset]
    for deal in played_deals(rules, 0, 8):
        names = NAMES[: deal.players]
        human = 1
        namer = tt.Namer(names, human)
        log = _plain(list(tt.event_lines(deal.view(human), namer, 1)))
        assert not SEAT_N.search(log), log
        assert log.startswith("Deal 1: ")
        assert any(isinstance(e, Settled) for e in deal.events)
        st = deal.settlement
        assert st is not None
        assert tt.outcome_sentence(st, rules, namer) in log.replace("\n", " ") or st.kind is SettlementKind.TRICKS
        told = {names[s] for s in range(deal.players) if s != human}
        assert any(name in log for name in told) or "You" in log


def test_the_terminal_game_names_the_seats_in_a_refusal_LOO_DECL_2() -> None:
    class TakesTheMiss:
        name = "scripted"

        def decide(self, view: View) -> Decision:
            return Decision(TAKE_MISS if TAKE_MISS in view.legal else view.legal[0], "scripted")

    settings = new_settings("three-card", players=3, seed=3, bots=["random"], first_dealer=0)
    bots: dict[int, Bot] = {1: TakesTheMiss(), 2: TakesTheMiss()}
    app = LooApp(Game(settings, bots=bots), delay=0)

    async def go() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert app.game.human_to_act()
            assert not app.do(TAKE_MISS)
            shown = " ".join(_plain([app.feedback[1]]).split())
            assert f"{app.game.names[1]} has already taken the Miss (LOO-DECL-2)" in shown
            assert not SEAT_N.search(shown)

    asyncio.run(go())
