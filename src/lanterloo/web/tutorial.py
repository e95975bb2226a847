"""The tutorial's lessons for the web page (docs/protocol.md): the same lessons as ``loo tutorial``
(``lanterloo.tutorial``), each position as the learner's seat sees it, and each drill's choice judged by the engine.

``GET /api/tutorial/{name}`` gives the steps without any drill's answer; ``POST /api/tutorial/{name}/{step}`` with
``{"action": ...}`` judges one choice with ``tutorial.answer`` (the engine's refusal and rule for an illegal one, the
lesson's own explanation of every choice), so the page learns why only after the learner has chosen.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter

from lanterloo.actions import Play, parse_action
from lanterloo.errors import LooError
from lanterloo.tutorial import Drill, Guided, Position, Read, Tutorial, answer, find_tutorial
from lanterloo.tutorial.table import NAMES, action_name, describe
from lanterloo.web.app import Strict
from lanterloo.web.cards import card_code
from lanterloo.web.guard import ApiError

router = APIRouter()


class Choice(Strict):
    action: str


def _tutorial(name: str) -> Tutorial:
    try:
        return find_tutorial(name[:40])
    except LooError as e:
        raise ApiError(404, str(e)) from None


def _taught(word: str, known: frozenset[str] | None) -> bool:
    return known is None or word in known


def position_json(position: Position, known: frozenset[str] | None = None) -> dict[str, Any]:
    """The position as seat 0 (the learner) sees it: the lines ``loo tutorial`` prints (in the words taught so far,
    ``known``), and the cards to draw."""
    view = position.deal().view(0)
    return {
        "lines": describe(view, known=known),
        "hand": [card_code(c) for c in view.hand],
        # no turn-up and no trumps before the lesson has taught trumps: a card the learner cannot yet read
        "turnup": card_code(view.turnup) if view.turnup is not None and _taught("trump", known) else None,
        "trump": view.trump.plural if view.trump is not None and _taught("trump", known) else None,
        "trick": [{"seat": s, "name": NAMES[s], "card": card_code(c)} for s, c in view.trick],
        "best": NAMES[view.best_seat] if view.best_seat is not None and view.trick else None,
    }


def _drill_json(drill: Drill, known: frozenset[str] | None) -> dict[str, Any]:
    rules = drill.position.rules()
    choices = []
    keys = {parse_action(k): k for k in drill.explain}
    for action in drill.choices():  # the game's button order, as on the terminal's screen
        key = keys[action]
        card = card_code(action.card) if isinstance(action, Play) else None
        choices.append({"action": key, "label": action_name(action, rules), "card": card})
    return {
        "kind": "drill",
        "drill": drill.kind,
        "title": drill.title,
        "text": drill.text,
        "prompt": drill.prompt,
        "position": position_json(drill.position, known),
        "choices": choices,
    }


@cache
def tutorial_json(name: str) -> dict[str, Any]:
    """A tutorial's steps, with no drill's answer or explanation in them."""
    tut = find_tutorial(name)
    steps: list[dict[str, Any]] = []
    for i, step in enumerate(tut.steps):
        known = tut.known(i)
        if isinstance(step, Read):
            where = position_json(step.position, known) if step.position is not None else None
            steps.append({"kind": "read", "title": step.title, "text": step.text, "position": where})
        elif isinstance(step, Drill):
            steps.append(_drill_json(step, known))
        elif isinstance(step, Guided):
            tips = [{"phase": phase, "text": tip} for phase, tip in step.tips.items()]
            steps.append(
                {
                    "kind": "guided",
                    "title": step.title,
                    "text": step.intro,
                    "position": position_json(step.position),
                    "tips": tips,
                }
            )
    return {"name": tut.name, "title": tut.title, "summary": tut.summary, "steps": steps}


@router.get("/api/tutorial/{name}")
def lessons(name: str) -> dict[str, Any]:
    return tutorial_json(_tutorial(name).name)


@router.post("/api/tutorial/{name}/{step}")
def judge(name: str, step: int, body: Choice) -> dict[str, Any]:
    """One choice in a drill, judged: right or not, and the lesson's explanation (with the engine's reason and rule
    when the rules refuse it)."""
    tut = _tutorial(name)
    if not 0 <= step < len(tut.steps):
        raise ApiError(404, f"There is no step {step}: the steps of {tut.title} are 0 to {len(tut.steps) - 1}.")
    drill = tut.steps[step]
    if not isinstance(drill, Drill):
        raise ApiError(400, f"Step {step} of {tut.title} is not a drill: it has no choice to check.")
    offered = list(drill.explain)
    try:
        action = parse_action(body.action[:40])
        key = next(k for k in offered if parse_action(k) == action)
    except (LooError, ValueError, StopIteration):
        raise ApiError(400, f"Choose one of this drill's choices: {', '.join(offered)}.") from None
    got = answer(drill, action)
    return {"step": step, "action": key, "right": got.right, "text": got.text, "rule": got.rule}
