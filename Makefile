# The two commands of the README, `make demo` and `make test`, set up .venv themselves.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: demo test lint format bench bench-peers venv clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

venv: $(STAMP)

demo: venv
	$(BIN)/arena play puerto-rico --players 4 --bots pr-greedy,random,random,first --seed 7

test: venv lint
	$(BIN)/python -m pytest -n 2 --dist loadgroup -q

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy engine ladders bots arena

format: venv
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: venv
	$(BIN)/python benchmarks/bench_puerto_rico.py
	$(BIN)/python benchmarks/bench_catan.py

# The peer engines live in a throwaway venv; the project never depends on them.
bench-peers: venv
	@test -x .bench-peers/bin/python || $(PYTHON) -m venv .bench-peers
	.bench-peers/bin/python -m pip install --quiet catanatron==3.2.1
	$(BIN)/python benchmarks/bench_catan.py --peer .bench-peers/bin/python

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
