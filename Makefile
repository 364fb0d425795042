# Two commands for a newcomer: `make run` and `make test`. Each bootstraps .venv itself.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: install run test bench clean

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

## run: assess every bundled example case, and adjust every general average example
run: $(STAMP)
	@for f in examples/*.yaml; do \
	  echo "════ $$f"; \
	  $(BIN)/wreckmaster assess "$$f" || exit $$?; \
	done
	@for f in examples/average/*.yaml; do \
	  echo "════ $$f"; \
	  $(BIN)/wreckmaster average "$$f" || exit $$?; \
	done

## test: the whole test suite
test: $(STAMP)
	$(BIN)/python -m pytest

## bench: the benchmarks (ratios against a baseline in the same process)
bench: $(STAMP)
	$(BIN)/python benchmarks/bench_assess.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .hypothesis
