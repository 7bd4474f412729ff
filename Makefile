# The two commands of the README: `make sim` and `make test`.
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

.PHONY: sim test bench clean

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

sim: $(INSTALLED)
	$(BIN)/dealer-terminal run --game $(GAME) --sim --db var/sim-$(GAME).sqlite \
		$(if $(PUBLISH),--publish $(PUBLISH)) $(if $(REPLAY),--replay $(REPLAY))

test: $(TEST_INSTALLED)
	$(BIN)/python -m pytest -q

bench: $(INSTALLED)
	$(BIN)/python benchmarks/bench_table.py
	$(BIN)/python benchmarks/bench_devices.py
	$(BIN)/python benchmarks/bench_pit.py
	$(BIN)/python benchmarks/bench_pit_startup.py

clean:
	rm -rf $(VENV) var
