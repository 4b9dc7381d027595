"""Grade a class: run each submitted notebook in a fresh kernel, then check every exercise there.

For each submission :func:`grade_class`

1. reads the file (too big, not UTF-8, not JSON, not a notebook, no lesson: a row with the reason);
2. runs its code cells in order in a fresh ``python3`` kernel (nbclient) in a scratch folder,
   with a time limit per cell and per notebook and a memory limit for the kernel; a cell
   that raises is noted and the run goes on; a cell that never ends is interrupted;
3. runs one more cell of its own in that kernel, which evaluates every checked exercise of
   the lesson on ``globals().get(q.name)`` with the same checks **plus hidden cases** (cases
   the learner never saw, so a hard-coded answer fails) and prints each verdict as JSON
   between two random markers.  Only that cell's marked lines are read: what the
   learner's own cells printed is never trusted.

Grading runs ``jobs`` kernels at once (asyncio); one bad submission never stops the others.
:func:`write_csv` writes the gradebook and :func:`write_feedback` one text file per student.

The learner's code runs with the teacher's rights on the teacher's machine: grade
submissions you do not trust inside a container or a throwaway account.

>>> student_name("class/ada/02_jumping_mazes.ipynb"), student_name("grace_hopper-02_jumping_mazes.ipynb")
('ada', 'grace hopper')
>>> lesson_of_sources(["from mathmaze_lib.exercises import lesson2 as ex"])
2
"""

from __future__ import annotations

import asyncio
import csv
import json
import os
import re
import secrets
import shutil
import signal
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

__all__ = ["Verdict", "Submission", "graded_exercises", "lesson_of_sources", "student_name", "grade_class",
           "grade_in_kernel", "write_csv", "write_feedback", "LESSON_FILES"]

#: The lesson notebooks' file names (without .ipynb), stripped from a file name to find the student's name.
LESSON_FILES = ("00_start_here", "01_math_maze", "02_jumping_mazes", "03_wall_optimization")
_LESSON_IMPORT = re.compile(r"mathmaze_lib\.exercises\s+import\s+lesson(\d+)|mathmaze_lib\.exercises\.lesson(\d+)")
HIDDEN_SEED = 20261123


@dataclass
class Verdict:
    """What one exercise's check said: ``status`` (correct, incorrect, error, not attempted) and ``text``."""

    status: str
    text: str

    @property
    def points(self) -> int:
        return 1 if self.status == "correct" else 0


@dataclass
class Submission:
    """The grade of one file: ``verdicts`` by exercise (``q1`` ...), ``reason`` when it could not be
    graded at all, ``notes`` (cells that raised, ...), and how long it took."""

    path: Path
    student: str = ""
    lesson: Optional[int] = None
    verdicts: dict = field(default_factory=dict)
    reason: str = ""
    notes: list = field(default_factory=list)
    seconds: float = 0.0

    @property
    def total(self) -> int:
        return sum(v.points for v in self.verdicts.values())


# ------------------------------------------------------------------------------ reading

def graded_exercises(lesson: int) -> list:
    """``[(attribute, exercise), ...]`` of a lesson's checked exercises (questions to think about are not graded).

    >>> [(q, ex.name) for q, ex in graded_exercises(2)][:2]
    [('q1', 'moves_table'), ('q2', 'bfs_distances')]
    """
    import importlib

    from .exercises.core import ThoughtExercise

    try:
        module = importlib.import_module(f"mathmaze_lib.exercises.lesson{int(lesson)}")
    except ImportError:
        raise ValueError(f"lesson {lesson}: there is no mathmaze_lib.exercises.lesson{lesson}") from None
    names = sorted((n for n in dir(module) if re.fullmatch(r"q\d+", n)), key=lambda n: int(n[1:]))
    return [(n, getattr(module, n)) for n in names if not isinstance(getattr(module, n), ThoughtExercise)]


def lesson_of_sources(sources) -> Optional[int]:
    """The lesson whose exercises the code cells import (the first one found), or None."""
    for source in sources:
        match = _LESSON_IMPORT.search(source)
        if match:
            return int(match.group(1) or match.group(2))
    return None


