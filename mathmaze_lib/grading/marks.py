"""Points: the weight of each exercise (a small file a teacher edits) and the marks a teacher gives to
written answers (a CSV the grader writes and the teacher fills in).

**Weights.** ``mathmaze_lib/data/weights.ini`` (:data:`WEIGHTS`) gives every exercise of every lesson its
points; ``grade --weights FILE`` reads another file of the same form (``python -m mathmaze_lib weights``
prints the default to copy). A checked exercise earns its points when right (with ``--partial`` its
share of cases right, times its points); a written answer earns what the teacher gives it.

**Written answers.** :func:`write_written` lists each submission's answer to each question to think about
(``q6`` ...), one row each: ``file, student, question, answer, points, out_of, comment``. The teacher fills
in ``points`` (from 0 to ``out_of``) and ``comment``, and may add a row with the question ``all`` for a
comment on the whole notebook; :func:`read_manual` reads it back, and every row's problem names its line.

>>> w = read_weights(text="[lesson 1]\\nq1 = 2\\nq6 = 0.5  # written\\n")
>>> w.points(1)["q1"], w.points(1)["q2"], w.points(1)["q6"]
(2, 1, 0.5)
>>> read_weights(text="[lesson 1]\\nq9 = 1\\n")
Traceback (most recent call last):
...
ValueError: weights, line 2: lesson 1 has no exercise q9 (its exercises: q1, q2, q3, q4a, q4, q5, q6, c1)
"""

from __future__ import annotations

import configparser
import csv
import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

__all__ = ["WEIGHTS", "Weights", "read_weights", "graded_exercises", "written_questions", "lesson_items", "Manual",
           "read_manual", "write_written", "Marks", "MANUAL_COLUMNS"]

WEIGHTS = Path(__file__).resolve().parent.parent / "data" / "weights.ini"
#: The columns of the written answers' file.
MANUAL_COLUMNS = ("file", "student", "question", "answer", "points", "out_of", "comment")


def _lesson_module(lesson: int):
    """The exercises' module of lesson ``lesson``; ValueError if there is none."""
    import importlib

    try:
        return importlib.import_module(f"mathmaze_lib.exercises.lesson{int(lesson)}")
    except ImportError:
        raise ValueError(f"lesson {lesson}: there is no mathmaze_lib.exercises.lesson{lesson}") from None


def graded_exercises(lesson: int) -> list:
    """``[(attribute, exercise), ...]`` of every checked item of a lesson, in the lesson module's ``__all__``
    order: the functions, the put-in-order steps and the checked challenges (questions to think about are
    not graded). The tests find a lesson's exercises the same way (:func:`~mathmaze_lib.exercises.checked`).

    >>> [(q, ex.name) for q, ex in graded_exercises(1)][2:5]
    [('q3', 'is_solution'), ('q4a', 'routes_order'), ('q4', 'count_paths')]
    >>> graded_exercises(3)[-1][0]
    'c1'
    """
    from ..exercises import checked

    return checked(_lesson_module(lesson))


def written_questions(lesson: int) -> list:
    """``[(attr, exercise)]`` of a lesson's questions to think about, marked by hand, in the order of the
    lesson module's ``__all__``; ``[]`` for a lesson without exercises.

    >>> [attr for attr, _ in written_questions(3)]
    ['q7']
    """
    from ..exercises import written

    try:
        return written(_lesson_module(lesson))
    except ValueError:
        return []


def lesson_items(lesson: int) -> list:
    """The attributes of every item of a lesson that earns points, checked and written, in the order of
    the lesson module's ``__all__`` (the notebook's order: ``q4a`` before ``q4``, the challenge last).

    >>> lesson_items(1)
    ['q1', 'q2', 'q3', 'q4a', 'q4', 'q5', 'q6', 'c1']
    """
    counted = {a for a, _ in graded_exercises(lesson)} | {a for a, _ in written_questions(lesson)}
    return [a for a in _lesson_module(lesson).__all__ if a in counted]


