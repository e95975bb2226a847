"""Saves nobody can read or edit, seeds kept secret during play, and names that are never markup (issue 8, item 4
and the terminal game's part of item 2). Fuzz sizes come from tests/fuzzing.py: seconds here, more under make fuzz.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import stat
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from cryptography.fernet import Fernet
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import RenderableType
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static

from fuzzing import examples, report
from lanterloo import STAND, Phase, history
from lanterloo.actions import Ante
from lanterloo.errors import LooError
from lanterloo.rules import how_it_is_played, register_variant, rules_with, unregister_variant
from lanterloo.tui import Game, SaveError, command, main, new_settings, parse, savefiles
from lanterloo.tui import save as save_file
from lanterloo.tui.app import LooApp
from lanterloo.tui.picker import SavePicker
from lanterloo.tui.rulespanel import rules_page
from lanterloo.tui.savefiles import short_id
from lanterloo.tui.screens import PathScreen, QuitScreen, ReplaceScreen, RulesScreen, SummaryScreen
from test_tui import feedback, plain, play_out, run, standers, wait_until


def _text(renderable: RenderableType) -> str:
    return plain(renderable, width=200)


def _game(
    preset: str = "three-card", seed: int | None = 17, players: int = 4, options: dict[str, str] | None = None
) -> Game:
    """One finished deal and the next one under way."""
    settings = new_settings(preset, players=players, seed=seed, bots=["random"], options=options)
    game = Game(settings, bots=standers(players))
    for _ in range(2):
        deal = game.deal
        assert deal is not None
        while not deal.is_over:
            game.run_bots()
            if game.human_to_act():
                game.act(deal.legal_actions(game.human)[0])
        game.finish()
        game.start_deal()
    game.run_bots()
    assert game.deal is not None
    legal = game.deal.legal_actions(game.human)
    game.act(STAND if STAND in legal else legal[0])
    game.run_bots()
    return game


@pytest.fixture(scope="module")
def sealed() -> tuple[bytes, dict[str, Any]]:
    game = _game()
    return save_file.seal(game.to_save()).encode("ascii"), game.to_save()


def _refused(raw: bytes, tmp: Path) -> str:
    path = tmp / "s.sav"
    path.write_bytes(raw)
    with pytest.raises(SaveError) as e:
        Game.load(path, bots=standers(4))
    text = str(e.value)
    assert text.count("\n") == 0 and text.endswith((".", ")")), text
    return text


def test_the_save_resumes_and_holds_no_hidden_card_or_seed_in_clear(tmp_path: Path) -> None:
    game = _game(seed=(1 << 127) + 12345)
    path = tmp_path / "game.sav"
    game.save(path)
    raw = path.read_text("ascii")
    assert raw.startswith(save_file.HEADER + "\n") and raw.count("\n") == 2
    deal = game.deal
    assert deal is not None
    record = game.current_record()
    assert record is not None
    mine = {str(c) for c in deal.view(game.human).hand}
    assert [c for c in record["deck"] if c not in mine]  # other hands, the Miss: hidden from the player
    for card in record["deck"]:
        assert json.dumps(card) not in raw  # no card notation, quoted as JSON holds it
    assert str(game.settings.seed) not in raw
    resumed = Game.load(path, bots=standers(4))
    assert resumed.deal is not None and resumed.deal.state_key() == deal.state_key()
    assert resumed.session.stacks == game.session.stacks


def test_the_key_is_made_once_readable_by_the_user_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(save_file.DATA_DIR_ENV, str(tmp_path / "data"))
    game = _game()
    game.save(tmp_path / "a.sav")
    key = save_file.key_path()
    assert key.parent == tmp_path / "data"
    assert stat.S_IMODE(os.stat(key).st_mode) == 0o600
    first = key.read_bytes()
    game.save(tmp_path / "b.sav")
    assert key.read_bytes() == first
    # another installation (another key) cannot open it
    monkeypatch.setenv(save_file.DATA_DIR_ENV, str(tmp_path / "elsewhere"))
    with pytest.raises(SaveError, match="no save key"):
        Game.load(tmp_path / "a.sav")
    save_file.save_key(create=True)
    with pytest.raises(SaveError, match="another installation's key"):
        Game.load(tmp_path / "a.sav")


_MUTATIONS = ("flip", "truncate", "swap", "drop", "insert", "other-key")


def _mutate(raw: bytes, kind: str, data: st.DataObject, plain: dict[str, Any]) -> bytes:
    head, token = raw.split(b"\n", 1)
    n = len(token)
    if kind == "flip":
        i = data.draw(st.integers(0, len(raw) - 2))
        bit = data.draw(st.integers(0, 7))
        out = bytearray(raw)
        out[i] ^= 1 << bit
        return bytes(out)
    if kind == "truncate":
        return raw[: data.draw(st.integers(0, len(raw) - 3))]
    if kind == "swap":  # two blocks of the token change places
        size = data.draw(st.integers(4, 64))
        i = data.draw(st.integers(0, n - 2 * size - 1))
        j = data.draw(st.integers(i + size, n - size - 1))
        a, b = token[i : i + size], token[j : j + size]
        if a == b:
            return raw[:-5]
        return head + b"\n" + token[:i] + b + token[i + size : j] + a + token[j + size :]
    if kind == "drop":
        i = data.draw(st.integers(0, n - 2))
        size = data.draw(st.integers(1, 64))
        return head + b"\n" + token[:i] + token[i + size :]
    if kind == "insert":
        i = data.draw(st.integers(0, n - 1))
        return head + b"\n" + token[:i] + data.draw(st.sampled_from([b"A", b"==", b"\n", b"0000"])) + token[i:]
    # sealed with a key of its own: the very same game, edited or not, is refused
    body = json.dumps(plain).encode()
    return head + b"\n" + Fernet(Fernet.generate_key()).encrypt(body) + b"\n"


def test_fuzz_tampered_saves_are_refused_with_one_sentence(
    sealed: tuple[bytes, dict[str, Any]], tmp_path: Path
) -> None:
    raw, plain = sealed
    counts: Counter[str] = Counter()

    @settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(kind=st.sampled_from(_MUTATIONS), data=st.data())
    def check(kind: str, data: st.DataObject) -> None:
        bad = _mutate(raw, kind, data, plain)
        if bad.strip() == raw.strip():
            return  # an edit that cancels out (a flip of trailing whitespace, say)
        counts[f"{kind}: {_refused(bad, tmp_path)[:40]}"] += 1
        counts["tried"] += 1

    check()
    report("tampered saves", counts)


def _resealed(plain: dict[str, Any], tmp: Path) -> str:
    """Edit the game and seal it again with this installation's key, as someone holding the key could."""
    return _refused(save_file.seal(plain).encode(), tmp)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["deals"].pop(), "finished deals were removed"),
        (lambda d: d["chain"].__setitem__(0, d["chain"][1]), "its link in the deal chain differs"),
        (lambda d: (d["deals"].pop(), d["chain"].pop()), "comes after deal 1"),
        (lambda d: d["deals"].reverse(), "Deal 1 "),
        (lambda d: d["bots"].__setitem__(1, "genius"), "unknown bot style 'genius'"),
        (lambda d: d.update(human=1, bots=["random", None, "random", "random"]), "seat 0"),
        (lambda d: d.update(stack=1_000_000), "does not start where the session left the table"),
        (lambda d: d["rules"].pop("hand_size"), "lack the option 'hand_size'"),
        (lambda d: d["rules"].pop("preset"), "lack the option 'preset'"),
        (lambda d: d["rules"].update(extra=1), "Unknown rules option 'extra'"),
        (lambda d: d["rules"].update(hand_size=True), "must be a whole number"),
        (lambda d: d.pop("current"), "'current' is missing"),
        (lambda d: d.update(seed=d["seed"] + 1), "Deal 1 does not start where"),  # the first dealer, by lot
        (lambda d: d.update(names=["[/]", *d["names"][1:]]), "names other players"),
    ],
)
def test_edited_and_resealed_games_are_refused(
    sealed: tuple[bytes, dict[str, Any]], tmp_path: Path, edit: Any, message: str
) -> None:
    plain = json.loads(json.dumps(sealed[1]))
    edit(plain)
    assert message in _resealed(plain, tmp_path)


