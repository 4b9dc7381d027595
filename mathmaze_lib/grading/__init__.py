"""Grade a class: each submission runs in a sandboxed worker, and the judge stays outside it.

For each submission :func:`grade_class`

1. names it by where it came from (:func:`.owner.whose`: the hub login, the file or its folder, the
   roster's File column; never the notebook's metadata), reads the file (too big, not UTF-8, not
   JSON, not a notebook, no lesson: a row with the reason) and reads its source (:mod:`.source`):
   code that reaches into the checks or the grader gets no marks, a function that names a helper
   its exercise forbids gets "write it yourself";
2. runs its code cells in order in a fresh :mod:`.worker` process, inside a bubblewrap sandbox
   (:mod:`.sandbox`: no network, a read-only view of the Python installation, a private temporary
   folder, no fork, limits on memory, time and output; where it cannot start, grading stops and says
   why, unless told ``use_sandbox=False``). A cell that raises is
   noted; a cell that never ends is interrupted; a cell that kills the worker, prints a flood or
   ignores the interrupt is skipped and a fresh worker re-runs the cells before it
   (:mod:`.runner`), so one bad cell costs only what needs it;
3. asks the worker, exercise by exercise, for the learner's answers on the cases ``check()`` shows
   and on hidden cases drawn here from the grader's seed (the worker gets the inputs as plain data,
   never the seed or the reference), and judges the plain answers here, in the grader's process,
   with the lesson's own checks (:mod:`.judge`). An exercise that is right only with the reference
   versions of the earlier exercises it uses gets its mark, and the feedback says which earlier one
   is wrong. Nothing the notebook does in its own process (patching modules, builtins, the exercise
   objects, printing, forging replies) changes a mark except by giving right answers.

Grading runs ``jobs`` workers at once (asyncio); one bad submission never stops the others.
:func:`~.gradebook.write_csv` writes the gradebook, :func:`~.gradebook.write_feedback` one text file
per student and :func:`~.gradebook.write_lms` an LMS import from a roster.
"""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Optional

from . import sandbox
from .owner import Owner, whose
from .gradebook import (LESSON_FILES, LMS_COLUMNS, Roster, Submission, Feedback, columns, graded_exercises,
                        lesson_of_sources, read_notebook, read_roster, student_name, write_csv, write_feedback,
                        write_lms)

__all__ = ["Feedback", "Submission", "graded_exercises", "lesson_of_sources", "student_name", "grade_class",
           "isolation", "write_csv", "write_feedback", "read_roster", "write_lms", "Roster", "columns",
           "LESSON_FILES", "LMS_COLUMNS", "HIDDEN_SEED", "NOT_ISOLATED", "REFUSED", "Owner", "whose", "name_submission"]

HIDDEN_SEED = 20261123
#: What ``grade --no-sandbox`` says on every run (submissions are not isolated).
NOT_ISOLATED = ("warning: submissions are NOT isolated ({why}). Each notebook still runs in its own process and "
                "is judged outside it, but it can read and change your files and use the network: grade only work "
                "you trust this way.")
#: What ``grade`` says where the sandbox cannot start (and it was not told --no-sandbox).
REFUSED = ("grade runs learners' code only inside its sandbox, and the sandbox cannot start here: {why}. "
           "(Grading without it lets every notebook read and change your files: only for work you trust, "
           "add --no-sandbox.)")


def isolation(use: bool = True) -> tuple:
    """``(sandboxed, why not)``: whether submissions will run in the sandbox. ``use`` True (the default)
    requires it: a ValueError saying why it cannot start here and what to do (:data:`REFUSED`); False
    turns it off (``--no-sandbox``)."""
    if use is False:
        return False, "--no-sandbox"
    why = sandbox.why_not()
    if why is not None:
        raise ValueError(REFUSED.format(why=why))
    return True, None


def _font_cache() -> Path:
    """A folder with matplotlib's font cache, made once here (no learner code) and shown read-only to
    every worker, so that each does not rebuild it."""
    folder = Path(tempfile.mkdtemp(prefix="mathmaze-cache-"))
    (folder / "matplotlib").mkdir()
    env = dict(os.environ, MPLCONFIGDIR=str(folder / "matplotlib"), MPLBACKEND="Agg")
    try:
        subprocess.run([sys.executable, "-c", "import matplotlib.font_manager"], env=env, timeout=300,
                       capture_output=True)
    except (OSError, subprocess.SubprocessError):
        pass
    os.chmod(folder, 0o755)
    for path in folder.rglob("*"):
        os.chmod(path, 0o755 if path.is_dir() else 0o644)
    return folder


def name_submission(sub: Submission, root=None, metadata: Optional[dict] = None, roster=None) -> Submission:
    """Give ``sub`` its student's name from where it came from (:func:`.owner.whose`), its ``root`` and,
    when the notebook's ``metadata`` names someone else, a note saying so; returns ``sub``."""
    owner = whose(sub.path, root, metadata, roster)
    sub.student, sub.named_by, sub.root = owner.name, owner.source, Path(root) if root is not None else None
    if owner.note and owner.note not in sub.notes:
        sub.notes.append(owner.note)
    return sub


def _root_of(path: Path, root):
    """The folder ``path`` was found in: ``root``, or its entry when ``root`` maps paths to folders."""
    return root.get(path) if isinstance(root, dict) else root


