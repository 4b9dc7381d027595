"""Collect a class's notebooks from a JupyterHub into a folder laid out for ``grade``.

A teacher who is an admin of the hub (with an API token made at ``HUB/hub/token``) runs
``python -m mathmaze_lib collect 1 --hub https://HUB --out collected``; :func:`collect` then
writes ``collected/NAME/01_math_maze.ipynb`` for every learner of the hub who has the lesson:

- from the learner's running server, through the hub (the Jupyter server's contents API);
- from the learner's home folder on the hub machine with ``from_homes`` (a template such as
  ``/home/jupyter-{username}``; run as root there), which never starts a server;
- from a stopped server only with ``start``: it is started, read, and stopped again.

A learner without the file "never opened the lesson"; a stopped server without ``start`` or
``from_homes`` is "not collected", with what to do.  The copy is the learner's file byte for byte;
``out/collected.csv`` lists whose folder is whose, and ``grade`` names each row by the hub's name of
the learner whose server or home folder the file came from (:func:`mathmaze_lib.grading.owner.whose`),
whatever name the notebook itself gives.

Bad input (no token, an address that is not a hub, a hub that does not answer, a token that
may not list the users) raises ValueError with one line; one learner's failure is a row of the
result, never the end of the run.

>>> notebook_path("1"), notebook_path("02_jumping_mazes", "class/notebooks")
('mathmaze-class/notebooks/01_math_maze.ipynb', 'class/notebooks/02_jumping_mazes.ipynb')
>>> folder_name("ada"), folder_name(".x/y")
('ada', '%2Ex%2Fy')
"""

from __future__ import annotations

import base64
import json
import os
import re
import socket
import stat
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path, PurePosixPath
from typing import Callable, Optional

from ..grading.owner import folder_name, write_record
from .handin import LeftOut, Rules, from_iso, relative_folder, take, when

__all__ = ["Collected", "HubClient", "collect", "notebook_path", "folder_name", "read_from_home", "DEFAULT_FOLDER"]

#: Where the nbgitpuller link of deploy/README.md puts the lessons, in each learner's home folder.
DEFAULT_FOLDER = "mathmaze-class/notebooks"
PAGINATION = "application/jupyterhub-pagination+json"


@dataclass
class Collected:
    """What happened to one learner: ``status`` is ``collected``, ``never opened``, ``not collected``,
    ``late`` (left out) or ``error``; ``detail`` says what and where from, or why not, in the teacher's words."""

    learner: str
    status: str
    detail: str
    file: Optional[Path] = None
    saved: str = ""
    handed: str = ""      # when the work collected was handed in ("": the working copy)
    late: str = ""        # how late it was ("": on time, or no deadline)


# ------------------------------------------------------------------------------ names and paths

def notebook_path(lesson: str, folder: str = DEFAULT_FOLDER) -> str:
    """The lesson's notebook, relative to a learner's home: a lesson number (``1``), a notebook name
    (``01_math_maze`` or ``01_math_maze.ipynb``, looked for in ``folder``) or a path with a ``/``."""
    from ..grading import LESSON_FILES

    text = str(lesson).strip()
    if text.isdigit():
        number = int(text)
        if number >= len(LESSON_FILES):
            raise ValueError(f"lesson {text}: the lessons are 0 to {len(LESSON_FILES) - 1}")
        text = LESSON_FILES[number]
    if not text.endswith(".ipynb"):
        text += ".ipynb"
    path = PurePosixPath(text) if "/" in text else PurePosixPath(folder.strip("/")) / text
    if path.is_absolute() or ".." in path.parts or not path.name[:-len(".ipynb")]:
        raise ValueError(f"lesson {lesson!r}: give a lesson number (0 to {len(LESSON_FILES) - 1}), a notebook "
                         f"name such as 01_math_maze, or a path inside the learners' home folders")
    return str(path)


