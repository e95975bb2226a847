"""Settlement in whole chips (and Louse's penalty points).

Every function here reads a finished ``Deal`` and returns a ``Settlement``; the deal applies it. Chips only move
between stacks and the pool, so stacks plus pool are conserved (antes move chips into the pool, too). Nobody pays
more than his stack (SESSION-3): the shortfall is recorded in ``owed`` minus ``paid``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lanterloo.cards import ACE, JACK, KING, QUEEN, SUIT_MASKS, TEN, Suit, cards_of

if TYPE_CHECKING:
    from lanterloo.deal import Deal


@dataclass
class Settlement:
    """How a deal ended and who paid whom."""

    kind: str  # tricks | uncontested | no_play | flush | louse
    rule: str  # the rule that decided it
    pool_before: int  # the pool when play began (after antes)
    share: int  # chips per trick (per pile in Lou)
    won: list[int]  # chips each seat received
    paid: list[int]  # chips each seat paid into the pool (loos, matches); antes are not counted here
    owed: list[int]  # what each seat owed; more than paid when his stack ran out (SESSION-3)
    looed: list[int]  # seats that were looed (or matched the pot, in Lou)
    pool_after: int  # what the pool carries to the next deal, before its antes
    tricks: list[int]  # tricks taken by each seat
    winners: list[int] = field(default_factory=list)  # uncontested or flush winners
    points: list[int] = field(default_factory=list)  # Louse: penalty points of this deal
    game_over: bool = True  # Lou: the next deal starts a new game, with antes (LOU-GAME-1)

    def net(self, seat: int) -> int:
        return self.won[seat] - self.paid[seat]

    def to_dict(self) -> dict[str, Any]:
        # by hand: dataclasses.asdict deep-copies and is the slowest step of a simulated deal
        return {
            "kind": self.kind,
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
        return cls(**data)


def _collect(deal: Deal, payers: list[int], amount: int, won: list[int]) -> tuple[list[int], list[int]]:
    owed = [0] * deal.n
    paid = [0] * deal.n
    for s in payers:
        owed[s] = amount
        paid[s] = min(amount, deal.stacks[s] + won[s])
    return owed, paid


def _blank(deal: Deal, kind: str, rule: str) -> Settlement:
    n = deal.n
    return Settlement(kind, rule, deal.pool, 0, [0] * n, [0] * n, [0] * n, [], deal.pool, list(deal.tricks_won))


def settle_no_play(deal: Deal) -> Settlement:
    """Nobody plays: the pool is carried (LOO-POOL-4; Lou: LOU-DECL-2)."""
    r = deal.rules
    st = _blank(deal, "no_play", "LOU-DECL-2" if r.game == "lou" else "LOO-POOL-4")
    st.game_over = r.game == "lou" and r.lou_zero_in == "reante"
    return st


def settle_uncontested(deal: Deal, seat: int, rule: str) -> Settlement:
    """One player alone takes the pool without play (LOO-DECL-3/4). In Lou he takes the three piles."""
    st = _blank(deal, "uncontested", rule)
    take = deal.pool
    if deal.rules.game == "lou":
        st.share = deal.pool // 3
        take = st.share * 3
    st.won[seat] = take
    st.winners = [seat]
    st.pool_after = deal.pool - take
    st.game_over = True
    return st


def settle_tricks(deal: Deal) -> Settlement:
    game = deal.rules.game
    if game == "louse":
        return settle_louse(deal)
    if game == "lou":
        return settle_lou(deal)
    return settle_loo(deal)


def settle_loo(deal: Deal) -> Settlement:
    """LOO-POOL-1..4 (PAM-POOL-1): a share per trick, the remainder, and the loos."""
    r = deal.rules
    n = deal.n
    pool = deal.pool
    k = len(deal.tricks)
    share = pool // k
    won = [0] * n
    defended = deal.dealer if deal.defended else -1
    for tr in deal.tricks:
        if tr.winner != defended:  # a defended Miss's shares stay in the pool (LOO-DECL-6)
            won[tr.winner] += share
    rem = pool - share * k
    if rem and r.remainder != "carry":
        if r.remainder == "first_trick_winner":
            target = deal.tricks[0].winner
        elif r.remainder == "last_trick_winner":
            target = deal.tricks[-1].winner
        else:
            most = max(deal.tricks_won)
            target = next(tr.winner for tr in deal.tricks if deal.tricks_won[tr.winner] == most)
        if target != defended:
            won[target] += rem
    looed = [
        s
        for s in deal.order
        if deal.tricks_won[s] == 0 and s != defended and not (r.pam_holder_not_looed and s == deal.pam_holder)
    ]
    owed, paid = _collect(deal, looed, deal.rules.loo_owed(pool), won)
    return Settlement(
        "tricks",
        "LOO-POOL-3" if looed else "LOO-POOL-1",
        pool,
        share,
        won,
        paid,
        owed,
        looed,
        pool - sum(won) + sum(paid),
        list(deal.tricks_won),
    )


def settle_lou(deal: Deal) -> Settlement:
    """LOU-PAY-1..4 and LOU-GAME-1."""
    r = deal.rules
    n = deal.n
    pot = deal.pool
    pile = pot // 3
    t = deal.tricks_won
    ins = list(deal.order)
    match = min(pot, r.lou_match_cap) if r.lou_match_cap else pot
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
    owed, paid = _collect(deal, matchers, match, won)
    st = Settlement("tricks", rule, pot, pile, won, paid, owed, matchers, pot - sum(won) + sum(paid), list(t))
    st.game_over = distributed and not matchers
    return st


# --- Louse ------------------------------------------------------------------------------------------------

_BONUS = {Suit.CLUBS: 300, Suit.SPADES: 200, Suit.HEARTS: 100}


def louse_card_points(card: int, queen_points: int) -> int:
    rank = card % 13
    return {ACE: 11, TEN: 10, KING: 4, QUEEN: queen_points, JACK: 2}.get(rank, 0)


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


def settle_louse(deal: Deal) -> Settlement:
    r = deal.rules
    widow_to = deal.tricks[-1].winner if (deal.widow and r.widow_points == "last_trick_winner") else None
    pts = louse_points(deal.taken, r.diamond_queen, r.louse_queen_points, deal.widow, widow_to)
    st = _blank(
        deal,
        "louse",
        "LOUSE-SCORE-3" if any((m >> (Suit.DIAMONDS * 13 + QUEEN)) & 1 for m in deal.taken) else "LOUSE-SCORE-1",
    )
    st.points = pts
    return st


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
    owed, paid = _collect(deal, payers, deal.rules.loo_owed(pool), won)
    if r.flush_paid_to_holder:  # odd chips of a split stay in the pool
        per = sum(paid) // len(flush.winners)
        for w in flush.winners:
            won[w] += per
    st = Settlement(
        "flush",
        "PAM-FLUSH-3",
        pool,
        0,
        won,
        paid,
        owed,
        payers,
        pool - sum(won) + sum(paid),
        list(deal.tricks_won),
    )
    st.winners = list(flush.winners)
    return st
