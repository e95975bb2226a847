"""The big moments of a deal (issue 24, item 9): ``engine.moments.big_moment`` names a flush (a Pam flush), every
trick taken against two or more players, a loo of the whole pool or Lou's match of the whole pot, and a Louse match
lost; the terminal game shows it as a passing notice, the web summary as a banner. Nothing else is a moment."""

from __future__ import annotations

from lanterloo import PASS, STAND, Deal, Session, rules_with
from lanterloo.actions import Play
from lanterloo.engine.moments import big_moment, moment_json
from lanterloo.rules import Rules
from lanterloo.setup import deal_from_hands
from test_session import random_policy

NAMES = ["Ann", "Basil", "Cora", "Dexter"]


def play_out(deal: Deal, declare: dict[int, object] | None = None) -> Deal:
    """Everyone plays (or as ``declare`` says), then the first legal card each time."""
    while not deal.is_over:
        seat = deal.seats_to_act()[0]
        legal = deal.legal_actions(seat)
        want = (declare or {}).get(seat, STAND)
        deal.apply(want if want in legal else legal[0], seat)
    return deal


def test_LOO_POOL_1_every_trick_against_two_or_more_is_a_sweep() -> None:
    rules = rules_with("three-card")
    hands = {0: "A♠ K♠ Q♠", 1: "9♥ 2♦ 3♣", 2: "Q♥ 4♦ 6♣", 3: "2♣ 5♦ 8♣"}
    deal = play_out(deal_from_hands(rules, hands, players=4, dealer=3, turnup="7♠"))
    m = big_moment(deal.view(None), NAMES, you=0)
    assert m is not None and m.kind == "sweep"
    assert m.text == f"You take every trick: {deal.settlement.won[0]} chips."  # type: ignore[union-attr]
    assert big_moment(deal.view(None), NAMES) == ("sweep", f"Ann takes every trick: {deal.settlement.won[0]} chips.")  # type: ignore[union-attr]
    # the same cards with only the dealer against him: a lone sweep is common, not a moment
    lone = play_out(deal_from_hands(rules, hands, players=4, dealer=3, turnup="7♠"), {1: PASS, 2: PASS})
    assert sum(lone.view(None).in_play) == 2 and big_moment(lone.view(None), NAMES) is None


def _find(rules: Rules, kind: str, players: int = 4) -> tuple[Session, Deal]:
    for seed in range(400):
        s = Session(rules, players, stack=10**5, seed=seed, max_deals=1)
        rec = s.play_deal(random_policy(seed))
        m = big_moment(rec.deal.view(None), NAMES[:players], losers=s.losers if s.over else ())
        if m is not None and m.kind == kind:
            return s, rec.deal
    raise AssertionError(f"no {kind} in 400 deals")


def test_LOO_POOL_3_a_loo_of_the_whole_pool_is_a_moment_a_fixed_loo_is_not() -> None:
    _, deal = _find(rules_with("three-card", {"loo_penalty": "pool"}), "pool_loo")
    st = deal.view(None).settlement
    assert st is not None and st.looed and max(st.owed) >= st.pool_before
    for seed in range(60):  # a fixed loo of 3 is the everyday loss
        s = Session(rules_with("three-card"), 4, stack=10**5, seed=seed, max_deals=1)
        m = big_moment(s.play_deal(random_policy(seed)).deal.view(None), NAMES)
        assert m is None or m.kind == "sweep"


def test_LOU_PAY_1_a_match_is_routine_in_lou_not_a_moment() -> None:
    for seed in range(60):
        s = Session(rules_with("lou"), 4, stack=10**5, seed=seed, max_deals=1)
        m = moment_json(s.play_deal(random_policy(seed)).deal.view(None), NAMES)
        assert m is None or m["kind"] == "sweep"


def test_PAM_FLUSH_1_a_pam_flush_sweeps_the_pool() -> None:
    rules = rules_with("five-card")
    hands = {0: "J♣ A♥ 9♥ 7♥ 4♥", 1: "K♠ 8♦ 6♠ 5♣ 3♦", 2: "Q♠ 10♣ 9♠ 7♦ 4♣", 3: "A♠ K♦ 8♣ 6♦ 3♠"}
    deal = play_out(deal_from_hands(rules, hands, players=4, dealer=3, turnup="2♥"), {0: STAND})
    view = deal.view(None)
    m = big_moment(view, NAMES, you=1)
    assert m is not None and m.kind == "pam_flush", m
    assert m.text == f"A Pam flush! Ann sweeps the pool of {view.settlement.pool_before}."  # type: ignore[union-attr]


def test_LOUSE_MATCH_1_a_lost_match_is_the_moment() -> None:
    rules = rules_with("louse")
    s = Session(rules, 4, seed=2)
    while not s.over:
        rec = s.play_deal(random_policy(2))
    assert s.losers
    m = big_moment(rec.deal.view(None), NAMES, you=None, losers=s.losers)
    assert m is not None and m.kind == "match_lost" and NAMES[s.losers[0]] in m.text
    assert big_moment(rec.deal.view(None), NAMES) is None  # a Louse deal itself is no moment


def test_nothing_before_the_end_of_a_deal() -> None:
    deal = deal_from_hands(rules_with("three-card"), {0: "A♠ K♠ Q♠"}, players=4, dealer=3, turnup="7♠")
    deal.apply(STAND, 0)
    assert big_moment(deal.view(0), NAMES, you=0) is None
    assert not isinstance(deal.legal_actions()[0], Play)
