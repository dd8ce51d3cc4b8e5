# The two commands of the README, `make demo` and `make test`, set up .venv themselves.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: demo test setup lint format bench bench-peers proto node-bot cpp-bot cpp-debs go-bot go-debs browser postgres \
        catanatron-bridge venv bytecode clean

# Debian packages, installed quietly where apt-get runs as root; the package lists are fetched only when
# the install fails without them. dpkg installs one set at a time: another apt-get waits for the lock.
APT_GET     := DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600
APT_INSTALL := apt_install() { $(APT_GET) install -y -qq --no-install-recommends "$$@" >/dev/null 2>&1 \
	|| { $(APT_GET) update -qq && $(APT_GET) install -y -qq --no-install-recommends "$$@" >/dev/null; }; }; apt_install

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,ray]'
	@touch $(STAMP)

venv: $(STAMP)

# The project's modules compiled to bytecode once, before the many Python processes the tests, the demo
# and the benchmarks start (bots, referees, the arena's workers): where PYTHONDONTWRITEBYTECODE is set,
# each of them would otherwise compile every module it imports again. Compiling is skipped for modules
# already up to date, and a stale file is never used (each records its source's time and size).
bytecode: venv
	@$(BIN)/python -m compileall -q -j 0 engine arena bots ladders learning benchmarks > /dev/null

# The Node.js example bot's packages, installed from its lock file (skipped when node is absent).
NODE_BOT := bots/examples/node
$(NODE_BOT)/node_modules/.package-lock.json: $(NODE_BOT)/package-lock.json $(NODE_BOT)/package.json
	cd $(NODE_BOT) && npm ci --no-audit --no-fund --loglevel=error

node-bot:
	@if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then \
		$(MAKE) --no-print-directory $(NODE_BOT)/node_modules/.package-lock.json; \
	else echo "node not found: the Node.js example bot is skipped"; fi

# The C++ example bot: Debian's grpc++ packages, installed when missing (APT_INSTALL), then an
# incremental build in bots/examples/cpp/build. Without the toolchain the bot is skipped, and so are its tests.
CPP_BOT  := bots/examples/cpp
CPP_DEBS := g++ make pkg-config protobuf-compiler protobuf-compiler-grpc libprotobuf-dev libgrpc++-dev
CPP_HAVE := command -v g++ && command -v protoc && command -v grpc_cpp_plugin && pkg-config --exists grpc++ protobuf

cpp-debs:
	@if ! ($(CPP_HAVE)) >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
		echo "installing the C++ example bot's Debian packages: $(CPP_DEBS)"; \
		$(APT_INSTALL) $(CPP_DEBS) || echo "could not install the C++ toolchain"; \
	fi

# Under `make test`'s parallel set-up the build takes its jobs from make's own job slots; alone, two.
cpp-bot: cpp-debs
	@if ($(CPP_HAVE)) >/dev/null 2>&1; then \
		$(MAKE) --no-print-directory -s -q -C $(CPP_BOT) 2>/dev/null \
		|| { echo "building the C++ example bot: $(CPP_BOT)/build/random_bot"; \
		     $(MAKE) --no-print-directory -s -C $(CPP_BOT) $(if $(findstring jobserver,$(MAKEFLAGS)),,-j2); }; \
	else echo "C++ toolchain not found (g++, protoc, grpc_cpp_plugin, grpc++): the C++ example bot is skipped"; fi

# The catanatron bridge (bots/bridges/catanatron, GPL-3.0-or-later): a program of its own, in a virtual
# environment of its own with catanatron and this project (the SDK and the engine it rebuilds positions
# with). The arena spawns it for `catanatron:NAME` bots. CATANATRON is the pip requirement of catanatron:
# PyPI's 3.2.1 by default, or e.g. CATANATRON="-e ~/src/catanatron/catanatron" for a checkout of its
# repository, which also carries the AlphaBeta and value-function players. CATANATRON_NODEPS is
# installed after it without dependencies (a package that pins what this project needs otherwise, such
# as catanatron-gym's gymnasium). The stamp remembers both; when they change, the environment is built
# anew, so that no player of an earlier build stays behind.
BRIDGE            := bots/bridges/catanatron
BRIDGE_VENV       := .venv-catanatron
BRIDGE_STAMP      := $(BRIDGE_VENV)/.installed-stamp
CATANATRON        ?= catanatron==3.2.1
CATANATRON_NODEPS ?=
BRIDGE_WANT       := $(CATANATRON)$(if $(CATANATRON_NODEPS), --no-deps $(CATANATRON_NODEPS))

