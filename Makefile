# The two commands: `make run` (web + worker + beat on embedded services) and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: install run test checks lint typecheck services-start services-stop

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

run: install
	$(BIN)/python -m config.run

# The whole test run is one session of the embedded services: started once if needed, stopped
# afterwards only if this run started them.
test: install
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
