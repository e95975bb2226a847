"""The heuristic bots' fast paths give exactly the numbers of the plain computations they replace (issue 11, item 5).

The bots were made faster without changing a single choice, so each shortcut is checked here against the textbook
form it replaces, to the last bit: a different rounding could tip a near tie and change a decision.
"""

from __future__ import annotations

import random

import pytest

from lanterloo.actions import Discard
from lanterloo.bots.declare import HandValue, _chances, _flush_chance, _flush_game, average_chance, best_exchange
from lanterloo.bots.heuristic import HeuristicBot
from lanterloo.bots.knowledge import Knowledge, avoid_row, p_avoid
from lanterloo.bots.louse import seat_points
from lanterloo.bots.payoff import LINKED, Payoff, payoff_for, trick_distribution
from lanterloo.bots.style import BALANCED
from lanterloo.cards import QUEEN, Suit, cards_of
from lanterloo.engine import Phase
from lanterloo.engine.scoring import louse_card_points, louse_points
from lanterloo.rules import rules_with
from lanterloo.session import Session


def textbook_distribution(probs: list[float]) -> list[float]:
    """The trick distribution as first written: one card at a time, then the linked cards mixed in."""
    ps = [min(1.0, max(0.0, p)) for p in probs]
    dist = [1.0]
    for p in ps:
        nxt = [0.0] * (len(dist) + 1)
        for x, q in enumerate(dist):
            nxt[x] += q * (1.0 - p)
            nxt[x + 1] += q * p
        dist = nxt
    if LINKED <= 0.0 or len(ps) < 2:
        return dist
    desc = [*sorted(ps, reverse=True), 0.0]
    prev = 1.0
    for x in range(len(dist)):
        linked = prev - desc[x]
        prev = desc[x]
        dist[x] = (1.0 - LINKED) * dist[x] + LINKED * linked
    return dist


def test_trick_distribution_is_bit_identical_to_the_textbook_loop() -> None:
    rng = random.Random(1)
    for _ in range(20_000):
        probs = [rng.choice((rng.random(), 0.0, 1.0, 1.3, -0.2, 0.5)) for _ in range(rng.randrange(9))]
        assert trick_distribution(probs) == textbook_distribution(probs)


def test_avoid_row_is_p_avoid() -> None:
    for u in range(53):
        for h in range(14):
            assert avoid_row(u, h) == tuple(p_avoid(u, k, h) for k in range(u + 1))


def textbook_exchange(k: Knowledge, pays: Payoff, masks: list[int]) -> tuple[HandValue, int]:
    """Every discard valued on its own with ``trick_distribution``, as best_exchange first did."""
    chance = dict(zip(k.view.hand, _chances(k, list(k.view.hand), BALANCED), strict=True))
    draw_p = average_chance(k, BALANCED)
    pam_bit = (1 << k.t.pam) if k.t.pam >= 0 else 0
    best: tuple[HandValue, int] | None = None
    for mask in masks:
        kept = k.hand & ~mask
        n_draw = mask.bit_count()
        dist = textbook_distribution([chance[c] for c in cards_of(kept)] + [draw_p] * n_draw)
        top = len(pays.values) - 1
        ev = sum(q * pays.values[min(top, x)] for x, q in enumerate(dist))
        hv = HandValue(ev, sum(x * q for x, q in enumerate(dist)), dist[0])
        if _flush_game(k):
            pf = _flush_chance(kept, n_draw, k.unknown, pam_bit)
            if pf > 0.0:
                hv = HandValue(pf * k.view.pool + (1.0 - pf) * hv.ev, hv.tricks, (1.0 - pf) * hv.loo, pf)
        if (
            best is None
            or hv.ev > best[0].ev + 1e-9
            or (abs(hv.ev - best[0].ev) <= 1e-9 and n_draw < best[1].bit_count())
        ):
            best = (hv, mask)
    assert best is not None
    return best


@pytest.mark.parametrize(("preset", "options"), [("five-card", {}), ("irish", {"exchange": "own_turn"})])
def test_PAM_EXCH_1_best_exchange_is_bit_identical_to_valuing_every_discard(
    preset: str, options: dict[str, str]
) -> None:
    rules = rules_with(preset, options)
    session = Session(rules, ["A", "B", "C", "D", "E"], stack=1000, seed=5, keep_records=False)
    bot = HeuristicBot()
    checked = 0
    for _ in range(40):
        deal = session.new_deal()
        while not deal.is_over:
            seat = deal.seats_to_act()[0]
            view = deal.view(seat)
            if view.phase is Phase.EXCHANGE:
                k = Knowledge(view)
                pays = payoff_for(view, seat, holds_pam=k.t.pam >= 0 and (k.hand >> k.t.pam) & 1 == 1)
                masks = [a.mask for a in view.legal if isinstance(a, Discard)]
                assert best_exchange(k, pays, BALANCED, masks) == textbook_exchange(k, pays, masks)
                checked += 1
            deal.apply(bot.decide(view).action, seat)
        session.finish_deal()
    assert checked > 20


