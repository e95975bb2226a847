"""The terminal game, driven headless through Textual's pilot: keys and clicks play whole deals of every preset.

pytest-asyncio is not installed, so each test runs its coroutine with ``asyncio.run``. Bots move with no delay.
No test waits for a length of time: each waits for a state of the app (``settle``, ``wait_until``), and the test of
the bots' pacing holds the app's timers and fires them itself (``HeldTimers``), so a slow machine is only slower.
"""

from __future__ import annotations

import asyncio
import io
import json
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest
from rich.console import Console, RenderableType
from textual.pilot import Pilot
from textual.widgets import Button, Static

from lanterloo import PASS, STAND, TAKE_MISS, Action, Deal, Discard, Phase, Play, View, history
from lanterloo.actions import Ante
from lanterloo.bots import Bot, Decision
from lanterloo.cards import Card, parse_cards
from lanterloo.engine.events import Declared
from lanterloo.errors import IllegalActionError
from lanterloo.rules import PRESET_NAMES, rules_with
from lanterloo.session import Session
from lanterloo.setup import deck_for_hands
from lanterloo.tui import Game, SaveError, main, new_settings
from lanterloo.tui import save as save_file
from lanterloo.tui import summary as summary_panel
from lanterloo.tui import table as tb
from lanterloo.tui import text as tt
from lanterloo.tui.app import CardWidget, LooApp
from lanterloo.tui.game import Moved
from lanterloo.tui.screens import PathScreen, QuitScreen, SummaryScreen

SIZE = (120, 40)


class Stander:
    """Stands (plays, goes In) whenever it may, keeps its cards in an exchange, else plays its first legal
    card: every deal reaches the tricks, deterministically."""

    name = "stander"

    def decide(self, view: View) -> Decision:
        if STAND in view.legal:
            return Decision(STAND, "always plays")
        for a in view.legal:
            if isinstance(a, Discard) and a.mask == 0:
                return Decision(a, "keeps its cards")
        return Decision(view.legal[0], "first legal move")


class Scripted:
    """Declares from a script (then stands), and plays its first legal card."""

    name = "scripted"

    def __init__(self, declare: Action) -> None:
        self.declare = declare

    def decide(self, view: View) -> Decision:
        if view.phase is Phase.DECLARE:
            return Decision(self.declare if self.declare in view.legal else view.legal[0], "scripted")
        return Decision(view.legal[0], "first legal move")


def standers(players: int, human: int = 0) -> dict[int, Bot]:
    return {s: Stander() for s in range(players) if s != human}


def plain(renderable: RenderableType, width: int = 120) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


# How many rounds of the app's message queues a wait may take. Each ``pilot.pause()`` lets the app process what
# is queued and repaint, so a handful always suffice; the bound only stops a broken app from hanging the suite.
PAUSES = 200


async def wait_until(pilot: Pilot[int], condition: Callable[[], bool], what: str) -> None:
    """Let the app run until ``condition`` holds: counted in rounds of its message queues, never in seconds."""
    for _ in range(PAUSES):
        if condition():
            return
        await pilot.pause()
    assert condition(), f"the app never reached this state: {what}"


def settled(app: LooApp) -> bool:
    """The app has taken its automatic steps: no bot is to move, and a finished deal shows its summary.

    With no delay the app runs the bots in one go, but its first step is scheduled after the first repaint, which
    Textual times with its own clock: a test must wait for this state rather than assume one pause reaches it."""
    deal = app.game.deal
    if deal is None:
        return True
    if deal.is_over:
        return isinstance(app.screen, SummaryScreen)
    return app.game.bot_to_act() is None


def run(app: LooApp, script: Callable[[LooApp, Pilot[int]], Awaitable[None]], *, settle: bool = True) -> None:
    async def go() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            if settle:
                await wait_until(pilot, lambda: settled(app), "the bots have moved up to the human")
            await script(app, pilot)

    asyncio.run(go())


def live(app: LooApp) -> Deal:
    deal = app.game.deal
    assert deal is not None
    return deal


def seen(app: LooApp) -> View:
    """What the human's seat sees of the deal in progress: the tests read the table as the app does."""
    return live(app).view(app.game.human)


def legal_cards(app: LooApp) -> list[Card]:
    deal = live(app)
    return [a.card for a in deal.legal_actions(app.game.human) if isinstance(a, Play)]


def feedback(app: LooApp) -> str:
    return " ".join(plain(app.feedback[1]).split()) if app.feedback[1] else ""


def key_for(index: int) -> str:
    return "0" if index == 9 else str(index + 1)


async def try_illegal_card(app: LooApp, pilot: Pilot[int]) -> bool:
    """If the human holds a card that may not be played now, choose it: the engine's reason and rule ID are
    shown and nothing changes. Returns whether there was such a card."""
    deal = live(app)
    legal = set(legal_cards(app))
    bad = [c for c in app.hand_order if c is not None and c not in legal]
    if not bad:
        return False
    card = bad[0]
    with pytest.raises(IllegalActionError) as err:
        deal.check(Play(card), app.game.human)
    before = deal.state_key()
    await pilot.press(key_for(app.hand_order.index(card)))
    await pilot.pause()
    assert live(app).state_key() == before
    shown = feedback(app)
    assert err.value.reason in shown.replace("\n", " ") or err.value.reason[:40] in shown
    assert f"({err.value.rule_id})" in shown
    return True


