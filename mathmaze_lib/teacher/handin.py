"""Handing in a lesson: ``ex.hand_in()`` in the learner's notebook, and which hand-in ``collect`` takes.

The learner's side (:func:`hand_in`, which ``ex.hand_in()`` calls in the lesson's kernel) copies the
lesson's notebook, as last saved, into ``~/mathmaze-handed-in/LESSON/`` (:data:`FOLDER`; the variable
``MATHMAZE_HANDIN_DIR`` names another folder), one new file per hand-in, never changing an earlier one:
a temporary file is written, flushed to the disk and renamed, so a hand-in is there whole or not at all.
A full disk, or any other error, leaves the notebook and the earlier hand-ins as they were and says so.

The teacher's side (:func:`choose`) picks the hand-in ``collect`` copies: the last one; with a deadline,
a later one is *late*, and with ``on_time_only`` the last one before the deadline is taken instead.

The time of a hand-in is the time the operating system last changed its file (its *change time*,
``st_ctime``; the Jupyter server's contents API calls it ``created``): writing or renaming a file sets it
to the clock's time, and nothing a learner can do sets it back (changing the file's dates with
``touch`` sets it to now). So a hand-in whose change time is before the deadline was there, as it is,
before the deadline.

>>> from datetime import datetime, timezone
>>> t = lambda h, m: datetime(2026, 5, 4, h, m, tzinfo=timezone.utc).timestamp()
>>> ins = [HandIn("a.ipynb", t(9, 0)), HandIn("b.ipynb", t(16, 30)), HandIn("c.ipynb", t(17, 10))]
>>> choose(ins).name, choose(ins, deadline=t(17, 0)).late
('c.ipynb', '10 min after the deadline')
>>> choose(ins, deadline=t(17, 0), on_time_only=True).name
'b.ipynb'
>>> choose(ins[2:], deadline=t(17, 0), on_time_only=True) is None
True
"""

from __future__ import annotations

import errno
import json
import os
import re
import tempfile
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path, PurePosixPath
from typing import Optional

__all__ = ["FOLDER", "HandIn", "Receipt", "HandInError", "hand_in", "choose", "handin_folder", "parse_deadline",
           "late_by", "handed_in_files", "MAX_BYTES"]

#: The folder of hand-ins in each learner's home (``collect`` looks there: ``--handin-folder``).
FOLDER = "mathmaze-handed-in"
#: A notebook larger than this is not handed in (the grader's own limit is 20 MB).
MAX_BYTES = 50_000_000
_NAME = re.compile(r"^\d{8}-\d{6}-[0-9a-z]+\.ipynb$")


class HandInError(ValueError):
    """Nothing was handed in; the message says why, in the learner's words, and what is unchanged."""


@dataclass
class Receipt:
    """What a hand-in did: the copy's ``path``, its ``time`` (seconds since 1970), its ``size`` in bytes,
    the ``notebook`` handed in, when it was last ``saved``, and ``unsaved``: the learner's functions
    whose code in the kernel is not in the saved notebook (run but not saved)."""

    path: Path
    time: float
    size: int
    notebook: Path
    saved: float
    unsaved: tuple = ()

    def lines(self) -> list:
        """What the learner is told, line by line: when and what was handed in, where the copy is, and a warning
        when the kernel's code of a function is not the saved notebook's."""
        when = datetime.fromtimestamp(self.time).strftime("%Y-%m-%d %H:%M:%S")
        saved = datetime.fromtimestamp(self.saved).strftime("%H:%M:%S")
        out = [f"Handed in {self.notebook.name} at {when}: your notebook as it was last saved ({saved}), "
               f"{self.size / 1000:.0f} kB.",
               f"Your copy is {self.path}. You can hand in again until the deadline: the last one counts."]
        if self.unsaved:
            out.insert(0, f"Careful: the saved notebook does not hold the code you last ran for "
                          f"{', '.join(self.unsaved)}. Save it (Ctrl+S, or File > Save Notebook), then run "
                          f"ex.hand_in() again.")
        return out


@dataclass
class HandIn:
    """One hand-in as ``collect`` sees it: its file ``name`` and its ``time`` (the file's change time)."""

    name: str
    time: float
    late: str = ""


# ------------------------------------------------------------------------------ the learner's side

