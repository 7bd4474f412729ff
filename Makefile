# The two commands of the README: `make sim` and `make test`; `make lint` checks the code
# (ruff: lint and format; mypy), as CI does before the tests. `make test-quick` is the suite
# for daily work: the tests marked slow left out (pyproject.toml's markers: the install test's
# Debian root, the kills and restarts, the benchmarks, the long simulations), a couple of
# minutes; `make test`, the whole suite, is what CI runs.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
GAME   ?= roulette_fr
# make sim PUBLISH=tcp://127.0.0.1:6556 REPLAY=tcp://127.0.0.1:6557: the feed's endpoints (by
# default the example table's; a port another process holds gives way to a free one, printed)
PUBLISH ?=
REPLAY  ?=
INSTALLED      := $(VENV)/.installed
TEST_INSTALLED := $(VENV)/.installed-test
LINT_INSTALLED := $(VENV)/.installed-lint

# pytest-xdist workers (TEST_WORKERS=auto: one per core), each given whole test files
# (--dist loadfile: a file's module-wide fixtures, such as the install test's Debian root, are
# built once). The tests' bytecode (pytest's rewritten test modules) is cached in __pycache__
# even where PYTHONDONTWRITEBYTECODE is set: collecting without it takes four times as long,
# on each worker.
TEST_WORKERS ?= auto
PYTEST := env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -q -n $(TEST_WORKERS) \
	--dist loadfile

.PHONY: sim test test-quick lint bench clean install uninstall

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# the product alone, for `make sim` and `make bench`
$(INSTALLED): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	touch $(INSTALLED)

# the product and what the tests need
$(TEST_INSTALLED): $(INSTALLED)
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(TEST_INSTALLED)

# the product and the linters (ruff, mypy and the stubs it needs)
$(LINT_INSTALLED): $(INSTALLED)
	$(BIN)/pip install --quiet -e '.[lint]'
	touch $(LINT_INSTALLED)

sim: $(INSTALLED)
	$(BIN)/dealer-terminal run --game $(GAME) --sim --db var/sim-$(GAME).sqlite \
		$(if $(PUBLISH),--publish $(PUBLISH)) $(if $(REPLAY),--replay $(REPLAY))

test: $(TEST_INSTALLED)
	$(PYTEST)

test-quick: $(TEST_INSTALLED)
	$(PYTEST) -m "not slow"

# ruff's settings and mypy's (strict on games/ and firmware_bridge/) are in pyproject.toml
# (each check runs, whatever the one before found; make fails if any did). One line a finding:
# `ruff check FILE` and `ruff format --diff FILE` show them in full.
lint: $(LINT_INSTALLED)
	@failed=0; \
	for check in "ruff format --check --output-format concise ." \
			"ruff check --output-format concise ." "mypy"; do \
		echo "+ $$check"; $(BIN)/$$check || failed=1; \
	done; \
	exit $$failed

bench: $(INSTALLED)
	$(BIN)/python benchmarks/bench_table.py
	$(BIN)/python benchmarks/bench_engines.py
	$(BIN)/python benchmarks/bench_journal.py
	$(BIN)/python benchmarks/bench_devices.py
	$(BIN)/python benchmarks/bench_pit.py
	$(BIN)/python benchmarks/bench_pit_startup.py
	SDL_VIDEODRIVER=dummy $(BIN)/python benchmarks/bench_screen.py
	$(BIN)/python benchmarks/bench_start.py
	$(BIN)/python benchmarks/bench_window.py

# On the Pi, as root (sudo make install): the user dealer, /opt/dealer-terminal and its venv, the
# units (the table's enabled), the udev rules, /etc/dealer-terminal/table.toml if absent
# (docs/install.md). Again: updates in place. ARGS passes options: ARGS='--table blackjack'.
install:
	bash systemd/install.sh $(ARGS)

# Stops and removes what install put there but the journal, /etc/dealer-terminal and the user
# (ARGS=--purge: those two as well; the journal folder stays).
uninstall:
	bash systemd/uninstall.sh $(ARGS)

clean:
	rm -rf $(VENV) var
