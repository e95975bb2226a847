"""Sampling the deals a seat cannot tell apart from the real one, from its ``View`` alone: determinisation for the
search bots, and OpenSpiel's ``resample_from_infostate``.

A sampled world is a deck order and an action list that, replayed from the deal's start, show the seat exactly the
view it has: the same hand and the same record of the deal. The sampler keeps what the seat knows where it was (the
cards it was dealt, drew or took with the Miss, the turn-up, the cards others have played or shown, in the hands
they came from), fills the rest at random, keeping a seat that showed out of a suit without it, and re-draws the
others' hidden choices (which cards they exchanged, Lou's secret In or Out before the reveal). The replay through
the engine is the judge: a world whose replay refuses an action or shows the seat anything different is thrown
away and another drawn, so no rule of the game is re-encoded here beyond following suit.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast

from lanterloo.actions import PASS, STAND, Action, DefendMiss, Pass, Play, TakeMiss, discard
from lanterloo.cards import Card
from lanterloo.engine import Deal, Phase, View, deck_for
from lanterloo.engine.events import Committed, DealStarted, Declared, Exchanged, Reshuffled, Revealed
from lanterloo.errors import LooError
from lanterloo.rules import Rules

#: A place a card comes from: a position in the deck, or (reshuffle, index) for a card of a reshuffled stock
Ref = int | tuple[int, int]


@dataclass(frozen=True)
class Start:
    """How a deal starts, apart from its cards: what a replay needs besides the deck and the actions."""

    rules: Rules
    stacks: tuple[int, ...]
    dealer: int = 0
    pool: int = 0
    ante: bool = True

    @classmethod
    def of(cls, view: View) -> Start:
        """The start of the deal ``view`` shows (a view built with its events)."""
        if not view.events and view.phase is Phase.ANTE:
            # Lou's dealer is still to set the ante: nothing has happened, not even the antes
            return cls(view.rules, view.stacks, view.dealer, view.pool)
        first = view.events[0] if view.events else None
        if type(first) is not DealStarted:
            raise LooError("Sampling a deal needs the view's events: build it with with_events=True.")
        return cls(view.rules, first.stacks, first.dealer, first.pool, first.ante)

    def deal(
        self, deck: Sequence[int], reshuffles: Sequence[Sequence[int]] | None = None, seed: int | None = None
    ) -> Deal:
        return Deal(
            self.rules,
            list(self.stacks),
            self.dealer,
            pool=self.pool,
            deck=list(deck),
            ante=self.ante,
            seed=seed,
            reshuffles=reshuffles,
        )


@dataclass(frozen=True)
class Layout:
    """Where each position of the deck goes: every seat's dealt hand, the Miss, the widow, the turn-up and the
    stock in drawing order (positions into the deck list)."""

    hands: tuple[tuple[int, ...], ...]
    miss: tuple[int, ...]
    widow: tuple[int, ...]
    turnup: int | None
    stock: tuple[int, ...]


@lru_cache(maxsize=256)
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


def dealt_hand(deck: Sequence[int], where: Layout, seat: int) -> list[Card]:
    """The cards ``seat`` was dealt from ``deck``."""
    return [Card(deck[i]) for i in where.hands[seat]]


def replay(start: Start, deck: Sequence[int], actions: Sequence[tuple[int, Action]]) -> Deal:
    deal = start.deal(deck)
    for seat, action in actions:
        deal.apply(action, seat)
    return deal


def seen(view: View) -> str:
    """What the seat of ``view`` knows: its hand and the record of the deal as shown to it."""
    return " ".join(map(str, view.hand)) + "\n" + "\n".join(repr(e) for e in view.events)


def sample(
    view: View, rng: random.Random, dealt: Sequence[Card] | None = None, tries: int = 500
) -> tuple[list[Card], list[tuple[int, Action]]]:
    """A deck order and action list that replay to ``view`` for its seat (module docstring). ``dealt``, when the
    caller knows it, fixes the cards the seat was dealt (the view forgets them once it takes the Miss)."""
    if view.seat is None:
        raise LooError("Only a seat's view can be sampled: a spectator's view holds no hand.")
    order, actions, _ = Sampler(view, dealt).draw(rng, tries)
    return order, actions


class Sampler:
    """Draws the deals one view allows: what the view fixes (the plan, the record to match) is worked out once,
    so a search bot drawing hundreds of deals for one decision pays for it once."""

    def __init__(self, view: View, dealt: Sequence[Card] | None = None) -> None:
        if view.seat is None:
            raise LooError("Only a seat's view can be sampled: a spectator's view holds no hand.")
        self.view = view
        self.seat = view.seat
        self.start = Start.of(view)
        self.plan = _Plan.of(view, layout(self.start), dealt)
        self.trusted = replay_is_enough(self.start.rules)
        # with the exchange or Pam, a sampled hand may hold a flush the real one did not: a world the flush check
        # ended must also match on whether the deal goes on and what the seat may do now
        r = self.start.rules
        self.turn = (
            (view.phase is not Phase.DONE, list(view.legal)) if r.exchange != "none" or r.pam != "none" else None
        )
        self.hand = list(view.hand)
        self._target: str | None = None
        self.reshuffled: list[list[Card]] = []  # the recorded reshuffles of the last deck order drawn

    def draw(self, rng: random.Random, tries: int = 500) -> tuple[list[Card], list[tuple[int, Action]], Deal]:
        """A deck order, the action list, and the deal they replay to (``sample``)."""
        # the quick draw first; where it keeps failing (a seat that showed out of several suits must take exactly
        # the cards nobody else may hold), the careful one, which places the most constrained cards first
        for k in range(2 * tries):
            drawn = self.plan.draw(rng, careful=k >= tries)
            if drawn is None:
                continue
            order, self.reshuffled = drawn
            actions = self.plan.actions(order, rng)
            world = _replay_legal(self.deal(order, rng), actions)
            if world is None:
                continue  # a hand the engine would not have let play as it did: draw again
            if self.trusted and world.hand(self.seat) == self.hand and self._same_turn(world):
                return order, actions, world
            if self._target is None:
                self._target = seen(self.view)
            if seen(world.view(self.seat)) == self._target:
                return order, actions, world
        raise LooError(f"No deal matching what seat {self.seat} knows was found in {2 * tries} draws.")

    def _same_turn(self, world: Deal) -> bool:
        if self.turn is None:
            return True
        going_on, legal = self.turn
        return (not world.is_over) is going_on and world.legal_actions(self.seat) == legal

    def deal(self, order: Sequence[Card], rng: random.Random) -> Deal:
        """The deal ``order``, the last deck order drawn, starts, before any action. Where the seat saw the stock
        reshuffled, the reshuffles are recorded: the dead cards of this world in the order drawn with it, the cards
        the seat drew where it drew them. Where a reshuffle may come, a seed from ``rng`` gives it (in a play-out)
        the same luck for the same bot seed."""
        if self.plan.reshuffles:
            return self.start.deal(order, self.reshuffled, rng.getrandbits(32))
        if self.start.rules.exchange_shortfall == "reshuffle":
            return self.start.deal(order, None, rng.getrandbits(32))  # a reshuffle may come in a play-out
        return self.start.deal(order)


def replay_is_enough(rules: Rules) -> bool:
    """Whether a replay the engine accepts, with the seat's own hand, always shows the seat its view: in the Loo
    game and in Louse every card and choice the seat saw is fixed by the plan, so comparing the whole record, which
    builds the reference deal behind a core one, is skipped there. No seen record differed in 50,000 accepted
    replays of the Loo presets without the exchange or Pam, nor in 7,000 of Louse with and without the widow (cards
    played and nothing else: no hidden choice, the widow unseen until the end), nor in 54,841 of five-card under
    four option sets once the replay also goes on and gives the seat the same legal actions (``Sampler``: a
    sampled hand may hold a flush that ends the deal, which 16 of them did). Lou's secret choices are compared."""
    return rules.game in ("loo", "louse")


