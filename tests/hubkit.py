"""A real JupyterHub on loopback for the class tests and the class-size benchmark.

What runs: ``jupyterhub`` from deploy/jupyterhub_config.py with its configurable-http-proxy (from
npm), in one of the config's two modes:

- ``class-password``: JupyterHub's shared class password authenticator (and an admin, the
  teacher, with the admin password); every learner's server runs as this user
  (SimpleLocalProcessSpawner, a folder of a temporary directory as home) instead of the config's
  systemd service per learner;
- ``local-accounts``: PAM with real accounts of this machine (the tests make throwaway ones, as
  root); every learner's server runs as that account in its home (LocalProcessSpawner) instead of
  the config's systemd service.  When this Python lives where other accounts cannot enter (a
  pyenv under /root), the servers run the system's Python of the same version with this
  environment's packages (:func:`python_for_accounts`).

A learner logs in through the hub's login form, pulls the class copy with an nbgitpuller link,
and runs a lesson in a kernel of their own server, through the hub (REST API and kernel
websocket).  The learners' servers read deploy/jupyter_server_config.py (kernel culling, the
save hook), from a folder on JUPYTER_CONFIG_PATH: the README adds it to the environment's.

Every process started here carries one marker in its environment, so :meth:`Hub.stop` finds
and ends all of them (hub, proxy, single-user servers, kernels) even when the hub itself died.
Every wait is bounded in time.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
import urllib.parse
import uuid
from pathlib import Path

import nbformat
import requests
import websocket

from conftest import free_port, free_ports  # noqa: F401  (test_hub.py takes free_port from here)

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
CLASS_PASSWORD = "maze-class-2026"
TEACHER = "teacher"   # the hub admin of the class password mode (MATHMAZE_ADMIN)
ADMIN_PASSWORD = "the-teachers-own-password-32-chars+"  # 32 characters or more, or JupyterHub refuses it
CLASS_DIR = "mathmaze-class"   # the folder the link pulls into, in each learner's home
MARKER = "MATHMAZE_HUB_RUN"


def proxy_command() -> str:
    """The configurable-http-proxy executable (``npm install -g configurable-http-proxy``)."""
    path = os.environ.get("MATHMAZE_CHP") or shutil.which("configurable-http-proxy")
    if not path:
        raise FileNotFoundError("configurable-http-proxy is not on the PATH: install Node and npm, then "
                                "npm install -g configurable-http-proxy (or set MATHMAZE_CHP to it)")
    return path


def git(repo: Path, *args: str) -> str:
    env = dict(os.environ, GIT_AUTHOR_NAME="Teacher", GIT_AUTHOR_EMAIL="teacher@example.org",
               GIT_COMMITTER_NAME="Teacher", GIT_COMMITTER_EMAIL="teacher@example.org")
    out = subprocess.run(["git", "-C", str(repo), *args], env=env, capture_output=True, text=True, timeout=60)
    if out.returncode:
        raise RuntimeError(f"git {' '.join(args)} failed in {repo}: {out.stderr.strip()}")
    return out.stdout


def make_class_copy(dest: Path) -> Path:
    """A git repository (branch ``main``) holding what learners get: the class copy a teacher makes
    with ``python -m mathmaze_lib release --class DEST`` (student notebooks, a README for students,
    the solutions setting; never ``solutions/``), plus the package for the test's servers.
    """
    from mathmaze_lib.teacher.classroom import class_release

    class_release(NOTEBOOKS, dest)
    shutil.copytree(ROOT / "mathmaze_lib", dest / "mathmaze_lib",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    subprocess.run(["git", "init", "-q", "-b", "main", str(dest)], check=True, timeout=60)
    git(dest, "add", "-A")
    git(dest, "commit", "-q", "-m", "Class copy of the Math Maze lessons")
    return dest


def python_for_accounts(account: str):
    """A Python command that ``account`` can run, with this environment's packages: this interpreter,
    or else the system's of the same version (this one may live where only root can enter, such as a
    pyenv under /root; the packages are then found through PYTHONPATH).  None when there is neither."""
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    site = os.pathsep.join(p for p in sys.path if p.endswith("site-packages"))
    for python, env in [(sys.executable, {}), (f"/usr/bin/{version}", {"PYTHONPATH": site}),
                        (f"/usr/local/bin/{version}", {"PYTHONPATH": site})]:
        try:
            subprocess.run([python, "-c", "import jupyterhub.singleuser"], user=account, cwd="/", timeout=60,
                           env=dict(os.environ, **env), capture_output=True, check=True)
        except (OSError, subprocess.SubprocessError):
            continue
        return python
    return None


def pull_link(hub_url: str, repo: str, notebook: str = "00_start_here.ipynb", branch: str = "main") -> str:
    """The nbgitpuller link a teacher hands out: it pulls ``repo`` into ``~/mathmaze-class`` and opens a lesson."""
    query = urllib.parse.urlencode({"repo": repo, "branch": branch, "targetpath": CLASS_DIR,
                                    "urlpath": f"lab/tree/{CLASS_DIR}/notebooks/{notebook}"})
    return f"{hub_url}/hub/user-redirect/git-pull?{query}"


DEPLOY_CONFIG = ROOT / "deploy" / "jupyterhub_config.py"
SERVER_CONFIG = ROOT / "deploy" / "jupyter_server_config.py"
MODES = ("class-password", "local-accounts")


def _config(hub: "Hub") -> str:
    """The hub's configuration for a test run: deploy/jupyterhub_config.py (the one for a real
    server, in the hub's mode), then what a test changes: loopback ports, files in the run's
    folder, and a spawner that runs without systemd."""
    if hub.mode == "class-password":
        spawner = textwrap.dedent(f"""
            c.JupyterHub.spawner_class = "simple"
            c.SimpleLocalProcessSpawner.home_dir_template = {str(hub.homes / '{username}')!r}
            """)
    else:  # each server as the learner's own account, in its home folder (as systemd would start it)
        spawner = 'c.JupyterHub.spawner_class = "localprocess"\n'
        if hub.singleuser_python:
            spawner += f"c.Spawner.cmd = {[hub.singleuser_python, '-m', 'jupyterhub.singleuser']!r}\n"
    return textwrap.dedent(f"""
        import os, sys
        c = get_config()  # noqa
        load_subconfig({str(DEPLOY_CONFIG)!r})  # noqa
        c.JupyterHub.bind_url = "http://127.0.0.1:{hub.port}"
        c.JupyterHub.hub_ip = "127.0.0.1"
        c.JupyterHub.hub_port = {hub.hub_port}
        c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{hub.proxy_api_port}"
        c.ConfigurableHTTPProxy.command = [{proxy_command()!r}]
        c.ConfigurableHTTPProxy.pid_file = {str(hub.dir / 'proxy.pid')!r}
        c.JupyterHub.db_url = "sqlite:///" + {str(hub.dir / 'hub.sqlite')!r}
        c.JupyterHub.cookie_secret_file = {str(hub.dir / 'cookie_secret')!r}
        """) + spawner + textwrap.dedent(f"""
        c.Spawner.args.extend({hub.singleuser_args!r})
        c.Spawner.environment.update({{{MARKER!r}: {hub.tag!r}, "MPLBACKEND": "agg",
                                       "JUPYTER_CONFIG_PATH": {str(hub.server_config)!r}}})
        c.Spawner.start_timeout = {hub.start_timeout}
        c.Spawner.http_timeout = {hub.start_timeout}
        for service in c.JupyterHub.services:  # the deploy config's idle culler: marked, so stop() finds it
            service.setdefault("environment", {{}})[{MARKER!r}] = {hub.tag!r}
        c.JupyterHub.services.append({{"name": "teacher", "api_token": {hub.token!r}}})
        c.JupyterHub.load_roles.append({{"name": "teacher", "services": ["teacher"],
            "scopes": ["admin:users", "admin:servers", "tokens", "access:servers", "list:users", "read:users", "list:services", "read:services"]}})

        BROKEN = {sorted(hub.broken)!r}
        SLOW = {sorted(hub.slow)!r}
        if {hub.spawn_limit!r}:
            c.JupyterHub.concurrent_spawn_limit = {hub.spawn_limit!r}

        async def pre_spawn_hook(spawner):
            import asyncio
            # a learner whose server cannot start: its command exits at once with status 3, and the
            # hub gives up after this learner's http_timeout (short here, so the test is quick)
            if spawner.user.name in BROKEN:
                spawner.cmd = [sys.executable, "-c", "import sys; sys.exit(3)"]
                spawner.http_timeout = 8
            # a learner whose start takes a while (a slow disk, a busy node): pending for SLOW_SECONDS
            if spawner.user.name in SLOW:
                await asyncio.sleep({hub.slow_seconds!r})

        c.Spawner.pre_spawn_hook = pre_spawn_hook
        """)


class Hub:
    """JupyterHub on loopback: ``with Hub(tmp_path) as hub: ...``; everything is stopped at the end."""

    def __init__(self, workdir: Path, broken=(), start_timeout: int = 120, slow=(), slow_seconds: float = 15,
                 spawn_limit: int = 0, mode: str = "class-password", env=None, singleuser_python=None):
        """``broken``: learners whose server exits at start; ``slow``: learners whose start waits
        ``slow_seconds`` first; ``spawn_limit``: the hub's concurrent_spawn_limit (0: the deploy config's);
        ``mode``: the deploy config's mode (:data:`MODES`); ``env``: more of its settings (MATHMAZE_...);
        ``singleuser_python``: the Python command the learners' servers run (local accounts only)."""
        if mode not in MODES:
            raise ValueError(f"mode {mode!r}: one of {MODES}")
        self.dir = Path(workdir)
        self.homes = self.dir / "home"
        self.mode, self.env = mode, dict(env or {})
        self.singleuser_python = singleuser_python
        self.port, self.hub_port, self.proxy_api_port, self.scores_port = free_ports(4)
        self.url = f"http://127.0.0.1:{self.port}"
        # the learners' servers' ports (MATHMAZE_SERVER_PORTS): the deploy config's range, 1000 for each
        # pytest-xdist worker, so that hubs running side by side do not pick the same port for two servers
        worker = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)
        self.server_ports = range(20000 + 1000 * (worker % 10), 21000 + 1000 * (worker % 10))
        self.token = secrets.token_hex(24)
        self.tag = uuid.uuid4().hex
        self.broken, self.slow = set(broken), set(slow)
        self.slow_seconds, self.spawn_limit = slow_seconds, spawn_limit
        self.start_timeout = start_timeout
        self.singleuser_args = ["--allow-root"] if os.geteuid() == 0 and mode == "class-password" else []
        self.proc = None
        self.log_path = self.dir / "hub.log"
        self.server_config = None

    # -- starting and stopping --------------------------------------------------------------
    def start(self, timeout: float = 90.0) -> "Hub":
        self.dir.mkdir(parents=True, exist_ok=True)
        self.homes.mkdir(exist_ok=True)
        # the learners' server settings where Jupyter finds them, readable by every learner's account
        self.server_config = Path(tempfile.mkdtemp(prefix="mathmaze-server-config-"))
        self.server_config.chmod(0o755)
        shutil.copy(SERVER_CONFIG, self.server_config / "jupyter_server_config.py")
        (self.server_config / "jupyter_server_config.py").chmod(0o644)
        (self.dir / "jupyterhub_config.py").write_text(_config(self))
        env = dict(os.environ, **{MARKER: self.tag})
        for name in [n for n in env if n.startswith("MATHMAZE_") and n != MARKER]:
            env.pop(name)  # MATHMAZE_ENV, a class password, ...: the run's settings only
        if self.mode == "class-password":
            env.update(MATHMAZE_CLASS_PASSWORD=CLASS_PASSWORD, MATHMAZE_ADMIN=TEACHER,
                       MATHMAZE_ADMIN_PASSWORD=ADMIN_PASSWORD)
        env.update(MATHMAZE_SCORES_PORT=str(self.scores_port), MATHMAZE_SCORES_DIR=str(self.dir / "class-scores"))
        env.update(MATHMAZE_SERVER_PORTS=f"{self.server_ports.start}-{self.server_ports.stop - 1}")
        env.update(self.env)
        site = [] if not self.singleuser_python else [p for p in sys.path if p.endswith("site-packages")]
        path = os.pathsep.join(p for p in (str(ROOT), *site, env.get("PYTHONPATH", "")) if p)
        env["PYTHONPATH"] = path  # the learners' kernels import this tree's mathmaze_lib
        self._log = open(self.log_path, "wb")
        self.proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", "jupyterhub_config.py"],
                                     cwd=self.dir, env=env, stdout=self._log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError("jupyterhub exited early:\n" + self.log_tail())
            try:
                if self.api("GET", "/").status_code == 200:
                    return self
            except requests.ConnectionError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"jupyterhub did not answer within {timeout} s:\n" + self.log_tail())
            time.sleep(0.5)

    def server_ports_used(self) -> dict:
        """{learner: the ports their servers were started on}, from the hub's log."""
        used = {}
        for name, port in re.findall(r"Adding user (\S+) to proxy \S+ => http://127\.0\.0\.1:(\d+)",
                                     self.log_path.read_text(errors="replace")):
            used.setdefault(name, []).append(int(port))
        return used

    def log_tail(self, chars: int = 4000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError:
            return ""

    def our_processes(self) -> list[int]:
        """Every live process carrying this run's marker (hub, proxy, servers, kernels)."""
        needle = f"{MARKER}={self.tag}".encode()
        pids = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                if needle in (entry / "environ").read_bytes().split(b"\0"):
                    pids.append(int(entry.name))
            except OSError:
                continue
        return pids

    def stop(self) -> None:
        """Stop the hub (which stops the learners' servers), then end whatever of ours is left."""
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
        for sig in (signal.SIGTERM, signal.SIGKILL):
            left = [p for p in self.our_processes() if p != os.getpid()]
            for pid in left:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, sig)
            deadline = time.monotonic() + 10
            while left and time.monotonic() < deadline:
                left = [p for p in left if Path(f"/proc/{p}").exists() and not _zombie(p)]
                time.sleep(0.2)
        if getattr(self, "_log", None):
            self._log.close()
        if self.server_config:
            shutil.rmtree(self.server_config, ignore_errors=True)

    def __enter__(self) -> "Hub":
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(self, *exc) -> None:
        self.stop()

    # -- the teacher's side: the hub's REST API with the service token ------------------------
    def api(self, method: str, path: str, **kw) -> requests.Response:
        kw.setdefault("timeout", 30)
        headers = {"Authorization": f"token {self.token}", **kw.pop("headers", {})}
        return requests.request(method, f"{self.url}/hub/api{path}", headers=headers, **kw)

    def user_token(self, name: str) -> str:
        r = self.api("POST", f"/users/{name}/tokens", json={"note": "class test"})
        r.raise_for_status()
        return r.json()["token"]

    def server_state(self, name: str) -> dict:
        r = self.api("GET", f"/users/{name}")
        r.raise_for_status()
        return r.json()

    def api_user(self, name: str, method: str, path: str, **kw) -> requests.Response:
        """A learner's Jupyter server API, as the teacher (the service token has access:servers)."""
        kw.setdefault("timeout", 60)
        headers = {"Authorization": f"token {self.token}", **kw.pop("headers", {})}
        return requests.request(method, f"{self.url}/user/{name}/api{path}", headers=headers, **kw)

    def learner(self, name: str) -> "Learner":
        return Learner(self, name)


