"""The test suite's own time: ``make test-fast`` (goal 60 s) and ``make test`` (goal 300 s with the
install of a fresh clone; here the installed environment, so the install is not counted) on this
machine, with its load. Set ``MATHMAZE_BENCH_TESTS=fast`` to time only ``make test-fast``, ``no`` for
neither (each run of the whole suite takes minutes)."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

from benchmarks import Row

ROOT = Path(__file__).resolve().parent.parent


def load() -> str:
    return f"load average {os.getloadavg()[0]:.1f} before, {{after:.1f}} after, on {os.cpu_count()} cores"


def timed(target: str) -> tuple:
    """``(seconds, passed, note)`` of ``make TARGET`` (CI=1: the browser tests must run)."""
    before = load()
    t0, c0 = time.perf_counter(), os.times()
    done = subprocess.run(["make", "--no-print-directory", target], cwd=ROOT, env=dict(os.environ, CI="1"),
                          capture_output=True, text=True)
    seconds, c1 = time.perf_counter() - t0, os.times()
    cpu = c1.children_user + c1.children_system - c0.children_user - c0.children_system
    summary = next((line for line in reversed(done.stdout.splitlines()) if " in " in line and "passed" in line), "")
    note = f"{summary.strip('= ')}; {cpu:.0f} CPU-s; " + before.format(after=os.getloadavg()[0])
    return seconds, done.returncode == 0, note


def run() -> list:
    which = os.environ.get("MATHMAZE_BENCH_TESTS", "all")
    rows = []
    for target, goal, limit in (("test-fast", "<= 60 s", 60), ("test", "<= 300 s with the install", 300)):
        if which == "no" or (which == "fast" and target != "test-fast"):
            continue
        seconds, passed, note = timed(target)
        rows.append(Row("tests", f"make {target} ({'passed' if passed else 'FAILED'})", seconds, "s", goal,
                        passed and seconds <= limit, note))
    return rows
