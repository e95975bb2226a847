"""Which options and which rules are in force under a given set of rules, and the one options list every client
shows (``loo rules`` and the terminal game's rules panel both read ``option_lines``).

"In force" means "can change what happens": an option whose only effect is guarded by another option that is off,
or by a game shape that never reaches it, is listed apart. Each test below mirrors where the engine reads the option,
so a panel cannot claim a duty the engine does not enforce.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lanterloo.ruleids import RULES
from lanterloo.rules.options import OPTION_FIELDS, Game, Rules, option_choices
from lanterloo.rules.registry import base_preset_rules

# Describe the game rather than select a rule; always shown.
_ALWAYS = frozenset({"preset", "game", "hand_size", "min_players", "trump_mode"})

_EVERY_GAME: tuple[Game, ...] = ("loo", "lou", "louse")
# The options Lou shares with Loo (its stakes, the declare, the follow duties of lou_follow_suit); the rest of the
# options not named for a game belong to Loo alone (see option_applies).
_LOO_AND_LOU = frozenset(
    {"session_end", "ante", "ante_mode", "declare", "exchange_shortfall", "void_trump_duty", "remainder"}
)
GAME_NAMES: dict[Game, str] = {"loo": "Loo", "lou": "Lou", "louse": "Louse"}


def option_games(name: str) -> tuple[Game, ...]:
    """The games in which option ``name`` can change anything, under some setting of the other options: the
    widest reach of ``option_applies``. An option outside its games is a house rule that does nothing, which the
    command line refuses (``rules_with(..., own_game=True)``); tests/test_cli_usage.py checks the two agree."""
    if name in _ALWAYS:
        return _EVERY_GAME
    if name.startswith("louse") or name in ("diamond_queen", "widow_points"):
        return ("louse",)
    if name.startswith("lou_"):
        return ("lou",)
    if name in _LOO_AND_LOU:
        return ("loo", "lou")
    return ("loo",)


def _first_trick_duty(r: Rules) -> bool:
    """A trump-lead duty on the first trick can arise: trumps are known when it is led (LOO-LEAD-3)."""
    return r.game == "loo" and r.has_turnup and r.first_trump_lead != "none"


def _highest_due(r: Rules) -> bool:
    """A due trump lead must sometimes be the highest (LOO-LEAD-4 on the first trick, LOO-LEAD-5 later)."""
    first = _first_trick_duty(r) and (r.trump_lead_highest != "never" or r.first_trump_lead == "heads_up_only")
    return first or (r.game == "loo" and r.later_trump_lead in ("highest", "highest_if_two_active"))


def option_applies(r: Rules, name: str) -> bool:
    """Whether option ``name`` can change anything under rules ``r``."""
    game, loo = r.game, r.game == "loo"
    if name in _ALWAYS:
        return True
    if name.startswith("louse") or name in ("diamond_queen", "widow_points"):
        return game == "louse"
    if name in ("lou_ante_min", "lou_ante_max"):
        return r.dealer_sets_ante
    if name.startswith("lou_"):
        return game == "lou"
    if name == "session_end":  # Louse's match ends at its target, never with a pool
        return game != "louse"
    if name == "pam":
        return loo and r.has_turnup  # Pam needs a turned-up trump
    if name.startswith("pam_"):
        return loo and r.pam != "none"
    if name == "forced_lead_cards":
        return loo and r.pam != "none" and r.has_turnup and r.first_lead_forced
    if name.startswith("flush") or name == "blaze":
        return loo and r.hand_size == 5
    if name == "ante":  # Lou's dealer may set it instead (LOU-ANTE-2)
        return game != "louse" and not r.dealer_sets_ante
    if name in ("ante_mode", "declare"):
        return game != "louse"
    if name == "loo_amount":
        return loo and r.loo_penalty != "pool"
    if name == "exchange_shortfall":
        return (loo and r.exchange != "none") or (game == "lou" and r.lou_draw > 0)
    if name in ("defend_miss", "miss_holder_leads"):
        return loo and r.miss
    if name == "bold_stand_withdraw_miss":
        return loo and r.miss and r.bold_stand != "off"
    if name == "exchange":
        return loo and not r.miss
    if name == "void_trump_duty":
        return loo or (game == "lou" and r.lou_follow_suit)
    if name == "remainder":  # Lou's piles too (reading A-11, docs/sources.md)
        return game != "louse"
    # Club Law, the forced ace lead and the first-trick duties need trumps known before the first lead: with
    # trump_mode=first_lead (Irish) the first card led sets them, so none of these can ever bind.
    if name in ("club_law", "first_lead_forced", "first_trump_lead"):
        return loo and r.has_turnup
    if name == "trump_lead_highest":
        return _first_trick_duty(r) and r.first_trump_lead != "heads_up_only"
    if name == "equivalent_cards":
        return _highest_due(r)
    # The rest (stakes, the dealer's declaration rules, later trump leads) belong to Loo alone: Lou's coin declare
    # has no dealer privileges (lone_player, dealer_takes_all_pass) and Louse has no pool.
    return loo


def rule_applies(r: Rules, rule_id: str) -> bool:
    """Whether the rule ``rule_id`` (see ``lanterloo.ruleids``) can bind anyone under rules ``r``."""
    if rule_id == "SESSION-4":
        return r.game != "louse"
    if rule_id.startswith(("COMMON-", "SESSION-")):
        return True
    if r.game == "louse":
        if rule_id == "LOUSE-3P-1":
            return r.min_players == 3
        return rule_id.startswith("LOUSE-")
    if r.game == "lou":
        follow = r.lou_follow_suit and rule_id.startswith("LOO-PLAY-")
        if follow:
            return rule_id != "LOO-PLAY-5" or r.void_trump_duty == "always"
        checks = {
            "LOU-PLAY-1": not r.lou_follow_suit,
            "LOU-DRAW-1": r.lou_draw > 0,
            "LOU-ANTE-2": r.dealer_sets_ante,
            "LOU-PAY-1": r.lou_payout == "A",
            "LOU-PAY-2": r.lou_payout == "B",
            "LOU-PAY-3": r.lou_payout == "C",
            "LOU-PAY-4": r.lou_payout != "A",
        }
        return checks.get(rule_id, rule_id.startswith("LOU-"))
    five = r.hand_size == 5
    pam = r.pam != "none"
    loo_checks = {
        "LOO-DEAL-2": r.miss,
        "LOO-TRUMP-1": r.has_turnup,
        "IRISH-TRUMP-1": r.trump_mode == "first_lead",
        "LOO-DECL-2": r.miss,
        "LOO-DECL-3": r.dealer_takes_all_pass,
        "LOO-DECL-5": r.lone_player == "dealer_must_play",
        "LOO-DECL-6": r.miss and r.defend_miss != "never",
        "LOO-DECL-7": r.club_law and r.has_turnup,
        "LOO-DECL-8": r.bold_stand != "off",
        "LOO-LEAD-2": r.has_turnup and r.first_lead_forced,
        "LOO-LEAD-3": _first_trick_duty(r),
        "LOO-LEAD-4": _first_trick_duty(r)
        and (r.trump_lead_highest != "never" or r.first_trump_lead == "heads_up_only"),
        "LOO-LEAD-5": r.later_trump_lead != "off",
        "LOO-PLAY-5": r.void_trump_duty == "always",
        "PAM-1": pam,
        "PAM-2": pam,
        "PAM-3": pam and r.first_lead_forced and r.forced_lead_cards == "pam_or_ace",
        "PAM-4": pam and (r.pam_privileged or r.pam_holder_not_looed),
        "PAM-EXCH-1": r.exchange != "none",
        "PAM-EXCH-2": r.exchange != "none",
        "PAM-FLUSH-1": five,
        "PAM-FLUSH-2": five,
        "PAM-FLUSH-3": five,
        "PAM-POOL-1": five,
    }
    return loo_checks.get(rule_id, rule_id.startswith("LOO-"))


def rules_in_force(r: Rules) -> list[str]:
    """The IDs of the rules that can bind anyone under ``r``, in catalogue order."""
    return [rid for rid in RULES if rule_applies(r, rid)]


@dataclass(frozen=True, slots=True)
class OptionLine:
    """One option as the clients list it: its setting, where it comes from, and whether it is in force."""

    name: str
    value: Any
    preset_value: Any
    differs: bool
    rule: str
    doc: str
    choices: tuple[Any, ...] | None
    applies: bool


def option_lines(r: Rules) -> list[OptionLine]:
    """Every option of ``r`` in declaration order; ``applies`` says which ones can change anything."""
    base = base_preset_rules(r.preset) or r
    diff = r.differences()
    return [
        OptionLine(
            name=name,
            value=getattr(r, name),
            preset_value=getattr(base, name),
            differs=name in diff,
            rule=f.metadata["rule"],
            doc=f.metadata["doc"],
            choices=option_choices(name),
            applies=option_applies(r, name),
        )
        for name, f in OPTION_FIELDS.items()
    ]


def value_text(value: Any) -> str:
    """An option's value as typed on a command line (``true``, not ``True``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
