"""The teacher's side of grading: reading submissions, students' names, the gradebook, a roster for
an LMS import, and one feedback file per student.

>>> student_name("class/ada/02_jumping_mazes.ipynb"), student_name("grace_hopper-02_jumping_mazes.ipynb")
('ada', 'grace hopper')
>>> student_name("kim/01_math_maze-Copy1.ipynb"), student_name("kim/01_math_maze (1).ipynb")
('kim', 'kim')
>>> lesson_of_sources(["from mathmaze_lib.exercises import lesson2 as ex"])
2
"""

from __future__ import annotations

import csv
import json
import re
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from ..exercises.core import Feedback
from .marks import Marks, graded_exercises, lesson_items, written_questions
from .owner import CLAIM, LESSON_FILES, _clean, whose

__all__ = ["Submission", "LESSON_FILES", "graded_exercises", "lesson_of_sources", "student_name",
           "read_notebook", "columns", "write_csv", "write_feedback", "Roster", "read_roster", "write_lms",
           "LMS_COLUMNS"]

_LESSON_IMPORT = re.compile(r"mathmaze_lib\.exercises\s+import\s+lesson(\d+)|mathmaze_lib\.exercises\.lesson(\d+)")


@dataclass
class Submission:
    """The grade of one file: ``verdicts`` by exercise (``q1`` ...), ``reason`` when it could not be
    graded at all, ``notes`` (cells that raised, were stopped, ...), ``student`` (from where the work
    came from: :func:`.owner.whose`; ``named_by`` says what named it) and ``student_id`` (from the
    roster), ``root`` (the folder it was found in), and how long it took."""

    path: Path
    student: str = ""
    named_by: str = ""
    root: Optional[Path] = None
    lesson: Optional[int] = None
    verdicts: dict = field(default_factory=dict)
    reason: str = ""
    notes: list = field(default_factory=list)
    seconds: float = 0.0
    student_id: str = ""
    partial: bool = False
    startup: float = 0.0          # seconds a worker took to start (the sandbox's cost), on average
    cpu: float = 0.0              # CPU seconds its workers said they used

    @property
    def total(self) -> float:
        """The submission's points: the sum over its exercises' verdicts."""
        return _number(sum(v.points(self.partial) for v in self.verdicts.values()))


def _number(value: float) -> float:
    """Rounded to two places, and a whole number written as one (0.5, 1, not 1.0)."""
    value = round(value, 2)
    return int(value) if value == int(value) else value


# ------------------------------------------------------------------------------ reading

def lesson_of_sources(sources) -> Optional[int]:
    """The lesson whose exercises the code cells import (the first one found), or None."""
    for source in sources:
        match = _LESSON_IMPORT.search(source)
        if match:
            return int(match.group(1) or match.group(2))
    return None


def student_name(path, root=None) -> str:
    """The student's name of the submission at ``path``: :func:`.owner.whose`'s name (from where the
    work came from; a notebook's metadata never names it)."""
    return whose(path, root).name


def read_notebook(path: Path, max_bytes: int):
    """The notebook, or raise ValueError with the reason in a teacher's words."""
    import nbformat
    from nbformat.warnings import MissingIDFieldWarning

    size = path.stat().st_size
    if size > max_bytes:
        raise ValueError(f"the file is {size / 1e6:.1f} MB, over the {max_bytes / 1e6:.0f} MB limit for a notebook")
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError("not a notebook: the file is not text (not UTF-8)") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ValueError(f"not a notebook: not JSON (line {err.lineno}, column {err.colno}: {err.msg})") from None
    except RecursionError:
        raise ValueError("not a notebook: JSON nested too deeply") from None
    if not isinstance(data, dict) or "cells" not in data or "nbformat" not in data:
        raise ValueError("not a notebook: JSON, but without the 'cells' and 'nbformat' of a Jupyter notebook")
    try:
        with warnings.catch_warnings():     # a cell without an id (a hand-edited notebook) gets one: not news
            warnings.simplefilter("ignore", MissingIDFieldWarning)
            nb = nbformat.reads(text, as_version=4)
            nbformat.validate(nb)
    except Exception as err:  # nbformat's errors are many kinds
        first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise ValueError(f"not a valid Jupyter notebook ({first[:200]})") from None
    return nb


