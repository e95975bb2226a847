"""The web table's pages, without the game server: the templates render and escape, the static files are served
from a fixed list, the rules panel's text is the engine's own, and the tutorial is the engine's lessons."""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("jinja2")

from fastapi import FastAPI
from fastapi.testclient import TestClient

from lanterloo.rules import PRESETS, how_it_is_played, rules_in_force, rules_with
from lanterloo.tutorial import TUTORIALS
from lanterloo.web import pages

SRC_STATIC = pages.STATIC


@pytest.fixture(scope="module")
def client() -> TestClient:
    app = FastAPI()
    app.include_router(pages.router)
    return TestClient(app)


def test_lobby_page_loads_the_module_and_the_form(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/static/loo.js">' in r.text
    assert 'id="create"' in r.text and 'id="tables"' in r.text
    # nothing fetched from outside at run time
    assert not re.search(r'(src|href)="(https?:)?//', r.text)


def test_table_page_carries_its_id_and_the_panels(client: TestClient) -> None:
    r = client.get("/t/abc_DEF-123")
    assert r.status_code == 200
    assert 'data-table="abc_DEF-123"' in r.text
    for part in ("seats", "trick", "hand", "choices", "stakes", "reason", "log", "rules", "summary", "invite"):
        assert f'id="{part}"' in r.text
    assert 'href="/api/tables/abc_DEF-123/history"' in r.text
    assert 'id="tutorial-link"' in r.text


def test_table_page_refuses_an_id_that_is_not_one(client: TestClient) -> None:
    assert client.get("/t/%3Cscript%3E").status_code == 404
    assert client.get("/t/" + "a" * 65).status_code == 404


def test_static_files_are_served_from_the_list_only(client: TestClient) -> None:
    js = client.get("/static/loo.js")
    assert js.status_code == 200 and js.headers["content-type"].startswith("text/javascript")
    css = client.get("/static/style.css")
    assert css.status_code == 200 and css.headers["content-type"].startswith("text/css")
    card = client.get("/static/cards/QH.svg")
    assert card.status_code == 200 and card.headers["content-type"].startswith("image/svg+xml")
    assert "queen of hearts" in card.text
    for bad in ("../pages.py", "cards/../../pages.py", "%2e%2e/pages.py", "cards/XX.svg", "", "templates/base.html"):
        assert client.get(f"/static/{bad}").status_code == 404, bad


@pytest.mark.parametrize("module", sorted(p.name for p in (SRC_STATIC).glob("*.js")))
def test_the_script_writes_data_as_text_never_as_html(client: TestClient, module: str) -> None:
    js = client.get(f"/static/{module}").text
    assert js, module
    assert "innerHTML" not in js and "outerHTML" not in js and "insertAdjacentHTML" not in js
    assert "document.write" not in js and "eval(" not in js
    assert "http://" not in js and "https://" not in js


def test_rules_text_is_the_engines_own(client: TestClient) -> None:
    r = client.get("/api/rules/three-card")
    assert r.status_code == 200
    body = r.json()
    rules = PRESETS["three-card"]
    assert body["how"] == how_it_is_played(rules)
    assert [x["id"] for x in body["rules"]] == rules_in_force(rules)
    assert body["players"] == list(rules.player_range())
    assert all(not o["differs"] for o in body["options"])


@pytest.mark.parametrize("options", ["[" * 2000 + "]" * 2000, '{"a":' * 800 + "1" + "}" * 800])
def test_rules_text_refuses_deeply_nested_options_in_one_sentence(client: TestClient, options: str) -> None:
    r = client.get("/api/rules/three-card", params={"options": options})
    assert r.status_code == 400
    assert r.json()["error"].startswith("The options ")


def test_rules_text_with_a_house_rule(client: TestClient) -> None:
    house = {"loo_penalty": "pool"}
    r = client.get("/api/rules/three-card", params={"options": json.dumps(house)})
    assert r.status_code == 200
    body = r.json()
    assert body["how"] == how_it_is_played(rules_with("three-card", house))
    assert next(o for o in body["options"] if o["name"] == "loo_penalty")["differs"] is True


@pytest.mark.parametrize(
    "preset, options",
    [("no-such-game", "{}"), ("three-card", "[1]"), ("three-card", "{not json"), ("three-card", '{"nope": 1}')],
)
def test_rules_text_refuses_bad_input_in_one_sentence(client: TestClient, preset: str, options: str) -> None:
    r = client.get(f"/api/rules/{preset}", params={"options": options})
    assert r.status_code == 400
    assert r.json()["error"].endswith(".")


def test_tutorial_pages_show_every_lesson(client: TestClient) -> None:
    index = client.get("/tutorial")
    assert index.status_code == 200
    for name, tut in TUTORIALS.items():
        assert f'href="/tutorial/{name}"' in index.text
        page = client.get(f"/tutorial/{name}")
        assert page.status_code == 200
        for step in tut.steps:
            assert f"{step.title}".replace("&", "&amp;").replace("'", "&#39;") in page.text
    assert client.get("/tutorial/nonsense").status_code == 404


def test_template_escapes_what_it_is_given() -> None:
    html = pages.TEMPLATES.get_template("tutorials.html").render(
        page="tutorial", tutorials=[("x", "<b>bold</b>", "<script>alert(1)</script>")]
    )
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;" in html
