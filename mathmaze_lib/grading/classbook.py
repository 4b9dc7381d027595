"""One gradebook for the class across lessons: a row per student, a column per lesson.

``grade`` keeps it up to date (``class-gradebook.csv`` beside the lesson's gradebook, or ``--book FILE``):
grading a lesson writes that lesson's column, and grading it again replaces that column only: the other
lessons' columns are kept as they were, and so are the rows of students who were not in this grading, with
their mark of this lesson left empty (``update`` returns them, and ``grade`` names them, so that grading one
late notebook on its own does not empty the class's column unnoticed). With a roster, the class's LMS
import is written from it too: the roster's columns, then one column per lesson.

The file starts with a ``Points Possible`` row (each lesson's points with its weights), then one row per
student: ``student``, ``id`` (the roster's login or ID once a roster matched them), one column per lesson
(the lesson's total, empty where the student has none) and ``total``.

>>> import tempfile, pathlib
>>> book = pathlib.Path(tempfile.mkdtemp()) / "class.csv"
>>> update(book, 1, 6, {"ada": (5, ""), "grace": (3, "")})
[]
>>> update(book, 2, 7, {"ada": (7, "")})
[]
>>> update(book, 1, 6, {"ada": (6, "")})                     # lesson 1 graded again: its column only
['grace']
>>> print(book.read_text().strip())
student,id,lesson 1,lesson 2,total
Points Possible,,6,7,13
ada,,6,7,13
grace,,,,0
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Optional

__all__ = ["update", "read", "write_lms", "column"]

POSSIBLE = "Points Possible"


def column(lesson: int) -> str:
    """The class gradebook's column of a lesson.

    >>> column(2)
    'lesson 2'
    """
    return f"lesson {lesson}"


def read(path) -> tuple:
    """``(points possible by lesson, rows)`` of a class gradebook: rows are ``{"student", "id", lesson: value}``;
    ``({}, [])`` when the file is not there.  ValueError names the file when it is not one."""
    path = Path(path)
    if not path.exists():
        return {}, []
    try:
        reader = csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig")))
        fields = reader.fieldnames or []
        rows = list(reader)
    except (OSError, UnicodeDecodeError, csv.Error) as err:
        raise ValueError(f"{path}: cannot read the class gradebook ({err})") from None
    if fields[:2] != ["student", "id"]:
        raise ValueError(f"{path}: not a class gradebook (its columns start with {', '.join(fields[:2]) or 'nothing'}, "
                         f"not student, id): give another --book")
    lessons = [int(m.group(1)) for f in fields if (m := re.fullmatch(r"lesson (\d+)", f))]
    possible, out = {}, []
    for row in rows:
        values = {n: row.get(column(n), "") for n in lessons}
        if row.get("student") == POSSIBLE:
            possible = {n: v for n, v in values.items() if v != ""}
        else:
            out.append({"student": row.get("student", ""), "id": row.get("id", ""), **values})
    return possible, out


def _number(text):
    try:
        value = float(text)
    except (TypeError, ValueError):
        return 0
    return int(value) if value == int(value) else round(value, 2)


def update(path, lesson: int, out_of, totals: dict) -> list:
    """Put lesson ``lesson``'s column (``totals``: ``{student: (total, id)}``, out of ``out_of``) into the class
    gradebook at ``path``, replacing that lesson's old column only; written whole (a temporary file, then renamed).
    Returns the students who had a mark of this lesson and are not in ``totals``: their mark is gone."""
    possible, rows = read(path)
    possible[lesson] = out_of
    by_name = {r["student"]: r for r in rows}
    dropped = [r["student"] for r in rows if r.get(lesson, "") != "" and r["student"] not in totals]
    for row in rows:
        row[lesson] = ""
    for student, (total, sid) in totals.items():
        row = by_name.get(student)
        if row is None:
            row = by_name[student] = {"student": student, "id": ""}
            rows.append(row)
        row[lesson] = total
        row["id"] = sid or row.get("id", "")
    lessons = sorted(possible)
    buffer = io.StringIO()
    w = csv.writer(buffer)
    w.writerow(["student", "id", *map(column, lessons), "total"])
    w.writerow([POSSIBLE, "", *(possible[n] for n in lessons), _number(sum(_number(possible[n]) for n in lessons))])
    for row in sorted(rows, key=lambda r: r["student"].lower()):
        values = [row.get(n, "") for n in lessons]
        w.writerow([row["student"], row["id"], *values, _number(sum(_number(v) for v in values if v != ""))])
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(buffer.getvalue(), encoding="utf-8")
    tmp.replace(path)
    return dropped


def write_lms(book, roster, path, assignment: str = "Math Maze lesson {n}") -> list:
    """The class's LMS import from the class gradebook: the roster's columns, then one column per lesson
    (``assignment`` with ``{n}`` for the lesson), after a Points Possible row.  A roster student gets the row
    whose ``id`` is their login or ID, else the row named by their login, ID or name. Returns the students of
    the class gradebook that no roster student matched."""
    from .gradebook import LMS_COLUMNS, _same_name

    possible, rows = read(book)
    lessons = sorted(possible)
    used = set()

    def row_of(student: dict) -> Optional[dict]:
        ids = {student.get(k, "").strip().lower() for k in ("SIS Login ID", "ID", "SIS User ID")} - {""}
        for test in (lambda r: r["id"].strip().lower() in ids, lambda r: r["student"].strip().lower() in ids,
                     lambda r: _same_name(student.get("Student", ""), r["student"])):
            found = [r for r in rows if test(r)]
            if len(found) == 1:
                return found[0]
        return None

    buffer = io.StringIO()
    w = csv.writer(buffer)
    w.writerow([*LMS_COLUMNS, *(assignment.format(n=n) for n in lessons)])
    w.writerow([f"    {POSSIBLE}", "", "", "", "", *(possible[n] for n in lessons)])
    for student in roster.students:
        row = row_of(student)
        if row is not None:
            used.add(id(row))
        w.writerow([student.get(c, "") for c in LMS_COLUMNS] + [row.get(n, "") if row else "" for n in lessons])
    Path(path).write_text(buffer.getvalue(), encoding="utf-8")
    return [r["student"] for r in rows if id(r) not in used]
