"""What ``grade`` writes for a term, once the notebooks are judged: the written answers to mark, the
similarity report, the lesson's gradebook, feedback and LMS file with the weights and the teacher's marks,
and the class gradebook across lessons.

Files beside the gradebook ``GRADES.csv`` (:func:`paths`): ``GRADES.json`` (the graded class, for
``grade --manual``), ``GRADES-written.csv`` (the written answers, for the teacher's marks),
``GRADES-similarity.html`` and ``class-gradebook.csv`` (with ``-lms.csv`` for a roster).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from . import classbook, given, marks as marking, results, similarity

__all__ = ["Files", "paths", "read_work", "Work", "finish"]


@dataclass
class Files:
    """Where ``grade`` writes: the gradebook and the files beside it (see the module's text)."""

    csv: Path
    feedback: Path
    results: Path
    written: Path
    similarity: Path
    book: Path
    book_lms: Path
    lms: Optional[Path] = None


def paths(gradebook, feedback, book=None, similarity_html=None, lms=None) -> Files:
    """The files of a gradebook ``GRADES.csv`` (``book``, ``similarity_html``, ``lms``: other places)."""
    gradebook = Path(gradebook)
    stem = gradebook.with_suffix("")
    book = Path(book) if book else gradebook.with_name("class-gradebook.csv")
    return Files(gradebook, Path(feedback), results.beside(gradebook), Path(f"{stem}-written.csv"),
                 Path(similarity_html) if similarity_html else Path(f"{stem}-similarity.html"), book,
                 book.with_name(book.stem + "-lms.csv"), Path(lms) if lms else Path(f"{stem}-lms.csv"))


@dataclass
class Work:
    """What the graded notebooks hold beyond their verdicts: ``answers[file][attr]`` (written answers) and
    ``code[file]`` (the learner's own code, cell by cell)."""

    answers: dict
    code: dict


def read_work(subs, lesson: int, max_bytes: int) -> Work:
    """Read each graded notebook again for its written answers and its own code (the lesson's cells left out)."""
    cells = given.cells(lesson)
    questions = [a for a, _ in marking.written_questions(lesson)]
    answers, code = {}, {}
    for sub in subs:
        if sub.reason:
            continue
        try:
            if sub.path.stat().st_size > max_bytes:
                continue
            nb = json.loads(sub.path.read_text(encoding="utf-8"))
        except (OSError, ValueError, UnicodeDecodeError, RecursionError):
            continue
        answers[str(sub.path)] = given.written_answers(nb, questions, cells)
        code[str(sub.path)] = "\n\n".join(f"# ---- cell {n}\n{source}" for n, source in given.own_code(nb, cells))
    return Work(answers, code)


def similar(subs, work: Work, lesson: int, files: Files, threshold: float) -> dict:
    """Compare the class's own code (and the worked solutions), write the HTML report; ``{file: [note]}`` for
    the gradebook's notes of every flagged submission."""
    from ..exercises.solutions import load

    named = {str(s.path): s for s in subs}
    labels = {k: f"{named[k].student} ({Path(k).parent.name}/{Path(k).name})" for k in work.code}
    reference = "\n\n".join(code for _, code in sorted(load().get(f"lesson{lesson}", {}).items()))
    pairs = similarity.compare(work.code, given.given_code(given.cells(lesson)), reference, threshold)
    similarity.report(pairs, work.code, files.similarity, f"Math Maze, lesson {lesson}: similar code", threshold,
                      reference, labels)
    notes: dict = {}
    for p in pairs:
        if not p.flagged:
            continue
        for me, other, share in ((p.a, p.b, p.share_a), (p.b, p.a, p.share_b)):
            if me == similarity.REFERENCE:
                continue
            whose = similarity.REFERENCE if other == similarity.REFERENCE else labels[other]
            notes.setdefault(me, []).append(f"similar code: {share:.0%} of this notebook's own code is also in "
                                            f"{whose} (see {files.similarity.name})")
    return notes


def written_rows(subs, work: Work, weights: dict, lesson: int) -> list:
    """``(file, student, attr, answer, out_of)`` for every graded submission and written question."""
    questions = [a for a, _ in marking.written_questions(lesson) if weights.get(a)]
    return [(str(s.path), s.student, a, work.answers.get(str(s.path), {}).get(a, ""), weights[a])
            for s in subs if not s.reason for a in questions]


def finish(subs, lesson: int, files: Files, marks, isolated: bool, roster=None, assignment: str = "") -> dict:
    """Write the gradebook, the feedback, the LMS file (with a roster: each submission matched below the folder
    it was found in, its ``root``) and the class gradebook (and its LMS file); returns what was written, for
    the command to say."""
    from .gradebook import write_csv, write_feedback, write_lms

    write_csv(subs, lesson, files.csv, partial=marks.partial, marks=marks)
    write_feedback(subs, lesson, files.feedback, isolated=isolated, marks=marks)
    said = {"left_out": [], "by_name": [], "book_unmatched": [], "dropped": []}
    if roster is not None:
        said["left_out"], said["by_name"] = write_lms(subs, roster, lesson, files.lms, assignment,
                                                      partial=marks.partial, marks=marks)
    if lesson is None:            # nothing could be graded: no lesson's column to write
        return said
    totals: dict = {}
    for sub in subs:
        if sub.reason and sub.student in totals:
            continue
        total = "" if sub.reason else marks.total(sub)
        best = totals.get(sub.student, ("", ""))[0]
        if best == "" or (total != "" and total > best):
            totals[sub.student] = (total, sub.student_id)
    said["dropped"] = classbook.update(files.book, lesson, marks.out_of, totals)
    if roster is not None:
        said["book_unmatched"] = classbook.write_lms(files.book, roster, files.book_lms)
    return said