def handin_folder(lesson_file: str) -> Path:
    """Where a lesson's hand-ins go: ``$MATHMAZE_HANDIN_DIR/LESSON`` or ``~/mathmaze-handed-in/LESSON``."""
    base = os.environ.get("MATHMAZE_HANDIN_DIR")
    return (Path(base) if base else Path.home() / FOLDER) / lesson_file


def _the_notebook(lesson_file: str, notebook=None) -> Path:
    """The notebook to hand in: ``notebook``, else the one this kernel runs (JupyterLab and Notebook 7 tell
    the kernel its path in ``JPY_SESSION_NAME``), else the lesson's file in the working folder."""
    if notebook is not None:
        return Path(notebook)
    session = os.environ.get("JPY_SESSION_NAME", "")
    if session.endswith(".ipynb") and Path(session).is_file():
        return Path(session)
    return Path.cwd() / f"{lesson_file}.ipynb"


def _unsaved(code_cells: list, namespace: Optional[dict], names) -> tuple:
    """The names of the learner's functions (defined in a notebook cell) whose source is in no saved cell."""
    import inspect

    out = []
    saved = {re.sub(r"\s+", "", c) for c in code_cells}
    for name in names:
        fn = (namespace or {}).get(name)
        code = getattr(fn, "__code__", None)
        if code is None or not code.co_filename.startswith(("<ipython-input", tempfile.gettempdir(), "/tmp/ipykernel")):
            continue
        try:
            source = re.sub(r"\s+", "", inspect.getsource(fn))
        except (OSError, TypeError):
            continue
        if not any(source in cell for cell in saved):
            out.append(name)
    return tuple(out)