def test_a_five_card_save_without_its_preset_is_not_resumed_as_three_card(tmp_path: Path) -> None:
    plain = _game("five-card", players=4).to_save()
    plain["rules"].pop("preset")
    assert "lack the option 'preset'" in _resealed(plain, tmp_path)


def test_the_deal_chain_links_every_finished_deal(sealed: tuple[bytes, dict[str, Any]]) -> None:
    plain = sealed[1]
    key = save_file.save_key(create=False)
    assert plain["chain"] == save_file.deal_chain(plain["deals"], plain["session"], key)
    assert len(plain["chain"]) == len(plain["deals"]) == 2
    # each link covers the one before: changing deal 1 changes the link of deal 2
    edited = json.loads(json.dumps(plain["deals"]))
    edited[0]["pool"] += 1
    assert save_file.deal_chain(edited, plain["session"], key)[1] != plain["chain"][1]


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/urandom"])
def test_an_endless_save_stops_with_a_sentence(path: str, capsys: pytest.CaptureFixture[str]) -> None:
    if not Path(path).exists():
        pytest.skip(f"no {path}")
    assert main(["--resume", path]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a regular file" in err  # a device is refused before it is read


def test_a_save_file_over_the_size_bound_stops_with_a_sentence(tmp_path: Path) -> None:
    big = tmp_path / "big.loosave"
    big.write_bytes(b"x" * (save_file.MAX_SAVE_BYTES + 1))
    with pytest.raises(save_file.SaveError, match="larger than"):
        save_file.read(big)


def test_a_huge_number_or_deep_nesting_in_the_sealed_game_is_one_sentence(tmp_path: Path) -> None:
    for body in ("[" * 100_000, '{"format": ' + "9" * 5000 + "}", '{"x": 1.5}', "\ud800"):
        token = Fernet(save_file.save_key(create=True)).encrypt(body.encode("utf-8", "surrogatepass"))
        text = _refused(save_file.HEADER.encode() + b"\n" + token, tmp_path)
        assert "sealed game" in text


# --- the seed ---------------------------------------------------------------------------------------------------


def test_default_seeds_have_128_bits() -> None:
    seeds = {new_settings().seed for _ in range(20)}
    assert len(seeds) == 20 and all(0 <= s < 1 << 128 for s in seeds)
    assert max(seeds) >= 1 << 120  # 20 draws below 2**120 would be a 1 in 2**160 event


def test_the_status_bar_shows_no_seed_during_play_only_when_the_session_is_over() -> None:
    # one deal and stop, chips in the pool or not (SESSION-4 would play on while everyone stands and is looed)
    settings = new_settings(
        "three-card", players=4, seed=987654321, bots=["random"], max_deals=1, options={"session_end": "exact"}
    )
    app = LooApp(Game(settings, bots=standers(4)), delay=0)

    def status(app: LooApp) -> str:
        return _text(app.query_one("#status", Static).content)  # type: ignore[arg-type]

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        assert "987654321" not in status(app) and "seed" not in status(app)
        await play_out(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert app.game.over
        assert "seed 987654321" in status(app)

    run(app, script)


# --- names --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["[/]", "[b]x", "[link=x]y"])
def test_names_are_never_markup(name: str) -> None:
    """`loo play --name '[/]'` died at the end of the first deal with Textual's MarkupError; `[b]x` showed a bold x."""
    settings = new_settings("three-card", players=4, seed=3, bots=["random"], name=name)
    app = LooApp(Game(settings, bots=standers(4)), delay=0)
    shown = name.replace("\x1b", "\\u001b")

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        seats = _text(app.query_one("#seats", Static).content)  # type: ignore[arg-type]
        assert shown in seats and "\x1b" not in seats
        await play_out(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        assert shown in _text(app.screen.summary)
        await pilot.press("enter")
        await pilot.pause()
        await play_out(app, pilot)
        assert isinstance(app.screen, SummaryScreen)

    run(app, script)


def test_a_name_with_a_control_character_is_refused_in_one_sentence() -> None:
    """An escape sequence in a name could clear or retitle the terminal: the session refuses it (validate.name)."""
    settings = new_settings("three-card", players=4, seed=3, bots=["random"], name="a\x1b[2Jb")
    with pytest.raises(LooError, match=r"^A player's name cannot hold control characters") as e:
        Game(settings, bots=standers(4))
    assert "\x1b" not in str(e.value) and str(e.value).count(".") >= 1


def test_names_in_the_session_table_and_the_trick_title_are_plain_text() -> None:
    settings = new_settings("three-card", players=4, seed=3, bots=["random"], name="[/]")
    app = LooApp(Game(settings, bots=standers(4)), delay=0)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await play_out(app, pilot)
        await pilot.press("enter")
        await pilot.pause()
        await asyncio.sleep(0)
        assert "[/]" in _text(app._session_table())  # noqa: SLF001 - the table of a tab not on screen yet

    run(app, script)


def test_LOU_ANTE_2_a_game_saved_while_the_human_dealer_sets_the_ante_resumes_there(tmp_path: Path) -> None:
    game = Game(new_settings("lou", players=4, seed=5, bots=["random"], first_dealer=0), bots=standers(4))
    deal = game.deal
    assert deal is not None and deal.phase is Phase.ANTE and game.human_to_act()
    path = tmp_path / "lou.sav"
    game.save(path)
    resumed = Game.load(path, bots=standers(4))
    again = resumed.deal
    assert again is not None and again.phase is Phase.ANTE and again.state_key() == deal.state_key()
    resumed.act(Ante(12))
    assert again.started.antes == (12,) * 4 and again.actions == ((0, Ante(12)),)
    resumed.run_bots()
    resumed.save(path)  # and once the ante is set, the deal resumes with it
    assert Game.load(path, bots=standers(4)).deal is not None


def test_a_game_saved_before_the_version_2_options_resumes_as_it_was_played(tmp_path: Path) -> None:
    # a Lou game as the terminal game played it before SESSION-4 and LOU-ANTE-2: a fixed ante, an exact end
    before = {"lou_ante_choice": "fixed", "session_end": "exact"}
    game = _game("lou", options=before)
    plain = game.to_save()
    # ... and saved it: no such options, and its deals written as version-1 records
    plain["options"] = {}
    for part in [plain, *plain["deals"], plain["current"]]:
        part["rules"] = {k: v for k, v in part["rules"].items() if k not in history.ADDED_IN_VERSION_2}
    for rec in [*plain["deals"], plain["current"]]:
        rec["version"] = 1
    plain["chain"] = save_file.deal_chain(plain["deals"], plain["session"], save_file.save_key(create=True))
    path = tmp_path / "old.sav"
    path.write_text(save_file.seal(plain), encoding="ascii")
    resumed = Game.load(path, bots=standers(4))
    assert resumed.rules == rules_with("lou", before)
    assert resumed.deal is not None and game.deal is not None
    assert resumed.deal.state_key() == game.deal.state_key()


# --- where saves go, the list of saves, and never replacing another game's (issue 9, item 5) ----------------------

NAME = re.compile(r"three-card-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.loosave")


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of the test's own (the key and the saves), and a current folder that must stay empty."""
    folder = tmp_path / "data"
    monkeypatch.setenv(save_file.DATA_DIR_ENV, str(folder))
    (tmp_path / "cwd").mkdir()
    monkeypatch.chdir(tmp_path / "cwd")
    return folder


def _app(
    seed: int = 3, *, max_deals: int | None = None, save_path: Path | None = None, options: dict[str, str] | None = None
) -> LooApp:
    settings = new_settings(
        "three-card", players=4, seed=seed, bots=["random"], first_dealer=3, max_deals=max_deals, options=options
    )
    return LooApp(Game(settings, bots=standers(4)), delay=0, save_path=str(save_path) if save_path else None)


async def _save_by_keys(app: LooApp, pilot: Pilot[int], name: str | None = None) -> None:
    """s, then Enter on the name offered (or on ``name``, typed over it)."""
    await pilot.press("s")
    await wait_until(pilot, lambda: isinstance(app.screen, PathScreen), "the save dialog is open")
    if name is not None:
        app.screen.query_one(Input).value = name
    await pilot.press("enter")
    await pilot.pause()


def test_saves_go_to_the_data_folder_under_a_name_per_session(data: Path) -> None:
    first = _app(seed=3)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await pilot.press("p")
        await _save_by_keys(app, pilot)
        saved = list((data / "saves").iterdir())
        assert [p.name for p in saved] == [Path(app.save_path or "").name]
        assert NAME.fullmatch(saved[0].name)
        assert saved[0].name.endswith(short_id(app.game.settings.session_id) + ".loosave")
        assert feedback(app).endswith("To carry on later: loo play --resume")  # the list of saves offers it
        assert stat.S_IMODE(os.stat(saved[0]).st_mode) == 0o600
        before = saved[0].read_bytes()
        await play_out(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("s")  # the same session again: its own file, updated without a question
        await wait_until(pilot, lambda: isinstance(app.screen, PathScreen), "the save dialog is open")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, SummaryScreen), "back on the summary")
        assert [p.name for p in (data / "saves").iterdir()] == [saved[0].name]
        assert saved[0].read_bytes() != before

    run(first, script)
    second = _app(seed=4)

    async def other(app: LooApp, pilot: Pilot[int]) -> None:
        await pilot.press("p")
        await _save_by_keys(app, pilot)

    run(second, other)
    assert len(list((data / "saves").iterdir())) == 2
    assert not list(Path.cwd().iterdir())  # never the current folder


def test_another_games_save_is_never_replaced_without_asking(data: Path) -> None:
    theirs = Game(new_settings("five-card", players=4, seed=8, bots=["random"]), bots=standers(4))
    target = savefiles.saves_dir() / "mine.loosave"
    theirs.save(target)
    stranger = Path.cwd().parent / "notes.txt"
    stranger.write_text("not a save")
    app = _app(seed=3)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await pilot.press("p")
        await _save_by_keys(app, pilot, "mine")  # a bare name: mine.loosave in the saves folder
        assert isinstance(app.screen, ReplaceScreen)
        what = _text(app.screen.query_one(".dialog-text", Static).content)  # type: ignore[arg-type]
        assert "holds another game: 5-card Pam-Loo, 4 players" in what
        await pilot.press("n")  # keep it: asked for another name
        await wait_until(pilot, lambda: isinstance(app.screen, PathScreen), "asked for another name")
        await pilot.press("escape")
        await pilot.pause()
        assert savefiles.session_of(target) == theirs.settings.session_id
        await _save_by_keys(app, pilot, str(stranger))  # not a save at all: asked too
        assert isinstance(app.screen, ReplaceScreen)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, PathScreen), "asked for another name")
        await pilot.press("escape")
        await pilot.pause()
        assert stranger.read_text() == "not a save"
        await _save_by_keys(app, pilot, "mine")
        await pilot.press("y")  # replace it, as told
        await pilot.pause()
        assert savefiles.session_of(target) == app.game.settings.session_id
        assert "Saved to mine.loosave" in feedback(app)

    run(app, script)


