"""Teacher kit: printing worksheets with keys, and grading a class of lesson-2 notebooks."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

import nbformat

from benchmarks import Row
from mathmaze_lib import grading
from mathmaze_lib.teacher import worksheet
from mathmaze_lib.teacher.release import BEGIN, END

ROOT = Path(__file__).resolve().parent.parent
CLASS_SIZE = 30


def filled(name: str, right: bool):
    """The student notebook, with the solution notebook's code in every exercise cell when ``right``."""
    student = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)
    if right:
        solution = nbformat.read(ROOT / "notebooks" / "solutions" / f"{name}.ipynb", as_version=4)
        for mine, theirs in zip(student.cells, solution.cells):
            if BEGIN in theirs.source:
                mine.source = "\n".join(x for x in theirs.source.splitlines() if x.strip() not in (BEGIN, END))
    return student


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (a sandboxed worker's own time is not
    among them: the sandbox's PID namespace keeps it, so each worker reports it)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def load() -> str:
    return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"


def run():
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        # wall levels 4-12 have no stored goal: each gets the exact search (a few seconds of CPU each)
        goals = {"summaze": 5, "jump": 5, "walls": 60, "ice": 5}
        for kind in worksheet.KINDS:
            t0, c0 = time.perf_counter(), cpu_seconds()
            made = worksheet.write(kind, "1-12", tmp / f"{kind}.pdf", key=tmp / f"{kind}-key.pdf")
            seconds, cpu = time.perf_counter() - t0, cpu_seconds() - c0
            rows.append(Row("teacher", f"worksheet {kind}: 12 puzzles + key, {made['pages']} + {made['key_pages']} pages",
                            seconds, "s", f"< {goals[kind]} s", seconds < goals[kind],
                            f"{cpu:.1f} s of CPU; {load()}"))
        folder = tmp / "class"
        folder.mkdir()
        for i in range(CLASS_SIZE):  # two in three right, the others untouched
            nbformat.write(filled("02_jumping_mazes", right=i % 3 != 2), folder / f"student{i:02d}.ipynb")
        why = grading.sandbox.why_not()
        sandboxed = why is None           # where there is none, measured without it (and the row says so)
        where = "in the sandbox" if sandboxed else f"WITHOUT a sandbox ({why})"
        t0, c0, before = time.perf_counter(), cpu_seconds(), load()
        subs, lesson = grading.grade_class(sorted(folder.glob("*.ipynb")), jobs=2, use_sandbox=sandboxed)
        seconds = time.perf_counter() - t0
        cpu = cpu_seconds() - c0 + (sum(s.cpu for s in subs) if sandboxed else 0)   # + what sandboxed workers used
        graded = [s for s in subs if not s.reason]
        right = sum(1 for s in graded if s.total == len(s.verdicts))
        rows.append(Row("teacher", f"grade {CLASS_SIZE} lesson-2 notebooks, --jobs 2, {where}", seconds, "s",
                        "< 180 s", seconds < 180 and sandboxed, f"{len(graded)} graded, {right} with full marks "
                        f"(expected 20); {cpu:.0f} s of CPU in all ({cpu / CLASS_SIZE:.1f} s per notebook); "
                        f"{before} at the start, {load()} at the end"))
        per = sorted(s.seconds for s in graded)
        rows.append(Row("teacher", "one lesson-2 notebook (worker start, run, checks), median", per[len(per) // 2],
                        "s", note=f"slowest {per[-1]:.1f} s; 2 notebooks share the 2 cores"))
        rows += startup_rows()
    return rows


def startup_rows(n: int = 8) -> list:
    """A worker's start-up (to its first answer) in the sandbox and without it: the sandbox's cost."""
    import asyncio
    import shutil
    import statistics

    from mathmaze_lib.grading.runner import Settings, WorkerClient

    cache = grading._font_cache()

    async def starts(sandboxed: bool) -> list:
        out = []
        for _ in range(n):
            worker = await WorkerClient(Settings(lesson=2, sandbox=sandboxed, shared=cache)).start()
            out.append(worker.started_in)
            await worker.stop()
        return out

    try:
        plain = asyncio.run(starts(False))
        boxed = asyncio.run(starts(True)) if grading.sandbox.available() else []
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    rows = [Row("teacher", "a worker's start-up without the sandbox (python, IPython, lesson 2), median",
                statistics.median(plain), "s", note=f"{n} starts, one at a time; {load()}")]
    if boxed:
        extra = statistics.median(boxed) - statistics.median(plain)
        rows.append(Row("teacher", "the same in the bubblewrap sandbox (its start-up per submission), median",
                        statistics.median(boxed), "s", note=f"the sandbox adds {extra * 1000:+.0f} ms; {load()}"))
    return rows