def _number(value: float):
    value = round(float(value), 2)
    return int(value) if value == int(value) else value


@dataclass
class Weights:
    """Points per exercise: ``table[lesson][attr]``; an exercise not in the table is worth 1."""

    table: dict
    source: str = "the default weights"

    def points(self, lesson: int) -> dict:
        """``{attr: points}`` for every checked and written exercise of the lesson."""
        given = self.table.get(lesson, {})
        return {a: given.get(a, 1) for a in lesson_items(lesson)}


def _has_exercises(lesson: int) -> bool:
    try:
        return bool(graded_exercises(lesson))
    except ValueError:
        return False


def read_weights(path=None, text: Optional[str] = None) -> Weights:
    """The weights in ``path`` (default :data:`WEIGHTS`), or in ``text``; ValueError names the line and the rule."""
    where = "weights" if text is not None else str(path or WEIGHTS)
    if text is None:
        try:
            text = Path(path or WEIGHTS).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise ValueError(f"{where}: cannot read the weights ({err})") from None
    lines = text.splitlines()
    parser = configparser.ConfigParser(inline_comment_prefixes=("#", ";"), delimiters=("=",))
    try:
        parser.read_string(text)
    except configparser.Error as err:
        line = getattr(err, "lineno", None)
        raise ValueError(f"{where}{f', line {line}' if line else ''}: not a weights file ({err.message.splitlines()[0]}): "
                         f"write [lesson N] and then lines like q1 = 2") from None

    def line_of(pattern: str) -> int:
        return next((n for n, line in enumerate(lines, 1) if re.match(pattern, line.strip())), 0)

    table = {}
    for section in parser.sections():
        match = re.fullmatch(r"lesson\s*(\d+)", section.strip(), re.I)
        if not match or not _has_exercises(int(match.group(1))):
            raise ValueError(f"{where}, line {line_of(re.escape('[' + section))}: [{section}] is not a lesson with "
                             f"exercises (write [lesson 1], [lesson 2] or [lesson 3])")
        lesson = int(match.group(1))
        known = lesson_items(lesson)
        table[lesson] = {}
        for key, value in parser.items(section):
            line = line_of(rf"{re.escape(key)}\s*=")
            if key not in known:
                raise ValueError(f"{where}, line {line}: lesson {lesson} has no exercise {key} (its exercises: "
                                 f"{', '.join(known)})")
            try:
                points = float(value)
            except ValueError:
                points = -1
            if not 0 <= points <= 1000:
                raise ValueError(f"{where}, line {line}: {key} = {value!r}: points must be a number from 0 to 1000")
            table[lesson][key] = _number(points)
    return Weights(table, where)


# ------------------------------------------------------------------------------ written answers

@dataclass
class Manual:
    """The teacher's marks: ``points[(file, attr)]`` (None: not marked yet) and ``comments[(file, attr)]``
    (``attr`` ``all`` for the whole notebook)."""

    points: dict = field(default_factory=dict)
    comments: dict = field(default_factory=dict)
    source: str = ""


def write_written(rows, path, keep: Optional[Manual] = None) -> int:
    """Write the written answers' file: ``rows`` are ``(file, student, attr, answer, out_of)``; marks and
    comments already in ``keep`` (the teacher's, from an earlier run) are kept. Returns the rows written."""
    keep = keep or Manual()
    buffer = io.StringIO()
    w = csv.writer(buffer)
    w.writerow(MANUAL_COLUMNS)
    count = 0
    for file, student, attr, answer, out_of in rows:
        points = keep.points.get((file, attr))
        w.writerow([file, student, attr, answer, "" if points is None else _number(points), _number(out_of),
                    keep.comments.get((file, attr), "")])
        count += 1
    for (file, attr), comment in sorted(keep.comments.items()):
        if attr == "all":
            w.writerow([file, "", "all", "", "", "", comment])
    Path(path).write_text(buffer.getvalue(), encoding="utf-8")
    return count


