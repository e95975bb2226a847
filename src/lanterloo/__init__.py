"""lanterloo: rules engine, hand histories and simulator for the Loo family of trick-taking pool card games.

The public API::

    from lanterloo import Deal, rules_with, parse_action
    deal = Deal(rules_with("three-card"), stacks=[100] * 5, dealer=0, seed=7)
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
"""

from lanterloo.actions import (
    DEFEND_MISS,
    PASS,
    STAND,
    TAKE_MISS,
    Action,
    Ante,
    DefendMiss,
    Discard,
    Pass,
    Play,
    Stand,
    TakeMiss,
    discard,
    parse_action,
)
from lanterloo.cards import Card, Suit, parse_card, parse_cards
from lanterloo.engine import TERMINAL, Deal, Decl, Phase, TrickRecord, View, replay, replay_events
from lanterloo.engine.events import Event
from lanterloo.engine.scoring import Settlement, SettlementKind, Stakes
from lanterloo.errors import HistoryError, IllegalActionError, LooError, LooTypeError, NotationError, RulesError
from lanterloo.rules import (
    PRESET_INFO,
    PRESET_NAMES,
    PRESETS,
    Preset,
    Rules,
    find_variant,
    register_preset,
    register_variant,
    resolve_preset,
    rules_with,
)
from lanterloo.session import DealRecord, Session

__version__ = "0.1.0"

__all__ = [
    "DEFEND_MISS",
    "PASS",
    "PRESETS",
    "PRESET_INFO",
    "PRESET_NAMES",
    "STAND",
    "TAKE_MISS",
    "TERMINAL",
    "Action",
    "Ante",
    "Card",
    "Deal",
    "DealRecord",
    "Decl",
    "DefendMiss",
    "Discard",
    "Event",
    "HistoryError",
    "IllegalActionError",
    "LooError",
    "LooTypeError",
    "NotationError",
    "Pass",
    "Phase",
    "Play",
    "Preset",
    "Rules",
    "RulesError",
    "Session",
    "Settlement",
    "SettlementKind",
    "Stakes",
    "Stand",
    "Suit",
    "TakeMiss",
    "TrickRecord",
    "View",
    "discard",
    "find_variant",
    "parse_action",
    "parse_card",
    "parse_cards",
    "register_preset",
    "register_variant",
    "replay",
    "replay_events",
    "resolve_preset",
    "rules_with",
]
