"""What each choice open to a seat can win or cost right now, in plain words, from the ``View`` alone.

The one place where the stakes become words: the terminal game styles these items (``tui/stakes.py``) and the web
table sends them as sentences (``stakes_lines``). The figures are the View's ``stakes`` (the same ones the
settlement counts), its Louse ``points`` and card values, and the tricks taken so far. The words name the rules'
consequences plainly, for a player who has never played Loo: what a trick is worth, what being looed (or matching
the pot) costs, what the Miss and defending it mean.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from lanterloo.actions import PASS, STAND, TAKE_MISS, Action, Ante, DefendMiss
from lanterloo.cards import Card, Suit
from lanterloo.engine.narrate import DIAMOND_QUEEN
from lanterloo.engine.phases import Phase
from lanterloo.engine.shape import shape_of
from lanterloo.engine.view import View

Tone = Literal["", "gain", "cost", "muted"]

#: How the items of one line are joined in plain text.
JOIN = " · "

# The queens that carry a bonus in Louse (LOUSE-SCORE-2), in the order of their cost.
BONUS_QUEENS = tuple(Card(s * 13 + 10) for s in (Suit.CLUBS, Suit.SPADES, Suit.HEARTS))
DIAMOND_QUEEN_CARD = Card(Suit.DIAMONDS * 13 + 10)


@dataclass(frozen=True)
class Stake:
    """One item of a stakes line: a label, what it means, and its tone (a client may colour a gain or a cost).
    ``more`` is said after ``text`` in the plain tone."""

    label: str
    text: str
    tone: Tone = ""
    more: str = ""

    def __str__(self) -> str:
        return f"{self.label}: {self.text}{self.more}"


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


def _pam_exempt(view: View) -> bool:
    return view.rules.pam_holder_not_looed and view.pam is not None and view.pam in view.hand


def no_winner_words(view: View) -> str:
    """Lou's formats B and C: what happens to the pot when nobody takes two tricks (LOU-PAY-4)."""
    s = view.stakes
    return {
        "carry": "if nobody takes two, the pot stays for the next deal",
        "split_by_tricks": f"if nobody takes two, each trick wins a pile of {s.share}",
        "split_equally": "if nobody takes two, the players with a trick share the pot",
    }[view.rules.lou_no_winner]


def _lou_play_words(view: View) -> str:
    """Lou, going In: what the tricks win, what each count of tricks costs, under the payout format in force."""
    s = view.stakes
    payout = view.rules.lou_payout
    if payout == "A":
        return f"each trick wins a pile of {s.share}; no trick and {match_cost(view)}"
    two = f"two tricks win the pot ({s.pool}); {no_winner_words(view)}"
    if payout == "B":
        if view.rules.lou_no_winner == "carry":
            return f"{two}; one trick or none and {match_cost(view)}"
        return f"{two}; no trick, or one when another player takes two, and {match_cost(view)}"
    return f"{two}; one trick costs nothing; no trick and {match_cost(view)}"


def _play_words(view: View) -> str:
    """Playing on (Loo) or going In (Lou): what a trick wins and what taking none costs."""
    s = view.stakes
    if shape_of(view.rules).pays_piles:
        return _lou_play_words(view)
    looed = "never looed: you hold Pam" if _pam_exempt(view) else f"no trick: looed, {loo_cost(view)}"
    return f"each trick wins {s.share} of the {s.pool} chips; {looed}"


def declare_stakes(view: View, legal: Sequence[Action]) -> tuple[Stake, ...]:
    """Beside the declaration choices: what each open declaration can win or cost."""
    out: list[Stake] = []
    lou = shape_of(view.rules).pays_piles
    if STAND in legal:
        out.append(Stake("In" if lou else "Play", _play_words(view)))
    if TAKE_MISS in legal:
        out.append(Stake("Take the Miss", "the same, with the unseen Miss as your hand"))
    if any(isinstance(a, DefendMiss) for a in legal):
        defend = "play the Miss for the pool: you neither win nor pay, and its tricks' shares stay in the pool"
        out.append(Stake("Defend the Miss", defend))
    if PASS in legal:
        out.append(Stake("Out" if lou else "Pass", "lose nothing more"))
    return tuple(out)


def louse_stakes(view: View, totals: Sequence[int] | None) -> tuple[Stake, ...]:
    """Louse: what the trick on the table holds, the points taken so far and the match total."""
    out: list[Stake] = []
    values = view.stakes.card_points
    me = view.seat
    if view.phase is Phase.PLAY and view.trick and values:
        on_table = sum(values[c] for _, c in view.trick)
        out.append(Stake("This trick", f"{on_table} points", "cost" if on_table else ""))
    if me is not None:
        mine = view.points[me] if view.points else 0
        out.append(Stake("You took", f"{mine} this deal", "cost" if mine else ""))
        if totals is not None:
            out.append(Stake("Match total", f"{totals[me] + mine} ({view.rules.louse_target} loses)"))
    return tuple(out)


def queen_note(view: View) -> Stake | None:
    """Louse: the queen bonuses and what the Q♦ does, while a queen that carries one is still to be played or is on
    the table (LOUSE-SCORE-2/3)."""
    if not shape_of(view.rules).scores_points:
        return None
    done = {c for tr in view.tricks for _, c in tr.cards}
    live = [q for q in BONUS_QUEENS if q not in done]
    if not live:
        return None
    values = view.stakes.card_points
    costs = ", ".join(f"{q.unicode} costs {values[q]}" for q in live)
    mode = view.rules.diamond_queen
    more = ""
    if mode in DIAMOND_QUEEN and DIAMOND_QUEEN_CARD not in done:
        more = f" · the {DIAMOND_QUEEN_CARD.unicode} {DIAMOND_QUEEN[mode]}"
    return Stake("Queens", costs, "cost", more)


