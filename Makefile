# deskmate: `make run` and `make test` do all the set-up on a fresh machine (Python >= 3.11 and make).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# pytest keeps its assertion-rewritten test modules as bytecode even where the environment says
# not to write any: every run after the first (and every xdist worker) skips the rewrite.
PYTEST := env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest

.PHONY: run test lint typecheck contracts unit bench migrate clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/deskmate run

migrate: $(STAMP)
	$(BIN)/deskmate migrate

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy core adapters bot bench

contracts: $(STAMP)
	$(BIN)/lint-imports

# The fast tier (tests/conftest.py): no database server, no other processes; one worker per core.
unit: $(STAMP)
	$(PYTEST) -q -m unit -n auto

# Every tier in parallel; `worksteal` keeps both workers busy when the slow process tests bunch up.
test: lint typecheck contracts
	$(PYTEST) -q -n auto --dist worksteal

bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
