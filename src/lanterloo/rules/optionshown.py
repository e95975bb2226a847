"""When a house rule changes anything: the options that matter only once other options are set so, as data beside
their words (``optionwords``), so that a form offers an option exactly when it would change the game. The same
cases as ``rules.applies.option_applies``; tests/test_optionwords.py checks that the two agree for every preset.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lanterloo.rules.options import OPTION_HINTS


@dataclass(frozen=True, slots=True)
class When:
    """A setting another option's use depends on: ``option`` at one of ``is_`` or, when ``is_`` is empty, at none
    of ``not_``. ``game`` counts as an option here (it is fixed by the preset)."""

    option: str
    is_: tuple[Any, ...] = ()
    not_: tuple[Any, ...] = ()

    def holds(self, value: Any) -> bool:
        return value in self.is_ if self.is_ else value not in self.not_

    def to_json(self) -> dict[str, Any]:
        return (
            {"option": self.option, "is": list(self.is_)}
            if self.is_
            else {"option": self.option, "not": list(self.not_)}
        )


_LOO, _LOU, _TURNUP = When("game", ("loo",)), When("game", ("lou",)), When("trump_mode", ("turnup",))
_PAM, _MISS, _FIRST_DUTY = When("pam", not_=("none",)), When("miss", (True,)), When("first_trump_lead", not_=("none",))

#: The options that change anything only once other options are set so, as a form should offer them: shown while
#: one of the alternatives holds, each alternative settings that must all hold. The same cases as
#: ``rules.applies.option_applies`` (tests/test_optionwords.py checks that the two agree for every preset).
SHOWN_WHEN: dict[str, tuple[tuple[When, ...], ...]] = {
    "pam": ((_TURNUP,),),
    **{name: ((_PAM,),) for name in OPTION_HINTS if name.startswith("pam_")},
    "forced_lead_cards": ((_PAM, _TURNUP, When("first_lead_forced", (True,))),),
    **{name: ((When("hand_size", (5,)),),) for name in OPTION_HINTS if name.startswith("flush") or name == "blaze"},
    "ante": ((When("game", not_=("lou",)),), (When("lou_ante_choice", not_=("dealer",)),)),
    **dict.fromkeys(("lou_ante_min", "lou_ante_max"), ((When("lou_ante_choice", ("dealer",)),),)),
    "loo_amount": ((When("loo_penalty", not_=("pool",)),),),
    "exchange_shortfall": ((_LOO, When("exchange", not_=("none",))), (_LOU, When("lou_draw", not_=(0,)))),
    **dict.fromkeys(("defend_miss", "miss_holder_leads"), ((_MISS,),)),
    "bold_stand_withdraw_miss": ((_MISS, When("bold_stand", not_=("off",))),),
    "exchange": ((When("miss", (False,)),),),
    "void_trump_duty": ((_LOO,), (When("lou_follow_suit", (True,)),)),
    **dict.fromkeys(("club_law", "first_lead_forced", "first_trump_lead"), ((_TURNUP,),)),
    "trump_lead_highest": ((_TURNUP, When("first_trump_lead", not_=("none", "heads_up_only"))),),
    "equivalent_cards": (
        (_TURNUP, _FIRST_DUTY, When("trump_lead_highest", not_=("never",))),
        (_TURNUP, When("first_trump_lead", ("heads_up_only",))),
        (_LOO, When("later_trump_lead", ("highest", "highest_if_two_active"))),
    ),
}
