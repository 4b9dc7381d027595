"""Shared fixtures: a JupyterLab (or Notebook 7) server on a free loopback port."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
#: Folders of a checkout that are not the project's files (a virtualenv, a build, caches; and *.egg-info).
NOT_THE_PROJECT = {".venv", "build", ".git", "__pycache__", "node_modules", ".hypothesis", ".pytest_cache"}


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    return free_ports(1)[0]


def free_ports(n: int) -> list:
    """``n`` loopback ports free now, all different: each is held open until all are picked (picked one
    by one and let go, the system may hand out the same port twice; a hub once got its own API's port
    for its proxy's)."""
    with contextlib.ExitStack() as held:
        ports = []
        for _ in range(n):
            s = held.enter_context(socket.socket())
            s.bind(("127.0.0.1", 0))
            ports.append(s.getsockname()[1])
        return ports


@contextlib.contextmanager
def jupyter_server(app: str = "lab", root_dir: Path = NOTEBOOKS, timeout: float = 90.0, via_make: bool = False,
                   extra_args: tuple = ()):
    """Start ``jupyter lab`` or ``jupyter notebook`` on loopback; yield ``(base_url, token)``.

    The server runs from this Python's environment with a throwaway config
    and runtime folder, and is stopped when the block ends.  ``via_make=True``
    starts it exactly as a user does, with ``make lab`` from the repository root; ``extra_args``
    are more command-line options for the server.
    """
    port, token = free_port(), secrets.token_hex(16)
    home = Path(os.environ.get("TMPDIR", "/tmp")) / f"mathmaze-jupyter-{port}"
    home.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(home / "runtime"),
               JUPYTER_CONFIG_DIR=str(home / "config"), JUPYTER_DATA_DIR=str(home / "data"),
               IPYTHONDIR=str(home / "ipython"))
    env.pop("JUPYTER_PATH", None)
    cmd = [sys.executable, "-m", "jupyterlab" if app == "lab" else "notebook",
           "--no-browser", "--ip=127.0.0.1", f"--port={port}", "--port-retries=0",
           f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root_dir}",
           "--ServerApp.disable_check_xsrf=True", "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    if app != "lab":
        cmd = cmd[:-2]
    cmd += list(extra_args)
    if os.geteuid() == 0:
        cmd.append("--allow-root")
    if via_make:
        cmd = ["make", "--no-print-directory", "lab", f"PORT={port}",
               f"LAB_ARGS=--no-browser --ip=127.0.0.1 --port-retries=0 --IdentityProvider.token={token}"]
        root_dir = ROOT
    log = open(home / "server.log", "wb")
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, cwd=root_dir,
                            start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + timeout
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"jupyter {app} exited early:\n" + (home / "server.log").read_text()[-3000:])
            try:
                with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=5) as r:
                    if r.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.time() > deadline:
                raise RuntimeError(f"jupyter {app} did not answer within {timeout} s")
            time.sleep(0.5)
        yield base, token
    finally:
        stop_process_group(proc)
        log.close()
        shutil.rmtree(home, ignore_errors=True)


def stop_process_group(proc) -> None:
    """Stop a server started with ``start_new_session=True`` and everything it started (its kernels):
    SIGTERM to its process group, SIGKILL after 15 s."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


@pytest.fixture(scope="session")
def lesson3_empty_board_runs():
    """Lesson 3's two runs on the empty board (300,000 steps of build in pure Python, about 2 CPU-s), made
    once: the tests that need them (the lesson's counts, the answer of ``ex.p8``) share one process."""
    from mathmaze_lib.exercises import lesson3
    return lesson3.build_and_anneal_on_the_empty_board()


# ---- scheduling for pytest-xdist (`make test`: -n 4 --dist loadgroup --no-loadscope-reorder) -----------
#
# Each test goes to whichever process is free, except tests that must share one process: a notebook's
# cells (nbval runs them in order in one kernel), and the tests that share a started thing (a module- or
# session-scoped fixture of ours: a JupyterLab, a Chromium, a hub, the counts of the lesson texts), so
# that each is started once. The groups and the slow tests go first, so that the run does not end on one
# long group. (xdist's own loadgroup names a group in the test's id, which pytest 9 no longer lets a
# plugin change: so the test processes write the groups to a file and the scheduler below reads it.)

#: Shared fixtures that are cheap to make again in each process: their tests are spread like the others.
PER_PROCESS = {"tests/test_hostile.py::files"}
_GROUPS_FILE = "MATHMAZE_TEST_GROUPS"


def _shared_fixtures(item) -> list:
    """The module- or session-scoped fixtures of this project (not pytest's own) that ``item`` uses."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return []
    shared = []
    for name in item.fixturenames:
        defs = info.name2fixturedefs.get(name)
        key = f"{defs[-1].baseid}::{name}" if defs else ""
        if defs and defs[-1].scope in ("module", "session", "package") and defs[-1].baseid and key not in PER_PROCESS:
            shared.append(key)
    return shared


def _rank(item, group) -> int:
    """0 first: hub and browser groups (they mostly wait), then notebooks, slow tests, other groups, the rest."""
    if item.get_closest_marker("hub") or item.get_closest_marker("browser"):
        return 0
    if group and group.endswith(".ipynb"):
        return 1
    if item.get_closest_marker("slow"):
        return 2
    return 3 if group else 4


def xdist_groups(items) -> dict:
    """``{test id: group}`` for the tests that must share a process (see above)."""
    parent: dict = {}

    def find(x):
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    keys = []
    for item in items:
        own = [item.parent.nodeid] if type(item).__name__ == "IPyNbCell" else _shared_fixtures(item)
        for key in own:
            find(key)
        for a, b in zip(own, own[1:]):
            parent[find(a)] = find(b)
        keys.append(own)
    members: dict = {}
    for key in sorted(parent):
        members.setdefault(find(key), []).append(key)
    groups = {}
    for item, own in zip(items, keys):
        if own:
            names = members[find(own[0])]
            groups[item.nodeid] = next((m for m in names if m.endswith(".ipynb")), names[0])
    return groups


def pytest_configure(config):
    if not os.environ.get("PYTEST_XDIST_WORKER") and config.getoption("dist", "no") == "loadgroup":
        folder = Path(tempfile.mkdtemp(prefix="mathmaze-groups-"))
        os.environ[_GROUPS_FILE] = str(folder / "groups.json")     # the test processes inherit it
        config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    groups = xdist_groups(items)
    order = {id(item): (_rank(item, groups.get(item.nodeid)), i) for i, item in enumerate(items)}
    items.sort(key=lambda item: order[id(item)])
    path = os.environ.get(_GROUPS_FILE)
    if path and os.environ.get("PYTEST_XDIST_WORKER"):              # every process collects the same tests
        part = Path(f"{path}.{os.environ['PYTEST_XDIST_WORKER']}")
        part.write_text(json.dumps(groups))
        part.replace(path)


def pytest_xdist_make_scheduler(config, log):
    """With ``--dist loadgroup``: one scheduling unit per group of :func:`xdist_groups`, one per other test."""
    if config.getoption("dist", "no") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):
        groups = None

        def _split_scope(self, nodeid: str) -> str:
            if self.groups is None:
                self.groups = json.loads(Path(os.environ[_GROUPS_FILE]).read_text())
            return self.groups.get(nodeid, nodeid)

    return GroupScheduling(config, log)


def pytest_collection_finish(session):
    """The modules and tests collected stay to the end: the garbage collector stops looking through
    them (``gc.freeze``), so its full passes during the run and at its end only see what tests made."""
    import gc
    gc.collect()
    gc.freeze()