def _replay_legal(deal: Deal, actions: Sequence[tuple[int, Action]]) -> Deal | None:
    """``replay`` from ``deal``, or None where the engine refuses an action. A core deal is asked for its legal
    actions first: its refusal would build the reference deal behind it only to word the reason, the slow part of
    a draw."""
    core_deal = type(deal) is not Deal
    try:
        for seat, action in actions:
            if core_deal and action not in deal.legal_actions(seat):
                return None
            deal.apply(action, seat)
    except LooError:
        return None
    if not core_deal:
        deal.draw_freely()  # the recorded reshuffles are used up: a play-out reshuffles as any deal does
    return deal


def world(view: View, rng: random.Random) -> Deal:
    """A deal, at the same point, that the seat of ``view`` cannot tell from the real one."""
    return Sampler(view).draw(rng)[2]


@dataclass
class _Plan:
    """What the sampler keeps fixed, the slots each other seat's known cards and voids apply to, and the action
    list with the others' hidden choices marked."""

    pack: list[Card]
    fixed: dict[int, Card]  # deck position -> the card the seat knows is there
    final: dict[int, list[Ref]]  # other seat -> where the cards of the hand it plays from came from
    known: dict[int, set[Card]]  # other seat -> cards it has played or shown
    voids: dict[int, set[int]]  # other seat -> effective suits it showed out of
    eff: tuple[int, ...]
    discards: dict[int, list[int]]  # other seat -> the dealt positions it exchanged (a fixed choice)
    history: list[tuple[int, Action | None]]  # None: another seat's exchange or secret In or Out, to re-draw
    secret: frozenset[int]  # the indices in history of secret In or Out (the other Nones are exchanges)
    reshuffles: list[list[int]]  # per reshuffle of the stock the seat saw, the positions of its dead cards
    redrawn: dict[tuple[int, int], Card]  # the cards the seat drew from a reshuffled stock

    @classmethod
    def of(cls, view: View, where: Layout, dealt: Sequence[Card] | None) -> _Plan:
        me = view.seat
        assert me is not None
        n = view.players
        fixed: dict[int, Card] = {}
        final: dict[int, list[Ref]] = {s: list(where.hands[s]) for s in range(n) if s != me}
        discards: dict[int, list[int]] = {}
        history: list[tuple[int, Action | None]] = []
        played: set[Card] = set()
        swapped: set[Card] = set()
        drawn: set[Card] = set()
        # the reveal shows every seat's In or Out (LOU-DECL-1), though each Committed stays censored in the record
        revealed = next((e.in_play for e in view.events if type(e) is Revealed), None)
        secret: set[int] = set()  # indices into history of others' In or Out not yet revealed, to re-draw
        miss_cards: set[Card] = set()
        for e in view.events:
            action = getattr(e, "action", None)
            if type(e) is Exchanged:
                if e.seat == me:
                    assert e.action is not None
                    drawn.update(e.drawn)
                    swapped.update(e.action.cards)
                history.append((e.seat, e.action if e.seat == me else None))
            elif type(e) is Committed:
                if e.seat == me:
                    history.append((e.seat, e.action))
                elif revealed is not None:
                    history.append((e.seat, STAND if revealed[e.seat] else PASS))
                else:
                    secret.add(len(history))
                    history.append((e.seat, None))
            elif action is not None and e.seat is not None:
                history.append((e.seat, action))
                if e.seat == me and type(action) is Play:
                    played.add(action.card)
                if type(e) is Declared and e.seat == me and e.hand:
                    miss_cards = set(e.hand)
        # the cards the seat was dealt, worked back from its hand now
        mine = (set(view.hand) | played | swapped) - drawn
        # who plays from the Miss: its taker, or the dealer who defended it (LOO-DECL-6)
        taker = view.miss_taker if view.miss_taker is not None else (view.dealer if view.defended else None)
        if taker == me:
            # the hand it plays from is the Miss; the hand it was dealt is known only if the caller says
            fixed.update(zip(where.miss, sorted(miss_cards), strict=False))
            mine = set(dealt) if dealt is not None else set()
        elif taker is not None:
            final[taker] = list(where.miss)
        if dealt is not None:
            mine = set(dealt)
        fixed.update(zip(where.hands[me], sorted(mine), strict=False))
        reshuffles, redrawn = _draws(view, where, fixed, final, discards)
        if where.turnup is not None and view.turnup is not None:
            fixed[where.turnup] = view.turnup
        known: dict[int, set[Card]] = {s: set() for s in final}
        voids: dict[int, set[int]] = {s: set() for s in final}
        eff = view.tables.eff
        follows = not (view.rules.game == "lou" and not view.rules.lou_follow_suit)
        for cards in [r.cards for r in view.tricks] + ([view.trick] if view.trick else []):
            led = eff[cards[0][1]]
            for s, c in cards:
                if s in known:
                    known[s].add(c)
                    if follows and eff[c] != led:
                        voids[s].add(led)
        for s, shown in view.flushes:
            if s in known:
                known[s].update(shown)
        pack = deck_for(view.rules, n)
        return cls(pack, fixed, final, known, voids, eff, discards, history, frozenset(secret), reshuffles, redrawn)

    def draw(self, rng: random.Random, careful: bool = False) -> tuple[list[Card], list[list[Card]]] | None:
        """A deck order keeping the fixed cards, the others' known cards in their hands, and their voids; and the
        order of each reshuffle of the stock, a fresh shuffle of its dead cards but for those the seat drew."""
        order: dict[int, Card] = dict(self.fixed)
        # without a reshuffle every ref is a deck position
        final = cast(dict[int, list[int]], self.final)
        shuffles: list[list[int]] = []
        if self.reshuffles:
            for r, dead in enumerate(self.reshuffles):
                at: list[int | None] = [None] * len(dead)
                hosts = [i for i in dead if i not in order]  # each card the seat drew was dealt somewhere unknown
                _shuffle(hosts, rng)
                for (rr, j), c in self.redrawn.items():
                    if rr == r:
                        if not hosts:
                            return None
                        at[j] = i = hosts.pop()
                        order[i] = c
                others = [i for i in dead if i not in set(at)]
                _shuffle(others, rng)
                fill = iter(others)
                shuffles.append([i if i is not None else next(fill) for i in at])
            final = {
                s: [i if isinstance(i, int) else shuffles[i[0]][i[1]] for i in refs] for s, refs in self.final.items()
            }
        taken = set(order.values())
        for s, slots in final.items():
            open_slots = [i for i in slots if i not in order]
            cards = [c for c in self.known[s] if c not in taken]
            if len(cards) > len(open_slots):
                return None
            _shuffle(open_slots, rng)
            for i, c in zip(open_slots, cards, strict=False):
                order[i] = c
                taken.add(c)
        free = [c for c in self.pack if c not in taken]
        _shuffle(free, rng)
        if careful:
            left = self._place_careful(final, order, free, rng)
            if left is None:
                return None
            free = left
        # the hands of seats that showed out of a suit first, from the cards they may hold
        for s, slots in sorted(final.items(), key=lambda kv: -len(self.voids[kv[0]])):
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
        deck = [order[i] if i in order else next(rest) for i in range(len(self.pack))]
        return deck, [[deck[i] for i in shuffled] for shuffled in shuffles]

    def _place_careful(
        self, final: dict[int, list[int]], order: dict[int, Card], free: list[Card], rng: random.Random
    ) -> list[Card] | None:
        """Fill the open slots of the seats that showed out of a suit, placing first the cards fewest places may
        take (a card only one seat may hold goes there), each to a place drawn by its room left; the cards left
        over are returned for every other place."""
        room = {s: [i for i in slots if i not in order] for s, slots in final.items() if self.voids[s]}
        spare = len(free) - sum(len(v) for v in room.values())  # the places of seats with no void, and the rest
        if spare < 0:
            return None

        def places(c: Card) -> list[int]:
            return [s for s in room if self.eff[c] not in self.voids[s]]

        ranked = sorted(free, key=lambda c: (len(places(c)) + (spare > 0), rng.random()))
        left: list[Card] = []
        for c in ranked:
            options = [(s, len(room[s])) for s in places(c) if room[s]] + ([(-1, spare)] if spare > 0 else [])
            if not options:
                return None
            s = rng.choices([o[0] for o in options], weights=[o[1] for o in options])[0]
            if s < 0:
                spare -= 1
                left.append(c)
            else:
                order[room[s].pop()] = c
        return left

    def actions(self, order: Sequence[Card], rng: random.Random) -> list[tuple[int, Action]]:
        """The action list with the others' hidden choices drawn for this deck order."""
        out: list[tuple[int, Action]] = []
        for k, (s, a) in enumerate(self.history):
            if a is None:
                # a seat that commits In and then draws has both a secret choice and a discard to re-draw
                if k in self.secret:
                    a = rng.choice((STAND, PASS))
                else:
                    a = discard(sum(1 << order[i] for i in self.discards[s]))
            out.append((s, a))
        return out


