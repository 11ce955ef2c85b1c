# deskmate: `make run` and `make test` do all the set-up on a fresh machine (Python >= 3.11 and make).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

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

unit: $(STAMP)
	$(BIN)/pytest -q

test: lint typecheck contracts unit

bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
