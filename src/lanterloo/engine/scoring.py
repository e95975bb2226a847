"""Settlement in whole chips (and Louse's penalty points), and the stakes that the settlement will count.

Every function here reads an ``Outcome``, a small frozen record of how a deal ended that the deal builds when it
ends, and returns a ``Settlement``; the deal applies it. Nothing here reads the live ``Deal``. Chips only move
between stacks and the pool, so stacks plus pool are conserved (antes move chips into the pool, too). Nobody pays
more than his stack (SESSION-3): the shortfall is recorded in ``owed`` minus ``paid``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from lanterloo.cards import ACE, CARDS, JACK, KING, QUEEN, SUIT_MASKS, TEN, Card, Suit, cards_of
from lanterloo.engine.phases import TrickRecord
from lanterloo.rules import Rules

if TYPE_CHECKING:
    from lanterloo.engine.shape import GameShape

_new = tuple.__new__  # builds a NamedTuple without its Python-level __new__ (every field given, in order)


class SettlementKind(StrEnum):
    """How a deal ended. A ``str`` enum, so a hand history writes it as the same plain word as before."""

    TRICKS = "tricks"  # played out: shares per trick (piles in Lou) and loos
    UNCONTESTED = "uncontested"  # one player alone takes the pool without play
    NO_PLAY = "no_play"  # nobody played: the pool is carried
    FLUSH = "flush"  # five-card: the best flush sweeps the pool
    LOUSE = "louse"  # Louse: penalty points


class Settlement(NamedTuple):
    """How a deal ended and who paid whom. Immutable: views and events share it with the deal safely.

    A NamedTuple, like the events: one is built per deal, several times faster than a frozen dataclass.
    """

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
        # lists, as the hand history writes them
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


class Stakes(NamedTuple):
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


def loo_stakes(rules: Rules, pool: int) -> Stakes:
    """Loo: a share per trick, and the loo (LOO-POOL-1/3)."""
    return _new(Stakes, (pool, pool // rules.hand_size, rules.loo_owed(pool), 0, ()))  # one per deal


def lou_stakes(rules: Rules, pool: int) -> Stakes:
    """Lou: three piles of a third of the pot; whoever is liable matches the pot, up to the cap (LOU-PAY-1..4)."""
    match = min(pool, rules.lou_match_cap) if rules.lou_match_cap else pool
    return Stakes(pool, pool // 3, match, match)


def louse_stakes(rules: Rules, pool: int) -> Stakes:
    """Louse: no chips, penalty points per card (LOUSE-SCORE-1/2)."""
    return Stakes(0, 0, 0, 0, louse_card_values(rules.louse_queen_points))


class Outcome(NamedTuple):
    """How a deal ended: everything the settlement needs, frozen when the deal ends (a NamedTuple: one per deal,
    and a tuple of 21 fields is built several times faster than a frozen dataclass)."""

    shape: GameShape
    rules: Rules
    kind: SettlementKind
    rule: str  # the rule that ended the deal (the settlement of tricks names its own)
    n: int
    dealer: int
    pool: int  # the pool as play began (after antes)
    stacks: tuple[int, ...]  # the stacks as play began
    stakes: Stakes
    in_play: tuple[bool, ...]
    order: tuple[int, ...]  # the seats in play, from the eldest hand on
    hands: tuple[int, ...]  # the hands left (a flush is settled before play, from the hands)
    tricks: tuple[TrickRecord, ...]
    tricks_won: tuple[int, ...]
    taken: tuple[int, ...]  # Louse: the cards each seat took
    widow: int
    defended: bool  # the dealer defended the Miss (LOO-DECL-6)
    pam: int
    pam_holder: int  # the seat that held Pam as play began, or -1
    winners: tuple[int, ...] = ()  # an uncontested winner, or the flush winners
    flush_holders: tuple[int, ...] = ()


# One settlement per simulated deal: the kinds are read once (``SettlementKind.X`` goes through
# EnumType.__getattr__ in 3.11), and records are built with tuple.__new__, skipping NamedTuple's Python __new__.
_NO_PLAY, _UNCONTESTED, _FLUSH = SettlementKind.NO_PLAY, SettlementKind.UNCONTESTED, SettlementKind.FLUSH
_TRICKS = SettlementKind.TRICKS


def settle(o: Outcome) -> Settlement:
    """The settlement of a deal that ended as ``o`` says."""
    kind = o.kind
    if kind is _NO_PLAY:
        return settle_no_play(o)
    if kind is _UNCONTESTED:
        return settle_uncontested(o)
    if kind is _FLUSH:
        return settle_flush(o)
    return o.shape.settle_tricks(o)


def _collect(o: Outcome, payers: Sequence[int], amount: int, won: Sequence[int]) -> tuple[list[int], list[int]]:
    owed = [0] * o.n
    paid = [0] * o.n
    stacks = o.stacks  # a record's field is read at the cost of a call; a local is not
    for s in payers:
        owed[s] = amount
        have = stacks[s] + won[s]
        paid[s] = amount if amount <= have else have  # min(), without its call
    return owed, paid


def _blank(
    o: Outcome,
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
    n = o.n
    zero = (0,) * n
    got = tuple(won) if won else zero
    return Settlement(
        kind,
        rule,
        o.pool,
        share,
        got,
        zero,
        zero,
        (),
        o.pool - sum(got),
        tuple(o.tricks_won),
        tuple(winners),
        tuple(points),
        game_over,
    )


def settle_no_play(o: Outcome) -> Settlement:
    """Nobody plays: the pool is carried (LOO-POOL-4; Lou: LOU-DECL-2). Only in Lou can a game go on."""
    game_over = not o.shape.games_span_deals or o.rules.lou_zero_in == "reante"
    return _blank(o, SettlementKind.NO_PLAY, o.rule, game_over=game_over)


def settle_uncontested(o: Outcome) -> Settlement:
    """One player alone takes the pool without play (LOO-DECL-3/4). In Lou he takes the three piles."""
    (seat,) = o.winners
    share = o.stakes.share if o.shape.pays_piles else 0
    won = [0] * o.n
    won[seat] = share * 3 if o.shape.pays_piles else o.pool
    return _blank(o, SettlementKind.UNCONTESTED, o.rule, share=share, won=won, winners=(seat,))


def _settled(
    o: Outcome, rule: str, share: int, won: list[int], payers: Sequence[int], amount: int, *, game_over: bool = True
) -> Settlement:
    """Who played out the deal pays ``amount`` each (``payers``); ``won`` is what each seat took from the pool."""
    owed, paid = _collect(o, payers, amount, won)
    pool = o.pool
    after = pool - sum(won) + sum(paid)
    # every field in order, as tuple.__new__ knows no defaults (no winners, no points)
    looed = tuple(payers)
    return _new(
        Settlement,
        (
            _TRICKS,
            rule,
            pool,
            share,
            tuple(won),
            tuple(paid),
            tuple(owed),
            looed,
            after,
            o.tricks_won,
            (),
            (),
            game_over,
        ),
    )


def settle_loo(o: Outcome) -> Settlement:
    """LOO-POOL-1..4 (PAM-POOL-1): a share per trick, the remainder, and the loos."""
    r = o.rules
    n = o.n
    pool = o.pool
    at_stake = o.stakes
    share = at_stake.share
    won = [0] * n
    defended = o.dealer if o.defended else -1
    for tr in o.tricks:
        w = tr.winner
        if w != defended:  # a defended Miss's shares stay in the pool (LOO-DECL-6)
            won[w] += share
    rem = pool - share * len(o.tricks)
    target = _remainder_to(o, rem)
    if target >= 0 and target != defended:
        won[target] += rem
    tricks_won = o.tricks_won
    looed = [
        s
        for s in o.order
        if tricks_won[s] == 0 and s != defended and not (r.pam_holder_not_looed and s == o.pam_holder)
    ]
    return _settled(o, "LOO-POOL-3" if looed else "LOO-POOL-1", share, won, looed, at_stake.loo)


def _remainder_to(o: Outcome, rem: int) -> int:
    """The seat that takes the odd chips a share per trick leaves (LOO-POOL-2), or -1 if they are carried."""
    r = o.rules
    if not rem or r.remainder == "carry" or not o.tricks:
        return -1
    if r.remainder == "first_trick_winner":
        return o.tricks[0].winner
    if r.remainder == "last_trick_winner":
        return o.tricks[-1].winner
    most = max(o.tricks_won)
    return next(tr.winner for tr in o.tricks if o.tricks_won[tr.winner] == most)


def settle_lou(o: Outcome) -> Settlement:
    """LOU-PAY-1..4 and LOU-GAME-1."""
    r = o.rules
    n = o.n
    pot = o.pool
    at_stake = o.stakes
    pile = at_stake.share
    t = o.tricks_won
    ins = list(o.order)
    won = [0] * n
    trickless = [s for s in ins if t[s] == 0]
    rule = {"A": "LOU-PAY-1", "B": "LOU-PAY-2", "C": "LOU-PAY-3"}[r.lou_payout]
    distributed = True
    two = [s for s in ins if t[s] >= 2]
    if r.lou_payout == "A" or (not two and r.lou_no_winner == "split_by_tricks"):
        for s in ins:
            won[s] = pile * t[s]
        target = _remainder_to(o, pot - pile * 3)  # the remainder options apply to Lou's piles
        if target >= 0:
            won[target] += pot - pile * 3
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
    return _settled(o, rule, pile, won, matchers, at_stake.match, game_over=distributed and not matchers)


# --- Louse ------------------------------------------------------------------------------------------------

_BONUS = {Suit.CLUBS: 300, Suit.SPADES: 200, Suit.HEARTS: 100}
_QUEENS = sum(1 << (s * 13 + QUEEN) for s in range(4))


def louse_card_points(card: int, queen_points: int) -> int:
    """A card's penalty points, before any queen bonus (LOUSE-SCORE-1)."""
    rank = card % 13
    return {ACE: 11, TEN: 10, KING: 4, QUEEN: queen_points, JACK: 2}.get(rank, 0)


