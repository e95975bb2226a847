"""The terminal game's table (issue 9, items 2 and 3): the stakes beside every choice, one press to play a card,
card numbers that hold for the whole deal, a layout that fits 80x24 and uses 160x48, names never cut.

Driven headless through Textual's pilot with bots that move at once; every wait is for a state of the app.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest
from rich.console import RenderableType
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import Static

from lanterloo import PASS, STAND, Phase, Play
from lanterloo.actions import Discard
from lanterloo.bots import Bot
from lanterloo.cards import Card, parse_cards
from lanterloo.engine.events import Exchanged
from lanterloo.engine.narrate import Narrator
from lanterloo.rules import rules_with
from lanterloo.setup import deck_for_hands
from lanterloo.tui import Game, new_settings
from lanterloo.tui import table as tb
from lanterloo.tui import text as tt
from lanterloo.tui.app import CardWidget, LooApp
from lanterloo.tui.screens import SummaryScreen
from lanterloo.tui.sessionpanel import session_panel
from lanterloo.tui.stakes import stakes_text
from test_tui import Scripted, legal_cards, live_deal, plain, play_out, seen, settled, standers, wait_until


def run_at(app: LooApp, size: tuple[int, int], script: Callable[[LooApp, Pilot[int]], Awaitable[None]]) -> None:
    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await wait_until(pilot, lambda: settled(app), "the bots have moved up to the human")
            await script(app, pilot)

    asyncio.run(go())


def shown(app: LooApp, widget: str, width: int = 200) -> str:
    return plain(app.query_one(widget, Static).content, width)  # type: ignore[arg-type]


def stakes_line(app: LooApp) -> str:
    return " ".join(shown(app, "#stakes").split())


async def wait_for_turn(app: LooApp, pilot: Pilot[int], phase: Phase) -> None:
    def ready() -> bool:
        return app.game.human_to_act() and seen(app).phase is phase

    await wait_until(pilot, ready, f"the human's turn in {phase.value}")


def lead_table(hand: str = "2s 9h Kc", variant: str = "three-card", players: int = 4) -> LooApp:
    """The human (seat 0) is the eldest hand and leads: the dealer is the last seat; the others stand."""
    rules = rules_with(variant)
    deck = deck_for_hands(rules, players, players - 1, {0: hand}, turnup=None if variant == "irish" else "7d")
    settings = new_settings(variant, players=players, seed=1, bots=["random"], first_dealer=players - 1)
    return LooApp(Game(settings, bots=standers(players), decks=[deck]), delay=0)


def human_plays(app: LooApp) -> list[Card]:
    return [a.card for s, a in app.game.moves if s == app.game.human and isinstance(a, Play)]


# --- one press plays a card ---------------------------------------------------------------------------------


def test_a_first_enter_plays_the_highlighted_card() -> None:
    app = lead_table()

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await pilot.press("p")
        await wait_for_turn(app, pilot, Phase.PLAY)
        first = next(c for c in app.hand_order if c in legal_cards(app))
        # the highlight starts on a legal card, so one Enter plays it: no cursor to summon first
        assert app.hand_order[app.cursor] == first
        assert app.query_one(f"#card-{app.cursor}", CardWidget).has_class("cursor")
        await pilot.press("enter")
        await pilot.pause()
        assert human_plays(app) == [first]

    run_at(app, (120, 40), script)


def test_arrows_move_the_highlight_and_space_plays_it_at_once() -> None:
    app = lead_table()

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await pilot.press("p")
        await wait_for_turn(app, pilot, Phase.PLAY)
        start = app.cursor
        await pilot.press("right")
        assert app.cursor == start + 1
        await pilot.press("left", "left")  # wraps round to the last card
        assert app.cursor == len(app.hand_order) - 1
        card = app.hand_order[app.cursor]
        await pilot.press("space")
        await pilot.pause()
        assert human_plays(app) == [card]

    run_at(app, (120, 40), script)


def test_the_hint_highlights_its_card_so_enter_plays_it() -> None:
    app = lead_table()

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await pilot.press("p")
        await wait_for_turn(app, pilot, Phase.PLAY)
        _, decision = app.game.hint()
        assert isinstance(decision.action, Play)
        await pilot.press("question_mark")
        await pilot.pause()
        hint = " ".join(plain(app.feedback[1]).split())
        assert hint.startswith(f"Hint: play {decision.action.card.unicode} — ")
        assert " I " not in f" {hint} " and " my " not in f" {hint} "
        assert app.hand_order[app.cursor] == decision.action.card
        await pilot.press("enter")
        await pilot.pause()
        assert human_plays(app) == [decision.action.card]

    run_at(app, (120, 40), script)


def test_hint_speaks_to_the_player_and_names_the_seats() -> None:
    namer = tt.Namer(["You", "Ada", "Basil"], 0)
    assert tt.second_person("No diamonds, so I must trump: the 9♣", namer) == "No diamonds, so you must trump: the 9♣"
    assert tt.second_person("Must follow hearts: the 9♥ is my only one", namer).endswith("is your only one")
    assert tt.second_person("No jacks: throw the A♠ (11 points) onto seat 2's trick", namer).endswith(
        "onto Basil's trick"
    )
    assert tt.second_person("I must take this trick", namer) == "You must take this trick"


# --- card numbers hold for the whole deal -------------------------------------------------------------------


def test_card_numbers_stay_when_a_card_is_played_and_when_trumps_are_set() -> None:
    # Irish Loo: no turn-up, the first lead sets trumps (IRISH-TRUMP-1). Before it the hand is sorted with no trump
    # (2♠ 9♥ K♣); once the 2♠ is led, spades are trumps, and a fresh sort would move K♣ to the first place.
    app = lead_table("2s 9h Kc", variant="irish")

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await pilot.press("p")
        await wait_for_turn(app, pilot, Phase.PLAY)
        assert app.hand_order == parse_cards("2s 9h Kc")
        numbers = {c: app.hand_order.index(c) for c in parse_cards("9h Kc")}
        await pilot.press("1")  # lead the 2♠: spades become trumps
        await wait_until(pilot, lambda: seen(app).trump is not None and settled(app), "trumps are set")
        assert app.hand_order[0] is None  # the 2♠'s place stays empty ...
        for card, index in numbers.items():  # ... and every other card keeps its place and number key
            if card in seen(app).hand:
                assert app.hand_order.index(card) == index
                widget = app.query_one(f"#card-{index}", CardWidget)
                assert widget.card == card and widget.border_subtitle == str(index + 1)
        assert not app.query_one("#card-0", CardWidget).display

    run_at(app, (120, 40), script)


def test_an_undone_card_comes_back_to_its_place() -> None:
    app = lead_table("2s 9h Kc")

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await pilot.press("p")
        await wait_for_turn(app, pilot, Phase.PLAY)
        before = list(app.hand_order)
        await pilot.press("2")
        await pilot.pause()
        assert app.hand_order[1] is None
        await pilot.press("u")
        await wait_for_turn(app, pilot, Phase.PLAY)
        assert app.hand_order == before

    run_at(app, (120, 40), script)


# --- the stakes beside every choice -----------------------------------------------------------------------


def test_LOO_POOL_1_three_card_declare_shows_the_share_and_the_loo() -> None:
    settings = new_settings("three-card", players=5, seed=21, bots=["random"], first_dealer=4)
    app = LooApp(Game(settings, bots=standers(5)), delay=0)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        view = seen(app)
        assert view.phase is Phase.DECLARE and app.game.human_to_act()
        s = view.stakes
        line = stakes_line(app)
        assert f"Play: each trick wins {s.share} of the {s.pool} chips; no trick: looed, pay {s.loo}" in line
        assert "Take the Miss: the same, with the unseen Miss as your hand" in line
        assert "Pass: lose nothing more" in line
        await pilot.press("p")
        await wait_for_turn(app, pilot, Phase.PLAY)
        line = stakes_line(app)
        assert f"Each trick: wins {s.share} of the {s.pool} chips" in line
        if seen(app).tricks_won[0] == 0:
            assert f"No trick yet: looed if none, pay {s.loo}" in line

    run_at(app, (120, 40), script)


def test_LOO_POOL_3_a_pool_sized_loo_says_so() -> None:
    settings = new_settings(
        "three-card", players=4, seed=2, bots=["random"], first_dealer=3, options={"loo_penalty": "pool"}
    )
    app = LooApp(Game(settings, bots=standers(4)), delay=0)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        assert f"looed, pay the whole pool ({seen(app).stakes.loo})" in stakes_line(app)

    run_at(app, (120, 40), script)


def test_PAM_EXCH_1_five_card_stakes_in_the_declaration_and_the_exchange() -> None:
    settings = new_settings("five-card", players=4, seed=8, bots=["random"], first_dealer=3)
    app = LooApp(Game(settings, bots=standers(4)), delay=0)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        s = seen(app).stakes
        assert s.share == s.pool // 5
        assert f"Play: each trick wins {s.share} of the {s.pool} chips" in stakes_line(app)
        await pilot.press("p")
        await wait_for_turn(app, pilot, Phase.EXCHANGE)
        assert f"Each trick: wins {s.share} of the {s.pool} chips" in stakes_line(app)

    run_at(app, (120, 40), script)


def test_LOO_DECL_6_defending_the_miss_is_explained_where_it_is_chosen() -> None:
    settings = new_settings("rams-loo", players=5, seed=3, bots=["random"], first_dealer=0)
    bots: dict[int, Bot] = {1: Scripted(STAND), 2: Scripted(PASS), 3: Scripted(PASS), 4: Scripted(PASS)}
    app = LooApp(Game(settings, bots=bots), delay=0)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        assert app.game.human_to_act() and seen(app).dealer == 0
        line = stakes_line(app)
        assert "Defend the Miss: play the Miss for the pool: you neither win nor pay" in line
        assert "its tricks' shares stay in the pool" in line and "LOO-DECL-6" not in line  # words, not IDs
        assert "Pass:" not in line  # the dealer may not pass here (LOO-DECL-5): no stakes for it
        await pilot.press("d")
        await wait_for_turn(app, pilot, Phase.PLAY)
        assert "You defend the Miss: its tricks' shares stay in the pool; you neither win nor pay" in stakes_line(app)

    run_at(app, (120, 40), script)


@pytest.mark.parametrize("payout", ["A", "B", "C"])
def test_LOU_PAY_1_going_in_says_what_no_trick_costs(payout: str) -> None:
    settings = new_settings(
        "lou",
        players=4,
        seed=4,
        bots=["random"],
        first_dealer=0,
        options={"lou_payout": payout, "lou_ante_choice": "fixed"},
    )
    app = LooApp(Game(settings, bots=standers(4)), delay=0)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await wait_for_turn(app, pilot, Phase.COMMIT)
        s = seen(app).stakes
        prompt = " ".join(shown(app, "#prompt").split())
        assert f"Going In and taking no trick costs the whole pot: you match it ({s.match})." in prompt
        line = stakes_line(app)
        gain = {
            "A": f"In: each trick wins a pile of {s.share}",
            "B": f"In: two tricks win the pot ({s.pool}); if nobody takes two, the pot stays for the next deal; one "
            "trick or none and",
            "C": f"In: two tricks win the pot ({s.pool}); if nobody takes two, the pot stays for the next deal; one "
            "trick costs nothing",
        }[payout]
        assert gain in line and f"and you match the pot: pay {s.match}" in line
        assert "Out: lose nothing more" in line

    run_at(app, (120, 40), script)


def test_LOU_PAY_1_a_capped_match_is_named_as_such() -> None:
    settings = new_settings(
        "lou",
        players=4,
        seed=4,
        bots=["random"],
        first_dealer=0,
        options={"lou_match_cap": "2", "lou_ante_choice": "fixed"},
    )
    app = LooApp(Game(settings, bots=standers(4)), delay=0)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await wait_for_turn(app, pilot, Phase.COMMIT)
        assert seen(app).stakes.match == 2
        assert "costs a match of 2 (the pot, capped)" in shown(app, "#prompt")
        assert "you match the pot, capped: pay 2" in stakes_line(app)

    run_at(app, (120, 40), script)


def test_LOUSE_SCORE_2_card_points_match_totals_and_queen_bonuses_are_on_screen() -> None:
    rules = rules_with("louse")
    deck = deck_for_hands(rules, 4, 3, {0: "Qc As Ts 8s Qh 7d Jd Jh"})
    settings = new_settings("louse", players=4, seed=1, bots=["random"], first_dealer=3)
    app = LooApp(Game(settings, bots=standers(4), decks=[deck]), delay=0)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await wait_for_turn(app, pilot, Phase.PLAY)
        values = seen(app).stakes.card_points
        for w in app.query(CardWidget):
            if w.card is not None:  # every card shows its penalty points, the queen bonus included
                assert plain(w.content).split()[1] == str(values[w.card])  # type: ignore[arg-type]
        assert values[Card.parse("Qc")] == 302
        line = stakes_line(app)
        assert "You took: 0 this deal" in line and "Match total: 0 (1500 loses)" in line
        queens = " ".join(shown(app, "#stakes").split())
        assert "Queens: Q♣ costs 302, Q♠ costs 202, Q♥ costs 102" in queens
        assert "the Q♦ cancels the queens' points of whoever takes it" in queens
        # the match totals are in the seat table all the time
        assert "Points" in shown(app, "#seats")

    run_at(app, (120, 40), script)


# --- the layout at 80x24 and 160x48 -----------------------------------------------------------------------


def test_at_80x24_the_whole_table_fits_with_the_best_card_marked() -> None:
    settings = new_settings("three-card", players=5, seed=21, bots=["random"], first_dealer=0)
    app = LooApp(Game(settings, bots=standers(5)), delay=0)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await pilot.press("p")
        await wait_for_turn(app, pilot, Phase.PLAY)
        view = seen(app)
        assert len(view.trick) >= 2, "seat 0 deals: the others have led and followed"
        upper = app.query_one("#upper", VerticalScroll)
        assert upper.max_scroll_y == 0, "nothing of the table is scrolled out of view"
        felt = shown(app, "#felt", 80)
        assert "★ best" in felt and "▶ next" in felt
        assert stakes_line(app).startswith("Each trick:")
        cards = [w for w in app.query(CardWidget) if w.display]
        assert cards and all(w.region.bottom <= app.size.height - 1 for w in cards), "the hand is above the footer"

    run_at(app, (80, 24), script)


def test_at_160x48_the_side_panel_is_wide_and_names_are_whole() -> None:
    settings = new_settings("three-card", players=6, seed=5, bots=["random"], name="Bartholomew Quil")
    app = LooApp(Game(settings, bots=standers(6)), delay=0)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        assert app.query_one("#side").outer_size.width == 64
        assert "Bartholomew Quil" in shown(app, "#seats", 100)

    run_at(app, (160, 48), script)


def test_the_session_panel_never_cuts_a_name() -> None:
    settings = new_settings("three-card", players=5, seed=6, bots=["random"], name="Maximilian Fox")
    game = Game(settings, bots=standers(5))
    for _ in range(3):
        deal = game.deal
        assert deal is not None
        while not deal.is_over:
            if game.human_to_act():
                game.act(deal.legal_actions(0)[0])
            else:
                game.step_bot()
        game.finish()
        game.start_deal()
    deals = [(rec, game.end_view(rec)) for rec in game.session.records]
    out = plain(session_panel(deals, game.names, 0, False, 44), 44)
    for name in game.names:
        assert name in out
    assert "…" not in out


def test_the_finished_trick_label_and_long_names_fit_on_the_felt() -> None:
    settings = new_settings("three-card", players=4, seed=1, bots=["random"], name="Bartholomew Quil")
    game = Game(settings, bots=standers(4))
    deal = game.deal
    assert deal is not None
    while not (deal.is_over or deal.view(0).tricks):
        if game.human_to_act():
            game.act(deal.legal_actions(0)[0])
        else:
            game.step_bot()
    view = deal.view(0)
    if not view.tricks:
        pytest.skip("the deal ended without play")
    namer = tt.Namer(game.names, 0)
    for size in ({"width": 90, "height": 12}, {"width": 78, "height": 3, "compact": True}):
        _title, body = tb.felt(view, namer, **size)  # type: ignore[arg-type]
        text: RenderableType = body
        out = plain(text, 100)
        assert "★ took it" in out
        for s, _ in view.tricks[-1].cards:
            assert game.names[s] in out


def test_a_player_named_you_is_spoken_to_as_you() -> None:
    rules = rules_with("three-card")
    n = Narrator(rules, ["You", "Ada", "Basil"])  # as in an exported history, told by ``loo replay``
    assert n.say(0, "deal") == "You deal" and n.say(1, "deal") == "Ada deals"
    assert Narrator(rules, ["Ann", "Ada"], you=0).say(0, "deal") == "You deal"
    assert Narrator(rules, ["Ann", "Ada"]).say(0, "deal") == "Ann deals"


def test_stakes_are_drawn_from_the_view_for_every_preset() -> None:
    """Every preset's stakes line, on its first decision: it names figures the View's stakes carry."""
    for variant in ("three-card", "mississippi", "irish", "rams-loo", "five-card", "lou", "louse"):
        players = 4 if variant == "louse" else 5
        game = Game(new_settings(variant, players=players, seed=9, bots=["random"]), bots=standers(players))
        game.run_bots()
        view = live_deal(game).view(game.human)
        line = " ".join(plain(stakes_text(view, view.legal)).split())
        if variant == "louse":
            assert "You took:" in line
        else:
            assert f"{view.stakes.share}" in line and ("looed" in line or "match the pot" in line), (variant, line)


def test_the_summary_session_table_keeps_whole_names_at_80x24() -> None:
    settings = new_settings("three-card", players=6, seed=6, bots=["random"], name="Maximilian Fox")
    app = LooApp(Game(settings, bots=standers(6)), delay=0)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await play_out(app, pilot)
        screen = app.screen
        assert isinstance(screen, SummaryScreen)
        out = plain(screen.table, 74)
        assert all(name in out for name in app.game.names) and "…" not in out

    run_at(app, (80, 24), script)


def test_PAM_EXCH_1_the_exchange_hint_marks_the_cards_it_throws_so_enter_throws_them() -> None:
    """The five-card exchange hint names cards to throw: it marks them, and Enter throws exactly those (before,
    Enter kept all five while the hint said to throw)."""
    for seed in range(1, 30):
        settings = new_settings("five-card", players=4, seed=seed, bots=["random"], first_dealer=3)
        app = LooApp(Game(settings, bots=standers(4)), delay=0)
        thrown: list[object] = []

        async def script(app: LooApp, pilot: Pilot[int], thrown: list[object] = thrown) -> None:
            if not (app.game.human_to_act() and seen(app).phase is Phase.DECLARE):
                return
            await pilot.press("p")
            await pilot.pause()
            if not (app.game.human_to_act() and seen(app).phase is Phase.EXCHANGE):
                return
            _, decision = app.game.hint()
            if not (isinstance(decision.action, Discard) and decision.action.mask):
                return
            await pilot.press("question_mark")
            await pilot.pause()
            assert app.marked == set(decision.action.cards)
            assert "(marked: ⏎ throws them)" in " ".join(plain(app.feedback[1]).split())
            await pilot.press("enter")
            await pilot.pause()
            mine = [e for e in seen(app).events if isinstance(e, Exchanged) and e.seat == 0]
            thrown.append(mine[0].action)
            thrown.append(decision.action)

        run_at(app, (120, 40), script)
        if thrown:
            assert thrown[0] == thrown[1]
            return
    pytest.fail("no deal gave a hint to throw cards")