def read_manual(path, out_of: Optional[dict] = None) -> Manual:
    """The marks and comments in a written answers' file; ``out_of`` (``{attr: points}``) bounds the marks.
    ValueError names the file, the line and the rule."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as err:
        raise ValueError(f"{path}: cannot read the marks ({err})") from None
    reader = csv.DictReader(io.StringIO(text))
    missing = [c for c in ("file", "question", "points", "comment") if c not in (reader.fieldnames or [])]
    if missing:
        raise ValueError(f"{path}: not a written answers' file: no column {', '.join(missing)} (grade writes it "
                         f"beside the gradebook, with the columns {', '.join(MANUAL_COLUMNS)})")
    manual = Manual(source=str(path))
    for row in reader:
        line = reader.line_num
        file, attr = (row.get("file") or "").strip(), (row.get("question") or "").strip()
        raw = (row.get("points") or "").strip()
        if not file:
            continue
        comment = (row.get("comment") or "").strip()
        if comment:
            manual.comments[(file, attr)] = comment
        if not raw:
            continue
        if attr == "all":
            raise ValueError(f"{path}, line {line}: the row 'all' takes a comment, not points")
        limit = (out_of or {}).get(attr, row.get("out_of"))
        try:
            points, limit = float(raw.replace(",", ".")), float(limit) if limit not in (None, "") else None
        except ValueError:
            raise ValueError(f"{path}, line {line}: points {raw!r} for {attr}: give a number such as 1 or 0.5") from None
        if points < 0 or (limit is not None and points > limit):
            raise ValueError(f"{path}, line {line}: points {raw} for {attr}: must be from 0 to {_number(limit)}")
        manual.points[(file, attr)] = _number(points)
    return manual


# ------------------------------------------------------------------------------ a submission's points

@dataclass
class Marks:
    """What a submission earns: the weights of its lesson, ``partial`` credit, and the teacher's ``manual``
    marks for written answers (keyed by the submission's file, as the gradebook's ``file`` column);
    ``notes``: more notes for the gradebook only, never the feedback (``{file: [note]}``: the similarity report's)."""

    lesson: Optional[int]
    weights: dict
    partial: bool = False
    manual: Manual = field(default_factory=Manual)
    notes: dict = field(default_factory=dict)

    @classmethod
    def of(cls, lesson: Optional[int], partial: bool = False, weights: Optional[Weights] = None,
           manual: Optional[Manual] = None) -> "Marks":
        """The marks of ``lesson`` with ``weights`` (default: the project's), ``partial`` credit and the teacher's
        ``manual`` marks."""
        table = (weights or read_weights()).points(lesson) if lesson is not None else {}
        return cls(lesson, table, partial, manual or Manual())

    @property
    def written(self) -> list:
        """The lesson's written answers (``q6`` ...), marked by the teacher."""
        return [a for a, _ in written_questions(self.lesson)] if self.lesson is not None else []

    @property
    def out_of(self):
        """The points a submission can earn: every checked item's and written answer's weight."""
        return _number(sum(self.weights.values()))

    def points(self, sub, attr: str):
        """The points ``sub`` earns for ``attr``: a number, or None for a written answer not marked yet."""
        weight = self.weights.get(attr, 1)
        if attr in self.written:
            return self.manual.points.get((str(sub.path), attr))
        verdict = sub.verdicts.get(attr)
        return _number(weight * verdict.points(self.partial)) if verdict is not None else 0

    def total(self, sub):
        """The points ``sub`` earns (0 when it could not be graded); a written answer not marked yet counts 0."""
        if sub.reason:
            return 0
        return _number(sum(p for a in self.weights if (p := self.points(sub, a)) is not None))

    def unmarked(self, sub) -> list:
        """The written answers of ``sub`` that still wait for the teacher's mark."""
        return [a for a in self.written if not sub.reason and self.weights.get(a) and self.points(sub, a) is None]

    def comment(self, sub, attr: str) -> str:
        """The teacher's comment on ``sub``'s ``attr`` (``all``: on the whole notebook), or ""."""
        return self.manual.comments.get((str(sub.path), attr), "")
