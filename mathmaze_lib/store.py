"""Best scores: a small SQLite database in the user's data directory.

Per map id (for example ``"mazer:3"`` or the text of a board) it keeps the best
wall set with its score, and a high-score table (name, score, time).

* Where: ``platformdirs.user_data_dir("mathmaze")/scores.sqlite3``; the
  environment variable ``MATHMAZE_DATA_DIR`` (or the ``folder`` argument) picks
  another folder.
* Safe: every write is one transaction (``BEGIN IMMEDIATE``), so it lands whole
  or not at all, and two kernels writing at once wait for each other (busy
  timeout) instead of losing a score.
* Honest: a file is set aside only when SQLite itself says it is damaged (and
  ``PRAGMA quick_check`` agrees): it is moved to ``scores.sqlite3.corrupt-<time>``,
  a fresh database is started, and :attr:`Store.warning` says what happened and
  where the old file is.  A file that cannot be opened for another reason (no
  permission, no file descriptors left, a read-only folder, another program's
  tables) is never touched: :class:`StoreError` says why.  A save that fails
  later (a damaged page met mid-file, a read-only file) is a :class:`StoreError`
  too, naming the file; nothing is half written.

>>> import tempfile
>>> s = Store(tempfile.mkdtemp())
>>> s.save_best("demo:1", 12, [(0, 1), (2, 3)]), s.save_best("demo:1", 10, [(1, 1)])
(True, False)
>>> s.best("demo:1")
(12, [(0, 1), (2, 3)])
>>> _ = s.add_score("demo:1", "Ada", 12, when=0.0); s.high_scores("demo:1")
[('Ada', 12, 0.0)]
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Optional

from . import checks

__all__ = ["Store", "StoreError", "data_dir", "FILE_NAME"]

FILE_NAME = "scores.sqlite3"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS best (map_id TEXT PRIMARY KEY, moves INTEGER NOT NULL, walls TEXT NOT NULL,
                                 saved REAL NOT NULL);
CREATE TABLE IF NOT EXISTS scores (id INTEGER PRIMARY KEY AUTOINCREMENT, map_id TEXT NOT NULL,
                                   name TEXT NOT NULL, moves INTEGER NOT NULL, saved REAL NOT NULL);
CREATE INDEX IF NOT EXISTS scores_by_map ON scores (map_id, moves DESC);
"""


#: The columns each table must have (a file with other tables is another program's, and left alone).
_COLUMNS = {"best": ("map_id", "moves", "walls", "saved"),
            "scores": ("id", "map_id", "name", "moves", "saved")}
#: The largest score SQLite can hold (a signed 64-bit integer).
MAX_MOVES = 2**63 - 1


class StoreError(ValueError):
    """The scores file cannot be opened or written; the message names the file and the reason.
    The file is left as it was."""


def _damaged(exc: Exception) -> bool:
    """True when SQLite's own error says the file is not a (healthy) database."""
    if isinstance(exc, sqlite3.OperationalError):   # locked, read-only, cannot open, disk I/O, ...
        return False
    if not isinstance(exc, sqlite3.DatabaseError):
        return False
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (11, 26)               # SQLITE_CORRUPT, SQLITE_NOTADB
    text = str(exc).lower()
    return "malformed" in text or "not a database" in text


