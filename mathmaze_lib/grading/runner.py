"""Running one submission: its cells in a worker, restarts when a cell breaks it, then the exercises.

:class:`WorkerClient` starts a :mod:`.worker` (in the sandbox of :mod:`.sandbox` when there is one)
and talks to it. It reads everything the worker prints, counts it and throws it away: more than
``max_output`` bytes for one cell or one check is a flood, and the worker is killed at once (the
grader's memory does not grow with what the learner prints). A reply that does not come in time,
a dead process, or a reply that breaks the protocol ends the worker too (:class:`WorkerGone`).

:func:`grade_notebook` runs the cells in order. When a cell kills the worker, floods it or never
stops (not even after an interrupt), that cell is marked broken, a fresh worker re-runs the cells
that ran before it (skipping broken ones), and grading carries on with the next cell: one bad
cell costs only what needs it. Then each exercise is asked for, judged in the grader
(:mod:`.judge`), and asked again with the reference versions of the earlier exercises it uses
when only those are wrong.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from . import sandbox, source
from ..exercises.core import Feedback
from .gradebook import Submission
from .worker import _HEADER, frame, parse_header

__all__ = ["Settings", "WorkerClient", "WorkerGone", "grade_notebook"]

MAX_RESTARTS = 6          # fresh workers for one notebook before the grader gives up on it
_GRACE = 5.0              # seconds an interrupted cell has to stop


@dataclass
class Settings:
    """How a class is graded (the ``grade`` command's options)."""

    lesson: int
    cell_timeout: float = 60
    notebook_timeout: float = 600
    exercise_timeout: float = 30
    memory_mb: int = 2048
    max_output: int = 2 * 2 ** 20
    seed: int = 0
    sandbox: bool = True
    hidden: list = field(default_factory=list)       # paths a worker must not see (masked if inside a bound folder)
    shared: Optional[Path] = None                     # the read-only cache folder (matplotlib's fonts)
    startup_timeout: float = 120


class WorkerGone(Exception):
    """The worker cannot go on; ``kind`` is died, flood, hung, slow or protocol, ``why`` says it in words."""

    def __init__(self, kind: str, why: str):
        super().__init__(why)
        self.kind, self.why = kind, why


class WorkerClient:
    """One running worker, seen from the grader."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.proc = None
        self.printed = 0
        self.mark = 0
        self.start_text = b""
        self.flooded = asyncio.Event()
        self.n = 0
        self.work: Optional[str] = None
        self.started_in = 0.0
        self.cpu = 0.0            # CPU seconds the worker said it used

    async def start(self) -> "WorkerClient":
        """Start the worker process (in the sandbox when the settings ask for it); this client."""
        s = self.settings
        command = [sys.executable, "-m", "mathmaze_lib.grading.worker", "--lesson", str(s.lesson)]
        cpu = s.notebook_timeout + 60
        argv, fds = sandbox.worker_command(command, s.memory_mb, cpu, sandbox=s.sandbox, hidden=s.hidden,
                                           shared=s.shared)
        env, cwd = None, None
        if not s.sandbox:
            self.work = tempfile.mkdtemp(prefix="mathmaze-grade-")
            (Path(self.work) / "home").mkdir()
            env, cwd = sandbox.plain_environment(Path(self.work)), self.work
            if s.shared is not None:
                env["MPLCONFIGDIR"] = str(s.shared / "matplotlib")
        begun = time.monotonic()
        try:
            self.proc = await asyncio.create_subprocess_exec(
                *argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE, pass_fds=fds, env=env, cwd=cwd, start_new_session=True,
                preexec_fn=sandbox.limits(s.memory_mb, cpu))
        finally:
            for fd in fds:
                os.close(fd)
        self.drainer = asyncio.ensure_future(self._drain())
        try:
            ready = await self._reply("ready", s.startup_timeout)
        except (WorkerGone, _Slow) as gone:
            await self.stop()
            said = self.start_text.decode("utf-8", "replace").strip().splitlines()
            why = gone.why if isinstance(gone, WorkerGone) else f"no sign of life within {s.startup_timeout:g} s"
            raise WorkerGone("start", f"the grader's worker did not start ({why}"
                             + (f": {said[-1][:300]}" if said else "") + ")") from None
        if ready.get("op") == "failed":
            await self.stop()
            raise WorkerGone("start", f"the grader's worker did not start: {str(ready.get('why'))[:300]}")
        self.started_in = time.monotonic() - begun
        return self

    async def _drain(self) -> None:
        """Read the worker's output, count it, keep nothing (but the first bytes, for a failed start)."""
        while True:
            chunk = await self.proc.stderr.read(1 << 16)
            if not chunk:
                return
            self.printed += len(chunk)
            if len(self.start_text) < 4000:
                self.start_text += chunk[:4000 - len(self.start_text)]
            if self.printed - self.mark > self.settings.max_output and not self.flooded.is_set():
                self.flooded.set()
                self.kill()

    async def _read_frame(self) -> dict:
        import json

        try:
            size = parse_header(await self.proc.stdout.readexactly(_HEADER))
            message = json.loads(await self.proc.stdout.readexactly(size))
        except asyncio.IncompleteReadError:
            raise WorkerGone("died", "the process ended") from None
        except (ValueError, RecursionError) as err:
            raise WorkerGone("protocol", f"it wrote something that is not a reply ({str(err)[:80]})") from None
        if not isinstance(message, dict):
            raise WorkerGone("protocol", "it wrote a reply that is not an object")
        return message

    async def _reply(self, op: str, timeout: float, reading=None) -> dict:
        """The next reply, which must be ``op`` (or "failed" at the start) with the current number."""
        reading = reading or asyncio.ensure_future(self._read_frame())
        flood = asyncio.ensure_future(self.flooded.wait())
        try:
            done, _ = await asyncio.wait({reading, flood}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        finally:
            flood.cancel()
        if flood in done or self.flooded.is_set():
            _drop(reading)
            raise WorkerGone("flood", f"it printed more than {self.settings.max_output / 2 ** 20:g} MB")
        if reading not in done:
            raise _Slow(reading)
        message = reading.result()
        if message.get("op") not in (op, "failed") or message.get("n") != self.n:
            raise WorkerGone("protocol", "it wrote a reply the grader did not ask for")
        return message

    async def request(self, message: dict, op: str, timeout: float) -> dict:
        """Send a request and wait for its reply (``timeout`` seconds: WorkerGone "slow")."""
        self.n += 1
        self.mark = self.printed
        try:
            self.proc.stdin.write(frame({**message, "n": self.n}))
            await self.proc.stdin.drain()
        except (ConnectionError, OSError):
            raise WorkerGone("died", "the process ended") from None
        try:
            return await self._reply(op, timeout)
        except _Slow as slow:
            _drop(slow.reading)
            raise WorkerGone("slow", f"no answer within {timeout:g} s") from None

    async def run_cell(self, code: str, timeout: float) -> dict:
        """Run a cell; an overdue cell is interrupted (``status`` "interrupted"); WorkerGone when it cannot go on."""
        self.n += 1
        self.mark = self.printed
        try:
            self.proc.stdin.write(frame({"op": "run", "code": code, "n": self.n}))
            await self.proc.stdin.drain()
        except (ConnectionError, OSError):
            raise WorkerGone("died", "the process ended") from None
        try:
            return await self._reply("ran", timeout)
        except _Slow as slow:
            try:
                self.proc.stdin.write(frame({"op": "interrupt"}))
                await self.proc.stdin.drain()
                reply = await self._reply("ran", _GRACE, reading=slow.reading)
            except (_Slow, ConnectionError, OSError):
                _drop(slow.reading)
                raise WorkerGone("hung", "it never finished, even after an interrupt") from None
            return {**reply, "status": "interrupted"}

    def kill(self) -> None:
        """Kill the worker and everything it started (its process group)."""
        if self.proc is not None and self.proc.returncode is None:
            for kill in (lambda: os.killpg(self.proc.pid, signal.SIGKILL), self.proc.kill):
                try:
                    kill()
                except (ProcessLookupError, PermissionError, OSError):
                    pass

    async def stop(self) -> None:
        """End the worker (asked to end, then killed with everything it started); remove its folder."""
        if self.proc is not None:
            if self.proc.returncode is None and not self.flooded.is_set():
                try:           # ask it to end; its reply says the CPU time it used (for the benchmark)
                    self.n += 1
                    self.proc.stdin.write(frame({"op": "bye", "n": self.n}))
                    reply = await self._reply("bye", 2)
                    if isinstance(reply.get("cpu"), (int, float)):
                        self.cpu = float(reply["cpu"])
                    await asyncio.wait_for(self.proc.wait(), 2)
                except (ConnectionError, OSError, asyncio.TimeoutError, WorkerGone, _Slow):
                    pass
            self.kill()
            try:
                await asyncio.wait_for(self.proc.wait(), 30)
            except asyncio.TimeoutError:
                pass
            self.drainer.cancel()
            if self.proc.stdin is not None:
                self.proc.stdin.close()
        if self.work:
            shutil.rmtree(self.work, ignore_errors=True)


def _drop(task) -> None:
    """Cancel a read that is no longer wanted (or take its error, so that asyncio does not report it)."""
    if task.done():
        if not task.cancelled():
            task.exception()
    else:
        task.cancel()


class _Slow(Exception):
    def __init__(self, reading):
        super().__init__("slow")
        self.reading = reading


_WHAT = {"died": "the process ended (os._exit, a crash, killed, or out of memory)",
         "flood": "it printed more than {mb:g} MB, so it was stopped",
         "hung": "it never finished, even after an interrupt",
         "protocol": "it wrote to the grader's own channel",
         "slow": "it did not finish in time"}


def _what(gone: WorkerGone, settings: Settings) -> str:
    return _WHAT.get(gone.kind, gone.why).format(mb=settings.max_output / 2 ** 20)


@dataclass
class _Run:
    """The state of one notebook's run: its cells, which ran, which broke, the clock."""

    cells: list                 # [(where, code)]
    deadline: float
    ran: list = field(default_factory=list)          # cells that ran in the current worker (replayed on a restart)
    broken: set = field(default_factory=set)
    restarts: int = 0
    startups: list = field(default_factory=list)
    workers: list = field(default_factory=list)


async def _fresh(run: _Run, settings: Settings, sub: Submission) -> WorkerClient:
    """A new worker that has re-run the cells that ran before (a cell that breaks again is skipped)."""
    while True:
        if run.restarts > MAX_RESTARTS:
            raise WorkerGone("restarts", f"the notebook's process had to be restarted more than {MAX_RESTARTS} times")
        worker = await WorkerClient(settings).start()
        run.startups.append(worker.started_in)
        run.workers.append(worker)
        try:
            for index in list(run.ran):
                where, code = run.cells[index]
                left = run.deadline - time.monotonic()
                await worker.run_cell(code, max(1.0, min(settings.cell_timeout, left)))
            return worker
        except WorkerGone as gone:
            sub.notes.append(f"{where} broke the notebook's process when it was run again ({_what(gone, settings)}); "
                             f"it is skipped")
            run.ran.remove(index)
            run.broken.add(index)
            run.restarts += 1
            await worker.stop()


async def _restart(worker: WorkerClient, run: _Run, settings: Settings, sub: Submission) -> WorkerClient:
    await worker.stop()
    run.restarts += 1
    return await _fresh(run, settings, sub)


async def grade_notebook(sub: Submission, sources: list, plans: list, settings: Settings) -> None:
    """Run a notebook's code cells (``sources``, in order) and fill ``sub`` with a verdict per exercise
    of ``plans`` (see :mod:`.judge`) and notes."""
    cells = []
    for number, code in sources:
        first = code.strip().splitlines()[0].strip()
        cells.append((f"cell {number} ({first[:40]}{'...' if len(first) > 40 else ''})", code))
    run = _Run(cells, time.monotonic() + settings.notebook_timeout)
    trees = source.parse_cells([code for _, code in sources])
    numbers = [number for number, _ in sources]
    tampered = source.tampering([], trees=trees)
    if tampered:
        cell, line, what = tampered[0]
        why = (f"the notebook {what} (cell {numbers[cell - 1]}, line {line}), which reaches into the checks or "
               f"the grader: no marks are given. If this is a mistake, talk to your teacher.")
        for plan in plans:
            sub.verdicts[plan.attr] = Feedback("error", why)
        sub.notes.append(f"tampering: {why}")
        return
    for cell, line, what in source.dynamic_code([], trees=trees)[:3]:
        sub.notes.append(f"cell {numbers[cell - 1]}, line {line} {what}: look at it if the marks surprise you")
    worker = None
    try:
        worker = await _fresh(run, settings, sub)
        for index, (where, code) in enumerate(cells):
            left = run.deadline - time.monotonic()
            if left <= 1:
                sub.notes.append(f"stopped after {settings.notebook_timeout:g} s for the whole notebook "
                                 f"({where} and later cells did not run)")
                break
            timeout = max(1.0, min(settings.cell_timeout, left))
            try:
                reply = await worker.run_cell(code, timeout)
            except WorkerGone as gone:
                sub.notes.append(f"{where} was skipped: {_what(gone, settings)}")
                run.broken.add(index)
                worker = await _restart(worker, run, settings, sub)
                continue
            if reply.get("status") != "interrupted":     # an interrupted cell is not run again after a restart
                run.ran.append(index)
            if reply.get("status") == "interrupted":
                sub.notes.append(f"{where} did not finish within {timeout:g} s and was interrupted")
            elif reply.get("status") == "error":
                evalue = str(reply.get("evalue", "")).strip()[:160]
                sub.notes.append(f"{where} raised {str(reply.get('ename'))[:60]}" + (f": {evalue}" if evalue else ""))
        for plan in plans:
            worker = await _exercise(worker, plan, sub, run, settings)
            _static_forbidden(sub, plan, trees, numbers)
    except WorkerGone as gone:
        sub.notes.append(f"grading stopped: {gone.why}")
        if not sub.verdicts:
            sub.reason = f"nothing could be graded: {gone.why}"
    finally:
        if worker is not None:
            await worker.stop()
    for plan in plans:
        if plan.attr not in sub.verdicts:
            sub.verdicts[plan.attr] = Feedback("error", f"{plan.q.name} could not be checked (see the notes).")
    if run.startups:
        sub.startup = sum(run.startups) / len(run.startups)
    sub.cpu = sum(w.cpu for w in run.workers)


async def _exercise(worker: WorkerClient, plan, sub: Submission, run: _Run, settings: Settings) -> WorkerClient:
    """Ask the worker for one exercise, judge it here; returns the worker to go on with (a fresh one
    when this exercise's function broke the last)."""
    verdict, worker = await _ask(worker, plan, plan.request(), sub, run, settings)
    wrong = plan.wrong_uses(sub.verdicts)
    if verdict.status != "correct" and wrong and verdict.total:
        again, worker = await _ask(worker, plan, plan.request(references=True), sub, run, settings)
        verdict = plan.borrowed(verdict, again, wrong)
    sub.verdicts[plan.attr] = verdict
    return worker


async def _ask(worker, plan, request, sub, run, settings) -> tuple:
    try:
        reply = await worker.request(request, request["op"], settings.exercise_timeout)
    except WorkerGone as gone:
        if gone.kind == "slow":
            why = f"took longer than {settings.exercise_timeout:g} s: is there a loop that never ends, or a very slow search?"
        else:
            why = f"stopped the notebook's process: {_what(gone, settings)}"
        worker = await _restart(worker, run, settings, sub)
        return Feedback("error", f"The check of {plan.q.name} {why}"), worker
    return plan.verdict(reply), worker


def _static_forbidden(sub: Submission, plan, trees: list, numbers: list) -> None:
    """"Write it yourself" for a function whose source names a helper its exercise forbids (before the
    next exercises, which may use this one, are judged)."""
    if not plan.function or not plan.q.forbidden:
        return
    found = source.forbidden_use([], plan.q.name, source.forbidden_names(plan.q.forbidden), trees=trees)
    verdict = sub.verdicts.get(plan.attr)
    if found is None or (verdict is not None and verdict.status == "not attempted"):
        return
    cell, line, what = found
    sub.verdicts[plan.attr] = Feedback(
        "incorrect", f"Write it yourself: your {plan.q.name} uses {what} (cell {numbers[cell - 1]}, line {line}), "
                     f"which does the work this exercise asks for.\n  {plan.q.method}", 0, 0)
