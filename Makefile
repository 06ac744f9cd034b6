# The two commands: `make run` (web + worker + beat on embedded services) and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: install browser run test checks lint typecheck services-start services-stop

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# The admin's browser tests drive Debian's headless Chromium with its matching driver (no browser download at run
# time). Installed once when missing (as root, like CI); `make test` needs them.
browser:
	@command -v chromium >/dev/null && command -v chromedriver >/dev/null || \
	  (apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium chromium-driver)

run: install
	$(BIN)/python -m config.run

# The whole test run is one session of the embedded services: started once if needed, stopped
# afterwards only if this run started them.
test: install browser
	$(BIN)/python -m config.embedded run -- $(MAKE) --no-print-directory checks

checks:
	$(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy .
	$(BIN)/pytest --ds=tests.settings $(PYTEST_ARGS)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install
	$(BIN)/mypy .

services-start: install
	$(BIN)/python -m config.embedded start

services-stop: install
	$(BIN)/python -m config.embedded stop

# Scale benchmarks (bench/README.md): installs the bench extra, then per size seeds the bench database and runs
# the HTTP load (gunicorn + worker as `make run` starts them), then the mem0 peer, the profile and the plot.
# Default sizes stop at 1,000 contacts × 100 memories (~7 min from a fresh clone); SCALE=full goes on to 10,000 × 100 (1M).
# Leaves the embedded services running and the seeded data in the rapport_bench database.
BENCH_SIZES = $(if $(filter full,$(SCALE)),100 1000 10000,100 1000)
BENCH_LAST = $(lastword $(BENCH_SIZES))
.PHONY: bench
bench: install
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	for n in $(BENCH_SIZES); do \
	  $(BIN)/python -m bench.seed --contacts $$n --json bench/results/seed-$$n.json && \
	  $(BIN)/python -m bench.load --json bench/results/load-$$n.json \
	    $$(test $$n = $(BENCH_LAST) || echo "--requests 1000 --ingest-rates 0") || exit 1; \
	done
	$(BIN)/python -m bench.peer --json bench/results/peer.json
	$(BIN)/python -m bench.profile_context --out bench/results
	$(BIN)/python -m bench.plot $(foreach n,$(BENCH_SIZES),bench/results/load-$(n).json) --out bench/context-latency.png
