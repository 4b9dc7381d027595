"""The class's high scores on one JupyterHub: a small hub service that keeps one table per map, each
line named by the hub login of the learner who saved it, and the map of the day the teacher sets.

Why it holds: a learner's kernel sends its walls with the learner's own hub token (``JUPYTERHUB_API_TOKEN``,
which the Jupyter server gives its kernels); the service asks the hub whose token it is, names the line by
that login (whatever name the learner typed), **scores the walls itself** (so a made-up score is worth
nothing) and keeps the learner's best line only. The table lives in the service's own folder, which no
learner's account can read or write; no request can change another learner's line, and only the teacher
(a hub admin, or a name in ``MATHMAZE_ADMIN``) can set the map of the day or take a line off.

The service (``python -m mathmaze_lib.hubscores``, a managed service of deploy/jupyterhub_config.py) answers

- ``GET  api/table?map=mazer:3&limit=10``: the lines, best first (logins, moves, when), and the map of the day;
- ``POST api/scores`` ``{"map": "mazer:3", "walls": [[r, c], ...]}``: scores the walls, keeps them if they beat
  the learner's own line; the moves, the learner's rank and best;
- ``GET  api/mine?map=mazer:3``: the learner's own best walls;
- ``GET|PUT api/today`` ``{"map": "mazer:3"}``: the map of the day (PUT: the teacher only);
- ``DELETE api/table?map=mazer:3&login=ada``: the teacher takes a line off;
- ``POST api/races`` ``{"players": ["Ada", "Grace"], "wins": [3, 2], "rounds": 5}`` and ``GET api/races``: the
  race's tallies, each line named by the login of the screen it was played on.

:class:`ClassScores` is the learner's side, with the methods of :class:`mathmaze_lib.store.Store` the Mazer game
uses; :func:`class_scores` gives one when the hub has the service (``MATHMAZE_SCORES_URL``), else None.

>>> import tempfile
>>> table = Table(tempfile.mkdtemp())
>>> table.save("mazer:1", "ada", 12, [(0, 1)]), table.save("mazer:1", "ada", 10, [(1, 1)]), table.save("mazer:1", "bob", 14, [])
((True, 1), (False, 1), (True, 1))
>>> table.lines("mazer:1")
[('bob', 14), ('ada', 12)]
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
import threading
from contextlib import contextmanager, suppress
import time
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable, Optional

__all__ = ["Table", "TableError", "serve", "ClassScores", "class_scores", "map_of_the_day", "check_map", "URL_VARIABLE"]

URL_VARIABLE = "MATHMAZE_SCORES_URL"
MAX_BODY = 200_000
_SCHEMA = """
CREATE TABLE IF NOT EXISTS lines (map TEXT NOT NULL, login TEXT NOT NULL, moves INTEGER NOT NULL, walls TEXT NOT NULL,
                                  saved REAL NOT NULL, PRIMARY KEY (map, login));
CREATE TABLE IF NOT EXISTS races (id INTEGER PRIMARY KEY AUTOINCREMENT, login TEXT NOT NULL, tally TEXT NOT NULL,
                                  saved REAL NOT NULL);
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


class TableError(ValueError):
    """The table cannot be read or written (``full``: the disk is full); nothing was changed."""

    def __init__(self, message: str, full: bool = False):
        super().__init__(message)
        self.full = full


def check_map(map_id) -> tuple:
    """``(preset, level)`` of a map id ``preset:level`` of the wall presets; ValueError names the rule.

    >>> check_map("mazer:3")
    ('mazer', 3)
    >>> check_map("code:ab12")
    Traceback (most recent call last):
    ...
    ValueError: map 'code:ab12': the class's table keeps the presets' levels only, as 'mazer:3' (preset:level)
    """
    from .puzzles.wallmaze import PRESETS

    match = re.fullmatch(r"([a-z][a-z0-9-]*):(\d{1,4})", str(map_id))
    if not match or match.group(1) not in PRESETS or int(match.group(2)) < 1:
        raise ValueError(f"map {map_id!r}: the class's table keeps the presets' levels only, as 'mazer:3' "
                         f"(preset:level)")
    return match.group(1), int(match.group(2))


