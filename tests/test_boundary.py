"""The boundary between the engine and its clients (issue 7, items 2 and 4): a Deal's fields are private, its
public surface is read-only, and the rules a client reasons with come from the engine's single sources."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from lanterloo import PRESET_NAMES, Deal, Phase, rules_with
from lanterloo.cards import ACE, Suit, mask_of, parse_card
from lanterloo.engine import shape_of, tables_once_led, tricks
from lanterloo.setup import deal_from_hands
from lanterloo.tables import loo_tables
from positions import act, set_ante

ROOT = Path(__file__).resolve().parents[1]


def test_every_field_of_a_deal_is_private() -> None:
    assert all(name.startswith("_") for name in Deal.__slots__)


def test_ruff_checks_the_boundary_with_slf001_outside_the_engine() -> None:
    lint = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["ruff"]["lint"]
    assert "SLF001" in lint["select"]
    exempt = {path for path, codes in lint["per-file-ignores"].items() if "SLF001" in codes}
    assert "src/lanterloo/engine/*" in exempt
    assert not any(p.startswith("src/") and p != "src/lanterloo/engine/*" for p in exempt)


def test_the_public_surface_returns_immutable_copies() -> None:
    deal = Deal(rules_with("three-card"), [50] * 4, 1, seed=3)
    assert isinstance(deal.stacks, tuple) and isinstance(deal.events, tuple) and isinstance(deal.actions, tuple)
    with pytest.raises(AttributeError):
        deal.pool = 0  # type: ignore[misc]
    assert deal.started.stacks == (50,) * 4 and deal.started.pool == 0 and deal.players == 4


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_hidden_shows_the_referee_what_views_hide(preset: str) -> None:
    rules = rules_with(preset)
    players = rules.player_range()[0]
    deal = set_ante(Deal(rules, [100] * players, 0, seed=5))  # Lou: the cards come after the dealer's ante
    hidden = deal.hidden()
    for seat in range(players):
        assert tuple(deal.view(seat).hand) == hidden.hands[seat]
    every = [c for h in hidden.hands for c in h] + [*hidden.miss, *hidden.widow, *hidden.stock]
    turnup = deal.view(None).turnup
    assert len(every) + (turnup is not None) == len(deal.started.deck)
    assert mask_of(every) | (1 << turnup if turnup is not None else 0) == mask_of(deal.started.deck)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_view_carries_the_tables_and_playing_order_the_engine_uses(preset: str) -> None:
    rules = rules_with(preset)
    players = rules.player_range()[0]
    deal = Deal(rules, [100] * players, 0, seed=8)
    rng = random.Random(8)
    while not deal.is_over:
        view = deal.view(None)
        if view.phase is Phase.PLAY:
            assert view.order and all(view.in_play[s] for s in view.order)
            if view.trump is not None and view.pam is None:
                assert view.tables == loo_tables(int(view.trump)) or shape_of(rules).scores_points
        for seat in deal.seats_to_act()[:1]:
            acts = deal.legal_actions(seat)
            deal.apply(acts[int(rng.random() * len(acts))], seat)


def test_PAM_2_the_civil_call_has_one_source() -> None:
    t = loo_tables(Suit.HEARTS, Suit.CLUBS * 13 + 9)  # J♣ is Pam
    ace = Suit.HEARTS * 13 + ACE
    assert tricks.civil_ace(t) == ace
    assert tricks.civil_ace(loo_tables(Suit.HEARTS)) == -1  # no Pam, no call
    auto, ask = rules_with("five-card"), rules_with("five-card", {"pam_civil": "ask"})
    assert tricks.civil_lead(ace, t, auto, called=False)
    assert not tricks.civil_lead(ace, t, ask, called=False) and tricks.civil_lead(ace, t, ask, called=True)
    loses = rules_with("five-card", {"pam_civil_last_card": "loses"})
    pam = t.pam
    assert tricks.takes_lead(pam, ace, t, auto, civil=True, last_card=True)  # by default a last-card Pam wins
    assert not tricks.takes_lead(pam, ace, t, loses, civil=True, last_card=True)
    assert tricks.takes_lead(pam, ace, t, loses, civil=True, last_card=False)


def test_IRISH_TRUMP_1_the_first_lead_sets_the_tables_the_bots_suppose() -> None:
    rules = rules_with("irish")
    deal = deal_from_hands(rules, {1: "A♥ 2♣ 3♣", 2: "K♥ 4♣ 5♣", 3: "Q♥ 6♣ 7♣"}, players=4, dealer=0)
    while deal.phase is not Phase.PLAY:
        act(deal, "play")
    lead = parse_card("A♥")
    deal.apply(next(a for a in deal.legal_actions() if getattr(a, "card", None) == lead))
    assert deal.view(None).tables == tables_once_led(Suit.HEARTS)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_shape_answers_what_the_bots_used_to_work_out(preset: str) -> None:
    rules = rules_with(preset)
    shape = shape_of(rules)
    duty = shape.follow_duty(rules)
    assert duty == ("louse" if preset == "louse" else "lou" if preset == "lou" else "loo")
    assert shape.exchanges(rules) == (rules.exchange != "none" or (preset == "lou" and rules.lou_draw > 0))
