# The two commands of the README: `make sim` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
GAME   ?= roulette_fr
STAMP  := $(VENV)/.installed

.PHONY: sim test bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

sim: $(STAMP)
	$(BIN)/dealer-terminal run --game $(GAME) --sim --headless --db var/sim-$(GAME).sqlite

test: $(STAMP)
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_table.py
	$(BIN)/python benchmarks/bench_devices.py
	$(BIN)/python benchmarks/bench_pit.py
	$(BIN)/python benchmarks/bench_pit_startup.py

clean:
	rm -rf $(VENV) var
