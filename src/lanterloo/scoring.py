"""Settlement in whole chips (and Louse's penalty points).

Every function here reads a finished ``Deal`` and returns a ``Settlement``; the deal applies it. Chips only move
between stacks and the pool, so stacks plus pool are conserved (antes move chips into the pool, too). Nobody pays
more than his stack (SESSION-3): the shortfall is recorded in ``owed`` minus ``paid``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import TYPE_CHECKING, Any

from lanterloo.cards import ACE, CARDS, JACK, KING, QUEEN, SUIT_MASKS, TEN, Suit, cards_of
from lanterloo.rules import Rules

if TYPE_CHECKING:
    from lanterloo.deal import Deal


class SettlementKind(StrEnum):
    """How a deal ended. A ``str`` enum, so a hand history writes it as the same plain word as before."""

    TRICKS = "tricks"  # played out: shares per trick (piles in Lou) and loos
    UNCONTESTED = "uncontested"  # one player alone takes the pool without play
    NO_PLAY = "no_play"  # nobody played: the pool is carried
    FLUSH = "flush"  # five-card: the best flush sweeps the pool
    LOUSE = "louse"  # Louse: penalty points


@dataclass(frozen=True, slots=True)
class Settlement:
    """How a deal ended and who paid whom. Immutable: views and events share it with the deal safely."""

    kind: SettlementKind
    rule: str  # the rule that decided it
    pool_before: int  # the pool when play began (after antes)
    share: int  # chips per trick (per pile in Lou)
    won: tuple[int, ...]  # chips each seat received
    paid: tuple[int, ...]  # chips each seat paid into the pool (loos, matches); antes are not counted here
    owed: tuple[int, ...]  # what each seat owed; more than paid when his stack ran out (SESSION-3)
    looed: tuple[int, ...]  # seats that were looed (or matched the pot, in Lou)
    pool_after: int  # what the pool carries to the next deal, before its antes
    tricks: tuple[int, ...]  # tricks taken by each seat
    winners: tuple[int, ...] = ()  # uncontested or flush winners
    points: tuple[int, ...] = ()  # Louse: penalty points of this deal
    game_over: bool = True  # Lou: the next deal starts a new game, with antes (LOU-GAME-1)

    def net(self, seat: int) -> int:
        return self.won[seat] - self.paid[seat]

    def to_dict(self) -> dict[str, Any]:
        # by hand: dataclasses.asdict deep-copies and is the slowest step of a simulated deal
        return {
            "kind": self.kind.value,
            "rule": self.rule,
            "pool_before": self.pool_before,
            "share": self.share,
            "won": list(self.won),
            "paid": list(self.paid),
            "owed": list(self.owed),
            "looed": list(self.looed),
            "pool_after": self.pool_after,
            "tricks": list(self.tricks),
            "winners": list(self.winners),
            "points": list(self.points),
            "game_over": self.game_over,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settlement:
        def ints(key: str) -> tuple[int, ...]:
            return tuple(data.get(key, ()))

        return cls(
            kind=SettlementKind(data["kind"]),
            rule=data["rule"],
            pool_before=data["pool_before"],
            share=data["share"],
            won=ints("won"),
            paid=ints("paid"),
            owed=ints("owed"),
            looed=ints("looed"),
            pool_after=data["pool_after"],
            tricks=ints("tricks"),
            winners=ints("winners"),
            points=ints("points"),
            game_over=data.get("game_over", True),
        )


# --- stakes: what each open choice can win or cost ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Stakes:
    """What is at stake in a deal right now, from the pool as it stands. Settlement uses the same figures.

    ``share``: chips per trick (Lou: per pile, a third of the pot); ``loo``: what a looed player pays (Lou: the
    match of the pot); ``match``: Lou's match (0 elsewhere); ``card_points``: Louse's penalty points of each card
    index, queen bonuses included (empty elsewhere).
    """

    pool: int
    share: int
    loo: int
    match: int
    card_points: tuple[int, ...] = ()


def stakes(rules: Rules, pool: int) -> Stakes:
    """The stakes of a deal whose pool holds ``pool`` as play begins (LOO-POOL-1/3, LOU-PAY-1..4, LOUSE-SCORE-1)."""
    if rules.game == "louse":
        return Stakes(0, 0, 0, 0, louse_card_values(rules.louse_queen_points))
    if rules.game == "lou":
        match = min(pool, rules.lou_match_cap) if rules.lou_match_cap else pool
        return Stakes(pool, pool // 3, match, match)
    return Stakes(pool, pool // rules.hand_size, rules.loo_owed(pool), 0)


def _collect(deal: Deal, payers: Sequence[int], amount: int, won: Sequence[int]) -> tuple[list[int], list[int]]:
    owed = [0] * deal.n
    paid = [0] * deal.n
    for s in payers:
        owed[s] = amount
        paid[s] = min(amount, deal.stacks[s] + won[s])
    return owed, paid


def _blank(
    deal: Deal,
    kind: SettlementKind,
    rule: str,
    *,
    share: int = 0,
    won: Sequence[int] = (),
    winners: Sequence[int] = (),
    points: Sequence[int] = (),
    game_over: bool = True,
) -> Settlement:
    """A settlement in which nobody pays: the pool goes to ``won`` (if anyone) and the rest is carried."""
    n = deal.n
    zero = (0,) * n
    got = tuple(won) if won else zero
    return Settlement(
        kind,
        rule,
        deal.pool,
        share,
        got,
        zero,
        zero,
        (),
        deal.pool - sum(got),
        tuple(deal.tricks_won),
        tuple(winners),
        tuple(points),
        game_over,
    )


def settle_no_play(deal: Deal) -> Settlement:
    """Nobody plays: the pool is carried (LOO-POOL-4; Lou: LOU-DECL-2)."""
    r = deal.rules
    rule = "LOU-DECL-2" if r.game == "lou" else "LOO-POOL-4"
    return _blank(deal, SettlementKind.NO_PLAY, rule, game_over=r.game == "lou" and r.lou_zero_in == "reante")


def settle_uncontested(deal: Deal, seat: int, rule: str) -> Settlement:
    """One player alone takes the pool without play (LOO-DECL-3/4). In Lou he takes the three piles."""
    share = 0
    take = deal.pool
    if deal.rules.game == "lou":
        share = stakes(deal.rules, deal.pool).share
        take = share * 3
    won = [0] * deal.n
    won[seat] = take
    return _blank(deal, SettlementKind.UNCONTESTED, rule, share=share, won=won, winners=(seat,))


def settle_tricks(deal: Deal) -> Settlement:
    game = deal.rules.game
    if game == "louse":
        return settle_louse(deal)
    if game == "lou":
        return settle_lou(deal)
    return settle_loo(deal)


def _settled(
    deal: Deal, rule: str, share: int, won: list[int], payers: Sequence[int], amount: int, *, game_over: bool = True
) -> Settlement:
    """Who played out the deal pays ``amount`` each (``payers``); ``won`` is what each seat took from the pool."""
    owed, paid = _collect(deal, payers, amount, won)
    pool = deal.pool
    return Settlement(
        SettlementKind.TRICKS,
        rule,
        pool,
        share,
        tuple(won),
        tuple(paid),
        tuple(owed),
        tuple(payers),
        pool - sum(won) + sum(paid),
        tuple(deal.tricks_won),
        game_over=game_over,
    )


def settle_loo(deal: Deal) -> Settlement:
    """LOO-POOL-1..4 (PAM-POOL-1): a share per trick, the remainder, and the loos."""
    r = deal.rules
    n = deal.n
    pool = deal.pool
    at_stake = stakes(r, pool)
    share = at_stake.share
    won = [0] * n
    defended = deal.dealer if deal.defended else -1
    for tr in deal.tricks:
        if tr.winner != defended:  # a defended Miss's shares stay in the pool (LOO-DECL-6)
            won[tr.winner] += share
    rem = pool - share * len(deal.tricks)
    target = _remainder_to(deal, rem)
    if target >= 0 and target != defended:
        won[target] += rem
    looed = [
        s
        for s in deal.order
        if deal.tricks_won[s] == 0 and s != defended and not (r.pam_holder_not_looed and s == deal.pam_holder)
    ]
    return _settled(deal, "LOO-POOL-3" if looed else "LOO-POOL-1", share, won, looed, at_stake.loo)


def _remainder_to(deal: Deal, rem: int) -> int:
    """The seat that takes the odd chips a share per trick leaves (LOO-POOL-2), or -1 if they are carried."""
    r = deal.rules
    if not rem or r.remainder == "carry" or not deal.tricks:
        return -1
    if r.remainder == "first_trick_winner":
        return deal.tricks[0].winner
    if r.remainder == "last_trick_winner":
        return deal.tricks[-1].winner
    most = max(deal.tricks_won)
    return next(tr.winner for tr in deal.tricks if deal.tricks_won[tr.winner] == most)


def settle_lou(deal: Deal) -> Settlement:
    """LOU-PAY-1..4 and LOU-GAME-1."""
    r = deal.rules
    n = deal.n
    pot = deal.pool
    at_stake = stakes(r, pot)
    pile = at_stake.share
    t = deal.tricks_won
    ins = list(deal.order)
    won = [0] * n
    trickless = [s for s in ins if t[s] == 0]
    rule = {"A": "LOU-PAY-1", "B": "LOU-PAY-2", "C": "LOU-PAY-3"}[r.lou_payout]
    distributed = True
    two = [s for s in ins if t[s] >= 2]
    if r.lou_payout == "A" or (not two and r.lou_no_winner == "split_by_tricks"):
        for s in ins:
            won[s] = pile * t[s]
        matchers = trickless
        if r.lou_payout != "A":
            rule = "LOU-PAY-4"
    elif two:
        won[two[0]] = pot
        matchers = [s for s in ins if s != two[0]] if r.lou_payout == "B" else trickless
    elif r.lou_no_winner == "split_equally":
        takers = [s for s in ins if t[s] > 0]
        for s in takers:
            won[s] = pot // len(takers)
        matchers = trickless
        rule = "LOU-PAY-4"
    else:  # carry: the pot is not won; those liable still match it
        matchers = list(ins) if r.lou_payout == "B" else trickless
        distributed = False
        rule = "LOU-PAY-4"
    return _settled(deal, rule, pile, won, matchers, at_stake.match, game_over=distributed and not matchers)


# --- Louse ------------------------------------------------------------------------------------------------

_BONUS = {Suit.CLUBS: 300, Suit.SPADES: 200, Suit.HEARTS: 100}


def louse_card_points(card: int, queen_points: int) -> int:
    """A card's penalty points, before any queen bonus (LOUSE-SCORE-1)."""
    rank = card % 13
    return {ACE: 11, TEN: 10, KING: 4, QUEEN: queen_points, JACK: 2}.get(rank, 0)