async def try_card_out_of_phase(app: LooApp, pilot: Pilot[int]) -> bool:
    """Choosing a card while declaring is refused with the engine's reason; nothing changes."""
    deal = live(app)
    card = app.hand_order[0]
    assert card is not None  # nothing has been played while declaring: every place holds a card
    with pytest.raises(IllegalActionError) as err:
        deal.check(Play(card), app.game.human)
    before = deal.state_key()
    await pilot.press("1")
    await pilot.pause()
    assert live(app).state_key() == before
    assert f"{err.value.reason} ({err.value.rule_id})" in feedback(app).replace("\n", " ")
    return True


async def play_out(app: LooApp, pilot: Pilot[int], *, click: bool = False, tried: list[bool] | None = None) -> int:
    """Make every decision of the human until the deal ends; returns how many cards the human played."""
    played = 0
    for _ in range(200):
        deal = app.game.deal
        if deal is None or deal.is_over:
            break
        if not app.game.human_to_act():
            await pilot.pause()
            continue
        phase = seen(app).phase
        if phase in (Phase.DECLARE, Phase.COMMIT):
            if tried is not None and not tried[1]:
                tried[1] = await try_card_out_of_phase(app, pilot)
            if click:
                await pilot.click("#act-play")
            else:
                await pilot.press("p")
        elif phase is Phase.EXCHANGE:
            # throw the first card: mark it (by key or click), then confirm
            before = set(seen(app).hand)
            if click:
                await pilot.click("#card-0")
                await pilot.pause()
                await pilot.click("#act-discard")
            else:
                await pilot.press("1")
                await pilot.press("enter")
            await pilot.pause()
            mine = [a for s, a in app.game.moves if s == app.game.human]
            assert isinstance(mine[-1], Discard) and mine[-1].count <= 1
            assert mine[-1].mask == 0 or set(mine[-1].cards) <= before
        else:
            if tried is not None and not tried[0]:
                tried[0] = await try_illegal_card(app, pilot)
            legal = legal_cards(app)
            index = app.hand_order.index(legal[0])
            if click:
                await pilot.click(f"#card-{index}")
            else:
                await pilot.press(key_for(index))
            if app.pending_civil is not None:
                await pilot.press("n")
            played += 1
        await pilot.pause()
    await pilot.pause()
    return played


def summary_text(app: LooApp) -> str:
    screen = app.screen
    assert isinstance(screen, SummaryScreen)
    return plain(screen.summary)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_preset_plays_a_whole_deal_through_the_ui(preset: str) -> None:
    players = 4 if preset == "louse" else 5
    settings = new_settings(preset, players=players, seed=3, bots=["random"])
    game = Game(settings, bots=standers(players))
    app = LooApp(game, delay=0)
    tried = [False, preset == "louse"]  # [an illegal card in play, a card chosen while declaring]

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        hand_size = len(seen(app).hand)
        played = await play_out(app, pilot, click=preset in ("three-card", "lou"), tried=tried)
        assert played == hand_size, "the human played every card of the hand"
        rec = app.game.last_record
        assert rec is not None and rec.deal.is_over
        text = summary_text(app)
        assert f"Deal 1 · {tt.title(rec.deal.rules)}" in text
        for name in app.game.names:
            assert name in text
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, SummaryScreen)
        assert app.game.deal_number == 2
        assert len(app.game.session.records) == 1

    run(app, script)
    assert tried == [True, True], "an illegal card was tried, with its explanation checked"


def test_LOO_PLAY_2_illegal_card_is_explained_and_changes_nothing() -> None:
    rules = rules_with("three-card")
    # Seat 0 deals, so seat 1 leads; the stander bots play their lowest legal card: 3♥, then 5♥ (it must head
    # the trick). The human holds 9♥, which beats the 5♥, so the 9♥ is the only legal card.
    deck = deck_for_hands(rules, 3, 0, {1: "8h 7h 3h", 2: "2h 5h 6h", 0: "9h 4h 2c"}, turnup="7s")
    settings = new_settings("three-card", players=3, seed=1, bots=["random"], first_dealer=0)
    game = Game(settings, bots=standers(3), decks=[deck])
    app = LooApp(game, delay=0)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await pilot.press("p")
        await pilot.pause()
        deal = live(app)
        view = seen(app)
        assert view.phase is Phase.PLAY and app.game.human_to_act()
        assert view.trick == ((1, Card.parse("3h")), (2, Card.parse("5h")))
        before = deal.state_key()
        # a heart that does not head the trick, by key
        await pilot.press(key_for(app.hand_order.index(Card.parse("4h"))))
        await pilot.pause()
        assert live(app).state_key() == before
        assert "You must head the trick: your 9♥ beats the 5♥ on the table (LOO-PLAY-2)" in feedback(app)
        # a club, by click: the engine names the first duty it breaks, following suit
        with pytest.raises(IllegalActionError) as err:
            deal.check(Play(Card.parse("2c")), 0)
        await pilot.click(f"#card-{app.hand_order.index(Card.parse('2c'))}")
        await pilot.pause()
        assert live(app).state_key() == before
        assert f"{err.value.reason} (LOO-PLAY-1)" in feedback(app)
        # the legal card is highlighted, the illegal ones are not
        widgets = {w.card: w for w in app.query(CardWidget) if w.card is not None}
        assert widgets[Card.parse("9h")].has_class("legal")
        assert widgets[Card.parse("4h")].has_class("illegal") and widgets[Card.parse("2c")].has_class("illegal")
        await pilot.press(key_for(app.hand_order.index(Card.parse("9h"))))
        await pilot.pause()
        assert seen(app).tricks[0].winner == 0

    run(app, script)


