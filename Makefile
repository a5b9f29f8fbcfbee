# Two commands do all the set-up on a fresh machine with Python 3.11 or newer:
#   make app    serve the notebooks as Voila apps at http://127.0.0.1:8866
#   make test   run every test layer (engines, widgets, notebooks, the apps in Chromium)
# and, with Node.js and npm as well:
#   make site   build the static site (the apps running in the visitor's browser) into build/site
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed-stamp
PORT   ?= 8866
# make app LEARNERS=20: size the preheated kernel pools for a class (python -m daynight.server --learners)
LEARNERS ?=

# the static site: its own build environment (site/requirements.txt) and npm packages
SITE_VENV ?= .venv-site
SITE_BIN   = $(SITE_VENV)/bin
SITE_STAMP = $(SITE_VENV)/.installed-stamp
SITE_NPM   = site/node_modules/.package-lock.json
SITE_OUT  ?= build/site

.PHONY: app test test-long lint messages bench install browser clean site site-test site-preview

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
	  { echo "daynight needs Python 3.11 or newer; set PYTHON=python3.11 (or newer)"; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[notebooks,test,lint,i18n]'
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
	@# a font with Traditional Chinese glyphs, for the zh-TW pages (tests/browser/test_glyphs.py)
	@if command -v fc-list >/dev/null 2>&1 && [ -n "$$(fc-list :lang=zh-tw 2>/dev/null)" ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing Debian's fonts-noto-cjk for the zh-TW pages"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk fontconfig >/dev/null; \
	else \
	  echo "note: no font with Traditional Chinese found; the glyph test will be skipped (sudo apt-get install fonts-noto-cjk)"; \
	fi

# the message catalogs: extract every marked text, update each language's .po, compile the .mo
messages: install
	$(BIN)/pybabel -q extract -F babel.cfg -c TRANSLATORS: --add-location=file --sort-by-file --no-wrap --project=daynight -o daynight/locale/daynight.pot daynight widgets
	$(BIN)/pybabel -q update -i daynight/locale/daynight.pot -d daynight/locale -D daynight --ignore-pot-creation-date --no-wrap --no-fuzzy-matching
	$(BIN)/pybabel compile -d daynight/locale -D daynight --statistics

app: install
	$(BIN)/python -m daynight.server --port $(PORT) $(if $(LEARNERS),--learners $(LEARNERS))

# The engines', widgets' and notebooks' tests on every core (pytest-xdist), then the apps in
# Chromium one at a time (their pages share one class server, the tests' own notebooks a second
# one without preheated kernels, and they wait on what the page shows). The browser tests long by
# nature (a guided game played to its end, a whole game by keyboard alone: tests/browser/conftest.py
# LONG) are left to `make test-long`, which .ci/run runs after `make test`; their widget-level
# tests run here. BROWSER_JOBS=2 runs the browser layer on two workers, each with its own servers
# (each warming its own pools of 16 kernels): not yet measured against one on a quiet machine.
TEST_JOBS ?= auto
BROWSER_JOBS ?= 1
BROWSER_XDIST = $(if $(filter-out 1,$(BROWSER_JOBS)),-n $(BROWSER_JOBS) --dist loadfile)
test: install browser
	$(BIN)/python -m pytest -n $(TEST_JOBS) --dist loadfile tests notebooks --ignore=tests/browser --ignore=tests/site
	$(BIN)/python -m pytest tests/browser -m "not long" $(BROWSER_XDIST)

test-long: install browser
	$(BIN)/python -m pytest tests/browser -m long

# the linter, the formatter's check and the type checker over the package (pyproject.toml)
lint: install
	$(BIN)/ruff check daynight widgets tests benchmarks site tools
	$(BIN)/ruff format --check daynight widgets tests benchmarks site tools
	$(BIN)/mypy

bench: install
	$(BIN)/python -m benchmarks

# The site's build tools live in their own environment: the Pyodide kernel's lab extension
# must not reach the Voila server of `make app`.
$(SITE_STAMP): site/requirements.txt pyproject.toml
	test -x $(SITE_BIN)/python || $(PYTHON) -m venv $(SITE_VENV)
	$(SITE_BIN)/python -m pip install --quiet --upgrade pip
	$(SITE_BIN)/python -m pip install --quiet -r site/requirements.txt
	$(SITE_BIN)/python -m pip install --quiet --no-deps -e .
	touch $(SITE_STAMP)

$(SITE_NPM): site/package.json site/package-lock.json
	@command -v npm >/dev/null || { echo "make site needs Node.js and npm (apt-get install nodejs npm)"; exit 1; }
	npm ci --prefix site --no-audit --no-fund --loglevel=error

site: install $(SITE_STAMP) $(SITE_NPM)
	$(SITE_BIN)/python site/build.py --out $(SITE_OUT)

# the whole site in Chromium (built from this checkout; .ci/run runs it after the tests)
site-test: site browser
	DAYNIGHT_SITE=$(SITE_OUT) $(BIN)/python -m pytest tests/site

# look at the built site: any static file server will do
site-preview:
	$(BIN)/python -m http.server --bind 127.0.0.1 --directory $(SITE_OUT) 8000

clean:
	rm -rf $(VENV) $(SITE_VENV) site/node_modules build *.egg-info .hypothesis
