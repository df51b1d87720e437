# Two commands do all the set-up on a fresh clone with only Python 3.11+, Node 20 and a compiler:
#   make run   - the whole system on this machine, with a demo floor
#   make test  - the whole test suite against real PostgreSQL and Redis
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
STACK := $(BIN)/python deploy/local/stack.py

.PHONY: install run test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[local,dev]'
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
	$(STACK) exec --profile test -- $(BIN)/pytest $(PYTEST_ARGS)

bench: $(STAMP)
	$(STACK) exec --profile bench -- $(BIN)/python tests/bench/run.py $(BENCH)

clean:
	rm -rf $(VENV) .local