def textbook_louse_points(
    taken: list[int], mode: str, qp: int, widow: int = 0, widow_to: int | None = None
) -> list[int]:
    """louse_points as first written: card by card, rank by rank."""
    bonus = {Suit.CLUBS: 300, Suit.SPADES: 200, Suit.HEARTS: 100}
    n = len(taken)
    base, queen, queen_cards = [0] * n, [0] * n, [0] * n
    dq_holder = -1
    dq = Suit.DIAMONDS * 13 + QUEEN
    piles = list(taken)
    if widow and widow_to is not None:
        piles[widow_to] |= widow
    for s in range(n):
        for c in cards_of(piles[s]):
            p = louse_card_points(c, qp)
            if c.rank == QUEEN:
                queen[s] += p + bonus.get(c.suit, 0)
                queen_cards[s] += p
                if c == dq and (taken[s] >> dq) & 1:
                    dq_holder = s
            else:
                base[s] += p
    if dq_holder >= 0:
        if mode == "cancel_own_queens":
            queen[dq_holder] = 0
        elif mode == "cancel_own_bonuses":
            queen[dq_holder] = queen_cards[dq_holder]
        elif mode == "cancel_all_queens":
            queen = [0] * n
        elif mode == "collect_all_queens":
            total = sum(queen)
            queen = [0] * n
            queen[dq_holder] = total
    return [base[s] + queen[s] for s in range(n)]


@pytest.mark.parametrize(
    "mode", ["cancel_own_queens", "cancel_own_bonuses", "cancel_all_queens", "collect_all_queens", "none"]
)
def test_LOUSE_SCORE_3_seat_points_is_louse_points_of_that_seat(mode: str) -> None:
    rng = random.Random(mode)
    for _ in range(3000):
        cards = list(range(52))
        rng.shuffle(cards)
        taken = [0] * 4
        for c in cards[: rng.randrange(33)]:
            taken[rng.randrange(4)] |= 1 << c
        qp = rng.choice((0, 2, 3, 100))
        full = louse_points(taken, mode, qp)
        assert full == textbook_louse_points(taken, mode, qp)
        assert [seat_points(taken, s, mode, qp) for s in range(4)] == full
        widow = 0
        for c in cards[40:42]:
            widow |= 1 << c
        assert louse_points(taken, mode, qp, widow, 1) == textbook_louse_points(taken, mode, qp, widow, 1)


def textbook_p_win_lead(k: Knowledge, card: int, seats: list[int] | None, threat: float) -> float:
    led = k.t.eff[card]
    civil = k.civil_lead(card)
    p = 1.0
    for s in range(k.n) if seats is None else seats:
        a = (k.active[s] if seats is None else 1.0) * threat
        if a > 0.0:
            p *= 1.0 - a * min(1.0, k.strength[s] * k.p_beats(s, card, led, civil))
    return p


@pytest.mark.parametrize("preset", ["three-card", "irish", "five-card", "lou", "louse"])
def test_p_win_lead_is_bit_identical_to_asking_p_beats_seat_by_seat(preset: str) -> None:
    rules = rules_with(preset, {"pam_civil": "ask"} if preset == "five-card" else {})
    players = 4 if preset == "louse" else 5
    session = Session(rules, ["A", "B", "C", "D", "E"][:players], stack=1000, seed=9, keep_records=False)
    bot = HeuristicBot()
    checked = 0
    for _ in range(15):
        deal = session.new_deal()
        while not deal.is_over:
            seat = deal.seats_to_act()[0]
            view = deal.view(seat)
            if view.phase is not Phase.ANTE:
                k = Knowledge(view)
                k.strength = [1.0 + 0.1 * s for s in range(k.n)]
                k.ruff_scale = [0.5 + 0.1 * s for s in range(k.n)]
                for card in [*view.hand, *cards_of(k.unknown)[:6]]:
                    for seats, threat in ((None, 0.9), (k.later_seats(), 1.0)):
                        assert k.p_win_lead(card, seats, threat) == textbook_p_win_lead(k, card, seats, threat)
                        checked += 1
            deal.apply(bot.decide(view).action, seat)
        session.finish_deal()
        if session.over:
            break
    assert checked > 100
