"""The game shape: what differs between Loo, Lou and Louse, chosen once per deal from ``rules.game``.

A ``GameShape`` holds the pack, the packets, whether there is a declaration, the follow duty, the stakes and the
settlement of a played-out deal, and how a session ends. The engine asks the shape instead of testing
``rules.game``, so a new kind of game is one more ``GameShape`` here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from lanterloo.cards import CARDS, JACK, SEVEN, Card, Suit
from lanterloo.engine import scoring, tricks
from lanterloo.engine.scoring import Outcome, Settlement, Stakes
from lanterloo.rules import Rules
from lanterloo.tables import JACKS, NO_TRUMP, Tables, loo_tables, louse_tables

LOUSE_SEVENS_REMOVED = (1 << (Suit.CLUBS * 13 + SEVEN)) | (1 << (Suit.SPADES * 13 + SEVEN))


def full_pack(rules: Rules, players: int) -> list[Card]:
    return list(CARDS)


def louse_pack(rules: Rules, players: int) -> list[Card]:
    """32 cards, seven to ace; with three players, optionally without the black sevens (LOUSE-DECK-1)."""
    cards = [c for c in CARDS if c.rank >= SEVEN]
    if players == 3 and rules.louse3_mode == "remove_two_sevens":
        cards = [c for c in cards if not (LOUSE_SEVENS_REMOVED >> c) & 1]
    return cards


def one_at_a_time(rules: Rules, players: int) -> tuple[int, ...]:
    return (1,) * rules.hand_size


def louse_packets(rules: Rules, players: int) -> tuple[int, ...]:
    return (3, 4, 3) if players == 3 else (3, 2, 3)


def no_widow(rules: Rules, players: int) -> int:
    return 0


def louse_widow(rules: Rules, players: int) -> int:
    return 2 if players == 3 and rules.louse3_mode == "widow" else 0


def loo_trumps(rules: Rules, turnup: Card | None) -> tuple[int, int, Tables]:
    """Trumps, Pam and the tables from the turn-up (LOO-TRUMP-1, PAM-1); no turn-up: the first lead sets them."""
    if turnup is None:
        return NO_TRUMP, -1, loo_tables(NO_TRUMP)
    trump = turnup // 13
    pam = -1
    if rules.pam == "jack_of_clubs":
        pam = Suit.CLUBS * 13 + JACK
    elif rules.pam == "jack_of_trump_suit":
        pam = trump * 13 + JACK
    if pam == turnup:
        pam = -1  # Pam turned up: out of play, clubs are trumps (PAM-1)
    return trump, pam, loo_tables(trump, pam)


def tables_once_led(trump: int) -> Tables:
    """The tables once the first card led sets trumps to its suit (IRISH-TRUMP-1): with no turn-up, no Pam."""
    return loo_tables(trump)


def louse_trumps(rules: Rules, turnup: Card | None) -> tuple[int, int, Tables]:
    """The jacks are trumps, a suit of their own (LOUSE-PLAY-1)."""
    return JACKS, -1, louse_tables(rules.louse_rank, rules.louse_jack_order)


@dataclass(frozen=True, slots=True)
class GameShape:
    name: str
    pack: Callable[[Rules, int], list[Card]]  # the cards a deal uses, in a canonical order
    packets: Callable[[Rules, int], tuple[int, ...]]  # cards per seat in each round of the deal
    widow: Callable[[Rules, int], int]  # cards laid aside after the packets
    trumps: Callable[[Rules, Card | None], tuple[int, int, Tables]]  # (trump, Pam, tables) from the turn-up
    antes: bool
    declares: bool  # False: everyone plays (Louse)
    loo_declarations: bool  # the dealer's rights, the Miss, Club Law, Bold Stand (LOO-DECL-3..8)
    draws: bool  # Lou's draw (``lou_draw`` cards) rather than the Loo exchange
    exchange_rule: str  # the rule an exchange refusal cites
    uncontested_rule: str  # a lone player takes the pool
    no_play_rule: str  # nobody plays
    lead_duties: bool  # Loo's lead duties (LOO-LEAD-2..5)
    follow: tricks.Follow  # the duty for a card that is not a lead
    lou_leads: bool  # Lou's lead options: the first leader counted from the turn-up, the same leader
    stakes: Callable[[Rules, int], Stakes]  # the one function for what is at stake; the settlement uses it too
    settle_tricks: Callable[[Outcome], Settlement]
    pays_piles: bool  # a lone player takes three piles, not the whole pool (Lou)
    games_span_deals: bool  # a game may last several deals (Lou, LOU-GAME-1)
    scores_points: bool  # penalty points, not chips; a session ends at a points target (Louse)

    def follow_duty(self, rules: Rules) -> str:
        """Which duty binds a follower: ``loo``, ``lou`` or ``louse`` (``tricks.follow_duty``)."""
        return tricks.follow_duty(self.follow, rules)

    def exchanges(self, rules: Rules) -> bool:
        """Whether a seat that stands may exchange (Loo, PAM-EXCH-1) or draw (Lou, LOU-DRAW-1) this deal."""
        return rules.lou_draw > 0 if self.draws else rules.exchange != "none"

    def flushes(self, rules: Rules) -> bool:
        """Whether a flush can sweep the pool before play (five-card with Pam, PAM-FLUSH-1)."""
        return self.lead_duties and rules.hand_size == 5

    def flush_check(self, rules: Rules, pam: int) -> bool:
        """Whether the hands are looked at for a flush before play: with a Pam in play, or in five-card Loo."""
        return pam >= 0 or self.flushes(rules)

    def exchange_cap(self, rules: Rules, hand_size: int) -> int:
        """The most cards a seat may exchange before the stock is counted (Lou: ``lou_draw``)."""
        return rules.lou_draw if self.draws else hand_size

    def exchange_after_declarations(self, rules: Rules) -> bool:
        """Whether the seats in play exchange (or draw) in turn once everyone has declared."""
        return rules.lou_draw > 0 if self.draws else rules.exchange == "after_declarations"


LOO = GameShape(
    name="loo",
    pack=full_pack,
    packets=one_at_a_time,
    widow=no_widow,
    trumps=loo_trumps,
    antes=True,
    declares=True,
    loo_declarations=True,
    draws=False,
    exchange_rule="PAM-EXCH-1",
    uncontested_rule="LOO-DECL-4",
    no_play_rule="LOO-POOL-4",
    lead_duties=True,
    follow=tricks.loo_follow,
    lou_leads=False,
    stakes=scoring.loo_stakes,
    settle_tricks=scoring.settle_loo,
    pays_piles=False,
    games_span_deals=False,
    scores_points=False,
)

LOU = GameShape(
    name="lou",
    pack=full_pack,
    packets=one_at_a_time,
    widow=no_widow,
    trumps=loo_trumps,
    antes=True,
    declares=True,
    loo_declarations=False,
    draws=True,
    exchange_rule="LOU-DRAW-1",
    uncontested_rule="LOU-DECL-2",
    no_play_rule="LOU-DECL-2",
    lead_duties=False,
    follow=tricks.lou_follow,
    lou_leads=True,
    stakes=scoring.lou_stakes,
    settle_tricks=scoring.settle_lou,
    pays_piles=True,
    games_span_deals=True,
    scores_points=False,
)

LOUSE = GameShape(
    name="louse",
    pack=louse_pack,
    packets=louse_packets,
    widow=louse_widow,
    trumps=louse_trumps,
    antes=False,
    declares=False,
    loo_declarations=False,
    draws=False,
    exchange_rule="PAM-EXCH-1",
    uncontested_rule="LOO-DECL-4",
    no_play_rule="LOO-POOL-4",
    lead_duties=False,
    follow=tricks.louse_follow,
    lou_leads=False,
    stakes=scoring.louse_stakes,
    settle_tricks=scoring.settle_louse,
    pays_piles=False,
    games_span_deals=False,
    scores_points=True,
)

SHAPES: dict[str, GameShape] = {s.name: s for s in (LOO, LOU, LOUSE)}


def shape_of(rules: Rules) -> GameShape:
    return SHAPES[rules.game]


def stakes(rules: Rules, pool: int) -> Stakes:
    """What is at stake when the pool holds ``pool`` as play begins: the same figures the settlement counts."""
    return SHAPES[rules.game].stakes(rules, pool)


def deck_for(rules: Rules, players: int) -> list[Card]:
    """The cards a deal uses, in a canonical order."""
    return SHAPES[rules.game].pack(rules, players)


def packets(rules: Rules, players: int) -> tuple[int, ...]:
    """How many cards each seat gets in each round of the deal (LOO-DEAL-1, LOUSE-DEAL-1)."""
    return SHAPES[rules.game].packets(rules, players)
