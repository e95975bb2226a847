"""Usage errors of the ``loo`` commands and ``loo play``, and the wording of what they print: a bad command line
gives one sentence naming the problem and exit status 2, on every command alike (see test_cli.py for the rest)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from lanterloo.bots.base import bot_names
from lanterloo.cli import main
from lanterloo.cli.common import progress_bar
from lanterloo.errors import LooError
from lanterloo.raybackend import _ray_said
from lanterloo.rules import OPTION_FIELDS, PRESETS, Rules, option_applies, option_choices, rules_with
from lanterloo.rules.applies import option_games
from lanterloo.session import SETTLE_LIMIT, Session
from lanterloo.sim import MOST_DEALS, simulate
from lanterloo.tui import main as play_main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def usage_error(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The one sentence of a usage error (exit status 2, nothing on standard output)."""
    code, out, err = run(capsys, *args)
    text = err.strip()
    assert (code, out) == (2, ""), (code, out, err)
    assert "\n" not in text and text.startswith("loo: ") and text.endswith("."), err
    return text


def play_error(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert play_main(list(args)) == 2
    text = capsys.readouterr().err.strip()
    assert "\n" not in text and text.startswith("loo play: ") and text.endswith("."), text
    return text


# --- an option of another game ----------------------------------------------------------------------------------

TABLE_COMMANDS = [
    ["simulate", "-d", "2"],
    ["watch", "-d", "1"],
    ["tournament", "-b", "random,random", "-d", "2"],
    ["analyze", "looed", "-d", "2"],
]
FOREIGN = [
    ("three-card", "lou_draw=2", "Option lou_draw belongs to Lou and changes nothing in three-card, a game of Loo"),
    ("five-card", "louse_target=500", "Option louse_target belongs to Louse and changes nothing in five-card"),
    ("lou", "loo_penalty=pool", "Option loo_penalty belongs to Loo and changes nothing in lou, a game of Lou"),
    ("louse", "ante=5", "Option ante belongs to Loo and Lou and changes nothing in louse, a game of Louse"),
]


@pytest.mark.parametrize(("variant", "option", "needle"), FOREIGN)
@pytest.mark.parametrize("command", TABLE_COMMANDS, ids=lambda c: c[0])
def test_COMMON_1_an_option_of_another_game_is_refused_by_every_command(
    command: list[str], variant: str, option: str, needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert needle in usage_error(capsys, *command, "-v", variant, "-o", option)


@pytest.mark.parametrize(("variant", "option", "needle"), FOREIGN)
def test_COMMON_1_loo_rules_and_loo_play_refuse_an_option_of_another_game(
    variant: str, option: str, needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert needle in usage_error(capsys, "rules", variant, "-o", option)
    assert needle in play_error(capsys, "--variant", variant, "--option", option)


def test_an_option_of_the_same_game_switched_off_by_another_is_still_a_house_rule(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # pam_privileged is Loo's: with pam = none it changes nothing yet, and loo rules lists it apart
    code, out, _ = run(capsys, "rules", "three-card", "-o", "pam_privileged=true")
    assert code == 0 and "House rules: pam_privileged=true" in out
    code, out, _ = run(capsys, "rules", "lou", "-o", "ante=6", "-o", "lou_draw=2")  # Lou shares ante with Loo
    assert code == 0 and "House rules: ante=6, lou_draw=2" in out


def test_rules_with_takes_every_option_unless_asked_to_refuse_another_games() -> None:
    # a caller may carry a whole set of options from elsewhere (a preset carries every field): no refusal
    lou_options = {k: v for k, v in PRESETS["lou"].to_dict().items() if k.startswith("lou_")}
    assert rules_with("three-card", lou_options).lou_draw == PRESETS["lou"].lou_draw
    with pytest.raises(LooError, match="belongs to Lou"):
        rules_with("three-card", {"lou_draw": "2"}, own_game=True)


def _one_option_changed(base: Rules) -> list[Rules]:
    """``base`` and every rules one option away from it (each choice of a choice, each yes/no flipped, each number
    one more: Lou's draw of 1 gives exchange_shortfall its work)."""
    out = [base]
    for name in OPTION_FIELDS:
        if name in ("preset", "game"):
            continue
        value = getattr(base, name)
        more = (not value,) if isinstance(value, bool) else (value + 1,) if isinstance(value, int) else ()
        for choice in option_choices(name) or more:
            try:
                out.append(base.replace(**{name: choice}))
            except LooError:
                continue
    return out


def test_option_games_is_the_reach_of_option_applies() -> None:
    """An option applies only in its games, and in each of its games some preset, or a preset with one option
    changed, gives it something to do: the refusal names the right game, and refuses nothing that could act."""
    reached: dict[str, set[str]] = {name: set() for name in OPTION_FIELDS}
    for base in PRESETS.values():
        for r in _one_option_changed(base):
            for name in OPTION_FIELDS:
                if option_applies(r, name):
                    assert r.game in option_games(name), (name, r.preset, r.game)
                    reached[name].add(r.game)
    assert {name: set(option_games(name)) for name in OPTION_FIELDS} == reached


# --- a bad option value is a usage error ------------------------------------------------------------------------

HUGE = "ante=99999999999999999999999"


@pytest.mark.parametrize(
    ("command", "needle"),
    [
        (["simulate", "-d", "5"], "Every seat starts a session with 1,000 chips, less than the ante of 99,999,"),
        (["tournament", "-b", "random,random", "-d", "5"], "Every seat starts a tournament deal with 1,000 chips"),
        (["analyze", "looed", "-d", "5"], "Every seat starts with 1,000 chips, less than the ante"),
        (["watch", "-d", "1"], "Every seat starts with 100 chips (--stack), less than the ante of 99,999,"),
    ],
    ids=lambda c: c[0] if isinstance(c, list) else "",
)
def test_SESSION_2_an_ante_nobody_can_pay_is_a_usage_error_in_every_command(
    command: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert needle in usage_error(capsys, *command, "-o", HUGE)


def test_SESSION_2_watch_and_play_weigh_the_ante_against_stack(capsys: pytest.CaptureFixture[str]) -> None:
    assert "100 chips (--stack), less than the ante of 101" in usage_error(capsys, "watch", "-o", "ante=101")
    code, out, _ = run(capsys, "watch", "-d", "1", "-s", "1", "-o", "ante=101", "--stack", "101")
    assert code == 0 and "The session is over after" in out
    assert "Every seat starts with 100 chips (--stack), less than the ante of 101 it would owe." in play_error(
        capsys, "--option", "ante=101"
    )
    # the dealer's double (LOO-ANTE-1) and Lou's least ante set by the dealer (LOU-ANTE-2) count too
    assert "less than the ante of 120" in usage_error(
        capsys, "watch", "-o", "ante=60", "-o", "ante_mode=everyone_dealer_double"
    )
    assert "less than the ante of 150" in usage_error(
        capsys, "watch", "-v", "lou", "-o", "lou_ante_min=150", "-o", "lou_ante_max=150"
    )


# --- --deals: a bound, a moving bar, and what it counts ---------------------------------------------------------


def test_simulate_deals_have_an_upper_bound(capsys: pytest.CaptureFixture[str]) -> None:
    text = usage_error(capsys, "simulate", "--deals", str(MOST_DEALS + 1))
    assert text == "loo: --deals must be at most 1,000,000,000, not 1,000,000,001."
    with pytest.raises(LooError, match="at most 1,000,000,000 deals"):
        simulate(rules_with("three-card"), 5, MOST_DEALS + 1, 1)
    _, out, _ = run(capsys, "simulate", "--help")
    assert "at most 1,000,000,000" in " ".join(out.split())


def test_the_progress_bar_moves_on_a_large_total(monkeypatch: pytest.MonkeyPatch) -> None:
    """A five-hundredth of a billion deals takes many seconds: the count is passed on by the clock too."""
    from rich.progress import Progress

    shown: list[int] = []
    real = Progress.update

    def spy(self: Progress, task: Any, **kw: Any) -> None:
        shown.append(kw["completed"])
        real(self, task, **kw)

    monkeypatch.setattr(Progress, "update", spy)
    monkeypatch.setattr("sys.stderr.isatty", lambda: True)
    now = [0.0]
    update, stop = progress_bar(MOST_DEALS, "simulating", clock=lambda: now[0])
    assert update is not None
    try:
        update(1024, MOST_DEALS)
        update(2048, MOST_DEALS)  # at once: too soon, and far from a five-hundredth
        now[0] = 0.3
        update(3072, MOST_DEALS)  # a quarter of a second on: shown
        now[0] = 0.4
        update(4096, MOST_DEALS)
        update(MOST_DEALS, MOST_DEALS)  # the end is always shown
    finally:
        stop()
    assert shown == [1024, 3072, MOST_DEALS]


def test_SESSION_4_deals_counts_the_deals_asked_for_with_search_bots_too(capsys: pytest.CaptureFixture[str]) -> None:
    """The deals past --deals are SESSION-4's, with search bots as with any: exact stops at K, settle plays on."""
    three = rules_with("three-card")
    exact = simulate(three.replace(session_end="exact"), 5, 3, 1, bots=["easy"])
    assert (exact.deals, exact.asked) == (3, 3)
    settle = simulate(three, 5, 3, 1, bots=["easy"])
    assert 3 < settle.deals <= 3 + SETTLE_LIMIT
    assert settle.session_ends == {"the deals were all played, and more to empty the pool": 1}
    for command in ("simulate", "watch"):
        _, out, _ = run(capsys, command, "--help")
        assert "plays on until its pool is empty (SESSION-4" in " ".join(out.split())


# --- wording ----------------------------------------------------------------------------------------------------


def test_SESSION_4_one_deal_is_singular(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    session = Session(rules_with("three-card", {"session_end": "exact"}), 4, seed=1, max_deals=1)
    session.play_deal(lambda deal, seat: deal.legal_actions(seat)[0])
    assert session.end_reason == "1 deal was played"
    path = tmp_path / "h.jsonl"
    code, out, _ = run(capsys, "simulate", "-d", "1", "-s", "1", "-o", "session_end=exact", "--history", str(path))
    assert code == 0 and out.startswith("Simulated 1 deal of three-card")
    assert "Sessions: 1 (the deals were all played: 1)" in out and f"({1} deal)" in out
    code, out, _ = run(capsys, "simulate", "-d", "1", "-s", "1")
    assert "\n1 deal was asked for; the last session played" in out
    code, out, _ = run(capsys, "watch", "-d", "1", "-s", "3")
    assert out.rstrip().endswith(
        "deals: 1 deal was played, and 6 more to empty the pool.\nAfter the agreed deals, 6 more deals emptied the "
        "pool: every chip paid into it was won back by tricks."
    )


@pytest.mark.parametrize(
    "args",
    [["simulate", "-o", "ante=+5"], ["simulate", "-o", "louse_target=1_500", "-v", "louse"], ["simulate", "-d", "+5"]],
)
def test_a_value_never_negative_is_not_shown_a_negative_example(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    text = usage_error(capsys, *args)
    assert "in plain digits (like 12: no +," in text and "-3" not in text


@pytest.mark.parametrize(
    ("variant", "needle"),
    [("three-card", "three-card is played by 3 to 16 players, not -1."), ("louse", "exactly 4 players, not -1.")],
)
def test_COMMON_2_negative_players_name_the_variants_range(
    variant: str, needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for command in (["simulate"], ["watch"], ["tournament", "-b", "random,random"], ["analyze", "looed"]):
        if command[0] == "analyze" and variant == "louse":
            continue  # the looed report measures Loo
        assert usage_error(capsys, *command, "-v", variant, "--players", "-1").endswith(needle)
    assert play_error(capsys, "--variant", variant, "--players", "-1").endswith(needle)


def test_the_ray_auto_hint_names_loos_own_flag() -> None:
    ray = (
        "Could not find any running Ray instance. Please specify the one to connect to by setting `--address` flag "
        "or `RAY_ADDRESS` environment variable."
    )
    said = _ray_said(ray, "auto")
    assert "`--address`" not in said and "--ray-address host:port" in said and said.endswith(".")
    assert _ray_said("boom\nstack", "head:1") == "boom."


def test_an_unknown_bot_is_worded_alike_by_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    words = f"Unknown bot 'genius': choose one of {', '.join(bot_names())}."  # another test may register one
    assert usage_error(capsys, "simulate", "-b", "genius") == "loo: " + words
    assert usage_error(capsys, "tournament", "-b", "genius,random") == "loo: " + words
    assert usage_error(capsys, "watch", "-b", "genius") == "loo: " + words
    assert play_error(capsys, "--bots", "genius") == "loo play: " + words
