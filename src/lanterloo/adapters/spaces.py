"""A fixed action index space and a fixed observation encoding per set of rules, for the RL and game-theory adapters.

Learning code wants integers for actions and flat vectors for observations, the same size in every state of a game.
``ActionSpace`` numbers every action the rules can ever offer, in blocks (docs/adapters.md has the layout):

* one index per card of the pack (play that card), in card order;
* ``civil``: lead the ace of trumps saying "Pam, be civil" (only where Pam is in the rules);
* the declarations the game has: pass, play (Lou: Out, In), take the Miss, defend the Miss;
* Lou's ante choices, when the dealer sets the ante;
* the exchange (or Lou's draw): one index per set of *positions* in the seat's hand, sorted by card, so the same
  index means "the first and third cards" whatever they are. The empty set is "keep all".

``encode`` turns a ``View`` into the observation vector: only what the seat's view holds, seats counted from the
observer (0 is the observer, 1 the next seat clockwise), so one policy serves every seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from lanterloo.actions import DEFEND_MISS, PASS, STAND, TAKE_MISS, Action, Ante, Discard, Play, discard
from lanterloo.cards import Card
from lanterloo.engine import Phase, View, deck_for
from lanterloo.engine.phases import Decl
from lanterloo.errors import LooError
from lanterloo.rules import Rules

_PHASES = tuple(Phase)
_DECLS = (None, Decl.PASS, Decl.PLAY, Decl.MISS, Decl.DEFEND)
#: Per seat in the observation: declaration (5), committed, in play, to act, dealer, Miss taker, hand size,
#: tricks won, exchanged (flag and count), stack, penalty points.
SEAT_FEATURES = len(_DECLS) + 11


@dataclass(frozen=True)
class ActionSpace:
    """Every action ``rules`` can offer, numbered ``0 .. size - 1`` in fixed blocks (module docstring)."""

    rules: Rules
    deck: tuple[Card, ...] = field(init=False)
    declarations: tuple[Action, ...] = field(init=False)
    antes: tuple[int, ...] = field(init=False)
    civil: int = field(init=False)  # the index of the civil lead, or -1
    first_declaration: int = field(init=False)
    first_ante: int = field(init=False)
    first_discard: int = field(init=False)
    discards: int = field(init=False)  # how many exchange indices (2 ** hand size, or 0)
    size: int = field(init=False)
    position: dict[Card, int] = field(init=False, compare=False, repr=False)  # a card's index

    def __post_init__(self) -> None:
        r = self.rules
        lo, hi = r.min_players, r.max_players()
        deck = sorted({c for n in range(lo, hi + 1) for c in deck_for(r, n)})
        decls: list[Action] = []
        if r.game != "louse":
            decls = [PASS, STAND]
            if r.game == "loo" and r.miss:
                decls.append(TAKE_MISS)
                if r.defend_miss != "never":
                    decls.append(DEFEND_MISS)
        antes = tuple(range(r.lou_ante_min, r.lou_ante_max + 1, 3)) if r.dealer_sets_ante else ()
        exchanges = r.exchange != "none" or (r.game == "lou" and r.lou_draw > 0)
        civil = len(deck) if r.pam != "none" else -1
        first_decl = len(deck) + (1 if civil >= 0 else 0)
        sets = 2**r.hand_size if exchanges else 0
        values = {
            "deck": tuple(deck),
            "declarations": tuple(decls),
            "antes": antes,
            "civil": civil,
            "first_declaration": first_decl,
            "first_ante": first_decl + len(decls),
            "first_discard": first_decl + len(decls) + len(antes),
            "discards": sets,
            "size": first_decl + len(decls) + len(antes) + sets,
            "position": {c: i for i, c in enumerate(deck)},
        }
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def index(self, action: Action, hand: Sequence[Card] = ()) -> int:
        """The index of ``action``; a discard is numbered by the positions of its cards in ``hand`` (sorted)."""
        if type(action) is Play:
            if action.civil:
                if self.civil < 0:
                    raise LooError("There is no civil lead in these rules.")
                return self.civil
            return self.position[action.card]
        if type(action) is Discard:
            positions = 0
            for pos, card in enumerate(sorted(hand)):
                if action.mask >> card & 1:
                    positions |= 1 << pos
            if not self.discards or positions.bit_count() != action.count:
                raise LooError(f"{action} is not an exchange of cards in this hand.")
            return self.first_discard + positions
        if type(action) is Ante:
            if action.amount not in self.antes:
                raise LooError(f"An ante of {action.amount} is not one these rules offer.")
            return self.first_ante + self.antes.index(action.amount)
        if action in self.declarations:
            return self.first_declaration + self.declarations.index(action)
        raise LooError(f"{action} has no index in the action space of {self.rules.preset}.")

    def action(self, index: int, view: View) -> Action:
        """The action ``index`` stands for in the state ``view`` shows (the discards need the seat's hand, the civil
        lead the trump suit). It need not be legal: ask ``legal`` for that."""
        return self.decode(index, view.hand, view.legal)

    def decode(self, index: int, hand: Sequence[Card], legal: Sequence[Action]) -> Action:
        """``action`` from the seat's hand and legal actions alone (an environment holding the deal need build no
        view): the hand is read only for an exchange, the legal actions only for the civil lead."""
        if not 0 <= index < self.size:
            raise LooError(f"Action index {index} is outside 0 to {self.size - 1}.")
        if index < len(self.deck):
            return Play(self.deck[index])
        if index == self.civil:
            for a in legal:
                if type(a) is Play and a.civil:
                    return a
            raise LooError("A civil lead of the ace of trumps is not open now.")
        if index < self.first_ante:
            return self.declarations[index - self.first_declaration]
        if index < self.first_discard:
            return Ante(self.antes[index - self.first_ante])
        positions = index - self.first_discard
        hand = sorted(hand)
        if positions >> len(hand):
            raise LooError(f"Action index {index} names a card position beyond a hand of {len(hand)}.")
        return discard(sum(1 << c for pos, c in enumerate(hand) if positions >> pos & 1))

    def legal(self, view: View) -> list[int]:
        """The indices of the seat's legal actions, ascending."""
        return sorted(self.index(a, view.hand) for a in view.legal)

    def mask(self, view: View) -> list[int]:
        """A 0/1 list of length ``size``: 1 where the index is legal now."""
        out = [0] * self.size
        for i in self.legal(view):
            out[i] = 1
        return out

    def describe(self) -> list[tuple[int, int, str]]:
        """The layout as (first index, count, what it is), for documentation and error messages."""
        rows = [(0, len(self.deck), "play a card, in card order: " + " ".join(str(c) for c in self.deck))]
        if self.civil >= 0:
            rows.append((self.civil, 1, "lead the ace of trumps saying 'Pam, be civil'"))
        if self.declarations:
            names = ", ".join(a.notation() for a in self.declarations)
            rows.append((self.first_declaration, len(self.declarations), "declare: " + names))
        if self.antes:
            rows.append((self.first_ante, len(self.antes), "set the ante: " + ", ".join(map(str, self.antes))))
        if self.discards:
            rows.append((self.first_discard, self.discards, "exchange the cards at these hand positions (bit k)"))
        return rows


