"""What each choice open to the human can win or cost right now, in words, from the ``View`` alone.

The figures are the View's ``stakes`` (the same ones the settlement counts), its Louse ``points`` and card values,
and the tricks taken so far. The words name the rules' consequences plainly, for a player who has never played
Loo: what a trick is worth, what being looed (or matching the pot) costs, what the Miss and defending it mean.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from lanterloo.actions import PASS, STAND, TAKE_MISS, Action, DefendMiss
from lanterloo.cards import Card, Suit
from lanterloo.engine import Phase, View, shape_of
from lanterloo.engine.narrate import DIAMOND_QUEEN

LABEL = "bold #d7af5f"
GAIN = "#87d75f"
COST = "#ff8787"

# The queens that carry a bonus in Louse (LOUSE-SCORE-2), in the order of their cost.
BONUS_QUEENS = tuple(Card(s * 13 + 10) for s in (Suit.CLUBS, Suit.SPADES, Suit.HEARTS))
DIAMOND_QUEEN_CARD = Card(Suit.DIAMONDS * 13 + 10)


def _chips(k: int) -> str:
    return f"{k} chip" if k == 1 else f"{k} chips"


def _tricks(k: int) -> str:
    return f"{k} trick" if k == 1 else f"{k} tricks"


def loo_cost(view: View) -> str:
    """What being looed costs under the rules in force (LOO-POOL-3)."""
    loo = view.stakes.loo
    if view.rules.loo_penalty == "pool":
        return f"pay the whole pool ({loo})"
    return f"pay {loo}"


def match_cost(view: View) -> str:
    """Lou: what matching the pot costs (LOU-PAY-1)."""
    m = view.stakes.match
    if view.rules.lou_match_cap and m < view.stakes.pool:
        return f"you match the pot, capped: pay {m}"
    return f"you match the pot: pay {m}"


def lou_warning(view: View) -> str:
    """Lou's prompt: what going In costs a player who then takes no trick (LOU-PAY-1)."""
    m = view.stakes.match
    if view.rules.lou_match_cap and m < view.stakes.pool:
        return f"Going In and taking no trick costs a match of {m} (the pot, capped)."
    return f"Going In and taking no trick costs the whole pot: you match it ({m})."


def _item(out: Text, label: str, body: str, style: str = "") -> None:
    if out:
        out.append("  ·  ", style="dim")
    out.append(f"{label}: ", style=LABEL)
    out.append(body, style=style)


def _pam_exempt(view: View) -> bool:
    return view.rules.pam_holder_not_looed and view.pam is not None and view.pam in view.hand


def _play_words(view: View) -> str:
    """Playing on (Loo) or going In (Lou): what a trick wins and what taking none costs."""
    s = view.stakes
    if shape_of(view.rules).pays_piles:
        payout = view.rules.lou_payout
        if payout == "A":
            gain = f"each trick wins a pile of {s.share}"
        elif payout == "B":
            gain = f"two tricks win the pot ({s.pool}); fewer and you match it"
        else:
            gain = f"two tricks win the pot ({s.pool}); one trick: nothing"
        return f"{gain}; no trick and {match_cost(view)}"
    looed = "never looed: you hold Pam" if _pam_exempt(view) else f"no trick: looed, {loo_cost(view)}"
    return f"each trick wins {s.share} of the {s.pool} chips; {looed}"


def declare_stakes(view: View, legal: Sequence[Action]) -> Text:
    """Beside the declaration buttons: what each open declaration can win or cost."""
    out = Text()
    lou = shape_of(view.rules).pays_piles
    if STAND in legal:
        _item(out, "In" if lou else "Play", _play_words(view))
    if TAKE_MISS in legal:
        _item(out, "Take the Miss", "the same, with the unseen Miss as your hand")
    if any(isinstance(a, DefendMiss) for a in legal):
        _item(
            out,
            "Defend the Miss",
            "play the Miss for the pool: you neither win nor pay, and its tricks' shares stay in the pool (LOO-DECL-6)",
        )
    if PASS in legal:
        _item(out, "Out" if lou else "Pass", "lose nothing more")
    return out


