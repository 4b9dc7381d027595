"""Grade a class: each submission runs in a sandboxed worker, and the judge stays outside it.

For each submission :func:`grade_class`

1. reads the file (too big, not UTF-8, not JSON, not a notebook, no lesson: a row with the reason)
   and reads its source (:mod:`.source`): code that reaches into the checks or the grader gets no
   marks, a function that names a helper its exercise forbids gets "write it yourself";
2. runs its code cells in order in a fresh :mod:`.worker` process, inside a bubblewrap sandbox
   where there is one (:mod:`.sandbox`: no network, a read-only view of the Python installation,
   a private temporary folder, no fork, limits on memory, time and output). A cell that raises is
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
from .gradebook import (LESSON_FILES, LMS_COLUMNS, Roster, Submission, Feedback, columns, graded_exercises,
                        lesson_of_sources, read_notebook, read_roster, student_name, write_csv, write_feedback,
                        write_lms)

__all__ = ["Feedback", "Submission", "graded_exercises", "lesson_of_sources", "student_name", "grade_class",
           "isolation", "write_csv", "write_feedback", "read_roster", "write_lms", "Roster", "columns",
           "LESSON_FILES", "LMS_COLUMNS", "HIDDEN_SEED", "NOT_ISOLATED"]

HIDDEN_SEED = 20261123
#: What ``grade`` says on every run where submissions cannot be isolated.
NOT_ISOLATED = ("warning: submissions are NOT isolated: {why}. Each notebook still runs in its own process and "
                "is judged outside it, but it can read and change your files and use the network. "
                "Grade untrusted work on Linux with bubblewrap (--require-sandbox makes this an error).")


def isolation(use: Optional[bool] = None) -> tuple:
    """``(sandboxed, why not)``: whether submissions will run in the sandbox (``use``: True requires
    it, False turns it off, None uses it where it works)."""
    if use is False:
        return False, "the sandbox was turned off"
    why = sandbox.why_not()
    if why is not None and use:
        raise ValueError(f"--require-sandbox: {why}")
    return why is None, why


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


async def _grade_all(paths, lesson, jobs, settings, max_bytes, root, partial, progress) -> tuple:
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
            sub.student = student_name(sub.path, root=root)
            continue
        sub.student = student_name(sub.path, nb.metadata, root=root)
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
                partial: bool = False, use_sandbox: Optional[bool] = None, root=None, hide=(),
                max_output_mb: float = 2) -> tuple:
    """Grade every submission; returns ``(submissions, lesson)``.

    ``lesson`` defaults to the lesson most submissions are; ``progress(submission)`` is called as
    each one is done. ``use_sandbox``: True requires the sandbox (ValueError where there is none),
    False runs workers without it, None uses it where it works (see :func:`isolation`). ``root`` is the
    folder the submissions were found in (for students' folder names); ``hide`` lists more paths a
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
    cache = _font_cache()
    settings = Settings(lesson=lesson or 0, cell_timeout=cell_timeout, notebook_timeout=notebook_timeout,
                        exercise_timeout=exercise_timeout, memory_mb=memory_mb,
                        max_output=int(max_output_mb * 2 ** 20), seed=seed, sandbox=sandboxed, hidden=hidden,
                        shared=cache)
    quiet = _ExitStatusNoise()
    logging.getLogger("asyncio").addFilter(quiet)
    try:
        return asyncio.run(_grade_all(paths, lesson, jobs, settings, int(max_mb * 1e6), root, partial, progress))
    finally:
        logging.getLogger("asyncio").removeFilter(quiet)
        shutil.rmtree(cache, ignore_errors=True)


class _ExitStatusNoise(logging.Filter):
    """asyncio's child watcher says "Unknown child process" when a killed worker's exit status was
    read elsewhere first (a race inside asyncio's subprocess support); the grader never uses a
    worker's exit status, so the line would only confuse a teacher."""

    def filter(self, record) -> bool:
        return "Unknown child process pid" not in record.getMessage()
