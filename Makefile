# Meeple — every target sets up .venv itself, so a fresh clone needs only Python 3.11 and make.
# `make bench BENCH_ARGS=--quick` runs the benchmarks with small samples.
#
# Installs are locked: .venv gets exactly the packages and versions of requirements/*.txt,
# each checked against its hashes, then Meeple itself with no dependencies of its own.
# `make lock` refreshes the locks after a change to pyproject.toml's dependencies
# (`make lock LOCK_ARGS=--upgrade` moves every package to its newest allowed release).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
LOCKS  := requirements/app.txt requirements/test.txt
MADE   := $(VENV)/.made
STAMP  := $(VENV)/.installed
TSTAMP := $(VENV)/.installed-test
PIP    := $(BIN)/python -m pip install --quiet --disable-pip-version-check
LOCKER := .venv-lock
COMPILE = $(LOCKER)/bin/pip-compile --quiet --generate-hashes --allow-unsafe --all-build-deps \
          --strip-extras --no-emit-index-url --no-emit-find-links $(LOCK_ARGS)

.PHONY: play test bench snapshots lock clean

# A new lock means a new .venv, so no package the lock dropped stays behind.
$(MADE): $(LOCKS)
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	touch $@

$(STAMP): $(MADE) pyproject.toml
	$(PIP) --require-hashes -r requirements/app.txt
	$(PIP) --no-deps --no-build-isolation -e .
	touch $@

$(TSTAMP): $(MADE) pyproject.toml
	$(PIP) --require-hashes -r requirements/test.txt
	$(PIP) --no-deps --no-build-isolation -e .
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

# The test lock is resolved within the app lock, so both install the same versions.
lock:
	test -x $(LOCKER)/bin/pip-compile || ( $(PYTHON) -m venv $(LOCKER) && \
	    $(LOCKER)/bin/python -m pip install --quiet pip-tools==7.6.2 )
	$(COMPILE) -o requirements/app.txt pyproject.toml
	$(COMPILE) --extra test -c requirements/app.txt -o requirements/test.txt pyproject.toml

clean:
	rm -rf $(VENV) $(LOCKER) .pytest_cache build *.egg-info
