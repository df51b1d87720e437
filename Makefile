# Two commands do all the set-up on a fresh clone with only Python 3.11+, Node 20 and a compiler:
#   make run   - the whole system on this machine, with a demo floor
#   make test  - the whole test suite against real PostgreSQL and Redis (what CI runs)
# Beside them: make check (the engineer's loop between commits, under two minutes),
# make test-clock (the suite at the casinos' awkward instants), make bench, make mutate.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
STACK := $(BIN)/python deploy/local/stack.py

# Every Python process the targets start (pytest's workers, and the servers and Celery workers
# the stack and browser tests start by the dozen) compiles the project's modules again unless
# Python may keep their bytecode (__pycache__/, ignored by git), and pytest its rewritten test
# modules: half a second of a core for each server of a fresh clone on the reference machine,
# four for each worker. An environment that sets PYTHONDONTWRITEBYTECODE forbids it.
unexport PYTHONDONTWRITEBYTECODE

# make test's parallel workers: the browser tier's tests run on one, the stack tier's on one, and
# the rest are shared out among all. Three on the reference 2-core machine: with two, a core
# stood idle a seventh of the time while the browser and the tests' servers waited on each
# other (docs/tests.md, "In parallel").
WORKERS ?= 3
PYTEST_PARALLEL := -n $(WORKERS) --dist loadgroup
# make check's: its pure tests keep each worker's core busy, so one per core (a third made it
# 53 s to 61 s on the reference machine).
CHECK_WORKERS ?= 2

.PHONY: install run test check test-clock lint bench mutate clean

# --no-compile: the packages' modules are compiled when first imported (and kept, above), not
# all of them at install: most are never imported, and the install took 41 s rather than 27.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet --no-compile -e '.[local,dev]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(STACK) run

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/mypy

test: $(STAMP)
	$(BIN)/lint-imports
	$(BIN)/mypy
	$(STACK) exec --profile test -- $(BIN)/pytest $(PYTEST_PARALLEL) --durations=25 $(PYTEST_ARGS)

# Lint, the import contracts, the types and the pure tests: no database, server or browser.
check: lint
	SECRET_KEY=unused-by-the-pure-tests $(BIN)/pytest -n $(CHECK_WORKERS) -m "unit and not slow" -q $(PYTEST_ARGS)

# The database and HTTP tiers once at each awkward instant of the casinos' clocks (tests/clock.py).
test-clock: $(STAMP)
	$(STACK) exec --profile test -- $(BIN)/python -m tests.clock_run $(INSTANTS) -- $(PYTEST_PARALLEL) $(PYTEST_ARGS)

bench: $(STAMP)
	$(STACK) exec --profile bench -- $(BIN)/python tests/bench/run.py $(BENCH)

# Mutation testing of the code that decides money (tests/mutation/run.py); not part of make test.
# MUTATE_ARGS=--again retests only the mutants the last run left alive.
mutate: $(STAMP)
	$(STACK) exec --profile mutate -- $(BIN)/python tests/mutation/run.py $(MUTATE_ARGS)

clean:
	rm -rf $(VENV) .local