def test_LOO_DECL_2_take_the_miss_by_key() -> None:
    settings = new_settings("three-card", players=4, seed=5, bots=["random"], first_dealer=3)
    game = Game(settings, bots={1: Scripted(PASS), 2: Scripted(PASS), 3: Stander()})
    app = LooApp(game, delay=0)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        dealt = seen(app).hand
        assert app.game.human_to_act()  # seat 0 is eldest
        await pilot.press("m")
        await pilot.pause()
        view = seen(app)
        taken = next(e for e in view.events if isinstance(e, Declared) and e.seat == 0)
        assert taken.action == TAKE_MISS and set(view.hand) == set(taken.hand) and set(view.hand) != set(dealt)
        assert view.miss_taker == 0
        played = await play_out(app, pilot)
        assert played == 3
        assert isinstance(app.screen, SummaryScreen)

    run(app, script)


def test_LOO_DECL_6_rams_dealer_defends_the_miss() -> None:
    players = 5
    settings = new_settings("rams-loo", players=players, seed=3, bots=["random"], first_dealer=0)
    bots: dict[int, Bot] = {1: Scripted(STAND), 2: Scripted(PASS), 3: Scripted(PASS), 4: Scripted(PASS)}
    game = Game(settings, bots=bots)
    app = LooApp(game, delay=0)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        deal = live(app)
        assert app.game.human_to_act() and seen(app).dealer == 0
        # one player stands on his own hand: the dealer may not pass (LOO-DECL-5) ...
        before = deal.state_key()
        await pilot.press("x")
        await pilot.pause()
        assert deal.state_key() == before
        assert "(LOO-DECL-5)" in feedback(app)
        # ... and the buttons offer what the dealer may do
        assert app.query_one("#act-defend").display and app.query_one("#act-miss").display
        await pilot.click("#act-defend")
        await pilot.pause()
        assert seen(app).defended
        assert await play_out(app, pilot) == 3
        text = summary_text(app)
        assert "defended the Miss" in text and "LOO-DECL-6" not in text  # in words, the ID on the rules page

    run(app, script)


def pam_deck(players: int) -> list[Card]:
    rules = rules_with("five-card", {"pam_civil": "ask"})
    # The human is eldest (the dealer is the last seat) and holds the ace of trumps (hearts); seat 1 holds Pam.
    return deck_for_hands(
        rules,
        players,
        players - 1,
        {0: "Ah 2c 3d 4s 6c", 1: "Jc 5h 7d 8s 9c", 2: "Kc 2d 3s 5s 9d", 3: "Qd 4h Ts 3h 8c"},
        turnup="7h",
    )


@pytest.mark.parametrize(("key", "civil"), [("c", True), ("n", False)])
def test_PAM_2_leading_the_ace_of_trumps_offers_the_civil_call(key: str, civil: bool) -> None:
    players = 4
    settings = new_settings(
        "five-card", players=players, seed=2, bots=["random"], first_dealer=players - 1, options={"pam_civil": "ask"}
    )
    game = Game(settings, bots=standers(players), decks=[pam_deck(players)])
    app = LooApp(game, delay=0)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await pilot.press("p")
        await pilot.pause()
        await pilot.press("k")  # keep all five cards
        await pilot.pause()
        deal = live(app)
        assert seen(app).phase is Phase.PLAY and app.game.human_to_act()
        ace = Card.parse("Ah")
        await pilot.press(key_for(app.hand_order.index(ace)))
        await pilot.pause()
        assert app.pending_civil == ace
        assert app.query_one("#act-civil").display and app.query_one("#act-plain").display
        assert live(app).state_key() == deal.state_key() and not any(
            s == 0 for s, a in app.game.moves if isinstance(a, Play)
        )
        await pilot.press(key)
        await pilot.pause()
        shown = app.game.view()
        assert shown is not None
        lead = next(a for s, a in app.game.moves if s == 0 and isinstance(a, Play))
        assert lead == Play(ace, civil)
        first = shown.tricks[0] if shown.tricks else None
        if civil:
            # Pam (seat 1) may not be played to a civil trick, so the ace holds it
            assert first is not None and first.civil and first.winner == 0
        else:
            assert first is not None and first.winner == 1  # Pam takes the ace
        await play_out(app, pilot)
        assert isinstance(app.screen, SummaryScreen)

    run(app, script)