@cache
def louse_card_values(queen_points: int) -> tuple[int, ...]:
    """Each card index's penalty points, queen bonuses included (LOUSE-SCORE-1/2): 52 entries."""
    return tuple(louse_card_points(c, queen_points) + (_BONUS.get(c.suit, 0) if c.rank == QUEEN else 0) for c in CARDS)


def louse_points(
    taken: list[int], rules_mode: str, queen_points: int, widow: int = 0, widow_to: int | None = None
) -> list[int]:
    """Penalty points of one deal from the cards each seat took (LOUSE-SCORE-1..3)."""
    n = len(taken)
    base = [0] * n
    queen = [0] * n
    queen_cards = [0] * n
    bonuses = [0] * n
    dq_holder = -1
    dq = Suit.DIAMONDS * 13 + QUEEN
    piles = list(taken)
    if widow and widow_to is not None:
        piles[widow_to] |= widow
    for s in range(n):
        for c in cards_of(piles[s]):
            p = louse_card_points(c, queen_points)
            if c.rank == QUEEN:
                b = _BONUS.get(c.suit, 0)
                queen[s] += p + b
                queen_cards[s] += p
                bonuses[s] += b
                if c == dq and (taken[s] >> dq) & 1:  # a ♦Q from the widow cancels nothing
                    dq_holder = s
            else:
                base[s] += p
    if dq_holder >= 0:
        if rules_mode == "cancel_own_queens":
            queen[dq_holder] = 0
        elif rules_mode == "cancel_own_bonuses":
            queen[dq_holder] = queen_cards[dq_holder]
        elif rules_mode == "cancel_all_queens":
            queen = [0] * n
        elif rules_mode == "collect_all_queens":
            total = sum(queen)
            queen = [0] * n
            queen[dq_holder] = total
    return [base[s] + queen[s] for s in range(n)]