@cache
def louse_card_values(queen_points: int) -> tuple[int, ...]:
    """Each card index's penalty points, queen bonuses included (LOUSE-SCORE-1/2): 52 entries."""
    return tuple(louse_card_points(c, queen_points) + (_BONUS.get(c.suit, 0) if c.rank == QUEEN else 0) for c in CARDS)


def louse_points(
    taken: Sequence[int], rules_mode: str, queen_points: int, widow: int = 0, widow_to: int | None = None
) -> list[int]:
    """Penalty points of one deal from the cards each seat took (LOUSE-SCORE-1..3)."""
    n = len(taken)
    values = louse_card_values(queen_points)  # queen bonuses included
    dq = Suit.DIAMONDS * 13 + QUEEN
    piles = list(taken)
    if widow and widow_to is not None:
        piles[widow_to] |= widow
    base = [0] * n
    queen = [0] * n
    dq_holder = -1
    for s in range(n):
        m = piles[s]
        while m:
            low = m & -m
            c = low.bit_length() - 1
            if low & _QUEENS:
                queen[s] += values[c]
            else:
                base[s] += values[c]
            m ^= low
        if (taken[s] >> dq) & 1:  # a ♦Q from the widow cancels nothing
            dq_holder = s
    if dq_holder >= 0:
        if rules_mode == "cancel_own_queens":
            queen[dq_holder] = 0
        elif rules_mode == "cancel_own_bonuses":
            queen[dq_holder] = queen_points * (piles[dq_holder] & _QUEENS).bit_count()
        elif rules_mode == "cancel_all_queens":
            queen = [0] * n
        elif rules_mode == "collect_all_queens":
            total = sum(queen)
            queen = [0] * n
            queen[dq_holder] = total
    return [base[s] + queen[s] for s in range(n)]


