# Meeple — every target sets up .venv itself, so a fresh clone needs only Python 3.11 and make.
# `make bench BENCH_ARGS=--quick` runs the benchmarks with small samples.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TSTAMP := $(VENV)/.installed-test

.PHONY: play test bench snapshots clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)


$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(TSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(STAMP)

play: $(STAMP)
	$(BIN)/meeple

test: $(TSTAMP)
	$(BIN)/python -m mypy
	$(BIN)/python -m pytest -n 2 --dist loadgroup

bench: $(TSTAMP)
	$(BIN)/python -m bench $(BENCH_ARGS)

snapshots: $(TSTAMP)
	$(BIN)/python -m pytest tests/tui --snapshot-update

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