def _zombie(pid: int) -> bool:
    try:
        return ") Z" in Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True


class SpawnFailed(RuntimeError):
    """The hub could not start a learner's server; the message is the hub's own."""


class Learner:
    """One learner in a browser-like session: log in, wait for the server, pull the lessons, run them."""

    def __init__(self, hub: Hub, name: str):
        self.hub, self.name = hub, name
        self.web = requests.Session()
        self.token = None
        self.base = f"{hub.url}/user/{name}"

    # -- logging in and starting ----------------------------------------------------------------
    def login(self, password: str = CLASS_PASSWORD, start: bool = True) -> requests.Response:
        """Post the hub's login form (as a browser does); the hub then starts the learner's server
        (not with ``start=False``: then the answer is the login's redirect, and nothing starts)."""
        self.web.get(f"{self.hub.url}/hub/login", timeout=30).raise_for_status()
        xsrf = self.web.cookies.get("_xsrf", "")
        r = self.web.post(f"{self.hub.url}/hub/login?next=", timeout=60, allow_redirects=False,
                          data={"username": self.name, "password": password, "_xsrf": xsrf})
        if r.status_code != 302:
            raise RuntimeError(f"{self.name}: the hub refused the login (HTTP {r.status_code})")
        if not start:
            return r
        # follow the redirect to /hub/spawn (which starts the server) but not on to the pending page's JS
        nxt = urllib.parse.urljoin(self.hub.url, r.headers["Location"])
        return self.web.get(nxt, timeout=60, allow_redirects=True)

    def wait_ready(self, timeout: float = 120.0) -> float:
        """Seconds until the learner's server is ready; :class:`SpawnFailed` with the hub's message.

        Follows the progress stream the hub's spawn page shows (no polling while the server
        starts), then confirms with the hub's API.
        """
        t0 = time.monotonic()
        events = self.progress(timeout)
        if events and events[-1].get("failed"):
            raise SpawnFailed(f"{events[-1].get('message', '')}; the spawn page says: {self.spawn_message()}")
        while time.monotonic() - t0 < timeout:
            server = self.hub.server_state(self.name).get("servers", {}).get("")
            if server and server.get("ready"):
                return time.monotonic() - t0
            if not server or (server.get("pending") is None and not server.get("ready")):
                message = self.spawn_message()
                if message:
                    raise SpawnFailed(message)
            time.sleep(0.5)
        raise TimeoutError(f"{self.name}: the server was not ready after {timeout} s")

    def spawn_message(self) -> str:
        """What the hub's spawn page shows this learner after a failed start ('' if it shows none)."""
        r = self.web.get(f"{self.hub.url}/hub/spawn-pending/{self.name}", timeout=30)
        text = " ".join(re.sub(r"<[^>]+>", " ", r.text).split())
        m = re.search(r"Spawn failed:? (.{0,300}?)(?: Relaunch Server|$)", text)
        return m.group(0).removesuffix(" Relaunch Server") if m else ""

    def progress(self, timeout: float = 60.0) -> list[dict]:
        """The spawn progress events the hub streams to the learner's spawn page, until ready or failed."""
        events = []
        with self.web.get(f"{self.hub.url}/hub/api/users/{self.name}/server/progress", stream=True,
                          timeout=timeout) as r:
            if r.status_code != 200:  # no server and no start under way: nothing to follow
                return events
            t0 = time.monotonic()
            for line in r.iter_lines(decode_unicode=True):
                if line and line.startswith("data: "):
                    events.append(json.loads(line[6:]))
                    if events[-1].get("failed") or events[-1].get("ready"):
                        break
                if time.monotonic() - t0 > timeout:
                    break
        return events

    def new_token(self, note: str = "collect") -> str:
        """A new API token of this logged-in user, made as the hub's token page (/hub/token) makes it."""
        xsrf = self.web.cookies.get("_xsrf", "")
        r = self.web.post(f"{self.hub.url}/hub/api/users/{self.name}/tokens", json={"note": note}, timeout=30,
                          headers={"X-XSRFToken": xsrf, "Referer": f"{self.hub.url}/hub/token"})
        if r.status_code != 201:
            raise RuntimeError(f"{self.name}: the hub made no token (HTTP {r.status_code}: {r.text[:200]})")
        return r.json()["token"]

    def api_token(self) -> str:
        if self.token is None:
            self.token = self.hub.user_token(self.name)
        return self.token

    def api(self, method: str, path: str, **kw) -> requests.Response:
        """The learner's own Jupyter server, through the hub's proxy, with the learner's token."""
        kw.setdefault("timeout", 60)
        headers = {"Authorization": f"token {self.api_token()}", **kw.pop("headers", {})}
        return requests.request(method, f"{self.base}/api{path}", headers=headers, **kw)

    # -- the nbgitpuller link ------------------------------------------------------------------------
    def open_link(self, link: str) -> requests.Response:
        """Open the link in the learner's logged-in session (hub -> user-redirect -> the server's git-pull page)."""
        r = self.web.get(link, timeout=60)
        r.raise_for_status()
        if "/git-pull" not in r.url:
            raise RuntimeError(f"{self.name}: the link ended at {r.url}, not at the server's git-pull page")
        return r

    def pull(self, link: str, timeout: float = 120.0) -> list[dict]:
        """Open the link, then run the pull its page starts (the event stream of /git-pull/api); its events."""
        self.open_link(link)
        query = dict(urllib.parse.parse_qsl(urllib.parse.urlparse(link).query))
        query.pop("urlpath", None)
        events = []
        with requests.get(f"{self.base}/git-pull/api", params=query, stream=True, timeout=timeout,
                          headers={"Authorization": f"token {self.api_token()}"}) as r:
            r.raise_for_status()
            t0 = time.monotonic()
            for line in r.iter_lines(decode_unicode=True):
                if time.monotonic() - t0 > timeout:
                    raise TimeoutError(f"{self.name}: the pull did not finish in {timeout} s")
                if line and line.startswith("data: "):
                    event = json.loads(line[6:])
                    events.append(event)
                    if event.get("phase") == "error":
                        raise RuntimeError(f"{self.name}: nbgitpuller failed: {event.get('message')}\n"
                                           f"{event.get('output', '')}")
                    if event.get("phase") == "finished":
                        return events
        raise RuntimeError(f"{self.name}: the pull stream ended without 'finished': {events[-3:]}")

    # -- files ------------------------------------------------------------------------------------------
    def read_notebook(self, path: str):
        r = self.api("GET", f"/contents/{path}", params={"content": "1"})
        r.raise_for_status()
        return nbformat.from_dict(r.json()["content"])

    def save_notebook(self, path: str, nb) -> None:
        r = self.api("PUT", f"/contents/{path}", json={"type": "notebook", "content": nb})
        r.raise_for_status()

    # -- kernels ------------------------------------------------------------------------------------------
    def open_kernel(self, path: str, timeout: float = 60.0) -> "Kernel":
        """Open the notebook as JupyterLab does (a session with a python3 kernel) and connect its websocket."""
        r = self.api("POST", "/sessions", json={"path": path, "name": Path(path).name, "type": "notebook",
                                                 "kernel": {"name": "python3"}})
        r.raise_for_status()
        kernel_id = r.json()["kernel"]["id"]
        return Kernel(self, kernel_id, timeout)