def louse_card_counts(card: Card, seat: int, dq_taker: int | None, rules_mode: str, queen_points: int) -> int:
    """What one penalty card in ``seat``'s tricks counts towards its deal's points once the ♦Q, taken in a trick by
    ``dq_taker`` (None: nobody), has done what ``rules_mode`` says (LOUSE-SCORE-3): the card's value, or less. The
    cases are ``louse_points``'s, card by card; a queen charged to the ♦Q's taker counts nothing for its own taker."""
    value = louse_card_values(queen_points)[card]
    if card.rank != QUEEN or dq_taker is None:
        return value
    if rules_mode == "cancel_own_queens":
        return 0 if seat == dq_taker else value
    if rules_mode == "cancel_own_bonuses":
        return queen_points if seat == dq_taker else value
    if rules_mode == "cancel_all_queens":
        return 0
    if rules_mode == "collect_all_queens":
        return value if seat == dq_taker else 0
    return value


def settle_louse(o: Outcome) -> Settlement:
    r = o.rules
    widow_to = o.tricks[-1].winner if (o.widow and r.widow_points == "last_trick_winner") else None
    pts = louse_points(o.taken, r.diamond_queen, r.louse_queen_points, o.widow, widow_to)
    dq = Suit.DIAMONDS * 13 + QUEEN
    rule = "LOUSE-SCORE-3" if any((m >> dq) & 1 for m in o.taken) else "LOUSE-SCORE-1"
    return _blank(o, SettlementKind.LOUSE, rule, points=pts)


