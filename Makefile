# Pirate Game Night. Every target bootstraps .venv from nothing but python3 (3.10+).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip -q --disable-pip-version-check
export SDL_AUDIODRIVER ?= dummy

.PHONY: play test soak package art catalogs bench clean

$(VENV)/.base: pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(PIP) install -c constraints.txt -e .
	touch $@

$(VENV)/.test: $(VENV)/.base
	$(PIP) install -c constraints.txt -e '.[test]'
	touch $@

play: $(VENV)/.base
	SDL_AUDIODRIVER= $(PY) main.py

test: $(VENV)/.test
	SDL_VIDEODRIVER=dummy $(PY) -m pytest -n 2 -p no:cacheprovider

# the long attacks (monkey, kill -9, bad files, long random games); PGN_SOAK_SCALE=2 doubles them.
# -rP prints each soak test's counts (xdist keeps a worker's output until the test has passed); its own
# --basetemp: another pytest run on the machine meanwhile prunes /tmp/pytest-of-<user>, folders the soak still uses;
# --durations=30: the slowest soak tests (the whole run takes about 2.5 hours on 2 cores; the fantastic eight's
# conformance soaks most of it)
soak: $(VENV)/.test
	SDL_VIDEODRIVER=dummy PGN_SOAK=1 $(PY) -m pytest -n 2 -p no:cacheprovider -m soak -rP --durations=30 --basetemp=.soak-tmp

package: $(VENV)/.test
	$(PY) build/package.py

art: $(VENV)/.test
	SDL_VIDEODRIVER=dummy $(PY) build/make_art.py
	SDL_VIDEODRIVER=dummy $(PY) build/make_pirateer_map.py
	$(PY) build/make_sounds.py

catalogs: $(VENV)/.test
	$(PY) build/compile_catalogs.py

bench: $(VENV)/.base
	SDL_VIDEODRIVER=dummy $(PY) -m game bench

clean:
	rm -rf $(VENV) dist .pyinstaller-work