async def _grade_all(paths, lesson, jobs, settings, max_bytes, root, partial, progress, roster) -> tuple:
    from .judge import plan_for
    from .runner import grade_notebook

    subs, notebooks = [], {}
    for path in paths:
        sub = Submission(Path(path), partial=partial)
        subs.append(sub)
        try:
            nb = read_notebook(sub.path, max_bytes)
        except (ValueError, OSError) as err:
            sub.reason = str(err) if isinstance(err, ValueError) else f"cannot read the file ({err.strerror})"
            name_submission(sub, _root_of(sub.path, root), roster=roster)
            continue
        name_submission(sub, _root_of(sub.path, root), nb.metadata, roster)
        sub.lesson = lesson_of_sources(c.source for c in nb.cells if c.cell_type == "code")
        if sub.lesson is None:
            sub.reason = "not a Math Maze lesson notebook: no cell imports mathmaze_lib.exercises.lessonN"
            continue
        notebooks[id(sub)] = nb
    if lesson is None:
        found = [s.lesson for s in subs if id(s) in notebooks]
        lesson = max(set(found), key=found.count) if found else None
    for sub in subs:
        if id(sub) in notebooks and sub.lesson != lesson:
            sub.reason = f"this is a lesson {sub.lesson} notebook; this class is grading lesson {lesson}"
            notebooks.pop(id(sub))
    if not notebooks:
        return subs, lesson
    exercises = graded_exercises(lesson)
    plans = plan_for(exercises, settings.seed)
    if not plans:
        for sub in subs:
            if id(sub) in notebooks:
                sub.reason = f"lesson {lesson} has no checked exercises to grade"
        return subs, lesson
    settings.lesson = lesson
    settings.shared = _font_cache()       # only when there are notebooks to run
    gate = asyncio.Semaphore(max(1, jobs))

    async def one(sub):
        async with gate:
            start = time.monotonic()
            nb = notebooks[id(sub)]
            sources = [(number, c.source) for number, c in enumerate(nb.cells, 1)
                       if c.cell_type == "code" and c.source.strip()]
            for attr, q in exercises:
                if not any(_defines(code, q.name) for _, code in sources):
                    sub.notes.append(f"no cell defines {q.name} ({attr}): was the exercise cell deleted?")
            try:
                await grade_notebook(sub, sources, plans, settings)
            except Exception as err:  # never let one submission stop the others
                first = (str(err).strip().splitlines() or [""])[0][:200]
                sub.reason = sub.reason or f"grading failed: {type(err).__name__}: {first}"
            sub.seconds = time.monotonic() - start
            if progress:
                progress(sub)

    await asyncio.gather(*(one(s) for s in subs if id(s) in notebooks))
    for sub in subs:
        if sub.reason and progress and id(sub) not in notebooks:
            progress(sub)
    return subs, lesson


def _defines(code: str, name: str) -> bool:
    import re

    return re.search(rf"^\s*(def\s+{re.escape(name)}\s*\(|{re.escape(name)}\s*=|"
                     rf"from\s.*\bimport\b.*\b{re.escape(name)}\b)", code, re.M) is not None


def grade_class(paths, lesson: Optional[int] = None, jobs: int = 2, cell_timeout: float = 60,
                notebook_timeout: float = 600, exercise_timeout: float = 30, memory_mb: int = 2048,
                max_mb: float = 20, seed: int = HIDDEN_SEED, progress: Optional[Callable] = None,
                partial: bool = False, use_sandbox: bool = True, root=None, hide=(),
                max_output_mb: float = 2, roster=None) -> tuple:
    """Grade every submission; returns ``(submissions, lesson)``.

    ``lesson`` defaults to the lesson most submissions are; ``progress(submission)`` is called as
    each one is done. ``use_sandbox``: True (the default) requires the sandbox (a ValueError saying
    why it cannot start here, :func:`isolation`), False runs workers without it. ``root`` is the folder
    the submissions were found in, or ``{path: folder}`` (for students' folder names); ``roster`` a
    :class:`Roster` whose File column names files nothing else names; ``hide`` lists more paths a
    submission must not see (the gradebook, the feedback folder, the roster).
    """
    from .runner import Settings

    if lesson is not None:
        graded_exercises(lesson)  # names a lesson that does not exist
    for name, value in [("--jobs", jobs), ("--timeout", cell_timeout), ("--notebook-timeout", notebook_timeout),
                        ("--check-timeout", exercise_timeout), ("--memory", memory_mb),
                        ("--max-output", max_output_mb)]:
        if not value > 0:
            raise ValueError(f"{name} {value}: must be more than 0")
    sandboxed, _ = isolation(use_sandbox)
    paths = [Path(p) for p in paths]
    hidden = sorted({p.resolve() for p in paths} | {p.resolve().parent for p in paths}
                    | {Path(p).resolve() for p in hide})
    settings = Settings(lesson=lesson or 0, cell_timeout=cell_timeout, notebook_timeout=notebook_timeout,
                        exercise_timeout=exercise_timeout, memory_mb=memory_mb,
                        max_output=int(max_output_mb * 2 ** 20), seed=seed, sandbox=sandboxed, hidden=hidden)
    quiet = _ExitStatusNoise()
    logging.getLogger("asyncio").addFilter(quiet)
    try:
        return asyncio.run(_grade_all(paths, lesson, jobs, settings, int(max_mb * 1e6), root, partial, progress,
                                      roster))
    finally:
        logging.getLogger("asyncio").removeFilter(quiet)
        if settings.shared is not None:
            shutil.rmtree(settings.shared, ignore_errors=True)


class _ExitStatusNoise(logging.Filter):
    """asyncio's child watcher says "Unknown child process" when a killed worker's exit status was
    read elsewhere first (a race inside asyncio's subprocess support); the grader never uses a
    worker's exit status, so the line would only confuse a teacher."""

    def filter(self, record) -> bool:
        return "Unknown child process pid" not in record.getMessage()
