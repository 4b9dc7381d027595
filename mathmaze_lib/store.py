"""Best scores: a small SQLite database in the user's data directory.

Per map id (for example ``"mazer:3"`` or the text of a board) it keeps the best
wall set with its score, and a high-score table (name, score, time).

* Where: ``platformdirs.user_data_dir("mathmaze")/scores.sqlite3``; the
  environment variable ``MATHMAZE_DATA_DIR`` (or the ``folder`` argument) picks
  another folder.
* Safe: every write is one transaction (``BEGIN IMMEDIATE``), so it lands whole
  or not at all, and two kernels writing at once wait for each other (busy
  timeout) instead of losing a score.
* Honest: a file that is not a readable database is never emptied.  It is
  moved aside to ``scores.sqlite3.corrupt-<time>``, a fresh database is started,
  and :attr:`Store.warning` says what happened and where the old file is.

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

__all__ = ["Store", "data_dir", "FILE_NAME"]

FILE_NAME = "scores.sqlite3"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS best (map_id TEXT PRIMARY KEY, moves INTEGER NOT NULL, walls TEXT NOT NULL,
                                 saved REAL NOT NULL);
CREATE TABLE IF NOT EXISTS scores (id INTEGER PRIMARY KEY AUTOINCREMENT, map_id TEXT NOT NULL,
                                   name TEXT NOT NULL, moves INTEGER NOT NULL, saved REAL NOT NULL);
CREATE INDEX IF NOT EXISTS scores_by_map ON scores (map_id, moves DESC);
"""


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
    if isinstance(moves, bool) or not isinstance(moves, int) or moves < 0:
        raise ValueError(f"score {moves!r}: a score is a whole number of moves >= 0")
    return moves


class Store:
    """The best-score database in ``folder`` (default: :func:`data_dir`)."""

    def __init__(self, folder=None, timeout: float = 30.0):
        self.folder = Path(folder) if folder is not None else data_dir()
        self.path = self.folder / FILE_NAME
        self.timeout = timeout
        #: A message when a corrupt file was set aside (None otherwise).
        self.warning: Optional[str] = None
        self.folder.mkdir(parents=True, exist_ok=True)
        try:
            self._create()
        except sqlite3.DatabaseError as exc:
            if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
                raise
            self._set_aside(exc)

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        db.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
        return db

    @contextmanager
    def _transaction(self):
        db = self._connect()
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
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
        os.replace(self.path, aside)
        self.warning = (f"The scores file {self.path.name} could not be read ({exc}); it was moved to "
                        f"{aside.name} in {self.folder} and a new, empty scores file was started.")
        self._create()

    def _create(self) -> None:
        with self._transaction() as db:
            for statement in filter(str.strip, _SCHEMA.split(";")):
                db.execute(statement)
            db.execute("SELECT count(*) FROM best").fetchone()

    # ---- best wall set per map --------------------------------------------------------

    def save_best(self, map_id: str, moves: int, walls) -> bool:
        """Keep ``walls`` as the best for ``map_id`` if ``moves`` beats the stored best; True if it did."""
        _check_map_id(map_id)
        _check_moves(moves)
        cells = json.dumps(sorted([int(r), int(c)] for r, c in walls))
        with self._transaction() as db:
            row = db.execute("SELECT moves FROM best WHERE map_id = ?", (map_id,)).fetchone()
            if row is not None and row[0] >= moves:
                return False
            db.execute("INSERT OR REPLACE INTO best VALUES (?, ?, ?, ?)", (map_id, moves, cells, time.time()))
            return True

    def best(self, map_id: str) -> Optional[tuple]:
        """``(moves, walls)`` of the stored best for ``map_id``, or None."""
        _check_map_id(map_id)
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
        when = time.time() if when is None else float(when)
        with self._transaction() as db:
            db.execute("INSERT INTO scores (map_id, name, moves, saved) VALUES (?, ?, ?, ?)",
                       (map_id, name, moves, when))
            better = db.execute("SELECT count(*) FROM scores WHERE map_id = ? AND moves > ?",
                                (map_id, moves)).fetchone()[0]
        return better + 1

    def high_scores(self, map_id: str, limit: int = 10) -> list:
        """The best ``limit`` lines for ``map_id``: ``(name, moves, time)``, best first, earliest first on ties."""
        _check_map_id(map_id)
        db = self._connect()
        try:
            rows = db.execute("SELECT name, moves, saved FROM scores WHERE map_id = ? "
                              "ORDER BY moves DESC, saved, id LIMIT ?", (map_id, int(limit))).fetchall()
        finally:
            db.close()
        return [tuple(r) for r in rows]