def _draws(
    view: View, where: Layout, fixed: dict[int, Card], final: dict[int, list[Ref]], discards: dict[int, list[int]]
) -> tuple[list[list[int]], dict[tuple[int, int], Card]]:
    """Follow the stock through the exchanges and draws, as deck positions: each seat draws the next positions of
    the stock; the seat's own draws fix the cards there, another seat's discards (the last of its dealt positions:
    which cards is re-drawn with the deck) and its draws make its hand. Passed, Out and exchanged-away hands are dead
    cards, and a reshuffle the seat saw puts them back under the stock (PAM-EXCH-2, LOU-DRAW-1), in an order each
    world draws afresh (_Plan.draw): the cards after one are (reshuffle, index) refs. Returned: the dead positions
    of each reshuffle, and the cards the seat drew from a reshuffled stock (every dead card was dealt, so each is
    at a dead position another seat was dealt)."""
    me = view.seat
    stock: list[Ref] = list(where.stock)
    dead: list[int] = []
    reshuffles: list[list[int]] = []
    redrawn: dict[tuple[int, int], Card] = {}
    at = {c: i for i, c in fixed.items()}  # the seat's own cards, where they were dealt
    for e in view.events:
        if type(e) is Revealed:
            dead += [i for s, inn in enumerate(e.in_play) if not inn for i in where.hands[s]]
        elif type(e) is Declared and type(e.action) in (Pass, TakeMiss, DefendMiss):
            dead += where.hands[e.seat]  # a passed hand, or the hand given up for the Miss (LOO-DECL-2, -6)
        elif type(e) is Reshuffled:
            stock += [(len(reshuffles), j) for j in range(len(dead))]
            reshuffles.append(dead)
            dead = []
        elif type(e) is Exchanged:
            draws, stock = stock[: e.number], stock[e.number :]
            if e.seat == me:
                assert e.action is not None
                for i, c in zip(draws, e.drawn, strict=True):
                    if isinstance(i, int):
                        fixed[i] = c
                    else:
                        redrawn[i] = c
                dead += [at[c] for c in e.action.cards if c in at]
            else:
                kept = final[e.seat][: len(final[e.seat]) - e.number]
                # a seat discards from the hand it was dealt (or took with the Miss), before it draws
                discards[e.seat] = [i for i in final[e.seat][len(kept) :] if isinstance(i, int)]
                final[e.seat] = kept + draws
                dead += discards[e.seat]
    return reshuffles, redrawn


def _shuffle(items: list[Any], rng: random.Random) -> None:
    """Fisher-Yates on ``rng.random()``, as the deal's own shuffle: ``random.shuffle`` draws its indices bit by
    bit, and was a third of the time of drawing a world."""
    for i in range(len(items) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        items[i], items[j] = items[j], items[i]