catanatron-bridge: $(STAMP)
	@if [ ! -f $(BRIDGE_STAMP) ] || [ "$$(cat $(BRIDGE_STAMP))" != '$(BRIDGE_WANT)' ] \
		|| [ pyproject.toml -nt $(BRIDGE_STAMP) ] || [ $(BRIDGE)/pyproject.toml -nt $(BRIDGE_STAMP) ]; then \
		echo "building the catanatron bridge's environment $(BRIDGE_VENV) with $(BRIDGE_WANT)"; \
		if [ -f $(BRIDGE_STAMP) ] && [ "$$(cat $(BRIDGE_STAMP))" != '$(BRIDGE_WANT)' ]; then rm -rf $(BRIDGE_VENV); fi; \
		{ test -x $(BRIDGE_VENV)/bin/python || $(PYTHON) -m venv $(BRIDGE_VENV); } \
		&& $(BRIDGE_VENV)/bin/python -m pip install --quiet --upgrade pip \
		&& $(BRIDGE_VENV)/bin/python -m pip install --quiet -e . -e $(BRIDGE) $(CATANATRON) \
		&& { [ -z '$(CATANATRON_NODEPS)' ] \
			|| $(BRIDGE_VENV)/bin/python -m pip install --quiet --no-deps $(CATANATRON_NODEPS); } \
		&& echo '$(BRIDGE_WANT)' > $(BRIDGE_STAMP); \
	fi

# The Go example bot: Debian's Go toolchain and libraries, installed when missing (APT_INSTALL), then a
# GOPATH-mode build in bots/examples/go/build that downloads nothing. Without the toolchain the bot and its tests are skipped.
GO_BOT  := bots/examples/go
GO_DEBS := golang-go protobuf-compiler protoc-gen-go protoc-gen-go-grpc golang-google-grpc-dev \
           golang-google-protobuf-dev golang-github-golang-protobuf-1-5-dev
GO_HAVE := command -v go && command -v protoc && command -v protoc-gen-go && command -v protoc-gen-go-grpc \
           && dpkg -s golang-google-grpc-dev golang-google-protobuf-dev golang-github-golang-protobuf-1-5-dev

go-debs:
	@if ! ($(GO_HAVE)) >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
		echo "installing the Go example bot's Debian packages: $(GO_DEBS)"; \
		$(APT_INSTALL) $(GO_DEBS) || echo "could not install the Go toolchain"; \
	fi

go-bot: go-debs
	@if ($(GO_HAVE)) >/dev/null 2>&1; then \
		$(MAKE) --no-print-directory -s -q -C $(GO_BOT) 2>/dev/null \
		|| { echo "building the Go example bot: $(GO_BOT)/build/random_bot"; $(MAKE) --no-print-directory -s -C $(GO_BOT); }; \
	else echo "Go toolchain not found (go, protoc-gen-go, protoc-gen-go-grpc, Debian's grpc-go and protobuf 1.5): the Go example bot is skipped"; fi

# The browser tests' Chromium: Debian's package, installed when missing (APT_INSTALL). Playwright drives
# it from the dev extra and downloads no browser of its own; without chromium the browser tests are skipped.
browser:
	@if ! command -v chromium >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
		echo "installing Debian's chromium for the browser tests"; \
		$(APT_INSTALL) chromium || echo "could not install chromium"; \
	fi; \
	command -v chromium >/dev/null 2>&1 || echo "chromium not found: the browser tests are skipped"

# The PostgreSQL store's tests start a throwaway server from Debian's postgresql package, installed when
# missing (APT_INSTALL). Without it those tests are skipped, saying so.
postgres:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null 2>&1 \
		&& command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
		echo "installing Debian's postgresql for the PostgreSQL store's tests"; \
		$(APT_INSTALL) postgresql || echo "could not install postgresql"; \
	fi; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1 \
		|| echo "PostgreSQL not found: the PostgreSQL store's tests are skipped"

# One bot of each demo tournament is a separate process over gRPC: the Node.js example bot when node is
# installed, otherwise the built-in random bot in its own Python process. Each run prints its ladder; the
# same seed gives the same results every time (the spawned bot draws from its ARENA_BOT_SEED). The demo
# ends by writing the web site of both ladders, with the replay viewer, and prints the page to open.
DEMO_DB   := runs/demo.sqlite
DEMO_SITE := runs/demo-site
SPAWNED   := $(shell command -v node >/dev/null 2>&1 && echo 'node-random=cmd:node bots/examples/node/random_bot.js' || echo 'grpc:random')