def louse_points_so_far(deal: Deal) -> list[int]:
    """Penalty points of the cards each seat has taken so far (the widow counts only at the end)."""
    r = deal.rules
    return louse_points(deal.taken, r.diamond_queen, r.louse_queen_points)


def settle_louse(deal: Deal) -> Settlement:
    r = deal.rules
    widow_to = deal.tricks[-1].winner if (deal.widow and r.widow_points == "last_trick_winner") else None
    pts = louse_points(deal.taken, r.diamond_queen, r.louse_queen_points, deal.widow, widow_to)
    dq = Suit.DIAMONDS * 13 + QUEEN
    rule = "LOUSE-SCORE-3" if any((m >> dq) & 1 for m in deal.taken) else "LOUSE-SCORE-1"
    return _blank(deal, SettlementKind.LOUSE, rule, points=pts)


# --- flushes (five-card) ----------------------------------------------------------------------------------


@dataclass
class FlushResult:
    winners: list[int]
    holders: dict[int, list[int]]  # every flush (or blaze) holder and his cards


def _flush_key(deal: Deal, seat: int) -> tuple[int, ...] | None:
    """Ranking key of a seat's flush or blaze, or None (PAM-FLUSH-1/2). Larger is better, before elder-hand ties."""
    hand = deal.hands[seat]
    pam = deal.pam
    r = deal.rules
    has_pam = pam >= 0 and bool((hand >> pam) & 1)
    rest = hand & ~(1 << pam) if has_pam else hand
    need = 4 if has_pam else 5
    ranks_desc = sorted(((13 if c == pam else c % 13) for c in cards_of(hand)), reverse=True)
    for s in range(4):
        if (rest & SUIT_MASKS[s]) == rest and rest.bit_count() == need:
            return (2, int(has_pam), int(s == deal.trump), *ranks_desc)
    if r.blaze and all(c % 13 in (JACK, QUEEN, KING) or c == pam for c in cards_of(hand)):
        return (1, int(has_pam), 0, *ranks_desc)
    return None


