"""Whose work a submission is: the name of its gradebook row and of its feedback file, taken from
where the work came from, never from what the notebook says about itself.

:func:`whose` is the one place that decides. Most trusted first:

1. **the hub login**: ``collect`` wrote the file into ``OUT/LOGIN/`` and listed the learner in
   ``OUT/collected.csv``; the login of that list names it;
2. **the file or its folder**: the file's name without the lesson's name and what copying adds
   ("-Copy1", " (1)", "Copy of"); when that leaves nothing, the nearest folder (below the folder
   graded) that is not an assignment's, so both ``kim/01_math_maze-Copy1.ipynb`` and
   ``submitted/kim/lesson1/01_math_maze.ipynb`` are kim's;
3. **the roster's File column**, for a file whose name and folders name nobody (``--roster``);
4. the file's name as it is.

A notebook's metadata (``mathmaze.student``, the first of ``authors``) is written by whoever wrote the
notebook, so it never names a row: metadata that names someone else is a note for the teacher.

>>> found = whose("class/ada/02_jumping_mazes.ipynb", metadata={"mathmaze": {"student": "grace"}})
>>> found.name, found.source, found.note
('ada', 'folder', "its metadata names 'grace' (mathmaze.student), not ada: the name here is its folder's")
>>> whose("grace_hopper-02_jumping_mazes.ipynb").name, whose("kim/01_math_maze (1).ipynb").name
('grace hopper', 'kim')
"""

from __future__ import annotations

import csv
import re
import urllib.parse
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

__all__ = ["Owner", "whose", "claimed_name", "CLAIM", "folder_name", "hub_logins", "write_record", "LESSON_FILES",
           "COLLECTED", "COLLECTED_COLUMNS"]

#: The lesson notebooks' file names (without .ipynb), stripped from a file name to find the student's name.
LESSON_FILES = ("00_start_here", "01_math_maze", "02_jumping_mazes", "03_wall_optimization")
#: collect's record of whose folder is whose, in the folder it writes (``OUT/collected.csv``).
COLLECTED = "collected.csv"
#: Its columns: the learner's hub login, what collect did, its words, the file written, when the learner last
#: saved it, when it was handed in (empty: the working copy) and how late.
COLLECTED_COLUMNS = ("learner", "status", "detail", "file", "saved", "handed_in", "late")
_NAMING_COLUMNS = 5             # a record is collect's when it starts with these (one written before hand-ins too)
# What a copy of a file adds to its name: Jupyter's "-Copy1", a browser's " (1)", "copy of ...", "Untitled".
_COPY = re.compile(r"(?i)^copy[\s_-]+of\b[\s_-]*|([\s_.-]*copy\d*|\s*\(\d+\)|untitled\d*)$")
# Folders that hold an assignment rather than a student (nbgrader's submitted/STUDENT/ASSIGNMENT/...).
_NOT_A_STUDENT = re.compile(r"(?i)^(lesson\s*\d+|(\d\d_)?(start_here|math_maze|jumping_mazes|wall_optimization)|"
                            r"submitted|submissions?|autograded|feedback|\.ipynb_checkpoints)$")
#: How a note about a notebook that names someone else begins: a note for the teacher, not the learner's feedback.
CLAIM = "its metadata names"
_SAID_BY = {"hub login": "the hub login of the learner it was collected from", "file": "its file name",
            "folder": "its folder's", "roster": "the roster's File column", "stem": "its file name"}


@dataclass(frozen=True)
class Owner:
    """Whose a submission is: ``name`` (the row's and the feedback file's), ``source`` (what gave the
    name: ``hub login``, ``file``, ``folder``, ``roster`` or ``stem``) and ``note`` (for the teacher,
    when the notebook's metadata names someone else; empty otherwise)."""

    name: str
    source: str
    note: str = ""


def whose(path, root=None, metadata: Optional[dict] = None, roster=None, logins: Optional[dict] = None) -> Owner:
    """Whose work the submission at ``path`` is (see the module for the order).

    ``root`` is the folder that was graded (folders above it name nobody); ``metadata`` the notebook's,
    only compared; ``roster`` a :class:`~.gradebook.Roster` (its File column); ``logins`` maps a
    folder name to a hub login (default: collect's record two folders up, :func:`hub_logins`).

    >>> whose("class/01_math_maze (2).ipynb", root="class")
    Owner(name='01_math_maze (2)', source='stem', note='')
    """
    path = Path(path)
    logins = hub_logins(path.parent.parent) if logins is None else logins
    stem = path.name[:-len(".ipynb")] if path.name.endswith(".ipynb") else path.stem
    if path.parent.name and path.parent.name in logins:
        found = Owner(logins[path.parent.name], "hub login")
    elif _clean(stem):
        found = Owner(_clean(stem), "file")
    elif _folder_name(path, root):
        found = Owner(_folder_name(path, root), "folder")
    elif roster is not None and roster.by_file(path, root) is not None:
        found = Owner(roster.by_file(path, root)["Student"], "roster")
    else:
        found = Owner(stem, "stem")
    claimed = claimed_name(metadata)
    if claimed and not _may_be(claimed[0], found.name):
        note = (f"{CLAIM} {claimed[0]!r} ({claimed[1]}), not {found.name}: the name here is "
                f"{_SAID_BY[found.source]}")
        found = Owner(found.name, found.source, note)
    return found


