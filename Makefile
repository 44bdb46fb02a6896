# railyard: the two set-up commands of the README.
#   make run   install (into .venv) and start the main job
#   make test  install what the tests need and run the whole suite
# The .venv/.installed-* stamps only make a second run skip pip while pyproject.toml is
# unchanged; they are not meant to be called.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip install --quiet --disable-pip-version-check
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test

run: $(VENV)/.installed-run
	$(VENV)/bin/railyard serve

test: $(VENV)/.installed-test
	test -x /usr/bin/chromium || { $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; }
	$(PY) -m pytest -n 2 tests/

$(VENV)/.installed-run: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) -e '.[test]'
	touch $@ $(VENV)/.installed-run
