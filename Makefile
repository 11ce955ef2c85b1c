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

# The fast tier (tests/conftest.py): no database server, no other processes. Four workers on two
# cores: the tier's slow tests wait (local fake exchanges behind ccxt's throttle, model and order
# timeouts) more than they compute, and two more workers fill those waits. Measured back to back
# at load average 14-16: 236 s with 4 workers, 298 s with 2 (CPU 103 s vs 93 s); at load ~1, once
# live clients on plain-HTTP fakes stopped waiting for a TLS shutdown: 94 s (4,926 tests).
# Session 50: 13,571 tests take 180-200 s of CPU (a third of it the corpus read through the
# product's reader: every row, every blind set), so 2 min of wall needs both cores to itself;
# measured at load 5-9: 197-246 s. The coin index is now built once per list of markets (12a0d377).
# Session 51: an item costs ~4 ms of CPU whatever it checks (collected in each worker, run, reported),
# so the corpus runs as 38 parts of <= 250 rows and the cheap tables through tests.cases.each (every
# case run, each failing one named): 14,060 items -> 4,166, the same cases. This command, warm trees,
# before and after in turn at load 10-13: 226 s CPU, 834 s wall -> 184 s CPU, 543 s wall (after,
# at load 8: 164 s CPU, 223 s wall; -n 2 there: 149 s CPU but 325 s wall, two workers getting less
# of a loaded machine). Per worker, collection 14 -> 5.5 s. Left: the blind sets (20 s of CPU),
# the traditional-reading tests (9 s), and real work.
unit: $(STAMP)
	$(PYTEST) -q -m unit -n 4

# Every tier in parallel; `worksteal` keeps both workers busy when the slow process tests bunch up.
# tests/conftest.py puts the process tier first (116 tests, half the suite's worker time), so the
# run ends on fast tests. Full run on 2 cores at load 8-10 (session 49, 13,697 tests): 29:55 ->
# 20:21 wall, CPU 723 s -> 668 s, with the alert-cost test no longer waiting out a 30 s pool
# timeout three times (91.8 s -> ~1 s).
test: lint typecheck contracts
	$(PYTEST) -q -n auto --dist worksteal

bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