class Table:
    """The class's table in ``folder/class-scores.sqlite3``: one line per map and login (the best)."""

    def __init__(self, folder):
        self.path = Path(folder) / "class-scores.sqlite3"
        Path(folder).mkdir(parents=True, exist_ok=True)
        with self._write() as db:
            for statement in filter(str.strip, _SCHEMA.split(";")):
                db.execute(statement)

    def _connect(self):
        db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        return db

    @contextmanager
    def _write(self):
        """One transaction: it lands whole or not at all; SQLite's errors become a :class:`TableError`."""
        try:
            db = self._connect()
        except sqlite3.Error as err:
            raise self._error(err) from None
        try:
            try:
                db.execute("BEGIN IMMEDIATE")
                yield db
                db.execute("COMMIT")
            except sqlite3.Error as err:
                with suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
                raise self._error(err) from None
            except BaseException:
                with suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
                raise
        finally:
            db.close()

    def _error(self, err) -> TableError:
        full = "full" in str(err).lower()
        why = "the hub's disk is full" if full else str(err)
        return TableError(f"the class's score table could not be saved ({why}); the lines saved before are kept",
                          full=full)

    def save(self, map_id: str, login: str, moves: int, walls) -> tuple:
        """Keep ``moves`` as ``login``'s line of ``map_id`` if it beats their line; ``(improved, rank)``."""
        with self._write() as db:
            row = db.execute("SELECT moves FROM lines WHERE map = ? AND login = ?", (map_id, login)).fetchone()
            improved = row is None or moves > row[0]
            if improved:
                db.execute("INSERT OR REPLACE INTO lines VALUES (?, ?, ?, ?, ?)",
                           (map_id, login, moves, json.dumps(sorted(map(list, walls))), time.time()))
            best, saved = db.execute("SELECT moves, saved FROM lines WHERE map = ? AND login = ?",
                                     (map_id, login)).fetchone()
            rank = 1 + db.execute("SELECT count(*) FROM lines WHERE map = ? AND (moves > ? OR moves = ? AND saved < ?)",
                                  (map_id, best, best, saved)).fetchone()[0]      # the table's order: ties, earliest first
        return improved, rank

    def lines(self, map_id: str, limit: int = 10) -> list:
        """``[(login, moves)]`` of ``map_id``'s best ``limit`` lines, most moves first (a tie: the line saved first)."""
        db = self._connect()
        try:
            rows = db.execute("SELECT login, moves FROM lines WHERE map = ? ORDER BY moves DESC, saved LIMIT ?",
                              (map_id, limit)).fetchall()
        finally:
            db.close()
        return [tuple(r) for r in rows]

    def mine(self, map_id: str, login: str) -> Optional[tuple]:
        """``(moves, walls)`` of ``login``'s line of ``map_id``, or None when they have none."""
        db = self._connect()
        try:
            row = db.execute("SELECT moves, walls FROM lines WHERE map = ? AND login = ?", (map_id, login)).fetchone()
        finally:
            db.close()
        return (row[0], [tuple(c) for c in json.loads(row[1])]) if row else None

    def remove(self, map_id: str, login: str) -> bool:
        """Take ``login``'s line of ``map_id`` off the table (the teacher's); True if there was one."""
        with self._write() as db:
            return db.execute("DELETE FROM lines WHERE map = ? AND login = ?", (map_id, login)).rowcount > 0

    def setting(self, key: str, value: Optional[str] = None) -> Optional[str]:
        """The setting ``key`` (such as the map of the day), first set to ``value`` when one is given; None if unset."""
        if value is not None:
            with self._write() as db:
                db.execute("INSERT OR REPLACE INTO settings VALUES (?, ?)", (key, value))
            return value
        db = self._connect()
        try:
            row = db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        finally:
            db.close()
        return row[0] if row else None

    def add_race(self, login: str, tally: dict) -> None:
        """Keep a race's ``tally`` (players, wins, rounds), saved by ``login``."""
        with self._write() as db:
            db.execute("INSERT INTO races (login, tally, saved) VALUES (?, ?, ?)", (login, json.dumps(tally), time.time()))

    def races(self, limit: int = 20) -> list:
        """The last ``limit`` races kept, newest first: each its tally with the ``login`` that saved it and when."""
        db = self._connect()
        try:
            rows = db.execute("SELECT login, tally, saved FROM races ORDER BY id DESC LIMIT ?", (limit,)).fetchall()
        finally:
            db.close()
        return [{"login": login, **json.loads(tally), "saved": saved} for login, tally, saved in rows]