def student_name(path, metadata: Optional[dict] = None) -> str:
    """The student's name: from the notebook's metadata (``mathmaze.student`` or the first of
    ``authors``), else the file name without the lesson's name, else the folder's name."""
    metadata = metadata or {}
    named = (metadata.get("mathmaze") or {}).get("student") if isinstance(metadata.get("mathmaze"), dict) else None
    authors = metadata.get("authors")
    if not named and isinstance(authors, list) and authors and isinstance(authors[0], dict):
        named = authors[0].get("name")
    if isinstance(named, str) and named.strip():
        return named.strip()
    path = Path(path)
    stem = path.name[:-len(".ipynb")] if path.name.endswith(".ipynb") else path.stem
    for lesson in LESSON_FILES:
        stem = stem.replace(lesson, " ")
    stem = re.sub(r"[\s_.\-]+", " ", stem).strip()
    return stem or path.parent.name or path.name


def _read(path: Path, max_bytes: int):
    """The notebook, or raise ValueError with the reason in a teacher's words."""
    import nbformat

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
    if not isinstance(data, dict) or "cells" not in data or "nbformat" not in data:
        raise ValueError("not a notebook: JSON, but without the 'cells' and 'nbformat' of a Jupyter notebook")
    try:
        nb = nbformat.reads(text, as_version=4)
        nbformat.validate(nb)
    except Exception as err:  # nbformat's errors are many kinds
        first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise ValueError(f"not a valid Jupyter notebook ({first[:200]})") from None
    return nb


def _defines(sources, name: str) -> bool:
    pattern = re.compile(rf"^\s*(def\s+{re.escape(name)}\s*\(|{re.escape(name)}\s*=|from\s.*\bimport\b.*\b{re.escape(name)}\b)",
                         re.M)
    return any(pattern.search(s) for s in sources)


# ------------------------------------------------------------------------------ in the kernel

class _Stop(Exception):
    """Nothing more can run in this kernel."""


class _OutOfTime(BaseException):
    """Raised by the alarm inside the kernel (a BaseException, so the exercise's checks do not catch it)."""


def _verdict_of(q, answer, seed: int) -> dict:
    module = getattr(answer, "__module__", None) or ""
    if callable(answer) and module.split(".")[0] == "mathmaze_lib":
        qual = getattr(answer, "__qualname__", getattr(answer, "__name__", "?"))
        return {"status": "incorrect", "hidden": False,
                "text": f"{q.name} is the library's own {module}.{qual}, not code you wrote."}
    fb = q.evaluate(answer)
    if fb.status != "correct":
        return {"status": fb.status, "text": fb.text, "hidden": False}
    hidden = q.evaluate(answer, hidden=seed)          # cases drawn from the grader's seed, never shown
    count = len(q.all_cases(hidden=seed)) if hasattr(q, "all_cases") else 0
    if hidden.status == "correct":
        also = f"on {count} hidden cases" if count else "on the hidden cases"
        return {"status": "correct", "text": f"{fb.text} It also agrees {also}.", "hidden": True}
    return {"status": hidden.status, "hidden": True,
            "text": f"{fb.text} But on the hidden cases (ones check() never showed): {hidden.text}"}


def grade_in_kernel(namespace: dict, lesson: int, marker: str, seconds: float = 20.0, seed: int = HIDDEN_SEED):
    """Yield one line per checked exercise, ``marker + JSON + marker``, judging ``namespace`` (the
    notebook's globals).  The grader runs this in the learner's kernel; each exercise gets
    ``seconds`` (an alarm) and nothing the learner's code raises stops the others."""
    def alarm(signum, frame):
        raise _OutOfTime()

    timed = hasattr(signal, "setitimer")   # not on Windows: there only the cell's time limit holds
    old = signal.signal(signal.SIGALRM, alarm) if timed else None
    try:
        for attr, q in graded_exercises(lesson):
            answer = namespace.get(q.name)
            if timed:
                signal.setitimer(signal.ITIMER_REAL, seconds)
            try:
                verdict = _verdict_of(q, answer, seed)
            except _OutOfTime:
                verdict = {"status": "error", "hidden": False,
                           "text": f"The check of {q.name} took longer than {seconds:g} s: is there a loop "
                                   f"that never ends, or a very slow search?"}
            except BaseException as exc:  # SystemExit, KeyboardInterrupt, or the check itself failing
                verdict = {"status": "error", "hidden": False,
                           "text": f"Checking {q.name} stopped with {type(exc).__name__}: {exc}"}
            finally:
                if timed:
                    signal.setitimer(signal.ITIMER_REAL, 0)
            verdict.update(q=attr, name=q.name)
            yield marker + json.dumps(verdict) + marker
    finally:
        if timed:
            signal.signal(signal.SIGALRM, old)


