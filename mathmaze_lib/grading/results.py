"""A graded class kept beside its gradebook (``grades.json`` beside ``grades.csv``), so that
``grade --manual`` can write the gradebook, the LMS file and the feedback again with the teacher's marks
without running the notebooks again.

>>> import tempfile, pathlib
>>> from mathmaze_lib.grading import Submission, Feedback
>>> path = pathlib.Path(tempfile.mkdtemp()) / "grades.json"
>>> ada = Submission(pathlib.Path("class/ada/01.ipynb"), student="ada", named_by="folder", root=pathlib.Path("class"),
...                  lesson=1, verdicts={"q1": Feedback("correct", "Correct", 3, 3)})
>>> save([ada], 1, path, True)
>>> subs, lesson, isolated, notes = load(path)
>>> subs[0].student, subs[0].named_by, subs[0].root, subs[0].verdicts["q1"].points(), lesson, isolated
('ada', 'folder', PosixPath('class'), 1, 1, True)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

__all__ = ["save", "load", "beside"]

VERSION = 1


def beside(gradebook) -> Path:
    """Where a gradebook's results are kept: ``grades.csv`` -> ``grades.json``."""
    return Path(gradebook).with_suffix(".json")


def save(subs, lesson, path, isolated: bool, notes: Optional[dict] = None) -> None:
    """Keep every submission's verdicts, notes and reason, its name and what named it (and the folder it was
    found in, for the roster's File column), and the teacher's own ``notes`` (``{file: [note]}``:
    the similarity report's), written whole (a temporary file, then renamed)."""
    data = {"version": VERSION, "lesson": lesson, "isolated": isolated, "teacher_notes": notes or {}, "submissions": [
        {"path": str(s.path), "student": s.student, "named_by": s.named_by,
         "root": None if s.root is None else str(s.root), "lesson": s.lesson, "reason": s.reason,
         "notes": list(s.notes), "partial": s.partial, "student_id": s.student_id, "seconds": round(s.seconds, 2),
         "verdicts": {a: {"status": v.status, "text": v.text, "right": v.right, "total": v.total,
                          "borrowed": list(v.borrowed)} for a, v in s.verdicts.items()}} for s in subs]}
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)


def load(path) -> tuple:
    """``(submissions, lesson, isolated, teacher's notes)`` as :func:`save` kept them; ValueError names the file."""
    from .gradebook import Submission
    from ..exercises.feedback import Feedback

    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        subs = [Submission(Path(s["path"]), student=s["student"], named_by=s.get("named_by", ""),
                           root=Path(s["root"]) if s.get("root") else None, lesson=s["lesson"],
                           verdicts={a: Feedback(v["status"], v["text"], v["right"], v["total"], tuple(v["borrowed"]))
                                     for a, v in s["verdicts"].items()},
                           reason=s["reason"], notes=list(s["notes"]), seconds=s.get("seconds", 0.0),
                           student_id=s.get("student_id", ""), partial=s.get("partial", False))
                for s in data["submissions"]]
        return subs, data["lesson"], bool(data.get("isolated")), dict(data.get("teacher_notes") or {})
    except FileNotFoundError:
        raise ValueError(f"{path}: no graded class here: run grade on the submissions first (it keeps the results "
                         f"beside the gradebook)") from None
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise ValueError(f"{path}: cannot read the graded class ({type(err).__name__}: {err})") from None
