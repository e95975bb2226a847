"""Sampling the deals a seat cannot tell apart from the real one: determinisation for search, and OpenSpiel's
``resample_from_infostate``.

A sampled world is a deck order and an action list that, replayed from the same start, give the seat exactly the
view it has now: the same own cards, and the same public record (``info_key``). The sampler keeps what the seat
knows where it was (its own cards, the turn-up, the cards others have played or shown, in the hands they came
from), fills the rest at random, keeping a seat that showed out of a suit without it, and re-draws the others'
hidden choices (which cards they exchanged, Lou's secret In or Out before the reveal). The replay through the
engine is the judge: a world whose replay refuses an action or shows the seat anything different is thrown away and
another drawn, so no rule of the game is re-encoded here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from lanterloo.actions import PASS, STAND, Action, Discard, Pass, Stand, discard
from lanterloo.cards import Card
from lanterloo.engine import Deal, deck_for
from lanterloo.engine.events import Committed, Exchanged, Revealed
from lanterloo.errors import LooError
from lanterloo.rules import Rules


@dataclass(frozen=True)
class Start:
    """How a deal starts, apart from its cards: what a replay needs besides the deck and the actions."""

    rules: Rules
    stacks: tuple[int, ...]
    dealer: int = 0
    pool: int = 0

    def deal(self, deck: Sequence[int]) -> Deal:
        return Deal(self.rules, list(self.stacks), self.dealer, pool=self.pool, deck=list(deck))


@dataclass(frozen=True)
class Layout:
    """Where each position of the deck goes: every seat's dealt hand, the Miss, the widow, the turn-up and the
    stock in drawing order (positions into the deck list)."""

    hands: tuple[tuple[int, ...], ...]
    miss: tuple[int, ...]
    widow: tuple[int, ...]
    turnup: int | None
    stock: tuple[int, ...]


def layout(start: Start) -> Layout:
    """Deal the pack in its canonical order once and see where each position went (dealing is positional)."""
    pack = deck_for(start.rules, len(start.stacks))
    deal = start.deal(pack)
    while not any(deal.hand(s) for s in range(deal.players)) and not deal.is_over:
        deal.apply(deal.legal_actions()[0])  # Lou's dealer sets the ante before the cards are dealt
    where = {c: i for i, c in enumerate(pack)}
    hidden = deal.hidden()
    turnup = deal.view(None, with_events=False).turnup
    return Layout(
        hands=tuple(tuple(sorted(where[c] for c in h)) for h in hidden.hands),
        miss=tuple(where[c] for c in hidden.miss),
        widow=tuple(where[c] for c in hidden.widow),
        turnup=where[turnup] if turnup is not None else None,
        stock=tuple(where[c] for c in hidden.stock),
    )


def info_key(deal: Deal, seat: int, dealt: Sequence[Card]) -> str:
    """Everything ``seat`` knows of ``deal``: the hand it was dealt, its hand now, and the record of the deal as it
    was shown to it. Two deals with the same key are the same to that seat."""
    view = deal.view(seat)
    cards = " ".join(map(str, sorted(dealt)))
    hand = " ".join(map(str, view.hand))
    return f"seat {seat}; dealt {cards}; hand {hand}\n" + "\n".join(repr(e) for e in view.events)


def dealt_hand(deck: Sequence[int], where: Layout, seat: int) -> list[Card]:
    """The cards ``seat`` was dealt from ``deck``."""
    return [Card(deck[i]) for i in where.hands[seat]]


def replay(start: Start, deck: Sequence[int], actions: Sequence[tuple[int, Action]]) -> Deal:
    deal = start.deal(deck)
    for seat, action in actions:
        deal.apply(action, seat)
    return deal


def sample(
    start: Start,
    deck: Sequence[int],
    actions: Sequence[tuple[int, Action]],
    seat: int,
    rng: random.Random,
    tries: int = 500,
) -> tuple[list[Card], list[tuple[int, Action]]]:
    """A deck order and action list that ``seat`` cannot tell from ``deck`` and ``actions`` (module docstring)."""
    where = layout(start)
    true = replay(start, deck, actions)
    target = info_key(true, seat, dealt_hand(deck, where, seat))
    plan = _Plan.of(start, where, true, deck, seat)
    for _ in range(tries):
        order = plan.draw(rng)
        if order is None:
            continue
        swapped = plan.actions(order, actions, rng)
        try:
            world = replay(start, order, swapped)
        except LooError:
            continue  # a hand the engine would not have let play as it did: draw again
        if info_key(world, seat, dealt_hand(order, where, seat)) == target:
            return order, swapped
    raise LooError(f"No deal matching what seat {seat} knows was found in {tries} draws.")


@dataclass
class _Plan:
    """What the sampler keeps fixed, and the slots each other seat's known cards and voids apply to."""

    pack: list[Card]
    fixed: dict[int, Card]  # deck position -> the card the seat knows is there
    final: dict[int, list[int]]  # other seat -> the positions of the hand it plays from
    known: dict[int, set[Card]]  # other seat -> cards it has played or shown
    voids: dict[int, set[int]]  # other seat -> effective suits it showed out of
    eff: tuple[int, ...]
    discards: dict[int, list[int]]  # other seat -> the dealt positions it exchanged (a fixed choice)
    secret: set[int]  # other seats whose In or Out (Lou) is not yet revealed
    seat: int

    @classmethod
    def of(cls, start: Start, where: Layout, true: Deal, deck: Sequence[int], seat: int) -> _Plan:
        view = true.view(seat)
        n = true.players
        fixed: dict[int, Card] = {i: Card(deck[i]) for i in where.hands[seat]}
        if where.turnup is not None and view.turnup is not None:
            fixed[where.turnup] = view.turnup
        final = {s: list(where.hands[s]) for s in range(n) if s != seat}
        discards: dict[int, list[int]] = {}
        stock_at = 0
        for e in view.events:
            if type(e) is Exchanged:
                draws = list(where.stock[stock_at : stock_at + e.number])
                stock_at += e.number
                if e.seat == seat:
                    for i in draws:
                        fixed[i] = Card(deck[i])
                else:
                    kept = final[e.seat][: len(final[e.seat]) - e.number]
                    discards[e.seat] = final[e.seat][len(kept) :]
                    final[e.seat] = kept + draws
        # who plays from the Miss: its taker, or the dealer who defended it (LOO-DECL-6)
        taker = view.miss_taker if view.miss_taker is not None else (view.dealer if view.defended else None)
        if taker is not None:
            if taker == seat:
                fixed.update({i: Card(deck[i]) for i in where.miss})
            else:
                final[taker] = list(where.miss)
        known: dict[int, set[Card]] = {s: set() for s in final}
        voids: dict[int, set[int]] = {s: set() for s in final}
        eff = view.tables.eff
        follows = not (start.rules.game == "lou" and not start.rules.lou_follow_suit)
        tricks = [r.cards for r in view.tricks] + ([view.trick] if view.trick else [])
        for cards in tricks:
            led = eff[cards[0][1]]
            for s, c in cards:
                if s in known:
                    known[s].add(c)
                    if follows and eff[c] != led:
                        voids[s].add(led)
        for s, shown in view.flushes:
            if s in known:
                known[s].update(shown)
        secret: set[int] = set()
        if not any(type(e) is Revealed for e in view.events):
            secret = {e.seat for e in view.events if type(e) is Committed and e.seat != seat}
        pack = deck_for(start.rules, n)
        return cls(pack, fixed, final, known, voids, eff, discards, secret, seat)

    def draw(self, rng: random.Random) -> list[Card] | None:
        """A deck order keeping the fixed cards, the others' known cards in their hands, and their voids."""
        order: dict[int, Card] = dict(self.fixed)
        free = [c for c in self.pack if c not in set(self.fixed.values())]
        placed: set[Card] = set()
        for s, slots in self.final.items():
            open_slots = [i for i in slots if i not in order]
            cards = [c for c in self.known[s] if c not in placed and c not in self.fixed.values()]
            if len(cards) > len(open_slots):
                return None
            rng.shuffle(open_slots)
            for i, c in zip(open_slots, cards, strict=False):
                order[i] = c
                placed.add(c)
        free = [c for c in free if c not in placed]
        rng.shuffle(free)
        # the hands of seats that showed out of a suit first, from the cards they may hold
        for s, slots in sorted(self.final.items(), key=lambda kv: -len(self.voids[kv[0]])):
            if not self.voids[s]:
                continue
            for i in slots:
                if i in order:
                    continue
                pick = next((k for k, c in enumerate(free) if self.eff[c] not in self.voids[s]), None)
                if pick is None:
                    return None
                order[i] = free.pop(pick)
        rest = iter(free)
        return [order[i] if i in order else next(rest) for i in range(len(self.pack))]

    def actions(
        self, order: Sequence[Card], actions: Sequence[tuple[int, Action]], rng: random.Random
    ) -> list[tuple[int, Action]]:
        """The action list with the others' hidden choices re-drawn for this deck order."""
        out: list[tuple[int, Action]] = []
        for s, a in actions:
            if s != self.seat and type(a) is Discard:
                a = discard(sum(1 << order[i] for i in self.discards.get(s, [])))
            elif s in self.secret and type(a) in (Stand, Pass):
                a = rng.choice((STAND, PASS))
            out.append((s, a))
        return out