def _grading_cell(lesson: int, marker: str, seconds: float, seed: int) -> str:
    return (f"from mathmaze_lib.grading import grade_in_kernel as _mm_grade_in_kernel\n"
            f"for _mm_line in _mm_grade_in_kernel(globals(), {lesson}, {marker!r}, {seconds!r}, {seed!r}):\n"
            f"    print(_mm_line, flush=True)\n")


def _limits_cell(memory_mb: int) -> str:
    return ("import resource as _mm_resource\n"
            f"_mm_limit = {int(memory_mb)} * 1024 * 1024\n"
            "_mm_soft, _mm_hard = _mm_resource.getrlimit(_mm_resource.RLIMIT_AS)\n"
            "if _mm_hard == _mm_resource.RLIM_INFINITY or _mm_hard > _mm_limit:\n"
            "    _mm_resource.setrlimit(_mm_resource.RLIMIT_AS, (_mm_limit, _mm_hard))\n")


# ------------------------------------------------------------------------------ running

def _client_class():
    from nbclient import NotebookClient

    class GradingClient(NotebookClient):
        """Keeps only what grading needs: errors of the learner's cells (not their outputs, which
        may be huge) and the marked lines of the grading cell."""

        marker = ""
        marked: list = []
        ipc_path = ""

        def create_kernel_manager(self):
            km = super().create_kernel_manager()
            if self.ipc_path:  # local sockets instead of TCP ports: nothing listens on the network
                km.transport, km.ip = "ipc", self.ipc_path
            return km

        def output(self, outs, msg, display_id, cell_index):
            content = msg.get("content", {})
            if msg.get("msg_type") == "stream" and self.marker in content.get("text", ""):
                self.marked.extend(re.findall(re.escape(self.marker) + "(.*?)" + re.escape(self.marker),
                                              content["text"]))
            return None

    return GradingClient


async def _run_one(sub: Submission, nb, lesson: int, cell_timeout: float, notebook_timeout: float,
                   exercise_timeout: float, memory_mb: int, seed: int) -> None:
    import nbformat

    exercises = graded_exercises(lesson)
    sources = [c.source for c in nb.cells if c.cell_type == "code"]
    for attr, q in exercises:
        if not _defines(sources, q.name):
            sub.notes.append(f"no cell defines {q.name} ({attr}): was the exercise cell deleted?")
    marker = "MM" + secrets.token_hex(16)
    cells, where = [nbformat.v4.new_code_cell(_limits_cell(memory_mb))], ["the grader's set-up"]
    for number, c in enumerate(nb.cells, 1):
        if c.cell_type == "code" and c.source.strip():
            cells.append(nbformat.v4.new_code_cell(c.source))
            first = c.source.strip().splitlines()[0].strip()
            where.append(f"cell {number} ({first[:40]}{'...' if len(first) > 40 else ''})")
    run_nb = nbformat.v4.new_notebook(cells=cells)
    work = Path(tempfile.mkdtemp(prefix="mathmaze-grade-"))
    env = dict(os.environ, MATHMAZE_DATA_DIR=str(work / "data"), MPLBACKEND="Agg", PYTHONHASHSEED="0")
    env.pop("MATHMAZE_SOLUTIONS", None)
    marked: list = []
    try:
        await _execute(sub, run_nb, where, work, env, marker, marked, lesson, len(exercises), cell_timeout,
                       notebook_timeout, exercise_timeout, seed)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for line in marked:
        try:
            v = json.loads(line)
        except json.JSONDecodeError:
            continue
        if v.get("q") in dict(exercises) and v["q"] not in sub.verdicts:
            sub.verdicts[v["q"]] = Verdict(v["status"], v["text"])
    for attr, q in exercises:
        if attr not in sub.verdicts:
            sub.verdicts[attr] = Verdict("error", f"{q.name} could not be checked: the grader's check did not "
                                                  f"reach it (see the notes).")
    if not marked and not sub.reason:
        sub.reason = ("no exercise could be checked"
                      + (f": {sub.notes.pop()}" if sub.notes else ""))


