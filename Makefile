# The README's two commands: `make run` and `make test`. Each sets itself up on a fresh machine.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 5006

.PHONY: run test lint bench chromium postgresql nginx

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# the playout's modules are compiled in place (setup.py, Cython): a change to one of them
# compiles them again (until then `tutor.compiled` runs a changed module's source)
SOURCES := pyproject.toml setup.py setup.cfg tutor/compiled.py $(wildcard tutor/rules/*.py tutor/ai/*.py)

$(VENV)/.installed: $(SOURCES) | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: $(SOURCES) | $(PY)
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

# Debian's Chromium for the browser tests (Playwright cannot download its own browser here),
# and a CJK font so screenshots show the Chinese text instead of empty boxes.
chromium:
	@if [ ! -x /usr/bin/chromium ] || [ ! -e /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ]; then \
	  if [ "$$(id -u)" = "0" ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	      chromium fonts-wqy-microhei; \
	  else \
	    echo "Run 'sudo apt-get install -y chromium fonts-wqy-microhei' (for the browser tests)"; \
	    exit 1; \
	  fi; \
	fi

# Debian's PostgreSQL server for the store tests on PostgreSQL: they start a throwaway one
# (initdb/pg_ctl in a temporary folder, as a non-root user); no cluster is set up here.
postgresql:
	@if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = "0" ]; then \
	    apt-get update -qq && RUNLEVEL=1 DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; \
	  else \
	    echo "Run 'sudo apt-get install -y postgresql' (for the PostgreSQL store tests)"; \
	    exit 1; \
	  fi; \
	fi

# Debian's nginx for the tests of several app processes behind a proxy (deploy/nginx.conf);
# the tests start their own nginx in a temporary folder; RUNLEVEL=1 keeps the package from
# starting the system's nginx on port 80.
nginx:
	@if [ ! -x /usr/sbin/nginx ]; then \
	  if [ "$$(id -u)" = "0" ]; then \
	    apt-get update -qq && RUNLEVEL=1 DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx; \
	  else \
	    echo "Run 'sudo apt-get install -y nginx' (for the proxy tests)"; \
	    exit 1; \
	  fi; \
	fi

run: $(VENV)/.installed
	$(PY) -m tutor serve --port $(PORT)

test: $(VENV)/.installed-test chromium postgresql nginx
	$(PY) -m ruff check .
	# four workers on two cores: the browser tests mostly wait on their servers, so two workers
	# left a core idle (15.8 min against 14.7); six were no surer a gain (14.1, 15.2 and 15.9
	# min against four's 15.3-16.1 on like code) and three tests that wait on a loaded machine
	# failed once with them; a worker that is done takes tests from the others (worksteal),
	# so the suite does not wait on one worker's queue at its end; each worker's share starts
	# with its long tests (tests/order.py, by the times in tests/durations.json); the slowest
	# tests are listed for the next trim
	# and with byte-code caching on, whatever the environment says (PYTHONDONTWRITEBYTECODE=1
	# here): each worker and each server a test starts otherwise compiles the tutor, and pytest
	# rewrites every test module, again (20 s of each worker's start; 8 s with the cache)
	PYTHONDONTWRITEBYTECODE= $(PY) -m pytest -q -n 4 --dist worksteal --durations=15

lint: $(VENV)/.installed-test
	$(PY) -m ruff check .

bench: $(VENV)/.installed
	$(PY) -m tutor bench engine
