# Two commands on a fresh machine: `make play` and `make test`. Each builds the local venv if it is missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint typecheck pytest bench clean venv fuzz

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,bench]'
	touch $(STAMP)

venv: $(STAMP)

play: $(STAMP)
	$(BIN)/loo play

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -n 2

test: lint typecheck pytest

# The fuzz tests at FUZZ_SCALE times the suite's examples (a few minutes at 40); counts go to fuzz-report.jsonl and
# are summed at the end. docs/fuzzing.md records a run.
FUZZ_SCALE ?= 40
fuzz: $(STAMP)
	rm -f fuzz-report.jsonl
	LANTERLOO_FUZZ_SCALE=$(FUZZ_SCALE) LANTERLOO_FUZZ_REPORT=$(CURDIR)/fuzz-report.jsonl \
		$(BIN)/pytest -n 2 -q tests/test_fuzz_history.py tests/test_fuzz_cli.py \
		tests/test_api_misuse.py
	$(BIN)/python -c 'import json; [print(r) for r in map(json.loads, open("fuzz-report.jsonl"))]'

bench: $(STAMP)
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis fuzz-report.jsonl
