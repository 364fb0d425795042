# Two commands for a newcomer: `make run` and `make test`. Each bootstraps .venv itself, and
# installs the Debian packages it needs when missing (as root; otherwise it says which).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# the test suite on both cores (pytest-xdist); JOBS=1 runs it in one process
JOBS   ?= 2

.PHONY: install system axe run test bench clean

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

## system: Chromium, the Noto CJK fonts and poppler from Debian (documents and browser tests)
system:
	@bash scripts/system-packages.sh

## axe: axe-core from npm for the pages' accessibility tests (tests/web/test_axe.py), pinned in node/package-lock.json
axe: node/node_modules/axe-core/axe.min.js

node/node_modules/axe-core/axe.min.js: node/package.json node/package-lock.json
	cd node && npm ci --no-audit --no-fund --silent

## run: every example case and general average, the case log at work, a register in batch, a summary
run: $(STAMP)
	@bash scripts/system-packages.sh || echo "(documents and pages need those packages; the rest runs without them)"
	@$(BIN)/python scripts/run_examples.py

## test: the whole test suite, against SQLite and PostgreSQL (a throwaway server if none is running)
test: $(STAMP) system axe
	PYTHON=$(BIN)/python bash scripts/with-postgres.sh $(BIN)/python -m pytest -n $(JOBS)

## bench: the benchmarks (ratios against a baseline in the same process)
bench: $(STAMP)
	@for f in benchmarks/bench_*.py; do echo "════ $$f"; PYTHON=$(BIN)/python bash scripts/with-postgres.sh $(BIN)/python $$f || exit $$?; done

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .hypothesis