def test_PAM_FLUSH_3_summary_names_the_flush_and_the_loos() -> None:
    players = 4
    rules = rules_with("five-card")
    hands = {0: "2c 3d 4s 6c 8d", 1: "2h 5h 9h Qh Kh", 2: "Kc 2d 3s 5s 9d", 3: "Qd 4h Ts 3h 8c"}
    deck = deck_for_hands(rules, players, players - 1, hands, turnup="7s")
    settings = new_settings("five-card", players=players, seed=2, bots=["random"], first_dealer=players - 1)
    app = LooApp(Game(settings, bots=standers(players), decks=[deck]), delay=0)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await pilot.press("p")
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        text = summary_text(app)
        assert "Flush! Ada sweeps the pool." in text
        assert "Ada holds a flush: K♥ Q♥ 9♥ 5♥ 2♥  — sweeps the pool" in text
        rec = app.game.last_record
        assert rec is not None and rec.deal.settlement is not None
        assert list(rec.deal.settlement.winners) == [1] and 0 in rec.deal.settlement.looed
        assert "looed" in text

    run(app, script)


def test_PAM_EXCH_1_exchange_marks_cards_and_draws() -> None:
    players = 4
    settings = new_settings("five-card", players=players, seed=8, bots=["random"], first_dealer=players - 1)
    game = Game(settings, bots=standers(players))
    app = LooApp(game, delay=0)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await pilot.press("p")
        await pilot.pause()
        view = seen(app)
        assert view.phase is Phase.EXCHANGE and app.game.human_to_act()
        assert view.exchange_limit == 5 and "up to 5" in plain(app.query_one("#prompt", Static).content)  # type: ignore[arg-type]
        stock = view.stock_size
        first, second = app.hand_order[0], app.hand_order[1]
        await pilot.press("1")
        await pilot.click("#card-1")
        await pilot.press("1")  # unmark the first again
        await pilot.pause()
        assert app.marked == {second}
        await pilot.press("enter")
        await pilot.pause()
        hand = seen(app).hand
        assert second not in hand and first in hand and len(hand) == 5
        assert seen(app).stock_size <= stock - 1

    run(app, script)


def test_LOU_DECL_1_coin_declare_hides_choices_until_all_commit() -> None:
    players = 4
    # a bot deals, and so sets the ante (LOU-ANTE-2); the human then commits with the others
    settings = new_settings("lou", players=players, seed=4, bots=["random"], first_dealer=3)
    game = Game(settings, bots=standers(players))
    app = LooApp(game, delay=0)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        deal = live(app)
        assert seen(app).phase is Phase.COMMIT
        # every bot has committed, the human has not: nobody's choice shows
        assert app.game.bot_to_act() is None and app.game.human_to_act()
        view = deal.view(0)
        table = plain(tb.seat_table(view, app.namer, app.game.settings.bots))
        assert table.count("committed") == players - 1
        assert " In " not in table and " Out " not in table
        await pilot.press("i")
        await pilot.pause()
        assert seen(app).phase is Phase.PLAY
        table = plain(tb.seat_table(seen(app), app.namer, app.game.settings.bots))
        assert "committed" not in table and table.count(" In ") == players

    run(app, script)


def test_hint_key_shows_the_recommended_move_and_reason() -> None:
    settings = new_settings("three-card", players=5, seed=21, bots=["random"], first_dealer=4)
    app = LooApp(Game(settings), delay=0)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        assert app.game.human_to_act()
        name, decision = app.game.hint()
        await pilot.press("question_mark")
        await pilot.pause()
        shown = feedback(app)
        # "Hint: play — <the reason>": what to do, then why, spoken to the player (never "I would ...")
        assert shown.startswith("Hint: play — ") and f"({name} bot)" in shown
        reason = decision.reason.removeprefix("Play: ")
        assert reason[1:] in shown and not re.search(r"\b(I|my)\b", shown)
        assert app.feedback[0] == "hint"

    run(app, script)


def test_undo_restores_the_exact_state() -> None:
    settings = new_settings("three-card", players=5, seed=13, bots=["random"], first_dealer=4)
    game = Game(settings, bots=standers(5))
    app = LooApp(game, delay=0)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await pilot.press("p")
        await pilot.pause()
        deal = live(app)
        assert seen(app).phase is Phase.PLAY and app.game.human_to_act()
        key = deal.state_key()
        events = len(seen(app).events)
        acted = len(app.game.moves)
        legal = legal_cards(app)
        await pilot.press(key_for(app.hand_order.index(legal[0])))
        await pilot.pause()
        after = live(app)
        assert after.state_key() != key and len(app.game.moves) > acted + 1  # the bots answered too
        after_key = after.state_key()
        await pilot.press("u")
        await pilot.pause()
        undone = live(app)
        assert undone.state_key() == key
        assert len(seen(app).events) == events and len(app.game.moves) == acted
        # the same move again brings the same bot replies
        await pilot.press(key_for(app.hand_order.index(legal[0])))
        await pilot.pause()
        assert live(app).state_key() == after_key
        # undo twice takes back the declaration too
        await pilot.press("u")
        await pilot.press("u")
        await pilot.pause()
        assert seen(app).phase is Phase.DECLARE and app.game.human_to_act()
        assert not app.game.undo_available()

    run(app, script)


