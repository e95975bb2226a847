"""The looed report's C record loop (engine/_core_records.pxi) against a replay through the public API: the same
splitmix64 stream deals the same decks and makes the same random choices, so every seat's record must be the one
the reference engine's deal gives, bit for bit. Skipped where the core is not built."""

from __future__ import annotations

from pathlib import Path

import pytest

from lanterloo import Deal, rules_with
from lanterloo.actions import DEFEND_MISS, PASS, STAND, TAKE_MISS, Action, Play
from lanterloo.analysis import REPORTS, Plan, batch
from lanterloo.analysis.base import mask
from lanterloo.analysis.looed import hand_class
from lanterloo.cli import main
from lanterloo.engine import Decl, core

pytestmark = pytest.mark.skipif(not core.available(), reason="the compiled core is not built")

M64 = (1 << 64) - 1
ORDER = {PASS: 0, STAND: 1, TAKE_MISS: 2, DEFEND_MISS: 3}  # the core's declaration codes, low bit first


def splitmix(state: list[int]) -> int:
    state[0] = (state[0] + 0x9E3779B97F4A7C15) & M64
    z = state[0]
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def code(action: Action) -> int:
    return int(action.card) if isinstance(action, Play) else ORDER[action]


def replay(preset: str, n: int, deals: int, seed: int, stack: int) -> list[tuple[int, list[tuple[object, ...]]]]:
    """What the record loop should write, deal by deal, from the public API."""
    rules = rules_with(preset)
    state = [seed]
    dealer = splitmix(state) % n
    pool = 0
    out = []
    for _ in range(deals):
        deck = list(range(52))
        for i in range(51, 0, -1):
            j = splitmix(state) % (i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        deal = Deal(rules, [stack] * n, dealer, pool=pool, deck=deck)
        h = deal.hidden()
        hands, miss = [mask(x) for x in h.hands], mask(h.miss)
        while not deal.is_over:
            seat = deal.current_player()
            legal = sorted(deal.legal_actions(seat), key=code)
            deal.apply(legal[splitmix(state) % len(legal)], seat)
        st = deal.settlement
        assert st is not None
        v = deal.view(None, with_events=False)
        played = [s for s in range(n) if v.declarations[s] not in (None, Decl.PASS) or v.in_play[s]]
        records: list[tuple[object, ...]] = []
        for s in range(n):
            hand = miss if v.declarations[s] in (Decl.MISS, Decl.DEFEND) else hands[s]
            trumps, top, high = hand_class(hand, v.tables, -1 if v.pam is None else int(v.pam))
            net = deal.stacks[s] - deal.stacks_before[s]
            records.append((len(played), trumps, top, high, s in played, s in st.looed, net))
        out.append((st.pool_before, records))
        pool = deal.pool
        dealer = (dealer + 1) % n
    return out


@pytest.mark.parametrize(("preset", "n"), [("three-card", 5), ("three-card", 3), ("mississippi", 7), ("rams-loo", 6)])
def test_every_record_of_the_c_loop_is_the_reference_deal_s(preset: str, n: int) -> None:
    plan = Plan("looed", rules_with(preset), n, ("random",) * n, 1, seed=0)
    seats, pools = batch.records(plan, 300, 12345)
    for d, (pool_before, records) in enumerate(replay(preset, n, 300, 12345, plan.stack)):
        assert pools[d] == pool_before, d
        assert [batch.decode(seats[d * n + s]) for s in range(n)] == records, d


def test_the_record_loop_conserves_chips_loo_pool_1() -> None:
    # stacks topped up and every seat anteing 3: what the seats net in a deal is what the pool lost by it
    plan = Plan("looed", rules_with("three-card"), 5, ("random",) * 5, 1, seed=0)
    seats, pools = batch.records(plan, 2000, 99)
    for d in range(1999):
        nets = sum(batch.decode(seats[d * 5 + s])[6] for s in range(5))
        assert nets == pools[d] - pools[d + 1], d


def test_the_c_path_is_taken_for_every_seat_random_and_gives_the_same_csv_on_any_workers(tmp_path: Path) -> None:
    plan = Plan("looed", rules_with("five-card"), 5, ("random",) * 5, 70000, seed=3)
    assert batch.usable(plan) and REPORTS["looed"].units(plan) == [65536, 70000 - 65536]
    args = ["analyze", "looed", "--variant", "five-card", "--bots", "random", "--deals", "70000", "--seed", "3", "-q"]
    assert main([*args, "--out", str(tmp_path / "one"), "--workers", "1"]) == 0
    assert main([*args, "--out", str(tmp_path / "two"), "--workers", "2"]) == 0
    for name in ("looed.csv", "looed_by_trumps.csv", "summary.md"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()
    assert "2 blocks of up to 65,536 deals in the compiled core" in (tmp_path / "one" / "summary.md").read_text()
