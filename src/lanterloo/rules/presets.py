"""The built-in presets: the seven games of the Loo family this library plays, each registering itself.

Each preset is a ``Rules`` value stating only what differs from the defaults, plus what the clients say about it:
its title, a one-line summary, its source, the advised player counts (each figure credited to where it comes from),
its docs page and the deal kept as its golden playthrough.
"""

from __future__ import annotations

from lanterloo.rules.options import Rules
from lanterloo.rules.registry import Preset, register_preset

# The Rules defaults are the 3-card Loo rules of How to Play Loo [LOO-RULES]; each preset states only what differs.
THREE_CARD = Rules()
MISSISSIPPI = Rules(preset="mississippi")
IRISH = Rules(
    preset="irish",
    miss=False,
    trump_mode="first_lead",
    club_law=True,
    lone_player="wins_pool",
    defend_miss="never",
)
RAMS_LOO = Rules(
    preset="rams-loo",
    ante_mode="dealer",
    ante=3,
    loo_amount=3,
    min_players=5,
    first_trump_lead="any_trump",
    later_trump_lead="any",
)
FIVE_CARD = Rules(
    preset="five-card",
    hand_size=5,
    miss=False,
    pam="jack_of_clubs",
    ante=5,
    loo_amount=5,
    exchange="own_turn",
    first_lead_forced=False,
    forced_lead_cards="pam_or_ace",
    first_trump_lead="none",
    lone_player="wins_pool",
    defend_miss="never",
)
LOU = Rules(
    preset="lou",
    game="lou",
    miss=False,
    declare="coin",
    loo_penalty="pool",
    min_players=2,
    first_lead_forced=False,
    first_trump_lead="none",
    lone_player="wins_pool",
    defend_miss="never",
    dealer_takes_all_pass=False,
    lou_ante_choice="dealer",
)
LOUSE = Rules(
    preset="louse",
    game="louse",
    hand_size=8,
    miss=False,
    trump_mode="jacks",
    ante=0,
    loo_amount=0,
    min_players=4,
    first_lead_forced=False,
    first_trump_lead="none",
    lone_player="wins_pool",
    defend_miss="never",
    dealer_takes_all_pass=False,
)


# The rules texts the presets are built on, by title and key (docs/sources.md).
_LOU = "Lou Card Game Rules [LOU-RULES]"
_LOO = "How to Play Loo (Lanterloo) [LOO-RULES]"
_RAMS = "3-Card Loo, a Rams card game (in Bulgarian) [RAMS-RULES]"
_LOUSE = "Louse (machine-translated from Russian) [LOUSE-RULES]"


def _docs(name: str) -> str:
    return f"docs/rules/preset-{name}.md"


# The golden deal of each preset is (players, seed): the first seed that shows what the preset is about: play to
# the end with a loo; three-card and mississippi: someone takes the Miss, three or more in play; five-card: an
# exchange of at least one card; rams-loo: the dealer defends the Miss; lou: three In, one matches.
register_preset(
    Preset(
        "three-card",
        THREE_CARD,
        _LOO,
        "3-card Loo with the Miss: pass, play or take the Miss; a loo pays a fixed 3.",
        "3 to 8 players, best 5 or 6 (How to Play Loo)",
        aliases=("loo", "3-card"),
        title="3-card Loo",
        docs=_docs("three-card"),
        golden=(5, 0),
    )
)
register_preset(
    Preset(
        "mississippi",
        MISSISSIPPI,
        _LOO,
        "Mississippi: Loo's French cousin, played as 3-card Loo (no rule differences known).",
        "3 to 8 players, best 5 or 6 (How to Play Loo, for Loo)",
        notes="Unverified: How to Play Loo names Mississippi but gives it no rules of its own (reading A-20, "
        "docs/sources.md).",
        title="Mississippi",
        docs=_docs("mississippi"),
        golden=(4, 2),
    )
)
register_preset(
    Preset(
        "irish",
        IRISH,
        _LOO,
        "Irish Loo: no Miss, no turn-up; the first card led sets trumps.",
        "3 to 8 players, best 5 or 6 (How to Play Loo, for Loo)",
        notes="The rule-book form: --option trump_mode=turnup --option exchange=own_turn "
        "(Club Law and the first-trick lead duties then apply).",
        title="Irish Loo",
        docs=_docs("irish"),
        golden=(4, 2),
    )
)
register_preset(
    Preset(
        "rams-loo",
        RAMS_LOO,
        _RAMS,
        "3-card Loo, the Rams game: dealer antes 3, may defend the Miss, trump-lead duties.",
        "5 to 16 players (3-Card Loo, a Rams card game)",
        aliases=("rams", "bulgarian"),
        title="Rams Loo",
        docs=_docs("rams-loo"),
        golden=(6, 329),
    )
)
register_preset(
    Preset(
        "five-card",
        FIVE_CARD,
        _LOO,
        "5-card Pam-Loo: exchange from the stock, Pam (J♣) the top trump, flushes sweep the pool.",
        "3 to 8 players, best 5 or 6 (How to Play Loo, for Loo in general); for five-card, at most about 6, or the "
        "stock runs short for the exchange (Peel's Round Games with Cards and an early American Hoyle; reading A-05)",
        aliases=("pam-loo", "5-card"),
        title="5-card Pam-Loo",
        docs=_docs("five-card"),
        golden=(5, 2),
    )
)
register_preset(
    Preset(
        "lou",
        LOU,
        _LOU,
        "Lou: guts-format Loo; secret In/Out by coin, beat the best card or throw anything.",
        "up to 9 players, best 6 or 7 (a Norwegian Lou page [LOU-NO]; Lou Card Game Rules states no count); "
        "the fewest, 2, is the project's choice",
        title="Lou",
        docs=_docs("lou"),
        golden=(4, 1),
    )
)
register_preset(
    Preset(
        "louse",
        LOUSE,
        _LOUSE,
        "Louse: 32 cards, jacks the trumps, avoid penalty points; first to 1500 loses.",
        "4 players (Louse); 3 as an option (Louse mentions a three-player game but not its rules; reading A-10)",
        title="Louse",
        docs=_docs("louse"),
        golden=(4, 0),
    )
)

#: The built-in presets, in the order ``loo variants`` lists them.
PRESET_NAMES: tuple[str, ...] = ("three-card", "mississippi", "irish", "rams-loo", "five-card", "lou", "louse")
