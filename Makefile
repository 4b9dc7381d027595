# Math Maze: the two commands are `make lab` and `make test` (see README.md).
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
PORT   ?= 8888
# Extra options for `make lab`, e.g. LAB_ARGS=--no-browser; root (as in a container) needs --allow-root.
LAB_ARGS ?=
# Saved notebooks keep the games' "run this cell to play" text, not a widget that cannot come back.
SAVE_HOOK = --ContentsManager.pre_save_hook=mathmaze_lib.widgets.saving.pre_save_hook
ALLOW_ROOT := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)
# Python keeps the bytecode of this project and its tests in __pycache__ (git ignores it), even where the
# environment says not to write any: else every test process, kernel and command compiles them again
# (test collection: 6.6 CPU-s a process instead of 3.1).
unexport PYTHONDONTWRITEBYTECODE
# Test processes at once (pytest-xdist). Many tests wait on kernels, servers and browsers, so 4 keep
# 2 cores busy. Each test goes to the first free process, except groups that share one process (a
# notebook's cells, the tests of one started server or browser; tests/conftest.py), which go first.
TEST_JOBS ?= 4
DIST  = --dist loadgroup --no-loadscope-reorder
XDIST = -n $(TEST_JOBS) $(DIST)
# The unit tests alone hardly wait: one process per core (on 2 cores, 66 s against 72 s with 4).
FAST_JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: lab play test test-fast test-hub bench student notebooks clean

# The venv's own pip (Python 3.10's and later install this project as it is; an upgrade first only costs time).
$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# uv installs what pip would (the same pyproject, from PyPI) in a fraction of pip's time, and keeps the
# downloads in its cache; where uv cannot (no uv for the machine, an index only pip is set up for), pip does.
# Both compile the packages' bytecode at install, as pip does by default.
# uv also leaves out rfc3987-syntax, which Jupyter's jsonschema[format-nongpl] brings: it builds its Lark
# parsers whenever jsonschema is imported (1 CPU-s in every Jupyter server, pytest process and notebook
# tool: python-jsonschema/jsonschema#1428), and it only checks the "iri" format, which nothing here uses.
SKIP = rfc3987-syntax ; sys_platform == "never"
INSTALL = install() { printf '%s\n' '$(SKIP)' > $(VENV)/skip.txt && $(BIN)/python -m pip install --quiet uv \
	&& $(BIN)/uv pip install --quiet --compile-bytecode --override $(VENV)/skip.txt --python $(BIN)/python "$$@" \
	|| $(BIN)/python -m pip install --quiet "$$@"; }; install

# The compiled parts (numba) compile into numba's cache: three processes at once (the small boards' wall
# optimizers about 8 CPU-s, the big-board search 16, the jumping-maze generator 11) keep 2 cores busy.
WARM = $(BIN)/python -m mathmaze_lib.optimize small & small=$$!; $(BIN)/python -m mathmaze_lib.optimize big & big=$$!; \
	$(BIN)/python -m mathmaze_lib.puzzles.jumpmaze.fast && wait $$small && wait $$big

$(VENV)/.lab-installed: $(BIN)/python pyproject.toml
	$(INSTALL) -e ".[lab]"
	$(WARM)
	touch $@

$(VENV)/.test-installed: $(BIN)/python pyproject.toml
	$(INSTALL) -e ".[lab,test]"
	$(WARM)
	touch $@

## Open the lessons in JupyterLab, starting at the start notebook.
lab: $(VENV)/.lab-installed
	$(BIN)/jupyter lab --port=$(PORT) $(ALLOW_ROOT) $(SAVE_HOOK) $(LAB_ARGS) notebooks/00_start_here.ipynb

## The race, a jumping maze and Mazer full screen for a projector (Voila, no code cells); the race's
## tallies are saved in mathmaze-play/. E.g. PLAY_ARGS="--port 9000 --no-browser".
PLAY_ARGS ?=
play: $(VENV)/.lab-installed
	$(BIN)/python -m mathmaze_lib play $(PLAY_ARGS)

## Run every test: the unit tests, the browser tests and every notebook (both versions) under nbval.
test: $(VENV)/.test-installed
	$(BIN)/python -m pytest tests notebooks $(XDIST) --nbval-lax --nbval-current-env \
	    --nbval-sanitize-with tests/nbval_sanitize.cfg -p no:cacheprovider

## The unit tests only: no browser, no JupyterHub, no notebooks, nothing marked slow.
test-fast: $(VENV)/.test-installed
	$(BIN)/python -m pytest tests -n $(FAST_JOBS) $(DIST) -q -m "not browser and not hub and not slow"

## A real JupyterHub with several learners (needs Node's configurable-http-proxy: see deploy/README.md).
test-hub: $(VENV)/.test-installed
	$(BIN)/python -m pytest tests/test_hub.py tests/test_hub_accounts.py tests/test_deploy.py tests/test_collect.py -q

## Print one table of timings (each lesson adds its rows).
bench: $(VENV)/.test-installed
	$(BIN)/python -m benchmarks

## Write the student notebooks in notebooks/ from notebooks/solutions/.
student: $(VENV)/.test-installed
	$(BIN)/python -m mathmaze_lib release

## Run the solution notebooks top to bottom, store their outputs, then write the student notebooks.
notebooks: $(VENV)/.test-installed
	$(BIN)/python -m mathmaze_lib release --execute

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache test-artifacts