def read_from_home(home: str, relpath: str, max_bytes: int) -> tuple:
    """``(bytes, modified time, change time)`` of ``relpath`` inside the folder ``home``, read without
    following a symbolic link below ``home`` (a learner's link to someone else's notebook is refused) and
    only when the file belongs to the owner of ``home``.  FileNotFoundError when it is not there.  The
    change time is taken after reading, so it is never earlier than what was read."""
    fd = os.open(home, os.O_RDONLY | os.O_DIRECTORY)
    try:
        owner = os.fstat(fd).st_uid
        *folders, name = PurePosixPath(relpath).parts
        for part in folders:
            try:
                inner = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
            except NotADirectoryError:
                raise ValueError(f"{part} in {home} is not a folder (a link?): not collected") from None
            os.close(fd)
            fd = inner
        try:
            file_fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=fd)
        except OSError as err:
            if err.errno == getattr(os, "ELOOP", 40):
                raise ValueError(f"{relpath} in {home} is a symbolic link, not the learner's own file: "
                                 f"not collected") from None
            raise
        with os.fdopen(file_fd, "rb") as f:
            info = os.fstat(f.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise ValueError(f"{relpath} in {home} is not a file: not collected")
            if info.st_uid != owner:
                raise ValueError(f"{relpath} in {home} belongs to another account than the home folder's: "
                                 f"not collected")
            if info.st_size > max_bytes:
                raise ValueError(f"the file is {info.st_size / 1e6:.0f} MB, over the {max_bytes / 1e6:.0f} MB "
                                 f"limit (--max-mb): not collected")
            data = f.read(max_bytes + 1)
            return data, info.st_mtime, os.fstat(f.fileno()).st_ctime
    finally:
        os.close(fd)


def list_home(home: str, relfolder: str) -> list:
    """``[(name, change time)]`` of the files of ``relfolder`` inside ``home`` that belong to the home's
    owner (no symbolic link is followed); ``[]`` when there is no such folder."""
    fd = os.open(home, os.O_RDONLY | os.O_DIRECTORY)
    try:
        owner = os.fstat(fd).st_uid
        for part in PurePosixPath(relfolder).parts:
            try:
                inner = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
            except (FileNotFoundError, NotADirectoryError):
                return []
            except OSError as err:
                if err.errno == getattr(os, "ELOOP", 40):
                    return []
                raise
            os.close(fd)
            fd = inner
        out = []
        for name in os.listdir(fd):
            info = os.stat(name, dir_fd=fd, follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and info.st_uid == owner:
                out.append((name, info.st_ctime))
        return out
    finally:
        os.close(fd)


# ------------------------------------------------------------------------------ the hub

class HubClient:
    """The hub's REST API and the learners' servers behind its proxy, with one token (urllib only)."""

    def __init__(self, url: str, token: str, timeout: float = 30.0):
        if not re.match(r"https?://[^/\s]+", url or ""):
            raise ValueError(f"--hub {url!r}: give the hub's address with http:// or https:// "
                             f"(for example https://hub.school.org)")
        base = url.strip().rstrip("/")
        for tail in ("/hub/api", "/hub"):
            if base.endswith(tail):
                base = base[:-len(tail)]
        self.base, self.token, self.timeout = base, token, timeout
        parts = urllib.parse.urlsplit(base)
        self.origin = f"{parts.scheme}://{parts.netloc}"

    def request(self, method: str, url: str, body=None, headers=None, max_bytes: int = 50_000_000,
                auth: bool = True) -> tuple:
        """``(status, bytes)``; HTTP errors are answers too.  ValueError when nothing answers, or when the
        answer is longer than ``max_bytes`` (it is not read on)."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(url, data=data, method=method, headers=dict(headers or {}))
        if auth:
            req.add_header("Authorization", f"token {self.token}")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as r:
                return r.status, _read_capped(r, max_bytes)
        except urllib.error.HTTPError as err:
            with err:
                return err.code, _read_capped(err, 1_000_000, quiet=True)
        except urllib.error.URLError as err:
            raise ValueError(f"the hub at {self.base} does not answer ({_reason(err.reason)})") from None
        except (socket.timeout, TimeoutError):
            raise ValueError(f"the hub at {self.base} does not answer (no reply within {self.timeout:g} s)") from None
        except (ConnectionError, OSError) as err:
            raise ValueError(f"the hub at {self.base} does not answer ({_reason(err)})") from None

    def api(self, method: str, path: str, body=None, headers=None) -> tuple:
        """``(status, JSON or None)`` of the hub's REST API at ``/hub/api`` + ``path``."""
        status, raw = self.request(method, f"{self.base}/hub/api{path}", body, headers)
        try:
            return status, json.loads(raw) if raw else None
        except ValueError:
            return status, None

    def check(self, scopes_needed=()) -> dict:
        """The token's owner (a user or a service) after checking that this is a hub that accepts the token;
        ValueError with the reason otherwise."""
        status, raw = self.request("GET", f"{self.base}/hub/api/", auth=False)
        try:
            version = json.loads(raw).get("version") if status == 200 else None
        except (ValueError, AttributeError):
            version = None
        if not version:
            raise ValueError(f"{self.base} is not a JupyterHub: {self.base}/hub/api/ answered HTTP {status} "
                             f"(check the address)")
        status, me = self.api("GET", "/user")
        if status in (401, 403) or not isinstance(me, dict):
            raise ValueError(f"the hub at {self.base} refused the token (HTTP {status}): use the API token of a hub "
                             f"admin, made at {self.base}/hub/token while logged in as the teacher")
        scopes = me.get("scopes")
        if isinstance(scopes, list):
            missing = [s for s in scopes_needed if s not in scopes]
            if missing:
                raise ValueError(f"the token of {me.get('name', '?')} may not do what collect needs "
                                 f"({', '.join(missing)} missing): use the API token of a hub admin, made at "
                                 f"{self.base}/hub/token while logged in as the teacher")
        return me

    def users(self) -> list:
        """Every user of the hub, with their servers (the API's pages followed)."""
        out, offset = [], 0
        while True:
            status, page = self.api("GET", f"/users?offset={offset}&limit=200", headers={"Accept": PAGINATION})
            if status != 200:
                raise ValueError(f"the hub refused the list of users (HTTP {status}): the token must be a hub "
                                 f"admin's (list:users and read:servers)")
            items = page.get("items", []) if isinstance(page, dict) else page or []
            out += items
            nxt = page.get("_pagination", {}).get("next") if isinstance(page, dict) else None
            if not nxt or not items:
                return out
            offset = nxt.get("offset", offset + len(items))

    def server(self, name: str) -> Optional[dict]:
        """The hub's record of the learner ``name``'s default server (None when it has none)."""
        status, user = self.api("GET", f"/users/{urllib.parse.quote(name)}")
        if status != 200 or not isinstance(user, dict):
            return None
        return (user.get("servers") or {}).get("")

    def start(self, name: str, timeout: float) -> dict:
        """Start the learner's server and wait until it is ready; its model.  RuntimeError with the hub's words."""
        status, answer = self.api("POST", f"/users/{urllib.parse.quote(name)}/server")
        if status not in (201, 202, 400):
            raise RuntimeError(f"the hub did not start the server (HTTP {status}: {_message(answer)})")
        t0 = time.monotonic()
        while time.monotonic() - t0 < timeout:
            server = self.server(name)
            if server and server.get("ready"):
                return server
            if not (server and server.get("pending")) and time.monotonic() - t0 > 3:
                raise RuntimeError("the server did not start (the hub's log says why)")
            time.sleep(1)
        raise RuntimeError(f"the server was not ready after {timeout:g} s")

    def stop(self, name: str) -> None:
        """Ask the hub to stop the learner ``name``'s server."""
        self.api("DELETE", f"/users/{urllib.parse.quote(name)}/server")

    def listing(self, server: dict, relpath: str) -> list:
        """``[(name, change time)]`` of the files in a folder of a running server (``[]`` when there is none);
        the change time is the later of the contents API's ``created`` (the file's ``st_ctime`` on Linux) and
        ``last_modified``."""
        quoted = urllib.parse.quote(relpath)
        url = f"{self.origin}{server['url'].rstrip('/')}/api/contents/{quoted}?type=directory&content=1"
        status, raw = self.request("GET", url, max_bytes=20_000_000)
        if status == 404:
            return []
        try:
            model = json.loads(raw)
        except ValueError:
            model = None
        if status != 200 or not isinstance(model, dict) or not isinstance(model.get("content"), list):
            raise RuntimeError(f"the server answered HTTP {status}: {_message(model) or 'not a folder'}")
        return [(item["name"], _changed(item)) for item in model["content"]
                if isinstance(item, dict) and item.get("type") != "directory" and isinstance(item.get("name"), str)
                and _changed(item) is not None]

    def fetch(self, server: dict, relpath: str, max_bytes: int) -> tuple:
        """``(bytes, last modified, change time)`` of a file of a running server; FileNotFoundError when it is
        not there."""
        quoted = urllib.parse.quote(relpath)
        url = f"{self.origin}{server['url'].rstrip('/')}/api/contents/{quoted}?type=file&format=base64&content=1"
        try:
            status, raw = self.request("GET", url, max_bytes=max_bytes * 4 // 3 + 100_000)
        except TooBig:
            raise ValueError(f"the notebook is over {max_bytes / 1e6:.0f} MB (--max-mb): not collected") from None
        try:
            model = json.loads(raw)
        except ValueError:
            model = None
        if status == 404:  # the Jupyter server's answer for a path that is not there
            raise FileNotFoundError(relpath)
        if status != 200 or not isinstance(model, dict) or model.get("format") != "base64":
            raise RuntimeError(f"the server answered HTTP {status}: {_message(model) or 'not a file'}")
        return base64.b64decode(model.get("content") or ""), model.get("last_modified", ""), _changed(model)


def _changed(model: dict) -> Optional[float]:
    """A contents model's change time: the later of ``created`` (``st_ctime`` on Linux) and ``last_modified``."""
    times = [t for t in (from_iso(model.get("created")), from_iso(model.get("last_modified"))) if t is not None]
    return max(times) if times else None


class TooBig(ValueError):
    """An answer longer than it may be (not read on)."""


def _read_capped(response, max_bytes: int, quiet: bool = False) -> bytes:
    data = response.read(max_bytes + 1)
    if len(data) > max_bytes and not quiet:
        raise TooBig(f"the answer is over {max_bytes / 1e6:.0f} MB")
    return data[:max_bytes]


def _reason(reason) -> str:
    if isinstance(reason, ConnectionRefusedError):
        return "connection refused: is it running, and is the address right?"
    if isinstance(reason, socket.gaierror):
        return "no such host name"
    if isinstance(reason, (socket.timeout, TimeoutError)):
        return "no reply in time"
    return str(getattr(reason, "strerror", None) or reason)


def _message(answer) -> str:
    return str(answer.get("message", "")) if isinstance(answer, dict) else ""


def _when(value) -> str:
    """A modification time (seconds or the API's ISO text) as local 'YYYY-MM-DD HH:MM'."""
    try:
        if isinstance(value, (int, float)):
            moment = datetime.fromtimestamp(value)
        else:
            moment = datetime.fromisoformat(str(value).replace("Z", "+00:00")).astimezone()
        return moment.strftime("%Y-%m-%d %H:%M")
    except (ValueError, OSError):
        return ""


# ------------------------------------------------------------------------------ collecting

def check_options(token: str, homes: Optional[str], start: bool, option: str, does: str) -> None:
    """The checks ``collect`` and ``release-feedback`` share: a token, ``{username}`` in the homes' template
    (``option``), and not both the homes and ``--start``; ValueError in one line."""
    if not token:
        raise ValueError("no API token: set JUPYTERHUB_API_TOKEN (a hub admin's token, made at HUB/hub/token "
                         "while logged in as the teacher) or pass --token")
    if homes is not None and "{username}" not in homes:
        raise ValueError(f"{option} {homes!r}: the home folders' path needs {{username}} where the "
                         f"learner's name goes, for example /home/jupyter-{{username}}")
    if homes is not None and start:
        raise ValueError(f"{option} {does} without the servers: leave out --start")


def collect(hub_url: str, token: str, lesson: str, out, folder: str = DEFAULT_FOLDER,
            from_homes: Optional[str] = None, start: bool = False, users=None, jobs: int = 4,
            start_timeout: float = 180.0, max_mb: float = 100.0,
            progress: Optional[Callable] = None, rules: Optional[Rules] = None) -> list:
    """Collect ``lesson`` from every learner of the hub into ``out/NAME/LESSON.ipynb``: the hand-in that
    counts (``ex.hand_in()``; ``rules``: the deadline, late work left out, see :mod:`.handin`), else the
    working copy; one :class:`Collected` per learner, by name.  Hub admins are left out unless named in
    ``users``.  Also writes ``out/collected.csv`` (the same table: whose folder is whose, which ``grade``
    reads)."""
    check_options(token, from_homes, start, "--from-homes", "reads the files")
    if jobs < 1 or start_timeout <= 0 or max_mb <= 0:
        raise ValueError("--jobs, --start-timeout and --max-mb must be more than 0")
    relpath = notebook_path(lesson, folder)
    rules = rules or Rules()
    relative_folder(PurePosixPath(relpath).stem, rules.folder)       # a bad --handin-folder is named now
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise ValueError(f"--out {out}: this is a file, not a folder")
    hub = HubClient(hub_url, token)
    needed = ["list:users", "read:servers"] + ([] if from_homes else ["access:servers"])
    hub.check(needed + (["servers"] if start else []))
    everyone = {u["name"]: u for u in hub.users() if isinstance(u, dict) and u.get("name")}
    if users:
        unknown = sorted(set(users) - set(everyone))
        if unknown:
            raise ValueError(f"--users: {', '.join(unknown)} {'is' if len(unknown) == 1 else 'are'} not a user of "
                             f"the hub")
        chosen = [everyone[name] for name in users]
    else:
        chosen = [u for name, u in sorted(everyone.items()) if not u.get("admin")]
    out.mkdir(parents=True, exist_ok=True)
    max_bytes = int(max_mb * 1e6)

    def one(user: dict) -> Collected:
        result = _collect_one(hub, user, relpath, out, from_homes, start, start_timeout, max_bytes, rules)
        if progress:
            progress(result)
        return result

    with ThreadPoolExecutor(max(1, min(jobs, len(chosen) or 1))) as pool:
        results = list(pool.map(one, chosen))
    write_record(out, [[r.learner, r.status, r.detail, str(r.file or ""), r.saved, r.handed, r.late] for r in results])
    return results


def _collect_one(hub: HubClient, user: dict, relpath: str, out: Path, from_homes, start: bool,
                 start_timeout: float, max_bytes: int, rules: Rules) -> Collected:
    name = user["name"]
    target = out / folder_name(name) / PurePosixPath(relpath).name
    try:
        if from_homes is not None:
            home = from_homes.format(username=name)
            if not os.path.isdir(home):
                return _missing(name, target, "never opened the lesson (no home folder "
                                              f"{home}: never started a server?)")
            taken = take(lambda rel: list_home(home, rel), lambda rel: read_from_home(home, rel, max_bytes), relpath,
                         PurePosixPath(relpath).stem, rules)
            where = f"from {home}"
        else:
            server = (user.get("servers") or {}).get("")
            started = False
            if not server and not user.get("last_activity"):
                return _missing(name, target, "never opened the lesson (never logged in)")
            if not (server and server.get("ready")):
                if server and server.get("pending"):
                    return _kept(Collected(name, "not collected", f"the server is {server['pending']}ing: run "
                                                                  f"collect again in a minute"), target)
                if not start:
                    return _kept(Collected(name, "not collected", "the server is stopped (add --start to start it "
                                                                  "for a moment, or --from-homes on the hub machine)"),
                                 target)
                started = True
            try:
                if started:
                    server = hub.start(name, start_timeout)
                taken = take(lambda rel: hub.listing(server, rel), lambda rel: hub.fetch(server, rel, max_bytes),
                             relpath, PurePosixPath(relpath).stem, rules)
            finally:
                if started:  # stopped again, also when it did not start in time
                    hub.stop(name)
            where = "from the server, started for this and stopped again" if started else "from the running server"
    except FileNotFoundError:
        return _missing(name, target, f"never opened the lesson (no {relpath})")
    except LeftOut as late:
        return _kept(Collected(name, "late", str(late)), target)
    except PermissionError as err:
        return _kept(Collected(name, "error", f"cannot read {err.filename or relpath}: permission denied "
                                              f"(--from-homes needs root on the hub machine: sudo -E)"), target)
    except (ValueError, RuntimeError, OSError) as err:
        return _kept(Collected(name, "error", str(err)), target)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(taken.data)
    return Collected(name, "collected", f"{taken.what}, {where}", target, _when(taken.modified),
                     when(taken.handed) if taken.handed is not None else "", taken.late)


def _missing(name: str, target: Path, detail: str) -> Collected:
    return _kept(Collected(name, "never opened", detail), target)


def _kept(result: Collected, target: Path) -> Collected:
    if target.exists():
        result.detail += f"; the copy collected earlier is still in {target}"
    return result