# ------------------------------------------------------------------------------ the roster

#: The columns of a Canvas gradebook export, in order; an LMS import file starts with them.
LMS_COLUMNS = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")


@dataclass
class Roster:
    """A class list: one dict per student with the :data:`LMS_COLUMNS` (and ``File`` when given)."""

    students: list
    path: Path

    def match(self, sub: Submission, root=None) -> tuple:
        """``(student, how)``: the student a submission belongs to, by what the teacher controls first
        (``how`` 0): the roster's ``File`` column (a path below the folder graded, a file name or a
        folder name); then (1) a login or ID equal to one of its folders' names, its file's name or the
        hub login it was collected from; then (2) the student's name as its file or folder gives it.
        ``(None, None)`` when no rule finds exactly one student. ``root``: the folder graded (default:
        the submission's own ``root``)."""
        rel = _relative(sub.path, sub.root if root is None else root)
        folders = {p.name.lower() for p in rel.parents if p.name}
        file_name = _clean(sub.path.name[:-6] if sub.path.name.endswith(".ipynb") else sub.path.stem).lower()
        login = {sub.student.lower()} if sub.named_by == "hub login" else set()
        tests = [
            lambda s: _is_file(s, rel, sub.path.name, folders),
            lambda s: any(s.get(k) and s[k].strip().lower() in folders | {file_name} | login
                          for k in ("SIS Login ID", "ID", "SIS User ID")),
            lambda s: s.get("Student") and _same_name(s["Student"], sub.student),
        ]
        for how, test in enumerate(tests):
            found = [s for s in self.students if test(s)]
            if len(found) == 1:
                return found[0], how
        return None, None

    def by_file(self, path, root=None) -> Optional[dict]:
        """The one student whose ``File`` is the submission at ``path`` (its path below ``root``, its
        file name or one of its folders' names), or None."""
        rel = _relative(path, root)
        folders = {p.name.lower() for p in rel.parents if p.name}
        found = [s for s in self.students if _is_file(s, rel, Path(path).name, folders)]
        return found[0] if len(found) == 1 else None


def _is_file(student: dict, rel: Path, name: str, folders: set) -> bool:
    given = (student.get("File") or "").strip("/")
    return bool(given) and (given in (str(rel), name) or given.lower() in folders)


def _relative(path: Path, root) -> Path:
    try:
        return Path(path).resolve().relative_to(Path(root).resolve()) if root is not None else Path(path)
    except ValueError:
        return Path(path)


def _same_name(a: str, b: str) -> bool:
    def key(name):
        parts = [p.strip() for p in name.split(",")]
        if len(parts) == 2:             # Canvas writes "Last, First"
            name = f"{parts[1]} {parts[0]}"
        return re.sub(r"[\s_.\-]+", " ", name).strip().lower()
    return bool(a and b) and key(a) == key(b)