def test_save_and_resume_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    settings = new_settings("three-card", players=4, seed=17, bots=["random"])
    app = LooApp(Game(settings), delay=0, save_path=str(path))
    saved: dict[str, object] = {}

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await play_out(app, pilot)  # deal 1 to the end
        await pilot.press("enter")
        await pilot.pause()
        if seen(app).phase is Phase.DECLARE and app.game.human_to_act():
            await pilot.press("p")
            await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, PathScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert path.exists() and not app.game.dirty
        assert "Saved to" in feedback(app)
        saved["key"] = live(app).state_key()
        saved["stacks"] = list(app.game.session.stacks)
        # what happens next in the uninterrupted game
        saved["next"] = [a.notation() for _, a in _continue(app.game)]

    run(app, script)
    data = save_file.unseal(path.read_bytes())
    assert data["format"] == "lanterloo-play-save" and len(data["deals"]) == 1
    assert data["current"]["actions"]
    resumed = Game.load(path)
    assert live_deal(resumed).state_key() == saved["key"]
    assert resumed.session.stacks == saved["stacks"]
    assert len(resumed.session.records) == 1 and resumed.deal_number == 2
    assert [a.notation() for _, a in _continue(resumed)] == saved["next"]
    # and it opens in the app
    app2 = LooApp(Game.load(path), delay=0)

    async def resumed_script(app: LooApp, pilot: Pilot[int]) -> None:
        assert live(app).state_key() == saved["key"]
        await play_out(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        assert "Deal 2" in summary_text(app)

    run(app2, resumed_script)


def _saved_game(seed: int = 17) -> dict[str, Any]:
    """A game with one finished deal and the next one under way, as its save file's object."""
    game = Game(new_settings("three-card", players=4, seed=seed, bots=["random"]), bots=standers(4))
    deal = live_deal(game)
    while not deal.is_over:
        game.run_bots()
        if game.human_to_act():
            game.act(deal.legal_actions(game.human)[0])
    game.finish()
    game.start_deal()
    game.run_bots()
    legal = live_deal(game).legal_actions(game.human)
    game.act(STAND if STAND in legal else legal[0])
    game.run_bots()
    assert game.deal is not None and not game.deal.is_over
    return game.to_save()


def test_the_save_file_holds_hand_history_records_that_verify() -> None:
    data = _saved_game()
    assert len(data["deals"]) == 1 and data["current"]["result"] is None
    verifier = history.Verifier()
    for line, rec in enumerate([*data["deals"], data["current"]], 1):
        verifier.check(rec, line)  # the same verifier as a hand-history file, continuity between deals included
    resumed = Game.from_save(data, bots=standers(4))
    assert resumed.to_save() == data


def test_a_save_of_the_older_form_still_resumes() -> None:
    """Saves written before the deal in progress became a hand-history record hold only its deck and actions."""
    data = _saved_game()
    want = Game.from_save(data, bots=standers(4))
    data["current"] = {"deck": data["current"]["deck"], "actions": data["current"]["actions"]}
    got = Game.from_save(data, bots=standers(4))
    assert live_deal(got).state_key() == live_deal(want).state_key()
    assert got.moves == want.moves


def test_a_tampered_save_is_refused_by_the_hand_history_verifier() -> None:
    data = _saved_game()
    data["deals"][0]["result"]["stacks"][0] += 5
    with pytest.raises(SaveError, match=r"^Deal 1 does not replay: the recorded stacks .* \(LOO-POOL-\d\)$"):
        Game.from_save(data)
    data = _saved_game()
    data["current"]["actions"][0][0] = (data["current"]["actions"][0][0] + 1) % 4  # credited to the wrong seat
    with pytest.raises(SaveError, match=r"^Deal 2 does not replay: action 1, .*\(COMMON-4\)$"):
        Game.from_save(data)
    data = _saved_game()
    data["deals"][0]["seats"][1]["stack"] += 1  # no longer where the session started
    with pytest.raises(SaveError, match="Deal 1 does not"):
        Game.from_save(data)


@dataclass(frozen=True, slots=True)
class Wager(Action):
    """A kind of decision the terminal game has no key of its own for (as the Lou dealer's ante has none)."""

    amount: int
    kind: ClassVar[str] = "wager"

    def __str__(self) -> str:
        return f"wager {self.amount}"


def test_a_legal_action_the_table_does_not_know_is_offered_by_its_name(monkeypatch: pytest.MonkeyPatch) -> None:
    choices = [Wager(3), Wager(6)]
    real = Deal.legal_actions

    def legal(self: Deal, seat: int | None = None) -> list[Action]:
        return list(choices) if seat == 0 else real(self, seat)

    monkeypatch.setattr(Deal, "legal_actions", legal)
    settings = new_settings("three-card", players=4, seed=3, bots=["random"], first_dealer=3)
    app = LooApp(Game(settings, bots=standers(4)), delay=0)
    chosen: list[Action] = []

    def act(action: Action) -> Moved:
        chosen.append(action)
        return Moved(0, action)

    monkeypatch.setattr(app.game, "act", act)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        assert app.game.human_to_act() and app.choices == choices
        prompt = plain(app.query_one("#prompt", Static).content)  # type: ignore[arg-type]
        assert "wager 3 (1) · wager 6 (2)" in prompt
        assert not app.query_one("#act-play").display and not app.query_one("#act-pass").display
        button = app.query_one("#act-choice-1", Button)
        assert button.display and str(button.label).startswith("wager 6")
        assert not app.query_one("#act-choice-2").display
        await pilot.press("2")
        await pilot.pause()
        await pilot.click("#act-choice-0")
        await pilot.pause()
        assert chosen == [Wager(6), Wager(3)]

    run(app, script)


def test_LOU_ANTE_2_the_human_dealer_sets_the_ante_by_name_and_may_ask_for_a_hint() -> None:
    settings = new_settings("lou", players=4, seed=2, bots=["random"], first_dealer=0)
    app = LooApp(Game(settings, bots=standers(4)), delay=0)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        assert seen(app).phase is Phase.ANTE and app.game.human_to_act()
        assert app.choices == [Ante(a) for a in (3, 6, 9, 12, 15)]
        prompt = plain(app.query_one("#prompt", Static).content)  # type: ignore[arg-type]
        assert "Ante 3 (1) · Ante 6 (2)" in prompt  # the engine's words (``Words.action``), as on the web table
        # the hint explains the bot's choice of ante, as for any other decision
        name, decision = app.game.hint()
        assert isinstance(decision.action, Ante) and decision.reason.startswith(f"Ante {decision.action.amount}")
        await pilot.press("question_mark")
        await pilot.pause()
        hint = feedback(app)
        assert hint.startswith(f"Hint: set the ante at {decision.action.amount} — ") and f"({name} bot)" in hint
        # the bot's reason, spoken to the player: "a pot of 24 that I could match" becomes "that you could match"
        assert "that I could match" in decision.reason and "that you could match" in hint
        await pilot.press("3")  # ante 9
        await wait_until(pilot, lambda: seen(app).phase is not Phase.ANTE, "the ante is set")
        deal = live(app)
        assert deal.actions[0] == (0, Ante(9)) and deal.started.antes == (9,) * 4
        log = plain(app.query_one("#log-text", Static).content)  # type: ignore[arg-type]
        assert "You set the ante for this game at 9." in " ".join(log.split())  # a player's log: no rule IDs

    run(app, script)


def live_deal(game: Game) -> Deal:
    assert game.deal is not None
    return game.deal


def _continue(game: Game) -> list[tuple[int, Action]]:
    """Play the rest of the deal with a fixed policy for the human (a copy: the game is unchanged)."""
    deal = live_deal(game)
    copy_deal = deal.copy()
    saved, saved_moves = game.session.current, list(game.moves)
    game.session.current = copy_deal
    moves: list[tuple[int, Action]] = []
    try:
        while not copy_deal.is_over:
            if game.human_to_act():
                action = copy_deal.legal_actions(game.human)[0]
                copy_deal.apply(action, game.human)
                moves.append((game.human, action))
            else:
                step = game.step_bot()
                assert step is not None
                moves.append((step[0].seat, step[0].action))
        return moves
    finally:
        game.session.current, game.moves = saved, saved_moves


def test_export_writes_a_verifiable_hand_history(tmp_path: Path) -> None:
    out = tmp_path / "deals.jsonl"
    settings = new_settings("five-card", players=4, seed=9, bots=["random"])
    app = LooApp(Game(settings, bots=standers(4)), delay=0)
    app.export_path = str(out)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await play_out(app, pilot)
        await pilot.press("enter")
        await pilot.pause()
        await play_out(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("e")  # from the summary
        await pilot.pause()
        assert isinstance(app.screen, PathScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert "Wrote 2 finished deals" in feedback(app)

    run(app, script)
    assert history.verify_file(out) == 2
    record = json.loads(out.read_text().splitlines()[0])
    assert record["variant"] == "five-card" and record["seats"][0]["name"] == "You"


def test_bots_wait_while_the_quit_dialog_is_open(tmp_path: Path) -> None:
    """What the quit dialog says is unsaved stays true while it is read: the bots hold their moves until it closes."""
    settings = new_settings("three-card", players=4, seed=3, bots=["random"], first_dealer=3)
    app = LooApp(Game(settings, bots=standers(4)), delay=0.02, save_path=str(tmp_path / "q.json"))

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await pilot.press("x")  # pass: the bots decide and finish the deal by themselves
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, QuitScreen), "the quit dialog is open")
        deal = app.game.deal
        assert deal is not None
        moves = len(deal.actions)
        held = app.held_ticks
        await wait_until(pilot, lambda: app.held_ticks >= held + 3, "bot moves were put off three times")
        assert len(deal.actions) == moves and isinstance(app.screen, QuitScreen)
        await pilot.press("escape")  # keep playing: the bots go on
        await wait_until(pilot, lambda: isinstance(app.screen, SummaryScreen), "the deal ended behind a closed dialog")
        assert len(deal.actions) > moves or deal.is_over

    run(app, script)


def test_quit_asks_before_throwing_progress_away(tmp_path: Path) -> None:
    settings = new_settings("three-card", players=4, seed=3, bots=["random"], first_dealer=3)
    app = LooApp(Game(settings, bots=standers(4)), delay=0, save_path=str(tmp_path / "q.json"))

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await pilot.press("p")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("escape")  # keep playing
        await pilot.pause()
        assert not isinstance(app.screen, QuitScreen) and app.is_running
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("s")  # save and quit
        await pilot.pause()
        assert isinstance(app.screen, PathScreen)
        await pilot.press("enter")
        await pilot.pause()

    run(app, script)
    assert app.return_value == 0
    assert Game.load(tmp_path / "q.json").deal is not None


def test_SESSION_2_session_end_shows_final_standings() -> None:
    settings = new_settings("three-card", players=4, seed=6, bots=["random"], stack=4)
    app = LooApp(Game(settings, bots=standers(4)), delay=0)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        for _ in range(20):
            await play_out(app, pilot)
            assert isinstance(app.screen, SummaryScreen)
            if "Final standings" in summary_text(app):
                break
            await pilot.press("enter")
            await pilot.pause()
        assert app.game.over
        text = summary_text(app)
        assert "Final standings after" in text and "1." in text
        assert app.game.session.end_reason is not None
        screen = app.screen
        assert isinstance(screen, SummaryScreen) and screen.over == app.game.session.end_reason
        await pilot.press("enter")  # finish: unsaved, so it asks
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("q")
        await pilot.pause()

    run(app, script)
    assert app.return_value == 0


def test_quit_without_progress_does_not_ask() -> None:
    settings = new_settings("three-card", players=4, seed=3, bots=["random"], first_dealer=0)
    app = LooApp(Game(settings, bots=standers(4)), delay=0)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        app.game.dirty = False  # as if just saved
        await pilot.press("q")
        await pilot.pause()

    run(app, script)
    assert app.return_value == 0


def test_hand_is_sorted_by_suit_with_trumps_together() -> None:
    rules = rules_with("five-card")
    deck = deck_for_hands(rules, 4, 3, {0: "2h Jc 9s Ah 4d"}, turnup="5h")
    game = Game(new_settings("five-card", players=4, seed=1, bots=["random"], first_dealer=3), decks=[deck])
    view = live_deal(game).view(0)
    order = tb.sort_hand(view, view.hand)
    # plain suits alternate in colour, then the trumps (hearts, with Pam, the J♣, on top)
    assert order == parse_cards("9s 4d Jc Ah 2h")
    louse = rules_with("louse")
    deck = deck_for_hands(louse, 4, 3, {0: "Jd Jc As 7s Kh Qc 8d Jh"})
    game = Game(new_settings("louse", players=4, seed=1, bots=["random"], first_dealer=3), decks=[deck])
    view = live_deal(game).view(0)
    assert tb.sort_hand(view, view.hand) == parse_cards("As 7s Kh Qc 8d Jd Jh Jc")


class HeldTimer:
    """A timer the app asked for, held until the test fires it."""

    def __init__(self, delay: float, callback: Callable[[], object]) -> None:
        self.delay = delay
        self.callback = callback
        self.stopped = False

    def stop(self) -> None:
        self.stopped = True


class HeldTimers:
    """Stands in for the app's pacing timers: the app's own timers (a bot's move, the end of a deal) are recorded
    with their delay and run only when the test fires them; Textual's timers (repaints, resizes) run as usual.
    The test then checks the pacing by what happens at each step, never by how long a step takes."""

    def __init__(self, app: LooApp, monkeypatch: pytest.MonkeyPatch) -> None:
        self.held: list[HeldTimer] = []
        real = app.set_timer

        def set_timer(delay: float, callback: Callable[[], object] | None = None, **kwargs: object) -> object:
            if callback is not None and getattr(callback, "__module__", "").startswith("lanterloo"):
                timer = HeldTimer(delay, callback)
                self.held.append(timer)
                return timer
            return real(delay, callback, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(app, "set_timer", set_timer)

    @property
    def pending(self) -> list[HeldTimer]:
        return [t for t in self.held if not t.stopped]

    def fire(self) -> HeldTimer:
        """Run the one pending timer, as the clock would once its delay had passed."""
        (timer,) = self.pending
        timer.stopped = True
        timer.callback()
        return timer


def test_bots_are_paced_by_a_visible_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = new_settings("three-card", players=5, seed=21, bots=["random"], first_dealer=0)
    app = LooApp(Game(settings), delay=0.05)
    timers = HeldTimers(app, monkeypatch)

    def seats_text() -> str:
        return plain(app.query_one("#seats", Static).content)  # type: ignore[arg-type]

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        # Seat 0 deals, so the four bots declare first: each waits for its own timer of the set delay, and its
        # declaration is drawn before the next bot's timer starts.
        for moved in range(4):
            await wait_until(pilot, lambda: bool(timers.pending), f"bot move {moved + 1} is scheduled")
            assert len(app.game.moves) == moved and not app.game.human_to_act()
            shown = seats_text()
            assert timers.fire().delay == pytest.approx(0.05)
            await pilot.pause()
            assert len(app.game.moves) == moved + 1
            assert seats_text() != shown, "the bot's move is drawn at once"
        assert app.game.human_to_act()
        assert not timers.pending, "nothing moves while the human is to act"
        assert len(app.game.moves) == 4

    run(app, script, settle=False)


def test_bots_with_a_delay_reach_the_human_on_textuals_own_timers() -> None:
    settings = new_settings("three-card", players=5, seed=21, bots=["random"], first_dealer=0)
    app = LooApp(Game(settings), delay=0.01)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        # The real timers, however slow the machine: wait for the human's turn, then check who moved.
        await wait_until(pilot, app.game.human_to_act, "the four bots have declared")
        assert len(app.game.moves) == 4

    run(app, script, settle=False)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--variant", "whist"], "Unknown variant 'whist'"),
        (["--variant", "louse", "--players", "6"], "louse is played by exactly 4 players, not 6."),
        (["--option", "no_such=1"], "Unknown rules option 'no_such'"),
        (["--bots", "genius"], "Unknown bot 'genius'"),
        (["--resume", "/nonexistent/save.json"], "Cannot read the save file"),
        (["--resume", "x.json", "--variant", "lou"], "--variant cannot be given with it"),
        (["--players", "three"], "--players must be a whole number, not 'three'."),
        (["--frobnicate"], "Unknown argument '--frobnicate': `loo play --help` lists them."),
        ([" "], "Unknown argument ' ': `loo play --help` lists them."),
        # every command reads its options with the same converters (lanterloo.cli.common)
        (["--seed", "-1"], "--seed must be at least 0, not -1."),
        (["--seed", "1_000"], "--seed must be a whole number in plain digits"),
        (["--bots", "random,,random"], "--bots 'random,,random' has an empty name"),
        (["--delay", "nan"], "--delay must be a number of seconds written in digits, like 0.5 or 2, not 'nan'."),
        (["--delay", "inf"], "--delay must be a number of seconds"),
        (["--delay=-1"], "--delay must be a number of seconds"),
        (["--delay", "61"], "--delay must be at most 60 seconds, not 61."),
        (["--deals", "0"], "--deals must be at least 1, not 0."),
        (["--stack", "9" * 41], "--stack has 41 digits; the most allowed is 40."),
    ],
)
def test_bad_arguments_exit_2_with_one_sentence(
    argv: Sequence[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(list(argv)) == 2
    err = capsys.readouterr().err.strip()
    assert message in err
    assert err.startswith("loo play: ") and err.count("\n") == 0


def test_play_needs_a_terminal(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["--seed", "1"]) == 2
    assert "needs a terminal" in capsys.readouterr().err


def test_bad_save_file_is_one_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    assert main(["--resume", str(bad)]) == 2
    assert "is not a lanterloo save file" in capsys.readouterr().err
    bad.write_text('{"format": "lanterloo-play-save", "version": 1}')  # the older, clear-text form
    assert main(["--resume", str(bad)]) == 2
    assert "in clear text that anyone could edit, so it cannot be resumed." in capsys.readouterr().err
    save_file.save_key(create=True)
    bad.write_text(save_file.HEADER + "\nnot a token\n")
    assert main(["--resume", str(bad)]) == 2
    assert "has been changed or cut short" in capsys.readouterr().err


def test_defaults_are_five_seats_and_louse_fits_four() -> None:
    s = new_settings()
    assert s.players == 5 and s.names[0] == "You" and s.rules.preset == "three-card"
    assert new_settings("louse").players == 4
    assert new_settings("lou", bots=["random", "random"]).players == 3


def test_rules_panel_lists_rule_ids_and_house_rules() -> None:
    rules = rules_with("three-card", {"loo_penalty": "pool"})
    shown = plain(tt.rules_panel(rules, {"loo_penalty": "pool"}), width=100)
    assert "LOO-PLAY-2" in shown and "Head the trick" in shown
    assert "loo_penalty = pool (house rule)" in shown
    assert "LOUSE-SCORE-1" not in shown and "lou_payout" not in shown


def test_SESSION_4_the_final_standings_show_what_is_left_in_the_pool() -> None:
    # four stand on every deal of three-card Loo, so a loo is paid into the pool; exact stops there all the same
    session = Session(rules_with("three-card", {"session_end": "exact"}), 4, stack=1000, seed=1, max_deals=1)
    session.play_deal(lambda deal, seat: STAND if STAND in deal.legal_actions(seat) else deal.legal_actions(seat)[0])
    assert session.over and session.pool > 0
    text = " ".join(plain(summary_panel.final_standings(session, ["A", "B", "C", "D"], 0, 1000)).split())
    assert f"{session.pool} chips stayed in the pool when the session ended: nobody won them" in text


def info_text(app: LooApp) -> str:
    return " ".join(plain(app.query_one("#info", Static).content).split())  # type: ignore[arg-type]


def test_SESSION_4_the_table_says_why_play_goes_on_past_the_agreed_deals() -> None:
    """Past the agreed deals, the game panel says the session plays on to empty the pool, and how far it may."""
    for seed in range(1, 40):
        settings = new_settings("three-card", players=4, seed=seed, bots=["random"], max_deals=1)
        game = Game(settings, bots=standers(4))
        app = LooApp(game, delay=0)
        shown: list[str] = []

        async def script(app: LooApp, pilot: Pilot[int], shown: list[str] = shown) -> None:
            before = info_text(app)
            assert "playing on" not in before  # the agreed deal says nothing of it
            await play_out(app, pilot)
            if app.game.session.over:
                return  # the pool was empty after the agreed deal: nothing to play on for
            await pilot.press("enter")
            await wait_until(pilot, lambda: settled(app), "the extra deal is dealt")
            shown.append(info_text(app))

        run(app, script)
        if shown:
            assert (
                "The agreed deal is played: playing on until the pool is empty, so no loo is left "
                "unpaid: extra deal 1 of at most 100." in shown[0]
            )
            return
    pytest.fail("no session played on past its agreed deal")
