"""The guided deal that ends a tutorial, played on the real table page (docs/protocol.md, "The lesson table").

The page at ``/tutorial/{name}/deal`` is the table page in lesson mode: it draws the same felt, hand, prompt, log
and deal summary, from the same messages as a table's websocket. Its moves go to ``POST
/api/tutorial/{name}/deal`` with every move the learner has made so far; the server deals the lesson's position
again, replays those moves with the bots' answers (``tutorial.GuidedPlay``: the bots are seeded, so the same moves
always meet the same replies), and answers with the learner's ``state`` (only the events the page has not seen),
the lesson's words for this moment (its tip for the phase, and the adviser's choice with its reasons), and, at the
end, the ``deal_over`` summary. No table is stored: the move list is the whole state, and a move the engine refuses
is answered with its reason and changes nothing.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from lanterloo.actions import parse_action
from lanterloo.bots import make_bot
from lanterloo.engine.dealrows import deal_rows
from lanterloo.engine.moments import moment_json
from lanterloo.engine.narrate import Narrator
from lanterloo.engine.words import Words, hint_sentence
from lanterloo.errors import LooError
from lanterloo.tutorial import Guided, Tutorial, find_tutorial
from lanterloo.tutorial.model import ADVISER, GuidedPlay
from lanterloo.web.app import Strict
from lanterloo.web.guard import ApiError
from lanterloo.web.protocol import events_json, stakes_json, view_json

router = APIRouter()

#: More moves than any guided deal needs (five-card: a declaration, an exchange and five cards; Lou: In and three).
MAX_MOVES = 24


class Moves(Strict):
    moves: list[str]
    seen: int = 0


def guided_of(name: str) -> tuple[Tutorial, Guided]:
    """The tutorial ``name`` and the guided deal it ends with (404 when there is neither)."""
    try:
        tut = find_tutorial(name[:40])
    except LooError as e:
        raise ApiError(404, str(e)) from None
    guided = next((s for s in tut.steps if isinstance(s, Guided)), None)
    if guided is None:
        raise ApiError(404, f"{tut.title} has no guided deal.")
    return tut, guided


def replay(guided: Guided, moves: list[str]) -> GuidedPlay:
    """The guided deal after ``moves``, each answered by the bots. A move that cannot be read, or that the rules
    refuse, is a 400 naming the move and the engine's reason: the page keeps its moves as they were."""
    play = GuidedPlay(guided)
    play.run_bots()
    for k, text in enumerate(moves, 1):
        if play.over or not play.to_act():
            raise ApiError(400, f"Move {k} comes after the deal is over or out of turn: send only your own moves.")
        try:
            action = parse_action(text[:40])
        except LooError as e:
            raise ApiError(400, f"Move {k} ({text[:40]!r}) is not a move: {e}") from None
        got = play.play(action)
        if not got.right:
            raise ApiError(400, got.text)
    return play


def _table(tut: Tutorial, play: GuidedPlay) -> dict[str, Any]:
    """The lesson table as the page's seat list reads a table's summary: the learner and the bots."""
    rules = play.rules
    return {
        "table_id": None,
        "title": f"Lesson: {tut.title}",
        "preset": rules.preset,
        "players": play.deal.players,
        "status": "playing",
        "words": Words(rules).vocabulary(),
        "seats": [
            {"seat": s, "name": n, "kind": "human" if s == play.seat else "bot", "style": None, "connected": True}
            for s, n in enumerate(play.names)
        ],
        "rules": {"options": rules.to_dict(), "house": rules.differences()},
        "deals_played": 1 if play.over else 0,
    }


def _advice(play: GuidedPlay, words: Words, step: int) -> dict[str, Any] | None:
    """The adviser's choice in the learner's place, as a table's ``hint`` message, while the learner is to act."""
    if not play.to_act():
        return None
    decision = make_bot(ADVISER, 0).decide(play.view())
    do, why = hint_sentence(words, decision.action, decision.reason, play.names, play.seat)
    return {
        "type": "hint",
        "deal": 1,
        "step": step,
        "action": words.action_json(decision.action),
        "do": do,
        "why": why,
        "bot": ADVISER,
    }


def _over(play: GuidedPlay) -> dict[str, Any] | None:
    st = play.deal.settlement
    if st is None:
        return None
    view = play.deal.view(play.seat)
    narrator = Narrator(play.rules, play.names, you=play.seat, cite=False)
    return {
        "type": "deal_over",
        "deal": 1,
        "seed": None,
        "settlement": st.to_dict(),
        "lines": narrator.settlement(st, view),
        "summary": deal_rows(view, play.names, you=play.seat),
        "session_over": True,
        "session_end": "the lesson's deal is over",
        "next_deal": None,
        "lesson_over": True,
        "moment": moment_json(view, play.names, play.seat),
    }


@router.post("/api/tutorial/{name}/deal")
def lesson_deal(name: str, body: Moves) -> dict[str, Any]:
    """The guided deal after the learner's ``moves``: the state to draw (events from ``seen`` on), the lesson's words
    for this moment, and the summary once the deal is over."""
    tut, guided = guided_of(name)
    if len(body.moves) > MAX_MOVES:
        raise ApiError(400, f"A guided deal takes at most {MAX_MOVES} moves of yours, not {len(body.moves)}.")
    play = replay(guided, body.moves)
    deal, view, words = play.deal, play.view(), Words(play.rules)
    events = deal.events
    if not 0 <= body.seen <= len(events):
        raise ApiError(400, f"seen counts the events the page has drawn: 0 to {len(events)}, not {body.seen}.")
    seen = body.seen
    step = len(deal.actions)
    phase = view.phase.name.lower()
    state = {
        "type": "state",
        "deal": 1,
        "step": step,
        "events": events_json(events[seen:], play.seat, Narrator(play.rules, play.names, you=play.seat, cite=False)),
        "view": view_json(view, words),
        "names": play.names,
        "commitment": None,
        "stakes_lines": stakes_json(view, None),
        "prompt": words.prompt(view.phase, view.legal, view),
        "turn_deadline_ms": None,
    }
    return {
        "table": _table(tut, play),
        "seen": len(events),
        "state": state,
        "hint": _advice(play, words, step),
        "over": _over(play),
        "lesson": {
            "title": guided.title,
            "intro": guided.intro,
            "tip": guided.tips.get(phase) if play.to_act() else None,
            "tutorial": tut.name,
            "step": tut.steps.index(guided) + 1,  # the tutorial page's #step-N of this deal: "Back to the lesson"
        },
    }