# ------------------------------------------------------------------------------ the service

def hub_identity(api_url: str, timeout: float = 10.0) -> Callable:
    """``identify(token) -> {"name", "admin"} or None``: asks the hub whose token it is (kept for a minute)."""
    cache: dict = {}
    lock = threading.Lock()

    def identify(token: str) -> Optional[dict]:
        key = hashlib.sha256(token.encode()).hexdigest()
        with lock:
            hit = cache.get(key)
        if hit and hit[0] > time.monotonic():
            return hit[1]
        request = urllib.request.Request(f"{api_url.rstrip('/')}/user", headers={"Authorization": f"token {token}"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as r:
                model = json.loads(r.read(1_000_000))
        except (urllib.error.URLError, OSError, ValueError):
            model = None
        who = None
        if isinstance(model, dict) and model.get("kind", "user") == "user" and isinstance(model.get("name"), str):
            who = {"name": model["name"], "admin": bool(model.get("admin"))}
        with lock:
            cache[key] = (time.monotonic() + 60, who)
        return who
    return identify


class _Handler(BaseHTTPRequestHandler):
    server_version = "mathmaze-scores"
    table: Table
    identify: Callable
    teachers: set
    prefix = "/"

    def log_message(self, fmt, *args):          # no tokens, no learners' requests in the hub's log
        pass

    def _answer(self, status: int, body: dict) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _who(self) -> Optional[dict]:
        auth = self.headers.get("Authorization", "")
        match = re.fullmatch(r"(?i)(?:token|bearer)\s+(\S+)", auth.strip())
        return self.identify(match.group(1)) if match else None

    def _route(self, method: str) -> None:
        url = urllib.parse.urlsplit(self.path)
        path = url.path[len(self.prefix):] if url.path.startswith(self.prefix) else url.path.lstrip("/")
        query = {k: v[-1] for k, v in urllib.parse.parse_qs(url.query).items()}
        who = self._who()
        if who is None:
            return self._answer(401, {"message": "log in to the hub first: this table knows learners by their hub token"})
        body = {}
        if method in ("POST", "PUT"):
            length = int(self.headers.get("Content-Length") or 0)
            if not 0 < length <= MAX_BODY:
                return self._answer(413, {"message": f"a request body of 1 to {MAX_BODY} bytes, as JSON"})
            try:
                body = json.loads(self.rfile.read(length))
            except ValueError:
                return self._answer(400, {"message": "the request is not JSON"})
            if not isinstance(body, dict):
                return self._answer(400, {"message": "the request is not a JSON object"})
        teacher = who["admin"] or who["name"] in self.teachers
        try:
            status, answer = _act(self.table, method, path, query, body, who["name"], teacher)
        except TableError as err:
            status, answer = (507 if err.full else 500), {"message": str(err)}
        except ValueError as err:
            status, answer = 400, {"message": str(err)}
        self._answer(status, answer)

    def do_GET(self):
        self._route("GET")

    def do_POST(self):
        self._route("POST")

    def do_PUT(self):
        self._route("PUT")

    def do_DELETE(self):
        self._route("DELETE")


def _act(table: Table, method: str, path: str, query: dict, body: dict, login: str, teacher: bool) -> tuple:
    """``(HTTP status, answer)`` of one request of ``login`` (see the module's text)."""
    from .puzzles import wallmaze

    if (method, path) == ("GET", "api/table"):
        check_map(query.get("map"))
        limit = min(100, max(1, int(query.get("limit", "10")) if str(query.get("limit", "10")).isdigit() else 10))
        return 200, {"map": query["map"], "lines": [{"login": n, "moves": m} for n, m in table.lines(query["map"], limit)],
                     "today": table.setting("today")}
    if (method, path) == ("POST", "api/scores"):
        preset, level = check_map(body.get("map"))
        walls = body.get("walls")
        if not isinstance(walls, list) or len(walls) > 5000:
            raise ValueError("walls: a list of [row, col] cells")
        maze = wallmaze.level(preset, level)
        verdict = wallmaze.check(maze, [tuple(w) if isinstance(w, list) else w for w in walls])
        if not verdict:
            raise ValueError(f"these walls are not allowed on {body['map']}: {verdict.reason}")
        cells = maze.check_walls([tuple(w) for w in walls])
        moves = wallmaze.score(maze, cells)
        improved, rank = table.save(body["map"], login, moves, cells)
        return 200, {"map": body["map"], "login": login, "moves": moves, "improved": improved, "rank": rank,
                     "best": table.mine(body["map"], login)[0]}
    if (method, path) == ("GET", "api/mine"):
        check_map(query.get("map"))
        mine = table.mine(query["map"], login)
        return 200, {"login": login, "moves": mine[0] if mine else None, "walls": mine[1] if mine else None}
    if path == "api/today" and method in ("GET", "PUT"):
        if method == "PUT":
            if not teacher:
                return 403, {"message": "only the teacher sets the map of the day"}
            check_map(body.get("map"))
            table.setting("today", body["map"])
        return 200, {"map": table.setting("today")}
    if (method, path) == ("DELETE", "api/table"):
        if not teacher:
            return 403, {"message": "only the teacher takes a line off the table"}
        check_map(query.get("map"))
        return 200, {"removed": table.remove(query["map"], str(query.get("login", "")))}
    if path == "api/races" and method in ("GET", "POST"):
        if method == "POST":
            players, wins = body.get("players"), body.get("wins")
            if not (isinstance(players, list) and isinstance(wins, list) and len(players) == len(wins) <= 4
                    and all(isinstance(p, str) and len(p) <= 40 for p in players)
                    and all(isinstance(n, int) and 0 <= n <= 100 for n in wins)):
                raise ValueError("a race's tally: players (up to 4 names) and their wins (whole numbers)")
            table.add_race(login, {"players": players, "wins": wins, "rounds": int(body.get("rounds") or sum(wins))})
        return 200, {"races": table.races()}
    return 404, {"message": f"no such request: {method} {path}"}


def serve(folder, url: str, identify: Callable, teachers=(), prefix: str = "/") -> ThreadingHTTPServer:
    """The service on ``url`` (``http://127.0.0.1:PORT``; port 0: a free port, ``.server_address`` says which;
    no port: 80), not yet running: ``.serve_forever()``."""
    parts = urllib.parse.urlsplit(url)
    handler = type("Handler", (_Handler,), {"table": Table(folder), "identify": staticmethod(identify),
                                            "teachers": set(teachers), "prefix": prefix})
    port = 80 if parts.port is None else parts.port
    return ThreadingHTTPServer((parts.hostname or "127.0.0.1", port), handler)


def main() -> None:
    """Run as a JupyterHub managed service (its environment says where, and how to reach the hub)."""
    folder = os.environ.get("MATHMAZE_SCORES_DIR") or "class-scores"
    teachers = {n.strip() for n in os.environ.get("MATHMAZE_ADMIN", "").split(",") if n.strip()}
    server = serve(folder, os.environ["JUPYTERHUB_SERVICE_URL"], hub_identity(os.environ["JUPYTERHUB_API_URL"]),
                   teachers, os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/"))
    server.serve_forever()


# ------------------------------------------------------------------------------ the learner's side

class ClassScores:
    """The class's table from a learner's kernel, with the methods of :class:`mathmaze_lib.store.Store` the Mazer
    game calls; maps that are not a preset's level (a map code, a board of one's own) stay in ``local``."""

    warning = None

    def __init__(self, url: str, token: str, local=None, timeout: float = 20.0):
        self.url, self.token, self.timeout = url.rstrip("/"), token, timeout
        self._local = local
        self.login: Optional[str] = None

    @property
    def local(self):
        """The learner's own table (:class:`mathmaze_lib.store.Store`), for maps that are not a preset's level."""
        if self._local is None:
            from .store import Store
            self._local = Store()
        return self._local

    def _call(self, method: str, path: str, body=None, **query) -> dict:
        from .store import StoreError

        url = f"{self.url}/{path}" + (f"?{urllib.parse.urlencode(query)}" if query else "")
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(url, data=data, method=method,
                                         headers={"Authorization": f"token {self.token}",
                                                  "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as r:
                return json.loads(r.read(2_000_000))
        except urllib.error.HTTPError as err:
            try:
                message = json.loads(err.read(100_000)).get("message", "")
            except (ValueError, AttributeError, OSError):
                message = ""
            raise StoreError(f"the class's table said no (HTTP {err.code}): {message or err.reason}") from None
        except (urllib.error.URLError, OSError, ValueError) as err:
            raise StoreError(f"the class's table does not answer ({getattr(err, 'reason', err)}): ask your teacher "
                             f"if the hub's score service is running") from None

    @staticmethod
    def _ours(map_id: str) -> bool:
        try:
            check_map(map_id)
        except ValueError:
            return False
        return True

    def save_best(self, map_id: str, moves: int, walls) -> bool:
        """Send ``walls`` for ``map_id`` to the class's table, which scores them itself (:meth:`Store.save_best
        <mathmaze_lib.store.Store.save_best>` for another map); True when the learner's line improved."""
        if not self._ours(map_id):
            return self.local.save_best(map_id, moves, walls)
        answer = self._call("POST", "api/scores", {"map": map_id, "walls": [list(w) for w in walls]})
        self.login, self._rank = answer["login"], answer["rank"]
        return bool(answer["improved"])

    def add_score(self, map_id: str, name: str, moves: int, when=None) -> int:
        """The learner's rank (their line was written by :meth:`save_best`, named by their login, not ``name``)."""
        if not self._ours(map_id):
            return self.local.add_score(map_id, name, moves, when)
        return getattr(self, "_rank", 0)

    def best(self, map_id: str):
        """``(moves, walls)`` of the learner's own line of ``map_id``, or None (as
        :meth:`mathmaze_lib.store.Store.best`)."""
        if not self._ours(map_id):
            return self.local.best(map_id)
        answer = self._call("GET", "api/mine", map=map_id)
        return None if answer["moves"] is None else (answer["moves"], [tuple(w) for w in answer["walls"]])

    def high_scores(self, map_id: str, limit: int = 10) -> list:
        """``[(login, moves, None)]`` of the class's best ``limit`` lines of ``map_id`` (as
        :meth:`mathmaze_lib.store.Store.high_scores`)."""
        if not self._ours(map_id):
            return self.local.high_scores(map_id, limit)
        answer = self._call("GET", "api/table", map=map_id, limit=limit)
        return [(line["login"], line["moves"], None) for line in answer["lines"]]

    def today(self) -> Optional[str]:
        """The map of the day the teacher set (``scores today MAP``), or None."""
        return self._call("GET", "api/today").get("map")

    def add_race(self, players, wins, rounds: int) -> list:
        """Keep a race's tally on the class's table; the races kept, newest first."""
        return self._call("POST", "api/races", {"players": list(players), "wins": list(wins), "rounds": rounds})["races"]


def class_scores() -> Optional[ClassScores]:
    """The class's table when this kernel runs on a hub that has one (``MATHMAZE_SCORES_URL`` and the hub's
    token in the environment), else None."""
    url, token = os.environ.get(URL_VARIABLE), os.environ.get("JUPYTERHUB_API_TOKEN")
    return ClassScores(url, token) if url and token else None


def map_of_the_day() -> tuple:
    """``(preset, level)`` of the map of the day the teacher set; ValueError says why there is none."""
    scores = class_scores()
    if scores is None:
        raise ValueError("no map of the day here: it comes from the class's table on a JupyterHub (this kernel "
                         "has no MATHMAZE_SCORES_URL)")
    today = scores.today()
    if not today:
        raise ValueError("your teacher has not set a map of the day yet")
    return check_map(today)


if __name__ == "__main__":
    main()