def play_stakes(view: View) -> tuple[Stake, ...]:
    """During the exchange and the play: what the seat stands to win or lose from here."""
    me = view.seat
    if me is None:
        return ()
    if not view.in_play[me]:
        return (Stake("You are out of this deal", "nothing at stake for you", "muted"),)
    s = view.stakes
    won = view.tricks_won[me]
    if view.defended and view.dealer == me:
        return (Stake("You defend the Miss", "its tricks' shares stay in the pool; you neither win nor pay"),)
    out: list[Stake] = []
    if shape_of(view.rules).pays_piles:
        return _lou_play_stakes(view, won)
    out.append(Stake("Each trick", f"wins {s.share} of the {s.pool} chips"))
    if won:
        out.append(Stake("You have", f"{_tricks(won)}, {_chips(won * s.share)}", "gain"))
    elif _pam_exempt(view):
        out.append(Stake("No trick yet", "you hold Pam, so you cannot be looed"))
    else:
        out.append(Stake("No trick yet", f"looed if none, {loo_cost(view)}", "cost"))
    return tuple(out)


def _lou_play_stakes(view: View, won: int) -> tuple[Stake, ...]:
    """Lou, during the play: what the tricks taken so far come to under the payout format in force."""
    s = view.stakes
    payout = view.rules.lou_payout
    if payout == "A":
        out = [Stake("Each trick", f"a pile of {_chips(s.share)}")]
    else:
        out = [Stake("Two tricks", f"win the whole pot ({s.pool})", more=f"; {no_winner_words(view)}")]
    if won:
        out.append(Stake("You have", _tricks(won), "gain"))
    if not won:
        out.append(Stake("No trick yet", f"if it stays so, {match_cost(view)}", "cost"))
    elif won == 1 and payout == "B":
        if view.rules.lou_no_winner == "carry":
            out.append(Stake("One trick", f"unless you take another, {match_cost(view)}", "cost"))
        else:
            out.append(Stake("One trick", f"if another player takes two, {match_cost(view)}", "cost"))
    elif won == 1 and payout == "C":
        out.append(Stake("One trick", "you will not pay; a second wins the pot", "gain"))
    return tuple(out)


def ante_stakes(view: View, legal: Sequence[Action]) -> tuple[Stake, ...]:
    """Lou, when a game starts: the dealer's ante sets the pot, and so what a match will cost (LOU-ANTE-2)."""
    amounts = sorted(a.amount for a in legal if isinstance(a, Ante))
    n = view.players
    payers = {"everyone": n, "dealer": 1, "everyone_dealer_double": n + 1}[view.rules.ante_mode]
    carried = f", with the {view.pool} carried" if view.pool else ""
    if not amounts:
        return (Stake("The dealer sets the ante", "it makes this game's pot, which a match costs", "muted"),)
    lo, hi = amounts[0], amounts[-1]
    pots = f"{lo * payers + view.pool}" if lo == hi else f"{lo * payers + view.pool} to {hi * payers + view.pool}"
    return (
        Stake("Ante", f"{lo}" if lo == hi else f"{lo} to {hi} chips"),
        Stake("The pot", f"{pots} chips{carried}"),
        Stake("A match", "an In player who takes no trick pays the whole pot: a bigger ante, a dearer match", "cost"),
    )


def stakes_of(
    view: View, legal: Sequence[Action] | None = None, totals: Sequence[int] | None = None
) -> tuple[Stake, ...]:
    """The stakes line for the View's seat: what each choice open to it (``legal``, the View's own by default) can
    win or cost; Louse's match ``totals`` before this deal, if known. Empty when the deal is over or the View is a
    spectator's."""
    if view.settlement is not None or view.seat is None:
        return ()
    if legal is None:
        legal = view.legal
    if shape_of(view.rules).scores_points:
        return louse_stakes(view, totals)
    if view.phase is Phase.ANTE:
        return ante_stakes(view, legal)
    if view.phase in (Phase.DECLARE, Phase.COMMIT):
        if any(a in legal for a in (STAND, PASS, TAKE_MISS)) or any(isinstance(a, DefendMiss) for a in legal):
            return declare_stakes(view, legal)
        if not view.in_play[view.seat] and view.declarations[view.seat] is None:
            return declare_stakes(view, (STAND, PASS))  # waiting to declare: the stakes all the same
    if view.phase in (Phase.EXCHANGE, Phase.PLAY, Phase.FLUSH_CHECK):
        return play_stakes(view)
    return ()


def stakes_lines(view: View, legal: Sequence[Action] | None = None, totals: Sequence[int] | None = None) -> list[str]:
    """The stakes as plain sentences: the stakes line (its items joined by " · "), then Louse's queen note while it
    matters. Empty when there is nothing at stake for the View's seat."""
    out = []
    line = stakes_of(view, legal, totals)
    if line:
        out.append(JOIN.join(str(item) for item in line))
    queens = queen_note(view) if view.settlement is None and view.seat is not None else None
    if queens is not None:
        out.append(str(queens))
    return out