def observation_size(space: ActionSpace, players: int) -> int:
    """The length of ``encode``'s vector for ``players`` seats."""
    d = len(space.deck)
    return 3 * d + 5 + len(_PHASES) + players * (SEAT_FEATURES + d) + 6


def encode(space: ActionSpace, view: View, chips: int) -> list[float]:
    """The observation vector of ``view`` (module docstring): the seat's own hand, the public table, seats counted
    from the observer. Chip counts are divided by ``chips`` (the chips at the table) and card counts by the hand
    size, so every entry lies in 0..1 (penalty points are divided by 100 and may exceed 1)."""
    if view.seat is None:
        raise LooError("An observation is always some seat's: a spectator's view has no hand.")
    cards = space.position
    d, n, me = len(space.deck), view.players, view.seat
    size = space.rules.hand_size or 1
    scale = chips or 1
    out = [0.0] * observation_size(space, n)
    for c in view.hand:
        out[cards[c]] = 1.0
    if view.turnup is not None and view.turnup in cards:
        out[d + cards[view.turnup]] = 1.0
    played = 2 * d
    for record in view.tricks:
        for _, c in record.cards:
            out[played + cards[c]] = 1.0
    for _, c in view.trick:
        out[played + cards[c]] = 1.0
    at = 3 * d
    out[at + (int(view.trump) if view.trump is not None else 4)] = 1.0
    at += 5
    out[at + _PHASES.index(view.phase)] = 1.0
    at += len(_PHASES)
    trick = dict(view.trick)
    for rel in range(n):
        s = (me + rel) % n
        base = at + rel * (SEAT_FEATURES + d)
        out[base + _DECLS.index(view.declarations[s])] = 1.0
        f = base + len(_DECLS)
        out[f] = float(view.committed[s])
        out[f + 1] = float(view.in_play[s])
        out[f + 2] = float(s == view.to_act)
        out[f + 3] = float(s == view.dealer)
        out[f + 4] = float(s == view.miss_taker)
        out[f + 5] = view.hand_sizes[s] / size
        out[f + 6] = view.tricks_won[s] / size
        swapped = view.exchanged[s]
        out[f + 7] = float(swapped is not None)
        out[f + 8] = (swapped or 0) / size
        out[f + 9] = view.stacks[s] / scale
        if s in trick:
            out[base + SEAT_FEATURES + cards[trick[s]]] = 1.0
    at += n * (SEAT_FEATURES + d)
    out[at] = view.pool / scale
    out[at + 1] = float(view.miss_withdrawn)
    out[at + 2] = float(view.defended)
    out[at + 3] = float(view.trick_civil)
    out[at + 4] = view.stock_size / d
    out[at + 5] = view.exchange_limit / size
    if view.points:
        for rel in range(n):
            out[3 * d + 5 + len(_PHASES) + rel * (SEAT_FEATURES + d) + SEAT_FEATURES - 1] = (
                view.points[(me + rel) % n] / 100
            )
    return out