def test_saving_from_the_summary_does_not_deal_and_quit_then_asks_nothing(data: Path) -> None:
    app = _app(seed=3)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await play_out(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        await _save_by_keys(app, pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, SummaryScreen), "back on the summary")
        assert app.game.deal is None and app.game.deal_number == 1  # no deal was dealt
        assert "Saved to" in _text(app.screen.query_one("#summary-note", Static).content)  # type: ignore[arg-type]
        assert savefiles.unsaved(app.game) == []
        await pilot.press("q")  # the saved deal is not counted as unsaved: no question
        await pilot.pause()

    run(app, script)
    assert app.return_value == 0


def test_the_quit_question_counts_only_what_the_save_lacks(data: Path) -> None:
    app = _app(seed=3)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await play_out(app, pilot)
        await _save_by_keys(app, pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, SummaryScreen), "back on the summary")
        await pilot.press("enter")  # now the next deal
        await wait_until(pilot, lambda: app.game.deal is not None and app.game.human_to_act(), "the next deal")
        assert app.game.moves  # the bots' moves alone come back the same from the save: nothing to lose yet
        assert savefiles.unsaved(app.game) == []
        await pilot.press("p")
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, QuitScreen), "asked before quitting")
        what = _text(app.screen.query_one(".dialog-text", Static).content)  # type: ignore[arg-type]
        assert "Unsaved: the deal in progress." in what and "finished deal" not in what
        await pilot.press("escape")
        await pilot.pause()

    run(app, script)


