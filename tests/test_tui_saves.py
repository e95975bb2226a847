"""Saves nobody can read or edit, seeds kept secret during play, and names that are never markup (issue 8, item 4
and the terminal game's part of item 2). Fuzz sizes come from tests/fuzzing.py: seconds here, more under make fuzz.
"""

from __future__ import annotations

import asyncio
import json
import os
import stat
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from cryptography.fernet import Fernet
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import RenderableType
from textual.pilot import Pilot
from textual.widgets import Static

from fuzzing import examples, report
from lanterloo import STAND, Phase, history
from lanterloo.actions import Ante
from lanterloo.errors import LooError
from lanterloo.rules import rules_with
from lanterloo.tui import Game, SaveError, main, new_settings
from lanterloo.tui import save as save_file
from lanterloo.tui.app import LooApp
from lanterloo.tui.screens import SummaryScreen
from test_tui import plain, play_out, run, standers


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
    assert err.count("\n") == 1 and "larger than" in err


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
