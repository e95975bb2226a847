"""The web table's pages: the lobby, the table, the tutorial, the rules text and the static files (one ES module,
one style sheet, the card faces).

An ``APIRouter`` that ``app.create_app`` includes. The pages are Jinja2 templates rendered on the server with
autoescaping on; everything that changes during a game is drawn by ``static/loo.js`` from the protocol's messages
(docs/protocol.md), with ``textContent`` only. The rules text and the tutorial come from the engine's own functions
(``how_it_is_played``, ``option_lines``, the tutorial lessons), the same ones ``loo rules`` and ``loo tutorial``
print, so the page cannot state a rule the engine does not enforce. The tutorial page lists its steps; its script
draws them one at a time from ``/api/tutorial`` (``tutorial.py``), which judges each drill's choice.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Final

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.templating import Jinja2Templates

from lanterloo.errors import LooError
from lanterloo.ruleids import RULES
from lanterloo.rules import PRESET_INFO, how_it_is_played, option_lines, rules_in_force, rules_with, title, value_text
from lanterloo.rules.glossary import glossary
from lanterloo.rules.optionwords import house_rules_said
from lanterloo.tutorial import TUTORIALS, find_tutorial

HERE: Final = Path(__file__).parent
STATIC: Final = HERE / "static"
TEMPLATES: Final = Jinja2Templates(directory=str(HERE / "templates"))
_TYPES: Final = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml"}
# A table id as the server makes them (urlsafe text); anything else is not a table and is not echoed into a page.
TABLE_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")
MAX_OPTIONS_TEXT: Final = 4096

router = APIRouter()


@cache
def _static_files() -> dict[str, Path]:
    """Every static file by its path under ``/static/``: a fixed list, so no request path reaches the disk."""
    return {p.relative_to(STATIC).as_posix(): p for p in STATIC.rglob("*") if p.is_file() and p.suffix in _TYPES}


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
def lobby(request: Request) -> Response:
    return TEMPLATES.TemplateResponse(request, "lobby.html", {"page": "lobby"})


@router.get("/t/{table_id}", response_class=HTMLResponse, include_in_schema=False)
def table(request: Request, table_id: str) -> Response:
    if not TABLE_ID.fullmatch(table_id):
        return missing(request, "No table here", "There is no such table: its link is not one the server makes.")
    return TEMPLATES.TemplateResponse(request, "table.html", {"page": "table", "table_id": table_id})


def missing(
    request: Request, heading: str, message: str, back: str = "/", back_text: str = "Back to the tables"
) -> Response:
    """A page a browser asked for that is not there: one sentence and the way back (the API answers in JSON)."""
    words = {"page": "missing", "heading": heading, "message": message, "back": back, "back_text": back_text}
    return TEMPLATES.TemplateResponse(request, "missing.html", words, status_code=404)


@router.get("/tutorial", response_class=HTMLResponse, include_in_schema=False)
def tutorials(request: Request) -> Response:
    items = [(name, t.title, t.summary) for name, t in TUTORIALS.items()]
    return TEMPLATES.TemplateResponse(request, "tutorials.html", {"page": "tutorial", "tutorials": items})


@router.get("/tutorial/{name}/deal", response_class=HTMLResponse, include_in_schema=False)
def lesson_table(request: Request, name: str) -> Response:
    """The tutorial's guided deal on the table page, in lesson mode (lessondeal.py)."""
    try:
        tut = find_tutorial(name)
    except LooError as e:
        return missing(request, "No such tutorial", str(e), "/tutorial", "The tutorials")
    return TEMPLATES.TemplateResponse(
        request, "table.html", {"page": "table", "table_id": "", "lesson": tut.name, "lesson_title": tut.title}
    )


@router.get("/tutorial/{name}", response_class=HTMLResponse, include_in_schema=False)
def tutorial(request: Request, name: str) -> Response:
    try:
        tut = find_tutorial(name)
    except LooError as e:
        return missing(request, "No such tutorial", str(e), "/tutorial", "The tutorials")
    steps = [(step.title, type(step).__name__.lower()) for step in tut.steps]
    return TEMPLATES.TemplateResponse(request, "tutorial.html", {"page": "tutorial", "tutorial": tut, "steps": steps})


@router.get("/api/rules/{preset}")
def rules_text(preset: str, options: str = "{}") -> JSONResponse:
    """How a game under these rules is played, the rules in force and every option that applies, for the rules
    panel: ``options`` is a JSON object of option values, as the table was created with."""
    try:
        if len(options) > MAX_OPTIONS_TEXT:
            raise LooError("The options are too long.")
        given = json.loads(options)
        if not isinstance(given, dict):
            raise LooError("The options must be a JSON object.")
        rules = rules_with(preset, given)
    except (LooError, ValueError, TypeError, RecursionError) as e:
        message = (
            str(e)
            if isinstance(e, LooError)
            else "The options are nested too deeply: give one flat JSON object of option values."
            if isinstance(e, RecursionError)
            else "The options are not valid."
        )
        return JSONResponse({"error": message}, status_code=400)
    info = PRESET_INFO.get(rules.preset)
    lo, hi = rules.player_range()
    return JSONResponse(
        {
            "preset": rules.preset,
            "title": title(rules),
            "summary": info.summary if info is not None else "",
            "players": [lo, hi],
            "how": how_it_is_played(rules),
            "glossary": [{"term": t.term, "meaning": t.meaning} for t in glossary(rules)],
            "house_rules": house_rules_said(rules),
            "rules": [{"id": rid, "title": RULES[rid].title} for rid in rules_in_force(rules)],
            "options": [
                {"name": o.name, "value": value_text(o.value), "differs": o.differs, "rule": o.rule, "doc": o.doc}
                for o in option_lines(rules)
                if o.applies
            ],
        }
    )


@router.get("/static/{path:path}", include_in_schema=False)
def static(path: str) -> Response:
    found = _static_files().get(path)
    if found is None:
        raise HTTPException(404, "No such file.")
    # The cards never change within a release; the script and the style sheet may, so they are revalidated.
    cache = "public, max-age=86400" if path.startswith("cards/") else "no-cache"
    return Response(found.read_bytes(), media_type=_TYPES[found.suffix], headers={"Cache-Control": cache})