def test_enter_in_the_export_dialog_does_not_deal(data: Path) -> None:
    app = _app(seed=3)
    out = Path.cwd() / "deals.jsonl"

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await play_out(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("e")
        await wait_until(pilot, lambda: isinstance(app.screen, PathScreen), "the export dialog is open")
        app.screen.query_one(Input).value = str(out)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, SummaryScreen), "back on the summary")
        assert app.game.deal is None and app.game.deal_number == 1
        assert "Wrote 1 finished deal" in _text(app.screen.query_one("#summary-note", Static).content)  # type: ignore[arg-type]

    run(app, script)
    assert out.exists()


def test_export_asks_before_replacing_a_file_it_did_not_write(data: Path) -> None:
    app = _app(seed=3)
    out = Path.cwd() / "notes.jsonl"
    out.write_text("somebody's notes\n")

    async def export_to(app: LooApp, pilot: Pilot[int], path: Path) -> None:
        await pilot.press("e")
        await wait_until(pilot, lambda: isinstance(app.screen, PathScreen), "the export dialog is open")
        app.screen.query_one(Input).value = str(path)
        await pilot.press("enter")

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await play_out(app, pilot)
        await export_to(app, pilot, out)
        await wait_until(pilot, lambda: isinstance(app.screen, ReplaceScreen), "asked before replacing")
        what = _text(app.screen.query_one(".dialog-text", Static).content)  # type: ignore[arg-type]
        assert "notes.jsonl already exists and was not written by this game" in what
        await pilot.press("n")  # keep it: asked for another name
        await wait_until(pilot, lambda: isinstance(app.screen, PathScreen), "asked for another name")
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, SummaryScreen), "back on the summary")
        assert out.read_text() == "somebody's notes\n"
        await export_to(app, pilot, out)
        await wait_until(pilot, lambda: isinstance(app.screen, ReplaceScreen), "asked again")
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, SummaryScreen), "replaced, back on the summary")
        await export_to(app, pilot, out)  # this game's own export now: rewritten without asking
        await wait_until(pilot, lambda: isinstance(app.screen, SummaryScreen), "rewritten without asking")

    run(app, script)
    assert history.verify_file(out) == 1