demo: venv bytecode node-bot
	@rm -f $(DEMO_DB) $(DEMO_DB)-wal $(DEMO_DB)-shm; rm -rf runs/demo-replays $(DEMO_SITE)
	$(BIN)/arena run --game puerto-rico --players 4 --bots "pr-greedy,random,first,grpc:pr-greedy,$(SPAWNED)" \
		--pods 1 --seed 1 --workers 2 --db $(DEMO_DB)
	$(BIN)/arena run --game catan --players 4 --bots "catan-greedy,random,first,grpc:catan-greedy,$(SPAWNED)" \
		--pods 1 --seed 1 --workers 2 --db $(DEMO_DB)
	@echo "the web site of both ladders, a replay viewer for every match (arena report ... --serve serves one while a tournament plays):"
	$(BIN)/arena report --db $(DEMO_DB) --out $(DEMO_SITE)

# What the tests need: first the Debian packages, one apt-get after another (-j1, whatever -j make test
# was given); then side by side the Python environment (bytecode and lint follow it), the three example
# bots and the bridge's environment. Each step's output is printed whole when it ends.
setup:
	@$(MAKE) --no-print-directory -j1 browser postgres cpp-debs go-debs
	@$(MAKE) --no-print-directory -j4 --output-sync=target bytecode lint node-bot cpp-bot go-bot catanatron-bridge

# Three test workers on two cores: many tests spend much of their time waiting on the processes they
# start (bots, referees, the CLI, a browser, a database), and a third worker runs while they wait.
# The Ray backend's tests share one two-node Ray cluster: they form one xdist group ("ray"), all run by
# one worker among its share of the others, instead of in a step of their own after them.
test: setup
	$(BIN)/python -m pytest -n 3 --dist loadgroup -q

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy engine ladders bots arena learning

format: venv
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: venv bytecode cpp-bot
	$(BIN)/python benchmarks/bench_puerto_rico.py
	$(BIN)/python benchmarks/bench_catan.py
	$(BIN)/python benchmarks/bench_catan.py --paired --games 100 --clock cpu
	$(BIN)/python benchmarks/bench_catan_ck.py
	$(BIN)/python benchmarks/bench_mcts.py --pin
	$(BIN)/python benchmarks/bench_catan_bots.py --pin
	$(BIN)/python benchmarks/bench_roundtrip.py --pin
	$(BIN)/python benchmarks/bench_throughput.py
	$(BIN)/python benchmarks/profile_wire.py --matches 3
	$(BIN)/python benchmarks/match_split.py --matches 4
	$(BIN)/python benchmarks/echo_handover.py
	$(BIN)/python benchmarks/bench_neighbour.py --pin
	$(BIN)/python benchmarks/soak_referee.py --matches 500
	$(BIN)/python benchmarks/bench_arena.py
	$(BIN)/python benchmarks/bench_arena.py --backends local --bots "c1=cmd:$(CPP_BOT)/build/random_bot,c2=cmd:$(CPP_BOT)/build/random_bot,c3=cmd:$(CPP_BOT)/build/random_bot,c4=cmd:$(CPP_BOT)/build/random_bot"
	$(BIN)/python benchmarks/bench_report.py
	$(BIN)/python benchmarks/league_throughput.py
	$(BIN)/python benchmarks/league_ranking.py
	$(BIN)/python benchmarks/bench_learning.py

proto: venv
	$(BIN)/python -m engine.wire.codegen

# The peer engines live in a throwaway venv; the project never depends on them.
bench-peers: venv
	@test -x .bench-peers/bin/python || $(PYTHON) -m venv .bench-peers
	.bench-peers/bin/python -m pip install --quiet catanatron==3.2.1 catanatron-gym==4.0.0
	$(BIN)/python benchmarks/bench_catan.py --peer .bench-peers/bin/python
	$(BIN)/python benchmarks/bench_learning.py --only "Catan base" --peer .bench-peers/bin/python

clean:
	rm -rf $(VENV) $(BRIDGE_VENV) .mypy_cache .ruff_cache .pytest_cache runs $(CPP_BOT)/build $(GO_BOT)/build tests/artifacts
