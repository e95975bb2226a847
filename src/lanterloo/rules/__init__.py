"""The rules of a game as data: options (``options``), which of them are in force (``applies``), the variant
registry (``registry``) and its built-in presets (``presets``), options typed on a command line (``parse``), and
how a game is played in plain sentences (``teach``). Everything public is importable from ``lanterloo.rules``."""

from lanterloo.rules.applies import OptionLine, option_applies, option_lines, rule_applies, rules_in_force, value_text
from lanterloo.rules.housefile import load_variants
from lanterloo.rules.options import OPTION_FIELDS, OPTION_HINTS, VARIANT_NAME, Game, Rules, opt, option_choices
from lanterloo.rules.parse import parse_option_value, parse_options, rules_with
from lanterloo.rules.presets import FIVE_CARD, IRISH, LOU, LOUSE, MISSISSIPPI, PRESET_NAMES, RAMS_LOO, THREE_CARD
from lanterloo.rules.registry import (
    ALIASES,
    PRESET_INFO,
    PRESETS,
    Preset,
    Variant,
    base_preset,
    base_preset_rules,
    find_variant,
    golden_variants,
    register_preset,
    register_variant,
    resolve_preset,
    title,
    unregister_variant,
    variant_names,
)
from lanterloo.rules.teach import how_it_is_played

__all__ = [
    "ALIASES",
    "FIVE_CARD",
    "IRISH",
    "LOU",
    "LOUSE",
    "MISSISSIPPI",
    "OPTION_FIELDS",
    "OPTION_HINTS",
    "PRESETS",
    "PRESET_INFO",
    "PRESET_NAMES",
    "RAMS_LOO",
    "THREE_CARD",
    "VARIANT_NAME",
    "Game",
    "OptionLine",
    "Preset",
    "Rules",
    "Variant",
    "base_preset",
    "base_preset_rules",
    "find_variant",
    "golden_variants",
    "how_it_is_played",
    "load_variants",
    "opt",
    "option_applies",
    "option_choices",
    "option_lines",
    "parse_option_value",
    "parse_options",
    "register_preset",
    "register_variant",
    "resolve_preset",
    "rule_applies",
    "rules_in_force",
    "rules_with",
    "title",
    "unregister_variant",
    "value_text",
    "variant_names",
]