def test_a_finished_sessions_save_is_marked_finished(data: Path) -> None:
    app = _app(seed=3, max_deals=1, options={"session_end": "exact"})  # over after this deal (SESSION-4 aside)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await pilot.press("p")
        await _save_by_keys(app, pilot)
        await play_out(app, pilot)
        assert isinstance(app.screen, SummaryScreen) and app.game.over
        assert "is marked finished" in _text(app.screen.query_one("#summary-note", Static).content)  # type: ignore[arg-type]
        await pilot.press("q")  # nothing unsaved: the save holds the finished session
        await pilot.pause()

    run(app, script)
    assert app.return_value == 0
    info = savefiles.describe(Path(app.save_path or ""))
    assert info.finished and info.deals == 1 and "1 deal played, finished" in info.state
    assert Game.load(Path(app.save_path or ""), bots=standers(4)).over


def test_the_finished_mark_is_checked_against_the_game(sealed: tuple[bytes, dict[str, Any]], tmp_path: Path) -> None:
    plain = json.loads(json.dumps(sealed[1]))
    assert plain["finished"] is False
    plain["finished"] = True
    assert "says the session is over when it is not" in _resealed(plain, tmp_path)


def _two_saves(data: Path) -> tuple[Path, Path]:
    """An older five-card save with one finished deal and a newer three-card one with none (mtimes set)."""
    old = _game("five-card")
    new = Game(new_settings("three-card", players=5, seed=2, bots=["random"]), bots=standers(5))
    a, b = savefiles.default_path(old), savefiles.default_path(new)
    old.save(a)
    new.save(b)
    os.utime(a, (1_000_000_000, 1_000_000_000))
    os.utime(b, (1_100_000_000, 1_100_000_000))
    return a, b