def claimed_name(metadata: Optional[dict]) -> Optional[tuple]:
    """``(name, where)``: the name a notebook's metadata gives its author (``mathmaze.student``, else the
    first of ``authors``), or None.

    >>> claimed_name({"authors": [{"name": "Ada  Lovelace"}]})
    ('Ada Lovelace', 'authors')
    """
    metadata = metadata if isinstance(metadata, dict) else {}
    own = metadata.get("mathmaze")
    if isinstance(own, dict) and isinstance(own.get("student"), str) and own["student"].strip():
        return re.sub(r"\s+", " ", own["student"].strip())[:100], "mathmaze.student"
    authors = metadata.get("authors")
    if isinstance(authors, list) and authors and isinstance(authors[0], dict):
        name = authors[0].get("name")
        if isinstance(name, str) and name.strip():
            return re.sub(r"\s+", " ", name.strip())[:100], "authors"
    return None


def _may_be(claimed: str, name: str) -> bool:
    """Whether a claimed name may be the same person as ``name`` (a word in common: "Ada Lovelace"
    and "ada", "Lovelace, Ada" and "ada lovelace")."""
    def words(text):
        return {w for w in re.split(r"[\s_.,\-]+", text.lower()) if w}
    return bool(words(claimed) & words(name))


def folder_name(learner: str) -> str:
    """The learner's folder under collect's output folder (:mod:`mathmaze_lib.teacher.collecting`): the
    hub's name itself when it is a plain file name.

    >>> folder_name("ada"), folder_name(".x/y")
    ('ada', '%2Ex%2Fy')
    """
    if re.fullmatch(r"[A-Za-z0-9_@+\-][A-Za-z0-9._@+\-]*", learner):
        return learner
    return urllib.parse.quote(learner, safe="").replace(".", "%2E")


def write_record(folder, rows) -> Path:
    """Write collect's record ``folder/collected.csv``: :data:`COLLECTED_COLUMNS`, then ``rows`` (one list of
    those values per learner); :func:`hub_logins` reads it back.

    >>> import tempfile
    >>> out = Path(tempfile.mkdtemp())
    >>> _ = write_record(out, [["Ada Lovelace", "collected", "from the running server", "", "", "", ""]])
    >>> hub_logins(out)
    {'Ada%20Lovelace': 'Ada Lovelace'}
    """
    path = Path(folder) / COLLECTED
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(COLLECTED_COLUMNS)
        w.writerows(rows)
    return path


def hub_logins(folder) -> dict:
    """``{folder name: hub login}`` from collect's record in ``folder`` (``collected.csv``, :func:`write_record`),
    or ``{}`` when there is none (or it is not collect's)."""
    record = Path(folder) / COLLECTED
    try:
        with open(record, newline="", encoding="utf-8") as f:
            rows = list(csv.reader(f))
    except (OSError, UnicodeDecodeError, csv.Error):
        return {}
    if not rows or rows[0][:_NAMING_COLUMNS] != list(COLLECTED_COLUMNS[:_NAMING_COLUMNS]):
        return {}
    return {folder_name(row[0]): row[0] for row in rows[1:] if row and row[0]}


def _clean(stem: str) -> str:
    for lesson in LESSON_FILES:
        stem = stem.replace(lesson, " ")
    previous = None
    while previous != stem:
        previous, stem = stem, _COPY.sub("", stem.strip(" _.-"))
    return re.sub(r"[\s_.\-]+", " ", stem).strip()


def _folder_name(path: Path, root=None) -> str:
    """The nearest folder of ``path`` below ``root`` that names a student, or ""."""
    root = Path(root).resolve() if root is not None else None
    for folder in Path(path).parents:
        if root is not None and folder.resolve() == root:
            break
        name = _clean(folder.name) if folder.name else ""
        if name and not _NOT_A_STUDENT.match(folder.name):
            return name
    return ""