async def _execute(sub, run_nb, where, work, env, marker, marked, lesson, n_exercises, cell_timeout,
                   notebook_timeout, exercise_timeout, seed) -> None:
    """Run the cells, then the grading cell; the grading cell's marked lines go into ``marked``."""
    import nbformat
    from nbclient.exceptions import CellTimeoutError, DeadKernelError

    client = _client_class()(run_nb, timeout=cell_timeout, kernel_name="python3", allow_errors=True,
                             interrupt_on_timeout=True, record_timing=False, startup_timeout=120,
                             error_on_timeout={"ename": "CellTimeout", "evalue": "interrupted", "traceback": []},
                             resources={"metadata": {"path": str(work)}})
    client.marker, client.marked, client.ipc_path = marker, marked, str(work / "kernel")
    deadline = time.monotonic() + notebook_timeout
    at = "the kernel's start"
    try:
        async with client.async_setup_kernel(env=env, cwd=str(work)):
            for index, cell in enumerate(run_nb.cells):
                at = where[index]
                left = deadline - time.monotonic()
                if left <= 1:
                    sub.notes.append(f"stopped after {notebook_timeout:g} s for the whole notebook "
                                     f"({where[index]} and later cells did not run)")
                    break
                client.timeout = max(1, int(min(cell_timeout, left)))
                reply = {}

                def keep(cell, cell_index, execute_reply, _store=reply):
                    _store.update(execute_reply or {})

                client.on_cell_executed = keep
                await client.async_execute_cell(cell, index)
                content = reply.get("content", {})
                if content.get("status") == "error" and index > 0:
                    if content.get("ename") == "CellTimeout":
                        sub.notes.append(f"{where[index]} did not finish within {client.timeout} s "
                                         f"and was interrupted")
                        if not await _still_answers(client):
                            sub.notes.pop()
                            sub.reason = (f"{where[index]} never finished, even after an interrupt; "
                                          f"nothing could be graded")
                            break
                    else:
                        evalue = str(content.get("evalue", "")).strip()[:160]
                        sub.notes.append(f"{where[index]} raised {content.get('ename')}"
                                         + (f": {evalue}" if evalue else ""))
            if sub.reason:
                raise _Stop()
            client.timeout = int(exercise_timeout * (n_exercises + 1) + 30)
            at = "the grader's check of the exercises"
            grading = nbformat.v4.new_code_cell(_grading_cell(lesson, marker, exercise_timeout, seed))
            run_nb.cells.append(grading)
            reply = {}
            client.on_cell_executed = lambda cell, cell_index, execute_reply: reply.update(execute_reply or {})
            await client.async_execute_cell(grading, len(run_nb.cells) - 1)
            content = reply.get("content", {})
            if content.get("status") == "error":  # e.g. the kernel's Python has no mathmaze_lib
                sub.notes.append(f"the grader's check cell raised {content.get('ename')}: "
                                 f"{str(content.get('evalue', '')).strip()[:160]}")
    except _Stop:
        pass
    except DeadKernelError:
        sub.notes.append(f"the kernel died during {at} (os._exit, a crash, or too much memory)")
    except CellTimeoutError:
        sub.notes.append("the kernel stopped answering")
    except Exception as err:  # kernel start-up and the like: this submission only
        sub.notes.append(f"the run failed: {type(err).__name__}: {str(err)[:200]}")


async def _still_answers(client) -> bool:
    import nbformat
    from nbclient.exceptions import CellTimeoutError

    probe = nbformat.v4.new_code_cell("pass")
    saved, client.timeout = client.timeout, 10
    got = {}
    client.on_cell_executed = lambda cell, cell_index, execute_reply: got.update(execute_reply or {})
    try:
        client.nb.cells.append(probe)
        await client.async_execute_cell(probe, len(client.nb.cells) - 1)
    except CellTimeoutError:
        return False
    finally:
        client.timeout = saved
        client.nb.cells.remove(probe)
    return got.get("content", {}).get("status") == "ok"