def test_list_saves_lists_newest_first_without_a_terminal(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--list-saves"]) == 0
    assert "No saved games in" in capsys.readouterr().out
    old, new = _two_saves(data)
    (savefiles.saves_dir() / "broken.loosave").write_text("nothing")
    os.utime(savefiles.saves_dir() / "broken.loosave", (900_000_000, 900_000_000))
    assert main(["--list-saves"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [line for line in lines if ".loosave" in line and not line.startswith("Carry")]
    assert [r.split()[0] for r in rows] == [new.name, old.name, "broken.loosave"]
    assert "3-card Loo, 5 players, 0 deals played" in rows[0]
    assert "5-card Pam-Loo, 4 players, 2 deals played" in rows[1]
    assert "cannot be opened: It is not a lanterloo save file" in rows[2]


def test_resume_by_name_or_path(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old, _ = _two_saves(data)
    for name in (old.name, old.stem, str(old)):
        launch = parse(["--resume", name])
        assert launch.game is not None and launch.save_path == str(old)
        assert launch.game.settings.variant == "five-card" and len(launch.game.session.records) == 2
    # a path relative to the current folder stays that file: saving again does not move it into the saves folder
    here = Path.cwd() / "here.loosave"
    old.rename(here)
    launch = parse(["--resume", "./here.loosave"])
    assert launch.save_path == str(here)
    assert main(["--resume", "nosuch"]) == 2
    assert "There is no save called 'nosuch'" in capsys.readouterr().err
    assert main(["--resume="]) == 2
    assert "--resume needs a value" in capsys.readouterr().err


def test_resume_with_no_file_and_no_saves_says_so(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--resume"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "There are no saved games in" in err


def test_resume_with_no_file_opens_the_picker_and_plays_the_pick(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old, _ = _two_saves(data)
    monkeypatch.setattr("sys.stdin", type("Tty", (), {"isatty": staticmethod(lambda: True)})())
    monkeypatch.setattr("sys.stdout", type("Tty", (), {"isatty": staticmethod(lambda: True)})())
    monkeypatch.setattr(command, "_pick", lambda: old)
    shown: list[Game] = []

    def fake_run(self: LooApp) -> int:
        shown.append(self.game)
        assert self.save_path == str(old)
        return 0

    monkeypatch.setattr(LooApp, "run", fake_run)
    assert main(["--resume", "--delay", "0"]) == 0
    assert shown and shown[0].settings.variant == "five-card"


def test_the_picker_lists_the_saves_newest_first_and_returns_the_choice(data: Path) -> None:
    old, new = _two_saves(data)
    broken = savefiles.saves_dir() / "broken.loosave"
    broken.write_text("nothing")
    os.utime(broken, (900_000_000, 900_000_000))
    folder = savefiles.saves_dir()

    async def choose(keys: list[str]) -> Path | None:
        picker = SavePicker(savefiles.list_saves(folder), folder)
        async with picker.run_test(size=(120, 30)) as pilot:
            await pilot.pause()
            options = picker.query_one(OptionList)
            shown = [_text(options.get_option_at_index(i).prompt) for i in range(options.option_count)]  # type: ignore[arg-type]
            assert "3-card Loo" in shown[0] and new.name in shown[0]
            assert "5-card Pam-Loo" in shown[1] and "2 deals played" in shown[1]
            assert any("cannot be opened" in s for s in shown)
            await pilot.press(*keys)
            await pilot.pause()
        return picker.return_value

    assert asyncio.run(choose(["enter"])) == new
    assert asyncio.run(choose(["down", "enter"])) == old
    assert asyncio.run(choose(["escape"])) is None


def test_unsaved_is_empty_after_a_save_and_after_a_resume(data: Path) -> None:
    game = _game()
    assert savefiles.unsaved(game) == ["the deal in progress", "2 finished deals"]
    path = savefiles.default_path(game)
    game.save(path)
    assert savefiles.unsaved(game) == []
    assert savefiles.unsaved(Game.load(path, bots=standers(4))) == []


# --- the rules page (issue 9, item 2) -------------------------------------------------------------------------------


def test_r_opens_a_rules_page_scrolled_by_the_keyboard() -> None:
    app = _app(seed=3)
    rules = app.game.rules

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules page is open")
        page = app.screen.query_one("#rules-page", VerticalScroll)
        shown = " ".join(_text(app.screen.query_one("#rules-page-text", Static).content).split())  # type: ignore[arg-type]
        for sentence in how_it_is_played(rules):  # the sentences of `loo rules`, first
            assert sentence in shown
        assert shown.index(how_it_is_played(rules)[0]) < shown.index("LOO-PLAY-2") < shown.index("loo_penalty")
        await wait_until(pilot, lambda: page.max_scroll_y > 0, "the page is laid out, longer than the screen")
        assert page.scroll_y == 0
        await pilot.press("down")
        await wait_until(pilot, lambda: page.scroll_y == 1, "one line down")
        await pilot.press("pagedown")
        await wait_until(pilot, lambda: page.scroll_y > 5, "a page down")
        await pilot.press("end")
        await wait_until(pilot, lambda: page.scroll_y == page.max_scroll_y, "at the end")
        await pilot.press("pageup")
        await wait_until(pilot, lambda: page.scroll_y < page.max_scroll_y, "a page up")
        await pilot.press("home")
        await wait_until(pilot, lambda: page.scroll_y == 0, "at the top")
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, RulesScreen), "the page is closed")
        assert app.is_running

    run(app, script)


def test_the_rules_page_shows_a_house_variants_own_rules() -> None:
    register_variant("friday-test", base="three-card", options={"loo_penalty": "pool"}, title="Friday Loo")
    try:
        rules = rules_with("friday-test")
        shown = " ".join(_text(rules_page(rules, {})).split())
        assert "How Friday Loo is played" in shown
        assert "A house variant of three-card: loo_penalty=pool." in shown
        assert "as much as the pool held (Unlimited Loo)" in shown  # the sentence for these rules, not the base's
        house = " ".join(_text(rules_page(rules_with("three-card", {"loo_amount": "7"}), {"loo_amount": "7"})).split())
        assert "a fixed 7 chips" in house and "loo_amount = 7 (house rule)" in house
    finally:
        unregister_variant("friday-test")


def test_an_export_goes_to_the_data_folder_unless_told_otherwise(data: Path) -> None:
    """Not ``loo-history.jsonl`` in whatever folder the game was started from: the data folder's histories/,
    named like the session's save, made on the first export."""
    app = _app(seed=3)

    async def script(app: LooApp, pilot: Pilot[int]) -> None:
        await play_out(app, pilot)
        await pilot.press("e")
        await wait_until(pilot, lambda: isinstance(app.screen, PathScreen), "the export dialog is open")
        offered = Path(app.screen.query_one(Input).value)
        assert offered.parent == data / "histories" and offered.suffix == ".jsonl"
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, SummaryScreen), "back on the summary")
        assert offered.is_file() and offered.read_text().count("\n") == 1

    run(app, script)