def louse_stakes(view: View, totals: Sequence[int] | None) -> Text:
    """Louse: what the trick on the table holds, the points taken so far and the match total."""
    out = Text()
    values = view.stakes.card_points
    me = view.seat
    if view.phase is Phase.PLAY and view.trick and values:
        on_table = sum(values[c] for _, c in view.trick)
        _item(out, "This trick", f"{on_table} points", COST if on_table else "")
    if me is not None:
        mine = view.points[me] if view.points else 0
        _item(out, "You took", f"{mine} this deal", COST if mine else "")
        if totals is not None:
            _item(out, "Match total", f"{totals[me] + mine} ({view.rules.louse_target} loses)")
    return out


def queen_note(view: View) -> Text | None:
    """Louse: the queen bonuses and what the Q♦ does, while a queen that carries one is still to be played or is on
    the table (LOUSE-SCORE-2/3)."""
    if not shape_of(view.rules).scores_points:
        return None
    done = {c for tr in view.tricks for _, c in tr.cards}
    live = [q for q in BONUS_QUEENS if q not in done]
    if not live:
        return None
    values = view.stakes.card_points
    out = Text("Queens: ", style=LABEL)
    out.append(", ".join(f"{q.unicode} costs {values[q]}" for q in live), style=COST)
    mode = view.rules.diamond_queen
    if mode in DIAMOND_QUEEN and DIAMOND_QUEEN_CARD not in done:
        out.append(f" · the {DIAMOND_QUEEN_CARD.unicode} {DIAMOND_QUEEN[mode]}")
    return out


def play_stakes(view: View) -> Text:
    """During the exchange and the play: what the human stands to win or lose from here."""
    out = Text()
    me = view.seat
    if me is None:
        return out
    if not view.in_play[me]:
        _item(out, "You are out of this deal", "nothing at stake for you", "dim")
        return out
    s = view.stakes
    won = view.tricks_won[me]
    if view.defended and view.dealer == me:
        _item(out, "You defend the Miss", "its tricks' shares stay in the pool; you neither win nor pay")
        return out
    if shape_of(view.rules).pays_piles:
        payout = view.rules.lou_payout
        if payout == "A":
            _item(out, "Each trick", f"a pile of {_chips(s.share)}")
        else:
            _item(out, "Two tricks", f"win the whole pot ({s.pool})")
        if won:
            _item(out, "You have", _tricks(won), GAIN)
        if not won or (payout == "B" and won < 2):
            need = "No trick yet" if not won else "One trick"
            _item(out, need, f"if it stays so, {match_cost(view)}", COST)
        return out
    _item(out, "Each trick", f"wins {s.share} of the {s.pool} chips")
    if won:
        _item(out, "You have", f"{_tricks(won)}, {_chips(won * s.share)}", GAIN)
    elif _pam_exempt(view):
        _item(out, "No trick yet", "you hold Pam, so you cannot be looed")
    else:
        _item(out, "No trick yet", f"looed if none, {loo_cost(view)}", COST)
    return out


def stakes_text(view: View, legal: Sequence[Action], totals: Sequence[int] | None = None) -> Text:
    """The stakes line under the prompt: empty when the deal is over or the human has no part in it."""
    if view.settlement is not None or view.seat is None:
        return Text()
    if shape_of(view.rules).scores_points:
        return louse_stakes(view, totals)
    if view.phase in (Phase.DECLARE, Phase.COMMIT):
        if any(a in legal for a in (STAND, PASS, TAKE_MISS)) or any(isinstance(a, DefendMiss) for a in legal):
            return declare_stakes(view, legal)
        if not view.in_play[view.seat] and view.declarations[view.seat] is None:
            return declare_stakes(view, (STAND, PASS))  # waiting to declare: the stakes all the same
    if view.phase in (Phase.EXCHANGE, Phase.PLAY, Phase.FLUSH_CHECK):
        return play_stakes(view)
    return Text()