# --- flushes (five-card) ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FlushResult:
    winners: tuple[int, ...]
    holders: tuple[int, ...]  # every flush (or blaze) holder, elder hand first


def _flush_key(hand: int, pam: int, trump: int, blaze: bool) -> tuple[int, ...] | None:
    """Ranking key of a hand's flush or blaze, or None (PAM-FLUSH-1/2). Larger is better, before elder-hand ties."""
    has_pam = pam >= 0 and bool((hand >> pam) & 1)
    rest = hand & ~(1 << pam) if has_pam else hand
    need = 4 if has_pam else 5
    ranks_desc = sorted(((13 if c == pam else c % 13) for c in cards_of(hand)), reverse=True)
    for s in range(4):
        if (rest & SUIT_MASKS[s]) == rest and rest.bit_count() == need:
            return (2, int(has_pam), int(s == trump), *ranks_desc)
    if blaze and all(c % 13 in (JACK, QUEEN, KING) or c == pam for c in cards_of(hand)):
        return (1, int(has_pam), 0, *ranks_desc)
    return None


def find_flushes(hands: Sequence[int], seats: Sequence[int], pam: int, trump: int, rules: Rules) -> FlushResult | None:
    """The flushes (and blazes) among the hands of ``seats`` (in play, elder hand first), and who wins."""
    holders: dict[int, tuple[int, ...]] = {}
    for s in seats:
        key = _flush_key(hands[s], pam, trump, rules.blaze)
        if key is not None:
            holders[s] = key
    if not holders:
        return None
    if rules.flush_order == "elder_hand_only":
        # the elder hand wins among the flushes; a blaze still ranks below every flush
        top = max(k[0] for k in holders.values())
        winners = [next(s for s, k in holders.items() if k[0] == top)]
    else:
        best = max(holders.values())
        tied = [s for s, k in holders.items() if k == best]  # dict order is elder hand first
        winners = tied if rules.flush_tie == "split" else tied[:1]
    return FlushResult(tuple(winners), tuple(holders))


def settle_flush(o: Outcome) -> Settlement:
    """PAM-FLUSH-3: the best flush sweeps the pool; the others are looed."""
    r = o.rules
    n = o.n
    pool = o.pool
    won = [0] * n
    each = pool // len(o.winners)
    for w in o.winners:
        won[w] += each
    seats = range(n) if r.flush_payers == "all_players" else [s for s in range(n) if o.in_play[s]]
    payers = [s for s in seats if s not in o.winners]
    if r.flush_exempt == "pam_and_flush_holders":
        payers = [s for s in payers if s not in o.flush_holders and s != o.pam_holder]
    if r.pam_holder_not_looed:  # PAM-4: a Pam holder cannot be looed, by a flush either
        payers = [s for s in payers if s != o.pam_holder]
    owed, paid = _collect(o, payers, o.stakes.loo, won)
    if r.flush_paid_to_holder:  # odd chips of a split stay in the pool
        per = sum(paid) // len(o.winners)
        for w in o.winners:
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
        o.tricks_won,
        o.winners,
    )
