"""The rules of a game as data: one frozen dataclass of every option, validated on creation.

Every field is a rule option. Its rule ID is in the field's metadata (shown by ``loo rules``) and its alternatives
are listed in ``docs/rules/``. A house rule is ``dataclasses.replace(THREE_CARD, loo_penalty="pool")`` or
``rules_with("three-card", {"loo_penalty": "pool"})``. Rules round-trip through a plain dict, so every hand
history carries the complete rules it was played under; that is also why ``preset`` may name a variant this process
never registered (a house variant): the options themselves say everything the engine needs.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from lanterloo.errors import RulesError

Game = Literal["loo", "lou", "louse"]
#: What a variant may be called: lowercase words of letters and digits joined by hyphens ("three-card", "my-house").
VARIANT_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def opt(default: Any, rule: str, doc: str) -> Any:
    """A rule option: its default, the rule ID it selects an alternative of, and a one-line description."""
    return field(default=default, metadata={"rule": rule, "doc": doc})


@dataclass(frozen=True, kw_only=True, slots=True)
class Rules:
    """All the options of one game of the Loo family. Validated on creation."""

    preset: str = opt("three-card", "COMMON-1", "the variant (a preset or a named house variant) these rules are")
    game: Game = opt("loo", "COMMON-1", "game shape: loo (pool, declare, tricks), lou (guts), louse (points)")

    # --- deck, deal and trumps ---
    hand_size: int = opt(3, "LOO-DEAL-1", "cards dealt to each player")
    miss: bool = opt(True, "LOO-DEAL-2", "deal an extra face-down hand, the Miss")
    trump_mode: Literal["turnup", "first_lead", "jacks"] = opt(
        "turnup",
        "LOO-TRUMP-1",
        "turnup: the card after the deal; first_lead: the suit of the first card led "
        "(IRISH-TRUMP-1); jacks: the four jacks form their own trump suit (LOUSE-PLAY-1)",
    )
    pam: Literal["none", "jack_of_clubs", "jack_of_trump_suit"] = opt(
        "none", "PAM-1", "which card is Pam, the highest trump"
    )
    min_players: int = opt(3, "COMMON-2", "fewest players the preset allows (the most is the physical maximum)")

    # --- stakes ---
    ante_mode: Literal["everyone", "dealer", "everyone_dealer_double"] = opt(
        "everyone", "LOO-ANTE-1", "who antes when antes are due (each deal in Loo; when a game starts in Lou)"
    )
    ante: int = opt(3, "LOO-ANTE-1", "chips per ante")
    loo_penalty: Literal["pool", "fixed", "capped"] = opt(
        "fixed",
        "LOO-POOL-3",
        "a looed player pays the whole pool (Unlimited), a fixed amount (Limited), or the pool up to a cap (Mixed)",
    )
    loo_amount: int = opt(3, "LOO-POOL-3", "the fixed loo (Limited) or the cap (capped)")
    remainder: Literal["carry", "first_trick_winner", "last_trick_winner", "most_tricks"] = opt(
        "carry", "LOO-POOL-2", "who gets the chips of a pool that does not divide into equal shares"
    )

    # --- declaration ---
    declare: Literal["sequential", "coin"] = opt(
        "sequential",
        "LOO-DECL-1",
        "declare in turn from the dealer's left, or all at once in secret (Lou's coin declare, LOU-DECL-1)",
    )
    bold_stand: Literal["off", "everyone", "dealer_and_last"] = opt(
        "off", "LOO-DECL-8", "Bold Stand: who must play when the pool holds nothing but this deal's antes"
    )
    bold_stand_withdraw_miss: bool = opt(True, "LOO-DECL-8", "under Bold Stand the Miss is set aside")
    club_law: bool = opt(False, "LOO-DECL-7", "Club Law: when clubs are trumps everyone must play")
    dealer_takes_all_pass: bool = opt(
        True, "LOO-DECL-3", "if all before the dealer pass, the dealer takes the pool without play"
    )
    lone_player: Literal["dealer_must_play", "wins_pool"] = opt(
        "dealer_must_play",
        "LOO-DECL-5",
        "when exactly one player before the dealer plays on his own hand: the "
        "dealer must play against him, or the lone player may be left to take the pool",
    )
    defend_miss: Literal["exactly_one", "at_least_one", "never"] = opt(
        "exactly_one", "LOO-DECL-6", "when the dealer may defend the Miss (play it for the pool)"
    )
    exchange: Literal["none", "own_turn", "after_declarations"] = opt(
        "none", "PAM-EXCH-1", "exchange from the stock: none, at one's own turn, or after all have declared"
    )
    exchange_shortfall: Literal["limit", "reshuffle"] = opt(
        "limit",
        "PAM-EXCH-2",
        "when the stock runs short: exchange at most what is left, or reshuffle the "
        "discards and passed hands into a new stock",
    )
    miss_holder_leads: bool = opt(False, "LOO-LEAD-1", "the Miss-holder leads the first trick")

    # --- leads ---
    first_lead_forced: bool = opt(
        True, "LOO-LEAD-2", "the leader must lead the ace of trumps (the king if the ace is turned up)"
    )
    forced_lead_cards: Literal["ace", "pam_or_ace"] = opt(
        "ace", "PAM-3", "with Pam: the forced lead may be Pam or the ace of trumps"
    )
    first_trump_lead: Literal["none", "two_trumps", "any_trump", "heads_up_only"] = opt(
        "two_trumps",
        "LOO-LEAD-3",
        "trump-lead duty on the first trick: none; with two or more trumps; with "
        "any trump; or only when two hands are in play",
    )
    trump_lead_highest: Literal["never", "heads_up", "always"] = opt(
        "heads_up",
        "LOO-LEAD-4",
        "a trump lead that is due must be the highest trump: never, when only two hands are in play, or always",
    )
    equivalent_cards: bool = opt(
        False, "LOO-LEAD-4", "a trump is as good as the highest if every rank between them is out of play"
    )
    later_trump_lead: Literal["off", "any", "highest", "highest_if_two_active"] = opt(
        "off", "LOO-LEAD-5", "the winner of a trick must lead a trump to the next one"
    )

    # --- play ---
    void_trump_duty: Literal["always", "only_if_can_head"] = opt(
        "always", "LOO-PLAY-5", "a player void in the suit led must trump even when he cannot head the trick"
    )
    lou_follow_suit: bool = opt(False, "LOU-PLAY-1", "Lou played with the Loo duties (follow, trump, head)")

    # --- Pam (five-card) ---
    pam_civil: Literal["auto", "ask"] = opt(
        "auto", "PAM-2", "'Pam, be civil' is said with every lead of the ace of trumps, or the leader chooses"
    )
    pam_civil_only_trump_exception: bool = opt(
        False, "PAM-2", "a civil call does not bind a holder whose only trump is Pam"
    )
    pam_civil_last_card: Literal["wins", "loses"] = opt(
        "wins", "PAM-2", "Pam played under a civil call because it is the last card: it wins, or it loses"
    )
    pam_privileged: bool = opt(False, "PAM-4", "Pam may be played at any time and is never compulsory")
    pam_holder_not_looed: bool = opt(False, "PAM-4", "a player holding Pam cannot be looed")

    # --- flushes (five-card) ---
    flush_tie: Literal["elder_hand", "split"] = opt(
        "elder_hand", "PAM-FLUSH-2", "equal flushes: the elder hand wins, or they split the pool"
    )
    flush_order: Literal["value", "elder_hand_only"] = opt(
        "value", "PAM-FLUSH-2", "rank flushes by value, or always prefer the elder hand"
    )
    flush_exempt: Literal["none", "pam_and_flush_holders"] = opt(
        "none", "PAM-FLUSH-3", "who a flush does not loo: nobody, or holders of Pam or a lesser flush"
    )
    flush_payers: Literal["active", "all_players"] = opt(
        "active", "PAM-FLUSH-3", "a flush loos the players who stayed in, or every player"
    )
    flush_paid_to_holder: bool = opt(
        False, "PAM-FLUSH-3", "loos caused by a flush are paid to its holder instead of the next pool"
    )
    blaze: bool = opt(False, "PAM-FLUSH-1", "five court cards (a blaze) sweep the pool too, below every flush")

    # --- Lou ---
    lou_payout: Literal["A", "B", "C"] = opt(
        "A",
        "LOU-PAY-1",
        "A: a pile per trick; B: two tricks take the pot, all others match; "
        "C: two tricks take the pot, trickless players match",
    )
    lou_no_winner: Literal["carry", "split_by_tricks", "split_equally"] = opt(
        "carry", "LOU-PAY-4", "format B or C when nobody takes two tricks"
    )
    lou_first_lead: Literal["eldest_in", "count_in_players", "count_all_seats"] = opt(
        "eldest_in", "LOU-LEAD-1", "who leads first: the first In player, or counted by the turn-up's value"
    )
    lou_later_leads: Literal["trick_winner", "same_leader"] = opt(
        "trick_winner", "LOU-LEAD-2", "who leads tricks 2 and 3"
    )
    lou_draw: int = opt(0, "LOU-DRAW-1", "In players may discard and draw up to this many cards (0: no draw)")
    lou_zero_in: Literal["carry", "reante"] = opt(
        "carry", "LOU-DECL-2", "when nobody goes In: the pot is carried, or everyone antes again"
    )
    lou_match_cap: int = opt(0, "LOU-PAY-1", "a cap on matches (0: a match is the whole pot)")
    # The Rules default is the old behaviour (a fixed ante), so that a hand history written before the option
    # existed reads as it was played; the lou preset has the dealer choose, as the Lou rules say.
    lou_ante_choice: Literal["dealer", "fixed"] = opt(
        "fixed", "LOU-ANTE-2", "when a game starts the dealer sets the ante, or everyone antes the fixed `ante`"
    )
    lou_ante_min: int = opt(3, "LOU-ANTE-2", "the smallest ante the dealer may set (a multiple of 3)")
    lou_ante_max: int = opt(15, "LOU-ANTE-2", "the largest ante the dealer may set (a multiple of 3)")

    # --- the session ---
    session_end: Literal["settle", "exact"] = opt(
        "settle",
        "SESSION-4",
        "after the agreed number of deals: play on until a deal leaves the pool empty (Lou: a game ends), "
        "or stop at once, chips left in the pool",
    )

    # --- Louse ---
    louse_rank: Literal["french", "skat"] = opt(
        "french", "LOUSE-DECK-1", "plain-suit order: 7 8 9 10 Q K A, or Skat's 7 8 9 Q K 10 A"
    )
    louse_jack_order: Literal["diamonds_high", "clubs_high"] = opt(
        "diamonds_high", "LOUSE-PLAY-2", "order of the trump jacks"
    )
    louse_queen_points: int = opt(2, "LOUSE-SCORE-1", "card points of a queen")
    diamond_queen: Literal[
        "cancel_own_queens", "cancel_own_bonuses", "cancel_all_queens", "collect_all_queens", "none"
    ] = opt("cancel_own_queens", "LOUSE-SCORE-3", "what the queen of diamonds does")
    louse_target: int = opt(1500, "LOUSE-MATCH-1", "penalty points that lose the match")
    louse_tie: Literal["highest_total", "play_another_deal"] = opt(
        "highest_total", "LOUSE-MATCH-2", "several players reach the target in one deal"
    )
    louse3_mode: Literal["remove_two_sevens", "widow"] = opt(
        "remove_two_sevens", "LOUSE-3P-1", "three players: remove the 7♣ and 7♠, or set two cards aside"
    )
    widow_points: Literal["none", "last_trick_winner"] = opt(
        "none", "LOUSE-3P-1", "three players with a widow: who is charged its points"
    )

    def __post_init__(self) -> None:
        _validate(self)

    # --- derived facts -------------------------------------------------------------------------------------

    @property
    def tricks(self) -> int:
        return self.hand_size

    @property
    def deck_size(self) -> int:
        return 32 if self.game == "louse" else 52

    @property
    def has_turnup(self) -> bool:
        return self.trump_mode == "turnup"

    def max_players(self) -> int:
        """The physical maximum: hands, the Miss and the turn-up must fit in the pack."""
        if self.game == "louse":
            return 4
        extra = (3 if self.miss else 0) + (1 if self.has_turnup else 0)
        return (52 - extra) // self.hand_size

    def player_range(self) -> tuple[int, int]:
        return (self.min_players, self.max_players())

    def check_players(self, n: int) -> None:
        lo, hi = self.player_range()
        if not lo <= n <= hi:
            span = f"exactly {lo}" if lo == hi else f"{lo} to {hi}"
            raise RulesError(f"{self.preset} is played by {span} players, not {n}.")

    def ante_owed(self, seat: int, dealer: int) -> int:
        """What ``seat`` antes when ``dealer`` deals and antes are due (LOO-ANTE-1, LOU-ANTE-1); when Lou's dealer
        sets the ante (LOU-ANTE-2), the least he may set. A stack below it cannot play the deal (SESSION-2)."""
        return (self.lou_ante_min if self.dealer_sets_ante else self.ante) * self.ante_share(seat, dealer)

    def ante_share(self, seat: int, dealer: int) -> int:
        """How many antes ``seat`` pays when ``dealer`` deals: 0, 1, or 2 (the dealer's double)."""
        if self.game == "louse":
            return 0
        if seat == dealer:
            return 2 if self.ante_mode == "everyone_dealer_double" else 1
        return 0 if self.ante_mode == "dealer" else 1

    @property
    def dealer_sets_ante(self) -> bool:
        """Whether the dealer chooses the ante when a game starts (LOU-ANTE-2)."""
        return self.game == "lou" and self.lou_ante_choice == "dealer"

    def loo_owed(self, pool: int) -> int:
        """What a looed player pays when the pool held ``pool`` as play began (LOO-POOL-3)."""
        if self.loo_penalty == "pool":
            return pool
        if self.loo_penalty == "capped":
            return min(pool, self.loo_amount)
        return self.loo_amount

    def option_applies(self, name: str) -> bool:
        """Whether option ``name`` can change anything under these rules (``loo rules`` lists the rest apart)."""
        from lanterloo.rules.applies import option_applies

        return option_applies(self, name)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise RulesError(f"Unknown rules option {unknown[0]!r}.")
        return cls(**data)

    def replace(self, **changes: Any) -> Rules:
        return dataclasses.replace(self, **changes)

    def differences(self) -> dict[str, Any]:
        """Options that differ from the preset that the variant named by ``preset`` stands on: the preset itself,
        or for a house variant its base preset, so a house variant's own house rules count. Nothing when that name
        is not registered in this process (a history of a house variant read elsewhere has no base to compare
        with)."""
        from lanterloo.rules.registry import base_preset_rules

        base = base_preset_rules(self.preset)
        if base is None:
            return {}
        # the variant's own name is not an option: a house variant differs from its base by its options alone
        return {k: v for k, v in self.to_dict().items() if k != "preset" and getattr(base, k) != v}


OPTION_FIELDS: dict[str, dataclasses.Field[Any]] = {f.name: f for f in dataclasses.fields(Rules)}
OPTION_HINTS = typing.get_type_hints(Rules)


def option_choices(name: str) -> tuple[Any, ...] | None:
    """The allowed values of a Literal option, or None for free-valued options."""
    hint = OPTION_HINTS[name]
    if typing.get_origin(hint) is Literal:
        return get_args(hint)
    return None


def _validate(r: Rules) -> None:
    for name, hint in OPTION_HINTS.items():
        value = getattr(r, name)
        origin = typing.get_origin(hint)
        if origin is Literal:
            if value not in get_args(hint):
                choices = ", ".join(str(a) for a in get_args(hint))
                raise RulesError(f"Option {name} must be one of {choices}, not {value!r}.")
        elif hint is bool:
            if not isinstance(value, bool):
                raise RulesError(f"Option {name} must be true or false, not {value!r}.")
        elif hint is int:
            if not isinstance(value, int) or isinstance(value, bool):
                raise RulesError(f"Option {name} must be a whole number, not {value!r}.")
        elif hint is str and not isinstance(value, str):
            raise RulesError(f"Option {name} must be text, not {value!r}.")
    # Any well-formed name is accepted, registered or not: a hand history of a house variant must verify in a
    # process that never registered it, and the options below are validated all the same.
    if not VARIANT_NAME.fullmatch(r.preset):
        raise RulesError(
            f"Unknown preset {r.preset!r}: a variant name is lowercase letters and digits joined by hyphens."
        )
    if r.hand_size not in (3, 5, 8, 10):
        raise RulesError(f"hand_size must be 3, 5 or 8 (10 for three-handed Louse), not {r.hand_size}.")
    if r.game != "louse" and r.hand_size not in (3, 5):
        raise RulesError("Loo and Lou are played with hands of 3 or 5 cards.")
    if r.game == "loo" and r.hand_size == 5 and r.miss:
        raise RulesError("The Miss belongs to 3-card Loo; set miss=false for 5-card hands.")
    if r.game == "louse" and r.miss:
        raise RulesError("Louse has no Miss: set miss=false.")
    if r.game == "louse" and r.trump_mode != "jacks":
        raise RulesError("Louse has the jacks as trumps: trump_mode must be jacks.")
    if r.game != "louse" and r.trump_mode == "jacks":
        raise RulesError("trump_mode=jacks belongs to Louse.")
    if r.game == "lou" and r.hand_size != 3:
        raise RulesError("Lou is played with 3-card hands: the pot is split into three piles, one per trick.")
    if r.game == "lou" and (r.miss or r.trump_mode != "turnup"):
        raise RulesError("Lou has no Miss and takes trumps from the turn-up.")
    if r.pam != "none" and r.game != "loo":
        raise RulesError("Pam belongs to Loo.")
    if r.pam != "none" and r.trump_mode != "turnup":
        raise RulesError("Pam needs a turned-up trump (trump_mode=turnup).")
    if r.declare == "coin" and r.game != "lou":
        raise RulesError("The coin declare belongs to Lou; Loo declares in turn.")
    if r.exchange != "none" and (r.miss or r.game != "loo"):
        raise RulesError("An exchange from the stock is for Loo without a Miss (five-card or Irish).")
    if r.ante < 0 or r.loo_amount < 0 or r.lou_match_cap < 0:
        raise RulesError("Antes, loo amounts and caps cannot be negative.")
    if r.lou_ante_min < 3 or r.lou_ante_min % 3 or r.lou_ante_max % 3 or r.lou_ante_max < r.lou_ante_min:
        raise RulesError(
            "lou_ante_min and lou_ante_max must be multiples of 3, at least 3, the minimum no more than the maximum "
            f"(the pot splits into three piles), not {r.lou_ante_min} and {r.lou_ante_max}."
        )
    if not 0 <= r.lou_draw <= 3:
        raise RulesError(f"lou_draw must be from 0 to 3, not {r.lou_draw}.")
    if r.louse_target <= 0:
        raise RulesError("louse_target must be positive.")
    if r.min_players < 2:
        raise RulesError("At least two players are needed.")
    if r.game == "louse" and r.min_players not in (3, 4):
        raise RulesError("Louse is played by 3 or 4 players.")
    if r.min_players > r.max_players():
        raise RulesError(f"min_players is {r.min_players}, but at most {r.max_players()} fit in the pack.")