def read_roster(path) -> Roster:
    """Read a roster CSV (a Canvas gradebook export works as it is); ValueError names the file and the rule."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as err:
        raise ValueError(f"{path}: cannot read the roster ({err})") from None
    rows = list(csv.DictReader(text.splitlines()))
    header = list(rows[0].keys()) if rows else next(csv.reader(text.splitlines()), [])
    if "Student" not in header or not ({"ID", "SIS Login ID", "SIS User ID", "File"} & set(header)):
        raise ValueError(f"{path}: a roster needs a 'Student' column and one of 'ID', 'SIS User ID', "
                         f"'SIS Login ID' or 'File' (found: {', '.join(header) or 'no header'})")
    students = [{k: (v or "").strip() for k, v in row.items() if k} for row in rows
                if (row.get("Student") or "").strip() and "Points Possible" not in (row.get("Student") or "")]
    return Roster(students, path)


def write_lms(subs, roster: Roster, lesson: Optional[int], path, assignment: str, partial: bool = False,
              root=None, marks=None) -> tuple:
    """Write an LMS import file: the :data:`LMS_COLUMNS`, then one column ``assignment`` with each
    student's points (empty for a student with no graded submission), after a "Points Possible" row;
    the points are ``marks``' (:class:`~.marks.Marks`: the weights and the teacher's marks).

    A student gets the score of the one submission that matches them best (see :meth:`Roster.match`);
    when two match them equally well, neither is used. Returns ``(left out, by name only)``: the
    submissions not in the file, and those matched only by a name (a file or folder name, which a
    learner may have chosen). ``root``: the folder graded (default: each submission's own ``root``).
    """
    marks = marks or _marks(lesson, partial)
    out_of = marks.out_of if lesson is not None else 0
    claims: dict = {}
    left_out = []
    for sub in subs:
        student, how = roster.match(sub, root)
        if student is None:
            left_out.append(sub)
        else:
            claims.setdefault(id(student), []).append((how, sub))
    scores, by_name = {}, []
    for key, found in claims.items():
        best = min(how for how, _ in found)
        winners = [sub for how, sub in found if how == best]
        left_out += [sub for how, sub in found if how != best or len(winners) > 1]
        if len(winners) == 1:
            scores[key] = "" if winners[0].reason else marks.total(winners[0])
            if best == 2:
                by_name.append(winners[0])
    for student in roster.students:
        if id(student) in scores:
            found = [sub for how, sub in claims[id(student)]]
            for sub in found:
                sub.student_id = student.get("SIS Login ID") or student.get("ID") or ""
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow([*LMS_COLUMNS, assignment])
        w.writerow(["    Points Possible", "", "", "", "", out_of])
        for student in roster.students:
            w.writerow([student.get(c, "") for c in LMS_COLUMNS] + [scores.get(id(student), "")])
    return left_out, by_name


# ------------------------------------------------------------------------------ writing

def columns(lesson: Optional[int]) -> list:
    """The gradebook's header row: a column per exercise, checked (``q1 path_sum``) or written (``q6 written``)."""
    qs = [f"{attr} {q.name}" for attr, q in _exercises(lesson)]
    return ["file", "student", "lesson", *qs, "total", "out_of", "notes"]


def _exercises(lesson: Optional[int]) -> list:
    """``[(attr, exercise)]`` of the gradebook's columns: checked and written exercises, in the lesson's order."""
    if lesson is None:
        return []
    both = dict(graded_exercises(lesson) + [(a, _Written(a)) for a, _ in written_questions(lesson)])
    return [(a, both[a]) for a in lesson_items(lesson)]


@dataclass
class _Written:
    """A written answer's column (``q6 written``)."""

    attr: str
    name: str = "written"


def _marks(lesson, partial):
    return Marks.of(lesson, partial)


def _notes(sub: Submission, marks=None) -> str:
    if sub.reason:
        return "; ".join([sub.reason] + [n for n in sub.notes if n not in sub.reason])
    missed = [f"{attr} written: not marked yet" for attr in (marks.unmarked(sub) if marks else [])]
    for attr, v in sub.verdicts.items():
        if v.borrowed:
            missed.append(f"{attr} right with the reference {' and '.join(v.borrowed)} (wrong in this notebook)")
        elif v.status != "correct":
            missed.append(f"{attr} {v.status}")
    return "; ".join(missed + sub.notes)


def write_csv(subs, lesson: Optional[int], path, partial: bool = False, marks=None) -> None:
    """The gradebook: one row per submission, the points per exercise (its weight when right; with
    ``partial`` the share of cases right times it; a written answer's the teacher's mark, empty until
    marked), empty when the file could not be graded. ``marks``: :class:`~.marks.Marks` (default: the
    default weights, no written answer marked)."""
    marks = marks or _marks(lesson, partial)
    exercises = _exercises(lesson)
    named: dict = {}
    for sub in subs:
        named.setdefault(sub.student.lower(), []).append(sub)
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(columns(lesson))
        for sub in subs:
            twins = [str(s.path) for s in named[sub.student.lower()] if s is not sub]
            twin = f"the same student name as {', '.join(twins[:3])}: check which is whose" if twins else ""
            graded = not sub.reason
            points = [("" if (p := marks.points(sub, a)) is None else p) if graded else "" for a, _ in exercises]
            private = "; ".join(marks.notes.get(str(sub.path), []))
            w.writerow([str(sub.path), sub.student, sub.lesson if sub.lesson is not None else "", *points,
                        marks.total(sub), marks.out_of, "; ".join(filter(None, [_notes(sub, marks), twin, private]))])


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_")[:80] or "student"


def write_feedback(subs, lesson: Optional[int], folder, isolated: bool = True, marks=None) -> dict:
    """One text file per submission quoting what each check said, with the points of each exercise and
    the teacher's marks and comments (``marks``); returns ``{file: feedback path}``."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    marks = marks or _marks(lesson, False)
    exercises = _exercises(lesson)
    used, out = set(), {}
    for sub in subs:
        base = _slug(sub.student)
        name, k = f"{base}.txt", 2
        while name in used:
            name, k = f"{base}-{k}.txt", k + 1
        used.add(name)
        title = f"Math Maze, lesson {lesson}" if lesson is not None else "Math Maze"
        lines = [f"{title}: feedback for {sub.student}", f"File: {sub.path.name}", ""]
        if sub.reason:
            lines += ["This notebook could not be graded:", f"  {sub.reason}"]
        else:
            waiting = " (written answers not marked yet)" if marks.unmarked(sub) else ""
            lines.append(f"Score: {marks.total(sub)} of {marks.out_of} points{waiting}")
            lines.append("Your notebook was run from the top in a fresh process"
                         + (" (in a sandbox)" if isolated else "") + ", then each exercise was checked "
                         "with the same checks as in the lesson plus hidden cases you had not seen.")
            for attr, q in exercises:
                points, worth = marks.points(sub, attr), _points_word(marks.weights.get(attr, 1))
                if isinstance(q, _Written):
                    mark = "not marked yet" if points is None else f"{points} of {worth}"
                    lines += ["", f"{attr} (written answer): {mark}"]
                else:
                    v = sub.verdicts.get(attr, Feedback("error", "not checked"))
                    lines += ["", f"{attr} {q.name}: {v.status}, {points} of {worth}"]
                    lines += [f"  > {line}" for line in v.text.splitlines()]
                if marks.comment(sub, attr):
                    lines += [f"  Your teacher: {line}" for line in marks.comment(sub, attr).splitlines()]
        if marks.comment(sub, "all"):
            lines += ["", "Your teacher says:"] + [f"  {line}" for line in marks.comment(sub, "all").splitlines()]
        shown = [n for n in sub.notes if not n.startswith(CLAIM)]     # whose the work is: for the teacher
        if shown:
            lines += ["", "Notes:"] + [f"  - {n}" for n in shown]
        (folder / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
        out[str(sub.path)] = folder / name
    with open(folder / FEEDBACK_INDEX, "w", newline="", encoding="utf-8") as f:   # for release-feedback
        w = csv.writer(f)
        w.writerow(["student", "file", "feedback", "lesson"])
        for sub in subs:
            w.writerow([sub.student, str(sub.path), out[str(sub.path)].name, "" if lesson is None else lesson])
    return out


#: The feedback folder's table of who gets which file (``release-feedback`` reads it).
FEEDBACK_INDEX = "index.csv"


def _points_word(points) -> str:
    return f"{points} point" + ("" if points == 1 else "s")