class Kernel:
    """A kernel websocket through the hub's proxy: ``execute(code)`` returns the outputs of the cell."""

    def __init__(self, learner: Learner, kernel_id: str, timeout: float):
        self.learner, self.id = learner, kernel_id
        self.session = uuid.uuid4().hex
        ws_base = learner.base.replace("http://", "ws://", 1)
        self.ws = websocket.create_connection(
            f"{ws_base}/api/kernels/{kernel_id}/channels?session_id={self.session}",
            header=[f"Authorization: token {learner.api_token()}"], timeout=timeout)

    def execute(self, code: str, timeout: float = 300.0) -> dict:
        """Run ``code``; {'outputs': [...], 'status': 'ok'|'error', 'error': 'Name: text'}."""
        msg_id = uuid.uuid4().hex
        self.ws.send(json.dumps({
            "header": {"msg_id": msg_id, "username": self.learner.name, "session": self.session,
                       "msg_type": "execute_request", "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"code": code, "silent": False, "store_history": True, "user_expressions": {},
                        "allow_stdin": False, "stop_on_error": True}}))
        outputs, reply, idle = [], None, False
        deadline = time.monotonic() + timeout
        while reply is None or not idle:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.learner.name}: a cell did not finish in {timeout} s:\n{code[:200]}")
            self.ws.settimeout(left)
            msg = json.loads(self.ws.recv())
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind, content = msg["msg_type"], msg["content"]
            if kind == "execute_reply":
                reply = content
            elif kind == "status" and content.get("execution_state") == "idle":
                idle = True
            elif kind == "stream":
                outputs.append(nbformat.v4.new_output("stream", name=content["name"], text=content["text"]))
            elif kind in ("display_data", "execute_result"):
                out = nbformat.v4.new_output("display_data", data=content.get("data", {}),
                                             metadata=content.get("metadata", {}))
                outputs.append(out)
            elif kind == "error":
                outputs.append(nbformat.v4.new_output("error", ename=content["ename"], evalue=content["evalue"],
                                                      traceback=content.get("traceback", [])))
        error = "" if reply.get("status") == "ok" else f"{reply.get('ename')}: {reply.get('evalue')}"
        return {"outputs": outputs, "status": reply.get("status"), "error": error,
                "execution_count": reply.get("execution_count")}

    def run_notebook(self, nb, timeout: float = 600.0) -> None:
        """Run every code cell in order, storing the outputs in ``nb`` (as a learner's Run All, then Save)."""
        deadline = time.monotonic() + timeout
        for i, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            result = self.execute(cell.source, timeout=max(1.0, deadline - time.monotonic()))
            cell.outputs = result["outputs"]
            cell.execution_count = result["execution_count"]
            if result["status"] != "ok":
                raise RuntimeError(f"{self.learner.name}: cell {i} raised {result['error']}")

    def grade(self, lesson: int) -> dict:
        """Each exercise's verdict on what the learner defined in this kernel: {'q1': {'status', 'text'}, ...}.

        A check per exercise (``ex.qN.evaluate(globals().get(ex.qN.name))``), run as one extra cell
        in the learner's own kernel; the teacher kit's ``grade`` command can replace it.
        """
        code = textwrap.dedent(f"""
            import json as _json
            from mathmaze_lib.exercises import lesson{lesson} as _lesson
            _verdicts = {{}}
            for _q in sorted((n for n in vars(_lesson) if n[:1] == "q" and n[1:].isdigit()), key=lambda n: int(n[1:])):
                _ex = getattr(_lesson, _q)
                _fb = _ex.evaluate(globals().get(_ex.name))
                _verdicts[_q] = {{"name": _ex.name, "status": _fb.status, "text": _fb.text}}
            print("GRADE" + _json.dumps(_verdicts))
            """)
        result = self.execute(code, timeout=300)
        if result["status"] != "ok":
            raise RuntimeError(f"{self.learner.name}: grading raised {result['error']}")
        text = "".join(o.get("text", "") for o in result["outputs"] if o.output_type == "stream")
        return json.loads(text[text.index("GRADE") + 5:])

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()