def find_flushes(deal: Deal) -> FlushResult | None:
    r = deal.rules
    holders: dict[int, tuple[int, ...]] = {}
    for s in deal._ring(deal.eldest):
        if deal.in_play[s]:
            key = _flush_key(deal, s)
            if key is not None:
                holders[s] = key
    if not holders:
        return None
    deal.flushes = {s: cards_of(deal.hands[s]) for s in holders}
    if r.flush_order == "elder_hand_only":
        # the elder hand wins among the flushes; a blaze still ranks below every flush
        top = max(k[0] for k in holders.values())
        winners = [next(s for s, k in holders.items() if k[0] == top)]
    else:
        best = max(holders.values())
        tied = [s for s, k in holders.items() if k == best]  # dict order is elder hand first
        winners = tied if r.flush_tie == "split" else tied[:1]
    return FlushResult(winners, {s: list(deal.flushes[s]) for s in holders})


def settle_flush(deal: Deal, flush: FlushResult) -> Settlement:
    """PAM-FLUSH-3: the best flush sweeps the pool; the others are looed."""
    r = deal.rules
    n = deal.n
    pool = deal.pool
    won = [0] * n
    each = pool // len(flush.winners)
    for w in flush.winners:
        won[w] += each
    seats = range(n) if r.flush_payers == "all_players" else [s for s in range(n) if deal.in_play[s]]
    payers = [s for s in seats if s not in flush.winners]
    if r.flush_exempt == "pam_and_flush_holders":
        payers = [
            s for s in payers if s not in flush.holders and not (deal.pam >= 0 and (deal.hands[s] >> deal.pam) & 1)
        ]
    if r.pam_holder_not_looed and deal.pam >= 0:  # PAM-4: a Pam holder cannot be looed, by a flush either
        payers = [s for s in payers if not (deal.hands[s] >> deal.pam) & 1]
    owed, paid = _collect(deal, payers, stakes(r, pool).loo, won)
    if r.flush_paid_to_holder:  # odd chips of a split stay in the pool
        per = sum(paid) // len(flush.winners)
        for w in flush.winners:
            won[w] += per
    return Settlement(
        SettlementKind.FLUSH,
        "PAM-FLUSH-3",
        pool,
        0,
        tuple(won),
        tuple(paid),
        tuple(owed),
        tuple(payers),
        pool - sum(won) + sum(paid),
        tuple(deal.tricks_won),
        tuple(flush.winners),
    )