def hand_in(lesson: int, notebook=None, namespace: Optional[dict] = None, names=(), now=None) -> Receipt:
    """Hand in lesson ``lesson``'s notebook (see the module's text); returns a :class:`Receipt`, or raises
    :class:`HandInError` (nothing handed in, nothing changed).  ``namespace`` and ``names``: the notebook's
    globals and the lesson's function names, to warn about code run but not saved.

    >>> import tempfile, os, pathlib
    >>> home = pathlib.Path(tempfile.mkdtemp()); os.environ["MATHMAZE_HANDIN_DIR"] = str(home / "in")
    >>> nb = home / "01_math_maze.ipynb"; _ = nb.write_text('{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}')
    >>> r = hand_in(1, nb); r.path.parent == home / "in" / "01_math_maze", r.path.read_bytes() == nb.read_bytes()
    (True, True)
    >>> del os.environ["MATHMAZE_HANDIN_DIR"]
    """
    from ..grading.gradebook import LESSON_FILES

    lesson_file = LESSON_FILES[lesson]
    path = _the_notebook(lesson_file, notebook)
    try:
        info = path.stat()
        if info.st_size > MAX_BYTES:
            raise HandInError(f"{path.name} is {info.st_size / 1e6:.0f} MB, over the {MAX_BYTES / 1e6:.0f} MB a "
                              f"hand-in may be (clear the outputs: Edit > Clear Outputs of All Cells, save, and "
                              f"hand in again). Nothing was handed in.")
        data = path.read_bytes()
    except FileNotFoundError:
        raise HandInError(f"cannot find this lesson's notebook {path}: save it first (Ctrl+S), or give its path, "
                          f"ex.hand_in('my_copy.ipynb'). Nothing was handed in.") from None
    except OSError as err:
        raise HandInError(f"cannot read {path}: {err.strerror or err}. Nothing was handed in.") from None
    try:
        nb = json.loads(data.decode("utf-8"))
        cells = ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
                 for c in nb["cells"] if c.get("cell_type") == "code"]
    except (ValueError, KeyError, TypeError, UnicodeDecodeError, RecursionError):
        raise HandInError(f"{path.name} is not a notebook Jupyter can read (save it again from JupyterLab). "
                          f"Nothing was handed in.") from None
    folder = handin_folder(lesson_file)
    moment = time.time() if now is None else now
    stamp = datetime.fromtimestamp(moment).strftime("%Y%m%d-%H%M%S")
    tmp = None
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd, tmp = tempfile.mkstemp(prefix=".handing-in-", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        final = folder / f"{stamp}-{os.urandom(3).hex()}.ipynb"
        os.replace(tmp, final)
        tmp = None
        _sync_folder(folder)
        handed = final.stat().st_ctime
    except OSError as err:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        if err.errno in (errno.ENOSPC, errno.EDQUOT):
            why = "the disk is full (or your share of it)"
            todo = "delete files you do not need (File Browser), then hand in again"
        else:
            why, todo = err.strerror or str(err), "try again, or tell your teacher"
        raise HandInError(f"could not hand in: {why}. Nothing was handed in; your notebook and your earlier "
                          f"hand-ins are as they were. {todo[:1].upper() + todo[1:]}.") from None
    return Receipt(final, handed, len(data), path, info.st_mtime, _unsaved(cells, namespace, names))


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# ------------------------------------------------------------------------------ the teacher's side

def parse_deadline(text: str) -> float:
    """A deadline as seconds since 1970: ``YYYY-MM-DD HH:MM[:SS]`` (local time, or with a time zone such as
    ``+02:00`` or ``Z``), or a date alone (its end: 23:59:59).

    >>> parse_deadline("2026-05-04T17:00Z") == datetime(2026, 5, 4, 17, tzinfo=timezone.utc).timestamp()
    True
    >>> parse_deadline("4 May")
    Traceback (most recent call last):
    ...
    ValueError: --deadline '4 May': give a date and time such as 2026-05-04 17:00 (local time) or 2026-05-04T17:00+02:00
    """
    raw = str(text).strip()
    try:
        moment = datetime.fromisoformat(raw.replace("Z", "+00:00"))
    except ValueError:
        raise ValueError(f"--deadline {text!r}: give a date and time such as 2026-05-04 17:00 (local time) or "
                         f"2026-05-04T17:00+02:00") from None
    if re.fullmatch(r"\d{4}-\d\d-\d\d", raw):
        moment = moment.replace(hour=23, minute=59, second=59)
    return moment.timestamp()      # a naive time is the local time, as Python reads it


def late_by(seconds: float) -> str:
    """``'10 min after the deadline'``, ``'2 h 5 min after ...'``, ``'3 days 1 h after ...'``."""
    minutes = max(1, int(-(-seconds // 60)))
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    parts = ([f"{days} day{'s' * (days != 1)}"] if days else []) + ([f"{hours} h"] if hours else []) \
        + ([f"{mins} min"] if mins and not days else [])
    return f"{' '.join(parts)} after the deadline"


def handed_in_files(entries) -> list:
    """The hand-ins among a folder's ``(name, change time)`` entries, oldest first (other files are not
    hand-ins: a learner's own files there are left alone)."""
    return sorted((HandIn(name, when) for name, when in entries if _NAME.match(name)), key=lambda h: h.time)


def choose(hand_ins, deadline: Optional[float] = None, on_time_only: bool = False) -> Optional[HandIn]:
    """The hand-in that counts: the last one (marked late when after ``deadline``), or with
    ``on_time_only`` the last one at or before the deadline (None when there is none)."""
    ordered = sorted(hand_ins, key=lambda h: h.time)
    if deadline is not None and on_time_only:
        ordered = [h for h in ordered if h.time <= deadline]
    if not ordered:
        return None
    last = ordered[-1]
    late = late_by(last.time - deadline) if deadline is not None and last.time > deadline else ""
    return HandIn(last.name, last.time, late)


def relative_folder(lesson_file: str, folder: str = FOLDER) -> str:
    """The hand-in folder of a lesson relative to a learner's home (what ``collect`` reads)."""
    path = PurePosixPath(folder.strip("/")) / lesson_file
    if path.is_absolute() or ".." in path.parts:
        raise ValueError(f"--handin-folder {folder!r}: give a folder inside the learners' home folders")
    return str(path)


def when(moment: float) -> str:
    """A time as local ``YYYY-MM-DD HH:MM:SS``."""
    return datetime.fromtimestamp(moment).strftime("%Y-%m-%d %H:%M:%S")


def from_iso(text: str) -> Optional[float]:
    """The Jupyter server's ISO time (UTC) as seconds since 1970, or None."""
    try:
        moment = datetime.fromisoformat(str(text).replace("Z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.timestamp()


# ------------------------------------------------------------------------------ what collect takes

@dataclass
class Rules:
    """How ``collect`` takes a learner's work: the hand-ins' ``folder`` in their home (relative), the
    ``deadline`` (seconds since 1970, or None) and whether late work is left out (``on_time_only``)."""

    folder: str = FOLDER
    deadline: Optional[float] = None
    on_time_only: bool = False


class LeftOut(Exception):
    """The learner's work is there but late, and late work is left out; the message says what there is."""


@dataclass
class Taken:
    """What ``collect`` took: the bytes, when last modified, the ``handed`` time (None: not handed in,
    the working copy), ``late`` (words, or "") and ``what`` (words for the table)."""

    data: bytes
    modified: object
    handed: Optional[float]
    late: str
    what: str


def take(listing, read, relpath: str, lesson_file: str, rules: Rules) -> Taken:
    """The work ``collect`` copies for one learner: the hand-in that counts (:func:`choose`), else the working
    copy ``relpath``. ``listing(folder)`` gives ``[(name, change time)]``, ``read(path)`` gives ``(bytes,
    modified, change time)`` (FileNotFoundError when the working copy is not there). Raises :class:`LeftOut`."""
    folder = relative_folder(lesson_file, rules.folder)
    hand_ins = handed_in_files(listing(folder))
    if hand_ins:
        picked = choose(hand_ins, rules.deadline, rules.on_time_only)
        if picked is None:
            last = hand_ins[-1]
            raise LeftOut(f"handed in only after the deadline (the last at {when(last.time)}, "
                          f"{late_by(last.time - rules.deadline)}): left out (--on-time-only)")
        data, modified, changed = read(f"{folder}/{picked.name}")
        changed = max(picked.time, changed or picked.time)
        late = late_by(changed - rules.deadline) if rules.deadline is not None and changed > rules.deadline else ""
        count = f" (the last of {len(hand_ins)})" if len(hand_ins) > 1 and picked.name == hand_ins[-1].name else \
            f" (hand-in {[h.name for h in hand_ins].index(picked.name) + 1} of {len(hand_ins)})" if len(hand_ins) > 1 else ""
        return Taken(data, modified, changed, late, f"handed in at {when(changed)}{count}"
                     + (f", late: {late}" if late else ""))
    data, modified, changed = read(relpath)
    late = ""
    if rules.deadline is not None and changed is not None and changed > rules.deadline:
        late = late_by(changed - rules.deadline)
        if rules.on_time_only:
            raise LeftOut(f"not handed in, and the working copy was changed after the deadline ({when(changed)}, "
                          f"{late}): left out (--on-time-only)")
    return Taken(data, modified, None, late, "not handed in: the working copy" + (f", late: {late}" if late else ""))


def notes_from_collect(subs, root=None) -> int:
    """Add to each submission collected by ``collect`` what the table ``collected.csv`` of the folder it was
    collected into says of the hand-in (late, when, or not handed in): the folder ``root``, or else each
    submission's own ``root`` (the folder ``grade`` found it in); returns how many submissions it found there."""
    from ..grading.owner import COLLECTED

    tables: dict = {}
    found = 0
    for sub in subs:
        folder = root if root is not None else sub.root
        if folder is None:
            continue
        if Path(folder) not in tables:
            tables[Path(folder)] = _collected(Path(folder) / COLLECTED)
        row = tables[Path(folder)].get((sub.path.parent.name, sub.path.name))
        if row is None or "handed_in" not in row:
            continue
        found += 1
        if row.get("late"):
            sub.notes.append(f"late: {row['late']}" + (f" (handed in {row['handed_in']})" if row["handed_in"]
                                                        else " (not handed in: the working copy)"))
        elif row["handed_in"]:
            sub.notes.append(f"handed in {row['handed_in']}")
        else:
            sub.notes.append("not handed in: the working copy")
    return found


def _collected(table: Path) -> dict:
    """``{(folder name, file name): row}`` of collect's table, or ``{}`` where there is none to read."""
    import csv

    try:
        with open(table, newline="", encoding="utf-8") as f:
            rows = [r for r in csv.DictReader(f) if r.get("file")]
    except (OSError, csv.Error, UnicodeDecodeError):
        return {}
    return {(Path(r["file"]).parent.name, Path(r["file"]).name): r for r in rows}
