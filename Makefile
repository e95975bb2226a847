# Two commands on a fresh machine: `make play` and `make test`. Each builds the local venv if it is missing and
# installs only what it needs: `make play` the game (the `play` extra), `make test` the test tools and the
# benchmark's reference engine, whose comparison test the suite runs (`dev` and `bench`), `make bench` the same
# (its differential test of the compiled core runs under pytest). Arguments reach the game through ARGS: make play ARGS="--variant lou".
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# -qq: errors only. A machine whose pip config names an extra index without every package (a local mirror) makes
# pip warn once per package it looks up there, which says nothing about the game.
PIP := $(BIN)/python -m pip -qq --disable-pip-version-check
ARGS ?=
# The compiled core (src/lanterloo/engine/_core.pyx) is built by the install where a C compiler is present; where
# one is, `make test` also checks that it was built and is the engine in use (tests/test_core_build.py).
CORE_SOURCES := pyproject.toml setup.py $(wildcard src/lanterloo/engine/_core*.pyx src/lanterloo/engine/_core_*.pxi)
# A compiler alone is not enough: the build also needs Python's headers (Python.h), which some systems package apart.
REQUIRE_CORE := $(shell $(PYTHON) -c 'import os, shutil, sysconfig; cc = shutil.which("cc") or shutil.which("gcc"); h = os.path.join(sysconfig.get_paths()["include"], "Python.h"); print(int(bool(cc) and os.path.exists(h)))' 2>/dev/null || echo 0)

# One stamp per set of extras, newer than pyproject.toml once that set is installed. Installing a set that holds
# another stamps that one too, so `make test` then `make play` installs nothing more, while `make play` then
# `make test` adds the test tools to the same venv.
PLAY := $(VENV)/.installed-play
TEST := $(VENV)/.installed-test
BENCH := $(VENV)/.installed-bench
WEB := $(VENV)/.installed-web

.PHONY: play test lint typecheck pytest bench clean venv venv-play fuzz serve load axe

$(BIN)/python:
	@echo "Creating the local environment in $(VENV) ..."
	@$(PYTHON) -m venv $(VENV)

$(PLAY): $(CORE_SOURCES) | $(BIN)/python
	@echo "Installing the game into $(VENV) (once) ..."
	@$(PIP) install -e '.[play]'
	@touch $@

$(TEST): $(CORE_SOURCES) | $(BIN)/python
	@echo "Installing the game, the test tools and OpenSpiel into $(VENV) (once) ..."
	@$(PIP) install -e '.[dev,bench]'
	@touch $@ $(PLAY) $(BENCH)

$(BENCH): $(CORE_SOURCES) | $(BIN)/python
	@echo "Installing the benchmark's tools into $(VENV) (once) ..."
	@$(PIP) install -e '.[bench]'
	@touch $@

$(WEB): $(CORE_SOURCES) | $(BIN)/python
	@echo "Installing the web table into $(VENV) (once) ..."
	@$(PIP) install -e '.[web]'
	@touch $@

venv-play: $(PLAY)

venv: $(TEST)

play: $(PLAY)
	@$(BIN)/loo play $(ARGS)

# The web table on http://127.0.0.1:8000 (SQLite in the user's data folder); anything for `loo serve` in ARGS.
serve: $(WEB)
	@$(BIN)/loo serve $(ARGS)

lint: $(TEST)
	$(BIN)/ruff check src tests bench examples
	$(BIN)/ruff format --check src tests bench examples

typecheck: $(TEST)
	$(BIN)/mypy

# axe-core, the accessibility checker the browser tests run on every page (tests/test_web_a11y.py), pinned and
# installed from npm into the venv once; the page never fetches it (the test injects the file). Without npm this
# step says so and the a11y test skips, naming the command.
AXE_VERSION := 4.14.1
AXE := $(VENV)/axe/node_modules/axe-core/axe.min.js

$(AXE):
	@if command -v npm >/dev/null 2>&1; then \
		echo "Installing axe-core $(AXE_VERSION) into $(VENV)/axe (once) ..."; \
		npm install --silent --no-audit --no-fund --prefix $(VENV)/axe axe-core@$(AXE_VERSION); \
	else \
		echo "npm is missing: the accessibility test (tests/test_web_a11y.py) will skip (apt-get install npm)"; \
	fi

axe: $(AXE)

pytest: $(TEST) axe
	LANTERLOO_REQUIRE_CORE=$(REQUIRE_CORE) $(BIN)/pytest -n 2

test: lint typecheck pytest

# The fuzz tests at FUZZ_SCALE times the suite's examples (a few minutes at 40); counts go to fuzz-report.jsonl and
# are summed at the end. docs/fuzzing.md records a run.
FUZZ_SCALE ?= 40
fuzz: $(TEST)
	rm -f fuzz-report.jsonl
	LANTERLOO_FUZZ_SCALE=$(FUZZ_SCALE) LANTERLOO_FUZZ_REPORT=$(CURDIR)/fuzz-report.jsonl \
		$(BIN)/pytest -n 2 -q tests/test_fuzz_history.py tests/test_fuzz_cli.py \
		tests/test_api_misuse.py
	$(BIN)/python -c 'import json; [print(r) for r in map(json.loads, open("fuzz-report.jsonl"))]'

# The benchmark (bench/run.py's figures, the heuristic bots' `loo simulate` figures, `loo replay --verify`), then
# the differential test of the compiled core at 100 times the suite's deals (a million
# three-card deals against the reference; tests/test_core_differential.py).
DIFF_SCALE ?= 100
bench: $(TEST)
	$(BIN)/python bench/run.py
	$(BIN)/python bench/botspeed.py --simulate --rounds 6
	$(BIN)/python bench/verify_speed.py
	LANTERLOO_DIFF_DEALS=$(DIFF_SCALE) $(BIN)/python -m pytest -q -p no:cacheprovider tests/test_core_differential.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis fuzz-report.jsonl build
	rm -f src/lanterloo/engine/_core.c src/lanterloo/engine/_core.*.so src/lanterloo/engine/_core.html

# The web table under load (docs/benchmarks.md, "Web table under load"): 200 tables of 5 websocket clients that
# think 1 s per decision, for 60 s, against a `loo serve` on SQLite in a temp folder, then against a throwaway
# PostgreSQL cluster on 127.0.0.1 (skipped, saying so, where initdb is missing). LOAD_ARGS reach both runs:
# make load LOAD_ARGS="--tables 50 --seconds 20". The test tools' set holds the web extra and httpx, which the
# load clients use to set the tables up.
LOAD_ARGS ?=

load: $(TEST)
	$(BIN)/python bench/load.py $(LOAD_ARGS)
	$(BIN)/python bench/load.py --db temp-postgresql $(LOAD_ARGS)