def data_dir() -> Path:
    """The folder for saved data: ``$MATHMAZE_DATA_DIR`` or the platform's user data folder."""
    env = os.environ.get("MATHMAZE_DATA_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("mathmaze", appauthor=False))


def _check_map_id(map_id) -> str:
    if not isinstance(map_id, str) or not map_id.strip():
        raise ValueError(f"map id {map_id!r}: give a non-empty text, like 'mazer:3'")
    return map_id


def _check_moves(moves) -> int:
    checks.whole(moves, "score", low=0)
    if moves > MAX_MOVES:
        raise ValueError(f"score {moves}: too large to store (at most 2**63 - 1 moves)")
    return moves


def _check_walls(walls) -> str:
    """The walls as the stored JSON text, or a ValueError naming the bad wall."""
    try:
        items = list(walls)
    except TypeError:
        raise ValueError(f"walls {walls!r}: give a list of (row, col) cells") from None
    cells = []
    for i, w in enumerate(items, start=1):
        try:
            r, c = w
        except (TypeError, ValueError):
            raise ValueError(f"wall {i}: {w!r} is not a cell (row, col)") from None
        for name, v in (("row", r), ("column", c)):
            checks.whole(v, f"wall {i} {w!r}: {name}", 0, 10**6)
        cells.append([r, c])
    return json.dumps(sorted(cells))


def _check_when(when) -> float:
    if when is None:
        return time.time()
    return checks.number(when, "when", note="a time in seconds, or None for now")


class Store:
    """The best-score database in ``folder`` (default: :func:`data_dir`)."""

    def __init__(self, folder=None, timeout: float = 30.0):
        self.folder = Path(folder) if folder is not None else data_dir()
        self.path = self.folder / FILE_NAME
        self.timeout = timeout
        #: A message when a corrupt file was set aside (None otherwise).
        self.warning: Optional[str] = None
        if self.folder.exists() and not self.folder.is_dir():
            where = "MATHMAZE_DATA_DIR" if folder is None and os.environ.get("MATHMAZE_DATA_DIR") else "the data folder"
            raise StoreError(f"{where} {self.folder} is a file, not a folder: point it at a folder "
                             "for the scores file")
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot make the scores folder {self.folder}: {exc.strerror or exc}") from None
        try:
            self._create()
        except sqlite3.DatabaseError as exc:
            if not (_damaged(exc) and self._quick_check_fails()):
                raise self._error("cannot open", exc) from None
            self._set_aside(exc)

    def _error(self, doing: str, exc: Exception) -> StoreError:
        hint = ""
        if _damaged(exc):
            hint = "; the file is damaged: move it away and a new one is started"
        elif "readonly" in str(exc) or "read-only" in str(exc):
            hint = "; the file or its folder is read-only"
        elif "full" in str(exc):
            hint = "; the disk is full: free some space, then save again"
        return StoreError(f"{doing} the scores file {self.path}: {exc}{hint} (nothing was changed)")

    def _quick_check_fails(self) -> bool:
        """True when ``PRAGMA quick_check`` finds damage (or SQLite cannot even read the header)."""
        try:
            db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=self.timeout)
        except sqlite3.Error:
            return False
        try:
            rows = db.execute("PRAGMA quick_check").fetchall()
        except sqlite3.OperationalError:
            return False
        except sqlite3.DatabaseError as exc:
            return _damaged(exc)
        finally:
            db.close()
        return rows != [("ok",)]

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        db.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
        return db

    @contextmanager
    def _guard(self, doing: str):
        """Turn SQLite's errors during ``doing`` into a :class:`StoreError` naming the file."""
        try:
            yield
        except StoreError:
            raise
        except sqlite3.Error as exc:
            raise self._error(doing, exc) from None

    @contextmanager
    def _transaction(self):
        db = self._connect()
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                try:             # SQLite may have rolled back already (a full disk does): keep the first error
                    db.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
                raise
            db.execute("COMMIT")
        finally:
            db.close()

    def _set_aside(self, exc: Exception) -> None:
        aside = self.path.with_name(f"{FILE_NAME}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
        n = 1
        while aside.exists():
            aside = aside.with_name(f"{aside.name.split('~')[0]}~{n}")
            n += 1
        if not self._quick_check_fails():     # another process set it aside and started a new one
            self._create()
            return
        try:
            os.replace(self.path, aside)
        except OSError as err:
            raise StoreError(f"the scores file {self.path} is damaged ({exc}) and could not be moved aside "
                             f"({err.strerror or err}): move it away by hand") from None
        self.warning = (f"The scores file {self.path.name} could not be read ({exc}); it was moved to "
                        f"{aside.name} in {self.folder} and a new, empty scores file was started.")
        self._create()

    def _create(self) -> None:
        with self._transaction() as db:
            for statement in filter(str.strip, _SCHEMA.split(";")):
                db.execute(statement)
            for table, columns in _COLUMNS.items():
                have = tuple(row[1] for row in db.execute(f"PRAGMA table_info({table})"))
                if have != columns:
                    raise StoreError(f"the scores file {self.path} has a table {table!r} with columns "
                                     f"{', '.join(have)}, not {', '.join(columns)}: it belongs to another "
                                     "program or version; move it away or pick another folder (nothing was changed)")
            db.execute("SELECT count(*) FROM best").fetchone()
        if self._quick_check_fails():
            raise sqlite3.DatabaseError("database disk image is malformed (PRAGMA quick_check found damage)")

    # ---- best wall set per map --------------------------------------------------------

    def save_best(self, map_id: str, moves: int, walls) -> bool:
        """Keep ``walls`` as the best for ``map_id`` if ``moves`` beats the stored best; True if it did."""
        _check_map_id(map_id)
        _check_moves(moves)
        cells = _check_walls(walls)
        with self._guard("cannot save to"), self._transaction() as db:
            row = db.execute("SELECT moves FROM best WHERE map_id = ?", (map_id,)).fetchone()
            if row is not None and row[0] >= moves:
                return False
            db.execute("INSERT OR REPLACE INTO best VALUES (?, ?, ?, ?)", (map_id, moves, cells, time.time()))
            return True

    def best(self, map_id: str) -> Optional[tuple]:
        """``(moves, walls)`` of the stored best for ``map_id``, or None."""
        _check_map_id(map_id)
        with self._guard("cannot read"):
            db = self._connect()
            try:
                row = db.execute("SELECT moves, walls FROM best WHERE map_id = ?", (map_id,)).fetchone()
            finally:
                db.close()
        if row is None:
            return None
        return row[0], [tuple(cell) for cell in json.loads(row[1])]

    # ---- high scores ------------------------------------------------------------------

    def add_score(self, map_id: str, name: str, moves: int, when: Optional[float] = None) -> int:
        """Add a line to the high-score table; returns its rank (1 = best) among the map's scores."""
        _check_map_id(map_id)
        _check_moves(moves)
        name = str(name).strip()[:40] or "anonymous"
        when = _check_when(when)
        with self._guard("cannot save to"), self._transaction() as db:
            db.execute("INSERT INTO scores (map_id, name, moves, saved) VALUES (?, ?, ?, ?)",
                       (map_id, name, moves, when))
            better = db.execute("SELECT count(*) FROM scores WHERE map_id = ? AND moves > ?",
                                (map_id, moves)).fetchone()[0]
        return better + 1

    def high_scores(self, map_id: str, limit: int = 10) -> list:
        """The best ``limit`` lines for ``map_id``: ``(name, moves, time)``, best first, earliest first on ties."""
        _check_map_id(map_id)
        checks.whole(limit, "limit", low=0, note="a number of lines")
        with self._guard("cannot read"):
            db = self._connect()
            try:
                rows = db.execute("SELECT name, moves, saved FROM scores WHERE map_id = ? "
                                  "ORDER BY moves DESC, saved, id LIMIT ?", (map_id, limit)).fetchall()
            finally:
                db.close()
        return [tuple(r) for r in rows]
