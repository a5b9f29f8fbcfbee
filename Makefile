# Two commands do all the set-up on a fresh machine with Python 3.11 or newer:
#   make app    serve the notebooks as Voila apps at http://127.0.0.1:8866
#   make test   run every test layer (engines, widgets, notebooks, the apps in Chromium)
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed-stamp
PORT   ?= 8866
# make app LEARNERS=20: size the preheated kernel pools for a class (widgets/serve.py --learners)
LEARNERS ?=

.PHONY: app test bench install browser clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
	  { echo "daynight needs Python 3.11 or newer; set PYTHON=python3.11 (or newer)"; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[notebooks,test]'
	touch $(STAMP)

install: $(STAMP)

# The browser tests drive Debian's Chromium (playwright cannot download its own browser here).
browser:
	@if [ -x /usr/bin/chromium ] || command -v chromium >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing Debian's chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
	  echo "note: no chromium found; the browser tests will be skipped (sudo apt-get install chromium)"; \
	fi

app: install
	$(BIN)/python -m daynight.widgets.serve --port $(PORT) $(if $(LEARNERS),--learners $(LEARNERS))

test: install browser
	$(BIN)/python -m pytest

bench: install
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info .hypothesis