async def _grade_all(paths, lesson, jobs, cell_timeout, notebook_timeout, exercise_timeout, memory_mb,
                     max_bytes, seed, progress) -> tuple:
    subs, notebooks = [], {}
    for path in paths:
        sub = Submission(Path(path))
        subs.append(sub)
        try:
            nb = _read(sub.path, max_bytes)
        except (ValueError, OSError) as err:
            sub.reason = str(err) if isinstance(err, ValueError) else f"cannot read the file ({err.strerror})"
            sub.student = student_name(sub.path)
            continue
        sub.student = student_name(sub.path, nb.metadata)
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
        elif id(sub) in notebooks and not graded_exercises(lesson):
            sub.reason = f"lesson {lesson} has no checked exercises to grade"
            notebooks.pop(id(sub))
    gate = asyncio.Semaphore(max(1, jobs))

    async def one(sub):
        async with gate:
            start = time.monotonic()
            try:
                await _run_one(sub, notebooks[id(sub)], lesson, cell_timeout, notebook_timeout,
                               exercise_timeout, memory_mb, seed)
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


def grade_class(paths, lesson: Optional[int] = None, jobs: int = 2, cell_timeout: float = 60,
                notebook_timeout: float = 600, exercise_timeout: float = 30, memory_mb: int = 2048,
                max_mb: float = 20, seed: int = HIDDEN_SEED, progress: Optional[Callable] = None) -> tuple:
    """Grade every submission; returns ``(submissions, lesson)``.

    ``lesson`` defaults to the lesson most submissions are; ``progress(submission)`` is called
    as each one is done.
    """
    if lesson is not None:
        graded_exercises(lesson)  # names a lesson that does not exist
    for name, value in [("--jobs", jobs), ("--timeout", cell_timeout), ("--notebook-timeout", notebook_timeout)]:
        if value <= 0:
            raise ValueError(f"{name} {value}: must be more than 0")
    return asyncio.run(_grade_all([Path(p) for p in paths], lesson, jobs, cell_timeout, notebook_timeout,
                                  exercise_timeout, memory_mb, int(max_mb * 1e6), seed, progress))


# ------------------------------------------------------------------------------ writing

def columns(lesson: Optional[int]) -> list:
    """The gradebook's header row."""
    qs = [f"{attr} {q.name}" for attr, q in graded_exercises(lesson)] if lesson is not None else []
    return ["file", "student", "lesson", *qs, "total", "out_of", "notes"]


def _notes(sub: Submission) -> str:
    if sub.reason:
        return "; ".join([sub.reason] + [n for n in sub.notes if n not in sub.reason])
    missed = [f"{attr} {v.status}" for attr, v in sub.verdicts.items() if v.status != "correct"]
    return "; ".join(missed + sub.notes)


def write_csv(subs, lesson: Optional[int], path) -> None:
    """The gradebook: one row per submission, 1 or 0 per exercise (empty when not graded)."""
    exercises = graded_exercises(lesson) if lesson is not None else []
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(columns(lesson))
        for sub in subs:
            graded = not sub.reason
            marks = [(sub.verdicts[a].points if a in sub.verdicts else 0) if graded else "" for a, _ in exercises]
            w.writerow([str(sub.path), sub.student, sub.lesson if sub.lesson is not None else "", *marks,
                        sub.total if graded else 0, len(exercises), _notes(sub)])


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_") or "student"


def write_feedback(subs, lesson: Optional[int], folder) -> dict:
    """One text file per submission quoting what each check said; returns ``{file: feedback path}``."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    exercises = graded_exercises(lesson) if lesson is not None else []
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
            lines.append(f"Score: {sub.total} of {len(exercises)}")
            lines.append("Your notebook was run from the top in a fresh kernel, then each exercise was checked "
                         "with the same checks as in the lesson plus hidden cases you had not seen.")
            for attr, q in exercises:
                v = sub.verdicts.get(attr, Verdict("error", "not checked"))
                lines += ["", f"{attr} {q.name}: {v.status}"]
                lines += [f"  > {line}" for line in v.text.splitlines()]
        if sub.notes:
            lines += ["", "Notes:"] + [f"  - {n}" for n in sub.notes]
        (folder / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
        out[str(sub.path)] = folder / name
    return out
